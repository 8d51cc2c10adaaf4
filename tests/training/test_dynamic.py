"""Dynamic sampling on the real GRPOTrainer and the tiny test policy: the trained batch holds whole mixed groups, the
bound on extra rounds holds, and padding keeps the batch full."""

from __future__ import annotations

import copy
import json

import pytest
from datasets import concatenate_datasets
from trl import GRPOConfig

import envs
from rewards.errors import OptionError
from training.dynamic import DynamicGRPOTrainer

G, GROUPS = 4, 4  # groups of 4 completions, 4 groups a step


def by_first_digit(prompts: list[str], completions: list[str], **_) -> list[float]:
    """Mixed groups for prompts starting with 0, 3, 6 or 9 (alternating 1, 0 along the rows of a group), all right
    for 1, 4, 7, all wrong for 2, 5, 8: which groups teach is known without the policy's help."""
    kind = [int(p[0]) % 3 for p in prompts]
    return [float(i % 2) if k == 0 else 1.0 if k == 1 else 0.0 for i, k in enumerate(kind)]


def scarce(prompts: list[str], completions: list[str], **_) -> list[float]:
    """Mixed only for prompts starting with 0 (1 in ~10), all wrong otherwise."""
    return [float(i % 2) if p[0] == "0" else 0.0 for i, p in enumerate(prompts)]


def _trainer(tiny_policy, tiny_env, tmp_path, reward, max_rounds, dataset=None):
    model, tokenizer, _ = tiny_policy
    config = GRPOConfig(output_dir=str(tmp_path), max_steps=2, num_generations=G,
                        per_device_train_batch_size=G * GROUPS, max_completion_length=4, learning_rate=1e-4,
                        use_cpu=True, bf16=False, report_to="none", logging_steps=1,
                        save_strategy="no", activation_checkpointing=False, beta=0.0, seed=0)
    # a copy: the session's shared policy stays as it was built
    trainer = DynamicGRPOTrainer(model=copy.deepcopy(model), reward_funcs=[reward], args=config,
                                 train_dataset=tiny_env.train if dataset is None else dataset,
                                 processing_class=tokenizer, max_rounds=max_rounds)
    trainer.model.train()
    return trainer


def _first_batch(tiny_env, digits):
    """A drawn batch (each prompt G times in a row, as TRL's sampler gives it) of prompts starting with ``digits``."""
    rows = [row for row in tiny_env.train if row["prompt"][0] in digits][:GROUPS]
    return [dict(row) for row in rows for _ in range(G)]


def _groups(trainer, batch):
    """The trained batch as (prompt text, advantages) per block of G rows."""
    out = []
    for j in range(0, len(batch["advantages"]), G):
        prompts = {trainer.processing_class.decode(ids[mask.bool()]) for ids, mask in
                   zip(batch["prompt_ids"][j:j + G], batch["prompt_mask"][j:j + G], strict=True)}
        assert len(prompts) == 1, prompts  # a whole group: G rows of one prompt
        out.append((prompts.pop(), batch["advantages"][j:j + G]))
    return out


def test_rounds_of_different_widths_are_re_padded_as_trl_pads(tiny_policy, tiny_env, tmp_path):
    """Rows from rounds with longer prompts: prompts stay left-padded, completions right-padded, each row intact."""
    longer = envs.make("arithmetic", digits=2, n_train=200, n_eval=10).train
    data = concatenate_datasets([tiny_env.train, longer])  # extra prompts are mostly 2-digit sums
    trainer = _trainer(tiny_policy, tiny_env, tmp_path, by_first_digit, max_rounds=8, dataset=data)
    batch = trainer._generate_and_score_completions(_first_batch(tiny_env, "0124"))
    prompts = [p for p, _ in _groups(trainer, batch)]
    assert len({len(p) for p in prompts}) > 1  # 1-digit and 2-digit prompts in one batch
    assert set(prompts) <= set(data["prompt"])  # each row's own prompt, whole
    for mask in batch["prompt_mask"]:
        ones = int(mask.sum())
        assert mask[-ones:].all() and not mask[:-ones].any()  # left-padded
    for mask in batch["completion_mask"]:
        ones = int(mask.sum())
        assert mask[:ones].all() and not mask[ones:].any()  # right-padded


def _last(trainer, name):
    return trainer._metrics["train"][f"dynamic/{name}"][-1]


def test_the_batch_is_filled_with_whole_mixed_groups(tiny_policy, tiny_env, tmp_path):
    trainer = _trainer(tiny_policy, tiny_env, tmp_path, by_first_digit, max_rounds=8)
    batch = trainer._generate_and_score_completions(_first_batch(tiny_env, "0124"))  # 1 mixed, 3 zero-std
    groups = _groups(trainer, batch)
    assert len(groups) == GROUPS and batch["completion_ids"].size(0) == G * GROUPS
    for prompt, advantages in groups:
        assert int(prompt[0]) % 3 == 0, prompt  # only prompts whose groups are mixed
        assert advantages.abs().min() > 0.5 and abs(float(advantages.sum())) < 1e-3  # the group's own advantages
    assert batch["num_items_in_batch"] == batch["completion_mask"].sum()
    generated = _last(trainer, "groups_generated")
    assert _last(trainer, "groups_kept") == GROUPS and _last(trainer, "groups_padded") == 0
    assert _last(trainer, "dropped_all_right") >= 1 and _last(trainer, "dropped_all_wrong") >= 2
    assert generated == sum(_last(trainer, n) for n in ("groups_kept", "groups_padded", "dropped_all_right",
                                                        "dropped_all_wrong", "surplus"))
    assert _last(trainer, "generation_cost") == generated / GROUPS > 1 and _last(trainer, "trained_zero_std") == 0
    record = json.loads((tmp_path / "dynamic_sampling.rank0.jsonl").read_text().splitlines()[-1])
    assert [g["padded"] for g in record["groups"]] == [False] * GROUPS
    assert {g["outcome"] for g in record["groups"]} == {"mixed"} and record["rounds"] == _last(trainer, "rounds")


def test_the_bound_on_rounds_holds_and_pads_with_zero_std_groups(tiny_policy, tiny_env, tmp_path):
    calls = []

    def counted(prompts, completions, **kw):
        calls.append(len(prompts))
        return scarce(prompts, completions)

    counted.__name__ = "scarce"
    trainer = _trainer(tiny_policy, tiny_env, tmp_path, counted, max_rounds=2)
    batch = trainer._generate_and_score_completions(_first_batch(tiny_env, "123"))  # no mixed group at first
    assert len(calls) == 2 and calls[1] <= G * GROUPS  # one extra round, at most one full batch
    assert _last(trainer, "rounds") == 2 and _last(trainer, "groups_generated") == sum(calls) // G
    groups = _groups(trainer, batch)
    assert len(groups) == GROUPS  # still a full batch
    padded = [adv for prompt, adv in groups if prompt[0] != "0"]
    assert len(padded) == _last(trainer, "groups_padded") > 0
    assert all(float(adv.abs().max()) == 0 for adv in padded)  # zero-std groups: no gradient, as in plain GRPO
    assert _last(trainer, "trained_zero_std") == len(padded) / GROUPS


def test_one_round_is_plain_grpo(tiny_policy, tiny_env, tmp_path):
    trainer = _trainer(tiny_policy, tiny_env, tmp_path, by_first_digit, max_rounds=1)
    first = _first_batch(tiny_env, "0124")
    groups = _groups(trainer, trainer._generate_and_score_completions(first))
    assert sorted(p for p, _ in groups) == sorted({row["prompt"] for row in first})
    assert _last(trainer, "generation_cost") == 1 and _last(trainer, "groups_padded") == 3


def test_training_steps_log_the_counts(tiny_policy, tiny_env, tmp_path):
    trainer = _trainer(tiny_policy, tiny_env, tmp_path, by_first_digit, max_rounds=3)
    trainer.train()
    logged = [row for row in trainer.state.log_history if "dynamic/groups_generated" in row]
    assert len(logged) == 2
    for row in logged:
        assert row["dynamic/groups_kept"] + row["dynamic/groups_padded"] == GROUPS
        assert 1 <= row["dynamic/rounds"] <= 3 and row["dynamic/generation_cost"] >= 1


def test_a_bad_bound_is_refused(tiny_policy, tiny_env, tmp_path):
    with pytest.raises(OptionError, match="dynamic_sampling_max_rounds must be >= 1"):
        _trainer(tiny_policy, tiny_env, tmp_path, by_first_digit, max_rounds=0)
