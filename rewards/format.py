"""Format rewards: is the completion laid out as asked (a reasoning block, answer tags, a final ``\\boxed{}``)?

Each reward has a strict id and a ``_soft`` id (also reachable as ``strict=False``):

- ``format_think``: exactly one ``<think>...</think>`` block of reasoning, then an answer that shows something.
  Strict: the completion starts with ``<think>\\n`` and the block ends with ``\\n</think>\\n`` (open-r1's layout).
  Soft: any whitespace, and the opening tag may be missing because the chat template put it in the prompt
  (DeepSeek-R1, Qwen3), as TRL's ``think_format_reward`` allows; when present it must come first.
- ``format_answer_tags``: strict is open-r1's ``format_reward`` layout, ``<think>\\n...\\n</think>\\n<answer>\\n...
  \\n</answer>`` and nothing else; soft is one ``<answer>...</answer>`` block with content, outside any reasoning,
  with nothing but whitespace after it.
- ``format_boxed``: the answer (the text after ``</think>``, inside ``<answer>`` tags when present) ends with a
  ``\\boxed{}`` that shows something. Strict: the only box after the reasoning (inside the answer tags or not),
  followed only by whitespace or closing math (``$ . \\] \\)``). Soft: at least one such box in the answer.
- ``tag_count``: 0.25 for each of ``<think>``, ``</think>``, ``<answer>``, ``</answer>`` (open-r1's
  ``tag_count_reward``), but a tag earns only as half of a pair: both tags exactly once, in order, around content
  (for ``<think>``, reasoning as below). Unlike open-r1, tags around nothing, in reverse or alone earn nothing.
  Strict also wants open-r1's newlines around each tag; soft counts the tags alone.

Rules every reward shares, so that the cheapest text with the layout is not the text the policy learns:

- A tag is exact or a violation: any token a reader or a chat template could take for one of the four tags (another
  case, spaces, attributes, look-alike brackets or letters, zero-width characters: ``<THINK>``, ``< think >``,
  ``<think foo>``, ``\uff1cthink\uff1e``, ``<th\\u200bink>``) fails the format and counts as that tag.
- Content must show something (`has_content`): a letter or digit in any script, a non-ASCII math symbol or a glyph
  command (``\\pi``, ``\\infty``). Whitespace, punctuation, zero-width characters, other command names and the
  arguments of sizes, colours and phantoms (``\\phantom{5}``, ``\\quad``, ``\\rule{0pt}{0pt}``, ``{}``,
  ``\\text{}``) are blank.
- Reasoning is hollow when it is blank, says only what the answer says, or only quotes the question (when TRL
  passes ``prompts``; letters and digits compared, case-folded).

Every pattern reads multi-line content (DOTALL) and every reward counts tags, so repeated or nested blocks fail:
open-r1's ``^<think>\\n.*?\\n</think>\\n<answer>\\n.*?\\n</answer>$`` accepts a second ``<think>`` block inside its
``.*?``. Scores are 1.0 (status ``correct``) or 0.0 (``wrong``, with the reason as detail); ``tag_count`` gives
partial credit, ``correct`` only at 1.0. Limits: a one-word reasoning block (``<think>\\nr\\n</think>``) still
counts, since nothing short of a length floor tells it from a terse honest one; tags quoted in the reasoning count
as tags.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from rewards.math.extraction import boxed_spans
from rewards.protocol import Reward, Status, Verdict, message_text
from rewards.text import after_reasoning, matching_brace

THINK_OPEN, THINK_CLOSE = "<think>", "</think>"
ANSWER_OPEN, ANSWER_CLOSE = "<answer>", "</answer>"
TAGS = (THINK_OPEN, THINK_CLOSE, ANSWER_OPEN, ANSWER_CLOSE)

# Characters that render as nothing (Unicode format characters: zero-width spaces and joiners, bidi marks, soft
# hyphen, word joiner, BOM, tag characters) plus the combining grapheme joiner and variation selectors.
_INVISIBLE_CHARS = re.compile(
    "[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164"
    "\ufe00-\ufe0f\ufeff\uffa0\ufff9-\ufffb\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e0fff]")
# Brackets drawn like < and > (NFKC already folds the full-width and small forms).
_LOOKALIKE_BRACKETS = str.maketrans("\u2039\u203a\u2329\u232a\u3008\u3009\u27e8\u27e9\u276e\u276f\u02c2\u02c3"
                                    "\u1438\u1433\u227a\u227b", "<><><><><><><><>")
# Cyrillic and Greek letters drawn like the Latin letters of "think" and "answer".
_LOOKALIKE_LETTERS = str.maketrans({
    "\u0430": "a", "\u0410": "a", "\u03b1": "a", "\u0391": "a", "\u0435": "e", "\u0415": "e", "\u0395": "e",
    "\u0456": "i", "\u0406": "i", "\u0131": "i", "\u03b9": "i", "\u0399": "i", "\u043a": "k", "\u041a": "k",
    "\u03ba": "k", "\u039a": "k", "\u0455": "s", "\u0405": "s", "\u0442": "t", "\u0422": "t", "\u03c4": "t",
    "\u03a4": "t", "\u04bb": "h", "\u041d": "h", "\u0397": "h", "\u0578": "n", "\u051d": "w", "\u0461": "w",
    "\u0433": "r"})
# Anything a reader or a chat template could take for one of the four tags: any case, spaces, attributes.
_TAG_LIKE = re.compile(r"<\s*(/\s*)?(think|answer)(?![\w-])[^<>]*>", re.IGNORECASE)


def _disguised_tag(text: str) -> str | None:
    """What disguised tag ``text`` holds: a tag-like token that is not byte-for-byte one of `TAGS`."""
    if "<" not in text and text.isascii():
        return None
    canonical = sum(text.count(tag) for tag in TAGS)
    seen = [m[0] for m in _TAG_LIKE.finditer(reader_view(text))]
    if len(seen) > canonical:
        odd = next((tag for tag in seen if tag not in TAGS), "a look-alike or zero-width spelling")
        return f"disguised tag ({odd}): tags must be exactly {' '.join(TAGS)}"
    return None


def reader_view(text: str) -> str:
    """``text`` as a reader sees it: invisible characters gone, compatibility and look-alike characters folded."""
    if text.isascii():
        return text
    text = unicodedata.normalize("NFKC", _INVISIBLE_CHARS.sub("", text))
    return text.translate(_LOOKALIKE_BRACKETS).translate(_LOOKALIKE_LETTERS)


def _tag_counts(text: str) -> dict[str, int]:
    """How often each of `TAGS` appears, counting disguised spellings as the tag they imitate."""
    counts = dict.fromkeys(TAGS, 0)
    for m in _TAG_LIKE.finditer(reader_view(text)):
        counts[f"<{'/' if m[1] is not None else ''}{m[2].lower()}>"] += 1
    return counts


# Commands whose arguments are sizes, colours or hidden content, dropped with them: {groups, takes a bare size}.
_ARGUMENTS_NOT_SHOWN = {"phantom": 1, "hphantom": 1, "vphantom": 1, "hspace": 1, "vspace": 1, "color": 1,
                        "textcolor": 1, "colorbox": 1, "rule": 2, "raisebox": 1, "hskip": 0, "vskip": 0, "kern": 0,
                        "mkern": 0, "mskip": 0, "mspace": 1, "hglue": 0, "vglue": 0, "moveleft": 0, "moveright": 0}
_COMMAND = re.compile(r"\\([A-Za-z]+)\*?")
_SIZE = re.compile(r"\s*(?:[-+]\s*)?(?:\d+\.?\d*|\.\d+)(?:\s*[a-z]{2,4})?")  # no two adjacent \s* runs
_OPTIONAL_ARG = re.compile(r"\s*\[[^\[\]{}]*\]")
# The only command names that are content: glyphs that can be a whole answer (the rest draw nothing by themselves,
# wrap content that is judged on its own, or are operators).
_GLYPHS = frozenset(
    "alpha beta gamma delta epsilon varepsilon zeta eta theta vartheta iota kappa lambda mu nu xi omicron pi varpi "
    "rho varrho sigma varsigma tau upsilon phi varphi chi psi omega Gamma Delta Theta Lambda Xi Pi Sigma Upsilon Phi "
    "Psi Omega infty emptyset varnothing hbar ell aleph beth gimel nabla partial imath jmath wp Re Im mho top bot "
    "checkmark".split())


def has_content(text: str) -> bool:
    """Whether ``text`` shows something: a letter or digit in any script, a non-ASCII math symbol, or a glyph command
    (``\\\\pi``, ``\\\\infty``, ``\\\\emptyset``). Other command names are not content, and neither are whitespace,
    punctuation, zero-width characters or what sizes, colours and ``\\\\phantom`` take: ``\\\\phantom{5}``,
    ``\\\\rule{0pt}{0pt}``, ``\\\\kern1em``, ``\\\\text{}`` and ``\\\\underline{\\\\quad}`` are blank.

    >>> has_content("\\\\phantom{5}\\\\,"), has_content("\\\\infty"), has_content("\\\\frac{1}{2}")
    (False, True, True)
    """
    shown = _COMMAND.sub(_glyph_or_blank, _drop_unshown_arguments(_INVISIBLE_CHARS.sub("", text)))
    if re.search(r"[^\W_]", shown):
        return True
    return any(ord(c) > 127 and unicodedata.category(c) == "Sm" for c in set(shown))


def _glyph_or_blank(command: re.Match[str]) -> str:
    return "x" if command[1] in _GLYPHS else " "


def _drop_unshown_arguments(text: str) -> str:
    """``text`` without the commands of `_ARGUMENTS_NOT_SHOWN` and their arguments (nested braces included)."""
    kept, pos = [], 0
    for m in _COMMAND.finditer(text):
        if m.start() < pos or m[1] not in _ARGUMENTS_NOT_SHOWN:
            continue
        kept.append(text[pos:m.start()])
        pos = _skip_arguments(text, m.end(), _ARGUMENTS_NOT_SHOWN[m[1]])
    kept.append(text[pos:])
    return "".join(kept)


def _skip_arguments(text: str, pos: int, groups: int) -> int:
    """The index past ``groups`` brace groups (and optional ``[...]`` ones) at ``pos``, or past a bare size."""
    if groups == 0:  # a bare size; "\\kern" without one ("\\kern x") takes nothing
        size = _SIZE.match(text, pos)
        return size.end() if size is not None else pos
    for _ in range(groups):
        while (opt := _OPTIONAL_ARG.match(text, pos)) is not None:
            pos = opt.end()
        while pos < len(text) and text[pos].isspace():
            pos += 1
        if pos >= len(text) or text[pos] != "{":
            return pos
        end = matching_brace(text, pos)  # one linear scan to the matching brace: no regex backtracking
        pos = end if end > 0 else len(text)
    return pos


def _words(text: str) -> str:
    """The letters and digits of ``text``, case-folded: what two texts must share to say the same thing."""
    return re.sub(r"[\W_]+", "", reader_view(text).casefold())


def _reasoning_problem(think: str, answer: str, prompt: str) -> str | None:
    """Why a reasoning block is hollow: no content, or only words of the question or of the answer."""
    if not has_content(think):
        return "empty <think> block"
    said = _words(think)
    if said and said in _words(_without_tags(answer)):
        return "the <think> block only repeats the answer"
    if said and prompt and said in _words(prompt):
        return "the <think> block only repeats the question"
    return None


def _without_tags(text: str) -> str:
    for tag in TAGS:
        text = text.replace(tag, " ")
    return text


_STRICT_THINK = re.compile(r"\A<think>\n(?P<think>.*?)\n</think>\n(?P<answer>.*)\Z", re.DOTALL)
# Matched against the left-stripped text: a leading \s* here would backtrack against .*? (quadratic on blank text).
_SOFT_THINK = re.compile(r"(?:<think>)?(?P<think>.*?)</think>(?P<answer>.*)\Z", re.DOTALL)
_STRICT_ANSWER = re.compile(
    r"\A<think>\n(?P<think>.*?)\n</think>\n<answer>\n(?P<answer>.*?)\n</answer>\Z", re.DOTALL)
_SOFT_ANSWER = re.compile(r"<answer>(?P<answer>.*?)</answer>\s*\Z", re.DOTALL)
# The second run of [\s$.] sits inside the optional group: two adjacent runs of one class backtrack quadratically.
_AFTER_FINAL_BOX = re.compile(r"[\s$.]*(?:(?:\\\]|\\\))[\s$.]*)?\Z")
# open-r1's tag_count_reward layout: each tag on its own line.
_STRICT_TAG_FORMS = {THINK_OPEN: "<think>\n", THINK_CLOSE: "\n</think>\n", ANSWER_OPEN: "\n<answer>\n",
                     ANSWER_CLOSE: "\n</answer>"}


def answer_part(text: str) -> str:
    """The answer a completion gives: the text after its last ``</think>`` (``""`` if reasoning never closes),
    and inside its ``<answer>`` tags when it has exactly one pair.

    >>> answer_part("<think>\\n2+2\\n</think>\\n<answer>\\n4\\n</answer>")
    '4'
    """
    after = after_reasoning(text)
    if after is None:
        return ""
    text = after
    if text.count(ANSWER_OPEN) == 1 and text.count(ANSWER_CLOSE) == 1:
        inside = text.split(ANSWER_OPEN, 1)[1].split(ANSWER_CLOSE, 1)[0]
        return inside.strip()
    return text.strip()


class _FormatReward(Reward):
    """A format check with a strict and a soft variant; subclasses implement `check`.

    Every variant fails a completion with a disguised tag (`_disguised_tag`): a tag is exact or it is a violation.
    """

    columns = ()

    def __init__(self, strict: bool = True) -> None:
        self.strict = strict

    def judge(self, completions: list[str], prompts: list[Any] | None = None, **kwargs: Any) -> list[Verdict | None]:
        questions = [message_text(p) for p in prompts] if prompts is not None else [""] * len(completions)
        return [self.verdict(text, q) for text, q in zip(completions, questions, strict=True)]

    def verdict(self, text: str, prompt: str = "") -> Verdict:
        """The verdict on one completion text (``prompt``: the question, to tell reasoning from an echo of it)."""
        problem = _disguised_tag(text) or self.check(text, prompt)
        return Verdict(1.0, Status.CORRECT) if problem is None else Verdict(0.0, Status.WRONG, problem)

    def check(self, text: str, prompt: str = "") -> str | None:
        """``None`` when ``text`` has the format, else what is wrong with it."""
        raise NotImplementedError


def _tag_problem(text: str, tags: tuple[str, ...], most: int = 1) -> str | None:
    for tag in tags:
        if text.count(tag) > most:
            return f"{tag} appears {text.count(tag)} times"
    return None


class FormatThink(_FormatReward):
    """1.0 for exactly one ``<think>...</think>`` block of real reasoning followed by a non-blank answer."""

    __name__ = "format_think"

    def check(self, text: str, prompt: str = "") -> str | None:
        problem = _tag_problem(text, (THINK_OPEN, THINK_CLOSE))
        if problem:
            return problem
        if not self.strict and THINK_OPEN in text and not text.lstrip().startswith(THINK_OPEN):
            return "text before <think>"
        match = _STRICT_THINK.match(text) if self.strict else _SOFT_THINK.match(text.lstrip())
        if match is None:
            return "no <think>...</think> block at the start" + (" (strict layout: '<think>\\n...\\n</think>\\n')"
                                                                  if self.strict else "")
        if not has_content(_without_tags(match["answer"])):
            return "no answer after </think>"
        return _reasoning_problem(match["think"], match["answer"], prompt)


class FormatThinkSoft(FormatThink):
    """`FormatThink` with any whitespace, and the opening ``<think>`` allowed to sit in the prompt."""

    __name__ = "format_think_soft"

    def __init__(self, strict: bool = False) -> None:
        super().__init__(strict)


class FormatAnswerTags(_FormatReward):
    """1.0 for one non-blank ``<answer>...</answer>`` block ending the completion (strict: open-r1's layout)."""

    __name__ = "format_answer_tags"

    def check(self, text: str, prompt: str = "") -> str | None:
        problem = _tag_problem(text, TAGS)
        if problem:
            return problem
        if self.strict:
            match = _STRICT_ANSWER.match(text)
            if match is None:
                return "not '<think>\\n...\\n</think>\\n<answer>\\n...\\n</answer>'"
            problem = _reasoning_problem(match["think"], match["answer"], prompt)
            if problem:
                return problem
        else:
            after = after_reasoning(text)
            if after is None:
                return "<think> never closed"
            match = _SOFT_ANSWER.search(after)
            if match is None:
                return "no <answer>...</answer> block after the reasoning, at the end"
        if not has_content(match["answer"]):
            return "empty <answer> block"
        return None


class FormatAnswerTagsSoft(FormatAnswerTags):
    """`FormatAnswerTags` that only wants one final, non-blank ``<answer>`` block after any reasoning."""

    __name__ = "format_answer_tags_soft"

    def __init__(self, strict: bool = False) -> None:
        super().__init__(strict)


class FormatBoxed(_FormatReward):
    """1.0 when the answer ends with a ``\\boxed{}`` that shows something (strict: the only one after the
    reasoning, nothing after it)."""

    __name__ = "format_boxed"

    def check(self, text: str, prompt: str = "") -> str | None:
        answer = answer_part(text)
        boxes, _ = boxed_spans(answer)
        if not boxes:
            return "no \\boxed{} in the answer"
        if self.strict:  # count the boxes outside the <answer> tags too: one there and another here is two answers
            every, _ = boxed_spans(after_reasoning(text) or "")
            if max(len(boxes), len(every)) > 1:
                return f"{max(len(boxes), len(every))} \\boxed{{}} after the reasoning"
        content, end = boxes[-1]
        if not has_content(content):
            return "empty \\boxed{}"
        if self.strict and not _AFTER_FINAL_BOX.match(answer, end):
            return "text after the final \\boxed{}"
        return None


class FormatBoxedSoft(FormatBoxed):
    """`FormatBoxed` that accepts several boxes and text after the last one."""

    __name__ = "format_boxed_soft"

    def __init__(self, strict: bool = False) -> None:
        super().__init__(strict)


class TagCount(_FormatReward):
    """0.25 per tag of ``<think></think><answer></answer>`` that appears exactly once, in order with its partner,
    around real content (strict: on its own line)."""

    __name__ = "tag_count"

    def verdict(self, text: str, prompt: str = "") -> Verdict:
        counts = _tag_counts(text)
        earned, missing = 0.0, []
        for open_tag, close_tag in ((THINK_OPEN, THINK_CLOSE), (ANSWER_OPEN, ANSWER_CLOSE)):
            hollow = self._pair_problem(text, prompt, open_tag, close_tag, counts)
            for tag in (open_tag, close_tag):
                ok = hollow is None and (not self.strict or _STRICT_TAG_FORMS[tag] in text)
                earned += 0.25 if ok else 0.0
                if not ok:
                    missing.append(f"{tag} x{counts[tag]}" + (f" ({hollow})" if hollow and tag == open_tag else ""))
        if not missing:
            return Verdict(1.0, Status.CORRECT)
        return Verdict(earned, Status.WRONG, "no credit for " + ", ".join(missing))

    @staticmethod
    def _pair_problem(text: str, prompt: str, open_tag: str, close_tag: str, counts: dict[str, int]) -> str | None:
        """Why a pair of tags earns nothing: not exactly one of each (disguised spellings count), out of order, or
        around nothing."""
        if counts[open_tag] != 1 or counts[close_tag] != 1 or text.count(open_tag) != 1 or text.count(close_tag) != 1:
            return "not exactly once each"
        start, end = text.index(open_tag) + len(open_tag), text.index(close_tag)
        if start > end:
            return f"{close_tag} before {open_tag}"
        inside = text[start:end]
        if open_tag == THINK_OPEN:
            return _reasoning_problem(inside, answer_part(text), prompt)
        return None if has_content(inside) else "empty block"


class TagCountSoft(TagCount):
    """`TagCount` without the newline layout: each tag counts when it appears exactly once."""

    __name__ = "tag_count_soft"

    def __init__(self, strict: bool = False) -> None:
        super().__init__(strict)
