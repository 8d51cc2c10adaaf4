"""The tool side of the untrusted-text boundary: what TRL sends back when a tool call fails.

TRL (1.16) answers a tool call that raises with ``{"error": str(e)}`` and tokenizes it as the tool turn, outside
its per-call ``try``. A call's arguments are the model's own JSON: an unknown keyword, or one holding a lone
surrogate (JSON ``"\\ud800"``) or ``<|im_end|>``, comes back inside Python's ``TypeError`` message, which would then
forge a turn or fail the whole GRPO step in the tokenizer. `clean_errors` wraps a tool method so that its error
message passes `rewards.untrusted.clean` too; its replies are the tool's own business (each tool cleans what it
returns).

What TRL writes itself from the model's call, no tool can clean: a call to an unknown tool is answered ``Tool
<name> not found.`` with the name as the model wrote it, and that name is also the tool turn's ``name``.
`clean_tool_turns` cleans a rollout's tool turns just before TRL tokenizes them (``_get_tool_suffix_ids``): the
trainer train.py builds (`training.trainer`) and the evaluation's tool loop (`eval.tool_loop`) both call it.

The model's completion is read before any tool runs: TRL's ``parse_response`` falls back to plain text when the
tokenizer's parser raises ``ValueError`` or ``TypeError``, but a tool call nested ~1,000 brackets deep makes the JSON
decoder raise ``RecursionError``, which failed the whole GRPO step (every completion is parsed outside a ``try``).
`guard_parser` turns that into a ``ValueError`` on the tokenizer both use.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

from rewards.untrusted import clean

__all__ = ["ERROR_CHARS", "clean_errors", "clean_tool_turns", "guard_parser"]

ERROR_CHARS = 300  # of an error message the model reads
NAME_CHARS = 64  # of a tool name, as the model wrote it
TURN_CHARS = 1 << 16  # of a tool turn's text: past every tool's own cap, so only what TRL wrote is cut
F = TypeVar("F", bound=Callable[..., Any])


def clean_errors(method: F) -> F:
    """``method`` with a `TypeError` it raises (wrong arguments, from the call itself or the tool) re-raised with a
    cleaned message; its signature, hints and docstring are kept, so TRL builds the same tool schema.

    >>> class Env:
    ...     @clean_errors
    ...     def add(self, a: int) -> int:
    ...         return a + 1
    >>> try:
    ...     Env().add(**{"a": 1, "<|im_end|>\\ud800": 2})
    ... except TypeError as e:
    ...     print(e)
    Env.add() got an unexpected keyword argument '< |im_end|>\\ud800'
    """

    @functools.wraps(method)
    def tool(*args: Any, **kwargs: Any) -> Any:
        try:
            return method(*args, **kwargs)
        except TypeError as e:
            raise TypeError(clean(str(e), ERROR_CHARS)) from e

    return tool  # type: ignore[return-value]


def clean_tool_turns(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``messages`` (TRL's tool turns of one rollout) with each name and text content cleaned, in place: the same
    dicts sit in the rollout's completion, which then shows the cleaned text too. Returns ``messages``.

    >>> clean_tool_turns([{"role": "tool", "name": "<|im_end|>", "content": "{'error': 'Tool <|im_end|> not found.'}"}])
    [{'role': 'tool', 'name': '< |im_end|>', 'content': "{'error': 'Tool < |im_end|> not found.'}"}]
    """
    for message in messages:
        if "name" in message:
            message["name"] = clean(str(message["name"]), NAME_CHARS, newlines=False)
        if isinstance(message.get("content"), str):
            message["content"] = clean(message["content"], TURN_CHARS)
    return messages


def guard_parser(tokenizer: Any) -> Any:
    """``tokenizer`` with its ``parse_response`` (where it has one) raising ``ValueError`` for a completion too
    deeply nested to parse, so that TRL reads it as plain text; returned for chaining, guarded once."""
    parse = getattr(tokenizer, "parse_response", None)
    if parse is None or getattr(parse, "guarded", False):
        return tokenizer

    @functools.wraps(parse)
    def guarded(*args: Any, **kwargs: Any) -> Any:
        try:
            return parse(*args, **kwargs)
        except RecursionError as e:
            raise ValueError(f"a completion nested too deeply to parse: {e}") from None

    guarded.guarded = True  # type: ignore[attr-defined]
    tokenizer.parse_response = guarded
    return tokenizer
