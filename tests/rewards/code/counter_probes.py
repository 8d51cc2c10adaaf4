"""Job code that tries to carry a number from one completion to the next through a counter the kernel or the slot
keeps: a writer job sets the counter so that the next reader sees ``v`` in its low bits, a reader job reports what
it sees. Each probe tries every way it knows to move and to read its counter and reports ``None`` for what the
sandbox refused, so a probe measures the channel, not one syscall.

Used by test_counter_channels.py and test_learned_key.py.
"""

from __future__ import annotations

import textwrap

# Each probe is a module with ``write(v, k)`` (leave the counter so that the next job reads ``v`` mod 2**k) and
# ``read(k)`` (a list of readings mod 2**k, None where a way of reading was refused). Pinning to CPU 0 matters only
# for the per-CPU counters; it is tried and ignored where refused.
COMMON = textwrap.dedent("""
    import os, time
    def _pin():
        try:
            os.sched_setaffinity(0, {0})
        except OSError:
            pass
    def _first(ways):
        for way in ways:
            try:
                return way()
            except Exception:
                pass
        return None
    def _advance(ways, v, k):
        # With the first way that works, draw values until the next one is v mod 2**k (True: the counter is set,
        # or as near as 4096 draws get; False: every way was refused).
        for way in ways:
            try:
                n = way()
            except Exception:
                continue
            for _ in range(1 << 12):
                if (n + 1) % (1 << k) == v:
                    return True
                n = way()
            return True
        return False
    """)

# The inode number the kernel hands a new pipe, socket, or /proc entry (get_next_ino: one counter, handed out per
# CPU in batches of 1024).
INODE = COMMON + textwrap.dedent("""
    def _pipe():
        r, w = os.pipe()
        ino = os.fstat(r).st_ino
        os.close(r); os.close(w)
        return ino
    def _socket():
        import socket
        a, b = socket.socketpair()
        ino = os.fstat(a.fileno()).st_ino
        a.close(); b.close()
        return ino
    def _proc():
        fd = os.open("/dev/null", os.O_RDONLY)
        try:
            return os.stat("/proc/self/fdinfo/%d" % fd).st_ino
        finally:
            os.close(fd)
    WAYS = (_pipe, _socket, _proc)
    def write(v, k):
        _pin()
        return _advance(WAYS, v, k)
    def read(k):
        _pin()
        seen = []
        for way in WAYS:
            try:
                seen.append(way() % (1 << k))
            except Exception:
                seen.append(None)
        for fd in range(64):
            try:
                seen.append(os.fstat(fd).st_ino % (1 << k))
            except OSError:
                pass
        return seen
    """)

# The next pid of the slot's pid namespace (a thread takes one too).
PID = COMMON + textwrap.dedent("""
    import threading
    def _thread():
        t = threading.Thread(target=int)
        t.start(); t.join()
        return t.native_id
    def _fork():
        pid = os.fork()
        if pid == 0:
            os._exit(0)
        os.waitpid(pid, 0)
        return pid
    def write(v, k):
        return _advance((_thread, _fork), v, k)
    def _pidfs():  # a pidfd's inode number: pidfs numbers every process and thread of the host in turn
        fd = os.pidfd_open(os.getpid())
        try:
            return os.fstat(fd).st_ino
        finally:
            os.close(fd)
    def read(k):
        pidfs = _first([_pidfs])
        return [os.getpid() % (1 << k), None if pidfs is None else pidfs % (1 << k)]
    """)

# The next inode number of the slot's scratch tmpfs.
TMPFS = COMMON + textwrap.dedent("""
    def _file():
        fd = os.open("/tmp", os.O_TMPFILE | os.O_WRONLY, 0o600)
        try:
            return os.fstat(fd).st_ino
        finally:
            os.close(fd)
    def _named():
        path = "/tmp/probe-%d" % time.monotonic_ns()
        fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
        try:
            return os.fstat(fd).st_ino
        finally:
            os.close(fd)
            os.unlink(path)
    def write(v, k):
        return _advance((_file, _named), v, k)
    def read(k):
        seen = [_first([way]) for way in (_file, _named)]
        return [None if x is None else x % (1 << k) for x in seen]
    """)

# The inode number of the kernel's shmem mount (memfds; every shared anonymous mapping takes one too), read by a
# script job on the stdin and stdout it is given (its reading is printed: a script answers with its stdout).
SHMEM = COMMON + textwrap.dedent("""
    import mmap
    def _memfd():
        fd = os.memfd_create("probe")
        try:
            return os.fstat(fd).st_ino
        finally:
            os.close(fd)
    def _mapping():
        fd = os.open("/dev/zero", os.O_RDWR)
        try:
            mmap.mmap(fd, 4096).close()
        finally:
            os.close(fd)
    def _anonymous():
        mmap.mmap(-1, 4096).close()
    def write(v, k):
        for cpu in (0, 1):  # the worker makes the script's memfds on whichever CPU it runs
            try:
                os.sched_setaffinity(0, {cpu})
            except OSError:
                pass
            for step in (_anonymous, _mapping):
                try:
                    ino = _memfd()
                except Exception:
                    ino = None
                try:
                    for _ in range(1 << 11):
                        if ino is not None and (ino + 1) % (1 << k) == v:
                            break
                        step()
                        ino = None if ino is None else ino + 1
                    break
                except Exception:
                    continue
        return True
    """)
SCRIPT_READER = "import os\nprint([os.fstat(fd).st_ino % {m} for fd in (0, 1)])\n"

# When the previous job ended: the writer ends at a clock tick (10 ms) it chose; the reader looks at the times the
# slot stamped after it (its own start time, the scratch directory's times).
TICK = 0.01
ENDTIME = COMMON + textwrap.dedent("""
    TICK = 0.01
    def write(v, k):
        # end just after a tick whose number is v mod 2**k (the teardown then follows within a tick or so)
        while int(time.clock_gettime(time.CLOCK_BOOTTIME) / TICK) % (1 << k) != v:
            time.sleep(TICK / 10)
        return True
    def _start():
        fields = open("/proc/self/stat").read().rsplit(")", 1)[1].split()
        hz = os.sysconf("SC_CLK_TCK")
        return int(int(fields[19]) / hz / TICK)
    def _stamps():
        st = os.stat("/tmp")
        return [st.st_ctime_ns, st.st_mtime_ns, st.st_atime_ns]
    def read(k):
        seen = [_first([_start])]
        try:
            stamps = _stamps()
        except OSError:
            stamps = [None] * 3
        # stamps are on CLOCK_REALTIME: convert to boot ticks
        offset = time.clock_gettime(time.CLOCK_BOOTTIME) - time.time()
        seen += [None if s is None else int((s / 1e9 + offset) / TICK) for s in stamps]
        return [None if s is None else s % (1 << k) for s in seen]
    """)

# The same end, read from the clock at the reader's start (when it waited for the slot) and from the scratch's times
# after a restart the writer forced (touching the scratch): timing channels, not closed (docs/sandbox.md).
START = COMMON + textwrap.dedent("""
    TICK = 0.01
    def write(v, k, restart):
        while int(time.clock_gettime(time.CLOCK_BOOTTIME) / TICK) % (1 << k) != v:
            time.sleep(TICK / 20)
        if restart:
            os.utime("/tmp")
        return True
    def read(k):
        offset = time.clock_gettime(time.CLOCK_BOOTTIME) - time.time()
        st = os.stat("/tmp")
        now = int(time.clock_gettime(time.CLOCK_BOOTTIME) / TICK)
        stamps = [int((s / 1e9 + offset) / TICK) for s in (st.st_ctime_ns, st.st_mtime_ns)]
        return [x % (1 << k) for x in (*stamps, now)]
    """)

PROBES = {"inode": INODE, "pid": PID, "tmpfs_inode": TMPFS, "end_time": ENDTIME}
