"""``hash()`` in a test gives what it gives in the completion's job, as one process's would.

Jobs run with one fixed hash seed, ``PYTHONHASHSEED=0`` (`rewards.sandbox.layers.WORKER_ENV`: set orders the same on
every slot), while the trusted process keeps its random one: sharing it with code that can read its own hashes
would let a completion build hash floods against the trainer. So ``assert candidate("apple", n) == hash("apple") % n``
would compare two different seeds. With seed 0, CPython 3.11 hashes ``str`` and ``bytes`` with SipHash-1-3 under an
all-zero key, and tuples and frozensets from their items' hashes; `job_hash` computes those here, from the value
alone (no job is asked), and falls back to the builtin for everything whose hash no seed changes (numbers) or that
only one process could give (an object's identity). Computed in Python, so a value holding more than
`MAX_BYTES` keeps this process's hash (a documented difference) instead of costing the trusted side seconds.
"""

from __future__ import annotations

import builtins
import sys
from typing import Any

__all__ = ["MAX_BYTES", "job_hash"]

MAX_BYTES = 1 << 16  # of str and bytes (8 a container item) hashed in one call: ~0.1 s of Python SipHash
_MASK = (1 << 64) - 1
# CPython's Objects/tupleobject.c and setobject.c constants for a 64-bit Py_hash_t.
_XXPRIME_1, _XXPRIME_2, _XXPRIME_5 = 11400714785074694791, 14029467366897019727, 2870177450012600261
# The hash this module computes; on another build (jobs run this same interpreter) the builtin's is kept.
_SIPHASH13 = (sys.hash_info.algorithm, sys.hash_info.width, sys.hash_info.cutoff) == ("siphash13", 64, 0)


def job_hash(value: Any) -> int:
    """The hash a job (``PYTHONHASHSEED=0``) gives ``value``: computed for str, bytes, and tuples and frozensets of
    them, within `MAX_BYTES` of hashing in all; the builtin's for anything else."""
    if not _SIPHASH13:
        return builtins.hash(value)
    try:
        return _Hasher().hash(value)
    except _TooLarge:
        return builtins.hash(value)


class _TooLarge(Exception):
    pass


class _Hasher:
    """One `job_hash`: charges each str, bytes and container item to one budget, so that a tuple of many strings
    costs no more than one long string."""

    def __init__(self) -> None:
        self.left = MAX_BYTES

    def hash(self, value: Any) -> int:
        kind = type(value)
        self.charge(8)
        if kind is str or (isinstance(value, str) and kind.__hash__ is str.__hash__):
            return self.text(value)
        if kind is bytes or (isinstance(value, bytes) and kind.__hash__ is bytes.__hash__):
            self.charge(len(value))
            return _hash_bytes(value)
        if kind is tuple:
            return _combine_tuple([self.hash(item) for item in value])
        if kind is frozenset:
            return _combine_frozenset([self.hash(item) for item in value])
        return builtins.hash(value)

    def text(self, text: str) -> int:
        widest = max(map(ord, text), default=0)
        # The bytes CPython hashes: the string's own storage, one, two or four bytes a character; charged before
        # they are made.
        codec, width = ("latin-1", 1) if widest < 0x100 else ("utf-16-le", 2) if widest < 0x10000 else ("utf-32-le", 4)
        self.charge(len(text) * width)
        return _hash_bytes(text.encode(codec, "surrogatepass"))

    def charge(self, size: int) -> None:
        self.left -= size
        if self.left < 0:
            raise _TooLarge


def _hash_bytes(data: bytes) -> int:
    if not data:
        return 0
    return _signed(_siphash13(data))


def _combine_tuple(hashes: list[int]) -> int:
    acc = _XXPRIME_5
    for item in hashes:
        acc = (acc + (item & _MASK) * _XXPRIME_2) & _MASK
        acc = ((acc << 31) | (acc >> 33)) & _MASK
        acc = (acc * _XXPRIME_1) & _MASK
    acc = (acc + (len(hashes) ^ (_XXPRIME_5 ^ 3527539))) & _MASK
    return 1546275796 if acc == _MASK else _signed(acc)


def _combine_frozenset(hashes: list[int]) -> int:
    # A frozenset built from items has no deleted slots, whose count would also enter CPython's hash.
    acc = 0
    for item in hashes:
        h = item & _MASK
        acc ^= (((h ^ 89869747) ^ (h << 16)) * 3644798167) & _MASK
    acc ^= ((len(hashes) + 1) * 1927868237) & _MASK
    acc ^= (acc >> 11) ^ (acc >> 25)
    acc = (acc * 69069 + 907133923) & _MASK
    return 590923713 if acc == _MASK else _signed(acc)


def _signed(x: int) -> int:
    x = x - (1 << 64) if x >> 63 else x
    return -2 if x == -1 else x  # -1 is CPython's error value


def _rotl(x: int, bits: int) -> int:
    return ((x << bits) | (x >> (64 - bits))) & _MASK


def _siphash13(data: bytes) -> int:
    """SipHash-1-3 of ``data`` under the all-zero key (Python/pyhash.c, as 3.11 builds it)."""
    v0, v1, v2, v3 = 0x736F6D6570736575, 0x646F72616E646F6D, 0x6C7967656E657261, 0x7465646279746573

    def sip_round() -> None:
        nonlocal v0, v1, v2, v3
        v0 = (v0 + v1) & _MASK
        v2 = (v2 + v3) & _MASK
        v1, v3 = _rotl(v1, 13) ^ v0, _rotl(v3, 16) ^ v2
        v0 = _rotl(v0, 32)
        v2 = (v2 + v1) & _MASK
        v0 = (v0 + v3) & _MASK
        v1, v3 = _rotl(v1, 17) ^ v2, _rotl(v3, 21) ^ v0
        v2 = _rotl(v2, 32)

    full = len(data) - len(data) % 8
    for start in range(0, full, 8):
        word = int.from_bytes(data[start:start + 8], "little")
        v3 ^= word
        sip_round()
        v0 ^= word
    last = ((len(data) & 0xFF) << 56) | int.from_bytes(data[full:], "little")
    v3 ^= last
    sip_round()
    v0 ^= last
    v2 ^= 0xFF
    for _ in range(3):
        sip_round()
    return v0 ^ v1 ^ v2 ^ v3


