"""Rewards judged on a Ray cluster: ``rewards.get(spec, placement="ray")`` (see docs/distributed.md).

Importing this package does not import Ray; `RemoteReward` does, when one is built.
"""

from __future__ import annotations

from typing import Any

from rewards.errors import RlvrError

__all__ = ["remote_reward"]


def remote_reward(spec: str, **params: Any) -> Any:
    """`rewards.remote.reward.RemoteReward` for ``spec``: what ``rewards.get(spec, placement="ray")`` returns.

    Raises:
        RlvrError: Ray is not installed (the message gives the extra to install).
    """
    try:
        import ray  # noqa: F401
    except ImportError as e:
        raise RlvrError("placement='ray' needs Ray: pip install 'rlvr-kit[ray]' (or pip install ray), then start "
                        "Ray on the verifying nodes (docs/distributed.md).") from e
    from rewards.remote.reward import RemoteReward

    return RemoteReward(spec, params)
