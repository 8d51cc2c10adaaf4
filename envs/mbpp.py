"""``mbpp``: Mostly Basic Python Problems (Austin et al., 2021), from the hub or from a local file.

Rows hold ``prompt`` (the paper's prompt: the task text and the first ``shown_tests`` asserts, which name the function
to write), ``test_list`` (every assert, each one test for ``code_tests``), ``test_setup_code``, ``task_id`` and the
reference solution as ``reference``. Showing fewer asserts than are scored keeps a policy from passing by
hard-coding the answers it was shown.

Sources: ``dataset_file`` (the original ``mbpp.jsonl`` or the sanitized ``sanitized-mbpp.json``), split by task id
as in the paper (train 601-974, test 11-510); otherwise ``datasets.load_dataset`` of ``hub_id`` (needs the hub).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from datasets import Dataset

from envs.prompts import as_prompts
from envs.sources import check_file
from rewards.errors import RlvrError

HUB_ID = "google-research-datasets/mbpp"
TEMPLATE = ("You are an expert Python programmer, and here is your task: {text} "
            "Your code should pass these tests:\n\n{tests}\n")
SPLIT_IDS = {"train": range(601, 975), "test": range(11, 511), "validation": range(511, 601), "prompt": range(1, 11)}


def build(dataset_file: str | None = None, config: str = "full", hub_id: str = HUB_ID, shown_tests: int = 1,
          template: str = TEMPLATE, chat: bool = False, train_split: str = "train",
          eval_split: str = "test") -> tuple[Dataset, Dataset]:
    """Build ``(train, eval)`` with columns prompt, test_list, test_setup_code, task_id, reference."""
    if shown_tests < 0:
        raise ValueError(f"shown_tests must be >= 0, got {shown_tests}")
    for split in (train_split, eval_split):
        if split not in SPLIT_IDS:
            raise ValueError(f"Unknown MBPP split {split!r}; choose from {sorted(SPLIT_IDS)}.")
    if dataset_file is not None:
        rows = load_file(dataset_file)
        splits = {name: [r for r in rows if int(r["task_id"]) in SPLIT_IDS[name]] for name in SPLIT_IDS}
    else:
        splits = {name: _load_hub(hub_id, config, name) for name in (train_split, eval_split)}
    for name in (train_split, eval_split):
        if not splits[name]:
            raise RlvrError(f"MBPP split {name!r} is empty: no task ids in {SPLIT_IDS[name].start}-"
                            f"{SPLIT_IDS[name].stop - 1} in {dataset_file or hub_id}.")
    return (_dataset(splits[train_split], shown_tests, template, chat),
            _dataset(splits[eval_split], shown_tests, template, chat))


def load_file(path: str | Path) -> list[dict[str, Any]]:
    """MBPP rows from a ``.jsonl`` (one problem a line) or ``.json`` (a list of problems) file."""
    path = Path(path)
    check_file(path, "MBPP dataset_file")
    text = path.read_text()
    try:
        rows = json.loads(text) if path.suffix == ".json" else [json.loads(line) for line in text.splitlines()
                                                                 if line.strip()]
    except json.JSONDecodeError as e:
        raise RlvrError(f"MBPP dataset_file {str(path)!r} is not valid JSON{'' if path.suffix == '.json' else ' Lines'}"
                        f" ({e}); pass the original mbpp.jsonl or sanitized-mbpp.json.") from e
    if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
        raise RlvrError(f"MBPP dataset_file {str(path)!r} must hold a list of problem objects.")
    missing = sorted({k for r in rows for k in ("task_id", "code", "test_list") if k not in r})
    if missing:
        raise RlvrError(f"{path} does not look like MBPP: its rows lack {missing}.")
    return rows


def _load_hub(hub_id: str, config: str, split: str) -> list[dict[str, Any]]:
    from datasets import load_dataset

    try:
        return list(load_dataset(hub_id, config, split=split))
    except Exception as e:
        raise RlvrError(f"Could not load MBPP {hub_id!r} ({config}, {split}) from the hub: {e}. Offline, download "
                        "mbpp.jsonl once and pass dataset_file=...") from e


def _dataset(rows: list[dict[str, Any]], shown_tests: int, template: str, chat: bool) -> Dataset:
    texts = [r.get("text") or r.get("prompt") or "" for r in rows]
    prompts = [template.format(text=t, tests="\n".join(r["test_list"][:shown_tests]))
               for t, r in zip(texts, rows, strict=True)]
    return Dataset.from_dict({
        "prompt": as_prompts(prompts, chat),
        "test_list": [list(r["test_list"]) for r in rows],
        "test_setup_code": [r.get("test_setup_code") or "\n".join(r.get("test_imports") or []) for r in rows],
        "task_id": [int(r["task_id"]) for r in rows],
        "reference": [r["code"] for r in rows],
    })
