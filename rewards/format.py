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
- Content must show something (`rewards.reading.shown.has_content`): a letter or digit in any script, a non-ASCII
  math symbol or a glyph command (``\\pi``, ``\\infty``). Whitespace, punctuation, zero-width characters, other
  command names and the arguments of sizes, colours and phantoms (``\\phantom{5}``, ``\\quad``,
  ``\\rule{0pt}{0pt}``, ``{}``, ``\\text{}``) are blank.
- Reasoning is hollow when it is blank, says only what the answer says, or only quotes the question (when TRL
  passes ``prompts``; letters and digits compared, case-folded).

Every pattern reads multi-line content (DOTALL) and every reward counts tags, so repeated or nested blocks fail:
open-r1's ``^<think>\\n.*?\\n</think>\\n<answer>\\n.*?\\n</answer>$`` accepts a second ``<think>`` block inside its
``.*?``. Scores are 1.0 (status ``correct``) or 0.0 (``wrong``, with the reason as detail); ``tag_count`` gives
partial credit, ``correct`` only at 1.0. Limits: a one-word reasoning block (``<think>\\nr\\n</think>``) still
counts, since nothing short of a length floor tells it from a terse honest one; tags quoted in the reasoning count
as tags.

The completion is read by `rewards.reading` (tags, the answer part, boxes, what a text shows); this module only
judges the layout, as verifiers keeps its parsers apart from the rubrics that score.
"""

from __future__ import annotations

import re
from typing import Any

from rewards.protocol import Reward, Status, Verdict, message_text
from rewards.reading.boxes import boxes
from rewards.reading.shown import has_content, reader_view, shown_text
from rewards.reading.tags import (
    ANSWER_CLOSE,
    ANSWER_OPEN,
    TAGS,
    THINK_CLOSE,
    THINK_OPEN,
    after_reasoning,
    answer_part,
    disguised_tag,
    tag_counts,
)


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


class _FormatReward(Reward):
    """A format check with a strict and a soft variant; subclasses implement `check`.

    Every variant fails a completion with a disguised tag (`rewards.reading.tags.disguised_tag`): a tag is exact or
    it is a violation.
    """

    columns = ()

    def __init__(self, strict: bool = True) -> None:
        self.strict = strict

    def judge(self, completions: list[str], prompts: list[Any] | None = None, **kwargs: Any) -> list[Verdict | None]:
        questions = [message_text(p) for p in prompts] if prompts is not None else [""] * len(completions)
        return [self.verdict(text, q) for text, q in zip(completions, questions, strict=True)]

    def verdict(self, text: str, prompt: str = "") -> Verdict:
        """The verdict on one completion text (``prompt``: the question, to tell reasoning from an echo of it)."""
        problem = disguised_tag(text) or self.check(shown_text(text), prompt)  # a commented-out tag is no tag
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
        found, _ = boxes(answer)
        if not found:
            return "no \\boxed{} in the answer"
        if self.strict:  # count the boxes outside the <answer> tags too: one there and another here is two answers
            every, _ = boxes(after_reasoning(text) or "")
            if max(len(found), len(every)) > 1:
                return f"{max(len(found), len(every))} \\boxed{{}} after the reasoning"
        content, _, end = found[-1]
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
        counts = tag_counts(text)
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
