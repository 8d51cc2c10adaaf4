"""One completion's use of one slot (`Session`): load its code, call into it, use the handles of its objects,
run it as a script; every answer decoded strictly on this side (`rewards.sandbox.wire`), the calls a row's tests
will certainly make sent with the load (`PlannedCall`)."""

from __future__ import annotations

import builtins
import collections
import contextlib
import logging
import threading
import time
import types
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from rewards.sandbox import unpatched
from rewards.sandbox.config import COMPLETION_WALL_FACTOR, WALL_FACTOR, SandboxConfig
from rewards.sandbox.handles import CallableRemote, RemoteObject, job_generator, proxy_class, stands_for
from rewards.sandbox.inside.codec import (
    IN_PLACE,
    MAX_ITERATOR_ITEMS,
    SEEKABLE,
    FunctionTable,
    ObjectGraph,
    sent_builtins,
)
from rewards.sandbox.inside.counters import MODULE_PIDS, SCRIPT_PIDS
from rewards.sandbox.inside.job import (
    MAX_LOGGED,
    MAX_MOCK_CALLS,
    MAX_PATCHES,
    MAX_PRINTS,
    MAX_WARNINGS,
    NEAR_ATTRIBUTES,
    NEAR_OBJECTS,
    PRINTED_CHARS,
    meets,
)
from rewards.sandbox.replay import Replay
from rewards.sandbox.slot import END_S, Slot
from rewards.sandbox.wire import CallResult, DecodeDeadline, Meter, decode, encode, objects_after, remote_of
from rewards.sandbox.writeback import read_on, write_back, write_back_objects
from rewards.untrusted import clean

__all__ = ["MAX_PLANNED", "PlannedCall", "Session"]

logger = logging.getLogger(__name__)

# What decoding raises on an answer it refuses (malformed, too costly, too deep, too large a number).
UNUSABLE = (ValueError, TypeError, KeyError, RecursionError, OverflowError)

# Calls one load may plan (`Session.load`): a row's asserts, a HumanEval check's first ones. Each runs whether or not
# the test that makes it is reached first (a HumanEval check ends at its first failed assert), so a wrong completion
# may spend more of its time budget, never another completion's.
MAX_PLANNED = 16
# Stand-in classes one session makes for the job's classes (`Session._proxy_class`): a completion with more kinds of
# objects gets plain `RemoteObject` stand-ins for the rest.
MAX_PROXY_CLASSES = 256
# What a plan's calls send, by the plan (`Session._planned_fields`): `rewards.code` caches a row's plan and judges the
# row G times a step, each time encoding the same literal arguments. Kept with the plan itself, so an id is never
# read for another object; at most this many plans.
_PLANNED_WIRE: dict[int, tuple[Sequence[PlannedCall], list[dict[str, Any]]]] = {}
MAX_PLANNED_WIRE = 1024


@dataclass(frozen=True)
class PlannedCall:
    """A call of the loaded code's function ``name`` that the tests will certainly make, with these arguments."""

    name: str
    args: tuple[Any, ...] = ()
    kwargs: dict[str, Any] = field(default_factory=dict)


def _logged(records: Any, meter: Meter) -> list[tuple[str, str, int, str]]:
    """A reply's ``logged`` (`job._LogCapture`), checked: (captured logger, the record's logger, level, message)
    each, names of at most 200 characters, a level from 0 to 100, a message of at most 1,000, charged as an answer
    is; a malformed one is left out."""
    checked = []
    for record in records[:MAX_LOGGED] if type(records) is list else ():
        if type(record) is list and len(record) == 4 and list(map(type, record)) == [str, str, int, str] and \
                len(record[0]) <= 200 and len(record[1]) <= 200 and 0 <= record[2] <= 100 and len(record[3]) <= 1000:
            with contextlib.suppress(ValueError):  # past the answer's budget: the rest is left out
                _charge(meter, 100 + len(record[0]) + len(record[1]) + len(record[3]))
                checked.append((record[0], record[1], record[2], record[3]))
    return checked


class Session:
    """One completion's job on one slot: load its code once, then call into it (or run it as a script).

    ``job`` counts the job processes this session started: handles live as long as the one that made them, and
    ``on_result`` (when set) sees every `CallResult`. ``jobs``: the most job processes (loads and scripts) the
    trusted side will start (`Sandbox.session`).
    """

    def __init__(self, slot: Slot, config: SandboxConfig, jobs: int | None = None) -> None:
        self.slot, self.config, self.jobs = slot, config, jobs
        # The code imports numpy (the trusted side's guess from its text): its jobs come from the slot's numpy
        # zygote where the config keeps one (`SandboxConfig.numpy_zygote`). Speed only: a job is the same either way.
        self.numpy = False
        # The completion's deadline: first its budget in wall time, moved on while the CPU time spent stays within
        # it (`_extend`), never past the wall-clock backstop.
        start = unpatched.monotonic()
        self.deadline = start + config.completion_timeout
        self.backstop = start + COMPLETION_WALL_FACTOR * config.completion_timeout
        self.scripts_wall = 0.0  # wall seconds of script jobs, counted as spent (their CPU is not measured)
        self.checked = 0.0  # when `_extend` last asked the worker
        try:  # the thread that runs the tests, whose CPU time counts (its clock can be read from any thread)
            self.owner: int | None = time.pthread_getcpuclockid(threading.get_ident())
            self.owner_cpu = time.clock_gettime(self.owner)
        except (AttributeError, OSError):
            self.owner, self.owner_cpu = None, 0.0
        self.job, self.handles, self.closed, self.started = 0, 0, False, 0
        self.proxies: dict[int, RemoteObject] = {}  # this job's objects the tests hold, by the job's id for each
        # This job's generators as the tests hold them (`handles.job_generator`), by the job's id for each, with
        # the handle each stands for.
        self.generators: dict[int, tuple[Generator[Any, Any, None], RemoteObject]] = {}
        self.last = False  # a `load_call(last=True)` was made: nothing more reaches the slot
        self.ending = False  # ... and the slot, having answered it, is tearing down: its report is still to read
        self.answered = False  # the last request reached the slot and was answered
        self.received = 0  # bytes of call answers so far, against completion_bytes
        self.uses = 0  # answers so far: a value of the job's module read twice with none between is unchanged
        self.memory_mark = slot.memory_mark()  # a worker lost later counts as the host's only if this stays put
        # One use of the job at a time (`use`, `_exchange`): a test's own threads (a ThreadPoolExecutor mapping the
        # candidate) would otherwise interleave their requests and replies on the slot's one channel.
        self._using = threading.RLock()
        self.on_result: Callable[[CallResult], None] | None = None
        # Classes of the row's trusted code whose objects a test may pass in by their attributes (`ObjectGraph`),
        # by the name the job's module has them under.
        self.portable: dict[type, str] = {}
        # The row's test functions a test may pass in, as their source and free names (`FunctionTable`).
        self.functions: Callable[[Any], tuple[str, str, dict[str, Any], dict[str, str]] | None] | None = None
        # The completion's exception classes a test names, as classes of this side (`_Job.bind`): a call that raised
        # one raises it here, so ``except EmptyError`` catches it.
        self.exceptions: dict[str, type[Exception]] = {}
        self.proxy_classes: dict[tuple[str, tuple[str, ...] | None, str, str | None], type[RemoteObject]] = {}
        # The answers of the calls `load` planned, with what each call sends, in order: `use` takes the first one for
        # the call it is asked for, which must be that one.
        self.planned: collections.deque[tuple[dict[str, Any], Any, int]] = collections.deque()  # sent, answer, size
        # Reads the last answer described ahead (`inside.job._near`): (handle id, attribute) -> wire form, and the
        # objects whose truth is True; good until the job is next sent anything.
        self.near: dict[tuple[int, str], Any] = {}
        self.near_true: set[int] = set()
        # The test's functions sent into this job: their calls the job logged, made again here with the test's own.
        self.replay = Replay()
        # Where what the completion prints in each call goes (a test that captures its prints), set before `load`;
        # None: the job's prints go nowhere.
        self.printed: Callable[[str], None] | None = None
        # Likewise its warnings, each (class name, builtin base, the completion's classes between, message).
        self.warned: Callable[[list[tuple[str, str, tuple[str, ...], str]]], None] | None = None
        # What the test gives the completion to read, and its patched print (a test that swaps sys.stdin or patches
        # input or print, `job.Fed`): asked before each call for the request's ``stdin`` field (None: nothing), then
        # told the reply's ``fed``.
        self.feed: tuple[Callable[[], dict[str, Any] | None], Callable[[Any], None]] | None = None
        # The test's own copies of modules, by name (`rewards.code.seeding`: ``random``): a test that patches one
        # patches its copy, which the feed reads (`rewards.code.patches.PatchedModules`).
        self.test_modules: dict[str, types.ModuleType] = {}

    def _new_job(self, replay: Replay | None = None) -> None:
        self.job, self.handles, self.proxies, self.generators = self.job + 1, 0, {}, {}
        self.planned.clear()  # answers of a job that is gone
        self._forget_near()
        self.replay = replay or Replay()  # ``replay``: what the first request, made before, tracked for the new job

    def _forget_near(self) -> None:
        self.near.clear()
        self.near_true.clear()

    def _remember_near(self, reply: dict[str, Any]) -> None:
        """Keep what ``reply`` described ahead (``near``: `inside.job._near`), checked for shape and size only: each
        entry is a claim the job could as well have made answering the read itself."""
        entries = reply.get("near")
        if not reply.get("ok") or type(entries) is not list or len(entries) > NEAR_OBJECTS:
            return
        for entry in entries:
            if type(entry) is not list or len(entry) != 3 or type(entry[0]) is not str or type(entry[2]) is not list \
                    or not 2 < len(entry[0]) <= 18 or entry[0][:2] != "0x" or len(entry[2]) > NEAR_ATTRIBUTES:
                return
            try:
                hid = int(entry[0], 16)
            except ValueError:
                return
            if entry[1] is True:
                self.near_true.add(hid)
            for pair in entry[2]:
                if type(pair) is list and len(pair) == 2 and type(pair[0]) is str and len(pair[0]) <= 256:
                    self.near[(hid, pair[0])] = pair[1]

    def _described(self, target: RemoteObject | None, do: str, name: str | None) -> CallResult | None:
        """The answer to reading attribute ``name`` (or the truth) of ``target`` from what the last answer described
        ahead, or None: the job has run nothing since, so it would answer the same."""
        if target is None or target._session is not self or target._job != self.job or self._unusable() is not None:
            return None
        if do == "truth":
            return CallResult(True, True) if target._id in self.near_true else None
        wire = self.near.get((target._id, name)) if do == "getattr" and type(name) is str else None
        if wire is None:
            return None
        meter = self._meter()
        try:
            value = decode(wire, 0, self._handle, meter)
        except UNUSABLE:
            return None  # asked of the job, which answers as it answers any read
        self.received += meter.built
        return CallResult(True, value, size=meter.built)

    def _done(self, result: CallResult, quiet: bool = False) -> CallResult:
        self.uses += 1
        if result.job_ended:
            self._new_job()  # the process that held this job's objects is gone: its handles are stale
        # A raise no test may catch (`_catchable`) is reported from a quiet use too (a len() that list() asks): a
        # test catching what it was made as here would otherwise pass.
        if self.on_result is not None and (not quiet or result.job_ended or result.memory_exceeded or (
                not result.ok and not result.raised and not _catchable(result, {}))):
            self.on_result(result)
        return result

    def refused(self, message: str) -> CallResult:
        """A failed `CallResult` decided on this side (a refused handle, a bound exceeded), reported like others."""
        return self._done(CallResult(False, error=message))

    def _handle(self, hid: int, kind: str, hashed: int | None = None, fields: tuple[str, ...] | None = None,
                builtin: str | None = None, lacks: str = "", claim: str | None = None) -> Any:
        proxy = self._proxy(hid, kind, hashed, fields, builtin, lacks, claim)
        if kind != "generator" or fields is not None or builtin is not None:
            return proxy
        # A generator of the job is one of this side to the test (`job_generator`): the same one each time it
        # crosses, and itself again when passed back (`_wire`).
        made = self.generators.get(hid)
        if made is None or made[1] is not proxy:
            made = self.generators[hid] = (job_generator(proxy), proxy)
        return made[0]

    def _proxy(self, hid: int, kind: str, hashed: int | None, fields: tuple[str, ...] | None,
               builtin: str | None, lacks: str = "", claim: str | None = None) -> RemoteObject:
        # One proxy per object of the job (the job gives each object one id): `pick(1) is Color.RED` holds here as
        # in one process, where both are the same enum member. Its hash is the one the job sent last.
        proxy = self.proxies.get(hid)
        if proxy is not None and proxy._job == self.job:
            object.__setattr__(proxy, "_hash", hashed)
            return proxy
        self.handles += 1
        if self.handles > self.config.max_handles:
            raise ValueError(f"the job sent more than {self.config.max_handles} handles")
        made = self._proxy_class(kind, fields, lacks, claim)
        proxy = self.proxies[hid] = made(self, self.job, hid, kind, hashed, builtin)
        return proxy

    def _proxy_class(self, kind: str, fields: tuple[str, ...] | None, lacks: str = "",
                     claim: str | None = None) -> type[RemoteObject]:
        """This session's stand-in class for objects of the job's class ``kind`` (`handles.proxy_class`): one per
        kind, fields, what its objects lack and the library class they claim, `MAX_PROXY_CLASSES` at most, past
        which `CallableRemote` itself."""
        key = (kind, fields, lacks, claim)
        made = self.proxy_classes.get(key)
        if made is None:
            if len(self.proxy_classes) >= MAX_PROXY_CLASSES:
                return CallableRemote
            made = self.proxy_classes[key] = proxy_class(kind, fields, lacks, claim)
        return made

    def _wire(self, x: Any) -> list | None:
        """The wire form of a handle this job may use; TypeError for one of another completion or job."""
        # A namedtuple whose class adds methods, or a generator of the job's, goes back as the job's own object (its
        # handle, whose truth is never asked: that would be a round trip).
        own = remote_of(x)
        if own is None:
            own = stands_for(x)
        if own is not None:
            x = own
        if not isinstance(x, RemoteObject):
            return None
        if x._session is not self or x._job != self.job:
            raise TypeError("a remote object from another completion or an ended job cannot be used")
        return ["H", hex(x._id), "object"]

    def _timeout(self) -> float:
        left = self.deadline - unpatched.monotonic()
        if left < self.config.call_timeout:
            left = self._extend(left)
        return max(0.0, min(self.config.call_timeout, left))

    def _extend(self, left: float) -> float:
        """Seconds left to the completion, once its wall-clock deadline is near: its budget less the CPU time spent
        (this session's test thread's, its jobs' from the worker, `Worker.cpu`, and its scripts' wall time), never
        past the backstop. Asked of the worker at most every `EXTEND_EVERY_S`; only the worker answers it, never a
        job."""
        now = unpatched.monotonic()
        if self.owner is None or now >= self.backstop or now - self.checked < EXTEND_EVERY_S:
            return left
        self.checked = now
        reply = self.slot.request({"op": "cpu", "timeout": 1.0, "wall": 1.0}, 1.0)
        cpu = reply.get("cpu") if reply is not None else None
        if type(cpu) is not float or cpu < 0:
            return left
        try:
            spent = time.clock_gettime(self.owner) - self.owner_cpu + cpu + self.scripts_wall
        except OSError:  # the test thread ended: nothing more is asked of this session
            return left
        self.deadline = max(self.deadline, min(self.backstop, now + self.config.completion_timeout - spent))
        return self.deadline - now

    def excuse(self, seconds: float) -> None:
        """Charge the completion nothing for ``seconds`` it just waited for this process (a lock of the tests)."""
        self.deadline += seconds
        self.backstop += seconds

    def _ask(self, msg: dict[str, Any], handles: bool = False, quiet: bool = False, refs: list | None = None
             ) -> CallResult:
        return self._done(self._reply(msg, handles, refs or []), quiet)

    def _reply(self, msg: dict[str, Any], handles: bool, refs: list) -> CallResult:
        reply = self._exchange(msg)
        if isinstance(reply, CallResult):
            return reply
        if handles:
            self._remember_near(reply)
        self._print(reply)
        result = self._interpret(msg, reply, handles, refs)
        if "calls" in reply:
            why = self._replay(reply["calls"])
            if why is not None:
                return CallResult(False, error=why, size=result.size)
        return result

    def _replay(self, calls: Any) -> str | None:
        """`Replay.run` on a reply's log, each call's arguments decoded strictly as plain data (the job logs no
        other) and charged as an answer is."""
        meter = self._meter()
        try:
            return self.replay.run(calls, lambda wire: decode(wire, 0, None, meter), self.deadline)
        except UNUSABLE as e:
            return f"unusable answer: {clean(str(e), 300, newlines=False)}"
        finally:
            self.received += meter.built

    def _unusable(self) -> CallResult | None:
        """Why no request of this session may go out now, or None."""
        if self.closed:  # the slot now serves another completion: nothing of this one may reach it
            return CallResult(False, error="SandboxError: this session has ended")
        if self.last:
            return CallResult(False, error="SandboxError: this session made its last call")
        if self.replay.running:
            return CallResult(False, error="SandboxError: a call of the test's function made again here asked the "
                                           "job, which its copy there asked already")
        if self._timeout() <= 0:
            return CallResult(False, error="completion deadline passed", timed_out=True, job_ended=True)
        return None

    def _exchange(self, msg: dict[str, Any]) -> dict[str, Any] | CallResult:
        """The worker's reply to ``msg`` under this call's budget, or the failed `CallResult` when there is none."""
        with self._using:  # a load or script of the main thread while a test's thread uses the job: one at a time
            return self._exchange_now(msg)

    def _exchange_now(self, msg: dict[str, Any]) -> dict[str, Any] | CallResult:
        self._forget_near()  # the job may run code now
        refused = self._unusable()
        if refused is not None:
            return refused
        timeout = self._timeout()
        # call_timeout is the job's CPU time; the wall-clock backstop a few times it, within the completion's deadline
        wall = max(timeout, min(WALL_FACTOR * self.config.call_timeout, self.deadline - unpatched.monotonic()))
        if "batch" in msg:  # the planned calls' answers come in the same reply, each within its own budget
            left = self.deadline - unpatched.monotonic()
            msg = {**msg, "each": {"timeout": self.config.call_timeout, "wall": WALL_FACTOR * self.config.call_timeout},
                   "until": left}
            wall = max(wall, left)
        free_set = self.replay.changes() if self.replay.free and msg["op"] == "call" else None
        if free_set:
            msg = {**msg, "free_set": free_set}
        fed = self.feed[0]() if self.feed is not None and (msg["op"] == "call" or "call" in msg) else None
        if fed is not None:
            msg = {**msg, "stdin": fed} if msg["op"] == "call" else {**msg, "call": {**msg["call"], "stdin": fed}}
        reply = self.slot.request({**msg, "timeout": timeout, "wall": wall}, wall)
        if fed is not None and self.feed is not None and reply is not None:
            self.feed[1](self._fed(reply.get("fed")))
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
            failed = _failed(reply)
            ended, memory = bool(reply.get("timeout") or reply.get("died")), failed.error.startswith("MemoryError:")
            raised = (not ended and not memory and (msg["op"] == "call" or _called(msg, reply))
                      and _catchable(failed, msg))
            if not raised:
                return CallResult(False, error=failed.error, timed_out=bool(reply.get("timeout")),
                                  memory_exceeded=memory, job_ended=ended, base=failed.base)
            try:
                after, objects = self._changes(msg, reply, handles, refs, wire_size)
            except DecodeDeadline as e:
                return CallResult(False, error=str(e), timed_out=True, size=wire_size)
            except UNUSABLE as e:  # the test must not read its arguments as the call never changed them
                return CallResult(False, error=f"unusable changes: {clean(str(e), 300, newlines=False)}",
                                  size=wire_size)
            # A raise is charged as an answer is (`_changes` charged it where it brought changes): its notes and
            # a group's members fill up to output_bytes a reply, which a test keeping what it caught holds (red
            # team 11: 4 MiB of notes a raise, charged nothing).
            charged = 0 if "after" in reply or "objects_after" in reply else wire_size
            return replace(self._raised(reply, failed), after=after, objects_after=objects, size=charged,
                           read=_read(reply))
        # Decoding is this side's work: it runs under the completion's deadline, and the answer is charged what it
        # builds here (up to ~20x its wire size: 11 bytes of empty set make 216), never past completion_bytes.
        meter = self._meter()
        factory = self._handle if handles else None
        named = _sent_builtins(msg) if "after" in reply or "objects_after" in reply else frozenset()
        same = _same(reply.get("value"))
        try:
            value = decode(reply["value"], 0, factory, meter, refs) if "value" in reply and same is None else None
            returned = decode(reply["returned"], 0, factory, meter, refs) if "returned" in reply else None
            after = decode(reply["after"], 0, factory, meter, None, True, named) if "after" in reply else None
            objects = objects_after(reply["objects_after"], refs, factory, meter, named) \
                if "objects_after" in reply else None
        except DecodeDeadline as e:
            return CallResult(False, error=str(e), timed_out=True, size=max(wire_size, meter.built))
        except UNUSABLE as e:
            return CallResult(False, error=f"unusable answer: {clean(str(e), 300, newlines=False)}",
                              size=max(wire_size, meter.built))  # the error may quote the answer
        return CallResult(True, value, exhausted=reply.get("done") is True, returned=returned,
                          size=max(wire_size, meter.built),
                          after=after, objects_after=objects, defined=_defined(reply.get("defined")), same=same,
                          read=_read(reply))

    def _meter(self) -> Meter:
        """What decoding one more answer of this completion may cost: work until its deadline, and the bytes left of
        its ``completion_bytes``."""
        return Meter(self.deadline, max(0, self.config.completion_bytes - self.received))

    def _raised(self, reply: dict[str, Any], failed: CallResult, depth: int = 0) -> CallResult:
        """``failed`` (`_failed`) with what else the job said of the exception its completion raised: its args and
        attributes, ``__notes__``, and (two levels at most) its ``__cause__`` and an ExceptionGroup's members."""
        args, attrs = self._exception_parts(reply)
        notes = reply.get("notes")
        notes = tuple(notes) if type(notes) is list and len(notes) <= 64 and all(
            type(n) is str and len(n) <= 4096 for n in notes) else None
        cause, group = reply.get("cause"), reply.get("group")
        linked = depth < 2
        cause = self._raised(cause, _failed(cause), depth + 1) if linked and type(cause) is dict else None
        if (linked and type(group) is list and len(group) == 2 and type(group[0]) is str and len(group[0]) <= 300
                and type(group[1]) is list and len(group[1]) <= 64 and all(type(m) is dict for m in group[1])):
            group = (group[0], tuple(self._raised(m, _failed(m), depth + 1) for m in group[1]))
        else:
            group = None
        return replace(failed, raised=True, args=args, attrs=attrs, notes=notes, cause=cause, group=group)

    def _exception_parts(self, reply: dict[str, Any]) -> tuple[tuple | None, dict[str, Any] | None]:
        """A raised exception's ``args`` and attributes (``reply["args"]``, ``reply["attrs"]``), decoded as plain
        data only (no handles) and charged as an answer is; either is None where it is missing or unusable, and the
        test then gets the exception made from its message."""
        meter = self._meter()
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

    def _changes(self, msg: dict[str, Any], reply: dict[str, Any], handles: bool, refs: list, wire_size: int
                 ) -> tuple[Any, Any]:
        """A raising call's arguments and the prompt's objects as it left them (``reply["after"]``,
        ``reply["objects_after"]``), decoded as an answer is (None where there are none); raises as `decode` does
        when they are unusable: the call then fails as a refused answer does, since a test that catches the
        exception would read its arguments as they were, which a plain process would not show it."""
        if "after" not in reply and "objects_after" not in reply:
            return None, None
        meter = self._meter()
        factory = self._handle if handles else None
        named = _sent_builtins(msg)
        try:
            after = decode(reply["after"], 0, factory, meter, None, True, named) if "after" in reply else None
            objects = objects_after(reply["objects_after"], refs, factory, meter, named) \
                if "objects_after" in reply else None
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
        msg: dict[str, Any] = {"op": "load", "code": code, **({"names": list(names)} if names else {}),
                               **self._numpy_field(), **({"out": True} if self.printed is not None else {}),
                               **({"warn": True} if self.warned is not None else {})}
        sent = self._planned_fields(planned)
        if sent:
            msg.update(batch=sent, requires=dict(requires or {}))
        reply = self._exchange(msg)
        if isinstance(reply, CallResult):
            return self._done(reply)
        result = self._done(self._interpret(msg, reply, False, []))
        answers, sizes = reply.get("batch"), reply.get("sizes")
        if sent and result.ok and type(answers) is list and len(answers) <= len(sent) and \
                all(isinstance(a, dict) for a in answers) and type(sizes) is list and len(sizes) == len(answers) and \
                all(type(n) is int and n >= 0 for n in sizes) and meets(result.defined, requires or {}):
            self.planned.extend(zip(sent, answers, sizes))
        return result

    def _planned_fields(self, planned: Sequence[PlannedCall]) -> list[dict[str, Any]]:
        """What each of ``planned`` sends, up to the first that cannot be planned (its arguments do not cross as
        plain data). The same for every session (plain data only: no handle, object or function of this one), so
        kept per plan; a plan's arguments are never changed in place."""
        cached = _PLANNED_WIRE.get(id(planned))
        if cached is not None and cached[0] is planned:
            return cached[1]
        sent = []
        for call in planned[:MAX_PLANNED]:
            try:
                fields, refs = self._call_msg(None, "call", call.name, call.args, call.kwargs, _no_handles)
            except TypeError:
                break
            if refs or "objects" in fields or "functions" in fields:
                break
            sent.append(fields)
        if len(_PLANNED_WIRE) >= MAX_PLANNED_WIRE:
            _PLANNED_WIRE.clear()
        _PLANNED_WIRE[id(planned)] = (planned, sent)
        return sent

    def _take_planned(self, fields: dict[str, Any], quiet: bool) -> CallResult | None:
        """The answer `load` brought for the call ``fields`` sends, when it is the next planned one (None when none
        is planned); a different call while answers are planned fails: the job already made the planned one."""
        if not self.planned:
            return None
        self._forget_near()  # the job made the planned call (at load): what an answer before it described is past
        sent, answer, size = self.planned.popleft()
        if sent != fields:
            self.planned.clear()
            logger.warning("a test asked the sandbox for another call than the one planned: the plan was wrong")
            return self._done(CallResult(False, error="SandboxError: the tests made another call than the one "
                                                       "planned", job_ended=True))
        refused = self._unusable()
        if refused is not None:
            return self._done(refused, quiet)
        msg = {"op": "call", **fields}
        self._print(answer)
        return self._done(self._interpret(msg, answer, True, [], size), quiet)

    def _fed(self, fed: Any) -> dict[str, Any]:
        """A reply's ``fed`` (`job.Fed.end`), checked: ``read`` as it came (the reader checks it), ``prints`` as
        (args, {"sep"|"end": str}) pairs, each args decoded strictly and charged as an answer is; a malformed one
        is left out."""
        if type(fed) is not dict:
            return {}
        prints = []
        calls = fed.get("prints")
        meter = self._meter()
        try:
            for call in calls[:MAX_PRINTS] if type(calls) is list else ():
                with contextlib.suppress(*UNUSABLE):
                    args = decode(call[0], 0, None, meter) if type(call) is list and len(call) == 2 else None
                    pairs = [p for p in call[1] if type(p) is list and len(p) == 2] if type(args) is tuple and \
                        type(call[1]) is list else None
                    if pairs is not None:
                        prints.append((args, {k: v for k, v in pairs if k in ("sep", "end") and type(v) is str}))
            patched = self._patched(fed.get("patched"), meter)
            logged = _logged(fed.get("logged"), meter)
        finally:
            self.received += meter.built
        return {"read": fed.get("read"), "prints": prints, "patched": patched, "logged": logged}

    @staticmethod
    def _patched(patched: Any, meter: Meter) -> list[tuple[int, list[tuple[str, tuple, dict[str, Any]]]]]:
        """A reply's ``patched`` (`job._unpatch`), checked: for each of the test's mocks, by index, the calls the
        completion made of it as (name, args, kwargs), each decoded strictly and charged as an answer is."""
        checked: list[tuple[int, list[tuple[str, tuple, dict[str, Any]]]]] = []
        for entry in patched[:MAX_PATCHES] if type(patched) is list else ():
            if type(entry) is not list or len(entry) != 2 or type(entry[0]) is not int or type(entry[1]) is not list:
                continue
            calls, named = [], set()
            for call in entry[1][:MAX_MOCK_CALLS]:
                with contextlib.suppress(*UNUSABLE):
                    name, args, kwargs = call if type(call) is list and len(call) == 3 else (None, None, None)
                    if type(name) is str and len(name) <= 400 and name not in named:
                        # Each step of a new name may make a child mock of the test's when made again there (~24 KB
                        # with its return value): red team 13's 1,000 new names a request took 100 MB in 4 s.
                        named.add(name)
                        _charge(meter, MOCK_BYTES * (1 + name.count(".") + name.count("()")))
                    args, kwargs = decode(args, 0, None, meter), decode(kwargs, 0, None, meter)
                    if type(name) is str and type(args) is tuple and type(kwargs) is dict and all(
                            type(k) is str for k in kwargs):
                        calls.append((name, args, kwargs))
            checked.append((entry[0], calls))
        return checked

    def _print(self, reply: dict[str, Any]) -> None:
        """Pass what the call printed (``reply["out"]``, plain text the job's `Printed` kept) to `printed`, and what
        it warned (``reply["warned"]``, `job.Warned`'s) to `warned`, each checked and charged as an answer is."""
        text = reply.get("out")
        if self.printed is not None and type(text) is str and text:
            self.received += len(text)
            self.printed(text[:PRINTED_CHARS])
        items = reply.get("warned")
        if self.warned is not None and type(items) is list and items:
            self.received += len(str(items))
            self.warned([w for w in map(_warning, items[:MAX_WARNINGS]) if w is not None])

    def _over_budget(self, default: int) -> bool:
        """Whether a new job would pass the session's budget (``jobs``, else ``default``) under `private_clock`
        (refused there: the slot would restart at a moment the completion chose, by ending its job; elsewhere the
        slot restarts after the session)."""
        self.started += 1
        return bool(self.config.private_clock) and self.started > (self.jobs or default)

    def _numpy_field(self) -> dict[str, Any]:
        """What a load or script request says of numpy: to be forked from the numpy zygote, when it is to."""
        return {"numpy": True} if self.numpy and self.config.numpy_zygote else {}

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
        replay = Replay()  # the new job's: the call's test functions are tracked for it
        try:
            msg, refs = self._call_msg(None, "call", name, args, kwargs, _no_handles, replay)
        except TypeError as e:
            return self.refused(str(e))
        if self.received > self.config.completion_bytes:
            return self.refused(f"the completion's answers passed {self.config.completion_bytes} bytes")
        if self._over_budget(MODULE_PIDS):
            return self.refused(OVER_BUDGET)
        self._new_job(replay)
        request: dict[str, Any] = {"op": "load", "code": code, "call": msg, **self._numpy_field()}
        if last and not self.config.fresh_slots:  # a slot that restarts after the session needs no teardown
            request.update(end=END_S, **self._end_fields())
        self.answered = False
        result = self._ask(request, handles=not last, refs=refs)
        self.last = self.last or last
        self.ending = self.ending or ("end" in request and self.answered)
        self.received += result.size
        return self._finish(result, refs, args, kwargs)

    def call(self, name: str, args: tuple[Any, ...], kwargs: dict[str, Any] | None = None) -> CallResult:
        """Call the loaded module's function ``name``; arguments and result are plain data or this job's handles."""
        return self.use(None, "call", name, args, kwargs)

    def use(self, target: RemoteObject | None, do: str, name: str | None = None, args: tuple[Any, ...] = (),
            kwargs: dict[str, Any] | None = None, quiet: bool = False) -> CallResult:
        """One use of the job: ``do`` ("call", "getattr", "setattr", "iter", "next", "take", "send", "throw", "close",
        "len", "getitem", "setitem", "delitem", "truth", "text", "isinstance", "issubclass") on the object
        ``target``, or a call of the
        function ``name`` when ``target`` is None. ``quiet``: a failure that leaves the job running is not passed to
        ``on_result`` (a probe whose failure is expected)."""
        with self._using:
            return self._use(target, do, name, args, kwargs, quiet)

    def _use(self, target: RemoteObject | None, do: str, name: str | None, args: tuple[Any, ...],
             kwargs: dict[str, Any] | None, quiet: bool) -> CallResult:
        described = self._described(target, do, name)
        if described is not None:  # no round trip, no use of the job's (`uses`): it ran nothing
            return described
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
        return self._finish(result, refs, args, kwargs)

    def _finish(self, result: CallResult, refs: list, args: tuple[Any, ...], kwargs: dict[str, Any] | None
                ) -> CallResult:
        """``result`` as the test gets it: the objects and arguments it sent left as the call left them
        (`write_back_objects`, `write_back`), and an answer that is one of its arguments that argument itself."""
        try:
            refusal = write_back_objects(refs, result)
            if refusal is not None:  # before the arguments: the call fails, so nothing of it is written back
                return self.refused(refusal)
            if result.ok or result.raised:
                if result.after is not None:
                    write_back(args, kwargs or {}, result.after)
                if result.read:
                    read_on(args, kwargs or {}, result.read)
        except Exception as e:
            # A write the test's object refuses (a string array the job says its int array became, in place): the
            # call fails as a refused answer does. Raised into the test as it came, it was a ValueError that a
            # ``pytest.raises(ValueError)`` took for the completion's own (red team 15).
            return self.refused(f"unusable changes: the test's argument refused them ({type(e).__name__})")
        if result.same is None:
            return result
        if not result.same < len(args) or type(args[result.same]) not in (*IN_PLACE, *SEEKABLE):
            return self.refused("unusable answer: not one of the call's arguments, from the sandbox")
        return replace(result, value=args[result.same])

    def _call_msg(self, target: RemoteObject | None, do: str, name: str | None, args: tuple[Any, ...],
                  kwargs: dict[str, Any] | None, wire: Callable[[Any], list | None], replay: Replay | None = None
                  ) -> tuple[dict[str, Any], list]:
        """The fields of one use of the job, and the objects of the `portable` classes they send (as an
        `ObjectGraph`; the test's `functions` go as a `FunctionTable`, tracked by ``replay``, else the job's);
        TypeError for arguments that cannot cross (``wire`` sees handles)."""
        handle = None if target is None else self._wire(target)
        graph = ObjectGraph(self.portable)  # the row's classes; `codec.PORTABLE` ones go too, in any row
        table = FunctionTable(self.functions, (replay or self.replay).track) if self.functions else None

        def hook(x: Any) -> list | None:
            found = wire(x)
            if found is None:
                found = graph.ref(x)
            return found if found is not None or table is None else table.ref(x)

        fields = {"do": do, "name": name, "handle": None if handle is None else handle[1],
                  "args": encode([list(args), dict(kwargs or {})], 0, hook)}
        objects: list = []
        functions: list = []
        while True:  # an object's attribute may hold a function, a function's free name an object
            objects = graph.wire(hook)
            functions = table.wire(hook) if table is not None else []
            if len(objects) == len(graph.objects) and (table is None or len(functions) == len(table.functions)):
                break
        if objects:
            fields["objects"] = objects
        if functions:
            fields["functions"] = functions
        return fields, graph.objects

    def run_script(self, code: str, stdin: str, stdout_bytes: int | None = None) -> CallResult:
        """Run ``code`` as ``__main__`` in a fresh job process reading ``stdin``; ``value`` is its stdout, cut at
        ``stdout_bytes`` (default and floor: ``output_bytes``; at most ``completion_bytes``): a row whose expected
        output is longer than ``output_bytes`` asks for room for it."""
        if self._over_budget(SCRIPT_PIDS):
            return self.refused(OVER_BUDGET)
        self._new_job()
        cap = min(self.config.completion_bytes, max(self.config.output_bytes, stdout_bytes or 0))
        start = unpatched.monotonic()
        try:
            return self._ask({"op": "script", "code": code, "stdin": stdin, "stdout_bytes": cap,
                              **self._numpy_field()})
        finally:
            self.scripts_wall += unpatched.monotonic() - start


EXTEND_EVERY_S = 0.05  # how often, at most, `Session._extend` asks the worker for the jobs' CPU time

OVER_BUDGET = ("with private_clock a session starts at most the jobs it declared (`Sandbox.session(jobs=...)`, else "
               "one module job or 16 scripts), and it started them all: another would restart the slot at a moment "
               "the completion chose")


def _defined(field: Any) -> dict[str, str] | None:
    """A load reply's ``defined`` (from the job): names to "call", "value", "module:<name>" or "exception:<base>",
    else None."""
    if type(field) is not dict or len(field) > 10_000:
        return None
    return {k: v for k, v in field.items() if type(k) is str and type(v) is str and len(k) <= 200 and len(v) <= 110}


def _warning(item: Any) -> tuple[str, str, tuple[str, ...], str] | None:
    """One warning a job sent (`job.Warned`): a class name and builtin base (identifiers of at most 64 characters),
    the completion's classes between (`_parents`) and a message of at most 1,000 characters; else None."""
    if type(item) is not list or len(item) != 4:
        return None
    name, base, parents, text = item
    if not all(type(n) is str and len(n) <= 64 and n.isidentifier() for n in (name, base)):
        return None
    return (name, base, _parents(parents), text) if type(text) is str and len(text) <= 1000 else None


def _failed(reply: dict[str, Any]) -> CallResult:
    """A failed reply's exception by its names (`job._raised`), each checked: all come from the job, so a bounded
    identifier and a bounded message, never a megabyte of log line."""
    exc, text = reply.get("exc"), reply.get("msg")
    exc = exc if type(exc) is str and len(exc) <= 64 and exc.isidentifier() else "Error"
    text = clean(text, 300, newlines=False) if type(text) is str else ""
    base = reply.get("base")
    base = base if type(base) is str and len(base) <= 64 and base.isidentifier() else ""
    kind = reply.get("kind")
    kind = kind if type(kind) is str and len(kind) <= 100 else ""
    return CallResult(False, error=f"{exc}: {text}", base=base, parents=_parents(reply.get("parents")), kind=kind)


MOCK_BYTES = 24 << 10  # what a child mock of a test's, called once, takes (`Session._patched`)


def _charge(meter: Meter, size: int) -> None:
    """Count ``size`` bytes this side will build against ``meter``'s budget; ValueError past it."""
    meter.built += size
    if meter.max_bytes is not None and meter.built > meter.max_bytes:
        raise ValueError(f"the answer takes more than {meter.max_bytes} bytes here")


def _parents(field: Any) -> tuple[str, ...]:
    """A raised exception's ``parents`` (from the job): up to four identifiers of at most 64 characters, the
    completion's exception classes it derives from, nearest first; else none."""
    if type(field) is not list or len(field) > 4:
        return ()
    if not all(type(n) is str and len(n) <= 64 and n.isidentifier() for n in field):
        return ()
    return tuple(field)


def _read(reply: dict[str, Any]) -> tuple[tuple[int | str, int], ...]:
    """How far a call read the iterators the test sent (the reply's ``read``: ``[[position or keyword, items],
    ...]``); nothing where it is malformed."""
    read = reply.get("read")
    if type(read) is not list or len(read) > 64 or not all(
            type(r) is list and len(r) == 2 and type(r[0]) in (int, str) and type(r[1]) is int and r[1] >= 0
            for r in read):
        return ()
    return tuple((r[0], min(r[1], MAX_ITERATOR_ITEMS)) for r in read)  # never more than were sent


def _no_handles(x: Any) -> None:
    """The wire form of a handle in a fresh job's arguments: none, as no handle of it exists yet."""
    if isinstance(x, RemoteObject):
        raise TypeError("a remote object from another completion or an ended job cannot be used")
    return None


def _sent_builtins(msg: dict[str, Any]) -> frozenset[str]:
    """The builtins a request's call sent (`codec.sent_builtins`): the only ones its job may name in what the call
    left its arguments as (a `Session.load_call` sends its call's fields under ``call``)."""
    fields = msg.get("call") if msg.get("op") == "load" else msg
    return sent_builtins(fields) if type(fields) is dict else frozenset()


def _same(value: Any) -> int | None:
    """The index of an answer ``["ARG", index]`` (the call's argument itself, `codec.IN_PLACE`), else None."""
    if type(value) is list and len(value) == 2 and value[0] == "ARG" and type(value[1]) is int and value[1] >= 0:
        return value[1]
    return None


def _catchable(failed: CallResult, msg: dict[str, Any]) -> bool:
    """Whether the completion's raise is one a test may catch as a raise (else the call fails as a fault does,
    whatever the test catches): an Exception, or SystemExit from a call (raised as itself: `handles.failure`). A
    KeyboardInterrupt, GeneratorExit, BaseExceptionGroup or a class of the completion's deriving from BaseException
    alone is made here as an Exception, which a test's ``except Exception`` or ``pytest.raises(Exception)`` caught:
    a completion raising KeyboardInterrupt passed every test expecting an error, where plain Python's test fails
    (red team 15). Its class name and its builtin base, both the job's, are read."""
    for name in (failed.error.split(":", 1)[0], failed.base):
        kind = getattr(builtins, name, None) if name else None
        if isinstance(kind, type) and issubclass(kind, BaseException) and not issubclass(kind, Exception) and not (
                kind is SystemExit and msg.get("do") == "call"):
            return False
    return True


def _called(msg: dict[str, Any], reply: dict[str, Any]) -> bool:
    """Whether a failed reply is the call's of a `Session.load_call` (the code loaded, then the call raised)."""
    return msg["op"] == "load" and "call" in msg and reply.get("called") is True
