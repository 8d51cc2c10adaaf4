"""The tagged form of values crossing the sandbox: JSON lists tagged with their exact builtin type.

``["N"]`` None, ``["B", bool]``, ``["I", hex]``, ``["F", repr]``, ``["C", repr of real, repr of imag]``,
``["S", str]``, ``["Y", hex of bytes]``, ``["L" | "T" | "E" | "Z", [items]]`` for list, tuple, set and frozenset,
``["D", [[key, value], ...]]``, and ``["H", hex id, type name]`` for a handle: an object that stays in its job.

One codec for both sides: the trusted side encodes call arguments with `encode` and reads answers with its strict
decoder (`rewards.code.wire.decode`, which rebuilds scalars from `SCALARS` after checking every part); a job decodes
its arguments with `decode` (it trusts its worker, which relays the trusted side) and encodes its answers with
`encode`. The slot ships this file's source into the sandbox (`rewards.code.slot.WORKER_SOURCE`), so it uses the
standard library only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

MAX_DEPTH = 100

# Scalar tag -> (parts after the tag, the type of each part, the value made from them).
SCALARS: dict[str, tuple[int, type | None, Callable[..., Any]]] = {
    "N": (0, None, lambda: None), "B": (1, bool, bool), "I": (1, str, lambda x: int(x, 16)), "F": (1, str, float),
    "C": (2, str, lambda re, im: complex(float(re), float(im))), "S": (1, str, str), "Y": (1, str, bytes.fromhex)}
CONTAINERS: dict[str, type] = {"L": list, "T": tuple, "E": set, "Z": frozenset}
TAGS: dict[type, str] = {list: "L", tuple: "T", set: "E", frozenset: "Z"}

# What each side refuses to encode, by what it encodes: (nested too deeply, not plain data and no handle for it).
REFUSALS = {"argument": ("argument nested too deeply", "cannot pass a {} into the sandbox: only builtin plain data"),
            "answer": ("value nested too deeply", "cannot return a {}: only builtin plain data crosses the sandbox")}


def encode(x: Any, depth: int = 0, handle: Callable[[Any], list | None] | None = None, what: str = "argument") -> list:
    """Tagged plain data; anything else is ``handle(x)`` (a handle's wire form, None when there is none), else
    refused with a TypeError (``what``: "argument" on the trusted side, "answer" in a job, for the message).

    >>> encode((1, "a"))
    ['T', [['I', '0x1'], ['S', 'a']]]
    """
    if depth > MAX_DEPTH:
        raise TypeError(REFUSALS[what][0])
    t, d = type(x), depth + 1
    if x is None:
        return ["N"]
    if t is bool:
        return ["B", x]
    if t is int:
        return ["I", hex(x)]
    if t is float:
        return ["F", repr(x)]
    if t is complex:
        return ["C", repr(x.real), repr(x.imag)]
    if t is str:
        return ["S", x]
    if t is bytes:
        return ["Y", x.hex()]
    if t in TAGS:
        return [TAGS[t], [encode(v, d, handle, what) for v in x]]
    if t is dict:
        return ["D", [[encode(k, d, handle, what), encode(v, d, handle, what)] for k, v in x.items()]]
    wire = handle(x) if handle is not None else None
    if wire is None:
        raise TypeError(REFUSALS[what][1].format(t.__name__))
    return wire


def decode(x: list, handle: Callable[[str], Any] | None = None) -> Any:
    """The value of tagged data from a trusted sender (a job reading its arguments); ``handle(hex id)`` gives the
    object of a handle. Not a reader of untrusted data: `rewards.code.wire.decode` is.

    >>> decode(['T', [['I', '0x1'], ['S', 'a']]])
    (1, 'a')
    """
    tag = x[0]
    if tag == "H":
        return handle(x[1])  # type: ignore[misc]
    if tag in SCALARS:
        return SCALARS[tag][2](*x[1:])
    if tag == "D":
        return {decode(k, handle): decode(v, handle) for k, v in x[1]}
    return CONTAINERS[tag](decode(v, handle) for v in x[1])
