"""``reasoning_gym``: a reasoning-gym task's own ``score_answer`` as a TRL reward (optional dependency).

Rows made by the ``reasoning_gym:<task>`` env carry ``rg_task``, ``rg_config`` (the task config as JSON, seed and size
included) and ``rg_index``. reasoning-gym entries are a pure function of those three, so the reward rebuilds the
exact entry ``score_answer`` expects, metadata and all, instead of trusting a lossy copy in an Arrow column; a rebuilt
entry whose question differs from the row's ``question`` scores 0.0 with status ``error``, never a silent pass.

The answer is the last ``<answer>...</answer>`` or ``\\boxed{...}`` (`rewards.reading.final.final_answer`).
``score_answer`` may give partial credit: the score is passed through, and only 1.0 counts as ``correct``. Hedges
and blank answers score 0 before the task sees them (its partial credit would pay them): several different boxes
written together, alternatives ("5 or 6") where the task's own answer has none, or a box with nothing visible in it
(``\\boxed{\\phantom{5}}``). So does reasoning-gym's containment credit (`containment_credit`: an answer that
contains the right one among other text earns the share of its length the right one takes), which pays ``13`` for 3,
lists of candidates and ``0123456789`` for any one-digit answer. A task whose scorer pays full marks for any answer
(checked per entry with canary answers, `pays_anything`: reasoning-gym 0.1.19's ``game_of_life_halting`` pays
"xyz", ``coin_flip`` pays "0" for 0.0009) judges nothing: its rows score ``None``, status ``unscorable``, not the 1.0
every completion would get.

Scoring runs in worker processes with a hard deadline (`rewards.deadline_pool`): several tasks ``eval`` or sympify
the model's answer and catch every exception, so ``<answer>9**9**9**9</answer>`` would otherwise hold the trainer
forever. Past the deadline a completion scores 0.0 with status ``timeout``. Install with
``pip install 'rlvr-kit[reasoning-gym]'``.
"""

from __future__ import annotations

import functools
import json
import logging
from types import ModuleType
from typing import Any

from rewards import deadline_pool
from rewards.deadline_pool import ERROR, TIMEOUT
from rewards.errors import RlvrError
from rewards.protocol import Reward, Status, Verdict, unscorable
from rewards.reading.final import final_answer, offers_alternatives
from rewards.reading.shown import has_content

logger = logging.getLogger(__name__)

INSTALL = "pip install 'rlvr-kit[reasoning-gym]'"
# The slowest honest scoring measured (knight_swap, a correct answer) took 1.1 s on a loaded 2-core machine.
DEADLINE = 5.0
SCORED, MISMATCH, HEDGE, BLIND = "scored", "mismatch", "hedge", "blind"
# An answer no task gives, and two guesses: a scorer that pays one full marks where it is not the entry's answer
# cannot tell answers apart there.
CANARY = "rlvr-kit canary: not an answer"
CANARIES = (CANARY, "0", "1")
NO_ANSWER = "no single final <answer></answer> or \\boxed{} with visible content"
WORKER = "rewards.reasoning_gym"  # run as `python -m` by the scoring pool


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


def score_job(payload: tuple[str, str, int, str, str]) -> tuple[str, Any]:
    """In a worker: ``("scored", score)`` for ``(task, config, index, question, answer)``, or a mismatch or hedge."""
    task, config, index, asked, answer = payload
    item = entry(task, config, index)
    if item["question"] != asked:
        return MISMATCH, (f"reasoning-gym rebuilt a different entry for {task} #{index}; is the installed "
                          "version the one that built the data?")
    if offers_alternatives(answer, str(item["answer"])):  # the task's own scorer may give it partial credit
        return HEDGE, "alternatives ('or')"
    score = float(procedural_dataset(task, config).score_answer(answer, item))
    if containment_credit(score, answer, item["answer"]):
        return HEDGE, "the task's answer among other text (containment credit)"
    if score >= 1.0 and pays_anything(task, config, index):
        return BLIND, (f"{task} #{index}: the task's score_answer pays full marks for an answer that is not the "
                       f"entry's ({pays_anything(task, config, index)!r}), so it judges nothing")
    return SCORED, score


@functools.lru_cache(maxsize=65_536)
def pays_anything(task: str, config_json: str, index: int) -> str | None:
    """The first of `CANARIES` that the task's ``score_answer`` pays full marks on this entry, other than its own
    answer, else ``None``: a scorer that judges nothing there. reasoning-gym 0.1.19's ``game_of_life_halting``
    compares ``bool(answer)`` (``bool("False")`` is true), and ``coin_flip`` pays ``0`` for any probability below 1
    (a matching prefix of one character is the whole of the shorter string)."""
    item = entry(task, config_json, index)
    for canary in CANARIES:
        if _same(canary, item["answer"]):
            continue
        try:
            paid = float(procedural_dataset(task, config_json).score_answer(canary, item))
        except Exception:  # a scorer that raises on text it cannot read (prime_factorization's int()) pays nothing
            continue
        if paid >= 1.0:
            return canary
    return None


def _same(canary: str, oracle: Any) -> bool:
    """Whether a canary is the entry's own answer, as text or as a number (``0`` and ``0.0``)."""
    text = str(oracle).strip()
    if canary == text:
        return True
    try:
        return float(canary) == float(text)
    except ValueError:
        return False


def containment_credit(score: float, answer: str, oracle: Any) -> bool:
    """Whether ``score`` is reasoning-gym's containment credit: ``len(oracle) / len(answer)`` for an answer that only
    contains the oracle (the default ``score_answer`` of a third of the tasks, and ``compute_decimal_reward``, which
    strips commas first). It pays any text around the right answer: ``13`` or ``not 3`` for 3, a list of candidates,
    ``0123456789`` for every one-digit answer. Other partial credit, a task's own, is passed through.

    >>> containment_credit(0.5, "13", "3"), containment_credit(0.1, "0123456789", "3"), containment_credit(0.5, "x", "")
    (True, True, False)
    """
    if not 0 < score < 1 or not isinstance(oracle, str) or not oracle:
        return False
    for a, o in ((answer, oracle), (answer.replace(",", ""), oracle.replace(",", ""))):
        if o and o in a and abs(score - len(o) / len(a)) <= 1e-9:
            return True
    return False


class ReasoningGymScore(Reward):
    """The row's reasoning-gym task scores the completion's final answer with its own ``score_answer``.

    Args:
        deadline: seconds one answer may take to score before it counts as 0.0 (status ``timeout``).
        workers: scoring worker processes (default min(4, CPUs)); they start with the reward, in the background.
    """

    __name__ = "reasoning_gym"
    columns = ("rg_task", "rg_config", "rg_index", "question")

    def __init__(self, deadline: float = DEADLINE, workers: int | None = None) -> None:
        load_reasoning_gym()  # fail here, with the install command, not in a worker
        self.deadline, self.workers = deadline, workers
        self._pool().start()  # workers import reasoning-gym in the background while the trainer loads

    def _pool(self) -> deadline_pool.DeadlinePool:
        return deadline_pool.shared_pool(WORKER, self.workers, self.deadline, what="reasoning-gym scoring",
                                         key=_entry_of)

    def judge(self, completions: list[str], rg_task: list[str | None], rg_config: list[str | None],
              rg_index: list[int | None], question: list[str | None], **kwargs: Any) -> list[Verdict | None]:
        verdicts: list[Verdict | None] = [None] * len(completions)
        jobs: list[tuple[int, tuple[str, str | None, int, str | None, str]]] = []
        for i, (completion, task, config, index, asked) in enumerate(
                zip(completions, rg_task, rg_config, rg_index, question, strict=True)):
            if task is None or index is None:  # a row of another task in a mixture
                continue
            answer = final_answer(completion)
            if answer is None or not has_content(answer):  # a blank box would still earn the task's format credit
                verdicts[i] = Verdict(0.0, Status.UNPARSED, NO_ANSWER)
            else:
                jobs.append((i, (task, config, int(index), asked, answer)))
        results = self._pool().run([job for _, job in jobs])
        for (i, job), (status, detail) in zip(jobs, results, strict=True):
            verdicts[i] = _verdict(status, detail, job[-1])
        return verdicts


def _entry_of(job: tuple[str, str, int, str, str]) -> tuple[str, str, int]:
    return job[:3]  # the completions of one prompt go to the worker that has rebuilt its entry


def _verdict(status: str, detail: Any, answer: str) -> Verdict:
    if status == SCORED and detail >= 1.0:
        return Verdict(detail, Status.CORRECT, answer=answer.strip())
    if status == SCORED:
        return Verdict(detail, Status.WRONG, f"answer {answer[:80]!r}" + (" (partial credit)" if detail > 0 else ""),
                       answer=answer.strip())
    if status == HEDGE:
        return Verdict(0.0, Status.WRONG, f"hedge: {detail}")
    if status == BLIND:  # the task's scorer, not the completion: no verdict, counted for the breaker
        _warn_blind(str(detail).split(" #", 1)[0])
        return unscorable(str(detail))
    if status == TIMEOUT:
        return Verdict(0.0, Status.TIMEOUT, str(detail))
    return Verdict(0.0, Status.ERROR, str(detail) if status in (MISMATCH, ERROR) else f"{status}: {detail}")


@functools.lru_cache(maxsize=64)
def _warn_blind(task: str) -> None:
    """Warn once per task whose scorer pays anything."""
    logger.warning("reasoning_gym: the task %s pays full marks for any answer (its score_answer judges nothing); its "
                   "correct-looking rows score None (unscorable), and a run on it stops at the breaker.", task)


if __name__ == "__main__":
    load_reasoning_gym()  # imported before "ready", so a job's deadline never pays for it
    deadline_pool.serve(score_job)
