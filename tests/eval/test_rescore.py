"""`python -m eval rescore`: saved rollouts judged by an old, buggy math_exact are re-judged by today's; exactly the
verdicts the bug got wrong flip, by status, step, task and group."""

import json

import pytest

from eval.__main__ import main
from eval.rescore import RIGHT_TO_WRONG, WRONG_TO_RIGHT, rescore
from eval.rollouts import MAX_TEXT, RolloutWriter, rollout_rows
from rewards.protocol import Status, Verdict

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
    with pytest.raises(RlvrError, match="no reward 'format_boxed' to compare against; they hold"):
        main(["rescore", str(run), "--reward", "math_exact", "--against", "format_boxed"])
