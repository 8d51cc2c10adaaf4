"""The plain-Python reference of the ``python`` tool's tests (issue 37): one ``python3`` process that runs a rollout's
cells in order, REPL-style (output, then ``Out: <repr>`` of a last bare expression, then the exception's last line),
with `random` seeded as the rollout's and the hash seed every sandbox slot gets (`rewards.sandbox.layers.WORKER_ENV`).

As in one process: the cells share one UTF-8 text stream for stdout and stderr, as a process has one stdout (a
logging handler or a saved ``sys.stdout.write`` made in one cell writes into a later cell's reply;
``sys.stdout.encoding``, ``.buffer`` and ``.reconfigure`` are there), and their namespace is the module
``sys.modules["__main__"]``, as a script's is (pickle, ``doctest.testmod()`` and ``unittest.main()`` find what the
cells defined). Cell N compiles as ``<cell N>``, the name the tool gives it, so a ``SyntaxError``'s or a warning's
location reads the same. (Until the tenth sweep, 2026-12-05, each cell wrote to an `io.StringIO` of its own in a
namespace that was not ``__main__``'s, and the tool did the same, so both lost what a kept handler wrote.)"""

from __future__ import annotations

import json
import os
import subprocess
import sys

from rewards.sandbox.layers import WORKER_ENV

PLAIN = r'''
import ast, builtins, io, json, random, sys

cells, seed = json.loads(sys.stdin.read())
random.seed(seed)
main = type(sys)("__main__")
namespace = main.__dict__
namespace["__builtins__"] = builtins
sys.modules["__main__"] = main
stream = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", write_through=True)
replies = []
for index, cell in enumerate(cells, 1):
    start = stream.buffer.tell()
    name = f"<cell {index}>"
    sys.stdout = sys.stderr = stream
    text, error = "", None
    try:
        tree = ast.parse(cell, name)
        last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        exec(compile(tree, name, "exec"), namespace)
        if last is not None:
            value = eval(compile(ast.Expression(last.value), name, "eval"), namespace)
            if value is not None:
                text = "Out: " + repr(value)
    except BaseException as e:
        error = f"{type(e).__name__}: {e}" if str(e) else type(e).__name__
    finally:
        sys.stdout, sys.stderr = sys.__stdout__, sys.__stderr__
    stream.flush()
    reply = stream.buffer.getvalue()[start:].decode("utf-8")
    for part in (text, error):
        if part:
            reply += ("" if not reply or reply.endswith("\n") else "\n") + part
    replies.append(reply.rstrip("\n") or "(no output)")
print(json.dumps(replies))
'''


def plain(cells: list[str], seed: int) -> list[str]:
    """The replies of one plain Python process running ``cells`` in order, ``random`` seeded with ``seed``."""
    env = {**os.environ, "PYTHONHASHSEED": WORKER_ENV["PYTHONHASHSEED"]}
    done = subprocess.run([sys.executable, "-c", PLAIN], input=json.dumps([cells, seed]), capture_output=True,
                          text=True, env=env, timeout=60, check=True)
    return json.loads(done.stdout)
