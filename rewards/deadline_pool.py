"""Worker processes that run checker jobs with a hard deadline per job, so a checker never hangs training.

A checker that parses model output (sympy, ``eval`` of an expression, a puzzle scorer) can take forever on the
wrong input: ``9**9**9**9`` holds the GIL, and ``signal.alarm`` only works on the main thread of the main
interpreter while TRL runs async rewards on a daemon thread. Here every job runs in a worker process whose main
thread we own; the parent waits for each job at most ``deadline`` seconds, then kills the worker, reports
``("timeout", ...)`` and starts a replacement. A job costs at most one deadline from the main thread, another thread
or an event loop alike.

A worker is a fresh interpreter, ``python -m <worker_module> <fd> <fd>``, whose module ends with
``serve(handle, warm_up)``. Unlike ``fork`` that is safe in a process that already runs threads (a trainer), and
unlike multiprocessing's ``spawn`` it never re-imports the user's ``__main__``. A worker warms up (imports, lazy
grammars) before it says ready; a job's deadline starts when it is handed to a ready worker. Jobs with the same
``key(job)`` share cached work (one gold answer, one puzzle): a worker keeps getting jobs of the key it has warm.

Handlers return ``(status, detail)``; the pool adds ``("timeout", why)`` and ``("error", why)`` for jobs that ran out
of time or whose worker died or never started. Limits: POSIX only (pipes passed by file descriptor); a worker's
memory is not capped (a deadline kill frees it).
"""

from __future__ import annotations

import atexit
import logging
import os
import signal
import subprocess
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from typing import Any, cast

from rewards.cpu_share import cores_per_process

# The clock as this module began: a test's patch('time.monotonic') replaces the module's attribute in this
# process while it runs, and gave its values to this side's deadlines (red team 13).
_monotonic = time.monotonic

logger = logging.getLogger(__name__)

TIMEOUT, ERROR = "timeout", "error"
STARTUP_TIMEOUT = 120.0  # seconds for a fresh worker to import its checker (sympy, ...) on a loaded machine
MAX_FAILED_STARTS = 3  # workers dying before "ready" this many times in a row means they never will
Result = tuple[str, Any]


def serve(handle: Callable[[Any], Result], warm_up: Iterable[Any] = ()) -> None:
    """A worker's main loop (call it from the worker module's ``__main__``): warm up, say ready, answer jobs."""
    inbox, outbox = Connection(int(sys.argv[1]), writable=False), Connection(int(sys.argv[2]), readable=False)
    # Ctrl-C in a terminal reaches the whole process group: the parent stops its workers (atexit), and a worker
    # dying on its own KeyboardInterrupt would only print a traceback and fail the job in hand.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for payload in warm_up:  # lazy imports and grammars are paid here, before any deadline runs
        handle(payload)
    outbox.send(("ready", None))
    while True:
        try:
            index, payload = inbox.recv()
        except (EOFError, OSError):
            return
        try:
            result = handle(payload)
        except Exception as e:  # a checker never raises on a completion: report and carry on
            result = (ERROR, f"{type(e).__name__}: {e}"[:200])
        outbox.send((index, result))


@dataclass
class _Worker:
    process: subprocess.Popen
    conn: Connection  # results from the worker
    inbox: Connection  # jobs to the worker
    ready: bool = False
    job: tuple[int, float] | None = None  # (job index, time handed over)
    key: Hashable = None  # the key of its last job: more jobs of that key go here
    started: float = field(default_factory=_monotonic)


class DeadlinePool:
    """``workers`` processes of ``worker_module``, each job cut off after ``deadline`` seconds.

    ``what`` names the checker in messages; ``key(job)`` groups jobs that share cached work (default: none do).
    ``wall`` (default ``deadline``) is the wall-clock kill limit: a handler that enforces ``deadline`` itself, in CPU
    time (`rewards.math.workers`), is given a larger ``wall`` as a backstop for work its own budget cannot interrupt.
    ``spares`` extra workers stay started but idle, at most ``workers`` run jobs at once: when one is killed, a
    ready spare takes the next job at once instead of the batch waiting seconds for a replacement to import.
    """

    def __init__(self, worker_module: str, workers: int, deadline: float, what: str = "checker",
                 key: Callable[[Any], Hashable] | None = None, spares: int = 0, wall: float | None = None) -> None:
        if workers < 1 or deadline <= 0 or spares < 0 or (wall is not None and wall < deadline):
            raise ValueError(f"need workers >= 1, deadline > 0, spares >= 0 and wall >= deadline, got "
                             f"workers={workers}, deadline={deadline}, spares={spares}, wall={wall}")
        self.module, self.size, self.deadline, self.what = worker_module, workers, deadline, what
        self.spares, self.wall = spares, wall if wall is not None else deadline
        self.key = key or id
        self._workers: list[_Worker] = []
        self._lock = threading.Lock()  # one batch at a time: callers on several threads queue here
        self.restarts = 0  # workers killed at the deadline (or dead) and replaced
        self.items_run = 0  # jobs handed to workers, for tests and benches
        self.broken = ""  # why workers cannot start, once that is known
        self._failed_starts = 0  # consecutive worker deaths before "ready"

    def run(self, jobs: list[Any]) -> list[Result]:
        """The handler's ``(status, detail)`` for every job, in order, or a pool-made timeout / error."""
        if not jobs:
            return []
        with self._lock:
            self._fill()
            results: list[Result | None] = [None] * len(jobs)
            queue = _KeyQueue([self.key(job) for job in jobs])
            while queue or any(w.job for w in self._workers):
                self._hand_out(queue, jobs)
                self._collect(results)
                self._enforce(results)
                if queue and self._broken():  # no worker can start: report, never spin or raise
                    return [r if r is not None else (ERROR, self.broken) for r in results]
            return [r if r is not None else (ERROR, "lost") for r in results]

    def start(self) -> None:
        """Start any missing workers without waiting for them (they warm up while the caller does other work)."""
        with self._lock:
            self._fill()

    def close(self) -> None:
        """Stop every worker."""
        for w in self._workers:
            _stop(w)
        self._workers = []

    def _broken(self) -> bool:
        now = _monotonic()
        if self._failed_starts >= MAX_FAILED_STARTS:
            self.broken = f"{self.what} workers died {self._failed_starts} times while starting"
        elif not any(w.ready for w in self._workers) and all(now - w.started >= STARTUP_TIMEOUT for w in self._workers):
            self.broken = f"no {self.what} worker started within {STARTUP_TIMEOUT:g}s"
        if self.broken:
            logger.error("%s cannot run its checks: %s; those completions score 0 (status error).", self.what,
                         self.broken)
        return bool(self.broken)

    def _fill(self) -> None:
        while len(self._workers) < self.size + self.spares:
            self._workers.append(_start(self.module))

    def _hand_out(self, queue: _KeyQueue, jobs: list[Any]) -> None:
        busy = sum(1 for w in self._workers if w.job)
        for w in self._workers:
            if queue and w.ready and w.job is None and busy < self.size:
                busy += 1
                i = queue.pop(w.key, {x.key for x in self._workers if x.job and x is not w})
                w.key = queue.keys[i]
                try:
                    w.inbox.send((i, jobs[i]))
                except (BrokenPipeError, OSError):
                    queue.push_back(i)
                    self._replace(w)
                    continue
                w.job = (i, _monotonic())
                self.items_run += 1

    def _collect(self, results: list) -> None:
        now = _monotonic()
        waits = [w.job[1] + self.wall - now for w in self._workers if w.job]
        waits += [w.started + STARTUP_TIMEOUT - now for w in self._workers if not w.ready]
        timeout = max(0.0, min(waits)) if waits else 0.0
        by_conn = {w.conn: w for w in self._workers}
        for conn in cast(list[Connection], wait(list(by_conn), timeout=timeout)):
            w = by_conn[conn]
            try:
                index, result = conn.recv()
            except (EOFError, OSError):  # the worker died (out of memory, a crash in C): its job is an error
                if w.job:
                    results[w.job[0]] = (ERROR, f"{self.what} worker died")
                self._failed_starts += not w.ready
                self._replace(w)
                continue
            if index == "ready":
                w.ready = True
                self._failed_starts = 0
            elif w.job and index == w.job[0]:
                results[index] = result
                w.job = None

    def _enforce(self, results: list) -> None:
        now = _monotonic()
        for w in list(self._workers):
            if w.job and now - w.job[1] >= self.wall:
                results[w.job[0]] = (TIMEOUT, f"no verdict within {self.wall:g}s")
                self._replace(w)

    def _replace(self, worker: _Worker) -> None:
        _stop(worker)
        self._workers[self._workers.index(worker)] = _start(self.module)
        self.restarts += 1


class _KeyQueue:
    """Job indices grouped by key, so a worker keeps getting jobs whose cached work it already holds."""

    def __init__(self, keys: list[Hashable]) -> None:
        self.keys = keys
        self._by_key: dict[Hashable, deque[int]] = {}
        for i, key in enumerate(keys):
            self._by_key.setdefault(key, deque()).append(i)

    def __bool__(self) -> bool:
        return bool(self._by_key)

    def pop(self, preferred: Hashable, busy: set[Hashable]) -> int:
        """The next job of ``preferred``'s key, else of a key no other worker is on, else of any key."""
        key = preferred if preferred in self._by_key else next(
            (k for k in self._by_key if k not in busy), next(iter(self._by_key)))
        bucket = self._by_key[key]
        i = bucket.popleft()
        if not bucket:
            del self._by_key[key]
        return i

    def push_back(self, i: int) -> None:
        """Return a job that could not be handed out."""
        self._by_key.setdefault(self.keys[i], deque()).appendleft(i)


def _start(module: str) -> _Worker:
    from_parent, to_child = os.pipe()
    from_child, to_parent = os.pipe()
    path = os.pathsep.join(p or os.getcwd() for p in sys.path)  # the worker imports what this process imports
    process = subprocess.Popen(
        [sys.executable, "-m", module, str(from_parent), str(to_parent)],
        pass_fds=(from_parent, to_parent), stdin=subprocess.DEVNULL, env={**os.environ, "PYTHONPATH": path})
    os.close(from_parent)
    os.close(to_parent)
    return _Worker(process, Connection(from_child, writable=False), Connection(to_child, readable=False))


def _stop(worker: _Worker) -> None:
    worker.process.kill()
    try:
        worker.process.wait(timeout=5)
    except subprocess.TimeoutExpired:
        logger.warning("worker %d did not exit after SIGKILL", worker.process.pid)
    worker.conn.close()
    worker.inbox.close()


_pools: dict[tuple[str, int, float], DeadlinePool] = {}
_pools_lock = threading.Lock()


def default_workers() -> int:
    """Worker processes per pool unless asked otherwise: min(4, this process's share of the cores)."""
    return min(4, cores_per_process())


def shared_pool(worker_module: str, workers: int | None, deadline: float, what: str = "checker",
                key: Callable[[Any], Hashable] | None = None, spares: int = 0,
                wall: float | None = None) -> DeadlinePool:
    """The process-wide pool of ``worker_module`` for ``(workers, deadline)``; ``workers=None``: `default_workers`.

    ``spares`` and ``wall`` as in `DeadlinePool` (the first call for a key decides them)."""
    n = workers or default_workers()
    with _pools_lock:
        if (worker_module, n, deadline) not in _pools:
            _pools[(worker_module, n, deadline)] = DeadlinePool(worker_module, n, deadline, what, key, spares, wall)
        return _pools[(worker_module, n, deadline)]


@atexit.register
def close_shared_pools() -> None:
    """Stop the workers of every shared pool (the next `shared_pool` call starts fresh ones)."""
    with _pools_lock:
        for pool in _pools.values():
            pool.close()
        _pools.clear()
