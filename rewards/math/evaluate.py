"""Values of simple LaTeX expressions without sympy: the in-process fast path for common equivalences.

``\\frac{22\\pi}{35}`` against ``\\frac{22}{35}\\pi``, ``x^2 + 19x + 31`` against ``31 + 19x + x^2``: pairs like
these are most of what reaches math-verify, and each costs a worker round trip and milliseconds of parsing.
`fast_verdict` reads both sides with a small parser (integers, ``\\frac``, ``\\sqrt``, ``\\pi``, single-letter
variables, ``^``, ``+ - \\cdot \\times * /``, brackets, implicit products). The rule that pays, and why it cannot
be shaped:

- **Equal** only by exact rational arithmetic: without ``\\sqrt`` both sides are rational functions of their
  variables (``\\pi`` is one more variable: it is transcendental, so an identity in it is an identity in a
  variable). The parser tracks the degrees of each side's numerator and denominator (at most `MAX_DEGREE`) and
  evaluates both sides exactly at `SAMPLES` random rational points drawn from a per-process random source, never
  fixed. A nonzero difference of numerator degree D vanishes at such a point with probability at most D / 2^40
  (Schwartz-Zippel), so no answer can be written to agree with a different gold at points it cannot know; with no
  variables one exact evaluation is a proof.
- **Different** when the exact values differ at a point, or, with ``\\sqrt``, when doubles at fixed points differ
  by over 1e-6 (relative; every number on the way within 1e-6..1e6 in size, where rounding cannot make two equal
  values look apart). Agreement of doubles never pays: such pairs go to the worker (math-verify and sympy).

Anything the parser does not know (``e``, ``i``, functions, ``f(x)``, decimals, relations, sets) is undecided
(``None``) and goes to math-verify as before.
"""

from __future__ import annotations

import cmath
import os
import random
import re
from fractions import Fraction

from rewards.cache import cached_for_short

_TOKEN = re.compile(r"\s*(?:(\d+)|\\(d?frac|tfrac|sqrt|pi|cdot|times|left|right)(?![A-Za-z])"
                    r"|([A-Za-z])|([-+*/^(){}\[\]]))")
_RESERVED = set("eiEIdf")  # Euler's number, the imaginary unit, differentials, function names: math-verify's business
_POINTS = ((0.7312, -1.3179, 2.4719), (-1.6183, 0.8761, -0.4127), (2.2361, 1.4142, -2.7183))
DIFFERENT = 1e-6
MAX_DEGREE = 64
SAMPLES = 2
_RANDOM = random.Random(os.urandom(16))  # per process: an answer cannot be shaped to vanish at points it cannot know
MAX_CHARS = 200
MAX_EXPONENT = 16
MAX_MAGNITUDE = 1e6


class _Unknown(Exception):
    """Something the small parser does not read: leave the pair to math-verify."""


def _tokens(text: str) -> list[tuple[str, str]]:
    out, pos = [], 0
    text = text.replace("\\,", " ").replace("\\!", "").replace("\\ ", " ").strip()
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None or m.end() == pos:
            if text[pos:].strip() == "":
                break
            raise _Unknown
        pos = m.end()
        if m.group(1):
            out.append(("num", m.group(1)))
        elif m.group(2):
            if m.group(2) not in ("left", "right"):
                out.append(("cmd", "frac" if m.group(2) in ("dfrac", "tfrac") else m.group(2)))
        elif m.group(3):
            if m.group(3) in _RESERVED:
                raise _Unknown
            out.append(("var", m.group(3)))
        else:
            out.append(("op", m.group(4)))
    return out


_STARTS_FACTOR = {("cmd", "frac"), ("cmd", "sqrt"), ("cmd", "pi"), ("op", "("), ("op", "{")}
_PI = "\\pi"  # the variable that stands for pi in exact arithmetic

# A value with the degrees of its numerator and denominator as a rational function of the variables.
_Value = tuple[Fraction | complex, int, int]


class _Parser:
    """Recursive descent: sum := term (('+'|'-') term)*; term := factor (('*'|'/'|implicit) factor)*;
    factor := ('-'|'+') factor | power; power := atom ('^' exponent)?

    ``exact``: numbers are Fractions, ``\\pi`` is the variable `_PI`, ``\\sqrt`` is unknown and exponents are
    integers; else complex doubles, each number bounded (`_bounded`)."""

    def __init__(self, tokens: list[tuple[str, str]], env: dict[str, Fraction | complex], exact: bool) -> None:
        self.t, self.i, self.env, self.exact = tokens, 0, env, exact

    def peek(self) -> tuple[str, str] | None:
        return self.t[self.i] if self.i < len(self.t) else None

    def take(self, kind: str, value: str | None = None) -> str:
        tok = self.peek()
        if tok is None or tok[0] != kind or (value is not None and tok[1] != value):
            raise _Unknown
        self.i += 1
        return tok[1]

    def parse(self) -> _Value:
        value = self.sum()
        if self.peek() is not None:
            raise _Unknown
        return value

    def sum(self) -> _Value:
        value = self.term()
        while (tok := self.peek()) in (("op", "+"), ("op", "-")):
            self.i += 1
            other = self.term()
            value = self._checked((value[0] + other[0] if tok[1] == "+" else value[0] - other[0],
                                   max(value[1] + other[2], other[1] + value[2]), value[2] + other[2]))
        return value

    def term(self) -> _Value:
        value = self.factor()
        while (tok := self.peek()) is not None:
            if tok in (("op", "*"), ("cmd", "cdot"), ("cmd", "times")):
                self.i += 1
                value = self._product(value, self.factor())
            elif tok == ("op", "/"):
                self.i += 1
                value = self._quotient(value, self.factor())
                if self._implicit_next():  # "1/2x": 1/(2x) or x/2? readers differ, so this parser does not guess
                    raise _Unknown
            elif self._implicit_next():
                value = self._product(value, self.power())  # implicit: 2\pi, 3x, (x+1)(x-1); never a sign
            else:
                break
        return value

    def _product(self, a: _Value, b: _Value) -> _Value:
        return self._checked((a[0] * b[0], a[1] + b[1], a[2] + b[2]))

    def _quotient(self, a: _Value, b: _Value) -> _Value:
        if b[0] == 0:
            raise _Unknown
        return self._checked((self._number(a[0] / b[0]), a[1] + b[2], a[2] + b[1]))

    def _checked(self, value: _Value) -> _Value:
        """``value``, if its degrees stay within `MAX_DEGREE` (exact arithmetic's cost and the sampling bound)."""
        if max(value[1], value[2]) > MAX_DEGREE:
            raise _Unknown
        return value

    def _number(self, value: Fraction | complex) -> Fraction | complex:
        return value if self.exact else _bounded(complex(value))

    def _implicit_next(self) -> bool:
        tok = self.peek()
        return tok is not None and (tok[0] in ("num", "var") or tok in _STARTS_FACTOR)

    def factor(self) -> _Value:
        tok = self.peek()
        if tok in (("op", "-"), ("op", "+")):
            self.i += 1
            value = self.factor()
            return (-value[0], value[1], value[2]) if tok[1] == "-" else value
        return self.power()

    def power(self) -> _Value:
        base = self.atom()
        if self.peek() != ("op", "^"):
            return base
        self.i += 1
        exponent = self.group() if self.peek() == ("op", "{") else self.exponent_atom()
        k = exponent[0]
        if exponent[1] or exponent[2] or abs(complex(k)) > MAX_EXPONENT:
            raise _Unknown  # a variable exponent is no rational function; a huge one costs too much
        if self.exact:
            if not isinstance(k, Fraction) or k.denominator != 1 or k < 0 and base[0] == 0:
                raise _Unknown
            n = int(k)
            return self._checked((base[0] ** n, base[1] * abs(n), base[2] * abs(n)) if n >= 0
                                 else (base[0] ** n, base[2] * -n, base[1] * -n))
        try:
            return _bounded(complex(base[0]) ** complex(k)), 0, 0
        except (ZeroDivisionError, OverflowError) as e:
            raise _Unknown from e

    def exponent_atom(self) -> _Value:
        tok = self.peek()
        if tok is not None and tok[0] == "num":  # x^23 is x^2 * 3 in LaTeX: one digit only
            self.i += 1
            digits = tok[1]
            if len(digits) > 1:
                self.t.insert(self.i, ("num", digits[1:]))
            return self._constant(int(digits[0]))
        if tok is not None and tok[0] == "var":
            self.i += 1
            return self.env[tok[1]], 1, 0
        raise _Unknown

    def _constant(self, n: int) -> _Value:
        return (Fraction(n) if self.exact else _bounded(complex(n))), 0, 0

    def group(self) -> _Value:
        self.take("op", "{")
        value = self.sum()
        self.take("op", "}")
        return value

    def atom(self) -> _Value:
        tok = self.peek()
        if tok is None:
            raise _Unknown
        kind, value = tok
        if kind == "num":
            self.i += 1
            return self._constant(int(value))
        if kind == "var":
            self.i += 1
            return self.env[value], 1, 0
        if tok == ("cmd", "pi"):
            self.i += 1
            return (self.env[_PI], 1, 0) if self.exact else (complex(cmath.pi), 0, 0)
        if tok == ("cmd", "frac"):
            self.i += 1
            return self._quotient(self.argument(), self.argument())
        if tok == ("cmd", "sqrt"):
            self.i += 1
            if self.exact or self.peek() == ("op", "["):
                raise _Unknown
            return cmath.sqrt(self.argument()[0]), 0, 0
        if tok == ("op", "("):
            self.i += 1
            inner = self.sum()
            self.take("op", ")")
            return inner
        if tok == ("op", "{"):
            return self.group()
        raise _Unknown

    def argument(self) -> _Value:
        """A command's argument: a braced group or one digit/letter (``\\frac12``, ``\\sqrt2``)."""
        if self.peek() == ("op", "{"):
            return self.group()
        tok = self.peek()
        if tok is not None and tok[0] == "num":
            self.i += 1
            if len(tok[1]) > 1:
                self.t.insert(self.i, ("num", tok[1][1:]))
            return self._constant(int(tok[1][0]))
        if tok is not None and tok[0] == "var":
            self.i += 1
            return self.env[tok[1]], 1, 0
        raise _Unknown


def _bounded(value: complex) -> complex:
    """``value``, if doubles hold it with room to spare: beyond 1e6 (or a nonzero value under 1e-6) two different
    exact numbers could round to one double, so the pair is left to math-verify's exact arithmetic."""
    size = abs(value)
    if size > MAX_MAGNITUDE or 0 < size < 1 / MAX_MAGNITUDE:
        raise _Unknown
    return value


def _variables(tokens: list[tuple[str, str]]) -> frozenset[str]:
    return frozenset(v for kind, v in tokens if kind == "var")


def closed_value(text: str) -> float | None:
    """The value of a closed form the small parser reads (no variables: integers, ``\\frac``, ``\\sqrt``, ``\\pi``),
    as a double within 1e-6..1e6 in size and real; else ``None``. What `rewards.math.hedges.contradiction` checks an
    approximate relation's sides with (``\\sqrt{2} \\approx 7`` is no answer).

    >>> round(closed_value("\\\\frac{\\\\pi}{4}"), 4), closed_value("2x"), closed_value("\\\\sqrt{-1}")
    (0.7854, None, None)
    """
    if len(text) > MAX_CHARS:
        return None
    try:
        tokens = _tokens(text)
        if not tokens or _variables(tokens):
            return None
        value = _bounded(complex(_Parser(tokens, {}, False).parse()[0]))
    except (_Unknown, KeyError, ValueError, OverflowError, ZeroDivisionError):
        return None
    return value.real if abs(value.imag) <= DIFFERENT * abs(value) else None


@cached_for_short()
def fast_verdict(gold: str, answer: str) -> bool | None:
    """``True``/``False`` when the small parser reads both sides and the rule in the module docstring settles it,
    else ``None``.

    >>> (fast_verdict("\\\\frac{22\\\\pi}{35}", "\\\\frac{22}{35}\\\\pi"),
    ...  fast_verdict("x^2 + 19x + 31", "31 + 19x + x^2"), fast_verdict("28\\\\sqrt{10}", "\\\\sqrt{7840}"))
    (True, True, None)
    >>> fast_verdict("x^2 + 19x + 31", "x^2+19x-31"), fast_verdict("x", "y"), fast_verdict("e^2", "e^{2}")
    (False, None, None)
    """
    if len(gold) > MAX_CHARS or len(answer) > MAX_CHARS:
        return None
    try:
        g_tokens, a_tokens = _tokens(gold), _tokens(answer)
    except _Unknown:
        return None
    names = sorted(_variables(g_tokens) | _variables(a_tokens))
    if not g_tokens or not a_tokens or _variables(g_tokens) != _variables(a_tokens) or len(names) > 3:
        return None
    if ("cmd", "sqrt") in g_tokens or ("cmd", "sqrt") in a_tokens:
        return _differ_in_doubles(g_tokens, a_tokens, names)
    return _exact_verdict(g_tokens, a_tokens, names + [_PI])


def _exact_verdict(g_tokens: list[tuple[str, str]], a_tokens: list[tuple[str, str]], names: list[str]) -> bool | None:
    """Both sides evaluated exactly at `SAMPLES` random rational points: equal at all of them is equal."""
    for _ in range(SAMPLES):
        env: dict[str, Fraction | complex] = {n: _random_rational() for n in names}
        try:
            g, a = _Parser(list(g_tokens), env, True).parse(), _Parser(list(a_tokens), env, True).parse()
        except (_Unknown, KeyError, ValueError, OverflowError, ZeroDivisionError):
            return None  # a pole at the point is as rare as a root: leave the pair to math-verify
        if g[0] != a[0]:
            return False
        if not (g[1] or g[2] or a[1] or a[2]):
            return True  # no variable: one exact evaluation is a proof
    return True


def _random_rational() -> Fraction:
    """A nonzero rational from a set of about 2^40 (Schwartz-Zippel's bound is degree / set size)."""
    return Fraction(_RANDOM.choice((-1, 1)) * _RANDOM.randint(1, 2**30), _RANDOM.randint(1, 2**10))


def _differ_in_doubles(g_tokens: list[tuple[str, str]], a_tokens: list[tuple[str, str]],
                       names: list[str]) -> bool | None:
    """``False`` when the values at a fixed point differ by over `DIFFERENT` (relative), else ``None``."""
    for point in _POINTS if names else _POINTS[:1]:
        env: dict[str, Fraction | complex] = {n: complex(v) for n, v in zip(names, point)}
        try:
            g = _bounded(complex(_Parser(list(g_tokens), env, False).parse()[0]))
            a = _bounded(complex(_Parser(list(a_tokens), env, False).parse()[0]))
        except (_Unknown, KeyError, ValueError, OverflowError, ZeroDivisionError):
            return None
        if abs(g - a) > DIFFERENT * max(abs(g), abs(a), 1 / MAX_MAGNITUDE):
            return False
    return None
