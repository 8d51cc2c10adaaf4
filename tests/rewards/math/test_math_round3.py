"""math_exact round 3 (issue 26): one table per category of answers once misjudged, positives and negatives.

Rows are written for the class (the issue's own cases stay held out); every category has wrong answers in the same
notation that must still score 0: zero wrong answers paid comes first.
"""

from __future__ import annotations

import pytest

from rewards.protocol import Status

# a final line that is an interval, a set or a list is that object, never its last number
OBJECTS = [
    ('5', 'So we get\nx \\in (4, 5)', 0.0),
    ('(4, 5)', 'So we get\nx \\in (4, 5)', 1.0),
    ('10', 'Thus\nx \\in \\{1, \\ldots, 10\\}', 0.0),
    ('1, 2.5, 3', 'The values are\n1, 2.5, 3', 1.0),
    ('3', 'The values are\n1, 2.5, 3', 0.0),
    ('(4,5]', 'Hence\n$x \\in (4, 5]$', 1.0),
    ('\\{1,2,3\\}', 'Hence\n$\\{3, 2, 1\\}$', 1.0),
    ('k = 1,2,3', '\\boxed{k \\in \\{1,2,3\\}}', 1.0),
    ('5', 'So\nx \\in (4, 5)', 0.0),
    ('10', 'So\nx \\in \\{1, \\ldots, 10\\}', 0.0),
    ('3', 'So\n1, 2.5, 3', 0.0),
    ('(4, 5)', 'So\nx \\in (4, 5]', 0.0),
    ('1, 2.5, 3', 'So\n1, 2.5, 4', 0.0),
    ('1, 2.5, 3', 'So\n3, 1, 2.5', 1.0),
]

# a decimal comma against a one-number gold; three digits after a comma are thousands
DECIMAL_COMMA = [
    ('1000.99', '\\boxed{1000,99}', 1.0),
    ('2.5', 'The answer is 2,5', 1.0),
    ('1000', '\\boxed{1,000}', 1.0),
    ('1.5', '\\boxed{1,6}', 0.0),
    ('\\int_0^1 x\\,dx', '\\boxed{\\int\\limits_0^1 x\\,dx}', 1.0),
    ('2.5', '\\boxed{2,6}', 0.0),
    ('1000.99', '\\boxed{1000,98}', 0.0),
    ('1.5', '\\boxed{1,5}', 1.0),
    ('15', '\\boxed{1,5}', 0.0),
    ('5', '\\boxed{1,5}', 0.0),
    ('\\int_0^1 x\\,dx', '\\boxed{\\int\\limits_0^2 x\\,dx}', 0.0),
    ('(1, 5)', '\\boxed{(1,5)}', 1.0),
]

# a decimal answer to an exact gold: the gold rounded or cut at the answer's places, 4+ significant digits
ROUNDING = [
    ('\\frac{1}{15}', '\\boxed{0.0666668}', 0.0),
    ('\\frac{1}{15}', '\\boxed{0.06667}', 1.0),
    ('\\frac{1}{15}', '\\boxed{0.0667}', 0.0),
    ('\\frac13', '\\boxed{0.3333}', 1.0),
    ('\\frac13', '\\boxed{0.3}', 0.0),
    ('\\frac13', '\\boxed{0.33}', 0.0),
    ('\\frac{2}{3}', '\\boxed{0.6667}', 1.0),
    ('\\frac{2}{3}', '\\boxed{0.667}', 0.0),
    ('\\frac{2}{3}', '\\boxed{0.668}', 0.0),
    ('\\sqrt{2}', '\\boxed{1.414}', 1.0),
    ('\\sqrt2', '\\boxed{1.41}', 0.0),
    ('\\sqrt2', '\\boxed{1.4}', 0.0),
    ('\\frac{1}{7}', '\\boxed{0.1429}', 1.0),
    ('\\frac{1}{7}', '\\boxed{0.142}', 0.0),
    ('\\frac{1}{7}', '\\boxed{0.144}', 0.0),
    ('\\frac13', '\\boxed{0.333}', 0.0),
    ('\\frac13', '\\boxed{0.3334}', 0.0),
    ('\\sqrt2', '\\boxed{1.414}', 1.0),
    ('\\sqrt2', '\\boxed{1.415}', 0.0),
    ('\\pi', '\\boxed{3.1416}', 1.0),
    ('\\pi', '\\boxed{3.1417}', 0.0),
]

# golds with units or stray markup are their number; letters that are no unit are a product
GOLD_UNITS = [
    ('10 cm^2', '\\boxed{10}', 1.0),
    ('10weeks', '\\boxed{10}', 1.0),
    ('10 square units', '\\boxed{10}', 1.0),
    ('185\\', '\\boxed{185}', 1.0),
    ('10 cm^2', '\\boxed{11}', 0.0),
    ('12 \\text{ inches}', '\\boxed{12}', 1.0),
    ('7 \\mbox{ cm}^2', '\\boxed{7}', 1.0),
    ('10weeks', '\\boxed{12}', 0.0),
    ('10 cm^2', '\\boxed{100}', 0.0),
    ('2ab', '\\boxed{2}', 0.0),
    ('10 square units', '\\boxed{1}', 0.0),
    ('5m', '\\boxed{5}', 0.0),
]

# choice letters named in a statement, and answer markers in other languages
CHOICES = [
    ('C', 'My choice is C.', 1.0),
    ('C', 'Choose B.', 0.0),
    ('B', 'Choose B.', 1.0),
    ('C', 'It must be [C]', 1.0),
    ('C', 'the option is (c)', 1.0),
    ('C', '答案: C', 1.0),
    ('B', 'Réponse : B', 1.0),
    ('B', '答案：C', 0.0),
    ('D', 'The correct choice is D', 1.0),
    ('A', 'Option A is correct.', 1.0),
    ('A', 'Option B is correct.', 0.0),
    ('B', '**Answer: (B)**', 1.0),
    ('C', 'Antwort: C', 1.0),
    ('C', 'My choice is B.', 0.0),
    ('C', '答案: B', 0.0),
    ('B', 'Réponse : C', 0.0),
    ('C', 'It must be [B]', 0.0),
    ('C', 'It is not C.', 0.0),
    ('C', 'Choose B or C.', 0.0),
    ('C', 'I would not choose C.', 0.0),
    ('C', 'Option C is wrong.', 0.0),
    ('C', 'The answer is not C', 0.0),
    ('5', '答案: 5', 1.0),
    ('5', '答案：6', 0.0),
]

# an answer phrase followed by a GSM8K marker
GSM8K_IN_PHRASE = [
    ('123', 'The answer is #### 123', 1.0),
    ('123', 'The answer is: #### 124', 0.0),
    ('72', 'Final answer: ####72', 1.0),
    ('123', 'The answer is #### 124', 0.0),
]

# symbols math-verify takes for units: a constant summand, a transpose
TRAILING_SYMBOLS = [
    ('\\sum_{k=1}^{3} c', '\\boxed{\\sum_{k=1}^{3} c}', 1.0),
    ('M^\\mathit{T}', '\\boxed{M^T}', 1.0),
    ('M^T', '\\boxed{M^{\\mathit{T}}}', 1.0),
    ('3c', '\\boxed{\\sum_{k=1}^{3} c}', 1.0),
    ('M^T', '\\boxed{M}', 0.0),
    ('A^T', '\\boxed{B^T}', 0.0),
]

# a power written \\frac without braces
FRACTION_POWERS = [
    ('x^{1/2}', '\\boxed{x^\\frac{1}{2}}', 1.0),
    ('\\sqrt{x}', '\\boxed{x^\\frac12}', 1.0),
    ('x^{1/3}', '\\boxed{x^\\frac{1}{2}}', 0.0),
    ('x^{1/3}', '\\boxed{x^\\frac12}', 0.0),
]

# mixed numbers, alone or inside a sum, are never products
MIXED_NUMBERS = [
    ('3\\frac12 + 1', '\\boxed{4\\frac12}', 1.0),
    ('\\frac{9}{2}', '\\boxed{2\\frac12 + 2}', 1.0),
    ('5', '\\boxed{2\\frac12 + 2}', 0.0),
    ('\\frac92', '\\boxed{4\\frac13}', 0.0),
    ('2', '\\boxed{4\\frac12}', 0.0),
    ('\\frac92', '\\boxed{4\\frac12}', 1.0),
]

# k \\in {...} against k = ..., without a crash
MEMBERSHIP = [
    ('k \\in \\{1,2,3\\}', '\\boxed{k = 1,2,3}', 1.0),
    ('k \\in \\{1,2,3\\}', '\\boxed{k = 1,2,4}', 0.0),
    ('k \\in \\{1,2,3\\}', '\\boxed{k = 1,2}', 0.0),
]

# one-sided limits: the sign counts, the braces do not
ONE_SIDED = [
    ('3^+', '\\boxed{3^{+}}', 1.0),
    ('3^{-}', '\\boxed{3^-}', 1.0),
    ('3^+', '\\boxed{3^-}', 0.0),
    ('3^+', '\\boxed{3}', 0.0),
    ('3', '\\boxed{3^+}', 0.0),
]

# array matrices as matrices, \\det A as \\det(A), \\limits shows nothing
MATRICES_AND_OPERATORS = [
    ('\\begin{pmatrix} 1 & 2 \\\\ 3 & 4 \\end{pmatrix}',
     '\\boxed{\\left[\\begin{array}{cc} 1 & 2 \\\\ 3 & 4 \\end{array}\\right]}', 1.0),
    ('\\begin{pmatrix} 1 & 2 \\\\ 3 & 4 \\end{pmatrix}',
     '\\boxed{\\left[\\begin{array}{cc} 1 & 2 \\\\ 3 & 5 \\end{array}\\right]}', 0.0),
    ('\\begin{pmatrix} 1 \\\\ 2 \\end{pmatrix}', '\\boxed{\\begin{bmatrix} 1 \\\\ 2 \\end{bmatrix}}', 1.0),
    ('\\det(A)', '\\boxed{\\det A}', 1.0),
    ('\\det(A)', '\\boxed{\\det B}', 0.0),
    ('\\begin{pmatrix} 1 & 2 \\\\ 3 & 4 \\end{pmatrix}',
     '\\boxed{\\left[\\begin{array}{cc} 1 & 2 \\\\ 4 & 3 \\end{array}\\right]}', 0.0),
]

# sets of tuples in any order, each tuple in order
SETS_OF_TUPLES = [
    ('\\{(1,2), (3,4)\\}', '\\boxed{\\{(3,4), (1,2)\\}}', 1.0),
    ('\\{(1,2), (3,4)\\}', '\\boxed{(1,2), (3,4)}', 1.0),
    ('\\{(1,2), (3,4)\\}', '\\boxed{\\{(1,2), (4,3)\\}}', 0.0),
    ('(1,2), (3,4)', '\\boxed{\\{(3,4),(1,2)\\}}', 1.0),
    ('\\{(1,2), (3,4)\\}', '\\boxed{\\{(1,2)\\}}', 0.0),
    ('\\{(1,2), (3,4)\\}', '\\boxed{(1,2), (3,4), (5,6)}', 0.0),
]

# a \\bmod b = c answers c when it holds
MODULAR = [
    ('2', '\\boxed{17 \\bmod 5 = 2}', 1.0),
    ('2', '\\boxed{17 \\bmod 5 = 3}', 0.0),
    ('3', '\\boxed{17 \\bmod 5 = 2}', 0.0),
    ('2', '\\boxed{17 \\mod 5 = 2}', 1.0),
]

# invisible and decorative LaTeX shows nothing; a box that shows nothing is empty
INVISIBLE = [
    ('7', '\\boxed{\\phantom{4}3}', 0.0),
    ('4', '\\boxed{\\phantom{4}}', 0.0),
    ('5', '\\boxed{\\textcolor{red}{5}}', 1.0),
    ('5', '\\boxed{5\\quad}', 1.0),
    ('5', '\\boxed{\\color{red}5}', 1.0),
    ('12', '\\boxed{1\\vphantom{2}}', 0.0),
    ('15', '\\boxed{1\\smash{5}}', 1.0),
    ('5', '\\boxed{\\phantom{5}}', 0.0),
    ('5', '\\boxed{\\hphantom{5}\\quad}', 0.0),
    ('5', '\\boxed{\\vphantom{5}} \\boxed{6}', 0.0),
    ('5', 'The answer is $\\phantom{5}$', 0.0),
    ('5', '\\phantom{5}', 0.0),
    ('5', 'So\n$\\textcolor{white}{}\\phantom{5}$', 0.0),
    ('4', '\\boxed{\\smash{4}}', 1.0),
]

TABLES = {'OBJECTS': OBJECTS, 'DECIMAL_COMMA': DECIMAL_COMMA, 'ROUNDING': ROUNDING, 'GOLD_UNITS': GOLD_UNITS,
          'CHOICES': CHOICES, 'GSM8K_IN_PHRASE': GSM8K_IN_PHRASE, 'TRAILING_SYMBOLS': TRAILING_SYMBOLS,
          'FRACTION_POWERS': FRACTION_POWERS, 'MIXED_NUMBERS': MIXED_NUMBERS, 'MEMBERSHIP': MEMBERSHIP,
          'ONE_SIDED': ONE_SIDED, 'MATRICES_AND_OPERATORS': MATRICES_AND_OPERATORS, 'SETS_OF_TUPLES': SETS_OF_TUPLES,
          'MODULAR': MODULAR, 'INVISIBLE': INVISIBLE}
ROWS = [(name, *row) for name, table in TABLES.items() for row in table]


@pytest.mark.parametrize(("category", "gold", "completion", "expected"), ROWS,
                         ids=[f"{r[0].lower()}-{i}" for i, r in enumerate(ROWS)])
def test_row(math_exact, category, gold, completion, expected):
    verdict = math_exact.verdicts([completion], answer=[gold])[0]
    assert verdict is not None and verdict.score == expected, (category, verdict)
    assert verdict.status != Status.ERROR


def test_every_category_has_negatives():
    for name, table in TABLES.items():
        assert any(e == 0.0 for _, _, e in table) and any(e == 1.0 for _, _, e in table), name


def test_tables_in_one_batch_pay_no_wrong_answer(math_exact):
    rows = [row for table in TABLES.values() for row in table]
    scores = math_exact(completions=[c for _, c, _ in rows], answer=[g for g, _, _ in rows])
    assert [s for s, (_, _, e) in zip(scores, rows) if s == 1.0 and e == 0.0] == []
