"""Draw GRPO's prompts by how much they still teach (``train.py --difficulty_sampling``).

A group of G completions whose rewards are all equal has zero std, zero advantage and gives no gradient, yet costs a
full generation. `DifficultyTracker` watches the rewards the trainer computes and keeps, for every training prompt,
the outcome of its latest group: *mixed* (rewards differ: it teaches), *easy* (all equal and passing, total reward
>= 1) or *hard* (all equal, failing). `DifficultySampler` takes the place of TRL's ``RepeatSampler`` with the same
index pattern (each prompt G times in a row, the batch repeated ``steps_per_generation x num_iterations`` times) but
draws the prompts of each batch without replacement, by weight:

- a mixed prompt weighs 1;
- a zero-std (easy or hard) prompt weighs ``floor`` right after its group, climbing linearly back to 1 over
  ``revisit`` batches, so a prompt that becomes learnable (or is forgotten) comes back;
- a prompt not seen yet weighs its task's recent share of mixed groups (Laplace-smoothed, decaying counts; never below
  ``floor``): in a mixture, a task that is all easy or all hard is drawn less from the first epoch on.

Every rank records the same gathered rewards and seeds its draws identically, so all ranks draw the same batches
(as TRL's sampler does). The tracker's state goes into every checkpoint (``difficulty.json``) and comes back on
resume; draws after a resume are not bit-identical to an uninterrupted run's (the batch prefetched before the save
is drawn anew).
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
from trl import GRPOTrainer

from eval.cache import prompt_key
from training.resume import checkpoint_path
from rewards.errors import OptionError, RlvrError
from rewards.protocol import PASS_SCORE, RewardFn

logger = logging.getLogger(__name__)

UNSEEN, MIXED, EASY, HARD = 0, 1, 2, 3
POOLS = ("unseen", "mixed", "easy", "hard")
STATE_FILE = "difficulty.json"


def check_options(floor: float, revisit: int) -> None:
    """Raise `OptionError` unless ``0 < floor <= 1`` and ``revisit >= 1``."""
    if not 0 < floor <= 1:
        raise OptionError(f"--difficulty_floor must be in (0, 1] (the weight of a prompt right after a zero-std "
                          f"group), got {floor}.")
    if revisit < 1:
        raise OptionError(f"--difficulty_revisit must be >= 1 (batches until a zero-std prompt weighs 1 again), "
                          f"got {revisit}.")


class DifficultyTracker:
    """Per-prompt outcome of the latest scored group, and the sampling weights that follow from it."""

    def __init__(self, prompts: Sequence[Any], tasks: Sequence[str] | None = None, *, floor: float = 0.05,
                 revisit: int = 20, seed: int = 0, task_decay: float = 0.8) -> None:
        check_options(floor, revisit)
        if not prompts:
            raise RlvrError("Difficulty sampling needs at least one training prompt.")
        self.floor, self.revisit, self.seed, self.task_decay = floor, revisit, seed, task_decay
        self.keys = [prompt_key(p) for p in prompts]
        self.rows: dict[str, list[int]] = defaultdict(list)
        for i, key in enumerate(self.keys):
            self.rows[key].append(i)
        self.tasks = list(tasks) if tasks is not None else ["all"] * len(self.keys)
        self.outcome = np.zeros(len(self.keys), dtype=np.int8)
        self.seen_at = np.full(len(self.keys), -1, dtype=np.int64)
        self.task_counts: dict[str, list[float]] = {}  # decaying [mixed, all] group counts per task
        self.batches = 0  # scored batches observed
        self.draws = 0  # batches drawn
        self.unknown = 0  # scored prompts that are not training prompts (e.g. changed by an environment's reset)

    def observe(self, prompts: Sequence[Any], totals: Sequence[float]) -> None:
        """Record one scored batch: ``totals[i]`` is the summed, weighted reward of the completion of ``prompts[i]``."""
        groups: dict[str, list[float]] = defaultdict(list)
        for prompt, total in zip(prompts, totals, strict=True):
            groups[prompt_key(prompt)].append(0.0 if total is None or math.isnan(total) else float(total))
        mixed_by_task: dict[str, list[bool]] = defaultdict(list)
        unknown_before = self.unknown
        self.batches += 1
        for key, values in groups.items():
            rows = self.rows.get(key)
            if rows is None:
                self.unknown += 1
                continue
            outcome = MIXED if max(values) - min(values) > 1e-6 else EASY if values[0] >= PASS_SCORE else HARD
            self.outcome[rows] = outcome
            self.seen_at[rows] = self.batches
            mixed_by_task[self.tasks[rows[0]]].append(outcome == MIXED)
        for task, flags in mixed_by_task.items():
            mixed, total = self.task_counts.get(task, (0.0, 0.0))
            self.task_counts[task] = [self.task_decay * mixed + sum(flags), self.task_decay * total + len(flags)]
        if self.unknown and not unknown_before:
            logger.warning("Difficulty sampling: a scored prompt is not a training prompt (an environment's reset() "
                           "may change prompts); such prompts keep the unseen weight.")

    def weights(self) -> np.ndarray:
        """The current draw weight of every training prompt (all > 0)."""
        age = self.batches - self.seen_at
        zero_std = np.clip(self.floor + (1 - self.floor) * age / self.revisit, self.floor, 1.0)
        prior = np.array([max(self.floor, self._task_prior(t)) for t in self.tasks])
        return np.select([self.outcome == MIXED, self.outcome == UNSEEN], [np.ones_like(prior), prior], zero_std)

    def _task_prior(self, task: str) -> float:
        """Chance that an unseen prompt of ``task`` gives a mixed group: (mixed + 1) / (groups + 2), Laplace's rule."""
        mixed, total = self.task_counts.get(task, (0.0, 0.0))
        return (mixed + 1) / (total + 2) if total else 1.0

    def draw(self, n: int) -> list[int]:
        """``n`` distinct prompt indices drawn by weight; the same on every rank (seeded by the draw's number)."""
        if n > len(self.keys):
            raise RlvrError(f"A batch needs {n} distinct prompts but the train set has {len(self.keys)}; lower "
                            "--per_device_train_batch_size or give the env more training problems.")
        weights = self.weights()
        rng = np.random.default_rng([self.seed, self.draws])
        self.draws += 1
        return rng.choice(len(weights), size=n, replace=False, p=weights / weights.sum()).tolist()

    def pools(self) -> dict[str, int]:
        """How many training prompts are unseen / mixed / easy / hard now, in all and per task."""
        counts = {name: int((self.outcome == code).sum()) for code, name in enumerate(POOLS)}
        if len(set(self.tasks)) > 1:
            for task in sorted(set(self.tasks)):
                mine = self.outcome[np.array(self.tasks) == task]
                counts.update({f"{task}/{name}": int((mine == code).sum()) for code, name in enumerate(POOLS)})
        return counts

    def state_dict(self) -> dict[str, Any]:
        """Everything a resumed run needs to continue where this one stopped (JSON-able)."""
        return {"keys": self.keys, "outcome": self.outcome.tolist(), "seen_at": self.seen_at.tolist(),
                "task_counts": self.task_counts, "batches": self.batches, "draws": self.draws,
                "floor": self.floor, "revisit": self.revisit, "seed": self.seed}

    def load_state_dict(self, state: dict[str, Any]) -> None:
        """Continue from a saved `state_dict`; the training prompts must be the same."""
        if state["keys"] != self.keys:
            raise RlvrError("The checkpoint's difficulty state was saved for other training prompts than this run's; "
                            "resume with the same env and --train_filter, or start a new --output_dir.")
        self.outcome = np.array(state["outcome"], dtype=np.int8)
        self.seen_at = np.array(state["seen_at"], dtype=np.int64)
        self.task_counts = {task: list(counts) for task, counts in state["task_counts"].items()}
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
            if inspect.iscoroutinefunction(fn) or inspect.iscoroutinefunction(getattr(fn, "__call__", None)):
                raise RlvrError(f"--difficulty_sampling needs synchronous reward functions; "
                                f"{getattr(fn, '__name__', fn)!r} is async.")
        self.tracker = tracker
        self.weights = list(weights) if weights is not None else [1.0] * len(reward_funcs)
        self.pending: dict[int, list[float | None]] = {}
        self.wrapped = [_Watched(fn, slot, self) for slot, fn in enumerate(reward_funcs)]

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
        self.__name__ = getattr(fn, "__name__", type(fn).__name__)
        for attr in ("columns", "verifiable"):
            if hasattr(fn, attr):
                setattr(self, attr, getattr(fn, attr))

    def __call__(self, prompts: list[Any], completions: list[Any], **kwargs: Any) -> list[float | None]:
        scores = self.fn(prompts=prompts, completions=completions, **kwargs)
        self.watch.record(self.slot, prompts, scores, kwargs.get("log_metric"))
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
        self.n_batches = len(tracker.keys) // batch_size  # one epoch, as RepeatSampler counts it
        if self.n_batches == 0:
            tracker.draw(batch_size)  # raises the error that names the sizes

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
        return DifficultySampler(self.difficulty, mini_repeat_count=self.num_generations,
                                 batch_size=self.args.generation_batch_size // self.num_generations,
                                 repeat_count=self.num_iterations * self.args.steps_per_generation)


class SaveDifficulty(TrainerCallback):
    """Writes the tracker's state into every checkpoint, so ``--resume_from_checkpoint`` continues it."""

    def __init__(self, tracker: DifficultyTracker) -> None:
        self.tracker = tracker

    def on_save(self, args: Any, state: Any, control: Any, **kwargs: Any) -> Any:
        if state.is_world_process_zero:
            self.tracker.save(checkpoint_path(args.output_dir, state.global_step))
        return control


def tracker_for(dataset: Any, *, floor: float, revisit: int, seed: int) -> DifficultyTracker:
    """A tracker over a training dataset's prompts (per task when it has a ``task`` column, as mixtures do)."""
    tasks = dataset["task"] if "task" in dataset.column_names else None
    return DifficultyTracker(dataset["prompt"], tasks, floor=floor, revisit=revisit, seed=seed)
