"""Environments: datasets, prompt formats and the rewards that judge them, made by id.

>>> import envs
>>> env = envs.make("arithmetic", n_train=50, n_eval=10)
>>> env.train.column_names
['prompt', 'question', 'answer', 'reference']
"""

from envs.prompts import BOXED_TEMPLATE
from envs.registration import Env, EnvSpec, available, make, register, registry, spec

__all__ = ["Env", "EnvSpec", "available", "make", "register", "registry", "spec"]

register(
    "arithmetic",
    "envs.arithmetic:build",
    rewards=("math_exact",),
    version=1,
    description="Procedural integer arithmetic (seeded; digits and operators as knobs). No download.",
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
