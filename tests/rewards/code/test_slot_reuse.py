"""Honest code keeps its slot: numeric libraries start no threads in a job, so a completion using numpy does not
cost its slot the restart a thread would (rewards.sandbox.inside.counters)."""

from __future__ import annotations

import pytest

from rewards.sandbox.local import Sandbox, SandboxConfig

pytest.importorskip("numpy")


def test_a_job_that_imports_numpy_keeps_its_slot():
    box = Sandbox(SandboxConfig(slots=1))
    try:
        workers = []
        for _ in range(3):
            with box.session() as session:
                result = session.load_call("import numpy\ndef f():\n    return int(numpy.arange(10).sum())\n", "f", ())
            assert result.ok and result.value == 45, result.error
            box.settle()
            workers.append(box.slots[0].proc.pid)
        assert len(set(workers)) == 1, workers  # one worker throughout: no restart after any of the three
    finally:
        box.close()
