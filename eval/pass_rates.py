"""Offline pass-rate filtering: sample n completions per *training* problem with a policy, keep the problems whose
pass rate lies in a range, and train on those (the offline filter of open-r1 and verl's difficulty pools).

    python -m eval filter --env gsm8k --env-kwargs dataset_file=gsm8k.jsonl --model M --n 8 --keep "(0,1)" --out DIR
    python train.py --env gsm8k --env_kwargs dataset_file=gsm8k.jsonl --model M --train_filter DIR/filter.json

A problem a policy always solves, or never does, gives GRPO zero-std groups; ``(0,1)`` keeps the rest. Sampling goes
through the eval harness and its resumable cache (``DIR/cache/``). ``DIR/filter.json`` holds the range, every
problem's pass rate (by prompt key), counts and provenance; ``DIR/kept.jsonl`` the kept rows with their pass rate.
`filter_train` picks the kept rows out of any env's train split by prompt key, procedural or loaded.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from datasets import Dataset

from envs.sources import check_file
from eval.cache import prompt_key
from eval.provenance import write_json_atomic
from rewards.errors import OptionError, RlvrError

FILTER_FILE, KEPT_FILE = "filter.json", "kept.jsonl"
_RANGE = re.compile(r"^\s*([\[(])\s*([0-9.]+)\s*,\s*([0-9.]+)\s*([\])])\s*$")


@dataclass(frozen=True)
class PassRange:
    """An interval of pass rates in interval notation: ``(0,1)`` excludes both ends, ``[0.1,0.9]`` includes them."""

    low: float
    high: float
    low_open: bool = True
    high_open: bool = True

    def __contains__(self, rate: float) -> bool:
        above = rate > self.low if self.low_open else rate >= self.low
        below = rate < self.high if self.high_open else rate <= self.high
        return above and below

    def __str__(self) -> str:
        return f"{'(' if self.low_open else '['}{self.low:g},{self.high:g}{')' if self.high_open else ']'}"


def parse_range(text: str) -> PassRange:
    """A `PassRange` from ``"(0,1)"``, ``"[0.1,0.9]"``, ``"(0,1]"`` ...

    >>> 0.5 in parse_range("(0,1)") and 1.0 not in parse_range("(0,1)") and 1.0 in parse_range("[0.5,1]")
    True
    """
    found = _RANGE.match(text)
    if found is None:
        raise OptionError(f"--keep takes a pass-rate interval such as '(0,1)' (excluding all-wrong and all-right "
                          f"problems) or '[0.1,0.9]' (brackets include the end), got {text!r}.")
    low, high = float(found[2]), float(found[3])
    if not 0 <= low <= high <= 1:
        raise OptionError(f"--keep {text!r}: need 0 <= low <= high <= 1.")
    return PassRange(low, high, found[1] == "(", found[4] == ")")


def write_filter(result: dict[str, Any], train: Dataset, keep: PassRange, out: str | Path) -> dict[str, Any]:
    """Write ``filter.json`` and ``kept.jsonl`` from an eval ``result`` of the env's ``train`` split; returns the
    filter record."""
    rows = result["per_prompt"]
    if len(rows) != len(train):
        train = train.select(range(len(rows)))  # an eval --limit scored only the first rows
    # A problem none of whose samples the judge could score (all unscorable) has no rate: it is not kept.
    rates = [r["correct"] / r["n"] if r["n"] else None for r in rows]
    kept = [i for i, rate in enumerate(rates) if rate is not None and rate in keep]
    counts = {"problems": len(rows), "kept": len(kept), "all_wrong": sum(r == 0 for r in rates),
              "all_right": sum(r == 1 for r in rates), "unrated": sum(r is None for r in rates)}
    record = {
        "keep": str(keep), "counts": counts, "env": result["provenance"]["env"],
        "n_samples": result["n_samples"], "provenance": result["provenance"],
        "problems": [{"key": r["key"], "pass_rate": rate, "kept": rate is not None and rate in keep}
                     for r, rate in zip(rows, rates)],
    }
    out = Path(out)
    write_json_atomic(out / FILTER_FILE, record)
    with (out / KEPT_FILE).open("w") as f:
        for i in kept:
            f.write(json.dumps({**train[i], "pass_rate": rates[i]}, default=str) + "\n")
    return record


def filter_train(train: Dataset, env_id: str, path: str | Path) -> tuple[Dataset, dict[str, Any]]:
    """The rows of ``train`` that the filter at ``path`` (a ``filter.json`` or its folder) kept, and a summary.

    Raises:
        RlvrError: the file is missing or not a filter, was made for another env, or keeps none of these rows.
    """
    path = Path(path)
    path = path / FILTER_FILE if path.is_dir() else path
    check_file(path, "--train_filter file")
    try:
        record = json.loads(path.read_text())
        kept = {p["key"] for p in record["problems"] if p["kept"]}
        made_for = record["env"]["id"]
    except (json.JSONDecodeError, KeyError, TypeError) as e:
        raise RlvrError(f"--train_filter {str(path)!r} is not a filter written by `python -m eval filter` "
                        f"({type(e).__name__}: {e}).") from e
    if made_for != env_id:
        raise RlvrError(f"--train_filter {str(path)!r} was made for env {made_for!r}, not {env_id!r}; run "
                        f"`python -m eval filter --env {env_id} ...` first.")
    keys = [prompt_key(p) for p in train["prompt"]]
    rows = [i for i, key in enumerate(keys) if key in kept]
    if not rows:
        raise RlvrError(f"--train_filter {str(path)!r} keeps {len(kept)} problems, none of them in this run's train "
                        "split (other env kwargs?); filter with the same --env_kwargs as training.")
    summary = {"path": str(path), "keep": record.get("keep"), "kept": len(rows), "of": len(train),
               "missing": len(kept - {keys[i] for i in rows})}
    return train.select(rows), summary
