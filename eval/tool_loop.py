"""Evaluation rollouts for tool envs: generate, run the tool calls, generate again, as TRL's GRPO tool loop does.

`ToolSampler` is an `eval.harness.Sampler`, so `eval.evaluate` scores its rollouts with the env's rewards like any
other samples; the text it returns per rollout is the final assistant message (what the rewards read in training).

It follows TRL 1.16's ``GRPOTrainer._tool_call_loop`` step by step, so before/after numbers measure the policy TRL
trains: the tools are the environment's public methods (one instance per rollout, ``reset`` first), calls are parsed
with TRL's `parse_response`, a call to an unknown tool or one that raises gives the model ``{'error': ...}`` and
counts as a failure, tool output is appended with the chat template's own tool-turn tokens, a rollout whose tool
turn would pass ``max_new_tokens`` stops there, and at most ``max_turns`` generations follow the first. It is a
second implementation of that loop (TRL offers no public entry point to its own): `tests/eval/test_tool_loop.py`
checks its cases one by one, and its tool-turn tokens against TRL's own ``_get_tool_suffix_ids``.

With ``withhold_tools=True`` the same model answers the same prompts with no tools: the prompt is rendered without
them (no tool preamble), nothing is executed, and the rollout is the first message's text (a tool call it still
writes is dropped, as TRL would leave it unanswered), judged by the same rewards. Set beside a tool run, it shows
what the tool adds (train.py's ``without_tools`` rows).

``reset`` receives only ``prompt=`` here (the sampler sees prompts, not rows): a tool env must not need the row to
work, which also keeps the gold away from its tools.
"""

from __future__ import annotations

import inspect
import sys
from collections import Counter
from collections.abc import Sequence
from typing import Any

import torch

from eval.harness import Samples
from envs.tools import tool_names


class ToolSampler:
    """Rollouts with tools for `eval.evaluate`; ``stats`` counts rollouts, tool calls, failures and turns."""

    def __init__(self, model: Any, tokenizer: Any, environment_factory: Any, *, temperature: float = 1.0,
                 top_p: float = 1.0, max_new_tokens: int = 64, max_turns: int | None = 4,
                 withhold_tools: bool = False) -> None:
        if max_turns is not None and max_turns < 0:
            raise ValueError(f"max_turns is the number of tool turns after the first generation (>= 0, or None for "
                             f"no limit, as TRL's max_tool_calling_iterations), got {max_turns}")
        self.model, self.tokenizer, self.factory = model, tokenizer, environment_factory
        self.temperature, self.top_p = temperature, top_p
        self.max_new_tokens = max_new_tokens
        self.max_turns = 0 if withhold_tools else sys.maxsize if max_turns is None else max_turns
        self.withhold_tools = withhold_tools
        self.backend = "hf, tools withheld" if withhold_tools else "hf+tools"
        self.stats: Counter = Counter()

    def summary(self) -> dict[str, float]:
        """Per-rollout rates over everything sampled so far (TRL's ``tools/failure_frequency`` is failures/calls).

        ``rollouts_with_calls`` counts rollouts whose first message calls a tool, also when the tools are withheld
        (the call is then not run).
        """
        s, rollouts = self.stats, max(1, self.stats["rollouts"])
        return {"rollouts": s["rollouts"], "calls_per_rollout": s["calls"] / rollouts,
                "rollouts_with_calls": s["rollouts_with_calls"] / rollouts,
                "failure_rate": s["failures"] / s["calls"] if s["calls"] else 0.0,
                "tool_error_rate": s["tool_errors"] / s["calls"] if s["calls"] else 0.0,
                "turns_per_rollout": s["turns"] / rollouts}

    @torch.inference_mode()
    def __call__(self, prompts: Sequence[Any], n: int, greedy: bool, seed: int) -> Samples:
        from trl.chat_template_utils import parse_response

        torch.manual_seed(seed)
        tok = self.tokenizer
        conversations = [list(p) for p in prompts for _ in range(n)]
        envs = [] if self.withhold_tools else [self.factory() for _ in conversations]
        tools = [[] for _ in conversations] if self.withhold_tools else [
            [getattr(e, name) for name in tool_names(type(e))] for e in envs]
        for i, (env, conv) in enumerate(zip(envs, conversations)):
            observation = env.reset(prompt=conv)
            if isinstance(observation, str):
                conversations[i] = conv[:-1] + [{**conv[-1], "content": conv[-1]["content"] + observation}]
        prompt_ids = [tok.apply_chat_template(c, tools=t or None, add_generation_prompt=True, tokenize=True,
                                              return_dict=False) for c, t in zip(conversations, tools)]
        completion_ids = self._generate(prompt_ids, greedy, [self.max_new_tokens] * len(prompt_ids))
        messages = [[parse_response(tok, ids, prefix=p, tools=t or None)]
                    for ids, p, t in zip(completion_ids, prompt_ids, tools)]
        self.stats["rollouts"] += len(messages)
        self.stats["turns"] += len(messages)
        active = [i for i, m in enumerate(messages) if m[-1].get("tool_calls")]
        self.stats["rollouts_with_calls"] += len(active)
        for _ in range(self.max_turns):
            if not active:
                break
            inputs, budgets, kept = [], [], []
            for i in active:
                results = [self._call(envs[i], tools[i], call) for call in messages[i][-1]["tool_calls"]]
                suffix = _tool_suffix_ids(tok, results)
                full = prompt_ids[i] + completion_ids[i] + suffix
                if len(full) - len(prompt_ids[i]) > self.max_new_tokens:
                    continue  # as TRL: the tool results would pass the budget, so the rollout ends as it is
                messages[i] += results
                inputs.append(full)
                budgets.append(self.max_new_tokens - (len(full) - len(prompt_ids[i])))
                kept.append(i)
            if not kept:
                break
            new_ids = self._generate(inputs, greedy, budgets)
            self.stats["turns"] += len(kept)
            active = []
            for i, full, ids in zip(kept, inputs, new_ids):
                completion_ids[i] = full[len(prompt_ids[i]):] + ids
                if ids:
                    messages[i].append(parse_response(tok, ids, prefix=full, tools=tools[i]))
                    if messages[i][-1].get("tool_calls"):
                        active.append(i)
        for env in envs:
            stats = getattr(env, "stats", None)
            if isinstance(stats, dict):
                self.stats["tool_errors"] += int(stats.get("errors", 0))
        texts = [_final_text(m) for m in messages]  # withheld tools: a call is not an answer, only its text counts
        return Samples([texts[j * n:(j + 1) * n] for j in range(len(prompts))],
                       [completion_ids[j * n:(j + 1) * n] for j in range(len(prompts))])

    def _call(self, env: Any, tools: list[Any], call: dict[str, Any]) -> dict[str, Any]:
        """One tool call as TRL makes it: the result as text, or ``{'error': ...}`` counted as a failure."""
        self.stats["calls"] += 1
        by_name = {t.__name__: t for t in tools}
        if call.get("type") != "function":
            self.stats["failures"] += 1
            return {"role": "tool", "name": call.get("name", "unknown"),
                    "content": str({"error": f"Unsupported tool call type: {call.get('type')}"})}
        function = call["function"]
        name = function["name"]
        try:
            if name not in by_name:
                raise ValueError(f"Tool {name} not found.")
            result = by_name[name](**function["arguments"])
            if inspect.isawaitable(result):
                import asyncio

                result = asyncio.run(result)
        except Exception as e:
            self.stats["failures"] += 1
            result = {"error": str(e)}
        return {"role": "tool", "name": name, "content": str(result)}

    def _generate(self, inputs: list[list[int]], greedy: bool, budgets: list[int]) -> list[list[int]]:
        """One completion per input (left-padded batch), each cut at EOS and at its own token budget."""
        tok, model = self.tokenizer, self.model
        width = max(map(len, inputs))
        pad = tok.pad_token_id
        ids = torch.tensor([[pad] * (width - len(x)) + x for x in inputs], device=model.device)
        mask = torch.tensor([[0] * (width - len(x)) + [1] * len(x) for x in inputs], device=model.device)
        out = model.generate(input_ids=ids, attention_mask=mask, do_sample=not greedy, max_new_tokens=max(budgets),
                             temperature=None if greedy else self.temperature, top_k=None,
                             top_p=None if greedy or self.top_p >= 1.0 else self.top_p,
                             pad_token_id=pad, eos_token_id=tok.eos_token_id)
        result = []
        for row, budget in zip(out[:, width:].tolist(), budgets):
            row = row[:budget]
            if tok.eos_token_id in row:
                row = row[: row.index(tok.eos_token_id) + 1]
            result.append(row)
        return result


def _tool_suffix_ids(tokenizer: Any, tool_messages: list[dict[str, Any]]) -> list[int]:
    """The tokens the chat template puts after an assistant tool call for ``tool_messages`` (TRL's method)."""
    call = [{"type": "function", "function": {"name": tool_messages[0]["name"], "arguments": {}}}]
    dummy = [{"role": "user", "content": "dummy"}, {"role": "assistant", "content": "", "tool_calls": call}]
    prefix = tokenizer.apply_chat_template(dummy, add_generation_prompt=False, tokenize=True, return_dict=False)
    full = tokenizer.apply_chat_template(dummy + tool_messages, add_generation_prompt=True, tokenize=True,
                                         return_dict=False)
    eos = [i for i, t in enumerate(prefix) if t == tokenizer.eos_token_id]
    if eos:
        prefix = prefix[: eos[-1] + 1]
    if full[: len(prefix)] != prefix:
        raise ValueError("the chat template does not render a tool turn as a suffix of the conversation")
    return full[len(prefix):]


def _final_text(messages: list[dict[str, Any]]) -> str:
    assistant = [m for m in messages if m.get("role") == "assistant"]
    content = assistant[-1].get("content") if assistant else ""
    return content if isinstance(content, str) else ""
