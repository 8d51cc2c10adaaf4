"""A job that ends its own process is reported as died, never as a timeout: the worker sees the job's socket close
(its files are closed as it exits) a moment before the job's pidfd reports the exit, and must not read that moment
as a job still running. Real sandbox, real processes; repeated, since the race lost most of the time."""

from __future__ import annotations

from collections import Counter

import pytest

from rewards.code.sandbox import Sandbox, SandboxConfig

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
        with sandbox.session() as session:
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
