"""Offline pass-rate filtering on a local GSM8K-format file, end to end: ``python -m eval filter`` writes the kept
problems with their rates, a rerun reads its cache, and ``train.py --train_filter`` trains on exactly those."""

from __future__ import annotations

import json
import random

import pytest

import train
from eval.__main__ import main
from eval.cache import prompt_key
from eval.pass_rates import parse_range
from rewards.errors import OptionError


def _gsm8k_file(path, n=80):
    """Rows in openai/gsm8k's format (worked answer, then ``#### gold``), with questions the test policy has seen
    the like of (1-digit sums, asked as the arithmetic env asks them)."""
    rng = random.Random(0)
    with path.open("w") as f:
        for a, b in {(rng.randint(0, 9), rng.randint(0, 9)) for _ in range(4 * n)}:
            f.write(json.dumps({"question": f"{a}+{b}", "answer": f"{a} + {b} = {a + b}\n#### {a + b}"}) + "\n")
    return path


def test_filter_keeps_the_problems_a_policy_sometimes_solves_and_train_uses_them(tiny_policy, tmp_path):
    _, _, model = tiny_policy
    data = _gsm8k_file(tmp_path / "gsm8k.jsonl")
    env_kwargs = [f"dataset_file={data}", "template={question}=", "eval_percent=20"]
    argv = ["filter", "--env", "gsm8k", "--env-kwargs", *env_kwargs, "--model", str(model), "--n", "8",
            "--max-new-tokens", "4", "--keep", "(0,1)", "--out", str(tmp_path / "f")]
    record = main(argv)

    problems = record["problems"]
    rates = [p["pass_rate"] for p in problems]
    assert record["counts"]["problems"] == len(problems) > 40
    assert record["counts"]["kept"] == sum(0 < r < 1 for r in rates) > 0, "the test policy should be right sometimes"
    assert record["counts"]["all_wrong"] == rates.count(0.0) and record["counts"]["all_right"] == rates.count(1.0)
    assert all(p["kept"] == (0 < p["pass_rate"] < 1) for p in problems)
    assert all(r * 8 == int(r * 8) for r in rates)  # n=8 samples each
    assert record["env"]["id"] == "gsm8k" and record["provenance"]["sampling"]["n"] == 8

    kept_rows = [json.loads(line) for line in (tmp_path / "f" / "kept.jsonl").read_text().splitlines()]
    kept_keys = {p["key"] for p in problems if p["kept"]}
    assert {prompt_key(r["prompt"]) for r in kept_rows} == kept_keys
    assert all(0 < r["pass_rate"] < 1 and "####" in r["solution"] for r in kept_rows)

    again = main(argv)  # every completion comes from the cache: the same rates
    assert [p["pass_rate"] for p in again["problems"]] == rates

    results = train.main(["--env", "gsm8k", "--env_kwargs", *env_kwargs, "--model", str(model),
                          "--train_filter", str(tmp_path / "f"), "--output_dir", str(tmp_path / "run"),
                          "--max_steps", "1", "--per_device_train_batch_size", "8", "--num_generations", "4",
                          "--max_completion_length", "4", "--eval_n", "2", "--eval_k", "1", "--eval_limit", "4"])
    assert results["env"]["train_filter"]["kept"] == len(kept_keys)
    assert results["env"]["train_filter"]["of"] == len(problems)


@pytest.mark.parametrize("text, inside, outside", [("(0,1)", [0.125, 0.875], [0.0, 1.0]),
                                                   ("[0.25,0.75]", [0.25, 0.75], [0.125, 0.875]),
                                                   ("(0, 1]", [1.0], [0.0])])
def test_ranges_in_interval_notation(text, inside, outside):
    keep = parse_range(text)
    assert all(r in keep for r in inside) and not any(r in keep for r in outside)


@pytest.mark.parametrize("text", ["0,1", "(0.9,0.1)", "[0,2]", "(a,b)"])
def test_bad_ranges_say_what_is_allowed(text):
    with pytest.raises(OptionError, match=r"--keep"):
        parse_range(text)


def test_filter_cli_refuses_a_bad_range_before_loading_anything(capsys):
    with pytest.raises(SystemExit):
        main(["filter", "--env", "arithmetic", "--keep", "0..1"])
    assert "--keep takes a pass-rate interval such as '(0,1)'" in capsys.readouterr().err
