"""Stop training when a reward keeps failing: an error-rate breaker for GRPOTrainer (a `transformers.TrainerCallback`).

A checker that fails on a completion scores it 0.0 with status ``error`` (or ``timeout``), and `rewards.protocol`
logs the batch's rate as ``<reward>/error_rate`` (``/timeout_rate``) through TRL's ``log_metric``. That 0.0 is right
for one completion (a crash must not dodge a penalty), but when the reward's backend is down every completion scores
0.0 and GRPO trains on fake zeros for as long as the run lasts. A failure the completion did not cause (a sandbox
worker lost, remote verifiers unreachable, a judge raising `rewards.errors.UnscorableError`) scores ``None`` with
status ``unscorable`` and TRL leaves it out of GRPO: no fake zeros, but a judge that stays down leaves a run that
learns from nothing (or from the few completions it still judges), so ``<reward>/unscorable_rate`` trips it too.
`RewardBreaker` reads those rates from every logged step and, once one stays above ``rate`` for ``steps`` logged
steps in a row, saves a checkpoint (when the run saves checkpoints) and stops training; ``trainer.train()`` then
raises `RewardBreakerError`, naming the reward, its rates and the first failure messages.

Limits: it sees only rewards that log status rates (every `rewards.Reward`, including user functions wrapped by
``rewards.get("module:fn")``); a plain function that returns 0.0 on a failure looks like a wrong answer. With
``logging_steps > 1`` a logged rate is the mean over those steps. Failure messages come from this process only.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterable

from transformers import TrainerCallback

from rewards.errors import RlvrError
from rewards.protocol import Status, first_failures

logger = logging.getLogger(__name__)

WATCHABLE = (Status.ERROR.value, Status.TIMEOUT.value, Status.UNSCORABLE.value, Status.UNPARSED.value)


class RewardBreakerError(RlvrError):
    """A reward failed on most completions for several logged steps, so training stopped."""


class RewardBreaker(TrainerCallback):
    """Stop training once a reward's failure rate stays above ``rate`` for ``steps`` consecutive logged steps.

    Args:
        rate: the rate (0..1) a logged ``<reward>/<status>_rate`` must exceed to count toward a trip.
        steps: consecutive logged steps above ``rate`` that trip the breaker; 0 turns it off.
        statuses: which status rates to watch (``error``, ``timeout``, ``unscorable``, ``unparsed``).

    Raises:
        RlvrError: on a ``rate`` outside 0..1, negative ``steps`` or an unknown status.

    >>> breaker = RewardBreaker(rate=0.5, steps=2)
    >>> [breaker.record(step, {"math_exact/error_rate": 0.9, "math_exact/timeout_rate": 0.0}) for step in (1, 2)]
    [False, True]
    >>> breaker.tripped
    ['math_exact/error_rate']
    """

    def __init__(self, rate: float = 0.5, steps: int = 3,
                 statuses: Iterable[str] = ("error", "timeout", "unscorable")) -> None:
        statuses = tuple(statuses)
        if not 0.0 <= rate <= 1.0:
            raise RlvrError(f"The breaker rate is a fraction of completions in 0..1, got {rate}; e.g. 0.5 stops when "
                            "more than half of a step's completions fail.")
        if steps < 0:
            raise RlvrError(f"The breaker needs steps >= 0 (logged steps in a row; 0 turns it off), got {steps}.")
        unknown = [s for s in statuses if s not in WATCHABLE]
        if unknown:
            raise RlvrError(f"The breaker watches the statuses {list(WATCHABLE)}; got {unknown}.")
        self.rate, self.steps, self.statuses = rate, steps, statuses
        self._metrics = {f"{s}_rate" for s in statuses}
        self.streaks: dict[str, list[tuple[int, float]]] = {}  # metric key -> (step, rate) above `rate`, in a row
        self.tripped: list[str] = []
        self.stopped_at: int | None = None
        self.checkpoint: str | None = None

    def record(self, step: int, logs: dict[str, object]) -> bool:
        """Count one logged step's rates; whether the breaker has tripped (now or before)."""
        if self.steps == 0:
            return False
        for key, value in logs.items():
            reward, sep, metric = key.rpartition("/")
            if not sep or metric not in self._metrics or key.startswith("eval_"):
                continue
            # A step without the key (a step that generated nothing new) leaves the streak as it was.
            if isinstance(value, (int, float)) and value > self.rate:
                self.streaks.setdefault(key, []).append((step, float(value)))
            else:
                self.streaks.pop(key, None)
        if not self.tripped:
            self.tripped = sorted(k for k, run in self.streaks.items() if len(run) >= self.steps)
        return bool(self.tripped)

    def on_log(self, args, state, control, logs=None, **kwargs):
        if self.stopped_at is None and logs and self.record(state.global_step, logs):
            self.stopped_at = state.global_step
            control.should_training_stop = True
            if args.save_strategy != "no":
                control.should_save = True  # the Trainer saves right after logging, before it stops
            logger.error("Reward failure rates %s above %g for %d logged steps: stopping at step %d%s.", self.tripped,
                         self.rate, self.steps, state.global_step,
                         ", after a checkpoint" if control.should_save else "")
        return control

    def on_save(self, args, state, control, **kwargs):
        if self.stopped_at is not None and state.global_step == self.stopped_at:
            self.checkpoint = os.path.join(args.output_dir, f"checkpoint-{state.global_step}")
        return control

    def on_train_end(self, args, state, control, **kwargs):
        if self.stopped_at is not None:
            raise RewardBreakerError(self.message())
        return control

    def message(self) -> str:
        """What tripped, why, where the checkpoint is, and how to go on."""
        parts = []
        for key in self.tripped:
            reward, _, metric = key.rpartition("/")
            run = self.streaks.get(key, [])[-self.steps:]
            rates = ", ".join(f"{v:.2f} at step {s}" for s, v in run)
            failures = "; ".join(first_failures(reward)) or "none seen by this process"
            parts.append(f"reward {reward!r}: {metric} above {self.rate:g} for {self.steps} logged steps in a row "
                         f"({rates}); first failures: {failures}")
        where = (f"Checkpoint saved: {self.checkpoint}; fix the reward, then resume with --resume_from_checkpoint "
                 f"{self.checkpoint}." if self.checkpoint else
                 "No checkpoint was saved (checkpoints are off: --save_strategy no); save with --save_strategy steps "
                 "--save_steps N to be able to resume after a fix.")
        return (f"Training stopped at step {self.stopped_at}: a reward fails on most completions, and GRPO would "
                f"train on its 0.0 scores (error, timeout) or on the few it could judge (unscorable). "
                f"{' | '.join(parts)}. {where} To change or turn off this check: "
                f"--breaker_rate R, --breaker_steps N (0 turns it off), --breaker_statuses; in Python, "
                f"RewardBreaker(rate=, steps=, statuses=).")
