"""Draw GRPO's prompts by how much they still teach (``train.py --difficulty_sampling``).

A group of G completions whose rewards are all equal has zero std, zero advantage and gives no gradient, yet costs a
full generation. `DifficultyTracker` watches the rewards the trainer computes and keeps, for every training prompt,
the evidence of its recent groups: how many of its completions passed (total reward >= 1) and how many did not,
fading with a half-life of ``half_life`` batches, on top of a prior of two completions at its task's recent pass
rate. From that Beta posterior over the prompt's pass rate p, the chance that its next group of G is *mixed* is
``1 - E[p^G] - E[(1-p)^G]``; a prompt's draw weight is that chance to the power ``sharpness`` (4: a prompt that
surely teaches weighs ~1, a coin flip ~1/16), never below ``floor``. So

- a prompt that was all right (or all wrong) is drawn less, and comes back as its evidence fades or through the
  floor: a prompt that becomes learnable, or is forgotten, returns;
- a prompt not seen yet weighs what its task's pass rate predicts: in a mixture, a task that is all easy or all hard
  is drawn less from the first epoch on.

`DifficultySampler` takes the place of TRL's ``RepeatSampler`` with the same index pattern (each prompt G times in a
row, the batch repeated ``steps_per_generation x num_iterations`` times), drawing each batch's prompts without
replacement by weight. The pools logged each step (``difficulty/unseen|mixed|easy|hard``) count prompts by their
latest group. Every rank records the same gathered rewards and seeds its draws identically, so all ranks draw the
same batches (as TRL's sampler does). The tracker's state goes into every checkpoint (``difficulty.json``) and comes
back on resume; draws after a resume are not bit-identical to an uninterrupted run's (the batch prefetched before
the save is drawn anew). Pass/fail is the model: variance from shaping terms alone (0.0 vs 0.2) is not predicted.
"""

from __future__ import annotations

import inspect
import json
import logging
import math
from collections import defaultdict
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import numpy as np
from torch.utils.data import Sampler
from transformers import TrainerCallback

from eval.cache import prompt_key
from rewards.errors import OptionError, RlvrError
from rewards.protocol import PASS_SCORE, RewardFn
from training.resume import checkpoint_path
from training.trainer import GRPOTrainer

logger = logging.getLogger(__name__)

UNSEEN, MIXED, EASY, HARD = 0, 1, 2, 3
POOLS = ("unseen", "mixed", "easy", "hard")
STATE_FILE = "difficulty.json"
PRIOR_COMPLETIONS = 2.0  # weight of the task's pass rate in a prompt's posterior, in completions
TASK_DECAY = 0.8  # per batch: a task's pass rate follows the policy within a few batches


def check_options(floor: float, half_life: float) -> None:
    """Raise `OptionError` unless ``0 < floor <= 1`` and ``half_life > 0``."""
    if not 0 < floor <= 1:
        raise OptionError(f"--difficulty_floor must be in (0, 1] (the least weight of a prompt), got {floor}.")
    if not half_life > 0:
        raise OptionError(f"--difficulty_half_life must be > 0 (batches after which a prompt's evidence counts "
                          f"half), got {half_life}.")


class DifficultyTracker:
    """Per-prompt pass/fail evidence from the scored groups, and the sampling weights that follow from it."""

    def __init__(self, prompts: Sequence[Any], tasks: Sequence[str] | None = None, *, group_size: int = 8,
                 floor: float = 0.05, half_life: float = 20, sharpness: float = 4.0, seed: int = 0) -> None:
        check_options(floor, half_life)
        if not prompts:
            raise RlvrError("Difficulty sampling needs at least one training prompt.")
        self.group_size, self.floor, self.half_life, self.sharpness, self.seed = (group_size, floor, half_life,
                                                                                  sharpness, seed)
        self.keys = [prompt_key(p) for p in prompts]
        self.rows: dict[str, list[int]] = defaultdict(list)
        for i, key in enumerate(self.keys):
            self.rows[key].append(i)
        self.tasks = list(tasks) if tasks is not None else ["all"] * len(self.keys)
        self.task_names = sorted(set(self.tasks))
        self.task_index = np.array([self.task_names.index(t) for t in self.tasks])
        n = len(self.keys)
        self.wins, self.losses = np.zeros(n), np.zeros(n)  # faded counts, as of seen_at
        self.seen_at = np.full(n, -1, dtype=np.int64)
        self.outcome = np.zeros(n, dtype=np.int8)  # of the latest group, for the logged pools
        self.task_counts = np.zeros((len(self.task_names), 2))  # decaying [passed, failed] completions per task
        self.batches = 0  # scored batches observed
        self.draws = 0  # batches drawn
        self.unknown = 0  # scored prompts that are not training prompts (e.g. changed by an environment's reset)

    def observe(self, prompts: Sequence[Any], totals: Sequence[float]) -> None:
        """Record one scored batch: ``totals[i]`` is the summed, weighted reward of the completion of ``prompts[i]``."""
        groups: dict[str, list[float]] = defaultdict(list)
        for prompt, total in zip(prompts, totals, strict=True):
            groups[prompt_key(prompt)].append(0.0 if total is None or math.isnan(total) else float(total))
        unknown_before = self.unknown
        self.batches += 1
        self.task_counts *= TASK_DECAY
        for key, values in groups.items():
            rows = self.rows.get(key)
            if rows is None:
                self.unknown += 1
                continue
            passed = sum(v >= PASS_SCORE for v in values)
            fade = self._fade(rows)
            self.wins[rows] = self.wins[rows] * fade + passed
            self.losses[rows] = self.losses[rows] * fade + len(values) - passed
            self.seen_at[rows] = self.batches
            self.outcome[rows] = MIXED if max(values) - min(values) > 1e-6 else EASY if passed else HARD
            self.task_counts[self.task_index[rows[0]]] += (passed, len(values) - passed)
        if self.unknown and not unknown_before:
            logger.warning("Difficulty sampling: a scored prompt is not a training prompt (an environment's reset() "
                           "may change prompts); such prompts keep their task's weight.")

    def _fade(self, rows: Any = slice(None)) -> np.ndarray:
        """How much the evidence of ``rows`` still counts now (1 for a prompt scored in the latest batch)."""
        return 0.5 ** ((self.batches - self.seen_at[rows]) / self.half_life)

    def mixed_chance(self) -> np.ndarray:
        """Per prompt, the posterior chance that its next group of ``group_size`` is mixed (carries a gradient)."""
        task_rate = (self.task_counts[:, 0] + 1) / (self.task_counts.sum(1) + 2)  # Laplace's rule per task
        prior = PRIOR_COMPLETIONS * task_rate[self.task_index]
        fade = np.where(self.seen_at >= 0, self._fade(), 0.0)
        a = self.wins * fade + prior
        b = self.losses * fade + PRIOR_COMPLETIONS - prior
        steps = np.arange(self.group_size)[:, None]
        # E[p^G] under Beta(a, b) is prod_{i<G} (a + i) / (a + b + i); likewise E[(1-p)^G] with b.
        all_pass = np.prod((a + steps) / (a + b + steps), axis=0)
        all_fail = np.prod((b + steps) / (a + b + steps), axis=0)
        return np.clip(1.0 - all_pass - all_fail, 0.0, 1.0)

    def weights(self) -> np.ndarray:
        """The current draw weight of every training prompt (all >= ``floor``)."""
        return np.maximum(self.floor, self.mixed_chance() ** self.sharpness)

    def check_batch(self, n: int) -> None:
        """Raise `RlvrError` when a batch of ``n`` distinct prompts cannot be drawn from the train set."""
        if n > len(self.keys):
            raise RlvrError(f"A batch needs {n} distinct prompts but the train set has {len(self.keys)}; lower "
                            "--per_device_train_batch_size or give the env more training problems.")

    def draw(self, n: int) -> list[int]:
        """``n`` distinct prompt indices drawn by weight; the same on every rank (seeded by the draw's number)."""
        self.check_batch(n)
        weights = self.weights()
        rng = np.random.default_rng([self.seed, self.draws])
        self.draws += 1
        return rng.choice(len(weights), size=n, replace=False, p=weights / weights.sum()).tolist()

    def pools(self) -> dict[str, int]:
        """How many training prompts are unseen / mixed / easy / hard by their latest group, in all and per task."""
        counts = {name: int((self.outcome == code).sum()) for code, name in enumerate(POOLS)}
        if len(self.task_names) > 1:
            for t, task in enumerate(self.task_names):
                mine = self.outcome[self.task_index == t]
                counts.update({f"{task}/{name}": int((mine == code).sum()) for code, name in enumerate(POOLS)})
        return counts

    def state_dict(self) -> dict[str, Any]:
        """Everything a resumed run needs to continue where this one stopped (JSON-able)."""
        return {"keys": self.keys, "wins": self.wins.tolist(), "losses": self.losses.tolist(),
                "seen_at": self.seen_at.tolist(), "outcome": self.outcome.tolist(),
                "task_counts": self.task_counts.tolist(), "batches": self.batches, "draws": self.draws,
                "settings": {"group_size": self.group_size, "floor": self.floor, "half_life": self.half_life,
                             "sharpness": self.sharpness, "seed": self.seed}}

    def load_state_dict(self, state: dict[str, Any]) -> None:
        """Continue from a saved `state_dict`; the training prompts must be the same."""
        if state["keys"] != self.keys:
            raise RlvrError("The checkpoint's difficulty state was saved for other training prompts than this run's; "
                            "resume with the same env and --train_filter, or start a new --output_dir.")
        self.wins, self.losses = np.array(state["wins"]), np.array(state["losses"])
        self.seen_at = np.array(state["seen_at"], dtype=np.int64)
        self.outcome = np.array(state["outcome"], dtype=np.int8)
        self.task_counts = np.array(state["task_counts"])
        self.batches, self.draws = int(state["batches"]), int(state["draws"])

    def save(self, directory: str | Path) -> Path:
        """Write the state to ``directory/difficulty.json``."""
        path = Path(directory) / STATE_FILE
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(self.state_dict()))
        return path

    def load(self, directory: str | Path) -> bool:
        """Load ``directory/difficulty.json`` if there is one; returns whether it was there."""
        path = Path(directory) / STATE_FILE
        if not path.exists():
            return False
        self.load_state_dict(json.loads(path.read_text()))
        return True

    def watch(self, reward_funcs: Sequence[RewardFn], weights: Sequence[float] | None) -> list[RewardFn]:
        """``reward_funcs`` wrapped so that each scored batch reaches `observe` (totals weighted as TRL sums them)."""
        return _RewardWatch(self, reward_funcs, weights).wrapped


class _RewardWatch:
    """Collects every reward function's scores of one batch, in any call order, then hands the totals on."""

    def __init__(self, tracker: DifficultyTracker, reward_funcs: Sequence[RewardFn],
                 weights: Sequence[float] | None) -> None:
        for fn in reward_funcs:
            if inspect.iscoroutinefunction(fn) or inspect.iscoroutinefunction(getattr(fn, "__call__", None)):  # noqa: B004
                raise RlvrError(f"--difficulty_sampling needs synchronous reward functions; "
                                f"{getattr(fn, '__name__', fn)!r} is async.")
        self.tracker = tracker
        self.weights = list(weights) if weights is not None else [1.0] * len(reward_funcs)
        self.pending: dict[int, list[float | None]] = {}
        self.wrapped: list[RewardFn] = [_Watched(fn, slot, self) for slot, fn in enumerate(reward_funcs)]

    def record(self, slot: int, prompts: Sequence[Any], scores: Sequence[float | None], log_metric: Any) -> None:
        self.pending[slot] = list(scores)
        if len(self.pending) < len(self.wrapped):
            return
        # TRL sums the weighted rewards skipping None (nansum): its zero-std test is on this total.
        totals = [sum((w * s for w, s in zip(self.weights, row) if s is not None and not math.isnan(s)), 0.0)
                  for row in zip(*(self.pending[i] for i in range(len(self.wrapped))))]
        self.pending.clear()
        prompts, totals = _gather(list(prompts), totals)
        self.tracker.observe(prompts, totals)
        if log_metric is not None:
            for name, count in self.tracker.pools().items():
                log_metric(f"difficulty/{name}", count)


class _Watched:
    """A reward function that scores as ``fn`` does and reports its scores to the watch."""

    def __init__(self, fn: RewardFn, slot: int, watch: _RewardWatch) -> None:
        self.fn, self.slot, self.watch = fn, slot, watch
        self.__name__: str = getattr(fn, "__name__", type(fn).__name__)
        for attr in ("columns", "verifiable"):
            if hasattr(fn, attr):
                setattr(self, attr, getattr(fn, attr))

    def __call__(self, completions: list[Any], prompts: list[Any] | None = None, **kwargs: Any) -> list[float | None]:
        scores = self.fn(prompts=prompts, completions=completions, **kwargs)
        self.watch.record(self.slot, prompts if prompts is not None else [None] * len(completions), scores,
                          kwargs.get("log_metric"))
        return scores


def _gather(prompts: list[Any], totals: list[float]) -> tuple[list[Any], list[float]]:
    """Every rank's (prompts, totals) of this batch, concatenated in rank order (a no-op in one process)."""
    from accelerate import PartialState

    if PartialState().num_processes == 1:
        return prompts, totals
    from accelerate.utils import gather_object

    parts = gather_object([(prompts, totals)])
    return [p for part, _ in parts for p in part], [t for _, part in parts for t in part]


class DifficultySampler(Sampler[int]):
    """TRL's ``RepeatSampler`` index pattern, with each batch's prompts drawn by `DifficultyTracker.draw`."""

    def __init__(self, tracker: DifficultyTracker, mini_repeat_count: int, batch_size: int, repeat_count: int) -> None:
        self.tracker, self.group, self.batch, self.repeat = tracker, mini_repeat_count, batch_size, repeat_count
        tracker.check_batch(batch_size)
        self.n_batches = len(tracker.keys) // batch_size  # one epoch, as RepeatSampler counts it

    def __iter__(self) -> Iterator[int]:
        for _ in range(self.n_batches):
            chunk = self.tracker.draw(self.batch)  # drawn lazily: each batch sees the rewards scored so far
            for _ in range(self.repeat):
                for index in chunk:
                    yield from [index] * self.group

    def __len__(self) -> int:
        return self.n_batches * self.batch * self.group * self.repeat


class DifficultyGRPOTrainer(GRPOTrainer):
    """`GRPOTrainer` drawing its training prompts with a `DifficultySampler` over ``difficulty``."""

    def __init__(self, *args: Any, difficulty: DifficultyTracker, **kwargs: Any) -> None:
        self.difficulty = difficulty
        super().__init__(*args, **kwargs)

    # TRL builds its RepeatSampler here (its documented place for the sampling order); the signature is TRL's.
    def _get_train_sampler(self, dataset: Any = None) -> Sampler:
        args: Any = self.args  # a GRPOConfig (Trainer types it as TrainingArguments)
        return DifficultySampler(self.difficulty, mini_repeat_count=args.num_generations,
                                 batch_size=args.generation_batch_size // args.num_generations,
                                 repeat_count=self.num_iterations * args.steps_per_generation)


class SaveDifficulty(TrainerCallback):
    """Writes the tracker's state into every checkpoint, so ``--resume_from_checkpoint`` continues it."""

    def __init__(self, tracker: DifficultyTracker) -> None:
        self.tracker = tracker

    def on_save(self, args: Any, state: Any, control: Any, **kwargs: Any) -> Any:
        if state.is_world_process_zero:
            self.tracker.save(checkpoint_path(args.output_dir, state.global_step))
        return control


def tracker_for(dataset: Any, *, group_size: int, floor: float, half_life: float, seed: int) -> DifficultyTracker:
    """A tracker over a training dataset's prompts (per task when it has a ``task`` column, as mixtures do)."""
    tasks = dataset["task"] if "task" in dataset.column_names else None
    return DifficultyTracker(dataset["prompt"], tasks, group_size=group_size, floor=floor, half_life=half_life,
                             seed=seed)
