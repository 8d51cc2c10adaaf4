"""MBPP's reference solutions as cases: each row's ``code`` as the completion, its ``test_list`` and
``test_setup_code`` as the row (ids ``mbpp-reference/<task_id>``).

MBPP (Austin et al. 2021, "Program Synthesis with Large Language Models", CC-BY 4.0) is not shipped here: the file
comes from google-research's repository (see tests/data/mbpp/README.md); tests that need it skip without it.
"""

from __future__ import annotations

import gzip
import json
import os
from pathlib import Path
from typing import Any

from . import Case

DATA = Path(__file__).resolve().parents[3] / "data" / "mbpp"


def mbpp_file() -> Path | None:
    """Where MBPP's ``mbpp.jsonl`` is: ``$RLVR_MBPP_JSONL``, else tests/data/mbpp/mbpp.jsonl(.gz); None if nowhere."""
    candidates = [Path(os.environ["RLVR_MBPP_JSONL"])] if os.environ.get("RLVR_MBPP_JSONL") else []
    candidates += [DATA / "mbpp.jsonl", DATA / "mbpp.jsonl.gz"]
    return next((p for p in candidates if p.is_file()), None)


def load_mbpp(path: str | Path) -> list[dict[str, Any]]:
    """The rows of ``mbpp.jsonl`` (gzip-compressed if the name ends in ``.gz``)."""
    path = Path(path)
    raw = gzip.decompress(path.read_bytes()) if path.suffix == ".gz" else path.read_bytes()
    return [json.loads(line) for line in raw.decode("utf-8").splitlines() if line.strip()]


def mbpp_cases(rows: list[dict[str, Any]]) -> list[Case]:
    """One case per row: the reference ``code`` against the row's ``test_list`` and ``test_setup_code``."""
    cases = []
    for r in rows:
        row: dict[str, Any] = {"test_list": list(r["test_list"])}
        if r.get("test_setup_code"):
            row["test_setup_code"] = r["test_setup_code"]
        cases.append(Case(f"mbpp-reference/{r['task_id']}", r["code"], row))
    return cases
