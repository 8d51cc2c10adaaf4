"""The harness on the real tiny policy: consistent summaries, provenance, and caching that never regenerates."""

import json
from math import comb

import pytest

from eval import evaluate, pass_at_k
from eval.harness import hf_sampler

N = 4


def counting(sampler):
    calls = []

    def sample(prompts, n, greedy, seed):
        calls.append(len(prompts) * n)
        return sampler(prompts, n, greedy, seed)

    return sample, calls


def run(model, tokenizer, env, **kw):
    return evaluate(model, tokenizer, env, n=N, ks=[1, 2, N], max_new_tokens=6, batch_size=8, **kw)


def test_summary_is_consistent_with_per_prompt_rows(tiny_policy, tiny_env):
    model, tokenizer, _ = tiny_policy
    r = run(model, tokenizer, tiny_env, group_size=3).to_dict()
    rows = r["per_prompt"]
    assert r["n_problems"] == len(rows) == len(tiny_env.eval)
    for k in (1, 2, N):
        assert r[f"pass@{k}"] == pytest.approx(sum(pass_at_k(N, row["correct"], k) for row in rows) / len(rows))
        low, high = r["ci"][f"pass@{k}"]
        assert low <= r[f"pass@{k}"] <= high
    assert r["pass@1"] <= r["pass@2"] <= r[f"pass@{N}"]
    assert r["greedy_accuracy"] == sum(row["greedy_correct"] for row in rows) / len(rows)
    # Rewards are 0/1 here, so a zero-std group of G is "all G wrong or all G right".
    by_g = r["grpo_signal"]["by_group_size"]
    expected = sum(comb(N - row["correct"], 3) + comb(row["correct"], 3) for row in rows) / comb(N, 3) / len(rows)
    assert by_g["3"] == pytest.approx(expected)
    assert r["grpo_signal"] == {"group_size": 3, "zero_std_fraction": by_g["3"], "by_group_size": by_g}
    statuses = r["status_rates"]["math_exact"]
    assert set(statuses) == {"unparsed", "timeout", "error", "unscorable"}
    assert all(0 <= v <= 1 for v in statuses.values())
    assert sum(r["status_counts"].values()) == len(rows) * N
    assert 1 <= r["mean_completion_tokens"] <= 6
    stamp = r["provenance"]
    assert stamp["seed"] == 0 and stamp["sampling"]["n"] == N and len(stamp["reward_config"]["hash"]) == 16
    assert stamp["packages"]["torch"] and stamp["env"]["fingerprint"] == tiny_env.fingerprint()
    assert stamp["reward_config"]["rewards"][0]["impl"] == "rewards.math.exact:MathExact"
    json.dumps(r)  # the whole result is JSON


def test_same_seed_same_result_and_model_left_in_train_mode(tiny_policy, tiny_env):
    model, tokenizer, _ = tiny_policy
    model.train()
    a = run(model, tokenizer, tiny_env, seed=5).to_dict()
    assert model.training
    b = run(model, tokenizer, tiny_env, seed=5).to_dict()
    assert a["per_prompt"] == b["per_prompt"]


def test_resume_generates_only_what_is_missing_and_matches_uninterrupted(tiny_policy, tiny_env, tmp_path):
    model, tokenizer, _ = tiny_policy
    sampler, calls = counting(hf_sampler(model, tokenizer, max_new_tokens=6))
    cache = tmp_path / "c.jsonl"
    full = run(model, tokenizer, tiny_env, cache=cache, sampler=sampler)
    total = len(tiny_env.eval) * (N + 1)
    assert sum(calls) == total == full.generation["generated"]

    lines = cache.read_text().splitlines(keepends=True)
    assert len(lines) > 3  # header + several chunks
    kept = lines[:3]  # as if killed after two chunks, with a torn third line
    cache.write_text("".join(kept) + lines[3][:20])
    already = sum(len(json.loads(line)["indices"]) * (1 if json.loads(line)["kind"] == "greedy" else N)
                  for line in kept[1:])
    calls.clear()
    resumed = run(model, tokenizer, tiny_env, cache=cache, sampler=sampler)
    assert sum(calls) == resumed.generation["generated"] == total - already
    assert resumed.generation["from_cache"] == already
    assert resumed.per_prompt == full.per_prompt  # per-chunk seeds: resuming changes nothing

    calls.clear()
    again = run(model, tokenizer, tiny_env, cache=cache, sampler=sampler)
    assert calls == [] and again.generation == {"generated": 0, "from_cache": total}


def test_cache_folder_separates_runs(tiny_policy, tiny_env, tmp_path):
    model, tokenizer, _ = tiny_policy
    run(model, tokenizer, tiny_env, cache=tmp_path, seed=0)
    run(model, tokenizer, tiny_env, cache=tmp_path, seed=1)
    assert len(list(tmp_path.glob("*.jsonl"))) == 2


def test_k_above_n_is_a_clear_error(tiny_policy, tiny_env):
    model, tokenizer, _ = tiny_policy
    with pytest.raises(ValueError, match=r"Raise n to at least 8 or drop k=\[8\]"):
        evaluate(model, tokenizer, tiny_env, n=4, ks=[1, 8])


def test_score_awaits_async_rewards_and_keeps_none():
    from datasets import Dataset

    from eval.harness import Samples, score, score_raw

    async def longer_than(completions, limit, **kwargs):
        return [None if lim is None else float(len(c) > lim) for c, lim in zip(completions, limit)]

    data = Dataset.from_dict({"prompt": ["a", "b"], "limit": [1, None]})
    samples = Samples([["xx", "x"], ["yyy", "y"]], [[[1, 2], [1]], [[1, 2, 3], [1]]])
    assert score_raw(longer_than, data, samples)[0] == [[1.0, 0.0], [None, None]]
    assert score(longer_than, data, samples)[0] == [[1.0, 0.0], [0.0, 0.0]]


def test_empty_split_is_a_clear_error(tiny_policy):
    import envs
    from rewards.errors import RlvrError

    model, tokenizer, _ = tiny_policy
    with pytest.raises(RlvrError, match="has no problems in its 'eval' split"):
        evaluate(model, tokenizer, envs.make("arithmetic", digits=1, n_train=10, n_eval=0), n=2)


def test_code_env_scored_by_its_sandbox_reward():
    """humaneval through the harness: an oracle sampler answering with the canonical solution (first sample) and a
    wrong one (second) must give pass@1 = 0.5 and pass@2 = 1 on every problem, judged by the real code_tests."""
    import envs

    env = envs.make("humaneval")
    solutions = dict(zip(map(json.dumps, env.eval["prompt"]), env.eval["canonical_solution"]))

    def oracle(prompts, n, greedy, seed):
        from eval.harness import Samples

        texts = [[solutions[json.dumps(p)], "    return None\n"][:n] for p in prompts]
        return Samples(texts, [[[0]] * len(t) for t in texts])

    r = evaluate(None, None, env, n=2, ks=[1, 2], limit=3, sampler=oracle).to_dict()
    assert (r["pass@1"], r["pass@2"], r["greedy_accuracy"]) == (0.5, 1.0, 1.0)
    assert r["provenance"]["reward_config"]["rewards"][0]["id"] == "code_tests"
    assert r["grpo_signal"]["by_group_size"]["2"] == 0.0  # one right, one wrong: every group has signal


def test_pass_hat_k_and_maj_at_k_from_the_answers_math_exact_read(tiny_env):
    """A scripted sampler answers each problem right twice, wrong once and not at all once; every problem after the
    first answers wrong twice instead (a tie at k = 4). pass^k, maj@k, their intervals and the per-prompt votes
    follow from the answers math_exact read."""
    from eval.harness import Samples
    from eval.majority import maj_at_k

    golds = dict(zip(map(json.dumps, tiny_env.eval["prompt"]), tiny_env.eval["answer"]))
    first = json.dumps(tiny_env.eval["prompt"][0])

    def scripted(prompts, n, greedy, seed):
        texts = []
        for p in prompts:
            gold = int(golds[json.dumps(p)])
            wrong = [f"The answer is {gold + 1}.", f"\\boxed{{{gold + 1}}}"]
            texts.append([f"\\boxed{{{gold}}}", f"so the answer is {gold}.",
                          "I give up" if json.dumps(p) == first else wrong[1], wrong[0]][:n])
        return Samples(texts, [[[0]] * len(t) for t in texts])

    r = evaluate(None, None, tiny_env, n=N, ks=[1, 2, N], sampler=scripted, greedy=False).to_dict()
    rows = r["per_prompt"]
    assert all(row["correct"] == 2 for row in rows)
    assert r["pass^1"] == pytest.approx(0.5) and r["pass^2"] == pytest.approx(1 / 6) and r[f"pass^{N}"] == 0.0
    assert rows[0]["votes"] == {"counts": [2, 1], "correct": [True, False], "unanswered": 1}
    assert rows[1]["votes"] == {"counts": [2, 2], "correct": [True, False], "unanswered": 0}
    assert r[f"maj@{N}"] == pytest.approx(1 / len(rows))  # only the first problem's vote is not a tie
    assert r["maj@2"] == pytest.approx(sum(maj_at_k(row["votes"], 2) for row in rows) / len(rows))
    for key in ("pass^2", "maj@2", f"maj@{N}"):
        low, high = r["ci"][key]
        assert low <= r[key] <= high
    from eval.result import summary_table

    table = summary_table(r)
    assert f"| pass^{N} | 0.000 |" in table and f"| maj@{N} | {1 / len(rows):.3f} |" in table


def test_no_maj_at_k_when_the_judge_reads_no_answer():
    """code_tests exposes no answer, so a code env's result has pass^k but no maj@k."""
    import envs
    from eval.harness import Samples

    env = envs.make("humaneval")

    def wrong(prompts, n, greedy, seed):
        return Samples([["    return None\n"] * n for _ in prompts], [[[0]] * n for _ in prompts])

    r = evaluate(None, None, env, n=2, ks=[1, 2], limit=1, sampler=wrong, greedy=False).to_dict()
    assert r["pass^2"] == 0.0 and "maj@2" not in r and "votes" not in r["per_prompt"][0]
