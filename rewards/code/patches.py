"""A test's ``mock.patch`` of a library function reaches the completion's calls, as in one process: while the test has
patched a module's attribute by name (``@patch("random.randint", return_value=4)``, ``@patch("os.listdir")`` with
its ``return_value`` set in the test), each call the test makes runs with a mock of the same configuration in that
place in the job, and the calls the completion made of it are made again of the test's own mock, so its
``call_count``, ``assert_called_once_with`` and a side effect's progress read as in one process
(`PatchedModules`; the job's side is `rewards.sandbox.inside.job.Fed`'s ``"patches"``).

What crosses is what the mock does as data: a return value or a list of them as its side effect (plain data, a builtin
exception that call raises, or a mock of the same kind, whose calls are made again of the test's item), a builtin
exception it raises, and the same of its attributes (a ``with`` statement's ``__enter__`` and ``__exit__`` among
them) and of its return value's, five levels deep (``get.return_value.json.return_value = {...}``,
``urlopen.return_value.__enter__.return_value.read.return_value``). A mock whose behaviour is code (a function as side
effect, ``wraps``) or holds anything else does not cross: the job's own function runs, as before. A test's
``patch("builtins.open", mock_open(read_data=...))`` crosses as its data: the job makes its own ``mock_open`` of it. A
target patched with a value, not a mock (``patch("sys.argv", ["prog", "-v"])``), holds that value in the job where it is
plain data; the variables a test's ``patch.dict(os.environ, {...})`` set (or removed: ``clear=True``) are set in the
job's environment while each call runs."""

from __future__ import annotations

import builtins
import collections
import itertools
import os
import re
import sys
import types
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from rewards.sandbox import encode

# ``patch("module.attribute"`` and ``patch.object(module, "attribute"``: what a test's code patches by name
# (``builtins`` aside: `streams._Feed` gives those).
_TARGET = re.compile(r"""patch\(\s*(['"])([A-Za-z_][\w.]{0,200})\.([A-Za-z_]\w{0,63})\1""")
_OBJECT_TARGET = re.compile(r"""patch\.object\(\s*([A-Za-z_][\w.]{0,200})\s*,\s*(['"])([A-Za-z_]\w{0,63})\2""")
# ``patch.dict(os.environ, {...})`` and ``patch.dict("os.environ", ...)``: the variables the test set reach the job
_ENVIRON_TARGET = re.compile(r"""patch\.dict\(\s*(?:os\.environ\b|(['"])os\.environ\1)""")
ENVIRON = ("os", "environ")
OPEN = ("builtins", "open")  # BigCodeBench's file tasks: ``patch("builtins.open", mock_open(read_data=...))``
MAX_TARGETS = 16
MAX_DEPTH = 5  # of a mock's attributes and return values that cross (``urlopen().__enter__().read()`` is four)
# The magic methods whose mocks cross, and whose calls are made again: a ``with`` statement's (``with urlopen(url) as
# response``, ``with smtplib.SMTP(...) as server``); the job's side is `inside.job.MOCK_DUNDERS`.
DUNDERS = ("__enter__", "__exit__")
MAX_EFFECTS = 1000  # items of a side effect read ahead
MAX_CALLS = 1000  # calls of one mock made again here, a request
_CALL_NAME = re.compile(r"\(\)|__enter__|__exit__|\[\d{1,4}\]|[A-Za-z]\w{0,63}")


def patch_targets(sources: Iterable[str]) -> tuple[tuple[str, str], ...]:
    """The (module, attribute) pairs the test's code patches by name, ``builtins`` aside."""
    found: dict[tuple[str, str], None] = {}
    for source in sources:
        found.update(dict.fromkeys((m.group(2), m.group(3)) for m in _TARGET.finditer(source)))
        found.update(dict.fromkeys((m.group(1), m.group(3)) for m in _OBJECT_TARGET.finditer(source)))
        if _ENVIRON_TARGET.search(source):
            found[ENVIRON] = None
    return tuple(target for target in found if target[0] != "builtins" or target == OPEN)[:MAX_TARGETS]


class PatchedModules:
    """The test's mocks in place of ``targets`` (module, attribute) now: `before` gives a call's ``patches`` field,
    each target the test has patched as ``[module, attribute, spec]``; `after` makes the completion's calls of each
    again of the test's mock."""

    def __init__(self, targets: tuple[tuple[str, str], ...],
                 copies: Callable[[str], types.ModuleType | None] = lambda name: None,
                 sources: Iterable[str] = ()) -> None:
        self.targets = targets
        # The test's own copy of a module, by name, where it has one (`rewards.code.seeding`: ``random``): what
        # ``patch.object(random, "shuffle")`` patches.
        self.copies = copies
        self.mocks: list[Any] = []
        # The items of each of their side effects read ahead this request, by the id of the mock it is of: a logged
        # call's name reaches a mock among them by its index (``"[1].close"``: the job's `inside.job._unpatch`)
        self.effects: dict[int, list[Any]] = {}
        # What each target held when the row began (its module imported by then): a target that holds another
        # value later, plain data, was patched with it (``patch("sys.argv", ["prog", "x"])``, ``patch("math.pi",
        # 3)``) and that value crosses.
        self.held = {target: vars(sys.modules[target[0]]).get(target[1], _ABSENT) for target in targets
                     if target[0] in sys.modules}
        # The environment when the row began: what the test's patch.dict changed of it crosses, nothing else of it;
        # and of what changed, only variables the test's code names: os.environ is the whole process's, and another
        # thread (the trainer's, a library's) may set its own while the row runs (red team 15: a token a trainer
        # thread set meanwhile reached the job of a row patching APP_MODE).
        self.environ = dict(os.environ) if ENVIRON in targets else None
        self.named = frozenset(_WORD.findall("\n".join(sources))) if ENVIRON in targets else frozenset()

    def before(self) -> list[list[Any]]:
        self.mocks, self.effects = [], {}
        mocks = sys.modules.get("unittest.mock")
        if mocks is None:
            return []
        fields = []
        for module_name, attribute in self.targets:
            copy, module = self.copies(module_name), sys.modules.get(module_name)
            given = vars(copy).get(attribute) if copy is not None else None
            if not isinstance(given, mocks.NonCallableMock):
                given = vars(module).get(attribute) if module is not None else None
            if isinstance(given, mocks.NonCallableMock):
                spec = _spec(given, mocks, 0, self.effects)
                if spec is not None:
                    fields.append([module_name, attribute, spec])
                    self.mocks.append(given)
            elif (module_name, attribute) == ENVIRON and given is os.environ and self.environ is not None:
                changed = self._environ_changed()
                if changed is not None:
                    fields.append([module_name, attribute, {"environ": changed}])
                    self.mocks.append(None)
            elif given is not self.held.get((module_name, attribute), given) and given is not None and \
                    (module_name, attribute) not in _STREAMS:
                wire = _wire(given)
                if wire is not None:
                    fields.append([module_name, attribute, {"value": wire}])
                    self.mocks.append(None)  # no calls to make again
        return fields

    def _environ_changed(self) -> list[Any] | None:
        """``[[[name, value], ...], [removed names], cleared]``: the variables the test set or removed since the row
        began, of those its code names (``cleared`` where it removed them all, ``patch.dict(..., clear=True)``: their
        names are not sent), or None where it changed none."""
        before, now = self.environ or {}, dict(os.environ)
        setting = [[k, v] for k, v in now.items() if before.get(k) != v and k in self.named]
        removed = [k for k in before if k not in now]
        cleared = bool(before) and len(removed) == len(before)
        gone = [k for k in removed if k in self.named]
        if not setting and not gone and not cleared:
            return None
        return [setting, [] if cleared else gone, cleared]

    def after(self, patched: Any) -> None:
        """Make the calls the job's mocks logged (``[[index, [[name, args, kwargs], ...]], ...]``, decoded and
        checked by `Session._fed`) again of the test's mocks: each by the path of its name (``"().json"``)."""
        mocks = sys.modules.get("unittest.mock")
        for index, calls in patched if type(patched) is list and mocks is not None else ():
            if type(index) is not int or not 0 <= index < len(self.mocks) or type(calls) is not list:
                continue
            for name, args, kwargs in calls[:MAX_CALLS] if self.mocks[index] is not None else ():
                target = _child(self.mocks[index], name, mocks, self.effects)
                if target is not None:
                    _call_again(target, args, kwargs)
        self.mocks, self.effects = [], {}


def _call_again(target: Any, args: tuple, kwargs: dict[str, Any]) -> None:
    """Make a completion's call of a mock again of ``target``, the test's: what it raises, the job's mock raised
    there, and the completion may have caught it (a side effect past its end; ``side_effect=KeyboardInterrupt``
    ending a loop of ``time.sleep``, which no longer ends the test here: red team 13)."""
    try:
        target(*args, **kwargs)
    except Exception:
        pass
    except BaseException as e:
        effect = target.side_effect
        if type(e) is not (effect if isinstance(effect, type) else type(effect)):
            raise  # not the mock's own: a signal's, say


_ABSENT = object()
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")  # a name the test's code writes (an environment variable's, say)
# The test's own streams patched with a buffer (``patch("sys.stdout", new_callable=io.StringIO)``): what the
# completion prints and reads reaches them by `rewards.code.streams`, never as a value of the job's.
_STREAMS = frozenset({("sys", "stdin"), ("sys", "stdout"), ("sys", "stderr")})


def _spec(given: Any, mocks: Any, depth: int, effects: dict[int, list[Any]]) -> dict[str, Any] | None:
    """What ``given`` (a mock) does, as data the job builds its own from (`inside.job.built_mock`); None where
    any of it is code or not plain data. ``effects`` gets the items of each side effect read ahead, by its mock's
    id."""
    spec: dict[str, Any] = {}
    if given._mock_wraps is not None:
        # A spy (``wraps=os.mkdir``): its calls run the real function, so the completion's, made again here, would
        # run it on the trusted side with the completion's arguments (red team 13: an escape).
        return None
    read_data = _mock_open_data(given, mocks)
    if read_data is not None:
        return {"open": encode(read_data)}
    effect = given.side_effect
    if effect is not None:
        raised = _raised(effect)
        if raised is not None:
            spec["raise"] = raised
        elif isinstance(effect, Iterator):
            ahead = effect if type(effect) is ReadAhead else ReadAhead(effect)
            given.side_effect = ahead  # its items are given back in front: the calls made again below take them
            items = ahead.peek(MAX_EFFECTS)
            # A builtin exception among them (``side_effect=["1.2.3.4", OSError("nx")]``) is raised by that call
            raises = [[i, _raised(item)] for i, item in enumerate(items) if _raised(item) is not None]
            # and a mock among them (``side_effect=[ConnectionError(), response]``), a mock of its configuration
            made = [[i, _spec(item, mocks, depth + 1, effects) if depth < MAX_DEPTH else None]
                    for i, item in enumerate(items) if isinstance(item, mocks.NonCallableMock)]
            if any(inner is None for _, inner in made):
                return None
            at = {i for i, _ in raises} | {i for i, _ in made}
            wires = [_wire(None) if i in at else _wire(item) for i, item in enumerate(items)]
            if any(w is None for w in wires):
                return None
            spec["effects"] = wires
            effects[id(given)] = items
            if raises:
                spec["effect_raises"] = raises
            if made:
                spec["effect_mocks"] = made
        else:
            return None
    returned = given._mock_return_value
    if returned is not mocks.DEFAULT:
        if isinstance(returned, mocks.NonCallableMock):
            if depth >= MAX_DEPTH:
                return None
            inner = _spec(returned, mocks, depth + 1, effects)
            if inner is None:
                return None
            spec["returns"] = inner
        else:
            wire = _wire(returned)
            if wire is None:
                return None
            spec["return"] = wire
    attributes = _attributes(given, mocks, depth, effects)
    if attributes is None:
        return None
    if attributes:
        spec["attrs"] = attributes
    return spec


def _mock_open_data(given: Any, mocks: Any) -> str | bytes | None:
    """The ``read_data`` of a mock that `unittest.mock.mock_open` made, as it made it, else None. Its side effects are
    the standard library's code, not the test's: the job makes its own ``mock_open`` of the same data, and the calls
    made again here run this one's (a read reads the test's copy of the data, as the completion's read did there)."""
    effect, reset = given.side_effect, _mock_open_reset(mocks)
    if type(effect) is not types.FunctionType or reset is None or effect.__code__ is not reset or \
            effect.__closure__ is None:
        return None
    try:
        cells = dict(zip(reset.co_freevars, (cell.cell_contents for cell in effect.__closure__), strict=True))
    except ValueError:  # a cell not yet filled
        return None
    handle, data = cells.get("handle"), cells.get("read_data")
    if given._mock_return_value is not handle or type(data) not in (str, bytes):
        return None
    # A read's value the test set on the handle besides (``m.return_value.read.return_value``) is not sent: not it.
    if any(getattr(handle, name).return_value is not None for name in ("read", "readline", "readlines")):
        return None
    return data


def _mock_open_reset(mocks: Any) -> types.CodeType | None:
    """The code of the side effect a ``mock_open`` mock runs when called (its ``reset_data``), else None."""
    made = getattr(mocks, "mock_open", None)
    consts = made.__code__.co_consts if type(made) is types.FunctionType else ()
    return next((c for c in consts if type(c) is types.CodeType and c.co_name == "reset_data"), None)


def _attributes(given: Any, mocks: Any, depth: int, effects: dict[int, list[Any]]) -> list[list[Any]] | None:
    """``[[name, {"value": wire} or spec], ...]``: the values a test set on ``given`` and its configured child
    mocks; None where one cannot cross."""
    found: list[list[Any]] = []
    for name, value in vars(given).items():
        if not name.startswith("_") and name != "method_calls":
            wire = _wire(value)
            if wire is None:
                return None
            found.append([name, {"value": wire}])
    for name, child in given._mock_children.items():
        if not isinstance(child, mocks.NonCallableMock) or name.startswith("_") and name not in DUNDERS:
            continue
        if depth >= MAX_DEPTH:
            return None
        inner = _spec(child, mocks, depth + 1, effects)
        if inner is None:
            return None
        if inner:
            found.append([name, inner])
    return found


def _raised(effect: Any) -> list[Any] | None:
    """``[builtin exception class name, [plain args]]`` for a side effect that raises one, else None."""
    kind = effect if isinstance(effect, type) else type(effect)
    if not issubclass(kind, BaseException) or getattr(builtins, kind.__name__, None) is not kind:
        return None
    args = effect.args if isinstance(effect, BaseException) else ()
    wire = _wire(args)
    return [kind.__name__, wire] if wire is not None else None


def _wire(value: Any) -> Any:
    """``value``'s wire form where it is plain data, else None."""
    try:
        return encode(value)
    except (TypeError, ValueError, RecursionError):
        return None


def _child(given: Any, name: Any, mocks: Any, effects: dict[int, list[Any]] | None = None) -> Any:
    """The mock a logged call's name reaches from ``given`` (``""`` itself, ``"()"`` its return value, a word a child
    mock, ``__enter__`` and ``__exit__`` of a ``with``, ``[i]`` the i-th item of its side effect as read ahead for
    the request, in ``effects``), or None for a name that is no such path: another dunder
    (``str()`` of a mock logs one), or a step that is no mock's child. The job's log is the completion's to write (its
    ``mock_calls`` is a list): a name that reaches a method of the mock (``reset_mock``, ``configure_mock``,
    ``assert_*``) or of a value the test gave it (``().json.return_value.clear``) is no call of a mock, and would
    change the test's objects (red team 13)."""
    if type(name) is not str or len(name) > 400:
        return None
    parts = _CALL_NAME.findall(name)
    if "".join(parts).replace("()", "") != name.replace("()", "").replace(".", "") or len(parts) > 8:
        return None
    target = given
    for part in parts:
        if part == "()":
            target = target.return_value
        elif part[0] == "[":  # a mock of its side-effect list, as read ahead for the request
            items = (effects or {}).get(id(target), ())
            index = int(part[1:-1])
            target = items[index] if index < len(items) else None
        elif part in DUNDERS:
            target = getattr(target, part, None)  # a MagicMock's own child mock for it
        elif hasattr(type(target), part):  # the mock class's own: a method, or a property such as return_value
            return None
        else:
            target = getattr(target, part, None)
        if not isinstance(target, mocks.NonCallableMock):
            return None
    return target if callable(target) else None


class ReadAhead:
    """A test's mock's side effect (an iterator) whose next items were read ahead: those first, then the rest, as the
    mock would have given them."""

    def __init__(self, rest: Iterator[Any]) -> None:
        self.ahead: collections.deque[Any] = collections.deque()
        self.rest = rest

    def __iter__(self) -> ReadAhead:
        return self

    def __next__(self) -> Any:
        return self.ahead.popleft() if self.ahead else next(self.rest)

    def peek(self, n: int) -> list[Any]:
        """Its next ``n`` items (fewer where it ends), left to come."""
        self.ahead.extend(itertools.islice(self.rest, max(0, n - len(self.ahead))))
        return list(itertools.islice(self.ahead, n))
