"""Code: ``code_tests``, which runs a completion's code against unit tests in the sandbox (`rewards.sandbox`).

- `rewards.code.code_tests`: the ``code_tests`` reward (HumanEval checks, MBPP assert lists, LeetCode entry points,
  stdin/stdout pairs), its test runners and how a test's names are bound to the completion's.
"""

from rewards.code.code_tests import CandidateError, CodeTests, extract_code, humaneval_program, tokens_match

__all__ = ["CandidateError", "CodeTests", "extract_code", "humaneval_program", "tokens_match"]
