"""code_tests: the formats it reads, how it scores, the plain-data boundary, and how it reports a weak sandbox."""

from __future__ import annotations

import ipaddress
import logging
import pickle
import re
from pathlib import Path, PurePosixPath

import pytest
from cpu_cost import growth

import rewards
from rewards.code import CodeTests, extract_code, humaneval_program, tokens_match
from rewards.code.code_tests import prompt_alone
from rewards.errors import SandboxError
from rewards.sandbox.local import SandboxConfig
from rewards.sandbox.wire import decode

ADD_TESTS = ["assert add(1, 2) == 3", "assert add(2, 2) == 4", "assert add(0, 5) == 5"]


@pytest.fixture(scope="module")
def reward():
    return CodeTests(slots=2, call_timeout=1.0, completion_timeout=3.0)


@pytest.mark.parametrize("text, code", [
    ("def f(): pass", "def f(): pass"),  # no fence: the whole text
    ("```python\na = 1\n```", "a = 1\n"),
    ("```py\na = 1\n```\ntext\n```py\nb = 2\n```", "b = 2\n"),  # the last block wins
    ("```\na = 1\n```\ntext\n```\nb = 2\n```", "b = 2\n"),
    ("```python\na = 1\n```\nOutput:\n```\n[1, 2]\n```", "a = 1\n"),  # the last Python block: not its output
    ("```PYTHON\na = 1\n```\n```text\nb\n```", "a = 1\n"),
    ("```Python3\nc = 3\n```", "c = 3\n"),
    ("``` python \t\nd = 4\n```", "d = 4\n"),  # blanks around the tag
    ("```   \ne = 5\n```", "e = 5\n"),
    ("```" + " " * 50 + "x y\nf = 6\n```", "```" + " " * 50 + "x y\nf = 6\n```"),  # a tag is one word: no fence
])
def test_extract_code(text, code):
    assert extract_code(text) == code


def test_extract_code_reads_a_run_of_blanks_in_linear_time():
    """``` followed by blanks that never reach a newline: the opening line is split one way only (a pattern that
    split the blanks between two ``[ \t]*`` took 2 s of CPU for 50,000 of them)."""
    cost = growth(extract_code, "```" + " " * 5_000 + "x", "```" + " " * 50_000 + "x", bound=30)
    assert cost[1] < 30 * cost[0], cost


def test_code_after_a_long_reasoning_is_read(reward):
    """A reasoning model's answer: 60,000 characters of thinking (with a draft block), then the code. The cap on
    code (`MAX_CHARS`) applies to the code read, not to the text it is read from."""
    thinking = ("<think>\n" + "Try a sorted scan; check the bounds again. " * 1_400
                + "```python\nprint(0)\n```\n</think>\n")
    answer = ("The range is the largest value less the smallest.\n\n```python\ninput()\n"
              "a = list(map(int, input().split()))\nprint(max(a) - min(a))\n```\n")
    assert len(thinking) > 60_000
    assert reward([thinking + answer], inputs=[["3\n4 9 1\n"]], outputs=[["8\n"]]) == [1.0]
    assert reward([thinking], inputs=[["3\n4 9 1\n"]], outputs=[["8\n"]]) == [0.0]  # the draft is what it reads


@pytest.mark.parametrize("completion, program", [
    ("    return 1\n", "def f():\n    return 1\n"),  # body only: appended to the prompt
    # a full function: after the prompt, less the header it left open (was "def f():\n\ndef f(): ...", which
    # does not parse: every BigCodeBench code_prompt ends so; sweep 8)
    ("def f():\n    return 2\n", "\ndef f():\n    return 2\n"),
    ("```python\ndef f():\n    return 3\n```", "\ndef f():\n    return 3\n"),
    # a full function's __future__ imports open the module, before the prompt (sweep 7)
    ("from __future__ import annotations\ndef f() -> int:\n    return 4\n",
     "from __future__ import annotations\n\n\ndef f() -> int:\n    return 4\n"),
])
def test_humaneval_program(completion, program):
    assert humaneval_program("def f():\n", completion, "f") == program


@pytest.mark.parametrize("prompt, alone", [
    ('def f(x):\n    """Doc."""\n', 'def f(x):\n    """Doc."""\n'),  # HumanEval's: whole
    ("import re\nfrom math import *\ndef task_func(a,\n              b=(1, 2)):\n", "import re\nfrom math import *\n"),
    ("import functools\n\n@functools.cache\n@staticmethod\ndef task_func(n):\n", "import functools\n\n"),
    ("from typing import List\nclass Solution:\n    def f(self, a: List[int]) -> int:\n        ",
     "from typing import List\n"),
    ("def helper():\n    return 1\n\nclass A:\n    pass\n", "def helper():\n    return 1\n\nclass A:\n    pass\n"),
    ("x = (\n", "x = (\n"),  # broken otherwise: left for the parse that reports it
    ("for i in range(3):\n", "for i in range(3):\n"),  # no definition: left as it is
])
def test_prompt_alone_cuts_only_a_header_left_open(prompt, alone):
    assert prompt_alone(prompt) == alone


def test_a_bigcodebench_code_prompt_is_scored_for_a_body_and_for_a_full_function():
    # BigCodeBench's code_prompt: the imports, then task_func's header with no body (was unscorable: None)
    reward = CodeTests()
    prompt = "import itertools\ndef task_func(xs):\n"
    test = "def check(candidate):\n    assert candidate([1, 2]) == [(1, 2)]\n"
    body, full = "    return list(itertools.combinations(xs, 2))\n", "def task_func(xs):\n    return [tuple(xs)]\n"
    wrong = "    return []\n"
    assert reward([body, full, wrong], test=[test] * 3, entry_point=["task_func"] * 3,
                  code_prompt=[prompt] * 3) == [1.0, 1.0, 0.0]


@pytest.mark.parametrize("got, expected, same", [
    ("1 2\n3\n", "1 2\n3", True),
    ("1   2 \n3\n\n\n", "1 2\n3\n", True),
    ("1 2 3\n", "1 2\n3\n", False),  # same tokens, different line count
    ("3\n", "3.0\n", True),  # numbers compare as decimals where the text differs, as LiveCodeBench grades
    ("2.50 YES\n1e3\n", "2.5 YES\n1000", True),
    ("2.5 yes\n", "2.5 YES\n", False),  # words still compare as text
    ("0.30000000000000004\n", "0.3\n", False),  # exact, no tolerance
    ("1.1\n", "1.10\n", True),  # a float printed with fewer trailing zeros: the value the row asks for
    ("101\n", "0101\n", False),  # integers compare as text: a binary string, a zero-padded code
    ("-0\n", "0\n", False),
    ("0101.0\n", "101\n", False),  # a leading zero: text
    ("inf\n", "Infinity\n", False),  # only plain decimal notation: nothing only Python reads as a number
    ("1_000\n", "1000\n", False),
    ("\u0661\n", "1\n", False),
    ("", "", True),
])
def test_tokens_match(got, expected, same):
    assert tokens_match(got, expected) is same


def test_number_tokens_compare_in_linear_time():
    """A token of digits that ends in a letter is no number; telling so stays linear in its length."""
    small, large = "1" * 900 + "x", "1" * 9_000 + "x"
    cost = growth(lambda text: tokens_match(text.splitlines()[-1], "1"), small, large, bound=30)
    assert cost[1] < 30 * cost[0], cost


@pytest.mark.parametrize("wire", [
    ["I", 5], ["B", 1], ["X"], ["L", "ab"], ["D", [["S", "k"]]], ["E", [["L", []]]], [], "S", ["S"],
    ["F", "nan", "x"], ["I", "0x1", "extra"],
    # the standard library's small value classes (`codec._small`): parts of the wrong kind, size or class
    ["EL", 1], ["SL", [1, 2]], ["UU", "0x" + "f" * 33], ["UU", "12"], ["PA", "Path", "a"], ["PA", "PosixPath", "a\0b"],
    ["PA", "PosixPath", "a" * 5000], ["IP", "IPv4Address", "300.1.1.1"], ["IP", "IPv4Network", "10.0.0.1/8"],
    ["IP", "ip_address", "10.0.0.1"], ["US", 3], ["UD", [["S", "k"]]], ["ST", [1, 2, 3], ["N"], ["N"]],
    ["ST", [1] * 9, ["I", "0x1"], ["N"]], ["ND", ["F", "1.0"], ["F", "-1.0"]], ["ND", ["S", "x"], 1],
    ["NA", "<U01", ["0x1"], [["S", "a"]]], ["NA", "<U99999", ["0x1"], [["S", "a"]]],
    ["NA", "<U1", ["0x1"], [["S", "ab"]]], ["NA", "|S3", ["0x1"], [["S", "a"]]], ["NA", "<U2", ["0x1"], [1]],
])
def test_decode_rejects_malformed_values(wire):
    with pytest.raises((ValueError, TypeError)):
        decode(wire)


def test_a_path_answer_is_a_pure_path_here():
    """A completion's ``Path`` compares equal to the test's, but never reads or writes a file of this host: a test's
    ``answer.read_text()`` would read whatever file the completion named."""
    path = decode(["PA", "PosixPath", "/etc/passwd"])
    assert isinstance(path, PurePosixPath) and path == Path("/etc/passwd") and not isinstance(path, Path)
    assert not hasattr(path, "read_text") and not hasattr(path, "exists")


def test_decode_rebuilds_exact_builtin_types():
    value = decode(["D", [[["T", [["I", "-0x2"], ["B", True]]], ["Z", [["F", "inf"], ["Y", "ff"]]]]]])
    assert value == {(-2, True): frozenset({float("inf"), b"\xff"})}
    key = next(iter(value))
    assert type(key) is tuple and type(key[1]) is bool
    nested = ["L", []]
    for _ in range(150):
        nested = ["L", [nested]]
    with pytest.raises(ValueError):
        decode(nested)


def test_decode_refuses_hash_floods_only():
    """Distinct values sharing one hash beyond a few are refused; values that merely repeat or collide in pairs pass."""
    p61 = (1 << 61) - 1
    assert decode(["E", [["I", "-0x1"], ["I", "-0x2"]]]) == {-1, -2}  # hash(-1) == hash(-2)
    assert decode(["L", [["I", "0x0"]] * 1000 + [["F", "0.0"]]]) == [0] * 1001
    powers = decode(["L", [["I", hex(2 ** k)] for k in range(4000)]])  # hash(2**k) == 2**(k % 61): 66 per hash
    assert powers == [2 ** k for k in range(4000)]
    for wire in (["L", [["I", hex(k * p61)] for k in range(200)]], ["E", [["I", hex(k * p61)] for k in range(200)]],
                 ["L", [["L", [["I", hex(k * p61)]]] for k in range(200)]],
                 # a UUID and an address hash as their int; the User* wrappers' items are walked as a list's
                 ["L", [["UU", hex(k * p61)] for k in range(200)]],
                 ["L", [["IP", "IPv6Address", str(ipaddress.IPv6Address(k * p61))] for k in range(200)]],
                 ["UL", [["I", hex(k * p61)] for k in range(200)]],
                 ["UD", [[["S", str(k)], ["I", hex(k * p61)]] for k in range(200)]]):
        with pytest.raises(ValueError, match="one hash"):
            decode(wire)


def test_assert_lists_score_the_fraction_passed(reward):
    code = "def add(a, b):\n    return 3 if a == 1 else a * b\n"  # right on tests 1 and 2 only
    assert reward([code], test_list=[ADD_TESTS]) == pytest.approx([2 / 3])
    binary = CodeTests(binary=True, slots=2, call_timeout=1.0, completion_timeout=3.0)
    assert binary([code, "def add(a, b): return a + b"], test_list=[ADD_TESTS] * 2) == [0.0, 1.0]


def test_stdio_cases_compare_tokens(reward):
    code = "a, b = map(int, input().split())\nprint(a + b)\nprint('done')\n"
    cases = {"inputs": [["1 2\n", "2 2\n"]], "outputs": [["3\ndone\n", "4 \n done"]]}
    assert reward([code], **cases) == [1.0]
    assert reward([code.replace("a + b", "a * b")], **cases) == [0.5]  # 1*2 != 3, 2*2 == 4


def test_statuses(reward):
    verdicts = reward.verdicts(
        ["def add(a, b):\n    while True: pass\n", "", "def add(a, b): return 0", "anything"],
        test_list=[ADD_TESTS, ADD_TESTS, ADD_TESTS, None])
    assert [v.status.value if v else None for v in verdicts] == ["timeout", "unparsed", "wrong", None]
    metrics = {}
    reward(["def add(a, b):\n    while True: pass\n"], test_list=[ADD_TESTS], log_metric=metrics.__setitem__)
    assert metrics["code_tests/timeout_rate"] == 1.0


def test_a_timeout_on_one_test_leaves_the_others_scored(reward):
    code = "def add(a, b):\n    while a == 2: pass\n    return a + b\n"
    assert reward([code], test_list=[ADD_TESTS]) == pytest.approx([2 / 3])


def test_builtin_exceptions_cross_as_builtin_types(reward):
    code = "def add(a, b):\n    raise ValueError('no')\n"
    test = ["try:\n    add(1, 2)\nexcept ValueError:\n    pass\nelse:\n    raise AssertionError()"]
    assert reward([code, "def add(a, b): return 3"], test_list=[test, test]) == [1.0, 0.0]


@pytest.mark.parametrize("raised", ["b'\\xff'.decode()", "'\\ud800'.encode()", "ExceptionGroup('g', [ValueError()])"])
def test_an_exception_whose_type_takes_more_than_a_message_does_not_pass_as_another(reward, raised):
    """Rebuilding UnicodeDecodeError(message) raised TypeError inside the test: a test expecting TypeError passed."""
    raise_ = "raise " if raised.startswith("Exception") else ""
    code = f"def add(a, b):\n    {raise_}{raised}\n"
    expects = "try:\n    add(1, 2)\nexcept {}:\n    pass\nelse:\n    raise AssertionError()"
    assert reward([code], test_list=[[expects.format("TypeError")]]) == [0.0]
    assert reward([code], test_list=[[expects.format("Exception")]]) == [1.0]
    if "code" in raised:
        assert reward([code], test_list=[[expects.format("ValueError")]]) == [1.0]  # a UnicodeError is a ValueError


def test_reward_contract(reward):
    assert reward.__name__ == "code_tests" and "code_tests" in rewards.available()
    clone = pickle.loads(pickle.dumps(reward))
    messages = [[{"role": "assistant", "content": "```python\ndef add(a, b): return a + b\n```"}]] * 3
    out = clone(completions=messages, test_list=[ADD_TESTS] * 3, prompts=["p"] * 3, completion_ids=[[1]] * 3,
                trainer_state=None, unrelated=[1, 2, 3])
    assert out == [1.0, 1.0, 1.0]


def test_missing_layer_refuses_to_start_without_opt_in(caplog):
    missing = SandboxConfig(slots=1, bwrap="/nonexistent/bwrap")
    with pytest.raises(SandboxError, match=re.escape("allow_weak=True")):
        CodeTests(sandbox=missing)
    weak = SandboxConfig(slots=1, bwrap="/nonexistent/bwrap", allow_weak=True)
    with caplog.at_level(logging.WARNING, logger="rewards.sandbox.local"):
        reward = CodeTests(sandbox=weak)
    assert "WEAKER isolation" in caplog.text and "bubblewrap" in caplog.text
    assert reward(["def add(a, b): return a + b", "def add(a, b): return a + b if a < 2 else 0"],
                  test_list=[ADD_TESTS] * 2) == pytest.approx([1.0, 2 / 3])


def test_rows_whose_own_tests_do_not_run_score_none(reward, caplog):
    good = "def add(a, b): return a + b"
    with caplog.at_level(logging.WARNING, logger="rewards.code"):
        out = reward([good, good, good], test_list=[["assert add(1, 2) ==="], ADD_TESTS, None],
                     test_setup_code=["", "import no_such_module_xyz", ""])
    assert out == [None, None, None]
    assert "cannot score a row" in caplog.text and "no_such_module_xyz" in caplog.text
    broken_check = reward([good], test=["def chek(candidate):\n    pass\n"], entry_point=["add"], code_prompt=[""])
    assert broken_check == [None]


def test_an_answer_over_output_bytes_is_too_large_not_a_timeout(reward):
    """It came back in time: reported as too large (the code_tests timeout rate does not count it)."""
    code = "def add(a, b):\n    return [str(i) for i in range(a)]\n"  # ~10 bytes an item as JSON: past 4 MiB
    (verdict,) = reward.verdicts([code], test_list=[["assert add(500_000, 0)"]])
    assert verdict.status.value == "wrong" and "AnswerTooLarge" in verdict.detail, verdict
    metrics: dict = {}
    reward([code], test_list=[["assert add(500_000, 0)"]], log_metric=metrics.__setitem__)
    assert metrics.get("code_tests/timeout_rate", 0.0) == 0.0


def test_the_completions_own_source_is_readable_in_its_job(reward):
    """As for a program run from its file (the harness's), ``inspect.getsource`` reads the completion's own function
    (sweep 7: it raised ``OSError: could not get source code``)."""
    code = "import inspect\ndef f(x):\n    return x * x  # square\ndef g():\n    return inspect.getsource(f)\n"
    assert reward([code], test_list=[["assert '# square' in g()"]]) == [1.0]


def test_a_string_array_is_charged_at_its_fixed_width_before_it_is_built():
    """numpy keeps every item of a string array at the widest one's size: 1,000 one-letter items of "<U9999" are
    40 MB, refused by a meter of 1 MB before they are built."""
    from rewards.sandbox.wire import Meter
    with pytest.raises(ValueError, match="bytes here"):
        decode(["NA", "<U9999", [hex(1000)], [["S", "a"]] * 1000], meter=Meter(max_bytes=1 << 20))


def test_the_completions_docstring_and_defaults_are_read_of_its_function():
    from rewards.code.code_tests import Candidate
    code = 'def area(w, h=1.0, *, unit="m"):\n    """Area of a rectangle."""\n    return w * h\n'
    test = ("def check(candidate):\n    assert 'rectangle' in candidate.__doc__\n"
            "    assert candidate.__defaults__ == (1.0,) and candidate.__kwdefaults__ == {'unit': 'm'}\n")
    assert CodeTests().judge([code], test=[test], entry_point=["area"])[0].score == 1.0
    bare = "def area(w, h=2.0):\n    return w * h\n"
    assert CodeTests().judge([bare], test=[test], entry_point=["area"])[0].score == 0.0
    assert Candidate.__doc__.startswith("Stands in for a function")  # the class's own, read of the class
