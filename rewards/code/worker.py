"""The processes that live inside the sandbox: the worker relays the trusted side's requests to one job at a time
and the job's plain-data answers back; a zygote, forked from it before the first request, forks every job.

This file is never imported by the trusted side: `rewards.code.sandbox` reads its source and starts it as
``python -I -c <source> <config-json>`` inside bubblewrap, so it may use the standard library only. It trusts
nothing it receives from a job child; the trusted side trusts nothing this process sends (it decodes strictly).
Jobs run under their own uid, which the zygote holds saved to hand over and the worker not at all; the zygote never
sees a job's code, arguments or answers, so no job inherits anything of an earlier one's in its memory.

Protocol, over its stdin/stdout: 4-byte big-endian length + JSON, one reply per request. (Between the worker and a
job the frames are alike, but what the worker sends a job is marshal: see `to_job`.)
  ``{"op": "load", "code", "timeout"}``  fork a child that executes ``code`` as a module (in the namespace of the
      config's trusted ``prelude``, run once at start) and then serves calls; with ``"call"`` (the fields of a call
      request) it serves that call too once the code ran, and one reply answers both (``"called"``: the call's);
      with ``"end": seconds`` the session ends right after that reply, as ``end`` would, and a second reply is the
      teardown's report (``end``'s reply)
  ``{"op": "call", "do", "name", "handle", "args", "timeout"}``  use the loaded module: ``do`` is "call" (the function
      ``name``, or the object ``handle``), "getattr"/"setattr" (attribute ``name``), "iter", "next", "len" or "getitem"
      on the object ``handle``; args and result are tagged data
  ``{"op": "script", "code", "stdin", "timeout"}``  run ``code`` as ``__main__`` with ``stdin``; reply its stdout
  ``{"op": "end", "timeout"}``  kill everything the job started and wipe the scratch directory within ``timeout``,
      and report whether both worked and the worker and zygote are as they started

A result that is not plain data stays in the job, in a table of at most ``max_handles`` objects, and crosses as a
handle ``["H", hex id, type name]``; handles in arguments are looked up in that table. The table dies with the job.
"""

import contextlib
import ctypes
import json
import marshal
import os
import platform
import resource
import select
import signal
import socket
import struct
import sys
import time

MAX_DEPTH = 100
# Imported once here, before the uid switch, so every job inherits them: faster jobs, and they load even where the
# interpreter's own directory is not readable by the slot's uid (weak mode, interpreter under /root).
PRELOAD = ("array", "bisect", "cmath", "collections", "copy", "datetime", "decimal", "fractions", "functools",
           "hashlib", "heapq", "itertools", "math", "operator", "random", "re", "statistics", "string", "typing")
READY = b"r"  # what the spare job says once it has taken its limits, before it waits for its first frame
SPARE_S = 2.0  # how long the worker waits for a spare to be ready before it forks a job on demand instead
ALLOWED_SOCKET_FAMILY = 1  # AF_UNIX only; the network namespace is empty anyway

# x86_64 syscall numbers a job never needs: tracing, namespaces, mounts, kernel modules, keyrings, io_uring, IPC...
DENIED_X86_64 = (101, 165, 166, 155, 161, 272, 308, 250, 248, 249, 321, 298, 323, 246, 320, 175, 313, 176, 169,
                 167, 168, 163, 310, 311, 425, 426, 427, 312, 304, 303, 300, 179, 172, 173, 135, 42, 49, 50, 43, 288,
                 103,  # syslog: the host's kernel log
                 # SysV shm/sem/msg and POSIX message queues: objects in the slot's IPC namespace outlive the job that
                 # made them, so they would carry state (and charged memory) into the next completion on the slot.
                 29, 30, 31, 64, 65, 66, 67, 68, 69, 70, 71, 220, 240, 241, 242, 243, 244, 245,
                 # flock, inotify: every slot sees the same read-only system files, so a lock or a watch on one is a
                 # channel to concurrent slots (and a view of the trainer's file opens). fcntl locks: FCNTL_DENIED.
                 73, 253, 254, 294,
                 # mincore, fadvise64, readahead, cachestat: read or evict the page cache of shared files (a channel
                 # between slots that needs no timing).
                 27, 221, 187, 451,
                 # pidfd_send_signal, pidfd_getfd, process_madvise, process_mrelease: act on a process through a pidfd
                 # (a /proc directory is one), past the pid checks below.
                 424, 438, 440, 448)
NAMESPACE_FLAGS = 0x7E020000  # CLONE_NEW{NS,CGROUP,UTS,IPC,USER,PID,NET}
# fcntl commands refused: record locks (F_GETLK/SETLK/SETLKW, OFD), leases, dnotify (F_NOTIFY), F_SETOWN(_EX)
# (SIGIO to any process of the job's uid, which includes its worker).
FCNTL_DENIED = (5, 6, 7, 36, 37, 38, 1024, 1025, 1026, 8, 15)
# Calls that act on a process given by its pid: a job may aim them at itself (pid 0) only. Jobs run under another uid
# than their worker, which stops these already; this also holds where slot uids are missing (weak mode).
SELF_ONLY = {302: ((0, (0,)),),  # prlimit64(pid)
             141: ((0, (0,)), (1, (0,))),  # setpriority(PRIO_PROCESS, 0): not PRIO_USER (every process of the uid)
             203: ((0, (0,)),), 144: ((0, (0,)),), 142: ((0, (0,)),), 314: ((0, (0,)),),  # sched_set{affinity,...}
             251: ((0, (1,)), (1, (0,))),  # ioprio_set(IOPRIO_WHO_PROCESS, 0)
             256: ((0, (0,)),), 279: ((0, (0,)),)}  # migrate_pages, move_pages
SIGNALS = (62, 200, 234, 129, 297, 434)  # kill, tkill, tgkill, rt_sigqueueinfo, rt_tgsigqueueinfo, pidfd_open
PIDFD_SEND_SIGNAL = 424
IOCTL_DENIED = (0x8901, 0x8902)  # FIOSETOWN, SIOCSPGRP: F_SETOWN by another name


def dumps(obj):
    """``obj`` as compact JSON bytes."""
    return json.dumps(obj, separators=(",", ":")).encode() if _ENCODE is None else "".join(_ENCODE(obj, 0)).encode()


# json.dumps less its Python layers (keyword checks, a new encoder each call): a job encodes its answer right after
# its fork, where every object it touches costs it a page copy. No cycle check (markers None): what it encodes is
# tagged data or a decoded frame, trees both; nesting is bounded by the recursion limit, as in json.dumps.
_ENCODE = json.encoder.c_make_encoder and json.encoder.c_make_encoder(
    None, None, json.encoder.encode_basestring_ascii, None, ":", ",", False, False, True)


def send(fd, obj, dumps=dumps):
    """One frame of ``obj``: compact JSON, or ``dumps(obj)`` (`to_job`)."""
    data = dumps(obj)
    view = memoryview(struct.pack(">I", len(data)) + data)  # one write: the reader wakes once, not per part
    while view:
        view = view[os.write(fd, view):]


def to_job(fd, obj):
    """A frame from the worker to its job, in marshal: the job trusts what its worker sends, and marshal.loads is
    one C call, where json.loads runs a Python decoder whose every object the freshly forked job then writes to
    (reference counts), copying ~100 pages per job. Never the other way: marshal is not safe against crafted data."""
    send(fd, obj, marshal.dumps)


def from_worker(fd):
    """A frame `to_job` sent; None on EOF."""
    return recv(fd, loads=marshal.loads)


def recv(fd, deadline=None, limit=1 << 30, loads=json.loads):
    """One frame from ``fd``; None on EOF, timeout, or a frame over ``limit`` bytes."""
    return receive(fd, deadline, limit, loads)[0]


def receive(fd, deadline=None, limit=1 << 30, loads=json.loads):
    """One frame from ``fd`` and, when there is none, why: (frame, None), or (None, "eof" | "late" | "large")."""
    head, why = _read_exact(fd, 4, deadline)
    if head is None:
        return None, why
    (size,) = struct.unpack(">I", head)
    if size > limit:
        return None, "large"
    body, why = _read_exact(fd, size, deadline)
    return (None, why) if body is None else (loads(body), None)


def _read_exact(fd, n, deadline):
    chunks, got = [], 0
    while got < n:
        if deadline is not None:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([fd], [], [], left)[0]:
                return None, "late"
        try:
            chunk = os.read(fd, min(n - got, 1 << 20))
        except ConnectionResetError:  # the peer died with unread data in its socket
            chunk = b""
        if not chunk:
            return None, "eof"
        chunks.append(chunk)
        got += len(chunk)
    return b"".join(chunks), None


def encode(x, depth=0, handles=None):
    """Tagged plain data; anything else becomes a handle into ``handles``, or is refused without a table."""
    if depth > MAX_DEPTH:
        raise TypeError("value nested too deeply")
    t, d, h = type(x), depth + 1, handles
    if x is None:
        return ["N"]
    if t is bool:
        return ["B", x]
    if t is int:
        return ["I", hex(x)]
    if t is float:
        return ["F", repr(x)]
    if t is complex:
        return ["C", repr(x.real), repr(x.imag)]
    if t is str:
        return ["S", x]
    if t is bytes:
        return ["Y", x.hex()]
    if t in (list, tuple, set, frozenset):
        return [{list: "L", tuple: "T", set: "E", frozenset: "Z"}[t], [encode(v, d, h) for v in x]]
    if t is dict:
        return ["D", [[encode(k, d, h), encode(v, d, h)] for k, v in x.items()]]
    if handles is not None:
        return handles.tag(x)
    raise TypeError(f"cannot return a {t.__name__}: only builtin plain data crosses the sandbox")


class Handles:
    """The job's objects the trusted side holds handles to, by id; each object gets one id."""

    def __init__(self, limit):
        self.limit, self.objects, self.ids = limit, {}, {}

    def tag(self, x):
        hid = self.ids.get(id(x))
        if hid is None:
            if len(self.objects) >= self.limit:
                raise RuntimeError(f"more than {self.limit} objects held for the tests")
            hid = self.ids[id(x)] = len(self.objects) + 1
            self.objects[hid] = x  # kept alive, so its id() is never reused while the job lives
        name = type(x).__name__
        return ["H", hex(hid), name if type(name) is str and len(name) <= 64 and name.isidentifier() else "object"]

    def get(self, hid):
        if type(hid) is not str or hid[:2] != "0x" or len(hid) > 18 or int(hid, 16) not in self.objects:
            raise LookupError("no such object in this job")
        return self.objects[int(hid, 16)]


# Built once: a job decodes its arguments right after its fork, where every object it makes costs page copies.
SCALARS = {"N": lambda x: None, "B": lambda x: bool(x[1]), "I": lambda x: int(x[1], 16),
           "F": lambda x: float(x[1]), "C": lambda x: complex(float(x[1]), float(x[2])), "S": lambda x: str(x[1]),
           "Y": lambda x: bytes.fromhex(x[1])}
COLLECTIONS = {"L": list, "T": tuple, "E": set, "Z": frozenset}


def decode(x, handles=None):
    tag = x[0]
    if tag == "H":
        return handles.get(x[1])
    if tag in SCALARS:
        return SCALARS[tag](x)
    if tag == "D":
        return {decode(k, handles): decode(v, handles) for k, v in x[1]}
    return COLLECTIONS[tag](decode(v, handles) for v in x[1])


class _Filter(ctypes.Structure):
    _fields_ = [("code", ctypes.c_ushort), ("jt", ctypes.c_ubyte), ("jf", ctypes.c_ubyte), ("k", ctypes.c_uint)]


class _Program(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.POINTER(_Filter))]


ALLOW, EPERM, ENOSYS = 0x7FFF0000, 0x00050000 | 1, 0x00050000 | 38
LD, JEQ, JGE, JSET, RET = 0x20, 0x15, 0x35, 0x45, 0x06


def _arg(i):
    return 16 + 8 * i  # the low word of argument i: pid_t and int arguments are read from it alone by the kernel


def _allow_only(checks):
    """BPF body: allow when every argument ``i`` of ``checks`` is one of its values, else EPERM."""
    body = []
    for i, values in checks:
        body.append((LD, 0, 0, _arg(i)))
        body += [(JEQ, len(values) - j, 0, v & 0xFFFFFFFF) for j, v in enumerate(values)]
        body.append((RET, 0, 0, EPERM))
    return body + [(RET, 0, 0, ALLOW)]


def _deny_when(i, values):
    """BPF body: EPERM when argument ``i`` is one of ``values``, else allow."""
    body = [(LD, 0, 0, _arg(i))] + [(JEQ, len(values) - j, 0, v & 0xFFFFFFFF) for j, v in enumerate(values)]
    return body + [(RET, 0, 0, ALLOW), (RET, 0, 0, EPERM)]


def seccomp_programs(protected=()):
    """The jobs' deny-list BPF filter for x86_64 as two stacked layers (built once per worker), (None, None)
    elsewhere: the base, which the zygote installs in itself once so that every job inherits it, and the rules on
    signals and pidfds, which each job adds (the zygote could not live under them: it kills the jobs' processes
    with ``kill(-1)`` and pidfds). A job's calls pass both; installing the short one costs a job about half of what
    installing the whole filter did (the kernel checks, JIT-compiles and emulates a filter per syscall number).

    ``protected``: pids no signal of a job may reach (its worker, its process group, the sandbox's init, -1).
    """
    if platform.machine() != "x86_64":
        return None, None
    base = {nr: [(RET, 0, 0, EPERM)] for nr in DENIED_X86_64 if nr != PIDFD_SEND_SIGNAL}
    base.update({56: [(LD, 0, 0, _arg(0)), (JSET, 0, 1, NAMESPACE_FLAGS), (RET, 0, 0, EPERM), (RET, 0, 0, ALLOW)],
                 41: _allow_only([(0, (ALLOWED_SOCKET_FAMILY,))]), 72: _deny_when(1, FCNTL_DENIED),
                 16: _deny_when(1, IOCTL_DENIED), **{nr: _allow_only(checks) for nr, checks in SELF_ONLY.items()}})
    signals = {PIDFD_SEND_SIGNAL: [(RET, 0, 0, EPERM)],
               **{nr: _deny_when(0, tuple(protected)) for nr in SIGNALS if protected}}
    return _compile(base), _compile(signals)


def _compile(rules):
    """A filter program: the architecture and ABI checks, then each syscall number's rule, else allow."""
    prog = [(LD, 0, 0, 4), (JEQ, 1, 0, 0xC000003E), (RET, 0, 0, 0x80000000), (LD, 0, 0, 0),
            (JGE, 0, 1, 0x40000000), (RET, 0, 0, EPERM), (JEQ, 0, 1, 435), (RET, 0, 0, ENOSYS)]
    for nr, body in rules.items():
        prog += [(JEQ, 0, len(body), nr), *body]  # a body always returns, so the next rule still sees the number
    prog.append((RET, 0, 0, ALLOW))
    filters = (_Filter * len(prog))(*[_Filter(*ins) for ins in prog])
    return filters, _Program(len(prog), filters)


def install_seccomp(program, libc):
    """Install ``program`` (from `seccomp_programs`) in this process; False where the kernel refuses."""
    if program is None:
        return False
    if libc.prctl(38, 1, None, 0, 0) != 0:  # PR_SET_NO_NEW_PRIVS
        return False
    return libc.prctl(22, 2, ctypes.addressof(program[1]), 0, 0) == 0  # PR_SET_SECCOMP, SECCOMP_MODE_FILTER


RLIMITS = tuple(getattr(resource, n) for n in sorted(dir(resource)) if n.startswith("RLIMIT_"))


def own_state(libc):
    """What another process could change about this one: its limits, nice value, CPU affinity, scheduling policy,
    I/O priority, timer slack and ids. Compared before every fork: a worker changed by a job is never reused."""
    return (tuple(map(resource.getrlimit, RLIMITS)), os.getpriority(os.PRIO_PROCESS, 0),
            tuple(sorted(os.sched_getaffinity(0))), os.sched_getscheduler(0), os.sched_getparam(0).sched_priority,
            libc.syscall(252, 1, 0), libc.prctl(30, 0, None, 0, 0), os.getresuid(), os.getresgid(), os.getpgid(0),
            os.getsid(0))


class Zygote:
    """Forks every job, from a process that never handles a job's code, arguments or answers.

    A job forked from the worker inherited the worker's allocator state, shaped by every earlier job's answers (a
    200 kB answer grew the heap by 24 kB for the next job to read in mallinfo2). This process was forked from the
    worker before the first request and does only fixed work per message, on a SOCK_SEQPACKET socket from the
    worker: ``M`` forks a module job (reply: pid, a pidfd and the job's socket), ``P`` the spare (the same reply,
    or -1 when the last session ran scripts only), ``S`` + fds a script job (reply: pid and a pidfd), ``K`` kills
    every job process, ``E`` + budget ends a session: kill them all, wipe the scratch (from a short-lived child),
    and say whether all of that worked and this process is unchanged.

    The spare: a module job the worker asks for ahead, at start and after each session it found clean, which takes
    its uid, limits and seccomp layer and waits for its first frame while the slot is idle, so that a session's
    first load costs neither a fork nor a round trip here (~1.7 ms of a tool call on the dev VM). It never lives
    beside another job: ``M``, ``S`` and every kill end it first, so no job's code ever shares a uid with the
    process a later session will run in.
    It holds the jobs' uid as its saved uid (to hand it to them); the worker does not, so no job can act on it.
    It runs under the base layer of the jobs' seccomp filter (`seccomp_programs`), which each job inherits.
    """

    def __init__(self, config, sock, prelude):
        self.config, self.sock, self.job_uid, self.uid = config, sock, config.get("job_uid"), os.getuid()
        self.prelude = prelude  # the namespace every module job starts from (its own copy, by the fork)
        self.scratch = config["scratch"]
        self.libc = ctypes.CDLL(None, use_errno=True)
        self.libc.prctl.argtypes = [ctypes.c_int, ctypes.c_ulong, ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong]
        me, worker = os.getpid(), os.getppid()
        null = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):  # the worker's pipes to the trusted side are never reachable from here
            os.dup2(null, fd)
        os.close(null)
        protected = (-1, 1, me, -me, worker, -worker, -os.getpgid(0))  # no signal of a job reaches these
        self.base, self.signals = seccomp_programs(protected) if config["seccomp"] else (None, None)
        # Every job inherits the base layer from here; where the kernel refused it, each job installs it itself.
        self.based = config["seccomp"] and install_seccomp(self.base, self.libc)
        self.state = own_state(self.libc)
        c = config
        # Every job's limits, worked out once here rather than in each job (whose every step costs page copies).
        self.limits = tuple((getattr(resource, name), (value, value)) for name, value in (
            ("RLIMIT_CPU", c["cpu_seconds"]), ("RLIMIT_AS", c["memory_bytes"]), ("RLIMIT_FSIZE", c["file_bytes"]),
            ("RLIMIT_NOFILE", c["open_files"]), ("RLIMIT_NPROC", c["processes"]), ("RLIMIT_CORE", 0),
            # set, not inherited: a trainer's rtprio/nice allowance would let a job outrun the slot's CPU quota
            # (real-time tasks are not held by it) or the trainer itself
            ("RLIMIT_RTPRIO", 0), ("RLIMIT_NICE", 0), ("RLIMIT_MSGQUEUE", 0)))
        self.wiped = None  # (size, mtime) of the scratch directory when last wiped: tmpfs counts entries in its size
        self.jobs = []  # (pid, pidfd) of the jobs forked since the last session ended, the spare's included
        self.spare = None  # pidfd of the module job forked ahead (the worker holds its socket)
        self.spare_wanted = True  # the last session used a module job (a script-only workload forks no spares)

    def serve(self):
        try:
            while True:
                msg, fds, _, _ = socket.recv_fds(self.sock, 16, 3)
                if not msg:
                    break
                _reap()
                op = msg[:1]
                if op == b"M":
                    self.spare_wanted = True
                    self._drop_spare()
                    self._send_module_job(self._fork_module())
                elif op == b"P":
                    self._send_module_job(self._fork_spare())
                elif op == b"S":
                    self._script_job(fds)
                elif op == b"K":
                    self._kill_all()
                    self.sock.send(b"k")
                elif op == b"E":
                    self.sock.send(b"e1" if self._end(time.monotonic() + struct.unpack(">d", msg[1:9])[0]) else b"e0")
        finally:
            os._exit(0)

    def _fork(self, op, fds):
        """Fork a job holding ``fds`` (closed here); its pid, or -1 when this process was changed."""
        pid = -1 if own_state(self.libc) != self.state else os.fork()
        if pid == 0:
            self._job(op, fds)
        for fd in fds:
            os.close(fd)
        if pid > 0:
            self.jobs.append((pid, os.pidfd_open(pid)))  # before any reaping: the pid cannot be reused yet
        return pid

    def _fork_module(self, op=b"M"):
        """A new module job (``P``: the spare): (pid, pidfd, our end of its socket), or None."""
        ours, theirs = socket.socketpair()
        pid = self._fork(op, [theirs.detach()])
        if pid < 0:
            ours.close()
            return None
        return pid, self.jobs[-1][1], ours

    def _fork_spare(self):
        self._drop_spare()
        job = self._fork_module(b"P") if self.spare_wanted else None
        self.spare = job and job[1]
        return job

    def _drop_spare(self):
        """Kill the spare, which the worker did not take, or took and is done with (E reaps it)."""
        if self.spare is not None:
            with contextlib.suppress(OSError):
                signal.pidfd_send_signal(self.spare, signal.SIGKILL)
            self.spare = None

    def _send_module_job(self, job):
        """Reply a module job's pid and [pidfd, socket] (then closed here), or -1 for none."""
        if job is None:
            self.sock.send(struct.pack(">i", -1))
            return
        socket.send_fds(self.sock, [struct.pack(">i", job[0])], [job[1], job[2].fileno()])
        job[2].close()

    def _script_job(self, fds):
        self._drop_spare()
        self.spare_wanted = False
        pid = self._fork(b"S", fds)
        socket.send_fds(self.sock, [struct.pack(">i", pid)], [self.jobs[-1][1]] if pid > 0 else [])

    def _job(self, op, fds):
        try:
            ctrl = fds[0]
            if op == b"S":  # 0, 1 and 2 are the zygote's /dev/null: a module job keeps them all
                os.dup2(fds[1], 0)
                os.dup2(fds[2], 1)
            os.closerange(3, ctrl)
            os.closerange(ctrl + 1, 4096)  # this process never holds more than a handful
            self._job_limits()
            if self.config["seccomp"] and not self._seccomp():
                os._exit(71)
            if op == b"P":  # the spare: ready, and waiting for a session
                os.write(ctrl, READY)
            first = from_worker(ctrl)  # sent by the worker only now: the zygote never sees it
            code = first["code"]
        except BaseException:
            os._exit(70)
        if op != b"S":
            _serve_module(ctrl, first, self.config["max_handles"], self.prelude)
        os.close(ctrl)
        _run_script(code)

    def _seccomp(self):
        return (self.based or install_seccomp(self.base, self.libc)) and install_seccomp(self.signals, self.libc)

    def _job_limits(self):
        os.setsid()
        if self.job_uid is not None:
            os.setresgid(self.job_uid, self.job_uid, self.job_uid)
            os.setresuid(self.job_uid, self.job_uid, self.job_uid)
        for limit, value in self.limits:
            resource.setrlimit(limit, value)
        os.chdir(self.scratch)

    def _kill_all(self):
        """SIGKILL every job process, the spare too: each job and its session (by pidfd: its pid may be reused),
        then all of the jobs' uid (the worker holds none of its ids), or else all others in the pid namespace."""
        self._drop_spare()
        with self._as_jobs():
            for pid, pidfd in self.jobs:
                with contextlib.suppress(OSError):
                    os.killpg(pid, signal.SIGKILL)  # the job's own session, before its leader is reaped
                with contextlib.suppress(OSError):
                    signal.pidfd_send_signal(pidfd, signal.SIGKILL)
            if self.job_uid is not None:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(-1, signal.SIGKILL)
            elif self.config["kill_all"]:
                spare = {1, os.getpid(), os.getppid()}
                for pid in _pids():
                    if pid not in spare:
                        _try_kill(pid)

    @contextlib.contextmanager
    def _as_jobs(self):
        """Take the jobs' uid as real and effective uid (kill(-1) matches a real uid too), keeping ours saved."""
        if self.job_uid is None:
            yield
            return
        os.setresuid(self.job_uid, self.job_uid, self.uid)
        try:
            yield
        finally:
            os.setresuid(self.uid, self.uid, self.job_uid)

    def _end(self, deadline):
        self._kill_all()
        gone = all(select.select([fd], [], [], max(0.0, deadline - time.monotonic()))[0] for _, fd in self.jobs)
        for _, fd in self.jobs:
            os.close(fd)
        self.jobs = []
        _reap()
        return gone and self._clean(deadline) and own_state(self.libc) == self.state

    def _clean(self, deadline):
        """Wipe the scratch from a child with the jobs' uid (their files sit in a sticky directory), unless it has
        not changed since the last wipe (a tmpfs directory's size counts its entries; elsewhere it always runs)."""
        st = os.stat(self.scratch)
        if self.config["pid_namespace"] and (st.st_size, st.st_mtime_ns) == self.wiped:
            return True
        pid = os.fork()
        if pid == 0:
            try:
                if self.job_uid is not None:
                    os.setresuid(self.job_uid, self.job_uid, self.job_uid)
                os._exit(0 if _wipe(self.scratch, self.config.get("keep", ()), deadline) else 1)
            finally:
                os._exit(1)
        _, status = os.waitpid(pid, 0)
        st = os.stat(self.scratch)
        self.wiped = (st.st_size, st.st_mtime_ns) if status == 0 else None
        return status == 0


class Worker:
    """Relays the trusted side's requests to the job the zygote forked, and the job's answers back."""

    def __init__(self, config, zygote, zygote_pid):
        self.config = config
        self.zygote, self.zygote_pid = zygote, zygote_pid
        self.child = None  # socket of the running module job
        self.job_pidfd = None
        self.spare = None  # [pidfd, socket] of the zygote's spare module job, taken by the next load
        self.spare_asked = False  # the zygote was asked for a spare: its reply and the spare's READY are to read
        self.libc = ctypes.CDLL(None, use_errno=True)
        self.libc.prctl.argtypes = [ctypes.c_int, ctypes.c_ulong, ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong]
        self.state = own_state(self.libc)

    def _ask(self, msg):
        self._drop_spare()  # every other message to the zygote ends the spare there
        try:
            self.zygote.send(msg)
            return self.zygote.recv(16)
        except OSError:
            return b""

    def _ask_spare(self):
        """Have the zygote fork the spare; it gets ready (uid, limits, seccomp layer) while this process sends its
        report and waits for the next request, which collects it (`_collect_spare`)."""
        try:
            self.zygote.send(b"P")
            self.spare_asked = True
        except OSError:
            pass

    def _collect_spare(self):
        """The zygote's reply to the last P and the spare's READY (within `SPARE_S`), before any other message."""
        if self.spare_asked:
            self.spare_asked = False
            self.spare = self._job_fds(2)
            if self.spare is not None and _read_exact(self.spare[1], 1, time.monotonic() + SPARE_S)[0] != READY:
                self._drop_spare()

    def _spare_job(self):
        """The spare's [pidfd, socket], when it is alive, else None."""
        self._collect_spare()
        if self.spare is not None and select.select([self.spare[0]], [], [], 0)[0]:  # it died waiting
            self._drop_spare()
        spare, self.spare = self.spare, None
        return spare

    def _drop_spare(self):
        self._collect_spare()
        for fd in self.spare or ():
            os.close(fd)
        self.spare = None

    def _job_fds(self, want):
        """The zygote's reply to a fork: the ``want`` fds it sends (the job's pidfd first), or None."""
        try:
            reply, got, _, _ = socket.recv_fds(self.zygote, 16, want)
        except OSError:
            return None
        if len(reply) != 4 or struct.unpack(">i", reply)[0] <= 0 or len(got) != want:
            for fd in got:
                os.close(fd)
            return None
        return got

    def serve(self, hidden=False):
        self._ask_spare()
        send(1, {"ready": True, "uid": os.getuid(), "pid": os.getpid(), "hidden": bool(hidden)})
        while True:
            msg = recv(0)
            if msg is None:
                return
            handler = {"load": self.load, "call": self.call, "script": self.script, "end": self.end}[msg["op"]]
            send(1, handler(msg))
            if msg.get("end") is not None:  # the session's last request: its teardown needs no request of its own
                send(1, self.end({"timeout": msg["end"]}))

    def _spawn(self, op, fds, want):
        """Have the zygote start a job (a script job holding ``fds``); the ``want`` fds it sends back, the job's
        pidfd first, or None when it refused."""
        self._drop_spare()
        try:
            if fds:
                socket.send_fds(self.zygote, [op], fds)
            else:
                self.zygote.send(op)
        except OSError:
            return None
        got = self._job_fds(want)
        if got is not None:
            self.job_pidfd = got[0]
        return got

    def load(self, msg):
        self._kill_job()
        got = self._spare_job() or self._spawn(b"M", [], 2)
        if got is None:
            return ALTERED
        self.job_pidfd, self.child = got[0], socket.socket(fileno=got[1])
        deadline = time.monotonic() + msg["timeout"]
        try:
            to_job(self.child.fileno(), {k: msg[k] for k in ("code", "call") if k in msg})
        except OSError:  # the job closed its end: it is exiting, or hangs without it until the deadline
            return self._died(deadline)
        return self._answer(deadline)

    def call(self, msg):
        if self.child is None:
            return {"ok": False, "exc": "SandboxError", "msg": "no job loaded", "died": True}
        deadline = time.monotonic() + msg["timeout"]
        try:
            to_job(self.child.fileno(), {k: msg[k] for k in ("do", "name", "handle", "args") if k in msg})
        except OSError:
            return self._died(deadline)
        return self._answer(deadline)

    def _answer(self, deadline):
        reply, why = receive(self.child.fileno(), deadline, self.config["output_bytes"])
        if reply is not None and isinstance(reply, dict):
            return reply
        return self._died(deadline if why == "eof" else None)

    def _exited(self, timeout=0.0):
        return self.job_pidfd is None or bool(select.select([self.job_pidfd], [], [], timeout)[0])

    def _died(self, deadline=None):
        """The reply for a job that gave no answer. ``deadline``: the job closed its socket, which an exiting
        process does before its pidfd reports the exit, so wait for that until the deadline (a job that closed
        the socket and runs on is then a timeout); without it, the deadline has passed or the answer was too big."""
        finished = self._exited(0.0 if deadline is None else max(0.0, deadline - time.monotonic()))
        self._kill_job()
        if not finished:
            return {"ok": False, "exc": "Timeout", "msg": "deadline passed or answer too large", "timeout": True}
        return {"ok": False, "exc": "Died", "msg": "job process ended", "died": True}

    def script(self, msg):
        self._kill_job()
        stdin_fd = os.memfd_create("stdin")
        stdout_fd = os.memfd_create("stdout")
        view = memoryview(msg["stdin"].encode())
        while view:
            view = view[os.write(stdin_fd, view):]
        os.lseek(stdin_fd, 0, os.SEEK_SET)
        ctrl, child = socket.socketpair()
        spawned = self._spawn(b"S", [child.fileno(), stdin_fd, stdout_fd], 1) is not None
        child.close()
        os.close(stdin_fd)
        if spawned:
            with contextlib.suppress(OSError):
                to_job(ctrl.fileno(), {"code": msg["code"]})
        ctrl.close()
        finished = spawned and self._exited(max(0.0, msg["timeout"]))
        size = os.lseek(stdout_fd, 0, os.SEEK_END)
        os.lseek(stdout_fd, 0, os.SEEK_SET)
        out = os.read(stdout_fd, min(size, self.config["output_bytes"]))
        os.close(stdout_fd)
        self._kill_job()
        if not spawned:
            return ALTERED
        if not finished:
            return {"ok": False, "exc": "Timeout", "msg": "deadline passed", "timeout": True}
        return {"ok": True, "value": ["S", out.decode("utf-8", "replace")], "truncated": size > len(out)}

    def _kill_job(self):
        if self.job_pidfd is not None:
            self._ask(b"K")
            self._exited(1.0)  # gone before the next job starts
        self._close_job()

    def _close_job(self):
        if self.child is not None:
            self.child.close()
            self.child = None
        if self.job_pidfd is not None:
            os.close(self.job_pidfd)
            self.job_pidfd = None

    def _others(self):
        mine = {1, os.getpid(), self.zygote_pid}
        return [p for p in _pids() if p not in mine and _state(p) not in ("Z", "X", "")]

    def end(self, msg):
        deadline = time.monotonic() + msg.get("timeout", 1.0)  # the trusted side restarts the slot after it
        self._close_job()
        ended = self._end(deadline)
        others = self._others() if self.config["pid_namespace"] else []
        while others and time.monotonic() < deadline:  # processes being torn down still show for a moment
            self._ask(b"K")
            time.sleep(0.001)
            others = self._others()
            ended = not others and self._end(deadline)  # again: a straggler may have written after the wipe
        clean = ended and not others and own_state(self.libc) == self.state
        if clean:  # only now, with nothing of the session left: the next session's job, forked ahead
            self._ask_spare()
        return {"ok": True, "clean": clean}

    def _end(self, deadline):
        return self._ask(b"E" + struct.pack(">d", max(0.0, deadline - time.monotonic()))) == b"e1"


def _serve_module(fd, first, max_handles, namespace):
    try:
        handles = Handles(max_handles)
        reply = _load(first["code"], namespace)
        if reply["ok"] and first.get("call") is not None:
            reply = {**_use(namespace, handles, first["call"]), "called": True}
        send(fd, reply)
        while True:
            msg = from_worker(fd)
            if msg is None:
                break
            send(fd, _use(namespace, handles, msg))
    finally:
        os._exit(0)


def _load(code, namespace):
    try:
        if code:  # nothing to compile: the job runs in the prelude's namespace as it is
            exec(compile(code, "<completion>", "exec"), namespace)
        return {"ok": True}
    except BaseException as e:
        return {"ok": False, "exc": type(e).__name__, "msg": str(e)[:300]}


def _use(namespace, handles, msg):
    try:
        return {"ok": True, **_perform(namespace, handles, msg)}
    except BaseException as e:
        return {"ok": False, "exc": type(e).__name__, "msg": str(e)[:300]}


def _run_script(code):
    try:
        sys.stdin = open(0, "r", closefd=False)
        sys.stdout = open(1, "w", closefd=False)
        exec(compile(code, "<completion>", "exec"), {"__name__": "__main__", "__builtins__": __builtins__})
    except BaseException:
        pass
    finally:
        try:
            sys.stdout.flush()
        finally:
            os._exit(0)


def _pids():
    return [int(p) for p in os.listdir("/proc") if p.isdigit()]


def _try_kill(pid):
    try:
        os.kill(pid, signal.SIGKILL)
    except OSError:
        pass


def _reap():
    while True:
        try:
            if os.waitpid(-1, os.WNOHANG)[0] == 0:
                return
        except ChildProcessError:
            return


def _wipe(scratch, keep, deadline):
    """Empty ``scratch`` (but the ``keep`` mount points of read-only Python directories) by ``deadline``."""
    keep = set(keep)
    for name in set(os.listdir(scratch)) - keep:
        if not _remove(os.path.join(scratch, name), deadline):
            return False
    return not set(os.listdir(scratch)) - keep


def _remove(path, deadline):
    """Remove ``path`` (a directory tree, however locked down by its owner) unless ``deadline`` passes first."""
    stack = [path]
    while stack:
        top = stack[-1]
        try:
            os.chmod(top, 0o700, follow_symlinks=False)
        except (OSError, NotImplementedError):
            pass
        if os.path.islink(top) or not os.path.isdir(top):
            stack.pop()
            _try(os.unlink, top)
            continue
        more = False
        with os.scandir(top) as entries:  # lazily: a directory may hold millions of links
            for n, entry in enumerate(entries):
                if not n & 255 and time.monotonic() > deadline:
                    return False
                if entry.is_dir(follow_symlinks=False):
                    stack.append(entry.path)
                    more = True
                    break
                _try(os.unlink, entry.path)
        if not more:
            stack.pop()
            _try(os.rmdir, top)
        if time.monotonic() > deadline:
            return False
    return True


def _try(fn, path):
    try:
        fn(path)
    except OSError:
        pass


def _perform(namespace, handles, msg):
    """One request of the trusted side on the loaded module: its reply fields, plain data or handles."""
    do, name = msg.get("do", "call"), msg.get("name")
    args, kwargs = decode(msg["args"], handles) if "args" in msg else ([], {})
    if msg.get("handle") is not None:
        target = handles.get(msg["handle"])
    elif do == "call" and callable(namespace.get(name)):
        target = namespace[name]
    else:
        raise NameError(f"the completion defines no function {name!r}")
    if do == "next":
        try:
            value = next(target)
        except StopIteration:
            return {"done": True}
    elif do == "setattr":
        value = setattr(target, name, args[0])
    else:
        value = {"call": lambda: target(*args, **kwargs), "getattr": lambda: getattr(target, name),
                 "iter": lambda: iter(target), "len": lambda: len(target), "getitem": lambda: target[args[0]]}[do]()
    return {"value": encode(value, 0, handles)}


ALTERED = {"ok": False, "exc": "SandboxError", "msg": "the worker was changed by an earlier job; the slot restarts",
           "died": True}


def _state(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0]
    except OSError:
        return ""


def hide_processes(gid):
    """Remount the slot's /proc so a job sees its own processes only (hidepid), the worker's group all of them.

    The worker's entry counts what its reaped jobs cost (faults, CPU ticks): numbers a job sets exactly and the next
    job would read back.
    """
    libc = ctypes.CDLL(None, use_errno=True)
    options = f"hidepid=2,gid={gid}".encode()
    return libc.mount(None, b"/proc", None, 32 | 2 | 4 | 8, options) == 0  # MS_REMOUNT|NOSUID|NODEV|NOEXEC


def run_prelude(source):
    """The module namespace of the trusted ``prelude`` (`SandboxConfig.prelude`), run once here, before any job:
    each job is a fork, so it starts from its own copy and nothing it changes reaches the next job. Compiling a
    tool's runner per job cost most of the job's CPU (~4 ms of page faults for 90 lines on the dev VM)."""
    namespace = {"__name__": "__candidate__", "__builtins__": __builtins__}
    if source:
        exec(compile(source, "<prelude>", "exec"), namespace)
    return namespace


def main():
    sys.path[:] = [p for p in sys.path if p]  # started with -c but not -I: never import from the scratch directory
    config = json.loads(sys.argv[1])
    for name in PRELOAD:
        __import__(name)
    prelude = run_prelude(config.get("prelude", ""))
    uid, job_uid = config["uid"], config.get("job_uid")
    hidden = config["pid_namespace"] and uid is not None and os.getuid() == 0 and hide_processes(uid)
    if uid is not None and os.getuid() == 0:
        os.setgroups([])
        # The jobs' ids saved, not held: the zygote hands them to each job; the worker drops them below.
        os.setresgid(uid, uid, job_uid if job_uid is not None else uid)
        os.setresuid(uid, uid, job_uid if job_uid is not None else uid)
    if config["require_non_root"] and (os.getuid() == 0 or os.geteuid() == 0):
        sys.exit("refusing to run jobs as root")
    os.chdir(config["scratch"])
    mine, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    zygote = os.fork()
    if zygote == 0:
        mine.close()
        Zygote(config, theirs, prelude).serve()
    theirs.close()
    if uid is not None and os.getuid() != 0:
        os.setresgid(uid, uid, uid)
        os.setresuid(uid, uid, uid)
    Worker(config, mine, zygote).serve(hidden)


if __name__ == "__main__":
    main()
