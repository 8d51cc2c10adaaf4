"""Who lost the run decides the score: a sandbox worker killed from outside the slot (the host, its OOM killer, an
operator) or a slot that cannot start leaves the completion unjudged - ``None``, status ``unscorable``, counted -
while a job that ends itself, runs out of its limits or tries to kill its worker scores 0.0 as before. Real
sandbox, real processes; the kill comes from this side, where the host is."""

from __future__ import annotations

import os
import signal
import threading
import time

import pytest
from host import live_pids

from rewards import Status
from rewards.code import CodeTests
from rewards.sandbox import SandboxConfig, shared_sandbox

SLOW = "import time\ndef f():\n    time.sleep(3)\n    return 1\n"


@pytest.fixture(scope="module")
def reward():
    return CodeTests(slots=1, call_timeout=2.0, completion_timeout=6.0)


def _judge(reward, code):
    logs: dict[str, float] = {}
    verdicts = reward.verdicts(completions=[code], test_list=[["assert f() == 1"]],
                               log_metric=lambda key, value: logs.__setitem__(key, value))
    return verdicts[0], logs


def _worker_pid(slot) -> int:
    """The host pid of the slot's worker: of the processes of its uid, the one whose parent is not (the zygote's
    parent is the worker)."""
    pids = live_pids([slot.uid])[slot.uid]
    for pid in pids:
        with open(f"/proc/{pid}/stat") as f:
            parent = int(f.read().rsplit(")", 1)[1].split()[1])
        if parent not in pids:
            return pid
    raise LookupError(f"no worker of uid {slot.uid}")


def _kill_soon(pid: int, delay: float = 0.8) -> threading.Thread:
    thread = threading.Thread(target=lambda: (time.sleep(delay), os.kill(pid, signal.SIGKILL)))
    thread.start()
    return thread


@pytest.mark.parametrize("target", ["worker", "launcher"])
def test_a_worker_killed_from_outside_the_slot_is_unscorable_and_counted(reward, target):
    box = shared_sandbox(reward.config)
    box.settle()
    slot = box.slots[0]
    if slot.broken:
        slot.start()
    pid = _worker_pid(slot) if target == "worker" else slot.proc.pid
    killer = _kill_soon(pid)
    verdict, logs = _judge(reward, SLOW)
    killer.join()
    assert verdict.status is Status.UNSCORABLE and verdict.score is None, verdict
    assert "sandbox lost the worker" in verdict.detail
    assert logs["code_tests/unscorable_rate"] == 1.0 and logs["code_tests/error_rate"] == 0.0
    assert _judge(reward, "def f():\n    return 1\n")[0].score == 1.0  # the slot restarted: judged again


@pytest.mark.parametrize("code", [
    "import os\ndef f():\n    os._exit(3)\n",  # the job ends itself
    "def f():\n    x = bytearray(1 << 34)\n    return 1\n",  # past its memory limit
    "import os, signal\ndef f():\n    for pid in (os.getppid(), 1, -1):\n        try:\n"
    "            os.kill(pid, signal.SIGKILL)\n        except OSError:\n            pass\n    return 2\n",  # its worker
    "import time\ndef f():\n    while True:\n        pass\n",  # past its CPU deadline
])
def test_what_the_completion_caused_still_scores_zero(reward, code):
    verdict, logs = _judge(reward, code)
    assert verdict.score == 0.0 and verdict.status in (Status.WRONG, Status.TIMEOUT), verdict
    assert logs["code_tests/unscorable_rate"] == 0.0


FILL_THE_SLOT = """
import os, time
def f():
    for _ in range(4):  # each child within its own limit, together past the slot's cgroup (2 x memory_bytes)
        if os.fork() == 0:
            blocks = []
            try:  # as much as its own address-space limit lets it hold, 8 MiB at a time, each page touched
                while True:
                    blocks.append(bytearray(8 << 20))
                    for i in range(0, len(blocks[-1]), 4096):
                        blocks[-1][i] = 1
            except MemoryError:
                pass
            time.sleep(5)
            os._exit(0)
    time.sleep(5)
    return 1
"""


def test_a_worker_lost_while_the_job_filled_the_slots_memory_counts_as_the_completions():
    """The OOM killer may pick the worker when the job fills the slot's cgroup: a loss after the slot's memory
    limit was reached is never unscorable, even when the kill itself came from elsewhere."""
    reward = CodeTests(sandbox=SandboxConfig(slots=1, call_timeout=3.0, completion_timeout=8.0,
                                             memory_bytes=128 << 20))
    box = shared_sandbox(reward.config)
    slot = box.slots[0]
    mark = slot.memory_mark()
    killer = _kill_soon(_worker_pid(slot), delay=2.0)
    verdict, logs = _judge(reward, FILL_THE_SLOT)
    killer.join()
    assert slot.memory_mark() != mark  # the job did reach the slot's limit
    assert verdict.score == 0.0 and verdict.status is Status.WRONG, verdict
    assert "Died: the sandbox worker was killed" in verdict.detail  # lost, and not counted as the host's doing
    assert logs["code_tests/unscorable_rate"] == 0.0


def test_a_slot_that_cannot_start_is_unscorable(reward):
    box = shared_sandbox(reward.config)
    box.settle()
    slot, argv = box.slots[0], box.bwrap_argv
    slot.stop()  # broken: the next session restarts it first, before any of the completion's code runs
    box.bwrap_argv = ["/bin/false"]  # and that restart fails: the host lost bubblewrap
    try:
        verdict, logs = _judge(reward, "def f():\n    return 1\n")
    finally:
        box.bwrap_argv = argv
    assert verdict.status is Status.UNSCORABLE and verdict.score is None
    assert "did not start" in verdict.detail and logs["code_tests/unscorable_rate"] == 1.0
    assert _judge(reward, "def f():\n    return 1  # a new batch\n")[0].score == 1.0  # restarts with bwrap back
