"""Red-team set 12 for math_exact (branch ``attack12``): one row per finding, (gold, completion, expected).

Rows that pass assert a hole is closed or an honest form is read; rows marked ``xfail(strict=True)`` are holes left
open, each with its reason.
"""

from __future__ import annotations

import pytest

from rewards.math.hedges import contradiction

# An approximate relation between closed forms that are far apart: math-verify reads the first side alone, so
# "\\sqrt{2} \\approx 7" paid \\sqrt{2} though the answer says it is about 7 (literal sides were already refused).
FALSE_APPROXIMATIONS = [
    ("\\sqrt{2}", "\\boxed{\\sqrt{2} \\approx 7}", 0.0, "sqrt-approx-far"),
    ("7", "\\boxed{7 \\approx \\sqrt{2}}", 0.0, "far-approx-sqrt"),
    ("\\pi", "\\boxed{\\pi \\approx 7}", 0.0, "pi-approx-far"),
    ("5", "\\boxed{2+3 \\approx 7}", 0.0, "sum-approx-far"),
    ("5", "\\boxed{2+3 ≈ 7}", 0.0, "sum-unicode-approx-far"),
    ("2", "\\boxed{\\sqrt{4} ≈ 70}", 0.0, "root-unicode-approx-far"),
    ("2^{10}", "\\boxed{2^{10} \\approx 7}", 0.0, "power-approx-far"),
    ("\\frac{\\pi}{4}", "The area is $\\frac{\\pi}{4} \\approx 9$.", 0.0, "sentence-span-approx-far"),
    ("\\sqrt{2}", "\\boxed{\\sqrt{2} \\approx 1.42}", 0.0, "misrounded-as-literals-are"),  # as \frac23 \approx 0.66
]

# What the fix must keep paying: approximations that hold to the places written.
HONEST_APPROXIMATIONS = [
    ("\\sqrt{2}", "\\boxed{\\sqrt{2} \\approx 1.41}", 1.0, "sqrt-two-places"),
    ("\\sqrt{2}", "$\\sqrt{2} \\approx 1.414$", 1.0, "sqrt-three-places"),
    ("2\\sqrt{3}", "The answer is $2\\sqrt{3} \\approx 3.46$.", 1.0, "multiple-of-root"),
    ("\\pi", "\\boxed{\\pi \\approx 3.14}", 1.0, "pi-two-places"),
    ("\\pi", "\\boxed{\\pi \\approx 3}", 1.0, "pi-integer"),
    ("5", "\\boxed{2+3 \\approx 5}", 1.0, "sum-approx-itself"),
    ("\\frac{\\pi}{4}", "\\boxed{\\frac{\\pi}{4} \\approx 0.785}", 1.0, "quarter-pi"),
    ("0.33", "\\boxed{\\frac{1}{3} \\approx 0.33}", 1.0, "fraction-then-decimal-gold"),
]

# Honest answers once scored 0: bold-math font switches, a "therefore" sign, a last line in a code span.
HONEST_FORMS = [
    ("5", "\\boxed{\\bm{5}}", 1.0, "bm"),
    ("5", "\\boxed{\\boldsymbol{5}}", 1.0, "boldsymbol"),
    ("6", "\\boxed{\\boldsymbol{5}}", 0.0, "boldsymbol-wrong"),
    ("2", "$\\therefore x = 2$", 1.0, "therefore-inline"),
    ("2", "\\[\\therefore\\ x=2\\]", 1.0, "therefore-display"),
    ("2", "$∴ x = 2$", 1.0, "therefore-sign-in-math"),
    ("3", "$\\therefore x = 2$", 0.0, "therefore-wrong"),
    ("6", "`6`", 1.0, "code-span-last-line"),
    ("7", "`6`", 0.0, "code-span-wrong"),
    ("6", "`6 or 7`", 0.0, "code-span-hedge"),
    ("\\text{yes}", "Yes.", 1.0, "bare-yes-last-line"),  # a one-word last line against a gold in words (mathfmt)
    ("\\text{yes}", "No.", 0.0, "bare-no-last-line"),
]

# A word in \text{} after a number that changes its value was dropped as a unit: "3 squared" paid 3, "3 hundred" paid
# 3. Scale words multiply (as "thousand" already did), operations apply; words after a scale word stay a unit.
VALUE_WORDS = [
    ("3", "\\boxed{3\\text{ squared}}", 0.0, "squared-not-a-unit"),
    ("9", "\\boxed{3\\text{ squared}}", 1.0, "squared-is-its-value"),
    ("3", "\\boxed{3\\text{ cubed}}", 0.0, "cubed-not-a-unit"),
    ("3", "\\boxed{3\\text{ dozen}}", 0.0, "dozen-not-a-unit"),
    ("36", "\\boxed{3\\text{ dozen}}", 1.0, "dozen-is-its-value"),
    ("3", "\\boxed{3 \\text{ dozen eggs}}", 0.0, "dozen-then-unit"),
    ("36", "\\boxed{3 \\text{ dozen eggs}}", 1.0, "dozen-then-unit-value"),
    ("3", "\\boxed{3\\text{ hundred}}", 0.0, "hundred-not-a-unit"),
    ("300", "\\boxed{3 \\text{ hundred dollars}}", 1.0, "hundred-then-unit"),
    ("3", "\\boxed{3 \\text{ tens}}", 0.0, "tens-not-a-unit"),
    ("3", "\\boxed{3 \\text{ halves}}", 0.0, "halves-not-a-unit"),
    ("\\frac{3}{2}", "\\boxed{3 \\text{ halves}}", 1.0, "halves-is-its-value"),
    ("3", "\\boxed{3 \\text{ lakh}}", 0.0, "lakh-not-a-unit"),
    ("3", "\\boxed{3 \\text{ bn}}", 0.0, "bn-not-a-unit"),
    ("12000", "\\boxed{12\\text{ thousand dollars}}", 1.0, "thousand-then-unit"),
    ("5", "\\boxed{5 \\text{ squared units}}", 1.0, "squared-units-still-a-unit"),
    ("10", "\\boxed{10\\text{ cm squared}}", 1.0, "cm-squared-still-a-unit"),
]

# A crossed-out box (cancel, ulem, soul) was read as the last box: "\\boxed{6}\n\\cancel{\\boxed{5}}" paid 5.
STRUCK = [
    ("5", "\\boxed{6}\n\\cancel{\\boxed{5}}", 0.0, "cancelled-last-box"),
    ("6", "\\boxed{6}\n\\cancel{\\boxed{5}}", 1.0, "box-before-the-cancelled-one"),
    ("5", "\\boxed{6}\n\\sout{\\boxed{5}}", 0.0, "sout-last-box"),
    ("5", "\\boxed{6}\n\\xout{\\boxed{5}}", 0.0, "xout-last-box"),
    ("5", "\\boxed{6}\n\\st{\\boxed{5}}", 0.0, "st-last-box"),
    ("5", "\\st{\\boxed{6}} So \\boxed{5}", 1.0, "struck-then-answer"),
    ("5", "\\cancel{6} \\boxed{5}", 1.0, "cancel-outside-the-box"),
]

LEFT_OPEN = [
    pytest.param("5", "\\boxed{6}\nThe answer is not \\boxed{5}.", 0.0, id="negated-last-box",
                 marks=pytest.mark.xfail(strict=True, reason="the last box counts whatever the words before it say "
                                         "('not', 'Wrong:', 'A common mistake is'); the reading stays single-valued, "
                                         "so no hedge gains, but the completion is paid for a value it rejects")),
    pytest.param("3", "She bought 3 dozen.", 0.0, id="prose-sentence-scale-word", marks=pytest.mark.xfail(
        strict=True, reason="a last line that is a sentence is read by math-verify's text reading, which takes its "
                            "last number; 'The answer is 3 dozen.' is kept whole and refused")),
    pytest.param("6.9", "\\boxed{6.9+0 \\approx 7}", 0.0, id="decimal-expression-approx-far", marks=pytest.mark.xfail(
        strict=True, reason="the closed-form parser reads no decimals, so a decimal inside an expression side is not "
                            "checked; math-verify reads the first side (6.9)")),
    pytest.param("7", "\\boxed{6+0 \\equiv 7}", 0.0, id="equiv-without-modulus", marks=pytest.mark.xfail(
        strict=True, reason="\\equiv skips the false-equation check (17 \\equiv 2 is true mod 5, and the modulus may "
                            "be in the question); math-verify reads the last side. The answer's value is still one")),
    pytest.param("6", "\\boxed{six}", 1.0, id="boxed-number-word", marks=pytest.mark.xfail(
        strict=True, reason="number words are read in prose ('The answer is six.') but not inside a box")),
    pytest.param("\\frac{1}{2}", "\\boxed{\\nicefrac{1}{2}}", 1.0, id="nicefrac", marks=pytest.mark.xfail(
        strict=True, reason="\\nicefrac and \\sfrac (packages) are not read as \\frac; rare in model output")),
    pytest.param("90^\\circ", "\\boxed{90\\degree}", 1.0, id="gensymb-degree", marks=pytest.mark.xfail(
        strict=True, reason="gensymb's \\degree is not read as ^\\circ; rare in model output")),
]

ROWS = FALSE_APPROXIMATIONS + HONEST_APPROXIMATIONS + HONEST_FORMS + VALUE_WORDS + STRUCK


@pytest.mark.parametrize(("gold", "completion", "expected"), [r[:3] for r in ROWS], ids=[r[3] for r in ROWS])
def test_row(math_exact, gold, completion, expected):
    assert math_exact(completions=[completion], answer=[gold]) == [expected]


@pytest.mark.parametrize(("gold", "completion", "expected"), LEFT_OPEN)
def test_left_open(math_exact, gold, completion, expected):
    assert math_exact(completions=[completion], answer=[gold]) == [expected]


def test_false_approximation_is_a_contradiction_in_process():
    """Refused before any worker: the detail names the relation."""
    assert contradiction("\\sqrt{2} \\approx 7") == "\\sqrt{2} \\approx 7 is no answer"
    assert contradiction("\\sqrt{2} \\approx 1.41") == ""
    assert contradiction("x \\approx 7") == ""  # a variable: not a closed form, left to math-verify
