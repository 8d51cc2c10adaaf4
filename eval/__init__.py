"""Evaluation: unbiased pass@k and greedy accuracy of a model on an env, scored by the env's own rewards."""

from eval.harness import EvalResult, Samples, evaluate, generate, score
from eval.passk import mean_pass_at_k, pass_at_k

__all__ = ["EvalResult", "Samples", "evaluate", "generate", "mean_pass_at_k", "pass_at_k", "score"]
