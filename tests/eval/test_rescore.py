"""`python -m eval rescore`: saved rollouts judged by an old, buggy math_exact are re-judged by today's; exactly the
verdicts the bug got wrong flip, by status, step, task and group."""

import json
import re

import pytest

from eval.__main__ import main
from eval.rescore import RIGHT_TO_WRONG, WRONG_TO_RIGHT, rescore
from eval.rollouts import MAX_TEXT, RolloutWriter, rollout_rows
from rewards import get as rewards_get
from rewards.protocol import Status, Verdict, passes

G = 4
# (gold, completions of one group, task); the old judge paid a completion that contains the gold anywhere.
GROUPS = {
    1: [("4", ["\\boxed{4}", "\\boxed{\\frac{8}{2}}", "\\boxed{5}", "\\boxed{14}"], "arithmetic"),  # one each way
        ("6", ["\\boxed{7}", "\\boxed{5}", "\\boxed{\\frac{12}{2}}", "\\boxed{3}"], "countdown")],  # gains signal
    2: [("9", ["\\boxed{9}", "\\boxed{9}", "\\boxed{19}", "x" * (MAX_TEXT + 1)], "arithmetic"),  # all paid, 19 wrongly
        ("2", ["\\boxed{2}", "\\boxed{2}", "\\boxed{3}", "\\boxed{1}"], "arithmetic")],  # no flip
}


def old_verdict(gold, completion):
    """The buggy old reward: a substring test."""
    paid = gold in completion
    return Verdict(float(paid), Status.CORRECT if paid else Status.WRONG, "substring")


def save_run(folder):
    writer = RolloutWriter(folder, rank=0)
    for step, groups in GROUPS.items():
        golds = [gold for gold, texts, _ in groups for _ in texts]
        texts = [t for _, group, _ in groups for t in group]
        tasks = [task for _, group, task in groups for _ in group]
        old = [old_verdict(g, t) for g, t in zip(golds, texts)]
        writer.write(rollout_rows(
            step=step, rank=0, groups=[i // G for i in range(len(texts))], prompts=[f"{g}?" for g in golds],
            completions=texts, completion_ids=[[1, 2]] * len(texts),
            columns=[{"answer": g, "task": t} for g, t in zip(golds, tasks)], reward_names=["math_exact"],
            scores=[[v.score for v in old]], verdicts=[old], weights=[1.0], advantages=[0.0] * len(texts)))
    return folder


def test_todays_math_exact_flips_exactly_what_the_old_one_got_wrong(tmp_path):
    import rewards

    report = rescore(save_run(tmp_path / "run"), rewards.get("math_exact"))
    assert (report["n_rows"], report["rejudged"], report["skipped"]) == (16, 15, 1)  # the cut completion is skipped
    assert report["flips"] == {WRONG_TO_RIGHT: 2, RIGHT_TO_WRONG: 2}
    assert report["by_status"] == {"wrong->correct": 2, "correct->wrong": 2}
    by_step = {s["step"]: s for s in report["by_step"]}
    assert (by_step[1][WRONG_TO_RIGHT], by_step[1][RIGHT_TO_WRONG], by_step[2][WRONG_TO_RIGHT],
            by_step[2][RIGHT_TO_WRONG]) == (2, 1, 0, 1)
    # All wrong (the "6" group) or all paid (the "9" group, its cut completion aside): no gradient before, now mixed.
    assert report["groups_gaining_signal"] == 2 and by_step[1]["groups_gaining_signal"] == 1
    assert report["groups_losing_signal"] == 0
    assert report["by_task"]["countdown"] == {"rejudged": 4, WRONG_TO_RIGHT: 1, RIGHT_TO_WRONG: 0}
    assert report["by_task"]["arithmetic"] == {"rejudged": 11, WRONG_TO_RIGHT: 1, RIGHT_TO_WRONG: 2}
    flipped = {ex["completion"] for d in (WRONG_TO_RIGHT, RIGHT_TO_WRONG) for ex in report["examples"][d]}
    assert flipped == {"\\boxed{\\frac{8}{2}}", "\\boxed{\\frac{12}{2}}", "\\boxed{14}", "\\boxed{19}"}
    assert report["examples"][RIGHT_TO_WRONG][0]["before"] == {"score": 1.0, "status": "correct",
                                                               "detail": "substring"}


def test_the_same_reward_flips_nothing(tmp_path):
    from eval.rollouts import read_rollouts

    run = save_run(tmp_path / "run")
    report = rescore(run, lambda completions, answer, **kw: [float(a in c) for c, a in zip(completions, answer)])
    assert report["flips"] == {WRONG_TO_RIGHT: 0, RIGHT_TO_WRONG: 0} and report["rejudged"] == 15
    assert len(read_rollouts(run)) == 16


def test_cli_writes_table_json_and_plot_and_names_a_bad_against(tmp_path, capsys):
    from rewards.errors import RlvrError

    run = save_run(tmp_path / "run")
    report = main(["rescore", str(run)])
    printed = capsys.readouterr().out
    assert "2 wrong->right" in printed and "| wrong->correct | 2 |" in printed
    assert json.loads((run / "rescore" / "rescore.json").read_text())["flips"] == report["flips"]
    assert (run / "rescore" / "rescore.png").stat().st_size > 1000
    assert (run / "rescore" / "rescore.md").read_text().startswith("Re-judged 15 of 16")
    out = run / "rescore"
    assert printed == (f"{(out / 'rescore.md').read_text()}written: {out / 'rescore.md'}, {out / 'rescore.json'}, "
                       f"{out / 'rescore.png'}\n")
    with pytest.raises(RlvrError, match="no reward 'format_boxed' to compare against; they hold"):
        main(["rescore", str(run), "--reward", "math_exact", "--against", "format_boxed"])


FLIPPED = {"4", "7", "9"}  # golds on which the changed reward reverses today's math_exact


def changed_math_exact(completions, answer, **kwargs):
    """A deliberately changed reward: today's math_exact, reversed on the problems whose gold is in FLIPPED."""
    import rewards

    scores = rewards.get("math_exact")(completions, answer=answer, **kwargs)
    return [s if s is None or gold not in FLIPPED else 1.0 - s for s, gold in zip(scores, answer)]


changed_math_exact.__name__ = "math_exact"


def test_a_runs_eval_samples_are_saved_and_a_changed_reward_flips_exactly_its_problems(tiny_policy, tiny_env,
                                                                                        tmp_path, capsys):
    from eval import evaluate
    from eval.rollouts import EVAL_FOLDER

    model, tokenizer, _ = tiny_policy
    run = tmp_path / "run"
    result = evaluate(model, tokenizer, tiny_env, n=4, ks=[1], max_new_tokens=6, batch_size=8, greedy=False,
                      samples_to=run / EVAL_FOLDER / "eval.parquet", samples_step=7).to_dict()
    from datasets import Dataset

    rows = Dataset.from_parquet(str(run / EVAL_FOLDER / "eval.parquet")).to_list()
    assert len(rows) == 4 * len(tiny_env.eval) and {r["step"] for r in rows} == {7}
    assert [r["group"] for r in rows] == [i // 4 for i in range(len(rows))]
    assert all(r["advantage"] is None and r["reward_names"] == ["math_exact"] for r in rows)
    assert [sum(r["rewards"][0] == 1.0 for r in rows[4 * i : 4 * i + 4]) for i in range(len(tiny_env.eval))] == [
        p["correct"] for p in result["per_prompt"]]  # the saved verdicts are the ones the result counted
    golds = [json.loads(r["columns"])["answer"] for r in rows]
    assert FLIPPED & set(golds) and set(golds) - FLIPPED  # both kinds of problem are there
    saved = [passes(r["rewards"][0]) for r in rows]
    expected = {WRONG_TO_RIGHT: sum(g in FLIPPED and not p for g, p in zip(golds, saved)),
                RIGHT_TO_WRONG: sum(g in FLIPPED and p for g, p in zip(golds, saved))}

    assert expected[WRONG_TO_RIGHT] + expected[RIGHT_TO_WRONG] > 0
    report = rescore(run, changed_math_exact)["eval"]
    assert report["flips"] == expected and report["rejudged"] == len(rows)
    now = sum(p != (g in FLIPPED) for g, p in zip(golds, saved))
    assert report["by_eval"]["eval"] == {"step": 7, "rejudged": len(rows), **expected, "passed_saved": sum(saved),
                                         "passed_now": now, "pass_rate_saved": sum(saved) / len(rows),
                                         "pass_rate_now": now / len(rows)}
    examples = [ex for direction in report["examples"].values() for ex in direction]
    assert {(ex["before"]["score"], ex["after"]["score"]) for ex in examples} <= {(0.0, 1.0), (1.0, 0.0)}
    assert rescore(run, rewards_get("math_exact"))["eval"]["flips"] == {WRONG_TO_RIGHT: 0, RIGHT_TO_WRONG: 0}

    main(["rescore", str(run)])  # a folder with eval samples only: today's math_exact, no flip
    printed = capsys.readouterr().out
    rate = f"{sum(saved) / len(rows):.3f}"
    assert printed.startswith(f"Eval samples: re-judged {len(rows)} of {len(rows)} saved completions with math_exact")
    assert f"| eval | 7 | {len(rows)} | 0 | 0 | {rate} | {rate} |" in printed
    assert (run / "rescore" / "rescore.png").stat().st_size > 1000


def test_rollouts_and_eval_samples_are_reported_apart(tmp_path):
    from eval.rescore import rescore_markdown
    from eval.rollouts import EVAL_FOLDER, write_eval_samples

    run = save_run(tmp_path / "run")
    golds, texts = ["4", "4"], ["\\boxed{14}", "\\boxed{4}"]
    old = [old_verdict(g, t) for g, t in zip(golds, texts)]
    for name, step in (("after", 2), ("before", 0)):
        write_eval_samples(run / EVAL_FOLDER / f"{name}.parquet", rollout_rows(
            step=step, rank=0, groups=[0, 0], prompts=["4?"] * 2, completions=texts, columns=[{"answer": "4"}] * 2,
            reward_names=["math_exact"], scores=[[v.score for v in old]], verdicts=[old], weights=[1.0],
            advantages=[None] * 2))
    import rewards

    report = rescore(run, rewards.get("math_exact"))
    assert report["flips"] == {WRONG_TO_RIGHT: 2, RIGHT_TO_WRONG: 2}  # the rollouts' count, as before
    assert report["eval"]["flips"] == {WRONG_TO_RIGHT: 0, RIGHT_TO_WRONG: 2}
    assert list(report["eval"]["by_eval"]) == ["before", "after"]
    assert report["eval"]["by_eval"]["after"]["pass_rate_saved"] == 1.0
    assert report["eval"]["by_eval"]["after"]["pass_rate_now"] == 0.5
    table = rescore_markdown(report)
    assert table.startswith("Re-judged 15 of 16") and "| after | 2 | 2 | 0 | 1 | 1.000 | 0.500 |" in table


def test_a_folder_with_nothing_saved_is_a_clear_error(tmp_path):
    from rewards.errors import RlvrError

    with pytest.raises(RlvrError, match=re.escape("no rollouts (rollouts/step-*.parquet) and no eval samples "
                                                  "(eval_samples/*.parquet)")):
        rescore(tmp_path, changed_math_exact)


def test_python_m_eval_saves_its_samples_for_rescore(tiny_policy, tmp_path, capsys):
    _, _, model_path = tiny_policy
    out = tmp_path / "eval"
    main(["--env", "arithmetic", "--env-kwargs", "digits=1", "n_train=90", "n_eval=10", "--model", str(model_path),
          "--n", "2", "--k", "1", "--max-new-tokens", "6", "--no-greedy", "--out", str(out)])
    report = main(["rescore", str(out)])
    assert report["eval"]["n_rows"] == report["eval"]["rejudged"] == 10 * 2 and report["n_rows"] == 0
    assert report["eval"]["by_eval"]["eval"]["step"] == 0
    assert "Eval samples: re-judged 20 of 20" in capsys.readouterr().out


def test_a_mixtures_eval_files_are_one_evaluation_split_by_task(tmp_path):
    import rewards
    from eval.mixture import _task_file
    from eval.rollouts import EVAL_FOLDER, write_eval_samples

    before = tmp_path / "run" / EVAL_FOLDER / "before.parquet"
    for task, texts in (("arithmetic", ["\\boxed{14}", "\\boxed{4}"]), ("countdown", ["\\boxed{4}", "\\boxed{5}"])):
        old = [old_verdict("4", t) for t in texts]
        write_eval_samples(_task_file(before, task), rollout_rows(
            step=0, rank=0, groups=[0, 0], prompts=["4?"] * 2, completions=texts, columns=[{"answer": "4"}] * 2,
            reward_names=["math_exact"], scores=[[v.score for v in old]], verdicts=[old], weights=[1.0],
            advantages=[None] * 2))
    assert sorted(p.name for p in before.parent.iterdir()) == ["before.arithmetic.parquet", "before.countdown.parquet"]
    report = rescore(tmp_path / "run", rewards.get("math_exact"))["eval"]
    assert report["by_task"] == {"arithmetic": {"rejudged": 2, WRONG_TO_RIGHT: 0, RIGHT_TO_WRONG: 1},
                                 "countdown": {"rejudged": 2, WRONG_TO_RIGHT: 0, RIGHT_TO_WRONG: 0}}
    assert list(report["by_eval"]) == ["before"]
    entry = report["by_eval"]["before"]
    assert (entry["rejudged"], entry["pass_rate_saved"], entry["pass_rate_now"]) == (4, 0.75, 0.5)
