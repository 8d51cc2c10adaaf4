"""Text answers with a condition (issue 38; `rewards.math.conditions`): one property each.

- the words of a conditioned answer are part of it: other words (a property, a connector's meaning, a condition left
  out or added) are never paid, where math-verify dropped ``\\text{}`` and paid ``n \\text{ is even}`` for
  ``n \\text{ is odd}``;
- one condition written another way (spacing, case, \\text placement, "when"/"if"/"for", ``\\ne``/``\\neq``,
  an equivalent value or relation) is the same answer;
- a trailing "for all x" restricts nothing;
- a math piece that differs is never paid, nor a value the words around it deny, doubt or condition;
- the empty set and the real line named in words or symbols are those sets, and no other.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
values = st.integers(-50, 50)
pairs = st.tuples(values, values).filter(lambda p: p[0] != p[1])
PROPERTIES = ["odd", "even", "prime", "positive", "negative", "a perfect square"]
CONNECTORS = ["if", "when", "for", "whenever", "provided"]


def score(reward, gold, answer):
    return reward([f"So the answer is $\\boxed{{{answer}}}$."], answer=[gold])[0]


@SETTINGS
@given(first=st.sampled_from(PROPERTIES), second=st.sampled_from(PROPERTIES), name=st.sampled_from("nkm"))
def test_a_different_property_is_never_paid(math_exact, first, second, name):
    gold = f"{name} \\text{{ is {first}}}"
    assert score(math_exact, gold, f"{name} \\text{{ is {second}}}") == float(first == second)
    assert score(math_exact, gold, name) == 0.0  # the property left out
    assert score(math_exact, gold, f"{name} \\text{{ is not {first}}}") == 0.0


@SETTINGS
@given(value=values, bound=values, connector=st.sampled_from(CONNECTORS), other=st.sampled_from(CONNECTORS),
       layout=st.sampled_from(["x = {v} \\text{{ {c} }} a > {b}", "x={v}\\text{{{c}}}a>{b}",
                               "x = {v} \\text{{ {C} }} a > {b}", "\\text{{$x = {v}$ {c} $a > {b}$}}"]))
def test_one_condition_written_another_way_is_paid(math_exact, value, bound, connector, other, layout):
    gold = f"x = {value} \\text{{ {connector} }} a > {bound}"
    answer = layout.format(v=value, b=bound, c=other, C=other.capitalize())
    assert score(math_exact, gold, answer) == 1.0, answer


@SETTINGS
@given(values=pairs, bound=values)
def test_a_different_value_or_condition_is_never_paid(math_exact, values, bound):
    right, wrong = values
    gold = f"x = {right} \\text{{ when }} a = {bound}"
    assert score(math_exact, gold, f"x = {wrong} \\text{{ when }} a = {bound}") == 0.0
    assert score(math_exact, gold, f"x = {right} \\text{{ when }} a = {bound + 1}") == 0.0
    assert score(math_exact, gold, f"x = {right} \\text{{ unless }} a = {bound}") == 0.0
    assert score(math_exact, str(right), f"{right} \\text{{ if }} a = {bound}") == 0.0  # a condition added


@SETTINGS
@given(value=values, words=st.sampled_from([
    "{v} \\text{{ is wrong}}", "{v} \\text{{ is not correct}}", "{v} \\text{{ (not sure)}}",
    "{v} \\text{{ isn't right}}", "{v} \\text{{, maybe}}", "\\text{{never }} {v}", "{v} \\text{{ if }} n > 2"]))
def test_words_that_deny_doubt_or_condition_a_value_never_pay_it(math_exact, value, words):
    # On main, math-verify dropped the \text{} and paid "5 \text{ is wrong}" for 5.
    assert score(math_exact, str(value), words.format(v=value)) == 0.0
    assert score(math_exact, str(value), f"{value} \\text{{ apples}}") == 1.0  # a unit or noun keeps the value


@pytest.mark.parametrize("gold, answer, expected", [
    ("\\frac{1}{a} \\text{ for } a \\neq 0", "a^{-1} \\text{ if } a \\ne 0", 1.0),
    ("\\frac{1}{a} \\text{ for } a \\neq 0", "\\frac{1}{a} \\text{ for } a \\neq 1", 0.0),
    ("x = 2 \\text{ if } a > 0", "x = 2 \\text{ if } 0 < a", 1.0),  # an equivalent relation, settled by math-verify
    ("x = 2 \\text{ if } a > 0", "x = 2 \\text{ if } a \\ge 0", 0.0),
    ("n \\text{ is odd}", "\\text{$n$ is odd}", 1.0),
    ("n \\text{ is odd}", "\\text{n is odd}", 1.0),
    ("12 \\text{ eggs}", "12", 1.0),  # a noun after a value labels it: no condition
    ("12 \\text{ eggs}", "13", 0.0),
    ("\\text{all odd } n", "n", 0.0),  # words before the math qualify it
])
def test_condition_rows(math_exact, gold, answer, expected):
    assert score(math_exact, gold, answer) == expected


@pytest.mark.parametrize("quantifier", ["\\text{ for all } x", "\\text{ for all real } x", "\\text{ for every } x",
                                        "\\text{ for all } x \\in \\mathbb{R}"])
def test_a_trailing_for_all_restricts_nothing(math_exact, quantifier):
    assert score(math_exact, "f(x) = x", f"f(x) = x {quantifier}") == 1.0
    assert score(math_exact, f"f(x) = x {quantifier}", "f(x) = x") == 1.0
    assert score(math_exact, f"f(x) = x {quantifier}", "f(x) = 2x") == 0.0
    assert score(math_exact, "f(x) = x", "f(x) = x \\text{ for } x > 0") == 0.0  # a restriction is a condition


EMPTY = ["\\text{no solution}", "\\text{No solutions}", "\\text{There are no solutions.}", "\\emptyset",
         "\\varnothing", "\\{\\}", "\\text{the empty set}"]
REALS = ["\\text{all real numbers}", "\\text{All reals}", "\\text{all real } x", "\\mathbb{R}", "x \\in \\mathbb{R}",
         "(-\\infty, \\infty)", "\\text{any real number}"]
NEITHER = ["\\{0\\}", "(-\\infty, 0)", "\\text{no real solution}", "\\text{all real numbers except } 2",
           "(-\\infty, 2) \\cup (2, \\infty)", "\\mathbb{R}^2", "0"]


@pytest.mark.parametrize("gold", EMPTY + REALS)
@pytest.mark.parametrize("answer", EMPTY + REALS + NEITHER)
def test_a_set_named_in_words_or_symbols_is_that_set_and_no_other(math_exact, gold, answer):
    # On main, only identical spellings agreed: \text{no solution} against \emptyset scored 0.
    same = (gold in EMPTY and answer in EMPTY) or (gold in REALS and answer in REALS)
    assert score(math_exact, gold, answer) == float(same), (gold, answer)
