"""Red team round 3, the job's own worker: a completion that changes the worker process its job was forked from
(limits, priority, CPU affinity, scheduling, I/O priority), or leaves something in it that the next completion on
the slot reads back. Real sandbox, real processes; the worker is observed from the host, where the trusted side is.
"""

from __future__ import annotations

import ctypes
import os
import time
from pathlib import Path

import pytest
from host import live_pids

from rewards.code import CodeTests
from rewards.sandbox.local import Sandbox, SandboxConfig

ONE_SLOT = SandboxConfig(slots=1, call_timeout=1.5, completion_timeout=4.0, memory_bytes=512 << 20)
_libc = ctypes.CDLL(None, use_errno=True)

# Each line is one call a job makes on its worker (its parent), or on every process of its uid.
CHANGES = {
    "prlimit": "resource.prlimit(WORKER, resource.RLIMIT_NOFILE, (40, 40))",
    "prlimit_core": "resource.prlimit(WORKER, resource.RLIMIT_CORE, (0, 12345))",
    "setpriority": "os.setpriority(os.PRIO_PROCESS, WORKER, 19)",
    "setpriority_user": "os.setpriority(os.PRIO_USER, 0, 19)",
    "setpriority_group": "os.setpriority(os.PRIO_PGRP, os.getpgid(WORKER), 19)",
    "affinity": "os.sched_setaffinity(WORKER, {max(os.sched_getaffinity(0))})",
    "scheduler": "os.sched_setscheduler(WORKER, os.SCHED_IDLE, os.sched_param(0))",
    "ioprio": "libc.syscall(251, 1, WORKER, 3 << 13)",  # ioprio_set(IOPRIO_WHO_PROCESS, pid, IOPRIO_CLASS_IDLE)
    "ioprio_user": "libc.syscall(251, 3, os.getuid(), 3 << 13)",  # IOPRIO_WHO_USER
    # From a child of the job, and with the pid's high word set (the kernel reads only the low one).
    "prlimit_from_child": "os.fork() and os.wait() or (resource.prlimit(WORKER, resource.RLIMIT_NOFILE, (40, 40)), "
                          "os._exit(0))",
    "setpriority_high_bits": "libc.syscall(141, 0, ctypes.c_long(WORKER | (1 << 32)), 19)",
}
ATTACK = """
import ctypes, os, resource
libc = ctypes.CDLL(None, use_errno=True)
WORKER = os.getppid()
try:
    CHANGE
except OSError:
    pass
def add(a, b):
    return a + b
"""


def worker_pids(slot) -> list[int]:
    """Host pids of the slot's worker and zygote (which forks the jobs): the live processes of the worker's uid,
    once they are two (a spare job the zygote just forked holds the worker's uid until it takes its own)."""
    deadline = time.monotonic() + 2.0
    found = live_pids([slot.uid])[slot.uid]
    while len(found) != 2 and time.monotonic() < deadline:
        time.sleep(0.01)
        found = live_pids([slot.uid])[slot.uid]
    if not found:
        raise LookupError(f"no worker of uid {slot.uid}")
    return sorted(found)


def worker_state(slot) -> list[tuple]:
    """What a job could change about its worker and zygote, read from the host."""
    return [(Path(f"/proc/{pid}/limits").read_text(), os.getpriority(os.PRIO_PROCESS, pid), os.sched_getaffinity(pid),
             os.sched_getscheduler(pid), _libc.syscall(252, 1, pid)) for pid in worker_pids(slot)]


@pytest.fixture
def box():
    with Sandbox(ONE_SLOT) as sandbox:
        yield sandbox


@pytest.mark.skipif(os.geteuid() != 0, reason="slot uids need root")
@pytest.mark.parametrize("name", list(CHANGES))
def test_a_job_cannot_change_its_worker(name, box):
    """Jobs ran under their worker's uid: one line lowered its limits (every later job died at start-up) or pinned
    and de-prioritised it. The worker that serves the next completion must be as it was (or a fresh one)."""
    before = worker_state(box.slots[0])
    with box.session() as session:
        assert session.load(ATTACK.replace("CHANGE", CHANGES[name])).ok
    with box.session():  # the slot back in the pool: restarted first where the job forked (inside/counters.py)
        pass
    assert worker_state(box.slots[0]) == before


def test_a_poisoned_worker_still_scores_honest_completions():
    """The issue's case: after one completion lowers its worker's open-files limit, every honest completion on that
    slot scored 0 (as wrong, not error), and the end-of-session check still called the slot clean."""
    reward = CodeTests(sandbox=ONE_SLOT)
    attack = ATTACK.replace("CHANGE", CHANGES["prlimit"])
    (poison,) = reward.verdicts([attack.replace("a + b", "a - b")], test_list=[["assert add(1, 2) == 3"]])
    assert poison.score == 0.0
    for run in range(3):
        honest = f"def add(a, b):\n    return a + b\n# {run}\n"
        (after,) = reward.verdicts([honest], test_list=[["assert add(1, 2) == 3"]])
        assert after.score == 1.0, after


# A value one completion writes into something that outlives its job, and the next completion reads back.
CARRIERS = {
    "worker_rlimit": ("resource.prlimit(os.getppid(), resource.RLIMIT_CORE, (0, SECRET))",
                      "resource.prlimit(os.getppid(), resource.RLIMIT_CORE)[1]"),
    "worker_nice": ("os.setpriority(os.PRIO_PROCESS, os.getppid(), SECRET % 20)",
                    "os.getpriority(os.PRIO_PROCESS, os.getppid())"),
    "uid_nice": ("os.setpriority(os.PRIO_USER, 0, SECRET % 20)", "os.getpriority(os.PRIO_PROCESS, os.getppid())"),
    "worker_ioprio": ("libc.syscall(251, 1, os.getppid(), (2 << 13) | (SECRET % 8))",
                      "libc.syscall(252, 1, os.getppid()) & 7"),
}
CARRIER = """
import ctypes, os, resource
libc = ctypes.CDLL(None, use_errno=True)
SECRET = 12347
def write():
    try:
        WRITE
    except OSError:
        pass
def read():
    try:
        return READ
    except OSError:
        return None
"""


@pytest.mark.parametrize("name", list(CARRIERS))
def test_nothing_a_job_sets_in_its_worker_reaches_the_next_job(name, box):
    """A resource limit of the worker held 64 bits a completion wrote and the next one read back: enough to learn a
    hidden answer key over consecutive completions."""
    write, read = CARRIERS[name]
    code = CARRIER.replace("WRITE", write).replace("READ", read)
    with box.session() as session:
        assert session.load(code).ok
        fresh = session.call("read", ()).value
        session.call("write", ())
    with box.session() as session:
        assert session.load(code).ok
        assert session.call("read", ()).value in (fresh, None)


TOUCH = """
import mmap, os
def cost(pages):
    m = mmap.mmap(-1, pages << 12)
    for i in range(pages):
        m[i << 12] = 1
def seen():
    try:
        fields = open("/proc/%d/stat" % os.getppid()).read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return int(fields[8])  # cminflt: minor faults of the worker's reaped children
"""


def test_a_job_cannot_read_what_earlier_jobs_cost_its_worker(box):
    """The worker's /proc entry counts what its reaped jobs cost (faults, CPU ticks): a job controls those exactly, so
    a completion could write a number there that the next one reads."""
    def seen() -> int | None:
        with box.session() as session:
            assert session.load(TOUCH).ok
            return session.call("seen", ()).value

    first = seen()
    with box.session() as session:
        assert session.load(TOUCH).ok
        session.call("cost", (20_000,))
    second = seen()
    assert first is None or second is None or second - first < 20_000, (first, second)


def test_the_worker_state_check_sees_a_change():
    """The zygote checks its own limits and scheduling before each fork, and the worker both when a session ends: a
    change that got past the other layers restarts the slot. (Here the host makes the change, as a job could have.)
    The session's first job is the spare, forked before the change, so its load may pass; a job forked after it
    may not, and the session's end restarts the slot."""
    with Sandbox(ONE_SLOT) as box:
        pids = worker_pids(box.slots[0])
        os.setpriority(os.PRIO_PROCESS, pids[-1], 5)
        with box.session() as session:
            session.load("def add(a, b):\n    return a + b\n")
            assert not session.load("def add(a, b):\n    return a + b\n").ok
        with box.session() as session:
            assert session.load("def add(a, b):\n    return a + b\n").ok
        assert worker_pids(box.slots[0]) != pids
        assert [os.getpriority(os.PRIO_PROCESS, pid) for pid in worker_pids(box.slots[0])] == [0, 0]


HEAP = """
import ctypes
class Info(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks",
                                                     "fsmblks", "uordblks", "fordblks", "keepcost")]
libc = ctypes.CDLL(None)
libc.mallinfo2.restype = Info
def heap():
    return libc.mallinfo2().arena  # bytes of heap: grown by large answers, never given back
def answer(n):
    return "x" * n
"""


def test_a_job_inherits_nothing_of_earlier_answers(box):
    """Jobs were forked from the worker, whose allocator state every earlier job's answers shaped: after a 200 kB
    answer the next job found a heap 24 kB larger (mallinfo2), a channel from one completion to the next. They are
    forked from a zygote now, which never handles a job's data."""
    def heap_after(size: int) -> int:
        with box.session() as session:
            assert session.load(HEAP).ok and session.call("answer", (size,)).ok
        with box.session() as session:
            assert session.load(HEAP).ok
            return session.call("heap", ()).value

    heap_after(10)
    small = heap_after(10)
    assert heap_after(200_000) == small
    assert heap_after(900_000) == small


COUNTERS = """
import os
def advance(n):
    for i in range(n):
        open("/tmp/c%d" % i, "w").close()
        if os.fork() == 0:
            os._exit(0)
        os.wait()
def read():
    open("/tmp/probe", "w").close()
    return os.getpid(), os.stat("/tmp/probe").st_ino
"""


def test_fresh_slots_carry_no_counter():
    """The next pid and the scratch's next inode number outlive a job: a completion advancing them by k tells the next
    one k (the learning attack needs a dozen bits). With fresh_slots, every completion gets a new slot."""
    with Sandbox(SandboxConfig(slots=1, call_timeout=3.0, completion_timeout=6.0, fresh_slots=True)) as box:
        def read(advance: int) -> tuple:
            with box.session() as session:
                assert session.load(COUNTERS).ok
                session.call("advance", (advance,))
            with box.session() as session:
                assert session.load(COUNTERS).ok
                return session.call("read", ()).value

        assert read(0) == read(300)
