"""Checks train.py runs before the long parts: where a ``--reward module:fn`` should be importable from, and each
reward tried on a few training rows, so a reward that fails on everything stops the run in seconds, not after the
whole before-training evaluation."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from typing import Any

from transformers import TrainerState

import rewards
from rewards.protocol import call_like_trainer, first_failures

PROBE_ROWS = 4

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


def probe_rewards(reward_funcs: list[Any], rows: list[dict[str, Any]], chat: bool) -> None:
    """Call each reward as GRPOTrainer would on ``rows`` with a stand-in completion (the row's ``reference`` if it
    has one, else a boxed answer); stop when one raises or gives every row the ``error`` status.

    A score of 0 is fine here (the stand-in may be wrong); only a reward that cannot run at all is stopped.

    Raises:
        RlvrError: naming the reward and the first error.
    """
    if not rows:
        return
    texts = [str(row.get("reference") or f"The answer is \\boxed{{{row.get('answer', 0)}}}.") for row in rows]
    completions = [[{"role": "assistant", "content": t}] for t in texts] if chat else texts
    columns = {c: [row.get(c) for row in rows] for c in rows[0] if c != "prompt"}
    # What GRPOTrainer passes besides the columns, so a reward that reads them runs here as in training.
    columns.update(trainer_state=TrainerState(), log_metric=lambda name, value: None,
                   log_extra=lambda column, values: None)
    for fn in reward_funcs:
        name = getattr(fn, "__name__", repr(fn))
        try:
            scores, statuses = call_like_trainer(fn, [row["prompt"] for row in rows], completions,
                                                 [[0] for _ in rows], columns)
        except Exception as e:  # the user's own reward: any failure is the message
            raise rewards.RlvrError(f"Reward {name!r} fails on {len(rows)} training rows before training starts: "
                                    f"{type(e).__name__}: {e}. Fix the reward (it is called with completions= and "
                                    "every dataset column as keyword arguments, and returns one float per "
                                    "completion).") from e
        if len(scores) != len(rows):
            raise rewards.RlvrError(f"Reward {name!r} returned {len(scores)} scores for {len(rows)} completions; "
                                    "it must return one per completion.")
        if statuses.get("error", 0) == len(rows):
            first = first_failures(name)[:1]
            detail = f": {first[0]}" if first else ""
            raise rewards.RlvrError(f"Reward {name!r} gives status 'error' on all {len(rows)} training rows it was "
                                    f"tried on before training{detail}. Fix the reward before a long run.")
