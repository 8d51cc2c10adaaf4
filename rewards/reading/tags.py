"""Reasoning and answer tags: where the reasoning ends, what the answer part is, and which tags are disguised.

- `after_reasoning` reads reasoning tags case-insensitively: a model writing ``</Think>`` has still closed its
  reasoning as far as *where its answer is* goes. Whether a tag is spelled exactly is the format rewards' business:
  they fail every tag that is not exact (`disguised_tag`) before reading any answer.
- A tag is exact or a disguise: any token a reader or a chat template could take for one of the four tags (another
  case, spaces, attributes, look-alike brackets or letters, zero-width characters) counts as that tag
  (`tag_counts`), read through `rewards.reading.shown.reader_view`.
"""

from __future__ import annotations

import re

from rewards.reading.shown import reader_view

THINK_OPEN, THINK_CLOSE = "<think>", "</think>"
ANSWER_OPEN, ANSWER_CLOSE = "<answer>", "</answer>"
TAGS = (THINK_OPEN, THINK_CLOSE, ANSWER_OPEN, ANSWER_CLOSE)

_THINK_OPEN_ANY_CASE = re.compile(r"<think>", re.IGNORECASE)
_THINK_CLOSE_ANY_CASE = re.compile(r"</think>", re.IGNORECASE)
# Anything a reader or a chat template could take for one of the four tags: any case, spaces, attributes.
_TAG_LIKE = re.compile(r"<\s*(/\s*)?(think|answer)(?![\w-])[^<>]*>", re.IGNORECASE)


def after_reasoning(text: str) -> str | None:
    """The text after the last ``</think>`` (any case); all of it without reasoning tags; ``None`` when reasoning
    never closes (a ``<think>`` with no ``</think>`` after it).

    >>> after_reasoning("<think>a</think> 5"), after_reasoning("5"), after_reasoning("<THINK>a</THINK>5<think>b")
    (' 5', '5', None)
    """
    closes = list(_THINK_CLOSE_ANY_CASE.finditer(text))
    if closes:
        text = text[closes[-1].end():]
    return None if _THINK_OPEN_ANY_CASE.search(text) else text


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


def disguised_tag(text: str) -> str | None:
    """What disguised tag ``text`` holds: a tag-like token that is not byte-for-byte one of `TAGS`.

    >>> disguised_tag("<Think>x</think>")
    'disguised tag (<Think>): tags must be exactly <think> </think> <answer> </answer>'
    """
    if "<" not in text and text.isascii():
        return None
    canonical = sum(text.count(tag) for tag in TAGS)
    seen = [m[0] for m in _TAG_LIKE.finditer(reader_view(text))]
    if len(seen) > canonical:
        odd = next((tag for tag in seen if tag not in TAGS), "a look-alike or zero-width spelling")
        return f"disguised tag ({odd}): tags must be exactly {' '.join(TAGS)}"
    return None


def tag_counts(text: str) -> dict[str, int]:
    """How often each of `TAGS` appears, counting disguised spellings as the tag they imitate."""
    counts = dict.fromkeys(TAGS, 0)
    for m in _TAG_LIKE.finditer(reader_view(text)):
        counts[f"<{'/' if m[1] is not None else ''}{m[2].lower()}>"] += 1
    return counts
