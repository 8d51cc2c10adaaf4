"""`SandboxConfig(private_clock=True)`: a job reads a clock of its own and no time the kernel keeps, so a completion
cannot learn when the one before it ended (the timing channel of docs/sandbox.md). Real sandbox, real processes.
"""

from __future__ import annotations

import ast
import random
import textwrap
import time

import pytest
from test_counter_channels import BITS, MOST, TRIALS, agreement

from envs.tools.python import PythonSession, PythonToolConfig
from rewards.code import CodeTests
from rewards.errors import SandboxError
from rewards.sandbox.inside.clocks import EPOCH
from rewards.sandbox.local import Sandbox, SandboxConfig

PRIVATE = SandboxConfig(slots=1, call_timeout=2.0, completion_timeout=6.0, private_clock=True)

PROBES = textwrap.dedent("""
    import ctypes, errno, mmap, os, threading, time
    libc = ctypes.CDLL(None, use_errno=True)
    libc.syscall.restype = ctypes.c_long
    libc.getauxval.restype = ctypes.c_ulong
    BUF = ctypes.create_string_buffer(512)

    def syscall(nr, *args):
        return libc.syscall(nr, *args), ctypes.get_errno()

    def timer():
        tid = ctypes.c_int()
        assert libc.syscall(222, 1, None, ctypes.byref(tid)) == 0  # timer_create(CLOCK_MONOTONIC)
        return syscall(223, tid.value, 1, BUF, None)  # timer_settime(TIMER_ABSTIME)

    def timerfd():
        fd = libc.syscall(283, 1, 0)  # timerfd_create(CLOCK_MONOTONIC)
        return syscall(286, fd, 1, BUF, None)

    def unmapped_below_vdso():
        base = libc.getauxval(33)
        return all(libc.msync(ctypes.c_void_p(base - k * 4096), 4096, 1) != 0 for k in range(1, 7))

    def attempt(f):
        try:
            f()
            return "done"
        except (OSError, RuntimeError) as e:
            return getattr(e, "errno", None) or str(e)

    WAYS = {
        **{f"clock_gettime({c})": (228, c, BUF) for c in (0, 1, 4, 5, 6, 7, 8, 9, 11)},
        "the worker's CPU clock": (228, ((~2) << 3) | 2, BUF),
        "gettimeofday": (96, BUF, None), "time": (201, None), "times": (100, BUF), "adjtimex": (159, BUF),
        "clock_adjtime": (305, 0, BUF), "clock_nanosleep(ABSTIME)": (230, 1, 1, BUF, None),
        "futex(WAIT_BITSET, timeout)": (202, BUF, 9 | 128, 0, BUF, None, -1),
        "futex(LOCK_PI, timeout)": (202, BUF, 6, 0, BUF, None, 0), "futex_waitv(timeout)": (449, BUF, 1, 0, BUF, 1),
        "prctl(PR_SET_TSC)": (157, 26, 1, 0, 0, 0), "arch_prctl(ARCH_MAP_VDSO_64)": (158, 0x2003, 0x10000),
        "execve": (59, b"/bin/true", None, None), "fork": (57,),
        "futex_wait(timeout)": (455, BUF, 0, 0xFFFFFFFF, 0x82, BUF, 0),
        "rt_sigaction(SIGSYS, a new action)": (13, 31, BUF, None, 8),
    }
    UNGATED = {"stat": (4, b"/tmp", BUF), "lstat": (6, b"/tmp", BUF), "statx(1)": (332, 1, b"", 0x1000, 0xFFF, BUF)}

    def clocks():
        '''The real clock, the clock pages and the worker's CPU clock (harmless probes, unlike fork and exec).'''
        return [syscall(*WAYS["clock_gettime(0)"]), not unmapped_below_vdso(),
                syscall(*WAYS["the worker's CPU clock"])]

    def real_time():
        '''Every way tried to the real time: each refused (EPERM) or failing.'''
        out = {name: syscall(*args) for name, args in WAYS.items()}
        out["timer_settime(ABSTIME)"], out["timerfd_settime(ABSTIME)"] = timer(), timerfd()
        out.update({name: syscall(*args) for name, args in UNGATED.items()})
        out["a thread"] = attempt(lambda: threading.Thread(target=int).start())
        out["clock pages mapped"] = not unmapped_below_vdso()
        return out

    def stamps():
        '''Whether /dev/ptmx opens (a new pty is stamped with the real time), and how much each directory's access
        time moved when it was listed (a listing stamped the real time on the slot's tmpfs directories).'''
        try:
            os.close(os.open("/dev/ptmx", os.O_RDONLY | os.O_NOCTTY))
            ptmx = True
        except OSError:
            ptmx = False
        moved = {}
        for path in ("/", "/tmp", "/dev", "/etc", "/dev/shm"):
            before = os.stat(path).st_atime_ns
            os.listdir(path)
            moved[path] = os.stat(path).st_atime_ns - before
        return [ptmx, moved]

    def rdtsc():
        page = mmap.mmap(-1, 4096, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS,
                         prot=mmap.PROT_READ | mmap.PROT_WRITE | mmap.PROT_EXEC)
        page.write(bytes.fromhex("0f3148c1e2204809d0c3"))  # rdtsc; shl rdx, 32; or rax, rdx; ret
        address = ctypes.addressof(ctypes.c_char.from_buffer(page))
        return ctypes.CFUNCTYPE(ctypes.c_uint64)(address)()

    def honest(seconds):
        t0, m0, c0 = time.time(), time.monotonic(), time.perf_counter()
        sum(range(200_000))
        time.sleep(seconds)
        import datetime
        return [t0, time.monotonic() - m0, time.perf_counter() - c0, str(datetime.date.today())]
    """)


@pytest.fixture(scope="module")
def box():
    with Sandbox(PRIVATE) as sandbox:
        yield sandbox


def run(box: Sandbox, name: str, *args: object):
    with box.session() as session:
        assert session.load(PROBES).ok
        return session.call(name, args)


def test_honest_code_reads_a_clock_that_starts_at_its_job(box):
    started = time.monotonic()
    result = run(box, "honest", 0.2)
    took = time.monotonic() - started
    t0, monotonic, perf, today = result.value
    assert EPOCH <= t0 < EPOCH + 5 and today == "2026-01-01"
    assert 0 < monotonic < 5 and 0 < perf < 5  # the loop's CPU time: the 0.2 s sleep used none
    assert took >= 0.2  # time.sleep still sleeps (by a relative timeout)


def test_every_way_to_the_real_time_is_refused(box):
    found = run(box, "real_time").value
    assert found.pop("clock pages mapped") is False
    assert found.pop("a thread") == "can't start new thread"  # EPERM
    assert [found.pop(name) for name in ("stat", "lstat", "statx(1)")] == [(-1, 38)] * 3  # ENOSYS: the gate's
    assert {name: seen for name, seen in found.items() if seen != (-1, 1)} == {}  # (-1, EPERM) each


def test_rdtsc_faults(box):
    result = run(box, "rdtsc")
    assert not result.ok and result.job_ended


def test_without_private_clock_the_same_probes_read_the_time():
    """The probe works: with the real clock, the job reads it (and the refusals above are private_clock's)."""
    with Sandbox(SandboxConfig(slots=1, private_clock=False)) as plain:
        realtime, pages, worker = run(plain, "clocks").value
        assert realtime == (0, 0) and pages
        assert worker == (-1, 1)  # never, private clock or not: the worker's CPU time
        assert run(plain, "rdtsc").ok


READER = textwrap.dedent("""
    import os, time
    TICK = 0.02
    PATHS = ("/tmp", ".", "/", "/dev", "/etc", "/dev/shm")
    def read(k):
        stamps = [time.time(), time.monotonic(), time.perf_counter()]
        for path in PATHS:
            st = os.stat(path)
            stamps += [st.st_ctime, st.st_mtime, st.st_atime]
        return [int(s / TICK) % (1 << k) for s in stamps]
    def die():
        os._exit(0)
    def lists():
        for path in PATHS:
            os.listdir(path)
    def touch():
        with open("stamp.txt", "w") as f:
            f.write("now")
    def read_writing(k):  # every path's times, and each way of reading those of a file it makes now
        with open("mine.txt", "w") as f:
            f.write("x")
            st = [os.fstat(f.fileno()), os.stat("mine.txt"), os.lstat("."), *(e.stat() for e in os.scandir("."))]
        return read(k) + [int(s / TICK) % (1 << k) for t in st for s in (t.st_ctime, t.st_mtime, t.st_atime)]
    """)


@pytest.mark.parametrize("private", [False, True])
def test_no_directory_listing_or_pty_stamps_the_real_time(private):
    """A listing moved the access time of the slot's tmpfs directories (and listing the scratch restarted the slot at
    that moment); /dev/ptmx made a new pty stamped with the real time. Neither, private clock or not (with it, every
    time read is the job's own clock, which moves by the CPU time between the two reads)."""
    with Sandbox(SandboxConfig(slots=1, private_clock=private)) as plain:
        for _ in range(2):
            ptmx, moved = run(plain, "stamps").value
            assert not ptmx and all(0 <= ns < (10**8 if private else 1) for ns in moved.values()), moved


@pytest.mark.parametrize("how", ["ends", "dies", "lists", "writes"])
def test_a_completion_does_not_learn_when_the_one_before_it_ended(how, box):
    """The writer is the strongest there is: the trusted side ends its session at a tick of the real clock that
    encodes the value (``dies``: its job exits then, and a reload is asked for; ``lists``: it lists the slot's
    directories then; ``writes``: its job writes a file in the scratch then, which restarts the slot, stamping its
    directories); the next completion reads every clock and time stamp it can (``writes``: and those of a file it
    writes itself)."""
    rows, rng = [], random.Random()
    for _trial in range(TRIALS):
        value = rng.randrange(1 << BITS)
        with box.session(jobs=2) as session:
            assert session.load(READER).ok
            while int(time.time() / 0.02) % (1 << BITS) != value:
                time.sleep(0.001)
            if how == "dies":  # within the session's budget: loaded again, at that moment, with no restart
                assert not session.call("die", ()).ok
                assert session.load(READER).ok
            if how in ("lists", "writes"):  # access times, and a listed or written scratch restarts the slot
                assert session.call("lists" if how == "lists" else "touch", ()).ok
        with box.session() as session:
            assert session.load(READER).ok
            rows.append((value, session.call("read_writing" if how == "writes" else "read", (BITS,)).value))
    print(f"end time, private clock, {how}: {agreement(rows)} of {TRIALS}")
    assert agreement(rows) <= MOST


@pytest.mark.parametrize("how", ["tool", "code_tests"])
def test_in_the_strict_profile_neither_judge_nor_tool_learns_when_the_one_before_it_ended(how):
    """`code_tests` and the `python` tool in the strict profile: the trusted side makes each call (or judges each
    completion) at a 20 ms tick of the real clock that encodes the value, the job reads every clock it can."""
    session = PythonSession(PythonToolConfig(slots=1, private_clock=True))
    reward = CodeTests(slots=1, private_clock=True)
    test = "def check(candidate):\n    assert candidate(4) == 0\n"
    rows, rng = [], random.Random()
    for trial in range(TRIALS):
        value = rng.randrange(1 << BITS)
        while int(time.time() / 0.02) % (1 << BITS) != value:
            time.sleep(0.001)
        if how == "tool":
            session.reset()  # a rollout per trial
            seen = ast.literal_eval(session.run(f"{READER}\nread({BITS})  # {trial}").removeprefix("Out: "))
        else:  # the reading comes back as the check's failure: "AssertionError" of the value it compared
            code = f"{READER}\ndef probe(k):\n    raise ValueError(str(read(k)))\n# {trial}"
            detail = reward.verdicts([code], test=[test], entry_point=["probe"], code_prompt=[""])[0].detail
            seen = ast.literal_eval(detail[detail.index("["):detail.rindex("]") + 1])
        rows.append((value, seen))
    print(f"call time, {how} defaults: {agreement(rows)} of {TRIALS}")
    assert agreement(rows) <= MOST


def test_code_tests_and_the_python_tool_work_with_a_private_clock():
    honest = "def add(a, b):\n    import time\n    time.sleep(0.01)\n    return a + b\n"
    assert CodeTests(slots=1, private_clock=True).config.private_clock
    reward = CodeTests(sandbox=PRIVATE)
    test = "def check(candidate):\n    assert candidate(2, 3) == 5\n"
    assert reward([honest], test=[test], entry_point=["add"], code_prompt=[""]) == [1.0]
    echo = "import sys\nprint(sum(int(x) for x in sys.stdin.read().split()))\n"
    inputs = [f"{i} {i}\n" for i in range(20)]  # more scripts than the default fork budget: no restart needed
    assert reward([echo], inputs=[inputs], outputs=[[f"{2 * i}\n" for i in range(20)]]) == [1.0]

    session = PythonSession(PythonToolConfig(slots=1, private_clock=True))
    assert ast.literal_eval(session.run("import time\ntime.time()").removeprefix("Out: ")) >= EPOCH
    assert session.run("open('notes.txt', 'w').write('kept')") == "Out: 4"  # files: their times rewritten
    assert session.run("open('/tmp/notes.txt').read()") == "Out: 'kept'"  # rebuilt by replay


def test_private_clock_is_not_combined_with_fresh_slots():
    with pytest.raises(SandboxError, match="fresh_slots"):
        Sandbox(SandboxConfig(slots=1, private_clock=True, fresh_slots=True))


STACK_IDIOM = """import sys, threading
from functools import lru_cache
def main():
    n = int(sys.stdin.readline())
    @lru_cache(None)
    def depth(i):
        return 0 if i == 0 else depth(i - 1) + 1
    print(depth(n), threading.stack_size())
sys.setrecursionlimit(1 << 25)
threading.stack_size(1 << 27)
t = threading.Thread(target=main)
t.start()
t.join()
print(t.is_alive())
"""
POOL = """from concurrent.futures import ThreadPoolExecutor
print(list(ThreadPoolExecutor(2).map(abs, [-1, -2])))
"""


def test_with_its_own_clock_a_big_stack_thread_runs_inline_and_other_threads_fail_fast():
    """Competitive programs run ``main`` in a thread with a big stack (threading.stack_size) for deep recursion; a
    job may start no thread, so such a thread runs inline on the job's stack, grown to that size (a recursion 50,000
    calls deep through lru_cache's C code needs ~100 MB of it). A worker pool still fails at once, not at its
    deadline."""
    reward = CodeTests(slots=1, private_clock=True)
    deep = reward.verdicts([STACK_IDIOM], inputs=[["50000\n"]], outputs=[[f"50000 {1 << 27}\nFalse\n"]])[0]
    assert deep.score == 1.0, deep.detail
    pool = reward.verdicts([POOL], inputs=[[""]], outputs=[["[1, 2]\n"]])[0]
    assert pool.score == 0.0 and pool.status.value == "wrong", pool
