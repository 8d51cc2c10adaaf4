"""Trusted stand-ins for what the completion's code makes: `RemoteObject` for an object that stays in its job.

A call into the sandbox that gives back something that is not plain data (a class instance, a generator, a bound
method, a builtin: ``make_power()`` returning ``pow``, which the test would otherwise call here, outside every
deadline) gets a handle to it instead, and trusted test code sees a `RemoteObject`. Every use of it that needs the
object (reading or setting an attribute, calling it, iterating, ``len``, indexing) is one more call into the job,
under the same deadlines, whose answer is again plain data or another handle; it can be passed back as an argument,
also inside lists, tuples and dicts.

What the object never decides on this side: equality with a value of this side (``remote == 3`` is False, whatever
its ``__eq__``; two objects of the same job compare as the job's ``__eq__`` says, as in one process, where both are
the completion's; so do ordering and arithmetic). Its hash is the one its job computed when it crossed (a set of
equal frozen dataclass instances holds one). Its truth and its text are asked of it, as one
process asks them (``assert answer``, ``while node:``, ``str(point) == "Point(0, 0)"``): unlike ``==`` with an
expected value, neither shows the object anything of the test's, so a claimed truth or text is no more than the
function could have returned as a plain ``True`` or string; they must come back as an exact ``bool`` or ``str``.
So does a builtin's name: a builtin's handle equals (and hashes as) this side's builtin of the name its job gave
with the answer (``make_power() == pow``), a claim made before the test compared anything, and no more than a
returned ``pow`` would be; ``make_power() is pow`` is False.

Limits: a handle works only in the completion and the job that made it (refused once the session ended or the job
was restarted after a deadline); a job holds at most ``SandboxConfig.max_handles`` objects; one iteration gives at
most ``max_items`` items and ``output_bytes`` of answers, and is refused like one returned list when its items
flood a hash (see `rewards.sandbox.wire`); a test's ``next()`` on an exhausted remote iterator raises
StopIteration only where the test's code catches there, and fails elsewhere (it would end a test's ``map()`` early),
while ``for``/``list()`` end normally and ``next(it, default)`` gives the default (`next_with_default`); dunder
attributes, ``in`` through ``__contains__``, slicing, item assignment, copying and pickling are not forwarded. Every
answer is the object's at the time of asking: one that changes between reads (``len()`` 3, then an iteration of
one item) is not caught here. ``callable()``, ``hasattr(x, "__next__")`` and ``collections.abc``'s ``Iterable``,
``Iterator`` and ``Sized`` read what the job's object has (`OFFERS`: a stand-in's class derives only from what the job
said its object has, its claim, as a returned function's would be).
"""

from __future__ import annotations

import binascii
import bisect
import builtins
import collections
import contextlib
import csv
import dataclasses
import decimal
import dis
import functools
import importlib
import json
import queue
import re
import statistics
import struct
import sys
import types
import weakref
from collections.abc import Callable, Generator, Iterator
from typing import Any, Literal, Protocol

from rewards.sandbox.inside.codec import OPERATOR_NAMES, UNARY_NAMES, builtin_value, claimed_class
from rewards.sandbox.wire import CallResult, HashSpread, Meter
from rewards.untrusted import clean

__all__ = ["FORWARDED_NAMES", "CallableRemote", "CandidateError", "RemoteObject", "completion_exception",
           "exception_base", "failure", "job_generator", "next_with_default", "stands_for"]

_ITERATION_ENDS = (StopIteration, StopAsyncIteration)
MAX_TAKE = 4096  # the most items one round trip of a remote iteration brings (`inside.job.MAX_TAKE`)
# The only dunders a test's read of the completion's function forwards to the job (`code_tests.Candidate`): its own
# name, a string, as tests read it of a decorated function; a remote object itself forwards none.
FORWARDED_NAMES = ("__name__", "__qualname__")


class Session(Protocol):
    """What a handle needs of the session that made it (`rewards.sandbox.local.Session`)."""

    config: Any
    deadline: float
    exceptions: dict[str, type[Exception]]

    def use(self, target: RemoteObject | None, do: str, name: str | None = None, args: tuple[Any, ...] = (),
            kwargs: dict[str, Any] | None = None, quiet: bool = False) -> CallResult: ...

    def refused(self, message: str) -> CallResult: ...


class CandidateError(Exception):
    """A call into the sandbox failed (the candidate raised, timed out, or sent an unusable answer)."""

    def __init__(self, result: CallResult) -> None:
        super().__init__(result.error)
        self.result = result


# The standard library's exception classes a test expects by their own name (``except json.JSONDecodeError``,
# ``statistics.StatisticsError``), by the ``module.qualname`` a job reports for a raise: raised here as this side's
# class itself, made from the job's args and attributes as the completion's own exceptions are.
STDLIB_EXCEPTIONS: dict[str, type[Exception]] = {
    f"{c.__module__}.{c.__qualname__}": c
    for c in (json.JSONDecodeError, statistics.StatisticsError, decimal.InvalidOperation, decimal.DivisionByZero,
              decimal.DecimalException, re.error, struct.error, binascii.Error, csv.Error, queue.Empty, queue.Full,
              dataclasses.FrozenInstanceError)}
# More of them, of modules this process need not have loaded: each is imported here only once a job names one of its
# classes (BigCodeBench's tests catch ``zipfile.BadZipFile``, ``ET.ParseError``, ``sqlite3.OperationalError``...;
# sweep 8). ``module.qualname`` as the job names it -> (the module to import, the class's name in it).
STDLIB_EXCEPTIONS_LAZY: dict[str, tuple[str, str]] = {
    **{f"{module}.{name}": (module, name) for module, names in (
        ("zipfile", ("BadZipFile",)), ("xml.etree.ElementTree", ("ParseError",)), ("gzip", ("BadGzipFile",)),
        ("zlib", ("error",)), ("tarfile", ("TarError", "ReadError")), ("shutil", ("Error", "SameFileError")),
        ("calendar", ("IllegalMonthError",)), ("ipaddress", ("AddressValueError", "NetmaskValueError")),
        ("subprocess", ("CalledProcessError", "TimeoutExpired")),
        ("configparser", ("Error", "NoSectionError", "NoOptionError", "DuplicateSectionError")),
        ("sqlite3", ("Error", "DatabaseError", "OperationalError", "IntegrityError", "ProgrammingError")))
       for name in names},
    "tomllib.TOMLDecodeError": ("tomllib", "TOMLDecodeError"), "_pickle.UnpicklingError": ("pickle", "UnpicklingError"),
    "_lzma.LZMAError": ("lzma", "LZMAError")}


def stdlib_exception(kind: str) -> type[Exception] | None:
    """The standard library's exception class a job names by ``module.qualname`` (`STDLIB_EXCEPTIONS`, or one of
    `STDLIB_EXCEPTIONS_LAZY`, imported now), else None: never a class outside those few, whatever the name."""
    known = STDLIB_EXCEPTIONS.get(kind)
    if known is not None or kind not in STDLIB_EXCEPTIONS_LAZY:
        return known
    module, name = STDLIB_EXCEPTIONS_LAZY[kind]
    try:
        found = getattr(importlib.import_module(module), name)
    except Exception:  # a build of Python without the module (sqlite3, lzma): no class to raise
        return None
    if isinstance(found, type) and issubclass(found, Exception) and f"{found.__module__}.{found.__qualname__}" == kind:
        return found
    return None


def failure(result: CallResult, own: dict[str, type[Exception]] | None = None, exits: bool = False) -> BaseException:
    """The exception a failed call raises in test code: a builtin type the job raised, else `CandidateError`.

    Tests may expect ValueError etc., so builtin exception types are rebuilt, nothing else, and never StopIteration:
    raised through map() or filter() in a test it would end the iteration early instead of failing the test (all()
    of nothing is True). With ``exits``, for a call of the completion's function or method, SystemExit is raised as
    itself (a test's ``pytest.raises(SystemExit)``): a test that does not catch it fails, as
    `rewards.code.code_tests` counts it (never as a pass: it is no early exit here); never from a protocol method
    (``repr``, ``bool``, ``len``), which trusted code also calls outside any test. Its
    ``__notes__`` and ``__cause__`` are set as the job's were, and an ExceptionGroup holds its members made so (a
    test's ``except* ValueError``).

    >>> from rewards.sandbox.wire import CallResult
    >>> failure(CallResult(False, error="ValueError: no")), type(failure(CallResult(False, error="StopIteration: ")))
    (ValueError('ValueError: no'), <class 'rewards.sandbox.handles.CandidateError'>)
    """
    made = _failure(result, own, exits)
    if result.notes is not None:
        with contextlib.suppress(Exception):
            made.__notes__ = list(result.notes)
    if result.cause is not None:
        made.__cause__ = failure(result.cause, own)
    return made


def _failure(result: CallResult, own: dict[str, type[Exception]] | None, exits: bool) -> BaseException:
    name = str(result.error).split(":", 1)[0]
    builtin = getattr(builtins, name, None)
    if exits and builtin is SystemExit and result.raised and not result.timed_out:
        return SystemExit(*result.args) if result.args is not None else SystemExit(result.error)
    groups = getattr(builtins, "BaseExceptionGroup", None)  # Python 3.11 and later
    if result.group is not None and groups is not None and isinstance(builtin, type) and issubclass(builtin, groups):
        with contextlib.suppress(Exception):  # a group of no member, or of one the group's class refuses
            group: Exception = builtin(result.group[0], [failure(member, own) for member in result.group[1]])
            return group
    stdlib = stdlib_exception(result.kind) if result.raised and not result.timed_out else None
    if stdlib is not None and stdlib.__name__ == name and result.raised and not result.timed_out:
        return _as_said(_made(stdlib, result) or _built(stdlib, result), result)
    if own is not None and builtin is None and result.raised and name.isidentifier():
        # The completion's own exception class: a test that catches it by name or by its builtin base, or reads
        # ``type(e).__name__``, sees it as in one process.
        made = _made(completion_exception(own, name, result.base, result.parents), result)
        return CandidateError(result) if made is None else _as_said(made, result)
    if (isinstance(builtin, type) and issubclass(builtin, Exception) and not result.timed_out
            and not issubclass(builtin, _ITERATION_ENDS)):
        # Some take more than a message (UnicodeDecodeError, ExceptionGroup): the nearest base that takes one, so
        # that the constructor's own TypeError never reaches a test that expects TypeError.
        for kind in builtin.__mro__:
            made = _made(kind, result)
            if made is not None:
                return _as_said(made, result)
    return CandidateError(result)


def _said_str(self: BaseException) -> str:
    """``str()`` of an exception made here: the job's text of it where `_as_said` kept one, else its class's own."""
    said = self.__dict__.get("_rlvr_said")
    if type(said) is str:
        return said
    for kind in type(self).__mro__[1:]:
        method = kind.__dict__.get("__str__")
        if method is not None and method is not _said_str:
            return str(method(self))
    return BaseException.__str__(self)


_SPEAKING: dict[type, type] = {}  # `_speaking`'s classes, by the class each derives from


def _speaking(kind: type[Exception]) -> type[Exception]:
    """A subclass of ``kind`` (same name, no new slots, so an object of ``kind`` may take it as its class) whose
    ``str()`` is the job's text (`_as_said`): ``except ValueError`` and ``type(e).__name__`` read as before. One per
    class: builtin and standard library exception classes only, the completion's own stand-ins speak already."""
    made = _SPEAKING.get(kind)
    if made is None:
        made = _SPEAKING[kind] = type(kind.__name__, (kind,), {
            "__slots__": (), "__module__": kind.__module__, "__qualname__": kind.__qualname__, "__str__": _said_str})
    return made


def _as_said(made: Exception, result: CallResult) -> Exception:
    """``made``, whose ``str()`` is the job's text of the exception (``result.error`` after its name). Made from
    the job's ``args``, its text is what those args give here; a completion's class whose ``__str__`` says
    something else (``Neg("negative input")`` printing ``oops``) read as its args, so a test's
    ``pytest.raises(ValueError, match="negative input")`` passed what plain Python fails (red team 15). Where the
    two differ, its text is the job's (its args, attributes and class name stay)."""
    said = result.error.partition(": ")[2]  # the job's str()[:300], cleaned (`session._failed`): so is ours
    try:
        if clean(str(made)[:300], 300, newlines=False) == said:
            return made
    except Exception:  # str() of what was made raised: the job's text stands
        pass
    if type(made).__dict__.get("__str__") is not _said_str:
        try:
            made.__class__ = _speaking(type(made))
        except TypeError:  # a builtin class's object cannot change class: made again, of the subclass
            again = _made(_speaking(type(made)), result)
            if again is None:
                return made
            made = again
    with contextlib.suppress(Exception):
        made.__dict__["_rlvr_said"] = said
    return made


def _made(kind: type[BaseException], result: CallResult) -> Exception | None:
    """``kind`` made as the job's exception was, from its ``args`` and attributes (a test reads ``e.args``,
    ``str(e)``, ``e.position``) when they crossed, else from the call's error text; None when neither builds one."""
    for args in ((result.args,) if result.args is not None else ()) + ((result.error,),):
        try:
            made = kind(*args)
        except Exception:
            continue
        for name, value in (result.attrs or {}).items():
            with contextlib.suppress(Exception):
                setattr(made, name, value)
        return made if isinstance(made, Exception) else None
    return None


def _built(kind: type[Exception], result: CallResult) -> Exception:
    """``kind`` made without its constructor (``JSONDecodeError`` takes a message, a document and a position): its
    ``args`` and attributes set as the job's were, so ``str(e)``, ``e.args`` and ``e.pos`` read as in one process."""
    made = kind.__new__(kind)
    made.args = tuple(result.args) if isinstance(result.args, tuple) else (result.error.split(": ", 1)[-1],)
    for attr, value in (result.attrs or {}).items():
        with contextlib.suppress(Exception):
            setattr(made, attr, value)
    return made


def completion_exception(own: dict[str, type[Exception]], name: str, base: str,
                         parents: tuple[str, ...] = ()) -> type[Exception]:
    """This side's stand-in for the completion's exception class ``name``, deriving from the stand-ins of the
    completion's classes ``parents`` (nearest first: ``NotFound(AppError)``, so ``except AppError`` catches it) and
    from the builtin ``base``: one per name in ``own`` (a session's), the first made (by a test naming it, or a call
    raising it) kept."""
    if name not in own:
        builtin = exception_base(base)
        bases: tuple[type, ...] = (builtin,)
        if parents and parents[0] != name:
            parent = completion_exception(own, parents[0], base, parents[1:])
            bases = (parent,) if issubclass(parent, builtin) else (parent, builtin)
        try:
            own[name] = type(name, bases, {"__module__": "__completion__", "__str__": _said_str})
        except TypeError:  # bases whose layouts conflict: the builtin base alone, as without parents
            own[name] = type(name, (builtin,), {"__module__": "__completion__", "__str__": _said_str})
    return own[name]


def exception_base(name: str) -> type[Exception]:
    """The builtin exception class ``name`` (a raised exception's nearest builtin base), else Exception; never one
    whose constructor needs more than a message, nor an iteration's end."""
    kind = getattr(builtins, name, None)
    if not (isinstance(kind, type) and issubclass(kind, Exception)) or issubclass(kind, _ITERATION_ENDS):
        return Exception
    try:
        kind("probe")
    except Exception:
        return Exception
    return kind


class RemoteObject:
    """An object of the completion's job, used from test code only through calls into that job.

    Equality with a value of this side is this proxy's identity (a builtin's: this side's builtin of its name);
    hash, truth and text are the object's own (see the module docstring for what is forwarded).

    >>> from rewards.sandbox.local import Sandbox, SandboxConfig
    >>> with Sandbox(SandboxConfig(slots=1)) as box, box.session() as s:
    ...     _ = s.load("class P:\\n    def __init__(self, a): self.a = a\\n    def __eq__(self, o): return True")
    ...     p = s.call("P", (5,)).value
    ...     p.a, p == 5, "P object at" in repr(p)
    (5, False, True)
    """

    __slots__ = ("_builtin", "_hash", "_id", "_job", "_kind", "_session")

    def __init__(self, session: Session, job: int, hid: int, kind: str, hashed: int | None = None,
                 builtin: str | None = None) -> None:
        for name, value in (("_session", session), ("_job", job), ("_id", hid), ("_kind", kind), ("_hash", hashed),
                            ("_builtin", builtin)):
            object.__setattr__(self, name, value)

    def _ask(self, do: str, name: str | None = None, args: tuple = (), kwargs: dict | None = None,
             quiet: bool = False) -> CallResult:
        result = self._session.use(self, do, name, args, kwargs, quiet)
        if not result.ok:
            raise failure(result, self._session.exceptions, exits=do == "call")
        return result

    def _mine(self, other: object) -> bool:
        """Whether ``other`` is another object of this one's job (the completion's both)."""
        return isinstance(other, RemoteObject) and other._session is self._session and other._job == self._job

    def _refuse(self, message: str) -> CandidateError:
        return CandidateError(self._session.refused(message))

    def __getattr__(self, name: str) -> Any:
        # Dunders are probed by copy, pickle, numpy and our own encoder: never the object's own, never a call into
        # the job, but for a function's own name (`_name_of`: a decorator test's ``wrapped.__name__``).
        if name.startswith("__") and name.endswith("__"):
            if name in FORWARDED_NAMES:
                return self._name_of(name)
            raise AttributeError(f"{name} of a remote object is not forwarded")
        return self._ask("getattr", name).value

    def _name_of(self, name: str) -> str:
        """The object's ``__name__`` or ``__qualname__`` (`FORWARDED_NAMES`), asked of its job: a string, else
        AttributeError, as for an object without one (also when the job cannot answer)."""
        if name not in FORWARDED_NAMES:
            raise AttributeError(name)
        return self._own(name, (str,))

    def _own(self, name: str, kinds: tuple[type, ...]) -> Any:
        """The object's own ``name`` (a dunder the job reads of it: its name, ``__dict__``, a function's
        ``__doc__``), of one of ``kinds``, else AttributeError, as for an object without one (also when the job
        cannot answer)."""
        result = self._session.use(self, "getattr", name, quiet=True)
        if not result.ok or type(result.value) not in kinds:
            raise AttributeError(f"{name} of a remote object")
        return result.value

    def __setattr__(self, name: str, value: Any) -> None:
        self._ask("setattr", name, (value,))

    def __getitem__(self, key: Any) -> Any:
        return self._ask("getitem", None, (key,)).value

    # Item assignment and deletion go in as setattr does: the test's key and value are arguments, as a method's
    # would be (`grid.put(k, v)`), never something the object compares with.
    def __setitem__(self, key: Any, value: Any) -> None:
        self._ask("setitem", None, (key, value))

    def __delitem__(self, key: Any) -> None:
        self._ask("delitem", None, (key,))

    def __eq__(self, other: object) -> bool:
        # Two objects of one job compare as the job's own code says (a dataclass's fields, an enum's identity), as
        # they would in one process: both are the completion's. Against anything of this side, identity only, but for
        # the builtin a builtin's handle was answered as (its name came with the answer, before any comparison).
        if self is other:
            return True
        if not self._mine(other):
            return self._builtin is not None and other is builtin_value(self._builtin)
        value = self._ask("eq", None, (other,)).value
        return value is True or (type(value).__module__ == "numpy" and type(value).__name__ == "bool" and bool(value))

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        # The object's own hash, computed by its job when it crossed (it sees nothing of the test's), so a set of
        # equal frozen dataclass instances holds one, as in one process; None: the object is unhashable there. A
        # builtin hashes as this side's builtin of its name, which it equals.
        if self._builtin is not None:
            return hash(builtin_value(self._builtin))
        if self._hash is None:
            raise TypeError(f"unhashable type: '{self._kind}'")
        return self._hash

    def __bool__(self) -> bool:
        # The object's own truth, as bool() gives it in one process (`while node:`, `assert answer`): a truth it
        # claims is an answer the function could have returned as True or False; it sees nothing the test expects.
        value = self._ask("truth").value
        if type(value) is not bool:
            raise self._refuse("truth of a remote object gave no bool")
        return value

    def _is_instance(self, cls: RemoteObject) -> bool:
        """``isinstance(self, cls)`` for a class ``cls`` of the same job, asked of it as one process would; an
        object of another job, or ``cls`` of this side, is never one."""
        if not self._mine(cls):
            return False
        value = self._ask("isinstance", None, (cls,)).value
        if type(value) is not bool:
            raise self._refuse("isinstance() of a remote object gave no bool")
        return value

    def _is_subclass(self, cls: RemoteObject) -> bool:
        """``issubclass(self, cls)`` for two classes of the same job, asked of it as one process would; a class of
        another job, or of this side, is never one."""
        if not self._mine(cls):
            return False
        value = self._ask("issubclass", None, (cls,)).value
        if type(value) is not bool:
            raise self._refuse("issubclass() of a remote object gave no bool")
        return value

    @property
    def __dict__(self) -> dict[str, Any]:  # type: ignore[override]
        """``vars(x)``: the object's attributes as its job holds them now, a copy (a change to it changes nothing
        there); AttributeError, as for an object without one, when the job has no dict of them to give."""
        return self._own("__dict__", (dict,))

    def __reduce_ex__(self, protocol: object) -> Any:
        raise TypeError("a remote object cannot be copied or pickled")

    def _text(self, how: str, spec: str = "") -> str:
        """The object's ``str``/``repr``/``format`` text as one process gives it: like a returned string, it is
        claimed without seeing anything the test expects."""
        value = self._ask("text", how, (spec,) if how == "format" else ()).value
        if type(value) is not str:
            raise self._refuse(f"{how}() of a remote object gave no str")
        return value

    def __str__(self) -> str:
        return self._text("str")

    def __format__(self, spec: str) -> str:
        return self._text("format", spec)

    def __repr__(self) -> str:
        return self._text("repr")


class _Reading:
    """One iteration of a remote iterator: each round trip gives a batch of its items, all of them counted as one
    answer's (``max_items``, ``output_bytes``, no hash flood across them)."""

    def __init__(self, it: RemoteObject) -> None:
        config = it._session.config
        self.it, self.max_items, self.budget, self.count = it, config.max_items, config.output_bytes, 0
        self.returned: Any = None  # what the generator returned, once exhausted
        self.spread = HashSpread(Meter(it._session.deadline),
                                 lambda node: isinstance(node, RemoteObject) or type(node) is types.GeneratorType)

    def read(self, do: str, args: tuple) -> tuple[list, bool]:
        """The items of one "take" of ``args[0]`` items at most, or of a "send" or "throw" (one), and whether the
        iterator is exhausted. Items come in batches that double up to MAX_TAKE, a round trip each: the job runs
        ahead of the test by at most that many items or a few ms of its CPU (`inside.job._take`)."""
        result = self.it._ask(do, None, args)
        items = result.value
        if type(items) is not list or len(items) > (args[0] if do == "take" else 1):
            raise self.it._refuse("a remote iteration gave a malformed batch")
        self.count += len(items)
        if self.count > self.max_items:
            raise self.it._refuse(f"a remote iteration gave more than {self.max_items} items")
        # The whole iteration gets what one returned list would: output_bytes, and no hash flood across items.
        self.budget -= result.size
        if self.budget < 0:
            raise self.it._refuse(f"a remote iteration gave more than {self.it._session.config.output_bytes} bytes")
        try:
            self.spread.add_items(items)
        except ValueError as e:
            raise self.it._refuse(f"unusable iteration: {e}") from None
        self.returned = result.returned
        return items, result.exhausted


# The tests' views of the jobs' generators (`job_generator`), each with the handle it stands for.
class _View:
    """What the test's view of a job's generator (`job_generator`) shares with the code around it: the handle it
    stands for, a weak reference to itself (dead once garbage collection closes it), and whether the test's own
    ``next`` is stepping it (`next_with_default`: one item, never a batch ahead)."""

    __slots__ = ("alive", "proxy", "stepping")

    def __init__(self, proxy: RemoteObject) -> None:
        self.proxy, self.stepping = proxy, False
        self.alive: Callable[[], object] = lambda: None


# The tests' views of the jobs' generators (`job_generator`).
_VIEWS: weakref.WeakKeyDictionary[Generator[Any, Any, None], _View] = weakref.WeakKeyDictionary()


def job_generator(proxy: RemoteObject) -> Generator[Any, Any, None]:
    """The test's view of a generator of the job's (``proxy``): see `_job_generator`."""
    view = _View(proxy)
    made = _job_generator(view)
    view.alive = weakref.ref(made)
    _VIEWS[made] = view
    return made


def stands_for(x: Any) -> RemoteObject | None:
    """The job's generator that ``x`` is the test's view of (`job_generator`), else None."""
    view = _VIEWS.get(x) if type(x) is types.GeneratorType else None
    return None if view is None else view.proxy


def _job_generator(view: _View) -> Generator[Any, Any, None]:
    """The test's view of a generator of the job's (``view.proxy``): a generator of this side whose every step is one
    of that one's, so ``isinstance(g, types.GeneratorType)``, ``inspect.isgenerator(g)`` and ``iter(g) is g`` hold as
    in one process. A loop over it reads as an iteration does (`_Reading`), ahead of the test only where the job's
    generator drops what a send gives (`inside.job._reads_sends`), and the test's ``next`` reads one item; a
    ``send`` to one that drops it is a ``next``; other sends, a ``throw`` of a builtin exception with plain arguments
    and ``close()`` are made there. Garbage collection's close is not (``view.alive`` is dead by then): it never
    makes a round trip. What the job's generator returned is the value of the test's StopIteration."""
    proxy = view.proxy
    reading, over, batch = _Reading(proxy), False, 1
    ready: collections.deque[Any] = collections.deque()
    step: tuple[str, tuple] = ("take", ())
    while True:
        if step[0] == "throw" or (step[0] == "send" and not ready):
            ready.clear()
            items, over = reading.read(*step)
        elif not ready and not over:
            items, over = reading.read("take", (1 if view.stepping else batch,))
            batch = batch if view.stepping else min(2 * batch, MAX_TAKE)
        else:
            items = []
        ready.extend(items)
        if not ready:
            return reading.returned  # the test's StopIteration's value, as the job's generator returned it
        try:
            sent = yield ready.popleft()
        except GeneratorExit:
            if view.alive() is not None:  # the test's own close(): its generator's finally runs, as in one process
                reading.read("close", ())
            raise
        except BaseException as e:
            step = ("throw", _thrown(e))
        else:
            step = ("take", ()) if sent is None else ("send", (sent,))


def _thrown(e: BaseException) -> tuple[type[BaseException], list]:
    """What a ``throw(e)`` sends the job: ``e``'s class, a builtin one, and its plain arguments; else ``e`` is
    raised here, as out of a generator that does not catch it."""
    kind = type(e)
    if getattr(builtins, kind.__name__, None) is not kind or not all(type(a) in _PLAIN_ARGS for a in e.args):
        raise e
    return kind, list(e.args)


_PLAIN_ARGS = (str, int, float, bool, type(None))


def next_with_default(iterator: Any, *default: Any) -> Any:
    """``next`` as a test's builtins have it: the builtin, but for an object of the job: with a default, the default
    once the object is exhausted, as in one process (the default is never sent); without one, StopIteration where the
    test's code calling ``next`` handles exceptions there (``try``, ``with pytest.raises(StopIteration)``,
    `_caught_where`), else a failure: a StopIteration reaching a C loop that called the test's code (``all(map(lambda
    i: next(g) == i, ...))``) would end it early, and an empty generator would pass."""
    if len(default) > 1:
        return next(iterator, *default)  # the builtin's TypeError
    if isinstance(iterator, RemoteObject):
        result = iterator._ask("next")
        if not result.exhausted:
            return result.value
        if default:
            return default[0]
        if _caught_where(sys._getframe(1)):
            raise StopIteration(result.returned)
        raise iterator._refuse("next() of an exhausted remote iterator")
    view = _VIEWS.get(iterator) if type(iterator) is types.GeneratorType else None
    if view is None:
        return next(iterator, *default)
    view.stepping = True  # one item, as one process's next() runs the generator to its next yield and no further
    try:
        return next(iterator, *default)
    except StopIteration:
        if _caught_where(sys._getframe(1)):
            raise
        raise view.proxy._refuse("next() of an exhausted remote iterator") from None
    finally:
        view.stepping = False


def _caught_where(frame: types.FrameType) -> bool:
    """Whether a StopIteration raised by the instruction ``frame`` runs meets a handler of its own code first: the
    instruction lies in a ``try`` or ``with`` block there (CPython 3.11's exception table), and the frame called the
    test's ``next`` itself, not through a C loop such as ``map(next, ...)`` (`_called_from_c`). Any handler counts,
    whatever it catches: ``self.assertRaises(StopIteration, next, g)`` and ``pytest.raises(StopIteration, next, g)``
    catch it by a class held in a variable, which no reading of the code can name (red team 14: a ``try: next(g)
    except ValueError`` in a function a test's ``all(map(...))`` calls hands it to the C loop; left open)."""
    layout = _layout(frame.f_code)
    if layout is None:
        return False
    covered = any(start <= frame.f_lasti < end for start, end, _ in layout[0])
    return covered and not _called_from_c(frame)


def _called_from_c(frame: types.FrameType) -> bool:
    """Whether ``frame`` called the test's ``next`` through C code rather than itself: the call it makes now is of
    something else by name (``all(map(next, [g, g, g]))`` in a ``try``, where StopIteration would end ``map`` and
    never reach the handler: red team 14). Read back from the call's one argument over the stack effects of its
    instructions; where that argument's code branches (``next(a if c else b)``) or the call is no plain one
    (``next(*args)``), it is taken as the frame's own."""
    layout = _layout(frame.f_code)
    if layout is None:
        return False
    _, instructions, _ = layout
    n = bisect.bisect_right([ins.offset for ins in instructions], frame.f_lasti) - 1  # f_lasti is in its caches
    if n < 1 or instructions[n].opname != "CALL" or instructions[n - 1].opname != "PRECALL":
        return False
    if instructions[n].arg != 1:
        return True  # next takes one argument here: its default (a second) never reaches this check
    need, k = 1, n - 2
    while need > 0 and k >= 0:
        ins = instructions[k]
        if ins.is_jump_target or "JUMP" in ins.opname:
            return False
        try:
            need -= dis.stack_effect(ins.opcode, ins.arg if ins.opcode >= dis.HAVE_ARGUMENT else None, jump=False)
        except ValueError:  # an instruction whose effect dis cannot say: taken as the frame's own call
            return False
        k -= 1
    return need == 0 and k >= 0 and instructions[k].argval != "next"


@functools.lru_cache(maxsize=512)
def _layout(code: types.CodeType) -> tuple[tuple[tuple[int, int, int], ...], tuple[dis.Instruction, ...],
                                            dict[int, int]] | None:
    """``code``'s exception table (start, end, handler), instructions, and each instruction's index by offset."""
    parse = getattr(dis, "_parse_exception_table", None)  # none: nothing is taken as handled, the stricter reading
    if parse is None:
        return None
    table = tuple((entry.start, entry.end, entry.target) for entry in parse(code))
    instructions = tuple(dis.get_instructions(code))
    return table, instructions, {ins.offset: n for n, ins in enumerate(instructions)}


def _await(self: RemoteObject) -> Any:
    """``await coro``: the job runs its coroutine to its end (under the call's deadline) and gives its value."""
    return self._ask("await").value
    yield  # a generator function: its iterator ends at once with the value, as an awaited coroutine's does


def _send(self: RemoteObject, value: Any) -> Any:
    """The first ``send(None)`` of an event loop's task: the coroutine's value, as its StopIteration's."""
    if value is not None:
        raise TypeError("can't send non-None value to a just-started coroutine")
    raise StopIteration(self._ask("await").value)


def _throw(self: RemoteObject, kind: Any, value: Any = None, traceback: Any = None) -> Any:
    """An exception thrown into the coroutine before it ran (a cancelled task): it ends there, unrun."""
    raise kind if value is None else value


# What makes the stand-in of a job's coroutine a `collections.abc.Coroutine` the test's own loop can run
# (``asyncio.run(candidate(21))``, ``await candidate(x)``, ``asyncio.gather``): the job runs it on a loop of its own,
# whole, when the test first awaits it, so the test's loop sees a coroutine that never suspends.
# (A C task sends through ``__next__`` when the object has one: every stand-in has, for the job's iterators.)
_COROUTINE = {"__await__": _await, "send": _send, "__next__": lambda self: _send(self, None), "throw": _throw,
              "close": lambda self: None}


# What a stand-in offers only where the job's object has it (`inside.job._lacks`, the handle's last part, the job's
# claim): a call, an iteration (``__iter__`` or ``__getitem__``), a ``__next__``, a ``__len__``, a ``with``, a
# ``__reversed__`` (``reversed()`` else falls back to ``len()`` and indexing, as in one process). Each is a
# class of its own, and a stand-in's class derives from those its object has: ``callable()``, ``hasattr(x,
# "__next__")`` and ``collections.abc``'s ``Iterable``, ``Iterator`` and ``Sized`` read as in one process. They were
# true of every object of the job, so ``assert callable(make_adder(3))`` or ``isinstance(counter(3), Iterator)``
# passed a completion returning a plain object (red team 15).
class _Calls(RemoteObject):
    __slots__ = ()

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self._ask("call", None, args, kwargs).value


class _Sized(RemoteObject):
    __slots__ = ()

    def __len__(self) -> int:
        # list() asks len() first and goes on without it (a generator has none): not a failure worth reporting.
        size = self._ask("len", quiet=True).value
        # list() preallocates len() slots on this side: a job must not make it allocate gigabytes.
        if type(size) is not int or not 0 <= size <= self._session.config.max_items:
            # The value is not quoted: str() of a forged 5000-digit int would raise ValueError before the refusal.
            raise self._refuse(f"len() of a remote object gave a {type(size).__name__} that is not an int from 0 "
                               f"to {self._session.config.max_items}")
        return size


class _Iterates(RemoteObject):
    __slots__ = ()

    def __iter__(self) -> Iterator[Any]:
        return _read_through(self, "iter")


def _read_through(x: RemoteObject, do: str) -> Iterator[Any]:
    """The items of the iterator the job's ``iter()`` (or ``reversed()``) of ``x`` gives, read in growing batches."""
    it = x._ask(do).value
    if stands_for(it) is not None:  # the job's iter() gave a generator: the test's view of it (`job_generator`)
        return (yield from it)
    if not isinstance(it, RemoteObject):
        raise x._refuse(f"{do}() of a remote object gave plain data")
    reading, batch = _Reading(it), 1
    while True:
        items, over = reading.read("take", (batch,))
        yield from items
        if over:
            return
        batch = min(2 * batch, MAX_TAKE)


class _Steps(RemoteObject):
    __slots__ = ()

    def __next__(self) -> Any:
        result = self._ask("next")
        if result.exhausted:
            raise self._refuse("next() of an exhausted remote iterator")
        return result.value


class _Enters(RemoteObject):
    __slots__ = ()

    def __enter__(self) -> Any:
        return self._ask("enter").value

    def __exit__(self, *exc: object) -> Literal[False]:
        # The object's own __exit__ runs (its cleanup, as in one process) without the test's exception, and never
        # swallows one: a context manager that suppresses the test's failed assert would pass it.
        self._ask("exit")
        return False


class _Reverses(RemoteObject):
    __slots__ = ()

    def __reversed__(self) -> Iterator[Any]:
        return _read_through(self, "reversed")


# By the letter the job names each by where its object lacks it (`wire.LACK_FLAGS`, in this order).
OFFERS: dict[str, type[RemoteObject]] = {"c": _Calls, "i": _Iterates, "n": _Steps, "l": _Sized, "w": _Enters,
                                         "r": _Reverses}


class CallableRemote(_Calls, _Iterates, _Steps, _Sized, _Enters, _Reverses):
    """A stand-in offering all of `OFFERS`: for an object whose job claimed to lack nothing, and past a session's
    `MAX_PROXY_CLASSES`."""

    __slots__ = ()


def proxy_class(kind: str, fields: tuple[str, ...] | None, lacks: str = "", claim: str | None = None
                ) -> type[RemoteObject]:
    """A `RemoteObject` subclass for objects of the job's class named ``kind`` (so ``type(x).__name__`` reads as in
    one process) that, for a dataclass instance (``fields``: its field names), is a dataclass to this side's
    ``dataclasses.asdict``, ``astuple``, ``fields`` and ``is_dataclass``: they read each field through the handle;
    ``lacks``: what the job's object lacks of `OFFERS`; ``claim``: the library class the job says it is
    (`codec.class_claim`), which this side's class of that name, where it has one, stands as: its ``__class__``, so
    ``isinstance(ax, plt.Axes)`` holds as in one process (``type()`` is still the stand-in's).
    A session keeps the classes it made (`rewards.sandbox.session.Session`): none is shared between completions."""
    namespace: dict[str, Any] = {"__slots__": (), "__module__": __name__}
    if kind == "coroutine":
        namespace.update(_COROUTINE)
    if fields is not None:
        shape = dataclasses.make_dataclass(kind, fields, init=False, repr=False, eq=False)
        namespace["__dataclass_fields__"] = shape.__dataclass_fields__  # type: ignore[attr-defined]
    claimed = claimed_class(claim) if claim is not None else None
    if claimed is not None:
        namespace["__class__"] = property(lambda self: claimed)
    offers = tuple(offer for flag, offer in OFFERS.items() if flag not in lacks)
    return type(kind, offers or (RemoteObject,), namespace)


def _between_objects(op: str) -> Any:
    """A binary operator between two objects of one job, asked of that job (``Money + Money``, a dataclass's
    ``<``); with a value of this side it is not forwarded (TypeError), so no answer sees what a test expects."""
    def method(self: RemoteObject, other: object) -> Any:
        if not self._mine(other):
            return NotImplemented
        return self._ask("op", op, (other,)).value
    method.__name__ = f"__{op.rstrip('_')}__"
    return method


def _alone(name: str) -> Any:
    """A unary operator of one object of the job (``-v``, ``abs(v)``), asked of it as one process would: no value of
    the test's goes with it."""
    def method(self: RemoteObject) -> Any:
        return self._ask("unary", name).value
    method.__name__ = f"__{name}__"
    return method


for _op in OPERATOR_NAMES:
    setattr(RemoteObject, f"__{_op.rstrip('_')}__", _between_objects(_op))
for _name in UNARY_NAMES:
    setattr(RemoteObject, f"__{_name}__", _alone(_name))
