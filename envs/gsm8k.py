"""``gsm8k``: grade-school word problems (openai/gsm8k, config ``main``), judged by ``math_exact``.

Rows keep the source's ``question``; ``answer`` becomes the gold number after ``####`` and ``solution`` keeps the
worked answer. Online: train is the hub's ``train`` split, eval its ``test`` split. Offline: ``dataset_file`` (a
JSONL/Parquet file with ``question`` and ``answer`` in the hub's format) is cut into train and eval by a hash of the
question (``eval_percent``), or ``eval_file`` gives the eval rows.

    python train.py --env gsm8k --env_kwargs dataset_file=gsm8k_train.jsonl chat=true --model Qwen/Qwen2.5-0.5B-Instruct
"""

from __future__ import annotations

import logging

from datasets import Dataset

from envs.prompts import BOXED_TEMPLATE, prompts_for
from envs.sources import check_counts, head, load_hub, local_splits
from rewards.math import check_golds, gold_answer

logger = logging.getLogger(__name__)

HUB_ID = "openai/gsm8k"
COLUMNS = ("question", "answer")


def build(dataset_file: str | None = None, eval_file: str | None = None, hub_id: str = HUB_ID,
          hub_config: str = "main", n_train: int | None = None, n_eval: int | None = None, eval_percent: int = 10,
          template: str = BOXED_TEMPLATE, chat: bool = False, seed: int = 0,
          check: bool = True) -> tuple[Dataset, Dataset]:
    """Build ``(train, eval)`` with columns ``prompt``, ``question``, ``answer`` (gold), ``solution``, ``reference``.

    Args:
        dataset_file: a local copy in the hub's format; without it the hub is used.
        eval_file: local eval rows; without it ``dataset_file`` is split by ``eval_percent``.
        template: the prompt, with ``{question}``; the default asks for a ``\\boxed{}`` answer.
        chat: build conversational prompts (a list with one user message) for chat models.
        check: parse every gold once and log the ones math_exact cannot use (their rows score None).
    """
    check_counts(n_train=n_train, n_eval=n_eval)
    if dataset_file:
        train, eval_ = local_splits(dataset_file, eval_file, COLUMNS, "question", eval_percent)
    else:
        train, eval_ = (load_hub(hub_id, (hub_config,), split, COLUMNS) for split in ("train", "test"))
    out = []
    for data, n in ((train, n_train), (eval_, n_eval)):
        ds = _rows(head(data, n, seed), template, chat)
        out.append(ds)
    if check:  # one pass over both splits: a worker pool starts once
        check_golds(list(out[0]["answer"]) + list(out[1]["answer"]), where="gsm8k (train + eval)",
                    labels=list(out[0]["question"]) + list(out[1]["question"]))
    return out[0], out[1]


def _rows(data: Dataset, template: str, chat: bool) -> Dataset:
    solutions = [str(a) for a in data["answer"]]
    golds = [(gold_answer(s.rsplit("####", 1)[1]) if "####" in s else None) or "" for s in solutions]
    work = [s.rsplit("####", 1)[0].strip() for s in solutions]
    return Dataset.from_dict({
        "prompt": prompts_for(data["question"], template, chat),
        "question": list(data["question"]),
        "answer": [g.replace(",", "") for g in golds],
        "solution": solutions,
        "reference": [f"{w}\nThe answer is $\\boxed{{{g}}}$." for w, g in zip(work, golds)],
    })
