"""State a job can set on what it shares with later jobs, and the page cache's residency, read without a clock (red
team round 3: each carried 4 bits in 24 of 24 trials at the defaults). Real sandbox, real processes."""

from __future__ import annotations

import textwrap

import pytest

from rewards.sandbox.local import Sandbox, SandboxConfig

PROBE = textwrap.dedent("""
    import ctypes, errno, fcntl, os
    libc = ctypes.CDLL(None, use_errno=True)
    libc.syscall.restype = ctypes.c_long

    def attempt(f, *args):
        try:
            return f(*args)
        except OSError as e:
            return -e.errno

    def write(fds):
        out = []
        for fd in fds:
            out.append(attempt(fcntl.fcntl, fd, fcntl.F_SETFL, os.O_APPEND | os.O_NONBLOCK))
            out.append(attempt(fcntl.fcntl, fd, 10, 7))  # F_SETSIG
            out.append(attempt(os.setxattr, fd, "user.k", b"7"))
        return out

    def read(fds):
        out = []
        for fd in fds:
            out.append(fcntl.fcntl(fd, fcntl.F_GETFL) & (os.O_APPEND | os.O_NONBLOCK))
            out.append(attempt(fcntl.fcntl, fd, 11))  # F_GETSIG
            out.append(attempt(os.getxattr, fd, "user.k"))
        return out

    def cache_probes():
        buf = ctypes.create_string_buffer(64)
        iov = (ctypes.c_void_p * 2)(ctypes.addressof(buf), 64)
        fd = os.open(os.__file__, os.O_RDONLY)
        nowait = libc.syscall(327, fd, iov, 1, 0, 0, 8), ctypes.get_errno()  # preadv2(RWF_NOWAIT)
        plain = libc.syscall(327, fd, iov, 1, 0, 0, 0)
        usage = libc.syscall(98, 0, ctypes.create_string_buffer(256)), ctypes.get_errno()  # getrusage(SELF)
        return [list(nowait), plain, list(usage)]
    """)
SCRIPT_WRITER = PROBE + "\nprint(write((0, 1)))\n"
SCRIPT_READER = PROBE + "\nprint(read((0, 1)))\n"


@pytest.fixture(scope="module", params=[None, False], ids=["defaults", "real_clock"])
def box(request):
    with Sandbox(SandboxConfig(slots=1, private_clock=request.param)) as box:
        yield box


def test_what_a_module_job_sets_on_its_stdio_dies_with_it(box):
    """fds 0-2 were the zygote's /dev/null, one open file description for every job: flags and F_SETSIG set on it
    were there for the next completion."""
    with box.session() as session:
        assert session.load(PROBE).ok
        written = session.call("write", ((0, 1, 2),)).value
    with box.session() as session:
        assert session.load(PROBE).ok
        read = session.call("read", ((0, 1, 2),)).value
    assert written[1] == written[2] == -1  # F_SETSIG and setxattr are refused (EPERM)
    assert read[0::3] == [0, 0, 0] and read[1::3] == [0, 0, 0], read


def test_what_a_script_sets_on_its_stdin_and_stdout_dies_with_it(box):
    """A script's stdin and stdout are memfds the worker keeps for every script: each script now gets new open file
    descriptions of them, and no extended attribute can be set."""
    with box.session(jobs=2) as session:
        assert session.run_script(SCRIPT_WRITER, "x").ok
        read = session.run_script(SCRIPT_READER, "x").value
    assert read.strip() == "[0, 0, -61, 0, 0, -61]", read  # no flags, no signal, no attribute (ENODATA)


def test_no_job_reads_the_page_cache(box):
    with box.session() as session:
        assert session.load(PROBE).ok
        nowait, plain, usage = session.call("cache_probes", ()).value
    assert nowait == [-1, 1] and usage == [-1, 1]  # EPERM: RWF_NOWAIT reads and getrusage
    assert plain == 64  # a plain preadv2 works
