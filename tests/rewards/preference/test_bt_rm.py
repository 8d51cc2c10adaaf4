"""The Bradley–Terry reward model: trained with TRL's RewardTrainer on tiny default pairs, then used as ``bt_rm``."""

import json
import pickle
import re

import pytest

import rewards
from rewards.errors import RlvrError

TINY = dict(hidden_size=32, layers=2, heads=2, ffn_size=64, vocab_size=128)


# The tiny_policy fixture's config: with it, the default backbone (the env's embedded policy) is that cached policy.
TINY_POLICY = dict(hidden_size=32, layers=2, heads=2, ffn_size=64, sft_max_steps=20, sft_batch_size=32,
                   n_validation=8, check_every=10, target_accuracy=1.1)


@pytest.fixture(scope="module")
def tiny_rm(tmp_path_factory, tiny_policy):
    """(directory, metrics) of a reward model trained on 1-digit default pairs from the default backbone."""
    from eval.policy import TinyPolicyConfig
    from rewards.preference import __main__ as preference_train

    out = tmp_path_factory.mktemp("rm")
    args, config = preference_train.parse_args([
        "--out", str(out), "--env_kwargs", "digits=1", "n_train=90", "n_eval=10", "--heldout_problems", "20",
        "--pairs_per_problem", "8", "--num_train_epochs", "6", "--per_device_train_batch_size", "32",
        "--disable_tqdm", "true", "--logging_steps", "1000"])
    return out, preference_train.train_reward_model(args, config, backbone=TinyPolicyConfig(**TINY_POLICY))


def test_default_backbone_is_the_envs_embedded_policy(tiny_rm, tiny_policy):
    out, metrics = tiny_rm
    _, policy_tokenizer, policy_path = tiny_policy
    assert metrics["base"] == f"embedded policy {policy_path}"
    from transformers import AutoConfig, AutoTokenizer

    assert AutoConfig.from_pretrained(out).architectures == ["LlamaForSequenceClassification"]
    assert AutoTokenizer.from_pretrained(out).get_vocab() == policy_tokenizer.get_vocab()


def test_training_reports_heldout_accuracy_and_saves_it(tiny_rm, tiny_env):
    out, metrics = tiny_rm
    saved = json.loads((out / "metrics.json").read_text())
    assert saved["heldout_pairwise_accuracy"] == metrics["heldout_pairwise_accuracy"]
    assert saved["n_heldout_pairs"] == 8 * 20 and saved["n_train_pairs"] == 8 * (len(tiny_env.train) - 20)
    # Format is easy to learn even for a 20k-parameter model trained for seconds; chance is 0.5.
    assert saved["heldout_accuracy_by_kind"]["malformed"] >= 0.9
    assert metrics["heldout_pairwise_accuracy"] >= 0.75
    assert (out / "model.safetensors").exists() and (out / "tokenizer.json").exists()
    assert not (out / "trainer").exists()


def test_cli_prints_the_saved_accuracy(tmp_path, policy_cache, capsys):
    from rewards.preference import __main__ as preference_train

    data = tmp_path / "pairs.jsonl"
    data.write_text("".join(json.dumps({"prompt": f"{i}?", "chosen": " yes", "rejected": " no"}) + "\n"
                            for i in range(40)))
    metrics = preference_train.main(["train", "--data", str(data), "--out", str(tmp_path / "rm"),
                                     "--num_train_epochs", "3", "--disable_tqdm", "true", "--learning_rate", "3e-3"])
    printed = capsys.readouterr().out
    saved = json.loads((tmp_path / "rm" / "metrics.json").read_text())
    assert f"held-out pairwise accuracy {saved['heldout_pairwise_accuracy']:.3f}" in printed
    assert saved["heldout_pairwise_accuracy"] == metrics["heldout_pairwise_accuracy"] == 1.0
    assert saved["data"] == str(data)


def test_bt_rm_ranks_correct_above_wrong_on_unseen_problems(tiny_rm, tiny_env):
    out, _ = tiny_rm
    reward = rewards.get("bt_rm", model=str(out))
    heldout = tiny_env.train.select(range(len(tiny_env.train) - 20, len(tiny_env.train)))
    prompts = heldout["prompt"]
    good = reward(prompts=prompts, completions=heldout["reference"])
    bad = reward(prompts=prompts, completions=[a for a in heldout["answer"]])  # unboxed: malformed
    assert sum(g > b for g, b in zip(good, bad)) >= 18
    assert reward.__name__ == "bt_rm" and reward.counts.total() == 40


def test_batched_scores_match_one_at_a_time(tiny_rm, tiny_env):
    out, _ = tiny_rm
    reward = rewards.get("bt_rm", model=str(out), batch_size=4)
    completions = ["\\boxed{7}", "7", "\\boxed{123456}", "", "\\boxed{", "x" * 40, "\\boxed{12}", "\\boxed{3}"]
    prompts = ["3+4="] * len(completions)
    batched = reward(prompts=prompts, completions=completions, answer=["7"] * 8, log_metric=lambda *a: None)
    single = [reward(prompts=[p], completions=[c])[0] for p, c in zip(prompts, completions)]
    assert batched == pytest.approx(single, abs=1e-5)
    assert len({round(s, 4) for s in batched}) > 1  # not a constant


def test_normalized_scores_use_running_statistics(tiny_rm):
    out, _ = tiny_rm
    raw = rewards.get("bt_rm", model=str(out))
    norm = rewards.get("bt_rm", model=str(out), normalize=True)
    completions = [f"\\boxed{{{i}}}" for i in range(10)] + [str(i) for i in range(10)]
    prompts = [f"{i % 10}+1=" for i in range(20)]
    first = norm(prompts=prompts, completions=completions)
    assert sum(first) == pytest.approx(0.0, abs=1e-4)
    raw_scores = raw(prompts=prompts, completions=completions)
    mean = sum(raw_scores) / 20
    std = (sum((x - mean) ** 2 for x in raw_scores) / 19) ** 0.5
    assert first == pytest.approx([(x - mean) / std for x in raw_scores], abs=1e-4)
    assert norm.count == 20


def test_bt_rm_pickles_and_logs_raw_mean(tiny_rm):
    out, _ = tiny_rm
    reward = rewards.get("bt_rm", model=str(out))
    logged = {}
    before = reward(prompts=["1+1="], completions=["\\boxed{2}"], log_metric=logged.__setitem__)
    clone = pickle.loads(pickle.dumps(reward))
    assert clone._model is None and clone(prompts=["1+1="], completions=["\\boxed{2}"]) == before
    assert logged["bt_rm/raw_mean"] == pytest.approx(before[0])
    assert logged["bt_rm/error_rate"] == 0.0


def test_a_completion_that_cannot_be_scored_gets_status_error(tiny_rm):
    out, _ = tiny_rm
    reward = rewards.get("bt_rm", model=str(out))
    verdicts = reward.verdicts(prompts=["1+1=", "1+1="], completions=["\\boxed{2}", 12345])
    assert verdicts[1].score == 0.0 and verdicts[1].status is rewards.Status.ERROR
    assert verdicts[0].status is not rewards.Status.ERROR


def test_conversational_completions_use_the_chat_template(tmp_path, policy_cache):
    import envs
    from eval.policy import TinyPolicyConfig
    from rewards.preference import __main__ as preference_train

    args, config = preference_train.parse_args([
        "--out", str(tmp_path), "--env_kwargs", "digits=1", "n_train=60", "n_eval=5", "chat=true",
        "--heldout_problems", "10", "--num_train_epochs", "1", "--disable_tqdm", "true", "--base", "scratch"])
    metrics = preference_train.train_reward_model(args, config, backbone=TinyPolicyConfig(**TINY))
    assert metrics["n_heldout_pairs"] == 20
    env = envs.make("arithmetic", digits=1, n_train=60, n_eval=5, chat=True)
    reward = rewards.get("bt_rm", model=str(tmp_path))
    prompts = env.train["prompt"][:3]
    scores = reward(prompts=prompts,
                    completions=[[{"role": "assistant", "content": r}] for r in env.train["reference"][:3]])
    verdicts = reward.verdicts(prompts=prompts, completions=[[{"role": "assistant", "content": "7"}]] * 3)
    assert len(scores) == 3 and all(v.status is not rewards.Status.ERROR for v in verdicts)


def test_model_dir_that_is_not_a_sequence_classifier(tiny_policy, tmp_path):
    _, _, policy_path = tiny_policy
    with pytest.raises(RlvrError, match=re.escape(
            f"{str(policy_path)!r} holds a LlamaForCausalLM, not a sequence classifier: bt_rm needs a reward model")):
        rewards.get("bt_rm", model=str(policy_path))
    with pytest.raises(RlvrError, match=re.escape("is not a directory")):
        rewards.get("bt_rm", model=str(tmp_path / "nothing-here"))
    with pytest.raises(RlvrError, match=re.escape("has no config.json")):
        rewards.get("bt_rm", model=str(tmp_path))
    with pytest.raises(RlvrError, match=re.escape("Reward 'bt_rm' needs a trained reward model")):
        rewards.get("bt_rm")


def test_classifier_with_several_labels_is_rejected(tiny_rm, tmp_path):
    out, _ = tiny_rm
    config = json.loads((out / "config.json").read_text())
    config["id2label"] = {"0": "a", "1": "b", "2": "c"}
    config["label2id"] = {"a": 0, "b": 1, "c": 2}
    (tmp_path / "config.json").write_text(json.dumps(config))
    with pytest.raises(RlvrError, match=re.escape("with num_labels=3; a reward model has num_labels=1")):
        rewards.get("bt_rm", model=str(tmp_path))
