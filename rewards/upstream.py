"""Upstream warnings that are understood and change nothing in a run, ignored by name in every entry point
(`train.py`, each ``__main__``) as pyproject.toml's ``filterwarnings`` ignores them in the tests; tests/test_help.py
keeps the two lists equal. Each is named by message, category and the module it is attributed to, so a new warning
of the same kind from elsewhere still shows; why each one is harmless is written beside it in pyproject.toml.
"""

from __future__ import annotations

import builtins
import warnings

# action:message:category:module, as pytest reads them (regexes; a module regex matches from the start of the
# module's name, `$` ends it; `__main__$` is train.py run as a script).
FILTERS = (
    "ignore:`gradient_checkpointing` is deprecated:FutureWarning:transformers[.]training_args$",
    "ignore:`is_gradient_checkpointing` is deprecated:FutureWarning:transformers[.]modeling_utils$",
    "ignore:You are using 'environment_factory', which is an experimental feature:UserWarning:"
    "train$|__main__$|training[.]",
)


def ignore_understood_warnings() -> None:
    """Install `FILTERS` in this process's warning filters (entry points call it first)."""
    for spec in FILTERS:
        action, message, category, module = spec.split(":")
        warnings.filterwarnings(action, message=message, category=getattr(builtins, category),  # type: ignore[arg-type]
                                module=module)
