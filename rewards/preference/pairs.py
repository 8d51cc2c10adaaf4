"""Preference pairs for the Bradley–Terry reward model: load them from a file or a hub id, or build them from an env.

Pairs are rows of ``prompt`` / ``chosen`` / ``rejected``, standard (strings) or conversational (lists of messages),
the format TRL's `RewardTrainer` reads. ``prompt`` may be absent (TRL's implicit-prompt format, where ``chosen`` and
``rejected`` hold the whole text).

The default pairs come from an env's train split, offline: the chosen completion is the env's reference answer, the
rejected one is a wrong answer, a malformed one, or both. Held-out pairs are built from other problems than the
training pairs, so held-out accuracy measures judging new problems, not remembering seen ones.

Limits: the default builder needs ``answer`` and ``reference`` columns with integer answers in ``\\boxed{}`` form
(the ``arithmetic`` env); other envs need pairs from ``--data``.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

from datasets import Dataset, DatasetDict, load_dataset, load_from_disk

from rewards.errors import MissingColumnError, RlvrError

REQUIRED_COLUMNS = ("chosen", "rejected")
# What the rejected completion of a default pair gets wrong, in the order pairs cycle through them.
DEFAULT_KINDS = ("wrong_answer", "malformed", "wrong_answer", "wrong_and_malformed")


def load_pairs(data: str, split: str = "train") -> Dataset:
    """Load preference pairs from a ``.jsonl``/``.json``/``.parquet`` file, a saved dataset directory or a hub id.

    Raises:
        RlvrError: the source cannot be read or holds no rows.
        MissingColumnError: ``chosen`` or ``rejected`` is missing.

    >>> import tempfile, os
    >>> path = os.path.join(tempfile.mkdtemp(), "pairs.jsonl")
    >>> _ = open(path, "w").write('{"prompt": "1+1=", "chosen": "2", "rejected": "3"}\\n')
    >>> load_pairs(path).column_names
    ['prompt', 'chosen', 'rejected']
    """
    path = Path(data)
    if not path.exists() and path.suffix.lower() in (".jsonl", ".json", ".parquet"):
        raise RlvrError(f"Preference data file {data!r} does not exist.")
    if path.is_file() and path.stat().st_size == 0:
        raise RlvrError(f"Preference data {data!r} is an empty file; "
                        "it needs rows with columns prompt, chosen, rejected.")
    try:
        if path.is_file():
            kind = {".jsonl": "json", ".json": "json", ".parquet": "parquet"}.get(path.suffix.lower())
            if kind is None:
                raise RlvrError(f"Preference data {data!r} has suffix {path.suffix!r}; use .jsonl, .json or .parquet.")
            dataset = load_dataset(kind, data_files=str(path), split="train")
        elif path.is_dir() and any((path / f).exists() for f in ("dataset_info.json", "dataset_dict.json")):
            dataset = load_from_disk(str(path))
        else:
            dataset = load_dataset(data, split=split)
    except RlvrError:
        raise
    except Exception as error:
        e = error.__cause__ or error  # datasets wraps the parse error that names the bad row in a generic one
        raise RlvrError(
            f"Cannot load preference data {data!r} (split {split!r}): {type(e).__name__}: {e}. Pass a .jsonl, .json or "
            ".parquet file, a directory saved with Dataset.save_to_disk, or a hub dataset id (needs network)."
        ) from e
    if isinstance(dataset, DatasetDict):
        if split not in dataset:
            raise RlvrError(f"Preference data {data!r} has splits {list(dataset)}, not {split!r}.")
        dataset = dataset[split]
    check_pairs(dataset, where=f"preference data {data!r}")
    return dataset


def check_pairs(dataset: Dataset, where: str = "the preference data") -> None:
    """Raise a clear error unless ``dataset`` has rows and the ``chosen`` and ``rejected`` columns."""
    missing = [c for c in REQUIRED_COLUMNS if c not in dataset.column_names]
    if missing:
        raise MissingColumnError(
            f"{where[0].upper()}{where[1:]} lacks column(s) {', '.join(map(repr, missing))}; columns present: "
            f"{', '.join(dataset.column_names) or 'none'}. Pairs need 'chosen' and 'rejected' (and usually 'prompt'), "
            "standard strings or conversational message lists, as TRL's RewardTrainer reads them."
        )
    if len(dataset) == 0:
        raise RlvrError(f"{where[0].upper()}{where[1:]} has no rows; "
                        "it needs at least one prompt/chosen/rejected pair.")


def split_pairs(dataset: Dataset, heldout_fraction: float, seed: int = 0) -> tuple[Dataset, Dataset]:
    """Split pairs into (train, held-out) by prompt, so no prompt has pairs on both sides.

    Without a ``prompt`` column each row is its own group.
    """
    if not 0 < heldout_fraction < 1:
        raise RlvrError(f"heldout_fraction must be between 0 and 1, got {heldout_fraction}.")
    keys = dataset["prompt"] if "prompt" in dataset.column_names else range(len(dataset))
    heldout = [_bucket(key, seed) < heldout_fraction for key in keys]
    train_rows = [i for i, h in enumerate(heldout) if not h]
    heldout_rows = [i for i, h in enumerate(heldout) if h]
    if not train_rows or not heldout_rows:
        raise RlvrError(
            f"Splitting {len(dataset)} pairs with heldout_fraction={heldout_fraction} left "
            f"{len(train_rows)} for training and {len(heldout_rows)} held out; both need at least one pair "
            "(give more pairs, more distinct prompts, or another fraction)."
        )
    return dataset.select(train_rows), dataset.select(heldout_rows)


def _bucket(key: Any, seed: int) -> float:
    blob = json.dumps([seed, key], sort_keys=True, default=str).encode()
    return int.from_bytes(hashlib.sha256(blob).digest()[:8], "big") / 2**64


def env_pairs(env: Any, pairs_per_problem: int = 2, heldout_problems: int = 250, seed: int = 0,
              policy_wrong: list[list[Any]] | None = None) -> tuple[Dataset, Dataset]:
    """Default (train, held-out) pairs from ``env``'s train split: reference answers beat wrong or malformed ones.

    The last ``heldout_problems`` problems of the train split give the held-out pairs; the rest give the training
    pairs. Each pair records its ``kind`` (``wrong_answer``, ``malformed``, ``wrong_and_malformed``).
    ``policy_wrong`` (one list per train problem) adds a pair against each of the policy's own failed completions
    (kind ``policy_wrong``): the mistakes GRPO will explore first.

    Raises:
        RlvrError: the env lacks integer ``answer`` or ``reference`` columns, or has too few problems.
    """
    train = env.train
    for column in ("prompt", "answer", "reference"):
        if column not in train.column_names:
            raise RlvrError(
                f"Env {env.id!r} has no {column!r} column, so default preference pairs cannot be built from it; "
                "pass pairs with --data."
            )
    if len(train) <= heldout_problems:
        raise RlvrError(f"Env {env.id!r} has {len(train)} train problems; building default pairs needs more than "
                        f"heldout_problems={heldout_problems}.")
    cut = len(train) - heldout_problems
    rng = random.Random(seed)
    built = [_problem_pairs(train[i], pairs_per_problem, rng) for i in range(len(train))]
    for i, wrong in enumerate(policy_wrong or []):
        built[i] += [{"prompt": train[i]["prompt"], "chosen": _as_completion(train[i]["prompt"], train[i]["reference"]),
                      "rejected": _as_completion(train[i]["prompt"], w), "kind": "policy_wrong"} for w in wrong]
    return _to_dataset(built[:cut]), _to_dataset(built[cut:])


def _problem_pairs(row: dict[str, Any], n: int, rng: random.Random) -> list[dict[str, Any]]:
    try:
        answer = int(row["answer"])
    except ValueError as e:
        raise RlvrError(f"Default preference pairs need integer answers; got {row['answer']!r}. Pass --data.") from e
    start = rng.randrange(len(DEFAULT_KINDS))
    pairs = []
    for j in range(n):
        kind = DEFAULT_KINDS[(start + j) % len(DEFAULT_KINDS)]
        value = wrong_answer(answer, rng) if kind != "malformed" else answer
        rejected = malformed(value, rng) if kind != "wrong_answer" else f"\\boxed{{{value}}}"
        pairs.append({"prompt": row["prompt"], "chosen": _as_completion(row["prompt"], row["reference"]),
                      "rejected": _as_completion(row["prompt"], rejected), "kind": kind})
    return pairs


def wrong_answer(answer: int, rng: random.Random) -> int:
    """A plausible wrong integer: off by a little, a slipped carry, one digit changed, or a random number.

    >>> import random
    >>> all(wrong_answer(85, random.Random(s)) != 85 for s in range(200))
    True
    """
    while True:
        how = rng.randrange(4)
        if how == 0:
            value = answer + rng.choice((-3, -2, -1, 1, 2, 3))
        elif how == 1:
            value = answer + rng.choice((-100, -10, 10, 100))
        elif how == 2:
            digits = list(str(abs(answer)))
            i = rng.randrange(len(digits))
            digits[i] = str(rng.randrange(10))
            value = int("".join(digits)) * (-1 if answer < 0 else 1)
        else:
            value = rng.randint(min(0, 2 * answer), max(10, 2 * answer))
        if value != answer:
            return value


def malformed(value: int, rng: random.Random) -> str:
    """``value`` written without the ``\\boxed{}`` format the env asks for.

    >>> import random
    >>> malformed(85, random.Random(0)) != "\\\\boxed{85}"
    True
    """
    forms = (f"{value}", f"\\boxed{{{value}", f"boxed{{{value}}}", "\\boxed{}", f"{value}}}", f"{{{value}}}")
    return rng.choice(forms)


def _as_completion(prompt: Any, text: str) -> Any:
    # Conversational prompts get conversational completions, the shape TRL passes to rewards for them.
    return text if isinstance(prompt, str) else [{"role": "assistant", "content": text}]


def _to_dataset(groups: list[list[dict[str, Any]]]) -> Dataset:
    rows = [pair for group in groups for pair in group]
    return Dataset.from_list(rows)
