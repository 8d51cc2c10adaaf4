"""Answer formats other graders accept (issue 38's third table of graders' own cases), each with rows that must stay
wrong: a format rule that reads more answers must not pay more wrong ones."""

from __future__ import annotations

import pytest

ROWS = [
    # a line that is only an object, or ends with one: the object, never its last number
    ("(1, 2)", "(1, 2)", 1.0),
    ("(1, 2)", "The point is $(1, 2)$.", 1.0),
    ("(1, 2)", "The point is (1, 3).", 0.0),
    ("2", "(1, 2)", 0.0),
    # multiple-choice letters as models lay them out
    ("D", "__D__", 1.0),
    ("D", "__A__", 0.0),
    ("C", "Option C", 1.0),
    ("C", "The correct option: (C).", 1.0),
    ("B", "Option C", 0.0),
    ("B", "Answer – B", 1.0),
    ("B", "Answer — C", 0.0),
    ("B", "Option B or C", 0.0),
    # the value left of its variable
    ("2", "\\boxed{2 = x}", 1.0),
    ("3", "\\boxed{2 = x}", 0.0),
    # code syntax
    ("2^{1/4}", "\\boxed{2**(1/4)}", 1.0),
    ("2^{1/4}", "\\boxed{2**(1/3)}", 0.0),
    ("-1+\\sqrt{3}", "\\boxed{-1 + sqrt(3)}", 1.0),
    ("-1+\\sqrt{3}", "\\boxed{-1 + sqrt(2)}", 0.0),
    ("2\\pi", "The answer is 2*pi", 1.0),
    # a physics gold's left-hand side names the value
    ("I_{\\max} = \\frac{V}{R}", "\\boxed{\\frac{V}{R}}", 1.0),
    ("\\frac{V}{R}", "\\boxed{I_{\\max} = \\frac{V}{R}}", 1.0),
    ("I_{\\max} = \\frac{V}{R}", "\\boxed{\\frac{V}{2R}}", 0.0),
    ("I_{\\max} = \\frac{V}{R}", "\\boxed{P_{\\max} = \\frac{V}{R}}", 0.0),
    # identities a CAS confirms exactly
    ("a", "\\boxed{a\\sin^2x + a\\cos^2x}", 1.0),
    ("a", "\\boxed{a\\sin^2x + a\\cos^2x + 1}", 0.0),
    # numerals
    ("12", "答案是十二", 1.0),
    ("3", "The answer is 三", 1.0),
    ("12", "答案是十三", 0.0),
    ("20000", "答案是两万", 1.0),
    # typographic thousands separators (thin and narrow no-break spaces), a bare percent line
    ("1000000", "1\u2009000\u2009000", 1.0),
    ("1000000", "The answer is 1\u202f000\u202f000.", 1.0),
    ("1000", "1\u2009000\u2009000", 0.0),
    ("33.5\\%", "33.5\\%", 1.0),
    ("34", "33.5\\%", 0.0),
    # a congruence answers its residue when it holds
    ("2", "\\boxed{17 \\equiv 2 \\pmod{5}}", 1.0),
    ("2", "$17 \\equiv 2 \\ (\\mathrm{mod}\\ 5)$", 1.0),
    ("3", "\\boxed{17 \\equiv 3 \\pmod{5}}", 0.0),
]


@pytest.mark.parametrize("gold, completion, expected", ROWS)
def test_field_formats(math_exact, gold, completion, expected):
    assert math_exact([completion], answer=[gold]) == [expected]
