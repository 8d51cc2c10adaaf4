"""What the red-team tests share: a verdict with its wall time, and the plain-Python check that a claimed false pass
is one (the case fails in one process)."""

from __future__ import annotations

import textwrap
import time

from honest import humaneval
from honest.reference import run_plain

from rewards.code.code_tests import CodeTests
from rewards.protocol import Verdict

FAST_S = 20.0  # a verdict well inside the default deadline: nothing on the trusted side looped or blew up


def timed(reward: CodeTests, code: str, test: str, entry_point: str) -> tuple[Verdict, float]:
    """The verdict on one completion (dedented) and how long judging it took, in seconds."""
    start = time.monotonic()
    [verdict] = reward.judge([textwrap.dedent(code)], test=[textwrap.dedent(test)], entry_point=[entry_point])
    assert verdict is not None
    return verdict, time.monotonic() - start


def wrong_in_plain_python(code: str, test: str, entry_point: str) -> None:
    """The case fails in one process: a pass in the sandbox is a false pass."""
    case = humaneval("plain", code, test, entry_point)
    assert run_plain(case) is not None
