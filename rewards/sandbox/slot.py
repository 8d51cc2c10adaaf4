"""One sandbox slot: a pre-started worker process inside its own bubblewrap sandbox, uid and cgroup.

The trusted side talks to it over the worker's stdin/stdout (`inside.frames`: 4-byte length + body; requests in
marshal, replies in JSON) with a deadline on every read and write, so a stopped, killed or flooding worker only ever
costs its slot a restart. The worker's modules (`WORKER_MODULES`) reach the sandbox as source, one program run with
``python -c``.
"""

from __future__ import annotations

import base64
import contextlib
import functools
import json
import os
import queue
import signal
import subprocess
import sys
import threading
import time
import zlib
from pathlib import Path
from typing import Any, Protocol

from rewards.errors import SandboxError
from rewards.sandbox import layers as sandbox_layers
from rewards.sandbox import unpatched
from rewards.sandbox.inside import frames

# The modules that run inside the sandbox (rewards/sandbox/inside/), each after those it imports. The sandbox sees
# none of this package's files, so they travel as source, and use the standard library only.
WORKER_MODULES = ("frames", "tables", "codec", "seccomp", "clocks", "statgate", "counters", "job", "zygote", "worker")
INSIDE = "rewards.sandbox.inside"


def bundle(names: tuple[str, ...] = WORKER_MODULES, run: str = f"sys.modules['{INSIDE}.worker'].main()") -> str:
    """One program that defines each module ``inside.<name>`` of ``names`` from its source, then
    runs ``run``.

    The packages above them are empty stand-ins, so an import of any other module fails inside the sandbox instead
    of reaching for the host's files.
    """
    sources = [(name, (Path(__file__).parent / "inside" / f"{name}.py").read_text()) for name in names]
    # Compressed: the program is one argument, and the kernel takes no argument over 128 KiB (MAX_ARG_STRLEN).
    packed = base64.b85encode(zlib.compress(json.dumps(sources).encode(), 9)).decode()
    return "\n".join([
        "import base64, json, sys, types, zlib",
        "for _name in ('rewards', 'rewards.sandbox', 'rewards.sandbox.inside'):",
        "    sys.modules[_name] = types.ModuleType(_name)",
        "    sys.modules[_name].__path__ = []",
        "sys.modules['rewards'].sandbox = sys.modules['rewards.sandbox']",
        "sys.modules['rewards.sandbox'].inside = sys.modules['rewards.sandbox.inside']",
        f"for _name, _source in json.loads(zlib.decompress(base64.b85decode({packed!r}))):",
        f"    _module = sys.modules['{INSIDE}.' + _name] = types.ModuleType('{INSIDE}.' + _name)",
        f"    setattr(sys.modules['{INSIDE}'], _name, _module)",
        f"    exec(compile(_source, '<{INSIDE}.' + _name + '>', 'exec'), _module.__dict__)",
        "del _name, _source, _module",
        run,
    ])


WORKER_SOURCE = bundle()
ISOLATED = ("-s", "-P") if sys.version_info >= (3, 11) else ("-s",)  # no user site, no cwd on sys.path
GRACE_S = 2.0  # how long a worker may take beyond a job's deadline before the slot is restarted
# A session's teardown (kill the job's processes, wipe the scratch, check the worker): the worker's budget for it,
# and how long it may take beyond that. A slot not clean by then restarts in the background.
END_S, END_GRACE_S = 1.0, 0.5


class Sandbox(Protocol):
    """What a slot needs of the sandbox that owns it (`rewards.sandbox.local.Sandbox`)."""

    id: int
    base_uid: int
    config: Any
    layers: Any
    bwrap_argv: list[str]

    def scratch_dir(self, index: int) -> str: ...

    def slot_uids(self, index: int) -> tuple[int, int]: ...


class _Spawner:
    """Starts every slot process from one long-lived thread.

    bwrap's --die-with-parent (PR_SET_PDEATHSIG) fires when the *thread* that started it exits, so a slot started
    from a short-lived thread (a ThreadPoolExecutor's, in a batched reward call) would be killed with that thread.
    """

    def __init__(self) -> None:
        self.requests: queue.Queue = unpatched.Queue()
        unpatched.Thread(target=self._run, name="rlvr-sandbox-spawner", daemon=True).start()

    def _run(self) -> None:
        while True:
            args, kwargs, reply = self.requests.get()
            try:
                reply.put((True, unpatched.Popen(*args, **kwargs)))
            except BaseException as e:  # handed to the caller's thread
                reply.put((False, e))

    def __call__(self, *args: Any, **kwargs: Any) -> subprocess.Popen:
        reply: queue.Queue = unpatched.Queue(maxsize=1)
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
        # The worker's uid, and its jobs' (another, so that no job can act on the process it was forked from).
        self.uid: int | None
        self.job_uid: int | None
        self.uid, self.job_uid = sandbox.slot_uids(index) if sandbox.layers.slot_uids else (None, None)
        self.cgroup = None
        config = sandbox.config
        if sandbox.layers.cgroup:
            name = f"rlvr-kit-{os.getpid()}-{sandbox.id}-{index}"
            self.cgroup = sandbox_layers.SlotCgroup(sandbox.layers.cgroup, name, max_pids=4 * config.processes,
                                                    max_bytes=2 * config.memory_bytes, max_cpus=config.slot_cpus)
        self.proc: subprocess.Popen | None = None
        self._stdin = self._stdout = -1  # the worker's pipes, as fds: read and written on every request
        self.broken = True
        self.died = False  # the last failed request ended with the worker gone (not a deadline)
        self.last_size = 0  # bytes of the last reply, for budgets over many replies
        self.reply_bytes = sandbox.config.output_bytes  # the largest answer the last request may bring back
        self.lock = threading.RLock()  # held while (re)starting or stopping: a restart runs in the background
        # The second before which a file of the Python install must have been written to keep its modification time
        # in a job (`inside.statgate`), which every job can read: the sandbox's start, never a restart's, whose
        # moment a completion that made its slot restart chose (issue 37).
        self.since = int(time.time())

    def start(self) -> None:
        """(Re)start the worker and wait for its hello."""
        with self.lock:
            self._start()

    def _start(self) -> None:
        self.stop()
        layers, config = self.sandbox.layers, self.sandbox.config
        worker_config = {
            "uid": self.uid, "job_uid": self.job_uid, "require_non_root": layers.slot_uids or os.geteuid() != 0,
            "scratch": sandbox_layers.SCRATCH if layers.bwrap else self.sandbox.scratch_dir(self.index),
            "keep": sandbox_layers.scratch_mount_points() if layers.bwrap else [],
            "pid_namespace": bool(layers.bwrap), "kill_all": bool(layers.bwrap) or layers.slot_uids,
            "seccomp": layers.seccomp, "cpu_seconds": config.cpu_seconds, "memory_bytes": config.memory_bytes,
            "file_bytes": config.file_bytes, "open_files": config.open_files, "processes": config.processes,
            "output_bytes": config.output_bytes, "max_handles": config.max_handles, "prelude": config.prelude,
            "private_clock": config.private_clock, "since": self.since, "numpy_zygote": config.numpy_zygote,
        }
        # -I less its -E, which would ignore the allocator settings of WORKER_ENV (the environment is ours alone).
        python = [sys.executable, *ISOLATED, "-c", WORKER_SOURCE, json.dumps(worker_config)]
        argv = (self.sandbox.bwrap_argv + python) if layers.bwrap else python
        if self.cgroup is not None:
            argv = ["/bin/sh", "-c", self.cgroup.join_command() + ' && exec "$@"', "sh", *argv]
        env = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", **sandbox_layers.WORKER_ENV}
        # Started as root (when we are): the launcher joins the cgroups, the worker then drops to the slot's uid.
        self.proc = _spawn(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                           env=env, start_new_session=True)
        assert self.proc.stdin is not None and self.proc.stdout is not None  # both are pipes (for the type checker)
        self._stdin, self._stdout = self.proc.stdin.fileno(), self.proc.stdout.fileno()
        os.set_blocking(self._stdin, False)
        hello = self._recv(unpatched.monotonic() + 30)
        if not hello or not hello.get("ready"):
            self.stop()
            raise SandboxError(f"sandbox slot {self.index} did not start (command: {argv[:3]}...)")
        if layers.slot_uids and hello.get("uid") != self.uid:
            self.stop()
            raise SandboxError(f"sandbox slot {self.index} runs as uid {hello.get('uid')}, expected {self.uid}")
        if layers.slot_uids and layers.bwrap and not hello.get("hidden") and not config.allow_weak:
            self.stop()
            raise SandboxError(f"sandbox slot {self.index} could not hide its worker from its jobs (remounting /proc "
                               "with hidepid failed); pass SandboxConfig(allow_weak=True) to run without it")
        self.broken = False

    def stop(self) -> None:
        """Kill the worker and with it (pid namespace, --die-with-parent) everything in the slot."""
        with self.lock:
            self._stop()

    def _stop(self) -> None:
        if self.proc is not None:
            # bwrap's pid 1 first, so the outer bwrap reaps it: killed the other way round it is orphaned and
            # stays a zombie under a container init that does not reap.
            with contextlib.suppress(OSError, ValueError):
                children = Path(f"/proc/{self.proc.pid}/task/{self.proc.pid}/children").read_text().split()
                for child in children:
                    unpatched.kill(int(child), 9)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.proc.wait(timeout=1.0)
            with contextlib.suppress(ProcessLookupError):
                unpatched.killpg(self.proc.pid, 9)
            self.proc.wait()
            for stream in (self.proc.stdin, self.proc.stdout):
                with contextlib.suppress(OSError, AttributeError):
                    stream.close()  # type: ignore[union-attr]  # a pipe, or None (AttributeError)
            self.proc = None
            self._stdin = self._stdout = -1  # closed: never written or read again, even if the numbers are reused
        self.broken = True

    def memory_mark(self) -> int | None:
        """The slot's memory-limit counter now (`SlotCgroup.memory_events`); None without a memory cgroup."""
        return None if self.cgroup is None else self.cgroup.memory_events()

    def lost_from_outside(self, mark: int | None) -> bool:
        """Whether the worker, gone (``died``), was killed from outside the slot, so no job of it can have caused
        its loss: every layer that keeps a job from signalling its worker is on (bubblewrap, the slot's own uids,
        seccomp), the worker did not exit by itself (a Python error of its own, which a job's data might provoke,
        exits 1) but was killed by a signal, and the slot's memory cgroup saw no limit reached and no OOM kill since
        ``mark`` (`memory_mark`, taken when the session began), which a job's allocations could have caused."""
        layers = self.sandbox.layers
        if not (self.died and layers.bwrap and layers.slot_uids and layers.seccomp) or mark is None:
            return False
        proc = self.proc
        if proc is None:
            return False
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=1.0)  # the worker's end was read (EOF) a moment before its exit: take the status
        code = proc.returncode
        # A signal ends the launcher (negative) or the worker, whose exit bubblewrap passes on as 128 + the signal.
        killed = code is not None and (code < 0 or code - 128 in (signal.SIGKILL, signal.SIGTERM))
        return killed and self.memory_mark() == mark

    def request(self, msg: dict[str, Any], timeout: float, grace: float = GRACE_S) -> dict[str, Any] | None:
        """Send one request; its reply, or None (and a broken slot) when the worker did not answer within
        ``timeout + grace``."""
        deadline = unpatched.monotonic() + timeout + grace
        self.reply_bytes = max(self.sandbox.config.output_bytes, msg.get("stdout_bytes", 0))
        return self._reply(deadline) if self.send(msg, deadline) else None

    def send(self, msg: dict[str, Any], deadline: float) -> bool:
        """Send one request by ``deadline`` without reading its reply (`receive` does); False, and a broken slot,
        when it could not be sent."""
        if self.broken:
            return False
        if not self._write(frames.frame(frames.to_worker(msg)), deadline):
            self.broken = True
            self.died = self.proc is None or self.proc.poll() is not None
            return False
        return True

    def receive(self, timeout: float, grace: float = GRACE_S) -> dict[str, Any] | None:
        """The reply to a request `send` sent, or a second reply to the last request (one that also ended the
        session), within ``timeout + grace``; None (and a broken slot) without one."""
        return None if self.broken else self._reply(unpatched.monotonic() + timeout + grace)

    def _reply(self, deadline: float) -> dict[str, Any] | None:
        reply = self._recv(deadline)
        if reply is None:
            self.broken = True
            self.died = self.proc is None or self.proc.poll() is not None or self._eof
        return reply

    def _recv(self, deadline: float) -> dict[str, Any] | None:
        limit = 4 * self.reply_bytes + 4096  # an answer of output_bytes, or a script's stdout cap, as escaped JSON
        body, why = frames.read_frame(self._stdout, deadline, limit)
        self._eof = why == "eof"
        if body is None:
            return None
        self.last_size = len(body)
        try:
            reply = unpatched.loads(body)
        except (ValueError, RecursionError):
            return None
        return reply if isinstance(reply, dict) else None

    def _write(self, data: bytes, deadline: float) -> bool:
        """Write with a deadline: a stopped worker must not block us once the pipe buffer is full."""
        try:
            return frames.write_all(self._stdin, data, deadline)
        except OSError:
            return False
