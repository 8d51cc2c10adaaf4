"""Evaluation: unbiased pass@k, pass^k and maj@k with bootstrap CIs, greedy accuracy, reward statuses and the GRPO
signal of a model on an env, scored by the env's own rewards; paired before/after comparison (`eval.compare`)."""

import rlvr_kit

rlvr_kit.check_packages(__name__)  # before the first import of a package below this one

from eval.bootstrap import bootstrap_ci
from eval.grpo_signal import grpo_signal_message, zero_std_fraction, zero_std_probability
from eval.harness import Samples, evaluate, generate, sample_all, score
from eval.passk import mean_pass_at_k, pass_at_k, pass_hat_k
from eval.result import EvalResult, summary_table

__all__ = ["EvalResult", "Samples", "bootstrap_ci", "evaluate", "generate", "grpo_signal_message", "mean_pass_at_k",
           "pass_at_k", "pass_hat_k", "sample_all", "score", "summary_table", "zero_std_fraction",
           "zero_std_probability"]
