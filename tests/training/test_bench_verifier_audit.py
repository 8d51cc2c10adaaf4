"""bench/verifier_audit.py runs end to end on a tiny setting: both arms train, the audit arm audits, and the report
compares their step times against the documented bound (its figures mean nothing here: a loaded, shared box)."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_the_bench_runs_both_arms_and_reports_the_growth(tiny_policy, tmp_path):
    _, _, path = tiny_policy
    cmd = [sys.executable, str(ROOT / "bench" / "verifier_audit.py"), "--tiny", "--model", str(path), "--steps", "3",
           "--repeats", "1", "--n", "8", "--eval_limit", "2", "--out", str(tmp_path)]
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stderr[-3000:]
    (written,) = tmp_path.glob("verifier_audit-*-tiny.json")
    report = json.loads(written.read_text())
    assert [r["arm"] for r in report["runs"]] == ["off", "audit"] and report["bound"] == 0.1
    off, audit = report["runs"]
    assert "audit" not in off and audit["audit"]["audited_batches"] >= 1 and audit["audit"]["per_step"] == 8
    assert report["growth"] == pytest.approx(report["median_step_seconds"]["audit"]
                                             / report["median_step_seconds"]["off"] - 1)
    assert report["quiet_growth"] == pytest.approx(report["quiet_step_seconds"]["audit"]
                                                   / report["quiet_step_seconds"]["off"] - 1)
    assert all(r["quiet_step_seconds"] <= r["median_step_seconds"] and r["cpu_seconds"] > 0 for r in report["runs"])
    assert report["cpu_growth"] == pytest.approx(report["cpu_seconds"]["audit"] / report["cpu_seconds"]["off"] - 1)
    assert f"growth {report['growth']:+.1%}" in proc.stdout and str(written) in proc.stdout
