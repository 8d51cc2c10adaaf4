"""The verifier audit's second judge for code: each unit test alone, in a real sandbox configured apart from the
reward's; it disagrees with code_tests where the tests' order matters, and the live audit's rates on a real code_tests
wrapped to disagree on a known fraction are right."""

import json

import pytest

from rewards.code import CodeTests
from rewards.sandbox import shared_sandbox
from training.second_judges import CodeTestsAlone, split_tests
from training.verifier_audit import FILE, VerifierAudit

ADD = ["assert add(1, 2) == 3", "assert add(2, 2) == 4", "assert add(0, 5) == 5"]
RIGHT = "def add(a, b):\n    return a + b\n"
WRONG = "def add(a, b):\n    return a * b\n"  # passes add(2, 2) only
# Right on a fresh load, wrong once called before: code_tests runs a row's tests on one load, each test alone does not.
STATEFUL = "seen = []\ndef add(a, b):\n    seen.append(a)\n    return a + b + len(seen) - 1\n"


@pytest.fixture(scope="module")
def main():
    return CodeTests(slots=1, call_timeout=2.0, completion_timeout=10.0)


@pytest.fixture(scope="module")
def alone(main):
    judge = CodeTestsAlone(main)
    yield judge
    judge.close()


def test_each_test_is_a_row_of_its_own_in_every_format():
    assert [r["test_list"] for r in split_tests({"test_list": ADD, "test_setup_code": "x = 1"})] == [[t] for t in ADD]
    assert [(r["inputs"], r["outputs"]) for r in split_tests({"inputs": ["1", "2"], "outputs": ["a", "b"]})] == [
        (["1"], ["a"]), (["2"], ["b"])]
    humaneval = {"test": "def check(c): assert c(1) == 2", "entry_point": "f"}
    assert split_tests(humaneval) == [humaneval]  # one check is one test
    assert split_tests({"answer": "3"}) == [] and split_tests({"inputs": ["1"], "outputs": []}) == []


def test_its_sandbox_is_its_own_with_the_rewards_limits(main, alone):
    assert alone.box is not shared_sandbox(main.config) and len(alone.box.slots) == 1
    assert alone.config.fresh_slots and alone.config.call_timeout == 2.0 and alone.config.completion_timeout == 10.0


def test_it_passes_only_when_every_test_passes_alone_and_disagrees_where_order_matters(main, alone):
    rows = [{"test_list": ADD}] * 3
    judged = alone([RIGHT, WRONG, STATEFUL], rows)
    assert [passed for passed, _ in judged] == [True, False, True]
    assert judged[1][1].startswith("1/3 tests passed, each alone; test 1: ")
    assert main([RIGHT, WRONG, STATEFUL], test_list=[ADD] * 3) == [1.0, pytest.approx(1 / 3), pytest.approx(1 / 3)]
    assert alone(["no code at all"], [{"test_list": ADD}])[0][0] is False


class Disagreeing:
    """The real code_tests, its score flipped (1 <-> 0) on every completion of a row marked ``flip``."""

    __name__ = "code_tests"

    def __init__(self, real):
        self.real, self.config = real, real.config

    def __call__(self, completions, test_list, flip, **kwargs):
        scores = self.real(completions, test_list=test_list)
        return [float(s < 1.0) if f else s for s, f in zip(scores, flip, strict=True)]


def test_the_live_audit_is_right_on_code_tests_wrapped_to_disagree(main, tmp_path):
    wrapped = Disagreeing(main)
    completions = [RIGHT] * 6 + [WRONG] * 6 + [STATEFUL]
    rows = [{"test_list": ADD, "flip": i in (0, 1, 6)} for i in range(13)]  # 2 of 6 right, 1 of 6 wrong
    scores = wrapped(completions, test_list=[r["test_list"] for r in rows], flip=[r["flip"] for r in rows])
    audit = VerifierAudit(13, [wrapped], tmp_path, share=1.0)
    assert audit.judge.__name__ == "code_tests_alone" and audit.judge.config.call_timeout == 2.0
    assert audit.submit(1, completions, rows, scores)
    audit.close()
    # passes: 4 right + 1 flipped wrong; fails: 2 flipped right + 5 wrong + the stateful one (right alone)
    assert audit.counts == {"passes": 5, "fails": 8, "false_positives": 1, "false_negatives": 3, "unjudged": 0}
    assert audit.summary()["false_negative_rate"] == pytest.approx(3 / 8)
    logged = [json.loads(line) for line in (tmp_path / FILE).read_text().splitlines()]
    assert sum("seen.append" in d["completion"] for d in logged) == 1  # the genuine disagreement is in the file


@pytest.mark.slow
def test_a_humaneval_run_audits_code_tests_with_each_test_alone(tiny_policy, tmp_path):
    import train

    _, _, path = tiny_policy
    results = train.main([
        "--model", str(path), "--output_dir", str(tmp_path / "out"), "--env", "humaneval",
        "--env_kwargs", "train_percent=50", "--max_steps", "2", "--per_device_train_batch_size", "8",
        "--num_generations", "4", "--max_completion_length", "8", "--logging_steps", "1",
        "--eval_n", "2", "--eval_k", "1", "--eval_limit", "2", "--verifier_audit", "8", "--verifier_audit_share", "1"])
    audit = results["verifier_audit"]
    assert (audit["reward"], audit["second_judge"], audit["audited_batches"]) == ("code_tests", "code_tests_alone", 2)
    # A 30k-parameter arithmetic model writes no working code: code_tests fails all 16, and so does each test alone.
    assert (audit["passes"], audit["fails"], audit["false_negatives"]) == (0, 16, 0)
    assert audit["false_negative_rate"] == 0.0 and 0.0 < audit["false_negative_rate_high"] < 0.25
    assert audit["false_positive_rate"] is None
