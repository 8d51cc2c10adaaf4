"""Comparisons of plain math literals without sympy: numbers, fractions, repeating decimals, choice letters (one, or
several in any order: ``\\text{A, C}``), literal tuples, intervals, sets and matrices, percent and ``x =`` on one side.
A gold naming an option and its value (``\\textbf{(C) } 12``) is answered by the letter or the value (`choice_value`).

math_exact asks these first; ``None`` (undecided) sends the pair to math-verify.

Decimals: a gold with a finite decimal expansion (integers, decimals, ``\\frac14``) must be matched exactly
(``2.4999999`` is not 2.5); a decimal answer to a repeating gold (``\\frac13``) must be the gold rounded or truncated to
at least 6 places, math-verify's precision (``0.333333`` yes, ``0.333`` no). The other way round, a decimal gold of 3
significant digits or more is taken for a rounding when the answer is an exact value without a finite expansion:
``\\frac{1}{14}`` answers ``0.0714285714`` and ``\\frac13`` answers ``0.333`` if it rounds (or truncates) to the gold at
the gold's places; ``0.33`` is too short to be read as a rounding, and ``\\frac{1249}{1000}`` (exactly 1.249) does not
answer ``1.25``.

Numbers are also read in MATH's notation: thousands separators ``25,\\!000``, ``1{,}000``, ``1\\,000`` and
``1,000``; money ``\\$12,\\!345.60``; mixed numbers ``1\\frac12`` (1.5, not a product); scientific notation
``2.315 \\times 10^{-3}``; units after a number, also squared (``10\\text{ cm}^2``). `canonical` turns unicode math
(``√2``, ``½``, ``x²``, ``π``, ``≤``) into LaTeX, and degrees inside a trigonometric function into radians.

Limits: numbers are compared only when both sides are plain literals (integers, decimals, ``a/b``,
``\\frac{a}{b}``, ``0.\\overline{3}``, with thousands separators, a leading ``$``, trailing unit words or degrees, a
percent sign); anything else (symbols, intervals with infinities, matrices of expressions, equations) is left to
math-verify, whose own tolerance applies (``\\sqrt2`` against ``1.414214``).
"""

from __future__ import annotations

import itertools
import re
from fractions import Fraction

from rewards.cache import cached_for_short
from rewards.reading.caps import MAX_ANSWER_CHARS
from rewards.reading.notation import changes_value, one_spelling

_WORDS = re.compile(r"[A-Za-z]{2}")

# Also the typographic separators (SI style): thin space, narrow no-break space, no-break space between groups, and
# their LaTeX spellings, a thin space or a control space ("1\,234", "1\ 234", as the siunitx style writes them).
_THOUSANDS = re.compile(
    r"(?<![\d.])(\d{1,3})((?:(?:,\\!|\{,\}|,|\\[, ]|[\u2009\u202f\u00a0])\d{3})+)(?![\d])")
_SEPARATOR = re.compile(r",\\!|\{,\}|,|\\[, ]|[\u2009\u202f\u00a0]")
# The separators only LaTeX writes (MATH's "25,\!000", "1{,}000", a thin or control space between digit groups) mean
# thousands wherever they group 3 digits: no other reading puts a space command inside a numeral.
_LATEX_THOUSANDS = re.compile(r"(?<![\d.])(\d{1,3})((?:(?:,\\!|\{,\}|\\[, ])\d{3})+)(?![\d])")


def without_thousands_separators(s: str) -> str:
    """``s`` with ``1,234,567``-style thousands separators removed, also MATH's ``25,\\!000`` and ``1{,}000`` (the
    pair ``(1,2)`` is left alone).

    >>> without_thousands_separators("1,234,567 and (1,2) and 25,\\\\!000")
    '1234567 and (1,2) and 25000'
    """
    return _THOUSANDS.sub(lambda m: m.group(1) + _SEPARATOR.sub("", m.group(2)), s)


_SPACES = re.compile(r"(?<!\\)\\[,;:! ]|~|\s+")
# Unit words after a number, also squared or cubed: "\text{ cm}^2", "36 cm^2".
_UNIT = (r"(?:\s*\\(?:text|mbox|mathrm)\s*\{\s*[A-Za-z][A-Za-z .]*\}(?:\^\{?[23]\}?)?"
         r"|\s+[A-Za-z]{2,}(?:\s+[A-Za-z]+)*(?:\^\{?[23]\}?)?|\s*\^\s*\{?\\circ\}?|°)?")
_NUMBER = re.compile(r"^(?P<sign>[-+−]?)\s*\\?\$?\s*(?P<int>\d+)?(?:\.(?P<frac>\d+))?" + _UNIT + r"$")
_FRACTION = re.compile(r"^(?P<sign>[-+−]?)\s*(?:\\[dt]?frac\s*(?:\{\s*(?P<a>\d+)\s*\}|(?P<a1>\d))\s*"
                       r"(?:\{\s*(?P<b>\d+)\s*\}|(?P<b1>\d))|(?P<c>\d+)\s*/\s*(?P<d>\d+))$")
_LONG_DIGITS = re.compile(r"\d{301}")
# A mixed number: 1\frac12, also in plain text with a space, "7 3/4" (PRM800K's grader reads it as 7 + 3/4, never 73/4).
_MIXED = re.compile(r"^(?P<sign>[-+−]?)\s*(?P<whole>\d+)(?:\s*\\[dt]?frac\s*(?:\{\s*(?P<a>\d+)\s*\}|(?P<a1>\d))\s*"
                    r"(?:\{\s*(?P<b>\d+)\s*\}|(?P<b1>\d))|\s+(?P<a2>\d+)\s*/\s*(?P<b2>\d+))$")
# 2.315 \times 10^{-3}, also in e-notation: 3.2e5, 1.5E-4 (a digit after "e": 2e alone is 2 times e)
_SCIENTIFIC = re.compile(r"^(?P<sign>[-+−]?)\s*(?P<int>\d+)(?:\.(?P<frac>\d+))?(?:\s*(?:\\times|\\cdot|×)\s*10\s*\^\s*"
                         r"(?:\{\s*(?P<exp>[-+−]?\d{1,3})\s*\}|(?P<exp1>\d))|[eE](?P<exp2>[-+−]?\d{1,3}))$")
# 0.1\overline{6}, also with one repeating digit dotted, as British texts write it: 0.1\dot{6}
_REPEATING = re.compile(r"^(?P<sign>[-+−]?)\s*(?P<int>\d*)\.(?P<fixed>\d*)\s*"
                        r"\\(?:overline\s*\{\s*(?P<rep>\d+)|dot\s*\{\s*(?P<rep1>\d))\s*\}$")
# ``rest`` may not start with a digit or dot, so the split after ``num`` is unique: were both runs free to take digits
# they would backtrack quadratically on "\text{111...1" without its "}" (no possessive quantifiers before 3.11).
_TEXT_NUMBER = re.compile(
    r"\\(?:text|textbf|textrm|mbox|mathrm|mathbf)\s*\{\s*(?P<num>[-+−]?[\d.]+)(?P<rest>(?:[^{}\d.][^{}]*)?)\}")
_CHOICE_LEAD = re.compile(r"^(?:\\text(?:bf|rm)?\s*\{\s*)?(?:\(\s*([A-E])\s*\)|([A-E])\s*(?:[:)]|\.(?=\s)))\s*\}?")
# Another option named with its mark ("(B)", "B)", "B.", "B:"), as in "(A) or (B)".
_MARKED_LETTER = re.compile(r"\(\s*[A-E]\s*\)|(?<![A-Za-z\\])[A-E]\s*(?:[:)]|\.(?=\s|$))")
_WORD = re.compile(r"(?<![A-Za-z'])[A-Za-z']{2,}")  # from a word's start only, so one pass is linear
_CHOICE = re.compile(r"^(?:\\text(?:bf)?\s*\{\s*)?\(?\s*([A-Ea-e])\s*\)?\s*\}?$")


_DASHES = str.maketrans(dict.fromkeys("‐‑‒–—―−﹣－", "-"))
_SYNONYMS = ((r"\varnothing", r"\emptyset"),)  # spellings math-verify knows only one of
# Unicode math a chat model writes, in the LaTeX math-verify parses: "√2", "½", "x²", "π", "≤".
_UNICODE = {"π": r"\pi ", "∞": r"\infty ", "×": r"\times ", "·": r"\cdot ", "÷": r"\div ", "≤": r"\le ",
            "≥": r"\ge ", "≠": r"\ne ", "∪": r"\cup ", "∩": r"\cap ", "°": r"^\circ ", "½": r"\frac{1}{2}",
            "⅓": r"\frac{1}{3}", "⅔": r"\frac{2}{3}", "¼": r"\frac{1}{4}", "¾": r"\frac{3}{4}"}
_UNICODE_CHAR = re.compile("|".join(map(re.escape, _UNICODE)))
_SQRT = re.compile(r"√\s*(\d+(?:\.\d+)?|[A-Za-z])")
_SUPERSCRIPT = re.compile("[⁰¹²³⁴⁵⁶⁷⁸⁹⁻]+")
_SUPERSCRIPTS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻", "0123456789-")
# Degrees inside a trigonometric function are an angle: \sin 30^\circ is sin(pi/6), not sin(30).
_TRIG = re.compile(r"\\(?:sin|cos|tan|sec|csc|cot)(?![A-Za-z])")
_PERCENT_WORD = re.compile(r"(\d)\s*(?:percent|per\s+cent)\b", re.IGNORECASE)
# A scale word in \text after a number multiplies it (12\text{ thousand} is 12000, not 12 with a unit), and a word
# that works on it changes it (3\text{ squared} is 9, 3\text{ dozen} 36): none of these is a unit to drop.
_SCALE = re.compile(r"(\d)\s*\\(?:text|textrm|mbox|mathrm)\s*\{\s*((?i:thousand|million|billion|trillion|hundred|lakh|"
                    r"crore|dozen|squared|cubed|tens|halves|thirds|quarters)|k|bn)(?:\s([^{}]*))?\}")
# An upright i or e is the imaginary unit or Euler's number, not a unit: 3\mathrm{i} is 3i, not 3.
_UPRIGHT_CONSTANT = re.compile(r"\\(?:mathrm|text|textrm|mbox|operatorname)\s*\{\s*([ie])\s*\}")
# A bold letter is that letter (a vector), a bold i, j or k the unit vector \hat{i} (never the imaginary unit):
# math-verify drops \mathbf{j} as a unit, so 3\mathbf{j} was 3 and answered 3\mathbf{i}, and 3\mathbf{i} + 4\mathbf{j}
# was read as its first term.
_BOLD_LETTER = re.compile(r"\\(?:mathbf|boldsymbol|bm)\s*\{\s*([A-Za-z])\s*\}")


def _unbolded(m: re.Match[str]) -> str:
    return f"\\hat{{{m[1]}}}" if m[1] in "ijk" else m[1]


_SCALES = {"thousand": 3, "k": 3, "million": 6, "billion": 9, "bn": 9, "trillion": 12, "hundred": 2, "lakh": 5,
           "crore": 7, "tens": 1}
_WORKS_ON = {"dozen": " \\times 12", "squared": "^{2}", "cubed": "^{3}", "halves": " / 2", "thirds": " / 3",
             "quarters": " / 4"}


def _scaled(m: re.Match[str]) -> str:
    """``12\\text{ thousand}`` as ``12 \\times 10^{3}``; words after the scale stay a unit (``\\text{ dozen eggs}``)."""
    word, rest = m[2].lower(), (m[3] or "").strip()
    if rest and word in ("squared", "cubed"):
        return m[0]  # "3\\text{ squared units}": a unit
    value = m[1] + (_WORKS_ON[word] if word in _WORKS_ON else f" \\times 10^{{{_SCALES[word]}}}")
    return value + (f"\\text{{ {rest}}}" if rest else "")


# A number raised to the letter o is a degree sign typed as a letter, 30^o or 30^{o} (no variable is named o).
_LETTER_O_DEGREES = re.compile(r"(\d)\s*\^\s*(?:\{\s*o\s*\}|o(?![A-Za-z]))")
_DEGREES = re.compile(r"(\d+(?:\.\d+)?)\s*\^\s*(?:\{\s*\\circ\s*\}|\\circ)")


@cached_for_short()
def canonical(s: str) -> str:
    """``s`` with unicode dashes as ``-``, LaTeX-only thousands separators (``25,\\!000``) dropped and LaTeX synonyms
    in the spelling math-verify parses.

    >>> canonical("–5"), canonical("\\\\varnothing"), canonical("√2 + x²"), canonical("\\\\sin 30^\\\\circ")
    ('-5', '\\\\emptyset', '\\\\sqrt{2} + x^{2}', '\\\\sin (\\\\frac{30\\\\pi}{180})')
    """
    s = _LATEX_THOUSANDS.sub(lambda m: m.group(1) + _SEPARATOR.sub("", m.group(2)), s.translate(_DASHES))
    for alias, name in _SYNONYMS:
        s = s.replace(alias, name)
    if not s.isascii():
        s = _SQRT.sub(r"\\sqrt{\1}", s).replace("√{", "\\sqrt{")
        s = _SUPERSCRIPT.sub(lambda m: "^{" + m.group().translate(_SUPERSCRIPTS) + "}", s)
        s = _UNICODE_CHAR.sub(lambda m: _UNICODE[m.group()], s)
    s = _PERCENT_WORD.sub(r"\1\\%", s)  # "50 percent" is 50\%
    if "^" in s:
        s = _LETTER_O_DEGREES.sub(r"\1^\\circ", s)  # "30^o": a degree sign typed as a letter
    if "\\" in s:
        s = one_spelling(_UPRIGHT_CONSTANT.sub(r"\1", _SCALE.sub(_scaled, _BOLD_LETTER.sub(_unbolded, s))))
    if _TRIG.search(s):
        s = _DEGREES.sub(r"(\\frac{\1\\pi}{180})", s)
    return s


@cached_for_short()
def compact(s: str, keep_spaces: bool = False) -> str:
    """``s`` without LaTeX spacing, ``\\left``/``\\right``, ``\\dfrac`` (as ``\\frac``), outer ``$`` or a final
    period."""
    s = _SPACES.sub(" ", s).strip().strip("$").strip().rstrip(".")  # spacing first: strip() would eat "\\ "'s space
    s = s.replace(r"\dfrac", r"\frac").replace(r"\tfrac", r"\frac").replace(r"\left", "").replace(r"\right", "")
    return re.sub(r"\s+", " ", _SPACES.sub(" ", s)).strip() if keep_spaces else _SPACES.sub("", s)


@cached_for_short()
def number(s: str) -> tuple[Fraction, bool] | None:
    """``s`` as an exact number and whether it was written exactly (no decimal point); ``None`` if not a literal.

    >>> number("$1,234.50 dollars"), number("\\\\frac{3}{4}"), number("x")
    ((Fraction(2469, 2), False), (Fraction(3, 4), True), None)
    """
    if len(s) > MAX_ANSWER_CHARS:
        return None
    s = without_thousands_separators(s.strip().strip("$").strip().rstrip("."))
    s = _SPACES.sub(" ", s.replace("{,}", "").replace(r"\!", "")).strip()
    # \text{5 dollars}: the words inside are a unit, not variables
    if (w := _TEXT_NUMBER.fullmatch(s)) is not None and w["num"][-1].isdigit():
        s = w["num"] + (f"\\text{{{w['rest']}}}" if w["rest"].strip() else "")
    if _LONG_DIGITS.search(s):  # int() refuses over 4,300 digits; an answer never needs 300
        return None
    if m := _NUMBER.match(s):
        if m["int"] is None and m["frac"] is None or _WORDS.search(s) and changes_value(s):
            return None  # "17 apples" is 17, "17 squared" and "17 more than x" are not
        value = Fraction(int(m["int"] or 0)) + (Fraction(int(m["frac"]), 10 ** len(m["frac"])) if m["frac"] else 0)
        return (-value if m["sign"] in "-−" and m["sign"] else value), m["frac"] is None
    if (m := _REPEATING.match(s)) is not None:  # 0.1\overline{6} = 1/10 + 6/90
        fixed, rep = m["fixed"], m["rep"] or m["rep1"]
        value = int(m["int"] or 0) + Fraction(int(fixed or 0), 10 ** len(fixed)) + Fraction(
            int(rep), 10 ** len(fixed) * (10 ** len(rep) - 1))
        return (-value if m["sign"] else value), True
    if (m := _MIXED.match(s)) is not None and int(m["b"] or m["b1"] or m["b2"]) > int(m["a"] or m["a1"] or m["a2"]):
        value = int(m["whole"]) + Fraction(int(m["a"] or m["a1"] or m["a2"]), int(m["b"] or m["b1"] or m["b2"]))
        return (-value if m["sign"] else value), True  # 1\frac12 = 1.5
    if (m := _SCIENTIFIC.match(s)) is not None:  # 2.315 \times 10^{-3}
        exponent = int((m["exp"] or m["exp1"] or m["exp2"]).replace("−", "-"))
        mantissa = int(m["int"]) + (Fraction(int(m["frac"]), 10 ** len(m["frac"])) if m["frac"] else 0)
        value = mantissa * Fraction(10) ** exponent
        return (-value if m["sign"] else value), m["frac"] is None and exponent >= 0
    if (m := _FRACTION.match(s)) is not None:
        num, den = (m["a"] or m["a1"] or m["c"]), (m["b"] or m["b1"] or m["d"])  # \frac23 is \frac{2}{3}
        if int(den) == 0:
            return None
        value = Fraction(int(num), int(den))
        return (-value if m["sign"] else value), True
    return None


def choice(s: str) -> str | None:
    """The letter of a multiple-choice answer such as ``(B)``, ``B``, ``\\text{(B)}`` or ``(B) 12``, else ``None``.

    >>> choice("\\\\textbf{(B) }12"), choice("B: 12"), choice("(A)(B)"), choice("(B) 12 C")
    ('B', 'B', None, None)
    >>> choice("D. it can't be A or B"), choice("(A) or (B) maybe")
    ('D', None)
    """
    s = s.strip().strip("$").strip().rstrip(".")
    if m := _CHOICE.match(s):
        return m.group(1).upper()
    m = _CHOICE_LEAD.match(s)  # a marked letter, then the option's value: only if no other letter is named
    if m is None:
        return None
    rest = s[m.end():]
    if not re.search(r"(?<![A-Za-z\\])[A-E](?![A-Za-z])", rest):
        return m.group(1) or m.group(2)
    if _two_words(rest) and not _MARKED_LETTER.search(rest):  # "D. it can't be A or B": prose about others
        return m.group(1) or m.group(2)
    return None


def _two_words(s: str) -> bool:
    """Whether ``s`` has two words of two letters or more: prose ("since A and C fail")."""
    return len(list(itertools.islice(_WORD.finditer(s), 2))) == 2


_WRAPPER = re.compile(r"\\(?:text|textbf|textrm|mathrm|mathbf|mbox)\s*\{([^{}]*)\}")
_LETTER_ITEM = re.compile(r"\s*\(?\s*([A-H])\s*\)?\s*")


def choices(s: str) -> frozenset[str] | None:
    """The letters of a several-option answer (``\\text{A, C}``, ``(A), (C)``, ``A and C``), else ``None``.

    >>> sorted(choices("\\\\text{A, C}")), choices("A"), choices("x, y")
    (['A', 'C'], None, None)
    """
    s = _WRAPPER.sub(r"\1", s.strip().strip("$").strip().rstrip("."))
    parts = re.split(r",|;|\band\b", s)
    letters = [m.group(1) for p in parts if (m := _LETTER_ITEM.fullmatch(p))]
    return frozenset(letters) if len(parts) > 1 and len(letters) == len(parts) else None


def choice_value(gold: str) -> str | None:
    """The option's value in a gold that names a marked letter and its value (``\\textbf{(C) } 12`` -> ``12``).

    >>> choice_value("\\\\textbf{(C) } 12"), choice_value("(C)"), choice_value("C")
    ('12', None, None)
    """
    s = gold.strip().strip("$").strip()
    m = _CHOICE_LEAD.match(s)
    if m is None or choice(s) is None:
        return None
    value = s[m.end():].strip().strip("$").strip()
    return value or None


def quick_verdict(gold: str, answer: str) -> bool | None:
    """Decide ``answer == gold`` without sympy when that is safe: ``True``/``False``, or ``None`` to ask math-verify.

    Equal strings (modulo spacing), equal literals and equal choice letters are correct. Literals that differ are
    wrong, with one exception: a decimal answer to a gold without a finite decimal expansion (``\\frac{1}{3}``) is
    correct when it is the gold rounded or truncated to at least 6 decimal places, math-verify's precision
    (``0.333333`` and ``0.3333333`` yes, ``0.333`` and ``0.333334`` no). A gold with a finite expansion (an integer,
    a decimal, ``\\frac{1}{4}``) must be matched exactly, so ``2.4999999`` is not ``2.5``. The same holds through a
    shared ``x =``, a shared ``\\%``, and element by element for tuples and intervals (brackets must match) and sets
    (any order). All else is undecided.

    >>> quick_verdict("85", "85.0"), quick_verdict("85", "86"), quick_verdict("\\\\frac{1}{3}", "0.333333")
    (True, False, True)
    >>> quick_verdict("(1, 2]", "[1, 2]"), quick_verdict("x = 3", "3"), quick_verdict("\\\\{1,2\\\\}", "\\\\{2, 1\\\\}")
    (False, True, True)
    """
    if len(gold) > MAX_ANSWER_CHARS or len(answer) > MAX_ANSWER_CHARS:  # no literal is that long: a worker's caps
        return None  # refuse it; scanning it here would cost the trainer process milliseconds per kilobyte
    if compact(gold) == compact(answer):
        return True
    if (gold_letters := choices(gold)) is not None:  # "select all that apply": the same letters, in any order
        return choices(answer) == gold_letters
    gold_choice = choice(gold)
    if gold_choice is not None and re.search(r"[A-E]", gold):
        answer_choice = choice(answer)
        return None if answer_choice is None else answer_choice == gold_choice
    unassigned, answer = _unassign(gold, answer)
    if unassigned is None:
        return None
    gold = unassigned
    if compact(gold) == compact(answer):
        return True
    gold, answer = _unpercent(gold, answer)
    g, a = _literal_list(gold), _literal_list(answer)
    if g is not None and a is not None:
        return _compare_lists(g, a)
    if (percent := _one_sided_percent(gold, answer)) is not None:
        return percent
    return _compare_numbers(number(gold), number(answer))


def _one_sided_percent(gold: str, answer: str) -> bool | None:
    """A ``p\\%`` on one side only: the other side may write it as ``p`` or as ``p/100``
    (``12.5\\%`` = 12.5 = 0.125)."""
    g, a = _without_percent(gold), _without_percent(answer)
    if (g is None) == (a is None):
        return None
    gold_n, answer_n = (number(g), number(answer)) if g is not None else (number(gold), number(a))
    if gold_n is None or answer_n is None:
        return None
    if g is not None:
        return any(_compare_numbers((v, gold_n[1]), answer_n) for v in (gold_n[0], gold_n[0] / 100))
    return any(_compare_numbers(gold_n, (v, answer_n[1])) for v in (answer_n[0], answer_n[0] / 100))


_ASSIGN = re.compile(r"^\s*([a-zA-Z])\s*=\s*(?!.*=)")


def _unassign(gold: str, answer: str) -> tuple[str | None, str]:
    """Drop a leading ``x =`` from both sides when the variables agree (or one side has none)."""
    g, a = _ASSIGN.match(gold), _ASSIGN.match(answer)
    if g and a and g.group(1) != a.group(1):
        return None, answer
    return (gold[g.end():] if g else gold), (answer[a.end():] if a else answer)


def _unpercent(gold: str, answer: str) -> tuple[str, str]:
    g, a = _without_percent(gold), _without_percent(answer)
    return (g, a) if g is not None and a is not None else (gold, answer)


def _without_percent(s: str) -> str | None:
    """``s`` without a trailing ``%``/``\\%`` (and a final period), or ``None`` if it has none.

    String methods, not ``re.search(r"\\s*%\\s*$")``, which is quadratic on a long run of spaces.
    """
    s = s.rstrip().removesuffix(".").rstrip()
    if not s.endswith("%"):
        return None
    return s[:-1].removesuffix("\\").rstrip()


def _compare_numbers(g: tuple[Fraction, bool] | None, a: tuple[Fraction, bool] | None) -> bool | None:
    if g is None or a is None:
        return None
    if g[0] == a[0]:
        return True
    if a[1] and not g[1] and _places(a[0]) is None and _significant(g[0]) >= MIN_ROUNDED_DIGITS:
        return answers_rounded_gold(a[0], g)  # the gold is itself a rounding: 1/14 rounds to 0.0714285714
    return not a[1] and _places(g[0]) is None and _approximates(a[0], g[0])


MIN_ROUNDED_DIGITS = 3  # a decimal gold with fewer significant digits ("0.33") is not taken for a rounding
# A decimal *answer* to an exact gold must show more: graders score 0.667 for 2/3 and 3.14 for pi as wrong, and a
# policy could otherwise learn to round early; 0.3333 for 1/3 and 1.414 for sqrt(2) are the gold at their places.
MIN_ROUNDED_ANSWER_DIGITS = 4


def answers_rounded_gold(value: Fraction, gold: tuple[Fraction, bool], least: int = MIN_ROUNDED_DIGITS) -> bool:
    """Whether the exact ``value`` (no finite decimal expansion) answers a decimal ``gold`` that is itself a rounding
    (3+ significant digits, see the module docstring), as `number` reads the gold."""
    return _places(value) is None and near_rounded_gold(value, gold, least)


def near_rounded_gold(value: Fraction, gold: tuple[Fraction, bool], least: int = MIN_ROUNDED_DIGITS) -> bool:
    """`answers_rounded_gold` for a ``value`` known only to many places (an irrational number, evaluated);
    ``least``: the significant digits the decimal must show."""
    return not gold[1] and _significant(gold[0]) >= least and _rounds_to(value, gold[0])


def _significant(x: Fraction) -> int:
    """Significant digits of the finite decimal ``x`` (``0.002315`` has 4)."""
    places = _places(x) or 0
    return len(str(abs(x.numerator * 10 ** places // x.denominator)).rstrip("0") or "0") if x else 0


def _rounds_to(value: Fraction, gold: Fraction) -> bool:
    """Whether ``value`` rounded (half away from zero) or truncated to ``gold``'s places is ``gold``."""
    scale = 10 ** (_places(gold) or 0)
    if value != 0 and (value < 0) != (gold < 0):
        return False
    scaled = abs(value) * scale
    return abs(gold) * scale in (int(scaled), int(scaled + Fraction(1, 2)))


def _places(x: Fraction) -> int | None:
    """Decimal places of ``x``'s finite decimal expansion, or ``None`` when it has none (``1/3``)."""
    d, twos, fives = x.denominator, 0, 0
    while d % 2 == 0:
        d, twos = d // 2, twos + 1
    while d % 5 == 0:
        d, fives = d // 5, fives + 1
    return max(twos, fives) if d == 1 else None


def _approximates(value: Fraction, exact: Fraction) -> bool:
    """Whether the decimal ``value`` is ``exact`` rounded (half away from zero) or truncated to its own places, and
    shows `MIN_ROUNDED_ANSWER_DIGITS` significant digits or more (``0.3333`` for 1/3; never ``0.3`` or ``0.333``)."""
    if _significant(value) < MIN_ROUNDED_ANSWER_DIGITS:
        return False
    scale = 10 ** (_places(value) or 0)
    if value != 0 and (value < 0) != (exact < 0):
        return False
    scaled = abs(exact) * scale
    return abs(value) * scale in (int(scaled), int(scaled + Fraction(1, 2)))


_LIST = re.compile(r"^\s*(\\\{|[(\[])(.*)(\\\}|[)\]])\s*$")


_MATRIX = re.compile(r"^\\begin\{([pbvB]?matrix)\}(.*)\\end\{\1\}$", re.DOTALL)


def _literal_list(s: str) -> tuple[str, list[tuple[Fraction, bool]]] | None:
    """``("()", values)`` for a bracketed list of two or more literals (``"{}"`` for a set, ``"matrix RxC"`` for a
    matrix of literals), else ``None``."""
    if (mat := _MATRIX.match(compact(s, keep_spaces=True))) is not None:
        rows = [r.split("&") for r in mat.group(2).split("\\\\") if r.strip()]
        values = [number(x) for row in rows for x in row]
        if not rows or any(len(r) != len(rows[0]) for r in rows) or any(v is None for v in values):
            return None
        return f"matrix {len(rows)}x{len(rows[0])}", values  # type: ignore[return-value]
    m = _LIST.match(compact(s, keep_spaces=True))
    if m is None:
        return None
    parts = m.group(2).split(",")
    values = [number(p) for p in parts]
    if len(values) < 2 or any(v is None for v in values):
        return None
    brackets = "{}" if m.group(1) == "\\{" else m.group(1) + m.group(3)
    return brackets, values  # type: ignore[return-value]


def _compare_lists(g: tuple[str, list], a: tuple[str, list]) -> bool | None:
    if g[0] != a[0] or len(g[1]) != len(a[1]):
        return None if "{}" in (g[0], a[0]) else False
    if g[0] == "{}":
        gs, as_ = sorted(v[0] for v in g[1]), sorted(v[0] for v in a[1])
        return True if gs == as_ else (False if all(v[1] for v in g[1] + a[1]) else None)
    verdicts = [_compare_numbers(x, y) for x, y in zip(g[1], a[1])]
    if False in verdicts:
        return False
    return True if all(verdicts) else None
