"""`rewards.code.job_hash`: a test's ``hash()`` gives what a ``PYTHONHASHSEED=0`` process gives, from the value."""

from __future__ import annotations

import os
import subprocess
import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from rewards.code.job_hash import MAX_BYTES, job_hash
from rewards.sandbox.layers import WORKER_ENV

TEXT = st.text(st.characters(blacklist_categories=()), max_size=40)  # surrogates and astral characters included
LEAVES = TEXT | st.binary(max_size=40) | st.integers() | st.floats(allow_nan=False) | st.booleans()
VALUES = st.recursive(LEAVES, lambda inner: st.tuples(inner, inner) | st.frozensets(LEAVES, max_size=6)
                      | st.lists(inner, max_size=4).map(tuple), max_leaves=12)


def hashes_in_a_job_process(values: list[object]) -> list[int]:
    """``hash`` of each value in a fresh interpreter with the jobs' hash seed."""
    env = {**os.environ, "PYTHONHASHSEED": WORKER_ENV["PYTHONHASHSEED"]}
    code = "import sys\nfor line in sys.stdin:\n    print(hash(eval(line, {'inf': float('inf')})))\n"
    out = subprocess.run([sys.executable, "-c", code], input="".join(f"{ascii(v)}\n" for v in values), env=env,
                         capture_output=True, text=True, check=True).stdout
    return [int(x) for x in out.split()]


@settings(max_examples=25, deadline=None)
@given(st.lists(VALUES, min_size=1, max_size=40))
def test_hashes_match_a_process_with_the_jobs_seed(values: list[object]):
    assert [job_hash(v) for v in values] == hashes_in_a_job_process(values)


def test_edge_values_match():
    values = ["", b"", "a" * 7, "a" * 8, "a" * 9, "\udc80", "\u0100x", "\U0001f600", (), (1, "a"), ((),),
              frozenset(), frozenset({"apple", (1, b"x")}), -1, 2**64, float("inf")]
    assert [job_hash(v) for v in values] == hashes_in_a_job_process(values)


def test_what_no_seed_changes_or_only_one_process_gives_is_the_builtin_hash():
    class Key(str):
        def __hash__(self) -> int:
            return 7

    long = "x" * (MAX_BYTES + 1)
    marker = object()
    assert job_hash(Key("apple")) == 7
    many = ("y" * 1000,) * (MAX_BYTES // 1000 + 1)
    assert job_hash(long) == hash(long)  # over the cap: this process's hash, not seconds of Python SipHash
    assert job_hash(many) == hash(many)  # the cap is on all of one value's strings together
    assert job_hash(marker) == hash(marker)
    assert job_hash(2.5) == hash(2.5)
