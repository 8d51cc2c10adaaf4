"""A local sandbox for model-written code: pre-started worker slots that fork one isolated process per job.

The trusted side (this module) never lets untrusted code decide a result. It sends code to a slot, then asks for
function calls (``Session.call``; ``Session.load_call`` loads and calls in one request, which may also end the
session) or a script's stdout (``Session.run_script``) and gets back *data*, decoded strictly (`rewards.sandbox.wire`)
into exact builtin types and the standard library's and numpy's value types, each rebuilt from checked parts (no
subclass the job chose, no ``__eq__`` of its own); a call's arguments come back as the call left them
(`write_back`). Tests and expected values stay on this side: `rewards.code.code_tests` runs them here with the
candidate function standing in for calls into the slot. Any other answer stays in the job and comes back as a
handle, a `RemoteObject` bound to this session and job (see `rewards.sandbox.handles`): using it is another call,
and it never decides a comparison with a value of this side.

Isolation layers (see `rewards.sandbox.layers`): bubblewrap namespaces with a read-only system, a private tmpfs
scratch (a session that used it restarts its slot), no network, an own pid space, no /proc for jobs; two
non-root uids per slot, one for the worker and one for its jobs, which are forked by a zygote that never handles
their data (the worker holds none of the jobs' ids, so no job can signal, re-limit, renice, pin or reschedule it);
a pids + memory (+ CPU quota) cgroup per slot; seccomp (namespaces, tracing, IPC, keyrings, file locks, inotify,
page-cache calls, and calls aimed at another process: prlimit, setpriority, sched_set*, ioprio_set, signals to the
worker and zygote); rlimits (CPU, address space, file size, open files, processes); a new session per job and a
kill of every process the job started; a check of the worker's and zygote's own limits and scheduling before every
fork and at the end of each session (a changed slot restarts); per-call and per-completion wall-clock deadlines.
Each slot forks the next session's module job ahead, once a teardown found it clean (`inside.zygote.Zygote`).
A missing layer raises `SandboxError` at start-up unless ``SandboxConfig(allow_weak=True)``, which logs it instead.

Trusted-side cost of one answer: decoding runs under the completion's deadline, its hash-flood check is bounded in
element visits (32 per value, plus 4M), and each answer is charged the larger of its wire size and what decoding
builds here against ``completion_bytes``. A session ends by ``completion_timeout`` + `MARGIN_S` (2 s), teardown
included; a slot it leaves unclean restarts in the background. No session waits for its teardown (one that ended
with its last call sends no request for it): the slot tears down meanwhile and is lent again once it reported
clean (`Sandbox.settle` waits for that).

What it does not isolate:
  * timing between completions (unless ``private_clock``, which gives each job a clock of its own): one that waits
    for a slot starts when the previous one on it ended (which that one chose), and a restarted slot's files are
    stamped with the restart's moment; whether the slot restarted (1
    bit); the zygote's heap, which drifts with the number of messages it handled (a few bits, never what a job sent;
    ``fresh_slots`` closes it). The counters a job could set and a later one read (host-wide inode numbers, the
    slot's next pid and scratch inode, /proc) are closed: docs/sandbox.md, "Counters between completions";
  * timing and cache side channels (CPU caches, page-cache residency of the shared read-only files, measured by
    timing reads; mincore reports every page resident for files a job cannot write): channels between concurrent
    slots and from the trainer (bandwidth not measured);
  * the kernel itself (a kernel exploit escapes every layer);
  * reads of world-readable files under the system and Python directories that are bound read-only;
  * CPU and memory bandwidth taken from the rest of the machine within the limits;
  * the JSON frame of an answer is parsed before decoding meters it: up to 4 x ``output_bytes`` of JSON, briefly
    up to ~20 times that in Python objects per answer being read;
  * trusted test code (run in threads of the calling process, with a cooperative deadline: once past it, every call
    into the sandbox fails at once), including what it does with an answer (``[0] * answer`` allocates here; a set
    of values derived from an answer may hash-flood).
"""

from __future__ import annotations

import atexit
import collections
import contextlib
import functools
import itertools
import logging
import os
import queue
import threading
import time
import types
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from rewards.cpu_share import cores_per_process
from rewards.errors import SandboxError
from rewards.sandbox import layers as sandbox_layers
from rewards.sandbox.handles import RemoteObject
from rewards.sandbox.inside import frames
from rewards.sandbox.inside.codec import VIEWS, FunctionTable, ObjectGraph
from rewards.sandbox.inside.counters import MAX_JOBS, MODULE_PIDS, SCRIPT_PIDS
from rewards.sandbox.slot import END_GRACE_S, END_S, GRACE_S, Slot
from rewards.sandbox.wire import CallResult, DecodeDeadline, Meter, decode, encode, objects_after
from rewards.untrusted import clean

__all__ = ["CALL_MARGIN_S", "MARGIN_S", "CallResult", "PlannedCall", "Sandbox", "SandboxConfig", "SandboxError",
           "SandboxResult", "Session", "decode", "encode", "shared_sandbox", "shared_sandboxes"]

logger = logging.getLogger(__name__)

_instances = itertools.count()

# What decoding raises on an answer it refuses (malformed, too costly, too deep, too large a number).
UNUSABLE = (ValueError, TypeError, KeyError, RecursionError, OverflowError)
# How far past its completion_timeout a session may end, teardown included: a worker that stopped answering gets
# GRACE_S beyond the deadline (the slot then restarts in the background), a teardown END_S + END_GRACE_S.
MARGIN_S = max(GRACE_S, END_S + END_GRACE_S)
# How far past its deadline one call may end when it is also the session's last (`Session.load_call(last=True)`):
# a worker that stopped answering is given up after GRACE_S, and a teardown on the call's path ends by END_S +
# END_GRACE_S. A tool's bound on a rollout's time is its calls times (deadline + this).
CALL_MARGIN_S = GRACE_S + END_S + END_GRACE_S
# A call's budget is call_timeout seconds of its job's CPU time (its processes and their children), so that a verdict
# does not change with the host's load; a job that sleeps, blocks or only waits for the CPU is still cut off after
# WALL_FACTOR x call_timeout of wall time (never past its completion's deadline).
WALL_FACTOR = 3.0
# Calls one load may plan (`Session.load`): a row's asserts, a HumanEval check's first ones. Each runs whether or not
# the test that makes it is reached first (a HumanEval check ends at its first failed assert), so a wrong completion
# may spend more of its time budget, never another completion's.
MAX_PLANNED = 16


@dataclass(frozen=True)
class PlannedCall:
    """A call of the loaded code's function ``name`` that the tests will certainly make, with these arguments."""

    name: str
    args: tuple[Any, ...] = ()
    kwargs: dict[str, Any] = field(default_factory=dict)

# Slot uids: a block per process (by pid, which is below 2**22), and within it a range per open sandbox, so no two
# slots share a uid: slots with one uid would share RLIMIT_NPROC (and, in weak mode, each other's scratch). Each slot
# takes two: its worker's and its jobs' (a job must not be able to act on the worker it was forked from).
UID_BASE, UIDS_PER_PROCESS = 2_000_000_000, 500  # the largest uid then stays below 2**32 - 1
_uid_lock = threading.Lock()
_uid_blocks: dict[int, tuple[int, int]] = {}  # sandbox id -> (first offset, count), open sandboxes only


def _allocate_uids(box_id: int, n: int) -> int:
    """The first of ``n`` consecutive slot uids that no other open sandbox of this process holds."""
    with _uid_lock:
        start = 0
        for lo, size in sorted(_uid_blocks.values()):
            if start + n <= lo:
                break
            start = max(start, lo + size)
        if start + n > UIDS_PER_PROCESS:
            raise SandboxError(f"no {n} free slot uids left: this process holds {UIDS_PER_PROCESS} at most; "
                               "close sandboxes it no longer uses or give them fewer slots")
        _uid_blocks[box_id] = (start, n)
    return UID_BASE + os.getpid() * UIDS_PER_PROCESS + start


@dataclass(frozen=True)
class SandboxConfig:
    """Limits and layers of a `Sandbox` (frozen: it is the key of the shared sandbox cache).

    Attributes:
        slots: worker processes, one job each at a time (default: one per CPU core of this process's share of
            the machine, `rewards.cpu_share.cores_per_process`: ranks on one machine share its cores).
        call_timeout: CPU seconds of its job for one test (a function call or one stdin/stdout run), counted over the
            job's processes and their children, so that a verdict does not change with the host's load; a test
            that sleeps or blocks is cut off after `WALL_FACTOR` (3) x this of wall time, and every test by the
            completion's deadline.
        completion_timeout: wall-clock seconds for all tests of one completion.
        cpu_seconds / memory_bytes / file_bytes / open_files / processes: rlimits of every job.
        output_bytes: largest answer (returned value or stdout) accepted from a job, and from one iteration over
            a remote object.
        max_handles: objects one job may hold for the tests (answers that are not plain data).
        max_items: items one iteration over a remote object may give (and the largest ``len()`` it may report).
        completion_bytes: answers one completion's calls may bring in all, each charged the larger of its wire
            size and what decoding it builds here (what its tests may hold on this side); an answer that would pass
            it is refused, and a call past it fails without asking the job.
        scratch_bytes: size of the private tmpfs at /tmp.
        fresh_slots: restart a slot (in the background) after every completion, so that not even the zygote's
            heap (a few bits) reaches the next one; about 0.3 s of slot time per completion. The counters a job
            can move are kept per completion without it (`inside.counters`); the restart's moment, stamped
            in the new slot's files, is a timing channel either way.
        private_clock: the strict profile (docs/sandbox.md, "Profiles"): give every job a clock of its own
            (`inside.clocks`: it starts at its fork, runs on its CPU time, dates from 2026-01-01), so that no
            completion learns when the one before it ended, the timing channel between completions. Jobs then
            cannot start threads or processes, wait for an absolute deadline, or start more jobs than their session
            declared (`Sandbox.session`); every file time they read is the clock's date (`inside.statgate`;
            on a kernel without ``mseal``, before Linux 6.10, they cannot write files). That costs honest code
            (threads, pools, assert lists judged ~5x slower), so it is off by default. It needs every layer that
            hides /proc from jobs (x86_64 seccomp, bubblewrap, a root trusted process), and is not combined with
            ``fresh_slots`` (each restart stamps the next completion's files with the moment the last one ended).
            False (the default): jobs read the real time; True: the sandbox refuses to start without it; None: on
            wherever the host allows it (logged where it does not).
        slot_cpus: CPU cores the processes of one slot share (a cgroup quota, where the cpu controller is offered;
            0 for none): a job's busy children cannot starve the trainer.
        allow_weak: start even where a layer is missing (logged as a warning) instead of raising.
        hide: extra host directories to mask inside the sandbox (datasets, caches).
        bwrap: the bubblewrap executable.
        prelude: trusted Python source each slot runs once at start, outside any job (no seccomp or job
            rlimits: never model code); every loaded job starts in a fresh copy of its namespace, so a tool's
            fixed runner (`envs.tools.python.RUNNER`) is not compiled again per job. Empty: nothing.
    """

    slots: int | None = None
    call_timeout: float = 3.0
    completion_timeout: float = 15.0
    cpu_seconds: int = 10
    memory_bytes: int = 1 << 30
    file_bytes: int = 16 << 20
    open_files: int = 64
    processes: int = 16
    output_bytes: int = 1 << 20
    max_handles: int = 10_000
    max_items: int = 10_000
    completion_bytes: int = 16 << 20
    scratch_bytes: int = 64 << 20
    slot_cpus: float = 1.0
    fresh_slots: bool = False
    private_clock: bool | None = False
    allow_weak: bool = False
    hide: tuple[str, ...] = ()
    bwrap: str = "bwrap"
    prelude: str = ""


@dataclass(frozen=True)
class SandboxResult:
    """How one completion did on its tests, every field decided on the trusted side.

    ``passed`` of ``total`` tests passed; ``timed_out``/``memory_exceeded`` say whether any test hit a deadline or
    the memory limit; ``error`` is the first failure's reason ("" when all passed). ``score`` is the pass fraction.
    ``lost``: the slot's worker was killed from outside the slot during the run (`CallResult.lost`), so the tests
    were not all run and the completion is not judged.

    Not isolated (see the module docstring): timing between completions (start and restart times, unless
    ``private_clock``), the zygote's
    heap drift (unless ``fresh_slots``), timing and cache side channels, kernel exploits,
    world-readable files under the read-only system and Python directories, CPU and memory bandwidth within the
    limits, and the trusted test code itself, which runs in the caller's threads with only a cooperative deadline.
    """

    passed: int
    total: int
    timed_out: bool = False
    memory_exceeded: bool = False
    error: str = ""
    lost: bool = False

    @property
    def score(self) -> float:
        """Fraction of tests passed (0.0 when there were none)."""
        return self.passed / self.total if self.total else 0.0


class Session:
    """One completion's job on one slot: load its code once, then call into it (or run it as a script).

    ``job`` counts the job processes this session started: handles live as long as the one that made them, and
    ``on_result`` (when set) sees every `CallResult`. ``jobs``: the most job processes (loads and scripts) the
    trusted side will start (`Sandbox.session`).
    """

    def __init__(self, slot: Slot, config: SandboxConfig, jobs: int | None = None) -> None:
        self.slot, self.config, self.jobs = slot, config, jobs
        self.deadline = time.monotonic() + config.completion_timeout
        self.job, self.handles, self.closed, self.started = 0, 0, False, 0
        self.proxies: dict[int, RemoteObject] = {}  # this job's objects the tests hold, by the job's id for each
        self.last = False  # a `load_call(last=True)` was made: nothing more reaches the slot
        self.ending = False  # ... and the slot, having answered it, is tearing down: its report is still to read
        self.answered = False  # the last request reached the slot and was answered
        self.received = 0  # bytes of call answers so far, against completion_bytes
        self.memory_mark = slot.memory_mark()  # a worker lost later counts as the host's only if this stays put
        self.on_result: Callable[[CallResult], None] | None = None
        # Classes of the row's trusted code whose objects a test may pass in by their attributes (`ObjectGraph`),
        # by the name the job's module has them under.
        self.portable: dict[type, str] = {}
        # The row's test functions a test may pass in, as their source and free names (`FunctionTable`).
        self.functions: Callable[[Any], tuple[str, str, dict[str, Any], dict[str, str]] | None] | None = None
        # The completion's exception classes a test names, as classes of this side (`_Job.bind`): a call that raised
        # one raises it here, so ``except EmptyError`` catches it.
        self.exceptions: dict[str, type[Exception]] = {}
        # The answers of the calls `load` planned, with what each call sends, in order: `use` takes the first one for
        # the call it is asked for, which must be that one.
        self.planned: collections.deque[tuple[dict[str, Any], Any]] = collections.deque()

    def _new_job(self) -> None:
        self.job, self.handles, self.proxies = self.job + 1, 0, {}
        self.planned.clear()  # answers of a job that is gone

    def _done(self, result: CallResult, quiet: bool = False) -> CallResult:
        if result.job_ended:
            self._new_job()  # the process that held this job's objects is gone: its handles are stale
        if self.on_result is not None and (not quiet or result.job_ended or result.memory_exceeded):
            self.on_result(result)
        return result

    def refused(self, message: str) -> CallResult:
        """A failed `CallResult` decided on this side (a refused handle, a bound exceeded), reported like others."""
        return self._done(CallResult(False, error=message))

    def _handle(self, hid: int, kind: str) -> RemoteObject:
        # One proxy per object of the job (the job gives each object one id): `pick(1) is Color.RED` holds here as
        # in one process, where both are the same enum member.
        proxy = self.proxies.get(hid)
        if proxy is not None and proxy._job == self.job:
            return proxy
        self.handles += 1
        if self.handles > self.config.max_handles:
            raise ValueError(f"the job sent more than {self.config.max_handles} handles")
        proxy = self.proxies[hid] = RemoteObject(self, self.job, hid, kind)
        return proxy

    def _wire(self, x: Any) -> list | None:
        """The wire form of a handle this job may use; TypeError for one of another completion or job."""
        if type(x) is not RemoteObject:
            return None
        if x._session is not self or x._job != self.job:
            raise TypeError("a remote object from another completion or an ended job cannot be used")
        return ["H", hex(x._id), "object"]

    def _timeout(self) -> float:
        return max(0.0, min(self.config.call_timeout, self.deadline - time.monotonic()))

    def _ask(self, msg: dict[str, Any], handles: bool = False, quiet: bool = False, refs: list | None = None
             ) -> CallResult:
        return self._done(self._reply(msg, handles, refs or []), quiet)

    def _reply(self, msg: dict[str, Any], handles: bool, refs: list) -> CallResult:
        reply = self._exchange(msg)
        return reply if isinstance(reply, CallResult) else self._interpret(msg, reply, handles, refs)

    def _unusable(self) -> CallResult | None:
        """Why no request of this session may go out now, or None."""
        if self.closed:  # the slot now serves another completion: nothing of this one may reach it
            return CallResult(False, error="SandboxError: this session has ended")
        if self.last:
            return CallResult(False, error="SandboxError: this session made its last call")
        if self._timeout() <= 0:
            return CallResult(False, error="completion deadline passed", timed_out=True, job_ended=True)
        return None

    def _exchange(self, msg: dict[str, Any]) -> dict[str, Any] | CallResult:
        """The worker's reply to ``msg`` under this call's budget, or the failed `CallResult` when there is none."""
        refused = self._unusable()
        if refused is not None:
            return refused
        timeout = self._timeout()
        # call_timeout is the job's CPU time; the wall-clock backstop a few times it, within the completion's deadline
        wall = max(timeout, min(WALL_FACTOR * self.config.call_timeout, self.deadline - time.monotonic()))
        if "batch" in msg:  # the planned calls' answers come in the same reply, each within its own budget
            left = self.deadline - time.monotonic()
            msg = {**msg, "each": {"timeout": self.config.call_timeout, "wall": WALL_FACTOR * self.config.call_timeout},
                   "until": left}
            wall = max(wall, left)
        reply = self.slot.request({**msg, "timeout": timeout, "wall": wall}, wall)
        self.answered = reply is not None
        if reply is None and self.slot.died:
            if self.slot.lost_from_outside(self.memory_mark):  # the host's doing, not the job's: not judged
                return CallResult(False, error="sandbox worker lost: killed from outside the slot", job_ended=True,
                                  lost=True)
            return CallResult(False, error="Died: the sandbox worker was killed", job_ended=True)
        if reply is None:
            return CallResult(False, error="the sandbox worker stopped answering", timed_out=True, job_ended=True)
        return reply

    def _interpret(self, msg: dict[str, Any], reply: dict[str, Any], handles: bool, refs: list,
                   size: int | None = None) -> CallResult:
        """The `CallResult` of the worker's ``reply`` to ``msg``, decoded strictly; ``size``: its wire size (the
        last frame's, unless it was one of a batch)."""
        wire_size = self.slot.last_size if size is None else size
        if not reply.get("ok"):
            exc, text = reply.get("exc"), reply.get("msg")
            # Both come from the job: a bounded identifier and a bounded message, never a megabyte of log line.
            exc = exc if type(exc) is str and len(exc) <= 64 and exc.isidentifier() else "Error"
            text = clean(text, 300, newlines=False) if type(text) is str else ""
            ended, memory = bool(reply.get("timeout") or reply.get("died")), exc == "MemoryError"
            raised = not ended and not memory and (msg["op"] == "call" or _called(msg, reply))
            base = reply.get("base")
            base = base if type(base) is str and len(base) <= 64 and base.isidentifier() else ""
            try:
                after, objects = self._changes(reply, handles, refs, wire_size) if raised else (None, None)
            except DecodeDeadline as e:
                return CallResult(False, error=str(e), timed_out=True, size=wire_size)
            except UNUSABLE as e:  # the test must not read its arguments as the call never changed them
                return CallResult(False, error=f"unusable changes: {clean(str(e), 300, newlines=False)}",
                                  size=wire_size)
            args, attrs = self._exception_parts(reply) if raised else (None, None)
            return CallResult(False, error=f"{exc}: {text}", timed_out=bool(reply.get("timeout")),
                              memory_exceeded=memory, job_ended=ended, raised=raised, base=base,
                              after=after, objects_after=objects, args=args, attrs=attrs)
        # Decoding is this side's work: it runs under the completion's deadline, and the answer is charged what it
        # builds here (up to ~20x its wire size: 11 bytes of empty set make 216), never past completion_bytes.
        meter = Meter(self.deadline, max(0, self.config.completion_bytes - self.received))
        factory = self._handle if handles else None
        try:
            value = decode(reply["value"], 0, factory, meter) if "value" in reply else None
            after = decode(reply["after"], 0, factory, meter) if "after" in reply else None
            objects = objects_after(reply["objects_after"], refs, factory, meter) if "objects_after" in reply else None
        except DecodeDeadline as e:
            return CallResult(False, error=str(e), timed_out=True, size=max(wire_size, meter.built))
        except UNUSABLE as e:
            return CallResult(False, error=f"unusable answer: {clean(str(e), 300, newlines=False)}",
                              size=max(wire_size, meter.built))  # the error may quote the answer
        return CallResult(True, value, exhausted=reply.get("done") is True, size=max(wire_size, meter.built),
                          after=after, objects_after=objects, defined=_defined(reply.get("defined")))

    def _exception_parts(self, reply: dict[str, Any]) -> tuple[tuple | None, dict[str, Any] | None]:
        """A raised exception's ``args`` and attributes (``reply["args"]``, ``reply["attrs"]``), decoded as plain
        data only (no handles) and charged as an answer is; either is None where it is missing or unusable, and the
        test then gets the exception made from its message."""
        meter = Meter(self.deadline, max(0, self.config.completion_bytes - self.received))
        args: tuple | None = None
        attrs: dict[str, Any] | None = None
        try:
            with contextlib.suppress(*UNUSABLE):
                value = decode(reply["args"], 0, None, meter) if "args" in reply else None
                args = value if type(value) is tuple else None
            pairs = reply.get("attrs")
            if type(pairs) is list and len(pairs) <= 16:
                attrs = {}
                for pair in pairs:
                    if type(pair) is list and len(pair) == 2 and type(pair[0]) is str and len(pair[0]) <= 64 and \
                            pair[0].isidentifier() and not pair[0].startswith("_"):
                        with contextlib.suppress(*UNUSABLE):
                            attrs[pair[0]] = decode(pair[1], 0, None, meter)
        finally:
            self.received += meter.built
        return args, attrs or None

    def _changes(self, reply: dict[str, Any], handles: bool, refs: list, wire_size: int) -> tuple[Any, Any]:
        """A raising call's arguments and the prompt's objects as it left them (``reply["after"]``,
        ``reply["objects_after"]``), decoded as an answer is (None where there are none); raises as `decode` does
        when they are unusable: the call then fails as a refused answer does, since a test that catches the
        exception would read its arguments as they were, which a plain process would not show it."""
        if "after" not in reply and "objects_after" not in reply:
            return None, None
        meter = Meter(self.deadline, max(0, self.config.completion_bytes - self.received))
        factory = self._handle if handles else None
        try:
            after = decode(reply["after"], 0, factory, meter) if "after" in reply else None
            objects = objects_after(reply["objects_after"], refs, factory, meter) if "objects_after" in reply else None
            return after, objects
        finally:
            self.received += max(wire_size, meter.built)  # charged as any answer is

    def load(self, code: str, names: tuple[str, ...] = (), planned: Sequence[PlannedCall] = (),
             requires: dict[str, str] | None = None) -> CallResult:
        """Execute ``code`` as a module in a fresh job process (its definitions then serve `call`); ``names``: the
        result's ``defined`` says what the code bound to each of them (tests look their free names up there).

        ``planned``: calls the tests will certainly make next, in this order, with nothing else asked of the job
        between them (`rewards.code.planned`): the worker makes them right after the load, each once the one before
        was answered (the job sees no call before plain Python would make it) and under its own budget, and one reply
        brings their answers, which `call` then gives out in order (a row of asserts is one round trip to the
        worker). Only where the code binds each name of ``requires`` as `_defined` says (what the plan assumed)."""
        if self._over_budget(MODULE_PIDS):
            return self.refused(OVER_BUDGET)
        self._new_job()
        msg: dict[str, Any] = {"op": "load", "code": code, **({"names": list(names)} if names else {})}
        sent = self._planned_fields(planned)
        if sent:
            msg.update(batch=sent, requires=dict(requires or {}))
        reply = self._exchange(msg)
        if isinstance(reply, CallResult):
            return self._done(reply)
        result = self._done(self._interpret(msg, reply, False, []))
        answers = reply.get("batch")
        if sent and result.ok and type(answers) is list and len(answers) <= len(sent) and \
                all(isinstance(a, dict) for a in answers) and _meets(result.defined, requires or {}):
            self.planned.extend(zip(sent, answers))
        return result

    def _planned_fields(self, planned: Sequence[PlannedCall]) -> list[dict[str, Any]]:
        """What each of ``planned`` sends, up to the first that cannot be planned (its arguments do not cross as
        plain data)."""
        sent = []
        for call in planned[:MAX_PLANNED]:
            try:
                fields, refs = self._call_msg(None, "call", call.name, call.args, call.kwargs, _no_handles)
            except TypeError:
                break
            if refs or "objects" in fields or "functions" in fields:
                break
            sent.append(fields)
        return sent

    def _take_planned(self, fields: dict[str, Any], quiet: bool) -> CallResult | None:
        """The answer `load` brought for the call ``fields`` sends, when it is the next planned one (None when none
        is planned); a different call while answers are planned fails: the job already made the planned one."""
        if not self.planned:
            return None
        sent, answer = self.planned.popleft()
        if sent != fields:
            self.planned.clear()
            logger.warning("a test asked the sandbox for another call than the one planned: the plan was wrong")
            return self._done(CallResult(False, error="SandboxError: the tests made another call than the one "
                                                       "planned", job_ended=True))
        refused = self._unusable()
        if refused is not None:
            return self._done(refused, quiet)
        msg = {"op": "call", **fields}
        return self._done(self._interpret(msg, answer, True, [], len(frames.dumps(answer))), quiet)

    def _over_budget(self, default: int) -> bool:
        """Whether a new job would pass the session's budget (``jobs``, else ``default``) under `private_clock`
        (refused there: the slot would restart at a moment the completion chose, by ending its job; elsewhere the
        slot restarts after the session)."""
        self.started += 1
        return bool(self.config.private_clock) and self.started > (self.jobs or default)

    def _end_fields(self) -> dict[str, Any]:
        """What a teardown request says besides its timeout: the session's declared budget, when there is one."""
        return {"jobs": self.jobs} if self.jobs else {}

    def load_call(self, code: str, name: str, args: tuple[Any, ...], kwargs: dict[str, Any] | None = None,
                  last: bool = False) -> CallResult:
        """`load` ``code`` in a fresh job and `call` its function ``name`` in one round trip, under one call deadline.

        A failed load is the result, as from `load` (``raised`` False); otherwise the call's, as from `call`. No
        handle can be an argument: every one belongs to an earlier job. ``last``: the session's last request; the
        slot tears the job down as soon as it answered, without a request of its own, so an answer that is not
        plain data is refused, and every later use of this session fails without reaching the slot."""
        try:
            msg, refs = self._call_msg(None, "call", name, args, kwargs, _no_handles)
        except TypeError as e:
            return self.refused(str(e))
        if self.received > self.config.completion_bytes:
            return self.refused(f"the completion's answers passed {self.config.completion_bytes} bytes")
        if self._over_budget(MODULE_PIDS):
            return self.refused(OVER_BUDGET)
        self._new_job()
        request: dict[str, Any] = {"op": "load", "code": code, "call": msg}
        if last and not self.config.fresh_slots:  # a slot that restarts after the session needs no teardown
            request.update(end=END_S, **self._end_fields())
        self.answered = False
        result = self._ask(request, handles=not last, refs=refs)
        self.last = self.last or last
        self.ending = self.ending or ("end" in request and self.answered)
        self.received += result.size
        refusal = _write_back_objects(refs, result)
        return result if refusal is None else self.refused(refusal)

    def call(self, name: str, args: tuple[Any, ...], kwargs: dict[str, Any] | None = None) -> CallResult:
        """Call the loaded module's function ``name``; arguments and result are plain data or this job's handles."""
        return self.use(None, "call", name, args, kwargs)

    def use(self, target: RemoteObject | None, do: str, name: str | None = None, args: tuple[Any, ...] = (),
            kwargs: dict[str, Any] | None = None, quiet: bool = False) -> CallResult:
        """One use of the job: ``do`` ("call", "getattr", "setattr", "iter", "next", "len", "getitem", "truth",
        "text", "isinstance") on the object ``target``, or a call of the function ``name`` when ``target`` is None.
        ``quiet``: a failure that leaves the job running is not passed to ``on_result`` (a probe whose failure is
        expected)."""
        try:
            fields, refs = self._call_msg(target, do, name, args, kwargs, self._wire)
        except TypeError as e:
            return self.refused(str(e))
        msg = {"op": "call", **fields}
        # Per answer output_bytes, per iteration too; but len() then one read per index, or next() in a loop, would
        # let one test hold gigabytes here before the deadline.
        if self.received > self.config.completion_bytes:
            return self.refused(f"the completion's answers passed {self.config.completion_bytes} bytes")
        result = self._take_planned(fields, quiet) or self._ask(msg, handles=True, quiet=quiet, refs=refs)
        self.received += result.size
        refusal = _write_back_objects(refs, result)
        if refusal is not None:  # before the arguments: the call fails, so nothing of it is written back
            return self.refused(refusal)
        if result.after is not None and (result.ok or result.raised):
            write_back(args, kwargs or {}, result.after)
        return result

    def _call_msg(self, target: RemoteObject | None, do: str, name: str | None, args: tuple[Any, ...],
                  kwargs: dict[str, Any] | None, wire: Callable[[Any], list | None]) -> tuple[dict[str, Any], list]:
        """The fields of one use of the job, and the objects of the `portable` classes they send (as an
        `ObjectGraph`; the test's `functions` go as a `FunctionTable`); TypeError for arguments that cannot cross
        (``wire`` sees handles)."""
        handle = None if target is None else self._wire(target)
        graph = ObjectGraph(self.portable) if self.portable else None
        table = FunctionTable(self.functions) if self.functions else None

        def hook(x: Any) -> list | None:
            found = wire(x)
            if found is None and graph is not None:
                found = graph.ref(x)
            return found if found is not None or table is None else table.ref(x)

        fields = {"do": do, "name": name, "handle": None if handle is None else handle[1],
                  "args": encode([list(args), dict(kwargs or {})], 0, hook)}
        objects: list = []
        functions: list = []
        while True:  # an object's attribute may hold a function, a function's free name an object
            objects = graph.wire(hook) if graph is not None else []
            functions = table.wire(hook) if table is not None else []
            if (graph is None or len(objects) == len(graph.objects)) and \
                    (table is None or len(functions) == len(table.functions)):
                break
        if objects:
            fields["objects"] = objects
        if functions:
            fields["functions"] = functions
        return fields, graph.objects if graph is not None else []

    def run_script(self, code: str, stdin: str) -> CallResult:
        """Run ``code`` as ``__main__`` in a fresh job process reading ``stdin``; ``value`` is its stdout."""
        if self._over_budget(SCRIPT_PIDS):
            return self.refused(OVER_BUDGET)
        self._new_job()
        return self._ask({"op": "script", "code": code, "stdin": stdin})


OVER_BUDGET = ("with private_clock a session starts at most the jobs it declared (`Sandbox.session(jobs=...)`, else "
               "one module job or 16 scripts), and it started them all: another would restart the slot at a moment "
               "the completion chose")


def _meets(defined: dict[str, str] | None, requires: dict[str, str]) -> bool:
    """Whether ``defined`` (a load's) binds each name of ``requires`` as it says (``"!value"``: to anything but a
    value, or not at all)."""
    found = defined or {}
    return all(found.get(name) != "value" if kind == "!value" else found.get(name) == kind
               for name, kind in requires.items())


def _defined(field: Any) -> dict[str, str] | None:
    """A load reply's ``defined`` (from the job): names to "call", "value", "module:<name>" or "exception:<base>",
    else None."""
    if type(field) is not dict or len(field) > 10_000:
        return None
    return {k: v for k, v in field.items() if type(k) is str and type(v) is str and len(k) <= 200 and len(v) <= 110}


# What `_edges` walks into: every container type the strict decoder builds (a job may put the test's objects in
# any of them, and trusted helpers iterate all of them alike).
_CONTAINERS = (list, tuple, set, frozenset, dict, collections.deque, *VIEWS)


def _write_back_objects(objects: list, result: CallResult) -> str | None:
    """Give the prompt's objects a call was sent (`ObjectGraph`) the attributes it left them with, as one process
    would (LeetCode's in-place ``reorderList(head)``, ``flatten(root)``): only a call that returned or raised, and
    only a change that keeps their class's methods their own and leaves them as cheap to walk as they were.
    Returns why a change was refused, None else: the call then fails (as a refused answer does), since a test
    reading its objects unchanged would see what no plain process showed it (an expected "left as it was"). Objects
    the test itself made cyclic cannot be measured: a change to them is not written back, and the call stands
    (``hasCycle`` marking the nodes it visited)."""
    if result.objects_after is None or not (result.ok or result.raised):
        return None
    if any(_replaces_code(objects[i], name, value) for i, state in result.objects_after.items()
           for name, value in state.items()):
        return "the call gave the test's objects an attribute that replaces a method or function of theirs"
    index = {id(x): i for i, x in enumerate(objects)}
    before = [vars(x) for x in objects]
    paths_before = _paths(_edges(before, index))
    if paths_before is None:
        logger.info("sandbox: a call changed test objects that form a cycle; left as they were")
        return None
    after = [result.objects_after.get(i, attrs) for i, attrs in enumerate(before)]
    if not _walkable(paths_before, _paths(_edges(after, index))):
        return "the call rewired the test's objects into a cycle or many more paths than they had"
    for i, state in result.objects_after.items():
        attrs = objects[i].__dict__
        attrs.clear()
        attrs.update(state)
    return None


def _walkable(paths_before: list[int], paths_after: list[int] | None) -> bool:
    """Whether the objects' references to each other after a call (``paths_after``, `_paths`) stay as cheap to walk
    as they were: trusted test code walks them without the sandbox's deadlines, so a job must not make it loop
    forever (a cycle where there was none: None) or take exponential time (a chain of nodes whose ``left`` and
    ``right`` are one node). Every object must start no more paths than before, or than twice the number of objects
    (a list or tree changed in place starts at most as many as it has nodes: ``reorderList``, ``flatten``, a
    ``deleteNode`` whose detached node still points into the list)."""
    if paths_after is None:
        return False
    bound = 2 * len(paths_before)
    return all(new <= max(old, bound) for old, new in zip(paths_before, paths_after, strict=True))


def _replaces_code(obj: Any, name: str, value: Any) -> bool:
    """Whether setting ``name`` to ``value`` on the trusted ``obj`` would change what its code is: hide what its
    class defines as a method or other callable or descriptor, or replace a callable the object holds itself (a
    comparator ``__init__`` stored). The test's own ``root.is_valid()`` must stay the prompt's code, never a
    function the job chose."""
    for klass in type(obj).__mro__[:-1]:  # object's own attributes are all dunders, refused by the decoder already
        if name in vars(klass):
            found = vars(klass)[name]
            return callable(found) or hasattr(type(found), "__get__")
    old = vars(obj).get(name)
    return isinstance(old, _CODE) and value is not old


# What a trusted object may hold as its own code (a RemoteObject or a node is callable too, but is data here).
_CODE = (types.FunctionType, types.MethodType, types.BuiltinFunctionType, functools.partial)


def _edges(states: list[dict[str, Any]], index: dict[int, int]) -> list[list[int]]:
    """For each object, the objects of ``index`` its attributes hold (directly or inside any container the decoder
    builds, however deep: an N-ary node's ``children`` list, deque, namedtuple, dict or dict view)."""
    edges = []
    for attrs in states:
        targets: list[int] = []
        seen: set[int] = set()  # a trusted attribute may hold a container many times (or itself)
        stack: list[Any] = list(attrs.values())
        while stack:
            value = stack.pop()
            if id(value) in index:
                targets.append(index[id(value)])
                continue
            kind = type(value)
            if not issubclass(kind, _CONTAINERS) or id(value) in seen:
                continue
            seen.add(id(value))
            if issubclass(kind, dict):
                stack.extend((*value.keys(), *value.values()))
            elif issubclass(kind, VIEWS):  # keys, values or items of a dict: walk the whole dict
                stack.extend((*value.mapping.keys(), *value.mapping.values()))
            else:
                stack.extend(value)
        edges.append(targets)
    return edges


def _paths(edges: list[list[int]], cap: int = 1 << 40) -> list[int] | None:
    """How many paths start at each node of the directed graph ``edges`` (the node alone counts one; capped at
    ``cap``), or None when it has a cycle (iterative depth-first search; 0 new, 1 open, 2 done)."""
    colour, paths = [0] * len(edges), [1] * len(edges)
    for start in range(len(edges)):
        if colour[start]:
            continue
        colour[start] = 1
        stack = [(start, iter(edges[start]))]
        while stack:
            node, targets = stack[-1]
            nxt = next(targets, None)
            if nxt is None:
                colour[node] = 2
                paths[node] = min(cap, 1 + sum(paths[t] for t in edges[node]))
                stack.pop()
            elif colour[nxt] == 1:
                return None
            elif colour[nxt] == 0:
                colour[nxt] = 1
                stack.append((nxt, iter(edges[nxt])))
    return paths


def write_back(args: tuple[Any, ...], kwargs: dict[str, Any], after: Any) -> None:
    """Give the test's own arguments the state the call left them in (``after``: ``[args, kwargs]`` as decoded),
    as a call in one process would: a list sorted in place reads sorted afterwards, and the containers nested in it
    stay the same objects wherever their type and length did not change."""
    if type(after) is not list or len(after) != 2 or type(after[0]) is not list or type(after[1]) is not dict:
        return
    if len(after[0]) == len(args):
        for old, new in zip(args, after[0], strict=True):
            _sync(old, new, 0)
    for key, old in kwargs.items():
        if key in after[1]:
            _sync(old, after[1][key], 0)


def _sync(old: Any, new: Any, depth: int) -> None:
    """Make the container ``old`` hold what ``new`` (a decoded copy of it) holds, in place."""
    t = type(old)
    if depth > 100 or t is not type(new):
        return
    if t is list:
        if len(old) != len(new):
            old[:] = new
            return
        for i, (o, n) in enumerate(zip(old, new, strict=True)):
            if _kept(o, n):
                _sync(o, n, depth + 1)
            else:
                old[i] = n
    elif t is tuple:
        for o, n in zip(old, new, strict=False):
            _sync(o, n, depth + 1)
    elif isinstance(old, dict):
        if list(old) != list(new):
            old.clear()
            old.update(new)
            return
        for key, n in new.items():
            if _kept(old[key], n):
                _sync(old[key], n, depth + 1)
            else:
                old[key] = n
    elif t is set:
        old.clear()
        old.update(new)
    elif t in (bytearray, collections.deque):
        old.clear()
        old.extend(new)
    elif t.__module__ == "numpy" and t.__name__ == "ndarray" and old.shape == new.shape:
        old[...] = new


def _kept(old: Any, new: Any) -> bool:
    """Whether a nested container keeps its identity (and is synced) rather than being replaced."""
    return type(old) is type(new) and isinstance(old, (list, dict, set, bytearray, tuple))


def _no_handles(x: Any) -> None:
    """The wire form of a handle in a fresh job's arguments: none, as no handle of it exists yet."""
    if type(x) is RemoteObject:
        raise TypeError("a remote object from another completion or an ended job cannot be used")
    return None


def _called(msg: dict[str, Any], reply: dict[str, Any]) -> bool:
    """Whether a failed reply is the call's of a `Session.load_call` (the code loaded, then the call raised)."""
    return msg["op"] == "load" and "call" in msg and reply.get("called") is True


class Sandbox:
    """A pool of isolated worker slots. Use `session` to run one completion; close it (or exit) to stop them.

    >>> with Sandbox(SandboxConfig(slots=1)) as box, box.session() as s:
    ...     s.load("def f(x): return [x, x * 2]").ok, s.call("f", (21,)).value
    (True, [21, 42])
    """

    def __init__(self, config: SandboxConfig | None = None) -> None:
        self.config = config or SandboxConfig()
        self.id = next(_instances)
        self.layers = sandbox_layers.probe(self.config.bwrap)
        if self.layers.missing:
            report = "; ".join(self.layers.missing)
            if not self.config.allow_weak:
                raise SandboxError(f"The code sandbox lacks isolation layers: {report}. Install/enable them, or "
                                   "pass SandboxConfig(allow_weak=True) to run model code with weaker isolation.")
            logger.warning("Code sandbox running with WEAKER isolation (allow_weak=True): %s", report)
        layers = self.layers
        clock_layers = bool(layers.seccomp and layers.bwrap and layers.slot_uids)
        if self.config.private_clock is None:
            self.config = replace(self.config, private_clock=clock_layers and not self.config.fresh_slots)
            if not self.config.private_clock:
                why = "fresh_slots=True" if self.config.fresh_slots else "it needs seccomp, bwrap and a root process"
                logger.warning("Code sandbox: jobs read the real time (no private_clock: %s)", why)
        if self.config.private_clock and (self.config.fresh_slots or not clock_layers):
            raise SandboxError("SandboxConfig(private_clock=True) needs seccomp (x86_64 Linux), bubblewrap and a root "
                               "trusted process (so that jobs have no /proc, whose entries hold the real time), and "
                               "is not combined with fresh_slots=True, whose restarts stamp each completion's files "
                               f"with the moment the one before it ended; this sandbox has seccomp={layers.seccomp}, "
                               f"bwrap={bool(layers.bwrap)}, slot_uids={layers.slot_uids}, "
                               f"fresh_slots={self.config.fresh_slots}.")
        logger.info("Code sandbox layers: bwrap=%s slot_uids=%s cgroup=%s seccomp=%s", self.layers.bwrap,
                    self.layers.slot_uids, self.layers.cgroup, self.layers.seccomp)
        n = self.config.slots or cores_per_process()
        self.base_uid = _allocate_uids(self.id, 2 * n)
        self.bwrap_argv: list[str] = []
        if self.layers.bwrap:
            hide = sandbox_layers.hidden_paths(self.config.hide)
            self.bwrap_argv = sandbox_layers.bwrap_argv(self.layers.bwrap, self.config.scratch_bytes, hide)
        self._scratch_root: str | None = None
        self.closed = False
        self.slots: list[Slot] = []
        self._free: queue.Queue[Slot] = queue.Queue()
        self._ending: queue.Queue[Slot | None] = queue.Queue()  # slots whose teardown report is still to read
        threading.Thread(target=self._read_reports, name=f"rlvr-sandbox-{self.id}-ends", daemon=True).start()
        try:
            for i in range(n):
                self.slots.append(Slot(self, i))
                self.slots[-1].start()
                self._free.put(self.slots[-1])
        except BaseException:
            self.close()  # no half-started pool: stop the slots and remove the cgroups made so far
            raise
        atexit.register(self.close)

    def scratch_dir(self, index: int) -> str:
        """Scratch of slot ``index`` when there is no bwrap tmpfs (weak mode): a private host directory."""
        import tempfile

        if self._scratch_root is None:
            self._scratch_root = tempfile.mkdtemp(prefix="rlvr-sandbox-")
            os.chmod(self._scratch_root, 0o711)
        path = os.path.join(self._scratch_root, str(index))
        os.makedirs(path, exist_ok=True)
        os.chmod(path, 0o770)
        if self.layers.slot_uids:  # the jobs' directory, entered by their worker through its group
            os.chown(path, self.slot_uids(index)[1], self.slot_uids(index)[0])
        return path

    def slot_uids(self, index: int) -> tuple[int, int]:
        """(worker uid, job uid) of slot ``index``."""
        return self.base_uid + 2 * index, self.base_uid + 2 * index + 1

    @contextlib.contextmanager
    def session(self, jobs: int | None = None) -> Iterator[Session]:
        """Borrow a slot for one completion; afterwards everything the job started is killed and scratch wiped.

        ``jobs``: the most job processes (loads and scripts) this session will start, declared by the trusted side
        from its workload (one per test), never from the completion: the slot then keeps its counters through that
        many (a job that died and is loaded again), and the next session's pids do not say how many it used. None:
        one module job, or 16 scripts. With `SandboxConfig.private_clock` a job past the budget is refused."""
        if self.closed:
            raise SandboxError("this sandbox is closed")
        if jobs is not None and not (type(jobs) is int and 1 <= jobs <= MAX_JOBS):
            raise ValueError(f"jobs must be an int from 1 to {MAX_JOBS}, got {jobs!r}")
        slot = self._free.get()
        session = None
        try:
            if slot.broken:
                slot.start()
            session = Session(slot, self.config, jobs)
            yield session
        finally:
            if session is not None:
                session.closed = True  # its handles and candidates must not reach the slot's next completion
            self._release(slot, session)

    def _release(self, slot: Slot, session: Session | None) -> None:
        """Have the slot tear down its job within `END_S` (+ `END_GRACE_S`) and return at once: a background thread
        reads the teardown's report and lends the slot again only once it says clean, else restarts it (`settle`
        waits for the reports). No request is sent when the session is ``ending``: the slot is tearing down already
        (after a last call, whose answer is in)."""
        ending = session is not None and session.ending
        request = {"op": "end", "timeout": END_S, **(session._end_fields() if session is not None else {})}
        if self.config.fresh_slots:
            self._settle(slot, None)
        elif self.closed:  # a closed sandbox reads no more reports: its slots are stopped
            self._settle(slot, None)
        elif ending or slot.send(request, time.monotonic() + END_S + END_GRACE_S):
            self._ending.put(slot)
        else:
            self._settle(slot, None)

    def _read_reports(self) -> None:
        while (slot := self._ending.get()) is not None:
            try:
                self._settle(slot, slot.receive(END_S, END_GRACE_S))
            except Exception:  # this thread must live on: the slot goes back broken, its next borrower restarts it
                logger.exception("sandbox slot %d: reading its teardown report failed", slot.index)
                slot.broken = True
                self._free.put(slot)
            finally:
                self._ending.task_done()
        self._ending.task_done()

    def settle(self) -> None:
        """Wait until every teardown that `session` left to the background has reported (within `END_S` +
        `END_GRACE_S` each): its slot is then clean and free, or restarting."""
        if not self.closed:
            self._ending.join()

    def _settle(self, slot: Slot, reply: dict[str, Any] | None) -> None:
        """A slot whose teardown reported ``reply``: back to the pool when clean, else restarted in the background."""
        if reply and reply.get("clean"):
            self._free.put(slot)
            return
        if not self.config.fresh_slots:
            logger.info("sandbox slot %d not clean after a job; restarting it", slot.index)
        slot.broken = True
        threading.Thread(target=self._restart, args=(slot,), name=f"rlvr-sandbox-restart-{slot.index}",
                         daemon=True).start()

    def _restart(self, slot: Slot) -> None:
        try:
            with slot.lock:
                if not self.closed:
                    slot.start()
        except Exception as e:  # a slot that cannot restart is retried on its next use
            logger.warning("sandbox slot %d failed to restart: %s", slot.index, e)
            slot.broken = True
        finally:
            self._free.put(slot)

    def close(self) -> None:
        """Stop every slot and remove their cgroups."""
        if self.closed:
            return
        self.settle()
        self._ending.put(None)
        self.closed = True
        for slot in self.slots:
            slot.stop()
            if slot.cgroup is not None:
                slot.cgroup.remove()
        with _uid_lock:  # only now: the stopped slots' processes are gone
            _uid_blocks.pop(self.id, None)
        if self._scratch_root is not None:
            import shutil

            shutil.rmtree(self._scratch_root, ignore_errors=True)

    def __enter__(self) -> Sandbox:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def describe(self) -> dict[str, Any]:
        """The layers in use and the limits, for result files."""
        return {"layers": asdict(self.layers), "config": asdict(self.config), "slots": len(self.slots)}


_shared: dict[SandboxConfig, Sandbox] = {}
_shared_lock = threading.Lock()


def shared_sandboxes() -> tuple[Sandbox, ...]:
    """Every sandbox `shared_sandbox` started in this process (and not closed)."""
    with _shared_lock:
        return tuple(_shared.values())


def shared_sandbox(config: SandboxConfig) -> Sandbox:
    """The process-wide sandbox for ``config``, started on first use (rewards share it across calls)."""
    with _shared_lock:
        box = _shared.get(config)
        if box is None or box.closed:
            box = _shared[config] = Sandbox(config)
        return box
