"""In the strict profile (`private_clock=True`) no completion learns when its slot last restarted (issue 37, fourth
attack set): a slot restarts after a completion that wrote in the scratch (or started a thread, crashed past its
budget...), at a moment that completion chose by ending, and what the restart made or read carried that moment
where the next completion on the slot could read it: the gate page's ``since`` (the restart's second, read through
the ``SIGSYS`` handler's address), the zygote's `Counters` (the scratch's times, to the nanosecond), and the freed
memory of the worker and the zygote (the Python objects ``os.stat`` makes), which every job inherits. The same holds
for the `python` tool, one rollout's cell reading when the previous rollout's cell ended. Real sandbox, real
processes.

Measured as `test_private_clock.py` does: the trusted side makes the slot restart at a moment of the real clock that
encodes a value, at two resolutions at once (a 20 ms tick, 4 bits; and the second, 2 bits, for what keeps whole
seconds); the next completion on the slot reads every number it can find; agreement over `TRIALS` trials against
chance. A negative control runs the same probe with the real clock (`private_clock=False`), where a restart's time
stamps are readable by design.
"""

from __future__ import annotations

import ast
import random
import textwrap
import time

import pytest
from test_counter_channels import MOST, TRIALS

from envs.tools.python import PythonSession, PythonToolConfig
from rewards.sandbox.inside.clocks import EPOCH
from rewards.sandbox.local import Sandbox, SandboxConfig

FINE, FINE_BITS = 0.02, 4  # a 20 ms tick: chance agrees in at most MOST of TRIALS (test_counter_channels)
COARSE, COARSE_BITS, COARSE_MOST = 1.0, 2, 16  # whole seconds: chance reaches 15-16 of 24 in ~1 of 1000 runs
OFFSET = 10**9  # the scan's window is sent less this, so the trusted side's numbers never fall in it

READER = textwrap.dedent("""
    import ctypes, gc, os, struct, sys, time
    _libc = ctypes.CDLL(None)
    _libc.syscall.restype = ctypes.c_long

    def _gate_page():
        '''The stat gate's page, found by the SIGSYS handler's address (rt_sigaction with no new action), or 0.'''
        old = (ctypes.c_char * 152)()
        if _libc.syscall(13, 31, None, old, 8) != 0:
            return 0
        handler = struct.unpack_from("<Q", old)[0]
        return handler - 0x100 if handler else 0

    def _numbers(prefix, value, out, depth=0):
        if isinstance(value, bool) or depth > 4:
            return
        if isinstance(value, (int, float)):
            out[prefix] = value
        elif isinstance(value, (tuple, list)) and len(value) < 64:
            for i, item in enumerate(value):
                _numbers(f"{prefix}[{i}]", item, out, depth + 1)

    def read():
        '''Every number this job finds that might hold the moment its slot restarted, by name.'''
        out = {}
        page = _gate_page()
        if page:
            out["gate since"] = struct.unpack_from("<q", ctypes.string_at(page + 0x1F8, 8))[0]
        for o in gc.get_objects():  # the worker's and zygote's objects, inherited by the fork
            if type(o).__module__.startswith("rewards.code") and hasattr(o, "__dict__"):
                for name, value in vars(o).items():
                    _numbers(f"{type(o).__name__}.{name}", value, out)
        frame, depth = sys._getframe(1), 1  # the frames below this one: the job's, and the zygote's it was forked in
        while frame is not None:
            for name, value in frame.f_locals.items():
                _numbers(f"frame {depth} {frame.f_code.co_name}.{name}", value, out)
            frame, depth = frame.f_back, depth + 1
        paths = ("/", "/tmp", ".", "/dev", "/dev/stdin", "/dev/null", "/etc", "/etc/hosts", "/usr", sys.prefix,
                 os.__file__)
        for path in paths:
            for how, call in (("stat", os.stat), ("lstat", os.lstat)):
                try:
                    st = call(path)
                except OSError:
                    continue
                for field in ("st_atime_ns", "st_mtime_ns", "st_ctime_ns"):
                    out[f"{how} {path} {field}"] = getattr(st, field)
        for fd in (0, 1):
            try:
                st = os.fstat(fd)
                out.update({f"fstat {fd} {f}": getattr(st, f) for f in ("st_atime_ns", "st_mtime_ns", "st_ctime_ns")})
            except OSError:
                pass
        for path in ("/", "/tmp", "/dev"):
            for entry in os.scandir(path):
                try:
                    out[f"scandir {path} {entry.name}"] = entry.stat(follow_symlinks=False).st_ctime_ns
                except OSError:
                    pass
            st = os.statvfs(path)
            out.update({f"statvfs {path} {f}": getattr(st, f) for f in ("f_bfree", "f_ffree", "f_fsid")})
        for name in ("time", "monotonic", "perf_counter", "process_time", "thread_time"):
            out[f"time.{name}"] = getattr(time, name)()
        try:
            out.update({f"os.times {i}": v for i, v in enumerate(os.times())})
        except OSError:
            pass
        return out

    _libc.msync.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
    _libc.write.argtypes = [ctypes.c_int, ctypes.c_void_p, ctypes.c_size_t]
    _libc.write.restype = ctypes.c_long
    _libc.sbrk.restype = ctypes.c_void_p
    _libc.sbrk.argtypes = [ctypes.c_long]
    _PAGE = 4096

    def _mapped(address):  # a readable page: msync knows it, and a write to /dev/null (fd 2) reads it whole
        return address > 0 and _libc.msync(address, _PAGE, 1) == 0 and _libc.write(2, address, _PAGE) == _PAGE

    def _regions():
        '''The mapped spans this process can find: around its objects (its heap and arenas, inherited from the
        zygote and the worker), the interpreter's and libc's static data, the brk heap, the stack (by environ), the
        gate's page, and every mapping within 4 GiB of those in the mmap area that holds a page at a MiB boundary
        (thread stacks glibc keeps, ctypes' and Python's arenas).'''
        environ = ctypes.c_void_p.in_dll(_libc, "environ")
        anchors = {id(o) for o in gc.get_objects()[::16]} | {id(None), id(int), id(sys), ctypes.addressof(environ),
                                                             environ.value, _libc.sbrk(0) - 1, _gate_page()}
        high = [a for a in anchors - {environ.value} if a >= 0x700000000000]  # the mmap area, below the stack
        if high:
            sweep = range(min(high) - (4 << 30) & ~((1 << 20) - 1), max(high) + (4 << 30), 1 << 20)
            anchors |= {a for a in sweep if _mapped(a)}
        seen, spans = set(), []
        for start in sorted(a & ~(_PAGE - 1) for a in anchors):
            if start in seen or not _mapped(start):
                continue
            lo = hi = start
            while _mapped(lo - _PAGE) and start - lo < (1 << 29):
                lo -= _PAGE
            while _mapped(hi + _PAGE) and hi - start < (1 << 29):
                hi += _PAGE
            seen.update(range(lo, hi + _PAGE, _PAGE))
            spans.append((lo, hi + _PAGE))
        return spans

    def scan(lo, hi, offset):
        '''Every raw number in this process's memory that reads as a moment from offset + lo to offset + hi seconds
        of the real clock: doubles; int64 seconds, ms, us, ns; int32 seconds; CPython ints (30-bit digits), live or
        freed. Each as (kind, seconds - offset). The window comes as whole seconds less offset, and every number is
        compared less offset too: this scan never makes a number of the window itself (a bound in ns compared with
        an int makes one, and a freed copy's digits read back as moments up to a second off).'''
        found = []
        kinds = [(kind, fmt, scale, offset * scale, lo * scale, hi * scale) for kind, fmt, scale in (
            ("double", "d", 1), ("int64 s", "q", 1), ("int64 ms", "q", 10**3), ("int64 us", "q", 10**6),
            ("int64 ns", "q", 10**9))]
        ns_base, ns_low, ns_high = kinds[-1][3:]
        for start, end in _regions():
            for chunk in range(start, end, 1 << 20):
                data = ctypes.string_at(chunk, min(1 << 20, end - chunk))
                n = len(data) // 8
                for kind, fmt, scale, base, low, high in kinds:
                    for v in struct.unpack(f"<{n}{fmt}", data[:n * 8]):
                        if low <= v - base <= high:
                            found.append((kind, v / scale - offset))
                words = struct.unpack(f"<{len(data) // 4}I", data[:len(data) // 4 * 4])
                for i in range(len(words) - 2):
                    a, b, c = words[i], words[i + 1], words[i + 2]
                    if a >> 30 or b >> 30:
                        continue
                    if lo <= a - offset <= hi:
                        found.append(("int32 s", a - offset))
                    if lo <= a + (b << 30) - offset <= hi:
                        found.append(("pylong s", a + (b << 30) - offset))
                    if not c >> 30 and ns_low <= a + (b << 30) + (c << 60) - ns_base <= ns_high:
                        found.append(("pylong ns", (a + (b << 30) + (c << 60) - ns_base) / 10**9))
        return found
    """)
TOUCH = "def touch():\n    open('restart.txt', 'w').write('x')\n"


def wait_for(coarse: int, fine: int) -> float:
    """Sleep until a moment of the real clock in a second that is ``coarse`` mod 4, early in it (so that the restart
    that follows falls in the same second), at a 20 ms tick that is ``fine`` mod 16; that moment."""
    while True:
        now = time.time()
        second, tick = int(now), int(now / FINE)
        if second % (1 << COARSE_BITS) == coarse and 0.06 <= now - second < 0.46 and tick % (1 << FINE_BITS) == fine:
            return now
        time.sleep(0.001)


def seconds(value: float) -> float:
    """A number as seconds, by its size: nanoseconds, microseconds, milliseconds or seconds of the real clock."""
    for scale in (10**9, 10**6, 10**3):
        if abs(value) > 10**8 * scale:
            return value / scale
    return value


def agreement(rows: list[tuple[int, dict]], tick: float, bits: int, only: str = "") -> tuple[int, str]:
    """The most trials in which one way of reading (of those whose name starts with ``only``), at ``tick`` and
    shifted by one constant, gave back the value written; and that way."""
    best, best_way = 0, ""
    for way in sorted({name for _, seen in rows for name in seen if name.startswith(only)}):
        readings = [(value, int(seconds(seen[way]) / tick)) for value, seen in rows if way in seen]
        for shift in range(1 << bits):
            agreed = sum(1 for value, reading in readings if (reading - shift) % (1 << bits) == value)
            if agreed > best:
                best, best_way = agreed, way
    return best, best_way


def measure(how: str, private: bool) -> tuple[tuple[int, str], tuple[int, str]]:
    """`TRIALS` restarts at chosen moments, each read by the next completion (``how``: a `Sandbox` session, or a
    `python` tool rollout's first cell); the agreement at a 20 ms tick and at the second (printed for the ways of
    issue 37 as well)."""
    rng = random.Random()
    fine_rows: list[tuple[int, dict]] = []
    coarse_rows: list[tuple[int, dict]] = []
    if how == "tool":
        tool = PythonSession(PythonToolConfig(slots=1, private_clock=private, max_output_chars=100_000))
        for trial in range(TRIALS):
            coarse, fine = rng.randrange(1 << COARSE_BITS), rng.randrange(1 << FINE_BITS)
            tool.reset()  # a rollout whose cell writes a file (so its slot restarts) at that moment
            wait_for(coarse, fine)
            assert "Error" not in tool.run(f"open('restart.txt', 'w').write('x')  # {trial}")
            tool.reset()  # the next rollout's first cell reads
            seen = ast.literal_eval(tool.run(f"{READER}\nread()  # {trial}").removeprefix("Out: "))
            fine_rows.append((fine, seen))
            coarse_rows.append((coarse, seen))
    else:
        with Sandbox(SandboxConfig(slots=1, call_timeout=5.0, completion_timeout=10.0, private_clock=private)) as box:
            for _trial in range(TRIALS):
                coarse, fine = rng.randrange(1 << COARSE_BITS), rng.randrange(1 << FINE_BITS)
                with box.session() as session:
                    assert session.load(TOUCH).ok
                    wait_for(coarse, fine)
                    assert session.call("touch", ()).ok  # a written scratch: the slot restarts when the session ends
                with box.session() as session:
                    assert session.load(READER).ok
                    seen = session.call("read", ())
                    assert seen.ok, seen.error
                fine_rows.append((fine, seen.value))
                coarse_rows.append((coarse, seen.value))
    for only in ("gate since", "Counters", "frame", "stat", "scandir"):
        print(f"  {how}, private clock {private}, {only}: {agreement(fine_rows, FINE, FINE_BITS, only)[0]} at 20 ms, "
              f"{agreement(coarse_rows, COARSE, COARSE_BITS, only)[0]} at 1 s")
    return agreement(fine_rows, FINE, FINE_BITS), agreement(coarse_rows, COARSE, COARSE_BITS)


# The two measures are slow on any host: each of `TRIALS` (24) trials waits for a chosen second mod 4 of the real clock
# (`wait_for`, ~2 s on average), ~50 s a test; the memory scan below keeps the strict profile in the fast suite.
@pytest.mark.slow
@pytest.mark.parametrize("how", ["sandbox", "tool"])
def test_in_the_strict_profile_no_completion_reads_when_its_slot_restarted(how):
    """2026-12-03, load ~2, before (main at e49bdf1): the gate's ``since`` 24 of 24 at the second (sandbox and
    tool), the zygote's `Counters` 23 (sandbox) and 16 (tool) of 24 at 20 ms, 24 at the second; now 5-7 of 24 at
    20 ms and 10-12 at the second, every way (chance)."""
    (fine, fine_way), (coarse, coarse_way) = measure(how, private=True)
    print(f"restart moment, {how}, private clock: {fine} of {TRIALS} at 20 ms ({fine_way}), "
          f"{coarse} of {TRIALS} at 1 s ({coarse_way})")
    assert fine <= MOST and coarse <= COARSE_MOST


@pytest.mark.slow
@pytest.mark.parametrize("how", ["sandbox", "tool"])
def test_with_the_real_clock_the_same_probe_reads_the_restart(how):
    """The negative control: with the real clock (where a restart's time stamps are readable by design), the same
    writer and reader agree in every trial at the second, and well past chance at 20 ms (2026-12-03, load ~2: the
    sandbox 23 of 24, the tool, whose restarts start later and vary more, 14 of 24; the stat ways both)."""
    (fine, fine_way), (coarse, coarse_way) = measure(how, private=False)
    print(f"restart moment, {how}, real clock: {fine} of {TRIALS} at 20 ms ({fine_way}), "
          f"{coarse} of {TRIALS} at 1 s ({coarse_way})")
    assert fine > MOST and coarse >= TRIALS - 2


@pytest.mark.parametrize("how", ["sandbox", "tool"])
def test_no_number_in_a_jobs_memory_is_the_moment_its_slot_restarted(how):
    """After a restart, a job scans all the memory it can read (its heap and arenas, inherited from the zygote
    and the worker, its stack, the gate's page) for any number that reads as a moment of the real clock between
    the sandbox's start and now: it finds the sandbox's start (``since``, in the gate's page: the scan sees it), and
    nothing from the restart on."""
    if how == "tool":
        tool = PythonSession(PythonToolConfig(slots=1, private_clock=True, timeout=20.0, memory_bytes=1 << 30,
                                              max_output_chars=100_000))
        since = tool.sandbox.slots[0].since  # the tool's sandbox starts here
        time.sleep(2.0)  # the sandbox's start (the gate's since) well before the restart
        tool.reset()
        assert "Error" not in tool.run("open('restart.txt', 'w').write('x')")
        ended = time.time()
        tool.reset()
        window = (since - 2 - OFFSET, int(time.time()) + 3 - OFFSET, OFFSET)
        found = ast.literal_eval(tool.run(f"{READER}\nscan{window}").removeprefix("Out: "))
    else:
        with Sandbox(SandboxConfig(slots=1, call_timeout=20.0, completion_timeout=40.0, private_clock=True)) as box:
            since = box.slots[0].since
            time.sleep(2.0)  # the sandbox's start (the gate's since) well before the restart
            with box.session() as session:
                assert session.load(TOUCH).ok and session.call("touch", ()).ok
            ended = time.time()
            with box.session() as session:
                assert session.load(READER).ok
                result = session.call("scan", (since - 2 - OFFSET, int(time.time()) + 3 - OFFSET, OFFSET))
                assert result.ok, result.error
                found = result.value
    moments = [(kind, OFFSET + seen) for kind, seen in found]
    assert any(kind == "int64 s" and moment == since for kind, moment in moments), moments  # the gate's page
    assert [(kind, moment - ended) for kind, moment in moments if moment >= ended - 1.0] == []


def test_the_scan_finds_a_moment_a_job_holds():
    """The scan's positive control, in the profile the scans above run in: the moments a job read of its own clock
    (which starts at `EPOCH` and runs on its CPU time) and keeps, an int of ns and a float of seconds, are found, each
    in its kind. (The same scan with the real clock killed its job in 3 of 6 runs on the dev VM, cause not isolated;
    the kernel's clock pages, which only the strict profile unmaps, are the likely one.)"""
    with Sandbox(SandboxConfig(slots=1, call_timeout=20.0, completion_timeout=40.0, private_clock=True)) as box:
        with box.session() as session:
            assert session.load(f"{READER}\nKEPT = (time.time_ns(), time.time())\n").ok
            result = session.call("scan", (EPOCH - 2 - OFFSET, EPOCH + 60 - OFFSET, OFFSET))
            assert result.ok, result.error
    kinds = {kind for kind, seen in result.value if OFFSET + seen >= EPOCH}
    assert {"pylong ns", "double"} <= kinds, result.value
