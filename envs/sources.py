"""Where an env's rows come from: a local JSONL/Parquet file, or a dataset on the Hugging Face hub.

`load_file` reads a local copy (no network); `load_hub` calls `datasets.load_dataset` (needs the hub, or its cache
with ``HF_DATASETS_OFFLINE=1``). `hash_split` cuts one file into train and eval by a hash of each problem's text, so
the split is the same for every seed and size and never leaks a problem across splits.

Limits: files are read whole into memory; only ``.jsonl``/``.json`` and ``.parquet`` are recognised.
"""

from __future__ import annotations

import hashlib
import logging
from pathlib import Path

from datasets import Dataset, concatenate_datasets, load_dataset

from rewards.errors import RlvrError

logger = logging.getLogger(__name__)

_FORMATS = {".jsonl": "json", ".json": "json", ".parquet": "parquet"}


def load_file(path: str | Path, required: tuple[str, ...]) -> Dataset:
    """A local JSONL/JSON/Parquet file as a `Dataset`; raises `RlvrError` if it is missing or lacks ``required``
    columns.

    >>> load_file("missing.jsonl", ("question",))
    Traceback (most recent call last):
    ...
    rewards.errors.RlvrError: Dataset file 'missing.jsonl' does not exist.
    """
    path = Path(path)
    check_file(path, "Dataset file")
    kind = _FORMATS.get(path.suffix.lower())
    if kind is None:
        raise RlvrError(f"Dataset file {str(path)!r} has suffix {path.suffix!r}; use one of {', '.join(_FORMATS)}.")
    try:
        data = load_dataset(kind, data_files=str(path), split="train")
    except Exception as e:  # datasets' errors name neither the file nor what it should hold
        cause = e.__cause__ or e.__context__ or e
        raise RlvrError(f"Cannot read dataset file {str(path)!r} as {kind}: {type(cause).__name__}: {cause}. It "
                        f"needs one record per row with the columns {list(required)}.") from e
    _require(data, required, repr(str(path)))
    return data


def check_file(path: str | Path, what: str) -> None:
    """Raise `RlvrError` unless ``path`` is a non-empty file (naming a directory or a missing path as such)."""
    path = Path(path)
    if path.is_dir():
        raise RlvrError(f"{what} {str(path)!r} is a directory; pass the file inside it.")
    if not path.is_file():
        raise RlvrError(f"{what} {str(path)!r} does not exist.")
    if path.stat().st_size == 0:
        raise RlvrError(f"{what} {str(path)!r} is empty.")


def check_counts(**counts: int | None) -> None:
    """Raise `ValueError` for a negative row count, which would silently build an empty split.

    >>> check_counts(n_train=-1)
    Traceback (most recent call last):
    ...
    ValueError: n_train must be >= 0 (None: all rows), got -1
    """
    for name, n in counts.items():
        if n is not None and n < 0:
            raise ValueError(f"{name} must be >= 0 (None: all rows), got {n}")


def load_hub(hub_id: str, configs: tuple[str | None, ...], split: str, required: tuple[str, ...]) -> Dataset:
    """``split`` of ``hub_id`` (every config in ``configs`` concatenated) through `datasets.load_dataset`."""
    try:
        parts = [load_dataset(hub_id, config, split=split) for config in configs]
    except Exception as e:  # network, auth, unknown id: name what was asked and how to work offline
        raise RlvrError(
            f"Cannot load {hub_id!r} (configs {list(configs)}, split {split!r}) from the hub: {e}. "
            "Offline, pass dataset_file=<local .jsonl or .parquet in the same format>.") from e
    data = concatenate_datasets(parts) if len(parts) > 1 else parts[0]
    _require(data, required, f"{hub_id!r} split {split!r}")
    return data


def local_splits(dataset_file: str | Path, eval_file: str | Path | None, required: tuple[str, ...], key: str,
                 eval_percent: int) -> tuple[Dataset, Dataset]:
    """``(train, eval)`` from local copies in the hub's format: ``eval_file`` as the eval split when given, else
    ``dataset_file`` split by a hash of its ``key`` column (so the split is stable across runs and row orders)."""
    data = load_file(dataset_file, required)
    return (data, load_file(eval_file, required)) if eval_file else hash_split(data, key, eval_percent)


def hash_split(data: Dataset, key: str, eval_percent: int) -> tuple[Dataset, Dataset]:
    """Split ``data`` into (train, eval): a row is eval when the hash of its ``key`` falls in the first percent."""
    is_eval = [bucket(str(text)) < eval_percent for text in data[key]]
    train = [i for i, e in enumerate(is_eval) if not e]
    held = [i for i, e in enumerate(is_eval) if e]
    return data.select(train), data.select(held)


def head(data: Dataset, n: int | None, seed: int) -> Dataset:
    """At most ``n`` rows of ``data``, a seeded shuffle first (all rows, unshuffled, when ``n`` is None)."""
    if n is None or n >= len(data):
        return data
    return data.shuffle(seed=seed).select(range(n))


def bucket(key: str) -> int:
    """A stable bucket 0..99 for ``key`` (sha256): the same key lands in the same split on every machine.

    >>> bucket("HumanEval/0") == bucket("HumanEval/0") and 0 <= bucket("x") < 100
    True
    """
    return int.from_bytes(hashlib.sha256(key.encode()).digest()[:4], "big") % 100


def _require(data: Dataset, required: tuple[str, ...], where: str) -> None:
    missing = [c for c in required if c not in data.column_names]
    if missing:
        raise RlvrError(f"Dataset {where} lacks column(s) {missing}; it has {data.column_names}. "
                        f"Expected the columns {list(required)}.")
