"""What passes between a test's standard streams and the completion's calls, as in one process: what a call prints
reaches a test that captures ``sys.stdout``, what it warns a test that records warnings, and what the test gives it
to read (``sys.stdin`` swapped for a StringIO, a patched ``input``) is what it reads, with a patched ``print``
called as it printed, and what it logs reaches a test's ``assertLogs`` (`output_reaches_test`). The job's side is
`rewards.sandbox.inside.job`'s ``Printed``, ``Warned`` and ``Fed``; `rewards.sandbox.session.Session` carries their
fields (``printed``, ``warned``, ``feed``).

The streams, the warnings filters and ``builtins`` are one for the whole process, so a row that uses them runs one at
a time in it (`_CAPTURING`), with the rows whose test code prints itself."""

from __future__ import annotations

import builtins
import contextlib
import functools
import io
import logging
import re
import sys
import threading
import time
import warnings
from collections.abc import Callable, Iterator
from typing import Any

from rewards.code.patches import PatchedModules, ReadAhead, patch_targets
from rewards.sandbox import Session, completion_exception

# The clock as this module began: a test's patch('time.monotonic') replaces the module's attribute in this
# process while it runs, and gave its values to this side's deadlines (red team 13).
_monotonic = time.monotonic

# Tests that capture what their function prints or warns run one at a time in this process (`output_reaches_test`):
# ``sys.stdout`` and the warnings filters are one for all its threads.
_CAPTURING = threading.Lock()
# A call of print in a test's code (not the word: 43 HumanEval checks say "This prints if this assert fails").
_PRINT_CALL = re.compile(r"\bprint\s*\(")
# The warnings module's own way to show a warning: while both are in place, no test is capturing warnings, and a
# completion's would reach the trainer's console.
_SHOW_WARNINGS = (warnings.showwarning, warnings._showwarnmsg_impl)  # type: ignore[attr-defined]


@contextlib.contextmanager
def output_reaches_test(session: Session, *sources: str) -> Iterator[None]:
    """Meanwhile, what the completion prints in each call the test makes is written to the test's ``sys.stdout``
    when the test has replaced it (``redirect_stdout(buf)``, ``sys.stdout = io.StringIO()``), and what it warns is
    warned again here when the test records warnings (``catch_warnings(record=True)``, ``pytest.warns``,
    ``assertWarns``), as in one process; only for a row whose test code names ``stdout`` or ``warn`` (the others'
    prints and warnings go nowhere, as before), one such row at a time in this process (with the rows whose test code
    prints), since two tests capturing at once would each get the other's. What the completion prints or warns while
    the test does not capture it is dropped: it never reaches the trainer's console. For a row whose test code names
    ``stdin``, or ``patch`` and ``input`` or ``print``, what the test gives the completion to read reaches it, and its
    patched ``print`` is called as the completion printed (`_Feed`). The wait for another such row is not counted
    against this completion's deadline."""
    prints = any("stdout" in source for source in sources)
    warns = any("warn" in source.lower() for source in sources)  # warnings, pytest.warns, assertWarns
    patched = patch_targets(sources)
    feeds = bool(patched) or _captures_logs(sources) or any(
        "stdin" in source or "patch" in source and ("input" in source or "print" in source) for source in sources)
    waited = _monotonic()
    # A test's mock of a module's function is this process's while it is in place: such a row runs alone.
    with _TURNS.alone() if patched else _TURNS.beside():
        session.excuse(_monotonic() - waited)
        with _forwarding(session, prints, warns, feeds, patched, sources):
            yield


@contextlib.contextmanager
def _forwarding(session: Session, prints: bool, warns: bool, feeds: bool, patched: tuple[tuple[str, str], ...],
               sources: tuple[str, ...]) -> Iterator[None]:
    """`output_reaches_test`'s forwarding, one capturing row at a time."""
    # A test that prints itself writes to the one sys.stdout too: into a capturing test's buffer, were they to run at
    # once (red team 10), so it waits its turn, forwarding nothing.
    if not (prints or warns or feeds or any(_PRINT_CALL.search(source) for source in sources)):
        yield
        return
    waited = _monotonic()
    with _CAPTURING:
        session.excuse(_monotonic() - waited)
        console = sys.stdout

        def printed(text: str) -> None:
            target = sys.stdout
            # Nor the process's own streams: ``console`` is what another thread had set when this row began, and it
            # may since have put the terminal back (red team 10).
            if target is not console and target is not sys.__stdout__ and target is not sys.__stderr__:
                with contextlib.suppress(Exception):  # the test's own object: a closed buffer raises here as there
                    target.write(text)
        session.printed = printed if prints else None
        # The display as this row found it (the trainer's own: ``logging.captureWarnings`` replaces it): only a
        # test that replaced it since records warnings; one that records none drops the completion's (red team 11:
        # they went to the trainer's log).
        shown = (warnings.showwarning, warnings._showwarnmsg_impl)  # type: ignore[attr-defined]
        session.warned = functools.partial(_warn_again, session, shown) if warns else None
        feed = _Feed(PatchedModules(patched, lambda name: session.test_modules.get(name), sources),
                     _captures_logs(sources))
        session.feed = (feed.before, feed.after) if feeds else None
        try:
            yield
        finally:
            session.printed = session.warned = session.feed = None


class _Turns:
    """Rows whose test patches a module's attribute by name (`patch_targets`) run alone in this process, every other
    row beside the others: while a test's ``patch("os.listdir")`` is in place it is this process's ``os.listdir``, and
    another row's test code calling it then read the mock. A row waiting to run alone holds back the rows that come
    after it, so it is not kept waiting by a stream of them."""

    def __init__(self) -> None:
        self._turn = _CONDITION()
        self._beside = self._waiting = 0
        self._alone = False

    @contextlib.contextmanager
    def beside(self) -> Iterator[None]:
        """Run beside the other rows that do, once no row runs alone or waits to."""
        with self._turn:
            while self._alone or self._waiting:
                self._turn.wait()
            self._beside += 1
        try:
            yield
        finally:
            with self._turn:
                self._beside -= 1
                self._turn.notify_all()

    @contextlib.contextmanager
    def alone(self) -> Iterator[None]:
        """Run with no other row, once those running have ended."""
        with self._turn:
            self._waiting += 1
            while self._alone or self._beside:
                self._turn.wait()
            self._waiting -= 1
            self._alone = True
        try:
            yield
        finally:
            with self._turn:
                self._alone = False
                self._turn.notify_all()


_CONDITION = threading.Condition  # bound at import, as the clock is (a test may patch threading's names)
_TURNS = _Turns()

FEED_CHARS = 1 << 20  # of a test's stdin text one call may read (`_Feed`)
MAX_FED_LINES = 10_000  # lines of a test's patched input() one call may read


class _Feed:
    """What the test gives the completion to read, and its patched ``print``, as in one process: while the test's
    ``sys.stdin`` is a StringIO (``sys.stdin = io.StringIO("1 2")``), the rest of its text; while its
    ``builtins.input`` is a mock (``patch("builtins.input", side_effect=["3", "4"])`` or ``return_value="5"``), its
    lines; while its ``builtins.print`` is a mock, the job's print() calls are logged. `before` makes a call's
    ``stdin`` field (`inside.job.Fed`); `after` reads the test's stdin as far as the call read, and calls the mocks
    as often as the call called input() and print(), with the same prompts and arguments, so their side effects,
    ``call_count`` and ``call_args`` are the test's own. An input mock of another kind (a function as side effect, an
    exception among its lines) gives nothing: the call reads the job's empty stdin."""

    def __init__(self, modules: PatchedModules, logs: bool = False) -> None:
        self.read: Callable[[Any], None] | None = None
        self.print: Any = None
        self.modules = modules
        self.logged = logs  # the test's code names assertLogs: the loggers it captures are looked for at each call
        self.logs: dict[str, logging.Logger] = {}

    def before(self) -> dict[str, Any] | None:
        self.read = self.print = None
        patches = self.modules.before()
        mocks = sys.modules.get("unittest.mock")  # a test that patched a builtin imported it
        fields = self._lines(builtins.input) if mocks and isinstance(builtins.input, mocks.NonCallableMock) else None
        stdin = sys.stdin
        if fields is None and type(stdin) is io.StringIO:
            start = stdin.tell()
            text = stdin.getvalue()[start:start + FEED_CHARS]

            def read(n: Any) -> None:
                if type(n) is int and 0 <= n <= len(text):
                    stdin.seek(start + n)
            self.read, fields = read, {"text": text}
        if mocks and isinstance(builtins.print, mocks.NonCallableMock):
            self.print, fields = builtins.print, {**(fields or {}), "prints": True}
        if patches:
            fields = {**(fields or {}), "patches": patches}
        self.logs = _captured_loggers() if self.logged else {}
        if self.logs:
            fields = {**(fields or {}), "logs": [[name, logger.level] for name, logger in self.logs.items()]}
        return fields

    def _lines(self, given: Any) -> dict[str, Any] | None:
        effect = given.side_effect
        if effect is None:
            value = given.return_value
            lines, repeat = [value], True
        elif isinstance(effect, Iterator):
            # Read ahead, then given back in front of what it had left: the calls made are made below. Never its
            # whole rest (``itertools.repeat("3")`` never ends: red team 11), nor one more wrapper a call.
            ahead = effect if type(effect) is ReadAhead else ReadAhead(effect)
            lines, repeat = ahead.peek(MAX_FED_LINES + 1), False
            given.side_effect = ahead
        else:
            return None
        if len(lines) > MAX_FED_LINES or not all(type(line) is str for line in lines) or \
                sum(map(len, lines)) > FEED_CHARS:
            return None

        def read(calls: Any) -> None:
            # At most one call past its lines (the job's log is its word: a forged million calls of the mock would
            # be seconds of this side's time).
            for args in calls[:len(lines) + 1] if type(calls) is list and not repeat else \
                    calls[:MAX_FED_LINES] if type(calls) is list else ():
                with contextlib.suppress(Exception):  # past its lines a mock raises StopIteration here as there
                    given(*(args if type(args) is list and all(type(a) is str for a in args) else ()))
        self.read = read
        return {"inputs": lines, "repeat": repeat}

    def after(self, fed: Any) -> None:
        fed = fed if type(fed) is dict else {}
        if self.read is not None:
            self.read(fed.get("read"))
        if self.print is not None:
            for args, keywords in fed.get("prints") or ():  # decoded and checked (`Session.fed`)
                with contextlib.suppress(Exception):
                    self.print(*args, **keywords)
        self.modules.after(fed.get("patched"))
        for captured, name, level, message in fed.get("logged") or ():  # checked (`Session._fed`)
            logger = self.logs.get(captured)
            # only into a logger the test still captures, from itself or one below it, as it propagates there
            if logger is not None and _capturing(logger) and (not captured or name == captured
                                                              or name.startswith(captured + ".")):
                with contextlib.suppress(Exception):
                    logger.handle(logging.LogRecord(name, level, "<completion>", 0, message, None, None))
        self.read, self.print, self.logs = None, None, {}


def _captures_logs(sources: tuple[str, ...]) -> bool:
    """Whether the test's code names ``assertLogs`` or ``assertNoLogs``."""
    return any("assertLogs" in source or "assertNoLogs" in source for source in sources)


def _captured_loggers() -> dict[str, logging.Logger]:
    """The loggers a test's ``assertLogs`` captures now, by name ("" the root): each has the handler it installs."""
    loggers = [("", logging.getLogger())] + [(name, logger) for name, logger in
                                             list(logging.Logger.manager.loggerDict.items())
                                             if isinstance(logger, logging.Logger)]
    return {name: logger for name, logger in loggers if _capturing(logger)}


def _capturing(logger: logging.Logger) -> bool:
    """Whether ``logger`` holds the handler of unittest's ``assertLogs`` (and ``assertNoLogs``)."""
    return any(type(h).__name__ == "_CapturingHandler" and type(h).__module__ == "unittest._log"
               for h in logger.handlers)


def _warn_again(session: Session, shown: tuple[Any, Any], items: list[tuple[str, str, tuple[str, ...], str]]
                ) -> None:
    """Warn here what a call of the completion warned (`inside.job.Warned`), while the test records warnings (the
    warnings module's display is no longer ``shown``, what it was when the row began, nor the module's own): a
    builtin warning class as itself, the completion's own as its stand-in (`Session.exceptions`); each goes through
    the test's filters, as it would in one process. A filter that makes a warning an error is not honoured: the
    call already returned."""
    now = (warnings.showwarning, warnings._showwarnmsg_impl)  # type: ignore[attr-defined]
    if now == _SHOW_WARNINGS or now == shown:
        return
    for name, base, parents, text in items:
        builtin, builtin_base = getattr(builtins, name, None), getattr(builtins, base, None)
        category: Any = builtin if isinstance(builtin, type) and issubclass(builtin, Warning) else UserWarning
        if builtin is None and isinstance(builtin_base, type) and issubclass(builtin_base, Warning):
            category = completion_exception(session.exceptions, name, base, parents)  # a Warning: its base is one
        with contextlib.suppress(Exception):
            warnings.warn_explicit(text, category, "<completion>", 1)
