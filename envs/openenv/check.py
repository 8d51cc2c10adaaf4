"""RFC 008's semantic checks, run against an OpenEnv environment (a server's URL or an ``Environment`` class).

`check_semantics` plays a few episodes and reports three of the RFC's ``semantic.*`` checks, by their ids:

- ``semantic.replayability``: the same ``seed`` gives the same episode (two fresh sessions reset with it observe the
  same thing, ``metadata`` aside) - what `envs.openenv.load` relies on, since a rollout resets with its row's seed;
- ``semantic.oracle_max``: a reference policy (``oracle``: observation -> the actions to take) reaches
  ``max_reward`` on every seed; skipped where the caller has no reference (the environment offers none, and a
  served rlvr-kit env never shows its gold);
- ``semantic.floor_gap``: the do-nothing episode (``noop`` actions; by default none, or an empty answer for an env
  that takes answers) scores below ``max_reward``, so the reward separates acting from not acting.

Each check is ``{"status": "pass" | "fail" | "skip", "detail": ...}``. Not run: the checks that need the package's
manifest or container (``no_solution_leakage``, ``verifier_portability``, ``resource_envelope``, canaries).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any

from envs.openenv.load import RLVR_ACTION, TIMEOUT, action_schema, open_session

__all__ = ["check_semantics"]

Oracle = Callable[[dict[str, Any]], list[dict[str, Any]]]


def check_semantics(target: str, *, oracle: Oracle | None = None, noop: list[dict[str, Any]] | None = None,
                    max_reward: float = 1.0, seeds: Iterable[int] = range(4), split: str = "eval",
                    timeout: float = TIMEOUT) -> dict[str, dict[str, Any]]:
    """The three semantic checks' results on ``target`` for each of ``seeds`` (module docstring)."""
    seeds = list(seeds)
    if not seeds:
        raise ValueError("check_semantics needs at least one seed")
    if noop is None:
        answers = RLVR_ACTION <= set(action_schema(target, timeout).get("properties", {}))
        noop = [{"content": ""}] if answers else []
    return {"semantic.replayability": _replayability(target, seeds, split, timeout),
            "semantic.oracle_max": _oracle_max(target, oracle, max_reward, seeds, split, timeout),
            "semantic.floor_gap": _floor_gap(target, noop, max_reward, seeds, split, timeout)}


def _episode(target: str, seed: int, split: str, timeout: float,
             actions: Callable[[dict[str, Any]], list[dict[str, Any]]] | None = None) -> tuple[str, float | None]:
    """One episode in a fresh session: its first observation (JSON, ``metadata`` aside) and the last reward given."""
    session = open_session(target, timeout)
    try:
        result = session.reset(seed=seed, split=split)
        first = json.dumps({k: v for k, v in result.observation.items() if k != "metadata"}, sort_keys=True,
                           default=str)
        reward = result.reward
        for action in actions(result.observation) if actions else []:
            result = session.step(action)
            reward = result.reward if result.reward is not None else reward
        return first, None if reward is None else float(reward)
    finally:
        session.close()


def _replayability(target: str, seeds: list[int], split: str, timeout: float) -> dict[str, Any]:
    differ = [s for s in seeds if _episode(target, s, split, timeout)[0] != _episode(target, s, split, timeout)[0]]
    if differ:
        return {"status": "fail", "detail": f"seeds {differ} gave different first observations in two sessions"}
    return {"status": "pass", "detail": f"seeds {seeds}: the same first observation twice"}


def _oracle_max(target: str, oracle: Oracle | None, max_reward: float, seeds: list[int], split: str,
                timeout: float) -> dict[str, Any]:
    if oracle is None:
        return {"status": "skip", "detail": "no reference policy given (the environment offers none)"}
    rewards = [_episode(target, s, split, timeout, oracle)[1] for s in seeds]
    short = [s for s, r in zip(seeds, rewards) if r is None or r < max_reward]
    status = "fail" if short else "pass"
    return {"status": status, "detail": f"rewards {rewards} against max {max_reward}"
            + (f"; short on seeds {short}" if short else "")}


def _floor_gap(target: str, noop: list[dict[str, Any]], max_reward: float, seeds: list[int], split: str,
               timeout: float) -> dict[str, Any]:
    rewards = [_episode(target, s, split, timeout, lambda _: noop)[1] for s in seeds]
    high = [s for s, r in zip(seeds, rewards) if r is not None and r >= max_reward]
    status = "fail" if high else "pass"
    return {"status": status, "detail": f"do-nothing ({noop or 'no action'}) rewards {rewards} against max "
            f"{max_reward}" + (f"; the max on seeds {high}" if high else "")}
