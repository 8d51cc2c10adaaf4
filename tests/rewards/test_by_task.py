"""TaskReward and by_task: rewards for datasets mixing tasks."""

import pickle

import rewards
from rewards.by_task import TaskReward


def picky(completions, answer, **kwargs):
    """Raises on the completion 'boom'; else 1.0 when the answer appears."""
    texts = [rewards.completion_text(c) for c in completions]
    if "boom" in texts:
        raise RuntimeError("boom")
    return [float(a in t) for t, a in zip(texts, answer)]


def test_task_reward_scores_its_rows_and_none_elsewhere():
    fn = TaskReward(rewards.get("math_exact"), "arithmetic")
    assert fn.__name__ == "arithmetic/math_exact" and fn.columns == ("task", ("answer", "solution"))
    logged = {}
    out = fn(prompts=["a", "b", "c", "d"], completions=["\\boxed{3}", "\\boxed{3}", "no", "\\boxed{4}"],
             task=["arithmetic", "countdown", "arithmetic", "arithmetic"], answer=["3", None, "3", "5"],
             numbers=[None, [1, 2], None, None], trainer_state=None, log_metric=lambda k, v: logged.update({k: v}))
    assert out == [1.0, None, 0.0, 0.0]
    assert logged["arithmetic/math_exact/unparsed_rate"] == 1 / 3  # rates over the task's own rows only
    assert "math_exact/unparsed_rate" not in logged


def test_task_reward_passes_conversations_through_isolates_failures_and_pickles():
    fn = pickle.loads(pickle.dumps(TaskReward(picky, "t")))
    assert fn.__name__ == "t/picky"
    chat = [{"role": "assistant", "content": "7"}]
    out = fn.verdicts([chat, "boom", "7", "x"], task=["t", "t", "u", "t"], answer=["7", "7", "7", "7"])
    assert [None if v is None else v.status.value for v in out] == ["correct", "error", None, "wrong"]
    ok = fn(completions=["7", "8"], task=["t", "t"], answer=["7", "7"])
    assert ok == [1.0, 0.0]


def test_by_task_routes_each_row_to_the_reward_it_names():
    fn = rewards.get("by_task")
    out = fn(completions=["\\boxed{3}", "\\boxed{(1+2)*3}", "\\boxed{9}", "x"],
             task_reward=["math_exact", "countdown", "countdown", None],
             answer=["3", None, None, None], numbers=[None, [1, 2, 3], [1, 2, 3], None], target=[None, 9, 9, None])
    assert out == [1.0, 1.0, 0.0, None]
    assert pickle.loads(pickle.dumps(fn)).__name__ == "by_task"
