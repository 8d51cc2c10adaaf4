"""math_exact on the notation of MATH and of model outputs: one (gold, completion, expected) row per rule.

Each block pairs rows that a rule must pay with rows that the same rule must not: a rule that only learned its
example would fail the second kind.
"""

from __future__ import annotations

import pytest

from rewards.math import check_golds, gold_answer

SEPARATORS = [
    ("25000", "\\boxed{25,\\!000}", 1.0, "math-thousands-boxed"),
    ("3500", "The answer is $3,\\!500$.", 1.0, "math-thousands-answer-is"),
    ("12345.60", "She pays \\boxed{\\$12,\\!345.60}", 1.0, "money-math-thousands"),
    ("1234567", "\\boxed{1,\\!234,\\!567}", 1.0, "math-thousands-two-groups"),
    ("25000", "\\boxed{25,\\!001}", 0.0, "math-thousands-wrong"),
    ("25,\\!000", "\\boxed{25000}", 1.0, "math-thousands-in-gold"),
    ("25", "\\boxed{25,\\!000}", 0.0, "math-thousands-not-a-list"),
    ("2, 5", "\\boxed{2,\\!5}", 1.0, "comma-space-before-one-digit-is-a-list"),
    ("1000", "\\boxed{1\\,000}", 1.0, "thin-space-thousands"),
    ("1000", "\\boxed{1\\,001}", 0.0, "thin-space-thousands-wrong"),
]

MULTI_ANSWER_GOLDS = [
    ("The roots are $\\boxed{-3}$ and $\\boxed{5}$.", "\\boxed{-3, 5}", 1.0, "two-boxes-gold-list-answer"),
    ("The roots are $\\boxed{-3}$ and $\\boxed{5}$.", "\\boxed{5, -3}", 1.0, "two-boxes-gold-any-order"),
    ("The roots are $\\boxed{-3}$ and $\\boxed{5}$.", "\\boxed{5}", 0.0, "two-boxes-gold-partial"),
    ("The roots are $\\boxed{-3}$ and $\\boxed{5}$.", "\\boxed{-3}", 0.0, "two-boxes-gold-other-partial"),
    ("The roots are $\\boxed{-3}$ and $\\boxed{5}$.", "$x=-3$ or $x=5$, so \\boxed{-3} and \\boxed{5}", 1.0,
     "two-boxes-gold-two-boxes"),
    ("We first get $\\boxed{4}$. Then the answer is $\\boxed{7}$.", "\\boxed{7}", 1.0, "gold-boxes-apart-last-counts"),
    ("$(2,9)$ or $(9,2)$", "\\boxed{(2,9), (9,2)}", 1.0, "or-gold-both"),
    ("$(2,9)$ or $(9,2)$", "\\boxed{(9,2)} or \\boxed{(2,9)}", 1.0, "or-gold-both-boxed-or"),
    ("$(2,9)$ or $(9,2)$", "\\boxed{(2,9)}", 0.0, "or-gold-one-tuple"),
    ("{1, 2, 3}", "\\boxed{\\{3, 2, 1\\}}", 1.0, "plain-brace-set-gold"),
    ("{1, 2, 3}", "\\boxed{1, 2, 3}", 1.0, "plain-brace-set-gold-bare-list"),
    ("{1, 2, 3}", "\\boxed{1, 2}", 0.0, "plain-brace-set-gold-partial"),
    ("{1, 2, 3}", "\\boxed{123}", 0.0, "plain-brace-set-gold-not-a-number"),
]

INEQUALITIES = [
    ("-1 < x < 3", "\\boxed{(-1, 3)}", 1.0, "inequality-gold-interval"),
    ("-1 < x < 3", "\\boxed{[-1, 3]}", 0.0, "inequality-gold-closed-interval"),
    ("-1 \\le x < 3", "\\boxed{[-1, 3)}", 1.0, "inequality-gold-half-open"),
    ("x \\geq 2", "\\boxed{[2, \\infty)}", 1.0, "one-sided-inequality-gold"),
    ("x > 2", "\\boxed{[2, \\infty)}", 0.0, "one-sided-inequality-gold-wrong-bracket"),
    ("(-1, 3)", "\\boxed{-1 < x < 3}", 1.0, "interval-gold-inequality-answer"),
    ("(-1, 3)", "\\boxed{-1 < x \\le 3}", 0.0, "interval-gold-inequality-answer-wrong"),
    ("(-\\infty, 5]", "The solution is $x \\le 5$.\n\\boxed{x \\le 5}", 1.0, "interval-gold-upper-bound"),
]

CHAT_TEMPLATE = [
    ("\\frac{3}{4}", "Add them up, so the answer is 3/4. <|im_start|>user\nThanks!", 1.0, "im-start-turn-after"),
    ("\\frac{3}{4}", "So it is $\\frac34$.<|im_end|>\n<|im_start|>user\nNow do 5/6", 1.0, "im-end-then-turn"),
    ("7", "The answer is 7.<|eot_id|><|start_header_id|>user<|end_header_id|>\n\nAnd 8?", 1.0, "llama-turn-after"),
    ("8", "The answer is 7.<|eot_id|><|start_header_id|>user<|end_header_id|>\n\n\\boxed{8}", 0.0,
     "box-in-later-turn-ignored"),
    ("7", "\\boxed{7}</s>The answer is 9.", 1.0, "eos-then-text"),
    ("\\frac{3}{4}", "So we get $\\frac{3}{4}$\nUser: thanks! And 5/6?", 1.0, "plain-text-user-turn"),
    ("5", "The answer is 5.\n\nQuestion: Tom has 3 apples... The answer is 3.", 1.0, "base-model-next-question"),
    ("3", "The answer is 5.\n\nQuestion: Tom has 3 apples... The answer is 3.", 0.0, "base-model-next-question-wrong"),
    ("5", "Question: restated first.\nThe answer is 5.", 1.0, "question-line-at-the-start-is-kept"),
]

WORD_GOLDS = [
    ("Answer is twelve.", "\\boxed{12}", 1.0, "word-gold-number-word"),
    ("the answer is 10000", "\\boxed{10000}", 1.0, "prose-gold-answer-is"),
    ("the answer is 10000", "\\boxed{1000}", 0.0, "prose-gold-answer-is-wrong"),
    ("\\text{Devon and Sarah}", "\\boxed{\\text{Devon and Sarah}}", 1.0, "words-in-text-gold-kept"),
    ("ab + bc", "\\boxed{ab+bc}", 1.0, "products-of-letters-are-not-prose"),
]

ROUNDED_GOLDS = [
    ("0.0714285714", "\\boxed{\\frac{1}{14}}", 1.0, "rounded-gold-fraction"),
    ("0.0714285714", "\\boxed{\\frac{1}{15}}", 0.0, "rounded-gold-other-fraction"),
    ("2.315 \\times 10^{-3}", "\\boxed{\\frac{463}{200000}}", 1.0, "scientific-gold-exact"),
    ("0.333", "\\boxed{\\frac{1}{3}}", 1.0, "three-digit-rounding"),
    ("0.33", "\\boxed{\\frac{1}{3}}", 0.0, "two-digit-gold-is-no-rounding"),
    ("2.5", "\\boxed{2.4999999}", 0.0, "exact-decimal-gold-stays-exact"),
    ("1.25", "\\boxed{\\frac{1249}{1000}}", 0.0, "finite-fraction-must-match-exactly"),
    ("0.0707106781", "\\boxed{\\frac{\\sqrt{2}}{20}}", 1.0, "rounded-gold-surd"),
    ("1.41", "\\boxed{\\sqrt{2}}", 1.0, "rounded-gold-irrational"),
    ("1.42", "\\boxed{\\sqrt{2}}", 0.0, "rounded-gold-irrational-wrong"),
    ("1.4", "\\boxed{\\sqrt{2}}", 0.0, "two-digit-gold-irrational"),
    ("2.718", "\\boxed{e}", 1.0, "rounded-gold-e"),
]

FINAL_STATEMENTS = [
    ("5", "So \\boxed{3} at first.\nWait, I made an error. The final answer is 5.", 1.0, "final-answer-after-box"),
    ("3", "So \\boxed{3} at first.\nWait, I made an error. The final answer is 5.", 0.0, "final-answer-after-box-old"),
    ("3", "Thus \\boxed{3}.\nThe final answer is $3$. I hope it is correct.", 1.0, "final-answer-repeats-box"),
    ("7", "The answer is 3.\nChecking again: \\boxed{7}", 1.0, "plain-answer-is-before-box-loses"),
    ("5", "\\boxed{5}. Note the answer is not an integer in general.", 1.0, "remark-after-box-is-no-statement"),
]

PROSE_ANSWERS = [
    ("17", "Final Answer: The smallest such $k$ is 17.", 1.0, "final-answer-sentence"),
    ("17", "The answer is that there are 17 ways.", 1.0, "answer-is-that-there-are"),
    ("17", "The answer is a total of 17 handshakes.", 1.0, "answer-is-a-total-of"),
    ("16", "The answer is that there are 17 ways.", 0.0, "answer-is-that-there-are-wrong"),
    ("2", "The answer is the square root of 2.", 0.0, "value-changing-words-kept"),
    ("5", "The answer is not 5.", 0.0, "negation-kept"),
    ("5", "The answer is at least 5.", 0.0, "at-least-kept"),
    ("5", "The answer is that it is 5 or 6.", 0.0, "or-in-prose-is-a-hedge"),
    ("12", "So the answer is twelve.", 1.0, "number-word-answer"),
    ("9", "The answer is: the sum of the digits is 9.", 1.0, "subject-words-dropped"),
    ("17", "The answer is 17 because 17 is prime.", 1.0, "reason-after-the-value"),
    ("17", "The answer is 17 ways to arrange them.", 1.0, "noun-phrase-after-the-value"),
    ("17", "The answer is 17 squared.", 0.0, "value-changing-word-after-the-value"),
    ("17", "The answer is 17 more than x.", 0.0, "more-than-after-the-value"),
    ("10", "The answer is 10 choose 2.", 0.0, "choose-after-the-value"),
]

SMALL = [
    ("\\frac{1}{2}", "so the result is\n\\boxed{\x0crac{1}{2}}", 1.0, "form-feed-eaten-escape"),
    ("7", "The total is 7\x0cso", 1.0, "form-feed-does-not-split-the-line"),
    ("8", "The total is 7\x0cso", 0.0, "form-feed-does-not-split-the-line-wrong"),
    ("42", "We get\x0b\n42", 1.0, "vertical-tab-does-not-split"),
    ("10", "\\boxed{10}", 1.0, "plain"),
    ("10 \\text{ weeks}", "\\boxed{10}", 1.0, "gold-with-text-unit"),
    ("10\\text{ cm}^2", "\\boxed{10}", 1.0, "gold-with-squared-unit"),
    ("10\\text{ cm}^2", "\\boxed{11}", 0.0, "gold-with-squared-unit-wrong"),
    ("D", "D. it can't be A or B", 1.0, "choice-line-mentions-other-letters"),
    ("D", "(A) or (D)", 0.0, "two-marked-choices-is-a-hedge"),
    ("1.5", "\\boxed{1\\frac12}", 1.0, "mixed-number"),
    ("1\\frac{1}{2}", "\\boxed{\\frac{3}{2}}", 1.0, "mixed-number-gold"),
    ("0.5", "\\boxed{1\\frac12}", 0.0, "mixed-number-is-not-a-product"),
    ("7", "She had 10 apples, ate 3, and now has 7 left.", 1.0, "prose-last-line-numbers-are-no-list"),
    ("3", "She had 10 apples, ate 3, and now has 7 left.", 0.0, "prose-last-line-last-value-counts"),
    ("6", "It could be 5 and 6.", 0.0, "prose-last-line-ending-in-a-list"),
    ("6", "It is 5, not 6.", 0.0, "prose-last-line-negation"),
    ("B", "(B) since A and C fail", 1.0, "choice-then-reason-naming-others"),
]

FAST_PATH = [  # closed forms and polynomials decided in-process by value (rewards.math.evaluate)
    ("\\frac{22\\pi}{35}", "\\boxed{\\frac{22}{35}\\pi}", 1.0, "fast-pi-fraction"),
    ("\\frac{22\\pi}{35}", "\\boxed{\\frac{22\\pi}{36}}", 0.0, "fast-pi-fraction-wrong"),
    ("28\\sqrt{10}", "\\boxed{\\sqrt{7840}}", 1.0, "fast-surd"),
    ("x^2 + 19x + 31", "\\boxed{31+19x+x^2}", 1.0, "fast-polynomial"),
    ("x^2 + 19x + 31", "\\boxed{x^2+19x-31}", 0.0, "fast-polynomial-wrong"),
    ("2^{60}", "\\boxed{2^{60}+1}", 0.0, "too-big-for-doubles-goes-to-sympy"),
    ("\\frac{1}{2^{40}}", "\\boxed{\\frac{1}{2^{40}+1}}", 0.0, "too-small-for-doubles-goes-to-sympy"),
    ("\\sqrt{x^2}", "\\boxed{x}", 0.0, "branch-of-the-root"),
]

TABLE = (FAST_PATH + SEPARATORS + MULTI_ANSWER_GOLDS + INEQUALITIES + CHAT_TEMPLATE + WORD_GOLDS + ROUNDED_GOLDS
         + FINAL_STATEMENTS + PROSE_ANSWERS + SMALL)


@pytest.mark.parametrize(("gold", "completion", "expected"), [row[:3] for row in TABLE], ids=[row[3] for row in TABLE])
def test_row(math_exact, gold, completion, expected):
    assert math_exact(completions=[completion], answer=[gold]) == [expected]


@pytest.mark.parametrize("gold", ["x^2\\", "Answer: it depends on the reader", "We cannot tell without more data."])
def test_unusable_golds_score_none_and_are_reported(math_exact, gold, caplog):
    assert gold_answer(gold) is None
    assert math_exact(completions=["\\boxed{185}"], answer=[gold]) == [None]
    with caplog.at_level("WARNING", logger="rewards.math"):
        assert check_golds([gold, "5"], where="fixture") == [gold]
    assert "fixture: 1 of 2 distinct gold answers" in caplog.text
