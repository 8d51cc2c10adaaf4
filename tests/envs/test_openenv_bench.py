"""bench/openenv_overhead.py's plumbing on a tiny batch: its three ways of judging agree and its JSON is written.
The figures themselves are measured on an idle machine, not here."""

from __future__ import annotations

import json
import runpy
from pathlib import Path

import pytest

pytest.importorskip("openenv")

BENCH = Path(__file__).resolve().parents[2] / "bench" / "openenv_overhead.py"


@pytest.mark.slow  # starts a server process and sandbox workers: about a minute on a loaded 2-core box
def test_the_overhead_bench_judges_a_tiny_batch_the_same_four_ways(tmp_path):
    out = tmp_path / "overhead.json"
    result = runpy.run_path(str(BENCH))["main"](["--problems", "2", "--clients", "2", "--out", str(out)])
    assert json.loads(out.read_text()) == result
    assert result["completions"] == 4 and result["agree"] is True
    assert result["passed"] == dict.fromkeys(result["seconds"], 2)  # each canonical solution passes, no variant does
    assert set(result["seconds"]) == {"served_1", "served_clients", "in_process_episodes", "in_process_batch"}
    assert all(s > 0 for s in result["seconds"].values())
