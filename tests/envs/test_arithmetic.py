"""The procedural arithmetic env: seeded, correct golds, eval disjoint from train, knobs work."""

import ast
import operator

import pytest

import envs
from envs import arithmetic
from envs.arithmetic import split_of

_OPS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv}


def _value(question: str) -> float:
    node = ast.parse(question, mode="eval").body
    return _OPS[type(node.op)](node.left.value, node.right.value)


@pytest.mark.parametrize("digits,operators", [(1, "+"), (2, "+-"), (3, "*/"), (2, "+-*/")])
def test_golds_are_exact_and_splits_disjoint(digits, operators):
    env = envs.make("arithmetic", digits=digits, operators=operators, n_train=300, n_eval=60)
    train_q, eval_q = set(env.train["question"]), set(env.eval["question"])
    assert not train_q & eval_q
    assert all(split_of(q) == "eval" for q in eval_q) and all(split_of(q) == "train" for q in train_q)
    for row in env.eval:
        assert float(row["answer"]) == _value(row["question"])
        assert row["reference"] == f"\\boxed{{{row['answer']}}}"
        assert set(row["question"]) - set("0123456789") <= set(operators)


def test_seeded_and_seed_changes_order():
    a = envs.make("arithmetic", n_train=50, n_eval=10, seed=3)
    b = envs.make("arithmetic", n_train=50, n_eval=10, seed=3)
    c = envs.make("arithmetic", n_train=50, n_eval=10, seed=4)
    assert a.train["question"] == b.train["question"] and a.eval["question"] == b.eval["question"]
    assert a.train["question"] != c.train["question"]


def test_digits_knob_sets_operand_size():
    env = envs.make("arithmetic", digits=3, operators="+", n_train=20, n_eval=5)
    assert all(len(x) == 3 for q in env.train["question"] for x in q.split("+"))


def test_chat_prompts_are_conversational():
    env = envs.make("arithmetic", n_train=5, n_eval=2, chat=True, template="What is {question}?")
    assert env.train[0]["prompt"] == [{"role": "user", "content": f"What is {env.train[0]['question']}?"}]


def test_bad_operator_is_rejected():
    with pytest.raises(Exception, match="operators drawn from"):
        envs.make("arithmetic", operators="^")


def test_asking_for_more_problems_than_exist_warns_with_the_counts(caplog):
    with caplog.at_level("WARNING", logger="envs.arithmetic"):
        train, held_out = arithmetic.build(digits=1, operators="+", n_train=1000, n_eval=5)
    assert len(train) + len(held_out) <= 100 and len(held_out) == 5
    assert f"train {len(train)} of 1000" in caplog.text and "eval" not in caplog.text.split("asked:")[1]


def test_the_default_sizes_mean_up_to_and_do_not_warn(caplog):
    with caplog.at_level("WARNING", logger="envs.arithmetic"):
        env = envs.make("arithmetic")  # 2-digit addition: 7295 train problems, under the default 8000
    assert len(env.train) == 7295 and len(env.eval) == 500 and not caplog.records
