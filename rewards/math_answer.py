"""The final answer a math completion commits to, hedge detection, and the cheap comparisons that need no sympy.

Extraction priority (the first rule that finds something wins):

1. Reasoning tags: only the text after the last ``</think>`` counts. A ``<think>`` left open after it means the
   model never committed to an answer (nothing is extracted).
2. The last ``\\boxed{...}`` / ``\\fbox{...}``. Several *different* boxed values are a hedge when the gold is a single
   value (and are joined into a list when the gold is a list); boxes equal by the cheap checks below (``\\frac12``
   and ``0.5``) count once. An unclosed ``\\boxed{`` after the last closed one means the answer was cut off: nothing
   is extracted.
3. The last ``<answer>...</answer>``.
4. The last "answer is ..." / "answer: ..." phrase, up to the end of its sentence or line, an exclamation mark, or a
   comma opening a word clause ("5, which is odd"); markdown bold and a trailing word gloss ("(five)") are dropped.
5. The last GSM8K-style ``#### N`` line.
6. Otherwise the last non-empty line, whose last expression math-verify picks.

Hedges (score 0): alternatives ("5 or 6", ``\\lor``) unless the gold itself has them; a list ("5, 6", "5 and 6",
``\\{5, 6\\}``) when the gold is a single value (in prose, parts that are only words are not items); several
different boxed values. A relation whose literal sides differ (``12 = 13``, ``x = 4 = 5``, ``4 \\to 5``) is wrong:
math-verify would read only its last side. Answers longer than `MAX_ANSWER_CHARS`, nested deeper than `MAX_DEPTH`,
with exponent towers, exponents of `MAX_EXPONENT` or more, or factorials over 999 are refused before any parser sees
them.

Decimals: a gold with a finite decimal expansion (integers, decimals, ``\\frac14``) must be matched exactly
(``2.4999999`` is not 2.5); a decimal answer to a repeating gold (``\\frac13``) must be the gold rounded or truncated to
at least 6 places, math-verify's precision (``0.333333`` yes, ``0.333`` no).

Limits: numbers are compared here only when both sides are plain literals (integers, decimals, ``a/b``,
``\\frac{a}{b}``, ``0.\\overline{3}``, with thousands separators, a leading ``$``, trailing unit words or degrees, a
percent sign); anything else (symbols, intervals with infinities, matrices of expressions, equations) is left to
math-verify, whose own tolerance applies (``\\sqrt2`` against ``1.414214``). Extraction runs in the trainer process,
so every scan here is linear: no regex rescans the text from every position of a degenerate completion.
"""

from __future__ import annotations

import itertools
import math
import re
from dataclasses import dataclass
from fractions import Fraction

MAX_COMPLETION_CHARS = 20_000  # completions are cut to their tail, where the final answer is
MAX_ANSWER_CHARS = 1_000
MAX_DEPTH = 20  # bracket nesting beyond this is a parser bomb, not an answer
MAX_EXPONENT = 100_000  # x^{100000} or 10^{10^7}: sympy expands it or builds the number, far past any deadline
MAX_EXPONENT_NESTING = 2  # e^{x^2} is fine; 2^{2^{2^{...}}} is a tower sympy may never finish


@dataclass(frozen=True)
class Answer:
    """What a completion commits to: ``values`` (one string, or several boxed ones) found by ``rule``.

    ``values`` is empty when nothing was committed; ``problem`` then says why.
    """

    values: tuple[str, ...]
    rule: str
    problem: str = ""

    @property
    def text(self) -> str:
        """The answer as one string (several boxed values joined as a list)."""
        return ", ".join(self.values)


_THINK_OPEN = re.compile(r"<think>", re.IGNORECASE)
_THINK_CLOSE = re.compile(r"</think>", re.IGNORECASE)
_BOX = re.compile(r"\\(?:boxed|fbox)\s*\{")
_ANSWER_TAG = re.compile(r"<(/?)answer>", re.IGNORECASE)
_ANSWER_PHRASE = re.compile(r"\banswer\s*(?:is\s*:?|:|=)\s*", re.IGNORECASE)
# A sentence ends at ". ", a line end, "!"/"?" closing the line or before a capital (so "5! = 120" stays whole), or
# a comma opening a prose clause ("5, which is odd"; ", and 6" / ", or 6" stay, to be judged as hedges).
_SENTENCE_END = re.compile(r"\.(?:\s|$)|\n|[!?](?=[ \t]*(?:\n|$)|\s+[A-Z])|,(?=\s*(?!(?i:and|or)\b)[A-Za-z]{2,})")
_GSM8K = re.compile(r"####[ \t]*([^\n]*)")


def extract_answer(text: str) -> Answer:
    """The final answer ``text`` commits to, by the priority in the module docstring.

    >>> extract_answer("<think>maybe \\\\boxed{3}</think> so \\\\boxed{4}.").values
    ('4',)
    """
    text = text[-MAX_COMPLETION_CHARS:]
    closes = list(_THINK_CLOSE.finditer(text))
    if closes:
        text = text[closes[-1].end():]
    if _THINK_OPEN.search(text):
        return Answer((), "think", "reasoning never closed with </think>")
    boxed, unclosed = boxed_contents(text)
    if unclosed:
        return Answer((), "boxed", "unclosed \\boxed{")
    if boxed:
        distinct = _merge_equal(tuple(dict.fromkeys(b for b in boxed if compact(b))))
        return Answer(distinct or (boxed[-1],), "boxed")
    tag = _last_answer_tag(text)
    if tag is not None:
        return Answer((_clean(tag),), "answer_tag")
    phrases = list(_ANSWER_PHRASE.finditer(text))
    if phrases:
        rest = text[phrases[-1].end():]
        end = _SENTENCE_END.search(rest)
        answer = _clean_prose(rest[: end.start()] if end else rest)
        if answer:
            return Answer((answer,), "answer_is")
    gsm8k = _GSM8K.findall(text)
    if gsm8k:
        return Answer((_clean_prose(gsm8k[-1]),), "gsm8k")
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if not lines:
        return Answer((), "none", "empty completion")
    return Answer((lines[-1][-MAX_ANSWER_CHARS:],), "last_line")


MAX_MERGED = 4  # more distinct boxes than this are a hedge anyway: bounds the k^2 comparisons


def _merge_equal(values: tuple[str, ...]) -> tuple[str, ...]:
    """``values`` without those a later one equals by the cheap checks: ``\\frac12`` then ``0.5`` is one answer."""
    if len(values) > MAX_MERGED or sum(map(len, values)) > MAX_ANSWER_CHARS:  # bounds the pairwise work (~20 ms)
        return values
    return tuple(v for i, v in enumerate(values) if not any(quick_verdict(w, v) for w in values[i + 1:]))


def _last_answer_tag(text: str) -> str | None:
    """The content of the last ``<answer>...</answer>`` pair, paired left to right like a lazy regex would.

    One pass over the tags: ``<answer>(.*?)</answer>`` rescans the rest of the text from every unclosed opening tag,
    which is quadratic on a degenerate completion that repeats ``<answer>``.
    """
    last, start = None, None
    for m in _ANSWER_TAG.finditer(text):
        if start is None and not m.group(1):
            start = m.end()
        elif start is not None and m.group(1):
            last, start = text[start: m.start()], None
    return last


def final_answer(text: str) -> str | None:
    """The last committed ``\\boxed{}`` or ``<answer>`` content, for rewards that parse the answer themselves.

    Same rules as `extract_answer` (reasoning tags, unclosed boxes), without the free-text fallbacks.

    >>> final_answer("<think>\\boxed{1}</think> so <answer>7*6</answer>")
    '7*6'
    """
    answer = extract_answer(text)
    return answer.values[-1].strip() if answer.values and answer.rule in ("boxed", "answer_tag") else None


def boxed_contents(text: str) -> tuple[list[str], bool]:
    """The contents of every balanced ``\\boxed{}``/``\\fbox{}`` in order, and whether one after the last is unclosed.

    >>> boxed_contents("\\\\boxed{\\\\frac{1}{2}} and \\\\boxed{3")
    (['\\\\frac{1}{2}'], True)
    """
    spans, unclosed = boxed_spans(text)
    return [content for content, _ in spans], unclosed


def boxed_spans(text: str) -> tuple[list[tuple[str, int]], bool]:
    """Like `boxed_contents`, with the index just past each box's closing ``}``.

    >>> boxed_spans("so \\\\boxed{2} and \\\\boxed{3}")
    ([('2', 12), ('3', 26)], False)
    """
    found: list[tuple[str, int]] = []
    pos = 0
    while (m := _BOX.search(text, pos)) is not None:
        depth, i = 1, m.end()
        while i < len(text) and depth:  # one linear scan per box: no regex backtracking on brace bombs
            c = text[i]
            if c == "\\":
                i += 2
                continue
            depth += (c == "{") - (c == "}")
            i += 1
        if depth:
            return found, True
        found.append((_strip_latex(text[m.end(): i - 1]), i))
        pos = i
    return found, False


def _strip_latex(s: str) -> str:
    """``s.strip()``, keeping the space of a final control space ``\\ `` (so ``\\boxed{\\ }`` stays blank)."""
    stripped = s.strip()
    odd = (len(stripped) - len(stripped.rstrip("\\"))) % 2
    return stripped + " " if odd and len(stripped) < len(s.lstrip()) else stripped


# A trailing parenthetical of words glosses the answer: "5 (five)", "(B) (the second one)"; "(or six)" stays a hedge.
_GLOSS = re.compile(r"(?<=\S)\s+\((?![^()]*\b(?:or|and)\b)[A-Za-z]{2,}[A-Za-z .,'-]*\)$", re.IGNORECASE)


def _clean_prose(answer: str) -> str:
    """`_clean` for an answer cut out of prose ("answer is", ``####``): markdown emphasis and a word gloss go too.

    Not for ``<answer>`` tags, whose content `final_answer` hands to other rewards verbatim (``2**10``, ``Paris
    (France)`` may be answers there).
    """
    answer = re.sub(r"\*\*([^*]+)\*\*", r"\1", answer)  # markdown bold anywhere: "**5** apples"
    for _ in range(2):  # emphasis and a final period, in either order: "**5**." and "**5.**"
        answer = answer.strip().rstrip(".").strip().strip("*`").strip()
    return _clean(_GLOSS.sub("", answer))


def _clean(answer: str) -> str:
    answer = answer.strip().rstrip(".").strip()
    if len(answer) >= 2 and answer[0] == answer[-1] == "$":
        answer = answer.strip("$").strip()
    return answer


# --- hedges and shape ----------------------------------------------------------------------------------------------

_ALTERNATIVES = re.compile(r"(?:\bor\b|\\lor\b|\\vee\b)", re.IGNORECASE)
_AND = re.compile(r"(?:\\text\{\s*and\s*\}|\band\b)", re.IGNORECASE)
_THOUSANDS = re.compile(r"(?<![\d.])(\d{1,3})((?:,\d{3})+)(?![\d])")
_OPENERS = {"(": ")", "[": "]", "{": "}"}


def items(answer: str, unwrap: bool = True) -> int:
    """How many values an answer lists at its top level (commas, semicolons, "and"), outer brackets removed
    unless ``unwrap`` is False (then a tuple or interval counts as one value).

    >>> items("\\\\{1, 2\\\\}"), items("1,000"), items("f(1, 2)"), items("5 and 6"), items("(1, 2), (3, 4)", False)
    (2, 1, 1, 2, 2)
    """
    s = _THOUSANDS.sub(lambda m: m.group(1) + m.group(2).replace(",", ""), compact(answer, keep_spaces=True))
    s = _AND.sub(",", s).replace(r"\{", "{").replace(r"\}", "}").replace(r"\left", "").replace(r"\right", "").strip()
    if unwrap and len(s) >= 2 and s[0] in "([{" and s[-1] in ")]}" and _depth_profile(s[1:-1])[1]:
        s = s[1:-1]
    return 1 + sum(1 for c, depth in zip(s, _depths(s)) if c in ",;" and depth == 0)


def is_single(gold: str) -> bool:
    """Whether ``gold`` is one value: no comma, semicolon or "and" anywhere (thousands separators aside)."""
    s = _THOUSANDS.sub(lambda m: m.group(1) + m.group(2).replace(",", ""), gold)
    return not re.search(r"[,;]", s.replace("{,}", "")) and not _AND.search(s)


def hedge(answer: Answer, gold: str) -> str:
    """Why ``answer`` hedges against ``gold`` (an empty string when it commits to one answer)."""
    single = is_single(gold)
    one_group = not single and not compact(gold).startswith("\\{") and items(gold, unwrap=False) == 1
    if len(answer.values) > 1 and (single or one_group):
        return "several different boxed values"
    text = answer.text
    if _ALTERNATIVES.search(_untext(text)) and not _ALTERNATIVES.search(_untext(gold)):
        return "alternatives ('or')"
    if answer.rule in ("last_line", "answer_is"):
        text = _without_prose(text)
    if answer.rule != "last_line" or len(text) <= 60:
        if single and items(text) > 1:
            return "a list where the gold is a single value"
        if one_group and items(text, unwrap=False) > 1:
            return "several tuples or intervals where the gold is one"
    return ""


_RELATION = re.compile(r":=|=|\\(?:to|(?:long)?rightarrow|Rightarrow|Longrightarrow|implies|mapsto)(?![A-Za-z])|→|⇒")


def contradiction(answer: str) -> str:
    """Why ``answer`` is a relation between literals that differ (``4 = 3``, ``x = 4 = 5``, ``4 \\to 5``), else ``""``.

    math-verify reads only the last side of a relation, so without this ``\\boxed{12 = 13}`` would pay gold 13.

    >>> contradiction("x = 4 = 5"), contradiction("x = 1{,}000 = 1000"), contradiction("f(4) = 5")
    ('sides 4 and 5 differ', '', '')
    """
    values = [(side.strip(), n[0]) for side in _RELATION.split(answer) if (n := number(side)) is not None]
    for (a, x), (b, y) in itertools.pairwise(values):
        if x != y:
            return f"sides {a} and {b} differ"
    return ""


_MATH_CHAR = re.compile(r"[\d$\\]")


_LEADING_WORDS = re.compile(r"^\s*(?:[A-Za-z]{2,}\s+)*")
_ARITHMETIC = re.compile(r"\d\s*[-+*/×·x]\s*\$?\s*\d")


def _without_prose(text: str) -> str:
    """``text`` without the top-level comma-separated parts that are no candidate answer: words only ("Therefore,
    $x=5$" -> "$x=5$") or a worked step before the last part ("16 - 7 = 9 eggs, and 9 * 2 = 18" -> "9 * 2 = 18")."""
    s = _THOUSANDS.sub(lambda m: m.group(1) + m.group(2).replace(",", ""), text)
    cuts = [i for i, (c, depth) in enumerate(zip(s, _depths(s))) if c in ",;" and depth == 0]
    parts = [s[a + 1: b] for a, b in zip([-1, *cuts], [*cuts, len(s)])]
    kept = [p for i, p in enumerate(parts) if not _is_prose(p) and not (i < len(parts) - 1 and _is_step(p))]
    return ", ".join(_LEADING_WORDS.sub("", p) for p in kept) if kept else text  # "and 9 * 2 = 18": no "and" list


def _is_prose(part: str) -> bool:
    """Words only: no digit, ``$`` or LaTeX, and a word of two letters or more (a lone ``B`` may be a choice)."""
    return _MATH_CHAR.search(part) is None and re.search(r"[A-Za-z]{2}", part) is not None


def _is_step(part: str) -> bool:
    """Whether ``part`` works a computation out (arithmetic on numbers left of an ``=``): ``16 - 7 = 9``, not ``x = 5``."""
    left, equals, _ = part.partition("=")
    return bool(equals) and _ARITHMETIC.search(left) is not None


def too_complex(answer: str) -> str:
    """Why ``answer`` is refused before parsing (too long, too deep, an exponent tower), or an empty string.

    >>> too_complex("2^{2^{2^{2}}}"), too_complex("e^{x^2}"), too_complex("10^{10^7}"), too_complex("(10^9)!")
    ('exponent tower', '', 'an exponent of 100000 or more', 'factorial of a number over 999')
    """
    if len(answer) > MAX_ANSWER_CHARS:
        return f"answer longer than {MAX_ANSWER_CHARS} characters"
    depths = _depths(answer)
    if depths and max(depths) > MAX_DEPTH:
        return f"brackets nested deeper than {MAX_DEPTH}"
    if _exponent_nesting(answer) > MAX_EXPONENT_NESTING:
        return "exponent tower"
    if re.search(r"\d{301}", answer):
        return "a number with more than 300 digits"
    if re.search(r"\d{4,}\s*!", answer) or any(_power_value(g) > 999 for g in _FACTORIAL_GROUP.findall(answer)):
        return "factorial of a number over 999"
    if any(_power_value(e) >= MAX_EXPONENT for e in _exponents(answer)):
        return f"an exponent of {MAX_EXPONENT} or more"
    return ""


_FACTORIAL_GROUP = re.compile(r"[({]([\d\s^{}]*)[)}]\s*!")  # (10^9)!: numeric only, symbolic (n+1)! is cheap


def _exponents(s: str) -> list[str]:
    """The text of every exponent in ``s``: ``a^{...}`` (a balanced group) or ``a^12``."""
    out = []
    for m in re.finditer(r"\^\s*", s):
        i = m.end()
        if s.startswith("{", i):
            depth, j = 0, i
            while j < len(s):
                depth += (s[j] == "{") - (s[j] == "}")
                j += 1
                if not depth:
                    break
            out.append(s[i + 1: j - 1])
        elif d := re.match(r"-?\d+", s[i:]):
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
    best, depth, groups, chain, chain_end, i = 0, 0, [], 0, -1, 0
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


def _depths(s: str) -> list[int]:
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


def _depth_profile(inner: str) -> tuple[int, bool]:
    """(min depth, whether ``inner`` never closes below its start): is the outer pair one group?"""
    depth, lowest = 0, 0
    for c in inner:
        depth += (c in "([{") - (c in ")]}")
        lowest = min(lowest, depth)
    return lowest, lowest >= 0 and depth == 0


def _untext(s: str) -> str:
    return re.sub(r"\\(?:text|mbox|mathrm|textbf)\s*\{([^{}]*)\}", r" \1 ", s)


# --- comparisons without sympy -------------------------------------------------------------------------------------

_SPACES = re.compile(r"(?<!\\)\\[,;:! ]|~|\s+")
_UNIT = r"(?:\s*\\(?:text|mbox|mathrm)\s*\{\s*[A-Za-z][A-Za-z .]*\}|\s+[A-Za-z]{2,}(?:\s+[A-Za-z]+)*|\s*\^\s*\{?\\circ\}?|°)?"
_NUMBER = re.compile(r"^(?P<sign>[-+−]?)\s*\\?\$?\s*(?P<int>\d+)?(?:\.(?P<frac>\d+))?" + _UNIT + r"$")
_FRACTION = re.compile(r"^(?P<sign>[-+−]?)\s*(?:\\[dt]?frac\s*(?:\{\s*(?P<a>\d+)\s*\}|(?P<a1>\d))\s*(?:\{\s*(?P<b>\d+)\s*\}|(?P<b1>\d))|(?P<c>\d+)\s*/\s*(?P<d>\d+))$")
_LONG_DIGITS = re.compile(r"\d{301}")
_REPEATING = re.compile(r"^(?P<sign>[-+−]?)\s*(?P<int>\d*)\.(?P<fixed>\d*)\s*\\overline\s*\{\s*(?P<rep>\d+)\s*\}$")
# ``rest`` may not start with a digit or dot, so the split after ``num`` is unique: were both runs free to take digits
# they would backtrack quadratically on "\text{111...1" without its "}" (no possessive quantifiers before 3.11).
_TEXT_NUMBER = re.compile(
    r"\\(?:text|textbf|textrm|mbox|mathrm|mathbf)\s*\{\s*(?P<num>[-+−]?[\d.]+)(?P<rest>(?:[^{}\d.][^{}]*)?)\}")
_CHOICE_LEAD = re.compile(r"^(?:\\text(?:bf|rm)?\s*\{\s*)?(?:\(\s*([A-E])\s*\)|([A-E])\s*[:)])\s*\}?")
_CHOICE = re.compile(r"^(?:\\text(?:bf)?\s*\{\s*)?\(?\s*([A-Ea-e])\s*\)?\s*\}?$")


_DASHES = str.maketrans(dict.fromkeys("‐‑‒–—―−﹣－", "-"))
_SYNONYMS = ((r"\varnothing", r"\emptyset"),)  # spellings math-verify knows only one of


def canonical(s: str) -> str:
    """``s`` with unicode dashes as ``-`` and LaTeX synonyms in the spelling math-verify parses.

    >>> canonical("–5"), canonical("\\\\varnothing")
    ('-5', '\\\\emptyset')
    """
    s = s.translate(_DASHES)
    for alias, name in _SYNONYMS:
        s = s.replace(alias, name)
    return s


def compact(s: str, keep_spaces: bool = False) -> str:
    """``s`` without LaTeX spacing, ``\\left``/``\\right``, ``\\dfrac`` (as ``\\frac``), outer ``$`` or a final period."""
    s = _SPACES.sub(" ", s).strip().strip("$").strip().rstrip(".")  # spacing first: strip() would eat "\\ "'s space
    s = s.replace(r"\dfrac", r"\frac").replace(r"\tfrac", r"\frac").replace(r"\left", "").replace(r"\right", "")
    return re.sub(r"\s+", " ", _SPACES.sub(" ", s)).strip() if keep_spaces else _SPACES.sub("", s)


def number(s: str) -> tuple[Fraction, bool] | None:
    """``s`` as an exact number and whether it was written exactly (no decimal point); ``None`` if not a literal.

    >>> number("$1,234.50 dollars"), number("\\\\frac{3}{4}"), number("x")
    ((Fraction(2469, 2), False), (Fraction(3, 4), True), None)
    """
    s = _THOUSANDS.sub(lambda m: m.group(1) + m.group(2).replace(",", ""), s.strip().strip("$").strip().rstrip("."))
    s = _SPACES.sub(" ", s.replace("{,}", "").replace(r"\!", "")).strip()
    if (w := _TEXT_NUMBER.fullmatch(s)) is not None and w["num"][-1].isdigit():  # \text{5 dollars}: the words inside are a unit, not variables
        s = w["num"] + (f"\\text{{{w['rest']}}}" if w["rest"].strip() else "")
    if _LONG_DIGITS.search(s):  # int() refuses over 4,300 digits; an answer never needs 300
        return None
    if m := _NUMBER.match(s):
        if m["int"] is None and m["frac"] is None:
            return None
        value = Fraction(int(m["int"] or 0)) + (Fraction(int(m["frac"]), 10 ** len(m["frac"])) if m["frac"] else 0)
        return (-value if m["sign"] in "-−" and m["sign"] else value), m["frac"] is None
    if (m := _REPEATING.match(s)) is not None:  # 0.1\overline{6} = 1/10 + 6/90
        fixed, rep = m["fixed"], m["rep"]
        value = int(m["int"] or 0) + Fraction(int(fixed or 0), 10 ** len(fixed)) + Fraction(
            int(rep), 10 ** len(fixed) * (10 ** len(rep) - 1))
        return (-value if m["sign"] else value), True
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
    """
    s = s.strip().strip("$").strip().rstrip(".")
    if m := _CHOICE.match(s):
        return m.group(1).upper()
    m = _CHOICE_LEAD.match(s)  # a marked letter, then the option's value: only if no other letter is named
    if m and not re.search(r"(?<![A-Za-z\\])[A-E](?![A-Za-z])", s[m.end():]):
        return m.group(1) or m.group(2)
    return None


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
    >>> quick_verdict("(1, 2]", "[1, 2]"), quick_verdict("x = 3", "3"), quick_verdict("\\{1,2\\}", "\\{2, 1\\}")
    (False, True, True)
    """
    if compact(gold) == compact(answer):
        return True
    gold_choice = choice(gold)
    if gold_choice is not None and re.search(r"[A-E]", gold):
        answer_choice = choice(answer)
        return None if answer_choice is None else answer_choice == gold_choice
    gold, answer = _unassign(gold, answer)
    if gold is None:
        return None
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
    """A ``p\\%`` on one side only: the other side may write it as ``p`` or as ``p/100`` (``12.5\\%`` = 12.5 = 0.125)."""
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
    return not a[1] and _places(g[0]) is None and _approximates(a[0], g[0])


def _places(x: Fraction) -> int | None:
    """Decimal places of ``x``'s finite decimal expansion, or ``None`` when it has none (``1/3``)."""
    d, twos, fives = x.denominator, 0, 0
    while d % 2 == 0:
        d, twos = d // 2, twos + 1
    while d % 5 == 0:
        d, fives = d // 5, fives + 1
    return max(twos, fives) if d == 1 else None


def _approximates(value: Fraction, exact: Fraction) -> bool:
    """Whether the decimal ``value`` is ``exact`` rounded (half away from zero) or truncated to its own places, >= 6."""
    scale = 10 ** max(6, _places(value) or 0)
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
