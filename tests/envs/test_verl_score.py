"""envs/verl_score.py called as verl calls a custom reward: the file loaded by path (``custom_reward_function.path``
and ``.name``), ``compute_score`` called per response with keyword arguments ``data_source``, ``solution_str``,
``ground_truth`` (the row's ``reward_model.ground_truth``) and ``extra_info`` (which holds ``index`` and ``split``)."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

import envs
import envs.verl_score
from envs.humaneval import wrong_solution
from rewards import UnknownIdError


def _load_like_verl(name: str = "compute_score"):
    path = Path(envs.verl_score.__file__)
    spec = importlib.util.spec_from_file_location("custom_module", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return getattr(module, name)


def _naive_manager(compute_score, rows, responses, **reward_kwargs):
    """What verl's per-response reward manager does with a row: the score, and each extra key logged beside it."""
    scores, extra = [], {}
    for row, response in zip(rows, responses, strict=True):
        result = compute_score(data_source=row["data_source"], solution_str=response,
                               ground_truth=row["reward_model"]["ground_truth"], extra_info=row["extra_info"],
                               **reward_kwargs)
        scores.append(result["score"] if isinstance(result, dict) else result)
        for key, value in (result.items() if isinstance(result, dict) else ()):
            extra.setdefault(key, []).append(value)
    return scores, extra


def test_math_rows_route_to_the_envs_reward():
    rows = [{"data_source": "gsm8k", "reward_model": {"ground_truth": "72"},
             "extra_info": {"index": i, "split": "train"}} for i in range(3)]
    responses = ["... so she sold \\boxed{72} clips", "The answer is \\boxed{48}", "I cannot tell"]
    scores, extra = _naive_manager(_load_like_verl(), rows, responses)
    assert scores == [1.0, 0.0, 0.0]
    assert extra["status"] == ["correct", "wrong", "unparsed"]


def test_humaneval_rows_score_canonical_and_wrong_solutions_as_code_tests_does():
    data = envs.make("humaneval").eval.select(range(3))
    rows = [{"data_source": "humaneval",
             "reward_model": {"ground_truth": {"test": r["test"], "entry_point": r["entry_point"]}},
             "extra_info": {"index": i, "split": "test", "code_prompt": r["code_prompt"]}} for i, r in enumerate(data)]
    responses = list(data["reference"]) + [wrong_solution(r["reference"], r["entry_point"]) for r in data]
    scores, extra = _naive_manager(_load_like_verl(), rows * 2, responses)
    assert scores == [1.0] * 3 + [0.0] * 3
    batch = _load_like_verl("compute_score_batch")(
        data_sources=[r["data_source"] for r in rows * 2], solution_strs=responses,
        ground_truths=[r["reward_model"]["ground_truth"] for r in rows * 2],
        extra_infos=[r["extra_info"] for r in rows * 2])
    assert [b["score"] for b in batch] == scores and [b["status"] for b in batch] == extra["status"]


def test_a_reward_spec_routes_and_reward_kwargs_override():
    row = {"data_source": "format_boxed", "reward_model": {"ground_truth": ""}, "extra_info": {}}
    assert _naive_manager(_load_like_verl(), [row], ["\\boxed{1}"])[0] == [1.0]
    row = {"data_source": "some/dataset", "reward_model": {"ground_truth": "3"}, "extra_info": None}
    assert _naive_manager(_load_like_verl(), [row], ["\\boxed{3}"], reward="math_exact")[0] == [1.0]


def test_an_unknown_data_source_stops_the_run():
    with pytest.raises(UnknownIdError, match=re.escape("verl data_source 'openai/gsm9k' is neither an rlvr-kit env")):
        _load_like_verl()(data_source="openai/gsm9k", solution_str="1", ground_truth="1")
