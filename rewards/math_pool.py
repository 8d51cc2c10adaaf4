"""A small pool of worker processes that run math-verify with a hard deadline per item.

math-verify's own timeout uses ``signal.alarm``, which only works on the main thread of the main interpreter, and TRL
runs async rewards on a daemon thread. Here every parse and verify runs in a worker process (whose main thread we
own), one item at a time; the parent waits for each result at most ``deadline`` seconds, then kills the worker,
reports ``timeout`` and starts a replacement. So a hung sympy call costs one deadline, never a stuck training run,
and the pool behaves the same from the main thread, another thread or an event loop.

Workers are fresh interpreters (``python -m rewards.math_pool``) talking over pipes: unlike ``fork`` this is safe in
a process that already runs threads (a trainer), and unlike multiprocessing's ``spawn`` it never re-imports the
user's ``__main__`` (a script without an ``if __name__ == "__main__"`` guard would start workers recursively). A
worker imports math-verify and warms it up before taking work; the deadline starts when an item is handed to a
ready worker.
Each worker caches parsed golds, so a gold shared by a group of completions is parsed once per worker.

Limits: POSIX only (pipes passed by file descriptor); a worker's memory is not capped (a deadline kill frees it).
"""

from __future__ import annotations

import atexit
import logging
import os
import re
import subprocess
import sys
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from functools import lru_cache
from multiprocessing.connection import Connection, wait
from typing import Any

logger = logging.getLogger(__name__)

STARTUP_TIMEOUT = 120.0  # seconds for a fresh worker to import sympy + math-verify on a loaded machine
MAX_FAILED_STARTS = 3  # workers dying before "ready" this many times in a row means they never will

# Statuses a worker reports for one (gold, answer, mode) item.
CORRECT, WRONG, UNPARSED, BAD_GOLD, GOLD_OK, TIMEOUT, ERROR = (
    "correct", "wrong", "unparsed", "bad_gold", "gold_ok", "timeout", "error")


@dataclass(frozen=True)
class Item:
    """One comparison: ``answer`` is ``None`` to only check that ``gold`` parses; ``mode`` says how to read it."""

    gold: str
    answer: str | None
    mode: str = "expression"  # "expression": a bare answer; "text": free text whose last expression counts


def check(item: Item) -> tuple[str, str]:
    """Judge one item with math-verify, in the calling process and without a timeout: ``(status, detail)``."""
    from math_verify import verify

    gold = parse_gold(item.gold)
    if not gold:
        return BAD_GOLD, "math-verify cannot parse the gold"
    if item.answer is None:
        return GOLD_OK, str(gold[0])[:100]
    answer = _parse_text(item.answer) if item.mode == "text" else _parse_expression(item.answer)
    if not answer:
        return UNPARSED, "math-verify found no expression"
    if not _MODULAR.search(item.answer) and _false_equation(answer[0]):
        return WRONG, f"false equation {str(answer[0])[:80]}"
    ok = verify(gold, answer, timeout_seconds=None)
    return (CORRECT if ok else WRONG), str(answer[0])[:100]


_MODULAR = re.compile(r"\\(?:equiv|pmod|bmod|mod)\b")  # 17 \equiv 2 is true mod 5 though 17 != 2


def _false_equation(expr: Any) -> bool:
    """Whether ``expr`` is, or joins with ``&``, an equation between two closed numbers that differ (``2+2 = 5``).

    math-verify compares only an equation's last side with the gold, so a false one would still score.
    """
    from sympy import And, Eq

    for eq in expr.args if isinstance(expr, And) else (expr,):
        if not isinstance(eq, Eq) or not (getattr(eq.lhs, "is_number", False) and getattr(eq.rhs, "is_number", False)):
            continue
        try:
            if abs(complex((eq.lhs - eq.rhs).evalf(30))) > 1e-9:
                return True
        except (TypeError, ValueError):  # not a finite complex number (zoo, nan): leave it to verify
            continue
    return False


@lru_cache(maxsize=4096)
def parse_gold(gold: str) -> list:
    """A gold answer parsed by math-verify (cached): bare (``1/2``, ``\\frac{1}{2}``, ``x=2``) as if boxed."""
    return _parse_expression(gold)


def _parse_expression(text: str) -> list:
    from math_verify import ExprExtractionConfig, LatexExtractionConfig, parse

    config = (LatexExtractionConfig(), ExprExtractionConfig())
    return parse(f"\\boxed{{{text}}}", extraction_config=config, parsing_timeout=None) or parse(
        f"${text}$", extraction_config=config, parsing_timeout=None)


def _parse_text(text: str) -> list:
    from math_verify import ExprExtractionConfig, LatexExtractionConfig, parse

    return parse(text, extraction_config=(LatexExtractionConfig(), ExprExtractionConfig()), parsing_timeout=None)


_WARM_UP = (Item("\\frac{1}{2}", "0.5"), Item("(x-1)(x+1)", "x^2 - 1"), Item("\\sin^2 x + \\cos^2 x", "1"),
            Item("(1,2]", "(1, 2]"), Item("\\{1,2\\}", "\\{2,1\\}"), Item("x=2", "2"), Item("50\\%", "0.5"),
            Item("\\begin{pmatrix}1\\\\2\\end{pmatrix}", "\\begin{pmatrix}1\\\\2\\end{pmatrix}"),
            Item("\\sqrt{2}/2", "\\frac{1}{\\sqrt{2}}"), Item("85", "Let me add.\n40 + 45 = 85", "text"))


def _serve(inbox: Connection, conn: Connection) -> None:
    """A worker's main loop: warm up, say ready, then answer ``(index, Item)`` messages until the pipe closes."""
    logging.getLogger("math_verify").setLevel(logging.ERROR)  # it warns that its own timeout is off: ours is on
    for item in _WARM_UP:  # sympy loads its grammar and simplifiers lazily: pay that before any deadline runs
        check(item)
    conn.send(("ready", None, None))
    while True:
        try:
            index, item = inbox.recv()
        except (EOFError, OSError):
            return
        try:
            status, detail = check(item)
        except Exception as e:  # a reward never raises on a completion: report and carry on
            status, detail = ERROR, f"{type(e).__name__}: {e}"[:200]
        conn.send((index, status, detail))


@dataclass
class _Worker:
    process: subprocess.Popen
    conn: Connection  # results from the worker
    inbox: Connection  # items to the worker
    ready: bool = False
    job: tuple[int, float] | None = None  # (item index, time handed over)
    gold: str | None = None  # the gold of its last item: more items of it go here, where it is parsed already
    started: float = field(default_factory=time.monotonic)


class VerifyPool:
    """``workers`` processes judging `Item`s, each with at most ``deadline`` seconds per item."""

    def __init__(self, workers: int, deadline: float) -> None:
        if workers < 1 or deadline <= 0:
            raise ValueError(f"need workers >= 1 and deadline > 0, got workers={workers}, deadline={deadline}")
        self.size, self.deadline = workers, deadline
        self._workers: list[_Worker] = []
        self._lock = threading.Lock()  # one batch at a time: callers on several threads queue here
        self.restarts = 0  # workers killed at the deadline (or dead) and replaced
        self.items_run = 0  # items handed to workers, for tests and the bench
        self.broken = ""  # why workers cannot start, once that is known
        self._failed_starts = 0  # consecutive worker deaths before "ready"

    def run(self, items: list[Item]) -> list[tuple[str, str]]:
        """``(status, detail)`` for every item, in order; an item past the deadline is ``("timeout", ...)``."""
        if not items:
            return []
        with self._lock:
            self._fill()
            results: list[tuple[str, str] | None] = [None] * len(items)
            queue = _GoldQueue(items)
            while queue or any(w.job for w in self._workers):
                self._hand_out(queue, items)
                self._collect(results)
                self._enforce(results)
                if queue and self._broken():  # no worker can start: report, never spin or raise
                    return [r if r is not None else (ERROR, self.broken) for r in results]
            return [r if r is not None else (ERROR, "lost") for r in results]

    def _broken(self) -> bool:
        now = time.monotonic()
        if self._failed_starts >= MAX_FAILED_STARTS:
            self.broken = f"math-verify workers died {self._failed_starts} times while starting"
        elif not any(w.ready for w in self._workers) and all(now - w.started >= STARTUP_TIMEOUT for w in self._workers):
            self.broken = f"no math-verify worker started within {STARTUP_TIMEOUT:g}s"
        if self.broken:
            logger.error("math_exact cannot run sympy comparisons: %s; those completions score 0 (status error).",
                         self.broken)
        return bool(self.broken)

    def start(self) -> None:
        """Start any missing workers without waiting for them (they warm up while the caller does other work)."""
        with self._lock:
            self._fill()

    def close(self) -> None:
        """Stop every worker."""
        for w in self._workers:
            _stop(w)
        self._workers = []

    def _fill(self) -> None:
        while len(self._workers) < self.size:
            self._workers.append(_start())

    def _hand_out(self, queue: _GoldQueue, items: list[Item]) -> None:
        for w in self._workers:
            if queue and w.ready and w.job is None:
                i = queue.pop(w.gold, {x.gold for x in self._workers if x.job and x is not w})
                w.gold = items[i].gold
                try:
                    w.inbox.send((i, items[i]))
                except (BrokenPipeError, OSError):
                    queue.push_back(i, items[i].gold)
                    self._replace(w)
                    continue
                w.job = (i, time.monotonic())
                self.items_run += 1

    def _collect(self, results: list) -> None:
        now = time.monotonic()
        waits = [w.job[1] + self.deadline - now for w in self._workers if w.job]
        waits += [w.started + STARTUP_TIMEOUT - now for w in self._workers if not w.ready]
        timeout = max(0.0, min(waits)) if waits else 0.0
        by_conn = {w.conn: w for w in self._workers}
        for conn in wait(list(by_conn), timeout=timeout):
            w = by_conn[conn]
            try:
                index, status, detail = conn.recv()
            except (EOFError, OSError):  # the worker died (out of memory, a crash in C): its item is an error
                if w.job:
                    results[w.job[0]] = (ERROR, "math worker died")
                self._failed_starts += not w.ready
                self._replace(w)
                continue
            if index == "ready":
                w.ready = True
                self._failed_starts = 0
            elif w.job and index == w.job[0]:
                results[index] = (status, detail)
                w.job = None

    def _enforce(self, results: list) -> None:
        now = time.monotonic()
        for w in list(self._workers):
            if w.job and now - w.job[1] >= self.deadline:
                results[w.job[0]] = (TIMEOUT, f"no verdict within {self.deadline:g}s")
                self._replace(w)

    def _replace(self, worker: _Worker) -> None:
        _stop(worker)
        self._workers[self._workers.index(worker)] = _start()
        self.restarts += 1


class _GoldQueue:
    """Item indices grouped by gold, so a worker keeps getting items whose gold it has parsed."""

    def __init__(self, items: list[Item]) -> None:
        self._by_gold: dict[str, deque[int]] = {}
        for i, item in enumerate(items):
            self._by_gold.setdefault(item.gold, deque()).append(i)

    def __bool__(self) -> bool:
        return bool(self._by_gold)

    def pop(self, preferred: str | None, busy: set[str]) -> int:
        """The next item of ``preferred``'s gold, else of a gold no other worker is on, else of any gold."""
        gold = preferred if preferred in self._by_gold else next(
            (g for g in self._by_gold if g not in busy), next(iter(self._by_gold)))
        bucket = self._by_gold[gold]
        i = bucket.popleft()
        if not bucket:
            del self._by_gold[gold]
        return i

    def push_back(self, i: int, gold: str) -> None:
        """Return an item that could not be handed out."""
        self._by_gold.setdefault(gold, deque()).appendleft(i)


def _start() -> _Worker:
    from_parent, to_child = os.pipe()
    from_child, to_parent = os.pipe()
    path = os.pathsep.join(p or os.getcwd() for p in sys.path)
    process = subprocess.Popen(
        [sys.executable, "-m", "rewards.math_pool", str(from_parent), str(to_parent)],
        pass_fds=(from_parent, to_parent), stdin=subprocess.DEVNULL, env={**os.environ, "PYTHONPATH": path})
    os.close(from_parent)
    os.close(to_parent)
    return _Worker(process, Connection(from_child, writable=False), Connection(to_child, readable=False))


def _stop(worker: _Worker) -> None:
    worker.process.kill()
    try:
        worker.process.wait(timeout=5)
    except subprocess.TimeoutExpired:
        logger.warning("math-verify worker %d did not exit after SIGKILL", worker.process.pid)
    worker.conn.close()
    worker.inbox.close()


_pools: dict[tuple[int, float], VerifyPool] = {}
_pools_lock = threading.Lock()


def default_workers() -> int:
    """Worker processes per pool unless asked otherwise: min(4, CPU count)."""
    return max(1, min(4, os.cpu_count() or 1))


def shared_pool(workers: int | None = None, deadline: float = 0.5) -> VerifyPool:
    """The process-wide pool for ``(workers, deadline)``; ``workers=None`` means min(4, CPU count)."""
    n = workers or default_workers()
    with _pools_lock:
        if (n, deadline) not in _pools:
            _pools[(n, deadline)] = VerifyPool(n, deadline)
        return _pools[(n, deadline)]


@atexit.register
def close_shared_pools() -> None:
    """Stop the workers of every shared pool (the next `shared_pool` call starts fresh ones)."""
    with _pools_lock:
        for pool in _pools.values():
            pool.close()
        _pools.clear()


if __name__ == "__main__":
    _serve(Connection(int(sys.argv[1]), writable=False), Connection(int(sys.argv[2]), readable=False))
