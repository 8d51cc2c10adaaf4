"""A real GRPO step with an unscorable completion in each group: TRL 1.16 leaves it out of its group's mean and std
and gives it advantage 0, and the others are trained against the baseline of the completions that were judged. The
format bonus of a second, weighted reward is withheld there too (`rewards.get_many`), or TRL would keep the row."""

from __future__ import annotations

import copy
import math
import statistics

import pytest
from trl import GRPOConfig, GRPOTrainer

import rewards
from rewards import Reward, Status, Verdict
from rewards.protocol import unscorable

G = 4


class FirstOfGroupLost(Reward):
    """Loses the first completion of every group (as a sandbox worker killed from outside would), and scores the
    others 1, 0, 1 by their place: the groups' baselines are known without the policy's help."""

    __name__ = "first_of_group_lost"

    def judge(self, completions, **kwargs):
        return [unscorable("test: worker lost") if i % G == 0 else
                Verdict(float(i % 2), Status.CORRECT if i % 2 else Status.WRONG) for i in range(len(completions))]


rewards.register("first_of_group_lost", FirstOfGroupLost)


@pytest.mark.slow
def test_an_unscorable_completion_is_left_out_of_its_groups_baseline(tiny_policy, tiny_env, tmp_path):
    model, tokenizer, _ = tiny_policy
    funcs, weights = rewards.get_many(["first_of_group_lost", "0.2*format_think"])
    config = GRPOConfig(output_dir=str(tmp_path), max_steps=1, num_generations=G, per_device_train_batch_size=2 * G,
                        max_completion_length=4, learning_rate=1e-4, use_cpu=True, bf16=False, report_to="none",
                        logging_steps=1, save_strategy="no", activation_checkpointing=False, beta=0.0, seed=0,
                        reward_weights=weights)
    trainer = GRPOTrainer(model=copy.deepcopy(model), reward_funcs=funcs, args=config, train_dataset=tiny_env.train,
                          processing_class=tokenizer)
    trainer.train()
    judged = list(trainer._logs["rewards"]["first_of_group_lost"])
    bonus = list(trainer._logs["rewards"]["format_think"])
    advantages = list(trainer._logs["advantages"])
    assert len(advantages) == 2 * G
    judged_here = [1.0, 0.0, 1.0]
    for start in range(0, 2 * G, G):
        assert math.isnan(judged[start]) and math.isnan(bonus[start])  # the bonus is not paid alone
        assert judged[start + 1:start + G] == judged_here
        totals = [r + 0.2 * b for r, b in zip(judged_here, bonus[start + 1:start + G], strict=True)]
        mean, std = statistics.mean(totals), statistics.stdev(totals)  # of the 3 judged; Bessel, as TRL's nanstd
        assert advantages[start] == 0.0
        # Had the lost completion scored 0.0, the group would be [0, 1, 0, 1]: advantages +-0.866, not these.
        assert advantages[start + 1:start + G] == pytest.approx([(t - mean) / (std + 1e-4) for t in totals], abs=1e-4)
        assert abs(advantages[start + 1]) < 0.8
    rates = [row["first_of_group_lost/unscorable_rate"] for row in trainer.state.log_history
             if "first_of_group_lost/unscorable_rate" in row]
    assert rates == [0.25]
