"""What train.py says when a ``--reward`` spec does not import: where a ``module:fn`` must be importable from.

(The rewards themselves are tried before the long parts by `envs.check_env`, on two held-out rows.)"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import rewards

# "module.sub:attr" inside a reward spec (a composed one may name several).
_TARGET = re.compile(r"([A-Za-z_][\w.]*):[A-Za-z_]\w*")


def import_hint(spec: str, cwd: Path | None = None) -> str:
    """Why the modules a ``--reward`` spec names may not import, and how to make them importable ('' if they do)."""
    cwd = cwd or Path.cwd()
    hints = []
    for module in dict.fromkeys(_TARGET.findall(spec)):
        try:
            found = importlib.util.find_spec(module) is not None
        except (ImportError, ValueError):  # a parent package that does not import
            found = False
        if found:
            continue
        local = cwd / (module.replace(".", "/") + ".py")
        package = cwd / module.split(".")[0]
        if local.is_file() or (package / "__init__.py").is_file():
            hints.append(f"{module!r} is in the current folder {str(cwd)!r}, but `python train.py` imports from its "
                         "own folder and PYTHONPATH, not the current folder: run `PYTHONPATH=. python train.py ...` "
                         "(or pip install your package)")
        else:
            hints.append(f"the module {module!r} must be importable: put its folder on PYTHONPATH "
                         "(`PYTHONPATH=/path/to/folder python train.py ...`) or install it; the current folder is not "
                         "searched")
    return "" if not hints else " Hint: " + "; ".join(hints) + "."


def check_reward_specs(specs: list[str]) -> None:
    """`rewards.check` every spec; an import failure gains `import_hint`.

    Raises:
        UnknownIdError: a spec names a reward or module that cannot be found (with the hint).
    """
    for spec in specs:
        try:
            rewards.check(spec)
        except rewards.UnknownIdError as e:
            hint = import_hint(spec) if "Cannot import module" in str(e) else ""
            if not hint:
                raise
            raise rewards.UnknownIdError(f"{e}{hint}") from e
