"""math-verify in worker processes with a hard deadline per item (`rewards.deadline_pool`).

math-verify's own timeout uses ``signal.alarm``, which only works on the main thread of the main interpreter, and TRL
runs async rewards on a daemon thread. Here every parse and verify runs in a ``python -m rewards.math.workers`` worker;
an item past the deadline scores ``timeout`` and its worker is replaced, so a hung sympy call costs one deadline,
never a stuck training run, on any thread. A worker warms math-verify up before taking work, and caches parsed
golds: items are grouped by gold, so a gold shared by a group of completions is parsed once per worker.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from rewards import deadline_pool
from rewards.deadline_pool import ERROR, TIMEOUT, DeadlinePool  # noqa: F401  (statuses the pool adds)

WORKER = "rewards.math.workers"  # run as `python -m` by the pool

# Statuses `check` gives one (gold, answer, mode) item; the pool adds TIMEOUT and ERROR.
CORRECT, WRONG, UNPARSED, BAD_GOLD, GOLD_OK = "correct", "wrong", "unparsed", "bad_gold", "gold_ok"


@dataclass(frozen=True)
class Item:
    """One comparison: ``answer`` is ``None`` to only check that ``gold`` parses; ``mode`` says how to read it."""

    gold: str
    answer: str | None
    mode: str = "expression"  # "expression": a bare answer; "text": free text whose last expression counts


def check(item: Item) -> tuple[str, str]:
    """Judge one item with math-verify, in the calling process and without a timeout: ``(status, detail)``."""
    from math_verify import verify

    gold = parse_gold(item.gold)
    if not gold:
        return BAD_GOLD, "math-verify cannot parse the gold"
    if item.answer is None:
        return GOLD_OK, str(gold[0])[:100]
    answer = _parse_text(item.answer) if item.mode == "text" else _parse_expression(item.answer)
    if not answer:
        return UNPARSED, "math-verify found no expression"
    if not _MODULAR.search(item.answer) and _false_equation(answer[0]):
        return WRONG, f"false equation {str(answer[0])[:80]}"
    ok = verify(gold, answer, timeout_seconds=None)
    return (CORRECT if ok else WRONG), str(answer[0])[:100]


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

    config = (LatexExtractionConfig(), ExprExtractionConfig())
    return parse(f"\\boxed{{{text}}}", extraction_config=config, parsing_timeout=None) or parse(
        f"${text}$", extraction_config=config, parsing_timeout=None)


def _parse_text(text: str) -> list:
    from math_verify import ExprExtractionConfig, LatexExtractionConfig, parse

    return parse(text, extraction_config=(LatexExtractionConfig(), ExprExtractionConfig()), parsing_timeout=None)


_WARM_UP = (Item("\\frac{1}{2}", "0.5"), Item("(x-1)(x+1)", "x^2 - 1"), Item("\\sin^2 x + \\cos^2 x", "1"),
            Item("(1,2]", "(1, 2]"), Item("\\{1,2\\}", "\\{2,1\\}"), Item("x=2", "2"), Item("50\\%", "0.5"),
            Item("\\begin{pmatrix}1\\\\2\\end{pmatrix}", "\\begin{pmatrix}1\\\\2\\end{pmatrix}"),
            Item("\\sqrt{2}/2", "\\frac{1}{\\sqrt{2}}"), Item("85", "Let me add.\n40 + 45 = 85", "text"))


def _gold_of(item: Item) -> str:
    return item.gold


def new_pool(workers: int, deadline: float) -> DeadlinePool:
    """A private pool of ``workers`` math-verify processes, ``deadline`` seconds per `Item`."""
    return DeadlinePool(WORKER, workers, deadline, what="math-verify", key=_gold_of)


def shared_pool(workers: int | None = None, deadline: float = 0.5) -> DeadlinePool:
    """The process-wide math-verify pool for ``(workers, deadline)``; ``workers=None`` means min(4, CPU count)."""
    return deadline_pool.shared_pool(WORKER, workers, deadline, what="math-verify", key=_gold_of)


if __name__ == "__main__":
    logging.getLogger("math_verify").setLevel(logging.ERROR)  # it warns that its own timeout is off: ours is on
    deadline_pool.serve(check, warm_up=_WARM_UP)  # sympy loads grammars lazily: paid before any deadline runs
