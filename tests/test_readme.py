"""The README stays true: its commands are CI's, its snippet runs, its tables match the registries."""

import re
from pathlib import Path

import envs
import rewards

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text()


def _blocks(lang: str) -> list[str]:
    return re.findall(rf"```{lang}\n(.*?)```", README, flags=re.S)


def test_ci_installs_and_tests_exactly_as_the_readme_says():
    readme_lines = {line.strip() for block in _blocks("bash") for line in block.splitlines()}
    ci = (ROOT / ".ci" / "run").read_text().splitlines()
    steps = [line.strip() for line in ci if line.strip().startswith(("pip install", "python -m pytest"))]
    assert steps and all(step in readme_lines for step in steps), steps


def test_custom_reward_snippet_runs_verbatim():
    (snippet,) = [b for b in _blocks("python") if "@rewards.register" in b]
    exec(compile(snippet, "README.md", "exec"), {})
    assert "mentions_answer" in rewards.available()


def _table_ids(name: str) -> set[str]:
    table = README.split(f"<!-- {name}:start -->")[1].split(f"<!-- {name}:end -->")[0]
    return set(re.findall(r"^\| `([^`]+)` \|", table, flags=re.M))


def test_reward_and_env_tables_match_registries():
    builtin_rewards = {r for r in rewards.available() if not r.startswith(("test_", "mentions_answer"))}
    assert _table_ids("rewards") == builtin_rewards
    assert _table_ids("envs") == {e for e in envs.available() if not e.startswith("test_")}
