"""Values of simple LaTeX expressions without sympy: the in-process fast path for common equivalences.

``\\frac{22\\pi}{35}`` against ``\\frac{22}{35}\\pi``, ``28\\sqrt{10}`` against ``\\sqrt{7840}``, ``x^2 + 19x + 31``
against ``31 + 19x + x^2``: pairs like these are most of what reaches math-verify, and each costs a worker round trip
and milliseconds of parsing. `fast_verdict` reads both sides with a small parser (integers, ``\\frac``, ``\\sqrt``,
``\\pi``, single-letter variables, ``^``, ``+ - \\cdot \\times * /``, brackets, implicit products) and compares their
values at fixed points: equal to 1e-12 (relative) at every point is equal, a gap over 1e-6 at a point is different;
every number on the way must lie within 1e-6..1e6 in size (zero aside), where doubles cannot confuse two exact values.
Both sides are exact (no decimals, which keep math-verify's own rules), so a different value means a different
answer. Anything the parser does not know (``e``, ``i``, functions, ``f(x)``, decimals, relations, sets) is
undecided (``None``) and goes to math-verify as before.
"""

from __future__ import annotations

import cmath
import re

from rewards.cache import cached_for_short

_TOKEN = re.compile(r"\s*(?:(\d+)|\\(d?frac|tfrac|sqrt|pi|cdot|times|left|right)(?![A-Za-z])"
                    r"|([A-Za-z])|([-+*/^(){}\[\]]))")
_RESERVED = set("eiEIdf")  # Euler's number, the imaginary unit, differentials, function names: math-verify's business
_POINTS = ((0.7312, -1.3179, 2.4719), (-1.6183, 0.8761, -0.4127), (2.2361, 1.4142, -2.7183))
EQUAL, DIFFERENT = 1e-12, 1e-6
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


class _Parser:
    """Recursive descent: sum := term (('+'|'-') term)*; term := factor (('*'|'/'|implicit) factor)*;
    factor := ('-'|'+') factor | power; power := atom ('^' exponent)?"""

    def __init__(self, tokens: list[tuple[str, str]], env: dict[str, complex]) -> None:
        self.t, self.i, self.env = tokens, 0, env

    def peek(self) -> tuple[str, str] | None:
        return self.t[self.i] if self.i < len(self.t) else None

    def take(self, kind: str, value: str | None = None) -> str:
        tok = self.peek()
        if tok is None or tok[0] != kind or (value is not None and tok[1] != value):
            raise _Unknown
        self.i += 1
        return tok[1]

    def parse(self) -> complex:
        value = self.sum()
        if self.peek() is not None:
            raise _Unknown
        return value

    def sum(self) -> complex:
        value = self.term()
        while (tok := self.peek()) in (("op", "+"), ("op", "-")):
            self.i += 1
            value = value + self.term() if tok[1] == "+" else value - self.term()
        return value

    def term(self) -> complex:
        value = self.factor()
        while (tok := self.peek()) is not None:
            if tok in (("op", "*"), ("cmd", "cdot"), ("cmd", "times")):
                self.i += 1
                value *= self.factor()
            elif tok == ("op", "/"):
                self.i += 1
                value = _divide(value, self.factor())
                if self._implicit_next():  # "1/2x": 1/(2x) or x/2? readers differ, so this parser does not guess
                    raise _Unknown
            elif self._implicit_next():
                value *= self.power()  # implicit product: 2\pi, 3x, (x+1)(x-1); a sign never starts one
            else:
                break
        return value

    def _implicit_next(self) -> bool:
        tok = self.peek()
        return tok is not None and (tok[0] in ("num", "var") or tok in _STARTS_FACTOR)

    def factor(self) -> complex:
        tok = self.peek()
        if tok in (("op", "-"), ("op", "+")):
            self.i += 1
            value = self.factor()
            return -value if tok[1] == "-" else value
        return self.power()

    def power(self) -> complex:
        base = self.atom()
        if self.peek() == ("op", "^"):
            self.i += 1
            exponent = self.group() if self.peek() == ("op", "{") else self.exponent_atom()
            if abs(exponent) > MAX_EXPONENT:
                raise _Unknown
            try:
                return _bounded(base ** exponent)
            except (ZeroDivisionError, OverflowError) as e:
                raise _Unknown from e
        return base

    def exponent_atom(self) -> complex:
        tok = self.peek()
        if tok is not None and tok[0] == "num":  # x^23 is x^2 * 3 in LaTeX: one digit only
            self.i += 1
            digits = tok[1]
            if len(digits) > 1:
                self.t.insert(self.i, ("num", digits[1:]))
            return complex(int(digits[0]))
        if tok is not None and tok[0] == "var":
            self.i += 1
            return self.env[tok[1]]
        raise _Unknown

    def group(self) -> complex:
        self.take("op", "{")
        value = self.sum()
        self.take("op", "}")
        return value

    def atom(self) -> complex:
        tok = self.peek()
        if tok is None:
            raise _Unknown
        kind, value = tok
        if kind == "num":
            self.i += 1
            return _bounded(complex(int(value)))
        if kind == "var":
            self.i += 1
            return self.env[value]
        if tok == ("cmd", "pi"):
            self.i += 1
            return complex(cmath.pi)
        if tok == ("cmd", "frac"):
            self.i += 1
            return _divide(self.argument(), self.argument())
        if tok == ("cmd", "sqrt"):
            self.i += 1
            if self.peek() == ("op", "["):
                raise _Unknown
            return cmath.sqrt(self.argument())
        if tok == ("op", "("):
            self.i += 1
            inner = self.sum()
            self.take("op", ")")
            return inner
        if tok == ("op", "{"):
            return self.group()
        raise _Unknown

    def argument(self) -> complex:
        """A command's argument: a braced group or one digit/letter (``\\frac12``, ``\\sqrt2``)."""
        if self.peek() == ("op", "{"):
            return self.group()
        tok = self.peek()
        if tok is not None and tok[0] == "num":
            self.i += 1
            if len(tok[1]) > 1:
                self.t.insert(self.i, ("num", tok[1][1:]))
            return complex(int(tok[1][0]))
        if tok is not None and tok[0] == "var":
            self.i += 1
            return self.env[tok[1]]
        raise _Unknown


def _divide(a: complex, b: complex) -> complex:
    if b == 0:
        raise _Unknown
    return _bounded(a / b)


def _bounded(value: complex) -> complex:
    """``value``, if doubles hold it with room to spare: beyond 1e6 (or a nonzero value under 1e-6) two different
    exact numbers could round to one double, so the pair is left to math-verify's exact arithmetic."""
    size = abs(value)
    if size > MAX_MAGNITUDE or 0 < size < 1 / MAX_MAGNITUDE:
        raise _Unknown
    return value


def _variables(tokens: list[tuple[str, str]]) -> frozenset[str]:
    return frozenset(v for kind, v in tokens if kind == "var")


@cached_for_short()
def fast_verdict(gold: str, answer: str) -> bool | None:
    """``True``/``False`` when the small parser reads both sides and their values settle it, else ``None``.

    >>> (fast_verdict("\\\\frac{22\\\\pi}{35}", "\\\\frac{22}{35}\\\\pi"),
    ...  fast_verdict("28\\\\sqrt{10}", "\\\\sqrt{7840}"))
    (True, True)
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
    equal = True
    for point in _POINTS if names else _POINTS[:1]:
        env = {n: complex(v) for n, v in zip(names, point)}
        try:
            g, a = _Parser(list(g_tokens), env).parse(), _Parser(list(a_tokens), env).parse()
            _bounded(g), _bounded(a)
        except (_Unknown, KeyError, ValueError, OverflowError, ZeroDivisionError):
            return None
        gap, scale = abs(g - a), max(abs(g), abs(a), 1 / MAX_MAGNITUDE)
        if gap > DIFFERENT * scale:
            return False
        equal = equal and gap <= EQUAL * scale
    return True if equal else None
