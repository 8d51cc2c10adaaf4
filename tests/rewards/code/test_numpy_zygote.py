"""The numpy zygote (`SandboxConfig.numpy_zygote`): a second zygote per slot, with numpy imported, forks the jobs of
code that imports numpy; every other job comes from the plain zygote. Which one served a completion changes its
speed only: the same uid, limits, session and seccomp layers, the same verdicts, and nothing the next completion can
read. Real sandbox, real processes, observed from the job and from the host.
"""

from __future__ import annotations

import random
import signal
from dataclasses import replace
from pathlib import Path

import pytest
from host import live_pids

from rewards.code.code_tests import CodeTests, imports_numpy
from rewards.sandbox.local import Sandbox, SandboxConfig

CONFIG = SandboxConfig(slots=1, call_timeout=2.0, completion_timeout=6.0, numpy_zygote=True)
# numpy already in sys.modules when the code starts: the job was forked from a process that had imported it.
PROBE = ("import sys\nPRELOADED = 'numpy' in sys.modules\nimport numpy as np\n"
         "def f():\n    return [PRELOADED, float(np.arange(4).sum())]\n")
# What a job is, besides its code: ids, session, limits, priority, affinity, seccomp mode and flags.
FACTS = """import ctypes, os, resource
libc = ctypes.CDLL(None)
def facts():
    limits = [resource.getrlimit(getattr(resource, n)) for n in sorted(dir(resource)) if n.startswith("RLIMIT_")]
    return [list(os.getresuid()), list(os.getresgid()), os.getsid(0) == os.getpid(), os.getpgid(0) == os.getpid(),
            [list(x) for x in limits], os.getpriority(os.PRIO_PROCESS, 0), sorted(os.sched_getaffinity(0)),
            [libc.prctl(n, 0, 0, 0, 0) for n in (3, 21, 39)], os.getcwd(), sorted(os.listdir("/")),
            os.getppid()]
"""


@pytest.fixture(scope="module", params=[False, True], ids=["real_clock", "private_clock"])
def box(request):
    with Sandbox(replace(CONFIG, private_clock=request.param)) as sandbox:
        yield sandbox


def run(box, code: str, name: str, numpy: bool, *args: object) -> object:
    """What ``name(*args)`` of ``code`` returns in one session on ``box`` whose code is said (not) to import numpy."""
    with box.session() as session:
        session.numpy = numpy
        assert session.load(code).ok
        result = session.call(name, args)
        assert result.ok, result.error
        return result.value


def slot_pids(box) -> list[int]:
    """Host pids of the live processes of the slot's worker uid: its worker, zygote and numpy template."""
    box.settle()
    return live_pids([box.slots[0].uid])[box.slots[0].uid]


def maps_numpy(pids: list[int]) -> list[bool]:
    """Whether each process has numpy's extension modules mapped."""
    return ["_multiarray_umath" in Path(f"/proc/{pid}/maps").read_text() for pid in pids]


def test_numpy_code_runs_in_a_job_forked_with_numpy_imported_and_other_code_without(box):
    assert run(box, PROBE, "f", True) == [True, 6.0]
    assert run(box, PROBE, "f", False) == [False, 6.0]  # a wrong guess: the import in the job, as before
    with box.session() as session:
        for numpy in (True, False):
            session.numpy = numpy
            result = session.run_script("import sys\nprint('numpy' in sys.modules)", "")
            assert result.value == f"{numpy}\n"


def test_the_numpy_zygote_imports_numpy_at_the_first_job_that_asks_for_it():
    """A slot that never sees numpy holds a template that never imported it; the first numpy job has it imported."""
    with Sandbox(CONFIG) as fresh:
        run(fresh, PROBE, "f", False)
        pids = slot_pids(fresh)
        assert len(pids) == 3 and not any(maps_numpy(pids))  # worker, zygote, template: none has numpy
        run(fresh, PROBE, "f", True)
        after = slot_pids(fresh)
        assert after == pids and maps_numpy(after).count(True) == 1


def test_a_job_of_either_zygote_has_the_same_ids_limits_session_and_seccomp_layers(box):
    numpy, plain = run(box, FACTS, "facts", True), run(box, FACTS, "facts", False)
    assert numpy[:-1] == plain[:-1]
    assert numpy[-1] != plain[-1]  # the parent: the template, not the zygote
    assert plain[7][1] == 2  # in seccomp filter mode


@pytest.mark.parametrize("how", ["kill", "stop"])
def test_no_job_can_signal_the_numpy_zygote(box, how):
    """Its parent for a numpy job, its zygote's neighbour for any other: refused both ways, and it keeps serving."""
    sig = signal.SIGKILL if how == "kill" else signal.SIGSTOP
    code = (f"import os\ndef hit(pid):\n    try:\n        os.kill(pid or os.getppid(), {int(sig)})\n"
            "    except OSError as e:\n        return e.errno\n    return 0\n")
    template = run(box, FACTS, "facts", True)[-1]
    assert run(box, code, "hit", True, 0) != 0
    assert run(box, code, "hit", False, template) != 0
    assert run(box, code, "hit", False, -template) != 0
    assert run(box, FACTS, "facts", True)[-1] == template  # the same template, alive and not stopped
    assert run(box, PROBE, "f", True) == [True, 6.0]


def test_the_next_pid_does_not_say_which_zygote_served_a_completion(box):
    """A writer that chooses the numpy zygote or not (by the code it writes) leaves the next completion the same pid
    offset: each module session's budget counts the spare forked before it, used or not."""
    readings = []
    for numpy in [random.random() < 0.5 for _ in range(10)] + [True, False, True, True, False, False]:
        run(box, PROBE, "f", numpy)
        readings.append(run(box, "import os\ndef pid():\n    return os.getpid()\n", "pid", False))
    steps = {b - a for a, b in zip(readings, readings[1:], strict=False)}
    assert steps == {4}, readings  # two sessions of two pids each (a spare, used or not, and a numpy job)


TWO = ["assert f(4) == 6", "assert f(5) == 10"]
ROWS = [  # (completion, test_list): numpy or not, right, wrong, raising, crashing, slow
    ("import numpy as np\ndef f(x):\n    return int(np.sum(np.arange(x)))\n", TWO),
    ("import numpy as np\ndef f(x):\n    return int(np.sum(np.arange(x))) + 1\n", TWO),
    ("import numpy as np\ndef f(x):\n    return np.arange(x)[x]\n", TWO),
    ("import numpy as np, os\ndef f(x):\n    if x == 4:\n        os._exit(1)\n    return int(np.sum(np.arange(x)))\n",
     TWO),
    ("from numpy import array\ndef f(x):\n    while x: pass\n", ["assert f(4) == 6"]),
    ("def f(x):\n    return x * (x - 1) // 2\n", TWO),
    ("# numpy? no\nimport math\ndef f(x):\n    return math.comb(x, 2)\n", ["assert f(4) == 6", "assert f(5) == 9"]),
]


def test_code_tests_gives_the_same_verdicts_from_either_zygote():
    with_template = CodeTests(slots=1, call_timeout=1.0)
    assert with_template.config.numpy_zygote
    without = CodeTests(sandbox=SandboxConfig(slots=1, call_timeout=1.0))
    completions, tests = [c for c, _ in ROWS], [t for _, t in ROWS]
    assert with_template(completions, test_list=tests) == without(completions, test_list=tests) \
        == [1.0, 0.0, 0.0, 0.5, 0.0, 1.0, 0.5]


def test_imports_numpy_reads_import_statements_of_the_completion_and_the_row():
    assert imports_numpy("import numpy as np\n", {})
    assert imports_numpy("def f():\n    import os, numpy.linalg as la\n", {})
    assert imports_numpy("from numpy import array\n", {})
    assert imports_numpy("import pandas as pd\n", {})
    assert imports_numpy("def f(): pass\n", {"test_setup_code": "import numpy as np\n"})
    assert imports_numpy("def f(): pass\n", {"test": "import numpy\ndef check(c): pass\n"})
    assert imports_numpy("def f(): pass\n", {"test_list": ["import numpy", "assert f()"]})
    assert not imports_numpy("def f():\n    return 'numpy'\n", {"test_list": ["assert f() == 'numpy'"]})
    assert not imports_numpy("import numpyish\nx = numpy_like = 1\n", {})
    assert not imports_numpy("def f(): pass\n", {"prompts": [{"role": "user", "content": "import numpy"}]})
