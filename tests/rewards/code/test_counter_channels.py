"""No counter carries a number from one completion to the next (issue 25): a writer job sets a counter the kernel or
its slot keeps (inode numbers of pipes, sockets and /proc entries; the slot's next pid; its scratch tmpfs's next
inode; the kernel shmem mount's inode, which a script job's memfds show; pidfds' numbers; the times the slot stamps
after a job ended), the next job reads it. Real sandbox, real processes.

Each test writes a random 4-bit value per trial and counts the trials whose reading agrees with it, for every way
of reading and every constant offset (a counter the slot itself moves between jobs reads shifted), keeping the best.
Chance gives 1.5 of 24 (the best of ~100 readings-and-offsets stays under 9 in all but ~1/1000 runs); a 1-bit channel
3 of 24; the channels these tests were written against agreed in 13 to 24 of 24 (docs/sandbox.md lists them).
"""

from __future__ import annotations

import ast
import random
import time
from dataclasses import replace

import pytest
from counter_probes import PROBES, SCRIPT_READER, SHMEM, START

from rewards.sandbox.local import Sandbox, SandboxConfig

BITS, TRIALS, MOST = 4, 24, 8  # MOST: the best agreement chance reaches, in ~999 of 1000 runs
# The real clock: jobs may then write files and start threads, which move the counters (with the default private
# clock they cannot), so these are the stronger writers.
CONFIG = SandboxConfig(call_timeout=2.0, completion_timeout=4.0, private_clock=False)


def job(box: Sandbox, code: str, name: str, *args: object) -> object:
    """What ``name(*args)`` of ``code`` returns in one completion's session on ``box`` (None when it failed)."""
    with box.session() as session:
        assert session.load(code).ok
        result = session.call(name, args)
        return result.value if result.ok else None


def agreement(rows: list[tuple[int, object]]) -> int:
    """The most trials in which one way of reading, shifted by one constant, gave back the written value."""
    best = 0
    width = max((len(seen) for _, seen in rows if isinstance(seen, list)), default=0)
    for way in range(width):
        for shift in range(1 << BITS):
            best = max(best, sum(1 for value, seen in rows if isinstance(seen, list) and way < len(seen)
                                 and seen[way] is not None and (seen[way] - shift) % (1 << BITS) == value))
    return best


def carried(write_box: Sandbox, read_box: Sandbox, probe: str, gap: float = 0.0) -> int:
    """`agreement` over `TRIALS` completions that write on ``write_box`` and then read on ``read_box``; ``gap``:
    up to that many seconds of idle slot between them (so the reader's own start time says nothing)."""
    code, rows = PROBES[probe], []
    rng = random.Random()
    for _trial in range(TRIALS):
        value = rng.randrange(1 << BITS)
        job(write_box, code, "write", value, BITS)
        time.sleep(rng.uniform(0, gap))
        rows.append((value, job(read_box, code, "read", BITS)))
    print(f"{probe}: {agreement(rows)} of {TRIALS}")  # the figure docs/sandbox.md quotes (pytest -s)
    return agreement(rows)


@pytest.fixture(scope="module")
def one_slot():
    with Sandbox(replace(CONFIG, slots=1)) as box:
        yield box


@pytest.mark.parametrize("probe", ["inode", "pid", "tmpfs_inode"])
def test_no_counter_reaches_the_next_completion_on_its_slot(probe, one_slot):
    assert carried(one_slot, one_slot, probe) <= MOST


def test_a_job_does_not_learn_when_the_one_before_it_ended(one_slot):
    """The spare job is forked right after the previous teardown, which follows the previous job's end: its start
    time, or the scratch directory's times, were the tick that job chose to end at."""
    assert carried(one_slot, one_slot, "end_time", gap=0.3) <= MOST


def test_no_counter_reaches_a_script_job(one_slot):
    """A script job (stdin/stdout programs) got two new memfds, numbered by the kernel's shmem mount, host-wide, that
    any job moves with shared mappings; it reads their numbers with fstat."""
    rows, rng = [], random.Random()
    for _trial in range(TRIALS):
        value = rng.randrange(1 << BITS)
        job(one_slot, SHMEM, "write", value, BITS)
        with one_slot.session() as session:
            result = session.run_script(SCRIPT_READER.format(m=1 << BITS), "")
        rows.append((value, ast.literal_eval(result.value) if result.ok and result.value.startswith("[") else None))
    print(f"script stdin/stdout inode: {agreement(rows)} of {TRIALS}")
    assert agreement(rows) <= MOST


@pytest.mark.parametrize("fresh", [False, True])
def test_no_counter_reaches_a_completion_on_another_slot(fresh):
    """The inode counter is the host's: a pipe's inode number in one slot told what a job of another set (and with
    `fresh_slots`, whose restarts take hundreds of inodes, still a few bits)."""
    config = replace(CONFIG, slots=1, fresh_slots=fresh)
    with Sandbox(config) as writer, Sandbox(config) as reader:
        assert carried(writer, reader, "inode") <= MOST


def test_no_counter_reaches_code_tests_from_a_python_tool_call():
    """A rollout's `python` tool call, then a completion scored by `code_tests` (each with its own sandbox)."""
    from envs.tools.python import PythonSession, PythonToolConfig

    config = PythonToolConfig(slots=1, private_clock=False)
    code, rows, rng = PROBES["inode"], [], random.Random()
    with Sandbox(replace(CONFIG, slots=1)) as reader:
        for trial in range(TRIALS):
            value = rng.randrange(1 << BITS)
            PythonSession(config).run(f"{code}\nwrite({value}, {BITS})\n# {trial}")
            rows.append((value, job(reader, code, "read", BITS)))
    print(f"python tool to code_tests: {agreement(rows)} of {TRIALS}")
    assert agreement(rows) <= MOST


@pytest.mark.xfail(reason="timing channels, not closed: docs/sandbox.md, Counters between completions", strict=False)
@pytest.mark.parametrize("how", ["queued", "restart"])
def test_a_job_does_not_learn_when_the_one_before_it_ended_from_the_clock(how, one_slot):
    """``queued``: the next completion waits for the slot and reads the clock at its start; ``restart``: the writer
    touches the scratch at its chosen tick, so its slot restarts, stamping the new scratch with that moment."""
    rows, rng = [], random.Random()
    for _trial in range(TRIALS):
        value = rng.randrange(1 << BITS)
        job(one_slot, START, "write", value, BITS, how == "restart")
        rows.append((value, job(one_slot, START, "read", BITS)))
    print(f"end time, {how}: {agreement(rows)} of {TRIALS}")
    assert agreement(rows) <= MOST
