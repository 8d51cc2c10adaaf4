"""The test's own functions a job was sent, seen from the test's side (`Replay`): what the completion's calls of them
do to the test's variables (a memoize test counting calls in its list, a ``nonlocal`` counter, a retry decorator's
attempts) is done here, by the test's own function, in the calls the job logged (`inside.job.FreeValues`); the
test's own changes to those variables go with its next request to the job's copies."""

from __future__ import annotations

import contextlib
import dis
import functools
import sys
import types
from collections.abc import Callable, Iterator
from typing import Any

from rewards.sandbox import unpatched
from rewards.sandbox.inside.job import small_data
from rewards.sandbox.wire import encode

__all__ = ["MAX_FREE_NAMES", "MAX_REPLAYED", "Replay"]

# Free variables of the test's functions one job keeps in step with the test's (`_FreeName`): past the first this
# many, or for a value that is not small plain data (`inside.job.small_data`), the job's copy is what was sent, and
# a change the test makes to it later does not reach the job (what the calls do to the test's own is still done).
MAX_FREE_NAMES = 64
# Calls of the test's functions one request may have the test's side make again (`Replay.run`).
MAX_REPLAYED = 100_000
MALFORMED = "unusable answer: a malformed log of calls of the test's functions"


class _FreeName:
    """A free variable of a test's function sent into the job (a closure's cell, or a global of the test's module);
    ``wire``: its value as both sides last had it."""

    __slots__ = ("cell", "name", "scope", "wire")

    def __init__(self, fn: Any, name: str, wire: Any) -> None:
        code = fn.__code__
        self.name, self.wire, self.scope = name, wire, fn.__globals__
        self.cell = fn.__closure__[code.co_freevars.index(name)] \
            if name in code.co_freevars and fn.__closure__ else None

    def key(self) -> tuple[int, str]:
        """One per variable: two closures of one scope share the cell, two functions of a module its globals."""
        return (id(self.cell), "") if self.cell is not None else (id(self.scope), self.name)

    def read(self) -> Any:
        """The test's value now; LookupError when the variable is unbound."""
        if self.cell is None:
            return self.scope[self.name] if self.name in self.scope else _unbound(self.name)
        try:
            return self.cell.cell_contents
        except ValueError:
            return _unbound(self.name)

    def wire_now(self) -> Any:
        """The wire form of the value now, None when it is unbound or not small plain data."""
        try:
            value = self.read()
            return encode(value, 0) if small_data(value) else None
        except (LookupError, TypeError, ValueError):
            return None


def _unbound(name: str) -> Any:
    raise LookupError(f"{name} is unbound")


class Replay:
    """One job's test functions: the ids of those whose calls the job logs (`track`), the free variables it keeps in
    step (`changes`), and the logged calls made again here (`run`)."""

    def __init__(self) -> None:
        self.logged: dict[int, Any] = {}  # function id -> the test's function
        self.free: dict[int, _FreeName] = {}  # variable id -> the variable
        self.free_ids: dict[tuple[int, str], int] = {}  # `_FreeName.key` -> variable id
        self.running = False  # a logged call is being made again: the job must be asked nothing meanwhile

    def track(self, fn: Any, sent: list) -> tuple[list, int | None]:
        """For the test's function ``fn`` going into the job with its free values ``sent`` (``[[name, wire]...]``,
        `codec.FunctionTable`): the id of each variable the job keeps in step with the test's (None for one it does
        not: past `MAX_FREE_NAMES`, or not small plain data), and the function's own id when it may change a free
        variable (`may_change_free`), whose calls the job logs for `run` to make again."""
        ids = [self._track_variable(fn, name, wire) for name, wire in sent]
        if not may_change_free(fn.__code__):
            return ids, None
        fid = next((i for i, f in self.logged.items() if f is fn), None)
        if fid is None:
            fid = len(self.logged)
            self.logged[fid] = fn
        return ids, fid

    def _track_variable(self, fn: Any, name: str, wire: Any) -> int | None:
        variable = _FreeName(fn, name, wire)
        vid = self.free_ids.get(variable.key())
        if vid is not None:
            return vid  # the test's change since the sides last agreed goes with the request (`changes`)
        if len(self.free) >= MAX_FREE_NAMES or variable.wire_now() is None:
            return None
        vid = self.free_ids[variable.key()] = len(self.free)
        self.free[vid] = variable
        return vid

    def changes(self) -> list:
        """``[[id, wire]...]`` for each tracked variable whose value the test changed since the sides last agreed on
        it (one no longer small plain data stays as the job has it)."""
        found = []
        for vid, variable in self.free.items():
            wire = variable.wire_now()
            if wire is not None and wire != variable.wire:
                variable.wire = wire
                found.append([vid, wire])
        return found

    def run(self, calls: Any, decode: Callable[[Any], Any], deadline: float) -> str | None:
        """Make the calls of the test's functions the job logged (``[[function id, wire of [args, kwargs]]...]``)
        again here, in order, with the test's own functions: what they do to the test's values is then the test's
        code's doing, never a value the job chose, and a forged log is only calls the completion could have made.
        ``decode`` reads a call's arguments strictly (charged as an answer); a call whose arguments held an object
        of the job's (logged as None) is not made again, as its uses would reach the job a second time; while one
        runs the job is asked nothing (`running`): its copy of the function asked it already. The test's function
        runs here on arguments the completion chose (a forged ``is_prime(1000000007)`` of a trial-division check,
        never made in the job): each call runs under the completion's deadline, read at every line and call of
        Python code it runs (`_deadline`), so a loop of the test's is cut there; work inside one C call (a ``pow``
        of a huge exponent) is not. Returns why the request must fail, else None."""
        if type(calls) is not list or len(calls) > MAX_REPLAYED:
            return MALFORMED
        for item in calls:
            if type(item) is not list or len(item) != 2 or type(item[0]) is not int or item[0] not in self.logged:
                return MALFORMED
            if item[1] is None:
                continue
            if unpatched.monotonic() > deadline:
                return "completion deadline passed making the calls of the test's functions again"
            args = decode(item[1])
            if type(args) is not list or len(args) != 2 or type(args[0]) is not list or type(args[1]) is not dict:
                return MALFORMED
            self.running = True
            try:
                with _deadline(deadline):
                    self.logged[item[0]](*args[0], **args[1])
            except ReplayDeadline:
                return "completion deadline passed making the calls of the test's functions again"
            except BaseException:  # it raised in the job too, where the completion saw it (``sys.exit`` and
                pass  # ``pytest.fail`` too: the completion could catch them there, and here they must not escape)
            finally:
                self.running = False
        for variable in self.free.values():  # the job's copies did the same: no change of the test's to send
            variable.wire = variable.wire_now() or variable.wire
        return None


class ReplayDeadline(BaseException):
    """Raised into a call made again once the completion's deadline passed: a BaseException, so the test function's
    own ``except Exception`` does not swallow it (and it is raised again at its next line if a bare one does)."""


@contextlib.contextmanager
def _deadline(deadline: float) -> Iterator[None]:
    """Meanwhile, every line and call of Python code this thread runs first checks ``deadline``: past it,
    `ReplayDeadline` is raised there. The thread's own trace function (a debugger's, coverage's) is set back after."""
    def check(frame: Any, event: str, arg: Any) -> Any:
        if unpatched.monotonic() > deadline:
            raise ReplayDeadline
        return check
    before = sys.gettrace()
    sys.settrace(check)
    try:
        yield
    finally:
        sys.settrace(before)


# What may change a free variable's value: rebind it, or store into or delete from anything (``calls[i] = x``,
# ``self.n += 1``), or read an attribute of a free name, or of what its items and attributes hold
# (``calls.append(x)``, ``heapq.heappush``, ``events["calls"].append(x)``, ``logs[-1].append``), other than the
# builtin containers' and str's methods that change nothing (``order.index(x)`` in a key function).
_STORES = frozenset({"STORE_DEREF", "DELETE_DEREF", "STORE_GLOBAL", "DELETE_GLOBAL", "STORE_SUBSCR",
                     "DELETE_SUBSCR", "STORE_SLICE", "STORE_ATTR", "DELETE_ATTR"})
_FREE_READS = frozenset({"LOAD_DEREF", "LOAD_GLOBAL", "LOAD_NAME", "LOAD_CLASSDEREF"})
_READ_ONLY = frozenset({"index", "count", "get", "keys", "values", "items", "copy", "find", "rfind", "startswith",
                        "endswith", "lower", "upper", "strip", "split", "join", "format", "isdisjoint", "issubset",
                        "issuperset", "union", "intersection", "difference", "most_common", "total"})
# A key pushed for a subscript (``events["calls"]``, ``logs[-1]``, ``table[k]``), which keeps what is read a free
# variable's part.
_KEY_LOADS = frozenset({"LOAD_CONST", "LOAD_FAST", *_FREE_READS})


@functools.lru_cache(maxsize=4096)
def may_change_free(code: types.CodeType) -> bool:
    """Whether a test's function of ``code`` (or code nested in it) may change a value of its free variables, by
    its bytecode (an over-estimate: a key function ``lambda x: weights[x]`` may not, ``calls.append`` and
    ``events["calls"].append`` may). What it misses: a free value passed to a function that changes it
    (``insort(seen, x)`` of a ``from bisect import insort``, ``next(counter)``, ``setattr(ns, "n", x)``)."""
    instructions = list(dis.get_instructions(code))
    part = False  # the value just read is a free variable's, or an item or attribute of one
    i = 0
    while i < len(instructions):
        ins = instructions[i]
        if ins.opname in _STORES:
            return True
        if part and ins.opname in ("LOAD_METHOD", "LOAD_ATTR"):
            if ins.argval not in _READ_ONLY:
                return True
            part = ins.opname == "LOAD_ATTR"  # ``obj.items.append``: an attribute; ``d.items()``: a call's result
        elif part and ins.opname in _KEY_LOADS and i + 1 < len(instructions) and \
                instructions[i + 1].opname == "BINARY_SUBSCR":
            i += 1  # the item of a free variable's part
        else:
            part = ins.opname in _FREE_READS
        i += 1
    return any(may_change_free(c) for c in code.co_consts if type(c) is types.CodeType)
