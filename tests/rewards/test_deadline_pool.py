"""deadline_pool: a job stuck past the wall limit is killed, and a spare worker takes the next job at once."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

from rewards import deadline_pool

sys.path.insert(0, str(Path(__file__).parent))  # the worker module is imported by name in fresh interpreters


@pytest.fixture
def pool():
    pool = deadline_pool.DeadlinePool("stuck_worker", 1, 0.2, what="stuck", spares=1, wall=1.0)
    pool.run([("echo", 0)])  # started and warm
    deadline = time.monotonic() + 60
    while not all(w.ready for w in pool._workers) and time.monotonic() < deadline:
        pool.run([("echo", 0)])
        time.sleep(0.2)
    yield pool
    pool.close()


def test_a_stuck_job_is_killed_at_the_wall_limit_and_a_spare_takes_the_next(pool):
    running = {w.process.pid for w in pool._workers}
    started = time.monotonic()
    results = pool.run([("sleep", 30), ("pid", 0)])
    assert time.monotonic() - started < 30  # killed at the wall limit, not waited for
    assert results[0][0] == deadline_pool.TIMEOUT and "1s" in results[0][1]
    assert results[1][0] == "ok" and results[1][1] in running  # a worker already up, not a replacement, took it
    assert pool.restarts == 1


def test_spares_do_not_run_jobs_beside_the_workers(pool):
    started = time.monotonic()
    assert pool.run([("sleep", 0.3), ("sleep", 0.3)]) == [("ok", 0.3), ("ok", 0.3)]
    assert time.monotonic() - started >= 0.6  # one worker's worth of concurrency, the spare waits
