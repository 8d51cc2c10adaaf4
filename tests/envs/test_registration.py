"""The env registry: make by id, kwargs overrides, helpful errors."""

import re

import pytest
from datasets import Dataset

import envs
import rewards


def test_make_returns_datasets_template_and_rewards():
    env = envs.make("arithmetic", n_train=20, n_eval=5)
    assert isinstance(env.train, Dataset) and isinstance(env.eval, Dataset)
    assert len(env.train) == 20 and len(env.eval) == 5
    assert env.rewards == ("math_exact",)
    assert env.prompt_template == "{question}="
    rewards.check_columns(env.reward_funcs(), env.train.column_names)


def test_unknown_env_lists_close_matches():
    # The closest id comes first; other tests may register close ids of their own (tests/eval's short_arithmetic).
    with pytest.raises(ValueError, match=re.escape("Unknown env 'arithmetc'. Did you mean 'arithmetic'")):
        envs.make("arithmetc")


def test_bad_kwargs_name_env_and_kwargs():
    with pytest.raises(rewards.RlvrError, match=r"Cannot make env 'arithmetic' with kwargs .*'colour'"):
        envs.make("arithmetic", colour="red")


def test_unknown_kwarg_suggests_the_option_and_lists_all():
    with pytest.raises(rewards.OptionError, match=r"no option 'n_trian'. Did you mean 'n_train'\? Options: digits=2"):
        envs.make("arithmetic", n_trian=5)


def test_builder_value_errors_name_the_env_and_its_options():
    with pytest.raises(rewards.OptionError, match=r"Cannot make env 'countdown' .*need count >= 2.* Options: count=3"):
        envs.make("countdown", count=1)


def test_weights_must_match_rewards():
    with pytest.raises(rewards.RegistrationError, match=r"1 rewards .* 2 reward_weights"):
        envs.EnvSpec("x", "envs.arithmetic:build", rewards=("math_exact",), reward_weights=(1.0, 0.5))


def test_register_a_user_env_by_builder():
    def build(n=3, **kw):
        ds = Dataset.from_dict({"prompt": [f"{i}+{i}=" for i in range(n)], "answer": [str(2 * i) for i in range(n)]})
        return ds, ds

    envs.register("test_doubles", build, rewards=("math_exact",))
    env = envs.make("test_doubles", n=4)
    assert env.train["answer"] == ["0", "2", "4", "6"]
    assert env.fingerprint() != envs.make("test_doubles", n=5).fingerprint()
