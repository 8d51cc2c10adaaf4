"""Format rewards: is the completion laid out as asked (a reasoning block, answer tags, a final ``\\boxed{}``)?

Each reward has a strict id and a ``_soft`` id (also reachable as ``strict=False``):

- ``format_think``: exactly one ``<think>...</think>`` block with non-blank reasoning, then a non-blank answer.
  Strict: the completion starts with ``<think>\\n`` and the block ends with ``\\n</think>\\n`` (open-r1's layout).
  Soft: any whitespace, and the opening tag may be missing because the chat template put it in the prompt
  (DeepSeek-R1, Qwen3), as TRL's ``think_format_reward`` allows.
- ``format_answer_tags``: strict is open-r1's ``format_reward`` layout, ``<think>\\n...\\n</think>\\n<answer>\\n...
  \\n</answer>`` and nothing else; soft is one non-blank ``<answer>...</answer>`` block, outside any reasoning,
  with nothing but whitespace after it.
- ``format_boxed``: the answer (the text after ``</think>``, inside ``<answer>`` tags when present) ends with a
  ``\\boxed{}``. Strict: exactly one, non-blank, followed only by whitespace or closing math (``$ . \\] \\)``).
  Soft: at least one non-blank ``\\boxed{}`` in the answer.
- ``tag_count``: 0.25 for each of ``<think>``, ``</think>``, ``<answer>``, ``</answer>`` that appears exactly once
  (open-r1's ``tag_count_reward``); a repeated tag earns nothing. Strict also wants open-r1's newlines around
  each tag; soft counts the tags alone.

Every pattern reads multi-line content (DOTALL) and every reward counts tags, so repeated or nested blocks fail:
open-r1's ``^<think>\\n.*?\\n</think>\\n<answer>\\n.*?\\n</answer>$`` accepts a second ``<think>`` block inside its
``.*?``. Scores are 1.0 (status ``correct``) or 0.0 (``wrong``, with the reason as detail); ``tag_count`` gives
partial credit, ``correct`` only at 1.0. Limits: tags are matched literally (case-sensitive, no attributes).
"""

from __future__ import annotations

import re
from typing import Any

from rewards.base import Reward, Status, Verdict
from rewards.math_answer import boxed_spans

THINK_OPEN, THINK_CLOSE = "<think>", "</think>"
ANSWER_OPEN, ANSWER_CLOSE = "<answer>", "</answer>"
TAGS = (THINK_OPEN, THINK_CLOSE, ANSWER_OPEN, ANSWER_CLOSE)

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
    if THINK_CLOSE in text:
        text = text.rsplit(THINK_CLOSE, 1)[1]
    elif THINK_OPEN in text:
        return ""
    if text.count(ANSWER_OPEN) == 1 and text.count(ANSWER_CLOSE) == 1:
        inside = text.split(ANSWER_OPEN, 1)[1].split(ANSWER_CLOSE, 1)[0]
        return inside.strip()
    return text.strip()


class _FormatReward(Reward):
    """A format check with a strict and a soft variant; subclasses implement `check`."""

    columns = ()

    def __init__(self, strict: bool = True) -> None:
        self.strict = strict

    def judge(self, completions: list[str], **kwargs: Any) -> list[Verdict | None]:
        return [self.verdict(text) for text in completions]

    def verdict(self, text: str) -> Verdict:
        """The verdict on one completion text."""
        problem = self.check(text)
        return Verdict(1.0, Status.CORRECT) if problem is None else Verdict(0.0, Status.WRONG, problem)

    def check(self, text: str) -> str | None:
        """``None`` when ``text`` has the format, else what is wrong with it."""
        raise NotImplementedError


def _tag_problem(text: str, tags: tuple[str, ...], most: int = 1) -> str | None:
    for tag in tags:
        if text.count(tag) > most:
            return f"{tag} appears {text.count(tag)} times"
    return None


class FormatThink(_FormatReward):
    """1.0 for exactly one non-blank ``<think>...</think>`` block followed by a non-blank answer."""

    __name__ = "format_think"

    def check(self, text: str) -> str | None:
        problem = _tag_problem(text, (THINK_OPEN, THINK_CLOSE))
        if problem:
            return problem
        match = _STRICT_THINK.match(text) if self.strict else _SOFT_THINK.match(text.lstrip())
        if match is None:
            return "no <think>...</think> block at the start" + (" (strict layout: '<think>\\n...\\n</think>\\n')"
                                                                  if self.strict else "")
        if not match["think"].strip():
            return "empty <think> block"
        if not match["answer"].strip():
            return "no answer after </think>"
        return None


class FormatThinkSoft(FormatThink):
    """`FormatThink` with any whitespace, and the opening ``<think>`` allowed to sit in the prompt."""

    __name__ = "format_think_soft"

    def __init__(self, strict: bool = False) -> None:
        super().__init__(strict)


class FormatAnswerTags(_FormatReward):
    """1.0 for one non-blank ``<answer>...</answer>`` block ending the completion (strict: open-r1's layout)."""

    __name__ = "format_answer_tags"

    def check(self, text: str) -> str | None:
        problem = _tag_problem(text, TAGS)
        if problem:
            return problem
        if self.strict:
            match = _STRICT_ANSWER.match(text)
            if match is None:
                return "not '<think>\\n...\\n</think>\\n<answer>\\n...\\n</answer>'"
            if not match["think"].strip():
                return "empty <think> block"
        else:
            if THINK_OPEN in text and THINK_CLOSE not in text:
                return "<think> never closed"
            match = _SOFT_ANSWER.search(text.rsplit(THINK_CLOSE, 1)[-1])
            if match is None:
                return "no <answer>...</answer> block after the reasoning, at the end"
        if not match["answer"].strip():
            return "empty <answer> block"
        return None


class FormatAnswerTagsSoft(FormatAnswerTags):
    """`FormatAnswerTags` that only wants one final, non-blank ``<answer>`` block after any reasoning."""

    __name__ = "format_answer_tags_soft"

    def __init__(self, strict: bool = False) -> None:
        super().__init__(strict)


class FormatBoxed(_FormatReward):
    """1.0 when the answer ends with a non-blank ``\\boxed{}`` (strict: exactly one, nothing after it)."""

    __name__ = "format_boxed"

    def check(self, text: str) -> str | None:
        answer = answer_part(text)
        boxes, _ = boxed_spans(answer)
        if not boxes:
            return "no \\boxed{} in the answer"
        if self.strict and len(boxes) > 1:
            return f"{len(boxes)} \\boxed{{}} in the answer"
        content, end = boxes[-1]
        if not content.strip():
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
    """0.25 per tag of ``<think></think><answer></answer>`` that appears exactly once (strict: on its own line)."""

    __name__ = "tag_count"

    def verdict(self, text: str) -> Verdict:
        earned, missing = 0.0, []
        for tag in TAGS:
            ok = text.count(tag) == 1 and (not self.strict or _STRICT_TAG_FORMS[tag] in text)
            earned += 0.25 if ok else 0.0
            if not ok:
                missing.append(f"{tag} x{text.count(tag)}")
        if not missing:
            return Verdict(1.0, Status.CORRECT)
        return Verdict(earned, Status.WRONG, "no credit for " + ", ".join(missing))


class TagCountSoft(TagCount):
    """`TagCount` without the newline layout: each tag counts when it appears exactly once."""

    __name__ = "tag_count_soft"

    def __init__(self, strict: bool = False) -> None:
        super().__init__(strict)
