"""Mixtures: weighted train sets with a task column, whole per-task eval sets, per-task rewards, clear errors."""

import re
from collections import Counter

import pytest
from datasets import Dataset

import envs
import rewards
from envs.mixture import MixedEnv, parse_mixture
from eval.mixture import pool

MIX = "arithmetic:0.75,countdown:0.25"


@pytest.fixture(scope="module")
def mixed():
    return envs.make(MIX, n_train=300, n_eval=20, seed=5, **{"arithmetic.digits": 2})


def test_parse_weights_and_family_ids():
    assert parse_mixture("a,b") == [("a", 0.5), ("b", 0.5)]
    assert parse_mixture("reasoning_gym:chain_sum:1,countdown:3") == [("reasoning_gym:chain_sum", 0.25),
                                                                       ("countdown", 0.75)]
    for bad in ("a:0,b", "a:-1,b", "a,,b", "a:nan,b"):
        with pytest.raises(rewards.RlvrError, match="Bad mixture item"):
            parse_mixture(bad)
    with pytest.raises(rewards.RlvrError, match="lists an env twice"):
        parse_mixture("a,a:2")


def test_train_follows_the_weights_without_repeating_rows(mixed):
    assert isinstance(mixed, MixedEnv) and mixed.id == MIX
    counts = Counter(mixed.train["task"])
    # 300 arithmetic rows at 0.75 bound the mix: 300 + 100
    assert counts == {"arithmetic": 300, "countdown": 100}
    arithmetic = mixed.train.filter(lambda r: r["task"] == "arithmetic")
    assert len(set(arithmetic["question"])) == 300
    assert len(set(mixed.train["task"][:100])) == 2  # shuffled: tasks interleave


def test_eval_is_every_env_whole_and_columns_are_unioned(mixed):
    assert Counter(mixed.eval["task"]) == {"arithmetic": 20, "countdown": 20}
    row = next(r for r in mixed.train if r["task"] == "arithmetic")
    assert row["numbers"] is None and row["target"] is None and row["task_reward"] == "math_exact"
    row = next(r for r in mixed.train if r["task"] == "countdown")
    assert row["answer"] is None and row["task_reward"] == "countdown" and len(row["numbers"]) == 3
    components = {c.id: c for c in mixed.components}
    assert components["arithmetic"].kwargs["digits"] == 2 and "digits" not in components["countdown"].kwargs
    assert components["countdown"].kwargs["seed"] == 5 == components["arithmetic"].kwargs["seed"]


def test_each_task_reward_scores_only_its_rows(mixed):
    data = mixed.train
    columns = {c: list(data[c]) for c in data.column_names if c != "prompt"}
    logged = []
    funcs = mixed.reward_funcs()
    assert [f.__name__ for f in funcs] == ["arithmetic/math_exact", "countdown/countdown"] == list(mixed.spec.rewards)
    rewards.check_columns(funcs, data.column_names)
    for fn in funcs:
        task = fn.__name__.split("/")[0]
        scores = fn(prompts=list(data["prompt"]), completions=list(data["reference"]),
                    log_metric=lambda k, v: logged.append(k), **columns)
        assert [s is None for s in scores] == [t != task for t in data["task"]]
        assert all(s == 1.0 for s in scores if s is not None)
    assert "countdown/countdown/unparsed_rate" in logged and "arithmetic/math_exact/error_rate" in logged
    # by_task, the mixture's pass/fail reward, routes each row to its own env's first reward
    wrong = ["\\boxed{0}"] * len(data)
    assert rewards.get("by_task")(completions=wrong, **columns) == [
        0.0 if t == "countdown" else float(a == "0") for t, a in zip(data["task"], data["answer"])]


def test_pool_weights_rates_by_problems():
    pooled = pool([{"pass@1": 0.5, "greedy_accuracy": 1.0, "n_problems": 10, "n_samples": 4,
                    "status_counts": {"correct": 20, "wrong": 20}},
                   {"pass@1": 0.0, "greedy_accuracy": 0.0, "n_problems": 30, "n_samples": 4,
                    "status_counts": {"wrong": 100, "unparsed": 20}}])
    assert pooled == {"pass@1": 0.125, "greedy_accuracy": 0.25, "n_problems": 40, "n_samples": 4,
                      "status_counts": {"correct": 20, "wrong": 120, "unparsed": 20}}


def test_errors_name_the_fix():
    with pytest.raises(rewards.RlvrError, match=re.escape("names env 'countdwn', which is not in the mixture")):
        envs.make("arithmetic,countdown", **{"countdwn.count": 4})
    with pytest.raises(rewards.RlvrError, match=re.escape("give an env its own kwargs as 'countdown.key=value'")):
        envs.make("arithmetic,countdown", digits=1)
    with pytest.raises(rewards.RlvrError, match="mixes plain-text and chat prompts"):
        envs.make("arithmetic,countdown", n_train=20, n_eval=5, **{"countdown.chat": True})
    with pytest.raises(ValueError, match=re.escape("Unknown env 'countdwn'")):
        envs.make("arithmetic,countdwn")


def test_a_column_with_two_types_is_a_clear_error():
    def build(**kwargs):
        ds = Dataset.from_dict({"prompt": ["q="], "answer": [[1, 2]], "reference": ["\\boxed{1}"]})
        return ds, ds

    envs.register("test_list_answer", build, rewards=("math_exact",))
    with pytest.raises(rewards.RlvrError, match="a column shared by two envs holds different types"):
        envs.make("arithmetic,test_list_answer", **{"arithmetic.n_train": 5, "arithmetic.n_eval": 2})


def test_a_mixture_of_tool_envs_routes_each_row_to_its_own_tools():
    from envs.tools import CalculatorEnv, PythonEnv, tool_names

    mixed = envs.make("products_calculator,products_python", n_train=30, n_eval=5)
    factories = mixed.environment_factory
    assert factories == {"products_calculator": CalculatorEnv, "products_python": PythonEnv}
    for split in (mixed.train, mixed.eval):
        assert split["environment"] == split["task"] and set(split["environment"]) == set(factories)
    for row in mixed.train:  # the tool the prompt asks for is the one its environment gives
        (tool,) = tool_names(factories[row["environment"]])
        assert f"Use the {tool} tool" in row["prompt"][-1]["content"]
    assert mixed.describe()["tasks"]["products_python"]["environment"] == "envs.tools.python:PythonEnv"


def test_a_plain_env_beside_a_tool_env_gets_an_environment_with_no_tools():
    from envs.mixture import NoTools
    from envs.tools import tool_names

    mixed = envs.make("products_calculator,arithmetic", n_train=30, n_eval=5, **{"arithmetic.chat": True})
    factories = mixed.environment_factory
    assert set(factories) == {"products_calculator", "arithmetic"} and factories["arithmetic"] is NoTools
    assert tool_names(NoTools) == [] and tool_names(factories["products_calculator"]) == ["calculator"]
    row = next(r for r in mixed.train if r["environment"] == "arithmetic")
    assert NoTools().reset(**row) is None and isinstance(row["prompt"], list)
    # a mixture without tool envs is unchanged: no routing column, no factory
    plain = envs.make("arithmetic,countdown", n_train=10, n_eval=2)
    assert plain.environment_factory is None and "environment" not in plain.train.column_names


def test_a_tool_mixture_with_plain_text_prompts_names_the_envs_and_the_fix():
    with pytest.raises(rewards.RlvrError, match=re.escape(
            "mixes tool envs ['products_calculator'], whose prompts are chat, with plain-text envs ['arithmetic', "
            "'countdown']; give those chat prompts: arithmetic.chat=true countdown.chat=true")):
        envs.make("products_calculator,arithmetic,countdown", n_train=10, n_eval=2)
