"""Red team round 3, the job's neighbours: two completions running at once on two slots must have no channel between
them. Every slot sees the same read-only system and Python files, and some kernel state on a file is shared by
whoever opens it (locks, watches). One channel per case, in the real sandbox: slot A sets,
slot B looks, and B must see nothing.
"""

from __future__ import annotations

import pytest

from rewards.sandbox.local import Sandbox, SandboxConfig

TWO_SLOTS = SandboxConfig(slots=2, call_timeout=3.0, completion_timeout=10.0, memory_bytes=512 << 20)

# Each channel: module code for both slots with setup() (both), send() (A) and seen() (B: whether A got through).
# SHARED is a file every slot sees; any refused call leaves the channel closed.
COMMON = """
import ctypes, fcntl, os, struct, signal
SHARED = os.__file__
libc = ctypes.CDLL(None, use_errno=True)
state = {}
def lock_probe(cmd_get):
    fd = os.open(SHARED, os.O_RDONLY)
    want = struct.pack("hhqqi4x", fcntl.F_WRLCK, 0, 0, 0, 0)
    try:
        got = fcntl.fcntl(fd, cmd_get, want)
    except OSError:
        return False
    return struct.unpack("hhqqi4x", got)[0] != fcntl.F_UNLCK
"""
CHANNELS = {
    "flock": """
def setup():
    state["f"] = open(SHARED)
def send():
    fcntl.flock(state["f"], fcntl.LOCK_SH | fcntl.LOCK_NB)
def seen():
    try:
        fcntl.flock(os.open(SHARED, os.O_RDONLY), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    except OSError:
        return False
    return False
""",
    "posix_lock": """
def setup():
    state["fd"] = os.open(SHARED, os.O_RDONLY)
def send():
    fcntl.fcntl(state["fd"], fcntl.F_SETLK, struct.pack("hhqqi4x", fcntl.F_RDLCK, 0, 0, 0, 0))
def seen():
    return lock_probe(fcntl.F_GETLK)
""",
    "ofd_lock": """
def setup():
    state["fd"] = os.open(SHARED, os.O_RDONLY)
def send():
    fcntl.fcntl(state["fd"], 37, struct.pack("hhqqi4x", fcntl.F_RDLCK, 0, 0, 0, 0))  # F_OFD_SETLK
def seen():
    return lock_probe(36)  # F_OFD_GETLK
""",
    "inotify": """
def setup():
    fd = libc.inotify_init1(os.O_NONBLOCK)
    if fd >= 0 and libc.inotify_add_watch(fd, SHARED.encode(), 0x20 | 0x1) >= 0:  # IN_OPEN | IN_ACCESS
        state["fd"] = fd
def send():
    open(SHARED).read()
def seen():
    try:
        return "fd" in state and len(os.read(state["fd"], 4096)) > 0
    except BlockingIOError:
        return False
""",
    "dnotify": """
def setup():
    state["hits"] = 0
    signal.signal(signal.SIGIO, lambda *_: state.__setitem__("hits", state["hits"] + 1))
    fd = os.open(os.path.dirname(SHARED), os.O_RDONLY)
    try:
        fcntl.fcntl(fd, fcntl.F_NOTIFY, fcntl.DN_ACCESS | fcntl.DN_MULTISHOT)
    except OSError:
        pass
    state["fd"] = fd
def send():
    open(SHARED).read()
def seen():
    import time
    time.sleep(0.1)
    return state["hits"] > 0
""",
}


@pytest.fixture(scope="module")
def box():
    with Sandbox(TWO_SLOTS) as sandbox:
        yield sandbox


@pytest.mark.parametrize("name", list(CHANNELS))
def test_concurrent_slots_have_no_channel(name, box):
    """A lock on a standard-library file carried a 32-bit token from one slot to a concurrent one, which passed a
    test with it; a watch on one let a job see other slots' (and the trainer's) file opens."""
    code = COMMON + CHANNELS[name]
    with box.session() as a, box.session() as b:
        assert a.load(code).ok and b.load(code).ok
        a.call("setup", ())
        b.call("setup", ())
        a.call("send", ())
        seen = b.call("seen", ())
        assert seen.ok and seen.value is False, seen
