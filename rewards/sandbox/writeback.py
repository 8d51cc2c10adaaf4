"""A call's arguments as the call left them: what a job did to the lists, dicts, sets and objects a test passed
in (LeetCode's "modify ``nums`` in place") is written back into the test's own objects, from the job's answer
(``after``: their states, decoded strictly), keeping each object's identity as plain Python would."""

from __future__ import annotations

import array
import collections
import functools
import io
import logging
import types
from typing import Any

from rewards.sandbox.inside.codec import COPIED, SEEKABLE, VIEWS
from rewards.sandbox.wire import CallResult

__all__ = ["write_back", "write_back_objects"]

logger = logging.getLogger(__name__)

# What `_edges` walks into: every container type the strict decoder builds (a job may put the test's objects in
# any of them, and trusted helpers iterate all of them alike).
_CONTAINERS = (list, tuple, set, frozenset, dict, collections.deque, *VIEWS)


def write_back_objects(objects: list, result: CallResult) -> str | None:
    """Give the prompt's objects a call was sent (`ObjectGraph`) the attributes it left them with, as one process
    would (LeetCode's in-place ``reorderList(head)``, ``flatten(root)``): only a call that returned or raised, and
    only a change that keeps their class's methods their own and leaves them as cheap to walk as they were.
    Returns why a change was refused, None else: the call then fails (as a refused answer does), since a test
    reading its objects unchanged would see what no plain process showed it (an expected "left as it was"). Objects
    the test itself made cyclic cannot be measured: a change to them is not written back, and the call stands
    (``hasCycle`` marking the nodes it visited)."""
    if result.objects_after is None or not (result.ok or result.raised):
        return None
    if any(_replaces_code(objects[i], name, value) for i, state in result.objects_after.items()
           for name, value in state.items()):
        return "the call gave the test's objects an attribute that replaces a method or function of theirs"
    index = {id(x): i for i, x in enumerate(objects)}
    before = [vars(x) for x in objects]
    paths_before = _paths(_edges(before, index))
    if paths_before is None:
        logger.info("sandbox: a call changed test objects that form a cycle; left as they were")
        return None
    after = [result.objects_after.get(i, attrs) for i, attrs in enumerate(before)]
    if not _walkable(paths_before, _paths(_edges(after, index))):
        return "the call rewired the test's objects into a cycle or many more paths than they had"
    for i, state in result.objects_after.items():
        attrs = objects[i].__dict__
        attrs.clear()
        attrs.update(state)
    return None


def _walkable(paths_before: list[int], paths_after: list[int] | None) -> bool:
    """Whether the objects' references to each other after a call (``paths_after``, `_paths`) stay as cheap to walk
    as they were: trusted test code walks them without the sandbox's deadlines, so a job must not make it loop
    forever (a cycle where there was none: None) or take exponential time (a chain of nodes whose ``left`` and
    ``right`` are one node). Every object must start no more paths than before, or than twice the number of objects
    (a list or tree changed in place starts at most as many as it has nodes: ``reorderList``, ``flatten``, a
    ``deleteNode`` whose detached node still points into the list)."""
    if paths_after is None:
        return False
    bound = 2 * len(paths_before)
    return all(new <= max(old, bound) for old, new in zip(paths_before, paths_after, strict=True))


def _replaces_code(obj: Any, name: str, value: Any) -> bool:
    """Whether setting ``name`` to ``value`` on the trusted ``obj`` would change what its code is: hide what its
    class defines as a method or other callable or descriptor, or replace a callable the object holds itself (a
    comparator ``__init__`` stored). The test's own ``root.is_valid()`` must stay the prompt's code, never a
    function the job chose."""
    for klass in type(obj).__mro__[:-1]:  # object's own attributes are all dunders, refused by the decoder already
        if name in vars(klass):
            found = vars(klass)[name]
            return callable(found) or hasattr(type(found), "__get__")
    old = vars(obj).get(name)
    return isinstance(old, _CODE) and value is not old


# What a trusted object may hold as its own code (a RemoteObject or a node is callable too, but is data here).
_CODE = (types.FunctionType, types.MethodType, types.BuiltinFunctionType, functools.partial)


def _edges(states: list[dict[str, Any]], index: dict[int, int]) -> list[list[int]]:
    """For each object, the objects of ``index`` its attributes hold (directly or inside any container the decoder
    builds, however deep: an N-ary node's ``children`` list, deque, namedtuple, dict or dict view)."""
    edges = []
    for attrs in states:
        targets: list[int] = []
        seen: set[int] = set()  # a trusted attribute may hold a container many times (or itself)
        stack: list[Any] = list(attrs.values())
        while stack:
            value = stack.pop()
            if id(value) in index:
                targets.append(index[id(value)])
                continue
            kind = type(value)
            if not issubclass(kind, _CONTAINERS) or id(value) in seen:
                continue
            seen.add(id(value))
            if issubclass(kind, dict):
                stack.extend((*value.keys(), *value.values()))
            elif issubclass(kind, VIEWS):  # keys, values or items of a dict: walk the whole dict
                stack.extend((*value.mapping.keys(), *value.mapping.values()))
            else:
                stack.extend(value)
        edges.append(targets)
    return edges


def _paths(edges: list[list[int]], cap: int = 1 << 40) -> list[int] | None:
    """How many paths start at each node of the directed graph ``edges`` (the node alone counts one; capped at
    ``cap``), or None when it has a cycle (iterative depth-first search; 0 new, 1 open, 2 done)."""
    colour, paths = [0] * len(edges), [1] * len(edges)
    for start in range(len(edges)):
        if colour[start]:
            continue
        colour[start] = 1
        stack = [(start, iter(edges[start]))]
        while stack:
            node, targets = stack[-1]
            nxt = next(targets, None)
            if nxt is None:
                colour[node] = 2
                paths[node] = min(cap, 1 + sum(paths[t] for t in edges[node]))
                stack.pop()
            elif colour[nxt] == 1:
                return None
            elif colour[nxt] == 0:
                colour[nxt] = 1
                stack.append((nxt, iter(edges[nxt])))
    return paths


_END = object()


def read_on(args: tuple[Any, ...], kwargs: dict[str, Any], read: tuple[tuple[int | str, int], ...]) -> None:
    """Move on each of the test's iterators among the call's arguments by as many items as the call read of it
    (``read``: position or keyword, items), as one process's call would have left it: ``take(it, 3)`` then
    ``next(it)`` reads the fourth. Only a list's, tuple's, str's or range's iterator (by its position), and a
    dict's, set's or reversed list's (item by item, at most as many as it has) can be; the others were read whole
    when sent."""
    for key, n in read:
        iterator: Any = None
        if isinstance(key, int):
            iterator = args[key] if 0 <= key < len(args) else None
        else:
            iterator = kwargs.get(key)
        if type(iterator) in SEEKABLE:
            state = iterator.__reduce__()
            if len(state) == 3:  # else exhausted already
                iterator.__setstate__(state[2] + n)
        elif type(iterator) in COPIED:
            for _ in range(n):
                if next(iterator, _END) is _END:
                    break


def write_back(args: tuple[Any, ...], kwargs: dict[str, Any], after: Any) -> None:
    """Give the test's own arguments the state the call left them in (``after``: ``[args, kwargs]`` as decoded),
    as a call in one process would: a list sorted in place reads sorted afterwards, the containers nested in it
    stay the same objects wherever their type and length did not change, and one object of the job (``after``
    holds it in several places: `codec.Aliases`) is one object of the test's."""
    if type(after) is not list or len(after) != 2 or type(after[0]) is not list or type(after[1]) is not dict:
        return
    sync = _Sync()
    if len(after[0]) == len(args):
        for old, new in zip(args, after[0], strict=True):
            sync.top(old, new)
    for key, old in kwargs.items():
        if key in after[1]:
            sync.top(old, after[1][key])


class _Sync:
    """One write-back: which test object each decoded container was written into (``made``, by the decoded
    object's id) and which test objects were written (``written``), so that a shared object is written once and
    every place that held it holds it, and a test object two places held that the call split is not written
    twice."""

    def __init__(self) -> None:
        self.made: dict[int, Any] = {}
        self.written: set[int] = set()

    def top(self, old: Any, new: Any) -> None:
        """A top-level argument: the test's name keeps its object, written where it may be."""
        if id(new) not in self.made and id(old) not in self.written:
            self.sync(old, new, 0)

    def place(self, old: Any, new: Any, depth: int) -> Any:
        """What a container's slot holding ``old`` holds after the call, whose copy there is ``new``."""
        if id(new) in self.made:
            return self.made[id(new)]
        if _kept(old, new) and id(old) not in self.written:
            self.sync(old, new, depth + 1)
            return old
        self.made[id(new)] = new
        return new

    def sync(self, old: Any, new: Any, depth: int) -> None:
        """Make the container ``old`` hold what ``new`` (a decoded copy of it) holds, in place."""
        t = type(old)
        if depth > 100 or t is not type(new):
            return
        self.made[id(new)] = old
        self.written.add(id(old))
        if t is list:
            if len(old) != len(new):
                old[:] = [self.made.get(id(n), n) for n in new]
                return
            for i, (o, n) in enumerate(zip(old, new, strict=True)):
                placed = self.place(o, n, depth)
                if placed is not o:
                    old[i] = placed
        elif t is tuple:
            for o, n in zip(old, new, strict=False):
                if _kept(o, n) and id(n) not in self.made and id(o) not in self.written:
                    self.sync(o, n, depth + 1)
        elif isinstance(old, dict):
            if list(old) != list(new):
                old.clear()
                old.update({k: self.made.get(id(n), n) for k, n in new.items()})
                return
            for key, n in new.items():
                placed = self.place(old[key], n, depth)
                if placed is not old[key]:
                    old[key] = placed
        elif t is set:
            old.clear()
            old.update(new)
        elif t in (bytearray, collections.deque):
            old.clear()
            old.extend(new)
        elif t is array.array and old.typecode == new.typecode:
            old[:] = new
        elif t in (collections.UserList, collections.UserDict):
            # the wrapper keeps its identity, its list or dict is made to hold what the call left there (a test's
            # UserList sorted in place read unsorted, and passed a test that it was left as it was: red team 11)
            self.sync(old.data, new.data, depth + 1)
        elif t.__module__ == "numpy" and t.__name__ == "ndarray" and old.shape == new.shape:
            old[...] = new
        elif t in (io.StringIO, io.BytesIO) and not old.closed and new.closed:
            old.close()  # the call closed it: the test's ``buf.closed`` reads True, as in one process (red team 14)
        elif t in (io.StringIO, io.BytesIO) and not old.closed:
            # what the call wrote and how far it read: the test's ``f.read()`` goes on from there
            if old.getvalue() != new.getvalue():
                old.seek(0)
                old.truncate()
                old.write(new.getvalue())
            old.seek(new.tell())


def _kept(old: Any, new: Any) -> bool:
    """Whether a nested container keeps its identity (and is synced) rather than being replaced: a list, dict, set,
    bytearray, array, UserList, UserDict, StringIO or BytesIO of the same type, or a tuple (which cannot change)
    whose every item is kept or the same."""
    if type(old) is not type(new):
        return False
    if type(old) is tuple:
        return len(old) == len(new) and all(_kept(o, n) or _same(o, n) for o, n in zip(old, new, strict=True))
    # a StringIO or BytesIO in a list the test passed is its own buffer still, written as the call left it
    return isinstance(old, (list, dict, set, bytearray, array.array, collections.UserList, collections.UserDict,
                            io.StringIO, io.BytesIO))


# Values a tuple may hold that are the same when equal: a tuple of them that the call's copy holds equal is kept.
_SCALARS = frozenset({int, float, complex, str, bytes, bool, type(None)})


def _same(old: Any, new: Any) -> bool:
    """Whether a tuple's item ``old`` is what its copy ``new`` stands for: the object itself, or an equal scalar."""
    return old is new or (type(old) is type(new) and type(old) in _SCALARS and old == new)
