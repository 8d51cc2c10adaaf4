"""Equivalences settled inside a math worker without sympy's simplifier, and a few math-verify does not see.

`numeric_verdict` is the fast path: two plain expressions (or two equations) with the same variables are compared by
value at fixed rational points of both signs (0.3-2 s of ``simplify`` become milliseconds: two forms of one
polynomial, a product with its factors in another order, an ellipse equation scaled by 4). Values that agree to 1e-40
(relative) at every point mean equal; a gap over 1e-30 of the values at a point means different, but only when both
sides are exact (no floats: math-verify may accept a float within its own tolerance). That also keeps math-verify's
6-place rounding from paying \\frac{1}{2^{40}+1} for \\frac{1}{2^{40}}. Closed numbers are only ever found different
here; their equality is left to math-verify, which decides it quickly and exactly. Anything else (sets, intervals,
matrices, relations other than ``=``, infinities, functions the points cannot evaluate) is left to math-verify.

`beyond_math_verify` accepts kinds math-verify refuses and a reader would not: ``i`` as the imaginary unit
(``1+2i`` and ``i(2-i)``), one function written with two names (``f(x) = 2x+3`` and ``y = 2x+3``), and an exact
value against a decimal gold that is itself a rounding of it (``\\pi`` for ``3.14159``).

Agreement at the points is evidence, not proof, and fixed points can be aimed at (an answer that adds a product
vanishing at them): it pays only when the difference is a rational function that sympy's ``cancel`` reduces to 0,
exactly; other agreements go to math-verify. No sympy import at module level: the trainer process imports this
module through `rewards.math.workers` without loading sympy.
"""

from __future__ import annotations

from typing import Any

MAX_SYMBOLS = 4
# Relative gaps, each difference evaluated to 50 significant digits of itself: below EQUAL the values agree, above
# DIFFERENT they differ (ten orders of magnitude above evaluation noise; only used when both sides are exact).
EQUAL, DIFFERENT = 1e-40, 1e-30
DIGITS = 50
# Fixed rational points (not random: the verdict must be a function of the input), of both signs.
_POINTS = (("7312/10000", "-13179/10000", "24719/10000", "5523/10000"),
           ("-16183/10000", "8761/10000", "-4127/10000", "19337/10000"),
           ("22361/10000", "14142/10000", "-27183/10000", "-6931/10000"))


def numeric_verdict(gold: Any, answer: Any) -> bool | None:
    """``True``/``False`` when values at the fixed points settle ``answer == gold``, else ``None`` (ask math-verify).

    The points are exact rationals and each difference is evaluated to 50 significant digits of the difference
    itself, so ``x^{100}`` and ``x^{100} + 1`` differ although both are near 1e39.
    """
    from sympy import Eq, Expr

    if isinstance(gold, Eq) and isinstance(answer, Eq):
        return _same_equation(gold, answer)
    if not isinstance(gold, Expr) or not isinstance(answer, Expr) or not _plain(gold) or not _plain(answer):
        return None
    symbols = sorted(gold.free_symbols | answer.free_symbols, key=str)
    if gold.free_symbols != answer.free_symbols or len(symbols) > MAX_SYMBOLS:
        return None
    exact = not _has_float(gold) and not _has_float(answer)
    verdicts = {_compare_at(gold, answer, symbols, point) for point in (_POINTS if symbols else _POINTS[:1])}
    if verdicts == {True}:  # evidence, not proof: an answer can be shaped to vanish at fixed points
        return True if symbols and _identity(gold - answer, symbols) else None  # closed numbers: math-verify
    if False in verdicts and exact and None not in verdicts:
        return False
    return None


def _compare_at(gold: Any, answer: Any, symbols: list, point: tuple[str, ...]) -> bool | None:
    g, a = _at(gold, symbols, point), _at(answer, symbols, point)
    if g is None or a is None:
        return None
    gap, g_size, a_size = _magnitude(g - a), _magnitude(g), _magnitude(a)
    if gap is None or g_size is None or a_size is None:
        return None
    size = max(g_size, a_size)  # relative to the values themselves: 1/2^40 and 1/(2^40+1) differ by 1e-12 of them
    if gap == 0 or gap <= EQUAL * size:
        return True
    return False if gap > DIFFERENT * size else None


def _same_equation(gold: Any, answer: Any) -> bool | None:
    """Equal when ``lhs - rhs`` of one is a constant non-zero multiple of the other's at every point."""
    g, a = gold.lhs - gold.rhs, answer.lhs - answer.rhs
    symbols = sorted(g.free_symbols | a.free_symbols, key=str)
    if not _plain(g) or not _plain(a) or g.free_symbols != a.free_symbols or not 0 < len(symbols) <= MAX_SYMBOLS:
        return None
    ratios = []
    for point in _POINTS:
        gv, av = _at(g, symbols, point), _at(a, symbols, point)
        if gv is None or av is None or not _magnitude(gv) or not _magnitude(av):
            return None
        ratios.append(gv / av)
    for r in ratios[1:]:
        gap, size = _magnitude(r - ratios[0]), _magnitude(ratios[0])
        if gap is None or not size or gap > EQUAL * size:
            return None
    return True if _identity(a - ratios[0] * g, symbols) else None


def _identity(difference: Any, symbols: list) -> bool:
    """Whether ``difference`` is 0 by the CAS's word, exact and cheap (no ``simplify``): a rational function of
    ``symbols`` that cancels to 0, or anything that expands to 0 once its radicands are factored
    (``\\sqrt{x^2+2x+1}`` is ``|x+1|`` for a real ``x``, as ``\\sqrt{(x+1)^2}`` is)."""
    from sympy import Pow, cancel, expand, factor, trigsimp
    from sympy.functions.elementary.trigonometric import TrigonometricFunction

    try:
        if difference.is_rational_function(*symbols):
            return bool(cancel(difference) == 0)
        if expand(difference) == 0:
            return True
        if difference.atoms(TrigonometricFunction) and trigsimp(difference) == 0:
            return True  # a\sin^2 x + a\cos^2 x is a
        factored = difference.replace(lambda e: e.is_Pow and e.exp.is_Rational and not e.exp.is_integer,
                                      lambda e: Pow(factor(e.base), e.exp))
        return bool(expand(factored.doit()) == 0)  # doit: the factored parts combine
    except (TypeError, ValueError, ZeroDivisionError, AttributeError, RecursionError):
        return False


def _at(expr: Any, symbols: list, point: tuple[str, ...]) -> Any:
    """``expr`` at ``point``, exactly (a sympy number), or ``None`` when it is not a finite number there."""
    from sympy import Rational, nan, oo, zoo

    try:
        value = expr.subs({s: Rational(v) for s, v in zip(symbols, point)})
    except (TypeError, ValueError, ZeroDivisionError, AttributeError):
        return None
    if not getattr(value, "is_number", False) or value.has(oo, -oo, zoo, nan):
        return None
    return value


def _magnitude(value: Any) -> float | None:
    """``|value|`` to `DIGITS` significant digits of the value itself, or ``None`` when it cannot be evaluated."""
    try:
        return abs(complex(value.evalf(DIGITS)))
    except (TypeError, ValueError, ZeroDivisionError, OverflowError, AttributeError):
        return None


def _plain(expr: Any) -> bool:
    """An expression the points can evaluate: no infinities, undefined functions, sums, limits or integrals."""
    from sympy import Derivative, Integral, Limit, Product, Sum, nan, oo, zoo
    from sympy.core.function import AppliedUndef

    return not expr.has(oo, -oo, zoo, nan) and not expr.atoms(AppliedUndef, Sum, Product, Integral, Limit, Derivative)


def _has_float(expr: Any) -> bool:
    from sympy import Float

    return bool(expr.atoms(Float))


def beyond_math_verify(gold: Any, answer: Any, gold_text: str = "", answer_text: str = "") -> bool:
    """Equivalences math-verify refuses: ``i`` as the imaginary unit, one function under two names, an exact value
    that rounds to a decimal gold which is itself a rounding (``\\pi`` for ``3.14``, see `rewards.reading.literals`),
    and the other way round a decimal answer of 4+ significant digits that is an irrational gold rounded or cut at
    its own places (``1.414`` for ``\\sqrt2``), and an identity the CAS confirms exactly (`_cas_identity`)."""
    return (_as_imaginary(gold, answer) or _same_function(gold, answer) or _rounds_to_gold(gold_text, answer)
            or _rounds_to_gold(answer_text, gold, MIN_ROUNDED_ANSWER_DIGITS) or _cas_identity(gold, answer))


def _cas_identity(gold: Any, answer: Any) -> bool:
    """Two expressions whose difference the CAS reduces to 0 exactly (`_identity`), also when a variable cancels out
    (``a\\sin^2 x + a\\cos^2 x`` is ``a``), which the points never see: their symbols differ."""
    from sympy import Expr

    if not isinstance(gold, Expr) or not isinstance(answer, Expr) or not _plain(gold) or not _plain(answer):
        return False
    symbols = sorted(gold.free_symbols | answer.free_symbols, key=str)
    return 0 < len(symbols) <= MAX_SYMBOLS and _identity(gold - answer, symbols)


MIN_ROUNDED_ANSWER_DIGITS = 4  # as `rewards.reading.literals.MIN_ROUNDED_ANSWER_DIGITS` (no import: sympy-free module)


def _rounds_to_gold(gold_text: str, answer: Any, least: int = 3) -> bool:
    """Whether the exact ``answer`` rounds (or cuts) to the decimal ``gold_text`` of ``least`` significant digits."""
    from fractions import Fraction

    from sympy import Expr

    from rewards.reading.literals import answers_rounded_gold, near_rounded_gold, number

    gold = number(gold_text) if gold_text else None
    if gold is None or gold[1] or not isinstance(answer, Expr) or not answer.is_number or _has_float(answer):
        return False
    if answer.is_Rational:
        return answers_rounded_gold(Fraction(int(answer.p), int(answer.q)), gold, least)
    try:
        digits = answer.evalf(60)
        value = Fraction(str(digits)) if digits.is_real else None
    except (TypeError, ValueError, ZeroDivisionError, OverflowError):
        return False
    return value is not None and near_rounded_gold(value, gold, least)  # irrational: 60 digits stand for the value


def _as_imaginary(gold: Any, answer: Any) -> bool:
    """With the symbol ``i`` read as the imaginary unit both sides are numbers, and equal."""
    from sympy import Expr, I

    if not isinstance(gold, Expr) or not isinstance(answer, Expr):
        return False
    named_i = [s for s in gold.free_symbols | answer.free_symbols if s.name == "i"]  # math-verify's i has assumptions
    if not named_i:
        return False
    g, a = gold.subs({s: I for s in named_i}), answer.subs({s: I for s in named_i})
    return bool(g.is_number and a.is_number and _compare_at(g, a, [], ()))


def _same_function(gold: Any, answer: Any) -> bool:
    """``f(x) = 2x+3`` and ``y = 2x+3``: both name the function on the left (a function of the right side's variables
    or a symbol absent from it), and not as two plain variables (``x = 2`` is not ``y = 2``)."""
    from sympy import Eq, Symbol
    from sympy.core.function import AppliedUndef

    if not isinstance(gold, Eq) or not isinstance(answer, Eq):
        return False
    names = (gold.lhs, answer.lhs)
    if not any(isinstance(n, AppliedUndef) for n in names) or gold.lhs == answer.lhs:
        return False
    for eq in (gold, answer):
        lhs, rhs = eq.lhs, eq.rhs
        if isinstance(lhs, Symbol) and lhs in rhs.free_symbols or not isinstance(lhs, (Symbol, AppliedUndef)):
            return False
        if isinstance(lhs, AppliedUndef) and not rhs.free_symbols <= set(lhs.args):
            return False
    return bool(numeric_verdict(gold.rhs, answer.rhs))
