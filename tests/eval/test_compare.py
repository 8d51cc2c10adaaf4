"""Paired before/after comparison: pairing by prompt, the sharpening vs new-capability verdict, table and plot."""

import json
import random

import pytest

from eval import evaluate
from eval.__main__ import main
from eval.compare import compare, comparison_markdown, load_pair
from rewards.errors import RlvrError

N = 8


def result(correct_counts, greedy=None, prefix="p"):
    rows = [{"key": f"{prefix}{i}", "n": N, "correct": c,
             "greedy_correct": None if greedy is None else greedy[i]} for i, c in enumerate(correct_counts)]
    return {"pass@1": None, f"pass@{N}": None, "per_prompt": rows}


def test_sharpening_pass1_up_passk_flat():
    # Same 60 of 100 problems solvable before and after; after solves them far more often.
    before = result([2] * 60 + [0] * 40)
    after = result([7] * 60 + [0] * 40)
    report = compare(before, after)
    assert report["verdict"].startswith("sharpening:")
    by = {m["metric"]: m for m in report["metrics"]}
    assert by["pass@1"]["delta"] == pytest.approx(5 / 8 * 0.6)
    assert by["pass@1"]["ci"][0] > 0
    assert by[f"pass@{N}"]["delta"] == pytest.approx(0.0, abs=1e-12)


def test_new_capability_when_passk_rises():
    before = result([3] * 50 + [0] * 50)
    after = result([3] * 50 + [2] * 50)
    assert compare(before, after)["verdict"].startswith("new capability:")


def test_no_change_and_regression():
    rng = random.Random(0)
    same = [rng.randint(0, N) for _ in range(80)]
    assert compare(result(same), result(same))["verdict"].startswith("no clear change")
    assert compare(result([6] * 80), result([1] * 80))["verdict"].startswith("regression")


def test_pairs_by_prompt_not_position():
    before = result([0, 8, 4], greedy=[False, True, True])
    after = result([0, 8, 4], greedy=[False, True, True])
    after["per_prompt"].reverse()
    after["per_prompt"].append({"key": "extra", "n": N, "correct": 8, "greedy_correct": True})
    report = compare(before, after)
    assert report["n_paired"] == 3
    assert all(m["delta"] == 0 and m["ci"] == [0, 0] for m in report["metrics"])
    assert [m["metric"] for m in report["metrics"]] == ["pass@1", f"pass@{N}", "pass^1", f"pass^{N}",
                                                         "greedy_accuracy"]
    with pytest.raises(RlvrError, match="share no problem"):
        compare(before, result([1], prefix="q"))


def test_pass_hat_k_and_maj_at_k_are_paired_by_prompt():
    """After: every problem right 6 of 8 times (one answer) where before it was 2 of 8 against a 6-vote wrong answer.
    pass^k and maj@k change by exactly their per-problem values; maj@k is left out when a side has no votes."""
    from eval.majority import maj_at_k
    from eval.passk import pass_hat_k

    before, after = result([2] * 20), {**result([6] * 20), "pass^2": None, "maj@3": None}
    for row in before["per_prompt"]:
        row["votes"] = {"counts": [2, 6], "correct": [True, False], "unanswered": 0}
    for row in after["per_prompt"]:
        row["votes"] = {"counts": [6, 2], "correct": [True, False], "unanswered": 0}
    after["per_prompt"].reverse()
    by = {m["metric"]: m for m in compare(before, after)["metrics"]}
    assert by["pass^2"]["delta"] == pytest.approx(pass_hat_k(N, 6, 2) - pass_hat_k(N, 2, 2))
    assert by[f"pass^{N}"]["delta"] == 0.0
    assert by[f"maj@{N}"]["before"] == 0.0 and by[f"maj@{N}"]["after"] == 1.0 and by[f"maj@{N}"]["ci"] == [1, 1]
    assert by["maj@1"]["delta"] == pytest.approx(0.5)
    assert by["maj@3"]["after"] == pytest.approx(maj_at_k(after["per_prompt"][0]["votes"], 3))
    del before["per_prompt"][0]["votes"]
    assert not any(m["metric"].startswith("maj@") for m in compare(before, after)["metrics"])


def test_load_pair_accepts_train_results_and_rejects_rows_missing(tmp_path):
    doc = tmp_path / "results.json"
    doc.write_text(json.dumps({"before": result([1]), "after": result([2])}))
    before, after = load_pair([doc])
    assert after["per_prompt"][0]["correct"] == 2
    doc.write_text(json.dumps({"before": {"pass@1": 0.1}, "after": result([2])}))
    with pytest.raises(RlvrError, match="before result has no per-prompt rows"):
        load_pair([doc])


def test_cli_compare_on_real_results_writes_table_json_and_png(tiny_policy, tiny_env, tmp_path, capsys):
    model, tokenizer, _ = tiny_policy
    paths = []
    for name, temperature in (("before", 1.0), ("after", 0.5)):
        r = evaluate(model, tokenizer, tiny_env, n=4, ks=[1, 4], temperature=temperature, max_new_tokens=6)
        paths.append(str(r.save(tmp_path / f"{name}.json")))
    report = main(["compare", *paths, "--out", str(tmp_path / "cmp")])
    printed = capsys.readouterr().out
    assert "| pass@1 |" in printed and "| pass@4 |" in printed and "| greedy_accuracy |" in printed
    assert report["verdict"].split(":")[0] in printed
    assert report["n_paired"] == len(tiny_env.eval)
    assert (tmp_path / "cmp" / "passk.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert json.loads((tmp_path / "cmp" / "compare.json").read_text())["verdict"] == report["verdict"]
    assert (tmp_path / "cmp" / "compare.md").read_text().strip() == comparison_markdown(report)
    cmp = tmp_path / "cmp"
    assert printed.endswith(f"{comparison_markdown(report)}\nwritten: {cmp / 'compare.md'}, {cmp / 'compare.json'}, "
                            f"{cmp / 'passk.png'}\n")


def test_mixed_task_results_pair_rows_of_every_task(tmp_path):
    doc = tmp_path / "results.json"
    mixed = lambda a, b: {"pass@1": None, "per_task": {"x": result(a, prefix="x"), "y": result(b, prefix="y")}}  # noqa: E731
    doc.write_text(json.dumps({"before": mixed([1, 2], [3]), "after": mixed([1, 2], [4])}))
    report = compare(*load_pair([doc]))
    assert report["n_paired"] == 3
    assert report["metrics"][0]["delta"] == pytest.approx(1 / 8 / 3)


def tool_result(correct, withheld, calls):
    doc = result(correct)
    doc["without_tools"] = result(withheld)
    doc["tools"] = {"calls_per_rollout": calls, "rollouts_with_calls": calls, "failure_rate": 0.0,
                    "tool_error_rate": 0.1, "turns_per_rollout": 1 + calls}
    return doc


def test_compare_of_a_tool_env_covers_the_tools_withheld_and_the_tool_rates(tmp_path, capsys):
    before, after = tool_result([1] * 20, [0] * 20, 0.5), tool_result([6] * 20, [2] * 20, 0.9)
    doc = tmp_path / "results.json"
    doc.write_text(json.dumps({"before": before, "after": after}))
    report = main(["compare", str(doc), "--out", str(tmp_path / "cmp")])
    by = {m["metric"]: m for m in report["without_tools"]["metrics"]}
    assert by["pass@1"]["delta"] == pytest.approx(2 / 8) and by["pass@1"]["ci"][0] > 0  # paired, as with tools
    table = capsys.readouterr().out
    assert "| pass@1 with tools | 0.125 | 0.750 | +0.625 |" in table
    assert "| pass@1 without tools | 0.000 | 0.250 | +0.250 |" in table
    assert "| tool calls per rollout | 0.500 | 0.900 | +0.400 | rollout rate, unpaired |" in table
    assert "| tool errors / calls | 0.100 | 0.100 | +0.000 |" in table


def test_compare_takes_train_pys_before_json_as_before(tmp_path):
    saved = tmp_path / "before.json"  # as training/resume.save_before writes it
    saved.write_text(json.dumps({"identity": {"env": {"id": "arithmetic"}}, "eval": {"n": N},
                                 "before": result([1, 2])}))
    after = tmp_path / "after.json"
    after.write_text(json.dumps(result([3, 4])))
    before_doc, after_doc = load_pair([saved, after])
    assert [r["correct"] for r in before_doc["per_prompt"]] == [1, 2]
    assert compare(before_doc, after_doc)["metrics"][0]["delta"] == pytest.approx(2 / 8)
    with pytest.raises(RlvrError, match="or train.py's before.json as BEFORE"):
        load_pair([saved, saved, after])


def test_a_mixtures_pooled_table_names_the_shared_token_budget():
    from eval.mixture import pool
    from eval.report import comparison_table

    task = {"pass@1": 0.5, "n_problems": 2, "n_samples": 4, "clipped_rate": 0.25, "max_new_tokens": 20}
    same = pool([task, {**task, "pass@1": 0.0}])
    assert "| clipped at max new tokens 20 | 0.250 | 0.250 | +0.000 |" in comparison_table(same, same)
    mixed = pool([task, {**task, "max_new_tokens": 40}])  # tasks generated with different budgets
    assert "max_new_tokens" not in mixed
    assert "| clipped at the token budget | 0.250 | 0.250 | +0.000 |" in comparison_table(mixed, mixed)


def test_compare_of_a_run_with_a_verifier_audit_shows_its_rates(tmp_path, capsys):
    audit = {"reward": "math_exact", "second_judge": "math_verify_alone", "passes": 40, "fails": 60,
             "false_positive_rate": 0.05, "false_positive_rate_low": 0.014, "false_positive_rate_high": 0.165,
             "false_negative_rate": 0.1, "false_negative_rate_low": 0.047, "false_negative_rate_high": 0.202}
    doc = tmp_path / "results.json"
    doc.write_text(json.dumps({"before": result([1] * 5), "after": result([3] * 5), "verifier_audit": audit}))
    report = main(["compare", str(doc)])
    assert report["verifier_audit"] == audit
    assert ("verifier audit of math_exact against math_verify_alone: false positives 0.050 [0.014, 0.165] of 40 "
            "passes, false negatives 0.100 [0.047, 0.202] of 60 fails") in capsys.readouterr().out
