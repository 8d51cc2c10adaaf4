"""A plugin installed through the documented entry points (a real dist-info on ``sys.path``, as pip leaves one) is
loaded by a fresh interpreter, and the suite still tests only the kit's own registrations with it installed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# The README's own reward and env, registered the way its text says a package should: through entry points.
PLUGIN = textwrap.dedent('''
    import random

    from datasets import Dataset

    from envs import EnvSpec


    def exact_answer(completions, answer, **kwargs):
        """1.0 when the completion is the gold answer (spaces around it aside)."""
        return [float(c.strip() == a) for c, a in zip(completions, answer)]


    def build_reverse(n_train: int = 800, n_eval: int = 100):
        """Reverse a number's digits: train and eval use different numbers."""
        def rows(numbers):
            answers = [n[::-1] for n in numbers]
            return Dataset.from_dict({"prompt": [f"Reverse {n}:" for n in numbers], "answer": answers,
                                      "reference": answers})
        numbers = [str(n) for n in random.Random(0).sample(range(100, 1000), 900)]
        return rows(numbers[:n_train]), rows(numbers[-n_eval:])


    reverse = EnvSpec(id="reverse", entry_point=build_reverse, rewards=("exact_answer",))
''')
ENTRY_POINTS = """\
[rlvr_kit.rewards]
exact_answer = reverse_words:exact_answer

[rlvr_kit.envs]
reverse = reverse_words:reverse
"""
PROBE = """
import json, envs, rewards
found = {"rewards": rewards.available(), "envs": envs.available()}
if "reverse" in found["envs"]:
    env = envs.make("reverse", n_eval=5)
    found["sizes"] = [len(env.train), len(env.eval)]
    found["scores"] = env.reward_funcs()[0](completions=["183", "it is 183"], answer=["183", "183"])
print(json.dumps(found))
"""


@pytest.fixture
def installed(tmp_path) -> dict[str, str]:
    """The environment of an interpreter that has the plugin installed (on its path) and plugins switched on."""
    (tmp_path / "reverse_words.py").write_text(PLUGIN)
    dist = tmp_path / "reverse_words-0.1.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: reverse-words\nVersion: 0.1\n")
    (dist / "entry_points.txt").write_text(ENTRY_POINTS)
    environ = {k: v for k, v in os.environ.items() if k != "RLVR_KIT_DISABLE_PLUGINS"}
    return {**environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(ROOT)])}


def _probe(environ: dict[str, str]) -> dict:
    done = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, env=environ, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_an_installed_plugin_registers_its_reward_and_env_unless_plugins_are_disabled(installed):
    found = _probe(installed)
    assert "exact_answer" in found["rewards"] and "reverse" in found["envs"]
    assert found["sizes"] == [800, 5] and found["scores"] == [1.0, 0.0]
    off = _probe({**installed, "RLVR_KIT_DISABLE_PLUGINS": "1"})
    assert "exact_answer" not in off["rewards"] and "reverse" not in off["envs"]
    assert {"math_exact", "code_tests"} <= set(off["rewards"]) and "arithmetic" in off["envs"]


def test_the_suites_own_registration_tests_pass_with_the_plugin_installed(installed, tmp_path):
    # The last two failed with this plugin installed; the first reads the registries in-process, as the whole suite
    # does before the README's snippet registers its own `exact_answer` and `reverse`.
    own = ["tests/test_readme.py::test_reward_and_env_tables_match_registries",
           "tests/envs/test_check_env.py::test_offline_ids_cover_every_registered_env_that_needs_no_download",
           "tests/test_readme.py::test_custom_reward_snippet_runs_verbatim"]
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "--basetemp", str(tmp_path / "nested"), *own],
                          cwd=ROOT, env=installed, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0 and "3 passed" in done.stdout, done.stdout[-3000:]
