"""The processes that live inside the sandbox: the worker relays the trusted side's requests to one job at a time
and the job's plain-data answers back; a zygote (`zygote`), forked from it before the first request,
forks every job (`job`).

Never imported by the trusted side: `rewards.sandbox.slot` ships the source of this module and of those it imports
(`WORKER_MODULES` there) as one ``python -c <source> <config-json>`` inside bubblewrap, so all of them use the
standard library only. It trusts nothing it receives from a job child; the trusted side trusts nothing this process
sends (it decodes strictly). Jobs run under their own uid, which the zygote holds saved to hand over and the worker
not at all; the zygote never sees a job's code, arguments or answers, so no job inherits anything of an earlier
one's in its memory.

Protocol, over its stdin/stdout: 4-byte big-endian length + body, one reply per request; a request's body is marshal
(`frames.to_worker`: this process trusts the trusted side), a reply's is JSON (the trusted side trusts nothing this
process sends). Between the worker and a job the frames are alike: marshal to the job, JSON back (`frames.to_job`).
  ``{"op": "load", "code", "timeout"}``  fork a child that executes ``code`` as a module (in the namespace of the
      config's trusted ``prelude``, run once at start) and then serves calls, each reply with what the call printed
      (``"out"``) where the load said ``"out": true`` (`job.Printed`), and what it warned (``"warned"``) where it
      said ``"warn": true`` (`job.Warned`); with ``"call"`` (the fields of a call
      request) it serves that call too once the code ran, and one reply answers both (``"called"``: the call's);
      with ``"end": seconds`` (and ``"jobs"``) the session ends right after that reply, as ``end`` would, and a
      second reply is the teardown's report (``end``'s reply); with ``"batch"`` (a list of call fields, and
      ``"requires"``, ``"each"``: one call's ``timeout`` and ``wall``, ``"until"``: seconds left to the completion's
      deadline) this process makes those calls right after the code ran, if the code binds the names as ``requires``
      says, and the reply's ``"batch"`` holds their answers, each sent once the one before was answered and read
      under a budget of its own (`Worker._batch`)
  ``{"op": "call", "do", "name", "handle", "args", "objects", "functions", "timeout"}``  use the loaded module:
      ``do`` is "call" (the function ``name``, or the object ``handle``), "getattr"/"setattr" (attribute
      ``name``), "iter", "next", "take" (up to ``args[0]`` next items, `job._take`), a generator's "send", "throw"
      and "close" (`job._resume`), "len", "getitem", "setitem",
      "delitem", "truth", "text" (``name`` "str", "repr" or "format") or "isinstance"/"issubclass" (of the class in
      ``args``) on the object ``handle``; args and result are tagged data, with the
      prompt's objects and the test's functions they reference (`codec.ObjectGraph`, `codec.FunctionTable`); the
      reply's ``calls`` logs the job's calls of those functions, for the trusted side to make again, and
      ``free_set`` brings the test's changes to their free values (`job.FreeValues`); ``stdin``, what the test
      gave the completion to read (and whether its ``print`` is patched), is its ``sys.stdin``, ``input`` and
      ``print`` for the call, and the reply's ``fed`` says what it read and printed (`job.Fed`)
  ``{"op": "script", "code", "stdin", "timeout"}``  run ``code`` as ``__main__`` with ``stdin``; reply its stdout
  In each of these three, ``timeout`` is the job's CPU-time budget (its processes and their children, `Budget`),
  ``wall`` (default ``timeout``) the wall-clock bound that still cuts off a job that sleeps or blocks. With
  ``"numpy": true``, a load's or script's job is forked by the zygote's numpy template (`zygote.NUMPY_OPS`).
  ``{"op": "cpu"}``  the CPU seconds this session's module jobs used so far (`Worker.cpu`)
  ``{"op": "end", "timeout", "jobs"}``  kill everything the job started and wipe the scratch directory within
      ``timeout``, and report whether both worked and the worker and zygote are as they started; ``jobs`` (0: the
      default of its kind) is the most jobs the trusted side said the session may start, its fork budget

A result that is not plain data stays in the job, in a table of at most ``max_handles`` objects, and crosses as a
handle ``["H", hex id, type name]``; handles in arguments are looked up in that table. The table dies with the job.
"""

from __future__ import annotations

import builtins
import ctypes
import json
import os
import select
import socket
import struct
import sys
import time

from rewards.sandbox.inside.clocks import JobClock
from rewards.sandbox.inside.counters import MAX_JOBS, without_proc
from rewards.sandbox.inside.frames import from_trusted, read_exact, read_frame, send, to_job
from rewards.sandbox.inside.job import meets
from rewards.sandbox.inside.statgate import StatGate, kept_devices
from rewards.sandbox.inside.zygote import READY, Zygote, own_state, pids, process_state

# Imported once here, before the uid switch, so every job inherits them: faster jobs, and they load even where the
# interpreter's own directory is not readable by the slot's uid (weak mode, interpreter under /root).
PRELOAD = ("array", "bisect", "cmath", "collections", "copy", "dataclasses", "datetime", "decimal", "enum",
           "fractions", "functools", "hashlib", "heapq", "itertools", "math", "operator", "random", "re",
           "statistics", "string", "typing")
POLL_S = 0.02  # how often the worker reads a running job's CPU time (`Budget`)
# The worker's recursion limit, which bounds how deeply nested a job's answer it parses and passes on: the codec
# nests a value at most 100 deep (two JSON lists a level), well within it; the trusted side parses the worker's
# replies with what its own limit (1000) leaves of its stack, and a deeper reply broke the slot there.
MAX_NESTING = 400
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
SPARE_S = 2.0  # how long the worker waits for a spare to be ready before it forks a job on demand instead
# What a call request passes on to its job (``free_set``: the test's changes to the free values of its functions
# the job holds, `job.FreeValues`).
CALL_FIELDS = ("do", "name", "handle", "args", "objects", "functions", "free_set", "stdin")
ALTERED = {"ok": False, "exc": "SandboxError", "msg": "the worker was changed by an earlier job; the slot restarts",
           "died": True}


class Worker:
    """Relays the trusted side's requests to the job the zygote forked, and the job's answers back."""

    def __init__(self, config, zygote, zygote_pid, stdin_file=None):
        self.config = config
        self.stdin_file = stdin_file  # /dev/stdin, a file of ours the jobs may read (`dev_stdin`), or None
        self.zygote, self.zygote_pid = zygote, zygote_pid
        self.template_pid = 0  # the zygote's numpy template, which forks the jobs of code that imports numpy; 0: none
        self.child = None  # socket of the running module job
        self.job_pidfd = None
        self.spare = None  # [pidfd, socket] of the zygote's spare module job, taken by the next load
        self.spare_asked = False  # the zygote was asked for a spare: its reply and the spare's READY are to read
        self.script_fds = None  # the script jobs' code, stdin and stdout (`_script_files`)
        self.spent = 0.0  # CPU seconds of this session's module jobs that ended (`cpu`)
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
            if self.spare is not None and read_exact(self.spare[1], 1, time.monotonic() + SPARE_S)[0] != READY:
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
        try:
            hello = self.zygote.recv(16)
        except OSError:
            hello = b""
        self.template_pid = struct.unpack(">i", hello)[0] if len(hello) == 4 else 0
        self._ask_spare()
        # Ready only once the zygote is: it answers the spare's request after taking the state it compares before
        # each fork, so nothing done to the slot after this hello can become that reference.
        self._collect_spare()
        send(1, {"ready": True, "uid": os.getuid(), "pid": os.getpid(), "hidden": bool(hidden)})
        while True:
            msg = from_trusted(0)
            if msg is None:
                return
            handler = {"load": self.load, "call": self.call, "script": self.script, "end": self.end,
                       "cpu": self.cpu}[msg["op"]]
            send(1, handler(msg))
            if msg.get("end") is not None:  # the session's last request: its teardown needs no request of its own
                send(1, self.end({"timeout": msg["end"], "jobs": msg.get("jobs", 0)}))

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

    def cpu(self, msg):
        """The CPU seconds this session's module jobs used so far: the trusted side's completion budget is CPU time
        (its test thread's and these), so that its verdict does not change with the host's load."""
        return {"ok": True, "cpu": float(self.spent + (self.job_cpu() if self.child is not None else 0.0))}

    def load(self, msg):
        self._kill_job()
        if msg.get("numpy") is True and self.template_pid:  # from the template (`zygote.NUMPY_OPS`), not the spare
            got = self._spawn(b"N", [], 2)
        else:
            got = self._spare_job() or self._spawn(b"M", [], 2)
        if got is None:
            return ALTERED
        self.job_pidfd, self.child = got[0], socket.socket(fileno=got[1])
        budget = Budget(self, msg)
        try:
            to_job(self.child.fileno(), {k: msg[k] for k in ("code", "call", "names", "out", "warn") if k in msg})
        except OSError:  # the job closed its end: it is exiting, or hangs without it until the deadline
            return self._died(budget)
        reply = self._answer(budget)
        reply.pop("batch", None)  # only this process says what the planned calls answered
        if msg.get("batch") and reply.get("ok") and meets(reply.get("defined"), msg.get("requires")):
            reply["batch"], reply["sizes"] = self._batch(msg)
        return reply

    def _batch(self, msg):
        """The answers to a load's planned calls, each sent to the job once it answered the one before (it never
        sees a call before plain Python would make it) and read under a budget of its own (``each``: one call's CPU
        ``timeout`` and ``wall`` bound), none past the completion's deadline (``until``: seconds from now). An
        answer that may hold a handle ends the batch (the test's next use of that object must come first), as do
        a job that ended and answers past ``output_bytes`` in all; calls not made are the trusted side's to ask.
        With the answers, the size of each as the job sent it (the trusted side counts them against its budgets)."""
        each, until = msg["each"], time.monotonic() + msg["until"]
        answers, sizes = [], []
        for call in msg["batch"]:
            left = until - time.monotonic()
            if left <= 0 or sum(sizes) >= self.config["output_bytes"]:
                break
            cpu = min(each["timeout"], left)
            budget = Budget(self, {"timeout": cpu, "wall": max(cpu, min(each["wall"], left))})
            try:
                to_job(self.child.fileno(), {k: call[k] for k in CALL_FIELDS if k in call})
            except OSError:
                answers.append(self._died(budget))
                sizes.append(0)
                break
            answer, body = self._read_answer(budget)
            answers.append(answer)
            sizes.append(len(body))
            if answer.get("timeout") or answer.get("died") or _may_hold_handle(body) or self.child is None:
                break
        return answers, sizes

    def call(self, msg):
        if self.child is None:
            return {"ok": False, "exc": "SandboxError", "msg": "no job loaded", "died": True}
        budget = Budget(self, msg)
        try:
            to_job(self.child.fileno(), {k: msg[k] for k in CALL_FIELDS if k in msg})
        except OSError:
            return self._died(budget)
        return self._answer(budget)

    def _answer(self, budget):
        return self._read_answer(budget)[0]

    def _read_answer(self, budget):
        """The job's answer to the request it has, within ``budget``, and its frame (empty when there is none)."""
        if not budget.wait(self.child.fileno()):
            return self._died(), b""
        # The answer (or EOF) has begun: the rest of its frame under the same budget (a job that wrote a frame's
        # length first and then computed would otherwise get the wall-clock bound, several times its CPU budget).
        body, why = read_frame(self.child.fileno(), budget.wall, self.config["output_bytes"], alive=budget.within)
        try:
            reply = json.loads(body) if body is not None else None
        except (ValueError, RecursionError):  # the job's bytes: not JSON, or nested past the parser (never our end)
            reply = None
        if isinstance(reply, dict):
            return reply, body
        if why == "large":  # not a timeout: the answer came in time, over the size any answer may have
            self._kill_job()
            return {"ok": False, "exc": "AnswerTooLarge", "died": True,
                    "msg": f"the answer passed output_bytes ({self.config['output_bytes']} bytes as JSON)"}, b""
        return self._died(budget if why == "eof" else None), b""

    def _exited(self, timeout=0.0):
        return self.job_pidfd is None or bool(select.select([self.job_pidfd], [], [], timeout)[0])

    def _died(self, budget=None):
        """The reply for a job that gave no answer. ``budget``: the job closed its socket, which an exiting
        process does before its pidfd reports the exit, so wait for that within the call's budget (a job that
        closed the socket and runs on is then a timeout); without it, the budget is spent."""
        finished = self._exited() if budget is None else self.job_pidfd is None or budget.wait(self.job_pidfd)
        self._kill_job()
        if not finished:
            return {"ok": False, "exc": "Timeout", "msg": "deadline passed", "timeout": True}
        return {"ok": False, "exc": "Died", "msg": "job process ended", "died": True}

    def script(self, msg):
        self._kill_job()
        code_fd, stdin_fd, stdout_fd = self._script_files()
        to_job(code_fd, {"code": msg["code"]})  # a file, read as the job's first frame: no socket per script
        view = memoryview(msg["stdin"].encode())
        while view:
            view = view[os.write(stdin_fd, view):]
        for fd in (code_fd, stdin_fd):
            os.lseek(fd, 0, os.SEEK_SET)
        theirs = self._reopened((code_fd, stdin_fd, stdout_fd))
        try:
            op = b"T" if msg.get("numpy") is True and self.template_pid else b"S"
            spawned = self._spawn(op, theirs, 1) is not None
        finally:
            for fd in theirs:
                os.close(fd)
        finished = spawned and Budget(self, msg, counted=0.0).wait(self.job_pidfd)
        size = os.lseek(stdout_fd, 0, os.SEEK_END)
        os.lseek(stdout_fd, 0, os.SEEK_SET)
        out = os.read(stdout_fd, min(size, msg.get("stdout_bytes", self.config["output_bytes"])))
        self._kill_job()
        os.ftruncate(stdin_fd, 0)  # /dev/stdin: no later job, of this session or the next, reads this input
        if not spawned:
            return ALTERED
        if not finished:
            return {"ok": False, "exc": "Timeout", "msg": "deadline passed", "timeout": True}
        return {"ok": True, "value": ["S", out.decode("utf-8", "replace")], "truncated": size > len(out)}

    def _reopened(self, fds):
        """New open file descriptions of ``fds`` (by /proc/self/fd) for one script job: what a job sets on a
        description (fcntl's F_SETFL flags, F_SETSIG) dies with it instead of reaching the next script. The code and
        stdin read-only: /dev/stdin is a file of this process, which no job may write."""
        return [os.open(f"/proc/self/fd/{fd}", mode | os.O_CLOEXEC)
                for fd, mode in zip(fds, (os.O_RDONLY, os.O_RDONLY, os.O_RDWR))]

    def _script_files(self):
        """The script jobs' code, stdin and stdout, emptied, their times cleared. The same three memfds serve every
        script job of the slot: a new memfd's inode number comes from a host-wide counter (the kernel's shmem
        mount), so a script job read with fstat(0) what other jobs' shared mappings had set; and a socket per script
        (the code's channel before) took a number from the host's pipe and socket counter, as many as a completion
        chose to run scripts."""
        if self.script_fds is None:
            stdin = self.stdin_file if self.stdin_file is not None else os.memfd_create("stdin")
            self.script_fds = (os.memfd_create("code"), stdin, os.memfd_create("stdout"))
        for fd in self.script_fds:
            os.ftruncate(fd, 0)
            # the last script's reads and writes set them, at times it chose; ctime becomes now, this script's start
            # (the start-time channel of docs/sandbox.md, Timing between completions)
            os.utime(fd, ns=(0, 0))
            os.lseek(fd, 0, os.SEEK_SET)
        return self.script_fds

    def _kill_job(self):
        if self.child is not None:  # a module job's CPU, read before the kill: a process gone from /proc counts none
            self.spent += self.job_cpu()
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

    def job_cpu(self):
        """CPU seconds the running job's processes used, with the children they reaped: every process of the slot
        but its init, this worker and the zygote (only the job's own where the slot shares the host's pids)."""
        if not self.config["pid_namespace"]:
            return _cpu_seconds(_pidfd_pid(self.job_pidfd)) if self.job_pidfd is not None else 0.0
        mine = (1, os.getpid(), self.zygote_pid, self.template_pid)
        return sum(_cpu_seconds(p) for p in pids() if p not in mine)

    def _others(self):
        mine = {1, os.getpid(), self.zygote_pid, self.template_pid}
        return [p for p in pids() if p not in mine and process_state(p) not in ("Z", "X", "")]

    def end(self, msg):
        self.spent = 0.0
        deadline = time.monotonic() + msg.get("timeout", 1.0)  # the trusted side restarts the slot after it
        self._close_job()
        jobs = msg.get("jobs", 0)
        ended = self._end(deadline, jobs)
        others = self._others() if self.config["pid_namespace"] else []
        while others and time.monotonic() < deadline:  # processes being torn down still show for a moment
            self._ask(b"K")
            time.sleep(0.001)
            others = self._others()
            ended = not others and self._end(deadline, jobs)  # again: a straggler may have written after the wipe
        clean = ended and not others and own_state(self.libc) == self.state
        if clean:  # only now, with nothing of the session left: the next session's job, forked ahead
            self._ask_spare()
        return {"ok": True, "clean": clean}

    def _end(self, deadline, jobs):
        budget = jobs if type(jobs) is int and 0 <= jobs <= MAX_JOBS else 0
        return self._ask(b"E" + struct.pack(">dI", max(0.0, deadline - time.monotonic()), budget)) == b"e1"


class Budget:
    """One request's deadline: ``msg["timeout"]`` seconds of the job's CPU time (`Worker.job_cpu`, from now, or
    from ``counted`` seconds: 0 for a new job), so that a verdict does not change with the host's load (a correct
    program that needs 1 s of CPU took 2-3 s of wall time at load 3-6); and ``msg["wall"]`` seconds of wall time
    (the trusted side's backstop, a few times the CPU budget), which cuts off a job that sleeps, blocks or waits."""

    def __init__(self, worker, msg, counted=None):
        self.worker, self.cpu = worker, max(0.0, msg["timeout"])
        self.wall = time.monotonic() + max(0.0, msg.get("wall", msg["timeout"]))
        # A call's starting point is read at its first poll, not here: most answers come within POLL_S, and reading
        # every process's stat costs each call more than the call itself. The call then gets up to POLL_S of CPU
        # time beyond its budget, the same for every call whatever the host's load.
        self.start = counted

    def wait(self, fd):
        """Wait until ``fd`` is ready to read (True) or the budget is spent (False)."""
        while True:
            left = self.wall - time.monotonic()
            if left <= 0:
                return False
            if select.select([fd], [], [], min(left, POLL_S))[0]:
                return True
            if not self.within():
                return bool(select.select([fd], [], [], 0)[0])

    def within(self):
        """Whether the job has CPU time of its budget left (read now; the first read is the starting point)."""
        used = self.worker.job_cpu()
        if self.start is None:
            self.start = used
        return used - self.start < self.cpu


def _may_hold_handle(body):
    """Whether an answer's JSON may hold a handle: a string "H", the tag a handle starts with (a value "H" matches
    too, and only ends a batch early), written plainly or as the escape a job may write instead (its frame is its
    own: the same string once parsed)."""
    return b'"H"' in body or b'"\\u0048"' in body


def _cpu_seconds(pid):
    """CPU seconds process ``pid`` used, its threads and the children it reaped included; 0 when it is gone."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            fields = f.read().rsplit(b")", 1)[1].split()
    except (OSError, IndexError):
        return 0.0
    return sum(int(x) for x in fields[11:15]) / CLOCK_TICKS  # utime, stime, cutime, cstime


def _pidfd_pid(pidfd):
    """The pid of process fd ``pidfd`` (its fdinfo's "Pid:" line), or 0."""
    try:
        with open(f"/proc/self/fdinfo/{pidfd}") as f:
            return next((int(line.split()[1]) for line in f if line.startswith("Pid:")), 0)
    except (OSError, ValueError):
        return 0


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
    namespace = {"__name__": "__candidate__", "__builtins__": builtins}
    if source:
        exec(compile(source, "<prelude>", "exec", dont_inherit=True), namespace)
    return namespace


def main():
    sys.path[:] = [p for p in sys.path if p]  # started with -c but not -I: never import from the scratch directory
    config = json.loads(sys.argv[1])
    for name in PRELOAD:
        __import__(name)
    prelude = run_prelude(config.get("prelude", ""))
    uid, job_uid = config["uid"], config.get("job_uid")
    root = uid is not None and os.getuid() == 0
    hidden = config["pid_namespace"] and root and hide_processes(uid)
    os.chdir(config["scratch"])
    mine, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
    # Where the vDSO and the clock pages are, read while /proc is there (`clocks`)
    clock = _job_clock(config["scratch"], config.get("since", 0)) if config.get("private_clock") else None
    stdin_file = dev_stdin(uid) if config["pid_namespace"] and root else None
    zygote = os.fork()  # while root: the zygote takes a mount namespace without /proc before it drops root
    if zygote == 0:
        mine.close()
        if stdin_file is not None:
            os.close(stdin_file)
        try:
            last_pid = (without_proc(config.get("private_clock", False), config["scratch"])
                        if config["pid_namespace"] and root else None)
        except OSError:
            os._exit(75)  # never jobs with /proc: the slot's requests fail
        # The jobs' ids saved, not held: the zygote hands them to each job; the worker holds none of them.
        _take_ids(config, uid, job_uid if job_uid is not None else uid)
        Zygote(config, theirs, prelude, last_pid, clock).serve()
    theirs.close()
    _take_ids(config, uid, uid)
    # Here only, after the zygote's fork: a job's answer nested past this is refused by the worker's own parser,
    # never passed on to the trusted side's, whose depth left depends on its caller's stack (`MAX_NESTING`).
    sys.setrecursionlimit(MAX_NESTING)
    Worker(config, mine, zygote, stdin_file).serve(hidden)


def dev_stdin(uid):
    """Make /dev/stdin a regular file of the worker's (``uid``; read-only to jobs): the script jobs' stdin, which
    the worker fills for each script, so ``open("/dev/stdin")`` reads the input as it does under
    ``python3 main.py < input``. bubblewrap's /dev/stdin is a link to /proc/self/fd/0, and jobs have no /proc.
    An fd on it, or None where /dev is not the slot's own (then the scripts' stdin is a memfd)."""
    try:
        os.unlink("/dev/stdin")
        fd = os.open("/dev/stdin", os.O_RDWR | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o644)
    except OSError:
        return None
    os.fchown(fd, uid, uid)
    os.fchmod(fd, 0o644)
    return fd


def _job_clock(scratch, since):
    """The jobs' clock (`JobClock`), with the stat gate where the kernel can seal it (Linux 6.10), else without:
    then the jobs' seccomp layer refuses them files (`seccomp`). ``since``: the sandbox's start, from the trusted
    side (`statgate.StatGate`); this process reads no time (what it read would stay in the memory every job
    inherits, at the moment of the slot's restart)."""
    python = {sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix, os.path.dirname(sys.executable),
              *sys.path, "/usr", "/lib", "/lib64", "/bin"}
    try:
        gate = StatGate(kept_devices(python, _read("/proc/self/mountinfo"), ("/", "/dev", scratch)), since)
    except OSError:
        gate = None
    return JobClock(_read("/proc/self/maps"), gate)


def _read(path):
    with open(path) as f:
        return f.read()


def _take_ids(config, uid, saved):
    """Drop root for the slot's uid (``saved``: the saved uid and gid); exit rather than run jobs as root."""
    if uid is not None:
        if os.getuid() == 0:
            os.setgroups([])
        os.setresgid(uid, uid, saved)
        os.setresuid(uid, uid, saved)
    if config["require_non_root"] and (os.getuid() == 0 or os.geteuid() == 0):
        sys.exit("refusing to run jobs as root")

