"""A completion's budget is CPU time (`Session._extend`, `Worker.cpu`): wall time the completion did not spend on the
CPU (its test waiting, a busy host) does not end it, time its jobs spend on the CPU does, and one that only sleeps
is still cut off at the wall-clock backstop. Real sandbox, real processes, through the public reward."""

from __future__ import annotations

import time

import pytest

from rewards.code import CodeTests
from rewards.sandbox.config import COMPLETION_WALL_FACTOR
from rewards.sandbox.local import MARGIN_S, SandboxConfig

CONFIG = SandboxConfig(slots=1, call_timeout=1.0, completion_timeout=1.0)


@pytest.fixture(scope="module")
def reward() -> CodeTests:
    return CodeTests(sandbox=CONFIG)


def test_wall_time_the_completion_did_not_spend_on_the_cpu_does_not_end_it(reward: CodeTests):
    """The test waits 1.2 s between calls (as a test on a busy host waits for the CPU): past the 1 s budget in wall
    time, far within it in CPU time, so it passes; with a wall-clock budget its last calls failed."""
    test = ("import time\n"
            "for i in range(6):\n"
            "    assert add(i, 1) == i + 1\n"
            "    time.sleep(0.2)\n"
            "assert add(2, 2) == 4")
    start = time.monotonic()
    (verdict,) = reward.verdicts(["def add(a, b):\n    return a + b\n"], test_list=[[test]])
    assert verdict.score == 1.0, verdict
    assert time.monotonic() - start > CONFIG.completion_timeout


def test_cpu_time_of_the_jobs_ends_it(reward: CodeTests):
    """Each call spins 0.4 s of the job's CPU, within its own 1 s budget: the third call passes the completion's
    1 s of CPU and fails, in about that much wall time on an idle host."""
    code = ("import time\n"
            "def add(a, b):\n"
            "    end = time.process_time() + 0.4\n"
            "    while time.process_time() < end:\n"
            "        pass\n"
            "    return a + b\n")
    tests = [f"assert add({i}, 1) == {i + 1}" for i in range(5)]
    start = time.monotonic()
    (verdict,) = reward.verdicts([code], test_list=[tests])
    assert verdict.score < 1.0 and "deadline" in verdict.detail, verdict
    assert time.monotonic() - start < COMPLETION_WALL_FACTOR * CONFIG.completion_timeout + MARGIN_S


def test_a_completion_that_only_sleeps_is_cut_off_at_the_backstop(reward: CodeTests):
    code = "import time\ndef add(a, b):\n    time.sleep(0.5)\n    return a + b\n"
    tests = [f"assert add({i}, 1) == {i + 1}" for i in range(10)]
    start = time.monotonic()
    (verdict,) = reward.verdicts([code], test_list=[tests])
    wall = time.monotonic() - start
    assert verdict.score < 1.0 and "deadline" in verdict.detail, verdict
    assert wall < COMPLETION_WALL_FACTOR * CONFIG.completion_timeout + MARGIN_S, wall
