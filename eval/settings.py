"""Generation settings an evaluation runs with: the caller's, else a training run's, else the env's training defaults.

A tool env trains with long completions and few tool turns (`envs.train_defaults`: ``products_calculator`` 128 tokens,
2 turns); evaluating it with a generic 64 tokens cuts off nearly every rollout and reads as a model that cannot
answer. So `eval.evaluate` and ``python -m eval`` take the env's ``max_completion_length`` and
``max_tool_calling_iterations`` unless told otherwise, and ``python -m eval --from-run RUN`` takes the settings a
train.py run used. Every result reports its clipped rate (completions that reached the token budget without
ending), and `clipped_warning` says when it is high.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

from rewards.errors import RlvrError

logger = logging.getLogger(__name__)

MAX_NEW_TOKENS, MAX_TOOL_TURNS = 64, 4  # for an env without training defaults
CLIPPED_WARN = 0.1  # above this share of clipped completions a result warns: the budget, not the model, decides
FROM_ENV = "env"  # `max_tool_turns` default: the env's own (None already means "no limit", as in TRL)

# train.py's GRPOConfig field -> the evaluation setting it becomes.
RUN_FIELDS = {"max_completion_length": "max_new_tokens", "max_tool_calling_iterations": "max_tool_turns",
              "temperature": "temperature", "top_p": "top_p"}


def env_defaults(env: Any) -> dict[str, Any]:
    """``max_new_tokens`` and ``max_tool_turns`` from ``env``'s training defaults (`envs.train_defaults`), where it
    sets them; a mixture's are its envs' merged."""
    import envs

    defaults = dict(getattr(env.spec, "train_defaults", None) or {})
    if not defaults and "," in str(getattr(env, "kwargs", {}).get("id", "")):
        try:
            defaults = envs.train_defaults(env.kwargs["id"])
        except RlvrError:  # a conflict is train.py's to settle; evaluation falls back to the generic settings
            defaults = {}
    room = ("max_completion_length", "max_tool_calling_iterations")
    return {RUN_FIELDS[k]: v for k, v in defaults.items() if k in room}


def resolve(env: Any, max_new_tokens: int | None, max_tool_turns: int | None | str) -> tuple[int, int | None]:
    """The token budget and tool-turn limit to evaluate ``env`` with: the given ones, else the env's, else 64 / 4."""
    defaults = env_defaults(env)
    if max_new_tokens is None:
        max_new_tokens = defaults.get("max_new_tokens", MAX_NEW_TOKENS)
    if max_tool_turns == FROM_ENV:
        max_tool_turns = defaults.get("max_tool_turns", MAX_TOOL_TURNS)
    return int(max_new_tokens), None if max_tool_turns is None else int(max_tool_turns)


def run_settings(path: str | Path) -> dict[str, Any]:
    """What a train.py run (its ``results.json``, or the folder holding it) was trained and evaluated with:
    ``env``, ``env_kwargs`` and the generation settings of `RUN_FIELDS`.

    Raises:
        RlvrError: no such file, not JSON, or not a train.py results.json.
    """
    path = Path(path)
    if path.is_dir():
        path = path / "results.json"
    if not path.is_file():
        raise RlvrError(f"--from-run {str(path)!r}: no such file; pass a train.py run folder or its results.json.")
    try:
        doc = json.loads(path.read_text())
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise RlvrError(f"--from-run {str(path)!r} is not JSON ({e}); pass the results.json train.py writes.") from e
    if not isinstance(doc, dict) or not isinstance(doc.get("grpo_config"), dict):
        raise RlvrError(f"--from-run {str(path)!r} is not a train.py results.json (no 'grpo_config'); pass the "
                        "results.json in a train.py --output_dir.")
    config, script = doc["grpo_config"], doc.get("script_args") or {}
    settings = {ours: config[theirs] for theirs, ours in RUN_FIELDS.items() if theirs in config}
    if script.get("env"):
        settings["env"] = script["env"]
    settings["env_kwargs"] = list(script.get("env_kwargs") or [])
    return settings


def clipped(ids: list[int], max_new_tokens: int, eos: int | None) -> bool:
    """Whether a completion was cut off: it reached the budget and does not end with EOS (for a tool rollout, the
    whole rollout's tokens against the rollout's budget, as TRL counts them)."""
    return len(ids) >= max_new_tokens and (eos is None or not ids or ids[-1] != eos)


def clipped_warning(result: dict[str, Any]) -> str | None:
    """A warning line when more than `CLIPPED_WARN` of a result's sampled completions were cut off, else None."""
    rate, budget = result.get("clipped_rate"), result.get("max_new_tokens")
    if rate is None or rate <= CLIPPED_WARN:
        return None
    return (f"{rate:.1%} of the completions were cut off at max new tokens {budget} (clipped): an unfinished "
            f"answer scores 0, so these rates measure the budget as much as the model. Raise --max-new-tokens "
            f"(training used --max_completion_length; `python -m eval --from-run RUN` takes a run's settings).")
