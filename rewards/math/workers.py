"""math-verify in worker processes, each item within a CPU-time budget (`rewards.deadline_pool`).

math-verify's own timeout uses ``signal.alarm``, which only works on the main thread of the main interpreter, and TRL
runs async rewards on a daemon thread. Here every parse and verify runs in a ``python -m rewards.math.workers`` worker
whose main thread we own. Each item may use ``deadline`` seconds of *CPU time* (`cpu_budget`, ``SIGPROF``): an item
past it scores ``timeout`` and the worker carries on, so the verdict depends on the input, not on how busy the machine
is. Work the budget cannot interrupt (one long call into C) is killed at a wall-clock backstop (`wall_limit`: 10 s,
or 10 budgets) and the worker replaced; a spare worker, started and idle, takes the next item meanwhile.

Before sympy's simplifier, `rewards.math.equivalence` compares values at fixed points (milliseconds instead of
seconds for two forms of one polynomial). A worker warms math-verify up before taking work, and caches parsed
golds: items are grouped by gold, so a gold shared by a group of completions is parsed once per worker (under a
budget of its own, so caching does not change a verdict).
"""

from __future__ import annotations

import logging
import re
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from rewards import deadline_pool
from rewards.deadline_pool import ERROR, TIMEOUT, DeadlinePool  # noqa: F401  (statuses the pool adds)
from rewards.math import equivalence

WORKER = "rewards.math.workers"  # run as `python -m` by the pool

# Statuses `check` gives one (gold, answer, mode) item; the pool adds TIMEOUT and ERROR.
CORRECT, WRONG, UNPARSED, BAD_GOLD, GOLD_OK = "correct", "wrong", "unparsed", "bad_gold", "gold_ok"


@dataclass(frozen=True)
class Item:
    """One comparison: ``answer`` is ``None`` to only check that ``gold`` parses; ``mode`` says how to read it;
    ``budget`` is the CPU seconds its parse and comparison may use (0: no budget)."""

    gold: str
    answer: str | None
    mode: str = "expression"  # "expression": a bare answer; "text": free text whose last expression counts
    budget: float = 0.0


class OverBudget(BaseException):
    """The item used up its CPU budget (a BaseException, so no ``except Exception`` in sympy swallows it)."""


RETRY_S = 0.05  # CPU seconds between repeats of the budget's signal, once it has run out


@contextmanager
def cpu_budget(seconds: float) -> Iterator[None]:
    """Raise `OverBudget` once this process has used ``seconds`` of CPU time inside the block (0: no budget).

    CPU time, not wall time: a busy machine slows an item down but does not change how much work it may do, so the
    verdict is a function of the input. Runs only on a worker's main thread (``SIGPROF``). A bare ``except:`` in the
    work (mpmath has several) can swallow the exception, and a one-shot signal then left the work unbounded (a test
    hung for 20 minutes in sympy): the signal repeats every `RETRY_S` of CPU until the block ends, and a block whose
    budget ran out raises `OverBudget` even if its work returned (its result came from a path the exception broke).
    """
    if seconds <= 0:
        yield
        return
    state = {"inside": True, "fired": False}

    def over_budget(signum: int, frame: Any) -> None:
        if state["inside"]:  # a repeat that lands while the block is leaving does nothing
            state["fired"] = True
            raise OverBudget

    signal.signal(signal.SIGPROF, over_budget)
    signal.setitimer(signal.ITIMER_PROF, seconds, RETRY_S)
    try:
        yield
    finally:
        state["inside"] = False
        signal.setitimer(signal.ITIMER_PROF, 0)
    if state["fired"]:
        raise OverBudget


def check(item: Item) -> tuple[str, str]:
    """Judge one item with math-verify in the calling process: ``(status, detail)``, ``timeout`` past its budget.

    The gold is parsed under a budget of its own (and cached), so an item's verdict does not depend on whether
    this worker had parsed its gold before.
    """
    try:
        with cpu_budget(item.budget):
            gold = parse_gold(item.gold)
        if not gold:
            return BAD_GOLD, "math-verify cannot parse the gold"
        if item.answer is None:
            return GOLD_OK, str(gold[0])[:100]
        with cpu_budget(item.budget):
            try:
                return _compare(gold, item)
            except Exception as e:  # objects sympy cannot compare (a set against an equation): not equal, no error
                return UNPARSED, f"math-verify cannot compare them: {type(e).__name__}"[:200]
    except OverBudget:
        signal.setitimer(signal.ITIMER_PROF, 0)
        return TIMEOUT, f"over the CPU budget of {item.budget:g}s"


def _compare(gold: list, item: Item) -> tuple[str, str]:
    from math_verify import verify

    text = item.answer or ""  # called only for items with an answer
    answer = _parse_text(text) if item.mode == "text" else _parse_expression(text)
    if not answer:
        return UNPARSED, "math-verify found no expression"
    if not _MODULAR.search(text) and _false_equation(answer[0]):
        return WRONG, f"false equation {str(answer[0])[:80]}"
    detail = str(answer[0])[:100]
    fast = equivalence.numeric_verdict(gold[0], answer[0])  # settles most pairs without sympy's simplify
    if fast or fast is None and verify(gold, answer, timeout_seconds=None):
        return CORRECT, detail
    return (CORRECT if equivalence.beyond_math_verify(gold[0], answer[0], item.gold, text) else WRONG), detail


_MODULAR = re.compile(r"\\(?:equiv|pmod|bmod|mod)\b")  # 17 \equiv 2 is true mod 5 though 17 != 2


def _false_equation(expr: Any) -> bool:
    """Whether ``expr`` is, or joins with ``&``, an equation between two closed numbers that differ (``2+2 = 5``).

    math-verify compares only an equation's last side with the gold, so a false one would still score.
    """
    from sympy import And, Eq

    for eq in expr.args if isinstance(expr, And) else (expr,):
        if not isinstance(eq, Eq) or not (getattr(eq.lhs, "is_number", False) and getattr(eq.rhs, "is_number", False)):
            continue
        try:
            if abs(complex((eq.lhs - eq.rhs).evalf(30))) > 1e-9:
                return True
        except (TypeError, ValueError):  # not a finite complex number (zoo, nan): leave it to verify
            continue
    return False


@lru_cache(maxsize=4096)
def parse_gold(gold: str) -> list:
    """A gold answer parsed by math-verify (cached): bare (``1/2``, ``\\frac{1}{2}``, ``x=2``) as if boxed."""
    return _parse_expression(gold)


def _parse_expression(text: str) -> list:
    from math_verify import ExprExtractionConfig, LatexExtractionConfig, parse

    latex = (LatexExtractionConfig(),)  # first alone: the plain-expression parser doubles the cost of most items
    both = (LatexExtractionConfig(), ExprExtractionConfig())
    return (parse(f"\\boxed{{{text}}}", extraction_config=latex, parsing_timeout=None)
            or parse(f"\\boxed{{{text}}}", extraction_config=both, parsing_timeout=None)
            or parse(f"${text}$", extraction_config=both, parsing_timeout=None))


def _parse_text(text: str) -> list:
    from math_verify import ExprExtractionConfig, LatexExtractionConfig, parse

    return parse(text, extraction_config=(LatexExtractionConfig(), ExprExtractionConfig()), parsing_timeout=None)


_WARM_UP = (Item("\\frac{1}{2}", "0.5"), Item("(x-1)(x+1)", "x^2 - 1"), Item("\\sin^2 x + \\cos^2 x", "1"),
            Item("(1,2]", "(1, 2]"), Item("\\{1,2\\}", "\\{2,1\\}"), Item("x=2", "2"), Item("50\\%", "0.5"),
            Item("\\begin{pmatrix}1\\\\2\\end{pmatrix}", "\\begin{pmatrix}1\\\\2\\end{pmatrix}"),
            Item("\\sqrt{2}/2", "\\frac{1}{\\sqrt{2}}"), Item("85", "Let me add.\n40 + 45 = 85", "text"))


def _gold_of(item: Item) -> str:
    return item.gold


MIN_WALL = 10.0  # seconds: the wall-clock backstop for work a CPU budget cannot interrupt (a long C call)
WALL_FACTOR = 10  # the backstop is also at least this many budgets: a loaded machine stretches CPU time into wall time
SPARES = 1  # a started, idle worker takes over at once when one is killed at the backstop


def wall_limit(budget: float) -> float:
    """The wall-clock backstop for items with ``budget`` CPU seconds."""
    return max(MIN_WALL, WALL_FACTOR * budget)


def new_pool(workers: int, deadline: float) -> DeadlinePool:
    """A private pool of ``workers`` math-verify processes (and a spare) for items of ``deadline`` CPU seconds."""
    return DeadlinePool(WORKER, workers, deadline, what="math-verify", key=_gold_of, spares=SPARES,
                        wall=wall_limit(deadline))


def shared_pool(workers: int | None = None, deadline: float = 0.5) -> DeadlinePool:
    """The process-wide math-verify pool for ``(workers, deadline)``; ``workers=None`` means min(4, CPU count)."""
    return deadline_pool.shared_pool(WORKER, workers, deadline, what="math-verify", key=_gold_of, spares=SPARES,
                                     wall=wall_limit(deadline))


if __name__ == "__main__":
    logging.getLogger("math_verify").setLevel(logging.ERROR)  # it warns that its own timeout is off: ours is on
    deadline_pool.serve(check, warm_up=_WARM_UP)  # sympy loads grammars lazily: paid before any deadline runs
