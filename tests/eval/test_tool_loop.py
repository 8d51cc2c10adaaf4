"""The evaluation tool loop (`eval.tool_loop`, TRL's own methods): tools run between generations, bad calls become
error messages that are counted, the final message is what the rewards judge, and the token budget is kept.

The policy here is scripted (it replies with fixed text per turn) so each case is exact; the slow tests in
`tests/training/test_train_tools.py` run the same tools inside TRL's own loop with a trained model."""

from __future__ import annotations

import pytest
import torch

import envs
from envs.tools import CalculatorEnv
from eval.mixture import evaluate_by_task
from eval.policy import train_tokenizer
from eval.tool_loop import ToolSampler
from eval.tool_policy import add_tool_template

CALL = '<tool_call>{"name": "calculator", "arguments": {"expression": "123*456"}}</tool_call><|im_end|>'


class Scripted:
    """A stand-in for a causal LM: its n-th assistant turn in a conversation is ``turns[n]``."""

    device, training = torch.device("cpu"), False

    def __init__(self, tokenizer, turns: list[str]) -> None:
        self.tokenizer, self.turns = tokenizer, turns

    def state_dict(self) -> dict:  # what eval provenance fingerprints
        return {}

    def eval(self) -> None:
        pass

    def train(self, mode: bool = True) -> None:
        pass

    def generate(self, input_ids, attention_mask, max_new_tokens, **kwargs):
        rows = []
        for ids, mask in zip(input_ids.tolist(), attention_mask.tolist()):
            text = self.tokenizer.decode([i for i, m in zip(ids, mask) if m])
            turn = self.turns[min(text.count("<|im_start|>assistant") - 1, len(self.turns) - 1)]
            rows.append(ids + self.tokenizer(turn, add_special_tokens=False)["input_ids"][:max_new_tokens])
        width = max(map(len, rows))
        return torch.tensor([r + [self.tokenizer.pad_token_id] * (width - len(r)) for r in rows])


@pytest.fixture(scope="module")
def tokenizer():
    return add_tool_template(train_tokenizer([CALL, "Compute 123*456. \\boxed{56088} error not found"], 384))


def rollout(tokenizer, turns, max_new_tokens=200, n=1):
    sampler = ToolSampler(Scripted(tokenizer, turns), tokenizer, CalculatorEnv, max_new_tokens=max_new_tokens)
    samples = sampler([[{"role": "user", "content": "Compute 123*456."}]], n, True, 0)
    return samples, sampler


def test_a_tool_call_then_the_final_answer(tokenizer):
    samples, sampler = rollout(tokenizer, [CALL, "\\boxed{56088}<|im_end|>"])
    assert samples.texts == [["\\boxed{56088}"]]  # the final message, as the rewards read it in training
    full = tokenizer.decode(samples.ids[0][0])
    assert "<tool_response>56088</tool_response>" in full and full.endswith("\\boxed{56088}<|im_end|>")
    assert sampler.summary() == {"rollouts": 1, "calls_per_rollout": 1.0, "rollouts_with_calls": 1.0,
                                 "failure_rate": 0.0, "tool_error_rate": 0.0, "turns_per_rollout": 2.0}


@pytest.mark.parametrize("call, error", [
    ('<tool_call>{"name": "nope", "arguments": {}}</tool_call><|im_end|>', "{'error': 'Tool nope not found.'}"),
    ('<tool_call>{"name": "calculator", "arguments": {"expr": "1"}}</tool_call><|im_end|>',
     "{'error': \"CalculatorEnv.calculator() got an unexpected keyword argument 'expr'\"}"),
])
def test_unknown_tools_and_wrong_arguments_are_errors_the_model_reads(tokenizer, call, error):
    samples, sampler = rollout(tokenizer, [call, "\\boxed{0}<|im_end|>"])
    assert f"<tool_response>{error}</tool_response>" in tokenizer.decode(samples.ids[0][0])
    assert sampler.stats["failures"] == 1 and samples.texts == [["\\boxed{0}"]]


def test_a_malformed_call_is_plain_text(tokenizer):
    samples, sampler = rollout(tokenizer, ['<tool_call>{"name": "calculator", </tool_call><|im_end|>'])
    assert sampler.stats["calls"] == 0 and sampler.stats["turns"] == 1
    assert "calculator" in samples.texts[0][0]


def test_a_tool_turn_past_the_budget_ends_the_rollout(tokenizer):
    budget = len(tokenizer(CALL, add_special_tokens=False)["input_ids"]) + 2  # the call fits, its result does not
    samples, sampler = rollout(tokenizer, [CALL, "\\boxed{56088}<|im_end|>"], max_new_tokens=budget)
    assert "<tool_response>" not in tokenizer.decode(samples.ids[0][0])
    assert sampler.stats["calls"] == 1 and sampler.stats["turns"] == 1


def test_evaluate_by_task_runs_a_tool_env_through_the_loop(tokenizer):
    env = envs.make("products_calculator", n_train=4, n_eval=3)
    questions = env.eval["question"]
    # Each scripted rollout calls the calculator on its own question and boxes the tool's answer only if right.
    model = Scripted(tokenizer, [CALL, "\\boxed{56088}<|im_end|>"])
    result = evaluate_by_task(model, tokenizer, env, n=2, ks=[1], max_new_tokens=200)
    expected = sum(q == "123*456" for q in questions) / len(questions)
    assert result["pass@1"] == expected and result["greedy_accuracy"] == expected
    assert result["tools"]["calls_per_rollout"] == 1.0 and result["tools"]["rollouts"] == 3 * 3  # 2 sampled + greedy


def test_a_tool_envs_eval_samples_keep_what_was_judged_and_rescore_as_saved(tokenizer, tmp_path):
    import pyarrow.parquet as pq

    import rewards
    from eval.rescore import rescore
    from eval.rollouts import EVAL_FOLDER

    env = envs.make("products_calculator", n_train=4, n_eval=3)
    expected = sum(q == "123*456" for q in env.eval["question"]) / 3
    evaluate_by_task(Scripted(tokenizer, [CALL, "\\boxed{56088}<|im_end|>"]), tokenizer, env, n=2, ks=[1],
                     max_new_tokens=200, without_tools=True, samples_to=tmp_path / EVAL_FOLDER / "after.parquet")
    assert [p.name for p in (tmp_path / EVAL_FOLDER).iterdir()] == ["after.parquet"]  # the withheld run is not saved
    rows = pq.read_table(tmp_path / EVAL_FOLDER / "after.parquet").to_pylist()
    # The final assistant message, what the rewards judged (eval.tool_loop), after a call to the calculator.
    assert len(rows) == 3 * 2 and all(r["completion"] == "\\boxed{56088}" for r in rows)
    report = rescore(tmp_path, rewards.get(rows[0]["reward_names"][0]))["eval"]
    assert report["flips"] == {"wrong->right": 0, "right->wrong": 0}
    assert report["by_eval"]["after"]["pass_rate_saved"] == report["by_eval"]["after"]["pass_rate_now"] == expected


# Read by TRL's methods only on branches `_TrainerLoop` turns off: vLLM generation (``use_vllm`` is False).
UNREACHED = {"vllm_generation"}


def test_the_loop_carries_every_attribute_trls_methods_read(tokenizer):
    import ast
    import inspect
    import textwrap

    from trl import GRPOTrainer

    from eval.tool_loop import TRL_METHODS, _TrainerLoop

    sampler = ToolSampler(Scripted(tokenizer, [CALL]), tokenizer, CalculatorEnv)
    loop = _TrainerLoop(sampler, [CalculatorEnv()], greedy=True, rollouts=1)
    for name in TRL_METHODS:
        tree = ast.parse(textwrap.dedent(inspect.getsource(getattr(GRPOTrainer, name))))
        read = {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name) and node.value.id == "self"}
        assert read - UNREACHED - set(dir(loop)) == set(), f"GRPOTrainer.{name} reads more than the loop carries"


class AsyncCalculator(CalculatorEnv):
    async def calculator(self, expression: str) -> str:
        """Evaluate an arithmetic expression.

        Args:
            expression: The expression, e.g. "12*(3+4)".
        """
        return CalculatorEnv.calculator(self, expression)


def test_an_async_tool_runs_on_the_loops_event_loop(tokenizer):
    sampler = ToolSampler(Scripted(tokenizer, [CALL, "\\boxed{56088}<|im_end|>"]), tokenizer, AsyncCalculator,
                          max_new_tokens=200)
    samples = sampler([[{"role": "user", "content": "Compute 123*456."}]], 1, True, 0)
    assert "<tool_response>56088</tool_response>" in tokenizer.decode(samples.ids[0][0])
    assert samples.texts == [["\\boxed{56088}"]] and sampler.stats["failures"] == 0


class Recording(Scripted):
    """`Scripted`, keeping the text of every input it was given."""

    def __init__(self, tokenizer, turns: list[str]) -> None:
        super().__init__(tokenizer, turns)
        self.seen: list[str] = []

    def generate(self, input_ids, attention_mask, max_new_tokens, **kwargs):
        self.seen += [self.tokenizer.decode([i for i, m in zip(ids, mask) if m])
                      for ids, mask in zip(input_ids.tolist(), attention_mask.tolist())]
        return super().generate(input_ids, attention_mask, max_new_tokens, **kwargs)


def test_withheld_tools_prompt_without_them_run_nothing_and_judge_the_message(tokenizer):
    model = Recording(tokenizer, [CALL, "\\boxed{56088}<|im_end|>"])
    sampler = ToolSampler(model, tokenizer, CalculatorEnv, max_new_tokens=200, withhold_tools=True)
    samples = sampler([[{"role": "user", "content": "Compute 123*456."}]], 2, True, 0)
    assert samples.texts == [["", ""]]  # the call is not an answer, and no tool result follows it
    assert len(model.seen) == 2 and not any("Tools:" in t or "<tool_response>" in t for t in model.seen)
    assert sampler.summary() == {"rollouts": 2, "calls_per_rollout": 0.0, "rollouts_with_calls": 1.0,
                                 "failure_rate": 0.0, "tool_error_rate": 0.0, "turns_per_rollout": 1.0}
    assert sampler.backend == "hf, tools withheld"


def test_max_turns_bounds_the_tool_turns_as_trls_iterations(tokenizer):
    samples, _ = rollout(tokenizer, [CALL, CALL, "\\boxed{56088}<|im_end|>"])
    assert samples.texts == [["\\boxed{56088}"]]
    sampler = ToolSampler(Scripted(tokenizer, [CALL, CALL, "\\boxed{56088}<|im_end|>"]), tokenizer, CalculatorEnv,
                          max_new_tokens=400, max_turns=1)
    samples = sampler([[{"role": "user", "content": "Compute 123*456."}]], 1, True, 0)
    assert samples.texts == [[""]] and sampler.stats["calls"] == 1 and sampler.stats["turns"] == 2
    with pytest.raises(ValueError, match="max_turns is the number of tool turns"):
        ToolSampler(None, tokenizer, CalculatorEnv, max_turns=-1)


def test_evaluate_by_task_without_tools_scores_the_same_problems_with_none(tokenizer):
    from eval.report import comparison_table

    env = envs.make("products_calculator", n_train=4, n_eval=3)
    questions = env.eval["question"]
    expected = sum(q == "123*456" for q in questions) / len(questions)
    calling = evaluate_by_task(Scripted(tokenizer, [CALL, "\\boxed{56088}<|im_end|>"]), tokenizer, env, n=2, ks=[1],
                               max_new_tokens=200, without_tools=True)
    assert calling["pass@1"] == expected and calling["without_tools"]["pass@1"] == 0.0  # it only ever calls
    assert calling["without_tools"]["n_problems"] == 3 and calling["without_tools"]["tools"]["calls_per_rollout"] == 0
    answering = evaluate_by_task(Scripted(tokenizer, ["\\boxed{56088}<|im_end|>"]), tokenizer, env, n=2, ks=[1],
                                 max_new_tokens=200, without_tools=True)
    assert answering["pass@1"] == answering["without_tools"]["pass@1"] == expected
    table = comparison_table(calling, answering)
    assert f"| pass@1 without tools | 0.000 | {expected:.3f} | {expected:+.3f} |" in table
    assert "| pass@1 with tools |" in table and "| tool calls per rollout | 1.000 | 0.000 | -1.000 |" in table
    assert "| clipped at max new tokens 200 | 0.000 | 0.000 | +0.000 |" in table
    assert "without_tools" not in evaluate_by_task(Scripted(tokenizer, [CALL]), tokenizer, env, n=1, ks=[1])


def test_a_calculator_error_counts_as_a_tool_error_not_a_failure(tokenizer):
    bad = CALL.replace("123*456", "1/0")
    samples, sampler = rollout(tokenizer, [bad, "\\boxed{0}<|im_end|>"])
    assert "<tool_response>Error: division by zero</tool_response>" in tokenizer.decode(samples.ids[0][0])
    assert sampler.summary()["tool_error_rate"] == 1.0 and sampler.summary()["failure_rate"] == 0.0


def test_evaluate_runs_a_tool_env_through_the_loop_with_the_envs_settings(tokenizer):
    from eval import evaluate

    env = envs.make("products_calculator", n_train=4, n_eval=3)
    expected = sum(q == "123*456" for q in env.eval["question"]) / 3
    model = Recording(tokenizer, [CALL, "\\boxed{56088}<|im_end|>"])
    result = evaluate(model, tokenizer, env, n=2, ks=[1]).to_dict()  # the README's own-script call, no tool flags
    assert result["pass@1"] == expected and result["tools"]["calls_per_rollout"] == 1.0
    assert any("<tool_response>56088</tool_response>" in t for t in model.seen)  # the tool ran between turns
    assert result["max_new_tokens"] == envs.train_defaults("products_calculator")["max_completion_length"] == 128
    assert result["provenance"]["sampling"]["backend"] == "hf+tools, at most 2 tool turns"  # the env's 2, not 4
    assert result["clipped_rate"] == 0.0
    withheld = evaluate(model, tokenizer, env, n=1, ks=[1], greedy=False, withhold_tools=True).to_dict()
    assert withheld["pass@1"] == 0.0 and withheld["tools"]["calls_per_rollout"] == 0.0


def test_a_tool_mixture_is_refused_by_evaluate_naming_evaluate_by_task(tokenizer):
    from eval import evaluate
    from rewards.errors import RlvrError

    env = envs.make("products_calculator,products_python", n_train=4, n_eval=2)
    with pytest.raises(RlvrError, match=r"evaluate it with eval\.mixture\.evaluate_by_task\(model, tokenizer, env"):
        evaluate(Scripted(tokenizer, [CALL]), tokenizer, env, n=1)


def test_rollouts_cut_off_at_the_budget_are_reported_as_clipped(tokenizer, caplog):
    from eval import evaluate

    env = envs.make("products_calculator", n_train=4, n_eval=3)
    rambling = "Compute 123*456. " * 40  # no <|im_end|>: generation stops only at the budget
    with caplog.at_level("WARNING", logger="eval.harness"):
        result = evaluate(Scripted(tokenizer, [rambling]), tokenizer, env, n=2, ks=[1], max_new_tokens=20).to_dict()
    assert result["clipped_rate"] == 1.0 and result["max_new_tokens"] == 20
    assert "100.0% of the completions were cut off at max new tokens 20 (clipped)" in caplog.text
    from eval.result import summary_table

    assert "| clipped at max new tokens 20 | 100.0% | |" in summary_table(result)
    fitting = evaluate(Scripted(tokenizer, ["\\boxed{1}<|im_end|>"]), tokenizer, env, n=2, ks=[1]).to_dict()
    assert fitting["clipped_rate"] == 0.0


def test_a_tokenizer_that_cannot_call_tools_is_refused_naming_the_fix(tiny_policy):
    from eval import evaluate
    from rewards.errors import RlvrError

    model, plain_tokenizer, _ = tiny_policy  # the single-turn arithmetic policy: no tool chat template
    env = envs.make("products_calculator", n_train=4, n_eval=2)
    with pytest.raises(RlvrError,
                       match=r"cannot run tool calls.*eval\.policy\.load_policy\(env\).*add_response_schema"):
        evaluate(model, plain_tokenizer, env, n=1)
