"""``math_exact``: is the completion's final answer mathematically equal to the gold answer?

Built on math-verify (parse + verify, with sympy behind it). The gold comes from the ``answer`` column or, as TRL's
and open-r1's datasets name it, ``solution`` (where a ``\\boxed{}`` answer is extracted). A gold that cannot be
parsed makes its rows score ``None`` (TRL skips them) and is reported once, never a silent 0.

Limits: math-verify's own timeout needs the main thread; off it, parsing runs without a timeout.
"""

from __future__ import annotations

import logging
import threading
from typing import Any

from math_verify import ExprExtractionConfig, LatexExtractionConfig, parse, verify

from rewards.base import Reward, Status, Verdict

logger = logging.getLogger(__name__)

MAX_CHARS = 20_000  # longer completions are judged on their tail, where the final answer is
_EXTRACTION = (LatexExtractionConfig(), ExprExtractionConfig())


class MathExact(Reward):
    """Scores 1.0 when the completion's answer equals the gold, 0.0 otherwise (``None`` for an unusable gold)."""

    __name__ = "math_exact"
    columns = (("answer", "solution"),)

    def judge(self, completions: list[str], answer: list[Any] | None = None, solution: list[Any] | None = None,
              **kwargs: Any) -> list[Verdict | None]:
        golds = answer if answer is not None else solution
        if golds is None:
            raise ValueError("math_exact needs an 'answer' or 'solution' column")
        parsed_golds: dict[str, list] = {}
        verdicts: list[Verdict | None] = []
        for completion, gold in zip(completions, golds, strict=True):
            key = str(gold)
            if key not in parsed_golds:
                parsed_golds[key] = parse_gold(key)
            gold_parsed = parsed_golds[key]
            verdicts.append(None if not gold_parsed else _compare(gold_parsed, completion))
        return verdicts


def parse_gold(gold: str) -> list:
    """Parse a gold answer: bare (``"1/2"``, ``"\\frac{1}{2}"``) or a solution text with a ``\\boxed{}`` answer."""
    parsed = _parse(gold)
    if not parsed:
        parsed = _parse(f"${gold}$")
    if not parsed:
        _report_bad_gold(gold)
    return parsed


def _compare(gold: list, completion: str) -> Verdict:
    answer = _parse(completion[-MAX_CHARS:])
    if not answer:
        return Verdict(0.0, Status.UNPARSED, "no answer found")
    if verify(gold, answer, timeout_seconds=_timeout()):
        return Verdict(1.0, Status.CORRECT)
    return Verdict(0.0, Status.WRONG, f"answer {answer[-1]!s}")


def _parse(text: str) -> list:
    return parse(text, extraction_config=_EXTRACTION, parsing_timeout=_timeout())


def _timeout() -> int | None:
    return 5 if threading.current_thread() is threading.main_thread() else None


_bad_golds: set[str] = set()


def _report_bad_gold(gold: str) -> None:
    if gold not in _bad_golds:
        _bad_golds.add(gold)
        logger.warning("math_exact: cannot parse gold answer %r; its rows score None (skipped by TRL).", gold[:200])
