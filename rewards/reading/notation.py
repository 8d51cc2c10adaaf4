"""Notation that means one thing written several ways: answers in prose, number words, inequalities as intervals,
plain-brace sets, and golds that name several answers.

- `answer_in_prose`: "The smallest such $k$ is 17" and "that there are 17 ways" answer 17. Only the words of a
  statement are dropped (a subject before "is"/"are", fillers such as "that there are", a noun after the value);
  words that change the value ("not", "at least", "square root of", "squared", "more than") leave the text whole,
  to be judged strictly.
- `number_word`: "twelve" is 12 (zero to ninety-nine, whole words only).
- `as_interval`: ``-1 < x < 3`` is ``(-1, 3)``, ``x \\ge 2`` is ``[2, \\infty)``, for one variable.
- `one_spelling`: forms math-verify misreads in the one spelling it reads (``x^\\frac12``, mixed numbers in sums,
  array matrices, ``\\det A``, a constant sum).
- `named_set`: the empty set and the real line named in words or symbols (``\\text{no solution}``, ``\\varnothing``;
  ``\\text{all real numbers}``, ``\\mathbb{R}``, ``x \\in \\mathbb{R}``) in one spelling each.
- `gold_values`: a gold that names several answers (``\\boxed{-3}`` and ``\\boxed{5}``, ``(2,9) or (9,2)``,
  ``{1, 2, 3}``) as one list, so that every value is needed: a partial answer is never paid in full.

Limits: English only; an inequality with two variables or a union of inequalities is left to math-verify.
"""

from __future__ import annotations

import re

from rewards.cache import cached_for_short
from rewards.reading.caps import depths

_MATHY = re.compile(r"[\d$\\^_=+*/<>()\[\]{}|]|(?<![A-Za-z])[A-Za-z](?![A-Za-z])")
_WORD = re.compile(r"(?<![\\A-Za-z])[A-Za-z]{2,}(?![A-Za-z])")
# Words that hedge or negate, anywhere in the statement: it is left whole (and judged strictly).
_HEDGING = re.compile(
    r"\b(?:not|no|never|none|isn't|aren't|wasn't|cannot|can't|wrong|incorrect|unless|except|if|but|maybe|perhaps|"
    r"possibly|probably|likely|guess|either|or|approx\w*|about|around|nearly|roughly|almost)\b", re.IGNORECASE)
# Words that change the value when they come with it (after "is"): the statement is left whole.
_CHANGES_VALUE = re.compile(
    r"\b(?:at\s+(?:least|most)|up\s+to|than|over|root|roots|square|squared|cube|cubed|power|times|plus|minus|"
    r"divided|half|twice|double|triple|quarter|third|thirds|percent|thousand|hundred|million|billion|dozen|"
    r"negative|reciprocal|inverse|sum|product|difference|quotient|ratio|factorial|log|ln|sin|cos|tan|pi|between|"
    r"and|from|choose|mod|modulo|base|raised|exponent)\b", re.IGNORECASE)  # units stay units: "18 dollars per day"
_COPULA = re.compile(r"\b(?:is|are|was|were|equals|be)\b\s*:?\s*", re.IGNORECASE)
# Words that only carry a statement: "that there are", "a total of", "exactly", "equal to".
# One separator run between two words (not "\s*" after "[\s,:]*": two adjacent runs backtrack quadratically).
_FILLER = re.compile(
    r"^(?:[\s,:]*\b(?:that|there|then|so|thus|hence|therefore|just|exactly|precisely|simply|the|a|an|total|of|"
    r"equal|to|final|answer|value|number|result|it|this|we|get|have|has|obtain|find|is|are|be|will|would|given|by|"
    r"which|our|my)\b)+[\s,:]*", re.IGNORECASE)
# Whole words only ("(?![A-Za-z])"): a run of letters split into words in every way backtracks exponentially.
_NAMED_TEXT = re.compile(r"\\(?:text|mbox|textrm|textnormal)\s*\{([^{}]*)\}")
_EMPTY_SET = re.compile(r"(?:there (?:is|are) )?no solutions?|(?:the )?empty set|\\emptyset|\\varnothing|\\\{ ?\\\}")
_REAL_LINE = re.compile(r"(?:all|any|every) real(?:s| numbers?| values?(?: of [a-z])?| [a-z])?"
                        r"|(?:the set of )?all real numbers|(?:[a-z] ?\\in ?)?\\mathbb ?\{?r\}?|(?:[a-z] ?\\in ?)?\\r"
                        r"|\(-\\infty, ?\\infty\)")
MAX_NAMED_CHARS = 60  # longer texts name no set this way: the patterns read a capped, space-collapsed string


def named_set(text: str) -> str | None:
    """The set ``text`` names as a whole, in one spelling (``\\emptyset`` or ``(-\\infty, \\infty)``), else ``None``;
    "all real numbers except 2" and "no real solution" name neither.

    >>> named_set("\\\\text{There are no solutions.}"), named_set("\\\\varnothing"), named_set("x \\\\in \\\\mathbb{R}")
    ('\\\\emptyset', '\\\\emptyset', '(-\\\\infty, \\\\infty)')
    >>> named_set("All real numbers"), named_set("all real numbers except 2"), named_set("no real solution")
    ('(-\\\\infty, \\\\infty)', None, None)
    """
    if len(text) > MAX_NAMED_CHARS:
        return None
    plain = " ".join(_NAMED_TEXT.sub(r" \1 ", text).replace("$", " ").split()).rstrip(".").strip().casefold()
    if _EMPTY_SET.fullmatch(plain):
        return "\\emptyset"
    if _REAL_LINE.fullmatch(plain):
        return "(-\\infty, \\infty)"
    return None


_TRAILING_WORDS = re.compile(r"(?<=[\d$}])\s+(?:[A-Za-z]{2,}(?![A-Za-z])[\s,]*)+$")


@cached_for_short()
def answer_in_prose(answer: str) -> str:
    """The value a prose answer states, or ``answer`` itself when it is no statement of one value.

    >>> answer_in_prose("The smallest such $k$ is 17"), answer_in_prose("that there are 17 ways")
    ('17', '17')
    >>> answer_in_prose("the square root of 2"), answer_in_prose("5 or 6"), answer_in_prose("not 5")
    ('the square root of 2', '5 or 6', 'not 5')
    >>> answer_in_prose("that she has 24 marbles left"), answer_in_prose("x + 17 apples")
    ('24', 'x + 17')
    """
    prose = _outside_math(answer)
    if not _WORD.search(prose):
        return answer
    if (value := number_word(answer)) is not None:
        return value
    if _HEDGING.search(prose):
        return answer
    text = answer
    inside = _inside_math_at(text)
    copulas = [m for m in _COPULA.finditer(text) if not inside[m.start()]]
    if copulas:
        text = text[copulas[-1].end():]
    if _CHANGES_VALUE.search(_outside_math(text)):
        return answer
    text = _TRAILING_WORDS.sub("", _FILLER.sub("", text).strip()).strip().rstrip(",").strip()
    if (value := number_word(text)) is not None:
        return value
    if text and _WORD.search(_outside_math(text)):  # "she has 24 marbles left": words around one value
        text = _only_value(text) or ""
    if not text or not _MATHY.search(text):
        return answer  # still prose: not one stated value
    if len(text) >= 2 and text[0] == text[-1] == "$":
        text = text[1:-1].strip()
    return text


_VALUE_TOKEN = re.compile(r"\$[^$]+\$|(?<![\w.])-?\d+(?:[.,]\d+)*(?:\s*/\s*\d+)?(?![\w.])")
_PROSE_ONLY = re.compile(r"[\sA-Za-z',:;]*")


def _only_value(text: str) -> str | None:
    """The one number or ``$...$`` span in ``text`` when everything else is words (two letters or more), else None."""
    tokens = _VALUE_TOKEN.findall(text)
    rest = _VALUE_TOKEN.sub(" ", text)
    if len(tokens) != 1 or not _PROSE_ONLY.fullmatch(rest) or re.search(r"(?<![A-Za-z'])[A-Za-z](?![A-Za-z'])", rest):
        return None
    return tokens[0]


def hedging(words: str) -> bool:
    """Whether ``words`` hedge or negate ("not", "or", "maybe", "approximately").

    >>> hedging("It is 5, not 6."), hedging("now has 7 left")
    (True, False)
    """
    return bool(_HEDGING.search(words))


def changes_value(words: str) -> bool:
    """Whether ``words`` hedge, negate or change a value ("or", "not", "squared", "more than", "percent").

    >>> changes_value("17 squared"), changes_value("17 apples")
    (True, False)
    """
    return bool(_HEDGING.search(words) or _CHANGES_VALUE.search(words))


def _outside_math(text: str) -> str:
    """``text`` without its ``$...$`` spans and LaTeX commands (what is left is the prose)."""
    return re.sub(r"\\[A-Za-z]+", " ", re.sub(r"\$[^$]*\$", " ", text))


def _inside_math_at(text: str) -> list[bool]:
    """Whether each index of ``text`` is inside a ``$...$`` span: one pass (counting ``$`` before every match again
    would be quadratic in a text of many copulas)."""
    out, inside = [], False
    for c in text:
        out.append(inside)
        inside ^= c == "$"
    out.append(inside)
    return out


_UNITS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
          "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen")
_TENS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
_NUMBER_WORD = re.compile(rf"({'|'.join(_TENS)})(?:[- ]({'|'.join(_UNITS[1:10])}))?|({'|'.join(_UNITS)})",
                          re.IGNORECASE)


def number_word(text: str) -> str | None:
    """The digits of a number written as one English word or two ("twelve", "forty-two"), else ``None``.

    >>> number_word("Twelve"), number_word("forty-two"), number_word("twelve apples")
    ('12', '42', None)
    """
    m = _NUMBER_WORD.fullmatch(text.strip().strip("*").strip().rstrip(".").strip())
    if m is None:
        return None
    if m.group(3):
        return str(_UNITS.index(m.group(3).lower()))
    tens = 10 * (2 + _TENS.index(m.group(1).lower()))
    return str(tens + (_UNITS.index(m.group(2).lower()) if m.group(2) else 0))


_LESS = r"(?:<|\\(?:lt|leqslant|leq|le)(?![A-Za-z])|≤)"  # "\\left" is no "\\le"
_GREATER = r"(?:>|\\(?:gt|geqslant|geq|ge)(?![A-Za-z])|≥)"
_INEQUALITY = re.compile(f"{_LESS}|{_GREATER}")
_SIDE = r"([^<>=≤≥]+?)"
_BETWEEN = re.compile(rf"^\s*{_SIDE}\s*({_LESS})\s*([A-Za-z])\s*({_LESS})\s*{_SIDE}\s*$")
_BETWEEN_DOWN = re.compile(rf"^\s*{_SIDE}\s*({_GREATER})\s*([A-Za-z])\s*({_GREATER})\s*{_SIDE}\s*$")
_ONE_SIDE = re.compile(rf"^\s*([A-Za-z])\s*({_LESS}|{_GREATER})\s*{_SIDE}\s*$")


def as_interval(text: str) -> str | None:
    """An inequality in one variable as an interval (``-1 < x \\le 3`` -> ``(-1, 3]``), else ``None``.

    >>> as_interval("-1 < x < 3"), as_interval("x \\\\ge 2"), as_interval("5 > y \\\\geq 0"), as_interval("x = 2")
    ('(-1, 3)', '[2, \\\\infty)', '[0, 5)', None)
    """
    s = " ".join(text.split()).strip("$").strip()  # single spaces: a side's lazy run meets one "\\s*" at a time
    if len(_INEQUALITY.findall(s)) > 2:  # at most two places a side can end: the patterns stay linear
        return None
    if (m := _BETWEEN.match(s)) is not None:
        return _bracket(m[2], "(") + f"{m[1].strip()}, {m[5].strip()}" + _bracket(m[4], ")")
    if (m := _BETWEEN_DOWN.match(s)) is not None:
        return _bracket(m[4], "(") + f"{m[5].strip()}, {m[1].strip()}" + _bracket(m[2], ")")
    if (m := _ONE_SIDE.match(s)) is not None:
        if re.fullmatch(_LESS, m[2]):
            return f"(-\\infty, {m[3].strip()}" + _bracket(m[2], ")")
        return _bracket(m[2], "(") + f"{m[3].strip()}, \\infty)"
    return None


@cached_for_short()
def as_intervals(text: str) -> str | None:
    """Inequalities in one variable joined by "or" as a union of intervals, one inequality as one interval.

    >>> as_intervals("x < -2 \\\\text{ or } x > 3"), as_intervals("x<1"), as_intervals("x < 1 or y > 2")
    ('(-\\\\infty, -2) \\\\cup (3, \\\\infty)', '(-\\\\infty, 1)', None)
    """
    parts = [p.strip().strip("$").strip() for p in _split_top(text.strip(), _OR)]
    intervals = [as_interval(p) for p in parts]
    if any(i is None for i in intervals) or len({_variable(p) for p in parts}) != 1:
        return None
    return " \\cup ".join(intervals)  # type: ignore[arg-type]


_OR = re.compile(r"(?<!\s)\s*(?:\\text\{\s*or\s*\}|\bor\b|\\lor\b|\\vee\b)\s*", re.IGNORECASE)


def _variable(inequality: str) -> str:
    return "".join(sorted(set(re.findall(r"(?<![A-Za-z\\])[A-Za-z](?![A-Za-z])", inequality))))


def _bracket(relation: str, strict: str) -> str:
    """``strict`` for ``<``/``>``, the closed bracket for the ``\\le``/``\\ge`` family."""
    if relation in ("<", ">", "\\lt", "\\gt"):
        return strict
    return "[" if strict == "(" else "]"


@cached_for_short()
def is_interval(text: str) -> bool:
    """Whether ``text`` is written as an interval or a union of intervals (``(-1, 3)``, ``[2, \\infty)``)."""
    s = text.strip().strip("$").replace(r"\left", "").replace(r"\right", "").strip()
    return bool(re.fullmatch(r"[(\[][^()\[\]]*,[^()\[\]]*[)\]](?:\s*\\cup\s*[(\[][^()\[\]]*,[^()\[\]]*[)\]])*", s))


_JOIN = re.compile(r"(?<!\s)\s*(?:\\text\{\s*(?:or|and)\s*\}|(?:\\q?quad\s*)?\b(?:or|and)\b)\s*", re.IGNORECASE)


def gold_values(gold: str) -> str:
    """``gold`` with several answers written as one list: ``(2,9) or (9,2)`` -> ``(2,9), (9,2)``, a plain-brace set
    ``{1, 2, 3}`` -> ``\\{1, 2, 3\\}``; anything else unchanged.

    >>> gold_values("$(2,9)$ or $(9,2)$"), gold_values("{1, 2, 3}"), gold_values("x^{2}")
    ('(2,9), (9,2)', '\\\\{1, 2, 3\\\\}', 'x^{2}')
    """
    s = gold.strip()
    if s.startswith("{") and s.endswith("}") and _top_level_comma(s[1:-1]) and _one_group(s):
        return f"\\{{{s[1:-1].strip()}\\}}"
    parts = [p.strip().strip("$").strip() for p in _split_top(s, _JOIN)]
    if len(parts) > 1 and all(parts):
        if (union := as_intervals(s)) is not None:  # "x < -2 or x > 3" is one set: a union, not two answers
            return union
        return ", ".join(parts)
    return gold


def _one_group(s: str) -> bool:
    levels = depths(s)
    return all(d > 0 for d in levels[:-1])


def _top_level_comma(s: str) -> bool:
    return any(c == "," and d == 0 for c, d in zip(s, depths(s)))


def _split_top(s: str, sep: re.Pattern[str]) -> list[str]:
    """``s`` split at the matches of ``sep`` that sit outside brackets (each separator pattern starts where its run
    of spaces starts, ``(?<!\\s)\\s*``: tried at every space of a long run it would rescan the run)."""
    levels, inside = depths(s), _inside_math_at(s)  # whether an index is inside a ``$...$`` span (``$a$ or $b$``)
    parts, start = [], 0
    for m in sep.finditer(s):
        if levels[m.start()] == 0 and not inside[m.start()]:
            parts.append(s[start: m.start()])
            start = m.end()
    parts.append(s[start:])
    return parts


_FRAC_POWER = re.compile(r"\^\s*(\\[dt]?frac\s*(?:\{[^{}]*\}|\d)\s*(?:\{[^{}]*\}|\d))")
_DET = re.compile(r"\\det\s*([A-Za-z])(?![A-Za-z])")
_ARRAY_OPEN = re.compile(r"\\left\s*[\[(]\s*\\begin\{array\}\s*\{[^{}]*\}")
_ARRAY_CLOSE = re.compile(r"\\end\{array\}\s*\\right\s*[\])]")
_MIXED_IN = re.compile(r"(?<![\w}^_.\\])(\d+)\s*\\[dt]?frac\s*(?:\{(\d+)\}|(\d))\s*(?:\{(\d+)\}|(\d))")


def one_spelling(s: str) -> str:
    """One spelling for forms math-verify misreads: ``x^\\frac12`` as ``x^{\\frac12}``, ``\\det A`` as ``\\det(A)``,
    ``\\left[\\begin{array}{cc}...\\end{array}\\right]`` as a pmatrix, a mixed number inside a sum
    (``2\\frac12 + 2``) or alone as an improper fraction (``\\frac{5}{2} + 2``)."""
    s = _FRAC_POWER.sub(r"^{\1}", s)
    s = _DET.sub(r"\\det(\1)", s)
    if "\\sum" in s:
        s = _CONSTANT_SUM.sub(_constant_sum, s)
    if "array" in s:
        s = _ARRAY_CLOSE.sub(r"\\end{pmatrix}", _ARRAY_OPEN.sub(r"\\begin{pmatrix}", s))
    return _MIXED_IN.sub(_mixed, s) if "frac" in s else s


_CONSTANT_SUM = re.compile(r"\\sum_\{\s*([A-Za-z])\s*=\s*(-?\d{1,6})\s*\}\s*\^\s*(?:\{\s*(-?\d{1,6})\s*\}|(\d))\s*"
                           r"(\d+|[A-Za-z](?![A-Za-z]))\s*$")


def _constant_sum(m: re.Match[str]) -> str:
    """``\\sum_{k=1}^{3} c`` (a summand without the index) as ``3 \\cdot c``: math-verify reads the ``c`` as a unit."""
    count = int(m[3] or m[4]) - int(m[2]) + 1
    return m.group() if m[5] == m[1] or count < 1 else f"{count} \\cdot {m[5]}"


def _mixed(m: re.Match[str]) -> str:
    """A mixed number as an improper fraction (``3\\frac12`` -> ``\\frac{7}{2}``), which no reader takes for a
    product."""
    whole, a, b = int(m[1]), int(m[2] or m[3]), int(m[4] or m[5])
    return f"\\frac{{{whole * b + a}}}{{{b}}}" if 0 < a < b and len(m[1]) < 10 else m.group()
