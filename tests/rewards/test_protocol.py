"""The reward protocol: never raise on a completion, count and log statuses, conversational completions."""

import pickle

import pytest

import envs
import rewards
from rewards import Status, Verdict


class Fragile(rewards.Reward):
    """Raises on completions containing 'boom'; a stand-in for a checker with a bug."""

    __name__ = "fragile"

    def judge(self, completions, **kwargs):
        out = []
        for c in completions:
            if "boom" in c:
                raise RuntimeError("checker bug")
            out.append(Verdict(1.0, Status.CORRECT) if c == "ok" else Verdict(0.0, Status.UNPARSED))
        return out


def test_a_failing_completion_scores_zero_and_is_counted_and_logged():
    logged = {}
    fn = Fragile()
    scores = fn(completions=["ok", "boom", "??", "ok"], log_metric=lambda k, v: logged.__setitem__(k, v))
    assert scores == [1.0, 0.0, 0.0, 1.0]
    assert fn.counts[Status.ERROR] == 1 and fn.counts[Status.UNPARSED] == 1
    assert logged == {"fragile/unparsed_rate": 0.25, "fragile/timeout_rate": 0.0, "fragile/error_rate": 0.25,
                      "fragile/unscorable_rate": 0.0}


def test_user_function_that_raises_on_one_completion():
    def picky(completions, **kwargs):
        return [1.0 / len(c) for c in completions]  # ZeroDivisionError on ""

    fn = rewards.FunctionReward(picky)
    assert fn(completions=["ab", "", "abcd"]) == [0.5, 0.0, 0.25]
    assert fn.counts[Status.ERROR] == 1


def test_conversational_and_standard_completions_agree():
    fn = rewards.get("math_exact")
    standard = fn(completions=["\\boxed{12}", "\\boxed{13}"], answer=["12", "12"])
    chat = fn(completions=[[{"role": "assistant", "content": "\\boxed{12}"}],
                           [{"role": "assistant", "content": "\\boxed{13}"}]], answer=["12", "12"])
    assert standard == chat == [1.0, 0.0]


def test_solution_column_is_read_when_answer_is_absent():
    fn = rewards.get("math_exact")
    assert fn(completions=["\\boxed{\\frac{1}{2}}", "\\boxed{2}"],
              solution=["So we get $\\boxed{\\frac12}$.", "So we get $\\boxed{\\frac12}$."]) == [1.0, 0.0]


def test_unparseable_gold_scores_none():
    fn = rewards.get("math_exact")
    assert fn(completions=["\\boxed{1}"], answer=[""]) == [None]


def test_missing_column_error_names_column_and_reward():
    with pytest.raises(rewards.MissingColumnError, match=r"'math_exact' reads column 'answer' or 'solution'"):
        rewards.check_columns([rewards.get("math_exact")], ["prompt", "question"])


FAMILY_EXAMPLES = {"reasoning_gym:*": "reasoning_gym:chain_sum"}  # a family id names no task: test one member


@pytest.mark.parametrize("name", rewards.available())
def test_contract_every_registered_reward(name):
    """Extra kwargs ignored, one output per completion, picklable, __name__ is the id."""
    try:
        fn = rewards.get(name)
    except rewards.RlvrError as e:  # rewards that need parameters (e.g. a model path) are built elsewhere
        pytest.skip(f"{name} needs parameters: {e}")
    env_id = next((e for e in envs.available() if name in envs.spec(e).rewards), "arithmetic")
    small = {"n_train": 4, "n_eval": 2} if env_id in FAMILY_EXAMPLES else {}  # reasoning-gym builds 2000 by default
    env_id = FAMILY_EXAMPLES.get(env_id, env_id)
    try:
        data = envs.make(env_id, **small).eval.select(range(2))
    except Exception as e:  # envs whose data needs a download or an optional package
        pytest.skip(f"env {env_id} unavailable offline: {e}")
    columns = {c: data[c] for c in data.column_names if c != "prompt"}
    completions = [data["reference"][0] if "reference" in data.column_names else "x", ""]
    out = fn(prompts=data["prompt"], completions=completions, completion_ids=[[1], []], trainer_state=None,
             log_extra=lambda *a: None, log_metric=lambda *a: None, unrelated_column=[1, 2], **columns)
    assert len(out) == 2 and all(x is None or isinstance(x, float) for x in out)
    assert fn.__name__ == name
    assert pickle.loads(pickle.dumps(fn)).__name__ == name


@pytest.mark.parametrize("completion", [
    [{"role": "assistant", "content": [{"type": "text", "text": None}]}],  # a text part without text
    [{"role": "assistant", "content": [{"type": "text", "text": 42}, "stray", None]}],
    [{"role": "assistant"}], [{"role": "assistant", "content": None}], [None], [], None, 5, b"bytes",
    [[{"role": "assistant", "content": "nested"}]], {"role": "assistant", "content": {"type": "text", "text": "x"}},
])
def test_odd_completion_shapes_never_raise(completion):
    for name in ("format_think", "math_exact", "repetition"):
        out = rewards.get(name)(completions=[completion, "ok"], answer=["4", "4"], completion_ids=[[1], [1]])
        assert len(out) == 2 and all(x is None or isinstance(x, float) for x in out)


def test_text_parts_and_prompts_read_as_text():
    parts = [{"role": "assistant", "content": [{"type": "text", "text": "<think>\nsum\n</think>\n"},
                                               {"type": "image"}, {"type": "text", "text": "\\boxed{4}"}]}]
    assert rewards.completion_text(parts) == "<think>\nsum\n</think>\n\\boxed{4}"
    assert rewards.get("format_think")([parts]) == [1.0]
    from rewards.protocol import message_text
    assert message_text([{"role": "user", "content": "a"}, {"role": "user", "content": [{"text": "b"}]}]) == "a\nb"


@pytest.mark.parametrize("bad", [float("inf"), float("-inf")])
def test_infinite_scores_from_a_user_reward_are_errors_not_scores(bad):
    fn = rewards.FunctionReward(lambda completions, **kw: [bad, 1.0], name="inf_user")
    assert fn(completions=["a", "b"]) == [0.0, 1.0]
    assert fn.counts[Status.ERROR] == 1
    product = rewards.get("tests_inf_user*format_think")  # inf * 0 would be NaN
    assert product(completions=["a", "b"]) == [0.0, 0.0]


def test_nan_from_a_user_reward_means_cannot_score():
    fn = rewards.FunctionReward(lambda completions, **kw: [float("nan"), 0.5], name="nan_user")
    assert fn(completions=["a", "b"]) == [None, 0.5]


class Sloppy(rewards.Reward):
    """A checker that returns a NaN verdict and a bare float: both are checker bugs."""

    __name__ = "sloppy"

    def judge(self, completions, **kwargs):
        return [Verdict(float("nan"), Status.CORRECT), 1.0, Verdict(1.0, Status.CORRECT)]


def test_a_checker_returning_nan_or_non_verdicts_scores_zero_with_error_status():
    fn = Sloppy()
    assert fn(completions=["a", "b", "c"]) == [0.0, 0.0, 1.0]
    assert fn.counts[Status.ERROR] == 2


def test_a_user_reward_returning_the_wrong_number_of_scores_is_an_error_per_completion():
    fn = rewards.FunctionReward(lambda completions, **kw: [1.0] * (len(completions) + 1), name="too_many")
    assert fn(completions=["a", "b"]) == [0.0, 0.0]
    assert fn.counts[Status.ERROR] == 2


def _inf_user(completions, **kwargs):
    return [float("inf")] + [0.0] * (len(completions) - 1)


if "tests_inf_user" not in rewards.available():
    rewards.register("tests_inf_user", _inf_user)
