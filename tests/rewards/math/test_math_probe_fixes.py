"""math_exact on the false negatives and false positives the red team's math probe found (branch ``mathprobe``,
``redteam/math_probe.py``), one table per class (gold, completion, expected, id).

Each class has the probe's rows and near misses beside them (a wrong value in the same form scores 0), so a fix that
pays every answer of the form fails here too.
"""

from __future__ import annotations

import pytest

from rewards.reading.final import extract_answer, final_answer

R1_ZERO = "Let me think step by step. We multiply six by seven.\n"

# 1. <answer> content gets the reading a whole completion gets: answer phrases, bold, ####, a sentence ending in it
ANSWER_TAG_PROSE = [
    ("42", R1_ZERO + "<answer> The answer is 42. </answer>", 1.0, "tag-answer-is"),
    ("42", R1_ZERO + "<answer>The total is 42.</answer>", 1.0, "tag-sentence"),
    ("42", R1_ZERO + "<answer>She has 42 marbles.</answer>", 1.0, "tag-sentence-unit"),
    ("42", R1_ZERO + "<answer>So she sold 42 clips in total.</answer>", 1.0, "tag-sentence-clause"),
    ("42", R1_ZERO + "<answer>Answer: 42</answer>", 1.0, "tag-answer-colon"),
    ("42", R1_ZERO + "<answer>#### 42</answer>", 1.0, "tag-gsm8k"),
    ("42", R1_ZERO + "<answer>**42**</answer>", 1.0, "tag-bold"),
    ("42", R1_ZERO + "<answer>Therefore, the answer is 42.</answer>", 1.0, "tag-therefore"),
    ("42", R1_ZERO + "<answer>The answer is $42$</answer>", 1.0, "tag-answer-is-span"),
    ("42", R1_ZERO + "<answer>\nWe get 40 first.\nThe answer is 42.\n</answer>", 1.0, "tag-lines"),
    ("43", R1_ZERO + "<answer>The total is 42.</answer>", 0.0, "tag-sentence-wrong"),
    ("43", R1_ZERO + "<answer>Therefore, the answer is 42.</answer>", 0.0, "tag-therefore-wrong"),
    ("43", R1_ZERO + "<answer>**42**</answer>", 0.0, "tag-bold-wrong"),
    ("42", R1_ZERO + "<answer>The answer is 42 or 43.</answer>", 0.0, "tag-hedge"),
    ("42", R1_ZERO + "<answer>The answer is 42.</answer> <answer>43</answer>", 0.0, "tag-last-counts"),
    ("42", R1_ZERO + "<answer>   </answer>", 0.0, "tag-empty"),
]


@pytest.mark.parametrize("gold, completion, expected",
                         [r[:3] for r in ANSWER_TAG_PROSE], ids=[r[3] for r in ANSWER_TAG_PROSE])
def test_answer_tag_content_is_read_like_a_completion(math_exact, gold, completion, expected):
    assert math_exact(completions=[completion], answer=[gold]) == [expected]


def test_answer_tag_stays_verbatim_for_final_answer():
    # countdown and reasoning_gym read the tag as written; only math's reading of it changed
    assert final_answer("<answer>The total is 42.</answer>") == "The total is 42"
    assert extract_answer("<answer>The total is 42.</answer>").tag == "The total is 42"
    assert final_answer("<answer>   </answer>") == ""


# 2. a float gold cell (a pandas column of floats) is its plain decimal, not str(float)'s "1e-05" / "1.5e+16"
FLOAT_GOLDS = [
    (1e-05, "\\boxed{0.00001}", 1.0, "tiny-decimal"),
    (2e-05, "\\boxed{2 \\times 10^{-5}}", 1.0, "tiny-scientific"),
    (5e-05, "The answer is 0.00005.", 1.0, "tiny-answer-is"),
    (1.5e16, "\\boxed{1.5 \\times 10^{16}}", 1.0, "large-scientific"),
    (1.5e16, "\\boxed{15000000000000000}", 1.0, "large-integer"),
    (1e20, "\\boxed{100000000000000000000}", 1.0, "huge-integer"),
    (1e20, "\\boxed{10^{20}}", 1.0, "huge-power"),
    (1e300, "\\boxed{10^{300}}", 1.0, "beyond-plain-power"),
    (2.5, "\\boxed{\\frac52}", 1.0, "ordinary-float"),
    (3.0, "\\boxed{3}", 1.0, "integral-float"),
    (1e-05, "\\boxed{0.0001}", 0.0, "tiny-decimal-wrong"),
    (2e-05, "\\boxed{2 \\times 10^{-6}}", 0.0, "tiny-scientific-wrong"),
    (1.5e16, "\\boxed{1.5 \\times 10^{15}}", 0.0, "large-scientific-wrong"),
    (1e20, "\\boxed{10^{21}}", 0.0, "huge-power-wrong"),
]


@pytest.mark.parametrize("gold, completion, expected", [r[:3] for r in FLOAT_GOLDS], ids=[r[3] for r in FLOAT_GOLDS])
def test_float_gold_cells_are_plain_decimals(math_exact, gold, completion, expected):
    assert math_exact(completions=[completion], answer=[gold]) == [expected]


def boxed(answer: str) -> str:
    return f"Working through the steps carefully.\nSo the answer is $\\boxed{{{answer}}}$."


# 3. spacing commands at the ends of an answer are taken whole: "12\," is 12, not "12\" (a dangling backslash)
EDGE_SPACING = [
    ("12", boxed("12\\,"), 1.0, "thin-space"),
    ("12", boxed("12\\;"), 1.0, "thick-space"),
    ("12", boxed("12\\ "), 1.0, "control-space"),
    ("12", boxed("12\\!"), 1.0, "negative-space"),
    ("12", boxed("12\\:"), 1.0, "medium-space"),
    ("1000", boxed("\\,1000\\,"), 1.0, "both-ends"),
    ("1000", boxed("1000\\;"), 1.0, "thick-space-1000"),
    ("12", boxed("\\quad 12\\qquad"), 1.0, "quads"),
    ("(2, 3)", boxed("(2, 3)\\,"), 1.0, "tuple"),
    ("\\frac{\\sqrt{3}}{2}", boxed("\\dfrac{\\sqrt{3}}{2}\\,"), 1.0, "fraction"),
    ("12", boxed("12\\,\\text{cm}\\,"), 1.0, "unit-between"),
    ("12", "The answer is $12\\,$.", 1.0, "answer-is"),
    ("1000", boxed("1\\,000"), 1.0, "inner-thin-space-is-a-separator"),
    ("13", boxed("12\\,"), 0.0, "thin-space-wrong"),
    ("1000", boxed("\\,100\\,"), 0.0, "both-ends-wrong"),
    ("(2, 4)", boxed("(2, 3)\\,"), 0.0, "tuple-wrong"),
]


@pytest.mark.parametrize("gold, completion, expected", [r[:3] for r in EDGE_SPACING], ids=[r[3] for r in EDGE_SPACING])
def test_spacing_commands_at_the_ends_are_taken_whole(math_exact, gold, completion, expected):
    assert math_exact(completions=[completion], answer=[gold]) == [expected]


# 4. an escaped dollar in a prose last line is the currency sign, as an unescaped one already is
ESCAPED_DOLLAR = [
    ("42", "First we multiply six by seven.\nHe paid \\$42.", 1.0, "sentence"),
    ("42", "First we multiply six by seven.\nHe paid \\$42 in total.", 1.0, "sentence-words-after"),
    ("12", "She earns \\$12 in total.", 1.0, "earns"),
    ("12.5", "She earns \\$12.50 in total.", 1.0, "cents"),
    ("1234", "She has \\$1,234 left.", 1.0, "thousands"),
    ("43", "He paid \\$43 and got \\$1 back.", 0.0, "last-value-counts"),
    ("43", "First we multiply six by seven.\nHe paid \\$42.", 0.0, "sentence-wrong"),
    ("42", "He paid \\$42 and then \\$43.", 0.0, "two-amounts-last-counts"),
]


@pytest.mark.parametrize("gold, completion, expected", [r[:3] for r in ESCAPED_DOLLAR],
                         ids=[r[3] for r in ESCAPED_DOLLAR])
def test_escaped_dollar_in_prose_is_a_currency_sign(math_exact, gold, completion, expected):
    assert math_exact(completions=[completion], answer=[gold]) == [expected]


# 5. a final answer followed by a clause: a reason (also in brackets), a semicolon or a dash opening words
CLAUSE_AFTER = [
    ("42", R1_ZERO + "The answer is 42 (since 6 × 7 = 42).", 1.0, "bracketed-reason"),
    ("42", "The answer is 42 (because 6 × 7 = 42).", 1.0, "bracketed-because"),
    ("42", "The answer is 42 (i.e., 6 × 7).", 1.0, "bracketed-ie"),
    ("42", "The answer is 42 as 6 × 7 = 42.", 1.0, "reason-as"),
    ("42", R1_ZERO + "The answer is 42; this is the product.", 1.0, "semicolon"),
    ("42", R1_ZERO + "The answer is 42 — six times seven.", 1.0, "em-dash"),
    ("42", "The answer is 42 – six times seven.", 1.0, "en-dash"),
    ("42", "The answer is 42 -- six times seven.", 1.0, "double-hyphen"),
    ("43", "The answer is 42 (since 6 × 7 = 42).", 0.0, "bracketed-reason-wrong"),
    ("43", "The answer is 42; this is the product.", 0.0, "semicolon-wrong"),
    ("43", "The answer is 42 — six times seven.", 0.0, "em-dash-wrong"),
    ("42", "The answer is 42; or maybe 43.", 0.0, "semicolon-hedge"),
    ("42", "The answer is 42; maybe 43.", 0.0, "semicolon-maybe-hedge"),
    ("42", "The answer is 42 — or 43.", 0.0, "dash-hedge"),
    ("42", "The answer is 42 (or 43).", 0.0, "bracketed-hedge"),
    ("1; 2", "The answer is 1; 2.", 1.0, "semicolon-between-values-stays"),
]


@pytest.mark.parametrize("gold, completion, expected", [r[:3] for r in CLAUSE_AFTER], ids=[r[3] for r in CLAUSE_AFTER])
def test_a_clause_after_the_final_answer_is_no_part_of_it(math_exact, gold, completion, expected):
    assert math_exact(completions=[completion], answer=[gold]) == [expected]


# 6. more answer notations: plain unit words squared or cubed, size and font switches, \textdollar, e-notation,
# a Chinese answer phrase without a colon
NOTATION = [
    ("36", "We work it out.\nThe answer is 36 cm^2.", 1.0, "unit-word-squared"),
    ("36", "The answer is 36 cm^{2}.", 1.0, "unit-word-squared-braced"),
    ("36", boxed("36 cm^2"), 1.0, "boxed-unit-word-squared"),
    ("37", "The answer is 36 cm^2.", 0.0, "unit-word-squared-wrong"),
    ("36", "The answer is 36 cm^4.", 0.0, "unit-word-fourth-power-is-no-unit"),
    ("1000", boxed("\\large 1000"), 1.0, "size-switch"),
    ("1000", boxed("\\Large{1000}"), 1.0, "size-switch-group"),
    ("1000", boxed("\\bf 1000"), 1.0, "font-switch"),
    ("1001", boxed("\\large 1000"), 0.0, "size-switch-wrong"),
    ("12", boxed("\\textdollar 12"), 1.0, "textdollar"),
    ("12", boxed("\\textdollar12.00"), 1.0, "textdollar-cents"),
    ("13", boxed("\\textdollar 12"), 0.0, "textdollar-wrong"),
    ("3.2 \\times 10^{5}", boxed("3.2e5"), 1.0, "e-notation"),
    ("0.00015", boxed("1.5e-4"), 1.0, "e-notation-negative"),
    ("320000", "The answer is 3.2E+5.", 1.0, "e-notation-answer-is"),
    ("3.2 \\times 10^{6}", boxed("3.2e5"), 0.0, "e-notation-wrong"),
    ("0.00015", boxed("1.5e-5"), 0.0, "e-notation-negative-wrong"),
    ("2", boxed("2e"), 0.0, "two-e-is-no-e-notation"),
    ("42", "Let us solve it.\n答案是42", 1.0, "chinese-answer-is"),
    ("42", "Let us solve it.\n答案是 42。", 1.0, "chinese-answer-is-full-stop"),
    ("42", "答案为：42", 1.0, "chinese-answer-is-colon"),
    ("42", "答えは42です。", 1.0, "japanese-answer-is"),
    ("42", "정답은 42", 1.0, "korean-answer-is"),
    ("43", "Let us solve it.\n答案是42", 0.0, "chinese-answer-is-wrong"),
]


@pytest.mark.parametrize("gold, completion, expected", [r[:3] for r in NOTATION], ids=[r[3] for r in NOTATION])
def test_more_answer_notations(math_exact, gold, completion, expected):
    assert math_exact(completions=[completion], answer=[gold]) == [expected]


# 7. false positives math-verify also pays: what follows the number changes it
NOT_THE_NUMBER = [
    ("12", boxed("12\\text{ thousand}"), 0.0, "scale-thousand"),
    ("12", boxed("12 \\text{ million}"), 0.0, "scale-million"),
    ("12", boxed("12\\text{k}"), 0.0, "scale-k"),
    ("12000", boxed("12\\text{ thousand}"), 1.0, "scale-thousand-is-12000"),
    ("12000000", boxed("12 \\text{ million}"), 1.0, "scale-million-is-12000000"),
    ("12000", boxed("12\\text{k}"), 1.0, "scale-k-is-12000"),
    ("1.5 \\times 10^{9}", boxed("1.5\\text{ billion}"), 1.0, "scale-billion-decimal"),
    ("12", boxed("12\\text{ km}"), 1.0, "unit-stays-a-unit"),
    ("1011", boxed("1011_2"), 1.0, "base-the-gold-left-out"),  # as math-verify and the field's graders read it
    ("10", boxed("10_{3}"), 1.0, "base-the-gold-left-out-braced"),
    ("100", boxed("101_2"), 0.0, "base-other-digits"),
    ("5", boxed("101_2"), 0.0, "base-numeral-is-no-decimal-answer-5"),
    ("4", boxed("100_2"), 0.0, "base-numeral-is-no-decimal-answer"),
    ("100_2", boxed("100_{2}"), 1.0, "base-gold-base-answer"),
    ("100_2", boxed("101_2"), 0.0, "base-gold-other-numeral"),
    ("100_2", boxed("100_3"), 0.0, "base-gold-other-base"),
    ("100", boxed("100_{10}"), 1.0, "base-ten-is-the-number"),
    ("x_1", boxed("x_{1}"), 1.0, "variable-subscript-stays"),
    ("2", boxed("2 \\text{ hours } 30 \\text{ minutes}"), 0.0, "compound-hours-minutes"),
    ("2", boxed("2\\text{ h } 30\\text{ min}"), 0.0, "compound-short-units"),
    ("3", boxed("3\\text{ feet } 4\\text{ inches}"), 0.0, "compound-feet-inches"),
    ("5", boxed("5\\text{ dollars and } 50 \\text{ cents}"), 0.0, "compound-dollars-cents"),
    ("2", boxed("2\\text{ hours}"), 1.0, "one-quantity-stays"),
    ("2 \\text{ hours } 30 \\text{ minutes}", boxed("2 \\text{ hours } 30 \\text{ minutes}"), 1.0, "compound-gold"),
    ("3", boxed("3\\mathrm{i}"), 0.0, "upright-i"),
    ("3", boxed("3\\,\\mathrm{i}"), 0.0, "upright-i-spaced"),
    ("3", boxed("3\\text{i}"), 0.0, "text-i"),
    ("2", boxed("2\\mathrm{e}"), 0.0, "upright-e"),
    ("7", boxed("3+4\\mathrm{i}"), 0.0, "upright-i-complex-sum"),
    ("3+4i", boxed("3+4\\mathrm{i}"), 1.0, "upright-i-is-i"),
    ("e^{2}", boxed("\\mathrm{e}^2"), 1.0, "upright-e-is-e"),
    ("3", boxed("3\\text{ in}"), 1.0, "unit-inches-stays"),
]


@pytest.mark.parametrize("gold, completion, expected", [r[:3] for r in NOT_THE_NUMBER],
                         ids=[r[3] for r in NOT_THE_NUMBER])
def test_what_follows_a_number_can_change_it(math_exact, gold, completion, expected):
    assert math_exact(completions=[completion], answer=[gold]) == [expected]
