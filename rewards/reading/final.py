"""The final answer a completion commits to: `extract_answer` for math_exact, `final_answer` for rewards that parse
the answer themselves (countdown, reasoning_gym).

Before anything else: what does not show is gone (HTML comments, LaTeX ``%`` comments inside math:
`rewards.reading.shown.shown_text`), and the completion ends at its first end of turn (``<|im_end|>``,
``<|eot_id|>``, ``</s>``, ``<|im_start|>``, ..., or a line opening a new turn in plain text: ``User:``, ``Human:``,
a base model's next ``Question:``): text after it was generated past the answer's turn (a hallucinated "user" turn).
Other chat-template tokens end a line. A backslash escape eaten by string decoding (form feed + ``rac`` for
``\\frac``) is put back, and other control characters are spaces, so a form feed cannot split the last line. Then
the first rule that finds something wins:

1. Reasoning tags (`rewards.reading.tags.after_reasoning`, any case): only the text after the last ``</think>``
   counts. A ``<think>`` left open after it means the model never committed to an answer (nothing is extracted).
2. The last box (every box command: `rewards.reading.boxes`). Earlier boxes set apart from it by prose were
   intermediate results and are ignored; boxes written together with it (only punctuation, math delimiters or
   "or"/"and" between them) are one answer with it: a list against a list gold, a hedge against a one-value gold
   when they differ (`rewards.math.hedges.committed`). Boxes equal by the cheap checks below (``\\frac12`` and
   ``0.5``) count once. An unclosed box after the last closed one means the answer was cut off: nothing is extracted.
   One exception: an explicit "final answer is X" / "Final Answer: X" written *after* the last box, with another
   value, is the later commitment and wins ("\\boxed{3} ... wait, I double counted. The final answer is 5."). The
   last commitment counts, as among boxes; math-verify ranks the two the same way (the rightmost of a box and a
   "final answer is" match). A plain "the answer is" after a box is a remark, not a statement: the box stands.
3. The last ``<answer>...</answer>``, whose content is read as a whole completion by rules 4 to 6 ("<answer>The
   total is 42.</answer>", "<answer>Answer: 42</answer>", "<answer>#### 42</answer>", "<answer>**42**</answer>");
   `final_answer` and ``Answer.tag`` keep the content as written.
4. The last "answer is ..." / "answer: ..." phrase (or another language's marker: "答案: C", "答案是42",
   "Réponse : B"), up to the end of its sentence or line, an exclamation mark, a comma, semicolon or dash opening
   a word clause ("5, which is odd", "42; this is the product", "42 — six times seven") or a reason ("42 (since
   6 × 7 = 42)"); a GSM8K ``####`` right after it, markdown bold and a trailing word gloss ("(five)") are dropped.
   Where that sentence ends, a hedge offering another value continues the answer as an alternative ("5, maybe 6",
   "5. Or 6.", "5, but it could be 6" are "5 or 6"), which then scores as a hedge.
   The text after the phrase is cut to the answer cap before its sentence end is searched.
   A statement in words gives its value (`rewards.reading.notation.answer_in_prose`): "The smallest such $k$ is 17",
   "that there are 17 ways", "twelve"; words that change the value ("not", "at least", "square root of") keep the
   whole text, which then scores 0 unless it is the answer as written.
5. The last GSM8K-style ``#### N`` line.
6. Otherwise the last non-empty line (markdown bold dropped), whose last expression math-verify picks unless the
   line is only a number or a choice letter; a display block (``\\[ ... \\]``,
   ``$$ ... $$``) the text ends with counts as one line, as does one right after "answer is".

Hedges and contradictions are judged in `rewards.math.hedges`; answers too long, too deep or too big to parse safely
are refused first (`rewards.reading.caps`).

Boxes are read by `rewards.reading.boxes`. Two boxes are one answer when the cheap literal check says so
(`rewards.reading.literals.quick_verdict`: ``\\frac12`` and ``0.5``), and a value in words is read by
`rewards.reading.notation.answer_in_prose`; nothing here asks `rewards.math`. Extraction runs in the trainer process,
so every scan here is linear: no regex rescans the text from every position of a degenerate completion.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, replace

from rewards.reading.boxes import boxes, last_group
from rewards.reading.caps import MAX_ANSWER_CHARS
from rewards.reading.literals import compact, quick_verdict
from rewards.reading.notation import answer_in_prose
from rewards.reading.shown import shown_text, untext
from rewards.reading.tags import after_reasoning

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
    tag: str | None = None  # the last ``<answer>`` tag's content as written, when the answer was read from it

    @property
    def text(self) -> str:
        """The answer as one string (several boxed values joined as a list)."""
        return ", ".join(self.values)


_ANSWER_TAG = re.compile(r"<(/?)answer>", re.IGNORECASE)
# Also the markers of other languages: "答案: C", "Réponse : B", "Antwort: 5", "Respuesta: 5", "Ответ: 5".
# Chinese, Japanese and Korean also say "is" without a colon: "答案是42", "答案为 42", "答えは42", "정답은 42".
# The lookahead names the first letter of every marker: the engine then skips other characters in C, where it tried
# every alternative at every character (a quarter of math_exact's time). It changes no match (tests/reading).
PHRASE_STARTS = r"(?=[aAoOrRОо答정])"
_ANSWER_PHRASE = re.compile(PHRASE_STARTS + r"(?:\banswer\s*(?:is\s*:?|:|=|[–—](?=\s*\S))\s*"
                            r"|(?:答案[ \t]*[是为為]|答え[ \t]*は|정답[ \t]*[은는])[ \t]*[:：]?[ \t]*"
                            r"|(?:答案|答え|정답|\b(?:R[ée]ponse|Antwort|Respuesta|"
                            r"Resposta|Risposta|Ответ|Antwoord|Odpowied[źz]))[ \t]*[:：][ \t]*)", re.IGNORECASE)
# A sentence ends at ". ", a line end, "!"/"?" closing the line or before a capital (so "5! = 120" stays whole), or
# a comma opening a prose clause ("5, which is odd"; ", and 6" / ", or 6" stay, to be judged as hedges).
# A semicolon or a dash opening a word clause ends it too ("42; this is the product", "42 — six times seven"), as
# does a reason, also in brackets ("17 because 17 is prime", "42 (since 6 × 7 = 42)").
_SENTENCE_END = re.compile(r"\.(?:\s|$)|[。！？]|です|입니다|\n|[!?](?=[ \t]*(?:\n|$)|\s+[A-Z])"
                           r"|,(?=\s*(?!(?i:and|or)\b)[A-Za-z]{2,})"
                           r"|(?:;|[—–]|(?<=\s)--)(?=\s*(?!(?i:and|or|maybe|not|perhaps)\b)[A-Za-z]{2,})"
                           r"|(?<!\s)\s+(?=[(\[]?(?i:(?:because|since|which|as|from|by|using|via)\b|i\.e\.|e\.g\.))")
# (each alternative starts at one place per run: "\s+(?=because)" tried at every space of a long run rescans it)
# Where that sentence ends, a hedge offering another value continues the answer as an alternative ("5, maybe 6",
# "5. Or 6.", "5, but it could also be 6" read as "5 or 6", a hedge): read alone, the first value scored 1.
_HEDGE_AFTER = re.compile(r"[.,;]?\s*(?:but\s+)?(?:or\s+(?:maybe|perhaps|possibly)|maybe|perhaps|possibly|or"
                          r"|(?:it|this|that)\s+(?:might|could|may)\s+(?:also\s+)?be)\s+(?=[-+$\\(\d])", re.IGNORECASE)
_GSM8K = re.compile(r"####[ \t]*([^\n]*)")
# Chat-template tokens left in when a completion is decoded without skip_special_tokens: "5<|eot_id|>" ends at "5".
_SPECIAL_TOKEN = re.compile(r"<\|[A-Za-z0-9_]{1,40}\|>|</s>")
# Turn boundaries: whatever follows the first one was generated past the end of the answer's turn (a hallucinated
# "<|im_start|>user ..." turn), so it is no part of the answer.
_END_OF_TURN = re.compile(r"<\|(?:im_end|im_start|eot_id|eom_id|end_of_text|endoftext|end|start_header_id|user|"
                          r"assistant|system)\|>|</s>|<(?:end|start)_of_turn>|<｜(?:end▁of▁sentence|User|"
                          r"Assistant)｜>")
# A plain-text turn after some text: "\nUser: ...", "\nHuman: ...", a base model's next few-shot "\nQuestion: ...".
# "Question:"/"Problem:" may also be a model restating its task, so those end the turn only after a commitment.
# Matched only at a line end after text (`_role_lines`): a pattern opening with "(?<=\S)[ \t]*\n" was tried at every
# character of every completion, a fifth of math_exact's time.
_ROLE_LINE = re.compile(r"\n\s*(?:#+\s*)?(?:(Human|User)|Question|Problem|Instruction)\s*:", re.IGNORECASE)
_COMMITMENT = re.compile(r"\\boxed|\banswer\b|####", re.IGNORECASE)
# Control characters: a backslash escape eaten by a JSON or Python string ("\frac" read as form feed + "rac") is put
# back; any other control character is a space, so it cannot split the last line (str.splitlines splits on \f, \v).
_ESCAPE_DAMAGE = re.compile(r"\x0c(?=rac)|\x08(?=oxed|eta|inom|ig)|\r(?=ight)|\t(?=ext|imes|heta|frac|an\b|o\b)|"
                            r"\x0b(?=ec)|\x07(?=lpha|pprox)")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\x85\u2028\u2029]")
_DAMAGED = {"\x0c": "\\f", "\x08": "\\b", "\r": "\\r", "\t": "\\t", "\x0b": "\\v", "\x07": "\\a"}
# An explicit final statement after the last box ("\boxed{3} ... The final answer is 5") is the later commitment.
_FINAL_PHRASE = re.compile(r"\bfinal\s+answer\b[^\n.$]{0,40}?(?:\bis\b\s*:?|:)\s*", re.IGNORECASE)


def _plain(text: str) -> str:
    """``text`` as shown (comments gone: `rewards.reading.shown.shown_text`) up to its first end of turn, escapes
    eaten by string decoding put back, other control characters as spaces (``\\r\\n`` and ``\\r`` as line ends)."""
    text = shown_text(text)
    if "<" in text and (end := _END_OF_TURN.search(text)) is not None:
        text = text[: end.start()]
    if ":" in text:
        first: re.Match[str] | None | bool = False  # searched once, at the first role line that needs it
        for start, human in _role_lines(text):  # "...3/4.\nUser: thanks": a new turn in plain text
            if not human and first is False:
                first = _COMMITMENT.search(text)
            if human or isinstance(first, re.Match) and first.start() < start:
                text = text[:start]
                break
    if _CONTROL.search(text) is None:  # the common case: nothing to repair
        return text
    text = _ESCAPE_DAMAGE.sub(lambda m: _DAMAGED[m.group()], text).replace("\r\n", "\n").replace("\r", "\n")
    return _CONTROL.sub(" ", text)


def _role_lines(text: str) -> Iterator[tuple[int, bool]]:
    """Where each plain-text turn ``text`` shows begins (the end of the text before it, spaces and tabs trimmed),
    and whether a person speaks in it ("Human:", "User:"); non-overlapping, left to right.

    >>> list(_role_lines("So 5.  \\n\\nUser: ok\\n\\n  Question: next"))
    [(5, True), (17, False)]
    """
    pos = 0
    while (newline := text.find("\n", pos)) >= 0:
        start = newline
        while start > 0 and text[start - 1] in " \t":
            start -= 1
        turn = _ROLE_LINE.match(text, newline) if start > 0 and not text[start - 1].isspace() else None
        if turn is None:
            pos = newline + 1
            continue
        yield start, turn.group(1) is not None
        pos = turn.end()


def extract_answer(text: str) -> Answer:
    """The final answer ``text`` commits to, by the priority in the module docstring.

    >>> extract_answer("<think>maybe \\\\boxed{3}</think> so \\\\boxed{4}.").values
    ('4',)
    """
    after = after_reasoning(_SPECIAL_TOKEN.sub("\n", _plain(text)[-MAX_COMPLETION_CHARS:]))
    if after is None:
        return Answer((), "think", "reasoning never closed with </think>")
    text = after
    spans, unclosed = boxes(text)
    if unclosed:
        return Answer((), "boxed", "unclosed \\boxed{")
    if spans:
        boxed = [content for content, _, _ in spans]
        distinct = _merge_equal(tuple(dict.fromkeys(b for b in boxed if compact(b))))
        if not distinct:  # "\boxed{\phantom{4}}" shows nothing: no answer was committed
            return Answer((), "boxed", "empty \\boxed{}")
        last = _merge_equal(tuple(dict.fromkeys(b for b in last_group(text, spans) if compact(b))))
        later = _final_statement(text, spans[-1][2])
        if later and not (len(last) == 1 and quick_verdict(last[0], later)):
            return Answer((later,), "answer_is")
        return Answer(distinct or (boxed[-1],), "boxed", final=last or (boxed[-1],))
    tag = _last_answer_tag(text)
    if tag is not None:  # read like a whole completion: "<answer>The total is 42.</answer>" answers 42
        inner = _read_prose(tag)
        problem = inner.problem and "empty <answer></answer>"
        return replace(inner, tag=_clean(tag), problem=problem)
    return _read_prose(text)


def _read_prose(text: str) -> Answer:
    """Rules 4 to 6 (no boxes, no tags): an "answer is" phrase, a GSM8K ``####`` line, else the last line."""
    phrases = list(_ANSWER_PHRASE.finditer(text))
    if phrases and (answer := _phrase_answer(text[phrases[-1].end():])):
        return Answer((answer,), "answer_is")
    gsm8k = _GSM8K.findall(text)
    if gsm8k:
        return Answer((_clean_prose(gsm8k[-1]),), "gsm8k")
    lines = [line.strip() for line in text.split("\n") if line.strip()]
    if not lines:
        return Answer((), "none", "empty completion")
    return Answer((_uncode(_unbold(_last_display(lines)[-MAX_ANSWER_CHARS:])),), "last_line")


_CODE_SPAN = re.compile(r"`([^`]+)`")


def _uncode(line: str) -> str:
    """A last line that is one markdown code span (`` `6` ``) shows its content: ``6``."""
    return span[1] if (span := _CODE_SPAN.fullmatch(line)) is not None else line


def _phrase_answer(rest: str) -> str:
    """The answer an "answer is" phrase gives: the display block it opens with, else its sentence, prose trimmed."""
    # The cap first: a longer answer is refused anyway, and no scan goes past it.
    rest = rest[: MAX_ANSWER_CHARS + 1].lstrip()
    rest = rest[4:] if rest.startswith("####") else rest  # "The answer is #### 123"
    end = _SENTENCE_END.search(rest)
    answer = rest[: end.start()] if end else rest
    if end and (hedged := _HEDGE_AFTER.match(rest, end.start())):
        alternative = _SENTENCE_END.search(rest, hedged.end())
        answer += " or " + rest[hedged.end(): alternative.start() if alternative else len(rest)]
    return _display_block(rest) or answer_in_prose(_clean_prose(answer))


def _final_statement(text: str, after: int) -> str:
    """The answer of the last "final answer is ..." that starts at or after index ``after``, else ``""``."""
    phrases = [m for m in _FINAL_PHRASE.finditer(text, after)]
    return _phrase_answer(text[phrases[-1].end():]) if phrases else ""


_DISPLAY = ((r"\[", r"\]"), ("$$", "$$"))
MAX_DISPLAY_LINES = 20


def _last_display(lines: list[str]) -> str:
    """The last line, or the whole display block (``\\[``/``$$`` on lines of their own) the text ends with, as
    one line."""
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
    return answer.tag.strip() if answer.tag is not None else None


# A trailing parenthetical of words glosses the answer: "5 (five)", "(B) (the second one)"; "(or six)" stays a hedge.
# One run of letters and punctuation, not "[A-Za-z]{2,}[A-Za-z ...]*" (two overlapping runs backtrack quadratically).
_GLOSS = re.compile(r"(?<=\S)\s+\((?=[A-Za-z]{2})(?![^()]*\b(?:or|and)\b)[A-Za-z .,'-]*\)$", re.IGNORECASE)


def _clean_prose(answer: str) -> str:
    """`_clean` for an answer cut out of prose ("answer is", ``####``): markdown emphasis and a word gloss go too.

    Not for ``<answer>`` tags, whose content `final_answer` hands to other rewards verbatim (``2**10``, ``Paris
    (France)`` may be answers there).
    """
    answer = _unbold(answer)  # markdown bold anywhere: "**5** apples", "__D__"
    for _ in range(2):  # emphasis and a final period, in either order: "**5**." and "**5.**"
        answer = answer.strip().rstrip(".").strip().strip("*`").strip()
    if span := _SPAN_THEN_WORDS.fullmatch(answer):  # "$\\frac12$ of the pie": the words say what it counts
        answer = span.group(1)
    return _clean(_GLOSS.sub("", answer))


_BOLD = re.compile(r"\*\*([^*]+)\*\*|(?<!\w)__([^_]+)__(?!\w)")  # **bold** and __bold__ (not x__1 in an identifier)


def _unbold(text: str) -> str:
    """``text`` with markdown bold markers dropped: ``**5**`` and ``__D__`` read as ``5`` and ``D``."""
    return _BOLD.sub(lambda m: m[1] or m[2], text) if ("**" in text or "__" in text) else text
_SPAN_THEN_WORDS = re.compile(r"(\$[^$]+\$)\s+[A-Za-z][A-Za-z ,'-]*")


def _clean(answer: str) -> str:
    answer = answer.strip().rstrip(".").strip()
    if len(answer) >= 2 and answer[0] == answer[-1] == "$":
        answer = answer.strip("$").strip()
    return answer


def offers_alternatives(answer: str, gold: str) -> bool:
    """Whether ``answer`` offers alternatives ("5 or 6", ``\\lor``) that ``gold`` does not itself contain: a hedge
    for any checker of one value.

    >>> offers_alternatives("5 or 6", "5"), offers_alternatives("p or q", "p or q")
    (True, False)
    """
    return bool(_ALTERNATIVES.search(untext(answer))) and not _ALTERNATIVES.search(untext(gold))


_ALTERNATIVES = re.compile(r"(?:\bor\b|\\lor\b|\\vee\b)", re.IGNORECASE)
