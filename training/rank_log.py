"""Per-process reward logs: under ``accelerate launch`` each rank scores its own completions, and TRL logs only the
gathered means from rank 0. `RankRewardLog` wraps a reward function, returns its scores unchanged, and appends what
this rank saw at each call to a JSON-lines file of its own, so every rank's rewards are on disk.
"""

from __future__ import annotations

import inspect
import json
import logging
from pathlib import Path
from typing import Any

from rewards.protocol import RewardFn

LOG_NAME = "reward_log.rank{}.jsonl"  # each rank's reward log in --output_dir, by rank

logger = logging.getLogger(__name__)


class RankRewardLog:
    """A reward function that behaves as ``fn`` and logs ``{rank, step, reward, n, n_scored, mean}`` per call."""

    def __init__(self, fn: RewardFn, path: str | Path, rank: int) -> None:
        if inspect.iscoroutinefunction(fn) or inspect.iscoroutinefunction(getattr(fn, "__call__", None)):  # noqa: B004
            raise TypeError("RankRewardLog wraps synchronous reward functions only; log async ones with log_metric.")
        self.fn, self.path, self.rank = fn, Path(path), rank
        self.__name__ = getattr(fn, "__name__", type(fn).__name__)
        self.columns = getattr(fn, "columns", ())

    def __call__(self, completions: list[Any], **kwargs: Any) -> list[float | None]:
        scores = self.fn(completions=completions, **kwargs)
        scored = [float(s) for s in scores if s is not None]
        state = kwargs.get("trainer_state")
        record = {"rank": self.rank, "step": getattr(state, "global_step", None), "reward": self.__name__,
                  "n": len(scores), "n_scored": len(scored), "mean": sum(scored) / len(scored) if scored else None}
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self.path.open("a") as f:
            f.write(json.dumps(record) + "\n")
        logger.debug("rank %d step %s %s: mean %s over %d completions", self.rank, record["step"], self.__name__,
                    record["mean"], len(scores))
        return scores


def log_per_rank(fn: RewardFn, output_dir: str | Path, rank: int) -> RewardFn:
    """``fn`` wrapped in a `RankRewardLog` writing under ``output_dir``; async rewards are returned as they are."""
    if inspect.iscoroutinefunction(fn) or inspect.iscoroutinefunction(getattr(fn, "__call__", None)):  # noqa: B004
        logger.info("Reward %s is async: its per-rank scores are not logged.", getattr(fn, "__name__", fn))
        return fn
    return RankRewardLog(fn, rank_log_path(output_dir, rank), rank)


def read_rank_logs(directory: str | Path) -> dict[int, list[dict[str, Any]]]:
    """The records of every ``reward_log.rank<R>.jsonl`` under ``directory``, keyed by rank."""
    logs: dict[int, list[dict[str, Any]]] = {}
    for path in sorted(Path(directory).glob(LOG_NAME.format("*"))):
        records = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
        logs[int(path.name.removeprefix("reward_log.rank").removesuffix(".jsonl"))] = records
    return logs


def rank_log_path(output_dir: str | Path, rank: int) -> Path:
    """Where rank ``rank`` of a run writing to ``output_dir`` logs its rewards."""
    return Path(output_dir) / LOG_NAME.format(rank)
