"""A job that ends its own process is reported as died, never as a timeout: the worker sees the job's socket close
(its files are closed as it exits) a moment before the job's pidfd reports the exit, and must not read that moment
as a job still running. Real sandbox, real processes; repeated, since the race lost most of the time."""

from __future__ import annotations

from collections import Counter

import pytest

from rewards.sandbox.local import Sandbox, SandboxConfig

CONFIG = SandboxConfig(slots=1, call_timeout=1.0, completion_timeout=3.0)
REPEATS = 100


@pytest.fixture(scope="module")
def sandbox():
    box = Sandbox(CONFIG)
    yield box
    box.close()


def _kind(result) -> str:
    assert not result.ok
    return "timeout" if result.timed_out else result.error.split(":")[0]


def test_os_exit_while_loading_or_in_a_call_is_died_every_time(sandbox):
    seen: Counter = Counter()
    for _ in range(REPEATS):
        with sandbox.session(jobs=2) as session:
            seen["load " + _kind(session.load("import os\nos._exit(3)\n"))] += 1
            assert session.load("import os\ndef f():\n    os._exit(3)\n").ok
            seen["call " + _kind(session.call("f", ()))] += 1
    assert seen == {"load Died": REPEATS, "call Died": REPEATS}


def test_a_job_that_closes_its_channel_and_runs_on_is_still_a_timeout(sandbox):
    hang = "import os, time\ndef f():\n    os.closerange(3, 256)\n    time.sleep(30)\n"
    with sandbox.session() as session:
        assert session.load(hang).ok
        result = session.call("f", ())
    assert result.timed_out and not result.error.startswith("Died"), result


PRELUDE = "import os\nSTARTED_IN = os.getpid()\nSEEN = []\ndef note(x):\n    SEEN.append(x)\n    return list(SEEN)\n"


def test_the_prelude_runs_once_per_slot_and_each_job_gets_a_fresh_copy():
    box = Sandbox(SandboxConfig(slots=1, call_timeout=1.0, completion_timeout=3.0, prelude=PRELUDE))
    try:
        started = set()
        for i in range(3):
            with box.session(jobs=2) as session:
                assert session.load("").ok
                assert session.call("note", (i,)).value == [i]  # nothing an earlier job appended
                assert session.load("def job_pid():\n    return os.getpid(), STARTED_IN\n").ok
                pid, started_in = session.call("job_pid", ()).value
                assert pid != started_in
                started.add(started_in)
        assert len(started) == 1  # compiled and run once, before any job, not per job
    finally:
        box.close()
