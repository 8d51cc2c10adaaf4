"""Shaping rewards: penalties and scalings on length and repetition, added next to a correctness reward.

- ``overlong``: DAPO's soft overlong punishment (Yu et al. 2025, https://arxiv.org/abs/2503.14476, Eq. 13), on the
  token count of ``completion_ids``: 0 up to ``max_len - cache``, then a linear ramp to -1 at ``max_len``, -1 beyond.
- ``repetition``: the n-gram repetition penalty of Yeo et al. 2025, "Demystifying Long Chain-of-Thought Reasoning
  in LLMs" (https://arxiv.org/abs/2502.03373, Appendix C.2): ``max_penalty * (1 - unique n-grams / n-grams)``,
  the worse of two views: token ids (as TRL) and normalised words (`loop_words`: case-folded, punctuation and
  spacing dropped, line-leading list numbers and "Step N" read as one marker). A loop whose copies are re-spaced,
  re-cased, re-punctuated or numbered gets new token ids but the same words, so it cannot dodge the penalty.
- ``length_scaled``: the cosine length scaling of the same paper (Appendix C.1), as open-r1 and
  ``trl.rewards.get_cosine_scaled_reward`` compute it, but on the verdict of a correctness reward (``math_exact`` by
  default) that it shares, so nothing is verified twice in a step: a correct answer earns from ``max_correct``
  (length 0) down to ``min_correct`` (``max_len``), a wrong one from ``min_wrong`` (length 0) up to ``max_wrong``.
  "Correct" is status ``correct`` with a positive score (a penalty's ``correct`` means only "no penalty"), and
  every wrong score must lie below every correct one, so no length makes a wrong answer pay like a right one.

Bounds: ``overlong`` is in [-1, 0], ``repetition`` in [``max_penalty``, 0], ``length_scaled`` in
[``min_wrong``, ``max_correct``]; none pays a positive score for a wrong answer at the defaults, and non-finite
settings are refused.

Lengths are token counts from ``completion_ids`` (TRL passes them). Unlike TRL's and open-r1's cosine, progress is
clipped at ``max_len``: unclipped, ``cos`` comes back up and a correct answer of twice ``max_len`` earns the top score.
"""

from __future__ import annotations

import math
import re
from typing import Any, ClassVar

from rewards import catalog
from rewards.compose import verdicts_of
from rewards.protocol import Reward, RewardFn, Status, Verdict, is_unscorable, required_columns
from rewards.reading.shown import reader_view


def _lengths(completions: list[str], completion_ids: list[list[int]] | None) -> list[int]:
    if completion_ids is None:
        raise ValueError("needs `completion_ids` (GRPOTrainer passes them); pass token ids when calling it directly")
    if len(completion_ids) != len(completions):
        raise ValueError(f"{len(completion_ids)} completion_ids for {len(completions)} completions")
    return [len(ids) for ids in completion_ids]


class Overlong(Reward):
    """DAPO soft overlong punishment: 0 up to ``max_len - cache`` tokens, linear to -1 at ``max_len``, then -1.

    >>> Overlong(max_len=10, cache=4)(["a", "b", "c"], completion_ids=[[1] * 6, [1] * 8, [1] * 11])
    [0.0, -0.5, -1.0]
    """

    __name__ = "overlong"
    columns = ()

    def __init__(self, max_len: int = 512, cache: int = 128) -> None:
        if not 0 < cache <= max_len < math.inf:
            raise ValueError(f"overlong needs 0 < cache <= max_len, got cache={cache}, max_len={max_len}")
        self.max_len, self.cache = max_len, cache

    def judge(self, completions: list[str], completion_ids: list[list[int]] | None = None,
              **kwargs: Any) -> list[Verdict | None]:
        return [self._penalty(n) for n in _lengths(completions, completion_ids)]

    def _penalty(self, n: int) -> Verdict:
        free = self.max_len - self.cache
        if n <= free:
            return Verdict(0.0, Status.CORRECT)
        if n <= self.max_len:
            return Verdict((free - n) / self.cache, Status.WRONG, f"{n} tokens, over {free}")
        return Verdict(-1.0, Status.WRONG, f"{n} tokens, over max_len {self.max_len}")


class Repetition(Reward):
    """``max_penalty`` times the share of repeated n-grams: 0 for no repeats, towards ``max_penalty`` for loops.

    >>> Repetition(ngram_size=2)(["x", "y"], completion_ids=[[1, 2, 3, 4], [5, 5, 5, 5, 5]])
    [0.0, -0.75]
    """

    __name__ = "repetition"
    columns = ()

    def __init__(self, ngram_size: int = 3, max_penalty: float = -1.0) -> None:
        if ngram_size < 1 or not -math.inf < max_penalty <= 0:
            raise ValueError(f"repetition needs ngram_size >= 1 and max_penalty <= 0, got {ngram_size}, {max_penalty}")
        self.ngram_size, self.max_penalty = ngram_size, max_penalty

    def judge(self, completions: list[str], completion_ids: list[list[int]] | None = None,
              **kwargs: Any) -> list[Verdict | None]:
        ids = completion_ids if completion_ids is not None else [()] * len(completions)
        if len(ids) != len(completions):
            raise ValueError(f"{len(ids)} completion_ids for {len(completions)} completions")
        return [self._penalty(list(seq), text) for seq, text in zip(ids, completions, strict=True)]

    def _penalty(self, ids: list[Any], text: str) -> Verdict:
        # Two views, the worse one counts: token ids see loops the words hide (no spaces), the normalised words see
        # loops that a re-spacing, re-casing, re-punctuating or renumbering of each copy gives new token ids.
        repeated, view = max((self._repeated(ids), "token"), (self._repeated(loop_words(text)), "word"))
        if repeated == 0:
            return Verdict(0.0, Status.CORRECT)
        return Verdict(repeated * self.max_penalty, Status.WRONG,
                       f"{repeated:.0%} of {self.ngram_size}-grams repeated ({view}s)")

    def _repeated(self, seq: list[Any]) -> float:
        n = self.ngram_size
        if len(seq) < n:
            return 0.0
        ngrams = list(zip(*(seq[i:] for i in range(n))))
        return 1 - len(set(ngrams)) / len(ngrams)


# A list marker at the start of a line ("1.", "2)", "(3)", "#4") or a "Step 5" anywhere numbers each copy of a loop
# differently; it is read as one word. Numbers inside sentences stay as they are (honest arithmetic repeats "=").
_LIST_MARKER = re.compile(r"^[ \t]*(?:#|\()?\d{1,4}[.):](?!\d)|\bstep[ \t]*\d{1,4}\b", re.IGNORECASE | re.MULTILINE)


def loop_words(text: str) -> list[str]:
    """The words of ``text`` as a loop detector reads them: as a reader sees them (zero-width characters dropped,
    full-width and look-alike letters folded), case-folded, punctuation and spacing dropped, list numbers read as
    one marker.

    >>> loop_words("1. Try  again, Sam!\\n2) try again sam")
    ['#', 'try', 'again', 'sam', '#', 'try', 'again', 'sam']
    """
    return re.findall(r"#|[^\W_]+", _LIST_MARKER.sub(" # ", reader_view(text).casefold()))


class LengthScaled(Reward):
    """A correctness reward's verdict scaled by length on a cosine schedule (short correct > long correct > long
    wrong > short wrong); ``None`` where the correctness reward cannot score.

    >>> LengthScaled(max_len=100)(["\\\\boxed{4}", "\\\\boxed{5}"], answer=["4", "4"], completion_ids=[[1] * 50] * 2)
    [0.75, -0.75]
    """

    __name__ = "length_scaled"
    # Constructor arguments naming another reward: `rewards.get_many` fills them with the instance it shares.
    reward_params: ClassVar[tuple[str, ...]] = ("correctness",)

    def __init__(self, correctness: str | RewardFn = "math_exact", max_len: int = 1000,
                 min_correct: float = 0.5, max_correct: float = 1.0,
                 min_wrong: float = -1.0, max_wrong: float = -0.5) -> None:
        if isinstance(correctness, str):

            correctness = catalog.get(correctness)
        if not 1 <= max_len < math.inf:
            raise ValueError(f"length_scaled needs max_len >= 1, got {max_len}")
        wrong, correct = (min_wrong, max_wrong), (min_correct, max_correct)
        if not all(math.isfinite(x) for x in wrong + correct) or max(wrong) >= min(correct):
            raise ValueError(f"length_scaled needs finite scores, every wrong one below every correct one: "
                             f"wrong {wrong}, correct {correct}")
        self.correctness, self.max_len = correctness, max_len
        self.min_correct, self.max_correct = min_correct, max_correct
        self.min_wrong, self.max_wrong = min_wrong, max_wrong

    @property
    def columns(self) -> tuple[str | tuple[str, ...], ...]:  # type: ignore[override]
        return required_columns(self.correctness)

    def inputs(self, completions: list[Any]) -> list[Any]:
        return list(completions)  # the correctness reward reads them as TRL sent them

    def judge(self, completions: list[Any], completion_ids: list[list[int]] | None = None,
              **kwargs: Any) -> list[Verdict | None]:
        lengths = _lengths(completions, completion_ids)
        verdicts = verdicts_of(self.correctness, completions, completion_ids=completion_ids, **kwargs)
        # Not judged (None, or unscorable: no fault of the completion) stays so: a length is no verdict on its own.
        return [v if v is None or is_unscorable(v) else self._scale(v, n)
                for v, n in zip(verdicts, lengths, strict=True)]

    def _scale(self, verdict: Verdict, length: int) -> Verdict:
        progress = min(length / self.max_len, 1.0)
        # A penalty's "correct" (no penalty) pays nothing.
        if verdict.status is Status.CORRECT and (verdict.score or 0.0) > 0:
            short, long = self.max_correct, self.min_correct
        else:
            short, long = self.min_wrong, self.max_wrong
        # Yeo et al. (2025) App. C.1: v_long + (v_short - v_long) * (1 + cos(pi * L / L_max)) / 2
        score = long + 0.5 * (short - long) * (1.0 + math.cos(progress * math.pi))
        return Verdict(score, verdict.status, verdict.detail, verdict.answer)
