"""Tool envs: registering one, what ``envs.make(id).environment_factory`` gives TRL, the checks that name a tool's
missing type hint or docstring, and the calculator."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from transformers.utils import get_json_schema

import envs
from envs.tools import CalculatorEnv, PythonEnv, calculate, check_environment, tool_names
from rewards.errors import RegistrationError

FIXTURES = Path(__file__).parent / "fixtures"
TOOL_ENVS = {"products_calculator": CalculatorEnv, "products_python": PythonEnv}


class Dice:
    """A user's own tool env: what the docs snippet registers."""

    def reset(self, **row: Any) -> None:
        self.rolls = 0

    def roll(self, sides: int) -> str:
        """Roll a die.

        Args:
            sides: How many faces the die has.
        """
        self.rolls += 1
        return str(min(sides, 4))


def test_registering_a_tool_env_takes_a_few_lines():
    envs.register("test_dice", "envs.arithmetic:build", rewards=("math_exact",), environment=Dice,
                  kwargs={"chat": True})
    env = envs.make("test_dice", n_train=4, n_eval=2)
    assert env.environment_factory is Dice
    assert env.describe()["environment"] == "Dice"


@pytest.mark.parametrize("env_id", list(TOOL_ENVS))
def test_builtin_tool_envs_give_trl_their_class(env_id):
    env = envs.make(env_id, n_train=4, n_eval=2)
    factory = env.environment_factory
    assert factory is TOOL_ENVS[env_id]
    assert env.train[0]["prompt"][0]["role"] == "user"  # tools need chat prompts
    assert env.rewards == ("math_exact",)
    instance = factory()
    row = env.train[0]
    assert instance.reset(**row) is None  # nothing (no gold) is added to the prompt
    for name in tool_names(factory):  # transformers builds the same schema TRL renders into the prompt
        assert get_json_schema(getattr(instance, name))["function"]["name"] == name


@pytest.mark.parametrize("env_id, kwargs", [
    ("gsm8k_python", {"dataset_file": str(FIXTURES / "gsm8k_sample.jsonl"), "eval_percent": 30, "check": False}),
    ("math_python", {"dataset_file": str(FIXTURES / "math_sample.jsonl"),
                     "eval_file": str(FIXTURES / "math500_sample.jsonl")}),
])
def test_math_word_problems_with_the_python_tool(env_id, kwargs):
    env = envs.make(env_id, **kwargs)
    assert env.environment_factory is PythonEnv and env.rewards == ("math_exact",)
    (message,) = env.train[0]["prompt"]
    assert "python tool" in message["content"] and "\\boxed{}" in message["content"]


@pytest.mark.parametrize("env_id, kwargs", [
    ("humaneval_python", {"train_percent": 50}),
    ("mbpp_python", {"dataset_file": str(Path(__file__).parents[1] / "data" / "mbpp_sample.jsonl")}),
])
def test_code_envs_with_the_python_tool_judge_the_final_message_on_all_tests(env_id, kwargs):
    env = envs.make(env_id, **kwargs)
    assert env.environment_factory is PythonEnv and env.rewards == ("code_tests",)
    row = env.train[0]
    tried = [{"role": "assistant", "content": "", "tool_calls": [
                 {"type": "function", "function": {"name": "python", "arguments": {"code": "print(1)"}}}]},
             {"role": "tool", "name": "python", "content": "1"}]
    final = {"role": "assistant", "content": f"```python\n{row['reference']}\n```"}
    (reward,) = env.reward_funcs()
    columns = {c: [row[c]] for c in env.train.column_names if c != "prompt"}
    assert reward(completions=[tried + [final]], prompts=[row["prompt"]], **columns) == [1.0]
    assert reward(completions=[tried], prompts=[row["prompt"]], **columns) == [0.0]  # a tool turn is no answer


def test_plain_envs_have_no_environment_factory():
    assert envs.make("arithmetic", n_train=4, n_eval=2).environment_factory is None


class NoHint:
    def reset(self, **row: Any) -> None: ...

    def add(self, a, b: int) -> str:
        """Add.

        Args:
            a: first.
            b: second.
        """


class NoDocstring:
    def reset(self, **row: Any) -> None: ...

    def add(self, a: int, b: int) -> str:
        return str(a + b)


class NoArgsEntry:
    def reset(self, **row: Any) -> None: ...

    def add(self, a: int, b: int) -> str:
        """Add.

        Args:
            a: first.
        """


class NoReset:
    def add(self, a: int) -> str:
        """Echo.

        Args:
            a: a number.
        """


class NoTools:
    def reset(self, **row: Any) -> None: ...

    def _private(self, a: int) -> str: ...


@pytest.mark.parametrize("cls, message", [
    (NoHint, "Env 'bad': tool NoHint.add has no type hint for argument 'a'; write e.g. 'a: str'"),
    (NoDocstring, "Env 'bad': tool NoDocstring.add has no docstring"),
    (NoArgsEntry, "Env 'bad': tool NoArgsEntry.add: its docstring has no 'Args:' entry for 'b'"),
    (NoReset, "Env 'bad': environment NoReset has no reset(self, **row) method"),
    (NoTools, "Env 'bad': environment NoTools has no tools"),
    (len, "Env 'bad': environment_factory must be a class"),
])
def test_registration_names_what_a_tool_lacks(cls, message):
    with pytest.raises(RegistrationError, match=re.escape(message)):
        envs.register("bad", "envs.arithmetic:build", rewards=("math_exact",), environment=cls)
    assert "bad" not in envs.available()


def test_a_lazy_environment_is_checked_when_made():
    envs.register("test_lazy_bad", "envs.arithmetic:build", rewards=("math_exact",),
                  environment="tests.envs.test_tool_envs:NoDocstring")
    env = envs.make("test_lazy_bad", n_train=2, n_eval=2)
    message = "Env 'test_lazy_bad': tool NoDocstring.add has no docstring"
    with pytest.raises(RegistrationError, match=re.escape(message)):
        env.environment_factory  # noqa: B018  (the property raises)


def test_check_environment_accepts_the_builtin_tools():
    check_environment(PythonEnv)
    check_environment(CalculatorEnv)
    assert tool_names(PythonEnv) == ["python"] and tool_names(CalculatorEnv) == ["calculator"]


@pytest.mark.parametrize("expression, expected", [
    ("123 * 456", "56088"),
    ("(2 + 3) * -4", "-20"),
    ("7 / 2", "3.5"),
    ("17 // 5, 1", "Error: only numbers and + - * / // % ** are allowed, not Tuple"),
    ("2 ** 1000", "Error: exponent 1000 is larger than 64"),
    ("1 / 0", "Error: division by zero"),
    ("__import__('os').system('id')", "Error: only numbers and + - * / // % ** are allowed, not Call"),
    ("12 *", "Error: not an arithmetic expression: '12 *'"),
    ("9" * 300, "Error: the expression has 300 characters; at most 200."),
    ((("9" * 60 + "*") * 3)[:-1], "Error: a number has more than 100 digits"),
])
def test_calculator(expression, expected):
    assert calculate(expression) == expected


def test_calculator_env_counts_calls_and_forgets_the_row():
    env = CalculatorEnv()
    env.reset(prompt="x", answer="56088")
    assert env.calculator("123*456") == "56088" and env.calls == 1
    env.reset(prompt="y", answer="1")
    assert env.calls == 0 and "56088" not in vars(env).values()
