"""Errors users of rlvr-kit can catch: one base class, then one class per kind of mistake."""

from __future__ import annotations

import difflib
from collections.abc import Iterable


class RlvrError(Exception):
    """Base class of every error rlvr-kit raises on purpose."""


def did_you_mean(name: str, choices: Iterable[str]) -> str:
    """`` Did you mean 'x'?`` for the close matches of ``name`` among ``choices``, or ``""``.

    >>> did_you_mean("digts", ["digits", "seed"])
    " Did you mean 'digits'?"
    """
    close = difflib.get_close_matches(name, list(choices), n=3, cutoff=0.6)
    return f" Did you mean {', '.join(repr(c) for c in close)}?" if close else ""


def flag_error(message: str, flags: Iterable[str], program: str) -> RlvrError:
    """An `RlvrError` for a ValueError from parsing a TRL command line: unknown flags named with their closest
    matches among ``flags``, anything else (a config's own check) passed on as an invalid setting."""
    import ast
    import re

    unused = re.search(r"not used by the HfArgumentParser: (\[.*\])", message)
    if not unused:
        return RlvrError(f"Invalid settings: {message.rstrip('.')}.")
    given = [a for a in ast.literal_eval(unused[1]) if a.startswith("-")]
    hints = "".join(did_you_mean(f.lstrip("-").replace("-", "_"), flags) for f in given)
    return RlvrError(f"Unknown flag(s) {', '.join(given)}.{hints} See `{program} --help` for every flag.")


class UnknownIdError(RlvrError, ValueError, LookupError):
    """A reward or env id that is not registered (also a ValueError and a LookupError)."""


class RegistrationError(RlvrError, ValueError):
    """A registration that cannot be accepted: a duplicate id or a target with the wrong signature."""


class OptionError(RlvrError, ValueError):
    """An option a target does not take (an env kwarg, a reward parameter), or a value it rejects."""


class MissingColumnError(RlvrError, ValueError):
    """A dataset lacks a column that one of the chosen rewards reads."""


class SandboxError(RlvrError):
    """The code sandbox cannot start (a missing isolation layer) or a slot broke beyond restarting."""


class UnscorableError(RlvrError):
    """Raised by a checker that could not judge a completion for a reason the completion did not cause (its service
    refused the connection, a dependency is missing): the completion scores ``None`` with status ``unscorable``.

    Raise it only where the completion's text cannot be the cause: any other exception a checker raises scores 0.0
    with status ``error``, because a policy could learn to write text that breaks the checker on purpose."""
