"""Red-team rows for math_exact: answers it once misjudged and inputs that once made extraction slow.

One row per fixed bug, (gold, completion, expected), from the hardening pass on branch ``harden-math``.
"""

from __future__ import annotations

import pytest
from cpu_cost import growth

from rewards.math.hedges import hedge
from rewards.protocol import Status
from rewards.reading.caps import too_complex
from rewards.reading.final import extract_answer, final_answer
from rewards.reading.literals import number, quick_verdict

RELATIONS = [
    # a relation whose sides contradict each other commits to nothing
    ("3", "\\boxed{4 = 3}", 0.0, "false-equation-literals"),
    ("13", "\\boxed{12 = 13}", 0.0, "false-equation-last-side"),
    ("5", "\\boxed{x = 4 = 5}", 0.0, "false-chain"),
    ("5", "\\boxed{4 \\to 5}", 0.0, "arrow-literals"),
    ("5", "\\boxed{4 \\Rightarrow 5}", 0.0, "implies-literals"),
    ("5", "\\boxed{2+2=5}", 0.0, "false-equation-expression"),
    ("4", "\\boxed{2+2=4}", 1.0, "true-equation"),
    ("5", "\\boxed{f(4) = 5}", 1.0, "function-value"),
    ("5", "\\boxed{x = 5}", 1.0, "assignment-still-fine"),
]

PROSE = [
    # prose around a last-line or "answer is" answer is not a list
    ("5", "Therefore, $x=5$.", 1.0, "last-line-comma-prose"),
    ("5", "Therefore, the total is $5$.", 1.0, "last-line-comma-prose-span"),
    ("5", "In total, she has 5 apples.", 1.0, "last-line-comma-words"),
    ("5", "The answer is 5, which is odd.", 1.0, "answer-is-comma-clause"),
    ("18", "The answer is 18, because 9*2=18.", 1.0, "answer-is-comma-because"),
    ("5", "So $x=5$, $x=6$.", 0.0, "last-line-two-spans-still-hedge"),
    ("7", "So $5$, $6$, $7$ are possible", 0.0, "last-line-span-list-still-hedge"),
    ("5", "The answer is 5, and 6.", 0.0, "answer-is-comma-and-still-hedge"),
    ("18", "Janet makes 16 - 3 - 4 = 9 eggs, and 9 * $2 = $18.", 1.0, "last-line-worked-steps"),
    ("9", "Janet makes 16 - 3 - 4 = 9 eggs, and 9 * $2 = $18.", 0.0, "last-line-worked-steps-wrong"),
    ("5", "So x = 5, y = 6", 0.0, "last-line-assignments-still-hedge"),
    ("6", "We get 5, 6", 0.0, "last-line-bare-list-still-hedge"),
]

PHRASES = [
    # markdown emphasis and sentence punctuation around an answer phrase
    ("5", "So, the answer is **5**.", 1.0, "answer-is-bold"),
    ("42", "the answer is: **42**", 1.0, "answer-is-colon-bold"),
    ("5", "Thus, the final answer is 5!", 1.0, "answer-is-exclamation"),
    ("120", "Thus, the final answer is 5!", 0.0, "answer-is-exclamation-not-factorial"),
    ("5", "\\boxed{5}\\boxed{\\ }", 1.0, "blank-spacing-box-ignored"),
]

DECIMALS = [
    # decimals: exact against a terminating gold, 6 correct decimals against a repeating one
    ("2.5", "\\boxed{2.4999999}", 0.0, "decimal-gold-exact"),
    ("3", "\\boxed{3.0000001}", 0.0, "integer-gold-exact"),
    ("0.0000001", "\\boxed{0}", 0.0, "tiny-gold-exact"),
    ("\\frac23", "\\boxed{0.666667}", 1.0, "repeating-rounded"),
    ("\\frac23", "\\boxed{0.666666}", 1.0, "repeating-truncated"),
    ("\\frac13", "\\boxed{0.333}", 0.0, "repeating-too-short"),
    ("\\frac13", "\\boxed{0.333334}", 0.0, "repeating-wrong-last-digit"),
    ("\\frac13", "\\boxed{0.333335}", 0.0, "repeating-off-by-two-units"),
    ("-\\frac{1}{3}", "\\boxed{-0.3333333}", 1.0, "repeating-negative"),
]

FORMS = [
    # one value boxed twice in different forms is no hedge; different values still are
    ("\\frac12", "\\boxed{\\frac{1}{2}} which is \\boxed{0.5}", 1.0, "boxed-twice-fraction-decimal"),
    ("5", "\\boxed{x=5}. Final: \\boxed{5}", 1.0, "boxed-twice-assignment"),
    ("5", "\\boxed{5} dollars, so \\boxed{\\$5}", 1.0, "boxed-twice-dollar"),
    ("5", "\\boxed{5.0} or rather \\boxed{6}", 0.0, "boxed-twice-different-still-hedge"),
    # wrappers and glosses around a literal
    ("5", "\\boxed{\\text{5 dollars}}", 1.0, "text-wrapped-unit"),
    ("5", "\\boxed{\\mathrm{5\\,m}}", 1.0, "mathrm-wrapped-unit"),
    ("5", "The answer is 5 (five).", 1.0, "answer-is-gloss"),
    ("B", "The answer is (B) (the second one).", 1.0, "choice-gloss"),
    ("B", "The answer is (B).", 1.0, "choice-kept"),
    ("B", "\\boxed{(B) 12}", 1.0, "choice-with-value"),
    ("B", "\\boxed{\\textbf{(B)} 12}", 1.0, "choice-bold-with-value"),
    ("B", "\\boxed{B: 12}", 1.0, "choice-colon-with-value"),
    ("C", "\\boxed{(B) 12}", 0.0, "choice-with-value-wrong"),
    ("B", "\\boxed{(A)(B)}", 0.0, "two-choices-still-wrong"),
    ("B", "\\boxed{(B) 12, (C) 13}", 0.0, "two-choices-with-values-still-wrong"),
]

NOTATION = [
    ("-5", "\\boxed{–5}", 1.0, "en-dash-minus"),
    ("-5", "\\boxed{−5}", 1.0, "unicode-minus"),
    ("\\emptyset", "\\boxed{\\varnothing}", 1.0, "varnothing"),
    ("12.5\\%", "\\boxed{12.5}", 1.0, "percent-gold-decimal-bare"),
    ("12.5\\%", "\\boxed{0.125}", 1.0, "percent-gold-as-fraction"),
    ("12.5\\%", "\\boxed{12}", 0.0, "percent-gold-wrong"),
    ("0.125", "\\boxed{12.5\\%}", 1.0, "percent-answer-decimal"),
    ("0.\\overline{3}", "\\boxed{1/3}", 1.0, "repeating-decimal-gold"),
    ("\\frac16", "\\boxed{0.1\\overline{6}}", 1.0, "repeating-decimal-answer"),
    ("\\frac16", "\\boxed{0.\\overline{16}}", 0.0, "repeating-decimal-wrong"),
    ("5", "Final answer: **5** apples", 1.0, "bold-then-unit"),
]

ROWS = NOTATION + RELATIONS + PROSE + PHRASES + DECIMALS + FORMS


@pytest.mark.parametrize(("gold", "completion", "expected"), [r[:3] for r in ROWS], ids=[r[3] for r in ROWS])
def test_row(math_exact, gold, completion, expected):
    assert math_exact(completions=[completion], answer=[gold]) == [expected]


# (head, run, repeats, tail): head + run * repeats + tail, about 100 KB; each once took seconds to read (50 s at worst).
ADVERSARIAL = {
    "answer-tags": ("", "<answer>", 12_500, ""),
    "answer-tags-unclosed": ("<answer>", "x", 100_000, ""),
    "spaces": ("", " ", 100_000, ""),
    "newlines": ("", "\n", 100_000, ""),
    "answer-spaces": ("answer", " ", 100_000, ""),
    "hashes-spaces": ("####", " \t", 50_000, ""),
    "boxes": ("", "\\boxed{", 14_000, ""),
    "braces": ("", "{", 100_000, ""),
    "answer-words-then-digit": ("The answer is ", "ab ", 6_000, "5"),
    "last-line-words-then-digit": ("x\n", "ab ", 300, "5"),
    "text-wrapped-digits": ("\\text{", "1", 100_000, "x"),
    "boxes-written-together": ("", "\\boxed{1} or ", 8_000, ""),
    "boxes-apart": ("", "\\boxed{1} then ", 7_000, ""),
    "display-openers": ("", "\\[\n", 50_000, "\\]"),
    "answer-is-display-unclosed": ("The answer is \\[", " 1", 50_000, ""),
    "answer-is-span-then-words": ("The answer is $1$ ", "ab ", 30_000, ""),
    "special-tokens": ("<|", "a", 100_000, ""),
    "bold-last-line": ("", "**", 50_000, ""),
    "assignments": ("\\boxed{", "x=1,", 200, "}"),
    "question-lines": ("", "x\nQuestion:", 10_000, ""),
    "control-characters": ("", "\x0c\x0b\x08", 30_000, ""),
}


LINEAR_CHARS = 16_000  # under MAX_COMPLETION_CHARS


def _read_and_compare(text: str) -> None:
    hedge(extract_answer(text), "5")
    final_answer(text)
    for helper in (number, lambda s: quick_verdict("5", s), lambda s: quick_verdict(s, "5")):
        helper(text)


@pytest.mark.parametrize("attack", list(ADVERSARIAL.values()), ids=list(ADVERSARIAL))
def test_extraction_and_helpers_grow_linearly(attack):
    # extraction and the cheap comparisons run in the trainer process: a quadratic regex would stall a step. Measured
    # below the 20,000-character completion cap, where every reader sees the whole text: twice the repeats must cost
    # under 3x the CPU time (linear: 2x; quadratic: 4x). The 100 KB text itself is read too (the cap cuts it first).
    head, run, repeats, tail = attack
    _read_and_compare(head + run * repeats + tail)
    large = min(repeats, LINEAR_CHARS // len(run))
    half, full = growth(_read_and_compare, head + run * (large // 2) + tail, head + run * large + tail,
                        own_thread=True, bound=3)
    assert full < 3 * half, f"{full:.3f}s for twice the repeats of {half:.3f}s"


def test_number_refuses_huge_literals_instead_of_raising():
    assert number("1" * 100_000) is None
    assert quick_verdict("1" * 5000, "1") is None


def test_answer_tags_keep_findall_semantics():
    assert final_answer("<answer>1</answer> <answer>2</answer>") == "2"
    assert final_answer("<ANSWER>a<answer>b</answer> <answer>c") == "a<answer>b"
    assert final_answer("<answer>\n3\n</answer>") == "3"


def test_answer_tags_stay_verbatim_for_other_rewards():
    # countdown and reasoning_gym read final_answer: prose clean-ups (bold, glosses) must not rewrite their answers
    assert final_answer("<answer>2**10**2</answer>") == "2**10**2"
    assert final_answer("<answer>Paris (France)</answer>") == "Paris (France)"


@pytest.mark.parametrize("gold", [None, float("nan")])
def test_missing_gold_scores_none_not_the_string_none(math_exact, gold):
    # str(None) is "None", which math-verify parses as a symbol: a model answering \boxed{None} would be paid
    assert math_exact(completions=["\\boxed{None}", "\\boxed{nan}"], answer=[gold, gold]) == [None, None]


@pytest.mark.parametrize("bomb", ["(10^9)!", "(10^{100})!", "10^{10^7}", "10^{10000000}", "2^{2^{100}}",
                                  "(x+1)^{100000}", "x^{-100000}", "{9^9}^{9^9}"])
def test_numeric_bombs_are_refused_before_the_pool(math_exact, bomb):
    # each one used to cost a worker kill and a 1-2 s restart: a batch of distinct bombs stalled a step for minutes
    verdict = math_exact.verdicts([f"\\boxed{{{bomb}}}"], answer=["5"])[0]
    assert (verdict.score, verdict.status) == (0.0, Status.UNPARSED)


@pytest.mark.parametrize("fine", ["2^{2023}", "(n+1)!", "e^{x^2}", "10^{-5}", "3 \\times 10^{5}", "999!"])
def test_ordinary_powers_and_factorials_are_not_refused(fine):
    assert too_complex(fine) == ""


def _boxed_sets(boxes: int) -> str:
    return "".join("\\boxed{\\{" + ",".join(str(j) for j in range(i, i + 300)) + "\\}}" for i in range(boxes))


def _boxed_matrices(boxes: int) -> str:
    return "".join("\\boxed{\\begin{pmatrix}" + "1&" * 1200 + f"{i}\\end{{pmatrix}}}}" for i in range(boxes))


@pytest.mark.parametrize("make", [_boxed_sets, _boxed_matrices], ids=["sets", "matrices"])
def test_merging_restated_boxes_grows_linearly(make):
    # boxes are compared pairwise in the trainer process: many or long ones must not cost k^2 full parses. Twice the
    # boxes must cost under 3x the CPU time (pairwise comparisons: 4x).
    half, full = growth(extract_answer, make(8), make(16), own_thread=True, bound=3)
    assert full < 3 * half, f"{full:.3f}s for 16 boxes, {half:.3f}s for 8"
