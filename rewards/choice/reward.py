"""``multiple_choice``: does the completion name the row's gold option (GPQA, MMLU-Pro, AQuA, MMLU, ARC style)?

Each row carries its options (an ``options`` or ``choices`` column: `rewards.choice.options.option_texts`) and its
gold in ``answer`` (a letter, a 0-based index or one option's text: `rewards.choice.options.gold_letter`). The
completion's answer is read by `rewards.choice.answer.read_choice`: a letter in the layouts models write (``**A**``,
``__D__``, ``(B)``, "Option C", "Answer: (B)", "Answer – B", "The answer is C.", ``\\boxed{C}``,
``\\boxed{\\text{(C)}}``, a last line with only the letter) or the text of one option. Hedges ("A or C", two boxes
naming different letters, every letter listed), "all of the above" when no option says so, and letters past the
options score 0 (``wrong``, with the reason); an answer naming no option scores 0 as ``unparsed``.

A row whose options or gold cannot be read (no 2 to 26 options, a gold naming none of them) scores ``None``, which
TRL skips, and is logged once. Limits: an option whose text is a single letter is read as that letter; an answer is
read from the completion's last `rewards.reading.final.MAX_COMPLETION_CHARS` characters.
"""

from __future__ import annotations

import functools
import logging
from typing import Any

from rewards.choice.answer import read_choice
from rewards.choice.options import gold_letter, option_texts
from rewards.protocol import Reward, Status, Verdict

logger = logging.getLogger(__name__)


class MultipleChoice(Reward):
    """1.0 when the completion names the gold option (by letter or by its text), else 0.0; ``None`` for a row whose
    options or gold cannot be read.

    >>> fn = MultipleChoice()
    >>> fn(completions=["Answer: (B)", "B or C"], answer=["B", "B"], options=[["1", "2", "3"]] * 2)
    [1.0, 0.0]
    """

    __name__ = "multiple_choice"
    columns = ("answer", ("options", "choices"))

    def judge(self, completions: list[str], answer: list[Any], options: list[Any] | None = None,
              choices: list[Any] | None = None, **kwargs: Any) -> list[Verdict | None]:
        cells = options if options is not None else choices
        if cells is None:
            raise ValueError("multiple_choice needs an 'options' or 'choices' column")
        return [judge_choice(text, gold, cell) for text, gold, cell in zip(completions, answer, cells, strict=True)]


def judge_choice(text: str, gold: Any, cell: Any) -> Verdict | None:
    """The verdict on one completion for a row's gold and options cell; ``None`` when the row cannot be scored.

    >>> judge_choice("The answer is 15.", "B", ["12", "15"]).status, judge_choice("x", "Z", ["12", "15"])
    (<Status.CORRECT: 'correct'>, None)
    """
    if cell is None:  # a row of another task (a mixture): nothing to judge, nothing wrong with the data
        return None
    options = option_texts(cell)
    if options is None:
        _report_bad_row(f"options {str(cell)[:120]!r}: need a list of 2 to 26 options")
        return None
    gold_at = gold_letter(gold, options)
    if gold_at is None:
        _report_bad_row(f"gold {str(gold)[:120]!r} names none of the {len(options)} options")
        return None
    read = read_choice(text, options)
    if isinstance(read, Verdict):
        return read
    if read == gold_at:
        return Verdict(1.0, Status.CORRECT, f"answer {read}", answer=read)
    return Verdict(0.0, Status.WRONG, f"answer {read}, gold {gold_at}", answer=read)  # the letter maj@k counts


@functools.lru_cache(maxsize=256)
def _report_bad_row(why: str) -> None:
    """Warn once per distinct problem: a row that cannot be scored is a data problem, not the policy's."""
    logger.warning("multiple_choice cannot score a row (it scores None, which TRL skips): %s", why)
