"""A pip-installed kit runs without the clone: the console scripts pyproject.toml declares exist, run from a directory
that is not the clone, give their own names in their usage lines, and import the installed copy; a user's own module
that shadows one of the kit's packages is named in a clear error, and cannot shadow the kit under an installed
command."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHADOW = "raise SystemExit('the user module ran')\n"  # a user's rewards.py: importing it must not be silent


def _run(argv: list[str], cwd: Path, environ: dict[str, str], timeout: int = 300) -> subprocess.CompletedProcess:
    return subprocess.run(argv, cwd=cwd, env=environ, capture_output=True, text=True, timeout=timeout)


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> tuple[Path, dict[str, str]]:
    """(its bin directory, an environment that imports it) of the kit installed by pip from a copy of its source,
    as a wheel's files would lie; the clone is on no path."""
    source, target = tmp_path_factory.mktemp("source"), tmp_path_factory.mktemp("site")
    for name in ("pyproject.toml", "README.md", "LICENSE", "train.py", "rlvr_kit.py"):
        shutil.copy(ROOT / name, source / name)
    for package in ("rewards", "envs", "eval", "training"):
        shutil.copytree(ROOT / package, source / package, ignore=shutil.ignore_patterns("__pycache__"))
    done = _run([sys.executable, "-m", "pip", "install", "--no-deps", "--no-build-isolation", "--no-index", "-q",
                 "--target", str(target), str(source)], source, dict(os.environ))
    assert done.returncode == 0, done.stderr[-3000:]
    environ = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    return target / "bin", {**environ, "PYTHONPATH": str(target), "HF_HUB_OFFLINE": "1"}


@pytest.mark.slow
def test_the_installed_commands_run_from_any_directory_and_import_the_installed_copy(installed, tmp_path):
    import tomllib

    bin_dir, environ = installed
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    (tmp_path / "rewards.py").write_text(SHADOW)  # where a user keeps their own module: never imported by a command
    for name in scripts:
        done = _run([str(bin_dir / name), "--help"], tmp_path, environ)
        assert done.returncode == 0 and done.stdout.startswith(f"usage: {name} "), (name, done.stderr[-2000:])
    listed = _run([str(bin_dir / "rlvr-envs"), "list"], tmp_path, environ)
    assert listed.returncode == 0 and "products_calculator" in listed.stdout, listed.stderr[-2000:]
    where = _run([sys.executable, "-c", "import envs, train; print(envs.__file__); print(train.__file__)"],
                 bin_dir.parent, environ)  # from the install directory: no user module on the path
    assert where.returncode == 0, where.stderr[-2000:]
    assert all(Path(line).is_relative_to(bin_dir.parent) for line in where.stdout.split()), where.stdout


@pytest.mark.parametrize("user_module", ["rewards.py", "rewards/__init__.py", "envs.py"])
def test_a_user_module_that_shadows_a_kit_package_is_named_in_the_error(tmp_path, user_module):
    path = tmp_path / user_module
    path.parent.mkdir(exist_ok=True)
    path.write_text("VALUE = 1\n")
    environ = {**os.environ, "PYTHONPATH": str(ROOT)}
    name = Path(user_module).parts[0].removesuffix(".py")
    for argv in (["-c", "import eval"], ["-m", "eval", "--help"]):
        done = _run([sys.executable, *argv], tmp_path, environ, timeout=120)
        assert done.returncode != 0
        last = done.stderr.strip().splitlines()[-1]
        assert last.startswith("rlvr_kit.ShadowedPackageError: ") and str(path.resolve()) in last, done.stderr[-2000:]
        assert f"shadows rlvr-kit's package {name!r}" in last and "Rename your module" in last, last


def test_without_a_shadowing_module_the_kit_imports(tmp_path):
    (tmp_path / "my_rewards.py").write_text("VALUE = 1\n")
    done = _run([sys.executable, "-c", "import training, eval, envs; print('ok')"], tmp_path,
                {**os.environ, "PYTHONPATH": str(ROOT)}, timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr[-2000:]
