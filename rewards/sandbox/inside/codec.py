"""The tagged form of values crossing the sandbox: JSON lists tagged with their exact type.

Plain builtins: ``["N"]`` None, ``["B", bool]``, an int as a bare JSON number when it is within +-`BARE_INT`
(what every JSON reader reads exactly), else ``["I", hex]``, ``["F", repr]``, ``["C", repr of real, repr of
imag]``, ``["S", str]``, ``["Y", hex of bytes]``, ``["L" | "T" | "E" | "Z", [items]]`` for list, tuple, set and
frozenset, ``["D", [[key, value], ...]]``, and ``["H", hex id, type name, hex hash or None, [dataclass fields] or
None, builtin name]`` for a handle (the parts after the type name optional): an object that stays in its job.

The standard library's and numpy's value types that answers and arguments hold in real datasets cross too, so a test
compares them as plain Python would: ``["R", hex, hex, hex]`` range, ``["BA", hex]`` bytearray, ``["DEC", str]``
Decimal, ``["FR", hex, hex]`` Fraction, ``["DT", kind, isoformat]`` date, time and datetime (a `zoneinfo` one with its
zone's key as a fourth part, made again in that zone), ``["TZ", key]`` a `zoneinfo.ZoneInfo`, ``["TZO", offset, name or
None]`` a `datetime.timezone`, ``["TD", hex, hex, hex]`` timedelta, ``["CT" | "OD", [[key, value], ...]]`` Counter and
OrderedDict, ``["DD", factory, [[key, value], ...]]`` defaultdict (its factory named when it is a builtin type, in an
answer a handle to the completion's own, else None), ``["Q", [items], maxlen]`` deque, ``["AR", typecode, [items]]`` a
numeric `array.array`, ``["DK" | "DV" | "DI", [items]]`` a dict's keys, values and items views, ``["NT", type name,
[fields], [items]]`` a namedtuple (an answer whose class adds methods has its handle as a fifth part), ``["NS", dtype,
value]`` a numpy scalar, ``["NA", dtype, [shape], [items]]`` a numeric or string numpy array (or one of handles,
dtype object), ``["SY", kind, parts...]``
a sympy Integer, Rational, Float or boolean, ``["EL"]`` Ellipsis, ``["SL", [start, stop, step]]`` a slice, ``["UU",
hex]`` a `uuid.UUID`, ``["PA", class name, text]`` a `pathlib` path (a pure one on the trusted side: a test never reads
a host file an answer names), ``["IP", class name, text]`` an `ipaddress` address, network or interface, ``["UL",
[items]]``, ``["UD", [[key, value], ...]]`` and ``["US", str]`` a `collections` UserList, UserDict and UserString,
``["ST", [9 ints], zone, offset]`` a `time.struct_time`, ``["ND", mean, stdev]`` a `statistics.NormalDist`,
``["SIO", text, position]`` and ``["BIO", hex, position]`` an `io.StringIO` and `io.BytesIO` (a test's file-like
argument, read on from where the call left it: `rewards.sandbox.writeback`; a closed one at position `CLOSED`), and
(arguments only) ``["BI", name]`` a pure builtin, ``["IT", [items]]`` an iterator, ``["REF", index]`` an object of an
`ObjectGraph`, ``["FN", index]`` a function of a `FunctionTable`, ``["PU", kind, [args], [[keyword, value]...]]`` an
`operator.itemgetter`, `attrgetter`, `methodcaller`, `functools.partial` or compiled `re` pattern (`PURE_KINDS`), and
``["SH", index, value]`` and ``["SR", index]`` a list, set or dict sent once for several places (`Aliases`). Each is
rebuilt on the other side from its parts, never by evaluating text. A builtin in an answer is a handle (whose fifth part
is its name, the job's claim, used only for equality), since the test would call this side's own outside every deadline;
what a call left its arguments as names by ``["BI", name]`` only the builtins its request sent (`sent_builtins`).

One codec for both sides: the trusted side encodes call arguments with `encode` and reads answers with its strict
decoder (`rewards.sandbox.wire.decode`, which checks every part before it builds anything); a job decodes its
arguments with `decode` (it trusts its worker, which relays the trusted side) and encodes its answers with
`encode`. The slot ships this file's source into the sandbox (`rewards.sandbox.slot.WORKER_SOURCE`), so it uses the
standard library only: numpy and sympy values are recognised through ``sys.modules`` (a value of a library that
was never imported cannot exist), and the library is loaded by name only where one of its values arrives.
"""

from __future__ import annotations

import abc
import array
import builtins
import collections
import contextlib
import copy
import datetime
import decimal
import fractions
import functools
import gc
import importlib
import io
import itertools
import operator
import re
import sys
import time
import types
from collections.abc import Callable
from typing import Any

from rewards.sandbox.inside import tables

MAX_DEPTH = 100
# Ints strictly within +-2**53 cross as bare JSON numbers: a third of the bytes of ``["I", hex]`` (an answer of
# 200,000 ints fits `SandboxConfig.output_bytes`), and no two such ints share a hash but -1 and -2, so a list of them
# cannot flood a hash table (`rewards.sandbox.wire.HashSpread` skips them).
BARE_INT = 1 << 53

# Scalar tag -> (parts after the tag, the type of each part, the value made from them).
SCALARS: dict[str, tuple[int, type | None, Callable[..., Any]]] = {
    "N": (0, None, lambda: None), "B": (1, bool, bool), "I": (1, str, lambda x: int(x, 16)), "F": (1, str, float),
    "C": (2, str, lambda re, im: complex(float(re), float(im))), "S": (1, str, str), "Y": (1, str, bytes.fromhex),
    "R": (3, str, lambda a, b, c: range(int(a, 16), int(b, 16), int(c, 16))),
    "BA": (1, str, bytearray.fromhex), "DEC": (1, str, decimal.Decimal),
    "FR": (2, str, lambda n, d: fractions.Fraction(int(n, 16), int(d, 16))),
    "TD": (3, str, lambda d, s, us: datetime.timedelta(int(d, 16), int(s, 16), int(us, 16))),
    "EL": (0, None, lambda: Ellipsis)}
CONTAINERS: dict[str, type] = {"L": list, "T": tuple, "E": set, "Z": frozenset}
TAGS: dict[type, str] = {list: "L", tuple: "T", set: "E", frozenset: "Z"}
_INTS = {int}
# Dict-like types, tagged like "D": their items are [key, value] pairs.
MAPPINGS: dict[str, type] = {"D": dict, "CT": collections.Counter, "OD": collections.OrderedDict}
MAPPING_TAGS: dict[type, str] = {v: k for k, v in MAPPINGS.items()}
DATES: dict[str, Any] = {"date": datetime.date, "time": datetime.time, "datetime": datetime.datetime}
# The classes as this module began: a test's ``patch("datetime.datetime")`` replaces the module's attribute on the
# trusted side, and in the job while a call runs (`inside.job._patch`), where a real datetime was then no datetime
# to the codec (red team 13).
_DATETIME, _TIMEDELTA, _TIMEZONE = datetime.datetime, datetime.timedelta, datetime.timezone
# The factories of a defaultdict that cross by name: builtin types that make an empty or zero value.
FACTORIES: dict[str, type] = {t.__name__: t for t in (int, float, complex, str, bytes, list, tuple, dict, set,
                                                       frozenset, bool)}
# The views of a dict (keys, values, items) and their tags: rebuilt as views of a dict of this side.
VIEWS: tuple[type, ...] = (type({}.keys()), type({}.values()), type({}.items()))
VIEW_TAGS = ("DK", "DV", "DI")
# The typecodes of an `array.array` that crosses (``["AR", typecode, items]``): numbers ("u", wide characters, is
# deprecated and stays a handle).
ARRAY_TYPECODES = "bBhHiIlLqQfd"
# numpy dtypes that cross, by their name: numbers and booleans (and strings, `UNICODE_DTYPE`; objects, bytes and
# dates stay in the job as handles).
NUMPY_DTYPES = frozenset({"bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
                          "float16", "float32", "float64", "complex64", "complex128"})

# What each side refuses to encode, by what it encodes: (nested too deeply, not plain data and no handle for it).
REFUSALS = {"argument": ("argument nested too deeply", "cannot pass a {} into the sandbox: only plain data"),
            "answer": ("value nested too deeply", "cannot return a {}: only plain data crosses the sandbox")}


# The operators a test's objects of one job are combined and ordered with, asked of that job (`operator`'s names):
# `rewards.sandbox.handles.RemoteObject` forwards them, `rewards.sandbox.inside.job` computes them.
OPERATOR_NAMES = ("add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "matmul", "and_", "or_", "xor", "lshift",
                  "rshift", "lt", "le", "gt", "ge")
# The unary operators a test applies to one object of the job (``-v``, ``abs(v)``): nothing of the test's goes with
# them. Conversions (``int``, ``float``, an index) are not among them: an object that converts to every answer at
# once would pass any test that coerces what it got (the handles red team's ``Three``).
UNARY_NAMES = ("neg", "pos", "abs", "invert")
# Builtin functions and types that cross by name (``["BI", name]``): pure ones a test passes as a key or a factory,
# and the public methods of builtin types (``str.upper``). Never ``eval``, ``open`` or ``__import__``.
BUILTIN_NAMES = frozenset({
    "abs", "all", "any", "ascii", "bin", "bool", "bytes", "callable", "chr", "complex", "dict", "divmod", "enumerate",
    "filter", "float", "format", "frozenset", "hash", "hex", "int", "isinstance", "issubclass", "iter", "len", "list",
    "map", "max", "min", "next", "oct", "ord", "pow", "range", "repr", "reversed", "round", "set", "slice", "sorted",
    "str", "sum", "tuple", "zip",
    # the builtin exception classes: a test passes one to code that raises or catches it (``g.throw(ValueError)``)
    *(name for name, value in vars(builtins).items()
      if isinstance(value, type) and issubclass(value, BaseException) and not name.startswith("_"))})
# Libraries whose objects stay in the job as handles yet whose class a test checks (BigCodeBench's
# ``assertIsInstance(ax, plt.Axes)``, ``isinstance(model, LinearRegression)``): a handle names its object's class
# ``module:qualname`` where the module is one of these (or the class is one of `CLAIMED_CLASSES`), and the trusted
# side's stand-in reports that class of its own as its ``__class__`` where it has the module imported already
# (`claimed_class`). The claim is the job's word: it buys no more than a real object of that class in the job would,
# whose every use is a call into the job too.
CLAIMING_LIBRARIES = frozenset({"matplotlib", "sklearn", "scipy", "PIL", "seaborn", "networkx", "statsmodels"})
CLAIMED_CLASSES = frozenset({"re:Pattern", "re:Match"})
_CLAIM = re.compile(r"[A-Za-z_]\w{0,40}(?:\.[A-Za-z_]\w{0,40}){0,6}:[A-Za-z_]\w{0,60}(?:\.[A-Za-z_]\w{0,60}){0,3}")


def class_claim(kind: type) -> str | None:
    """``module:qualname`` of ``kind`` where a handle to an object of it names its class (`CLAIMING_LIBRARIES`),
    else None."""
    module, qualname = getattr(kind, "__module__", None), getattr(kind, "__qualname__", None)
    if type(module) is not str or type(qualname) is not str:
        return None
    claim = f"{module}:{qualname}"
    return claim if claimable(claim) else None


def claimable(claim: Any) -> bool:
    """Whether ``claim`` is a well-formed ``module:qualname`` a handle may name (`class_claim`)."""
    return type(claim) is str and _CLAIM.fullmatch(claim) is not None and (
        claim in CLAIMED_CLASSES or claim.split(".", 1)[0].split(":", 1)[0] in CLAIMING_LIBRARIES)


def claimed_class(claim: str) -> type | None:
    """This process's class of a handle's claim (`class_claim`), found only in a module imported already and through
    its modules' and classes' own dicts (no import, no ``__getattr__`` runs); None where there is none."""
    module_name, _, qualname = claim.partition(":")
    found: Any = sys.modules.get(module_name)
    for part in qualname.split("."):
        space = getattr(found, "__dict__", None)
        found = space.get(part) if isinstance(space, (dict, types.MappingProxyType)) else None
    ok = isinstance(found, type) and found.__module__ == module_name and found.__qualname__ == qualname
    return found if ok else None


# Modules whose public functions cross by name as builtins do (``candidate(math.sqrt, 16)``): pure functions of
# numbers, written in C.
FUNCTION_MODULES = frozenset({"math", "cmath"})
# The standard library's value classes a test passes as a factory (``parse_all(xs, Fraction)``): they cross by their
# module's name as builtins do, and make values the codec carries.
CLASS_NAMES = frozenset({"fractions.Fraction", "decimal.Decimal", "datetime.date", "datetime.time",
                         "datetime.datetime", "datetime.timedelta", "collections.Counter", "collections.OrderedDict",
                         "collections.defaultdict", "collections.deque"})
# Pure callables of the standard library a test passes as a key or a function (``max(rows, key=itemgetter(1))``,
# ``partial(pow, 2)``): they cross as ``["PU", kind, [args], [[keyword, value]...]]``, their constructor's arguments
# (each of which must cross), and are made again in the job.
PURE_KINDS: dict[str, Callable[..., Any]] = {"operator.itemgetter": operator.itemgetter,
                                             "operator.attrgetter": operator.attrgetter,
                                             "operator.methodcaller": operator.methodcaller,
                                             "functools.partial": functools.partial,
                                             # a test's compiled pattern, compiled again in the job from its text
                                             # and flags; never made on the trusted side (an answer's pattern is a
                                             # handle: matched here, a job's pattern could backtrack past every
                                             # deadline)
                                             "re.Pattern": re.compile}
# The types of what crosses by a module's name; their ``__name__`` and ``__module__`` are their own (Fraction's
# class is ABCMeta).
_NAMED_TYPES = (types.BuiltinFunctionType, type, abc.ABCMeta)
# The only types `builtin_name` reads a name of (those and method descriptors): their ``__name__`` runs no code of a
# job's, and anything else's is not read (on the trusted side a test's handle would ask its job for it).
BUILTIN_TYPES = (*_NAMED_TYPES, types.MethodDescriptorType)
METHOD_OWNERS: dict[str, type] = {t.__name__: t for t in (str, bytes, int, float, complex, list, dict, set, frozenset,
                                                           tuple)}
# Iterators a test may pass as an argument (``f(x * 2 for x in xs)``): sent as their items, at most this many.
MAX_ITERATOR_ITEMS = 100_000
# Iterators of a dict's keys, values or items, of a set, of a reversed list (copied: `COPIED`), and those of
# ``iter(callable, sentinel)`` and of itertools (``islice``, ``chain``, ``count``: an endless one is refused at the
# bound) are read whole, as a generator is.
_COPIED_ONLY: tuple[type, ...] = (type(iter({})), type(iter({}.values())), type(iter({}.items())), type(iter(set())),
                                  type(reversed([])))
_ITERATORS: tuple[type, ...] = (
    types.GeneratorType, type(iter([])), type(iter(())), type(iter(range(0))), type(iter("")), map, filter, zip,
    enumerate, reversed, *_COPIED_ONLY, type(iter(int, 0)), itertools.islice, itertools.chain, itertools.count,
    itertools.cycle, itertools.repeat, itertools.accumulate, itertools.takewhile, itertools.dropwhile,
    itertools.filterfalse, itertools.compress, itertools.starmap, itertools.zip_longest, itertools.product,
    itertools.permutations, itertools.combinations, itertools.combinations_with_replacement, itertools.pairwise)
# Those whose items are read from a copy, so that the test's own is moved on only as far as the call reads it
# (`rewards.sandbox.writeback.read_on`): by its position (`SEEKABLE`), else item by item.
# The position a closed StringIO or BytesIO crosses with (its text empty: a closed buffer has none to read).
CLOSED = -1
SEEKABLE: tuple[type, ...] = (type(iter([])), type(iter(())), type(iter(range(0))), type(iter("")))
COPIED: tuple[type, ...] = (*SEEKABLE, *_COPIED_ONLY)


def encode(x: Any, depth: int = 0, handle: Callable[[Any], list | None] | None = None, what: str = "argument",
           aliases: Aliases | None = None) -> Any:
    """Tagged data; anything else is ``handle(x)`` (a handle's wire form, None when there is none), else
    refused with a TypeError (``what``: "argument" on the trusted side, "answer" in a job, for the message).
    ``aliases``: the lists, sets and dicts of ``x`` it holds more than once, sent once each (`Aliases`).

    >>> encode((1, "a", 2**60))
    ['T', [1, ['S', 'a'], ['I', '0x1000000000000000']]]
    """
    if aliases is not None and id(x) in aliases.shared:
        return aliases.wire(x, lambda: _encode(x, depth, handle, what, aliases), REFUSALS[what][0])
    return _encode(x, depth, handle, what, aliases)


def _encode(x: Any, depth: int, handle: Callable[[Any], list | None] | None, what: str,
            aliases: Aliases | None) -> Any:
    if depth > MAX_DEPTH:
        raise TypeError(REFUSALS[what][0])
    t, d = type(x), depth + 1
    if x is None:
        return ["N"]
    if t is bool:
        return ["B", x]
    if t is int:
        return x if -BARE_INT < x < BARE_INT else ["I", hex(x)]
    if t is float:
        return ["F", repr(x)]
    if t is complex:
        return ["C", repr(x.real), repr(x.imag)]
    if t is str:
        return ["S", x]
    if t is bytes:
        return ["Y", x.hex()]
    if t is slice:  # a test's ``seq[1:3]`` on an object of the job, or a completion's answer
        return ["SL", [encode(v, d, handle, what) for v in (x.start, x.stop, x.step)]]
    if x is Ellipsis:
        return ["EL"]
    if t in TAGS:
        kinds = set(map(type, x)) if d <= MAX_DEPTH and x else None  # one C pass, for both shortcuts
        if kinds == _INTS and -BARE_INT < min(x) and max(x) < BARE_INT:
            return [TAGS[t], list(x)]  # each item its own wire form, found in C passes: no Python step per item
        if kinds and d < MAX_DEPTH and (aliases is None or not aliases.shared) and int_rows(x, kinds):
            return [TAGS[t], [[TAGS[type(v)], list(v)] for v in x]]  # pairs, a grid: one step a row, not an item
        return [TAGS[t], [encode(v, d, handle, what, aliases) for v in x]]
    if t in MAPPING_TAGS:
        return [MAPPING_TAGS[t], _pairs(x, d, handle, what, aliases)]
    wire = _library(x, t, d, handle, what) or (_builtin(x, t) or pure_wire(x, d, handle)
                                               if what == "argument" else None)
    if wire is None and handle is not None:
        wire = handle(x)  # first: a generator of the job's, passed back, is its handle (`Session._wire`)
    if wire is None and what == "argument" and isinstance(x, _ITERATORS):
        wire = ["IT", [encode(v, d, handle, what) for v in _bounded(copy.copy(x) if t in COPIED else x)]]
    if wire is None:
        raise TypeError(REFUSALS[what][1].format(t.__name__))
    return wire


def int_rows(x: Any, kinds: set[type]) -> bool:
    """Whether every item of ``x`` (of the types ``kinds``) is a list, tuple, set or frozenset of bare ints only
    (within +-`BARE_INT`, no bool): each row then crosses as its tag and its ints (checked in C passes, as a flat
    list of ints is)."""
    if not kinds <= _ROWS:
        return False
    flat = list(itertools.chain.from_iterable(x))
    return not flat or set(map(type, flat)) == _INTS and -BARE_INT < min(flat) and max(flat) < BARE_INT


_ROWS = set(TAGS)


@contextlib.contextmanager
def gc_paused() -> Any:
    """Meanwhile, no pass of the cyclic garbage collector (unless one was off already): a wire form or value of
    100,000 rows is 200,000 new containers, and every 700 start a pass, whose older generations walk the whole heap
    (3-5x the time of building them on a trusted side with 60,000 objects). Nothing built here is a cycle; the pause
    is for the whole process, so it is brief."""
    paused = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if paused:
            gc.enable()


def _bounded(iterator: Any) -> list:
    items = []
    for item in iterator:
        items.append(item)
        if len(items) > MAX_ITERATOR_ITEMS:
            raise TypeError(f"cannot pass an iterator of more than {MAX_ITERATOR_ITEMS} items into the sandbox")
    return items


def builtin_name(x: Any) -> str | None:
    """The name ``x`` crosses by when it is one of `BUILTIN_NAMES`, a public method of a builtin type, a public
    function of a `FUNCTION_MODULES` module or a class of `CLASS_NAMES`, else None."""
    name = getattr(x, "__name__", None)
    if type(name) is not str:
        return None
    if name in BUILTIN_NAMES and getattr(builtins, name) is x:
        return name
    module = getattr(x, "__module__", "") if type(x) in _NAMED_TYPES else ""
    if module in FUNCTION_MODULES and not name.startswith("_") and getattr(sys.modules.get(module), name, None) is x:
        return f"{module}.{name}"
    if type(x) is not types.BuiltinFunctionType and f"{module}.{name}" in CLASS_NAMES and \
            getattr(sys.modules.get(module), name, None) is x:
        return f"{module}.{name}"
    owner: Any = getattr(x, "__objclass__", None)
    if (type(x) is types.MethodDescriptorType and not name.startswith("_") and owner in METHOD_OWNERS.values()
            and getattr(owner, name, None) is x):
        return f"{owner.__name__}.{name}"
    return None


def builtin_value(name: str) -> Any:
    """The builtin a `builtin_name` names; KeyError for any other name."""
    owner, _, method = name.partition(".")
    if not method and owner in BUILTIN_NAMES:
        return getattr(builtins, owner)
    if method and owner in METHOD_OWNERS and not method.startswith("_"):
        value = getattr(METHOD_OWNERS[owner], method, None)
        if type(value) is types.MethodDescriptorType:
            return value
    if name in CLASS_NAMES:
        return getattr(importlib.import_module(owner), method)
    if method and owner in FUNCTION_MODULES and not method.startswith("_"):
        value = getattr(importlib.import_module(owner), method, None)
        if type(value) is types.BuiltinFunctionType:
            return value
    raise KeyError(name)


def _builtin(x: Any, t: type) -> list | None:
    name = builtin_name(x) if t in BUILTIN_TYPES else None
    return None if name is None else ["BI", name]


def pure_wire(x: Any, depth: int = 0, handle: Callable[[Any], list | None] | None = None) -> list | None:
    """``["PU", kind, [args], [[keyword, value]...]]`` for a callable of `PURE_KINDS`, else None."""
    t = type(x)
    if t is functools.partial:
        args, keywords = [x.func, *x.args], x.keywords
    elif t in (operator.itemgetter, operator.attrgetter, operator.methodcaller):
        made, rest = x.__reduce__()  # a methodcaller with keywords reduces to a partial of its class
        args, keywords = ([*rest], {}) if made is t else ([*made.args, *rest], made.keywords)
    elif t is re.Pattern:
        args, keywords = [x.pattern, x.flags], {}
    else:
        return None
    return ["PU", f"{t.__module__}.{t.__name__}", [encode(v, depth + 1, handle) for v in args],
            [[k, encode(v, depth + 1, handle)] for k, v in keywords.items()]]


def sent_builtins(fields: dict) -> frozenset[str]:
    """The names of the builtins a call's request sends (``["BI", name]`` in its ``args``, its `ObjectGraph`'s
    ``objects`` and its `FunctionTable`'s ``functions``): the only builtins a job may name in what the call left its
    arguments and objects as, since the test already holds them; both sides read them from the same request."""
    stack: list = [fields["args"]] if "args" in fields else []
    for _, attrs in fields.get("objects") or ():
        stack.extend(value for _, value in attrs)
    for entry in fields.get("functions") or ():
        stack.extend(value for _, value in entry[2])
    names = set()
    while stack:
        x = stack.pop()
        if type(x) is not list:  # a bare int
            continue
        tag = x[0]
        if tag == "SH":
            stack.append(x[2])
        elif tag == "BI":
            names.add(x[1])
        elif tag in CONTAINERS or tag in ("Q", "IT", "DK", "DV", "UL", "SL"):
            stack.extend(x[1])
        elif tag in MAPPINGS or tag in ("DI", "DD", "UD"):
            stack.extend(value for pair in x[2 if tag == "DD" else 1] for value in pair)
        elif tag == "NT":
            stack.extend(x[3])
        elif tag in tables.TAGS:  # a table's labels, names and items
            stack.extend(tables.parts(x))
        elif tag == "NA" and x[1] == "object":
            stack.extend(x[3])
        elif tag == "PU":
            stack.extend([*x[2], *(value for _, value in x[3])])
    return frozenset(names)


def _pairs(x: Any, d: int, handle: Any, what: str, aliases: Aliases | None = None) -> list:
    # An OrderedDict keeps its order apart from the dict it is (``move_to_end`` changes only its own), so its items
    # are read through its own type's method; the others' through dict's (the type is exact: no override runs).
    items = collections.OrderedDict.items(x) if type(x) is collections.OrderedDict else dict.items(x)
    return [[encode(k, d, handle, what, aliases), encode(v, d, handle, what, aliases)] for k, v in items]


# The containers an argument may hold more than once that a call can change in place, and tuples, walked for the
# ones they hold (`Aliases`).
_WALKED = frozenset({list, set, dict, collections.Counter, collections.OrderedDict, tuple})


def _scalar_rows(node: Any, walked: frozenset[type]) -> set[int] | None:
    """Where ``node``'s items are all tuples, or all lists each held once in it, and none holds anything `Aliases`
    walks: the ids of its lists (none for tuples, which are never shared), found in C passes; else None."""
    kinds = set(map(type, node))
    if kinds not in ({list}, {tuple}) or not walked.isdisjoint(map(type, itertools.chain.from_iterable(node))):
        return None
    if kinds == {tuple}:
        return set()
    ids = set(map(id, node))
    return ids if len(ids) == len(node) else None


class Aliases:
    """The lists, sets and dicts a value holds more than once (``rows = [a, a]``, ``f(xs, xs)``): each crosses as
    ``["SH", index, wire]`` where it first occurs and ``["SR", index]`` after, so the job gets one object where the
    test has one, and a change through one alias shows through the other, as in one process."""

    def __init__(self, value: Any) -> None:
        seen: set[int] = set()
        self.shared: set[int] = set()  # tuples are walked for what they hold, never shared themselves
        self.index: dict[int, int] = {}
        self.open: set[int] = set()
        self.value = value  # the ids above stay those of live objects while this lives
        stack = [value] if type(value) in _WALKED else []
        walked = _WALKED
        while stack:
            node = stack.pop()
            t = type(node)
            if id(node) not in seen:
                seen.add(id(node))
            elif t is not tuple:
                self.shared.add(id(node))
                continue
            # (A tuple is encoded again wherever it occurs, and so is what it holds: walked again, so that a list
            # in a tuple the test passes twice, ``f(t, t)``, is one list in the job too.)
            # A dict's keys and a set's items are hashable, so none is (or holds) a list, set or dict: only a
            # dict's values and a list's or tuple's items can lead to one (~half the walk's cost on call arguments).
            if t is list or t is tuple:
                # One C pass first: a large argument is mostly a list of scalars, which holds nothing to walk.
                if len(node) < 64 or not walked.isdisjoint(map(type, node)):
                    rows = _scalar_rows(node, walked) if len(node) >= 64 else None
                    if rows is not None:  # pairs, a grid: a row may be held elsewhere too, nothing in one is
                        self.shared |= rows & seen
                        seen |= rows
                        continue
                    stack += [v for v in node if type(v) in walked]
            elif t is not set:
                stack += [v for v in dict.values(node) if type(v) in walked]

    def wire(self, x: Any, body: Callable[[], Any], cyclic: str) -> Any:
        """``x``'s first occurrence (``body()``, labelled) or a reference to it; TypeError for ``x`` inside itself."""
        index = self.index.get(id(x))
        if index is not None:
            if id(x) in self.open:
                raise TypeError(cyclic)
            return ["SR", index]
        index = self.index[id(x)] = len(self.index)
        self.open.add(id(x))
        wire = ["SH", index, body()]
        self.open.discard(id(x))
        return wire


def _library(x: Any, t: type, d: int, handle: Any, what: str) -> list | None:
    """The wire form of a standard library, numpy or sympy value, or None for any other type."""
    if t is range:
        return ["R", hex(x.start), hex(x.stop), hex(x.step)]
    if t is bytearray:
        return ["BA", x.hex()]
    if t is decimal.Decimal:
        return ["DEC", str(x)]
    if t is fractions.Fraction:
        return ["FR", hex(x.numerator), hex(x.denominator)]
    if t is _TIMEDELTA:
        return ["TD", hex(x.days), hex(x.seconds), hex(x.microseconds)]
    if t in DATES.values():
        zone = _zone_key(x) if t is _DATETIME else None
        return ["DT", t.__name__, x.isoformat(), zone] if zone else ["DT", t.__name__, x.isoformat()]
    if t is collections.defaultdict:
        factory = x.default_factory
        name = factory.__name__ if factory in FACTORIES.values() else None
        if name is None and factory is not None and what == "answer" and handle is not None:
            name = handle(factory)  # the completion's own (``lambda: 0``): called in its job for each missing key
        return ["DD", name, _pairs(x, d, handle, what)]
    if t in VIEWS:  # what `dict.keys()` and friends return: a test compares keys and items with sets
        items = [encode(v, d, handle, what) for v in x] if t is not VIEWS[2] else [
            [encode(k, d, handle, what), encode(v, d, handle, what)] for k, v in x]
        return [VIEW_TAGS[VIEWS.index(t)], items]
    if t is collections.deque:
        return ["Q", [encode(v, d, handle, what) for v in x], x.maxlen]
    if t in (io.StringIO, io.BytesIO):
        if x.closed:  # as a closed one: a call that closed the test's buffer leaves it closed (red team 14)
            return ["SIO" if t is io.StringIO else "BIO", "", CLOSED]
        value = x.getvalue()
        return ["SIO", value, x.tell()] if t is io.StringIO else ["BIO", value.hex(), x.tell()]
    if t is array.array and x.typecode in ARRAY_TYPECODES:
        return ["AR", x.typecode, [encode(v, d, handle, what) for v in x]]
    fields = _fields(t) if issubclass(t, tuple) and t is not tuple else None
    if fields is not None:
        methods = what == "answer" and handle is not None and adds_methods(t, fields)
        if t.__bases__ == (tuple,) or methods:
            wire = ["NT", t.__name__, list(fields), [encode(v, d, handle, what) for v in tuple.__iter__(x)]]
            return [*wire, handle(x)] if methods else wire  # its class's methods (``r.length()``) are asked there
    return _small(x, t, d, handle, what) or _numpy(x, t, d, handle, what) or _sympy(x, t) or \
        tables.wire(x, t, lambda v: encode(v, d, handle, what))


# The `pathlib` and `ipaddress` classes whose values cross by their text (``["PA" | "IP", class name, text]``).
PATH_CLASSES = frozenset({"PurePosixPath", "PureWindowsPath", "PosixPath"})
IP_CLASSES = frozenset({"IPv4Address", "IPv6Address", "IPv4Network", "IPv6Network", "IPv4Interface",
                        "IPv6Interface"})


def _module_class(t: type, module: str, names: frozenset[str]) -> bool:
    """Whether ``t`` is the class of one of ``names`` in ``module``, which must be imported already (a value of a
    module nobody imported cannot exist, so the job imports none of them for nothing)."""
    return t.__module__ == module and t.__name__ in names and \
        getattr(sys.modules.get(module), t.__name__, None) is t


_UUID_CLASS, _NORMAL_DIST, _STRUCT_TIME = frozenset({"UUID"}), frozenset({"NormalDist"}), frozenset({"struct_time"})
_ZONE_INFO = frozenset({"ZoneInfo"})
# An IANA zone's key as `zoneinfo` names one ("Europe/Paris", "America/Argentina/Buenos_Aires", "Etc/GMT+5", "UTC"):
# nothing else is sent or made (`zoneinfo` itself refuses absolute paths and ".." parts).
ZONE_KEY = re.compile(r"[A-Za-z][A-Za-z0-9_+-]{0,31}(/[A-Za-z0-9_+-]{1,32}){0,3}")


def _zone_key(x: datetime.datetime) -> str | None:
    """The key of a `zoneinfo.ZoneInfo` datetime's zone, sent with its text so that it is made again in that zone
    (``tzname()``, ``%Z``, ``str(dt.tzinfo)``; its text alone makes a fixed offset); None for any other datetime,
    or one whose zone would not make it again (a key of another form, a moment past the range of dates)."""
    zone = x.tzinfo
    if zone is None or not _module_class(type(zone), "zoneinfo", _ZONE_INFO):
        return None
    key = zone.key  # type: ignore[attr-defined]
    if type(key) is not str or not ZONE_KEY.fullmatch(key):
        return None
    try:
        again = _DATETIME.fromisoformat(x.isoformat()).astimezone(zone)
    except (ValueError, OverflowError):
        return None
    return key if again == x and again.fold == x.fold else None


def _small(x: Any, t: type, d: int, handle: Any, what: str) -> list | None:
    """The wire form of a small value class of the standard library (a UUID, a path, an IP address, the
    ``collections.User*`` wrappers, a ``statistics.NormalDist``, a ``time.struct_time``), or of the trusted side's
    stand-in for one, or None."""
    if _module_class(t, "uuid", _UUID_CLASS):
        return ["UU", hex(x.int)]
    if _module_class(t, "pathlib", PATH_CLASSES):
        return ["PA", t.__name__, str(x)]
    if _module_class(t, "ipaddress", IP_CLASSES):
        return ["IP", t.__name__, str(x)]
    if t is collections.UserList:
        return ["UL", [encode(v, d, handle, what) for v in x.data]]
    if t is collections.UserDict:
        return ["UD", _pairs(x.data, d, handle, what)] if type(x.data) is dict else None
    if t is collections.UserString:
        return ["US", x.data] if type(x.data) is str else None
    if _module_class(t, "statistics", _NORMAL_DIST):
        return ["ND", encode(x.mean, d, handle, what), encode(x.stdev, d, handle, what)]
    if _module_class(t, "zoneinfo", _ZONE_INFO):
        key = x.key
        return ["TZ", key] if type(key) is str and ZONE_KEY.fullmatch(key) else None
    if t is _TIMEZONE:
        offset, name = x.utcoffset(None), x.tzname(None)
        default = _TIMEZONE(offset).tzname(None)
        return ["TZO", encode(offset, d, handle, what), None if name == default else name]
    if _module_class(t, "time", _STRUCT_TIME):
        return ["ST", [encode(v, d, handle, what) for v in x[:9]], encode(x.tm_zone, d, handle, what),
                encode(x.tm_gmtoff, d, handle, what)]
    # The trusted side's own stand-ins for a job's value (`wire.JobPath`, a network whose iteration is bounded): the
    # job's class again, by the name it gave.
    named = getattr(t, "_rlvr_crosses_as", None)
    if type(named) is tuple and len(named) == 2 and (named[0] == "PA" and named[1] in PATH_CLASSES
                                                     or named[0] == "IP" and named[1] in IP_CLASSES):
        return [named[0], named[1], str(x)]
    return None


# What a class made by `collections.namedtuple` (or `typing.NamedTuple`) holds besides its fields, and what any
# class body holds: a namedtuple class with nothing else crosses as its fields alone.
_NAMEDTUPLE_OWN = frozenset(vars(collections.namedtuple("_Plain", "a"))) - {"a"} | {
    "__module__", "__qualname__", "__doc__", "__slots__", "__annotations__", "__orig_bases__", "__dict__",
    "__weakref__", "__parameters__"}
_ADDS_METHODS: dict[type, bool] = {}


def adds_methods(t: type, fields: tuple[str, ...]) -> bool:
    """Whether the namedtuple class ``t`` (or a class between it and ``tuple``) defines attributes of its own
    besides its fields: methods and properties the test may use."""
    if t not in _ADDS_METHODS:
        own = {name for klass in t.__mro__[:t.__mro__.index(tuple)] for name in vars(klass)}
        _ADDS_METHODS[t] = bool(own - _NAMEDTUPLE_OWN - set(fields))
    return _ADDS_METHODS[t]


def _fields(t: type) -> tuple[str, ...] | None:
    """A namedtuple class's field names (identifiers, none private), or None for any other tuple subclass."""
    fields = getattr(t, "_fields", None)
    ok = (type(fields) is tuple and len(fields) <= 256 and all(type(f) is str and f.isidentifier()
                                                                and not f.startswith("_") for f in fields))
    return fields if ok else None


def _numpy(x: Any, t: type, d: int, handle: Any, what: str) -> list | None:
    np = sys.modules.get("numpy")
    # A numpy still being imported (by another thread of the test's) is in sys.modules without its types yet: no
    # value of it exists then.
    kinds = (getattr(np, "generic", None), getattr(np, "ndarray", None))
    if np is None or kinds[0] is None or kinds[1] is None or not isinstance(x, (kinds[0], kinds[1])):
        return None
    if t is np.ndarray and x.dtype.kind == "O":  # ``plt.subplots(2, 2)``'s or ``df.hist()``'s Axes: handles only
        items = [encode(v, d, handle, what) for v in x.ravel().tolist()]
        if all(type(w) is list and w[0] == "H" for w in items):
            return ["NA", "object", [hex(n) for n in x.shape], items]
        return None
    dtype = x.dtype.name if x.dtype.name in NUMPY_DTYPES else x.dtype.str
    if not numpy_dtype(dtype):
        return None
    if t is np.ndarray:
        return ["NA", dtype, [hex(n) for n in x.shape], [encode(v, d, handle, what) for v in x.ravel().tolist()]]
    if t is not np.dtype(dtype).type:  # a subclass of a numpy scalar type
        return None
    return ["NS", dtype, encode(x.item(), d, handle, what)]


# A numpy dtype of strings (``np.array(["pos", "neg"])``: "<U3"), by its text: at most 9,999 characters an item.
UNICODE_DTYPE = re.compile(r"<U(?:0|[1-9][0-9]{0,3})")


def numpy_dtype(name: Any) -> bool:
    """Whether a numpy dtype of this name crosses: one of `NUMPY_DTYPES`, or strings of a bounded width."""
    return type(name) is str and (name in NUMPY_DTYPES or UNICODE_DTYPE.fullmatch(name) is not None)


def _sympy(x: Any, t: type) -> list | None:
    sp = sys.modules.get("sympy")
    if sp is None or not t.__module__.startswith("sympy."):
        return None
    if isinstance(x, sp.Integer):
        return ["SY", "Integer", hex(int(x))]
    if isinstance(x, sp.Rational):
        return ["SY", "Rational", hex(int(x.p)), hex(int(x.q))]
    if isinstance(x, sp.Float):
        return ["SY", "Float", str(x), hex(int(x._prec))]
    if x is sp.true or x is sp.false:
        return ["SY", str(x)]
    return None


def decode(x: Any, handle: Callable[[list], Any] | None = None, shared: dict[int, Any] | None = None) -> Any:
    """The value of tagged data from a trusted sender (a job reading its arguments); ``handle(wire)`` gives the
    object of a handle (``["H", hex id]``) or of a reference into an object graph (``["REF", index]``, see
    `ObjectGraph`); ``shared`` holds the objects sent once for several places (`Aliases`). Not a reader of
    untrusted data: `rewards.sandbox.wire.decode` is.

    >>> decode(['T', [1, ['S', 'a']]])
    (1, 'a')
    >>> rows = decode(['L', [['SH', 0, ['L', [1]]], ['SR', 0]]])
    >>> rows[0] is rows[1]
    True
    """
    if type(x) is int:
        return x
    shared = {} if shared is None else shared
    tag = x[0]
    if tag in ("H", "REF", "FN"):
        return handle(x)  # type: ignore[misc]
    if tag == "SH":
        value = shared[x[1]] = decode(x[2], handle, shared)
        return value
    if tag == "SR":
        return shared[x[1]]
    if tag in SCALARS:
        return SCALARS[tag][2](*x[1:])
    if tag in MAPPINGS:
        return MAPPINGS[tag]({decode(k, handle, shared): decode(v, handle, shared) for k, v in x[1]})
    if tag in CONTAINERS:
        if set(map(type, x[1])) == _INTS:  # bare ints (a large argument's usual items), taken as they are, in C
            return CONTAINERS[tag](x[1])
        if _wire_rows(x[1]):  # rows of bare ints (pairs, a grid): one step a row
            return CONTAINERS[tag](CONTAINERS[row[0]](row[1]) for row in x[1])
        return CONTAINERS[tag](decode(v, handle, shared) for v in x[1])
    return build(tag, x[1:], lambda v: decode(v, handle, shared))


def _wire_rows(items: list) -> bool:
    """Whether ``items`` are all ``[container tag, [bare ints]]`` (`int_rows`' wire form), checked in C passes."""
    if not items or set(map(type, items)) != {list} or set(map(len, items)) != {2}:
        return False
    if not set(map(operator.itemgetter(0), items)) <= CONTAINERS.keys():
        return False
    rows = list(map(operator.itemgetter(1), items))
    return set(map(type, rows)) == {list} and set(map(type, itertools.chain.from_iterable(rows))) <= _INTS


def build(tag: str, rest: list, item: Callable[[Any], Any]) -> Any:
    """The value of a library tag whose parts ``rest`` were checked (by the strict reader) or are trusted; ``item``
    decodes a nested value. KeyError for an unknown tag."""
    if tag == "DT":
        value = DATES[rest[0]].fromisoformat(rest[1])
        return value.astimezone(zone(rest[2])) if len(rest) > 2 else value
    if tag == "BI":
        return builtin_value(rest[0])
    if tag == "SL":
        return slice(*(item(v) for v in rest[0]))
    if tag == "PU":  # a callable of PURE_KINDS, made from its parts
        return PURE_KINDS[rest[0]](*(item(v) for v in rest[1]), **{k: item(v) for k, v in rest[2]})
    if tag == "IT":
        return iter([item(v) for v in rest[0]])
    if tag == "DD":
        factory = FACTORIES[rest[0]] if rest[0] is not None else None
        return collections.defaultdict(factory, ((item(k), item(v)) for k, v in rest[1]))
    if tag == "DK":
        return dict.fromkeys(item(v) for v in rest[0]).keys()
    if tag == "DV":
        return {i: item(v) for i, v in enumerate(rest[0])}.values()
    if tag == "DI":
        return {item(k): item(v) for k, v in rest[0]}.items()
    if tag == "Q":
        return collections.deque((item(v) for v in rest[0]), rest[1])
    if tag in ("SIO", "BIO"):
        stream: Any = io.StringIO(rest[0]) if tag == "SIO" else io.BytesIO(bytes.fromhex(rest[0]))
        if rest[1] == CLOSED:
            stream.close()
        else:
            stream.seek(rest[1])
        return stream
    if tag == "AR":
        return array.array(rest[0], [item(v) for v in rest[1]])
    if tag == "NT":
        if len(rest) == 4:  # the job's own object, by its handle
            return item(rest[3])
        return namedtuple_class(rest[0], tuple(rest[1]))._make(item(v) for v in rest[2])
    if tag == "NS":
        np = importlib.import_module("numpy")
        return np.dtype(rest[0]).type(item(rest[1]))
    if tag == "NA":
        np = importlib.import_module("numpy")
        shape = tuple(int(n, 16) for n in rest[1])
        if rest[0] == "object":
            return tables.object_array([item(v) for v in rest[2]], shape)
        return np.array([item(v) for v in rest[2]], dtype=rest[0]).reshape(shape)
    if tag == "SY":
        return _sympy_value(rest)
    if tag in tables.TAGS:
        return tables.build(tag, rest, item)
    return _small_value(tag, rest, item)


def _small_value(tag: str, rest: list, item: Callable[[Any], Any]) -> Any:
    """The value of a `_small` tag (its parts checked, or trusted); KeyError for an unknown tag. A path is made as
    the class it names: the trusted side's strict reader makes its own, never a concrete one (`wire._path`)."""
    if tag == "UU":
        return importlib.import_module("uuid").UUID(int=int(rest[0], 16))
    if tag == "PA":
        return getattr(importlib.import_module("pathlib"), rest[0])(rest[1])
    if tag == "IP":
        return getattr(importlib.import_module("ipaddress"), rest[0])(rest[1])
    if tag == "UL":
        return collections.UserList([item(v) for v in rest[0]])
    if tag == "UD":
        return collections.UserDict({item(k): item(v) for k, v in rest[0]})
    if tag == "US":
        return collections.UserString(rest[0])
    if tag == "ND":
        return importlib.import_module("statistics").NormalDist(item(rest[0]), item(rest[1]))
    if tag == "ST":
        return time.struct_time((*(item(v) for v in rest[0]), item(rest[1]), item(rest[2])))
    if tag == "TZ":
        return zone(rest[0])
    if tag == "TZO":
        offset = item(rest[0])
        return _TIMEZONE(offset, rest[1]) if rest[1] is not None else _TIMEZONE(offset)
    raise KeyError(tag)


def zone(key: str) -> Any:
    """The `zoneinfo.ZoneInfo` of ``key`` (`ZONE_KEY`), from this side's zone data (its own cache: the same object
    for the same key, as ``ZoneInfo(key)`` gives)."""
    return importlib.import_module("zoneinfo").ZoneInfo(key)


def _sympy_value(rest: list) -> Any:
    sp = importlib.import_module("sympy")
    kind = rest[0]
    if kind == "Integer":
        return sp.Integer(int(rest[1], 16))
    if kind == "Rational":
        return sp.Rational(int(rest[1], 16), int(rest[2], 16))
    if kind == "Float":
        return sp.Float(rest[1], precision=int(rest[2], 16))
    return {"True": sp.true, "False": sp.false}[kind]


_NAMEDTUPLES: dict[tuple[str, tuple[str, ...]], Any] = {}


def has_namedtuple_class(name: str, fields: tuple[str, ...]) -> bool:
    """Whether `namedtuple_class` has the class for these names already (making one costs time and memory)."""
    return (name, fields) in _NAMEDTUPLES


def namedtuple_class(name: str, fields: tuple[str, ...]) -> Any:
    """A namedtuple class of this side for a type name and field names (one per pair, at most 1024 kept)."""
    key = (name, fields)
    if key not in _NAMEDTUPLES:
        made = collections.namedtuple(name, fields)  # type: ignore[misc]  # names that arrived as data
        if len(_NAMEDTUPLES) >= 1024:
            return made
        _NAMEDTUPLES[key] = made
    return _NAMEDTUPLES[key]


MAX_OBJECTS = 100_000  # objects one call's arguments may carry in an `ObjectGraph`


# What a call may change in place and hand back as its answer (``xs.sort(); return xs``): such an answer that is one
# of the call's positional arguments crosses as ``["ARG", index]``, so the test gets its own object back (`ys is
# xs`), as the call left it. The trusted side writes back exactly these (`rewards.sandbox.writeback`).
IN_PLACE = (list, dict, set, bytearray, collections.deque, collections.Counter, collections.OrderedDict,
            collections.defaultdict)


# Classes of the standard library whose objects cross as an `ObjectGraph`'s do, by their attributes, for any row:
# the job makes them from this name, as it makes a prompt's class from its own module.
PORTABLE: dict[type, str] = {types.SimpleNamespace: "types.SimpleNamespace"}
_PORTABLE_CLASSES = {name: cls for cls, name in PORTABLE.items()}


class ObjectGraph:
    """Objects of classes the row's trusted code defines (LeetCode's ``ListNode`` and ``TreeNode``, built by the
    prompt's helpers) and of `PORTABLE` ones (a ``SimpleNamespace``), sent into a job by their attributes: each
    object once, as ``["REF", index]`` wherever it occurs, so shared nodes and cycles arrive as they were. The job
    builds each from the class of that name (in its own module: the prompt is part of its program), without calling
    ``__init__``."""

    def __init__(self, classes: dict[type, str]) -> None:
        self.classes = classes
        self.index: dict[int, int] = {}
        self.objects: list[Any] = []  # kept alive while encoding, so no id() is reused
        self.entries: list[Any] = []

    def ref(self, x: Any) -> list | None:
        """``["REF", index]`` for an object of one of the classes, else None."""
        name = self.classes.get(type(x)) or PORTABLE.get(type(x))
        if name is None:
            return None
        i = self.index.get(id(x))
        if i is None:
            if len(self.objects) >= MAX_OBJECTS:
                raise TypeError(f"cannot pass more than {MAX_OBJECTS} objects into the sandbox")
            i = self.index[id(x)] = len(self.objects)
            self.objects.append(x)
        return ["REF", i]

    def wire(self, handle: Callable[[Any], list | None]) -> list:
        """Every object referenced so far (and those its attributes reach): ``[[class name, [[attr, value]...]]]``."""
        while len(self.entries) < len(self.objects):
            x = self.objects[len(self.entries)]
            attrs = vars(x)  # a trusted object; a class with __slots__ only raises TypeError, as an unsendable value
            self.entries.append(None)
            name = self.classes.get(type(x)) or PORTABLE[type(x)]
            self.entries[-1] = [name, [[k, encode(v, 0, handle)] for k, v in attrs.items() if type(k) is str]]
        return self.entries


def build_graph(entries: list, namespace: dict, handle: Callable[[list], Any]) -> tuple[Callable[[list], Any], list]:
    """A job's objects for an `ObjectGraph`'s entries, made from its module's classes; returns the resolver of
    ``["REF", i]`` (and, through ``handle``, of handles) that `decode` takes, and the objects."""
    objects: list[Any] = []
    for name, _ in entries:
        cls: Any = _PORTABLE_CLASSES.get(name) or namespace.get(name)
        if not isinstance(cls, type):
            raise NameError(f"the completion's module has no class {name!r} for a test's argument")
        objects.append(cls.__new__(cls))  # type: ignore[call-overload]

    def resolve(wire: list) -> Any:
        return objects[wire[1]] if wire[0] == "REF" else handle(wire)

    for obj, (_, attrs) in zip(objects, entries):
        for key, value in attrs:
            obj.__dict__[key] = decode(value, resolve)
    return resolve, objects


def graph_after(objects: list, entries: list, tag: Callable[[Any], list]) -> list:
    """``[[index, [[attr, value]...]]...]`` for each object of an `ObjectGraph` whose attributes a call changed
    (``entries``: what was sent; ``tag`` gives the wire form of anything that is not data: ``["REF", i]`` for the
    graph's own objects, a handle else), so the trusted side can change its own objects the same way."""
    changed = []
    for i, (obj, (_, sent)) in enumerate(zip(objects, entries, strict=True)):
        state = [[k, encode(v, 0, tag, "answer")] for k, v in vars(obj).items() if type(k) is str]
        if state != sent:
            changed.append([i, state])
    return changed


MAX_FUNCTIONS = 1000  # functions of the test's one call's arguments may carry in a `FunctionTable`


class FunctionTable:
    """Functions of the row's trusted test code passed as arguments (``candidate(lambda v: v * 2, 3)``, a key
    function or helper the test defines), sent into a job as their source and the values of the free names they
    read, each function once, as ``["FN", index]``: the job compiles each in its own module's namespace, as one
    process runs program and test in one module. ``describe(f)`` gives ``(name, source, values, aliases)`` for a
    function it knows (``aliases``: free names that stand for the job's own globals, as ``candidate`` does for the
    function under test), None for any other; it is the test code's, never the job's. ``track(f, [[name,
    wire]...])`` gives the ids of ``f``'s free variables the job keeps in step with the test's and ``f``'s own id
    when its calls are to be logged (each None where not; `inside.job.FreeValues`)."""

    def __init__(self, describe: Callable[[Any], tuple[str, str, dict[str, Any], dict[str, str]] | None],
                 track: Callable[[Any, list], tuple[list, int | None]] | None = None) -> None:
        self.describe, self.track = describe, track
        self.index: dict[int, int] = {}
        self.functions: list[tuple[Any, tuple[str, str, dict[str, Any], dict[str, str]]]] = []
        self.entries: list[Any] = []

    def ref(self, x: Any) -> list | None:
        """``["FN", index]`` for a function ``describe`` knows, else None."""
        if type(x) is not types.FunctionType:
            return None
        i = self.index.get(id(x))
        if i is None:
            found = self.describe(x)
            if found is None:
                return None
            if len(self.functions) >= MAX_FUNCTIONS:
                raise TypeError(f"cannot pass more than {MAX_FUNCTIONS} functions into the sandbox")
            i = self.index[id(x)] = len(self.functions)
            self.functions.append((x, found))
        return ["FN", i]

    def wire(self, handle: Callable[[Any], list | None]) -> list:
        """Every function referenced so far (and those its free names reach): ``[[name, source, [[free name,
        value]...], [[free name, job global]...], [each value's id or None], the function's id or None]]``."""
        while len(self.entries) < len(self.functions):
            fn, (name, source, values, aliases) = self.functions[len(self.entries)]
            self.entries.append(None)
            sent = [[k, encode(v, 0, handle)] for k, v in values.items()]
            ids, logged = self.track(fn, sent) if self.track is not None else ([], None)
            self.entries[-1] = [name, source, sent, [[k, v] for k, v in sorted(aliases.items())], ids, logged]
        return self.entries


def build_functions(entries: list, namespace: dict) -> tuple[list, Callable[[Callable[[list], Any]], None]]:
    """A job's functions for a `FunctionTable`'s entries, each compiled in a copy of its module's ``namespace``;
    returns them and ``fill(resolve)``, which binds their free names' values once every referenced object exists."""
    made, scopes = [], []
    for name, source, values, aliases, *_ in entries:
        scope = dict(namespace)
        for var, target in aliases:
            if target.startswith("import:"):
                scope[var] = importlib.import_module(target[len("import:"):])
            elif target in namespace:
                scope[var] = namespace[target]
        if name == "<lambda>":
            made.append(eval(compile(source, "<test>", "eval", dont_inherit=True), scope))
        else:
            exec(compile(source, "<test>", "exec", dont_inherit=True), scope)
            made.append(scope[name])
        scopes.append((scope, values))

    def fill(resolve: Callable[[list], Any]) -> None:
        for scope, values in scopes:
            for key, value in values:
                scope[key] = decode(value, resolve)
    return made, fill
