"""Answer formats other graders accept (issue 38's third table of graders' own cases, and the session-22 format sweep),
each with rows that must stay wrong: a format rule that reads more answers must not pay more wrong ones."""

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
    # a thin or control space between digit groups (also before a unit)
    ("2500", "\\boxed{2\\,500 \\text{ m}}", 1.0),
    ("1234", "\\boxed{1\\ 234}", 1.0),
    ("1234", "\\boxed{1\\,243}", 0.0),
    # a mixed number in plain text (PRM800K), a repeating digit dotted
    ("\\frac{5}{2}", "**Answer:** 2 1/2", 1.0),
    ("\\frac{5}{2}", "**Answer:** 2 1/3", 0.0),
    ("1", "**Answer:** 2 1/2", 0.0),
    ("\\frac13", "\\boxed{0.\\dot{3}}", 1.0),
    ("\\frac13", "\\boxed{0.\\dot{6}}", 0.0),
    # j for the imaginary unit when the gold writes i and no j (Qwen2.5-Math)
    ("3+4i", "\\boxed{3+4j}", 1.0),
    ("3-4i", "\\boxed{3+4j}", 0.0),
    ("3i + 4j", "\\boxed{4i + 3j}", 0.0),
    # a named point, a vector in angle brackets, set-builder notation: the object they name
    ("(-1, 4)", "The answer is $P(-1, 4)$.", 1.0),
    ("(-1, 4)", "The answer is $P(4, -1)$.", 0.0),
    ("(-1, 4)", "\\boxed{f(-1, 4)}", 0.0),
    ("(1, 2)", "\\boxed{\\langle 1, 2 \\rangle}", 1.0),
    ("(1, 2)", "\\boxed{\\langle 2, 1 \\rangle}", 0.0),
    ("2", "\\boxed{\\langle 1, 2 \\rangle}", 0.0),
    ("(2, \\infty)", "\\boxed{\\{x \\mid x > 2\\}}", 1.0),
    ("(2, \\infty)", "\\boxed{\\{x \\mid x \\ge 2\\}}", 0.0),
    ("(1,2)", "The answer is $x = 1 \\text{ and } y = 2$.", 1.0),
    ("(1,2)", "The answer is $x = 1 \\text{ and } y = 3$.", 0.0),
    ("(1,2)", "The answer is $x = 1 \\text{ and } x = 2$.", 0.0),
    # a one-\\pm gold is its two values against a listed answer
    ("\\frac{-1 \\pm \\sqrt{5}}{2}", "\\boxed{\\frac{-1+\\sqrt5}{2}, \\frac{-1-\\sqrt5}{2}}", 1.0),
    ("\\frac{-1 \\pm \\sqrt{5}}{2}", "\\boxed{\\frac{-1+\\sqrt5}{2}}", 0.0),
    ("\\frac{-1 \\pm \\sqrt{5}}{2}", "\\boxed{\\frac{-1+\\sqrt5}{2}, \\frac{1-\\sqrt5}{2}}", 0.0),
    # digits set upright before a base; degrees typed as a letter o; a one-word last line
    ("1011_2", "\\boxed{\\text{1011}_2}", 1.0),
    ("1011_2", "\\boxed{\\text{1101}_2}", 0.0),
    ("30", "\\boxed{30^{o}}", 1.0),
    ("60", "\\boxed{30^o}", 0.0),
    ("\\text{No}", "Checking both cases.\nNo.", 1.0),
    ("\\text{No}", "Checking both cases.\nYes.", 0.0),
    ("12", "Checking both cases.\nTwelve.", 1.0),
    ("42", "Checking both cases.\nforty-two", 1.0),
    ("12", "Checking both cases.\nThirteen.", 0.0),
    # bold letters are vectors (i, j, k the unit vectors), never dropped as units: 3\\mathbf{j} is not 3\\mathbf{i}
    ("3\\mathbf{i} + 4\\mathbf{j}", "\\boxed{4\\mathbf{j} + 3\\mathbf{i}}", 1.0),
    ("3\\mathbf{i} + 4\\mathbf{j}", "\\boxed{3\\hat{i} + 4\\hat{j}}", 1.0),
    ("3\\mathbf{i} + 4\\mathbf{j}", "\\boxed{3\\mathbf{i} + 5\\mathbf{j}}", 0.0),
    ("3\\mathbf{i}", "\\boxed{3\\mathbf{j}}", 0.0),
    ("3\\mathbf{i}", "\\boxed{3}", 0.0),
    ("2\\mathbf{v}", "\\boxed{2\\mathbf{w}}", 0.0),
    ("B", "\\boxed{\\mathbf{B}}", 1.0),
]


@pytest.mark.parametrize("gold, completion, expected", ROWS)
def test_field_formats(math_exact, gold, completion, expected):
    assert math_exact([completion], answer=[gold]) == [expected]
