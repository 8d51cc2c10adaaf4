"""Verifiable rewards for TRL's GRPOTrainer, looked up by name.

>>> import rewards
>>> fn = rewards.get("math_exact")
>>> fn(completions=["so the answer is \\\\boxed{4}"], answer=["4"])
[1.0]

Register your own with ``@rewards.register("my_reward")``; third-party packages can add rewards through the
entry-point group ``rlvr_kit.rewards``. Every object `get` returns is a TRL reward function.
"""

from __future__ import annotations

from rewards.catalog import available, check, get, get_many, register
from rewards.checker import RewardCheckError, check_reward
from rewards.errors import (
    MissingColumnError,
    OptionError,
    RegistrationError,
    RlvrError,
    UnknownIdError,
    UnscorableError,
)
from rewards.protocol import (
    FunctionReward,
    Reward,
    RewardFn,
    Status,
    Verdict,
    check_columns,
    completion_text,
    required_columns,
    unscorable,
)

__all__ = [
    "FunctionReward", "MissingColumnError", "OptionError", "RegistrationError", "Reward", "RewardCheckError",
    "RewardFn", "RlvrError", "Status", "UnknownIdError", "UnscorableError", "Verdict", "available", "check",
    "check_columns", "check_reward", "completion_text", "get", "get_many", "register", "required_columns",
    "unscorable",
]

register("math_exact", "rewards.math.exact:MathExact")
register("format_think", "rewards.format:FormatThink")
register("format_think_soft", "rewards.format:FormatThinkSoft")
register("format_answer_tags", "rewards.format:FormatAnswerTags")
register("format_answer_tags_soft", "rewards.format:FormatAnswerTagsSoft")
register("format_boxed", "rewards.format:FormatBoxed")
register("format_boxed_soft", "rewards.format:FormatBoxedSoft")
register("tag_count", "rewards.format:TagCount")
register("tag_count_soft", "rewards.format:TagCountSoft")
register("overlong", "rewards.shaping:Overlong")
register("repetition", "rewards.shaping:Repetition")
register("length_scaled", "rewards.shaping:LengthScaled")
register("code_tests", "rewards.code.code_tests:CodeTests")
register("countdown", "rewards.countdown:Countdown")
register("multiple_choice", "rewards.choice.reward:MultipleChoice")
register("by_task", "rewards.by_task:ByTask")
register("reasoning_gym", "rewards.reasoning_gym:ReasoningGymScore")
register("bt_rm", "rewards.preference.bt_rm:BTRewardModel")
register("env_reward", "rewards.env_reward:EnvReward")
