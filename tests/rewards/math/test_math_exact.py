"""math_exact verdicts, one table row per extraction rule, hedge rule and answer kind (gold, completion, expected).

Each rule has a row that would flip if the rule broke: e.g. the think-tag rows put a different boxed value inside the
reasoning, so without the rule they would read as a hedge.
"""

from __future__ import annotations

import pytest

from rewards import deadline_pool
from rewards.math import MathExact, check_golds, gold_answer
from rewards.math import workers as math_pool
from rewards.math.hedges import hedge, items
from rewards.protocol import Status
from rewards.reading.final import extract_answer
from rewards.reading.literals import quick_verdict

EXTRACTION = [
    # 1. reasoning tags: only what follows the last </think> counts
    ("5", "<think>maybe \\boxed{6}</think> so \\boxed{5}", 1.0, "think-after-close"),
    ("6", "<think>maybe \\boxed{6}</think> so \\boxed{5}", 0.0, "think-ignores-reasoning"),
    ("5", "<think>a</think><think>\\boxed{4}</think>The answer is 5.", 1.0, "think-last-close"),
    ("5", "<think>I think it is \\boxed{5}", 0.0, "think-never-closed"),
    # 2. the last \boxed{} / \fbox{} beats every later rule
    ("7", "The answer is 3.\nChecking again: \\boxed{7}", 1.0, "boxed-over-answer-is"),
    ("3", "The answer is 3.\nChecking again: \\boxed{7}", 0.0, "boxed-over-answer-is-wrong"),
    ("7", "\\fbox{7}", 1.0, "fbox"),
    ("\\frac{1}{2}", "so $\\boxed{\\frac{1}{2}}$", 1.0, "boxed-nested-braces"),
    ("5", "\\boxed{5} and then \\boxed{5", 0.0, "boxed-unclosed-after-closed"),
    ("5", "\\boxed{5", 0.0, "boxed-unclosed"),
    # 3. <answer> tags beat "the answer is"
    ("12", "The answer is 4. <answer>12</answer>", 1.0, "answer-tag"),
    ("4", "The answer is 4. <answer>12</answer>", 0.0, "answer-tag-wrong"),
    # 4. "answer is" / "answer:" up to the end of the sentence (a decimal point is not one)
    ("3.5", "So the answer is 3.5.", 1.0, "answer-is-decimal"),
    ("42", "Final Answer: The final answer is $42$. I hope it is correct.", 1.0, "answer-is-minerva"),
    ("9", "The answer is 9.\n#### 8", 1.0, "answer-is-over-gsm8k"),
    ("8", "The answer is 9.\n#### 8", 0.0, "answer-is-over-gsm8k-wrong"),
    # 5. GSM8K ####
    ("72", "48/2 = 24 clips in May.\n48+24 = 72\n#### 72", 1.0, "gsm8k"),
    ("1200", "#### 1,200", 1.0, "gsm8k-thousands"),
    ("24", "48/2 = 24 clips in May.\n48+24 = 72\n#### 72", 0.0, "gsm8k-wrong"),
    # 6. otherwise the last line (math-verify picks its last expression)
    ("85", "85", 1.0, "bare-number"),
    ("85", "Let me add.\n40 + 45 = 85", 1.0, "last-line-expression"),
    ("84", "Let me add.\n40 + 45 = 85", 0.0, "last-line-expression-wrong"),
    ("5", "", 0.0, "empty"),
]

HEDGES = [
    ("5", "The answer is 5 or 6.", 0.0, "or"),
    ("5", "\\boxed{5 \\text{ or } 6}", 0.0, "boxed-or"),
    ("5", "\\boxed{5} or maybe \\boxed{6}", 0.0, "several-boxed"),
    ("5", "First \\boxed{5}, and to be sure: \\boxed{5}", 1.0, "same-boxed-twice"),
    ("5", "\\boxed{5, 6}", 0.0, "list-for-scalar"),
    ("5", "\\boxed{\\{5, 6\\}}", 0.0, "set-for-scalar"),
    ("5", "The answer is 5 and 6.", 0.0, "and-list-for-scalar"),
    ("1000", "\\boxed{1,000}", 1.0, "thousands-separator-is-no-list"),
    ("1, 2", "\\boxed{1} and \\boxed{2}", 1.0, "several-boxed-for-list-gold"),
    ("\\{1,2\\}", "\\boxed{\\{2, 1\\}}", 1.0, "set-gold-any-order"),
    ("(3, -4)", "\\boxed{(3,-4), (-4,3)}", 0.0, "several-tuples-for-one"),
    ("(3, -4)", "I get \\boxed{(3, -4)}.\nNo wait: \\boxed{(-4, 3)}", 0.0, "several-boxed-tuples"),
    ("\\{1,2\\}", "\\boxed{1, 2}", 1.0, "bare-list-for-set-gold"),
]

KINDS = [
    ("5", "\\boxed{5 \\text{ cm}}", 1.0, "unit-text"),
    ("18", "She earns #### $18", 1.0, "dollar-sign"),
    ("18", "The answer is 18 dollars.", 1.0, "unit-word"),
    ("30", "\\boxed{30^\\circ}", 1.0, "degrees"),
    ("50\\%", "\\boxed{50}", 1.0, "percent-gold"),
    ("0.5", "\\boxed{50\\%}", 1.0, "percent-answer"),
    ("0.5", "\\boxed{40\\%}", 0.0, "percent-wrong"),
    ("B", "The answer is (B).", 1.0, "choice"),
    ("B", "\\boxed{\\text{(C)}}", 0.0, "choice-wrong"),
    ("(1,2]", "\\boxed{(1, 2]}", 1.0, "interval"),
    ("(1,2]", "\\boxed{[1,2]}", 0.0, "interval-wrong-bracket"),
    ("(3, -4)", "\\boxed{(3,-4)}", 1.0, "tuple"),
    ("(3, -4)", "\\boxed{(-4,3)}", 0.0, "tuple-order"),
    ("\\begin{pmatrix} 1 \\\\ 2 \\end{pmatrix}", "\\boxed{\\begin{pmatrix}1\\\\2\\end{pmatrix}}", 1.0, "matrix"),
    ("\\begin{pmatrix} 1 \\\\ 2 \\end{pmatrix}", "\\boxed{\\begin{pmatrix}2\\\\1\\end{pmatrix}}", 0.0, "matrix-wrong"),
    ("2", "\\boxed{x = 2}", 1.0, "assignment-answer"),
    ("x=2", "\\boxed{2}", 1.0, "assignment-gold"),
    ("\\frac{1}{2}", "\\boxed{0.5}", 1.0, "fraction-decimal"),
    ("\\frac{1}{3}", "\\boxed{0.333333}", 1.0, "fraction-rounded"),
    ("\\dfrac{3}{4}", "\\boxed{3/4}", 1.0, "dfrac-slash"),
    ("\\frac{\\sqrt{2}}{2}", "\\boxed{\\frac{1}{\\sqrt{2}}}", 1.0, "symbolic"),
    ("-3", "\\boxed{-3}", 1.0, "negative"),
    ("-3", "\\boxed{3}", 0.0, "negative-wrong"),
    ("85", "\\boxed{85.0}", 1.0, "integer-as-decimal"),
    ("85", "\\boxed{86}", 0.0, "integer-wrong"),
    ("25\\%", "\\boxed{30\\%}", 0.0, "percent-both-wrong"),
    ("\\begin{pmatrix} 1 & 3 \\\\ 2 & 4 \\end{pmatrix}", "\\boxed{\\begin{pmatrix}1&3\\\\2&4.0\\end{pmatrix}}", 1.0,
     "matrix-2x2-decimal"),
    ("(1, 2)", "\\boxed{(1, 2, 3)}", 0.0, "tuple-length"),
    ("\\{1,2\\}", "\\boxed{\\{1, 3\\}}", 0.0, "set-wrong"),
    ("x = 3", "\\boxed{x = 4}", 0.0, "assignment-wrong"),
    ("x = \\frac{\\sqrt{2}}{2}", "\\boxed{\\frac{\\sqrt{2}}{2}}", 1.0, "assignment-symbolic"),
    ("(3, -4)", "so we get\n$(3, -4)$", 1.0, "last-line-math-span"),
]

TABLE = EXTRACTION + HEDGES + KINDS


@pytest.mark.parametrize(("gold", "completion", "expected"), [row[:3] for row in TABLE], ids=[row[3] for row in TABLE])
def test_table(math_exact, gold, completion, expected):
    assert math_exact(completions=[completion], answer=[gold]) == [expected]


def test_whole_table_in_one_batch_matches_row_by_row(math_exact):
    scores = math_exact(completions=[row[1] for row in TABLE], answer=[row[0] for row in TABLE])
    assert scores == [row[2] for row in TABLE]


def test_conversational_completions_and_solution_column(math_exact):
    completion = [{"role": "assistant", "content": "It is $\\boxed{\\frac{3}{5}}$."}]
    solution = "Divide: $\\frac{6}{10} = \\boxed{\\frac{3}{5}}$."
    assert math_exact(completions=[completion, completion], solution=[solution, "\\boxed{2}"]) == [1.0, 0.0]


def test_statuses_say_why(math_exact):
    verdicts = math_exact.verdicts(["\\boxed{5} \\boxed{6}", "\\boxed{5", "\\boxed{4}", "\\boxed{5}"], answer=["5"] * 4)
    assert [v.status for v in verdicts] == [Status.WRONG, Status.UNPARSED, Status.WRONG, Status.CORRECT]
    assert verdicts[0].detail.startswith("hedge")


@pytest.mark.parametrize("gold", ["", "\\boxed{", "\\frac{", "2^{2^{2^{2}}}"])
def test_unusable_gold_scores_none(math_exact, gold, caplog):
    assert math_exact(completions=["\\boxed{5}"], answer=[gold]) == [None]


def test_check_golds_reports_count_and_examples(caplog):
    golds = ["5", "\\frac{1}{2}", "\\frac{", "", "7", "\\frac{"]
    with caplog.at_level("WARNING", logger="rewards.math"):
        bad = check_golds(golds, where="fixture")
    assert sorted(bad) == ["", "\\frac{"]
    assert "fixture: 2 of 5 distinct gold answers (3 rows)" in caplog.text and "'\\\\frac{'" in caplog.text


def test_gold_answer_reads_solutions():
    assert gold_answer("so $x = \\boxed{\\frac{1}{2}}$.") == "\\frac{1}{2}"
    assert gold_answer("Natalia sold 48/2 = 24 clips.\n#### 72") == "72"
    assert gold_answer("\\boxed{1} then \\boxed{2}") == "2"


def test_integers_take_the_fast_path_without_a_process():
    reward = MathExact(deadline=0.123, prestart=False)
    completions = [f"\\boxed{{{n}}}" for n in range(256)] + [str(n) for n in range(256)]
    scores = reward(completions=completions, answer=[str(n) for n in range(256)] * 2)
    assert scores == [1.0] * 512
    assert not any(key[2] == 0.123 for key in deadline_pool._pools)


def test_identical_pairs_are_decided_once():
    reward = MathExact(deadline=0.9)
    pool = math_pool.shared_pool(None, 0.9)
    before = pool.items_run
    # e^2 needs math-verify (the in-process fast path leaves Euler's e to it)
    scores = reward(completions=["\\boxed{e^{2}}"] * 32 + ["Hence $\\boxed{e^{2}}$."] * 32, answer=["e^2"] * 64)
    assert scores == [1.0] * 64
    assert pool.items_run - before == 1


def test_extraction_and_hedge_helpers():
    assert extract_answer("<answer> 12 </answer>").tag == "12"
    assert extract_answer("#### 5").rule == "gsm8k"
    assert items("(1, 2]") == 2 and items("f(1, 2)") == 1 and items("1,000,000") == 1
    assert hedge(extract_answer("\\boxed{1, 2}"), "1, 2") == ""
    assert quick_verdict("B", "(b)") is True and quick_verdict("7", "x + 1") is None
