"""The ``python`` tool: a rollout's own Python interpreter, run in the code sandbox of `rewards.sandbox.local`.

Design (replay). TRL generates for the whole batch, then runs every tool call, then generates again, so hundreds of
rollouts are open at once on a few sandbox slots: no rollout may hold a slot between its turns. A `PythonSession`
therefore keeps only the *source* of its earlier cells, on the trusted side. Each call borrows a slot for one job
that re-executes the earlier cells with their output silenced, then executes the new cell capturing its stdout,
stderr and the value of a last bare expression (as a REPL shows it), and hands back plain data. The slot then kills
every process the job started and wipes its scratch directory, so the next rollout on that slot starts from nothing;
the call returns with its answer meanwhile, and the slot serves no other call before its teardown reported clean.

What a call returns to the model is text, never an exception: the output, then ``Out: <repr>`` of a last
expression, then the exception's last line (``ZeroDivisionError: division by zero``). A call has one wall-clock
deadline (replay included) and an output cap; truncation is marked with the number of characters dropped. A cell
that hits the deadline, the memory limit or ends the process is reported and left out of later replays: the state it
would have built is lost, and the rollout goes on from the cells before it.

Isolation is the sandbox's (`code_tests` uses the same layers): bubblewrap with no network and a private scratch
tmpfs, a non-root uid, cgroup, seccomp and rlimits; see `rewards.sandbox.local` for what it does not isolate.

Bound: every call counts toward ``max_calls``, whatever became of it (answered, raised, timed out, ran out of
memory, died, refused as too long); once they are spent a call is answered at once, without reaching the sandbox.
One rollout's tool time is therefore at most ``max_calls`` x a call's worst case (`PythonToolConfig.tool_seconds_bound`:
deadline, the slot's grace and a teardown), plus waits for a free slot. Every reply passes `rewards.untrusted.clean`.

Same as one interpreter: a rollout's calls read what one ``python3`` process running its cells in order prints
(tests/envs/test_python_tool_plain.py), on any slot and after a slot's restart: `random` is seeded per rollout
(the same seed at every call, so replayed cells draw the same numbers and the new cell the next ones), and every
slot's Python has the same hash seed (``PYTHONHASHSEED`` in `rewards.sandbox.layers.WORKER_ENV`), so the order of a
set or dict of strings is the one the earlier calls showed. As in one process, the cells run in the module
``sys.modules["__main__"]`` (pickle finds a cell's class there, ``doctest.testmod()`` and ``unittest.main()`` its
tests) and write to one stdout (a logging handler or a saved ``sys.stdout.write`` from an earlier cell prints into
the new cell's reply); numpy's global generator is seeded with the rollout's seed when a cell names numpy (or pandas,
scipy, sklearn), so an unseeded ``np.random.rand`` reads the same at every later call.
``multiprocessing.pool.ThreadPool`` runs (with the real clock) without the pipe its Pool would make, which jobs may
not. A value past ``max_output_chars`` is cut with the count of every character dropped, its repr's whole length
included.

Why replay and not a live process per rollout (issue 37 asked for both): TRL runs every tool call of the batch
between two generations, so every open rollout would hold its process, with its sandbox (uid, cgroup, scratch),
through the other rollouts' generation; measured on the 2-core dev VM (load ~5), one slot's processes (worker,
zygote, spare job) take ~17 MiB (PSS), so 256 open rollouts would hold ~4 GiB and 256 sandboxes, where replay
shares one slot per core. A job per call also keeps the sandbox's guarantees between calls: every process killed
and the scratch wiped after each, so the counters and timing channels stay closed. Replay costs ~0.4 ms per earlier
cell of light code (p50 of a call 4.8 ms with no history, 10.7 ms with 15 earlier cells), bounded by ``max_calls``
and the call's deadline.

Limits of replay: a cell runs once per later call, so the cost of a call grows with the rollout's history; replay
is deterministic for `random`, numpy's global generator and string hashes but not for clocks, ``os.urandom``
(``random.Random()`` and ``np.random.default_rng()`` without a seed, ``uuid4``, ``secrets``), object ids (and the
order of a set of objects hashed by id), so a cell that prints ``time.time()`` differences or random bytes from an
earlier cell sees new values. A cell runs 12 frames below where a script's module would (the job's and the runner's
frames), so recursion within 12 frames of the recursion limit fails in the tool only. With ``private_clock`` (strict)
each job reads a clock of its own (no call learns when the call before it ended) and cannot start threads or
processes, and every file time a cell reads is that clock's date (`rewards.sandbox.inside.statgate`). Files written in
scratch are rebuilt by replay, whatever the setting. Nothing else persists.
"""

from __future__ import annotations

import dataclasses
import logging
import random
from dataclasses import dataclass
from typing import Any

from envs.tools.boundary import ERROR_CHARS, clean_errors
from rewards.sandbox import CALL_MARGIN_S, CallResult, Sandbox, SandboxConfig, shared_sandbox
from rewards.untrusted import MIN_LIMIT, clean

__all__ = ["REFUSED_HINT", "RUNNER", "PythonEnv", "PythonSession", "PythonToolConfig", "placed"]

logger = logging.getLogger(__name__)

# What a cell that started a thread or process gets told under `PythonToolConfig.private_clock` (files are allowed,
# their times rewritten; only on a kernel without mseal, before Linux 6.10, are they refused too).
REFUSED = ("PermissionError: [Errno 1] Operation not permitted", "RuntimeError: can't start new thread")
REFUSED_HINT = "\n(this tool's cells cannot start threads or processes)"


@dataclass(frozen=True)
class PythonToolConfig:
    """Limits of the ``python`` tool (frozen: it keys the shared sandbox).

    Attributes:
        timeout: wall-clock seconds for one call, replay of the earlier cells included.
        max_output_chars: characters of output one call returns, the cut mark included (>= 64); the rest is
            dropped and the cut marked.
        max_code_chars: longest cell accepted.
        max_calls: calls one rollout may make, each counted whatever its outcome; later calls are answered at
            once with a message and never reach the sandbox.
        memory_bytes: address-space limit of the job.
        slots: sandbox worker processes (default: one per CPU core of this process's share of the machine).
        placement: ``"local"`` (this process's sandbox) or ``"ray"``: each call runs in the sandbox of a verifier
            actor on the Ray cluster (`rewards.remote.calls`; a lost node's call is sent to another), as
            ``train.py --reward_placement ray`` sets it.
        private_clock: `SandboxConfig.private_clock`. False (the default profile): the real clock, threads
            (``ThreadPool`` and ``ThreadPoolExecutor`` included) and processes. True (the strict profile): cells read
            a clock of their own (no call learns when the one before it ended, docs/tools.md); they cannot start
            threads or processes, or wait for an absolute deadline, and a cell refused so is told why; files they
            write show that clock's date in every time stamp. None: strict wherever the host allows it.
    """

    timeout: float = 3.0
    max_output_chars: int = 2000
    max_code_chars: int = 20_000
    max_calls: int = 16
    memory_bytes: int = 512 << 20
    slots: int | None = None
    placement: str = "local"
    private_clock: bool | None = False

    def __post_init__(self) -> None:
        if self.placement not in ("local", "ray"):
            raise ValueError(f"PythonToolConfig.placement is 'local' or 'ray', got {self.placement!r}")
        if self.max_output_chars < MIN_LIMIT:
            raise ValueError(f"PythonToolConfig.max_output_chars must be at least {MIN_LIMIT} (room for the cut mark), "
                             f"got {self.max_output_chars}")
        if self.max_calls < 0 or self.timeout <= 0:
            raise ValueError(f"PythonToolConfig needs max_calls >= 0 and timeout > 0, got max_calls={self.max_calls}, "
                             f"timeout={self.timeout}")

    def tool_seconds_bound(self) -> float:
        """Most wall-clock seconds one rollout's python calls can take, not counting waits for a free slot (or its
        start): every call counts toward ``max_calls``; one that reaches the sandbox has its answer by ``timeout`` +
        a grace or the slot is given up (restarted in the background), and a teardown left on the call's path ends
        soon after (`rewards.sandbox.CALL_MARGIN_S` in all); a refused call answers at once. For ``placement="local"``
        (with ``"ray"``, each send to a node waits up to 10 x ``timeout``, and a lost node's call is sent again).

        >>> PythonToolConfig().tool_seconds_bound()  # 16 x (3 + 2 + 1 + 0.5)
        104.0
        """
        return self.max_calls * (self.timeout + CALL_MARGIN_S)

    def sandbox(self) -> SandboxConfig:
        """The sandbox limits for these tool limits (the whole job must fit in one call's deadline)."""
        return SandboxConfig(slots=self.slots, call_timeout=self.timeout, completion_timeout=self.timeout + 1.0,
                             memory_bytes=self.memory_bytes, output_bytes=64 * self.max_output_chars + (1 << 16),
                             private_clock=self.private_clock, prelude=RUNNER)


# The sandbox's prelude (`SandboxConfig.prelude`): each slot compiles and runs it once, and every call's fresh job
# starts from a copy of its namespace; the cells arrive as call arguments. Standard library only, builtin modules
# preferred (`_ast`, not `ast`): a sandbox given without this prelude loads it as the job's module at every call.
RUNNER = r'''
import _ast, builtins, random, sys


class _Capture:
    """A text stream that keeps the first ``limit`` characters and counts the rest. One serves a job's every cell,
    as one process has one stdout: a logging handler or a ``sys.stdout.write`` a replayed cell kept writes into the
    new cell's output (`start`)."""

    encoding, errors = "utf-8", "strict"

    def __init__(self, limit):
        self.start(limit)
        self.buffer = _Bytes(self)

    def start(self, limit):
        """Keep from here on: what was written before (the replayed cells') is forgotten."""
        self.limit, self.parts, self.kept, self.dropped, self.last = limit, [], 0, 0, ""

    def write(self, s):
        if type(s) is not str:
            raise TypeError(f"write() argument must be str, not {type(s).__name__}")
        room = max(0, self.limit - self.kept)
        if room:
            self.parts.append(s[:room])
            self.kept += min(room, len(s))
        self.dropped += max(0, len(s) - room)
        self.last = s[-1:] or self.last
        return len(s)

    def writelines(self, lines):
        for s in lines:
            self.write(s)

    def flush(self):
        pass

    def isatty(self):
        return False

    def writable(self):
        return True

    def reconfigure(self, *, encoding=None, errors=None, newline=None, line_buffering=None, write_through=None):
        pass  # the text is kept as str whatever the encoding asked (a cell's usual `reconfigure(encoding="utf-8")`)


class _Bytes:
    """``sys.stdout.buffer``: bytes kept as text, undecodable ones as surrogate escapes (the tool shows them)."""

    def __init__(self, text):
        self.text = text

    def write(self, b):
        data = memoryview(b).tobytes()  # TypeError for a non-buffer, as a real stream's
        self.text.write(data.decode("utf-8", "surrogateescape"))
        return len(data)

    def flush(self):
        pass


def _compile(cell, index):
    name = f"<cell {index}>"
    tree = compile(cell, name, "exec", _ast.PyCF_ONLY_AST)
    last = None
    if tree.body and isinstance(tree.body[-1], _ast.Expr):
        last = compile(_ast.Expression(tree.body.pop().value), name, "eval")
    return compile(tree, name, "exec"), last


def _run(cell, index, namespace):
    body, last = _compile(cell, index)
    exec(body, namespace)
    return None if last is None else eval(last, namespace)


def _thread_pools():
    """multiprocessing's ThreadPool without the pipe its Pool makes to wake the pool's handler thread: jobs may not
    make pipes (their inode numbers count host-wide, docs/sandbox.md), so a condition variable wakes it instead.
    Only this job's copy of the module is changed; any other Pool is left as it was."""
    import threading
    from multiprocessing import pool

    class Notifier:
        _reader = None  # ThreadPool lists it among the handler's sentinels, which the wait below ignores

        def __init__(self):
            self.ready, self.count = threading.Condition(), 0  # an RLock: put() may run from a pool's __del__

        def put(self, obj):
            with self.ready:
                self.count += 1
                self.ready.notify_all()

        def empty(self):
            return not self.count

        def get(self):
            with self.ready:
                self.count = max(0, self.count - 1)

    class Context:
        def SimpleQueue(self):  # noqa: N802 (multiprocessing's name)
            return Notifier()

        def __getattr__(self, name):
            return getattr(pool.get_context(), name)

    wait = pool.Pool._wait_for_updates

    def wait_for_updates(sentinels, change_notifier, timeout=None):
        if type(change_notifier) is not Notifier:
            return wait(sentinels, change_notifier, timeout)
        with change_notifier.ready:
            change_notifier.ready.wait_for(lambda: change_notifier.count, timeout)
            change_notifier.count = 0

    def __init__(self, processes=None, initializer=None, initargs=()):
        pool.Pool.__init__(self, processes, initializer, initargs, context=Context())

    pool.Pool._wait_for_updates = staticmethod(wait_for_updates)
    pool.ThreadPool.__init__ = __init__


_SEEDS_NUMPY = ("numpy", "pandas", "scipy", "sklearn")  # a cell naming one may draw from numpy's global generator


def run_cells(cells, limit, seed):
    """Replay ``cells[:-1]`` silently, run the last one; [stdout kept, chars dropped, repr of value, error line]."""
    # The cells' namespace is the module ``sys.modules["__main__"]``, as a script's is: pickle finds a cell's class
    # there, doctest.testmod() and unittest.main() a cell's functions and tests.
    main = type(sys)("__main__")
    namespace = main.__dict__
    namespace["__builtins__"] = builtins
    sys.modules["__main__"] = main
    random.seed(seed)
    if any(name in cell for cell in cells for name in _SEEDS_NUMPY):
        try:  # numpy seeds its global generator from os.urandom at import: seeded so, a replayed draw is the one shown
            import numpy.random

            numpy.random.seed(seed)
        except Exception:  # no numpy here: the cell's import fails as it would
            pass
    if any("multiprocessing" in cell for cell in cells):
        try:
            _thread_pools()
        except Exception:  # another Python's multiprocessing: its ThreadPool is left as it is
            pass
    out = _Capture(0)
    for index, cell in enumerate(cells[:-1], 1):
        sys.stdout = sys.stderr = out
        try:
            _run(cell, index, namespace)
        except BaseException:
            pass
    out.start(limit)
    sys.stdout = sys.stderr = out
    value = error = None
    more = 0  # characters of the value past what is sent: the cut mark counts the whole value
    try:
        result = _run(cells[-1], len(cells), namespace)
        if result is not None:
            value = repr(result)
            more, value = max(0, len(value) - limit - 1), value[: limit + 1]
    except BaseException as e:
        error = f"{type(e).__name__}: {e}" if str(e) else type(e).__name__
    finally:
        sys.stdout, sys.stderr = sys.__stdout__, sys.__stderr__
    text = "".join(out.parts)
    if value is not None and out.dropped:  # the tool puts "\n" before "Out:" after the kept text, not the whole
        more += (out.last != "\n") - (text[-1:] != "\n")
    return [text, out.dropped + more, value, error[:300] if error else None]
'''


class PythonSession:
    """One rollout's interpreter: the source of its cells so far, replayed in the sandbox at every call.

    >>> session = PythonSession(PythonToolConfig(slots=1))
    >>> session.run("x = 6 * 7")
    '(no output)'
    >>> session.run("print(x)\\nx + 1")
    '42\\nOut: 43'
    """

    def __init__(self, config: PythonToolConfig | None = None, sandbox: Sandbox | None = None) -> None:
        self.config = config or PythonToolConfig()
        self._sandbox = sandbox
        self.reset()

    def reset(self) -> None:
        """Forget every cell: the next call starts a fresh interpreter (with a new seed for `random`)."""
        self.cells: list[str] = []
        self.seed = random.getrandbits(32)
        self.calls = self.errors = self.timeouts = 0

    @property
    def sandbox(self) -> Sandbox:
        """The sandbox calls run in: the one given, else the process-wide one for this config (started on use)."""
        if self._sandbox is None or self._sandbox.closed:
            self._sandbox = shared_sandbox(self.config.sandbox())
        return self._sandbox

    def run(self, code: str) -> str:
        """Run ``code`` after this rollout's earlier cells; the text the model sees (never raises for its code).

        Raises:
            TypeError: ``code`` is not a string (a malformed tool call, which TRL counts as a tool failure).
        """
        if type(code) is not str:
            raise TypeError(f"python() takes the code as a string, got {type(code).__name__}")
        self.calls += 1  # first: a call that dies, times out or is refused spends the budget too
        limit = self.config
        if self.calls > limit.max_calls:
            return self._error(f"Error: this conversation has used its {limit.max_calls} python calls.")
        if len(code) > limit.max_code_chars:
            return self._error(f"Error: the cell has {len(code)} characters; at most {limit.max_code_chars} run.")
        cells = [*self.cells, code]
        if limit.placement == "ray" and self._sandbox is None:
            from rewards.remote.calls import sandbox_call

            # The node's sandbox has RUNNER as its prelude (`sandbox()`): the job needs no code of its own.
            args = (cells, limit.max_output_chars, self.seed)
            return self._answer(code, sandbox_call(limit.sandbox(), "", "run_cells", args, timeout=10 * limit.timeout))
        with self.sandbox.session() as session:
            # A fresh job either way; with RUNNER as the slot's prelude it is not compiled again (~4 ms a call).
            runner = "" if self.sandbox.config.prelude == RUNNER else RUNNER
            result = session.load_call(runner, "run_cells", (cells, limit.max_output_chars, self.seed), last=True)
            return self._answer(code, result)  # the slot tears the job down meanwhile; its report is read later

    def _answer(self, code: str, result: CallResult) -> str:
        """The text of one call's result; the cell is kept for replay when its job answered."""
        if not result.ok:
            return self._failed(result)
        answer = result.value
        if (type(answer) is not list or len(answer) != 4 or type(answer[0]) is not str or type(answer[1]) is not int
                or type(answer[2]) not in (str, type(None)) or type(answer[3]) not in (str, type(None))):
            return self._error("SandboxError: the cell replaced the tool's answer")  # only a cell tampering can
        self.cells.append(code)
        out, dropped, value, error = answer
        dropped = min(max(dropped, 0), 1 << 40)  # a count from the job: bounded before it is printed
        if error is not None:
            self.errors += 1
        text = render(out, dropped, value, error, self.config.max_output_chars)
        if error is not None and error.startswith(REFUSED) and self._strict():
            text += REFUSED_HINT  # the model learns why, not only that, its cell failed
        return text

    def _strict(self) -> bool:
        """Whether cells have a clock of their own (and so no threads or processes): as the local sandbox resolved
        it, else as the config says (None: wherever the host allows it)."""
        if self._sandbox is not None:
            return bool(self._sandbox.config.private_clock)
        return self.config.private_clock is not False  # None: strict wherever the host allows it

    def _failed(self, result: Any) -> str:
        """A job that did not answer: the cell is not kept, so later calls replay only the cells before it."""
        self.errors += 1
        if result.error.startswith("Died"):
            return "SystemExit: the cell ended the Python process; what it defined is lost."
        if result.timed_out:
            self.timeouts += 1
            return (f"TimeoutError: the cell ran past its {self.config.timeout:g} s deadline and was stopped; "
                    "what it defined is lost.")
        if result.memory_exceeded:
            return "MemoryError: the cell ran out of memory and was stopped; what it defined is lost."
        if result.error.startswith("AnswerTooLarge"):
            return ("AnswerTooLarge: the cell's output and value passed what the tool takes back "
                    f"({self.sandbox.config.output_bytes} bytes); what it defined is lost.")
        error = clean(result.error, ERROR_CHARS, newlines=False)
        logger.info("python tool: the sandbox refused a cell: %s", error)
        return f"SandboxError: {error}"

    def _error(self, message: str) -> str:
        self.errors += 1
        return message


def render(out: str, dropped: int, value: str | None, error: str | None, limit: int) -> str:
    """What the model reads: output, ``Out: value`` (within ``limit`` characters, the cut mark included), then the
    error line; every part from the job passes `rewards.untrusted.clean`.

    >>> render("a" * 70, 5, None, "ValueError: bad", limit=64)
    'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\\n[truncated: 43 more characters]\\nValueError: bad'
    """
    text = out
    if value is not None:
        text += ("" if not text or text.endswith("\n") else "\n") + f"Out: {value}"
    text = clean(text, limit, more=dropped) if text or dropped else ""
    if error is not None:
        text += ("" if not text or text.endswith("\n") else "\n") + clean(error, ERROR_CHARS)
    return text.rstrip("\n") or "(no output)"


class PythonEnv:
    """A TRL environment whose one tool is ``python``: each rollout gets its own interpreter (`PythonSession`).

    ``reset`` receives the dataset row (gold answer and tests included) and keeps none of it: a tool result can only
    ever show what the model's own code computed.
    """

    config = PythonToolConfig()

    def __init__(self) -> None:
        self._session = PythonSession(self.config)

    def reset(self, **row: Any) -> None:
        """Start a new rollout: an empty interpreter."""
        self._session.reset()

    @property
    def stats(self) -> dict[str, int]:
        """Calls, calls whose code failed (raised, timed out, refused), and timeouts, since `reset`."""
        s = self._session
        return {"calls": s.calls, "errors": s.errors, "timeouts": s.timeouts}

    @clean_errors
    def python(self, code: str) -> str:
        """Run Python code in this conversation's interpreter and return what it printed.

        Variables, functions and files from earlier calls are kept. The value of a last bare expression is shown
        after "Out:", and an error as its exception's last line. No network; only /tmp is writable.

        Args:
            code: The Python source to run, e.g. "x = 123 * 456\\nprint(x)".

        Returns:
            The printed output, the last expression's value and any error, as text.
        """
        return self._session.run(code)


def placed(factory: Any, placement: str) -> Any:
    """``environment_factory`` (a class, a ``{env id: class}`` dict or None) with every `PythonEnv` in it running its
    calls where ``placement`` says: ``"ray"`` gives a subclass whose config has ``placement="ray"``.

    >>> placed(PythonEnv, "ray").config.placement, placed(PythonEnv, "local") is PythonEnv
    ('ray', True)
    """
    if isinstance(factory, dict):
        return {k: placed(v, placement) for k, v in factory.items()}
    if placement == "local" or not (isinstance(factory, type) and issubclass(factory, PythonEnv)):
        return factory
    config = dataclasses.replace(factory.config, placement=placement)
    return type(factory.__name__, (factory,), {"config": config, "__doc__": factory.__doc__})
