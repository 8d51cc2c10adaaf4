"""Evaluation leaves completions the judge could not judge through no fault of their own (status ``unscorable``)
out of pass@k and greedy accuracy, and says how many; a problem with fewer than k judged samples is left out of
pass@k (counted), and the pass-rate filter does not rate a problem with none."""

from __future__ import annotations

import dataclasses

import pytest

import envs
import rewards
from eval import evaluate, pass_at_k
from eval.harness import Samples
from eval.pass_rates import parse_range, write_filter
from eval.result import summary_table
from rewards import Reward, Status, Verdict
from rewards.protocol import unscorable


class RightOnFourLosesMarked(Reward):
    """Passes a completion holding "4"; one holding "LOST" was not judged (as if its sandbox worker were lost)."""

    __name__ = "right_on_four_loses_marked"

    def judge(self, completions, **kwargs):
        return [unscorable("worker lost") if "LOST" in c else
                Verdict(float("4" in c), Status.CORRECT if "4" in c else Status.WRONG) for c in completions]


rewards.register("right_on_four_loses_marked", RightOnFourLosesMarked)

# Per problem: 4 samples, then the greedy one.
ANSWERS = [["4", "LOST", "5", "4"], ["LOST", "LOST", "LOST", "4"], ["LOST"] * 4]
GREEDY = ["4", "LOST", "5"]


def _env():
    base = envs.make("arithmetic", digits=1, n_train=10, n_eval=3)
    spec = dataclasses.replace(base.spec, rewards=("right_on_four_loses_marked",), reward_weights=None)
    return envs.registration.Env(spec=spec, train=base.train, eval=base.eval, kwargs=base.kwargs)


def _sampler():
    index = {}

    def sample(prompts, n, greedy, seed):
        rows = [index.setdefault(str(p), len(index)) for p in prompts]
        texts = [[GREEDY[i]] if greedy else ANSWERS[i][:n] for i in rows]
        return Samples(texts, [[[0]] * len(t) for t in texts])

    return sample


def test_unscorable_completions_are_left_out_of_pass_at_k_and_counted(tmp_path):
    env = _env()
    result = evaluate(None, None, env, n=4, ks=[1, 2, 4], sampler=_sampler(), verbose=False)
    r = result.to_dict()
    rows = r["per_prompt"]
    assert [(row["n"], row["correct"], row["unscorable"]) for row in rows] == [(3, 2, 1), (1, 1, 3), (0, 0, 4)]
    # pass@1 over the judged samples of problems with at least 1 (the last has none); pass@2 of the first only.
    assert r["pass@1"] == (pass_at_k(3, 2, 1) + pass_at_k(1, 1, 1)) / 2
    assert r["pass@2"] == pass_at_k(3, 2, 2) and r["pass@4"] is None
    assert r["greedy_accuracy"] == 0.5  # "4" right, "5" wrong; the lost one left out
    assert r["unscorable"] == {"completions": 9, "problems_left_out": {"pass@1": 1, "pass@2": 2, "pass@4": 3,
                                                                        "greedy_accuracy": 1}}
    # GRPO's view: the unscorable ones are left out of their groups (TRL 1.16), not scored 0. Of problem 1's pairs
    # from (1, -, 0, 1) two carry signal; of problem 2's (-, -, -, 1) and problem 3's none.
    assert r["grpo_signal"]["by_group_size"]["2"] == pytest.approx((4 / 6 + 1 + 1) / 3)
    assert r["mean_reward"] == 3 / 4  # of the four completions judged
    assert r["status_counts"]["unscorable"] == 8 and r["status_rates"][env.rewards[0]]["unscorable"] == 8 / 12
    assert "| not judged (unscorable, left out) | 9 completions; problems left out: pass@1 1, pass@2 2, pass@4 3, " \
           "greedy_accuracy 1 |" in summary_table(r)
    record = write_filter(r, env.eval, parse_range("[0,1]"), tmp_path)
    assert [p["pass_rate"] for p in record["problems"]] == [2 / 3, 1.0, None]
    assert record["counts"]["unrated"] == 1 and record["counts"]["kept"] == 2
