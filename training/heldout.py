"""Held-out pass@k during training: a `transformers.TrainerCallback` that evaluates a small fixed sample every N steps.

`HeldoutEval` runs `eval.mixture.evaluate_by_task` (the code of train.py's before/after evaluation, with the run's
temperature, token budget, tool turns and seed) on the first ``limit`` held-out problems every ``every`` optimizer
steps, and hands the rates to the trainer's own metric store, so they are logged with that step's train metrics: in
``trainer.state.log_history``, the console, TensorBoard/W&B, results.json and the reward-curve plot. Keys:
``heldout/pass@k`` (one per k), ``heldout/greedy_accuracy``, ``heldout/clipped_rate``, for a tool env
``heldout/tools/calls_per_rollout`` and, for a mixture, ``heldout/<task>/pass@1``.

Every measurement uses the same problems and the same seed, so the curve compares like with like; the evaluation runs
under its own RNG state (`eval.evaluate` forks it), so training draws the same numbers with or without it. Under
accelerate every rank evaluates (ZeRO-3 needs every rank to generate in step) and gets the same rates; only the main
process logs its line. Limits: it measures at multiples of ``every`` only (the "after" evaluation covers the last
step), and a sample of 64 problems x 4 samples is noisy (a pass@1 step of about +-0.05 is within noise).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from typing import Any

from transformers import TrainerCallback

from envs.registration import Env
from eval.mixture import evaluate_by_task
from eval.passk import check_ks
from eval.settings import clipped_warning
from rewards.errors import RlvrError

logger = logging.getLogger(__name__)

PREFIX = "heldout/"  # TRL's own keys never start with it (theirs: reward, rewards/<fn>/mean, completions/..., eval_*)


def check_options(every: int, limit: int, n: int) -> None:
    """Check ``--eval_every``, ``--eval_every_limit`` and ``--eval_every_n``.

    Raises:
        RlvrError: a negative ``every``, or a ``limit`` or ``n`` below 1, naming the flag and what is allowed.

    >>> check_options(every=0, limit=64, n=4)
    """
    if every < 0:
        raise RlvrError(f"--eval_every must be >= 0 (evaluate every N optimizer steps; 0 turns it off), got {every}.")
    if limit < 1:
        raise RlvrError(f"--eval_every_limit must be >= 1 (held-out problems evaluated every --eval_every steps), "
                        f"got {limit}.")
    if n < 1:
        raise RlvrError(f"--eval_every_n must be >= 1 (samples per problem for the held-out pass@k during training), "
                        f"got {n}.")


def heldout_metrics(result: dict[str, Any]) -> dict[str, float]:
    """The rates of an `evaluate_by_task` result under ``heldout/`` keys, leaving out rates it lacks.

    >>> heldout_metrics({"pass@1": 0.5, "pass@4": 0.75, "greedy_accuracy": None, "clipped_rate": 0.0})
    {'heldout/pass@1': 0.5, 'heldout/pass@4': 0.75, 'heldout/clipped_rate': 0.0}
    """
    keys = [k for k in result if k.startswith("pass@")] + ["greedy_accuracy", "clipped_rate"]
    metrics = {f"{PREFIX}{k}": float(result[k]) for k in keys if result.get(k) is not None}
    if (calls := (result.get("tools") or {}).get("calls_per_rollout")) is not None:  # a tool env's rollouts
        metrics[f"{PREFIX}tools/calls_per_rollout"] = float(calls)
    for task, task_result in result.get("per_task", {}).items():
        if task_result.get("pass@1") is not None:
            metrics[f"{PREFIX}{task}/pass@1"] = float(task_result["pass@1"])
    return metrics


class HeldoutEval(TrainerCallback):
    """Evaluate ``env``'s first ``limit`` held-out problems every ``every`` optimizer steps and log the rates.

    Args:
        env: the made env (`envs.make`) the run trains on.
        every: evaluate when the global step is a multiple of this (a resumed run keeps the cadence).
        limit: held-out problems; n: samples per problem; ks: the k of pass@k (default 1 and ``n``).
        trainer: the trainer whose metrics receive the rates; `bind` sets it later (train.py's
            `training.trainer.GRPOTrainer` binds its callbacks itself).
        eval_args: the rest of `evaluate_by_task`'s settings (temperature, max_new_tokens, seed, max_tool_turns ...).

    Raises:
        RlvrError: bad ``every``/``limit``/``n``, or a k outside 1..n.

    >>> import envs
    >>> HeldoutEval(envs.make("arithmetic"), every=10).eval_args["ks"]
    [1, 4]
    """

    def __init__(self, env: Env, every: int, *, limit: int = 64, n: int = 4, ks: Sequence[int] | None = None,
                 trainer: Any = None, **eval_args: Any) -> None:
        check_options(every, limit, n)
        if every == 0:
            raise RlvrError("HeldoutEval needs every >= 1 (optimizer steps between evaluations).")
        ks = sorted({1, n}) if ks is None else list(ks)
        check_ks(ks, n, "ks", "n")
        eval_args.pop("without_tools", None)  # the before/after report's comparison, too costly every N steps
        self.env, self.every, self.trainer = env, every, trainer
        self.eval_args = {**eval_args, "n": n, "ks": ks, "limit": limit, "verbose": False}
        self._warned = False

    def bind(self, trainer: Any) -> HeldoutEval:
        """Log into ``trainer``'s metrics (a TRL trainer's per-step store, else ``trainer.log``)."""
        self.trainer = trainer
        return self

    def measure(self, model: Any, tokenizer: Any) -> dict[str, float]:
        """Evaluate ``model`` on the fixed sample now; the rates under their ``heldout/`` keys."""
        result = evaluate_by_task(model, tokenizer, self.env, **self.eval_args)
        if not self._warned and (warning := clipped_warning(result)) is not None:
            self._warned = True  # once a run: the rate is logged at every measurement as heldout/clipped_rate
            logger.warning("held-out evaluation: %s", warning)
        return heldout_metrics(result)

    def on_train_begin(self, args, state, control, **kwargs):
        if self.trainer is None:
            raise RlvrError("HeldoutEval has no trainer to log into: build it with trainer=..., call "
                            "callback.bind(trainer) before train(), or train with training.trainer.GRPOTrainer, "
                            "which binds it.")
        return control

    def on_step_end(self, args, state, control, **kwargs):
        if state.global_step % self.every:
            return control
        from trl.models import unwrap_model_for_generation

        started = time.perf_counter()
        trainer = self.trainer
        # TRL's own way to generate from the training model: ZeRO-3 gathers its weights, gradient checkpointing
        # is switched off for generate and back on after.
        with unwrap_model_for_generation(trainer.model_wrapped, trainer.accelerator,
                                         gather_deepspeed3_params=getattr(args, "ds3_gather_for_generation", True),
                                         gradient_checkpointing_kwargs=args.gradient_checkpointing_kwargs) as model:
            metrics = self.measure(model, trainer.processing_class)
        self._log(metrics)
        control.should_log = True  # logged at this step, with the train metrics since the last log
        if state.is_world_process_zero:
            shown = " | ".join(f"{k.removeprefix(PREFIX)} {v:.3f}" for k, v in metrics.items() if "/" not in
                               k.removeprefix(PREFIX))
            logger.info("held-out at step %d: %s (%d problems x %d, %.1fs)", state.global_step, shown,
                        self.eval_args["limit"], self.eval_args["n"], time.perf_counter() - started)
        return control

    def _log(self, metrics: dict[str, float]) -> None:
        store = getattr(self.trainer, "_metrics", None)
        if isinstance(store, dict) and "train" in store:
            # TRL's GRPOTrainer averages this store into the next log entry (what its reward `log_metric` feeds);
            # each rank holds the same rates, so nothing needs gathering.
            for key, value in metrics.items():
                store["train"][key].append(value)
        else:  # any other Trainer: its public log, at this step
            self.trainer.log(dict(metrics))


def heldout_callbacks(env: Env, eval_args: dict[str, Any], every: int, limit: int = 64, n: int = 4,
                      max_steps: int = -1) -> list[HeldoutEval]:
    """train.py's ``--eval_every``: a `HeldoutEval` with the run's evaluation settings, or none when ``every`` is 0.
    Warns when ``every`` is more than a positive ``max_steps``: no evaluation would happen during the run.

    >>> import envs
    >>> heldout_callbacks(envs.make("arithmetic"), {}, every=0)
    []
    """
    if every == 0:
        return []
    if 0 < max_steps < every:
        logger.warning("--eval_every %d is more than max_steps %d: no held-out evaluation runs during training "
                       "(only the before/after evaluations); use --eval_every %d or less.", every, max_steps,
                       max_steps)
    settings = {k: v for k, v in eval_args.items() if k not in ("n", "ks", "limit")}
    return [HeldoutEval(env, every, limit=limit, n=n, **settings)]
