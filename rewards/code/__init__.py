"""Code: ``code_tests`` and the sandbox it runs completions in.

- `rewards.code.code_tests`: the ``code_tests`` reward (HumanEval checks, MBPP assert lists, stdin/stdout pairs).
- `rewards.code.sandbox`: `Sandbox` and `Session`, the trusted side's view of the isolated workers.
- `rewards.code.slot`: one worker process per slot, restarted when a job breaks it.
- `rewards.code.layers`: the isolation layers (bubblewrap, cgroups, seccomp, rlimits) and their probes.
- `rewards.code.wire`: the plain-data wire format between the trusted side and a worker.
- `rewards.code.handles`: `RemoteObject`, the opaque handle a test gets for an answer that is not plain data.
- `rewards.code.frames`, `rewards.code.codec`: the one framing and the one tagged-value codec both sides of every
  sandbox channel use.
- `rewards.code.worker`, `rewards.code.zygote`, `rewards.code.job`, `rewards.code.seccomp`: the worker, the zygote
  that forks its jobs, what a job runs, and the jobs' seccomp filter. They run inside the sandbox (shipped as source,
  with frames and codec: `rewards.code.slot.WORKER_MODULES`), never in the trusted process.
"""

from rewards.code.code_tests import CandidateError, CodeTests, extract_code, humaneval_program, tokens_match

__all__ = ["CandidateError", "CodeTests", "extract_code", "humaneval_program", "tokens_match"]
