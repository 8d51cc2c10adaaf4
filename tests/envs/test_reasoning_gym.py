"""reasoning_gym:<task>: real reasoning-gym tasks as envs, scored by their own score_answer
(skipped if not installed)."""

import concurrent.futures
import importlib.util
import json
import re
import sys

import pytest

import envs
import rewards


def test_missing_package_names_the_install_command(monkeypatch):
    monkeypatch.setitem(sys.modules, "reasoning_gym", None)  # what Python does when the package is absent
    with pytest.raises(rewards.RlvrError, match=re.escape("pip install 'rlvr-kit[reasoning-gym]'")):
        envs.make("reasoning_gym:chain_sum")


needs_rg = pytest.mark.skipif(importlib.util.find_spec("reasoning_gym") is None,
                              reason="reasoning-gym not installed (pip install 'rlvr-kit[reasoning-gym]')")


@pytest.fixture(scope="module")
def chain_sum():
    return envs.make("reasoning_gym:chain_sum", n_train=80, n_eval=12, seed=1, config={"max_terms": 3})


def _columns(dataset):
    return {c: list(dataset[c]) for c in dataset.column_names if c != "prompt"}


@needs_rg
def test_env_is_seeded_and_eval_disjoint(chain_sum):
    assert chain_sum.id == "reasoning_gym:chain_sum" and chain_sum.rewards == ("reasoning_gym",)
    assert len(chain_sum.train) == 80 and len(chain_sum.eval) == 12
    assert not set(chain_sum.train["question"]) & set(chain_sum.eval["question"])
    assert chain_sum.train[0]["prompt"].endswith("Give your final answer inside <answer></answer>.")
    again = envs.make("reasoning_gym:chain_sum", n_train=80, n_eval=12, seed=1, config={"max_terms": 3})
    assert again.train["question"] == chain_sum.train["question"]


@needs_rg
def test_reward_is_the_tasks_own_score_answer(chain_sum):
    dataset = chain_sum.eval
    reward = rewards.get("reasoning_gym")
    gold = dataset[0]["answer"]
    completions = [f"<answer>{gold}</answer>", f"\\boxed{{{gold}}}", f"<answer>{int(gold) + 1}</answer>", gold]
    columns = {c: v[:1] * 4 for c, v in _columns(dataset).items()}
    verdicts = reward.verdicts(completions, **columns)
    assert [v.status.value for v in verdicts] == ["correct", "correct", "wrong", "unparsed"]
    import reasoning_gym

    task = reasoning_gym.create_dataset("chain_sum", **json.loads(dataset[0]["rg_config"]))
    expected = task.score_answer(str(int(gold) + 1), task[dataset[0]["rg_index"]])
    assert verdicts[2].score == expected


@needs_rg
def test_a_row_that_does_not_rebuild_its_entry_is_an_error_not_a_pass(chain_sum):
    columns = _columns(chain_sum.eval.select([0]))
    columns["question"] = ["What is 1 + 1?"]
    (verdict,) = rewards.get("reasoning_gym").verdicts([f"<answer>{columns['answer'][0]}</answer>"], **columns)
    assert verdict.status.value == "error" and verdict.score == 0.0


@needs_rg
def test_other_tasks_work_too():
    env = envs.make("reasoning_gym:word_sorting", n_train=20, n_eval=5)
    scores = env.reward_funcs()[0](completions=list(env.eval["reference"]), **_columns(env.eval))
    assert scores == [1.0] * 5


@needs_rg
def test_unknown_task_and_bad_config_are_clear():
    with pytest.raises(ValueError,
                       match=re.escape("Unknown reasoning-gym task 'chain_summ'. Did you mean 'chain_sum'")):
        envs.make("reasoning_gym:chain_summ")
    with pytest.raises(rewards.RlvrError, match="reasoning-gym rejects config .*'colour'"):
        envs.make("reasoning_gym:chain_sum", config={"colour": 1})


@needs_rg
@pytest.mark.parametrize("task", ["puzzle24", "countdown"])
def test_an_answer_that_hangs_the_tasks_scorer_times_out_and_the_batch_goes_on(task):
    # These tasks eval the answer and swallow every exception: 9**9**9**9 would hold the trainer (and the GIL)
    # for hours. Scored on another thread, as TRL runs async rewards.
    env = envs.make(f"reasoning_gym:{task}", n_train=4, n_eval=2, seed=3)
    reward = rewards.get("reasoning_gym", deadline=1.0, workers=1)
    columns = {c: v[:1] * 3 for c, v in _columns(env.eval).items()}
    completions = ["<answer>9**9**9**9</answer>", "<answer>1+1</answer>", "<answer>(9**9)**(9**9)</answer>"]
    with concurrent.futures.ThreadPoolExecutor(1) as ex:
        verdicts = ex.submit(reward.verdicts, completions, **columns).result(timeout=120)
    assert [v.status.value for v in verdicts] == ["timeout", "wrong", "timeout"]
    assert verdicts[0].score == verdicts[2].score == 0.0 and verdicts[1].score < 1.0
    honest = env.eval[0]["answer"] if task == "countdown" else None
    if honest:  # the pool is usable after its workers were killed
        (again,) = reward.verdicts([f"<answer>{honest}</answer>"], **{c: v[:1] for c, v in columns.items()})
        assert again.status.value == "correct"


@needs_rg
def test_hedges_score_zero_before_the_tasks_partial_credit(chain_sum):
    columns = {c: v[:1] * 3 for c, v in _columns(chain_sum.eval).items()}
    gold = int(chain_sum.eval[0]["answer"])
    completions = [f"<answer>{gold + 1} or {gold}</answer>", f"\\boxed{{{gold + 1}}} or \\boxed{{{gold}}}",
                   f"First \\boxed{{{gold + 1}}}, then after checking the sum again: \\boxed{{{gold}}}"]
    verdicts = rewards.get("reasoning_gym").verdicts(completions, **columns)
    assert [(v.status.value, v.score) for v in verdicts] == [("wrong", 0.0), ("unparsed", 0.0), ("correct", 1.0)]


@needs_rg
def test_a_blank_box_is_no_answer_not_the_tasks_format_credit():
    env = envs.make("reasoning_gym:countdown", n_train=4, n_eval=2, seed=3)
    columns = {c: v[:1] * 2 for c, v in _columns(env.eval).items()}
    verdicts = rewards.get("reasoning_gym").verdicts(["\\boxed{\\phantom{12}}", "<answer>\\quad\u200b</answer>"],
                                                     **columns)
    assert [(v.status.value, v.score) for v in verdicts] == [("unparsed", 0.0), ("unparsed", 0.0)]
