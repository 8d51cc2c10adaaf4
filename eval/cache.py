"""An append-only JSONL cache of generated completions, so an interrupted eval resumes where it stopped.

Line 1 is a header holding the run's signature (model fingerprint, env fingerprint, sampling parameters, seed); each
later line is one generated chunk: its kind (``sample`` or ``greedy``), problem indices, prompt keys, texts and token
ids. A chunk is written with a single ``write`` and fsynced, so a kill leaves at most one torn last line, which
loading drops: that chunk is generated again, no completed chunk ever is. Limit: one writer per file (no locking).
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from rewards.errors import RlvrError

logger = logging.getLogger(__name__)


def signature_hash(signature: Mapping[str, Any]) -> str:
    """A short stable hash of a run signature, used to name its cache file."""
    return hashlib.sha256(json.dumps(signature, sort_keys=True, default=str).encode()).hexdigest()[:16]


def prompt_key(prompt: Any) -> str:
    """A short stable hash of one prompt (text or chat messages), pairing problems across files."""
    return hashlib.sha256(json.dumps(prompt, sort_keys=True, default=str).encode()).hexdigest()[:16]


class CompletionCache:
    """Completions already generated for one run signature, read from and appended to ``path``."""

    def __init__(self, path: str | Path, signature: Mapping[str, Any]) -> None:
        self.path = Path(path)
        self.signature = json.loads(json.dumps(signature, sort_keys=True, default=str))
        self.records: dict[tuple[str, int], tuple[str, list[str], list[list[int]]]] = {}
        self.path.parent.mkdir(parents=True, exist_ok=True)
        if self.path.exists() and self.path.stat().st_size:
            self._load()
        else:
            self._append({"header": self.signature})

    def get(self, kind: str, index: int, key: str) -> tuple[list[str], list[list[int]]] | None:
        """The cached completions of problem ``index`` (texts, ids), or ``None`` if not generated yet."""
        found = self.records.get((kind, index))
        if found is None:
            return None
        if found[0] != key:
            raise RlvrError(f"Cache {self.path} holds a different prompt for problem {index} than the dataset does "
                            f"(key {found[0]} vs {key}); the eval set changed under the same signature. "
                            "Delete the cache file to start over.")
        return found[1], found[2]

    def add(self, kind: str, indices: Sequence[int], keys: Sequence[str], texts: Sequence[list[str]],
            ids: Sequence[list[list[int]]]) -> None:
        """Append one generated chunk (durably) and remember it."""
        self._append({"kind": kind, "indices": list(indices), "keys": list(keys), "texts": list(texts),
                      "ids": list(ids)})
        for i, key, t, c in zip(indices, keys, texts, ids, strict=True):
            self.records[(kind, i)] = (key, t, c)

    def count(self, kind: str) -> int:
        """How many problems of ``kind`` are cached."""
        return sum(1 for k, _ in self.records if k == kind)

    def _append(self, record: Mapping[str, Any]) -> None:
        line = (json.dumps(record, separators=(",", ":")) + "\n").encode()
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        try:
            os.write(fd, line)
            os.fsync(fd)
        finally:
            os.close(fd)

    def _load(self) -> None:
        raw = self.path.read_bytes()
        lines = raw.split(b"\n")
        if not raw.endswith(b"\n"):  # a kill mid-write: drop the torn line and cut it off the file
            logger.info("Dropping a torn last line of %s (%d bytes)", self.path, len(lines[-1]))
            with open(self.path, "r+b") as f:
                f.truncate(len(raw) - len(lines[-1]))
        complete = [json.loads(line) for line in lines[:-1] if line.strip()]
        if not complete or "header" not in complete[0]:
            raise RlvrError(f"{self.path} is not a completion cache (no header line); delete it or pick another path.")
        if complete[0]["header"] != self.signature:
            raise RlvrError(f"Cache {self.path} was written for another run (model, env, sampling or seed differ): "
                            f"{_diff(complete[0]['header'], self.signature)}. Delete it or pick another cache path.")
        for rec in complete[1:]:
            for i, key, t, c in zip(rec["indices"], rec["keys"], rec["texts"], rec["ids"], strict=True):
                self.records[(rec["kind"], i)] = (key, t, c)
        logger.info("Resuming from %s: %d cached problems", self.path, len(self.records))


def _diff(old: Mapping[str, Any], new: Mapping[str, Any]) -> str:
    keys = sorted(k for k in set(old) | set(new) if old.get(k) != new.get(k))
    return ", ".join(f"{k}: {old.get(k)!r} -> {new.get(k)!r}" for k in keys)
