"""Every entry point (`train.py` and every ``__main__`` module) answers ``--help`` with its usage and exit status 0,
lists the commands it has, and each command answers ``--help`` too; each ignores the understood upstream warnings
that the tests ignore, and no others."""

from __future__ import annotations

import importlib
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("rewards", "envs", "eval", "training")  # tests/test_layers.py's
MAINS = [".".join(path.relative_to(ROOT).parent.parts) for package in PACKAGES
         for path in (ROOT / package).rglob("__main__.py")]
ENTRY_POINTS = {"python train.py": "train", **{f"python -m {name}": f"{name}.__main__" for name in MAINS}}
COMMANDS = {"python -m eval": ["compare", "filter", "rescore"], "python -m rewards.preference": ["train"],
            "python -m rewards": ["list"], "python -m envs": ["export", "list", "serve"]}


def _help(module: str, argv: list[str], capsys) -> str:
    with pytest.raises(SystemExit) as info:
        importlib.import_module(module).main(argv)
    printed = capsys.readouterr()
    assert info.value.code in (0, None), printed.err[-2000:]
    return printed.out


def test_every_entry_point_is_covered():
    assert len(ENTRY_POINTS) >= 6 and set(COMMANDS) <= set(ENTRY_POINTS)


def test_every_entry_point_is_a_console_script():
    import tomllib

    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    assert sorted(scripts.values()) == sorted(f"{module}:cli" for module in ENTRY_POINTS.values())
    assert all(name.startswith("rlvr-") for name in scripts)


@pytest.mark.parametrize("prog", sorted(ENTRY_POINTS))
def test_help_exits_0_and_lists_every_command(prog, capsys):
    shown = _help(ENTRY_POINTS[prog], ["--help"], capsys)
    assert shown.startswith(f"usage: {prog} ")
    missing = [c for c in COMMANDS.get(prog, []) if c not in shown]
    assert not missing, f"{prog} --help does not list {missing}:\n{shown}"


@pytest.mark.parametrize(("prog", "command"), [(p, c) for p, cs in COMMANDS.items() for c in cs if c != "list"])
def test_each_command_has_its_own_help(prog, command, capsys):
    shown = _help(ENTRY_POINTS[prog], [command, "--help"], capsys)
    assert shown.startswith(f"usage: {prog} {command} ")


def _scripts() -> dict[str, str]:
    """Each entry point's module -> its installed command (pyproject.toml's [project.scripts])."""
    import tomllib

    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    return {target.removesuffix(":cli"): name for name, target in scripts.items()}


@pytest.mark.parametrize("prog", sorted(ENTRY_POINTS))
def test_an_installed_command_shows_its_own_name(prog, capsys, monkeypatch):
    module = ENTRY_POINTS[prog]
    command = _scripts()[module]
    monkeypatch.setattr(sys, "argv", [f"/venv/bin/{command}", "--help"])  # as pip's console script runs it
    shown = _help(module, ["--help"], capsys)
    assert shown.startswith(f"usage: {command} ") and prog not in shown, shown  # eval's list of its commands too
    for sub in (c for c in COMMANDS.get(prog, []) if c != "list"):
        shown = _help(module, [sub, "--help"], capsys)
        assert shown.startswith(f"usage: {command} {sub} ") and prog not in shown, shown


def test_an_unknown_flag_names_the_command_typed(monkeypatch):
    import train
    from rewards.errors import RlvrError

    monkeypatch.setattr(sys, "argv", ["/venv/Scripts/rlvr-train.exe"])  # as a Windows launcher is named
    with pytest.raises(RlvrError, match=re.escape("See `rlvr-train --help` for every flag.")):
        train.parse_args(["--lerning_rate", "1e-5"])
    monkeypatch.setattr(sys, "argv", ["train.py"])
    with pytest.raises(RlvrError, match=re.escape("See `python train.py --help` for every flag.")):
        train.parse_args(["--lerning_rate", "1e-5"])


def test_the_commands_eval_runs_are_the_ones_its_help_lists():
    from eval.__main__ import COMMANDS as dispatched

    assert sorted(dispatched) == COMMANDS["python -m eval"]


def test_entry_points_ignore_the_warnings_the_tests_ignore():
    import tomllib

    from rewards.upstream import FILTERS

    pytest_filters = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]
    assert tuple(pytest_filters["filterwarnings"]) == FILTERS
    for module in ENTRY_POINTS.values():  # each entry point installs them first, in `cli` (its command and __main__)
        path = ROOT / ("train.py" if module == "train" else module.replace(".", "/") + ".py")
        source = path.read_text()
        assert source.endswith('if __name__ == "__main__":\n    cli()\n'), path
        cli_body = source.split("def cli() -> None:\n")[1].split('"""', 2)[2]
        assert cli_body.lstrip().startswith("ignore_understood_warnings()"), path


def test_the_understood_warnings_are_ignored_by_name_and_others_still_show():
    code = textwrap.dedent("""
        import warnings
        from rewards.upstream import ignore_understood_warnings
        ignore_understood_warnings()
        def warn(message, module, category=FutureWarning):
            warnings.warn_explicit(message, category, module + ".py", 1, module=module)
        warn("`is_gradient_checkpointing` is deprecated and will be removed in v6.", "transformers.modeling_utils")
        warn("`gradient_checkpointing` is deprecated and will be removed in v6.", "transformers.training_args")
        warn("You are using 'environment_factory', which is an experimental feature", "__main__", UserWarning)
        warn("`is_gradient_checkpointing` is deprecated and will be removed in v6.", "somewhere.else")
        warn("something new", "transformers.modeling_utils")
    """)
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60,
                          env={**os.environ, "PYTHONPATH": str(ROOT), "PYTHONWARNINGS": ""})
    shown = [line for line in done.stderr.splitlines() if "Warning:" in line]
    assert done.returncode == 0 and len(shown) == 2, done.stderr
    assert "somewhere.else.py:1: FutureWarning: `is_gradient" in shown[0] and "something new" in shown[1]
