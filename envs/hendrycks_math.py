"""``math``: competition problems from Hendrycks MATH, judged by ``math_exact``;
the gold is the solution's ``\\boxed{}``.

Online: train is EleutherAI/hendrycks_math (all seven subjects, ``train`` split) and eval is MATH-500
(HuggingFaceH4/MATH-500, a subset of MATH's test split, so disjoint from train). Offline: ``dataset_file`` (JSONL or
Parquet with ``problem`` and ``solution``, as in either hub dataset; an ``answer`` column, as MATH-500 has, is used
when present) is cut into train and eval by a hash of the problem, or ``eval_file`` gives the eval rows.
``levels`` keeps only some difficulty levels (1-5).

    python train.py --env math --env_kwargs dataset_file=math_train.jsonl levels=[1,2] chat=true --model <chat model>
"""

from __future__ import annotations

import logging
import re

from datasets import Dataset

from envs.prompts import BOXED_TEMPLATE, prompts_for
from envs.sources import check_counts, head, load_hub, local_splits
from rewards.math import check_golds, gold_answer

logger = logging.getLogger(__name__)

TRAIN_HUB_ID = "EleutherAI/hendrycks_math"
SUBJECTS = ("algebra", "counting_and_probability", "geometry", "intermediate_algebra", "number_theory", "prealgebra",
            "precalculus")
EVAL_HUB_ID = "HuggingFaceH4/MATH-500"
COLUMNS = ("problem", "solution")


def build(dataset_file: str | None = None, eval_file: str | None = None, train_hub_id: str = TRAIN_HUB_ID,
          subjects: tuple[str, ...] | list[str] = SUBJECTS, eval_hub_id: str = EVAL_HUB_ID,
          levels: list[int] | None = None, n_train: int | None = None, n_eval: int | None = None,
          eval_percent: int = 10, template: str = BOXED_TEMPLATE, chat: bool = False, seed: int = 0,
          check: bool = True) -> tuple[Dataset, Dataset]:
    """Build ``(train, eval)`` with columns ``prompt``, ``question``, ``answer`` (gold), ``solution``, ``level``,
    ``subject`` and ``reference``.

    Args:
        dataset_file: a local copy in the hub's format; without it the hub is used.
        eval_file: local eval rows; without it ``dataset_file`` is split by ``eval_percent``.
        levels: keep only these difficulty levels (``None``: all).
        template: the prompt, with ``{question}``; the default asks for a ``\\boxed{}`` answer.
        chat: build conversational prompts (a list with one user message) for chat models.
        check: parse every gold once and log the ones math_exact cannot use (their rows score None).
    """
    check_counts(n_train=n_train, n_eval=n_eval)
    if dataset_file:
        train, eval_ = local_splits(dataset_file, eval_file, COLUMNS, "problem", eval_percent)
    else:
        train = load_hub(train_hub_id, tuple(subjects), "train", COLUMNS)
        eval_ = load_hub(eval_hub_id, (None,), "test", COLUMNS)
    out = []
    for data, n in ((train, n_train), (eval_, n_eval)):
        ds = _rows(data)
        if levels is not None:
            ds = ds.filter(lambda row: row["level"] in set(levels))
        ds = head(ds, n, seed)
        ds = ds.add_column("prompt", prompts_for(ds["question"], template, chat))
        out.append(ds)
    if check:  # one pass over both splits: a worker pool starts once
        check_golds(list(out[0]["answer"]) + list(out[1]["answer"]), where="math (train + eval)",
                    labels=list(out[0]["question"]) + list(out[1]["question"]))
    return out[0], out[1]


def _rows(data: Dataset) -> Dataset:
    solutions = [str(s) for s in data["solution"]]
    given = data["answer"] if "answer" in data.column_names else [None] * len(data)
    golds = [str(a).strip() if a not in (None, "") else (gold_answer(s) or "") for a, s in zip(given, solutions)]
    subject = data["subject"] if "subject" in data.column_names else (
        data["type"] if "type" in data.column_names else [""] * len(data))
    return Dataset.from_dict({
        "question": list(data["problem"]),
        "answer": golds,
        "solution": solutions,
        "level": [_level(x) for x in (data["level"] if "level" in data.column_names else [None] * len(data))],
        "subject": [str(s) for s in subject],
        "reference": solutions,
    })


def _level(value: object) -> int:
    """``3`` from ``3`` or ``"Level 3"``; 0 when unknown (MATH has a few ``"Level ?"`` rows)."""
    m = re.search(r"\d", str(value))
    return int(m.group()) if m else 0
