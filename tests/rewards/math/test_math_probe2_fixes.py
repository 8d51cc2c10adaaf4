"""math_exact on the false negatives the second math probe found (branch ``mathprobe2``, ``redteam/math_probe2.py``),
with near misses beside them: a wrong value in the same form scores 0, so a fix that pays every answer of the form
fails here too. Each row is also checked against real math-verify reading the answer as math.
"""

from __future__ import annotations

import pytest
from math_verify import parse, verify

R1_ZERO = "<think>\nLet me work it out step by step.\n</think>\n"

# 1. <answer> holding bare LaTeX (no $...$, no words): the whole content is the answer, as inside a box; math-verify
#    reading the line as text picks its last number ("(1, -2)" answered -2, "2^{12}" answered 2, "x^2+1" nothing).
ANSWER_TAG_BARE = [
    ("(1,-2)", "(1, -2)", 1.0, "tuple"),
    ("(1,-2)", "(-2, 1)", 0.0, "tuple-swapped"),
    (r"\left( 3, \frac{\pi}{2} \right)", r"(3, \frac{\pi}{2})", 1.0, "polar"),
    (r"\left( 3, \frac{\pi}{2} \right)", r"(3, \frac{3\pi}{2})", 0.0, "polar-wrong"),
    ("4096", "2^{12}", 1.0, "power"),
    ("4096", "2^{11}", 0.0, "power-wrong"),
    ("x^2+7x+10", "(x+2)(x+5)", 1.0, "factored"),
    ("x^2+7x+10", "x^2+7x+12", 0.0, "poly-wrong"),
    ("[2,5)", "[2,5]", 0.0, "interval-bracket"),
    ("-2, 3", "-2", 0.0, "partial-list"),
    ("5", "5, 6", 0.0, "list-hedge"),
]


@pytest.mark.parametrize("gold, content, expected", [r[:3] for r in ANSWER_TAG_BARE],
                         ids=[r[3] for r in ANSWER_TAG_BARE])
def test_bare_latex_in_answer_tag_is_the_whole_answer(math_exact, gold, content, expected):
    completion = f"{R1_ZERO}<answer>{content}</answer>"
    assert math_exact(completions=[completion], answer=[gold]) == [expected]
    assert float(verify(parse(f"${gold}$"), parse(f"${content}$"))) == expected  # math-verify reading it as math


def test_thin_space_thousands_in_answer_tag(math_exact):
    """``4\\,096`` is 4096, as in a box (math-verify cannot read it as math at all)."""
    completions = [f"{R1_ZERO}<answer>{c}</answer>" for c in (r"4\,096", r"4\,069")]
    assert math_exact(completions=completions, answer=["4096"] * 2) == [1.0, 0.0]


def test_words_in_answer_tag_are_still_read_as_prose(math_exact):
    """A tag with words is a sentence: its last value answers ("42 clips"), and a hedge still scores 0."""
    completions = [f"{R1_ZERO}<answer>{c}</answer>" for c in ("42 clips", "41 clips", "42 or 43", "The total is 42.")]
    assert math_exact(completions=completions, answer=["42"] * 4) == [1.0, 0.0, 0.0, 1.0]


# 2. A dollar sign written in text mode, "\text{\$}18.90" (Qwen's MATH money answers): math-verify reads
#    "\text{\$}" as an unknown factor (*18.9); LaTeX draws "\$18.90".
TEXT_DOLLAR = [
    (r"\$18.90", r"\boxed{\text{\$}18.90}", 1.0, "boxed"),
    (r"\$18.90", r"\boxed{\text{ \$ }18.90}", 1.0, "boxed-spaced"),
    (r"\$18.90", r"Final Answer: The final answer is $\text{\$}18.90$. I hope it is correct.", 1.0, "minerva"),
    (r"\$18.90", r"\boxed{\mathrm{\$}18.9}", 1.0, "mathrm"),
    ("18.90", r"\boxed{\text{\$}18.90}", 1.0, "plain-gold"),
    (r"\$18.90", r"\boxed{\text{\$}18.09}", 0.0, "wrong-value"),
    (r"\$18.90", r"\boxed{\text{\$}1890}", 0.0, "wrong-scale"),
]


@pytest.mark.parametrize("gold, completion, expected", [r[:3] for r in TEXT_DOLLAR], ids=[r[3] for r in TEXT_DOLLAR])
def test_text_mode_dollar_is_a_currency_sign(math_exact, gold, completion, expected):
    assert math_exact(completions=[R1_ZERO + completion], answer=[gold]) == [expected]
    # math-verify reads the sign as drawn ("\$18.90") the same way; with "\text{\$}" it reads a product (*18.9)
    drawn = completion.replace(r"\text{\$}", r"\$").replace(r"\text{ \$ }", r"\$").replace(r"\mathrm{\$}", r"\$")
    assert float(verify(parse(f"${gold}$"), parse(drawn))) == expected
