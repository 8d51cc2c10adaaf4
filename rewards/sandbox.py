"""A local sandbox for model-written code: pre-started worker slots that fork one isolated process per job.

The trusted side (this module) never lets untrusted code decide a result. It sends code to a slot, then asks for
function calls (``Session.call``) or a script's stdout (``Session.run_script``) and gets back *plain data*, decoded
strictly into exact builtin types (no subclasses, no objects with their own ``__eq__``). Tests and expected values
stay on this side: `rewards.code` runs them here with the candidate function standing in for calls into the slot.

Isolation layers (see `rewards.sandbox_layers`): bubblewrap namespaces with a read-only system, a private tmpfs
scratch wiped after every job, no network, an own pid space; a non-root uid per slot; a pids + memory cgroup per
slot; seccomp; rlimits (CPU, address space, file size, open files, processes); a new session per job and a kill of
every process the job started; per-call and per-completion wall-clock deadlines. A missing layer raises
`SandboxError` at start-up unless ``SandboxConfig(allow_weak=True)``, which logs what is missing instead.

What it does not isolate: CPU caches and timing side channels; the kernel itself (a kernel exploit escapes every
layer); reads of world-readable files under the system and Python directories that are bound read-only; CPU and
memory bandwidth taken from the rest of the machine within the limits; trusted test code (run in threads of the
calling process, with a cooperative deadline: once past it, every call into the sandbox fails at once).
"""

from __future__ import annotations

import atexit
import contextlib
import functools
import itertools
import json
import logging
import os
import queue
import select
import struct
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from rewards import sandbox_layers
from rewards.errors import RlvrError

logger = logging.getLogger(__name__)

WORKER_SOURCE = (Path(__file__).parent / "sandbox_worker.py").read_text()
GRACE_S = 2.0  # how long a worker may take beyond a job's deadline before the slot is restarted
_instances = itertools.count()


class SandboxError(RlvrError):
    """The sandbox cannot start (a missing isolation layer) or a slot broke beyond restarting."""


@dataclass(frozen=True)
class SandboxConfig:
    """Limits and layers of a `Sandbox` (frozen: it is the key of the shared sandbox cache).

    Attributes:
        slots: worker processes, one job each at a time (default: one per CPU core).
        call_timeout: wall-clock seconds for one test (a function call or one stdin/stdout run).
        completion_timeout: wall-clock seconds for all tests of one completion.
        cpu_seconds / memory_bytes / file_bytes / open_files / processes: rlimits of every job.
        output_bytes: largest answer (returned value or stdout) accepted from a job.
        scratch_bytes: size of the private tmpfs at /tmp.
        allow_weak: start even where a layer is missing (logged as a warning) instead of raising.
        hide: extra host directories to mask inside the sandbox (datasets, caches).
        bwrap: the bubblewrap executable.
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
    scratch_bytes: int = 64 << 20
    allow_weak: bool = False
    hide: tuple[str, ...] = ()
    bwrap: str = "bwrap"


@dataclass(frozen=True)
class CallResult:
    """One answer from the sandbox: a decoded plain-data ``value`` when ``ok``, else why not."""

    ok: bool
    value: Any = None
    error: str = ""
    timed_out: bool = False
    memory_exceeded: bool = False
    job_ended: bool = False  # the job's process is gone (killed at a deadline, crashed, exited): load again


@dataclass(frozen=True)
class SandboxResult:
    """How one completion did on its tests, every field decided on the trusted side.

    ``passed`` of ``total`` tests passed; ``timed_out``/``memory_exceeded`` say whether any test hit a deadline or
    the memory limit; ``error`` is the first failure's reason ("" when all passed). ``score`` is the pass fraction.

    Not isolated (see the module docstring): timing and cache side channels, kernel exploits, world-readable files
    under the read-only system and Python directories, CPU and memory bandwidth within the limits, and the trusted
    test code itself, which runs in the caller's threads with only a cooperative deadline.
    """

    passed: int
    total: int
    timed_out: bool = False
    memory_exceeded: bool = False
    error: str = ""

    @property
    def score(self) -> float:
        """Fraction of tests passed (0.0 when there were none)."""
        return self.passed / self.total if self.total else 0.0


def decode(obj: Any, depth: int = 0) -> Any:
    """Rebuild tagged plain data as exact builtin types; raise ValueError on anything else.

    >>> decode(["T", [["I", "0x2a"], ["S", "x"], ["L", []]]])
    (42, 'x', [])
    """
    if depth > 100 or type(obj) is not list or not obj or type(obj[0]) is not str:
        raise ValueError("malformed value from the sandbox")
    tag, rest = obj[0], obj[1:]
    scalar = {"N": (0, None), "B": (1, bool), "I": (1, str), "F": (1, str), "S": (1, str), "Y": (1, str),
              "C": (2, str)}
    if tag in scalar:
        n, kind = scalar[tag]
        if len(rest) != n or any(type(r) is not kind for r in rest):
            raise ValueError(f"malformed {tag} value from the sandbox")
        if tag == "N":
            return None
        if tag == "B":
            return bool(rest[0])
        if tag == "I":
            return int(rest[0], 16)
        if tag == "F":
            return float(rest[0])
        if tag == "C":
            return complex(float(rest[0]), float(rest[1]))
        return str(rest[0]) if tag == "S" else bytes.fromhex(rest[0])
    if len(rest) != 1 or type(rest[0]) is not list:
        raise ValueError(f"malformed {tag!r} container from the sandbox")
    if tag == "D":
        pairs = rest[0]
        if any(type(p) is not list or len(p) != 2 for p in pairs):
            raise ValueError("malformed dict from the sandbox")
        return {decode(k, depth + 1): decode(v, depth + 1) for k, v in pairs}
    kinds = {"L": list, "T": tuple, "E": set, "Z": frozenset}
    if tag not in kinds:
        raise ValueError(f"unknown tag {tag!r} from the sandbox")
    return kinds[tag](decode(v, depth + 1) for v in rest[0])


def encode(x: Any, depth: int = 0) -> list:
    """Tag trusted plain data (call arguments) for the sandbox; refuses anything but builtin types."""
    if depth > 100:
        raise TypeError("argument nested too deeply")
    t = type(x)
    if x is None:
        return ["N"]
    simple = {bool: lambda: ["B", x], int: lambda: ["I", hex(x)], float: lambda: ["F", repr(x)],
              str: lambda: ["S", x], bytes: lambda: ["Y", x.hex()],
              complex: lambda: ["C", repr(x.real), repr(x.imag)]}
    if t in simple:
        return simple[t]()
    if t in (list, tuple, set, frozenset):
        return [{list: "L", tuple: "T", set: "E", frozenset: "Z"}[t], [encode(v, depth + 1) for v in x]]
    if t is dict:
        return ["D", [[encode(k, depth + 1), encode(v, depth + 1)] for k, v in x.items()]]
    raise TypeError(f"cannot pass a {t.__name__} into the sandbox: only builtin plain data")


class _Spawner:
    """Starts every slot process from one long-lived thread.

    bwrap's --die-with-parent (PR_SET_PDEATHSIG) fires when the *thread* that started it exits, so a slot started
    from a short-lived thread (a ThreadPoolExecutor's, in a batched reward call) would be killed with that thread.
    """

    def __init__(self) -> None:
        self.requests: queue.Queue = queue.Queue()
        threading.Thread(target=self._run, name="rlvr-sandbox-spawner", daemon=True).start()

    def _run(self) -> None:
        while True:
            args, kwargs, reply = self.requests.get()
            try:
                reply.put((True, subprocess.Popen(*args, **kwargs)))
            except BaseException as e:  # handed to the caller's thread
                reply.put((False, e))

    def __call__(self, *args: Any, **kwargs: Any) -> subprocess.Popen:
        reply: queue.Queue = queue.Queue(maxsize=1)
        self.requests.put((args, kwargs, reply))
        ok, value = reply.get()
        if not ok:
            raise value
        return value


@functools.cache
def _spawner() -> _Spawner:
    return _Spawner()


def _spawn(*args: Any, **kwargs: Any) -> subprocess.Popen:
    return _spawner()(*args, **kwargs)


class Slot:
    """One pre-started worker process inside its own bubblewrap sandbox, with its own uid and cgroup."""

    def __init__(self, sandbox: Sandbox, index: int) -> None:
        self.sandbox, self.index = sandbox, index
        self.uid = sandbox.base_uid + index if sandbox.layers.slot_uids else None
        self.cgroup = None
        config = sandbox.config
        if sandbox.layers.cgroup:
            self.cgroup = sandbox_layers.SlotCgroup(sandbox.layers.cgroup, f"rlvr-kit-{os.getpid()}-{sandbox.id}-{index}",
                                                    max_pids=4 * config.processes, max_bytes=2 * config.memory_bytes)
        self.proc: subprocess.Popen | None = None
        self.broken = True
        self.died = False  # the last failed request ended with the worker gone (not a deadline)

    def start(self) -> None:
        """(Re)start the worker and wait for its hello."""
        self.stop()
        layers, config = self.sandbox.layers, self.sandbox.config
        worker_config = {
            "uid": self.uid, "require_non_root": layers.slot_uids or os.geteuid() != 0,
            "scratch": sandbox_layers.SCRATCH if layers.bwrap else self.sandbox.scratch_dir(self.index),
            "pid_namespace": bool(layers.bwrap), "kill_all": bool(layers.bwrap) or layers.slot_uids,
            "seccomp": layers.seccomp, "cpu_seconds": config.cpu_seconds, "memory_bytes": config.memory_bytes,
            "file_bytes": config.file_bytes, "open_files": config.open_files, "processes": config.processes,
            "output_bytes": config.output_bytes,
        }
        python = [sys.executable, "-I", "-c", WORKER_SOURCE, json.dumps(worker_config)]
        argv = (self.sandbox.bwrap_argv + python) if layers.bwrap else python
        if self.cgroup is not None:
            argv = ["/bin/sh", "-c", self.cgroup.join_command() + ' && exec "$@"', "sh", *argv]
        env = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}
        # Started as root (when we are): the launcher joins the cgroups, the worker then drops to the slot's uid.
        self.proc = _spawn(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                           env=env, start_new_session=True)
        hello = self._recv(time.monotonic() + 30)
        if not hello or not hello.get("ready"):
            self.stop()
            raise SandboxError(f"sandbox slot {self.index} did not start (command: {argv[:3]}...)")
        if layers.slot_uids and hello.get("uid") != self.uid:
            self.stop()
            raise SandboxError(f"sandbox slot {self.index} runs as uid {hello.get('uid')}, expected {self.uid}")
        self.broken = False

    def stop(self) -> None:
        """Kill the worker and with it (pid namespace, --die-with-parent) everything in the slot."""
        if self.proc is not None:
            # bwrap's pid 1 first, so the outer bwrap reaps it: killed the other way round it is orphaned and
            # stays a zombie under a container init that does not reap.
            with contextlib.suppress(OSError, ValueError):
                children = Path(f"/proc/{self.proc.pid}/task/{self.proc.pid}/children").read_text().split()
                for child in children:
                    os.kill(int(child), 9)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.proc.wait(timeout=1.0)
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.proc.pid, 9)
            self.proc.wait()
            for stream in (self.proc.stdin, self.proc.stdout):
                with contextlib.suppress(OSError):
                    stream.close()
            self.proc = None
        self.broken = True

    def request(self, msg: dict[str, Any], timeout: float) -> dict[str, Any] | None:
        """Send one request; its reply, or None (and a broken slot) when the worker did not answer in time."""
        if self.broken:
            return None
        data = json.dumps(msg).encode()
        try:
            os.write(self.proc.stdin.fileno(), struct.pack(">I", len(data)))
            view = memoryview(data)
            while view:
                view = view[os.write(self.proc.stdin.fileno(), view):]
        except OSError:
            self.broken = True
            return None
        reply = self._recv(time.monotonic() + timeout + GRACE_S)
        if reply is None:
            self.broken = True
            self.died = self.proc.poll() is not None or self._eof
        return reply

    def _recv(self, deadline: float) -> dict[str, Any] | None:
        self._eof = False
        fd = self.proc.stdout.fileno()
        head = self._read(fd, 4, deadline)
        if head is None:
            return None
        (size,) = struct.unpack(">I", head)
        if size > 4 * self.sandbox.config.output_bytes + 4096:
            return None
        body = self._read(fd, size, deadline)
        try:
            reply = json.loads(body) if body is not None else None
        except (ValueError, RecursionError):
            return None
        return reply if isinstance(reply, dict) else None

    def _read(self, fd: int, n: int, deadline: float) -> bytes | None:
        chunks, got = [], 0
        while got < n:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([fd], [], [], left)[0]:
                return None
            chunk = os.read(fd, n - got)
            if not chunk:
                self._eof = True
                return None
            chunks.append(chunk)
            got += len(chunk)
        return b"".join(chunks)


class Session:
    """One completion's job on one slot: load its code once, then call into it (or run it as a script)."""

    def __init__(self, slot: Slot, config: SandboxConfig) -> None:
        self.slot, self.config = slot, config
        self.deadline = time.monotonic() + config.completion_timeout

    def _timeout(self) -> float:
        return max(0.0, min(self.config.call_timeout, self.deadline - time.monotonic()))

    def _ask(self, msg: dict[str, Any]) -> CallResult:
        timeout = self._timeout()
        if timeout <= 0:
            return CallResult(False, error="completion deadline passed", timed_out=True, job_ended=True)
        reply = self.slot.request({**msg, "timeout": timeout}, timeout)
        if reply is None and self.slot.died:
            return CallResult(False, error="Died: the sandbox worker was killed", job_ended=True)
        if reply is None:
            return CallResult(False, error="the sandbox worker stopped answering", timed_out=True, job_ended=True)
        if not reply.get("ok"):
            exc = str(reply.get("exc", "Error"))
            return CallResult(False, error=f"{exc}: {str(reply.get('msg', ''))[:300]}",
                              timed_out=bool(reply.get("timeout")), memory_exceeded=exc == "MemoryError",
                              job_ended=bool(reply.get("timeout") or reply.get("died")))
        try:
            value = decode(reply["value"]) if "value" in reply else None
        except (ValueError, TypeError, KeyError, RecursionError, OverflowError) as e:
            return CallResult(False, error=f"unusable answer: {e}")
        return CallResult(True, value)

    def load(self, code: str) -> CallResult:
        """Execute ``code`` as a module in a fresh job process (its definitions then serve `call`)."""
        return self._ask({"op": "load", "code": code})

    def call(self, name: str, args: tuple[Any, ...], kwargs: dict[str, Any] | None = None) -> CallResult:
        """Call the loaded module's function ``name`` with plain-data arguments; the result is plain data."""
        try:
            encoded = encode([list(args), dict(kwargs or {})])
        except TypeError as e:
            return CallResult(False, error=str(e))
        return self._ask({"op": "call", "name": name, "args": encoded})

    def run_script(self, code: str, stdin: str) -> CallResult:
        """Run ``code`` as ``__main__`` in a fresh job process reading ``stdin``; ``value`` is its stdout."""
        return self._ask({"op": "script", "code": code, "stdin": stdin})


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
        logger.info("Code sandbox layers: bwrap=%s slot_uids=%s cgroup=%s seccomp=%s", self.layers.bwrap,
                    self.layers.slot_uids, self.layers.cgroup, self.layers.seccomp)
        n = self.config.slots or os.cpu_count() or 1
        self.base_uid = 200_000 + (os.getpid() % 20_000) * 64 + (self.id % 8) * 8
        if n > 8:
            self.base_uid = 2_000_000 + (os.getpid() % 20_000) * 1024 + (self.id % 8) * 128
        self.bwrap_argv = sandbox_layers.bwrap_argv(self.layers.bwrap, self.config.scratch_bytes,
                                                    sandbox_layers.hidden_paths(self.config.hide)) if self.layers.bwrap else []
        self._scratch_root: str | None = None
        self.slots = [Slot(self, i) for i in range(n)]
        self._free: queue.Queue[Slot] = queue.Queue()
        for slot in self.slots:
            slot.start()
            self._free.put(slot)
        self._lock = threading.Lock()
        self.closed = False
        atexit.register(self.close)

    def scratch_dir(self, index: int) -> str:
        """Scratch of slot ``index`` when there is no bwrap tmpfs (weak mode): a private host directory."""
        import tempfile

        if self._scratch_root is None:
            self._scratch_root = tempfile.mkdtemp(prefix="rlvr-sandbox-")
            os.chmod(self._scratch_root, 0o711)
        path = os.path.join(self._scratch_root, str(index))
        os.makedirs(path, exist_ok=True)
        os.chmod(path, 0o700)
        if self.layers.slot_uids:
            os.chown(path, self.base_uid + index, self.base_uid + index)
        return path

    @contextlib.contextmanager
    def session(self) -> Iterator[Session]:
        """Borrow a slot for one completion; afterwards everything the job started is killed and scratch wiped."""
        if self.closed:
            raise SandboxError("this sandbox is closed")
        slot = self._free.get()
        try:
            if slot.broken:
                slot.start()
            yield Session(slot, self.config)
        finally:
            try:
                reply = slot.request({"op": "end"}, GRACE_S)
                if not reply or not reply.get("clean"):
                    logger.info("sandbox slot %d not clean after a job; restarting it", slot.index)
                    slot.start()
            except Exception as e:  # a slot that cannot restart is retried on its next use
                logger.warning("sandbox slot %d failed to restart: %s", slot.index, e)
                slot.broken = True
            self._free.put(slot)

    def close(self) -> None:
        """Stop every slot and remove their cgroups."""
        if self.closed:
            return
        self.closed = True
        for slot in self.slots:
            slot.stop()
            if slot.cgroup is not None:
                slot.cgroup.remove()
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


def shared_sandbox(config: SandboxConfig) -> Sandbox:
    """The process-wide sandbox for ``config``, started on first use (rewards share it across calls)."""
    with _shared_lock:
        box = _shared.get(config)
        if box is None or box.closed:
            box = _shared[config] = Sandbox(config)
        return box
