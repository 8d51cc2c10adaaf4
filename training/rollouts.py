"""``train.py --save_rollouts``: every generation call's prompts, completions, verdicts, groups and advantages, saved
under ``OUTPUT_DIR/rollouts/`` in the format `eval.rollouts` defines (and `eval.rescore` re-judges).

Two seams of TRL's `GRPOTrainer` (1.16) carry it: ``_calculate_rewards`` sees the batch's rows and returns every
reward's scores (gathered over ranks; this rank's slice is kept), and ``_generate_and_score_completions`` returns the
advantages. The statuses, details and read answers come from `RolloutRecorder.tap`, which wraps each reward and
keeps the verdicts of its last call; an async reward is not wrapped (its scores are saved, its statuses are not).
"""

from __future__ import annotations

import inspect
import logging
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from eval.rollouts import RolloutWriter, rollout_rows
from rewards.protocol import Reward, RewardFn, Verdict, required_columns

logger = logging.getLogger(__name__)


class RolloutRecorder:
    """Pairs a batch's reward verdicts with its advantages and writes them, one shard per generation call."""

    def __init__(self, run_dir: str | Path, rank: int, max_mb: float = 2048) -> None:
        self.writer = RolloutWriter(run_dir, rank, max_mb)
        self.rank = rank
        self._verdicts: dict[int, list[Verdict | None]] = {}
        self._batch: dict[str, Any] | None = None

    def tap(self, fn: RewardFn, index: int) -> RewardFn:
        """``fn`` (reward number ``index``) as a reward that also keeps its last call's verdicts for the record."""
        if inspect.iscoroutinefunction(fn) or inspect.iscoroutinefunction(getattr(fn, "__call__", None)):  # noqa: B004
            return fn
        return _Tap(fn, index, self)

    def scored(self, inputs: Sequence[dict[str, Any]], prompts: Sequence[Any], completions: Sequence[Any],
               completion_ids: Sequence[Sequence[int]], scores: Sequence[Sequence[float]]) -> None:
        """Keep a batch as `GRPOTrainer._calculate_rewards` saw it; ``scores[j]``: reward j's scores of this rank's
        completions (NaN: not scored)."""
        columns = [{k: v for k, v in row.items() if k not in ("prompt", "completion", "completion_ids")}
                   for row in inputs]
        self._batch = {"prompts": list(prompts), "completions": list(completions), "columns": columns,
                       "completion_ids": [list(ids) for ids in completion_ids],
                       "scores": [list(s) for s in scores]}

    def write(self, *, step: int, reward_names: Sequence[str], weights: Sequence[float], advantages: Sequence[float],
              group_size: int) -> Path | None:
        """Write the kept batch with its advantages; rows are grouped by ``group_size`` over all ranks' rows."""
        batch, self._batch = self._batch, None
        if batch is None or len(advantages) != len(batch["completions"]):
            logger.warning("rollouts of step %d not saved: %s", step, "no scored batch" if batch is None else
                           f"{len(advantages)} advantages for {len(batch['completions'])} completions")
            return None
        n = len(batch["completions"])
        verdicts = [self._verdicts.get(j) if len(self._verdicts.get(j) or ()) == n else None
                    for j in range(len(reward_names))]
        self._verdicts.clear()
        table = rollout_rows(step=step, rank=self.rank, groups=[(self.rank * n + i) // group_size for i in range(n)],
                             prompts=batch["prompts"], completions=batch["completions"],
                             completion_ids=batch["completion_ids"], columns=batch["columns"],
                             reward_names=reward_names, scores=batch["scores"], verdicts=verdicts, weights=weights,
                             advantages=advantages)
        return self.writer.write(table)

    def keep(self, index: int, verdicts: list[Verdict | None]) -> None:
        """Reward ``index``'s verdicts on the current batch (called by its tap)."""
        self._verdicts[index] = verdicts


class _Tap:
    """A reward that behaves as ``fn`` and hands its verdicts to the recorder (a class, so it pickles)."""

    def __init__(self, fn: RewardFn, index: int, recorder: RolloutRecorder) -> None:
        self.fn, self.index, self.recorder = fn, index, recorder
        self.__name__ = getattr(fn, "__name__", type(fn).__name__)
        self.columns = required_columns(fn)

    def __getattr__(self, name: str) -> Any:  # what else the trainer or train.py reads (verifiable, ...)
        if name == "fn":
            raise AttributeError(name)
        return getattr(self.fn, name)

    def __call__(self, completions: list[Any], **kwargs: Any) -> list[float | None]:
        if isinstance(self.fn, Reward):
            verdicts = self.fn.verdicts(completions, **kwargs)
            self.recorder.keep(self.index, verdicts)
            return [None if v is None else v.score for v in verdicts]
        return self.fn(completions=completions, **kwargs)

