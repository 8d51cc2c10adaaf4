"""``reasoning_gym:<task>``: any reasoning-gym procedural task as an env, judged by the task's own ``score_answer``.

``envs.make("reasoning_gym:chain_sum", config={"min_terms": 2})`` draws entries ``0, 1, 2, ...`` of the task's
dataset (seeded) until both splits are full. The split of an entry is a hash of its question text
(`envs.arithmetic.split_of`), so eval questions are disjoint from train questions by construction; repeated questions
are dropped. ``config`` holds the task's own knobs (see its ``*Config`` dataclass in reasoning-gym).

Columns: ``prompt``, ``question`` (reasoning-gym's text), ``answer`` (its oracle answer; ``None`` for tasks with many
valid answers), ``reference`` (that answer in ``<answer>`` tags, for a warm start), and ``rg_task``, ``rg_config``,
``rg_index``, from which the ``reasoning_gym`` reward rebuilds the entry.

Needs the optional dependency: ``pip install 'rlvr-kit[reasoning-gym]'``.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from datasets import Dataset
from tqdm.auto import tqdm

from envs.arithmetic import EVAL_PERCENT, split_of
from envs.prompts import as_prompts
from envs.sources import check_counts
from rewards.errors import RlvrError, UnknownIdError, did_you_mean
from rewards.reasoning_gym import load_reasoning_gym, procedural_dataset

logger = logging.getLogger(__name__)

DEFAULT_TEMPLATE = "{question}\nGive your final answer inside <answer></answer>."


def build(task: str, n_train: int = 2000, n_eval: int = 200, seed: int = 0, config: dict[str, Any] | None = None,
          template: str = DEFAULT_TEMPLATE, chat: bool = False) -> tuple[Dataset, Dataset]:
    """Build ``(train, eval)`` from the reasoning-gym task ``task``.

    Raises:
        RlvrError: reasoning-gym is not installed (the message gives the install command), or it rejects ``config``.
        UnknownIdError: ``task`` is not a reasoning-gym task (the message lists close matches).
    """
    check_counts(n_train=n_train, n_eval=n_eval)
    rg = load_reasoning_gym()
    known = sorted(rg.factory.DATASETS)
    if task not in known:
        raise UnknownIdError(f"Unknown reasoning-gym task {task!r}.{did_you_mean(task, known)} "
                             f"Available reasoning-gym tasks: {', '.join(known)}.")
    # Enough entries to fill both quotas in expectation, with room for repeats; a bigger size costs nothing for most
    # tasks, which generate entry i from seed + i on demand.
    size = int(1.5 * max(n_train * 100 / (100 - EVAL_PERCENT), n_eval * 100 / EVAL_PERCENT)) + 50
    config_json = json.dumps({**(config or {}), "seed": seed, "size": size}, sort_keys=True)
    try:
        dataset = procedural_dataset(task, config_json)
    except (TypeError, ValueError, AssertionError) as e:
        raise RlvrError(f"reasoning-gym rejects config {config!r} for task {task!r}: {e}") from e
    rows: dict[str, list[tuple[int, dict[str, Any]]]] = {"train": [], "eval": []}
    seen: set[str] = set()
    for index in tqdm(range(size), desc=f"reasoning_gym:{task}", unit="entry", leave=False):
        item = dataset[index]
        if item["question"] in seen:
            continue
        seen.add(item["question"])
        split = split_of(item["question"])
        if len(rows[split]) < (n_train if split == "train" else n_eval):
            rows[split].append((index, item))
        if len(rows["train"]) >= n_train and len(rows["eval"]) >= n_eval:
            break
    if not rows["train"] or not rows["eval"]:
        raise RlvrError(f"reasoning-gym task {task!r} gave {len(rows['train'])} train and {len(rows['eval'])} eval "
                        f"questions in {size} entries; widen its config.")
    if len(rows["train"]) < n_train or len(rows["eval"]) < n_eval:
        logger.warning("reasoning_gym:%s: only %d train / %d eval distinct questions in %d entries.",
                       task, len(rows["train"]), len(rows["eval"]), size)
    return (_dataset(task, config_json, rows["train"], template, chat),
            _dataset(task, config_json, rows["eval"], template, chat))


def _dataset(task: str, config_json: str, rows: list[tuple[int, dict[str, Any]]], template: str,
             chat: bool) -> Dataset:
    prompts = [template.format(question=item["question"]) for _, item in rows]
    answers = [None if item.get("answer") is None else str(item["answer"]) for _, item in rows]
    return Dataset.from_dict({
        "prompt": as_prompts(prompts, chat),
        "question": [item["question"] for _, item in rows],
        "answer": answers,
        "reference": [None if a is None else f"<answer>{a}</answer>" for a in answers],
        "rg_task": [task] * len(rows),
        "rg_config": [config_json] * len(rows),
        "rg_index": [index for index, _ in rows],
    })
