"""Tools for TRL's ``GRPOTrainer(environment_factory=...)``: environment classes whose typed, documented methods
the model calls during generation, and the check that a class qualifies.

- `envs.tools.python`: ``python``, a rollout's own interpreter in the code sandbox (`PythonEnv`, `PythonSession`).
- `envs.tools.calculator`: ``calculator``, exact arithmetic on one expression (`CalculatorEnv`, `calculate`).
- `envs.tools.schema`: `check_environment`, run when a tool env is registered or made.

A tool env is an env whose `EnvSpec` names an ``environment``; ``envs.make(id).environment_factory`` is what
``GRPOTrainer`` takes. The env's registered rewards still judge the final message.
"""

from envs.tools.calculator import CalculatorEnv, calculate
from envs.tools.python import PythonEnv, PythonSession, PythonToolConfig
from envs.tools.schema import check_environment, tool_names

__all__ = ["CalculatorEnv", "PythonEnv", "PythonSession", "PythonToolConfig", "calculate", "check_environment",
           "tool_names"]
