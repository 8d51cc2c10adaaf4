"""The embedded policy: built offline, cached by config hash, loadable with the Auto classes."""

from transformers import AutoTokenizer

from eval.policy import TinyPolicyConfig, build_or_load, policy_dir


def test_tokenizer_keeps_digits_and_prompt_boundary(tiny_policy):
    _, tokenizer, _ = tiny_policy
    assert tokenizer.tokenize("7+8=\\boxed{15}") == ["7", "+", "8", "=", "\\boxed{", "1", "5", "}"]


def test_second_build_reuses_cache(tiny_policy, tiny_env, policy_cache):
    _, _, path = tiny_policy
    stamp = (path / "model.safetensors").stat().st_mtime_ns
    config = TinyPolicyConfig(hidden_size=32, layers=2, heads=2, ffn_size=64, sft_max_steps=20, sft_batch_size=32,
                              n_validation=8, check_every=10, target_accuracy=1.1)
    assert build_or_load(tiny_env, config, root=policy_cache) == path
    assert (path / "model.safetensors").stat().st_mtime_ns == stamp
    assert policy_dir(tiny_env, TinyPolicyConfig(seed=1), root=policy_cache) != path
    assert type(AutoTokenizer.from_pretrained(path)).__name__ == "TokenizersBackend"


def test_a_warm_start_below_its_target_says_so_when_built_and_when_reused(tiny_policy, tiny_env, policy_cache, caplog):
    import json

    from eval.policy import load_policy, missed_target

    _, _, path = tiny_policy  # its target (1.1) cannot be reached
    record = json.loads((path / "policy.json").read_text())
    assert record["reached_target"] is False and record["validation_greedy_accuracy"] < 1.1
    config = TinyPolicyConfig(hidden_size=32, layers=2, heads=2, ffn_size=64, sft_max_steps=20, sft_batch_size=32,
                              n_validation=8, check_every=10, target_accuracy=1.1)
    with caplog.at_level("WARNING", logger="eval.policy"):
        model, tokenizer = load_policy(tiny_env, config, root=policy_cache)  # the cached one, reused
    assert f"stopped below its target: greedy accuracy {record['validation_greedy_accuracy']:.3f} < 1.10 after 20 of " \
           "at most 20 steps" in caplog.text
    assert model.config.vocab_size == len(tokenizer) and tokenizer.pad_token is not None
    assert missed_target({**record, "reached_target": True}) is None


def test_a_warm_start_runs_on_one_thread_whatever_the_callers_count(tiny_env, tmp_path):
    """Its float sums, and so the step it stops at, are then the same for train.py (all cores) and the tests."""
    import json

    import torch

    config = TinyPolicyConfig(hidden_size=32, layers=1, heads=2, ffn_size=64, sft_max_steps=2, sft_batch_size=8,
                              n_validation=4, check_every=1, target_accuracy=1.1)
    threads = torch.get_num_threads()
    torch.set_num_threads(2)
    try:
        path = build_or_load(tiny_env, config, root=tmp_path)
        assert torch.get_num_threads() == 2  # the caller's count is back
    finally:
        torch.set_num_threads(threads)
    assert json.loads((path / "policy.json").read_text())["threads"] == 1
