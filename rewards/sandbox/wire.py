"""The wire format of values crossing the sandbox boundary: JSON lists tagged with their exact builtin type.

The format itself (its tags, the encoder both sides use, a job's decoder) is `inside.codec`, which the slot
ships into the sandbox with the worker; `decode` here is the trusted side's strict reader: it rebuilds exact builtin
types only (no subclasses, nothing with its own ``__eq__``), bounds nesting, and raises ValueError on anything
malformed. A handle (an object that stays in the job, ``["H", hex id, type name, hash, dataclass fields, builtin
name]``, the parts after the type name optional) is rebuilt only by a factory the caller passes, as a proxy whose
equality with values of this side is its identity and whose hash is its job's (`rewards.sandbox.handles`). No
builtin of this side is ever an answer: a test would call it here, outside every deadline (``make_power()(3,
10**9)``), so a builtin is a handle too (with its name), and ``["BI", name]`` is read only in what a call left its
arguments as, for the builtins that call's request sent (`codec.sent_builtins`).

It also refuses answers built to flood hash tables: ints, floats and tuples hash deterministically, so a job can
send thousands of distinct values with one hash, and any set or dict the trusted side then builds from them (in
`decode`, or in a test's ``set(answer)``) takes quadratic time in one C call that holds the GIL and freezes every
thread of the trainer. An int's hash is its residue mod 2**61 - 1, so ``x + c`` and ``x * c`` keep the spread; a
test that merges residues first (``{x // 256 for x in answer}``) can still be flooded.
"""

from __future__ import annotations

import array
import collections
import datetime
import functools
import ipaddress
import keyword
import pathlib
import re
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from rewards.sandbox import unpatched
from rewards.sandbox.inside import codec, tables

# Makes the trusted side's stand-in for a handle ``["H", hex id, type name, hex hash or None, [field names] or None,
# builtin name or None, lacks]`` (the parts after the type name optional) from its id, type name, hash (None:
# unhashable), a dataclass instance's field names and a builtin's name (the job's claim; else None), and, as the
# keyword ``lacks`` where the handle has one, what the object lacks (`handles.OFFERS`: "c" a call, "i" an iteration,
# "n" a ``__next__``, "l" a ``__len__``, "w" a ``with``, "r" a ``__reversed__``; the job's claim), and as ``claim``
# the library class it names (`codec.class_claim`); without one, handles are refused.
HandleFactory = Callable[..., Any]
LACK_FLAGS = re.compile(r"c?i?n?l?w?r?")

# Distinct values allowed to share one hash. Real answers rarely have two, but powers of two do: hash(2**k) is
# 2**(k % 61). With buckets of at most this size, building a set of n values costs at most n * 128 comparisons.
MAX_SAME_HASH = 128
# Work the flood check may spend, counted in element visits (hashing a nested value visits all of it, comparing two
# visits up to the smaller): this many per value it has seen, plus a floor. Nested tuples whose leaves share a hash
# made it spend over 5 s on one 1 MiB answer while counting only distinct values.
OPS_PER_VALUE, OPS_FLOOR = 32, 1 << 22


class DecodeDeadline(ValueError):
    """Decoding an answer ran past the completion's deadline."""


class Meter:
    """What one answer (or one remote iteration) may cost this side: work, bytes built, and a deadline.

    >>> meter = Meter(max_bytes=1000)
    >>> decode(["L", [["S", "x" * 2000]]], meter=meter)
    Traceback (most recent call last):
    ValueError: the answer takes more than 1000 bytes here
    """

    def __init__(self, deadline: float | None = None, max_bytes: int | None = None) -> None:
        self.deadline, self.max_bytes = deadline, max_bytes
        self.values = self.ops = self.built = 0

    def built_one(self, obj: Any) -> None:
        """Count one object decoding made (its own size, ``sys.getsizeof``) against ``max_bytes``."""
        self.values += 1
        self.built += sys.getsizeof(obj)
        if self.max_bytes is not None and self.built > self.max_bytes:
            raise ValueError(f"the answer takes more than {self.max_bytes} bytes here")
        if not self.values & 1023:
            self.check_time()

    def charge(self, ops: int) -> None:
        """Spend ``ops`` element visits of flood checking; ValueError past the budget, `DecodeDeadline` past time."""
        self.ops += ops
        if self.ops > OPS_PER_VALUE * self.values + OPS_FLOOR:
            raise ValueError(f"answer too costly to check: over {self.ops} element visits for {self.values} values")
        if self.ops >> 16 != (self.ops - ops) >> 16:
            self.check_time()

    def check_time(self) -> None:
        if self.deadline is not None and unpatched.monotonic() > self.deadline:
            raise DecodeDeadline("the completion's deadline passed while its answer was decoded")


def _children(node: Any) -> Any:
    # Only values this side built are visited (decoded answers): list, tuple and dict subclasses among them are the
    # codec's (namedtuple, Counter, OrderedDict, defaultdict), whose iteration is the builtin one, and so are the
    # User* wrappers' own list and dict.
    if isinstance(node, (list, tuple, set, frozenset, collections.deque, range)):
        return node  # a range's items too: range(0, n * (2**61 - 1), 2**61 - 1) hashes every item to 0
    if isinstance(node, dict):
        return [*node.keys(), *node.values()]
    if type(node) is collections.UserList:
        return node.data
    if type(node) is collections.UserDict:
        return [*node.data.keys(), *node.data.values()]
    if type(node) is slice:
        return (node.start, node.stop, node.step)
    return ()


def sizes_of(value: Any) -> dict[int, int]:
    """Nodes in each container of ``value`` (itself included), by ``id``: what hashing or comparing it visits."""
    order, stack = [], [value]
    while stack:
        node = stack.pop()
        order.append(node)
        stack.extend(_children(node))
    sizes: dict[int, int] = {}
    for node in reversed(order):  # children first
        kids = _children(node)
        sizes[id(node)] = 1 + sum(sizes[id(k)] for k in kids) if kids else 1
    return sizes


class HashSpread:
    """Counts distinct values per hash; raises ValueError once one hash holds more than `MAX_SAME_HASH`, or once
    checking has cost more than its `Meter` allows.

    One instance may span several answers (`add_nested` on each item of a remote iteration), so values that arrive
    one by one are held to the bound of a single answer that held them all.

    >>> spread = HashSpread()
    >>> for k in range(1, MAX_SAME_HASH + 2):
    ...     spread.add_nested([(2**61 - 1) * k])
    Traceback (most recent call last):
    ValueError: answer holds more than 128 distinct values with one hash
    """

    def __init__(self, meter: Meter | None = None, opaque: Callable[[Any], bool] | None = None) -> None:
        self.buckets: dict[int, list[tuple[Any, int]]] = {}
        self.meter = meter or Meter()
        # Handles (and what holds one) are not counted: comparing two is a call into their job, which a flood of
        # them makes one round trip at a time, each checking the completion's deadline; never one long C call.
        self.opaque = opaque

    def add(self, value: Any, size: int = 1) -> None:
        """Count ``value``, which holds ``size`` nodes (what hashing it visits)."""
        if type(value) is int and -codec.BARE_INT < value < codec.BARE_INT:
            return  # each its own hash (but -1 and -2): nothing to flood
        key = tuple(value) if type(value) is list else value  # a test may turn rows into tuples: set(map(tuple, x))
        self.meter.charge(size)
        try:
            same = self.buckets.setdefault(hash(key), [])
        except TypeError:  # unhashable: cannot end up in a set or dict as it is
            return
        for other, other_size in same:
            # equal values (1 and 1.0, repeats) cost one comparison in a set, not a probe chain
            self.meter.charge(min(size, other_size))
            if _equal(other, key):
                return
        same.append((key, size))
        if len(same) > MAX_SAME_HASH:
            raise ValueError(f"answer holds more than {MAX_SAME_HASH} distinct values with one hash")

    def add_items(self, items: list) -> None:
        """`add_nested` each of ``items`` (a batch of a remote iteration); a batch of small ints in one C pass."""
        if _bare_ints(items):  # each its own hash: nothing to flood
            self.meter.values += len(items)
            return
        for item in items:
            self.add_nested(item)

    def add_nested(self, value: Any, sizes: dict[int, int] | None = None) -> None:
        """Count ``value`` and every value nested in it (lists also as tuples); ``sizes`` as from `sizes_of`."""
        counted = sizes is not None  # by the decode that measured them
        sizes = sizes if sizes is not None else sizes_of(value)
        order, stack = [], [value]
        while stack:
            node = stack.pop()
            kids = _children(node)
            if type(kids) in (list, tuple) and _bare_ints(kids):  # checked in one C pass: ints this small never flood
                self.meter.values += 0 if counted else len(kids)
                kids = ()
            stack.extend(kids)
            self.meter.values += not counted
            order.append(node)
        if self.opaque is None:
            for node in order:
                self.add(node, sizes.get(id(node), 1))
            return
        holding: set[int] = set()
        for node in reversed(order):  # children first
            if self.opaque(node) or any(id(k) in holding for k in _children(node)):
                holding.add(id(node))
            else:
                self.add(node, sizes.get(id(node), 1))


def _equal(a: Any, b: Any) -> bool:
    """``a == b`` as a set would decide it; a pair that refuses to compare (np.int64 vs Decimal) is unequal."""
    try:
        return bool(a == b)
    except (TypeError, ValueError, ArithmeticError):
        return False


def decode(obj: Any, depth: int = 0, handle: HandleFactory | None = None, meter: Meter | None = None,
           refs: list | None = None, aliases: bool = False, builtins: frozenset[str] = frozenset()) -> Any:
    """Rebuild tagged plain data as exact builtin types; raise ValueError on anything else, a hash flood, or an
    answer that costs more than ``meter`` allows (`DecodeDeadline`, a ValueError, once its deadline passed).

    Handles become ``handle(id, type_name, hash, fields, builtin_name)``, and are refused when ``handle`` is None;
    ``["REF", i]`` is this side's own object ``refs[i]`` (an `ObjectGraph`'s, sent with the call), refused without
    ``refs``, and named at most once where its class hashes it by its own code; ``["BI", name]`` is this side's
    builtin only for a name of ``builtins`` (those the call sent), else refused. ``aliases``: read ``["SH", i,
    value]`` and ``["SR", i]`` (`codec.Aliases`: a call's arguments as it left them), so one object of the job is
    one object here; refused otherwise.

    >>> decode(["T", [42, ["I", "0x2a"], ["S", "x"], ["L", []]]])
    (42, 42, 'x', [])
    """
    decoder = _Decoder(handle, meter or Meter(), refs, {} if aliases else None, builtins)
    before = decoder.meter.values
    with codec.gc_paused():
        value = decoder.decode(obj, depth)
    paths = decoder.sizes.get(id(value), 1)
    if decoder.shared and paths > OPS_PER_VALUE * decoder.meter.values + OPS_FLOOR:
        # An alias named twice in each of 40 nested lists is 40 lists on the wire and 2**40 paths here: a walk of
        # them (the flood check's below, or the test's ``str(xs)``, run outside every deadline) would never end.
        # Held to what the flood check may spend, handles or not (it skips what holds a handle); not charged, as
        # the check charges what it walks itself.
        raise ValueError(f"answer too costly to check: its aliases make {paths} paths through {decoder.meter.values}"
                         " values")
    if decoder.shared or decoder.ranges or decoder.meter.values - before > MAX_SAME_HASH:
        # Else nothing to check (most answers): at most MAX_SAME_HASH values, each a tree of at most as many nodes.
        HashSpread(decoder.meter, decoder.opaque).add_nested(value, decoder.sizes)
    return value


def _decode_handle(rest: list, handle: HandleFactory | None) -> Any:
    if (handle is None or not 2 <= len(rest) <= 7 or any(type(r) is not str for r in rest[:2])
            or not 2 < len(rest[0]) <= 18 or not (len(rest) == 2 or rest[2] is None or type(rest[2]) is str
                                                  and _HASH.fullmatch(rest[2]))):
        raise ValueError("malformed or unexpected handle from the sandbox")
    fields = rest[3] if len(rest) >= 4 else None
    if fields is not None and (type(fields) is not list or len(fields) > 256 or len(set(map(repr, fields))) < len(
            fields) or any(type(f) is not str or not _NAME.fullmatch(f) or keyword.iskeyword(f) or f.startswith("__")
                   for f in fields)):
        raise ValueError("malformed dataclass fields of a handle from the sandbox")
    hid, name = int(rest[0], 16), rest[1]
    hashed = int(rest[2], 16) if len(rest) >= 3 and rest[2] is not None else None
    builtin = rest[4] if len(rest) >= 5 else None
    if builtin is not None:
        try:
            codec.builtin_value(builtin if type(builtin) is str else "")
        except KeyError:
            raise ValueError("malformed builtin handle from the sandbox") from None
    lacks = rest[5] if len(rest) >= 6 else ""
    if type(lacks) is not str or not LACK_FLAGS.fullmatch(lacks):
        raise ValueError("malformed handle from the sandbox: what it lacks")
    claim = rest[6] if len(rest) == 7 else None
    if claim is not None and (not codec.claimable(claim) or builtin is not None):
        raise ValueError("malformed handle from the sandbox: its class")
    made = (hid, name if len(name) <= 64 and name.isidentifier() else "object", hashed,
            None if fields is None else tuple(fields), builtin)
    return handle(*made, **{k: v for k, v in (("lacks", lacks), ("claim", claim)) if v})


_HASH = re.compile(r"-?0x[0-9a-f]{1,16}")  # a CPython hash: a signed 64-bit int




class _Decoder:
    """One answer's decoding: every object it builds is metered, and each container's node count kept by ``id``."""

    def __init__(self, handle: HandleFactory | None, meter: Meter, refs: list | None = None,
                 shared: dict[int, Any] | None = None, builtins: frozenset[str] = frozenset()) -> None:
        self.handle, self.meter, self.refs, self.shared = handle, meter, refs, shared
        self.builtins = builtins
        self.sizes: dict[int, int] = {}
        self.new_classes = 0  # namedtuple classes made for this answer
        self.handles: set[int] = set()  # ids of the handles' stand-ins it made
        self.ranges = False  # whether it made a range: one value, up to 65,536 items for the flood check
        self.hashed_refs: set[int] = set()  # indexes of the test's objects given whose class hashes them itself

    def opaque(self, value: Any) -> bool:
        """Whether ``value`` is a handle's stand-in this decoding made (`HashSpread` leaves it alone)."""
        return id(value) in self.handles

    def decode(self, obj: Any, depth: int) -> Any:
        value = self._build(obj, depth)
        self.meter.built_one(value)
        return value

    def _build(self, obj: Any, depth: int) -> Any:
        if type(obj) is int:
            if not -codec.BARE_INT < obj < codec.BARE_INT:
                raise ValueError("malformed value from the sandbox: a bare int past 2**53")
            return obj
        if depth > 100 or type(obj) is not list or not obj or type(obj[0]) is not str:
            raise ValueError("malformed value from the sandbox")
        tag, rest = obj[0], obj[1:]
        if tag == "H":
            proxy = _decode_handle(rest, self.handle)
            self.handles.add(id(proxy))
            return proxy
        if tag in ("SH", "SR"):
            return self._alias(tag, rest, depth)
        if tag == "REF":
            if self.refs is None or len(rest) != 1 or type(rest[0]) is not int or not 0 <= rest[0] < len(self.refs):
                raise ValueError("malformed or unexpected reference from the sandbox")
            obj = self.refs[rest[0]]
            if _own_hash(type(obj)):
                # Building the answer (a set, a dict, the flood check) hashes each of its values, and the test may
                # again: a test's object whose class hashes it by its own code (a frozen dataclass of a 100,000-item
                # tuple, 0.8 ms a hash) named 300,000 times ran that code 300,000 times, 120 s past a 4 s deadline.
                # Once each, an answer costs no more than the objects the test sent.
                if rest[0] in self.hashed_refs:
                    raise ValueError("an answer naming one of the test's objects that hash themselves twice")
                self.hashed_refs.add(rest[0])
            return obj
        if tag in codec.SCALARS:
            value = _scalar(tag, rest)
            if type(value) is range:
                self.ranges = True
                self.meter.built += 8 * len(value)  # what the list it stands for would take
            return value
        if tag in codec.MAPPINGS:
            if len(rest) != 1:
                raise ValueError(f"malformed {tag!r} mapping from the sandbox")
            return self._mapping(codec.MAPPINGS[tag], rest[0], depth)
        if tag in codec.CONTAINERS:
            if len(rest) != 1 or type(rest[0]) is not list:
                raise ValueError(f"malformed {tag!r} container from the sandbox")
            if _bare_ints(rest[0]):  # the common large answer, read without a Python step per item
                self.meter.values += len(rest[0])
                self.meter.built += sum(map(sys.getsizeof, rest[0]))
                self.meter.check_time()
                container = codec.CONTAINERS[tag](rest[0])
                self.sizes[id(container)] = 1 + len(rest[0])
                return container
            items = [self.decode(v, depth + 1) for v in rest[0]]
            if tag in "EZ":
                self._refuse_flood(items)
            return self._sized(codec.CONTAINERS[tag](items), items)
        if tag == "SY":
            if rest and rest[0] in ("Float", "Rational"):
                self.meter.built += SYMPY_BYTES
            return _sympy_value(rest)
        reader = _LIBRARY.get(tag)
        if reader is None or reader[0] >= 0 and len(rest) != reader[0]:
            raise ValueError(f"unknown or malformed tag {tag!r} from the sandbox")
        return reader[1](self, rest, depth + 1)

    def _alias(self, tag: str, rest: list, depth: int) -> Any:
        """An object sent once for several places (`codec.Aliases`): defined by "SH" where it first occurs, named
        by "SR" after; only lists, sets and dicts, each index defined once, before it is named."""
        if self.shared is None or not rest or type(rest[0]) is not int:
            raise ValueError("malformed or unexpected alias from the sandbox")
        if tag == "SR":
            if len(rest) != 1 or self.shared.get(rest[0]) is None:
                raise ValueError("malformed alias from the sandbox")
            return self.shared[rest[0]]
        if len(rest) != 2 or rest[0] != len(self.shared):
            raise ValueError("malformed alias from the sandbox")
        self.shared[rest[0]] = None  # defined now: a reference from inside it is refused
        value = self.decode(rest[1], depth + 1)
        if type(value) not in (list, set, dict, collections.Counter, collections.OrderedDict):
            raise ValueError("an alias of a value that is not a list, set or dict from the sandbox")
        self.shared[rest[0]] = value
        return value

    def _mapping(self, kind: Any, pairs: Any, depth: int) -> Any:
        if type(pairs) is not list or any(type(p) is not list or len(p) != 2 for p in pairs):
            raise ValueError("malformed mapping from the sandbox")
        keys = [self.decode(k, depth + 1) for k, _ in pairs]
        self._refuse_flood(keys)  # before the dict is built: building it is the quadratic step
        values = [self.decode(v, depth + 1) for _, v in pairs]
        return self._sized(kind(dict(zip(keys, values, strict=True))), keys + values)

    def items(self, wire: Any, depth: int, flood: bool = False) -> list[Any]:
        """Decode a list of wire values (an answer's nested items); ``flood``: refuse a hash flood among them."""
        if type(wire) is not list:
            raise ValueError("malformed items from the sandbox")
        items = [self.decode(v, depth) for v in wire]
        if flood:
            self._refuse_flood(items)
        return items

    def _sized(self, container: Any, items: list[Any]) -> Any:
        self.sizes[id(container)] = 1 + sum(self.sizes.get(id(i), 1) for i in items)
        return container

    def _refuse_flood(self, items: list[Any]) -> None:
        spread = HashSpread(self.meter)
        for item in items:
            if not self.handles or not _holds(item, self.handles):
                spread.add(item, self.sizes.get(id(item), 1))


def _holds(value: Any, ids: set[int]) -> bool:
    """Whether ``value`` is, or holds, an object whose id is in ``ids``."""
    stack, seen = [value], set()
    while stack:
        node = stack.pop()
        if id(node) in ids:
            return True
        if id(node) not in seen:  # an alias met again holds what it held the first time
            seen.add(id(node))
            stack.extend(_children(node))
    return False


def _bare_ints(items: list) -> bool:
    """Whether ``items`` are all bare ints within +-`codec.BARE_INT` (and none a bool)."""
    return bool(items) and set(map(type, items)) == {int} and -codec.BARE_INT < min(items) \
        and max(items) < codec.BARE_INT


def _scalar(tag: str, rest: list) -> Any:
    n, kind, build = codec.SCALARS[tag]
    text = _SCALAR_TEXT.get(tag)
    if len(rest) != n or any(type(r) is not kind for r in rest) or (text and not all(map(text.fullmatch, rest))):
        raise ValueError(f"malformed {tag} value from the sandbox")
    try:
        value = build(*rest)
    except ArithmeticError as e:  # decimal's and fractions' own errors: an unusable answer like any other
        raise ValueError(f"unusable {tag} value from the sandbox: {type(e).__name__}") from None
    if tag == "R" and len(value) > MAX_RANGE:  # a few bytes that a test's list() or sum() would spend hours on
        raise ValueError(f"a range of more than {MAX_RANGE} items from the sandbox")
    if tag == "DEC" and value.is_finite() and abs(value.adjusted()) > MAX_EXPONENT:  # int(), round() of 1E+999999
        raise ValueError(f"a Decimal beyond 1E+/-{MAX_EXPONENT} from the sandbox")
    return value


# A range answer holds at most this many items (it is checked for hash floods, and charged, as the list it stands
# for); a Decimal's exponent is within this, as an int's digits are (int_max_str_digits): converting
# Decimal("1E+999999") to an int takes 26 s.
MAX_RANGE = 1 << 16
MAX_EXPONENT = 4300
# New namedtuple classes one answer may make here (each ~5 KB and ~70 us): 30,000 one-field types in 0.9 MiB cost
# 2.2 s and 160 MB.
MAX_NEW_CLASSES = 64
# Each sympy Float and Rational is charged as this many bytes built against ``completion_bytes``: a test's round()
# of one takes 0.2-1.7 ms here (a Rational(1, 3) 0.8 ms; an Integer 5 us), against under 4 us for a float, a Fraction
# or a Decimal, so a 4 MiB answer of 140,000 of them would keep a test's ``[round(v, 2) for v in answer]`` busy for
# minutes. At the default 64 MiB a completion's answers hold at most 4,096 of them (under 7 s of such rounding).
SYMPY_BYTES = 16 << 10
SYMPY_FLOAT_BITS = 1024


# What the text of a library scalar may be (the codec writes nothing else); every number part is bounded, so
# building one (a Fraction's gcd, a Decimal) costs little. Plain builtins are checked by their types alone.
_HEX = r"-?0x[0-9a-f]{1,16384}"
_SCALAR_TEXT = {
    "R": re.compile(_HEX), "FR": re.compile(_HEX), "TD": re.compile(_HEX),
    "DEC": re.compile(r"-?(\d{1,4096}(\.\d{0,4096})?(E[+-]?\d{1,12})?|Infinity|s?NaN\d{0,64})"),
}
_NUMBERS = (bool, int, float, complex)
_NUMPY_KINDS = {"b": (bool,), "i": (int,), "u": (int,), "f": (float,), "c": (complex,), "U": (str,)}
_SYMPY_PARTS = {"Integer": 1, "Rational": 2, "Float": 2, "True": 0, "False": 0}
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,63}")
_SYMPY_FLOAT = re.compile(r"-?\d{1,200}(\.\d{0,200})?(e[+-]?\d{1,6})?|-?(inf|nan|oo|zoo)")


def _date(d: _Decoder, rest: list, depth: int) -> Any:
    if (len(rest) not in (2, 3) or rest[0] not in codec.DATES or type(rest[1]) is not str or len(rest[1]) > 64
            or len(rest) == 3 and (rest[0] != "datetime" or not _zone_key(rest[2]))):
        raise ValueError("malformed date from the sandbox")
    value = codec.DATES[rest[0]].fromisoformat(rest[1])
    if len(rest) == 3:  # a zoneinfo datetime: the same moment, in the zone its key names (`codec._zone_key`)
        if value.utcoffset() is None:
            raise ValueError("malformed date from the sandbox")
        try:
            return value.astimezone(codec.zone(rest[2]))
        except (ValueError, OverflowError, LookupError, OSError) as e:  # no such zone here; past the dates' range
            raise ValueError("a date in a zone this side cannot make, from the sandbox") from e
    return value


def _zone_key(key: Any) -> bool:
    return type(key) is str and codec.ZONE_KEY.fullmatch(key) is not None


def _zone(d: _Decoder, rest: list, depth: int) -> Any:
    if not _zone_key(rest[0]):
        raise ValueError("malformed zone from the sandbox")
    try:
        return codec.zone(rest[0])
    except (ValueError, LookupError, OSError) as e:  # ZoneInfoNotFoundError is a KeyError
        raise ValueError("a zone this side cannot make, from the sandbox") from e


# As this module began: a test's ``patch("datetime.timezone")`` replaces the module's attribute (`codec._TIMEZONE`).
_TIMEDELTA, _TIMEZONE = datetime.timedelta, datetime.timezone


def _fixed_zone(d: _Decoder, rest: list, depth: int) -> Any:
    offset, name = d.decode(rest[0], depth), rest[1]
    if (type(offset) is not _TIMEDELTA or not abs(offset) < _TIMEDELTA(days=1)
            or name is not None and (type(name) is not str or len(name) > 64)):
        raise ValueError("malformed timezone from the sandbox")
    return _TIMEZONE(offset, name) if name is not None else _TIMEZONE(offset)


def _defaultdict(d: _Decoder, rest: list, depth: int) -> Any:
    factory = rest[0]
    if type(factory) is list:  # a handle to the completion's own factory: a missing key's value is asked of its job
        factory = d.decode(factory, depth + 1)
        if not callable(factory):
            raise ValueError("malformed defaultdict factory from the sandbox")
    elif factory is not None:
        if type(factory) is not str or factory not in codec.FACTORIES:
            raise ValueError("malformed defaultdict from the sandbox")
        factory = codec.FACTORIES[factory]
    plain = d._mapping(dict, rest[1], depth)
    return d._sized(collections.defaultdict(factory, plain), [plain])


def _view(kind: str) -> Callable[[_Decoder, list, int], Any]:
    """The reader of a dict view's tag: its keys are refused when they flood a hash, as a set's would be."""
    def read(d: _Decoder, rest: list, depth: int) -> Any:
        if kind == "DI":
            view = d._mapping(dict, rest[0], depth).items()
        elif kind == "DK":
            keys = d.items(rest[0], depth, flood=True)
            view = dict.fromkeys(keys).keys()
            if len(view) != len(keys):
                raise ValueError("malformed dict keys from the sandbox")
        else:
            values = d.items(rest[0], depth)
            view = dict(enumerate(values)).values()
        return d._sized(view, [])
    return read


def _deque(d: _Decoder, rest: list, depth: int) -> Any:
    if rest[1] is not None and (type(rest[1]) is not int or rest[1] < 0):
        raise ValueError("malformed deque from the sandbox")
    items = d.items(rest[0], depth)
    return d._sized(collections.deque(items, rest[1]), items)


def _stream(tag: str) -> Callable[[_Decoder, list, int], Any]:
    """``["SIO", text, position]`` or ``["BIO", hex, position]``: a StringIO or BytesIO at that position, within it;
    a closed one at `codec.CLOSED`, with no text."""
    def read(d: _Decoder, rest: list, depth: int) -> Any:
        text, position = rest
        if type(text) is not str or type(position) is not int or tag == "BIO" and not _HEX_BYTES.fullmatch(text):
            raise ValueError(f"malformed {tag} from the sandbox")
        data = text if tag == "SIO" else bytes.fromhex(text)
        if not 0 <= position <= len(data) and not (position == codec.CLOSED and not data):
            raise ValueError(f"malformed {tag} from the sandbox")
        stream = codec.build(tag, [text, position], lambda v: v)
        d.meter.built_one(data)  # its buffer: as much again as its text, checked against the answer's bytes
        return stream
    return read


_HEX_BYTES = re.compile(r"(?:[0-9a-f]{2})*")


def _array(d: _Decoder, rest: list, depth: int) -> Any:
    items = d.items(rest[1], depth)
    kind = float if rest[0] in ("f", "d") else int
    if type(rest[0]) is not str or rest[0] not in codec.ARRAY_TYPECODES or any(type(v) is not kind for v in items):
        raise ValueError("malformed array from the sandbox")
    try:
        return d._sized(array.array(rest[0], items), items)
    except OverflowError:  # an item the typecode cannot hold
        raise ValueError("malformed array from the sandbox") from None


def _namedtuple(d: _Decoder, rest: list, depth: int) -> Any:
    if len(rest) not in (3, 4):
        raise ValueError("malformed namedtuple from the sandbox")
    name, fields = rest[0], rest[1]
    if (type(name) is not str or not _NAME.fullmatch(name) or type(fields) is not list or len(fields) > 256
            or any(type(f) is not str or not _NAME.fullmatch(f) or f[0] == "_" for f in fields)):
        raise ValueError("malformed namedtuple from the sandbox")
    items = d.items(rest[2], depth)
    if len(items) != len(fields):
        raise ValueError("malformed namedtuple from the sandbox")
    if not codec.has_namedtuple_class(name, tuple(fields)):
        d.new_classes += 1
        d.meter.built += 5000
        if d.new_classes > MAX_NEW_CLASSES:
            raise ValueError(f"an answer of more than {MAX_NEW_CLASSES} namedtuple types from the sandbox")
    made = codec.namedtuple_class(name, tuple(fields))
    if len(rest) == 3:
        return d._sized(made._make(items), items)
    remote = d.decode(rest[3], depth)  # its class adds methods: they are the job's object's
    if not d.opaque(remote):
        raise ValueError("malformed namedtuple from the sandbox")
    value = with_methods(made)._make(items)  # type: ignore[attr-defined]
    value.__dict__["_remote"] = remote
    return d._sized(value, items)


_WITH_METHODS: dict[type, type] = {}


def with_methods(cls: type) -> type:
    """A subclass of the namedtuple class ``cls`` whose instances are this side's copy of a namedtuple of the job
    (its fields, compared as a tuple) and ask the job's object for any other public attribute (a method its class
    adds); `remote_of` gives that object back, so passing the copy to the job passes the object itself."""
    made = _WITH_METHODS.get(cls)
    if made is None:
        def __getattr__(self: Any, name: str) -> Any:
            remote = self.__dict__.get("_remote")
            if remote is None or name.startswith("__"):
                raise AttributeError(name)
            return getattr(remote, name)
        made = type(cls.__name__, (cls,), {"__getattr__": __getattr__, "__module__": cls.__module__,
                                           "_rlvr_with_methods": True})
        if len(_WITH_METHODS) < 1024:  # as `codec.namedtuple_class` keeps its classes
            _WITH_METHODS[cls] = made
    return made


def remote_of(x: Any) -> Any:
    """The job's object a `with_methods` copy stands for, else None."""
    return x.__dict__.get("_remote") if getattr(type(x), "_rlvr_with_methods", False) is True else None


def _numpy_scalar(d: _Decoder, rest: list, depth: int) -> Any:
    import numpy as np
    value = d.decode(rest[1], depth)
    if not codec.numpy_dtype(rest[0]) or type(value) not in _NUMPY_KINDS[np.dtype(rest[0]).kind]:
        raise ValueError("malformed numpy scalar from the sandbox")
    return np.dtype(rest[0]).type(value)


def _numpy_array(d: _Decoder, rest: list, depth: int) -> Any:
    import numpy as np
    dtype, shape = rest[0], rest[1]
    if not (codec.numpy_dtype(dtype) or dtype == "object") or type(shape) is not list or len(shape) > 32:
        raise ValueError("malformed numpy array from the sandbox")
    dims = [_scalar("I", [n]) for n in shape]
    if dtype == "object" and (type(rest[2]) is not list or any(type(w) is not list or not w or w[0] != "H"
                                                               for w in rest[2])):
        raise ValueError("malformed numpy array from the sandbox")  # an object array holds handles only
    items = d.items(rest[2], depth, flood=True)  # a test may turn it into a list of ints and then a set
    kinds = None if dtype == "object" else _NUMPY_KINDS[np.dtype(dtype).kind]  # an object array: any value
    size = 1
    for n in dims:
        size *= n
    if any(n < 0 for n in dims) or size != len(items) or kinds is not None and any(type(v) not in kinds
                                                                                    for v in items):
        raise ValueError("malformed numpy array from the sandbox")
    rows = _rows(dims)
    if rows > len(items) + MAX_RANGE:  # only an empty array has more: iterating (2**40, 0) makes 2**40 of them
        raise ValueError(f"an empty numpy array of more than {MAX_RANGE} rows from the sandbox")
    d.meter.built += 8 * (rows - len(items))  # what the list of its empty rows would take, as for a range
    if kinds is None:  # ``plt.subplots(2, 2)``'s Axes: objects of the job
        return tables.object_array(items, tuple(dims))
    width = np.dtype(dtype).itemsize  # a string array holds each item at the widest one's size: 100,000 one-letter
    if d.meter.max_bytes is not None and d.meter.built + width * size > d.meter.max_bytes:  # items of "<U9999" are 4 GB
        raise ValueError(f"the answer takes more than {d.meter.max_bytes} bytes here")
    if kinds == (str,) and any(len(v) > width // 4 for v in items):
        raise ValueError("malformed numpy array from the sandbox")
    return np.array(items, dtype=dtype).reshape(dims)


def _rows(dims: list[int]) -> int:
    """How many arrays iterating an array of shape ``dims``, or its transpose, can make: its items, counting each
    empty dimension as 1 (an empty array of shape (2**40, 0) has 2**40 rows, each of no item)."""
    rows = 1
    for n in dims:
        rows *= n or 1
    return rows


def _builtin(d: _Decoder, rest: list, depth: int) -> Any:
    # Never one the call did not send: the test would call this side's own with its arguments, outside every bound.
    if type(rest[0]) is not str or rest[0] not in d.builtins:
        raise ValueError("a builtin the call did not send, from the sandbox (a builtin answer is a handle)")
    return codec.builtin_value(rest[0])


def _slice(d: _Decoder, rest: list, depth: int) -> Any:
    parts = d.items(rest[0], depth)
    if len(parts) != 3:
        raise ValueError("malformed slice from the sandbox")
    return d._sized(slice(*parts), parts)


_UUID = re.compile(r"0x[0-9a-f]{1,32}")


def _uuid(d: _Decoder, rest: list, depth: int) -> Any:
    if type(rest[0]) is not str or not _UUID.fullmatch(rest[0]):
        raise ValueError("malformed UUID from the sandbox")
    return codec.build("UU", rest, None)  # type: ignore[arg-type]


# A path's class on this side: never a concrete one, whose methods would read and write this host's files at a
# path the completion chose (a test's ``answer.read_text()``); a pure path compares equal to the test's ``Path``.
class JobPath(pathlib.PurePosixPath):
    """A concrete path of the job's (a completion's ``Path``), pure here: equal to the test's ``Path``, with no method
    that would read or write a file of this host at a path the completion chose (a test's ``answer.read_text()``);
    passed back into the job, it is the job's concrete path again (`codec._small`)."""

    _rlvr_crosses_as = ("PA", "PosixPath")


# A path's class on this side, by the class the job named: never a concrete one.
_PATHS: dict[str, type] = {"PurePosixPath": pathlib.PurePosixPath, "PosixPath": JobPath,
                           "PureWindowsPath": pathlib.PureWindowsPath}
TEXT_CHARS = 4096  # of a path's or an address's text: parsing it is linear, and no honest answer's is longer


def _text_parts(d: _Decoder, rest: list, names: Any, tag: str) -> tuple[str, str]:
    """A class name of ``names`` and a text of at most `TEXT_CHARS` (no NUL), charged; else ValueError."""
    name, text = rest
    if type(name) is not str or name not in names or type(text) is not str or len(text) > TEXT_CHARS or "\0" in text:
        raise ValueError(f"malformed {tag} value from the sandbox")
    d.meter.built += len(text)
    return name, text


def _path(d: _Decoder, rest: list, depth: int) -> Any:
    name, text = _text_parts(d, rest, _PATHS, "PA")
    return _PATHS[name](text)


def _address(d: _Decoder, rest: list, depth: int) -> Any:
    name, text = _text_parts(d, rest, codec.IP_CLASSES, "IP")
    try:
        value = codec.build("IP", [name, text], None)  # type: ignore[arg-type]
    except ValueError:  # not an address of that class
        raise ValueError("malformed IP value from the sandbox") from None
    if "Network" in name:
        return _BOUNDED_NETWORKS[name](value.with_prefixlen)
    if "Interface" in name:
        value.network = _BOUNDED_NETWORKS[name.replace("Interface", "Network")](value.network.with_prefixlen)
    return value


def _bounded(items: Callable[..., Iterator[Any]]) -> Callable[..., Iterator[Any]]:
    """``items`` (a network's iteration), raising ValueError past `MAX_RANGE` items."""
    @functools.wraps(items)
    def bounded(self: Any, *args: Any, **kwargs: Any) -> Iterator[Any]:
        for count, item in enumerate(items(self, *args, **kwargs)):
            if count >= MAX_RANGE:
                raise ValueError(f"more than {MAX_RANGE} items of a network the sandbox answered")
            yield item
    return bounded


# A network answer here: its own class's values, whose iteration, hosts() and subnets() stop past `MAX_RANGE` items,
# as a range answer is refused past as many: a test's list() or loop over IPv6Network('::/0'), a few bytes on the
# wire, would run here outside every deadline (red team 11). Refusing such answers would refuse honest /64s.
_BOUNDED_NETWORKS: dict[str, type] = {
    kind.__name__: type(kind.__name__, (kind,), {"__iter__": _bounded(kind.__iter__), "hosts": _bounded(kind.hosts),
                                                 "subnets": _bounded(kind.subnets),
                                                 "_rlvr_crosses_as": ("IP", kind.__name__)})
    for kind in (ipaddress.IPv4Network, ipaddress.IPv6Network)}


def _user_list(d: _Decoder, rest: list, depth: int) -> Any:
    items = d.items(rest[0], depth)
    return d._sized(collections.UserList(items), items)


def _user_dict(d: _Decoder, rest: list, depth: int) -> Any:
    plain = d._mapping(dict, rest[0], depth)
    made: collections.UserDict[Any, Any] = collections.UserDict()
    made.data = plain  # its own dict, as decoded (the constructor would copy it key by key)
    return d._sized(made, [plain])


def _user_string(d: _Decoder, rest: list, depth: int) -> Any:
    if type(rest[0]) is not str:
        raise ValueError("malformed UserString from the sandbox")
    return collections.UserString(rest[0])


def _normal_dist(d: _Decoder, rest: list, depth: int) -> Any:
    mean, stdev = d.decode(rest[0], depth), d.decode(rest[1], depth)
    if type(mean) not in (int, float) or type(stdev) not in (int, float) or not stdev >= 0:
        raise ValueError("malformed NormalDist from the sandbox")
    return codec.build("ND", [mean, stdev], lambda v: v)


def _struct_time(d: _Decoder, rest: list, depth: int) -> Any:
    fields, zone, offset = d.items(rest[0], depth), d.decode(rest[1], depth), d.decode(rest[2], depth)
    if (len(fields) != 9 or any(type(v) is not int for v in fields) or zone is not None and type(zone) is not str
            or offset is not None and type(offset) is not int):
        raise ValueError("malformed struct_time from the sandbox")
    return time.struct_time((*fields, zone, offset))


def _table_items(d: _Decoder, dtype: Any, wire: Any, depth: int) -> list:
    """A pandas column's items (`inside.tables`), each of a type its dtype holds."""
    if not tables.named(dtype) or type(wire) is not list or len(wire) > tables.MAX_ROWS:
        raise ValueError("malformed pandas column from the sandbox")
    items = d.items(wire, depth, flood=True)  # a test may make a set of them, or a dict
    kinds = _table_kinds(dtype)
    if kinds is not None and any(type(v) not in kinds for v in items) or \
            dtype == "str" and any(type(v) is float and v == v for v in items):  # a missing text is NaN
        raise ValueError("malformed pandas column from the sandbox")
    d.meter.built += 8 * len(items)
    return items


def _table_column(d: _Decoder, dtype: Any, wire: Any, depth: int) -> Any:
    """A pandas array: a categorical one (``["category", categories, ordered]`` and codes), or `_table_items` of a
    named dtype."""
    if type(dtype) is not list:
        items = _table_items(d, dtype, wire, depth)
        return _made(lambda: tables.column(dtype, items))
    if len(dtype) == 3 and dtype[0] == "datetime":  # dates in a zone: ["datetime", unit, zone], UTC counts
        unit = dtype[1]
        if unit not in tables.UNITS:
            raise ValueError("malformed pandas dates in a zone from the sandbox")
        tz, items = _table_zone(d, dtype[2], depth), _table_items(d, f"datetime64[{unit}]", wire, depth)
        return _made(lambda: tables.zoned(unit, tz, items))
    if len(dtype) != 3 or dtype[0] != "category" or type(dtype[2]) is not bool or type(wire) is not list \
            or len(wire) > tables.MAX_ROWS or type(dtype[1]) is not list or len(dtype[1]) < 2 \
            or type(dtype[1][1]) is not str:  # categories: a RangeIndex or a flat Index that is not categorical
        raise ValueError("malformed pandas categorical from the sandbox")
    categories, ordered = _table_index(d, dtype[1], depth, flat=True), dtype[2]
    size = len(categories)
    if any(type(c) is not int or not -1 <= c < size for c in wire):
        raise ValueError("malformed pandas categorical from the sandbox")
    d.meter.built += 8 * len(wire)
    return _made(lambda: tables.categorical(categories, ordered, wire))


def _table_zone(d: _Decoder, wire: Any, depth: int) -> Any:
    """A pandas date's zone: a ``ZoneInfo`` (its key checked by `_zone`) or a ``datetime.timezone``."""
    if type(wire) is not list or not wire or wire[0] not in ("TZ", "TZO"):
        raise ValueError("malformed pandas time zone from the sandbox")
    return d.decode(wire, depth)


def _table_kinds(dtype: str) -> tuple[type, ...] | None:
    """The types a pandas column of ``dtype`` holds as items on the wire; None: any value (``object``)."""
    if dtype in tables.NUMERIC:
        import numpy as np
        return _NUMPY_KINDS[np.dtype(dtype).kind]
    if dtype in tables.COUNTS or dtype not in tables.DTYPES:  # dates, durations, periods: int64 counts
        return (int,)
    if dtype in tables.NULLABLE or dtype in tables.ARROW:
        kind = dtype.partition("[")[0]
        return ((bool if kind in ("boolean", "bool") else float if kind in ("float", "double")
                 else str if kind.endswith("string") else int), type(None))
    return {"str": (str, float), "string": (str, type(None))}.get(dtype)


def _table_name(d: _Decoder, wire: Any, depth: int) -> Any:
    """A table's or an index's name: a label pandas can hold (None, a number, a string or a tuple of them)."""
    name = d.decode(wire, depth)
    if not _label(name) and not (type(name) is tuple and len(name) <= 64 and all(map(_label, name))):
        raise ValueError("malformed pandas name from the sandbox")
    return name


def _label(value: Any) -> bool:
    return type(value) in (type(None), bool, int, float, str)


def _made(build: Callable[[], Any]) -> Any:
    """What pandas makes of checked parts; ValueError where it refuses them (an int past int64, a freq that does
    not fit the dates), whatever it raises (pyarrow's errors among them)."""
    try:
        return build()
    except DecodeDeadline:
        raise
    except Exception as e:
        raise ValueError(f"malformed pandas value from the sandbox ({type(e).__name__})") from None


def _range_index(d: _Decoder, rest: list, depth: int) -> Any:
    start, stop, step = (_scalar("I", [n]) for n in rest[:3])
    if step == 0 or len(range(start, stop, step)) > tables.MAX_ROWS:
        raise ValueError("malformed pandas RangeIndex from the sandbox")
    name = _table_name(d, rest[3], depth)
    import pandas as pd
    return _made(lambda: pd.RangeIndex(start, stop, step, name=name))


def _flat_index(d: _Decoder, rest: list, depth: int) -> Any:
    dtype, freq = rest[0], rest[3]
    if type(dtype) is list:  # a CategoricalIndex (its categories and codes), or a DatetimeIndex in a zone
        name, column = _table_name(d, rest[1], depth), _table_column(d, dtype, rest[2], depth)
        zoned = dtype[0] == "datetime"
        if freq is not None and (not zoned or type(freq) is not str or not tables.FREQ.fullmatch(freq)):
            raise ValueError("malformed pandas Index from the sandbox")
        import pandas as pd
        if zoned:
            return _made(lambda: pd.DatetimeIndex(column, name=name, freq=freq))
        return _made(lambda: pd.CategoricalIndex(column, name=name))
    name, items = _table_name(d, rest[1], depth), _table_items(d, dtype, rest[2], depth)
    if freq is not None and (type(freq) is not str or dtype not in tables.DATES or not tables.FREQ.fullmatch(freq)):
        raise ValueError("malformed pandas Index from the sandbox")
    return _made(lambda: tables.build_index(dtype, name, items, freq))


def _table_index(d: _Decoder, wire: Any, depth: int, flat: bool = False) -> Any:
    """A table's rows or column labels: an index's wire form only (a flat one where ``flat``: a MultiIndex's
    level)."""
    if type(wire) is not list or not wire or wire[0] not in (("PR", "PX", "PI") if flat else ("PR", "PX", "PM", "PI")):
        raise ValueError("malformed pandas index from the sandbox")
    return d.decode(wire, depth)


def _interval_index(d: _Decoder, rest: list, depth: int) -> Any:
    """An IntervalIndex: its sides, name, and ends (flat indexes of one length, neither categorical nor intervals);
    pandas checks each left end is at most its right."""
    closed, name, ends = rest[0], _table_name(d, rest[1], depth), rest[2:]
    if closed not in tables.CLOSED or any(type(e) is not list or len(e) < 2 or e[0] != "PX" or type(e[1]) is not str
                                          for e in ends):
        raise ValueError("malformed pandas IntervalIndex from the sandbox")
    left, right = (d.decode(e, depth) for e in ends)
    if len(left) != len(right):
        raise ValueError("malformed pandas IntervalIndex from the sandbox")
    import pandas as pd
    return _made(lambda: pd.IntervalIndex.from_arrays(left, right, closed=closed, name=name))


_COUNT = re.compile(r"-?0x[0-9a-f]{1,16}")


def _moment(d: _Decoder, rest: list, depth: int) -> Any:
    """A pandas Timestamp (NaT; in a zone where a fourth part names it, the count in UTC), or a Timedelta: a kind, a
    unit and an int64 count of it in hex."""
    if len(rest) not in (3, 4) or len(rest) == 4 and rest[0] != "Timestamp":
        raise ValueError("malformed pandas Timestamp or Timedelta from the sandbox")
    kind, unit, count = rest[:3]
    tz = _table_zone(d, rest[3], depth) if len(rest) == 4 else None
    if (kind not in ("Timestamp", "Timedelta") or unit not in tables.UNITS or type(count) is not str
            or not _COUNT.fullmatch(count) or not tables.NAT <= int(count, 16) < 2**63):
        raise ValueError("malformed pandas Timestamp or Timedelta from the sandbox")
    return _made(lambda: tables.moment(kind, unit, int(count, 16), tz))


def _multi_index(d: _Decoder, rest: list, depth: int) -> Any:
    """A MultiIndex: its names, its levels (flat indexes) and one list of codes a level, each an int that is a
    position in its level or -1; pandas then checks each level's labels are unique."""
    names, levels, codes = rest
    if (type(names) is not list or type(levels) is not list or type(codes) is not list
            or not 0 < len(levels) <= tables.MAX_LEVELS or len(names) != len(levels) or len(codes) != len(levels)
            or any(type(c) is not list for c in codes) or len({len(c) for c in codes}) != 1
            or len(codes[0]) > tables.MAX_ROWS):
        raise ValueError("malformed pandas MultiIndex from the sandbox")
    names = [_table_name(d, name, depth) for name in names]
    levels = [_table_index(d, level, depth, flat=True) for level in levels]
    for level, positions in zip(levels, codes, strict=True):
        size = len(level)
        if any(type(c) is not int or not -1 <= c < size for c in positions):
            raise ValueError("malformed pandas MultiIndex from the sandbox")
    d.meter.built += 8 * len(codes) * len(codes[0])
    return _made(lambda: tables.multi_index(names, levels, codes))


def _series(d: _Decoder, rest: list, depth: int) -> Any:
    name, index, column = _table_name(d, rest[1], depth), _table_index(d, rest[2], depth), \
        _table_column(d, rest[0], rest[3], depth)
    if len(column) != len(index):
        raise ValueError("malformed pandas Series from the sandbox")
    import pandas as pd
    return _made(lambda: pd.Series(column, index=index, name=name, copy=False))


def _frame(d: _Decoder, rest: list, depth: int) -> Any:
    columns, index, data = _table_index(d, rest[0], depth), _table_index(d, rest[1], depth), rest[2]
    if type(data) is not list or len(data) != len(columns) or len(data) * len(index) > tables.MAX_CELLS or \
            any(type(c) is not list or len(c) != 2 for c in data):
        raise ValueError("malformed pandas DataFrame from the sandbox")
    arrays = []
    for dtype, wire in data:
        column = _table_column(d, dtype, wire, depth)
        if len(column) != len(index):
            raise ValueError("malformed pandas DataFrame from the sandbox")
        arrays.append(column)
    return _made(lambda: tables.frame(columns, index, arrays))


_LIBRARY: dict[str, tuple[int, Callable[[_Decoder, list, int], Any]]] = {"BI": (1, _builtin),
    "DK": (1, _view("DK")), "DV": (1, _view("DV")), "DI": (1, _view("DI")),
    "DT": (-1, _date), "TZ": (1, _zone), "TZO": (2, _fixed_zone), "DD": (2, _defaultdict), "Q": (2, _deque),
    "AR": (2, _array), "NT": (-1, _namedtuple),
    "NS": (2, _numpy_scalar), "NA": (3, _numpy_array), "SL": (1, _slice), "UU": (1, _uuid),
    "PA": (2, _path), "IP": (2, _address),
    "UL": (1, _user_list), "UD": (1, _user_dict), "US": (1, _user_string), "ST": (3, _struct_time),
    "ND": (2, _normal_dist), "SIO": (2, _stream("SIO")), "BIO": (2, _stream("BIO")),
    "PR": (4, _range_index), "PX": (4, _flat_index), "PS": (4, _series), "PF": (3, _frame),
    "PM": (3, _multi_index), "PT": (-1, _moment), "PI": (4, _interval_index)}


def _sympy_value(rest: list) -> Any:
    """A sympy number or boolean from checked parts ("SY" has 1 to 3 parts, by kind)."""
    kind = rest[0] if rest else None
    if (kind not in _SYMPY_PARTS or len(rest) != 1 + _SYMPY_PARTS[kind]
            or any(type(r) is not str for r in rest)):
        raise ValueError("malformed sympy value from the sandbox")
    if kind in ("Integer", "Rational") and not all(re.fullmatch(_HEX, r) for r in rest[1:]):
        raise ValueError("malformed sympy value from the sandbox")
    if kind == "Float" and not (_SYMPY_FLOAT.fullmatch(rest[1]) and re.fullmatch(r"0x[0-9a-f]{1,4}", rest[2])):
        raise ValueError("malformed sympy value from the sandbox")
    # As for a Decimal: a test's round() of a Float of 1e-999999 takes 8 s here (its 200 digits at most move the
    # point by 200 more), and of one of 65,535 bits 7 ms; a Float whose text the codec writes has at most 200 digits,
    # which never needs more than `SYMPY_FLOAT_BITS`, but for a zero (printed "0.0" at any precision, and cheap).
    mantissa, _, exponent = rest[1].partition("e") if kind == "Float" else ("", "", "")
    if any(c in "123456789" for c in mantissa) and (abs(int(exponent or 0)) > MAX_EXPONENT
                                                    or int(rest[2], 16) > SYMPY_FLOAT_BITS):
        raise ValueError(f"a sympy Float beyond 1e+/-{MAX_EXPONENT} or {SYMPY_FLOAT_BITS} bits from the sandbox")
    if kind == "Rational" and int(rest[2], 16) == 0:
        raise ValueError("malformed sympy value from the sandbox")
    return codec.build("SY", rest, None)  # type: ignore[arg-type]


def encode(x: Any, depth: int = 0, handle: Callable[[Any], list | None] | None = None) -> Any:
    """Tag trusted plain data (call arguments) for the sandbox (`inside.codec.encode`); refuses anything but
    builtin types. A list, set or dict ``x`` holds more than once goes once (`codec.Aliases`), so the job gets
    one object where the test has one.

    ``handle(x)`` gives the wire form of a handle proxy (None for anything else) and raises TypeError for one the
    job may not use.

    >>> encode((1, "a"))
    ['T', [1, ['S', 'a']]]
    >>> a = [1]
    >>> encode([a, a])
    ['L', [['SH', 0, ['L', [1]]], ['SR', 0]]]
    """
    with codec.gc_paused():
        return codec.encode(x, depth, handle, "argument", codec.Aliases(x))


@dataclass(frozen=True)
class CallResult:
    """One answer from the sandbox: a decoded ``value`` (plain data and handles) when ``ok``, else why not."""

    ok: bool
    value: Any = None
    error: str = ""
    timed_out: bool = False
    memory_exceeded: bool = False
    job_ended: bool = False  # the job's process is gone (killed at a deadline, crashed, exited): load again
    # The slot's worker was killed from outside the slot, in a way its job cannot cause (`Slot.lost_from_outside`):
    # the completion was not judged, and scores None (status unscorable), never 0.
    lost: bool = False
    exhausted: bool = False  # a remote iterator had no next item
    returned: Any = None  # ... and what its generator returned (its StopIteration's value)
    # The completion's own code raised while serving a call, and its job goes on: the only failure a test may
    # expect. A deadline, a crash, memory, a refusal or an unusable answer is the sandbox failing, never that.
    raised: bool = False
    size: int = 0  # bytes of the answer on the wire
    # A call's arguments as the job left them ([args, kwargs]), when the call changed one in place; else None.
    after: Any = None
    # The prompt's objects a call changed in place (`codec.ObjectGraph`): {index: {attribute: value}}; else None.
    objects_after: dict[int, dict[str, Any]] | None = None
    # The builtin class a raised exception derives from, by name (the job's word: used only for a class the
    # completion defines, never to make a builtin one).
    base: str = ""
    # The completion's exception classes a raised one derives from before ``base``, nearest first (the job's word,
    # as ``base``: it names stand-ins of the completion's classes only, `handles.completion_exception`).
    parents: tuple[str, ...] = ()
    # A raised exception's class as ``module.qualname`` (the job's word: it picks one of the standard library's
    # classes this side knows, `handles.STDLIB_EXCEPTIONS`, never makes a class).
    kind: str = ""
    # What a load's code binds to the names the trusted side asked about: "call", "value" or "module:<name>".
    defined: dict[str, str] | None = None
    # A raised exception's ``args`` and public attributes, when they were plain data (else None: its message only).
    args: tuple | None = None
    attrs: dict[str, Any] | None = None
    # Its ``__notes__``, its ``__cause__`` and, for an ExceptionGroup, its message and members, each raised as they
    # are (`rewards.sandbox.handles.failure`); None where the job said none.
    notes: tuple[str, ...] | None = None
    cause: CallResult | None = None
    group: tuple[str, tuple[CallResult, ...]] | None = None
    # The answer is the call's positional argument of this index itself (``["ARG", index]``: `codec.IN_PLACE`);
    # `value` is None until the session gives it the test's own object.
    same: int | None = None
    # How many items the call read of each iterator the test sent, by the argument's position or keyword.
    read: tuple[tuple[int | str, int], ...] = ()


def objects_after(obj: Any, refs: list, handle: HandleFactory | None, meter: Meter,
                  builtins: frozenset[str] = frozenset()) -> dict[int, dict[str, Any]]:
    """The job's report of the prompt's objects a call changed (``[[index, [[attribute, value]...]]...]``, see
    `codec.graph_after`) as ``{index: {attribute: value}}``: indexes into ``refs``, attribute names identifiers,
    ``builtins`` the names of those the call sent (`decode`);
    ValueError for anything else, and for objects whose class hashes or compares them by its own code: decoding
    hashes every value it builds (`HashSpread`), so a job repeating such an object could make this side run the
    trusted ``__hash__``/``__eq__`` (a walk of the test's whole list, say) tens of thousands of times."""
    if type(obj) is not list or len(obj) > len(refs):
        raise ValueError("malformed objects from the sandbox")
    if any(_own_hash(type(r)) for r in refs):
        raise ValueError("the changed objects' class hashes or compares them by its own code: not read back")
    changed: dict[int, dict[str, Any]] = {}
    for entry in obj:
        if type(entry) is not list or len(entry) != 2 or type(entry[0]) is not int or type(entry[1]) is not list:
            raise ValueError("malformed objects from the sandbox")
        index, attrs = entry
        if not 0 <= index < len(refs) or index in changed or len(attrs) > 1000:
            raise ValueError("malformed objects from the sandbox")
        state = {}
        for pair in attrs:
            if type(pair) is not list or len(pair) != 2 or type(pair[0]) is not str or not _NAME.fullmatch(pair[0]) \
                    or pair[0].startswith("__"):
                raise ValueError("malformed object attribute from the sandbox")
            state[pair[0]] = decode(pair[1], 1, handle, meter, refs, builtins=builtins)
        changed[index] = state
    return changed


def _own_hash(cls: type) -> bool:
    """Whether objects of ``cls`` are hashable by code of its own, or hashable with an ``__eq__`` of its own."""
    return cls.__hash__ is not None and (cls.__hash__ is not object.__hash__ or cls.__eq__ is not object.__eq__)
