"""The zygote: forks every job of a slot, from a process that never handles a job's code, arguments or answers,
and tears each session down (kills every job process, checks the slot's counters or wipes the scratch directory).

Shipped into the sandbox with the worker (`rewards.sandbox.slot.WORKER_SOURCE`), so it uses the standard library only.
"""

from __future__ import annotations

import contextlib
import ctypes
import gc
import os
import resource
import select
import signal
import socket
import struct
import time

from rewards.sandbox.inside import seccomp
from rewards.sandbox.inside.counters import Counters
from rewards.sandbox.inside.frames import from_worker
from rewards.sandbox.inside.job import run_script, serve_module

READY = b"r"  # what the spare job says once it has taken its limits, before it waits for its first frame
# A module (N) or script (T) job forked by the numpy template, a fork of the zygote that has numpy imported, for code
# that imports it (~25 ms of CPU per job otherwise); every other job comes from the zygote, which does not pay for
# numpy in each fork. The job is as the zygote's M or S job: the same uid, limits, seccomp layers and code.
NUMPY_OPS = {b"N": b"M", b"T": b"S"}
PR_GET_TIMERSLACK, IOPRIO_WHO_PROCESS = 30, 1

RLIMITS = tuple(getattr(resource, n) for n in sorted(dir(resource)) if n.startswith("RLIMIT_"))


def own_state(libc):
    """What another process could change about this one: its limits, nice value, CPU affinity, scheduling policy,
    I/O priority, timer slack and ids. Compared before every fork: a worker changed by a job is never reused."""
    return (tuple(map(resource.getrlimit, RLIMITS)), os.getpriority(os.PRIO_PROCESS, 0),
            tuple(sorted(os.sched_getaffinity(0))), os.sched_getscheduler(0), os.sched_getparam(0).sched_priority,
            libc.syscall(seccomp.X86_64["ioprio_get"], IOPRIO_WHO_PROCESS, 0),
            libc.prctl(PR_GET_TIMERSLACK, 0, None, 0, 0), os.getresuid(), os.getresgid(), os.getpgid(0), os.getsid(0))


class Zygote:
    """Forks every job, from a process that never handles a job's code, arguments or answers.

    A job forked from the worker inherited the worker's allocator state, shaped by every earlier job's answers (a
    200 kB answer grew the heap by 24 kB for the next job to read in mallinfo2). This process was forked from the
    worker before the first request and does only fixed work per message, on a SOCK_SEQPACKET socket from the
    worker: ``M`` forks a module job (reply: pid, a pidfd and the job's socket), ``P`` the spare (the same reply,
    or -1 when the last session ran scripts only), ``S`` + fds a script job (reply: pid and a pidfd), ``N`` and
    ``T`` the same as ``M`` and ``S`` from the numpy template (`NUMPY_OPS`), ``K`` kills
    every job process, ``E`` + seconds + jobs ends a session: kill them all, check the slot's counters (`Counters`,
    against the session's fork budget, ``jobs``, 0 for its kind's default: a scratch the session touched is left to
    the slot's restart) or, where the slot has no pid namespace of its own,
    wipe the scratch (from a short-lived child), and say whether all of that worked and this process is unchanged.

    The spare: a module job the worker asks for ahead, at start and after each session it found clean, which takes
    its uid, limits and seccomp layer and waits for its first frame while the slot is idle, so that a session's
    first load costs neither a fork nor a round trip here (~1.7 ms of a tool call on the dev VM). It never lives
    beside another job: ``M``, ``S`` and every kill end it first, so no job's code ever shares a uid with the
    process a later session will run in.
    It holds the jobs' uid as its saved uid (to hand it to them); the worker does not, so no job can act on it.
    It runs under the base layer of the jobs' seccomp filter (`seccomp.programs`), which each job inherits.
    """

    def __init__(self, config, sock, prelude, last_pid=None, clock=None):
        self.config, self.sock, self.job_uid, self.uid = config, sock, config.get("job_uid"), os.getuid()
        self.prelude = prelude  # the namespace every module job starts from (its own copy, by the fork)
        self.scratch = config["scratch"]
        self.libc = ctypes.CDLL(None, use_errno=True)
        self.libc.prctl.argtypes = [ctypes.c_int, ctypes.c_ulong, ctypes.c_void_p, ctypes.c_ulong, ctypes.c_ulong]
        # With `private_clock`, this process takes the jobs' clock once (`clocks.JobClock`) and every
        # job inherits it by the fork: taken in each job, it cost ~1.5 ms of page copies per job. This process then
        # reads the same clock, which its relative waits do not mind.
        if clock is not None and not clock.take(self.libc):
            os._exit(71)
        me, worker = os.getpid(), os.getppid()
        null = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):  # the worker's pipes to the trusted side are never reachable from here
            os.dup2(null, fd)
        os.close(null)
        # The numpy template (`NUMPY_OPS`), forked now, before the slot's pid count is taken and the jobs' filter is
        # built with its pid among those no job may signal; it imports numpy only when a first job asks for it.
        self.template, self.is_template = None, False  # (pid, socket) of the template; whether this process is it
        self.template_jobs = False  # the template forked jobs since the last session ended (its to reap)
        if config.get("numpy_zygote") and last_pid is not None and self.job_uid is not None:
            self._fork_template(last_pid)
        template = os.getpid() if self.is_template else self.template and self.template[0]
        # No signal of a job reaches these.
        protected = (-1, 1, me, -me, worker, -worker, -os.getpgid(0), *((template,) if template else ()))
        # The slot's next pid and scratch inode, kept to what this process did (`Counters`; ``last_pid``: an fd on
        # the slot's ns_last_pid, None where the jobs share a pid namespace with the host, in weak mode). A spare
        # the session did not use counts in its budget where a template may take its place (`Counters.settled`).
        self.counters = (Counters(last_pid, config["scratch"], spare_counted=self.template is not None)
                         if last_pid is not None and not self.is_template else None)
        gate = clock and clock.gate and (clock.gate.fstat_ip, clock.gate.newfstatat_ip)
        self.base, self.signals = (seccomp.programs(protected, config.get("private_clock", False), gate or None)
                                   if config["seccomp"] else (None, None))
        # Every job inherits the base layer from here; where the kernel refused it, each job installs it itself.
        self.based = config["seccomp"] and seccomp.install(self.base, self.libc)
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

    def _fork_template(self, last_pid):
        """Fork the numpy template. In it: ids (slot, jobs', slot), so that the jobs' uid is its effective uid, which
        it hands to its jobs, but neither its real nor its saved one, by which the zygote's ``kill(-1)`` as the jobs'
        uid would reach it (`_kill_all`); a job may signal it no more than the zygote (its filter names its pid)."""
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        pid = os.fork()
        if pid == 0:
            ours.close()
            self.sock.close()  # the worker's channel stays the zygote's
            os.close(last_pid)
            self.sock, self.is_template = theirs, True
            gid = os.getresgid()[0]
            os.setresgid(gid, self.job_uid, gid)
            os.setresuid(self.uid, self.job_uid, self.uid)
            return
        theirs.close()
        self.template = (pid, ours)

    def serve(self):
        # Every object this process holds now is left out of the garbage collector's passes, in it and in each job
        # it forks: a job's first collections traversed them all, copying about as many pages as the rest of a short
        # job touched (858 against 494 page faults for a job that builds 2,000 small lists).
        gc.freeze()
        # The heap's free pages (the bundle's sources, start-up garbage) handed back: each fork copies the page table
        # entries of every resident page (12.6 -> 11.5 MB of anonymous memory in a slot's zygote).
        self.libc.malloc_trim(0)
        if self.is_template:
            self._serve_template()
        # The worker first learns which process of the slot is the template (0: none): not a job's.
        self.sock.send(struct.pack(">i", self.template[0] if self.template else 0))
        try:
            while True:
                msg, fds, _, _ = socket.recv_fds(self.sock, 16, 3)
                if not msg:
                    break
                _reap()
                op = msg[:1]
                if op in (b"M", b"N"):
                    self.spare_wanted = True
                    self._drop_spare()
                    self._send_module_job(self._fork_module(op))
                elif op == b"P":
                    self._send_module_job(self._fork_spare())
                elif op in (b"S", b"T"):
                    self._script_job(fds, op)
                elif op == b"K":
                    self._kill_all()
                    self.sock.send(b"k")
                elif op == b"E":
                    self.sock.send(b"e1" if self._end_session(msg) else b"e0")
        finally:
            os._exit(0)

    def _fork(self, op, fds):
        """Fork a job holding ``fds`` (closed here); its pid, or -1 when this process was changed. ``op`` N or T:
        the template forks it (module or script job), or this process where there is none or it failed."""
        pid, pidfd = -1, None
        if own_state(self.libc) == self.state:
            if self.counters is not None:
                self.counters.before_fork()
            if op in NUMPY_OPS and self.template is not None:
                pid, pidfd = self._template_fork(NUMPY_OPS[op], fds)
                self.template_jobs = self.template_jobs or pid > 0
            op = NUMPY_OPS.get(op, op)
            if pidfd is None:
                pid = os.fork()
        if pid == 0:
            self._job(op, fds)
        for fd in fds:
            os.close(fd)
        if pid > 0:
            # before any reaping: the pid cannot be reused yet (the template's jobs: it opened the pidfd itself)
            self.jobs.append((pid, pidfd if pidfd is not None else os.pidfd_open(pid)))
            if self.counters is not None:
                self.counters.forked(pid, op == b"S", op == b"P")
        return pid

    def _template_fork(self, op, fds):
        """Have the template fork a job (``op`` M or S) holding ``fds``: (pid, pidfd), or (-1, None) when it did not
        (a template that fails is not asked again: this process forks its jobs)."""
        try:
            socket.send_fds(self.template[1], [b"F" + op], fds)
            reply, got, _, _ = socket.recv_fds(self.template[1], 16, 1)
            if len(reply) == 4 and struct.unpack(">i", reply)[0] > 0 and len(got) == 1:
                return struct.unpack(">i", reply)[0], got[0]
            for fd in got:
                os.close(fd)
        except OSError:
            pass
        self.template = None
        return -1, None

    def _serve_template(self):
        """The template's loop: ``F`` + M or S + a job's fds: fork that job (reply its pid and a pidfd, opened here
        before any reaping), or -1 when this process was changed; ``R``: reap its ended jobs (the worker counts a
        zombie's CPU time as the slot's jobs', `Worker.job_cpu`). numpy is imported at the first ``F``."""
        loaded = False
        try:
            while True:
                msg, fds, _, _ = socket.recv_fds(self.sock, 16, 3)
                if not msg:
                    break
                _reap()
                if msg[:1] == b"R":  # the session's jobs are gone: reaped now, none of their CPU time left to count
                    self.sock.send(b"r")
                    continue
                if not loaded:
                    loaded = True
                    with contextlib.suppress(Exception):  # no numpy here: its jobs import it or fail as before
                        __import__("numpy")
                    gc.freeze()
                pid = os.fork() if msg[:1] == b"F" and own_state(self.libc) == self.state else -1
                if pid == 0:
                    self._job(msg[1:2], fds)
                for fd in fds:
                    os.close(fd)
                if pid > 0:
                    pidfd = os.pidfd_open(pid)
                    socket.send_fds(self.sock, [struct.pack(">i", pid)], [pidfd])
                    os.close(pidfd)
                else:
                    self.sock.send(struct.pack(">i", -1))
        finally:
            os._exit(0)

    def _fork_module(self, op=b"M"):
        """A new module job (``P``: the spare; ``N``: from the template): (pid, pidfd, our end of its socket), or
        None."""
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

    def _script_job(self, fds, op=b"S"):
        self._drop_spare()
        self.spare_wanted = False
        pid = self._fork(op, fds)
        socket.send_fds(self.sock, [struct.pack(">i", pid)], [self.jobs[-1][1]] if pid > 0 else [])

    def _job(self, op, fds):
        try:
            ctrl = fds[0]
            if op == b"S":  # 0, 1 and 2 are the zygote's /dev/null: a module job keeps them all
                os.dup2(fds[1], 0)
                os.dup2(fds[2], 1)
            os.closerange(3, ctrl)
            os.closerange(ctrl + 1, 4096)  # this process never holds more than a handful
            # A /dev/null of its own: the zygote's is one open file description that every job would share, and
            # what a job sets on a description (fcntl's F_SETFL flags, F_SETSIG) the next job read back.
            null = os.open(os.devnull, os.O_RDWR)
            for fd in (2,) if op == b"S" else (0, 1, 2):
                os.dup2(null, fd)
            os.close(null)
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
            serve_module(ctrl, first, self.config["max_handles"], self.prelude)
        os.close(ctrl)
        run_script(code)

    def _seccomp(self):
        return (self.based or seccomp.install(self.base, self.libc)) and seccomp.install(self.signals, self.libc)

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
                for pid in pids():
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

    def _end_session(self, msg):
        """``E``: its seconds (the worker's teardown budget, less what the worker took of it: a duration a job's load
        on the slot could stretch) kept out of ``serve``'s frame, which every job forked later holds."""
        seconds, jobs = struct.unpack(">dI", msg[1:13])
        return self._end(time.monotonic() + seconds, jobs)

    def _end(self, deadline, jobs=0):
        self._kill_all()
        gone = all(select.select([fd], [], [], max(0.0, deadline - time.monotonic()))[0] for _, fd in self.jobs)
        for _, fd in self.jobs:
            os.close(fd)
        self.jobs = []
        _reap()
        if self.template_jobs:
            self.template_jobs = False
            try:
                self.template[1].send(b"R")
                ready = select.select([self.template[1]], [], [], max(0.0, deadline - time.monotonic()))[0]
                gone = gone and bool(ready) and self.template[1].recv(16) == b"r"
            except (OSError, TypeError):
                gone = False
        # A scratch the session touched is left as it is: the slot restarts (`Counters`), wiping does not reset it.
        clean = self.counters.settled(jobs) if self.counters is not None else self._clean(deadline)
        return gone and clean and own_state(self.libc) == self.state

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


def pids():
    """The pids /proc shows this process."""
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


def process_state(pid):
    """The state letter of process ``pid`` ("Z" a zombie), "" when it is gone."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0]
    except OSError:
        return ""
