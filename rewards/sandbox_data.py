"""The wire format of values crossing the sandbox boundary: JSON lists tagged with their exact builtin type.

The worker (`rewards.sandbox_worker`) has its own copy of the encoder, since it runs from source inside the
sandbox; `decode` here is the trusted side's strict reader: it rebuilds exact builtin types only (no subclasses,
nothing with its own ``__eq__``), bounds nesting, and raises ValueError on anything malformed.
"""

from __future__ import annotations

from typing import Any


def decode(obj: Any, depth: int = 0) -> Any:
    """Rebuild tagged plain data as exact builtin types; raise ValueError on anything else.

    >>> decode(["T", [["I", "0x2a"], ["S", "x"], ["L", []]]])
    (42, 'x', [])
    """
    if depth > 100 or type(obj) is not list or not obj or type(obj[0]) is not str:
        raise ValueError("malformed value from the sandbox")
    tag, rest = obj[0], obj[1:]
    scalar = {"N": (0, None), "B": (1, bool), "I": (1, str), "F": (1, str), "S": (1, str), "Y": (1, str),
              "C": (2, str)}
    if tag in scalar:
        n, kind = scalar[tag]
        if len(rest) != n or any(type(r) is not kind for r in rest):
            raise ValueError(f"malformed {tag} value from the sandbox")
        if tag == "N":
            return None
        if tag == "B":
            return bool(rest[0])
        if tag == "I":
            return int(rest[0], 16)
        if tag == "F":
            return float(rest[0])
        if tag == "C":
            return complex(float(rest[0]), float(rest[1]))
        return str(rest[0]) if tag == "S" else bytes.fromhex(rest[0])
    if len(rest) != 1 or type(rest[0]) is not list:
        raise ValueError(f"malformed {tag!r} container from the sandbox")
    if tag == "D":
        pairs = rest[0]
        if any(type(p) is not list or len(p) != 2 for p in pairs):
            raise ValueError("malformed dict from the sandbox")
        return {decode(k, depth + 1): decode(v, depth + 1) for k, v in pairs}
    kinds = {"L": list, "T": tuple, "E": set, "Z": frozenset}
    if tag not in kinds:
        raise ValueError(f"unknown tag {tag!r} from the sandbox")
    return kinds[tag](decode(v, depth + 1) for v in rest[0])


def encode(x: Any, depth: int = 0) -> list:
    """Tag trusted plain data (call arguments) for the sandbox; refuses anything but builtin types."""
    if depth > 100:
        raise TypeError("argument nested too deeply")
    t = type(x)
    if x is None:
        return ["N"]
    simple = {bool: lambda: ["B", x], int: lambda: ["I", hex(x)], float: lambda: ["F", repr(x)],
              str: lambda: ["S", x], bytes: lambda: ["Y", x.hex()],
              complex: lambda: ["C", repr(x.real), repr(x.imag)]}
    if t in simple:
        return simple[t]()
    if t in (list, tuple, set, frozenset):
        return [{list: "L", tuple: "T", set: "E", frozenset: "Z"}[t], [encode(v, depth + 1) for v in x]]
    if t is dict:
        return ["D", [[encode(k, depth + 1), encode(v, depth + 1)] for k, v in x.items()]]
    raise TypeError(f"cannot pass a {t.__name__} into the sandbox: only builtin plain data")
