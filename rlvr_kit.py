"""The kit's top-level packages, and the check that each one imports from the kit, not from a user's module that
shadows it (a ``rewards.py`` in the working directory, which Python puts first on ``sys.path``); and `prog`, the
name a command's usage and messages give it (``rlvr-eval`` when run as the installed command, else ``python -m eval``).

It imports only the standard library, so it runs before any of the packages it checks: each package's ``__init__``
calls `check_packages` before importing a package below it. Without it the user sees ``No module named
'rewards.protocol'; 'rewards' is not a package`` from deep inside the kit.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

PACKAGES = ("rewards", "envs", "eval", "training")  # bottom layer first (tests/test_layers.py)
ROOT = Path(__file__).resolve().parent
COMMAND_PREFIX = "rlvr-"  # every console script in pyproject.toml's [project.scripts] (tests/test_help.py)


class ShadowedPackageError(ImportError):
    """A module of the user's is found under the name of one of the kit's packages."""


def check_packages(importer: str) -> None:
    """Raise `ShadowedPackageError` if a package below ``importer`` (a kit package's ``__name__``) resolves to a
    module outside the kit. Finds each one's location; imports nothing."""
    for name in PACKAGES[: PACKAGES.index(importer.partition(".")[0])]:
        origin = _origin(name)
        if origin is not None and ROOT / name not in origin.parents:
            raise ShadowedPackageError(
                f"{origin} shadows rlvr-kit's package {name!r} ({ROOT / name}): Python imports the first {name!r} "
                f"on sys.path, and the directory of the script (or the current one, for python -m and python -c) "
                f"comes first. Rename your module (e.g. my_{name}.py), or run from another directory; the "
                f"installed commands (rlvr-train, rlvr-eval, ...) never import from the current directory.",
                name=name, path=str(origin))


def _origin(name: str) -> Path | None:
    """Where ``name`` is (or would be) imported from: its file, or None when it is not found or has no file."""
    module = sys.modules.get(name)
    spec = getattr(module, "__spec__", None) if module is not None else importlib.util.find_spec(name)
    origin = getattr(spec, "origin", None) or getattr(module, "__file__", None)
    return Path(origin).resolve() if origin else None


def prog(default: str, command: str = "") -> str:
    """The command line the user typed, for usage lines and messages: the installed command's own name
    (``rlvr-eval``) when ``sys.argv[0]`` is one, else ``default`` (``python -m eval``); then ``command``, if any."""
    name = Path(sys.argv[0]).name.removesuffix(".exe")  # pip's launchers on Windows are rlvr-eval.exe
    return " ".join(filter(None, (name if name.startswith(COMMAND_PREFIX) else default, command)))
