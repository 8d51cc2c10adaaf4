"""rewards.check_reward: every built-in reward passes on its env's rows; each named check fails on the defect it is
for."""

from __future__ import annotations

import re

import pytest

import rewards
from rewards import Reward, RewardCheckError, Status, Verdict, check_reward
from rewards.math.exact import MathExact

ROWS = [{"prompt": "1+1=", "answer": "2", "reference": "\\boxed{2}"},
        {"prompt": "2+2=", "answer": "4", "reference": "\\boxed{5}"}]
CHAT_ROWS = [{**row, "prompt": [{"role": "user", "content": row["prompt"]}]} for row in ROWS]


def length_mismatch(completions, **kwargs):
    return [1.0]


def infinite(completions, **kwargs):
    return [float("inf")] * len(completions)


def reads_strings_only(completions, answer, **kwargs):
    return [float(c.endswith(f"{{{a}}}")) for c, a in zip(completions, answer)]


def raises(completions, **kwargs):
    raise ValueError("cannot read this")


class CountsAcrossCompletions(Reward):
    """Pays the first completion it ever sees in a batch: state carried between completions."""

    __name__ = "counts_across"

    def judge(self, completions, **columns):
        return [Verdict(float(i == 0), Status.CORRECT if i == 0 else Status.WRONG) for i in range(len(completions))]


class BrokenFallback(Reward):
    """A batch judge that works and a one-at-a-time fallback that does not (the override has another signature)."""

    __name__ = "broken_fallback"

    def judge(self, completions, **columns):
        return [Verdict(1.0, Status.CORRECT) for _ in completions]

    def _judge_one(self, box, completion, row):  # type: ignore[override]
        return Verdict(float(completion[:1] == "x"), Status.CORRECT)  # completion is the index here


class Down(Reward):
    """A checker whose service is gone: every completion ends in status error."""

    __name__ = "down"

    def judge(self, completions, **columns):
        return [Verdict(0.0, Status.ERROR, "ConnectionRefusedError: the judge service is gone") for _ in completions]


class Unpicklable(Reward):
    __name__ = "unpicklable"

    def __init__(self):
        self.fn = lambda text: 1.0

    def judge(self, completions, **columns):
        return [Verdict(self.fn(c), Status.CORRECT) for c in completions]


def test_math_exact_passes_on_plain_and_chat_rows():
    check_reward(MathExact(), ROWS)
    check_reward(MathExact(), CHAT_ROWS)


@pytest.mark.parametrize(("fn", "message"), [
    (length_mismatch, "returned 1 for 2 completions"),
    (infinite, "the score inf; scores are finite floats"),
    (raises, "raised ValueError: cannot read this on plain-text completions"),
    (lambda completions: [0.0] * len(completions), "must accept `completions` and `**kwargs`"),
    (CountsAcrossCompletions(), "scores completion 1 1.0 alone but 0.0 in a batch"),
    (BrokenFallback(), "one-at-a-time fallback (Reward._judge_one(items, i, kwargs), taken after a failed batch) "
                       "raised TypeError"),
    (Unpicklable(), "cannot be pickled"),
    (Down(), "is down: status 'error' on all 2 completions it was tried on: error: ConnectionRefusedError"),
])
def test_each_check_names_the_defect(fn, message):
    with pytest.raises(RewardCheckError, match=re.escape(message)):
        check_reward(fn, ROWS)


def test_a_function_that_reads_only_strings_fails_on_conversational_rows():
    check_reward(reads_strings_only, ROWS)
    with pytest.raises(RewardCheckError, match="on conversational completions"):
        check_reward(reads_strings_only, CHAT_ROWS)


def test_missing_columns_and_references_are_named():
    with pytest.raises(rewards.MissingColumnError, match="reads column 'answer'"):
        check_reward(MathExact(), [{"prompt": "1+1=", "reference": "2"}])
    with pytest.raises(RewardCheckError, match="no 'reference' column"):
        check_reward(MathExact(), [{"prompt": "1+1=", "answer": "2"}])
