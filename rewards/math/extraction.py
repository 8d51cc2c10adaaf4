"""The final answer a math completion commits to, hedge and contradiction detection, and the input caps.

Chat-template tokens (``<|eot_id|>``, ``<|im_end|>``, ``</s>``) left in a completion end a line. Extraction
priority (the first rule that finds something wins):

1. Reasoning tags: only the text after the last ``</think>`` counts. A ``<think>`` left open after it means the
   model never committed to an answer (nothing is extracted).
2. The last ``\\boxed{...}`` / ``\\fbox{...}``. Against a one-value gold, earlier boxes set apart from it by prose
   were intermediate results and are ignored, but boxes written together with it (only punctuation, math delimiters
   or "or"/"and" between them) are a hedge when they differ; against a list gold every distinct box is joined into
   the list (a multi-part answer). Boxes equal by the cheap checks below (``\\frac12`` and ``0.5``) count once. An
   unclosed ``\\boxed{`` after the last closed one means the answer was cut off: nothing is extracted.
3. The last ``<answer>...</answer>``.
4. The last "answer is ..." / "answer: ..." phrase, up to the end of its sentence or line, an exclamation mark, or a
   comma opening a word clause ("5, which is odd"); markdown bold and a trailing word gloss ("(five)") are dropped.
5. The last GSM8K-style ``#### N`` line.
6. Otherwise the last non-empty line (markdown bold dropped), whose last expression math-verify picks unless the
   line is only a number or a choice letter; a display block (``\\[ ... \\]``,
   ``$$ ... $$``) the text ends with counts as one line, as does one right after "answer is".

Hedges (score 0): alternatives ("5 or 6", ``\\lor``) unless the gold itself has them or lists several values ("-2, 2"
and ``\\pm 2`` are answered by "x = 2 or x = -2"); a list ("5, 6", "5 and 6", ``\\{5, 6\\}``) when the gold is a
single value (in prose, parts that are only words are not items; ``x=2, y=3`` spelling out a tuple gold ``(2, 3)``
is one value); several different boxed values written together.
A relation whose literal sides differ (``12 = 13``, ``x = 4 = 5``, ``4 \\to 5``) is wrong: math-verify would read
only its last side. Answers too long, too deep or too big to parse safely are refused first (`rewards.math.caps`).

Comparisons of plain literals (`rewards.math.literals`) decide most answers without sympy. Extraction runs in
the trainer process, so every scan here is linear: no regex rescans the text from every position of a degenerate
completion.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

from rewards.math.caps import MAX_ANSWER_CHARS, depth_profile, depths
from rewards.text import after_reasoning, matching_brace
from rewards.math.literals import (
    compact,
    number,
    quick_verdict,
    without_thousands_separators,
)

MAX_COMPLETION_CHARS = 20_000  # completions are cut to their tail, where the final answer is


@dataclass(frozen=True)
class Answer:
    """What a completion commits to: ``values`` (one string, or several boxed ones) found by ``rule``.

    ``values`` is empty when nothing was committed; ``problem`` then says why. ``final`` (boxes only) is the last box
    with the boxes written together with it: earlier boxes set apart by prose were intermediate results.
    """

    values: tuple[str, ...]
    rule: str
    problem: str = ""
    final: tuple[str, ...] = ()  # boxed: the distinct values of the last box and those written together with it

    @property
    def text(self) -> str:
        """The answer as one string (several boxed values joined as a list)."""
        return ", ".join(self.values)


_BOX = re.compile(r"\\(?:boxed|fbox)\s*\{")
_ANSWER_TAG = re.compile(r"<(/?)answer>", re.IGNORECASE)
_ANSWER_PHRASE = re.compile(r"\banswer\s*(?:is\s*:?|:|=)\s*", re.IGNORECASE)
# A sentence ends at ". ", a line end, "!"/"?" closing the line or before a capital (so "5! = 120" stays whole), or
# a comma opening a prose clause ("5, which is odd"; ", and 6" / ", or 6" stay, to be judged as hedges).
_SENTENCE_END = re.compile(r"\.(?:\s|$)|\n|[!?](?=[ \t]*(?:\n|$)|\s+[A-Z])|,(?=\s*(?!(?i:and|or)\b)[A-Za-z]{2,})")
_GSM8K = re.compile(r"####[ \t]*([^\n]*)")
# Chat-template tokens left in when a completion is decoded without skip_special_tokens: "5<|eot_id|>" ends at "5".
_SPECIAL_TOKEN = re.compile(r"<\|[A-Za-z0-9_]{1,40}\|>|</s>")


def extract_answer(text: str) -> Answer:
    """The final answer ``text`` commits to, by the priority in the module docstring.

    >>> extract_answer("<think>maybe \\\\boxed{3}</think> so \\\\boxed{4}.").values
    ('4',)
    """
    text = after_reasoning(_SPECIAL_TOKEN.sub("\n", text[-MAX_COMPLETION_CHARS:]))
    if text is None:
        return Answer((), "think", "reasoning never closed with </think>")
    spans, unclosed = _boxes(text)
    if unclosed:
        return Answer((), "boxed", "unclosed \\boxed{")
    if spans:
        boxed = [content for content, _, _ in spans]
        distinct = _merge_equal(tuple(dict.fromkeys(b for b in boxed if compact(b))))
        last = _merge_equal(tuple(dict.fromkeys(b for b in _last_group(text, spans) if compact(b))))
        return Answer(distinct or (boxed[-1],), "boxed", final=last or (boxed[-1],))
    tag = _last_answer_tag(text)
    if tag is not None:
        return Answer((_clean(tag),), "answer_tag")
    phrases = list(_ANSWER_PHRASE.finditer(text))
    if phrases:
        rest = text[phrases[-1].end():]
        end = _SENTENCE_END.search(rest)
        answer = _display_block(rest) or _clean_prose(rest[: end.start()] if end else rest)
        if answer:
            return Answer((answer,), "answer_is")
    gsm8k = _GSM8K.findall(text)
    if gsm8k:
        return Answer((_clean_prose(gsm8k[-1]),), "gsm8k")
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if not lines:
        return Answer((), "none", "empty completion")
    return Answer((_BOLD.sub(r"\1", _last_display(lines)[-MAX_ANSWER_CHARS:]),), "last_line")


_DISPLAY = ((r"\[", r"\]"), ("$$", "$$"))
MAX_DISPLAY_LINES = 20


def _last_display(lines: list[str]) -> str:
    """The last line, or the whole display block (``\\[``/``$$`` on lines of their own) the text ends with, as one line."""
    for opener, closer in _DISPLAY:
        if lines[-1].endswith(closer) and opener not in lines[-1][: -len(closer)]:
            for i in range(len(lines) - 2, max(-1, len(lines) - 2 - MAX_DISPLAY_LINES), -1):
                if opener in lines[i]:
                    start = lines[i].rfind(opener)
                    return " ".join([lines[i][start:], *lines[i + 1:]])
    return lines[-1]


def _display_block(text: str) -> str:
    """The content of the display block (``\\[...\\]``, ``$$...$$``) ``text`` opens with, which may span lines."""
    for opener, closer in _DISPLAY:
        if text.startswith(opener) and (end := text.find(closer, len(opener))) > len(opener):
            return _clean(text[len(opener): end])
    return ""


# Between two boxes written together as one answer ("\boxed{5} or \boxed{6}", "\boxed{1}, \boxed{2}") there are only
# math delimiters, spacing, punctuation and joining words; any other text makes the earlier box an intermediate result.
_JOINER = re.compile(r"(?:\\[\[\]()]|\\q?quad|\\[,;:! ]|[\s$.,;:&~]|\b(?:or|and|maybe|perhaps|possibly|either)\b)*",
                     re.IGNORECASE)
MAX_JOINER_CHARS = 200


def _last_group(text: str, spans: list[tuple[str, int, int]]) -> list[str]:
    """The last box and the boxes written together with it (see `_JOINER`)."""
    group = [spans[-1][0]]
    for (content, _, end), (_, start, _) in zip(reversed(spans[:-1]), reversed(spans[1:])):
        if start - end > MAX_JOINER_CHARS or not _JOINER.fullmatch(_untext(text[end:start])):
            break
        group.append(content)
    return group[::-1]


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

    Same rules as `extract_answer` (reasoning tags, unclosed boxes, earlier boxes set apart by prose are intermediate
    results), without the free-text fallbacks; ``None`` also when several different boxes are written together as the
    answer (``\\boxed{5} or \\boxed{6}``): a hedge commits to nothing.

    >>> final_answer("<think>\\boxed{1}</think> so <answer>7*6</answer>"), final_answer("\\boxed{5} or \\boxed{6}")
    ('7*6', None)
    """
    answer = extract_answer(text)
    if answer.rule == "boxed":
        return answer.final[0].strip() if len(answer.final) == 1 else None
    return answer.values[-1].strip() if answer.values and answer.rule == "answer_tag" else None


def offers_alternatives(answer: str, gold: str) -> bool:
    """Whether ``answer`` offers alternatives ("5 or 6", ``\\lor``) that ``gold`` does not itself contain.

    >>> offers_alternatives("5 or 6", "5"), offers_alternatives("p or q", "p or q")
    (True, False)
    """
    return bool(_ALTERNATIVES.search(_untext(answer))) and not _ALTERNATIVES.search(_untext(gold))


def boxed_contents(text: str) -> tuple[list[str], bool]:
    """The contents of every balanced ``\\boxed{}``/``\\fbox{}`` in order, and whether one after the last is unclosed.

    >>> boxed_contents("\\\\boxed{\\\\frac{1}{2}} and \\\\boxed{3")
    (['\\\\frac{1}{2}'], True)
    """
    spans, unclosed = _boxes(text)
    return [content for content, _, _ in spans], unclosed


def boxed_spans(text: str) -> tuple[list[tuple[str, int]], bool]:
    """Like `boxed_contents`, with the index just past each box's closing ``}``.

    >>> boxed_spans("so \\\\boxed{2} and \\\\boxed{3}")
    ([('2', 12), ('3', 26)], False)
    """
    boxes, unclosed = _boxes(text)
    return [(content, end) for content, _, end in boxes], unclosed


def _boxes(text: str) -> tuple[list[tuple[str, int, int]], bool]:
    """Each balanced box's content, start and end index, and whether one after the last is unclosed."""
    found: list[tuple[str, int, int]] = []
    pos = 0
    while (m := _BOX.search(text, pos)) is not None:
        i = matching_brace(text, m.end() - 1)  # one linear scan per box: no regex backtracking on brace bombs
        if i < 0:
            return found, True
        found.append((_strip_latex(text[m.end(): i - 1]), m.start(), i))
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
    answer = _BOLD.sub(r"\1", answer)  # markdown bold anywhere: "**5** apples"
    for _ in range(2):  # emphasis and a final period, in either order: "**5**." and "**5.**"
        answer = answer.strip().rstrip(".").strip().strip("*`").strip()
    if span := _SPAN_THEN_WORDS.fullmatch(answer):  # "$\\frac12$ of the pie": the words say what it counts
        answer = span.group(1)
    return _clean(_GLOSS.sub("", answer))


_BOLD = re.compile(r"\*\*([^*]+)\*\*")
_SPAN_THEN_WORDS = re.compile(r"(\$[^$]+\$)\s+[A-Za-z][A-Za-z ,'-]*")


def _clean(answer: str) -> str:
    answer = answer.strip().rstrip(".").strip()
    if len(answer) >= 2 and answer[0] == answer[-1] == "$":
        answer = answer.strip("$").strip()
    return answer


# --- hedges and shape ----------------------------------------------------------------------------------------------

_ALTERNATIVES = re.compile(r"(?:\bor\b|\\lor\b|\\vee\b)", re.IGNORECASE)
_AND = re.compile(r"(?:\\text\{\s*and\s*\}|\band\b)", re.IGNORECASE)
_OPENERS = {"(": ")", "[": "]", "{": "}"}


def items(answer: str, unwrap: bool = True) -> int:
    """How many values an answer lists at its top level (commas, semicolons, "and"), outer brackets removed
    unless ``unwrap`` is False (then a tuple or interval counts as one value).

    >>> items("\\\\{1, 2\\\\}"), items("1,000"), items("f(1, 2)"), items("5 and 6"), items("(1, 2), (3, 4)", False)
    (2, 1, 1, 2, 2)
    """
    s = without_thousands_separators(compact(answer, keep_spaces=True))
    s = _AND.sub(",", s).replace(r"\{", "{").replace(r"\}", "}").replace(r"\left", "").replace(r"\right", "").strip()
    if unwrap and len(s) >= 2 and s[0] in "([{" and s[-1] in ")]}" and depth_profile(s[1:-1])[1]:
        s = s[1:-1]
    return 1 + sum(1 for c, depth in zip(s, depths(s)) if c in ",;" and depth == 0)


_PLUS_MINUS = re.compile(r"\\(?:pm|mp)(?![A-Za-z])|±")


def is_single(gold: str) -> bool:
    """Whether ``gold`` is one value: no comma, semicolon, "and" or ``\\pm`` anywhere (thousands separators aside)."""
    s = without_thousands_separators(_untext(gold))
    return not re.search(r"[,;]", s.replace("{,}", "")) and not _AND.search(s) and not _PLUS_MINUS.search(s)


def _one_group(gold: str) -> bool:
    """Whether ``gold`` lists several values inside one tuple, interval or vector (not a set): ``(3, -4)``."""
    return not compact(gold).startswith("\\{") and not _PLUS_MINUS.search(gold) and items(_untext(gold), False) == 1


def committed(answer: Answer, gold: str) -> Answer:
    """``answer`` as judged against ``gold``: a one-value gold reads only the final group of boxes (earlier boxes
    set apart by prose were intermediate results), a list gold every distinct box (a multi-part answer)."""
    if answer.rule != "boxed" or not answer.final or not (is_single(gold) or _one_group(gold)):
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
    # "or" offers alternatives to a one-value gold; between the members of a list gold it lists them ("x=2 or x=-2")
    if (single or one_group) and offers_alternatives(text, gold):
        return "alternatives ('or')"
    if answer.rule in ("last_line", "answer_is"):
        text = _without_prose(text)
    if answer.rule != "last_line" or len(text) <= 60:
        if single and items(text) > 1:
            return "a list where the gold is a single value"
        if one_group and items(text, unwrap=False) > 1 and not _spells_out(text, gold):
            return "several tuples or intervals where the gold is one"
    return ""


_ASSIGNMENT = re.compile(r"\s*([A-Za-z])\s*=[^=]+")


def _spells_out(answer: str, gold: str) -> bool:
    """Whether ``answer`` gives a tuple gold's coordinates one per variable: ``x=2, y=3`` for ``(2, 3)``."""
    parts = compact(answer, keep_spaces=True).split(",")
    names = [m.group(1) for p in parts if (m := _ASSIGNMENT.fullmatch(p.strip().strip("$")))]
    return len(names) == len(parts) == len(set(names)) == items(gold)


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
    s = without_thousands_separators(text)
    cuts = [i for i, (c, depth) in enumerate(zip(s, depths(s))) if c in ",;" and depth == 0]
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


def _untext(s: str) -> str:
    return re.sub(r"\\(?:text|mbox|mathrm|textbf)\s*\{([^{}]*)\}", r" \1 ", s)
