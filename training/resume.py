"""Resuming a training run: which checkpoint, whether it belongs to this run, and the run's saved "before" evaluation.

A run records its identity (env with its version and kwargs, rewards with their weights, model) in every
``checkpoint-N/run.json``; a resume whose identity differs is refused, naming the fields
that differ, because continuing another run's optimizer state on a new task or reward mixes two experiments in one
result. The before-training evaluation is saved as ``OUTPUT_DIR/before.json`` when first computed and reused on
resume, so ``results.json`` compares the same "before" with the final model.

Limits: the model is identified by its path or hub id, not by its weights (a directory rewritten in place between
the runs is not noticed); training settings (learning rate, batch size) may change on resume, as Trainer allows.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

from transformers import TrainerCallback
from transformers.trainer_utils import PREFIX_CHECKPOINT_DIR

from eval.report import CURVE_FILE, MODEL_DIR, RESULTS_FILE
from rewards.errors import RlvrError
from training.console import LOG_FILE
from training.rank_log import LOG_NAME

logger = logging.getLogger(__name__)

IDENTITY_FILE = "run.json"
BEFORE_FILE = "before.json"
TRUE, FALSE = {"true", "yes", "1", "last", "latest"}, {"false", "no", "0", "none", ""}


class ResumeError(RlvrError):
    """A checkpoint that cannot be resumed: missing, not a checkpoint, or from a different run."""


def run_identity(env: dict[str, Any], rewards: list[str], reward_weights: list[float] | None,
                 model: str) -> dict[str, Any]:
    """What a resumed run must share with the run that wrote the checkpoint.

    Args:
        env: the env's ``describe()`` (id, version, kwargs, rewards, split sizes).
        rewards: the reward ids trained on, in order.
        reward_weights: their weights (``None``: all 1).
        model: the model path or hub id (``"embedded"`` for the embedded policy).

    >>> run_identity({"id": "arithmetic"}, ["math_exact"], None, "embedded")["reward_weights"]
    [1.0]
    """
    weights = [float(w) for w in reward_weights] if reward_weights is not None else [1.0] * len(rewards)
    return json.loads(json.dumps({"env": env, "rewards": list(rewards), "reward_weights": weights, "model": model},
                                 default=str))  # the JSON form, so a saved identity compares equal to a fresh one


def resolve_checkpoint(value: str | bool | None, output_dir: str | Path) -> str | None:
    """The checkpoint directory ``--resume_from_checkpoint`` names: ``None`` for a fresh run, the newest
    ``checkpoint-N`` of ``output_dir`` for ``true``, else the given path, checked to be a Trainer checkpoint.

    Raises:
        ResumeError: no checkpoint in ``output_dir`` for ``true``, or a path that is not a checkpoint.

    >>> resolve_checkpoint("false", "outputs/run") is None
    True
    """
    out = Path(output_dir)
    if value is None or value is False or (isinstance(value, str) and value.strip().lower() in FALSE):
        return None
    if value is True or value.strip().lower() in TRUE:
        newest = newest_checkpoint(out)
        if newest is None:
            raise ResumeError(f"--resume_from_checkpoint true: no {PREFIX_CHECKPOINT_DIR}-N folder in --output_dir "
                              f"{out}. Pass the --output_dir of the run to resume, or a checkpoint path; a run saves "
                              "checkpoints with --save_strategy steps --save_steps N.")
        return newest
    path = Path(value)
    if not (path / "trainer_state.json").is_file():
        found = sorted(p.name for p in path.glob(f"{PREFIX_CHECKPOINT_DIR}-*")) if path.is_dir() else []
        hint = f" It holds {found}: pass one of them, or `true` for the newest." if found else ""
        raise ResumeError(f"--resume_from_checkpoint {value}: not a checkpoint (no trainer_state.json there).{hint} "
                          f"Pass a {PREFIX_CHECKPOINT_DIR}-N folder of an earlier run, or `true` for the newest in "
                          "--output_dir.")
    return str(path)


def check_output_dir_is_free(output_dir: str | Path) -> None:
    """Refuse a fresh run in an ``output_dir`` that holds another run's files: the two would mix (a new
    ``before.json`` beside an old ``results.json``; a later ``--resume_from_checkpoint true`` picking the old run's
    newest checkpoint). A folder holding none of a run's files (empty, or the user's own) is free.

    Raises:
        RlvrError: naming what the folder holds and the ways on: another ``--output_dir``, moving the folder away,
            or resuming the run when it saved a checkpoint.
    """
    held = run_files(output_dir)
    if not held:
        return
    newest = newest_checkpoint(output_dir)
    resume = (f", or continue it with --resume_from_checkpoint true (its newest checkpoint: {Path(newest).name})"
              if newest else "; it saved no checkpoint, so it cannot be resumed")
    shown = ", ".join(held[:6]) + (f" and {len(held) - 6} more" if len(held) > 6 else "")
    raise RlvrError(f"--output_dir {output_dir} already holds a run ({shown}); a new run there would mix its files "
                    f"with that run's. Pass another --output_dir or move that folder away{resume}.")


def run_files(output_dir: str | Path) -> list[str]:
    """The names in ``output_dir`` that a train.py run writes: results, reward curve, saved model, saved "before",
    the train log, checkpoints and per-rank reward logs."""
    out = Path(output_dir)
    if not out.is_dir():
        return []
    named = [name for name in (RESULTS_FILE, BEFORE_FILE, MODEL_DIR, CURVE_FILE, LOG_FILE) if (out / name).exists()]
    globbed = sorted(p.name for pattern in (f"{PREFIX_CHECKPOINT_DIR}-*", LOG_NAME.format("*"))
                     for p in out.glob(pattern))
    return named + globbed


def newest_checkpoint(output_dir: str | Path) -> str | None:
    """The highest-numbered complete ``checkpoint-N`` in ``output_dir`` (one with its ``trainer_state.json``, which
    Trainer writes after the weights and optimizer state); one cut short by a kill while saving is skipped."""
    out = Path(output_dir)
    if not out.is_dir():
        return None
    found = sorted((int(p.name.rpartition("-")[2]), p) for p in out.glob(f"{PREFIX_CHECKPOINT_DIR}-*")
                   if p.is_dir() and p.name.rpartition("-")[2].isdigit())
    for _, path in reversed(found):
        if (path / "trainer_state.json").is_file():
            return str(path)
        logger.warning("Skipping %s: incomplete (no trainer_state.json; the run was stopped while saving it).", path)
    return None


def check_same_run(checkpoint: str | Path, identity: dict[str, Any]) -> None:
    """Refuse to resume ``checkpoint`` with a different env, rewards or model than the run that saved it.

    Raises:
        ResumeError: naming each field that differs, with the checkpoint's value and this run's.
    """
    saved_path = Path(checkpoint) / IDENTITY_FILE
    if not saved_path.is_file():
        logger.warning("Checkpoint %s has no %s (not saved by train.py): cannot check that it belongs to this run's "
                       "env, rewards and model.", checkpoint, IDENTITY_FILE)
        return
    saved = json.loads(saved_path.read_text())
    diffs = [f"{key}: checkpoint {saved.get(key)!r}, now {identity.get(key)!r}"
             for key in sorted(set(saved) | set(identity)) if saved.get(key) != identity.get(key)]
    if diffs:
        raise ResumeError(f"Cannot resume {checkpoint}: it comes from a run with a different "
                          f"{', '.join(d.split(':')[0] for d in diffs)}. " + "; ".join(diffs) +
                          ". Rerun with that run's --env/--env_kwargs/--reward/--reward_weights/--model, or start a "
                          "fresh run in a new --output_dir.")


def write_identity(directory: str | Path, identity: dict[str, Any]) -> None:
    """Write ``identity`` as ``directory/run.json``."""
    Path(directory).mkdir(parents=True, exist_ok=True)
    (Path(directory) / IDENTITY_FILE).write_text(json.dumps(identity, indent=2))


def saved_before(output_dir: str | Path, identity: dict[str, Any], eval_args: dict[str, Any]) -> dict[str, Any] | None:
    """The before-training evaluation saved in ``output_dir`` by this run (same identity and eval settings), or
    ``None`` when there is none to reuse."""
    path = Path(output_dir) / BEFORE_FILE
    if not path.is_file():
        return None
    saved = json.loads(path.read_text())
    if saved.get("identity") != identity or saved.get("eval") != _jsonable(eval_args):
        logger.info("%s was computed for another run or other eval settings: evaluating the start model again.", path)
        return None
    return saved["before"]


def save_before(output_dir: str | Path, identity: dict[str, Any], eval_args: dict[str, Any],
                before: dict[str, Any]) -> None:
    """Save the before-training evaluation, with what it was computed for, as ``output_dir/before.json``."""
    Path(output_dir).mkdir(parents=True, exist_ok=True)
    record = {"identity": identity, "eval": _jsonable(eval_args), "before": before}
    (Path(output_dir) / BEFORE_FILE).write_text(json.dumps(record, indent=2, default=str))


def _jsonable(value: Any) -> Any:
    return json.loads(json.dumps(value, default=str))


def resume_message(checkpoint: str | Path, reused_before: bool, max_steps: int | None = None) -> str:
    """The line a resumed run prints: the checkpoint and its step, and whether the saved "before" is reused."""
    state = Path(checkpoint) / "trainer_state.json"
    step = json.loads(state.read_text()).get("global_step") if state.is_file() else None
    at = "" if step is None else f" (step {step}" + (f" of {max_steps})" if max_steps and max_steps > 0 else ")")
    before = (f"reusing {BEFORE_FILE} (the start model's evaluation)" if reused_before else
              f"evaluating the start model again ({BEFORE_FILE} is missing or was computed for other settings)")
    return f"resuming from {Path(checkpoint).name}{at}, {before}"


def checkpoint_path(output_dir: str | Path, step: int) -> Path:
    """The folder the Trainer saves step ``step``'s checkpoint in."""
    return Path(output_dir) / f"{PREFIX_CHECKPOINT_DIR}-{step}"


class SaveRunIdentity(TrainerCallback):
    """Writes the run's identity into every checkpoint the Trainer saves (main process only)."""

    def __init__(self, identity: dict[str, Any]) -> None:
        self.identity = identity

    def on_save(self, args, state, control, **kwargs):
        if state.is_world_process_zero:
            write_identity(checkpoint_path(args.output_dir, state.global_step), self.identity)
        return control


def resume_hint(output_dir: str | Path) -> str:
    """How to go on after an interrupted run: the newest checkpoint in ``output_dir``, or that there is none."""
    newest = newest_checkpoint(output_dir)
    if newest is None:
        return ("No checkpoint was saved, so the run cannot resume; save checkpoints with --save_strategy steps "
                "--save_steps N.")
    return f"Newest checkpoint: {newest}; resume with --resume_from_checkpoint true (same --output_dir)."
