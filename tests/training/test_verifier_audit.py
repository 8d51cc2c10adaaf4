"""--verifier_audit: the estimated false-positive and false-negative rates of the main verifier are right on planted
disagreements, judged by the real second judge (math-verify alone, in a worker of its own), also when the batches go
through the background thread; submitting never waits, and a batch past the queue or the time share is skipped; a
real run logs the rates and reports them with their intervals."""

import json
import re
import threading
import time

import pytest

import rewards
import train
from eval.bootstrap import wilson_interval
from rewards.errors import RlvrError
from training.verifier_audit import FILE, VerifierAudit


@pytest.fixture
def audits():
    """Makes VerifierAudits, and stops their second judges' workers after the test."""
    made = []

    def make(*args, **kwargs):
        made.append(VerifierAudit(*args, **kwargs))
        return made[-1]

    yield make
    for audit in made:
        audit.close(timeout=60)


def planted(offset=0):
    """40 completions, 20 right and 20 wrong; the main verifier's scores fail 5 right ones and pay 4 wrong ones."""
    golds = [str(offset + i) for i in range(40)]
    completions = [f"So the answer is $\\boxed{{{g}}}$." if i < 20 else f"It is $\\boxed{{{int(g) + 1}}}$."
                   for i, g in enumerate(golds)]
    scores = [0.0 if i < 5 else 1.0 for i in range(20)] + [1.0 if i < 4 else 0.0 for i in range(20)]
    return completions, [{"answer": g, "question": "?"} for g in golds], scores


def test_rates_are_right_on_a_planted_disagreement_rate(tmp_path, audits):
    audit = audits(40, ["format_boxed", "math_exact"], tmp_path, seed=1)
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


def test_a_sample_of_n_and_unscored_rows_and_unparseable_golds(tmp_path, audits):
    completions, columns, scores = planted()
    scores[0] = None  # the main verifier could not score it: never audited
    columns[1] = {"answer": ""}  # a gold math-verify cannot parse: audited, not counted
    audit = audits(40, ["math_exact"], tmp_path)
    audit.audit(1, completions, columns, scores)
    counted = sum(audit.counts[k] for k in ("passes", "fails", "unjudged"))
    assert counted == 39 and audit.counts["unjudged"] == 1
    few = audits(8, ["math_exact"], tmp_path / "few")
    few.audit(1, *planted())
    assert few.counts["passes"] + few.counts["fails"] == 8


class Disagreeing:
    """The real math_exact, its verdict flipped on every completion whose gold ends in 3 or 7: a known disagreement."""

    __name__ = "math_exact"

    def __init__(self):
        self.real = rewards.get("math_exact")

    def __call__(self, completions, answer, **kwargs):
        scores = self.real(completions, answer=answer, **kwargs)
        return [1.0 - s if a[-1] in "37" else s for s, a in zip(scores, answer, strict=True)]


def test_the_live_audit_is_right_on_a_real_reward_wrapped_to_disagree(tmp_path, audits):
    main = Disagreeing()
    audit = audits(40, [main], tmp_path, seed=3, share=1.0)
    steps = [planted(offset=40 * k) for k in range(3)]
    for step, (completions, columns, _) in enumerate(steps, 1):
        scores = main(completions, answer=[c["answer"] for c in columns])
        assert audit.submit(step, completions, columns, scores)
        audit.close()  # waits for the batch: each one is judged, none skipped
    # per 40 golds, 4 of the 20 right ones and 4 of the 20 wrong ones end in 3 or 7: flipped
    assert audit.counts == {"passes": 60, "fails": 60, "false_positives": 12, "false_negatives": 12, "unjudged": 0}
    summary = audit.summary()
    assert summary["false_positive_rate"] == pytest.approx(0.2)
    assert (summary["false_positive_rate_low"], summary["false_positive_rate_high"]) == pytest.approx(
        wilson_interval(12, 60))
    assert summary["audited_batches"] == 3 and summary["skipped_batches"] == 0 and summary["interval"] == "wilson"
    logged = [json.loads(line) for line in (tmp_path / FILE).read_text().splitlines()]
    assert len(logged) == 24 and {d["reference"][-1] for d in logged} == {"3", "7"}


class Held:
    """The real second judge, held at a gate until the test opens it: a judge that is still busy."""

    def __init__(self, judge):
        self.judge, self.gate, self.__name__ = judge, threading.Event(), judge.__name__

    def __getattr__(self, name):
        return getattr(self.judge, name)

    def __call__(self, completions, rows):
        self.gate.wait()
        return self.judge(completions, rows)


def test_submitting_never_waits_and_a_full_queue_skips_the_batch(tmp_path, audits):
    audit = audits(8, ["math_exact"], tmp_path, share=1.0)
    audit.judge = held = Held(audit.judge)
    started = time.monotonic()
    submitted = [audit.submit(step, *planted()) for step in range(1, 6)]
    assert time.monotonic() - started < 2.0 and audit.counts["passes"] + audit.counts["fails"] == 0
    # one batch in the judge (held), two queued; the rest skipped, never waited for
    assert submitted.count(False) >= 2 and audit.batches["skipped"] == submitted.count(False)
    assert audit.collect() == {"verifier_audit/audited_batches": 0.0,
                               "verifier_audit/skipped_batches": float(submitted.count(False))}
    held.gate.set()
    audit.close()
    assert audit.batches["audited"] == submitted.count(True)
    assert "verifier_audit/false_positive_rate" in audit.collect()  # the finished batches reach the next step's log


def test_an_audit_over_its_time_share_skips_batches(tmp_path, audits):
    audit = audits(8, ["math_exact"], tmp_path, share=0.1)
    assert audit.submit(1, *planted())
    audit.close()
    audit.first, audit.busy = time.monotonic() - 10.0, 2.0  # busy 2 s of 10: over a 0.1 share
    assert not audit.submit(2, *planted())
    audit.busy = 0.5  # under it again
    assert audit.submit(3, *planted())
    audit.close()
    assert audit.batches == {"audited": 2, "skipped": 1}


def test_bad_settings_are_refused():
    with pytest.raises(RlvrError, match=re.escape("--verifier_audit needs a reward with a second judge (math_exact, "
                                                  "code_tests); this run trains on ['format_boxed']")):
        VerifierAudit(4, ["format_boxed"], ".")
    with pytest.raises(RlvrError, match=re.escape("--verifier_audit_share takes the most of the wall time the audit "
                                                  "may use, in (0, 1], got 0")):
        VerifierAudit(4, ["math_exact"], ".", share=0)


@pytest.mark.slow
def test_a_run_with_saved_rollouts_logs_the_audit_rates_and_reports_them_with_intervals(tiny_policy, tmp_path,
                                                                                            capsys):
    import rewards
    from eval.report import audit_line
    from eval.rescore import RIGHT_TO_WRONG, WRONG_TO_RIGHT, rescore
    from eval.rollouts import read_rollouts

    _, _, path = tiny_policy
    results = train.main(["--model", str(path), "--output_dir", str(tmp_path / "out"), "--env_kwargs", "digits=1",
                          "n_train=90", "n_eval=10", "--max_steps", "3", "--per_device_train_batch_size", "16",
                          "--num_generations", "4", "--max_completion_length", "6", "--logging_steps", "1",
                          "--eval_n", "2", "--eval_k", "1", "--eval_limit", "2", "--verifier_audit", "16"])
    audit = results["verifier_audit"]
    assert audit["audited_batches"] >= 1 and audit["audited_batches"] + audit["skipped_batches"] == 3
    assert audit["passes"] + audit["fails"] + audit["unjudged"] == 16 * audit["audited_batches"]
    logged = {k for row in results["log_history"] for k in row if k.startswith("verifier_audit/")}
    assert logged and logged <= {f"verifier_audit/{r}{end}" for r in ("false_positive_rate", "false_negative_rate")
                                 for end in ("", "_low", "_high")} | {"verifier_audit/audited_batches",
                                                                      "verifier_audit/skipped_batches"}
    line = audit_line(audit)
    assert line in capsys.readouterr().out and "(95% Wilson intervals; " in line
    for rate, total in (("false_positive_rate", "passes"), ("false_negative_rate", "fails")):
        if audit[total]:  # each rate with data is shown with its interval, and the interval holds it
            assert audit[f"{rate}_low"] <= audit[rate] <= audit[f"{rate}_high"]
            assert f"{audit[rate]:.3f} [{audit[rate + '_low']:.3f}, {audit[rate + '_high']:.3f}]" in line
    assert len(read_rollouts(tmp_path / "out")) == 3 * 16  # --save_rollouts, on by default, beside the audit
    saved = json.loads((tmp_path / "out" / "results.json").read_text())
    assert saved["verifier_audit"] == audit
    # The before and after evaluations' samples are saved too: today's math_exact re-judges all of it, flipping none.
    report = rescore(tmp_path / "out", rewards.get("math_exact"))
    assert report["rejudged"] == 3 * 16 and report["flips"] == {WRONG_TO_RIGHT: 0, RIGHT_TO_WRONG: 0}
    by_eval = report["eval"]["by_eval"]
    assert [(k, e["step"], e["rejudged"], e[WRONG_TO_RIGHT] + e[RIGHT_TO_WRONG]) for k, e in by_eval.items()] == [
        ("before", 0, 2 * 2, 0), ("after", 3, 2 * 2, 0)]
    assert by_eval["after"]["pass_rate_saved"] == saved["after"]["pass@1"]
