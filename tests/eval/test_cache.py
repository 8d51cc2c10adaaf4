"""The JSONL completion cache: survives reopening, drops a torn last line, refuses another run's file."""

import pytest

from eval.cache import CompletionCache
from rewards.errors import RlvrError

SIG = {"model": "m", "seed": 0}


def test_roundtrip_across_reopen(tmp_path):
    path = tmp_path / "c.jsonl"
    cache = CompletionCache(path, SIG)
    cache.add("sample", [0, 1], ["k0", "k1"], [["a", "b"], ["c", "d"]], [[[1], [2]], [[3], [4]]])
    again = CompletionCache(path, SIG)
    assert again.get("sample", 1, "k1") == (["c", "d"], [[3], [4]])
    assert again.get("greedy", 1, "k1") is None
    assert again.count("sample") == 2


def test_torn_last_line_is_dropped_and_cut(tmp_path):
    path = tmp_path / "c.jsonl"
    cache = CompletionCache(path, SIG)
    cache.add("sample", [0], ["k0"], [["a"]], [[[1]]])
    whole = path.read_bytes()
    with open(path, "ab") as f:
        f.write(b'{"kind":"sample","indices":[1],"ke')  # what a kill mid-write leaves
    again = CompletionCache(path, SIG)
    assert again.count("sample") == 1
    assert path.read_bytes() == whole
    again.add("sample", [1], ["k1"], [["b"]], [[[2]]])
    assert CompletionCache(path, SIG).count("sample") == 2


def test_other_runs_cache_is_refused(tmp_path):
    path = tmp_path / "c.jsonl"
    CompletionCache(path, SIG)
    with pytest.raises(RlvrError, match="written for another run .*seed: 0 -> 1"):
        CompletionCache(path, {"model": "m", "seed": 1})


def test_changed_prompt_is_refused(tmp_path):
    cache = CompletionCache(tmp_path / "c.jsonl", SIG)
    cache.add("sample", [0], ["k0"], [["a"]], [[[1]]])
    with pytest.raises(RlvrError, match="different prompt for problem 0"):
        cache.get("sample", 0, "other")
