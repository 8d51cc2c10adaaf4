"""``reasoning_gym``: a reasoning-gym task's own ``score_answer`` as a TRL reward (optional dependency).

Rows made by the ``reasoning_gym:<task>`` env carry ``rg_task``, ``rg_config`` (the task config as JSON, seed and size
included) and ``rg_index``. reasoning-gym entries are a pure function of those three, so the reward rebuilds the
exact entry ``score_answer`` expects, metadata and all, instead of trusting a lossy copy in an Arrow column; a rebuilt
entry whose question differs from the row's ``question`` scores 0.0 with status ``error``, never a silent pass.

The answer is the last ``<answer>...</answer>`` or ``\\boxed{...}`` (`rewards.math_answer.final_answer`). ``score_answer`` may give
partial credit: the score is passed through, and only 1.0 counts as ``correct``.

Limits: no timeout around ``score_answer`` (a few tasks call sympy); install with ``pip install 'rlvr-kit[reasoning-gym]'``.
"""

from __future__ import annotations

import functools
import json
from types import ModuleType
from typing import Any

from rewards.base import Reward, Status, Verdict
from rewards.errors import RlvrError
from rewards.math_answer import final_answer

INSTALL = "pip install 'rlvr-kit[reasoning-gym]'"


def load_reasoning_gym() -> ModuleType:
    """Import reasoning-gym, or raise `RlvrError` saying how to install it."""
    try:
        import reasoning_gym
    except ImportError as e:
        raise RlvrError(f"reasoning-gym tasks need the optional package reasoning-gym, which is not installed: "
                        f"{INSTALL}") from e
    return reasoning_gym


@functools.lru_cache(maxsize=32)
def procedural_dataset(task: str, config_json: str) -> Any:
    """The reasoning-gym dataset object for ``task`` built from a JSON config (cached: building may be slow)."""
    return load_reasoning_gym().create_dataset(task, **json.loads(config_json))


@functools.lru_cache(maxsize=65_536)
def entry(task: str, config_json: str, index: int) -> dict[str, Any]:
    """Entry ``index`` of the dataset ``procedural_dataset(task, config_json)``."""
    return procedural_dataset(task, config_json)[index]


class ReasoningGymScore(Reward):
    """The row's reasoning-gym task scores the completion's final answer with its own ``score_answer``."""

    __name__ = "reasoning_gym"
    columns = ("rg_task", "rg_config", "rg_index", "question")

    def judge(self, completions: list[str], rg_task: list[str | None], rg_config: list[str | None],
              rg_index: list[int | None], question: list[str | None], **kwargs: Any) -> list[Verdict | None]:
        verdicts: list[Verdict | None] = []
        for completion, task, config, index, asked in zip(completions, rg_task, rg_config, rg_index, question,
                                                          strict=True):
            if task is None:
                verdicts.append(None)
                continue
            verdicts.append(self._score(completion, task, config, index, asked))
        return verdicts

    def _score(self, completion: str, task: str, config: str, index: int, asked: str) -> Verdict:
        item = entry(task, config, int(index))
        if item["question"] != asked:
            return Verdict(0.0, Status.ERROR, f"reasoning-gym rebuilt a different entry for {task} #{index}; "
                                              "is the installed version the one that built the data?")
        answer = final_answer(completion)
        if answer is None:
            return Verdict(0.0, Status.UNPARSED, "no <answer></answer> or \\boxed{} found")
        score = float(procedural_dataset(task, config).score_answer(answer, item))
        if score >= 1.0:
            return Verdict(score, Status.CORRECT)
        return Verdict(score, Status.WRONG, f"answer {answer[:80]!r}" + (" (partial credit)" if score > 0 else ""))
