"""--verifier_audit: the estimated false-positive and false-negative rates of the main verifier are right on planted
disagreements, judged by the real second judge (math-verify alone, in the math workers); and a real run logs them."""

import json
import re

import pytest

import train
from eval.bootstrap import wilson_interval
from rewards.errors import RlvrError
from training.verifier_audit import FILE, VerifierAudit


def planted(offset=0):
    """40 completions, 20 right and 20 wrong; the main verifier's scores fail 5 right ones and pay 4 wrong ones."""
    golds = [str(offset + i) for i in range(40)]
    completions = [f"So the answer is $\\boxed{{{g}}}$." if i < 20 else f"It is $\\boxed{{{int(g) + 1}}}$."
                   for i, g in enumerate(golds)]
    scores = [0.0 if i < 5 else 1.0 for i in range(20)] + [1.0 if i < 4 else 0.0 for i in range(20)]
    return completions, [{"answer": g, "question": "?"} for g in golds], scores


def test_rates_are_right_on_a_planted_disagreement_rate(tmp_path):
    audit = VerifierAudit(40, ["format_boxed", "math_exact"], tmp_path, seed=1)
    metrics = audit.audit(1, *planted())
    assert audit.counts == {"passes": 19, "fails": 21, "false_positives": 4, "false_negatives": 5, "unjudged": 0}
    assert metrics["verifier_audit/false_positive_rate"] == pytest.approx(4 / 19)
    assert metrics["verifier_audit/false_negative_rate"] == pytest.approx(5 / 21)
    assert (metrics["verifier_audit/false_positive_rate_low"],
            metrics["verifier_audit/false_positive_rate_high"]) == pytest.approx(wilson_interval(4, 19))
    logged = [json.loads(line) for line in (tmp_path / FILE).read_text().splitlines()]
    assert len(logged) == 9 and {d["second"]["judge"] for d in logged} == {"math_verify_alone"}
    assert sum(d["main"]["score"] == 1.0 and d["second"]["passed"] is False for d in logged) == 4

    audit.audit(2, *planted(offset=100))  # cumulative over the run
    assert audit.summary()["false_positive_rate"] == pytest.approx(8 / 38)
    assert audit.summary()["false_negatives"] == 10


def test_a_sample_of_n_and_unscored_rows_and_unparseable_golds(tmp_path):
    completions, columns, scores = planted()
    scores[0] = None  # the main verifier could not score it: never audited
    columns[1] = {"answer": ""}  # a gold math-verify cannot parse: audited, not counted
    audit = VerifierAudit(40, ["math_exact"], tmp_path)
    audit.audit(1, completions, columns, scores)
    counted = sum(audit.counts[k] for k in ("passes", "fails", "unjudged"))
    assert counted == 39 and audit.counts["unjudged"] == 1
    few = VerifierAudit(8, ["math_exact"], tmp_path / "few")
    few.audit(1, *planted())
    assert few.counts["passes"] + few.counts["fails"] == 8


def test_a_run_without_a_second_judge_is_refused():
    with pytest.raises(RlvrError, match=re.escape("--verifier_audit needs a reward with a second judge (math_exact); "
                                                  "this run trains on ['code_tests']")):
        VerifierAudit(4, ["code_tests"], ".")


@pytest.mark.slow
def test_a_run_logs_the_audit_rates_and_reports_them(tiny_policy, tmp_path, capsys):
    _, _, path = tiny_policy
    results = train.main(["--model", str(path), "--output_dir", str(tmp_path / "out"), "--env_kwargs", "digits=1",
                          "n_train=90", "n_eval=10", "--max_steps", "2", "--per_device_train_batch_size", "16",
                          "--num_generations", "4", "--max_completion_length", "6", "--logging_steps", "1",
                          "--eval_n", "2", "--eval_k", "1", "--eval_limit", "2", "--verifier_audit", "8",
                          "--save_rollouts", "false"])
    audit = results["verifier_audit"]
    assert audit["passes"] + audit["fails"] + audit["unjudged"] == 16
    logged = {k for row in results["log_history"] for k in row if k.startswith("verifier_audit/")}
    assert logged and logged <= {f"verifier_audit/{r}{end}" for r in ("false_positive_rate", "false_negative_rate")
                                 for end in ("", "_low", "_high")}
    assert "verifier audit of math_exact against math_verify_alone: false positives" in capsys.readouterr().out
    assert not (tmp_path / "out" / "rollouts").exists()
    saved = json.loads((tmp_path / "out" / "results.json").read_text())
    assert saved["verifier_audit"] == audit
