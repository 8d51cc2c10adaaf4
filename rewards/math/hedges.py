"""Hedges and the shape of an answer: alternatives, lists where one value is wanted, relations that contradict.

Hedges score 0: alternatives ("5 or 6", ``\\lor``) unless the gold itself has them or lists several values ("-2, 2"
and ``\\pm 2`` are answered by "x = 2 or x = -2"); a list ("5, 6", "5 and 6", ``\\{5, 6\\}``) when the gold is a
single value (in prose, parts that are only words are not items; ``x=2, y=3`` spelling out a tuple gold ``(2, 3)``
is one value; a last line that is a sentence ending in a value holds numbers, not a list, unless it ends by listing
values or hedges: "She ate 3, and now has 7 left." answers 7, "It is 5 and 6." and "It is 5, not 6." do not, and
neither does a sentence cut off mid-way, "... 3 + 4 = 7 and then we multiply by"); several different boxed values
written together. A choice line ("D. it can't be A or B") names one option.
A relation whose literal sides differ (``12 = 13``, ``x = 4 = 5``, ``4 \\to 5``) is wrong: math-verify would read
only its last side.
"""

from __future__ import annotations

import itertools
import re
from fractions import Fraction

from rewards.cache import cached_for_short
from rewards.math.evaluate import closed_value
from rewards.reading.caps import depth_profile, depths
from rewards.reading.final import Answer, offers_alternatives
from rewards.reading.literals import choice, compact, number, without_thousands_separators
from rewards.reading.notation import hedging
from rewards.reading.shown import untext

# ----------------------------------------------------------------------------------------------

_AND = re.compile(r"(?:\\text\{\s*and\s*\}|\band\b)", re.IGNORECASE)
_OPENERS = {"(": ")", "[": "]", "{": "}"}


@cached_for_short()
def items(answer: str, unwrap: bool = True) -> int:
    """How many values an answer lists at its top level (commas, semicolons, "and"), outer brackets removed
    unless ``unwrap`` is False (then a tuple or interval counts as one value).

    >>> items("\\\\{1, 2\\\\}"), items("1,000"), items("f(1, 2)"), items("5 and 6"), items("(1, 2), (3, 4)", False)
    (2, 1, 1, 2, 2)
    """
    s = compact(without_thousands_separators(answer), keep_spaces=True)  # separators first: compact eats "\\!"
    s = _AND.sub(",", s).replace(r"\{", "{").replace(r"\}", "}").replace(r"\left", "").replace(r"\right", "").strip()
    if unwrap and len(s) >= 2 and s[0] in "([{" and s[-1] in ")]}" and depth_profile(s[1:-1])[1]:
        s = s[1:-1]
    cuts = [i for i, (c, depth) in enumerate(zip(s, depths(s))) if c in ",;" and depth == 0]
    return sum(1 for a, b in zip([-1, *cuts], [*cuts, len(s)]) if s[a + 1: b].strip()) or 1  # "5," is one value


_PLUS_MINUS = re.compile(r"\\(?:pm|mp)(?![A-Za-z])|±")


@cached_for_short()
def is_single(gold: str) -> bool:
    """Whether ``gold`` is one value: no comma, semicolon, "and" or ``\\pm`` anywhere (thousands separators aside)."""
    s = without_thousands_separators(untext(gold))
    return not re.search(r"[,;]", s.replace("{,}", "")) and not _AND.search(s) and not _PLUS_MINUS.search(s)


@cached_for_short()
def _one_group(gold: str) -> bool:
    """Whether ``gold`` lists several values inside one tuple, interval or vector (not a set): ``(3, -4)``."""
    return not compact(gold).startswith("\\{") and not _PLUS_MINUS.search(gold) and items(untext(gold), False) == 1


def committed(answer: Answer, gold: str) -> Answer:
    """``answer`` as judged: of its boxes, only the last and those written together with it as one list
    (``\\boxed{3}, \\boxed{5}``) are the answer; earlier boxes set apart by prose were intermediate results, for a
    one-value gold and a list gold alike (the gold's shape then decides whether that group is a list or a hedge)."""
    if answer.rule != "boxed" or not answer.final:
        return answer
    return Answer(answer.final, answer.rule, answer.problem, answer.final)


def hedge(answer: Answer, gold: str) -> str:
    """Why ``answer`` hedges against ``gold`` (an empty string when it commits to one answer)."""
    single = is_single(gold)
    one_group = not single and _one_group(gold)
    answer = committed(answer, gold)
    if len(answer.values) > 1 and (single or one_group):
        return "several different boxed values"
    text = answer.text
    if choice(gold) is not None and choice(text) is not None:  # "D. it can't be A or B" names one option
        return ""
    # "or" offers alternatives to a one-value gold; between the members of a list gold it lists them ("x=2 or x=-2")
    if (single or one_group) and offers_alternatives(text, gold):
        return "alternatives ('or')"
    if (answer.rule == "last_line" and _SENTENCE.search(untext(text)) and _ends_with_value(text)
            and not _ends_in_list(text) and not hedging(text)):
        return ""  # a sentence's numbers are no list ("ate 3, and now has 7 left"): its last value counts
    if answer.rule in ("last_line", "answer_is"):
        text = _without_prose(text)
    if answer.rule != "last_line" or len(text) <= 60:
        if single and items(text) > 1:
            return "a list where the gold is a single value"
        if one_group and items(text, unwrap=False) > 1 and not _spells_out(text, gold):
            return "several tuples or intervals where the gold is one"
    return ""


_SENTENCE = re.compile(r"(?<![A-Za-z'])[A-Za-z']{2,}[ \t]+[A-Za-z']{2}")  # from a word's start only: linear
# The tail of a last line, as tokens (one left-to-right pass, each token maximal): a $...$ span, a number, a word, a
# mark. The tail checks below read these instead of end-anchored regexes, which a search retries from every position.
_TOKEN = re.compile(r"\$[^$]+\$|-?\d+(?:[.,]\d+)*(?:/\d+)?|[A-Za-z]+|\S")
MAX_TAIL_TOKENS = 12  # the tail checks look at most this far back: "5 and 6 left." is 6 tokens


def _tail(text: str) -> list[str]:
    """The last `MAX_TAIL_TOKENS` tokens of ``text``, read from a bounded end (the cap comes before the pattern)."""
    return _TOKEN.findall(text[-400:])[-MAX_TAIL_TOKENS:]


def _is_value(token: str) -> bool:
    return token[0] == "$" and len(token) > 2 or token.lstrip("-")[:1].isdigit()


def _strip_words(tokens: list[str], words: int) -> list[str]:
    """``tokens`` without a final ``.``/``!`` and up to ``words`` words before it (a noun after the value)."""
    if tokens and tokens[-1] in ".!":
        tokens = tokens[:-1]
    for _ in range(words):
        if tokens and tokens[-1][0].isalpha():
            tokens = tokens[:-1]
    return tokens


def _ends_with_value(text: str) -> bool:
    """Whether a sentence states a value at its end ("now has 7 left."), not cut off ("then we multiply by")."""
    tokens = _strip_words(_tail(text), 3)
    return bool(tokens) and _is_value(tokens[-1])


def _ends_in_list(text: str) -> bool:
    """Whether a sentence ends by listing values ("It could be 5 and 6.", "x is 2, 3"): still a list."""
    tokens = _tail(text)
    if tokens and tokens[-1] in ".!":
        tokens = tokens[:-1]
    tokens = _strip_words(tokens, 2)
    if len(tokens) < 3 or not _is_value(tokens[-1]):
        return False
    rest = tokens[:-1]
    if len(rest) >= 2 and rest[-1].lower() == "and" and rest[-2] in (",", ";", "&", "and"):
        rest = rest[:-1]  # "5, and 6"
    return len(rest) >= 2 and rest[-1].lower() in (",", ";", "&", "and") and _is_value(rest[-2])


_ASSIGNMENT = re.compile(r"\s*([A-Za-z])\s*=[^=]+")


def _spells_out(answer: str, gold: str) -> bool:
    """Whether ``answer`` gives a tuple gold's coordinates one per variable: ``x=2, y=3`` (or ``x = 2 \\text{ and }
    y = 3``) for ``(2, 3)``."""
    parts = _AND.sub(",", compact(answer, keep_spaces=True)).split(",")
    names = [m.group(1) for p in parts if (m := _ASSIGNMENT.fullmatch(p.strip().strip("$")))]
    return len(names) == len(parts) == len(set(names)) == items(gold)


_RELATION = re.compile(r":=|=|\\(?:to|(?:long)?rightarrow|Rightarrow|Longrightarrow|implies|mapsto)(?![A-Za-z])|→|⇒")


# Relations other than equality, between two literals: a true or false statement about numbers, never an answer.
# ``\\approx``-like ones hold when the sides agree to the precision written (``\\frac13 \\approx 0.33``).
_OTHER_RELATION = re.compile(r"(\\(?:equiv|cong|simeq|approx|sim|leqslant|geqslant|leq|geq|le|ge|neq|ne|lt|gt|ll|gg"
                             r"|prec|succ|propto)(?![A-Za-z])|<=?|>=?|[≤≥≠≈≡≅∼≃∝≪≫])")
_APPROXIMATE = frozenset({"\\approx", "\\sim", "\\simeq", "≈", "∼", "≃"})
_DECIMALS = re.compile(r"\.(\d+)")


@cached_for_short()
def contradiction(answer: str) -> str:
    """Why ``answer`` is a relation between literals that differ (``4 = 3``, ``x = 4 = 5``, ``4 \\to 5``,
    ``4 \\equiv 5``, ``4 < 5``, ``4 \\approx 5``), else ``""``.

    math-verify reads only the last side of a relation, so without this ``\\boxed{12 = 13}`` would pay gold 13.
    Equality chains compare every literal side; another relation its two neighbouring sides, so ``1 < x < 3`` is
    an interval. ``\\approx`` and its kin hold within half a unit of the finest decimal written.

    >>> contradiction("x = 4 = 5"), contradiction("x = 1{,}000 = 1000"), contradiction("f(4) = 5")
    ('sides 4 and 5 differ', '', '')
    >>> contradiction("4 \\\\equiv 5"), contradiction("\\\\frac{1}{3} \\\\approx 0.33"), contradiction("-1 < x < 3")
    ('4 \\\\equiv 5 is no answer', '', '')
    """
    values = [(side.strip(), n[0]) for side in _RELATION.split(answer) if (n := number(side)) is not None]
    for (a, x), (b, y) in itertools.pairwise(values):
        if x != y:
            return f"sides {a} and {b} differ"
    if _OTHER_RELATION.search(answer) is None:
        return ""
    parts = _OTHER_RELATION.split(answer)
    for left, relation, right in zip(parts[0::2], parts[1::2], parts[2::2]):
        lhs, rhs = number(_last_side(left)), number(_first_side(right))
        if lhs is None or rhs is None:
            if relation in _APPROXIMATE and _far_apart(_last_side(left), _first_side(right)):
                return f"{left.strip()} {relation} {right.strip()} is no answer"
            continue
        if lhs[0] == rhs[0]:
            continue
        if relation in _APPROXIMATE and abs(lhs[0] - rhs[0]) <= _half_unit(left, right):
            continue
        return f"{left.strip()} {relation} {right.strip()} is no answer"
    return ""


def _far_apart(left: str, right: str) -> bool:
    """Whether two closed forms said to be approximately equal are not, to the precision written: ``\\sqrt{2}
    \\approx 7``, ``2+3 \\approx 7`` (math-verify would read the first side alone and pay it). Sides the small
    parser of `rewards.math.evaluate` cannot read (variables, ``e``, functions) are not judged here."""
    left, right = left.rsplit("$", 1)[-1].strip(), right.split("$", 1)[0].strip().removesuffix(".").strip()
    a, b = _value(left), _value(right)  # a side in a sentence: "The area is $\\frac{\\pi}{4} \\approx 9$."
    return a is not None and b is not None and abs(a - b) > _half_unit(left, right) + 1e-9 * max(abs(a), abs(b))


def _value(side: str) -> float | None:
    """A literal's value (``1.42``, ``\\frac{2}{3}``) or a closed form's (``\\sqrt{2}``, ``2+3``)."""
    literal = number(side)
    return float(literal[0]) if literal is not None else closed_value(side)


def approximation(answer: str) -> str | None:
    """The decimal an answer writes beside its value with one ``\\approx`` (or kin) ending it (``\\frac13
    \\approx 0.33`` gives ``0.33``), when both sides are numbers; else None. The answer states both: its value, and
    that value to the places the decimal shows, so a gold that is the decimal as written is answered by it
    (`contradiction` has already refused sides that do not agree to that precision).

    >>> approximation("So $x = \\\\frac{1}{3} \\\\approx 0.33$."), approximation("\\\\frac13")
    ('0.33', None)
    """
    parts = _OTHER_RELATION.split(answer)
    if len(parts) != 3 or parts[1] not in _APPROXIMATE:
        return None
    left, right = _last_side(parts[0]).strip(" $"), parts[2].strip().removesuffix(".").strip(" $")
    return right if number(left) is not None and number(right) is not None else None


def _last_side(text: str) -> str:
    return _RELATION.split(text)[-1]


def _first_side(text: str) -> str:
    return _RELATION.split(text)[0]


def _half_unit(*sides: str) -> Fraction:
    """Half a unit of the finest decimal place written in ``sides`` (0.5 for integers and fractions)."""
    places = max((len(m) for side in sides for m in _DECIMALS.findall(side)), default=0)
    return Fraction(1, 2 * 10 ** min(places, 50))


_MATH_CHAR = re.compile(r"[\d$\\]")


_LEADING_WORDS = re.compile(r"^\s*(?:[A-Za-z]{2,}\s+)*")
_ARITHMETIC = re.compile(r"\d\s*[-+*/×·x]\s*\$?\s*\d")


def _without_prose(text: str) -> str:
    """``text`` without the top-level comma-separated parts that are no candidate answer: words only ("Therefore,
    $x=5$" -> "$x=5$") or a worked step before the last part ("16 - 7 = 9 eggs, and 9 * 2 = 18" -> "9 * 2 = 18")."""
    s = without_thousands_separators(text)
    cuts = [i for i, (c, depth) in enumerate(zip(s, depths(s))) if c in ",;" and depth == 0]
    parts = [s[a + 1: b] for a, b in zip([-1, *cuts], [*cuts, len(s)])]
    kept = [p for i, p in enumerate(parts) if not _is_prose(p) and not (i < len(parts) - 1 and _is_step(p))]
    return ", ".join(_LEADING_WORDS.sub("", p) for p in kept) if kept else text  # "and 9 * 2 = 18": no "and" list


def _is_prose(part: str) -> bool:
    """Words only: no digit, ``$`` or LaTeX, and a word of two letters or more (a lone ``B`` may be a choice)."""
    return _MATH_CHAR.search(part) is None and re.search(r"[A-Za-z]{2}", part) is not None


def _is_step(part: str) -> bool:
    """Whether ``part`` works a computation out (arithmetic on numbers left of an ``=``): ``16 - 7 = 9``, not
    ``x = 5``."""
    left, equals, _ = part.partition("=")
    return bool(equals) and _ARITHMETIC.search(left) is not None
