"""Red-team set 12 (branch ``attack12``) for the rewards other than math_exact and the code sandbox: one test per
finding. Tests that pass assert a hole is closed; ``xfail(strict=True)`` marks a hole left open, with its reason."""

from __future__ import annotations

import importlib.util

import pytest

import envs
import rewards
from rewards.reasoning_gym import containment_credit

needs_rg = pytest.mark.skipif(importlib.util.find_spec("reasoning_gym") is None,
                              reason="reasoning-gym not installed (pip install 'rlvr-kit[reasoning-gym]')")


def _columns(dataset, n):
    return {c: [dataset[0][c]] * n for c in dataset.column_names if c != "prompt"}


@pytest.fixture(scope="module")
def letter_counting():
    """A task on reasoning-gym's default ``score_answer`` (a third of the tasks): its answers are small counts."""
    return envs.make("reasoning_gym:letter_counting", n_train=8, n_eval=4, seed=2)


# reasoning-gym's containment credit (len(oracle) / len(answer) for an answer that contains the oracle) paid wrong
# answers and hedges: "13" for 3 earned 0.5, "not 3" 0.2, and "0123456789" 0.1 on every one-digit answer, a constant
# a policy whose group failed would learn. They now score 0 before the task's credit is passed through.
CONTAINING = ["<answer>1{g}</answer>", "<answer>{g}0</answer>", "<answer>-{g}</answer>", "<answer>not {g}</answer>",
              "<answer>maybe {g}</answer>", "<answer>{g}, 999</answer>", "<answer>{g}\n7</answer>",
              "<answer>[{g}]</answer>", "<answer>{g} {g}</answer>", "\\boxed{{{g} / 7}}"]


@needs_rg
@pytest.mark.parametrize("template", CONTAINING)
def test_an_answer_that_only_contains_the_right_one_earns_no_credit(letter_counting, template):
    gold = letter_counting.eval[0]["answer"]
    (verdict,) = rewards.get("reasoning_gym").verdicts([template.format(g=gold)], **_columns(letter_counting.eval, 1))
    assert (verdict.score, verdict.status.value) == (0.0, "wrong"), verdict
    assert "containment credit" in verdict.detail


@needs_rg
@pytest.mark.parametrize("task", ["letter_counting", "gcd", "leg_counting", "chain_sum", "basic_arithmetic"])
def test_every_digit_at_once_earns_nothing(task):
    env = envs.make(f"reasoning_gym:{task}", n_train=8, n_eval=4, seed=2)
    n = len(env.eval)
    columns = {c: list(env.eval[c]) for c in env.eval.column_names if c != "prompt"}
    scores = env.reward_funcs()[0](completions=["<answer>0123456789</answer>"] * n, **columns)
    assert scores == [0.0] * n
    honest = env.reward_funcs()[0](completions=list(env.eval["reference"]), **columns)
    assert honest == [1.0] * n


def test_containment_credit_is_recognised_exactly():
    assert containment_credit(0.5, "13", "3") and containment_credit(0.8, "1,000,5", "1,000")  # commas stripped
    assert not containment_credit(1.0, "3", "3") and not containment_credit(0.0, "7", "3")
    assert not containment_credit(0.3, "13", "3")  # a task's own partial credit, not the length share
    assert not containment_credit(0.5, "13", ["3"])  # an oracle that is no string


@needs_rg
def test_a_task_whose_scorer_pays_any_answer_scores_nothing():
    """reasoning-gym 0.1.19's game_of_life_halting compares bool(answer) with bool(oracle): "xyz", "False" and
    "True" all paid 1.0 on every entry. A canary answer shows the scorer judges nothing: unscorable, not 1.0."""
    env = envs.make("reasoning_gym:game_of_life_halting", n_train=4, n_eval=2, seed=2)
    completions = ["<answer>xyz</answer>", "<answer>True</answer>", "<answer>False</answer>"]
    columns = _columns(env.eval, len(completions))
    verdicts = rewards.get("reasoning_gym").verdicts(completions, **columns)
    assert [(v.score, v.status.value) for v in verdicts] == [(None, "unscorable")] * 3
    assert "pays full marks for an answer that is not the entry's" in verdicts[0].detail


@needs_rg
def test_a_guess_the_scorer_pays_for_any_probability_scores_nothing():
    """coin_flip's prefix credit pays "0" full marks for every probability below 1 ("0" is a one-character prefix of
    "0.0009", the whole of the shorter string): a canary "0" shows it, so those rows score None, not 1.0."""
    env = envs.make("reasoning_gym:coin_flip", n_train=4, n_eval=3, seed=2)
    rows = [i for i in range(len(env.eval)) if float(env.eval[i]["answer"]) < 1]
    assert rows
    for i in rows:
        columns = {c: [env.eval[i][c]] for c in env.eval.column_names if c != "prompt"}
        (verdict,) = rewards.get("reasoning_gym").verdicts(["<answer>0</answer>"], **columns)
        assert (verdict.score, verdict.status.value) == (None, "unscorable"), verdict


@needs_rg
def test_a_scorer_that_raises_on_the_canary_still_pays_an_honest_answer():
    """prime_factorization's score_answer raises on text it cannot read: the canary pays nothing, the answer stands."""
    env = envs.make("reasoning_gym:prime_factorization", n_train=4, n_eval=2, seed=2)
    columns = {c: list(env.eval[c]) for c in env.eval.column_names if c != "prompt"}
    assert env.reward_funcs()[0](completions=list(env.eval["reference"]), **columns) == [1.0] * len(env.eval)


@needs_rg
@pytest.mark.xfail(strict=True, reason="spell_backward's prefix credit adds 1/len per matching character and takes 0.2 "
                   "off only when the sum == 1.0, which float rounding misses (0.9999999999999999): the right word "
                   "followed by any other text earns ~1.0. Task-specific; no generic rule here tells it from a "
                   "task's own partial credit")
def test_the_right_word_then_another_is_no_answer():
    env = envs.make("reasoning_gym:spell_backward", n_train=4, n_eval=2, seed=2)
    gold = env.eval[0]["answer"]
    (verdict,) = rewards.get("reasoning_gym").verdicts([f"<answer>{gold}\n{gold[::-1]}</answer>"],
                                                       **_columns(env.eval, 1))
    assert verdict.score is not None and verdict.score < 0.9


@pytest.mark.parametrize("expression", ["(6-2)⋅5", "(6−2)∗5", "(6-2) ⋅ 5 = 20"])
def test_countdown_reads_the_unicode_multiplication_signs(expression):
    """The dot operator (U+22C5) and asterisk operator (U+2217) were a SyntaxError: an honest answer scored 0."""
    assert rewards.get("countdown")(completions=[f"\\boxed{{{expression}}}"], numbers=[[2, 5, 6]], target=[20]) == [1.0]


OPTIONS = ["12", "15", "18", "21"]
# Honest answers multiple_choice scored 0 (unparsed, or a hedge it was not), and what must stay refused beside them.
CHOICE_ROWS = [
    ("The answer is C (18).", 1.0, "letter-then-its-text-in-brackets"),
    ("Answer: **C** (18)", 1.0, "bold-letter-then-its-text"),
    ("C is the answer.", 1.0, "letter-is-the-answer"),
    ("I'd go with C.", 1.0, "i-d-go-with"),
    ("The answer is C, not A or B.", 1.0, "negated-alternatives"),
    ("The answer is C (15).", 0.0, "letter-with-another-options-text"),
    ("The answer is C (or A).", 0.0, "bracketed-alternative-still-hedge"),
    ("The answer is C (A or B).", 0.0, "bracketed-letters-still-hedge"),
    ("The answer is not A, or B.", 0.0, "negation-then-offer-still-hedge"),
    ("The answer is C; it isn't A, or B.", 0.0, "offer-after-negated-clause-still-hedge"),
    ("A is the answer.", 0.0, "letter-is-the-answer-wrong"),
]


@pytest.mark.parametrize(("completion", "expected"), [r[:2] for r in CHOICE_ROWS], ids=[r[2] for r in CHOICE_ROWS])
def test_multiple_choice_row(completion, expected):
    assert rewards.get("multiple_choice")(completions=[completion], answer=["C"], options=[OPTIONS]) == [expected]


@pytest.mark.parametrize("completion", ["Hence, (C) is correct.", "The correct choice is C, which is 18."])
@pytest.mark.xfail(strict=True, reason="an answer in prose is read only in the statements rewards/choice/answer.py "
                   "lists; a capital letter in a sentence is not read as a choice (docs/rewards.md, Limits)")
def test_multiple_choice_prose_statements_left(completion):
    assert rewards.get("multiple_choice")(completions=[completion], answer=["C"], options=[OPTIONS]) == [1.0]


# The readers this set changed, on runs of the text they now match: twice the repeats must cost under 3x the CPU time
# (linear 2x, quadratic 4x), below the 20,000-character completion cap.
def _choice(text):
    from rewards.choice.answer import read_choice
    return read_choice(text, OPTIONS)


def _math(text):
    from rewards.math.exact import _triage
    return _triage("5", text)


GROWTH = {
    "or-after-negation": (_choice, "The answer is C, ", "not A or B, ", ""),
    "negations-then-or": (_choice, "The answer is C ", "not never nor ", "or B."),
    "letter-then-brackets": (_choice, "Answer: C (", "(18 ", ")"),
    "scale-words": (_math, "\\boxed{", "3\\text{ dozen eggs} + ", "1}"),
    "scale-word-unclosed": (_math, "\\boxed{3\\text{ dozen ", "eggs ", "}"),
    "approximations": (_math, "\\boxed{", "\\sqrt{2} \\approx 1.41 \\approx ", "1.4}"),
    "code-spans": (_math, "", "`6` ", "`6`"),
    "therefore": (_math, "$", "\\therefore ∴ ", "x = 5$"),
    "struck-boxes": (_math, "", "\\cancel{\\boxed{1}} ", "\\boxed{5}"),
    "nested-strikes": (_math, "", "\\cancel{\\sout{", "\\boxed{5}"),
    "unclosed-strikes": (_math, "\\boxed{5}", "\\st{ ", "x"),
    "strikes-in-choice": (_choice, "", "\\xout{\\boxed{A}} ", "\\boxed{C}"),
}


@pytest.mark.parametrize("reader, head, run, tail", GROWTH.values(), ids=GROWTH.keys())
def test_changed_readers_grow_linearly(reader, head, run, tail):
    from cpu_cost import growth

    large = 16_000 // len(run)
    half, full = growth(reader, head + run * (large // 2) + tail, head + run * large + tail, own_thread=True, bound=3)
    assert full < 3 * half, f"{full:.3f}s for twice the repeats of {half:.3f}s"
