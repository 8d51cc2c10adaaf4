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
    first_cells = re.findall(r"^\| ([^|]*`[^|]*)\|", table, flags=re.M)
    return {name for cell in first_cells for name in re.findall(r"`([^`]+)`", cell)}


def _builtin(registry, package: str) -> set[str]:
    return {i for i in registry.ids() if registry.origin(i).startswith(f"{package}.")}


def test_reward_and_env_tables_match_registries():
    assert _table_ids("rewards") == _builtin(rewards.registry, "rewards")
    builtin_envs = {i for i in envs.available() if _entry_module(envs.spec(i).entry_point).startswith("envs.")}
    assert _table_ids("envs") == builtin_envs


def _entry_module(entry_point) -> str:
    return entry_point if isinstance(entry_point, str) else str(getattr(entry_point, "__module__", ""))
