"""Prompt templates shared by the math envs, and the step that turns problems into standard or chat prompts."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rewards.errors import RlvrError

BOXED_TEMPLATE = "{question}\nPlease reason step by step, and put your final answer within \\boxed{{}}."


def prompts_for(questions: Sequence[Any], template: str, chat: bool) -> list[Any]:
    """``template`` filled with each question: strings, or one-message conversations when ``chat``.

    >>> prompts_for(["1+1?"], "Q: {question}", chat=True)
    [[{'role': 'user', 'content': 'Q: 1+1?'}]]
    """
    if "{question}" not in template:
        raise RlvrError(f"A prompt template needs a '{{question}}' placeholder, got {template!r}.")
    return as_prompts([template.format(question=q) for q in questions], chat)


def as_prompts(texts: Sequence[str], chat: bool) -> list[Any]:
    """Prompts as TRL reads them: the texts, or (``chat``) each as a one-message conversation.

    >>> as_prompts(["1+1?"], chat=True)
    [[{'role': 'user', 'content': '1+1?'}]]
    """
    return [[{"role": "user", "content": t}] for t in texts] if chat else list(texts)
