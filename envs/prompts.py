"""Prompt templates shared by the math and multiple-choice envs, and the step that turns problems into standard or
chat prompts."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rewards.choice.options import LETTERS
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


CHOICE_TEMPLATE = ("{question}\n\n{options}\n\nPlease reason step by step, and put the letter of the correct option "
                   "within \\boxed{{}}.")


def choice_prompts(questions: Sequence[Any], options: Sequence[Sequence[str]], template: str, chat: bool) -> list[Any]:
    """``template`` filled with each question and its options, one ``A) text`` line each.

    >>> choice_prompts(["2+2?"], [["3", "4"]], "{question}\\n{options}", chat=False)
    ['2+2?\\nA) 3\\nB) 4']
    """
    missing = [p for p in ("{question}", "{options}") if p not in template]
    if missing:
        raise RlvrError(f"A multiple-choice prompt template needs {' and '.join(missing)} placeholders, got "
                        f"{template!r}.")
    texts = [template.format(question=q, options="\n".join(f"{letter}) {text}" for letter, text in zip(LETTERS, o)))
             for q, o in zip(questions, options, strict=True)]
    return as_prompts(texts, chat)
