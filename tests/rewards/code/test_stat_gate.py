"""The stat gate (`inside.statgate`): under `SandboxConfig(private_clock=True)` a job writes files, and every
time stamp it can read of them (and of every directory the slot's restart stamped) is its own clock's (2026-01-01
plus its CPU time); a file of the Python install keeps its real modification time. Real sandbox, real processes.
"""

from __future__ import annotations

import ast
import ctypes
import os
import sys
import textwrap
from pathlib import Path

import pytest

from rewards.sandbox.inside import seccomp
from rewards.sandbox.inside.clocks import EPOCH
from rewards.sandbox.inside.statgate import StatGate
from rewards.sandbox.local import Sandbox, SandboxConfig

PRIVATE = SandboxConfig(slots=1, call_timeout=20.0, completion_timeout=30.0, private_clock=True)
STAMPED = [EPOCH * 10**9] * 3  # access, modification, change times in ns


def own(times: list[int]) -> bool:
    """Times (ns) a job's own clock gave: 2026-01-01 plus at most a minute of CPU time."""
    return all(EPOCH * 10**9 <= t < (EPOCH + 60) * 10**9 for t in times)

PROBES = textwrap.dedent("""
    import ctypes, mmap, os, pathlib, signal, struct
    libc = ctypes.CDLL(None, use_errno=True)
    libc.syscall.restype = ctypes.c_long
    for name in ("mmap", "mremap"):
        getattr(libc, name).restype = ctypes.c_void_p
    BUF = ctypes.create_string_buffer(512)
    PATHS = ("/tmp/d/b.txt", "/tmp/d/f", "/tmp/d", "/tmp/d/l", "/tmp", "/", "/dev", "/dev/null", ".", "/etc")

    def times(st):
        return [st.st_atime_ns, st.st_mtime_ns, st.st_ctime_ns]

    def raw_times():
        a, an, m, mn, c, cn = struct.unpack_from("<6q", BUF, 72)
        return [a * 10**9 + an, m * 10**9 + mn, c * 10**9 + cn]

    def write():
        '''Files and directories made, written, renamed, truncated, changed and linked in /tmp.'''
        os.makedirs("/tmp/d/e")
        with open("/tmp/d/a.txt", "w") as f:
            f.write("x" * 100)
        os.rename("/tmp/d/a.txt", "/tmp/d/b.txt")
        os.truncate("/tmp/d/b.txt", 10)
        os.chmod("/tmp/d/b.txt", 0o600)
        os.utime("/tmp/d/e")
        os.symlink("b.txt", "/tmp/d/l")
        os.rename("/tmp/d/e", "/tmp/d/f")

    def seen(path):
        '''Every set of times the usual ways of reading them show for ``path``.'''
        ways = [os.stat(path), os.lstat(path), pathlib.Path(path).stat(), pathlib.Path(path).lstat(),
                os.stat(os.path.basename(path) or "/", dir_fd=os.open(os.path.dirname(path) or "/", os.O_RDONLY))]
        if not os.path.islink(path):
            fd = os.open(path, os.O_RDONLY)
            ways.append(os.fstat(fd))
            os.close(fd)
        if os.path.isdir(path) and path.startswith(("/tmp", "/dev")):  # "/", "/etc": the host's files, bound
            entries = list(os.scandir(path))
            ways += [e.stat(follow_symlinks=False) for e in entries]
            ways += [e.stat() for e in entries if os.path.exists(e.path)]  # /dev/ptmx: a link to nothing
        return sorted({tuple(times(st)) for st in ways})

    def files():
        write()
        return {path: seen(path) for path in PATHS}

    def installed():
        return times(os.stat(os.__file__)), times(os.stat(os.path.dirname(os.__file__)))

    def gate():
        '''The gate's page: its SIGSYS handler's, read back with rt_sigaction (no new action: allowed).'''
        assert libc.syscall(13, 31, None, BUF, 8) == 0
        return struct.unpack_from("<Q", BUF)[0] & ~0xFFF

    def stub(code):
        page = mmap.mmap(-1, 4096, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS,
                         prot=mmap.PROT_READ | mmap.PROT_WRITE | mmap.PROT_EXEC)
        page.write(code)
        STUBS.append(page)
        return ctypes.addressof(ctypes.c_char.from_buffer(page))

    STUBS = []

    def jump(number, target):
        '''mov eax, number; mov r10, rcx; movabs r11, target; jmp r11: a system call made from the gate's own
        syscall instruction, with any number.'''
        code = b"\\xb8" + struct.pack("<i", number) + b"\\x49\\x89\\xca\\x49\\xbb" + struct.pack("<Q", target)
        return stub(code + b"\\x41\\xff\\xe3")

    def raw():
        '''The stat calls made raw from anywhere, and through the gate entered every other way.'''
        path, spare = ctypes.create_string_buffer(b"/tmp", 256), ctypes.create_string_buffer(256)
        page, out = gate(), {}
        four = ctypes.CFUNCTYPE(ctypes.c_long, ctypes.c_long, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_long)
        tries = {
            "fstat(0)": lambda: libc.syscall(5, 0, BUF),
            "fstat(cwd)": lambda: libc.syscall(5, os.open(".", os.O_RDONLY), BUF),
            "newfstatat(/tmp)": lambda: libc.syscall(262, -100, b"/tmp", BUF, 0),
            "newfstatat(0, AT_EMPTY_PATH)": lambda: libc.syscall(262, 0, b"", BUF, 0x1000),
            "the fstat gate called": lambda: four(page)(0, ctypes.addressof(BUF), 0, 0),
            "the newfstatat gate called": lambda: four(page + 16)(
                -100, ctypes.addressof(path), ctypes.addressof(BUF), 0),
            "fstat at its syscall": lambda: four(jump(5, page + 5))(0, ctypes.addressof(BUF), 0, 0),
            "newfstatat at fstat's syscall": lambda: four(jump(262, page + 5))(
                -100, ctypes.addressof(path), ctypes.addressof(BUF), 0),
            "fstat at newfstatat's syscall": lambda: four(jump(5, page + 21))(
                0, ctypes.addressof(BUF), ctypes.addressof(spare), 0),
        }
        for name, call in tries.items():
            BUF[:] = bytes(512)
            out[name] = [call(), raw_times()]
        return out

    def seal():
        '''What a job may do to the gate's page and its handler: each refused.'''
        page = gate()
        out = {"munmap": libc.munmap(ctypes.c_void_p(page), 4096),
               "mprotect": libc.mprotect(ctypes.c_void_p(page), 4096, 7),
               "madvise(DONTNEED)": libc.madvise(ctypes.c_void_p(page), 4096, 4),
               "mremap": libc.mremap(ctypes.c_void_p(page), 4096, 8192, 1) in (None, 2**64 - 1),
               "mmap(MAP_FIXED)": libc.mmap(ctypes.c_void_p(page), 4096, 7, 0x32, -1, 0) in (None, 2**64 - 1)}
        for name, sig, handler in (("a handler", signal.SIGUSR1, lambda *a: None), ("SIGSYS default",
                                   signal.SIGSYS, signal.SIG_DFL), ("SIGSYS ignored", signal.SIGSYS, signal.SIG_IGN)):
            try:
                signal.signal(sig, handler)
                out[name] = "installed"
            except OSError as e:
                out[name] = e.errno
        return out

    def blocked():
        signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGSYS])
        return os.stat("/tmp").st_mtime_ns

    def partial():
        '''A buffer that ends inside struct stat: the kernel writes a prefix (EFAULT), the fix-up faults.'''
        two = libc.mmap(None, 8192, 3, 0x22, -1, 0)
        libc.mprotect(ctypes.c_void_p(two + 4096), 4096, 0)
        return libc.syscall(262, -100, b"/tmp", ctypes.c_void_p(two + 4096 - 80), 0), ctypes.string_at(two + 4016, 80)
    """)


@pytest.fixture(scope="module")
def box():
    with Sandbox(PRIVATE) as sandbox:
        yield sandbox


def run(box: Sandbox, name: str):
    with box.session() as session:
        assert session.load(PROBES).ok
        return session.call(name, ())


def test_a_job_writes_files_and_reads_only_the_epoch_in_their_times(box):
    found = run(box, "files")
    assert found.ok, found.error
    assert {path: times for path, times in found.value.items() if not all(own(t) for t in times)} == {}


def test_a_file_of_the_python_install_keeps_its_modification_time(box):
    (atime, mtime, ctime), directory = run(box, "installed").value
    assert mtime == os.stat(os.__file__).st_mtime_ns != EPOCH * 10**9  # .pyc validation reads it
    assert atime == ctime == EPOCH * 10**9
    assert own(directory)  # a host process writing a __pycache__ there would stamp it


def test_a_python_file_the_host_writes_after_the_slot_started_reads_the_jobs_clock(box):
    """The kept devices are the host's: a file written there after the sandbox started (a __pycache__ the trainer's
    first import of a module makes, at a moment that may follow one a completion chose) reads the job's clock."""
    written = Path(sys.prefix) / f"rlvr-stat-gate-{os.getpid()}.txt"
    written.write_text("x")
    try:
        with box.session() as session:
            assert session.load("import os\ndef times(p):\n    st = os.stat(p)\n"
                                "    return [st.st_atime_ns, st.st_mtime_ns, st.st_ctime_ns]\n").ok
            new, old = (session.call("times", (str(path),)).value for path in (written, os.__file__))
    finally:
        written.unlink()
    assert own(new), new
    assert old[1] == os.stat(os.__file__).st_mtime_ns  # older than the slot: kept


def test_a_scripts_stdin_and_stdout_read_the_epoch(box):
    script = "import os\nprint(os.fstat(0).st_mtime_ns, os.fstat(1).st_ctime_ns, os.fstat(1).st_atime_ns)"
    with box.session() as session:
        result = session.run_script(script, "some input\n")
    assert result.ok and own([int(t) for t in result.value.split()]), result


def test_no_way_into_the_gate_reads_a_raw_time(box):
    found = run(box, "raw").value
    assert {name: got for name, got in found.items() if got[0] != 0 or not own(got[1])} == {}


def test_the_gate_page_and_the_handler_cannot_be_changed(box):
    found = run(box, "seal").value
    assert found == {"munmap": -1, "mprotect": -1, "madvise(DONTNEED)": -1, "mremap": True, "mmap(MAP_FIXED)": True,
                     "a handler": 1, "SIGSYS default": 1, "SIGSYS ignored": 1}


@pytest.mark.parametrize("name", ["blocked", "partial"])
def test_a_stat_the_gate_cannot_fix_ends_the_job(box, name):
    """SIGSYS blocked: the kernel kills the job at the trap; a buffer the kernel filled only in part: the fix-up's
    write faults inside the handler, with every signal blocked."""
    result = run(box, name)
    assert not result.ok and result.job_ended, result


HONEST = textwrap.dedent("""
    import csv, os, sqlite3, sys, tempfile, time

    def honest():
        with open("rows.csv", "w", newline="") as f:
            csv.writer(f).writerows([["a", "b"], [1, 2], [3, 4]])
        with open("rows.csv", newline="") as f:
            rows = list(csv.reader(f))
        import pandas
        pandas.DataFrame({"x": [1, 2], "y": [3.5, 4.5]}).to_csv("frame.csv", index=False)
        frame = pandas.read_csv("frame.csv")
        with tempfile.NamedTemporaryFile("w+", suffix=".txt") as f:
            f.write("kept")
            f.flush()
            temp = open(f.name).read()
        try:
            db = sqlite3.connect("notes.db")
            db.execute("create table t (x)")
            db.execute("insert into t values (42)")
            db.commit()
            sql = db.execute("select x from t").fetchall()
        except sqlite3.Error as e:
            sql = f"{type(e).__name__}: {e}"
        return [rows, frame.to_dict("list"), temp, sql]
    """)


def test_honest_code_writes_and_reads_back_its_files(box):
    with box.session() as session:
        assert session.load(HONEST).ok
        result = session.call("honest", ())
    assert result.ok, result.error
    rows, frame, temp, sql = result.value
    assert rows == [["a", "b"], ["1", "2"], ["3", "4"]] and frame == {"x": [1, 2], "y": [3.5, 4.5]}
    assert temp == "kept"
    print(f"sqlite3 on a file: {sql}")


PYC_CHECK = textwrap.dedent("""
    import importlib, importlib.util, os
    def pyc_valid(name):
        # whether the source's modification time, as the job reads it, is the one its .pyc records
        source = importlib.import_module(name).__file__
        with open(importlib.util.cache_from_source(source), "rb") as f:
            header = f.read(16)
        if int.from_bytes(header[4:8], "little") != 0:  # a hash-based .pyc: no time in it
            return None
        return int(os.stat(source).st_mtime) & 0xFFFFFFFF == int.from_bytes(header[8:12], "little")
    """)


@pytest.mark.parametrize("module", ["sympy", "numpy.linalg", "json.decoder"])
def test_imports_use_their_cached_bytecode(box, module):
    """The gate traps every stat glibc makes, but a source file of the Python install keeps its modification time,
    which the import system compares with its .pyc: an import in a job compiles nothing anew."""
    with box.session() as session:
        assert session.load(PYC_CHECK).ok
        result = session.call("pyc_valid", (module,))
    if result.ok and result.value is None:
        pytest.skip(f"{module}'s .pyc is hash-based")
    assert result.ok and result.value is True, result.error


def _in_a_child(gate: StatGate | None, tmp: str) -> dict[str, int]:
    """Errnos (0: done) of file calls in a forked child under the private-clock layer alone, built with ``gate``
    (armed in the child) or without one, as where ``mseal`` is missing."""
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read)
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl.argtypes = [ctypes.c_int, ctypes.c_ulong, ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong]
        ips = gate and (gate.fstat_ip, gate.newfstatat_ip)
        ok = (gate is None or gate.take(libc)) and seccomp.install(
            seccomp._compile(seccomp._private_clock_rules(seccomp.X86_64, ips or None)), libc)
        found = {}
        for name, call in {"creat": lambda: os.close(os.open(f"{tmp}/f", os.O_CREAT | os.O_WRONLY, 0o600)),
                           "mkdir": lambda: os.mkdir(f"{tmp}/d"), "fstat(0)": lambda: os.fstat(0),
                           "stat": lambda: os.stat(tmp)}.items():
            try:
                call()
                found[name] = 0
            except OSError as e:
                found[name] = e.errno or -1
        found["mtime"] = os.stat(tmp).st_mtime_ns if gate is not None else 0
        os.write(write, repr((ok, found)).encode())
        os._exit(0)
    os.close(write)
    with os.fdopen(read) as f:
        ok, found = ast.literal_eval(f.read())
    os.waitpid(pid, 0)
    assert ok
    return found


def test_without_mseal_the_layer_refuses_files_as_before(tmp_path):
    """Where the worker could not seal a gate it makes none: the jobs' layer then refuses every file change and
    fstat of fds 0 and 1 (the rules before the gate); with one, the same calls work and read the job's own time."""
    assert _in_a_child(None, str(tmp_path)) == {"creat": 1, "mkdir": 1, "fstat(0)": 1, "stat": 0, "mtime": 0}
    found = _in_a_child(StatGate((), 0), str(tmp_path))
    assert found.pop("mtime") // 10**9 == EPOCH  # this process's CPU clock: a few seconds into 2026-01-01
    assert found == {"creat": 0, "mkdir": 0, "fstat(0)": 0, "stat": 0}
