"""math_exact against the field's graders: tests/data/math_agreement.jsonl, one row per (gold, completion).

Each row says what a careful grader pays (``peer``) and where the row comes from (``source``): the kind of case a
public grader's test suite checks (math-verify, PRM800K, Hendrycks MATH / lm-eval minerva, Qwen2.5-Math), written in
our own rows, or the kind of model output (GSM8K chat, MATH boxed, R1 reasoning tags, Minerva prose). Rows where we
differ on purpose carry ``ours`` and ``why`` (hedges, contradictions, exact decimals, unclosed boxes or reasoning);
every other row must agree.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import rewards

ROWS = [json.loads(line) for line in (Path(__file__).parents[2] / "data" / "math_agreement.jsonl").open()]
MIN_AGREEMENT = 0.97


@pytest.fixture(scope="module")
def scores():
    math_exact = rewards.get("math_exact", deadline=5.0)
    return math_exact(completions=[r["completion"] for r in ROWS], answer=[r["gold"] for r in ROWS])


def test_the_table_is_several_hundred_sourced_rows():
    assert len(ROWS) >= 400
    assert all(r["source"] and r["peer"] in (0.0, 1.0) for r in ROWS)
    assert all(r["why"] for r in ROWS if "ours" in r)  # every deliberate difference says why
    assert sum(r["peer"] == 0.0 for r in ROWS) >= len(ROWS) // 5  # wrong answers too, not only equivalences


def test_every_row_scores_as_recorded(scores):
    expected = [r.get("ours", r["peer"]) for r in ROWS]
    off = [(r["gold"], r["completion"][-60:], s, e) for r, s, e in zip(ROWS, scores, expected) if s != e]
    assert not off, f"{len(off)} rows score otherwise than recorded: {off[:10]}"


def test_agreement_and_no_wrong_answer_paid(scores):
    agree = sum(s == r["peer"] for r, s in zip(ROWS, scores))
    assert agree / len(ROWS) >= MIN_AGREEMENT, f"agreement {agree}/{len(ROWS)}"
    paid_wrong = [r["completion"][-60:] for r, s in zip(ROWS, scores) if s == 1.0 and r["peer"] == 0.0]
    assert not paid_wrong
