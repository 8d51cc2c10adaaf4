"""Environments: datasets, prompt formats and the rewards that judge them, made by id.

>>> import envs
>>> env = envs.make("arithmetic", n_train=50, n_eval=10)
>>> env.train.column_names
['prompt', 'question', 'answer', 'reference']
"""

from collections.abc import Collection
from typing import Any

import rlvr_kit

rlvr_kit.check_packages(__name__)  # before the first import of a package below this one

from envs import mixture, registration
from envs.checker import check_env
from envs.mixture import make_mixture
from envs.prompts import BOXED_TEMPLATE
from envs.registration import Env, EnvSpec, available, parse_kwargs, register, registry, spec

__all__ = ["Env", "EnvSpec", "available", "check_env", "make", "parse_kwargs", "register", "registry", "spec",
           "train_defaults"]


def make(id: str, **kwargs: Any) -> Env:
    """Build the env ``id``: a registered id, or a mixture such as ``"arithmetic:0.7,countdown:0.3"``
    (`envs.mixture`); ``kwargs`` override the spec's defaults.

    Raises:
        UnknownIdError: ``id`` (or a part of the mixture) is not registered.
        RlvrError: the builder rejects the kwargs, or its datasets lack a ``prompt`` column.
    """
    if id.startswith("openenv:") and "," not in id:
        from envs.openenv import require_openenv

        require_openenv()  # the optional package, imported only when asked for
        from envs.openenv.load import make as make_openenv

        return make_openenv(id, **kwargs)
    return make_mixture(id, **kwargs) if "," in id else registration.make(id, **kwargs)


def train_defaults(id: str, settled: Collection[str] = ()) -> dict[str, Any]:
    """The GRPO settings and train.py flags env ``id`` is trained with by default (`EnvSpec.train_defaults`); for a
    mixture, its envs' merged (`envs.mixture.train_defaults`), leaving out the fields in ``settled``.

    Raises:
        UnknownIdError: ``id`` (or a part of the mixture) is not registered.
        TrainDefaultsConflictError: two envs of the mixture set a field to different values, and it is not ``settled``.
    """
    if "," in id:
        return mixture.train_defaults(id, settled)
    return {k: v for k, v in registration.train_defaults(id).items() if k not in settled}

register(
    "arithmetic",
    "envs.arithmetic:build",
    rewards=("math_exact",),
    version=1,
    description="Procedural integer arithmetic (seeded; digits and operators as knobs). No download.",
)
register(
    "humaneval",
    "envs.humaneval:build",
    rewards=("code_tests",),
    version=2,
    description="OpenAI HumanEval (164 problems, all held out; train_percent=50 to train on half), offline.",
)
register(
    "mbpp",
    "envs.mbpp:build",
    rewards=("code_tests",),
    version=1,
    description="MBPP (Austin et al. 2021): hub download, or a local mbpp.jsonl via dataset_file=...",
)
register(
    "countdown",
    "envs.countdown:build",
    rewards=("countdown",),
    version=1,
    description="Reach a target with given numbers and + - * / (seeded; count, ranges, integer_steps knobs).",
)
register(
    "arithmetic_choice",
    "envs.arithmetic_choice:build",
    rewards=("multiple_choice",),
    version=1,
    description="Procedural integer arithmetic as multiple choice (seeded distractors; n_options knob). No download.",
)
register(
    "multiple_choice",
    "envs.multiple_choice:build",
    rewards=("multiple_choice",),
    version=1,
    description="Lettered-option questions from a local GPQA/MMLU-Pro/MMLU/AQuA/ARC-format file (dataset_file=).",
)
register(
    "reasoning_gym:*",
    "envs.reasoning_gym:build",
    rewards=("reasoning_gym",),
    version=1,
    description="Any reasoning-gym task, e.g. reasoning_gym:chain_sum (pip install 'rlvr-kit[reasoning-gym]').",
)
register(
    "gsm8k",
    "envs.gsm8k:build",
    rewards=("math_exact",),
    kwargs={"template": BOXED_TEMPLATE},
    version=1,
    description="GSM8K word problems (openai/gsm8k main; dataset_file= for a local JSONL/Parquet copy).",
)
register(
    "math",
    "envs.hendrycks_math:build",
    rewards=("math_exact",),
    kwargs={"template": BOXED_TEMPLATE},
    version=1,
    description="Hendrycks MATH, eval on MATH-500; gold is the solution's \\boxed{} (dataset_file= for a local copy).",
)

register(
    "openenv:*",
    "envs.openenv.load:build",
    rewards=("env_reward",),
    version=1,
    description="Any OpenEnv environment: openenv:<server URL> or openenv:<module>:<Environment class>; its own "
                "reward (pip install 'rlvr-kit[openenv]', docs/openenv.md).",
)

# Tool envs: TRL's `environment_factory` gets `env.environment_factory`; the rewards still judge the final message.
TOOL_TEMPLATE = "Compute {question}. Use the {tool} tool, then put the final answer in \\boxed{{}}."
# Measured with the embedded tool policy on 2 CPU cores (bench/RESULTS.md): a tool turn and the answer need ~70 tokens
# (train.py's default 12 cuts off the call); 16 prompts x 8 rollouts a step take ~3 s, and 20 steps gave pass@1 +0.145
# (short of a +0.15 goal), so 50 steps: the run stays well inside 15 minutes.
PRODUCTS_TRAINING = {"max_completion_length": 128, "max_tool_calling_iterations": 2,
                     "per_device_train_batch_size": 128, "max_steps": 50, "logging_steps": 2, "eval_limit": 200}
# Not measured: room for a few code cells and their output, for a hub model (pass its own lr, batch and steps).
CODE_TOOL_TRAINING = {"max_completion_length": 512, "max_tool_calling_iterations": 4}
register(
    "products_calculator",
    "envs.arithmetic:build",
    rewards=("math_exact",),
    kwargs={"digits": 3, "operators": "*", "chat": True, "template": TOOL_TEMPLATE.replace("{tool}", "calculator")},
    environment="envs.tools.calculator:CalculatorEnv",
    train_defaults=PRODUCTS_TRAINING,
    version=1,
    description="3-digit x 3-digit products with a `calculator` tool (chat prompts; judged by math_exact).",
)
register(
    "products_python",
    "envs.arithmetic:build",
    rewards=("math_exact",),
    kwargs={"digits": 3, "operators": "*", "chat": True, "template": TOOL_TEMPLATE.replace("{tool}", "python")},
    environment="envs.tools.python:PythonEnv",
    train_defaults=PRODUCTS_TRAINING,
    version=1,
    description="3-digit x 3-digit products with a sandboxed `python` tool (state kept per rollout).",
)
PYTHON_TEMPLATE = ("{question}\nYou may run Python code with the python tool. Put your final answer within "
                   "\\boxed{{}}.")
register(
    "gsm8k_python",
    "envs.gsm8k:build",
    rewards=("math_exact",),
    kwargs={"template": PYTHON_TEMPLATE, "chat": True},
    environment="envs.tools.python:PythonEnv",
    train_defaults=CODE_TOOL_TRAINING,
    version=1,
    description="GSM8K with a sandboxed `python` tool (tool-integrated reasoning); data as for `gsm8k`.",
)
register(
    "math_python",
    "envs.hendrycks_math:build",
    rewards=("math_exact",),
    kwargs={"template": PYTHON_TEMPLATE, "chat": True},
    environment="envs.tools.python:PythonEnv",
    train_defaults=CODE_TOOL_TRAINING,
    version=1,
    description="Hendrycks MATH / MATH-500 with a sandboxed `python` tool; data as for `math`.",
)
register(
    "humaneval_python",
    "envs.humaneval:build",
    rewards=("code_tests",),
    kwargs={"chat": True},
    environment="envs.tools.python:PythonEnv",
    train_defaults=CODE_TOOL_TRAINING,
    version=1,
    description="HumanEval with a sandboxed `python` tool to try code (the docstring examples) before answering.",
)
register(
    "mbpp_python",
    "envs.mbpp:build",
    rewards=("code_tests",),
    kwargs={"chat": True, "template": "You are an expert Python programmer, and here is your task: {text} Your code "
            "should pass these tests:\n\n{tests}\nYou may run code with the python tool, e.g. against these tests, "
            "then give your final code in a ```python block.\n"},
    environment="envs.tools.python:PythonEnv",
    train_defaults=CODE_TOOL_TRAINING,
    version=1,
    description="MBPP with a sandboxed `python` tool to run the shown assert; all asserts judge the final message.",
)

# Games: the environment owns the episode and its reward (TRL's `get_reward`, weight 1, logged under its class name);
# `env_reward` reads the same reward at weight 0 to log turns, invalid-move and solved rates, and to judge evaluation.
# Completion budgets hold every tool reply of a full game (TRL counts them in the completion); 8 games x 8 rollouts a
# step for the embedded tiny policy (number_search, 200 steps: held-out solved rate +0.163 in 38 minutes on 2
# shared cores, warm start included; bench/RESULTS.md).
# No evaluation without tools: without its moves a game cannot be played.
GAME_TRAINING = {"per_device_train_batch_size": 64, "max_steps": 50, "logging_steps": 2, "eval_without_tools": False}
register(
    "word_guess",
    "envs.games.word:build",
    rewards=("env_reward",),
    reward_weights=(0.0,),
    environment="envs.games.word:WordGuess",
    train_defaults={**GAME_TRAINING, "max_completion_length": 384, "max_tool_calling_iterations": 6},
    version=1,
    description="Find a secret 5-letter word in 6 guesses, per-letter feedback (seeded; the env's own reward).",
)
register(
    "number_search",
    "envs.games.number:build",
    rewards=("env_reward",),
    reward_weights=(0.0,),
    environment="envs.games.number:NumberSearch",
    # ~65-73 tokens a move with the embedded tokenizer (call and reply, which states the range left): 768 holds all
    # ten moves (at most 731 measured). 384 cut a game off after six or seven, so even the reference policy lost the
    # 37 secrets bisection finds on the seventh guess.
    train_defaults={**GAME_TRAINING, "max_completion_length": 768, "max_tool_calling_iterations": 10,
                    "max_steps": 200},
    # 2: held out by seed (secrets drawn from the same 1..100), room for ten moves, partial credit. 3: replies state
    # the range left.
    version=3,
    description="Find a secret number 1..100 in 10 guesses, higher/lower replies (seeded; the env's own reward).",
)
register(
    "maze",
    "envs.games.maze:build",
    rewards=("env_reward",),
    reward_weights=(0.0,),
    environment="envs.games.maze:Maze",
    train_defaults={**GAME_TRAINING, "max_completion_length": 1024, "max_tool_calling_iterations": 12},
    version=1,
    description="Walk a 5x5-cell maze drawn in the prompt with a move tool, 12 moves (seeded; the env's own reward).",
)
