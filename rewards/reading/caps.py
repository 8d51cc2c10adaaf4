"""Input caps for math answers: what is refused before any parser sees it, in microseconds, in-process.

sympy and math-verify can take minutes (or forever) on answers no honest completion writes: thousands of characters,
deep bracket nests, exponent towers, huge exponents or factorials. `too_complex` names the first cap an answer breaks;
math_exact scores such answers 0 with status ``unparsed`` instead of spending a worker's deadline on them. Slow forms
the caps do not name (``\\Gamma(10^9)``) still reach a worker and its hard deadline.
"""

from __future__ import annotations

import math
import re

from rewards.reading.shown import matching_brace

MAX_ANSWER_CHARS = 1_000
MAX_DEPTH = 20  # bracket nesting beyond this is a parser bomb, not an answer
MAX_EXPONENT = 100_000  # x^{100000} or 10^{10^7}: sympy expands it or builds the number, far past any deadline
MAX_EXPONENT_NESTING = 2  # e^{x^2} is fine; 2^{2^{2^{...}}} is a tower sympy may never finish


def too_complex(answer: str) -> str:
    """Why ``answer`` is refused before parsing (too long, too deep, an exponent tower), or an empty string.

    >>> too_complex("2^{2^{2^{2}}}"), too_complex("e^{x^2}"), too_complex("10^{10^7}"), too_complex("(10^9)!")
    ('exponent tower', '', 'an exponent of 100000 or more', 'factorial of a number over 999')
    """
    if len(answer) > MAX_ANSWER_CHARS:
        return f"answer longer than {MAX_ANSWER_CHARS} characters"
    levels = depths(answer)
    if levels and max(levels) > MAX_DEPTH:
        return f"brackets nested deeper than {MAX_DEPTH}"
    if _exponent_nesting(answer) > MAX_EXPONENT_NESTING:
        return "exponent tower"
    if re.search(r"\d{301}", answer):
        return "a number with more than 300 digits"
    if _BIG_FACTORIAL.search(answer) or any(_power_value(g) > 999 for g in _FACTORIAL_GROUP.findall(answer)):
        return "factorial of a number over 999"
    if any(_power_value(e) >= MAX_EXPONENT for e in _exponents(answer)):
        return f"an exponent of {MAX_EXPONENT} or more"
    return ""


# (10^9)!: numeric only, symbolic (n+1)! is cheap. Bounded runs, and digit runs from their start only: tried from
# every "{" of a brace run (or every digit of a digit run) an unbounded run would rescan it, quadratically.
_FACTORIAL_GROUP = re.compile(r"[({]([\d\s^{}]{0,60})[)}]\s*!")
_BIG_FACTORIAL = re.compile(r"(?<!\d)\d{4,}\s*[)}]?\s*!")
_DIGITS = re.compile(r"-?\d+")


def _exponents(s: str) -> list[str]:
    """The text of every exponent in ``s``: ``a^{...}`` (a balanced group) or ``a^12``."""
    out = []
    for m in re.finditer(r"\^\s*", s):
        i = m.end()
        if s.startswith("{", i):
            j = matching_brace(s, i)
            out.append(s[i + 1: j - 1] if j > 0 else s[i + 1:])
        elif d := _DIGITS.match(s, i):
            out.append(d.group())
    return out


def _power_value(text: str) -> float:
    """The magnitude of a numeric power tower like ``10^{7}`` or ``-100000`` (``inf`` when huge), else 0."""
    flat = text.replace("{", "").replace("}", "").replace(" ", "").lstrip("-")
    if not re.fullmatch(r"\d+(?:\^\d+)*", flat):
        return 0.0
    *bases, top = (int(p) for p in flat.split("^"))
    value = float(top)
    for b in reversed(bases):
        value = b ** value if b <= 1 or value * math.log10(b) < 300 else math.inf
    return value


_ATOM = re.compile(r"\s*(?:\d+|[A-Za-z])\s*")


def _exponent_nesting(s: str) -> int:
    """The longest chain of exponents inside exponents: ``a^b^c`` and ``a^{b^{c}}`` both count 3."""
    groups: list[int] = []
    best, depth, chain, chain_end, i = 0, 0, 0, -1, 0
    while i < len(s):
        c = s[i]
        if c == "^":
            chain = chain + 1 if i == chain_end else 1
            best = max(best, len(groups) + chain)
            j = i + 1
            while j < len(s) and s[j].isspace():
                j += 1
            if j < len(s) and s[j] == "{":
                groups.append(depth)
                depth, chain, chain_end, i = depth + 1, 0, -1, j + 1
                continue
            m = _ATOM.match(s, i + 1)
            chain_end, i = (m.end(), m.end()) if m else (-1, i + 1)
            continue
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if groups and groups[-1] == depth:
                groups.pop()
        i += 1
    return best


def depths(s: str) -> list[int]:
    """The bracket depth at every character of ``s`` (``([{`` open, ``)]}`` close, never below 0)."""
    out, depth = [], 0
    for c in s:
        if c in "([{":
            depth += 1
            out.append(depth)
            continue
        if c in ")]}":
            depth = max(0, depth - 1)
        out.append(depth)
    return out


def depth_profile(inner: str) -> tuple[int, bool]:
    """(min depth, whether ``inner`` never closes below its start): is the outer pair one group?"""
    depth, lowest = 0, 0
    for c in inner:
        depth += (c in "([{") - (c in ")]}")
        lowest = min(lowest, depth)
    return lowest, lowest >= 0 and depth == 0
