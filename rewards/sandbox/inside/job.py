"""What a job process runs once the zygote forked it and set its uid, limits and seccomp filter: the completion's
code as a module that serves calls, or as a ``__main__`` script.

Shipped into the sandbox with the worker (`rewards.sandbox.slot.WORKER_SOURCE`), so it uses the standard library only.
A module job reads its requests from its worker (marshal frames, `frames.from_worker`) and answers
in JSON frames of tagged data (`codec`); an answer that is not plain data stays here, in a table of at
most ``max_handles`` objects, and crosses as a handle ``["H", hex id, type name, hash, dataclass fields, builtin
name]`` (`Handles.tag`; a builtin is a handle too). The table dies with the job.
"""

from __future__ import annotations

import atexit
import builtins
import contextlib
import functools
import io
import linecache
import operator
import os
import sys
import time
import types
import warnings
from typing import Any

from rewards.sandbox.inside.codec import (
    BUILTIN_TYPES,
    IN_PLACE,
    OPERATOR_NAMES,
    Aliases,
    build_functions,
    build_graph,
    builtin_name,
    builtin_value,
    class_claim,
    decode,
    encode,
    gc_paused,
    graph_after,
    pure_wire,
    sent_builtins,
)
from rewards.sandbox.inside.frames import dumps, from_worker, send


class Handles:
    """The job's objects the trusted side holds handles to, by id; each object gets one id."""

    def __init__(self, limit: int) -> None:
        self.limit, self.objects, self.ids = limit, {}, {}
        self.pending: dict[int, BaseException] = {}  # an iterator's raise a "take" ran into, by the iterator's id
        self.free = FreeValues()  # the test's functions and their free values, the trusted side's
        self.printed: Printed | None = None  # the completion's prints, when the test captures them
        self.warned: Warned | None = None  # the completion's warnings, when the test captures them

    def tag(self, x: Any) -> list:
        """The wire form of a handle to ``x``; RuntimeError once the table is full."""
        key = _key(x)
        hid = self.ids.get(key)
        if hid is None:
            if len(self.objects) >= self.limit:
                raise RuntimeError(f"more than {self.limit} objects held for the tests")
            hid = self.ids[key] = len(self.objects) + 1
            self.objects[hid] = x  # kept alive, so its id() is never reused while the job lives
        name = type(x).__name__
        if name == "generator" and type(x) is not types.GeneratorType:
            name = "object"  # "generator" names only a real one: the trusted side makes it a generator of its own
        wire = ["H", hex(hid), name if type(name) is str and len(name) <= 64 and name.isidentifier() else "object",
                _hash(x)]
        # A builtin is a handle too (the test would call this side's own, unbounded), with its name for equality:
        # `make_power() == pow` holds as in one process. Only types whose `__name__` runs no code of the job's.
        builtin = builtin_name(x) if type(x) in BUILTIN_TYPES else None
        fields = _dataclass_fields(x) if builtin is None else None
        lacks = _lacks(x)
        claim = class_claim(type(x)) if builtin is None else None
        if claim is not None:
            return [*wire, fields, builtin, lacks, claim]
        if lacks:
            return [*wire, fields, builtin, lacks]
        if builtin is not None:
            return [*wire, None, builtin]
        return wire if fields is None else [*wire, fields]

    def resolve(self, wire: list) -> Any:
        """The object of a handle's wire form ``["H", hex id, ...]`` (what `decode` passes); LookupError else."""
        if wire[0] != "H":
            raise LookupError("no such object in this job")
        return self.get(wire[1])

    def get(self, hid: Any) -> Any:
        """The object of handle ``hid`` (hex text); LookupError for none of this job's."""
        if type(hid) is not str or hid[:2] != "0x" or len(hid) > 18 or int(hid, 16) not in self.objects:
            raise LookupError("no such object in this job")
        return self.objects[int(hid, 16)]


class FreeValues:
    """The test's functions sent into this job, seen from the test's side: what their calls change is the test's.

    The values of their free names (a closure's ``calls`` list, a ``nonlocal`` counter) have an id the trusted side
    gave each variable (`codec.FunctionTable`): the copies of one here are one value, as the test has one, and the
    test's changes to it come with the next request (`set`). A function that may change a free name is sent with an
    id of its own: each call the completion makes of it is logged (`logged`; not the calls it makes itself, which
    its own call makes again) and goes back with the reply, and the trusted side makes the same call of the test's
    own function, so what the call does to the test's values is the test's code's doing, as in one process (a
    memoize test counting calls in its list), and never a value the job chose. Only a call with plain data
    arguments is made again: one passed an object of the job's is logged as such (None), and left undone there."""

    def __init__(self) -> None:
        self.places: dict[int, list[tuple[dict, str]]] = {}  # value id -> each copy's (function's globals, name)
        self.calls: list = []  # this request's calls of logged functions: [[function id, [args, kwargs]], ...]
        # Logged functions running: a call one of them makes is its own call's doing. One count for the job's threads
        # (`threading` stays out of the zygote: `clocks.JobClock`): a call a thread of the completion makes while
        # another runs one is left unlogged.
        self.depth = 0

    def add(self, ids: Any, scope: dict, sent: list) -> None:
        """A function just built in ``scope`` from ``sent`` (``[[name, wire]...]``), its values' ``ids``."""
        for fid, (name, _) in zip(ids if type(ids) is list else (), sent):
            if type(fid) is not int:
                continue
            places = self.places.setdefault(fid, [])
            if places:
                scope[name] = places[0][0].get(places[0][1])
            places.append((scope, name))

    def set(self, entries: Any) -> None:
        """The test's changes since the last request (``[[id, wire]...]``): every copy of each takes it."""
        for fid, wire in entries if type(entries) is list else ():
            value = decode(wire)
            for scope, name in self.places.get(fid, ()):
                scope[name] = value

    def logged(self, fn: Any, fid: int) -> Any:
        """``fn``, with each call the completion makes of it logged as function ``fid``'s."""
        import functools  # here: only a job that is sent such a function needs it

        free = self

        @functools.wraps(fn)
        def call(*args: Any, **kwargs: Any) -> Any:
            if free.depth:
                return fn(*args, **kwargs)
            try:
                free.calls.append([fid, encode([list(args), kwargs], 0, None, "answer")])
            except Exception:  # an object of the job's: made again there, the test's call would use it again
                free.calls.append([fid, None])
            # A call made again on the trusted side prints there, to the test's stdout: what this copy prints is
            # not kept, or a test capturing its function's prints read each line twice (red team 10).
            out = sys.stdout if free.calls[-1][1] is not None else None
            muted = type(out) is Printed
            if muted:
                out.muted += 1  # type: ignore[union-attr]
            free.depth += 1
            try:
                return fn(*args, **kwargs)
            finally:
                free.depth -= 1
                if muted:
                    out.muted -= 1  # type: ignore[union-attr]
        return call


def _key(x: Any) -> Any:
    """Where `Handles` files ``x``: its id, but a bound method by its object and function, since reading
    ``stack.push`` makes a new method object each time and a test driving a design class op by op (LeetCode's
    MinStack, thousands of ``push``/``top`` calls) would fill the table with equal methods. Calling either does the
    same; only ``s.push is s.push`` differs (True here, False in one process). The first method is kept, and it keeps
    its object and function alive, so their ids are not reused while the job lives."""
    if type(x) is types.MethodType:  # exactly the builtin type: its __self__ and __func__ are its own members
        return ("m", id(x.__self__), id(x.__func__))
    return id(x)


def _hash(x: Any) -> str | None:
    """``hash(x)`` as hex, sent with its handle so the test's sets and dicts hold it as one process would; None when
    it is unhashable (or its ``__hash__`` fails: the test then finds it unhashable)."""
    try:
        value = hash(x)
    except Exception:
        return None
    return hex(value) if type(value) is int else None


def _dataclass_fields(x: Any) -> list | None:
    """The field names of a dataclass instance ``x`` (sent with its handle, so the test's ``dataclasses.asdict``
    and ``fields`` know it), else None."""
    dataclasses = sys.modules.get("dataclasses")  # no dataclass exists unless the module was imported
    if dataclasses is None or isinstance(x, type):
        return None
    try:
        if not dataclasses.is_dataclass(x):
            return None
        names = [f.name for f in dataclasses.fields(x)]
    except Exception:
        return None
    return names if len(names) <= 256 and all(type(n) is str and n.isidentifier() for n in names) else None


# What `rewards.sandbox.handles.RemoteObject` forwards between two objects of this job.
OPERATORS = {name: getattr(operator, name) for name in OPERATOR_NAMES}
UNARY = {"neg": operator.neg, "pos": operator.pos, "abs": abs, "invert": operator.invert}


def _truth(x: Any) -> bool:
    """The truth of ``x`` as ``bool(x)`` gives it in one process (its ``__bool__``, else its ``len()``, else True)."""
    return bool(x)


def _text(x: Any, how: str | None, args: list) -> str:
    """``str(x)``, ``repr(x)`` or ``format(x, spec)`` as one process gives it, as a plain ``str``."""
    text = repr(x) if how == "repr" else format(x, args[0]) if how == "format" and args else str(x)
    return str.__str__(text)  # a str subclass of the job's goes as its plain text


class _Wakeup:
    """One end of the self-pipe an asyncio event loop wakes itself through, on an eventfd both ends share: a job may
    make no pipe or socket (their inode numbers are host-wide counters, `seccomp`), an eventfd's is one for all."""

    def __init__(self, fd: int, ends: list) -> None:
        self.fd, self.ends = fd, ends

    def fileno(self) -> int:
        return self.fd

    def setblocking(self, flag: bool) -> None:
        os.set_blocking(self.fd, flag)

    def send(self, data: bytes) -> int:
        os.eventfd_write(self.fd, 1)
        return len(data)

    def recv(self, size: int) -> bytes:
        os.eventfd_read(self.fd)  # BlockingIOError once drained, as a non-blocking socket's recv
        return b"\0"

    def close(self) -> None:
        self.ends[0] -= 1
        if self.ends[0] == 0:
            os.close(self.fd)


def _make_self_pipe(loop: Any) -> None:
    fd = os.eventfd(0, os.EFD_NONBLOCK | os.EFD_CLOEXEC)
    ends = [2]
    loop._ssock, loop._csock = _Wakeup(fd, ends), _Wakeup(fd, ends)
    loop._internal_fds += 1
    loop._add_reader(fd, loop._read_from_self)


class _AsyncioFinder:
    """Gives ``asyncio``'s selector event loop `_make_self_pipe` when a job imports it (its own makes a socketpair,
    which a job may not): ``asyncio.run`` works as in plain Python."""

    def find_spec(self, name: str, path: Any, target: Any = None) -> Any:
        if name != "asyncio.selector_events":
            return None
        import importlib.machinery

        spec = importlib.machinery.PathFinder.find_spec(name, path)
        if spec is not None and spec.loader is not None:
            load = spec.loader.exec_module

            def exec_module(module: Any) -> None:
                load(module)
                module.BaseSelectorEventLoop._make_self_pipe = _make_self_pipe

            spec.loader.exec_module = exec_module  # type: ignore[method-assign]
        return spec


def _wake_asyncio_by_eventfd() -> None:
    if not any(isinstance(f, _AsyncioFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, _AsyncioFinder())


# What one request's output may hold for a test that captures it (`Printed`); past it the rest is dropped.
PRINTED_CHARS = 1 << 20


class Printed(io.StringIO):
    """The job's ``sys.stdout`` when the trusted side asked for what the completion prints (a test that captures its
    function's prints: ``redirect_stdout``): what each request printed goes back with its reply (`take`)."""

    def __init__(self) -> None:
        super().__init__()
        self.size = 0
        self.muted = 0  # a logged test function runs, whose prints the trusted side's call of it makes (`FreeValues`)

    def write(self, text: str) -> int:
        """Keep ``text`` up to `PRINTED_CHARS` a request; the count written, as a file gives it."""
        if type(text) is not str:
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        if self.muted:
            return len(text)
        if self.size < PRINTED_CHARS:
            super().write(text[:PRINTED_CHARS - self.size])
        self.size += len(text)
        return len(text)

    def take(self) -> str:
        """What was printed since the last take, emptied."""
        text = self.getvalue()
        self.seek(0)
        self.truncate()
        self.size = 0
        return text


# Warnings one request may send back for a test that captures them (`Warned`), each message cut at 1,000 characters.
MAX_WARNINGS = 100


class Warned:
    """The job's ``warnings.showwarning`` when the trusted side asked for the completion's warnings (a test's
    ``catch_warnings(record=True)``, ``pytest.warns``): each one shown goes back with its request's reply (`take`) as
    [class name, builtin base, the completion's classes between, message], for the test's side to warn again. Every
    warning is shown (the filter "always"): whether the test sees it is for its own filters to say, as in one
    process."""

    def __init__(self) -> None:
        self.items: list[list] = []
        warnings.simplefilter("always")
        warnings.showwarning = self.show

    def show(self, message: Any, category: Any, *where: Any, **more: Any) -> None:
        """Keep one warning, up to `MAX_WARNINGS` a request."""
        if len(self.items) < MAX_WARNINGS:
            with contextlib.suppress(BaseException):
                self.items.append([category.__name__, _builtin_base(category), _exception_parents(category),
                                   str(message)[:1000]])

    def take(self) -> list[list]:
        """The warnings shown since the last take."""
        items, self.items = self.items, []
        return items


def serve_module(fd: int, first: dict, max_handles: int, namespace: dict) -> None:
    """Run the first frame's code in ``namespace`` (and its call, if any), then answer calls until EOF; exits.
    ``sys.argv`` is a script's (`run_script`): the worker's own held the slot's configuration. With ``"out"``, the
    completion's prints go back with each reply (`Printed`), with ``"warn"`` its warnings (`Warned`); what loading
    it printed or warned is not the test's."""
    try:
        sys.argv, sys.orig_argv = ["main.py"], [sys.executable, "main.py"]
        handles = Handles(max_handles)
        if first.get("out") is True:
            handles.printed = sys.stdout = Printed()
        if first.get("warn") is True:
            handles.warned = Warned()
        _wake_asyncio_by_eventfd()
        namespace = _as_module(namespace)
        reply = _load(first["code"], namespace)
        if handles.printed is not None:
            handles.printed.take()
        if handles.warned is not None:  # what loading the code warned, before any test ran
            handles.warned.take()
        if reply["ok"] and first.get("names"):
            reply["defined"] = _defined(namespace, first["names"])
        if reply["ok"] and first.get("call") is not None:
            reply = {**_use(namespace, handles, first["call"]), "called": True}
        send(fd, reply)
        while True:
            msg = from_worker(fd)
            if msg is None:
                break
            send(fd, _use(namespace, handles, msg))
    finally:
        os._exit(0)


def _as_module(namespace: dict) -> dict:
    """The job's copy of ``namespace`` as the dict of a module in ``sys.modules``, as an imported file's is:
    ``@dataclass``, ``typing.get_type_hints``, pickle and ``inspect`` look a class's module up there. It has a
    ``__file__``, as the harness's script has (a script job's, ``main.py``): code that finds files beside itself
    (``os.path.dirname(__file__)``) runs."""
    module = types.ModuleType(namespace["__name__"])
    module.__dict__.update(namespace)
    module.__dict__.setdefault("__file__", "main.py")
    sys.modules[module.__name__] = module
    return module.__dict__


def _defined(namespace: dict, names: object) -> dict:
    """What the loaded code binds to each of ``names`` (the free names of the tests): "call" for a function or
    class, "module:<its name>" for a module, "value" for anything else; names it does not bind are left out."""
    found = {}
    for name in names if type(names) is list else ():
        if type(name) is str and name in namespace:
            value = namespace[name]
            module = getattr(value, "__name__", None) if type(value) is types.ModuleType else None
            if type(module) is str and sys.modules.get(module) is value:  # an imported module, not a look-alike
                found[name] = "module:" + module[:100]
            elif isinstance(value, type) and issubclass(value, Exception):
                found[name] = "exception:" + _builtin_base(value)
                parents = ",".join(_exception_parents(value))
                if parents and len(found[name]) + 1 + len(parents) <= MAX_DEFINED_KIND:
                    found[name] += ":" + parents
            else:
                found[name] = "call" if callable(value) else "value"
    return found


def meets(defined: object, requires: object) -> bool:
    """Whether a load's ``defined`` (`_defined`) binds each name of ``requires`` as it says (``"!value"``: to
    anything but a value, or not at all), as the trusted side planned: the worker checks it before it sends a load's
    planned calls, and the trusted side again on the answers it gets."""
    if type(defined) is not dict or type(requires) is not dict:
        return False
    return all(defined.get(name) != "value" if kind == "!value" else defined.get(name) == kind
               for name, kind in requires.items())


def _load(code: str, namespace: dict) -> dict:
    try:
        if code:  # nothing to compile: the job runs in the prelude's namespace as it is
            # Its lines are where `inspect.getsource` and tracebacks look them up, as for a file it was read from.
            linecache.cache["<completion>"] = (len(code), None, code.splitlines(True), "<completion>")
            # dont_inherit: this module's own `from __future__ import annotations` must not reach the completion
            exec(compile(code, "<completion>", "exec", dont_inherit=True), namespace)
        return {"ok": True}
    except BaseException as e:
        return {"ok": False, "exc": type(e).__name__, "msg": str(e)[:300]}


_CHANGES = ("after", "objects_after", "read")  # what a call changed of what the test sent (`_Sent.after`)


def _use(namespace: dict, handles: Handles, msg: dict) -> dict:
    handles.free.calls = []
    fed = Fed(msg["stdin"]) if type(msg.get("stdin")) is dict else None
    try:
        handles.free.set(msg.get("free_set"))
        reply = {"ok": True, **_perform(namespace, handles, msg)}
    except BaseException as e:
        reply = {"ok": False, **_raised(e, LINKED_DEPTH)}
        after = getattr(e, "_rlvr_after", None)
        if type(after) is dict:  # the exception is the job's: only these fields, checked again on the other side
            reply.update({k: v for k, v in after.items() if k in _CHANGES and type(v) is list})
    if handles.free.calls:
        reply["calls"] = handles.free.calls
    if handles.printed is not None:
        with contextlib.suppress(BaseException):
            printed = handles.printed.take()
            if printed:
                reply["out"] = printed
    if handles.warned is not None:
        warned = handles.warned.take()
        if warned:
            reply["warned"] = warned
    if fed is not None:
        reply["fed"] = fed.end()
    return reply


MAX_INPUTS = 10_000  # input() calls one request logs for the test's mock (`Fed`)
MAX_PRINTS = 1000  # print() calls one request logs for the test's mock, each of at most `MAX_EXCEPTION_ITEMS` items


class Fed:
    """What the test gave the completion to read, and its patched ``print``, for one request (``"stdin"``): the
    test's ``sys.stdin`` swapped for a StringIO (``"text"``: the rest of it) or its ``builtins.input`` patched
    (``"inputs"``: its lines, ``"repeat"``: a return value, given every time), and with ``"prints"`` its
    ``builtins.print`` patched: installed as this process's ``sys.stdin``, ``input`` and ``print`` while the request
    runs. `end` restores them and says what the completion did with them, for the test's side to do the same: the
    characters read from the text, or each input() call's prompt, and each print() call's arguments."""

    def __init__(self, fields: dict) -> None:
        self.stdin, self.input, self.print = sys.stdin, builtins.input, builtins.print
        self.calls: list[list] = []
        self.over = 0  # input() calls past `MAX_INPUTS`, not logged
        self.prints: list[list] | None = [] if fields.get("prints") is True else None
        self.text = io.StringIO(fields["text"]) if type(fields.get("text")) is str else None
        self.lines = fields.get("inputs") if type(fields.get("inputs")) is list else None
        self.repeat = fields.get("repeat") is True
        if self.text is not None:
            sys.stdin = self.text
        elif self.lines is not None:
            builtins.input = self.read
        if self.prints is not None:
            builtins.print = self.printed
        self.patched = _patch(fields.get("patches"))
        self.logs = _LogCapture(fields["logs"]) if type(fields.get("logs")) is list else None

    def read(self, *args: Any) -> str:
        """The patched ``input``: the next line the test's mock would give (its last, again, for a return value),
        StopIteration past them, as a mock's exhausted side effect raises."""
        if len(self.calls) < MAX_INPUTS:  # the log's bound; the lines go on
            self.calls.append([a[:1000] for a in args if type(a) is str][:1])
        else:
            self.over += 1
        if self.repeat and self.lines:
            return self.lines[0]
        done = len(self.calls) + self.over
        if done > len(self.lines or ()):
            raise StopIteration
        return self.lines[done - 1]

    def printed(self, *args: Any, **keywords: Any) -> None:
        """The patched ``print``: logs its call, up to `MAX_PRINTS`, its arguments as plain data (each as its text
        where it is none) and its ``sep`` and ``end``; prints nothing, as the test's mock does not."""
        if self.prints is None or len(self.prints) >= MAX_PRINTS:
            return
        with contextlib.suppress(BaseException):
            values = args if small_data(args) else tuple(str(a)[:1000] for a in args[:100])
            self.prints.append([encode(tuple(values), 0, None, "answer"),
                                [[k, v] for k, v in keywords.items() if k in ("sep", "end") and type(v) is str]])

    def end(self) -> dict:
        """Restore ``sys.stdin``, ``input`` and ``print``; what the completion read and printed."""
        sys.stdin, builtins.input, builtins.print = self.stdin, self.input, self.print
        done: dict = {}
        if self.text is not None:
            with contextlib.suppress(BaseException):
                done["read"] = self.text.tell()
        elif self.lines is not None:
            done["read"] = self.calls
        if self.prints is not None:
            done["prints"] = self.prints
        if self.patched:
            done["patched"] = _unpatch(self.patched)
        if self.logs is not None:
            done["logged"] = self.logs.end()
        return done


MAX_LOGGED = 1000  # log records one request sends back for the test's ``assertLogs`` (`_LogCapture`)


class _LogCapture:
    """The test's ``assertLogs`` in the job (``[[logger name, level], ...]``: the loggers the test captures now, and
    the level it set): each such logger of the job is set up as ``assertLogs`` sets the test's (its level, its
    handlers replaced by one that keeps the records, no propagation), so the records the completion logs there, and
    only those, go back as [captured logger, the record's logger, level, message] for the test's side to log again."""

    def __init__(self, loggers: list) -> None:
        import logging

        self.records: list[list] = []
        self.saved: list[tuple[Any, list, int, bool]] = []
        for entry in loggers[:MAX_PATCHES]:
            with contextlib.suppress(Exception):
                name, level = entry
                if type(name) is not str or type(level) is not int:
                    continue
                logger = logging.getLogger(name or None)
                self.saved.append((logger, logger.handlers, logger.level, logger.propagate))
                handler = logging.Handler()
                handler.emit = functools.partial(self.keep, name)  # type: ignore[method-assign]
                logger.handlers, logger.propagate = [handler], False
                logger.setLevel(level)

    def keep(self, captured: str, record: Any) -> None:
        """Keep one record a captured logger handled, up to `MAX_LOGGED`."""
        if len(self.records) < MAX_LOGGED:
            with contextlib.suppress(BaseException):
                self.records.append([captured, str(record.name)[:200], int(record.levelno),
                                     str(record.getMessage())[:1000]])

    def end(self) -> list[list]:
        """Put the loggers back as they were; the records kept."""
        for logger, handlers, level, propagate in reversed(self.saved):
            with contextlib.suppress(Exception):
                logger.handlers, logger.propagate = handlers, propagate
                logger.setLevel(level)
        return self.records


MAX_PATCHES = 16  # of a test's mocks of library functions in place for one request (`_patch`)
MAX_MOCK_CALLS = 1000  # calls of one of them the request logs
MAX_MOCK_DEPTH = 5  # of a mock's attributes and return values configured (`rewards.code.patches.MAX_DEPTH`)
# The magic methods a test's mock may configure and whose calls are logged: a ``with`` statement's.
MOCK_DUNDERS = ("__enter__", "__exit__")


def _patch(patches: Any) -> list[tuple[Any, str, Any, Any]]:
    """Put in place the test's mocks of library functions (``[[module, attribute, spec], ...]``, made by
    `rewards.code.patches`), each a ``MagicMock`` of the spec's configuration: (module, attribute, what it held, the
    mock) for each, to undo (`_unpatch`). One whose module cannot be imported or whose spec is malformed is left out."""
    done: list[tuple[Any, str, Any, Any]] = []
    if type(patches) is not list:
        return done
    import importlib
    from unittest import mock
    for entry in patches[:MAX_PATCHES]:
        with contextlib.suppress(Exception):
            name, attribute, spec = entry
            if type(spec) is dict and list(spec) == ["environ"] and (name, attribute) == ("os", "environ"):
                done.append((os.environ, "", dict(os.environ), _ENVIRON))
                _set_environ(*spec["environ"])
                continue
            module = importlib.import_module(name)
            # A value the test patched the attribute with (plain data, ``sys.argv``), else a mock of the spec's
            effects: list[tuple[str, Any]] = []
            made = decode(spec["value"]) if type(spec) is dict and list(spec) == ["value"] else \
                _opened(mock, spec["open"]) if type(spec) is dict and list(spec) == ["open"] else \
                _configured(mock.MagicMock(), spec, 0, "", effects)
            if effects:
                _EFFECT_MOCKS[id(made)] = effects
            done.append((module, attribute, vars(module).get(attribute, _MISSING), made))
            setattr(module, attribute, made)
    return done


def _opened(mock: Any, wire: Any) -> Any:
    """A ``mock_open`` of the test's ``read_data`` (text or bytes)."""
    data = decode(wire)
    if type(data) not in (str, bytes):
        raise ValueError("malformed mock_open")
    return mock.mock_open(read_data=data)


_MISSING = object()
# The mocks of a patched mock's side-effect lists (``side_effect=[ConnectionError(), conn]``), by the patched mock's id:
# (path, mock) each, ``"().read[1]"``: their calls are logged by that path (`_unpatch`), made again of the test's.
_EFFECT_MOCKS: dict[int, list[tuple[str, Any]]] = {}
_ENVIRON = object()  # what `_patch` notes for the test's patch.dict(os.environ): put back as it was


def _set_environ(setting: Any, removed: Any, cleared: Any) -> None:
    """The test's patch.dict of ``os.environ``: the variables it set (``[[name, value], ...]``), those it removed,
    or all of them (``cleared``)."""
    if type(setting) is not list or type(removed) is not list or type(cleared) is not bool:
        raise ValueError("malformed environment")
    if cleared:
        os.environ.clear()
    for name in removed:
        if type(name) is str:
            os.environ.pop(name, None)
    for pair in setting:
        if type(pair) is list and len(pair) == 2 and all(type(v) is str for v in pair):
            with contextlib.suppress(ValueError):  # a name with "=" or a NUL, as os.environ refuses here too
                os.environ[pair[0]] = pair[1]


def _configured(made: Any, spec: Any, depth: int, path: str = "", found: list | None = None) -> Any:
    """``made`` (a mock) given what ``spec`` says the test's does: a return value, a side effect's values or a raised
    builtin exception, attributes (values or mocks, ``__enter__`` and ``__exit__`` mocks too), each mock
    `MAX_MOCK_DEPTH` levels deep at most. ``found`` gets each mock of a side-effect list with its ``path`` from the
    patched mock (``"()"`` a return value, ``".name"`` an attribute, ``"[i]"`` a side effect's item)."""
    if type(spec) is not dict or depth > MAX_MOCK_DEPTH:
        raise ValueError("malformed mock")
    if "return" in spec:
        made.return_value = decode(spec["return"])
    if "returns" in spec:
        _configured(made.return_value, spec["returns"], depth + 1, path + "()", found)
    if "effects" in spec:
        effects = [decode(w) for w in spec["effects"]]
        for index, raised in spec.get("effect_raises", ()):  # that call raises a builtin exception
            effects[index] = _builtin_exception(raised)
        for index, inner in spec.get("effect_mocks", ()):  # that call answers a mock of this configuration
            effects[index] = _configured(type(made)(), inner, depth + 1, f"{path}[{index}]", found)
            if found is not None:
                found.append((f"{path}[{index}]", effects[index]))
        made.side_effect = effects
    if "raise" in spec:
        made.side_effect = _builtin_exception(spec["raise"])
    for name, value in spec.get("attrs", ()):
        if type(name) is not str or not name.isidentifier() or name.startswith("_") and name not in MOCK_DUNDERS:
            raise ValueError("malformed mock")
        if type(value) is dict and "value" in value:
            if name in MOCK_DUNDERS:
                raise ValueError("malformed mock")
            setattr(made, name, decode(value["value"]))
        else:
            _configured(getattr(made, name), value, depth + 1, f"{path}.{name}" if path else name, found)
    return made


def _builtin_exception(raised: Any) -> BaseException:
    """The builtin exception ``[class name, [args]]`` names (`rewards.code.patches._raised`)."""
    kind = getattr(builtins, raised[0])
    if not (isinstance(kind, type) and issubclass(kind, BaseException)):
        raise ValueError("malformed mock")
    return kind(*decode(raised[1]))


def _unpatch(patched: list[tuple[Any, str, Any, Any]]) -> list:
    """Put back what the mocks replaced; ``[[index, [[name, args, kwargs], ...]], ...]``: the calls the completion
    made of each (by its name from the mock: ``""``, ``"().json"``), plain data where they were, else their text."""
    from unittest import mock
    calls = []
    for index, (module, attribute, held, made) in reversed(list(enumerate(patched))):
        with contextlib.suppress(Exception):
            if made is _ENVIRON:
                module.clear()
                module.update(held)
            elif held is _MISSING:
                delattr(module, attribute)
            else:
                setattr(module, attribute, held)
        logged: list = []
        with contextlib.suppress(Exception):
            # its own calls, then those of the mocks of its side-effect lists, each by its path from it
            mocks = [("", made)] if isinstance(made, mock.NonCallableMock) else []
            for path, inner in mocks + _EFFECT_MOCKS.pop(id(made), []):
                for name, args, kwargs in list(inner.mock_calls)[:MAX_MOCK_CALLS - len(logged)]:
                    if type(name) is str and "__" not in name.replace("__enter__", "").replace("__exit__", ""):
                        name = path + name if not name or name.startswith("(") or not path else f"{path}.{name}"
                        logged.append([name, _plain(tuple(args)), _plain(dict(kwargs))])
        calls.append([index, logged])
    return calls


def _plain(value: Any) -> Any:
    """``value``'s wire form as plain data, or of its items' text where it is not (the test's mock records them)."""
    try:
        return encode(value, 0, None, "answer")
    except (TypeError, ValueError, RecursionError):
        if type(value) is dict:
            return encode({str(k)[:100]: str(v)[:1000] for k, v in list(value.items())[:100]}, 0, None, "answer")
        return encode(tuple(str(a)[:1000] for a in value[:100]), 0, None, "answer")


MAX_EXCEPTION_ATTRIBUTES = 16
# Items (strings counted by 64 characters) and bytes of an exception's args and attributes sent with its message:
# past either the message alone goes, so a large argument (``ValueError(xs)`` of a long list) costs a raise no
# encoding and never makes the answer too large to be the raise it is.
MAX_EXCEPTION_ITEMS = 2000
MAX_EXCEPTION_BYTES = 64 << 10


def small_data(value: Any) -> bool:
    """Whether ``value`` is builtin plain data of at most `MAX_EXCEPTION_ITEMS` items, found out in time bounded by
    that number."""
    budget, stack = MAX_EXCEPTION_ITEMS, [value]
    while stack:
        v = stack.pop()
        budget -= 1 + (len(v) // 64 if isinstance(v, (str, bytes, bytearray)) else 0)
        if isinstance(v, dict):
            if 2 * len(v) > budget:
                return False
            stack.extend(v.keys())
            stack.extend(v.values())
        elif isinstance(v, (list, tuple, set, frozenset)):
            if len(v) > budget:
                return False
            stack.extend(v)
        elif not isinstance(v, (str, bytes, bytearray, int, float, complex, bool, type(None))):
            return False  # a library value (a deque, an array) or an object: the message says enough
        if budget < 0:
            return False
    return True


# How deep a raised exception's cause and group members are described (`_raised`): ``raise LookupError(...) from e``
# and an ExceptionGroup of ValueErrors are one level, a group of groups two.
LINKED_DEPTH = 2
MAX_GROUP = 64  # members of an ExceptionGroup described; a larger group crosses as its message only


def _raised(e: BaseException, depth: int) -> dict:
    """What the trusted side makes a raised exception again from: its class's names, message and `_exception_data`."""
    with contextlib.suppress(BaseException):
        kind = type(e)
        return {"exc": kind.__name__, "msg": str(e)[:300], "base": _builtin_base(kind),
                "parents": _exception_parents(kind), "kind": _qualified(kind), **_exception_data(e, depth)}
    return {"exc": "Exception", "msg": ""}


def _lacks(x: Any) -> str:
    """What ``x`` lacks of what its stand-in on the trusted side would otherwise offer every object of the job
    (`handles.OFFERS`): "c" a call, "i" an iteration (no ``__iter__`` nor ``__getitem__``), "n" a ``__next__``, "l" a
    ``__len__``, "w" a ``with`` (``__enter__`` and ``__exit__``), "r" a ``__reversed__``; its class decides, as in one
    process (``callable()``, ``collections.abc.Iterable``, ``hasattr(x, "__next__")``, ``reversed(x)``)."""
    try:
        kind = type(x)
        has = (callable(x), hasattr(kind, "__iter__") or hasattr(kind, "__getitem__"), hasattr(kind, "__next__"),
               hasattr(kind, "__len__"), hasattr(kind, "__enter__") and hasattr(kind, "__exit__"),
               hasattr(kind, "__reversed__"))
        return "".join(flag for flag, present in zip("cinlwr", has) if not present)
    except BaseException:  # a metaclass's own lookup raised: nothing claimed lacking, as before
        return ""


def _exception_data(e: BaseException, depth: int = 0) -> dict:
    """An exception's ``args`` and public attributes that are plain data, as the test reads them after catching it
    (``e.args``, ``str(e)``, ``e.position``, an OSError's ``filename``), its ``__notes__``, and while ``depth`` lasts
    its ``__cause__`` and an ExceptionGroup's message and members; what is not plain data is left out."""
    data: dict = {}
    with contextlib.suppress(BaseException):
        if small_data(e.args):
            data["args"] = encode(tuple(e.args), 0, None, "answer")
    attrs = []
    with contextlib.suppress(BaseException):
        own = list(vars(e).items())[:MAX_EXCEPTION_ATTRIBUTES]
        if isinstance(e, OSError):  # members of its C type, not in its __dict__
            own += [(name, getattr(e, name)) for name in ("filename", "filename2") if getattr(e, name) is not None]
        for name, value in own:
            if type(name) is str and name.isidentifier() and not name.startswith("_") and small_data(value):
                with contextlib.suppress(BaseException):
                    attrs.append([name, encode(value, 0, None, "answer")])
    if attrs:
        data["attrs"] = attrs
    with contextlib.suppress(BaseException):
        notes = vars(e).get("__notes__")
        if type(notes) is list and small_data(notes) and all(type(n) is str for n in notes):
            data["notes"] = list(notes)
    if depth > 0:
        with contextlib.suppress(BaseException):
            if isinstance(e.__cause__, BaseException):
                data["cause"] = _raised(e.__cause__, depth - 1)
        with contextlib.suppress(BaseException):
            groups = getattr(builtins, "BaseExceptionGroup", ())  # Python 3.11 and later
            members = e.exceptions if isinstance(e, groups) else None
            if (type(members) is tuple and len(members) <= MAX_GROUP and type(e.message) is str
                    and all(isinstance(m, BaseException) for m in members)):
                data["group"] = [e.message[:300], [_raised(m, depth - 1) for m in members]]
    try:
        return data if len(dumps(data)) <= MAX_EXCEPTION_BYTES else {}
    except BaseException:
        return {}


def _qualified(kind: type) -> str:
    """``module.qualname`` of an exception class (``json.decoder.JSONDecodeError``), for the trusted side to raise the
    standard library's own class where it is one of a few it knows (`handles.STDLIB_EXCEPTIONS`)."""
    with contextlib.suppress(BaseException):
        name = f"{kind.__module__}.{kind.__qualname__}"
        if len(name) <= 100:
            return name
    return ""


def _builtin_base(kind: type) -> str:
    """The nearest builtin class an exception class derives from (its own name when it is one)."""
    return next((b.__name__ for b in kind.__mro__ if getattr(builtins, b.__name__, None) is b), "Exception")


# A load's ``defined`` kinds are at most this long on the trusted side (`session._defined`); parents past it are left
# out, and at most MAX_PARENTS of them are named.
MAX_DEFINED_KIND, MAX_PARENTS = 110, 4


def _exception_parents(kind: type) -> list[str]:
    """The names of the exception classes ``kind`` derives from before its nearest builtin base, nearest first
    (``NotFound(AppError)``: ["AppError"]), so that a test's ``except AppError`` catches a ``NotFound`` as in one
    process. None where a class of that chain has several bases (each stand-in then derives from the one builtin
    base all share), past MAX_PARENTS, or for a name that is no identifier of at most 64 characters."""
    chain = []
    for b in kind.__mro__[1:]:
        if getattr(builtins, b.__name__, None) is b:
            break
        chain.append(b)
    if len(chain) > MAX_PARENTS or any(len(c.__bases__) != 1 for c in (kind, *chain)):
        return []
    names = [c.__name__ for c in chain]
    return names if all(type(n) is str and n.isidentifier() and len(n) <= 64 for n in names) else []


class _Sent:
    """What a request sent that is not plain data: the test's functions and the prompt's objects it rebuilt here,
    so that what a call leaves them as is compared with (and reported as) what was sent."""

    def __init__(self, namespace: dict, handles: Handles, msg: dict) -> None:
        self.handles, self.msg = handles, msg
        functions, fill = build_functions(msg["functions"], namespace) if msg.get("functions") else ([], None)
        # A logged function is its wrapper wherever it is reached: in the call's arguments, in an attribute of an
        # object the test sent (a `SimpleNamespace(on_item=hook)`), and as a free name of another of the test's
        # functions (``def expensive(): note("x")``, where only ``note`` changes the test's values). Bound bare
        # there, a call through it went unlogged and the test's values never showed it (red team 10), and an
        # object holding it read as changed after every call.
        entries = msg.get("functions") or ()
        bare = list(functions)
        for i, entry in enumerate(entries):
            if len(entry) > 5 and type(entry[5]) is int:
                functions[i] = handles.free.logged(bare[i], entry[5])

        def resolve(wire: list) -> Any:
            return functions[wire[1]] if wire[0] == "FN" else handles.resolve(wire)
        self.objects: list = []
        if msg.get("objects"):
            resolve, self.objects = build_graph(msg["objects"], namespace, resolve)
        if fill is not None:
            fill(resolve)
        for i, entry in enumerate(entries):
            if len(entry) > 5:
                handles.free.add(entry[4], bare[i].__globals__, entry[2])
        self.resolve = resolve
        self.refs = {id(f): ["FN", i] for i, f in enumerate(functions)}
        self.refs.update({id(o): ["REF", i] for i, o in enumerate(self.objects)})
        self._named: dict[int, list] | None = None
        # The call's arguments the test sent as an iterator's items: by the id of the iterator made of them, its
        # position or keyword, and its wire form.
        self.iterators: dict[int, tuple[int | str, Any, list]] = {}

    def note_iterators(self, args: list, kwargs: dict) -> None:
        """Keep the call's arguments that the test sent as an iterator's items (``["IT", items]``): how far the call
        reads each is reported (`after`), so that the test's iterator goes on from there, as in one process."""
        try:
            positional = self.msg["args"][1][0][1]
            named = {pair[0][1]: pair[1] for pair in self.msg["args"][1][1][1]}
        except (KeyError, IndexError, TypeError):
            return
        sent = [*zip(range(len(args)), args, positional), *((k, v, named.get(k)) for k, v in kwargs.items())]
        for key, value, wire in sent:
            if type(wire) is list and wire[:1] == ["IT"] and type(value) is _LIST_ITERATOR:
                self.iterators[id(value)] = (key, value, wire)

    def _read(self) -> list:
        """``[[position or keyword, items read], ...]`` of the test's iterators the call read from."""
        read = []
        for key, iterator, wire in self.iterators.values():
            state = iterator.__reduce__()  # list_iterator's own: (iter, (items,), next index), or exhausted
            n = state[2] if len(state) == 3 else len(wire[1])
            if n:
                read.append([key, n])
        return read

    def _builtin(self, x: Any) -> list | None:
        """``["BI", name]`` for a builtin the test sent, else None: those stay named in what the call left its
        arguments as (each is immortal: its id is never reused), any other is a handle, as in an answer. Found in
        the request only once one is needed (a walk of the whole request; most calls send data alone)."""
        if self._named is None:
            self._named = {id(builtin_value(n)): ["BI", n] for n in sent_builtins(self.msg)}
        return self._named.get(id(x))

    def _tag(self, x: Any) -> list:
        # A sent itemgetter or partial is compared as the parts it was sent as; written back, it is a handle. So is a
        # sent iterator: what the call read of it is reported apart (`_read`).
        sent = self.iterators.get(id(x))
        if sent is not None:
            return sent[2]
        return self.refs.get(id(x)) or self._builtin(x) or pure_wire(x, 0, self._tag) or self.handles.tag(x)

    def tag_answer(self, x: Any) -> list:
        """A call's answer's wire form of ``x``, not plain data: an object the test sent is its reference."""
        ref = self.refs.get(id(x))
        return ref if ref is not None and ref[0] == "REF" else self.handles.tag(x)

    def _tag_after(self, x: Any) -> list:
        return self._builtin(x) or self.handles.tag(x)

    def after(self, args: Any, kwargs: dict) -> dict:
        """The reply fields for what the call left its arguments as, where that differs from what was sent:
        ``after`` (the arguments; the sent functions and objects as handles, the sent builtins by name) and
        ``objects_after`` (`codec.graph_after`), and ``read``, how far it read the iterators the test sent."""
        fields: dict[str, Any] = {}
        read = self._read() if self.iterators else []
        if read:
            fields["read"] = read
        sent = [list(args), kwargs]
        with gc_paused():
            aliases = Aliases(sent)
            if encode(sent, 0, self._tag, "answer", aliases) != self.msg.get("args"):
                aliases.index.clear()  # the same shared objects, labelled afresh for the second encoding
                fields["after"] = encode(sent, 0, self._tag_after, "answer", aliases)
        if self.objects:
            changed = graph_after(self.objects, self.msg["objects"], self._tag)
            if changed:
                fields["objects_after"] = changed
        return fields


def _perform(namespace: dict, handles: Handles, msg: dict) -> dict:
    """One request of the trusted side on the loaded module: its reply fields, plain data or handles."""
    do, name = msg.get("do", "call"), msg.get("name")
    sent = _Sent(namespace, handles, msg)
    with gc_paused():
        args, kwargs = decode(msg["args"], sent.resolve) if "args" in msg else ([], {})
    if do == "call":
        sent.note_iterators(args, kwargs)
    if msg.get("handle") is not None:
        target = handles.get(msg["handle"])
    elif do == "call" and callable(namespace.get(name)):
        target = namespace[name]
    elif do == "global" and name in namespace:
        return {"value": encode(namespace[name], 0, handles.tag, "answer")}
    elif do == "seed":
        return {"value": _seeded(name, args, kwargs)}
    else:
        raise NameError(f"the completion defines no function {name!r}")
    if do == "call":
        try:
            value = target(*args, **kwargs)
        except BaseException as e:  # what it changed before it raised stays changed, as in one process
            with contextlib.suppress(BaseException):
                e._rlvr_after = sent.after(args, kwargs)  # type: ignore[attr-defined]
            raise
        # What the call changed in place is sent back too: the test may read its arguments afterwards.
        wire = _answer(value, args, sent)
        near = {} if type(wire) is list and wire[0] == "REF" else _near((value,), handles)
        return {"value": wire, **sent.after(args, kwargs), **near}
    if do in ("next", "take", "send", "throw") and id(target) in handles.pending:
        raise handles.pending.pop(id(target))
    if do == "take":
        return _take(target, args[0], handles)
    if do in ("send", "throw", "close"):
        return _resume(target, do, args, handles)
    if do == "next":
        try:
            value = next(target)
        except StopIteration as e:
            return _returned(e, handles, {"done": True})
    elif do == "setattr":
        value = setattr(target, name, args[0])
    else:
        value = {"eq": lambda: target == args[0], "op": lambda: OPERATORS[name](target, args[0]),
                 "unary": lambda: UNARY[name](target),
                 "await": lambda: _awaited(target),
                 "enter": lambda: target.__enter__(), "exit": lambda: target.__exit__(None, None, None),
                 "truth": lambda: _truth(target), "text": lambda: _text(target, name, args),
                 "isinstance": lambda: isinstance(target, args[0]), "issubclass": lambda: issubclass(target, args[0]),
                 "setitem": lambda: operator.setitem(target, args[0], args[1]),
                 "delitem": lambda: operator.delitem(target, args[0]),
                 "getattr": lambda: getattr(target, name), "iter": lambda: iter(target),
                 "reversed": lambda: reversed(target),
                 "len": lambda: len(target), "getitem": lambda: target[args[0]]}[do]()
    reply = {"value": encode(value, 0, handles.tag, "answer")}
    if do in ("getattr", "getitem"):
        reply.update(_near((target, value) if do == "getattr" else (value,), handles))
    return reply


# What one answer describes ahead of the test's reads (`_near`): a walk of a linked list or tree the completion
# returned reads each node's attributes without a round trip each (~0.2 ms), until the job next runs anything.
NEAR_OBJECTS = 128
NEAR_ATTRIBUTES = 32  # of one object
NEAR_TEXT = 256  # the longest str or bytes value described
_SCALARS = (int, float, complex, bool, type(None))
# Class attributes that can never run code when an instance's read finds them (no descriptor): an instance's own
# value of the name is what the read gives (a dataclass field's default is one).
_INERT = (*_SCALARS, str, bytes, tuple, frozenset)
_HEAPTYPE = 1 << 9


def _shape(t: type) -> tuple[frozenset, bool] | None:
    """For a class ``t`` of the completion's whose instances' attribute reads run none of its code: the names its
    classes bind to anything but inert data (properties, methods, slots: left to a round trip), and whether
    ``bool()`` of an instance is True without running code. None for any other class (a builtin base, a
    metaclass, its own ``__getattribute__`` or ``__hash__``, no instance dict). Only the classes' own dicts are
    read: a lookup through the class could run a descriptor of the completion's."""
    if type(t) is not type or not t.__dictoffset__:
        return None
    bound: set[str] = set()
    for klass in t.__mro__[:-1]:
        if not klass.__flags__ & _HEAPTYPE:
            return None
        own = vars(klass)
        if "__getattribute__" in own or own.get("__hash__", None) is not None:  # `Handles.tag` hashes what it tags
            return None
        if "__dict__" in own and "__dict__" not in bound and type(own["__dict__"]) is not types.GetSetDescriptorType:
            return None  # the instance dict itself is read through the class's own code
        bound.update(name for name, value in own.items() if type(value) not in _INERT)
    if "__class__" in bound:
        return None
    return frozenset(bound), "__bool__" not in bound and "__len__" not in bound


def _near(roots: tuple, handles: Handles) -> dict:
    """``{"near": [[handle id, truth, [[name, wire], ...]], ...]}``: the attributes of the completion's plain
    objects among ``roots`` and of those their attributes reach (breadth first, `NEAR_OBJECTS` at most), read
    straight from their instance dicts, running no code of the completion's (`_shape`); for each, whether its
    truth is True without code (else None). Only scalars, short text and such objects (as handles) are described.
    The trusted side answers reads of them from this until it next sends the job anything (`Session.use`)."""
    shapes: dict[type, tuple[frozenset, bool] | None] = {}

    def shape(x: Any) -> tuple[frozenset, bool] | None:
        t = type(x)
        if t not in shapes:
            shapes[t] = _shape(t)
        return shapes[t]
    near: list = []
    try:
        queue, seen = [x for x in roots if shape(x) is not None], set()
        room = handles.limit // 2 - len(handles.objects)  # the table stays free for what the test asks itself
        for x in queue:
            if len(near) >= NEAR_OBJECTS or room <= 0:
                break
            if id(x) in seen:
                continue
            seen.add(id(x))
            bound, truth = shape(x)  # type: ignore[misc]
            attributes = object.__getattribute__(x, "__dict__")
            if type(attributes) is not dict:
                continue
            described = []
            for name, value in list(dict.items(attributes))[:NEAR_ATTRIBUTES]:
                if type(name) is not str or name in bound:
                    continue
                kind = type(value)
                if kind in _SCALARS or kind in (str, bytes) and len(value) <= NEAR_TEXT:
                    described.append([name, encode(value, 0, None, "answer")])
                elif shape(value) is not None and room > 0:
                    room -= id(value) not in handles.ids
                    described.append([name, handles.tag(value)])
                    queue.append(value)
            near.append([handles.tag(x)[1], True if truth else None, described])
    except Exception:  # never the answer's failure: what was described so far stands
        pass
    return {"near": near} if near else {}


def _seeded(module: Any, args: list, kwargs: dict) -> list:
    """The test's ``random.seed(...)`` (``module`` "random") or ``numpy.random.seed(...)`` ("numpy"), made here
    too: in one process the completion draws from the generator the test seeded (`rewards.code.seeding`)."""
    if module == "random":
        import random

        random.seed(*args, **kwargs)
    elif module == "numpy":
        __import__("numpy").random.seed(*args, **kwargs)
    else:
        raise ValueError(f"no generator {module!r} to seed")
    return ["N"]


def _awaited(target: Any) -> Any:
    """The value of a coroutine of the completion's that the test awaits (``asyncio.run(candidate(21))``), run here
    to its end on an event loop of its own."""
    if type(target) is not types.CoroutineType:
        raise TypeError(f"object {type(target).__name__} can't be used in 'await' expression")
    import asyncio

    loop = asyncio.new_event_loop()
    try:
        return loop.run_until_complete(target)
    finally:
        loop.close()


def _answer(value: Any, args: list, sent: _Sent) -> Any:
    """A call's answer: ``["ARG", index]`` when it is one of its positional arguments of the `IN_PLACE` types
    (the test's own object, as the call leaves it), else its wire form, where an object the test sent by its
    attributes (a prompt's ``ListNode``) is ``["REF", index]``, the test's own object (LeetCode 160's
    ``getIntersectionNode(a, b) is common``)."""
    if type(value) in IN_PLACE:
        for i, arg in enumerate(args):
            if arg is value:
                return ["ARG", i]
    key = sent.iterators.get(id(value), (None,))[0]
    if type(key) is int:  # an iterator the test sent, returned: the test's own, moved on as far as the call read it
        return ["ARG", key]
    return encode(value, 0, sent.tag_answer, "answer")


# A "take" (the trusted side's loop over a remote iterator) runs ahead of the test by at most this many items and,
# past its first item, this much CPU: a batch a round trip, never more than a few milliseconds of work the test's
# loop may not ask for (an infinite generator read through islice).
MAX_TAKE = 4096
TAKE_SECONDS = 0.005


# The clocks `_take` reads, as the job began: a test's mock of ``time.perf_counter`` is the completion's while a
# request runs (`_patch`), and each read of it here took one of the test's values (red team 13).
_THREAD_TIME, _PERF_COUNTER = time.thread_time, time.perf_counter


def _take(target: Any, n: Any, handles: Handles) -> dict:
    """The reply fields of up to ``n`` next items of ``target`` (``value``, a list; ``done`` once it is exhausted).
    A raise after the first item is kept for the next request on ``target``, as a plain loop meets it after the
    items before; an item that crosses as a handle (or holds one) ends the batch, since the test's use of that
    object must come before the iterator goes on (it may change it), and a generator that may read what a test
    sends it next is read no further than its first item (`_reads_sends`)."""
    if type(n) is not int or not 1 <= n <= MAX_TAKE:
        raise ValueError(f"take of {n!r} items: 1 to {MAX_TAKE}")
    items: list = []
    made = []

    def tag(x: Any) -> list:
        made.append(x)
        return handles.tag(x)
    start, elapsed = _THREAD_TIME(), _PERF_COUNTER()
    generator = type(target) is types.GeneratorType

    def more_time() -> bool:
        # A thread's CPU time never passes the time elapsed (under the private clock they are one clock), so the
        # CPU clock, a system call of ~2 us here, is read only once the cheap one passed the bound.
        return _PERF_COUNTER() - elapsed < TAKE_SECONDS or _THREAD_TIME() - start < TAKE_SECONDS

    def ahead() -> bool:
        return more_time() and not (generator and _reads_sends(target))
    try:
        while len(items) < n and not made and (not items or ahead()):
            item = next(target)
            items.append(encode(item, 0, tag, "answer"))
    except StopIteration as e:
        return _returned(e, handles, {"value": ["L", items], "done": True})
    except BaseException as e:
        if not items:
            raise
        handles.pending[id(target)] = e
    return {"value": ["L", items]}


def _resume(target: Any, do: str, args: list, handles: Handles) -> dict:
    """A generator's ``send(value)``, ``throw(kind(*args))`` or ``close()``, its reply as a one-item "take"'s: the
    item it yields next, or ``done`` when it returned."""
    if type(target) is not types.GeneratorType:
        raise TypeError(f"{do} of a {type(target).__name__}: only a generator is resumed so")
    if do == "close":
        handles.pending.pop(id(target), None)
        target.close()
        return {"value": ["L", []], "done": True}
    if do == "throw":
        kind, raised = args
        if not (isinstance(kind, type) and issubclass(kind, BaseException)) or type(raised) is not list:
            raise TypeError("throw of something that is no exception class and its arguments")
    try:
        item = target.send(args[0]) if do == "send" else target.throw(kind(*raised))
    except StopIteration as e:
        return _returned(e, handles, {"value": ["L", []], "done": True})
    return {"value": ["L", [encode(item, 0, handles.tag, "answer")]]}


def _returned(stop: StopIteration, handles: Handles, reply: dict) -> dict:
    """``reply`` with what the generator returned (its StopIteration's value, ``returned``), where it is not None."""
    if stop.value is not None:
        reply["returned"] = encode(stop.value, 0, handles.tag, "answer")
    return reply


_LIST_ITERATOR = type(iter([]))
# Per code object, whether a generator of it keeps what a plain ``yield`` gives back (`_reads_sends`).
_KEEPS_YIELDS: dict[types.CodeType, bool] = {}


def _keeps_yields(code: types.CodeType) -> bool:
    """Whether some ``yield`` of ``code`` keeps its value (``x = yield``), rather than the next instruction dropping
    it; a ``yield from``'s own yield (after SEND) passes sends on, and is judged by what it delegates to."""
    kept = _KEEPS_YIELDS.get(code)
    if kept is None:
        import dis
        ops = [i.opname for i in dis.get_instructions(code) if i.opname not in ("RESUME", "CACHE", "NOP")]
        kept = _KEEPS_YIELDS[code] = any(op == "YIELD_VALUE" and before != "SEND" and after != "POP_TOP"
                                         for before, op, after in zip([""] + ops, ops, ops[1:] + [""]))
    return kept


def _reads_sends(gen: types.GeneratorType) -> bool:
    """Whether ``gen``, where it is suspended, may read a value a test sends it: its code keeps a yield's value, or
    the ``yield from`` it is in delegates to something that may (a generator that does, anything else with a
    ``send``). A "take" reads such a generator one item at a time, so a ``send`` after ``next`` reaches the yield it
    would in one process."""
    for _ in range(100):
        if _keeps_yields(gen.gi_code):
            return True
        sub = gen.gi_yieldfrom
        if type(sub) is not types.GeneratorType:
            return sub is not None and hasattr(type(sub), "send")
        gen = sub
    return True


def run_script(code: str) -> None:
    """Run ``code`` as ``__main__`` on fds 0 and 1 (the zygote set them to the script's stdin and stdout), then end
    as the interpreter does (`_interpreter_exit`); exits.

    What ``python3 main.py < input`` gives a script, it gets: ``sys.argv == ["main.py"]`` (the worker's own argv
    held the slot's configuration), ``__file__``, and a ``signal.signal`` that accepts restoring a default or ignored
    disposition where the job's seccomp layer refuses signal actions (`_accept_default_dispositions`)."""
    try:
        sys.argv, sys.orig_argv = ["main.py"], [sys.executable, "main.py"]
        _wake_asyncio_by_eventfd()
        sys.stdin = sys.__stdin__ = open(0, closefd=False)  # __stdout__ too: a script may write to it at exit
        sys.stdout = sys.__stdout__ = open(1, "w", closefd=False)
        _accept_default_dispositions()
        atexit._clear()  # nothing the worker or the zygote registered runs in a job
        exec(compile(code, "<completion>", "exec"),
             {"__name__": "__main__", "__file__": "main.py", "__builtins__": builtins})
    except BaseException:
        pass
    finally:
        try:
            _interpreter_exit()
        finally:
            os._exit(0)


def _interpreter_exit() -> None:
    """What the interpreter does at exit, before the job's ``os._exit``: wait for the script's non-daemon threads,
    run its ``atexit`` handlers (an answer printed from one was lost), flush stdout."""
    with contextlib.suppress(BaseException):
        threading = sys.modules.get("threading")
        if threading is not None:
            threading._shutdown()  # type: ignore[attr-defined]
    with contextlib.suppress(BaseException):
        atexit._run_exitfuncs()
    with contextlib.suppress(BaseException):
        sys.stdout.flush()
    sys.__stdout__.flush()  # type: ignore[union-attr]


def _accept_default_dispositions() -> None:
    """With a clock of its own a job may install no signal action (`seccomp`: a handler could run
    inside the stat gate); restoring the default or ignoring a signal runs no code of the job's, so
    ``signal.signal(signal.SIGPIPE, signal.SIG_DFL)``, common in competitive programs, is accepted without reaching
    the kernel: no pipe reaches such a job, and the disposition is only noted (``getsignal`` reports it)."""
    import signal

    real_signal, real_getsignal, noted = signal.signal, signal.getsignal, {}

    def set_signal(signum: Any, handler: Any) -> Any:
        try:
            return real_signal(signum, handler)
        except PermissionError:
            if handler not in (signal.SIG_DFL, signal.SIG_IGN):
                raise
            before = noted.get(signum, real_getsignal(signum))
            noted[signum] = handler
            return before

    def get_signal(signum: Any) -> Any:
        return noted.get(signum, real_getsignal(signum))

    signal.signal, signal.getsignal = set_signal, get_signal  # type: ignore[assignment]
