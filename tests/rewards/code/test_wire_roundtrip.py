"""One codec and one framing for both ends of every sandbox channel: values and frames go through the trusted
side's code and the worker/job side's code (the very modules the slot ships into the sandbox) and come back exact.

The in-process tests run both sides' functions over real pipes and sockets; the last one goes through a real slot,
whose worker and job run the shipped copies of these modules.
"""

from __future__ import annotations

import array
import ast
import collections
import datetime
import decimal
import enum
import ipaddress
import json
import marshal
import os
import re
import socket
import statistics
import sys
import threading
import time
import types
from pathlib import Path, PurePosixPath

import numpy as np
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from rewards.sandbox import slot, wire
from rewards.sandbox.inside import codec, frames, seccomp
from rewards.sandbox.inside.job import Handles
from rewards.sandbox.local import Sandbox, SandboxConfig

# The strategies' own repr is large (nested unions); Hypothesis warns each time it builds it.
pytestmark = pytest.mark.filterwarnings("ignore:Generating overly large repr")

FLOATS = st.floats(allow_nan=True, allow_infinity=True)
SCALARS = (st.none() | st.booleans() | st.integers() | st.integers(-(2**200), 2**200) | FLOATS
           | st.text(st.characters(exclude_categories=())) | st.binary() | st.complex_numbers(allow_nan=True))
HASHABLE = st.recursive(SCALARS, lambda inner: st.tuples(inner, inner) | st.frozensets(inner, max_size=3),
                        max_leaves=6)
VALUES = st.recursive(SCALARS | HASHABLE, lambda inner: (
    st.lists(inner, max_size=4) | st.tuples(inner, inner) | st.dictionaries(HASHABLE, inner, max_size=3)
    | st.sets(HASHABLE, max_size=3) | st.frozensets(HASHABLE, max_size=3)), max_leaves=20)


def canon(x: object) -> object:
    """An exact, order-free description of plain data: types kept (1, 1.0 and True differ), floats by repr (nan,
    -0.0), sets and dicts sorted."""
    t = type(x)
    if t in (list, tuple):
        return (t.__name__, [canon(v) for v in x])
    if t in (set, frozenset):
        return (t.__name__, sorted(repr(canon(v)) for v in x))
    if t is dict:
        return ("dict", sorted(repr((canon(k), canon(v))) for k, v in x.items()))
    return (t.__name__, repr(x))


def _sent(fd: int, data: bytes) -> threading.Thread:
    """Write ``data`` to ``fd`` from a thread (a socket buffer holds less than a large frame); join it after reading."""
    writer = threading.Thread(target=frames.write_all, args=(fd, data))
    writer.start()
    return writer


def through_both_sides(value: object) -> object:
    """``value`` as a call argument from the trusted side to a job and the job's answer of it back, over real
    sockets, each step by the code that does it in the sandbox: trusted encode and marshal frame -> the worker's
    `from_trusted` -> its marshal frame to the job -> the job's decode, encode and frame -> the worker's `receive`
    and `send` -> the trusted `read_frame` and strict decode."""
    trusted, worker = socket.socketpair()
    worker_end, job_end = socket.socketpair()
    deadline = time.monotonic() + 10
    with trusted, worker, worker_end, job_end:
        writer = _sent(trusted.fileno(), frames.frame(frames.to_worker({"op": "call", "args": wire.encode(value)})))
        msg = frames.from_trusted(worker.fileno())
        writer.join()
        writer = threading.Thread(target=frames.to_job, args=(worker_end.fileno(), msg))
        writer.start()
        args = codec.decode(frames.from_worker(job_end.fileno())["args"])
        writer.join()
        writer = threading.Thread(target=frames.send, args=(job_end.fileno(), {
            "ok": True, "value": codec.encode(args, 0, Handles(10).tag, "answer")}))
        writer.start()
        reply, why = frames.receive(worker_end.fileno(), deadline, 1 << 24)
        writer.join()
        writer = threading.Thread(target=frames.send, args=(worker.fileno(), reply))
        writer.start()
        body, why = frames.read_frame(trusted.fileno(), deadline, 1 << 24)
        writer.join()
    assert why is None
    return wire.decode(json.loads(body)["value"])


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(VALUES)
def test_plain_data_crosses_both_ways_exactly(value):
    assert canon(through_both_sides(value)) == canon(value)


def _json_shaped(x: object) -> bool:
    """Whether ``x`` is what JSON would give back: dicts with str keys, lists, and JSON's scalars."""
    if type(x) is dict:
        return all(type(k) is str and _json_shaped(v) for k, v in x.items())
    if type(x) is list:
        return all(map(_json_shaped, x))
    return type(x) in (str, int, float, bool, type(None))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(VALUES)
def test_a_request_is_read_in_marshal_as_it_would_be_in_json(value):
    """Requests to the worker are marshal (`frames.to_worker`), which keeps tuples and int keys that JSON would turn
    into lists and strings: what the trusted side sends must hold neither, or the job reads another shape."""
    msg = {"op": "call", "args": wire.encode(value), "batch": [{"name": "f", "args": wire.encode([value])}]}
    assert _json_shaped(msg)
    trusted, worker = socket.socketpair()
    with trusted, worker:
        writer = _sent(trusted.fileno(), frames.frame(frames.to_worker(msg)))
        assert frames.from_trusted(worker.fileno()) == json.loads(json.dumps(msg))
        writer.join()


def test_a_number_marshal_refuses_goes_as_json_would_send_it():
    class Seconds(enum.IntEnum):
        THREE = 3

    body = frames.to_worker({"op": "call", "timeout": Seconds.THREE, "args": [[], {}]})
    assert marshal.loads(body) == {"op": "call", "timeout": 3, "args": [[], {}]}
    assert type(marshal.loads(body)["timeout"]) is int


def test_the_tests_functions_and_objects_go_as_json_shaped_data():
    class Point:
        def __init__(self):
            self.x, self.ys = 1, (2, [3])

    def key(v):
        return v

    table = codec.FunctionTable(lambda f: ("key", "def key(v):\n    return v\n", {"k": (1, 2)}, {"candidate": "f"}))
    graph = codec.ObjectGraph({Point: "Point"})
    assert table.ref(key) == ["FN", 0] and graph.ref(Point()) == ["REF", 0]
    assert _json_shaped(table.wire(lambda x: None)) and _json_shaped(graph.wire(lambda x: None))


@given(VALUES)
def test_the_job_reads_the_trusted_sides_encoding_and_back(value):
    wired = json.loads(frames.dumps(wire.encode(value)))
    assert canon(codec.decode(wired)) == canon(value)
    answer = json.loads(frames.dumps(codec.encode(codec.decode(wired), 0, None, "answer")))
    assert canon(wire.decode(answer)) == canon(value)


# The standard library's and numpy's value types that cross (`codec`), built from plain data; each crosses as its
# own type with its own equality, nested in containers too.
_KEYS = st.integers(-1000, 1000) | st.text(max_size=5)
_Point = collections.namedtuple("_Point", "x y")
LIBRARY = st.one_of(
    st.builds(collections.Counter, st.dictionaries(_KEYS, st.integers(-5, 5), max_size=4)),
    st.builds(collections.OrderedDict, st.lists(st.tuples(_KEYS, st.integers()), max_size=4)),
    st.builds(lambda d: collections.defaultdict(list, d), st.dictionaries(_KEYS, st.lists(st.integers()), max_size=3)),
    st.builds(collections.deque, st.lists(st.integers(), max_size=4), st.none() | st.integers(0, 6)),
    st.builds(_Point, st.integers(), st.text(max_size=3)),
    st.decimals(allow_nan=False, places=None).filter(lambda d: abs(d.adjusted()) < 4000),
    st.fractions(max_denominator=10**6),
    st.builds(range, st.integers(-100, 100), st.integers(-100, 100), st.integers(1, 5)),
    st.binary(max_size=8).map(bytearray),
    st.dates(), st.datetimes(), st.timedeltas(),
    # a zoneinfo datetime keeps its zone (tzname, %Z), and zones cross themselves (sweep 8)
    st.datetimes(timezones=st.timezones()), st.timezones(),
    st.timedeltas(-datetime.timedelta(hours=23, minutes=59), datetime.timedelta(hours=23, minutes=59)).map(
        datetime.timezone),
    st.integers(-(2**63), 2**63 - 1).map(np.int64), st.floats(width=32).map(np.float32), st.booleans().map(np.bool_),
    st.lists(st.integers(-(2**31), 2**31 - 1), max_size=6).map(lambda xs: np.array(xs, dtype=np.int32)),
    st.dictionaries(_KEYS, st.integers(), max_size=4).map(lambda d: d.keys()),
    st.dictionaries(_KEYS, st.integers(), max_size=4).map(lambda d: d.items()),
    st.lists(st.integers(-(2**63), 2**63 - 1), max_size=5).map(lambda xs: array.array("q", xs)),
    st.lists(st.floats(allow_nan=False), max_size=5).map(lambda xs: array.array("d", xs)),
    st.just(Ellipsis), st.builds(slice, *[st.integers() | st.none()] * 3),
    # A path's text crosses without NUL, which no file name holds (`wire._text_parts`).
    st.uuids(), st.ip_addresses(), st.text(st.characters(blacklist_characters="\0"), max_size=8).map(PurePosixPath),
    st.ip_addresses(v=4).map(lambda a: ipaddress.ip_network(f"{a}/24", strict=False)),
    st.ip_addresses(v=6).map(lambda a: ipaddress.ip_interface(f"{a}/64")),
    st.lists(st.integers(), max_size=4).map(collections.UserList),
    st.dictionaries(_KEYS, st.integers(), max_size=4).map(collections.UserDict),
    st.text(max_size=5).map(collections.UserString),
    st.integers(-(2**40), 2**40).map(time.gmtime),
    st.builds(statistics.NormalDist, st.floats(-1e6, 1e6), st.floats(0, 1e6)),
    st.lists(st.text(max_size=4), min_size=1, max_size=4).map(np.array), st.text(max_size=4).map(np.str_),
)


def _same(got: object, want: object) -> bool:
    """Equal, with the same type, as plain Python compares them (NaN by its text, arrays element-wise)."""
    if isinstance(want, np.ndarray):
        return type(got) is np.ndarray and got.dtype == want.dtype and np.array_equal(got, want)
    if isinstance(want, (list, tuple)) and not hasattr(want, "_fields"):
        return type(got) is type(want) and len(got) == len(want) and all(map(_same, got, want))  # type: ignore[arg-type]
    same_type = type(got) is type(want) or (hasattr(want, "_fields") and got._fields == want._fields)  # type: ignore[attr-defined]
    # this side's stand-in for a job's path or network (`wire.JobPath`, a network of bounded iteration): a subclass
    same_type = same_type or isinstance(got, type(want)) and hasattr(type(got), "_rlvr_crosses_as")
    if type(want) is datetime.datetime and want.tzinfo is not None and codec._zone_key(want) is not None:
        # in its own zone again: the same names and offset, not only the same moment
        same_type = same_type and str(got.tzinfo) == str(want.tzinfo) and got.tzname() == want.tzname()
    return same_type and (got == want or repr(got) == repr(want))


@settings(max_examples=300, deadline=None)
@given(st.lists(LIBRARY, max_size=3).map(tuple))
@example((np.int64(0), decimal.Decimal("0")))  # same hash, and comparing them raises: found by CI
def test_library_values_cross_as_their_own_types(value):
    """An answer the job encodes is read here as the same types, equal as plain Python compares them; and the
    trusted side's encoding of it is what a job reads back."""
    answer = json.loads(frames.dumps(codec.encode(value, 0, None, "answer")))
    assert _same(wire.decode(answer), value)
    assert _same(codec.decode(json.loads(frames.dumps(wire.encode(value)))), value)


class Proxy:
    """The trusted side's stand-in for a handle, as `rewards.sandbox.handles.RemoteObject` is."""

    def __init__(self, hid: int, name: str, hashed: int | None, fields: tuple[str, ...] | None,
                 builtin: str | None, lacks: str = "") -> None:
        self.hid, self.name, self.hashed, self.fields, self.builtin = hid, name, hashed, fields, builtin
        self.lacks = lacks


def test_handles_go_out_and_come_back_as_the_same_object():
    """A job's objects, its builtins among them (never this side's own: the test would call them here), cross as
    handles and come back as themselves."""
    objects, handles = [object(), lambda: 1, pow, str.upper], Handles(10)
    answer = json.loads(frames.dumps(codec.encode({"a": objects, "b": (objects[0], 3)}, 0, handles.tag, "answer")))
    seen = wire.decode(answer, handle=Proxy)
    assert [p.name for p in seen["a"]] == ["object", "function", "builtin_function_or_method", "method_descriptor"]
    assert [p.builtin for p in seen["a"]] == [None, None, "pow", "str.upper"] and seen["b"][1] == 3
    assert [p.hashed for p in seen["a"]] == [hash(o) for o in objects]  # the job's own hash crosses with it
    # and what it lacks of a stand-in's offers (a call, an iteration, __next__, __len__, a with): red team 15
    assert [p.lacks for p in seen["a"]] == ["cinlwr", "inlwr", "inlwr", "inlwr"]
    argument = wire.encode(seen, handle=lambda x: ["H", hex(x.hid), "object"] if type(x) is Proxy else None)
    back = codec.decode(json.loads(frames.dumps(argument)), handles.resolve)
    assert all(b is o for b, o in zip(back["a"], objects, strict=True)) and back["b"][0] is objects[0]


def test_both_sides_refuse_what_is_not_plain_data():
    with pytest.raises(TypeError, match="cannot pass a object into the sandbox"):
        wire.encode([object()])
    with pytest.raises(TypeError, match="cannot return a object: only plain data"):
        codec.encode([object()], 0, None, "answer")
    deepest: list = []
    for _ in range(codec.MAX_DEPTH):
        deepest = [deepest]
    answer = json.loads(frames.dumps(codec.encode(deepest, 0, None, "answer")))
    assert wire.decode(answer) == deepest  # as deep as a job may answer: read
    with pytest.raises(TypeError, match="argument nested too deeply"):
        wire.encode([deepest])
    with pytest.raises(TypeError, match="value nested too deeply"):
        codec.encode([deepest], 0, None, "answer")
    with pytest.raises(ValueError, match="malformed"):
        wire.decode(["L", [answer]])  # one level deeper, forged: refused


@pytest.mark.parametrize("value", [[1, -2, 3], (0, 7), {5, -9}, frozenset({2**53 - 1}), [True, 1], [2**53, 1],
                                   [1, 1.0], [-(2**53) + 1, 2**53 - 1], [-(2**53), 0]])
def test_a_list_of_ints_is_tagged_as_item_by_item(value):
    """A container of small ints is encoded in C passes (no Python step per item): the wire form each item's own
    encoding gives, so a bool, a big int or a float among them keeps its tag."""
    items = [codec.encode(v) for v in value]
    assert codec.encode(value) == [codec.TAGS[type(value)], items]
    assert canon(codec.decode(codec.encode(value))) == canon(value)


def test_ints_as_deep_as_an_argument_may_hold_them_cross_and_one_level_more_is_refused():
    deep: object = [1, 2]
    for _ in range(codec.MAX_DEPTH - 1):
        deep = [deep]
    assert codec.decode(wire.encode(deep)) == deep
    with pytest.raises(TypeError, match="argument nested too deeply"):
        wire.encode([deep])


def test_a_container_held_twice_through_dict_values_sets_and_tuples_is_one_object_in_the_job():
    """The alias walk goes through a dict's values and a tuple's items (a dict's keys and a set's items, hashable,
    never hold a list, set or dict); what is held twice arrives as one object."""
    shared, tags = [1], {2}
    value = {(1, 2): shared, "b": [shared, (shared, tags)], "c": tags, "d": {"e": shared}}
    got = codec.decode(wire.encode(value))
    assert canon(got) == canon(value)
    assert got[(1, 2)] is got["b"][0] is got["b"][1][0] is got["d"]["e"]
    assert got["c"] is got["b"][1][1]


@pytest.mark.parametrize("forged", [["AR", "i", [["F", "1.0"]]], ["AR", "b", [["I", "0x1ff"]]], ["AR", "u", []],
                                    ["AR", 1, []], ["AR", "d", "12"], ["AR", "d", [["I", "0x1"]]]])
def test_a_forged_array_is_refused(forged):
    """An `array.array` is rebuilt from its typecode and items only when each item is what the typecode holds."""
    with pytest.raises(ValueError, match="malformed"):
        wire.decode(forged)


@pytest.mark.parametrize("size", [0, 1, 4096, frames.CHUNK + 17])
def test_frames_cross_both_ways_whole(size):
    """A frame written by either side is read whole by the other, however the pipe splits it."""
    body = os.urandom(size)
    for reader_deadline in (None, time.monotonic() + 10):
        r, w = os.pipe()
        try:
            writer = threading.Thread(target=frames.write_all, args=(w, frames.frame(body) * 2))
            writer.start()
            got = [frames.read_frame(r, reader_deadline), frames.read_frame(r, reader_deadline, limit=size)]
            writer.join()
        finally:
            os.close(r)
            os.close(w)
        assert got == [(body, None), (body, None)]


def test_a_short_slow_or_large_frame_says_why():
    r, w = os.pipe()
    try:
        assert frames.read_frame(r, time.monotonic() + 0.05) == (None, "late")
        os.write(w, frames.HEADER.pack(100) + b"x" * 10)
        assert frames.read_frame(r, time.monotonic() + 0.05) == (None, "late")  # the body never comes
        os.write(w, frames.HEADER.pack(11))
        assert frames.read_frame(r, time.monotonic() + 0.05, limit=10) == (None, "large")
        os.close(w)
        w = -1
        assert frames.read_frame(r) == (None, "eof")
    finally:
        os.close(r)
        if w >= 0:
            os.close(w)


def test_a_write_to_a_reader_that_stopped_ends_at_its_deadline():
    r, w = os.pipe()
    os.set_blocking(w, False)
    try:
        start = time.monotonic()
        assert not frames.write_all(w, b"x" * (4 << 20), start + 0.2)
        assert time.monotonic() - start < 5
    finally:
        os.close(r)
        os.close(w)


def test_the_syscall_table_is_the_kernels():
    header = Path("/usr/include/x86_64-linux-gnu/asm/unistd_64.h")
    if not header.exists():
        pytest.skip("no x86_64 kernel headers to compare with")
    known = {m[1]: int(m[2]) for m in re.finditer(r"#define __NR_(\w+) (\d+)", header.read_text())}
    assert {name: nr for name, nr in seccomp.X86_64.items() if name in known} == {
        name: known[name] for name in seccomp.X86_64 if name in known}
    assert len(set(seccomp.X86_64.values())) == len(seccomp.X86_64)
    named = {*seccomp.DENIED, *seccomp.SELF_ONLY, *seccomp.SIGNALS, "clone", "socket", "fcntl", "ioctl", "clone3"}
    assert named <= set(seccomp.X86_64)


def test_the_shipped_modules_use_the_standard_library_and_each_other_only():
    shipped = {f"rewards.sandbox.inside.{name}" for name in slot.WORKER_MODULES}
    for name in slot.WORKER_MODULES:
        tree = ast.parse((Path(slot.__file__).parent / "inside" / f"{name}.py").read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                modules = [node.module] if node.module != "rewards.sandbox.inside" else [
                    f"rewards.sandbox.inside.{alias.name}" for alias in node.names]
            else:
                continue
            for module in modules:
                stdlib = module.split(".")[0] in sys.stdlib_module_names or module == "__future__"
                assert stdlib or module in shipped, f"{name}.py imports {module}"
    order = list(slot.WORKER_MODULES)
    for i, name in enumerate(order):  # each after those it imports
        imported = re.findall(r"from rewards\.sandbox\.inside(?:\.(\w+))? import (\w+)",
                              (Path(slot.__file__).parent / "inside" / f"{name}.py").read_text())
        for module, attr in imported:
            assert order.index(module or attr) < i, f"{name} imports {module or attr}, shipped after it"


@pytest.fixture(scope="module")
def box():
    with Sandbox(SandboxConfig(slots=1, call_timeout=2.0, completion_timeout=30.0)) as sandbox:
        yield sandbox


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(VALUES)
def test_a_real_slot_answers_each_value_as_it_was_sent(box, value):
    with box.session() as s:
        result = s.load_call("def echo(x):\n    return x\n", "echo", (value,))
    assert result.ok, result.error
    assert canon(result.value) == canon(value)


def test_a_numpy_still_being_imported_is_no_numpy_value(monkeypatch):
    """A test thread's first ``import numpy`` puts the module in ``sys.modules`` before its types exist; another
    thread encoding an argument meanwhile found ``np.generic`` missing and raised. No numpy value can exist yet."""
    monkeypatch.setitem(sys.modules, "numpy", types.ModuleType("numpy"))
    assert codec.encode(object(), 0, lambda x: ["H", "0x1", "object"], "argument") == ["H", "0x1", "object"]
    assert wire.encode([1, "a"]) == ["L", [1, ["S", "a"]]]


ROW_ITEMS = st.integers(-(2**60), 2**60) | st.booleans()
ROWS = st.lists(st.lists(ROW_ITEMS, max_size=4).flatmap(
    lambda items: st.sampled_from([list, tuple, set, frozenset]).map(lambda kind: kind(items))), max_size=80)


@settings(max_examples=200, deadline=None)
@given(ROWS, st.sampled_from([list, tuple]))
def test_rows_of_ints_cross_as_each_row_alone_would(rows, kind):
    """A list of pairs or a grid goes one step a row (`codec.int_rows`, `_wire_rows`): the same wire form, item by
    item, as each row's own, and the same value back on both sides."""
    value = kind(rows)
    wire_form = codec.encode(value)
    assert wire_form == [codec.TAGS[kind], [codec.encode(row) for row in value]]
    assert canon(codec.decode(json.loads(frames.dumps(wire_form)))) == canon(value)
    assert canon(wire.decode(json.loads(frames.dumps(codec.encode(value, 0, None, "answer"))))) == canon(value)


def test_a_row_held_twice_in_a_large_grid_is_one_list_in_the_job():
    row = [1, 2]
    grid = [row, *([i] for i in range(100)), row]
    sent = codec.decode(json.loads(frames.dumps(wire.encode([grid, row]))))
    assert sent[0][0] is sent[0][-1] is sent[1] and sent[0][1] == [0]
