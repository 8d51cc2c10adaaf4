"""A session's job budget (`Sandbox.session(jobs=...)`): the trusted side declares how many job processes a
completion's workload may start (one per test), a job that died is loaded again within it, and the next completion's
pids say nothing of how many the last one used. Real sandbox, real processes."""

from __future__ import annotations

import pytest

from rewards.code.code_tests import ASSERT_JOBS, CodeTests
from rewards.sandbox.local import Sandbox, SandboxConfig, shared_sandbox

DIES = "import os\ndef die():\n    os._exit(3)\ndef pid():\n    return os.getpid()\n"
BUDGET = 4


@pytest.fixture(scope="module", params=[False, True], ids=["real_clock", "private_clock"])
def box(request):
    with Sandbox(SandboxConfig(slots=1, private_clock=request.param)) as box:
        yield box


def test_the_next_pid_does_not_say_how_many_jobs_a_session_used(box):
    """Sessions that used 1 to 4 of their 4 jobs (their job died and was loaded again) leave the next session the
    same pid offset: no restart, and the zygote takes what a session did not use."""
    readings = []
    for used in [1, 4, 2, 3, 1, 4, 3, 2]:
        with box.session(jobs=BUDGET) as session:
            for _ in range(used - 1):
                assert session.load(DIES).ok
                assert not session.call("die", ()).ok
            assert session.load(DIES).ok
        with box.session() as session:
            assert session.load(DIES).ok
            readings.append(session.call("pid", ()).value)
    steps = {b - a for a, b in zip(readings, readings[1:], strict=False)}
    assert steps == {BUDGET + 1}, readings  # the reader's own job plus the writer's whole budget


def test_a_job_past_the_budget_is_refused_with_a_private_clock_and_restarts_the_slot_without(box):
    with box.session(jobs=2) as session:
        for _ in range(2):
            assert session.load(DIES).ok
            assert not session.call("die", ()).ok
        third = session.load(DIES)
        assert third.ok is not box.config.private_clock
        if box.config.private_clock:
            assert "declared" in third.error


@pytest.mark.parametrize("jobs", [0, -1, 1.5, True, 10**6])
def test_a_budget_that_is_not_a_small_positive_int_is_an_error(box, jobs):
    with pytest.raises(ValueError, match="jobs must be an int"), box.session(jobs=jobs):
        pass


def test_code_tests_scores_the_tests_after_a_job_that_ended_with_a_private_clock():
    """Each assert may load the code again after the job ended (a crash, a timeout): in the strict profile, with a
    clock of its own, the tests after it still run."""
    reward = CodeTests(slots=1, call_timeout=1.0, private_clock=True)
    assert shared_sandbox(reward.config).config.private_clock
    code = ("import os\ndef f(x):\n    if x == 0:\n        os._exit(1)\n"
            "    if x == 1:\n        while True: pass\n    return x\n")
    tests = ["assert f(0) == 0", "assert f(1) == 1", "assert f(2) == 2", "assert f(3) == 3"]
    assert reward([code], test_list=[tests]) == [0.5]


def test_code_tests_declares_a_job_per_test_and_caps_assert_lists():
    assert CodeTests.jobs({"test": "def check(c): pass", "entry_point": "f"}) == 1
    assert CodeTests.jobs({"test_list": ["assert f(1)"] * 3}) == 3
    assert CodeTests.jobs({"test_list": ["assert f(1)"] * 100}) == ASSERT_JOBS
    assert CodeTests.jobs({"inputs": ["1"] * 40, "outputs": ["1"] * 40}) == 40
    reward = CodeTests(slots=1)
    code = "import os\ndef f(x):\n    if x < 3:\n        os._exit(1)\n    return x\n"
    tests = [f"assert f({i}) == {i}" for i in range(10)]
    assert reward([code], test_list=[tests]) == [0.7]  # three jobs ended, each reloaded for the next test

