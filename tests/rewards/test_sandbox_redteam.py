"""More adversarial completions against ``code_tests``, each needing more than one run or a host-side measurement:
state kept between completions on one slot, answers that make the trusted side's own set/dict work quadratic, and
host configuration visible in the sandbox. Real sandbox, real processes, through the public reward."""

from __future__ import annotations

import textwrap

import pytest

from rewards.code import CodeTests
from rewards.sandbox import SandboxConfig

# One slot: consecutive completions are sure to share it.
ONE_SLOT = SandboxConfig(slots=1, call_timeout=1.0, completion_timeout=3.0, memory_bytes=512 << 20)


@pytest.fixture(scope="module")
def reward():
    return CodeTests(sandbox=ONE_SLOT)


def expects(value: object) -> list[str]:
    """An assert list that passes only if ``add`` manages to return ``value`` (which only an escape could give)."""
    return [f"assert add(2, 3) == {value!r}"]


IPC_PROBE = textwrap.dedent("""
    import ctypes, os
    libc = ctypes.CDLL(None, use_errno=True)
    KEY, CREAT = 0x5EC2E7, 0o1666
    def found():
        mq = libc.mq_open if hasattr(libc, "mq_open") else None
        return (libc.shmget(KEY, 0, 0) >= 0 or libc.semget(KEY, 0, 0) >= 0 or libc.msgget(KEY, 0) >= 0
                or (mq is not None and mq(b"/rlvr-kit-probe", os.O_RDONLY) >= 0))
    def add(a, b):
        if found():
            return "persisted"
        libc.shmget(KEY, 1 << 20, CREAT)
        libc.semget(KEY, 1, CREAT)
        libc.msgget(KEY, CREAT)
        if hasattr(libc, "mq_open"):
            libc.mq_open(b"/rlvr-kit-probe", os.O_CREAT | os.O_RDWR, 0o666, None)
        return "created"
    """)


def test_ipc_objects_do_not_outlive_the_completion(reward):
    """SysV shared memory, semaphores, message queues and POSIX queues would carry state (and charged memory) from
    one completion to the next on the same slot."""
    for run in range(3):  # each text differs: an identical batch would be answered from the reward's cache
        (verdict,) = reward.verdicts([f"{IPC_PROBE}# run {run}\n"], test_list=[expects("persisted")])
        assert verdict.score == 0.0, verdict
