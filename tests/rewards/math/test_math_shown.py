"""What a completion shows is what it answers: one property per class of the fourth attack set (issue 38).

- text hidden from a reader (HTML comments, LaTeX ``%`` comments inside math) never changes a verdict;
- every box command TeX and MathJax draw is a box, alike for math_exact and format_boxed, and a hedge between any
  two of them is a hedge;
- of several boxes the last (with the boxes written together with it) is the answer, for any gold's shape;
- a relation between two different literals is never an answer;
- agreement at evaluation points never pays a different expression (the points cannot be aimed at).
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rewards.format import FormatBoxed
from rewards.math import evaluate
from rewards.reading.shown import shown_text

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
values = st.integers(-999, 999)
pairs = st.tuples(values, values).filter(lambda p: p[0] != p[1])


def score(reward, gold, completion):
    return reward([completion], answer=[str(gold)])[0]


HIDERS = [
    lambda v: f"<!-- \\boxed{{{v}}} -->",
    lambda v: f"<!-- The answer is {v}. -->",
    lambda v: f"<!--\n#### {v}\n-->",
    lambda v: f"$ % \\boxed{{{v}}}$",
    lambda v: f"\\[ % the answer is \\boxed{{{v}}}\n\\]",
    lambda v: f"<!-- an unclosed comment hides the rest: \\boxed{{{v}}}",
]


@SETTINGS
@given(pair=pairs, hider=st.sampled_from(range(len(HIDERS))), at=st.sampled_from(["start", "middle", "end"]))
def test_hidden_text_never_changes_a_verdict(math_exact, pair, hider, at):
    shown, hidden = pair
    body = ["Adding the parts step by step.", f"So the result is \\boxed{{{shown}}}."]
    piece = HIDERS[hider](hidden)
    if at == "end" or "unclosed" in piece:
        texts = [*body, piece]
    else:
        texts = [piece, *body] if at == "start" else [body[0], piece, body[1]]
    completion = "\n".join(texts)
    for gold in pair:
        assert score(math_exact, gold, completion) == score(math_exact, gold, "\n".join(body))
    boxed = f"\\boxed{{{shown}}}"  # a hidden box is not a second box, nor text after the box
    assert FormatBoxed().verdict(f"{boxed} {piece}") == FormatBoxed().verdict(f"{boxed} {shown_text(piece)}")


def test_a_percent_that_hides_nothing_is_a_percent_sign(math_exact):
    assert shown_text("$50%$ and \\boxed{50%}") == "$50%$ and \\boxed{50%}"
    assert score(math_exact, "50\\%", "So $\\boxed{50%}$") == 1.0
    assert score(math_exact, "20", "A 20% discount: the price falls by \\boxed{20}") == 1.0  # prose % is text


BOXES = ["\\boxed{{{}}}", "\\boxed {}", "\\fbox{{{}}}", "\\framebox{{{}}}", "\\framebox[2cm][c]{{{}}}",
         "\\fcolorbox{{red}}{{white}}{{{}}}", "\\bbox[border:1px solid]{{{}}}", "\\boxed{{\\boxed{{{}}}}}",
         "\\fbox{{\\boxed{{{}}}}}"]


@SETTINGS
@given(pair=pairs, box=st.sampled_from(BOXES), other=st.sampled_from(BOXES))
def test_every_box_command_is_a_box(math_exact, pair, box, other):
    right, wrong = pair
    shown = f"The answer is ${box.format(right)}$."
    assert score(math_exact, right, shown) == 1.0
    assert score(math_exact, wrong, shown) == 0.0
    assert FormatBoxed().verdict(shown).score == 1.0
    hedged = f"{other.format(wrong)} or {box.format(right)}"
    assert score(math_exact, right, hedged) == 0.0
    assert score(math_exact, wrong, hedged) == 0.0
    assert FormatBoxed().verdict(hedged).score == 0.0  # strict: the only box


@SETTINGS
@given(pair=pairs)
def test_the_last_box_answers_whatever_the_gold_shape(math_exact, pair):
    a, b = pair
    apart = f"First we get \\boxed{{{a}}}. Checking the other case gives \\boxed{{{b}}}."
    assert score(math_exact, b, apart) == 1.0
    assert score(math_exact, f"{a}, {b}", apart) == 0.0  # the earlier box was an intermediate result
    together = f"The solutions are $x = \\boxed{{{a}}}$ and $x = \\boxed{{{b}}}$."
    assert score(math_exact, f"{a}, {b}", together) == 1.0
    assert score(math_exact, b, together) == 0.0  # a hedge against one value


RELATIONS = ["\\equiv", "\\cong", "\\leq", "\\le", "\\geq", "<", ">", "\\neq", "\\ne", "\\approx", "\\sim", "≤", "≡",
             "\\simeq", "\\lt", "\\gt"]


@SETTINGS
@given(pair=pairs, relation=st.sampled_from(RELATIONS))
def test_a_relation_between_two_different_literals_is_no_answer(math_exact, pair, relation):
    a, b = pair
    completion = f"\\boxed{{{a} {relation} {b}}}"
    assert score(math_exact, a, completion) == 0.0
    assert score(math_exact, b, completion) == 0.0


@pytest.mark.parametrize("gold, completion, expected", [
    ("5", "\\boxed{\\frac{10}{2} \\approx 5.0}", 1.0),  # an approximation that holds still answers
    ("0.8", "\\boxed{\\frac{1}{3} \\approx 0.8}", 0.0),
    ("(-1, 3)", "\\boxed{-1 < x < 3}", 1.0),  # an interval: no two literals side by side
    ("x < 5", "\\boxed{x < 5}", 1.0),
    # The decimal written beside an exact value answers a gold that is that decimal, as written, and nothing else.
    ("0.33", "\\boxed{\\frac13 \\approx 0.33}", 1.0),
    ("0.33", "So $x = \\frac{1}{3} \\approx 0.33$.", 1.0),
    ("\\frac{1}{3}", "\\boxed{\\frac13 \\approx 0.33}", 1.0),
    ("0.3", "\\boxed{\\frac13 \\approx 0.33}", 0.0),
    ("0.34", "\\boxed{\\frac13 \\approx 0.33}", 0.0),
    ("0.5", "\\boxed{\\frac13 \\approx 0.5}", 0.0),
])
def test_relations_that_hold_still_answer(math_exact, gold, completion, expected):
    assert score(math_exact, gold, completion) == expected


# The fixed points the evaluators used before (x, then y, z), and a few more rationals.
AIMED = ["\\frac{7312}{10000}", "-\\frac{16183}{10000}", "\\frac{22361}{10000}", "\\frac{1}{2}", "-3"]


@SETTINGS
@given(roots=st.lists(st.sampled_from(AIMED), min_size=1, max_size=4, unique=True),
       gold=st.sampled_from(["x^2", "x^2 + 19x + 31", "\\frac{x+1}{x-1}", "\\pi x", "\\sqrt{x^2+1}"]))
def test_agreement_at_points_never_pays_a_different_expression(math_exact, roots, gold):
    vanishing = "".join(f"(x - ({r}))" for r in roots)
    shaped = f"{gold} + {vanishing}"
    assert evaluate.fast_verdict(gold, shaped) is not True
    assert score(math_exact, gold, f"\\boxed{{{shaped}}}") == 0.0
    decimals = "".join(f"(x - {d})" for d in ("0.7312", "(-1.6183)", "2.2361")[: len(roots)])
    assert score(math_exact, gold, f"\\boxed{{{gold} + {decimals}}}") == 0.0


@pytest.mark.parametrize("gold, answer", [
    ("(x+1)^2", "x^2 + 2x + 1"),
    ("\\frac{22\\pi}{35}", "\\frac{22}{35}\\pi"),
    ("\\frac{1}{x^2}", "x^{-2}"),
    ("(x+y)^3", "x^3 + 3x^2y + 3xy^2 + y^3"),
    ("\\sqrt{x^2+2x+1}", "\\sqrt{(x+1)^2}"),
    ("\\frac{x^2-1}{x-1}", "x+1"),
])
def test_true_identities_still_pay(math_exact, gold, answer):
    assert score(math_exact, gold, f"\\boxed{{{answer}}}") == 1.0


def test_a_constant_close_to_pi_is_not_pi(math_exact):
    assert evaluate.fast_verdict("\\pi", "\\frac{1000000+146408}{364913}") is False  # 5e-13 away
    assert score(math_exact, "\\pi", "\\boxed{\\frac{1000000+146408}{364913}}") == 0.0


def test_a_matrix_in_answer_tags_is_read_whole(math_exact):
    matrix = "\\begin{pmatrix} 4 \\\\ 8 \\end{pmatrix}"
    assert score(math_exact, matrix, f"<answer>{matrix}</answer>") == 1.0
    assert score(math_exact, "8", f"<answer>{matrix}</answer>") == 0.0
