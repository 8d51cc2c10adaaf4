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
