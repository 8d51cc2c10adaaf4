"""Shaping rewards: DAPO overlong ramp, n-gram repetition, cosine length scaling on a shared correctness verdict."""

from __future__ import annotations

import math
import pickle
import re

import pytest
from trl.rewards import get_cosine_scaled_reward, get_repetition_penalty_reward, get_soft_overlong_punishment

import rewards
from rewards.math import MathExact


def test_overlong_follows_dapo_eq13_like_trl():
    fn = rewards.get("overlong", max_len=20, cache=8)
    ids = [[7] * n for n in (0, 5, 12, 13, 16, 20, 21, 500)]
    texts = ["x"] * len(ids)
    ours = fn(completions=texts, completion_ids=ids)
    assert ours == get_soft_overlong_punishment(20, 8)(completion_ids=ids)
    assert ours[:3] == [0.0, 0.0, 0.0] and ours[-2:] == [-1.0, -1.0] and ours[4] == -0.5


def test_overlong_counts_tokens_not_characters():
    fn = rewards.get("overlong", max_len=4, cache=2)
    assert fn(completions=["a" * 1000, "b"], completion_ids=[[1], [1] * 9]) == [0.0, -1.0]


def test_overlong_without_completion_ids_is_an_error_status_not_a_crash():
    fn = rewards.get("overlong")
    verdicts = fn.verdicts(["hello"])
    assert verdicts[0].score == 0.0 and verdicts[0].status is rewards.Status.ERROR
    assert "completion_ids" in verdicts[0].detail
    with pytest.raises(ValueError, match="cache <= max_len"):
        rewards.get("overlong", max_len=4, cache=8)


def test_repetition_matches_trl_on_token_ids():
    ids = [[1, 2, 3, 4, 5], [5, 5, 5, 5, 5, 5], [1, 2, 1, 2, 1, 2, 1, 2], [1]]
    fn = rewards.get("repetition", ngram_size=2)
    assert fn(completions=["t"] * 4, completion_ids=ids) == get_repetition_penalty_reward(2, -1.0)(completion_ids=ids)


def test_repetition_on_words_without_ids():
    fn = rewards.get("repetition", ngram_size=3, max_penalty=-0.5)
    looped = "the cat sat " * 10
    scores = fn(completions=["one two three four five six", looped, "too short"])
    assert scores[0] == 0.0 and scores[2] == 0.0
    assert -0.5 < scores[1] < -0.4  # 3 distinct trigrams among 28


def test_length_scaled_matches_trl_cosine_below_max_len():
    texts = ["\\boxed{\\frac{1}{3}}", "\\boxed{\\frac{1}{2}}", "\\boxed{\\frac{1}{3}}", "\\boxed{7}"]
    ids = [[1] * 50, [1] * 50, [1] * 10, [1] * 90]
    gold = ["\\frac{1}{3}"] * 4
    ours = rewards.get("length_scaled", max_len=100)(completions=texts, completion_ids=ids, solution=gold)
    trl = get_cosine_scaled_reward(max_len=100)(
        completions=[[{"content": t}] for t in texts], solution=gold, completion_ids=ids)
    assert ours == pytest.approx(trl)
    assert ours[0] == pytest.approx(0.75) and ours[1] == pytest.approx(-0.75)
    assert ours[2] > ours[0] > ours[3] > ours[1]  # short correct > long correct > long wrong > short wrong


def test_length_scaled_clips_past_max_len():
    fn = rewards.get("length_scaled", max_len=10)
    scores = fn(completions=["\\boxed{4}", "\\boxed{5}"], answer=["4", "4"], completion_ids=[[1] * 20, [1] * 20])
    assert scores == [pytest.approx(0.5), pytest.approx(-0.5)]  # unclipped cos(2*pi) would give 1.0 and -1.0


def test_length_scaled_keeps_none_and_status_of_the_correctness_verdict():
    fn = rewards.get("length_scaled")
    verdicts = fn.verdicts(["\\boxed{4}", "no answer here"], answer=["", "4"],
                           completion_ids=[[1], [1]])
    assert verdicts[0] is None
    assert verdicts[1].status is rewards.Status.UNPARSED and verdicts[1].score == pytest.approx(-1.0, abs=1e-4)
    assert fn.columns == (("answer", "solution"),)


class CountingMathExact(MathExact):
    """math_exact that records every completion its checker judges."""

    def __init__(self) -> None:
        self.judged: list[str] = []

    def judge(self, completions, **kwargs):
        self.judged.extend(completions)
        return super().judge(completions, **kwargs)


def test_length_scaled_reuses_the_verdicts_of_its_correctness_reward():
    checker = CountingMathExact()
    scaled = rewards.get("length_scaled", correctness=checker, max_len=8)
    batch = dict(completions=["\\boxed{4}", "\\boxed{5}"], answer=["4", "4"], completion_ids=[[1, 2], [1, 2]])
    assert checker(**batch) == [1.0, 0.0]
    scores = scaled(**batch)
    assert checker.judged == batch["completions"]  # judged once, by the direct call
    assert scores[0] == pytest.approx(0.5 + 0.25 * (1 + math.cos(math.pi / 4)))
    assert pickle.loads(pickle.dumps(scaled))(**batch) == scores


def _ids(text):
    """Ids of words with their leading spacing, as BPE tokenizers give: each spelling variant is a new token."""
    return [hash(piece) for piece in re.findall(r"\s*\S+", text)]


SENTENCE = "Let me add the numbers again."
LOOP = "\n".join([SENTENCE] * 20)


def _recased(i):
    return " ".join(w.upper() if (i >> j) & 1 else w for j, w in enumerate(SENTENCE.split()))


PERTURBED_LOOPS = {
    "numbered lines": "\n".join(f"{i}. {SENTENCE}" for i in range(1, 21)),
    "numbered steps": " ".join(f"Step {i}: {SENTENCE}" for i in range(1, 21)),
    "re-spaced": "\n".join((" " * (i + 1)).join(SENTENCE.split()) for i in range(20)),
    "re-cased": "\n".join(_recased(i) for i in range(20)),
    "re-punctuated": "\n".join(SENTENCE.replace(" ", ", " if i % 2 else " - ").replace(".", "!" * (i + 1))
                               for i in range(20)),
}


@pytest.mark.parametrize("text", PERTURBED_LOOPS.values(), ids=PERTURBED_LOOPS.keys())
def test_repetition_sees_through_small_perturbations_of_a_loop(text):
    fn = rewards.get("repetition")
    (plain,) = fn(completions=[LOOP], completion_ids=[_ids(LOOP)])
    (perturbed,) = fn(completions=[text], completion_ids=[_ids(text)])
    assert plain < -0.8
    assert perturbed < -0.9  # before, on token ids alone: -0.55, -0.59, 0.0, -0.72, -0.58


def test_repetition_keeps_honest_arithmetic_unpenalised():
    honest = "12 + 35 = 47, then 47 * 2 = 94, and 94 - 4 = 90. So the answer is 90."
    assert rewards.get("repetition")(completions=[honest], completion_ids=[_ids(honest)]) == [0.0]


def test_repetition_is_bounded_and_rejects_non_finite_penalties():
    fn = rewards.get("repetition", max_penalty=-0.5)
    scores = fn(completions=[LOOP, "x " * 10_000], completion_ids=[[1] * 500, [2] * 10_000])
    assert all(-0.5 <= s <= 0.0 for s in scores)
    for bad in (float("nan"), float("-inf"), 0.1):
        with pytest.raises(ValueError):
            rewards.get("repetition", max_penalty=bad)


def test_length_scaled_pays_nothing_positive_for_a_penalty_status():
    # A penalty reports "correct" when it finds nothing wrong; used as the correctness reward it paid +0.83 to any
    # short non-repetitive text.
    fn = rewards.get("length_scaled", correctness="repetition", max_len=10)
    assert fn(completions=["garbage"], completion_ids=[[1, 2, 3, 4]])[0] < 0


@pytest.mark.parametrize("kwargs", [{"min_wrong": 2.0, "max_wrong": 3.0}, {"max_wrong": 0.6},
                                    {"min_correct": float("nan")}, {"max_len": float("inf")}])
def test_length_scaled_refuses_settings_that_pay_a_wrong_answer_like_a_correct_one(kwargs):
    with pytest.raises(ValueError):
        rewards.get("length_scaled", **kwargs)


def test_length_scaled_never_pays_wrong_above_correct_at_any_length():
    fn = rewards.get("length_scaled", max_len=50)
    lengths = [0, 1, 10, 25, 49, 50, 51, 10_000]
    correct = fn(completions=["\\boxed{4}"] * 8, answer=["4"] * 8, completion_ids=[[1] * n for n in lengths])
    wrong = fn(completions=["\\boxed{5}"] * 8, answer=["4"] * 8, completion_ids=[[1] * n for n in lengths])
    assert max(wrong) < 0 < min(correct)


def test_repetition_sees_through_invisible_and_full_width_spellings():
    zero_width = "\n".join(SENTENCE[:i + 1] + "\u200b" + SENTENCE[i + 1:] for i in range(20))  # before: -0.61
    fn = rewards.get("repetition")
    assert fn(completions=[zero_width], completion_ids=[_ids(zero_width)])[0] < -0.9
