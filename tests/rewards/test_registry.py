"""The reward registry: register/get/available, lazy and entry-point targets, and its error messages."""

import pickle
import re
import sys
import textwrap

import pytest

import rewards
from rewards.registry import Registry


def test_unknown_reward_names_close_match_and_all_ids():
    with pytest.raises(ValueError, match=re.escape("Unknown reward 'math_exat'. Did you mean 'math_exact'")) as e:
        rewards.get("math_exat")
    assert isinstance(e.value, LookupError)
    for name in rewards.available():
        assert name in str(e.value)


def test_register_decorator_and_get_returns_trl_reward():
    reg_id = "test_len_reward"

    @rewards.register(reg_id)
    def short(completions, **kwargs):
        return [1.0 if len(c) < 5 else 0.0 for c in completions]

    fn = rewards.get(reg_id)
    assert fn.__name__ == reg_id
    assert reg_id in rewards.available()
    assert fn(prompts=["p", "p"], completions=["abc", "abcdefgh"], trainer_state=None) == [1.0, 0.0]


def test_duplicate_id_names_both_targets():
    registry = Registry("reward")
    registry.register("x", "mod_a:f")
    with pytest.raises(rewards.RegistrationError, match=r"'mod_b:g'.*already registered as 'mod_a:f'"):
        registry.register("x", "mod_b:g")


def test_signature_without_kwargs_is_rejected_and_quoted():
    def strict(completions, answer):
        return [0.0] * len(completions)

    with pytest.raises(rewards.RegistrationError, match=re.escape("def strict(completions, answer)")):
        rewards.register("test_strict_sig", strict)


def test_module_colon_spec_params_and_pickle(tmp_path, monkeypatch):
    (tmp_path / "my_rewards_mod.py").write_text(textwrap.dedent("""
        def contains(completions, answer, bonus=1.0, **kwargs):
            return [bonus if a in c else 0.0 for c, a in zip(completions, answer)]
    """))
    monkeypatch.syspath_prepend(str(tmp_path))
    fn = rewards.get("my_rewards_mod:contains", bonus=2.0)
    assert fn.__name__ == "contains"
    assert fn(completions=["is 7", "is 8"], answer=["7", "7"]) == [2.0, 0.0]
    assert rewards.required_columns(fn) == ("answer",)
    assert pickle.loads(pickle.dumps(fn))(completions=["7"], answer=["7"]) == [2.0]


def test_entry_point_group_registers_third_party_rewards(tmp_path, monkeypatch):
    (tmp_path / "thirdparty_rewards.py").write_text("def always_one(completions, **kw):\n"
                                                    "    return [1.0] * len(completions)\n")
    dist = tmp_path / "thirdparty_rewards-0.1.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: thirdparty-rewards\nVersion: 0.1\n")
    (dist / "entry_points.txt").write_text("[rlvr_kit.rewards]\nalways_one = thirdparty_rewards:always_one\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert "always_one" not in Registry("reward", entry_point_group="rlvr_kit.rewards").ids()  # conftest: plugins off
    monkeypatch.delenv("RLVR_KIT_DISABLE_PLUGINS")
    registry = Registry("reward", entry_point_group="rlvr_kit.rewards")
    assert "always_one" in registry.ids()
    assert registry.load("always_one")(completions=["a", "b"]) == [1.0, 1.0]


def test_bad_module_spec_is_a_clear_error():
    with pytest.raises(rewards.UnknownIdError, match="no attribute 'nope'"):
        rewards.get("math:nope")
    with pytest.raises(rewards.UnknownIdError, match="Cannot import module 'no_such_mod_xyz'"):
        rewards.get("no_such_mod_xyz:f")


def test_python_m_rewards_list_prints_registry():
    import subprocess

    out = subprocess.run([sys.executable, "-m", "rewards", "list"], capture_output=True, text=True, check=True)
    assert "math_exact" in out.stdout.split()


def test_origin_names_where_a_reward_lives():
    assert rewards.catalog.registry.origin("math_exact") == "rewards.math.exact:MathExact"
