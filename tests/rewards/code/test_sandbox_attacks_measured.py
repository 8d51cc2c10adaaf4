"""More adversarial completions against ``code_tests``, most needing more than one run or a host-side measurement:
state carried between completions on one slot (IPC objects, the worker's freed memory), answers that make the
trusted side's own set/dict work quadratic or its messages huge, host configuration visible in the sandbox, CPU
and scheduling beyond a slot's share, slot uids shared between sandboxes. Real sandbox, real processes, through the
public reward except where a test says why not."""

from __future__ import annotations

import os
import textwrap
from pathlib import Path

import pytest
from cpu_cost import growth
from forged_channel import with_send_frame

from rewards.code import CodeTests
from rewards.sandbox.local import Sandbox, SandboxConfig

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


# The answer is written straight onto the job's channel, as an adversary would (no time spent building objects).
# hash(k * P) == 0 for every int k (P = 2**61 - 1): distinct values, one hash.
SEND = with_send_frame("""
    import os
    P = (1 << 61) - 1
    def big(n):
        return [["I", hex(k * P)] for k in range(1, n + 1)]
    def add(a, b):
        send_frame({"ok": True, "value": VALUE})
        os._exit(0)
    """)
# (value sent, with N values; the test; N): about 1 MB at N.
FLOODS = {
    "set_of_returned_list": ('["L", big(N)]', "assert set(add(1, 2)) == {3}", 30000),
    "returned_set": ('["E", big(N)]', "assert add(1, 2) == {3}", 30000),
    "returned_dict": ('["D", [[k, ["N"]] for k in big(N)]]', "assert add(1, 2) == {3: None}", 25000),
    "flattened_rows": ('["L", [["L", [k]] for k in big(N)]]', "assert {x for row in add(1, 2) for x in row} == {3}",
                       25000),
    "rows_as_tuples": ('["L", [["L", [k, ["I", "0x0"]]] for k in big(N)]]',
                       "assert set(map(tuple, add(1, 2))) == {(3, 0)}", 18000),
}


@pytest.mark.parametrize("name", list(FLOODS))
def test_hash_flooding_answers_are_refused_in_linear_work(name, reward):
    """Distinct values with one hash make set/dict building quadratic, in C, holding the GIL: a 1 MB answer would
    freeze every thread of the trainer for seconds. The flood check must refuse it (its message is the detail)
    before any set is built, and this process's CPU time must grow linearly with the answer: 4x the values cost
    under 8x (quadratic set building: 16x)."""
    value, test, n = FLOODS[name]
    verdicts: list = []

    def judge(text: str) -> None:
        verdicts.extend(reward.verdicts([text], test_list=[[test]]))

    quarter, full = growth(judge, *(SEND.replace("VALUE", value.replace("big(N)", f"big({size})"))
                                     for size in (n // 4, n)))
    for verdict in verdicts:
        assert verdict.score == 0.0 and verdict.status.value == "wrong", verdict
        assert "distinct values with one hash" in verdict.detail, verdict.detail
    assert full < 8 * quarter, f"{full:.3f}s of trusted CPU for {n} values, {quarter:.3f}s for {n // 4}"


@pytest.mark.parametrize("value", ['["F", "z" * 500000]', '["Q" * 500000, []]', '["S", "\\n" * 100000, 1]'])
def test_an_unusable_answer_gives_a_short_printable_reason(value, reward):
    """Decoding errors quote the bad value (float('zzz...') does): half a megabyte went into the verdict detail."""
    (verdict,) = reward.verdicts([SEND.replace("VALUE", value)], test_list=[["assert add(1, 2) == 3"]])
    assert verdict.score == 0.0 and verdict.status.value == "wrong", verdict.status
    assert len(verdict.detail) < 1000 and verdict.detail.isprintable(), verdict.detail[:200]


def _host_config() -> dict[str, str]:
    """World-readable host configuration that model code has no use for (credential helpers, index URLs, ids)."""
    found = {}
    for name in ("gitconfig", "pip.conf", "npmrc", "wgetrc", "environment", "hostname", "machine-id", "passwd"):
        path = Path("/etc") / name
        try:
            found[str(path)] = path.read_text()
        except OSError:
            pass
    return found


def test_host_configuration_is_not_visible():
    secrets = _host_config()
    if not secrets:
        pytest.skip("no readable host configuration files to look for")
    code = textwrap.dedent(f"""
        def add(a, b):
            seen = {{}}
            for path in {sorted(secrets)!r}:
                try:
                    seen[path] = open(path).read()
                except OSError:
                    pass
            return seen
        """)
    reward = CodeTests(sandbox=ONE_SLOT)
    for path, text in secrets.items():
        (verdict,) = reward.verdicts([code], test_list=[[f"assert add(2, 3).get({path!r}) == {text!r}"]])
        assert verdict.score == 0.0, (path, verdict)


CPU_HOG = textwrap.dedent("""
    import os, time
    def add(a, b):
        # Busy children for a fixed wall time; their summed CPU time over it is how many cores the job took.
        start, children = time.monotonic(), []
        for _ in range(8):
            pid = os.fork()
            if pid == 0:
                while time.monotonic() - start < 0.7:
                    pass
                os._exit(0)
            children.append(pid)
        for pid in children:
            os.waitpid(pid, 0)
        used = os.times()
        return (used.children_user + used.children_system) / (time.monotonic() - start)
    """)


def test_a_job_cannot_take_more_than_its_cores(reward):
    """Up to `processes` busy processes per slot, times one slot per core, would starve the trainer: a slot's
    processes share a CPU quota (one core by default)."""
    if (os.cpu_count() or 1) < 2:
        pytest.skip("needs two cores to tell a capped job from an uncapped one")
    (verdict,) = reward.verdicts([CPU_HOG], test_list=[["assert add(2, 3) > 1.3"]])
    assert verdict.score == 0.0, verdict


def test_an_answer_too_large_to_print_is_a_wrong_answer(reward):
    """A test's KeyError carrying a 5000-digit int cannot be printed: that must not read as a sandbox failure."""
    code = "def add(a, b):\n    return 10 ** 5000\n"
    (verdict,) = reward.verdicts([code], test_list=[["assert {3: 'x'}[add(1, 2)] == 'x'"]])
    assert (verdict.score, verdict.status.value) == (0.0, "wrong"), verdict


@pytest.mark.parametrize("where", ["raise", "test"])
def test_job_text_cannot_write_log_lines(where, reward):
    """Messages from the job end up in verdict details and warnings: no newlines, escapes or lone surrogates."""
    forged = "\\x1b[2J\\nstep 500/500 | reward 1.00 | 0.1s/step\\r\\ud800"
    code = f"def add(a, b):\n    raise ValueError('{forged}')\n" if where == "raise" else \
        f"def add(a, b):\n    return '{forged}'\n"
    test = "assert add(1, 2) == 3" if where == "raise" else "assert {3: 0}[add(1, 2)] == 0"
    (verdict,) = reward.verdicts([code], test_list=[[test]])
    assert verdict.score == 0.0 and verdict.status.value == "wrong", verdict
    assert "step 500/500" in verdict.detail and verdict.detail.isprintable(), verdict.detail


def test_open_sandboxes_never_share_a_slot_uid():
    """Slots of two sandboxes with one uid share RLIMIT_NPROC (a job holding its processes makes the other slot's
    forks and threads fail) and, in weak mode, each other's scratch. Nine sandboxes wrapped around before."""
    boxes = [Sandbox(SandboxConfig(slots=1, call_timeout=5.0)) for _ in range(9)]
    try:
        uids = []
        for box in boxes:
            with box.session() as session:
                assert session.load("import os\ndef uid(): return os.getuid()\n").ok
                uids.append(session.call("uid", ()).value)
        assert len(set(uids)) == len(uids), uids
    finally:
        for box in boxes:
            box.close()


SCHEDULER = textwrap.dedent("""
    import os
    def add(a, b):
        won = []
        try:
            os.sched_setscheduler(0, os.SCHED_FIFO, os.sched_param(1))  # outside every CPU quota
            won.append("realtime")
        except OSError:
            pass
        try:
            os.setpriority(os.PRIO_PROCESS, 0, -10)
            won.append("niced")
        except OSError:
            pass
        return won
    """)


@pytest.mark.skipif(os.geteuid() != 0, reason="raising our own rtprio/nice allowance needs root")
def test_jobs_get_no_realtime_or_nice_allowance_from_the_trainer():
    """A trainer started with an rtprio or nice allowance (ulimit -r / -e) passed it to every job, and a real-time
    job spinning on a core is not held by the slot's CPU quota."""
    import resource

    saved = {r: resource.getrlimit(r) for r in (resource.RLIMIT_RTPRIO, resource.RLIMIT_NICE)}
    try:
        resource.setrlimit(resource.RLIMIT_RTPRIO, (50, 50))
        resource.setrlimit(resource.RLIMIT_NICE, (30, 30))
    except (ValueError, OSError):
        pytest.skip("this process may not raise its rtprio/nice limits (no CAP_SYS_RESOURCE)")
    try:
        reward = CodeTests(sandbox=SandboxConfig(slots=1, call_timeout=1.5, completion_timeout=3.0))
    finally:
        for r, limits in saved.items():
            resource.setrlimit(r, limits)
    (verdict,) = reward.verdicts([SCHEDULER], test_list=[["assert add(2, 3)"]])  # passes if either one worked
    assert verdict.score == 0.0, verdict


LEAKED_CODE = ('def add(a, b):\n    """' + "Add two numbers. " * 40 + '"""\n    return a + b\n# '
               + "PRIOR_ANSWER_" + "c0ffee_" * 6 + "\n")
SCAN_PRIOR = textwrap.dedent("""
    import ctypes, hashlib
    PREFIX, DIGEST = b"PRIOR_ANSWER_", DIGEST_HEX
    def add(a, b):
        # The suffix is never in this job's own code: it can only come from an earlier completion's remnants.
        for line in open("/proc/self/maps"):
            parts = line.split()
            lo, hi = (int(x, 16) for x in parts[0].split("-"))
            if "r" not in parts[1] or (len(parts) > 5 and parts[5] not in ("[heap]", "[stack]")) or hi - lo > 1 << 28:
                continue
            data = ctypes.string_at(lo, hi - lo)
            at = data.find(PREFIX)
            while at >= 0:
                if hashlib.sha256(data[at:at + 55]).hexdigest() == DIGEST:
                    return "leaked"
                at = data.find(PREFIX, at + 1)
        return "clean"
    """)


def test_a_job_cannot_read_earlier_completions_from_memory(reward):
    """Jobs are forked from the slot's worker, which handled every earlier completion's code, arguments and answers:
    freed but not cleared, they were readable in the next job's own memory, so a completion could copy a sibling's
    solution or its answers. (Python's debug allocator hooks alone still left answers of a few hundred bytes.)"""
    import hashlib

    marker = LEAKED_CODE[LEAKED_CODE.index("PRIOR_ANSWER_"):][:55].encode()
    scan = SCAN_PRIOR.replace("DIGEST_HEX", repr(hashlib.sha256(marker).hexdigest()))
    answer = f"def add(a, b):\n    return 'z' * 300 + {marker.decode()!r} + 'z' * 300\n"  # an answer, not code
    for run, earlier in enumerate([LEAKED_CODE, answer]):
        (first,) = reward.verdicts([f"{earlier}# {run}\n"], test_list=[["assert add(1, 2)"]])
        assert first.score == 1.0, first
        (verdict,) = reward.verdicts([f"{scan}# {run}\n"], test_list=[["assert add(2, 3) == 'leaked'"]])
        assert verdict.score == 0.0, (run, verdict)
