"""Answer forms read as what they are: objects on a final line, decimal commas, choice letters in statements, golds
with units, modular arithmetic, transposes and one-sided limits.

- `as_object`: ``x \\in (4, 5)`` is the interval ``(4, 5)``, ``k \\in \\{1, 2, 3\\}`` the set: never its last number;
  set-builder ``\\{x \\mid x > 2\\}`` is its condition.
- `is_value_list`: a final line ``1, 2.5, 3`` is that list (judged as one object), not its last value.
- `decimal_comma`: ``1000,99`` and ``2,5`` are decimals when the gold is one number (``1,000``, three digits after
  the comma, stays a thousands separator).
- `letter_statement`: "My choice is C.", "Choose B.", "It must be [C]", "the option is (c)", "Option A is correct."
  name one option.
- `without_unit`: a gold ``10 cm^2``, ``10weeks``, ``10 square units`` is 10 (known unit words only: ``2ab`` stays).
- `modular`: ``17 \\bmod 5 = 2`` answers 2 when it is true, and is a contradiction when it is not.
- `form_verdict`: a gold ``2ab`` (a number times letters that are no unit) is not answered by ``2``; a transpose
  (``M^T``, ``M^{\\mathit{T}}``) or a one-sided limit (``3^+``) on one side only is wrong; both sides alike are
  compared as written.

Every pattern here is anchored (``fullmatch``/``match``) or reads one bounded run, on answers already capped to
`rewards.reading.caps.MAX_ANSWER_CHARS`.
"""

from __future__ import annotations

import re

from rewards.reading.literals import compact, number

_MEMBER = re.compile(r"\s*[A-Za-z]\s*(?:\\in(?![A-Za-z])|∈)\s*")
# Set-builder notation, {x | x > 2}, {x \in \mathbb{R} : x \le 1}: the set of the x that satisfy the condition.
_SET_BUILDER = re.compile(r"\\\{\s*([A-Za-z])\s*(?:(?:\\in|∈)\s*\\mathbb\s*\{?\s*R\s*\}?\s*)?(?:\\mid|\||:)(.+)\\\}")


def as_object(text: str) -> str:
    """``text`` without a leading ``x \\in`` when what follows is an interval or a set (else ``text``).

    >>> as_object("x \\\\in (4, 5]"), as_object("k \\\\in \\\\{1,2,3\\\\}"), as_object("x \\\\in A")
    ('(4, 5]', '\\\\{1,2,3\\\\}', 'x \\\\in A')
    >>> as_object("\\\\{x \\\\mid x > 2\\\\}"), as_object("\\\\{x \\\\in \\\\mathbb{R} : x \\\\le 1\\\\}")
    ('x > 2', 'x \\\\le 1')
    """
    if (builder := _SET_BUILDER.fullmatch(text.replace("\\left", "").replace("\\right", "").strip())) is not None:
        condition = builder[2].strip()  # {x | x > 2}: the condition, read as an interval against an interval gold
        if builder[1] in condition and "\\{" not in condition and "\\}" not in condition:
            return condition
    m = _MEMBER.match(text)
    if m is None:
        return text
    rest = text[m.end():].strip()
    bare = rest.replace("\\left", "").replace("\\right", "")
    if bare[:1] in "([" and bare[-1:] in ")]" or bare.startswith("\\{") and bare.endswith("\\}"):
        return rest
    return text


_CLOSERS = {")": "(", "]": "["}
_WORD_OUTSIDE_COMMANDS = re.compile(r"(?<![\\A-Za-z])[A-Za-z]{2,}")
MAX_OBJECT_CHARS = 300


def trailing_object(line: str) -> str | None:
    """The tuple, interval or set a line ends with, written with a comma and no words (``The point is (1, 2).`` and
    ``$(1, 2)$`` end with ``(1, 2)``), else ``None``: then the line's last number is not its answer.

    One backward scan over at most `MAX_OBJECT_CHARS` characters.

    >>> trailing_object("The point is $(1, -2)$."), trailing_object("so f(1, 2)"), trailing_object("(5)")
    ('(1, -2)', None, None)
    """
    s = line.rstrip().rstrip(".").rstrip().rstrip("$").rstrip()
    if not s or s[-1] not in ")]}" or (s[-1] == "}") != (s[-2:-1] == "\\"):
        return None  # "\]" and "\)" close a display, "}" a group: neither is an object's bracket
    depth, start = 0, -1
    for i in range(len(s) - 1, max(-1, len(s) - 1 - MAX_OBJECT_CHARS), -1):
        c, escaped = s[i], s[i - 1: i] == "\\"
        if c in ")]" and not escaped or c == "}" and escaped:
            depth += 1
        elif c in "([" and not escaped or c == "{" and escaped:
            depth -= 1
            if depth == 0:
                start = i - 1 if c == "{" else i
                break
    if start < 0 or start > 0 and (s[start - 1].isalpha() or s[start - 1] in "_^"):
        return None  # unbalanced, or a function's arguments: f(1, 2)
    obj = s[start:]
    if "," not in obj or _WORD_OUTSIDE_COMMANDS.search(obj) or "=" in obj:
        return None
    return obj


_LIST_ITEM = re.compile(r"\s*-?\s*(?:\d+(?:\.\d+)?|\\[dt]?frac\{\d+\}\{\d+\}|\\sqrt\{?\d+\}?|[A-Za-z])\s*")


def is_value_list(text: str) -> bool:
    """Whether ``text`` is a bare list of two or more plain values (``1, 2.5, 3``, ``-2, \\frac12``).

    >>> is_value_list("1, 2.5, 3"), is_value_list("so 1, 2"), is_value_list("5")
    (True, False, False)
    """
    parts = text.strip().strip("$").split(",")
    return len(parts) > 1 and all(_LIST_ITEM.fullmatch(p) for p in parts)


_DECIMAL_COMMA = re.compile(r"(-?\d+),(\d{1,2}|\d{4,})")


def decimal_comma(text: str) -> str:
    """``text`` with a decimal comma as a point (``1000,99`` -> ``1000.99``), when it is one such number; three
    digits after the comma are a thousands separator (``1,000``).

    >>> decimal_comma("1000,99"), decimal_comma("1,000"), decimal_comma("1, 2")
    ('1000.99', '1,000', '1, 2')
    """
    m = _DECIMAL_COMMA.fullmatch(compact(text, keep_spaces=True))
    return f"{m[1]}.{m[2]}" if m else text


_L = r"[\[(]?\s*([A-Ea-e])\s*[\])]?"
_END = r"\s*[.!]?"
_LETTER_STATEMENTS = [re.compile(p, re.IGNORECASE) for p in (
    rf"(?:so|thus|hence|therefore)?,?\s*(?:my|the|our)?\s*(?:final\s+)?(?:correct\s+)?(?:choice|option|selection|pick)"
    rf"\s+(?:is|would\s+be|must\s+be|should\s+be)\s*:?\s*(?:option\s+)?{_L}{_END}",
    rf"(?:so|thus|hence|therefore)?,?\s*(?:I\s+)?(?:choose|pick|select|chose|picked|selected)\s+(?:option\s+)?{_L}{_END}",
    rf"(?:so|thus|hence|therefore)?,?\s*(?:it|this|that)\s+(?:must|should|would|has\s+to)\s+be\s+(?:option\s+)?{_L}{_END}",
    rf"(?:so|thus|hence|therefore)?,?\s*(?:option|choice)\s+{_L}\s+is\s+(?:the\s+)?(?:correct|right)(?:\s+(?:one|answer|choice))?{_END}",
    rf"(?:so|thus|hence|therefore)?,?\s*(?:the\s+)?(?:correct\s+|right\s+|best\s+)?(?:option|choice)\s*:?\s*{_L}{_END}",
)]
MAX_STATEMENT_CHARS = 80


def letter_statement(text: str) -> str | None:
    """The option a short statement names ("My choice is C.", "Choose B.", "It must be [C]"), else ``None``.

    >>> letter_statement("My choice is C."), letter_statement("the option is (c)"), letter_statement("Choose B or C.")
    ('C', 'C', None)
    """
    s = text.strip().strip("*").strip()
    if len(s) > MAX_STATEMENT_CHARS:
        return None
    for pattern in _LETTER_STATEMENTS:
        if m := pattern.fullmatch(s):
            return m[1].upper()
    return None


UNIT_WORDS = frozenset(
    "cm mm km in inch inches ft feet foot yd yard yards mi mile miles meter meters metre metres centimeters "
    "centimetres millimeters kilometers unit units square sq cubic cu kg mg gram grams kilograms lb lbs pound pounds "
    "oz ounce ounces ml liter liters litre litres gallon gallons sec second seconds min minute minutes hr hrs "
    "hour hours day days week weeks month months year years dollar dollars cent cents mph kph degree degrees "
    "people students apples marbles cookies books boxes".split())
# Maximal tokens ("[A-Za-z]+(?![A-Za-z])", "\s+(?!\s)"): a run split among repetitions would backtrack exponentially.
_UNIT_TAIL = re.compile(r"(-?\d[\d,]*(?:\.\d+)?)"
                        r"((?:\\(?:text|mbox|mathrm)\s*\{[^{}]*\}|[A-Za-z]+(?![A-Za-z])|\s+(?!\s))*)"
                        r"(?:\^\s*\{?[23]\}?)?\.?")
_WORD_TOKEN = re.compile(r"[A-Za-z]+")


def without_unit(value: str) -> str:
    """A number followed only by unit words (``10 cm^2``, ``10weeks``, ``10 square units``) as the number.

    >>> without_unit("10 cm^2"), without_unit("10weeks"), without_unit("10 square units"), without_unit("2ab")
    ('10', '10', '10', '2ab')
    """
    m = _UNIT_TAIL.fullmatch(value.strip())
    if m is None or not m[2].strip():
        return value
    words = _WORD_TOKEN.findall(re.sub(r"\\(?:text|mbox|mathrm)", " ", m[2]))
    if not words or any(w.lower() not in UNIT_WORDS for w in words):
        return value
    return m[1]


_MODULAR = re.compile(r"(\d{1,9})\s*(?:\\bmod|\\mod|mod)\s*\{?\s*(\d{1,9})\s*\}?\s*(?:=|\\equiv)\s*(\d{1,9})")
# a congruence: "17 \equiv 2 \pmod{5}", "17 ≡ 2 (mod 5)"
_CONGRUENCE = re.compile(r"(-?\d{1,9})\s*(?:\\equiv|≡)\s*(-?\d{1,9})\s*(?:\\pmod\s*\{?\s*(\d{1,9})\s*\}?"
                         r"|\(\s*(?:\\bmod|\\mod|\\(?:text|mathrm|operatorname)\{\s*mod\s*\}|mod)\s*(\d{1,9})\s*\))")


def modular(text: str) -> tuple[str, bool] | None:
    """``(value, true)`` for ``a \\bmod b = c`` and the congruence ``a \\equiv c \\pmod{b}``: its value ``c`` and
    whether it holds.

    >>> modular("17 \\\\bmod 5 = 2"), modular("17 \\\\bmod 5 = 3"), modular("17")
    (('2', True), ('3', False), None)
    >>> modular("17 \\\\equiv 2 \\\\pmod{5}"), modular("17 ≡ 3 (mod 5)")
    (('2', True), ('3', False))
    """
    s = compact(text, keep_spaces=True)
    if (c := _CONGRUENCE.fullmatch(s.replace("\\ ", " "))) is not None:
        a, value, modulus = int(c[1]), c[2], int(c[3] or c[4])
        return (value, (a - int(value)) % modulus == 0) if modulus else None
    m = _MODULAR.fullmatch(s)
    if m is None or int(m[2]) == 0:
        return None
    return m[3], int(m[1]) % int(m[2]) == int(m[3])


_TRANSPOSE = re.compile(r"\^\s*(?:\{\s*(?:\\math(?:it|rm)\s*\{\s*T\s*\}|T|\\top|\\intercal)\s*\}"
                        r"|\\math(?:it|rm)\s*\{\s*T\s*\}|T(?![A-Za-z])|\\top(?![A-Za-z])|\\intercal(?![A-Za-z]))")
_ONE_SIDED = re.compile(r"\^\s*(?:\{\s*([+-])\s*\}|([+-]))\s*$")


_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")
_PRODUCT = re.compile(r"-?\d+(?:\.\d+)?([A-Za-z]{1,3})")


def form_verdict(gold: str, answer: str) -> bool | None:
    """Transposes and one-sided limits, which math-verify drops: on one side only is wrong, on both compared as
    written (after spelling them one way); ``None`` when neither side has one.

    >>> form_verdict("M^\\\\mathit{T}", "M^{T}"), form_verdict("M^T", "M"), form_verdict("3^+", "3^{+}")
    (True, False, True)
    """
    if (based := _base_verdict(gold, answer)) is not None:
        return based
    if number(gold) is not None and _compound(answer):
        return False  # "2 \\text{ hours } 30 \\text{ minutes}" is not 2 (math-verify reads its first number)
    if (m := _PRODUCT.fullmatch(gold.strip())) and m[1].lower() not in UNIT_WORDS and _PRODUCT.fullmatch(
            answer.strip()) is None and _NUMBER.fullmatch(answer.strip().strip("$").strip()):
        return False  # "2ab" is a product, not 2 with a unit (math-verify drops short letter tails as units)
    for pattern, spell in ((_TRANSPOSE, "^T"), (_ONE_SIDED, None)):
        g, a = pattern.search(gold), pattern.search(answer)
        if g is None or a is None:
            if g is None and a is None:
                continue
            return False
        if spell is None:
            same_sign = (g[1] or g[2]) == (a[1] or a[2])
            return same_sign and compact(gold[: g.start()]) == compact(answer[: a.start()])
        if compact(pattern.sub(spell, gold)) == compact(pattern.sub(spell, answer)):
            return True
        return None
    return None


# A numeral with a base subscript: 100_2, 10_{3} (base 10 is the number itself).
_BASE_NUMERAL = re.compile(r"(?<![\w\\.])(\d+)\s*_\s*(?:\{\s*(\d{1,2})\s*\}|(\d))")


def _base_verdict(gold: str, answer: str) -> bool | None:
    """An answer written in another base (``100_2``) is not the decimal number it spells: against a gold without a
    base, right only when the gold is its digits (a gold that left out the base the question asked for, as the
    field's graders read it), wrong otherwise; against a gold in a base, equal when base and value are; ``None``
    when the answer has none."""
    a = [(int(m[2] or m[3]), m[1]) for m in _BASE_NUMERAL.finditer(answer) if int(m[2] or m[3]) != 10]
    if not a:
        return None
    g = [(int(m[2] or m[3]), m[1]) for m in _BASE_NUMERAL.finditer(gold) if int(m[2] or m[3]) != 10]
    if not g:
        return len(a) == 1 and compact(gold) == a[0][1] and _value(*a[0]) is not None
    if len(a) != 1 or len(g) != 1 or compact(_BASE_NUMERAL.sub("#", gold)) != compact(_BASE_NUMERAL.sub("#", answer)):
        return None  # more than one numeral: left to the other checks
    return a[0][0] == g[0][0] and _value(*a[0]) is not None and _value(*a[0]) == _value(*g[0])


def _value(base: int, digits: str) -> int | None:
    """``digits`` read in ``base``, or ``None`` when they are no numeral of it (``29_2``)."""
    try:
        return int(digits, base) if 2 <= base <= 36 else None
    except ValueError:
        return None


# A number, words in \text, another number: "2 \text{ hours } 30 \text{ minutes}", "5\text{ dollars and } 50".
_COMPOUND = re.compile(r"\d\s*\\(?:text|textrm|mbox|mathrm)\s*\{([^{}\d]*)\}\s*[,;]?\s*\d")


def _compound(answer: str) -> bool:
    """Whether ``answer`` is a compound quantity: two numbers, the first followed by words (a unit)."""
    return any(re.search(r"[A-Za-z]", m[1]) for m in _COMPOUND.finditer(answer))


# A symbol a physics or geometry answer names on its left: a letter or Greek command with a subscript or prime
# (``I_{\max}``, ``v_0``, ``E_k'``); a plain one-letter ``x = 2`` is math-verify's business already.
_NAMED_SYMBOL = re.compile(r"\s*(?:\\[A-Za-z]+|[A-Za-z])(?:_\{[^{}=]{1,30}\}|_\\?[A-Za-z0-9]+)'*\s*")
_SINGLE_VARIABLE = re.compile(r"\s*[A-Za-z](?:_\{?[A-Za-z0-9]{1,3}\}?)?\s*")


def named_value(text: str) -> tuple[str, str]:
    """``(name, value)`` of ``NAME = value`` when NAME is a subscripted symbol (``I_{\\max} = \\frac{V}{R}``), else
    ``("", text)``: the value is the answer, as a physics gold's left-hand side only names it.

    >>> named_value("I_{\\\\max} = \\\\frac{V}{R}"), named_value("x = 2")
    (('I_{\\\\max}', '\\\\frac{V}{R}'), ('', 'x = 2'))
    """
    if text.count("=") != 1:
        return "", text
    name, value = text.split("=")
    if not _NAMED_SYMBOL.fullmatch(name) or not value.strip() or name.strip() in value:
        return "", text
    return name.strip(), value.strip()


def value_on_the_right(text: str) -> str:
    """``2 = x`` written as ``x = 2``: a literal on the left of a lone variable is its value (math-verify reads the
    right side).

    >>> value_on_the_right("2 = x"), value_on_the_right("\\\\frac12 = y_1"), value_on_the_right("x = 2")
    ('x = 2', 'y_1 = \\\\frac12', 'x = 2')
    """
    if text.count("=") != 1:
        return text
    left, right = text.split("=")
    if number(left) is None or not _SINGLE_VARIABLE.fullmatch(right):
        return text
    return f"{right.strip()} = {left.strip()}"


_CODE_FUNCTION = re.compile(r"(?<![\\A-Za-z])(sqrt|exp|log|ln|sin|cos|tan|pi)(?![A-Za-z])")


def from_code(text: str) -> str:
    """An answer in code syntax as LaTeX: ``2**(1/4)`` is ``2^{1/4}``, ``-1 + sqrt(3)`` is ``-1 + \\sqrt{3}``,
    ``pi`` is ``\\pi`` (only in text with no backslash, so LaTeX is never rewritten). One pass with a bracket stack.

    >>> from_code("2**(1/4)"), from_code("-1 + sqrt(3)"), from_code("\\\\sqrt{2}")
    ('2^{1/4}', '-1 + \\\\sqrt{3}', '\\\\sqrt{2}')
    """
    if "\\" in text or ("**" not in text and _CODE_FUNCTION.search(text) is None):
        return text
    text = _CODE_FUNCTION.sub(lambda m: "\\" + m[1], text.replace("**", "^"))
    out: list[str] = []
    closers: list[str] = []
    for c in text:
        if c == "(" and (out[-1:] == ["^"] or out[-5:] == list("\\sqrt")):  # 2^(1/4), \sqrt(3): a group
            out.append("{")
            closers.append("}")
        elif c == "(":
            out.append(c)
            closers.append(")")
        elif c == ")" and closers:
            out.append(closers.pop())
        else:
            out.append(c)
    return "".join(out)


_CJK_DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "兩": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7,
               "八": 8, "九": 9}
_CJK_UNITS = {"十": 10, "百": 100, "千": 1000}
_CJK_NUMBER = re.compile(r"[零〇一二两兩三四五六七八九十百千万萬]{1,12}")


def cjk_number(text: str) -> str | None:
    """A number written in Chinese or Japanese numerals (``十二`` 12, ``三百零五`` 305, ``两万`` 20000) in digits, else
    ``None``.

    >>> cjk_number("十二"), cjk_number("三百零五"), cjk_number("两万"), cjk_number("12")
    ('12', '305', '20000', None)
    """
    s = text.strip().rstrip("。.")
    if not _CJK_NUMBER.fullmatch(s):
        return None
    parts = re.split("[万萬]", s)
    if len(parts) > 2:
        return None
    total = 0
    for i, part in enumerate(parts):
        total = total * 10_000 + _cjk_below_10000(part or ("一" if i == 0 and len(parts) == 2 else ""))
    return str(total)


def _cjk_below_10000(part: str) -> int:
    """The value of numerals below 万: digits times 千/百/十, a bare 十 being ten."""
    value, digit = 0, None
    for c in part:
        if c in _CJK_DIGITS:
            digit = _CJK_DIGITS[c]
        else:
            value += (1 if digit is None else digit) * _CJK_UNITS[c]
            digit = None
    return value + (digit or 0)
