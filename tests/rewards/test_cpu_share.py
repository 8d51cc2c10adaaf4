"""Ranks on one machine share its cores: pools are sized to a process's share, not to the whole machine."""

import subprocess
import sys

import pytest

from rewards import deadline_pool
from rewards.cpu_share import cores_per_process, local_processes, usable_cores
from rewards.sandbox.local import Sandbox, SandboxConfig


@pytest.mark.parametrize("value, expected", [("", 1), ("4", 4), ("0", 1), ("x", 1), ("-2", 1)])
def test_local_processes_reads_the_launchers_variable(monkeypatch, value, expected):
    monkeypatch.setenv("LOCAL_WORLD_SIZE", value)
    assert local_processes() == expected


@pytest.mark.parametrize("ranks", [1, 2, 3, 64])
def test_each_rank_gets_its_share_and_at_least_one_core(monkeypatch, ranks):
    monkeypatch.setenv("LOCAL_WORLD_SIZE", str(ranks))
    assert cores_per_process() == max(1, usable_cores() // ranks)
    assert deadline_pool.default_workers() == min(4, max(1, usable_cores() // ranks))


def test_usable_cores_follows_the_affinity_mask():
    # A container or taskset narrows the cores a process may use; os.cpu_count() would still report the machine's.
    code = "import os; os.sched_setaffinity(0, {min(os.sched_getaffinity(0))}); " \
           "from rewards.cpu_share import usable_cores; print(usable_cores())"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "1"


def test_a_default_sandbox_takes_its_ranks_share_of_slots(monkeypatch):
    monkeypatch.setenv("LOCAL_WORLD_SIZE", str(usable_cores()))  # as many ranks as cores: one slot each
    with Sandbox(SandboxConfig()) as box:
        assert len(box.slots) == 1
    monkeypatch.delenv("LOCAL_WORLD_SIZE")
    with Sandbox(SandboxConfig()) as box:
        assert len(box.slots) == usable_cores()


@pytest.mark.parametrize("value, expected_given", [("3", 3), ("0", None), ("x", None)])
def test_an_explicit_budget_overrides_the_share(monkeypatch, value, expected_given):
    # The per-node verifier actor of rewards.remote is told its node's cores (minus a reserve) this way.
    monkeypatch.setenv("LOCAL_WORLD_SIZE", "64")
    monkeypatch.setenv("RLVR_KIT_CORES", value)
    assert cores_per_process() == (expected_given or max(1, usable_cores() // 64))
