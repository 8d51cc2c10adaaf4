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
builds here against ``completion_bytes``. A session ends by ``COMPLETION_WALL_FACTOR`` x ``completion_timeout`` +
`MARGIN_S` (2 s), teardown included (by ``completion_timeout`` + `MARGIN_S` when its CPU time keeps up with its wall
time: the budget is CPU time, `Session._extend`); a slot it leaves unclean restarts in the background. No session
waits for its teardown (one that ended with its last call sends no request for it): the slot tears down meanwhile
and is lent again once it reported clean (`Sandbox.settle` waits for that).

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
import contextlib
import itertools
import logging
import os
import queue
import threading
from collections.abc import Iterator
from dataclasses import asdict, replace
from typing import Any

from rewards.cpu_share import cores_per_process
from rewards.errors import SandboxError
from rewards.sandbox import layers as sandbox_layers
from rewards.sandbox import unpatched
from rewards.sandbox.config import SandboxConfig
from rewards.sandbox.inside.counters import MAX_JOBS
from rewards.sandbox.session import Session
from rewards.sandbox.slot import END_GRACE_S, END_S, GRACE_S, Slot

__all__ = ["CALL_MARGIN_S", "MARGIN_S", "Sandbox", "SandboxConfig", "shared_sandbox", "shared_sandboxes"]

logger = logging.getLogger(__name__)

_instances = itertools.count()

# How far past its deadline (`Session.deadline`, at most its backstop) a session may end, teardown included: a
# worker that stopped answering gets GRACE_S beyond the deadline (the slot then restarts in the background), a
# teardown END_S + END_GRACE_S.
MARGIN_S = max(GRACE_S, END_S + END_GRACE_S)
# How far past its deadline one call may end when it is also the session's last (`Session.load_call(last=True)`):
# a worker that stopped answering is given up after GRACE_S, and a teardown on the call's path ends by END_S +
# END_GRACE_S. A tool's bound on a rollout's time is its calls times (deadline + this).
CALL_MARGIN_S = GRACE_S + END_S + END_GRACE_S


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
        self._free: queue.Queue[Slot] = unpatched.Queue()
        self._ending: queue.Queue[Slot | None] = unpatched.Queue()  # slots whose teardown report is still to read
        unpatched.Thread(target=self._read_reports, name=f"rlvr-sandbox-{self.id}-ends", daemon=True).start()
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
                # A test's thread the test left running may be inside a use, its request on the slot: the teardown
                # waits for its reply (within that call's deadlines), else the two would read each other's frame
                # and a job's reply claiming "clean" would lend the slot on, unrestarted, to the next completion.
                with session._using:
                    pass
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
        elif ending or slot.send(request, unpatched.monotonic() + END_S + END_GRACE_S):
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
        unpatched.Thread(target=self._restart, args=(slot,), name=f"rlvr-sandbox-restart-{slot.index}",
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
