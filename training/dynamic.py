"""DAPO-style dynamic sampling (``train.py --dynamic_sampling``): train only on groups whose rewards differ.

A group of G completions whose rewards all agree (std 0: all right, or all wrong) gives no gradient. Each step,
`DynamicGRPOTrainer` scores the batch TRL's sampler drew, as plain GRPO does, then keeps its *mixed* groups (reward
std > 0) and fills each empty slot with a mixed group generated from extra prompts, drawn at random from the training
set, in further rounds of TRL's own ``_generate_and_score_completions``. An extra round is sized to the slots still
empty divided by this step's keep rate so far (x1.25), at most one full batch. After ``max_rounds`` rounds (the first
included) the slots still empty are **padded** with this step's dropped zero-std groups, so a step always trains on
a full batch: TRL splits the generation batch into ``steps_per_generation`` equal slices, ranks step in lockstep,
and a zero-std group has zero advantage, so a padded slot moves the policy exactly as it would in plain GRPO (it
only counts in the loss's token normaliser). Training on a smaller batch instead would change the step's size and
break those slices. DAPO's own recipe (verl ``filter_groups``) stops with an error after its bound; padding keeps a
long run alive when one batch is unlucky, and ``dynamic/groups_padded`` shows how often that happens.

- Mixtures: a batch keeps its tasks' shares. Each task's slots (as many as its groups in the drawn batch) are filled
  with that task's mixed groups only, extra prompts are drawn from the tasks that still have empty slots (in
  proportion), and padding uses the task's own dropped groups.
- Several processes: each rank fills its own slots from groups generated on that rank, so a group never spans ranks
  (the local generation batch, ``per_device_train_batch_size x steps_per_generation``, must hold whole groups); all
  ranks run the same number of rounds of the same size (a full rank generates along, for TRL's collective calls).
- Logged per step through TRL's metrics (summed over ranks): ``dynamic/groups_generated``, ``/groups_kept`` (mixed,
  trained), ``/groups_padded``, ``/dropped_all_right``, ``/dropped_all_wrong``, ``/surplus`` (mixed but their task
  was full), ``/rounds``, ``/generation_cost`` (groups generated over groups trained: 1.0 is a plain step's
  generation) and ``/trained_zero_std`` (the share of trained groups with zero std; TRL's ``frac_reward_zero_std``
  then averages over every round generated). Per task in a mixture: ``dynamic/<task>/kept|padded|dropped``. Each
  rank appends its slots per task and its trained groups (round, prompt, task, outcome, padded) to
  ``OUTPUT_DIR/dynamic_sampling.rank<R>.jsonl``.
- Resume: the extra-prompt stream's position is saved in every checkpoint (``dynamic_sampling.json``).

Limits: the filter reads the weighted sum of the rewards, as TRL's ``sum_then_normalize`` does (a group whose summed
rewards agree is dropped even if ``normalize_then_sum`` would give it advantages); a completion is "right" when that
sum is >= 1. Text models only (no images), an indexable ``datasets.Dataset``, and ``scale_rewards="batch"``
normalises each round on its own. Extra prompts are drawn uniformly (with replacement across steps), not by the
difficulty sampler; the two flags are not combined.
"""

from __future__ import annotations

import json
import logging
import math
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import torch
from transformers.trainer_utils import PREFIX_CHECKPOINT_DIR
from trl.trainer.utils import nanstd

from eval.cache import prompt_key
from rewards.errors import OptionError, RlvrError
from rewards.protocol import PASS_SCORE
from training.trainer import GRPOTrainer

logger = logging.getLogger(__name__)

STATE_FILE = "dynamic_sampling.json"
LOG_NAME = "dynamic_sampling.rank{rank}.jsonl"
OVERSAMPLE = 1.25  # an extra round asks for a quarter more groups than the keep rate predicts it needs
COUNTS = ("groups_generated", "groups_kept", "groups_padded", "dropped_all_right", "dropped_all_wrong", "surplus")
PROMPT_KEYS = ("prompt_ids", "prompt_mask")  # left-padded by TRL; every other 2-D output is right-padded


def check_options(max_rounds: int) -> None:
    """Raise `OptionError` unless ``max_rounds >= 1``."""
    if max_rounds < 1:
        raise OptionError(f"--dynamic_sampling_max_rounds must be >= 1 (generation rounds a step may run, the first "
                          f"included; 1 filters nothing), got {max_rounds}.")


@dataclass(frozen=True)
class Group:
    """One scored group of G completions: where its rows are, and what its rewards say."""

    round: int
    start: int  # its first row in that round's local output
    task: str
    prompt: str
    outcome: str  # "mixed", "all_right" or "all_wrong"


class DynamicGRPOTrainer(GRPOTrainer):
    """`GRPOTrainer` that trains each step on mixed groups only, generating extra groups to fill the batch."""

    def __init__(self, *args: Any, max_rounds: int = 3, **kwargs: Any) -> None:
        check_options(max_rounds)
        self.max_rounds, self.extra_draws = max_rounds, 0
        self._scored: torch.Tensor | None = None
        super().__init__(*args, **kwargs)
        config: Any = self.args  # a GRPOConfig (Trainer types it as TrainingArguments)
        self.group: int = config.num_generations
        source: Any = self.train_dataset
        self.source = source
        local = config.per_device_train_batch_size * config.steps_per_generation
        if local % self.group:
            raise RlvrError(f"--dynamic_sampling keeps groups whole on each process: per_device_train_batch_size x "
                            f"steps_per_generation ({local}) must be a multiple of --num_generations "
                            f"({self.group}).")
        if not hasattr(source, "column_names"):
            raise RlvrError("--dynamic_sampling draws extra prompts by index: it needs a datasets.Dataset, not an "
                            "IterableDataset.")
        tasks = source["task"] if "task" in source.column_names else ["all"] * len(source)
        self.row_tasks = np.array(tasks)

    # TRL's hook: the gathered rewards of every rank, one row per completion, one column per reward function.
    def _calculate_rewards(self, inputs: Any, prompts: Any, completions: Any, completion_ids_list: Any) -> Any:
        self._scored = super()._calculate_rewards(inputs, prompts, completions, completion_ids_list)
        return self._scored

    # TRL's hook for one generation batch; _prepare_inputs shuffles, slices and buffers what it returns.
    def _generate_and_score_completions(self, inputs: list[dict[str, Any]]) -> dict[str, Any]:
        model: Any = self.model
        if not model.training:
            return super()._generate_and_score_completions(inputs)
        g = self.group
        quota = Counter(str(inputs[i].get("task", "all")) for i in range(0, len(inputs), g))
        outputs: list[dict[str, Any]] = []
        kept: dict[str, list[Group]] = defaultdict(list)
        dropped: dict[str, list[Group]] = defaultdict(list)
        counts: Counter = Counter()
        batch = inputs
        for round_ in range(self.max_rounds):
            outputs.append(super()._generate_and_score_completions(batch))
            for group in self._judge(batch, round_):
                counts["groups_generated"] += 1
                if group.outcome != "mixed":
                    dropped[group.task].append(group)
                elif len(kept[group.task]) < quota[group.task]:
                    kept[group.task].append(group)
                else:
                    counts["surplus"] += 1
            deficit = {task: quota[task] - len(kept[task]) for task in quota}
            need = self._max_over_ranks(sum(deficit.values()))
            if need == 0 or round_ == self.max_rounds - 1:
                break
            batch = self._draw(self._round_size(need, counts, kept, len(inputs) // g), deficit, list(inputs[0]))
        chosen = _fill(quota, kept, dropped)
        self._log(chosen, counts, dropped, len(outputs), quota)
        return self._assemble(outputs, chosen)

    def _round_size(self, need: int, counts: Counter, kept: dict[str, list[Group]], full: int) -> int:
        """Groups per rank for the next round: the most empty slots of any rank over this step's keep rate."""
        mixed, generated = self._sum_over_ranks(_mixed(kept) + counts["surplus"], counts["groups_generated"])
        return full if mixed == 0 else min(full, math.ceil(OVERSAMPLE * need * generated / mixed))

    def _judge(self, batch: list[dict[str, Any]], round_: int) -> list[Group]:
        """This rank's groups of the batch just scored, each marked mixed, all right or all wrong."""
        g, n = self.group, len(batch)
        scored = self._scored
        if scored is None:
            raise RlvrError("Dynamic sampling found no rewards for the batch (TRL's _calculate_rewards was not run).")
        mine = scored[self.accelerator.process_index * n:(self.accelerator.process_index + 1) * n]
        totals = (mine * self.reward_weights.to(mine.device).unsqueeze(0)).nansum(dim=1)
        totals[torch.isnan(mine).all(dim=1)] = torch.nan  # unscorable rows are left out, as TRL does
        grouped = totals.view(-1, g)
        zero = torch.isclose(nanstd(grouped, dim=1), torch.zeros(grouped.size(0), device=grouped.device))
        right = torch.nan_to_num(torch.nanmean(grouped, dim=1), nan=0.0) >= PASS_SCORE
        groups = []
        for j in range(grouped.size(0)):
            row = batch[j * g]
            outcome = "mixed" if not zero[j] else "all_right" if right[j] else "all_wrong"
            prompt = row.get("prompt", "")
            prompt = prompt if isinstance(prompt, str) else prompt_key(prompt)
            groups.append(Group(round_, j * g, str(row.get("task", "all")), prompt, outcome))
        return groups

    def _max_over_ranks(self, value: int) -> int:
        """The largest ``value`` of any rank: every rank decides alike."""
        return int(self._gathered(value).max().item())

    def _sum_over_ranks(self, *values: int) -> list[int]:
        """Each of ``values`` summed over the ranks."""
        return [int(v) for v in self._gathered(*values).sum(dim=0).tolist()]

    def _gathered(self, *values: int) -> torch.Tensor:
        local = torch.tensor([values], dtype=torch.float64, device=self.accelerator.device)
        return self.accelerator.gather(local).view(-1, len(values))

    def _draw(self, size: int, deficit: dict[str, int], columns: list[str]) -> list[dict[str, Any]]:
        """``size`` extra prompts, each repeated G times: from the tasks with empty slots, in proportion to them."""
        weights = np.array([max(deficit.get(task, 0), 0) for task in self.row_tasks], dtype=float)
        per_task = Counter(self.row_tasks.tolist())
        weights /= np.array([per_task[task] for task in self.row_tasks])
        if weights.sum() == 0:  # this rank is full while another is not: it generates along, uniformly
            weights = np.ones(len(self.row_tasks))
        rng = np.random.default_rng([self.args.seed, self.accelerator.process_index, self.extra_draws])
        self.extra_draws += 1
        replace = size > int((weights > 0).sum())
        picked = rng.choice(len(weights), size=size, replace=replace, p=weights / weights.sum())
        rows = [self.source[int(i)] for i in picked]
        return [{k: row[k] for k in columns} for row in rows for _ in range(self.group)]

    def _assemble(self, outputs: list[dict[str, Any]], chosen: list[tuple[Group, bool]]) -> dict[str, Any]:
        """One output dict, as TRL's, of the chosen groups' rows (re-padded across rounds)."""
        g = self.group
        batch: dict[str, Any] = {}
        for key, first in outputs[0].items():
            if key == "num_items_in_batch":
                continue
            if not isinstance(first, torch.Tensor) or first.dim() not in (1, 2):
                raise RlvrError(f"--dynamic_sampling supports text models only; TRL's batch has {key!r}.")
            pieces = [outputs[group.round][key][group.start:group.start + g] for group, _ in chosen]
            batch[key] = torch.cat(pieces) if first.dim() == 1 else _pad_cat(pieces, key, self._pad_value(key))
        loss_mask = batch["completion_mask"] * batch["tool_mask"] if "tool_mask" in batch else batch["completion_mask"]
        batch["num_items_in_batch"] = self.accelerator.gather(loss_mask.sum()).sum()
        return batch

    def _pad_value(self, key: str) -> float:
        return {"completion_ids": self._tokenizer.pad_token_id, "prompt_ids": self._tokenizer.pad_token_id,
                "tool_mask": 1}.get(key, 0)

    def _log(self, chosen: list[tuple[Group, bool]], counts: Counter, dropped: dict[str, list[Group]],
             rounds: int, quota: Counter) -> None:
        """Per-step counts (summed over ranks) into TRL's metrics, and this rank's trained groups to its JSONL."""
        padded = {group for group, pad in chosen if pad}
        unused = [group for groups in dropped.values() for group in groups if group not in padded]
        counts["groups_kept"], counts["groups_padded"] = len(chosen) - len(padded), len(padded)
        counts.update(f"dropped_{group.outcome}" for group in unused)
        tasks = sorted(set(self.row_tasks.tolist())) if len(set(self.row_tasks.tolist())) > 1 else []
        per_task = [[sum(g.task == t for g, pad in chosen if not pad), sum(g.task == t for g in padded),
                     sum(g.task == t for g in unused)] for t in tasks]
        totals = self._sum_over_ranks(*(counts[name] for name in COUNTS), *(v for row in per_task for v in row))
        metrics = self._metrics["train"]
        for name, value in zip(COUNTS, totals, strict=False):
            metrics[f"dynamic/{name}"].append(value)
        trained = totals[1] + totals[2]
        metrics["dynamic/rounds"].append(rounds)
        metrics["dynamic/generation_cost"].append(totals[0] / trained)
        metrics["dynamic/trained_zero_std"].append(totals[2] / trained)
        for t, task in enumerate(tasks):
            for k, name in enumerate(("kept", "padded", "dropped")):
                metrics[f"dynamic/{task}/{name}"].append(totals[len(COUNTS) + 3 * t + k])
        record = {"step": self.state.global_step, "rank": self.accelerator.process_index, "rounds": rounds,
                  "slots": dict(quota), "groups": [{"round": g.round, "prompt": g.prompt, "task": g.task,
                                                    "outcome": g.outcome, "padded": pad} for g, pad in chosen]}
        path = Path(str(self.args.output_dir)) / LOG_NAME.format(rank=self.accelerator.process_index)
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a") as f:
            f.write(json.dumps(record) + "\n")

    # TRL saves its own extra state the same way (entropy_ctrl_state.json).
    def _save_checkpoint(self, model: Any, trial: Any) -> None:
        super()._save_checkpoint(model, trial)
        if self.args.should_save:
            folder = Path(self._get_output_dir(trial=trial)) / f"{PREFIX_CHECKPOINT_DIR}-{self.state.global_step}"
            (folder / STATE_FILE).write_text(json.dumps({"extra_draws": self.extra_draws,
                                                         "max_rounds": self.max_rounds}))

    def _load_optimizer_and_scheduler(self, checkpoint: str | None) -> None:
        super()._load_optimizer_and_scheduler(checkpoint)
        path = Path(checkpoint) / STATE_FILE if checkpoint else None
        if path is not None and path.exists():
            self.extra_draws = int(json.loads(path.read_text())["extra_draws"])


def _mixed(kept: dict[str, list[Group]]) -> int:
    return sum(len(groups) for groups in kept.values())


def _fill(quota: Counter, kept: dict[str, list[Group]], dropped: dict[str, list[Group]]) -> list[tuple[Group, bool]]:
    """Each task's kept groups, then its dropped groups for the slots still empty: (group, padded)."""
    chosen = []
    for task, slots in quota.items():
        chosen += [(group, False) for group in kept[task]]
        chosen += [(group, True) for group in dropped[task][:slots - len(kept[task])]]
    return sorted(chosen, key=lambda item: (item[0].round, item[0].start))


def _pad_cat(pieces: list[torch.Tensor], key: str, value: float) -> torch.Tensor:
    """Concatenate row blocks of different widths: prompt tensors padded on the left (as TRL does), others right."""
    width = max(p.size(1) for p in pieces)
    left = key in PROMPT_KEYS
    return torch.cat([torch.nn.functional.pad(p, (width - p.size(1), 0) if left else (0, width - p.size(1)),
                                              value=value) for p in pieces])
