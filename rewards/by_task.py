"""Rewards for datasets that mix tasks: each row carries a ``task`` column, and each reward judges only its rows.

`TaskReward` restricts one reward to one task: it scores ``None`` on every other row (TRL skips ``None``), and its
name ``<task>/<reward>`` becomes the metric key ``rewards/<task>/<reward>/mean``, a mean over that task's rows only,
so a mixed run logs per-task rewards for free. `ByTask` (registered as ``by_task``) is the pass/fail reward of a
mixed dataset: it hands each row to the reward its ``task_reward`` column names.

Limits: the wrapped reward gets no ``log_extra`` (its column would not line up with the batch) and no
``log_metric``; the wrapper logs the wrapped reward's status rates under its own name instead.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rewards import catalog
from rewards.protocol import FunctionReward, Reward, Verdict, required_columns

_DROPPED = ("log_extra", "log_metric")


def rows_of(kwargs: dict[str, Any], index: Sequence[int], n: int) -> dict[str, Any]:
    """The keyword arguments restricted to rows ``index``: every per-completion list is subset, the rest kept.

    >>> rows_of({"answer": ["1", "2", "3"], "trainer_state": None}, [2], 3)
    {'answer': ['3'], 'trainer_state': None}
    """
    return {key: [value[i] for i in index] if isinstance(value, list) and len(value) == n else value
            for key, value in kwargs.items() if key not in _DROPPED}


def _as_reward(fn: Callable[..., Any]) -> Reward:
    return fn if isinstance(fn, Reward) else FunctionReward(fn)


class TaskReward(Reward):
    """``reward`` on the rows whose ``task`` column equals ``task``, ``None`` on the others.

    A callable class rather than a closure, so it pickles like any other reward.
    """

    def __init__(self, reward: Callable[..., Any], task: str) -> None:
        self.reward, self.task = _as_reward(reward), task
        self.__name__ = f"{task}/{self.reward.__name__}"

    @property
    def columns(self) -> tuple[str | tuple[str, ...], ...]:  # type: ignore[override]
        return ("task", *required_columns(self.reward))

    def inputs(self, completions: list[Any]) -> list[Any]:
        return list(completions)  # the wrapped reward extracts text itself

    def judge(self, completions: list[Any], task: list[str], **kwargs: Any) -> list[Verdict | None]:
        n = len(completions)
        index = [i for i, t in enumerate(task) if t == self.task]
        verdicts: list[Verdict | None] = [None] * n
        if index:
            mine = self.reward.verdicts([completions[i] for i in index], **rows_of(kwargs, index, n))
            for i, verdict in zip(index, mine, strict=True):
                verdicts[i] = verdict
        return verdicts


class ByTask(Reward):
    """Scores each row with the registered reward its ``task_reward`` column names (``None`` where it names none)."""

    __name__ = "by_task"
    columns = ("task_reward",)

    def __init__(self) -> None:
        self._rewards: dict[str, Reward] = {}

    def inputs(self, completions: list[Any]) -> list[Any]:
        return list(completions)

    def judge(self, completions: list[Any], task_reward: list[str | None], **kwargs: Any) -> list[Verdict | None]:
        n = len(completions)
        verdicts: list[Verdict | None] = [None] * n
        for name in sorted({r for r in task_reward if r}):
            if name not in self._rewards:
                self._rewards[name] = _as_reward(catalog.get(name))
            index = [i for i, r in enumerate(task_reward) if r == name]
            mine = self._rewards[name].verdicts([completions[i] for i in index], **rows_of(kwargs, index, n))
            for i, verdict in zip(index, mine, strict=True):
                verdicts[i] = verdict
        return verdicts
