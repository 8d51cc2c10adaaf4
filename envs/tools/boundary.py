"""The tool side of the untrusted-text boundary: what TRL sends back when a tool call fails.

TRL (1.16) answers a tool call that raises with ``{"error": str(e)}`` and tokenizes it as the tool turn, outside
its per-call ``try``. A call's arguments are the model's own JSON: an unknown keyword, or one holding a lone
surrogate (JSON ``"\\ud800"``) or ``<|im_end|>``, comes back inside Python's ``TypeError`` message, which would then
forge a turn or fail the whole GRPO step in the tokenizer. `clean_errors` wraps a tool method so that its error
message passes `rewards.untrusted.clean` too; its replies are the tool's own business (each tool cleans what it
returns).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

from rewards.untrusted import clean

__all__ = ["ERROR_CHARS", "clean_errors"]

ERROR_CHARS = 300  # of an error message the model reads
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
