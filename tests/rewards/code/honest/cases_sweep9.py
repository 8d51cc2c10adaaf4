"""A ninth held-out sweep (2026-12-05), aimed at what changed on main that day: each name led by ``s9-``.

* ``bcb-`` (51 of 54; two more are generators, one an iterator): BigCodeBench rows whose ``TestCases`` mock a library
  function the solution calls: ``@patch("os.listdir")`` with ``return_value`` set in the test, ``side_effect`` lists
  (values, a builtin exception among them), ``patch.object(module, name)``, ``@patch("time.time", return_value=...)``,
  nested configuration (``mock_urlopen.return_value.read.return_value``, ``.status``, ``subprocess.run``'s
  ``returncode`` and ``stdout``, ``HTTPSConnection().getresponse().read()``), ``assert_called_once_with``,
  ``call_args_list``, ``mock_calls``, ``assert_any_call``, stacked decorators in argument order, a class decorator,
  ``patch.dict(os.environ, ...)``, ``patch("sys.argv", [...])`` (argparse too), ``with patch(...) as m``,
  ``patcher.start()`` in setUp, a ``with`` of the mock (``urlopen``, ``smtplib.SMTP``: ``__enter__``), ``autospec``, a
  new value (``patch("math.pi", 3)``), ``mock_open`` and a function as side effect; and a generator ``task_func``.
* ``gen-`` (37, and the two BigCodeBench ``generator-`` rows): completions returning generators, driven by ``next``,
  ``send``, ``throw``, ``close``, ``itertools.islice``/``tee``/``chain``/``takewhile``, ``inspect.isgenerator``,
  ``types.GeneratorType``, pipelines in the test, generators passed back to the completion, ``yield from`` with a return
  value, coroutines; MBPP assert rows too.
* ``it-`` (29, and BigCodeBench's ``it-csv-reader-from-stringio``): tests that hand the completion iterators
  (``iter(list)``, ``iter(range)``, ``iter(str)``, ``enumerate``, ``zip``, ``map``, ``filter``, generator expressions, a
  dict's and a set's iterators, ``reversed``, ``iter(callable, sentinel)``, itertools, ``io.StringIO``/``io.BytesIO``,
  ``csv.reader`` over a StringIO) and read them after the call.

Found 2026-12-05 (main at b994b56, 2 cores shared with three more sessions): all 120 rows pass plain Python
(`reference.run_plain`); **82/120 (68.3%) scored 1.0 at main's defaults**. Twenty-three were closed the same day on
branch sweep9 (105/120 now):
* a mock used as a context manager (``with urlopen(url) as r``, ``with smtplib.SMTP(...) as s``): ``__enter__`` and
  ``__exit__`` did not cross and their calls were not made again, and a ``with``'s configuration is four deep
  (``urlopen().__enter__().read()``), past the three that crossed: both cross now, five deep
  (`patches.DUNDERS`, `patches.MAX_DEPTH`, `inside.job._configured`; three rows);
* a target patched with a plain value, not a mock (``patch("sys.argv", [...])``, ``patch("math.pi", 3)``): the value
  holds in the job (`PatchedModules.before`; three rows);
* a builtin exception or a mock in a side-effect list (``side_effect=["1.2.3.4", OSError("nx"), "5.6.7.8"]``,
  ``[ConnectionError(), ConnectionError(), response]``): the whole mock fell back to the real function; that call
  raises it, or answers a mock of that configuration, in the job now (two rows);
* ``patch.object(random, "shuffle")``: the test's ``random`` is its own copy (`seeding.SeededModules`), which the
  feed never read; it reads the copy first now (`Session.test_modules`; one row);
* ``patch.dict(os.environ, {...})`` (``clear=True`` too): what the test set reaches the job's environment for each
  call (two rows);
* a dict's, set's or reversed list's iterator, ``iter(callable, sentinel)`` and itertools' iterators were refused as
  arguments ("cannot pass a dict_keyiterator"): they go as their items now, the first three read from a copy and moved
  on as far as the call read (`codec.COPIED`, `writeback.read_on`; five rows);
* ``io.StringIO`` and ``io.BytesIO`` arguments were refused: they cross as their text and position, and what the call
  wrote and read is written back into the test's buffer (``["SIO", ...]``, ``["BIO", ...]``; seven rows, one of them
  a mock's ``__enter__`` returning a BytesIO; and differences.py's ``he-arg-stringio``, moved here).
Fifteen are left, in KNOWN_FAILING with the layer of each (`KNOWN_FAILING_WHY`): three mocks whose behaviour is code or
holds objects (by design: a function as side effect, ``mock_open``, a ``urllib.request.Request`` argument read back from
``call_args``; ``mock_open`` was closed in session 23: it crosses as its data), six on the completion's generators and
objects (``next()`` of an exhausted generator refused rather than StopIteration, by design, three;
``inspect.isgeneratorfunction(candidate)`` and the generator's ``__name__``; ``reversed()`` of the completion's object,
closed in session 23), and six iterators the test reads after the call (a ``map``, ``zip``, ``enumerate`` or generator
is read whole when sent, by design, five; an endless ``count()`` refused at the item bound).
Three more closed after the merge: a test's ``next()`` of an exhausted generator raises StopIteration where the
test's code catches there (``try``, ``with``, ``assertRaises``), with the generator's return value; twelve are left.
"""

from __future__ import annotations

from . import Case, asserts, dedent, humaneval

# BigCodeBench's harness runs the row's ``test`` (``class TestCases(unittest.TestCase)``) in the completion's module;
# a function-style corpus row runs it from ``check``, as converted BigCodeBench rows do.
_RUN_SUITE = '''

def check(candidate):
    import io
    import unittest

    suite = unittest.TestLoader().loadTestsFromTestCase(TestCases)
    result = unittest.TextTestRunner(stream=io.StringIO(), verbosity=0).run(suite)
    problems = [f"{test}: {trace[-400:]}" for test, trace in result.failures + result.errors]
    assert result.wasSuccessful() and result.testsRun > 0, problems
'''


def bcb(name: str, code: str, test: str, prompt: str = "", body: bool = False) -> Case:
    """A BigCodeBench row: ``entry_point`` ``task_func``, ``test`` a ``TestCases`` class (run by ``check``)."""
    return humaneval(f"s9-bcb-{name}", code, dedent(test) + _RUN_SUITE, "task_func", prompt=prompt, body=body)


def fn(name: str, code: str, test: str, entry_point: str) -> Case:
    """A HumanEval row (``check(candidate)``) whose name is led by ``s9-``."""
    return humaneval(f"s9-{name}", code, test, entry_point)


def mbpp(name: str, code: str, tests: list[str], setup: str = "") -> Case:
    """An MBPP row (asserts) whose name is led by ``s9-``."""
    return asserts(f"s9-{name}", code, tests, setup=setup)


# --- (a) BigCodeBench rows whose tests mock a library function the solution calls ----------------------------------
MOCKS: list[Case] = [
    bcb("patch-listdir-decorator", r'''
        import os


        def task_func(directory):
            return sorted(n for n in os.listdir(directory) if n.endswith(".txt"))
        ''', r'''
        import unittest
        from unittest.mock import patch


        class TestCases(unittest.TestCase):
            @patch("os.listdir")
            def test_filters(self, mock_listdir):
                mock_listdir.return_value = ["b.txt", "a.txt", "c.csv"]
                self.assertEqual(task_func("/data"), ["a.txt", "b.txt"])
                mock_listdir.assert_called_once_with("/data")

            @patch("os.listdir", return_value=[])
            def test_empty(self, mock_listdir):
                self.assertEqual(task_func("/none"), [])
        '''),
    bcb("patch-random-choice-side-effect", r'''
        import random


        def task_func(n, letters="abc"):
            return "".join(random.choice(letters) for _ in range(n))
        ''', r'''
        import unittest
        from unittest.mock import call, patch


        class TestCases(unittest.TestCase):
            @patch("random.choice", side_effect=["a", "c", "b", "a"])
            def test_word(self, mock_choice):
                self.assertEqual(task_func(4), "acba")
                self.assertEqual(mock_choice.call_count, 4)
                self.assertEqual(mock_choice.call_args_list, [call("abc")] * 4)
        '''),
    bcb("patch-time-time-return-value", r'''
        import time


        def task_func(start):
            return f"{time.time() - start:.1f}s"
        ''', r'''
        import unittest
        from unittest.mock import patch


        class TestCases(unittest.TestCase):
            @patch("time.time", return_value=1000.25)
            def test_elapsed(self, mock_time):
                self.assertEqual(task_func(990.0), "10.2s")
                mock_time.assert_called_once_with()
        '''),
    bcb("patch-object-module", r'''
        import random


        def task_func(items):
            items = list(items)
            random.shuffle(items)
            return items
        ''', r'''
        import random
        import unittest
        from unittest.mock import patch


        class TestCases(unittest.TestCase):
            def test_shuffle_called(self):
                with patch.object(random, "shuffle") as shuffled:
                    self.assertEqual(task_func((3, 1, 2)), [3, 1, 2])
                    shuffled.assert_called_once_with([3, 1, 2])
        '''),
    bcb("urlopen-read-nested", r'''
        import json
        import urllib.request


        def task_func(url):
            response = urllib.request.urlopen(url)
            data = json.loads(response.read().decode("utf-8"))
            return sorted(data["names"])
        ''', r'''
        import unittest
        from unittest.mock import patch


        class TestCases(unittest.TestCase):
            @patch("urllib.request.urlopen")
            def test_names(self, mock_urlopen):
                mock_urlopen.return_value.read.return_value = b'{"names": ["bo", "al"]}'
                self.assertEqual(task_func("http://x"), ["al", "bo"])
                mock_urlopen.assert_called_once_with("http://x")
        '''),
    bcb("urlopen-context-manager-enter", r'''
        import urllib.request


        def task_func(url):
            with urllib.request.urlopen(url) as response:
                return response.read().decode().upper()
        ''', r'''
        import unittest
        from unittest.mock import MagicMock, patch


        class TestCases(unittest.TestCase):
            @patch("urllib.request.urlopen")
            def test_body(self, mock_urlopen):
                response = MagicMock()
                response.read.return_value = b"hello"
                mock_urlopen.return_value.__enter__.return_value = response
                self.assertEqual(task_func("http://x"), "HELLO")
        '''),
    bcb("requests-like-status-code", r'''
        import urllib.request


        def task_func(url):
            response = urllib.request.urlopen(url)
            if response.status != 200:
                return None
            return len(response.read())
        ''', r'''
        import unittest
        from unittest.mock import patch


        class TestCases(unittest.TestCase):
            @patch("urllib.request.urlopen")
            def test_ok(self, mock_open_url):
                mock_open_url.return_value.status = 200
                mock_open_url.return_value.read.return_value = b"12345"
                self.assertEqual(task_func("u"), 5)

            @patch("urllib.request.urlopen")
            def test_not_found(self, mock_open_url):
                mock_open_url.return_value.status = 404
                self.assertIsNone(task_func("u"))
                mock_open_url.return_value.read.assert_not_called()
        '''),
    bcb("stacked-decorators-order", r'''
        import os
        import time


        def task_func(path):
            if not os.path.exists(path):
                return None
            return int(time.time()) - int(os.path.getmtime(path))
        ''', r'''
        import unittest
        from unittest.mock import patch


        class TestCases(unittest.TestCase):
            @patch("os.path.exists", return_value=True)
            @patch("os.path.getmtime", return_value=100.0)
            @patch("time.time", return_value=160.0)
            def test_age(self, mock_time, mock_mtime, mock_exists):
                self.assertEqual(task_func("f"), 60)
                mock_exists.assert_called_once_with("f")
                mock_mtime.assert_called_once_with("f")
                mock_time.assert_called_once()

            @patch("os.path.exists", return_value=False)
            @patch("os.path.getmtime")
            def test_missing(self, mock_mtime, mock_exists):
                self.assertIsNone(task_func("g"))
                mock_mtime.assert_not_called()
        '''),
    bcb("patch-dict-environ", r'''
        import os


        def task_func(key, default="none"):
            return os.environ.get(key, default).lower()
        ''', r'''
        import os
        import unittest
        from unittest.mock import patch


        class TestCases(unittest.TestCase):
            @patch.dict(os.environ, {"APP_MODE": "PROD"})
            def test_set(self):
                self.assertEqual(task_func("APP_MODE"), "prod")

            def test_context(self):
                with patch.dict(os.environ, {"APP_MODE": "Dev"}, clear=True):
                    self.assertEqual(task_func("APP_MODE"), "dev")
                    self.assertEqual(task_func("HOME"), "none")
        '''),
    bcb("patch-dict-environ-string-target", r'''
        import os


        def task_func():
            return int(os.getenv("WORKERS", "1")) * 2
        ''', r'''
        import unittest
        from unittest.mock import patch


        class TestCases(unittest.TestCase):
            @patch.dict("os.environ", {"WORKERS": "8"})
            def test_workers(self):
                self.assertEqual(task_func(), 16)
        '''),
    bcb("patch-sys-argv", r'''
        import sys


        def task_func():
            args = sys.argv[1:]
            return {"count": len(args), "first": args[0] if args else None}
        ''', r'''
        import unittest
        from unittest.mock import patch


        class TestCases(unittest.TestCase):
            def test_args(self):
                with patch("sys.argv", ["prog", "alpha", "beta"]):
                    self.assertEqual(task_func(), {"count": 2, "first": "alpha"})

            @patch("sys.argv", ["prog"])
            def test_none(self):
                self.assertEqual(task_func(), {"count": 0, "first": None})
        '''),
    bcb("patch-argparse-sys-argv", r'''
        import argparse


        def task_func():
            parser = argparse.ArgumentParser()
            parser.add_argument("--n", type=int, default=1)
            parser.add_argument("name")
            args = parser.parse_args()
            return args.name * args.n
        ''', r'''
        import unittest
        from unittest.mock import patch


        class TestCases(unittest.TestCase):
            @patch("sys.argv", ["prog", "ab", "--n", "3"])
            def test_repeat(self):
                self.assertEqual(task_func(), "ababab")
        '''),
    bcb("with-patch-as-m-call-args", r'''
        import shutil


        def task_func(files, dest):
            moved = []
            for f in files:
                if f.endswith(".log"):
                    shutil.move(f, dest)
                    moved.append(f)
            return moved
        ''', r'''
        import unittest
        from unittest.mock import call, patch


        class TestCases(unittest.TestCase):
            def test_moves_logs(self):
                with patch("shutil.move") as m:
                    self.assertEqual(task_func(["a.log", "b.txt", "c.log"], "/arch"), ["a.log", "c.log"])
                    self.assertEqual(m.call_args_list, [call("a.log", "/arch"), call("c.log", "/arch")])
                    self.assertEqual(m.call_count, 2)
        '''),
    bcb("mock-calls-list", r'''
        import os


        def task_func(paths):
            for p in paths:
                os.makedirs(p, exist_ok=True)
            return len(paths)
        ''', r'''
        import unittest
        from unittest import mock


        class TestCases(unittest.TestCase):
            @mock.patch("os.makedirs")
            def test_calls(self, mk):
                self.assertEqual(task_func(["x", "y/z"]), 2)
                self.assertEqual(mk.mock_calls, [mock.call("x", exist_ok=True), mock.call("y/z", exist_ok=True)])
        '''),
    bcb("side-effect-exception-class", r'''
        import os


        def task_func(path):
            try:
                os.remove(path)
                return "removed"
            except FileNotFoundError:
                return "missing"
            except PermissionError as e:
                return f"denied: {e}"
        ''', r'''
        import unittest
        from unittest.mock import patch


        class TestCases(unittest.TestCase):
            @patch("os.remove", side_effect=FileNotFoundError)
            def test_missing(self, rm):
                self.assertEqual(task_func("x"), "missing")

            @patch("os.remove", side_effect=PermissionError("no"))
            def test_denied(self, rm):
                self.assertEqual(task_func("x"), "denied: no")

            @patch("os.remove")
            def test_ok(self, rm):
                self.assertEqual(task_func("x"), "removed")
                rm.assert_called_once_with("x")
        '''),
    bcb("side-effect-mixed-values-and-exception", r'''
        import time
        import urllib.request


        def task_func(url, tries=3):
            for attempt in range(tries):
                try:
                    return urllib.request.urlopen(url).read().decode()
                except ConnectionError:
                    time.sleep(1)
            return None
        ''', r'''
        import unittest
        from unittest.mock import MagicMock, patch


        class TestCases(unittest.TestCase):
            @patch("time.sleep")
            @patch("urllib.request.urlopen")
            def test_retry(self, mock_urlopen, mock_sleep):
                ok = MagicMock()
                ok.read.return_value = b"done"
                mock_urlopen.side_effect = [ConnectionError(), ConnectionError(), ok]
                self.assertEqual(task_func("u"), "done")
                self.assertEqual(mock_sleep.call_count, 2)
                self.assertEqual(mock_urlopen.call_count, 3)
        '''),
    bcb("random-randint-seeded-vs-patched", r'''
        import random


        def task_func(n):
            rolls = [random.randint(1, 6) for _ in range(n)]
            return {"rolls": rolls, "total": sum(rolls)}
        ''', r'''
        import unittest
        from unittest.mock import patch


        class TestCases(unittest.TestCase):
            def test_patched(self):
                with patch("random.randint", side_effect=[2, 5, 6]) as r:
                    self.assertEqual(task_func(3), {"rolls": [2, 5, 6], "total": 13})
                    r.assert_called_with(1, 6)

            def test_range(self):
                out = task_func(20)
                self.assertTrue(all(1 <= x <= 6 for x in out["rolls"]))
        '''),
    bcb("patch-datetime-module-attr-no", r'''
        import os.path


        def task_func(path):
            return os.path.getsize(path) // 1024
        ''', r'''
        import unittest
        from unittest.mock import patch


        class TestCases(unittest.TestCase):
            @patch("os.path.getsize", return_value=4096)
            def test_kb(self, gs):
                self.assertEqual(task_func("/f"), 4)
                gs.assert_called_once_with("/f")
        '''),
    bcb("subprocess-run-return-attrs", r'''
        import subprocess


        def task_func(cmd):
            result = subprocess.run(cmd, capture_output=True, text=True)
            if result.returncode != 0:
                raise RuntimeError(result.stderr.strip())
            return result.stdout.strip().split("\n")
        ''', r'''
        import unittest
        from unittest.mock import patch


        class TestCases(unittest.TestCase):
            @patch("subprocess.run")
            def test_ok(self, mock_run):
                mock_run.return_value.returncode = 0
                mock_run.return_value.stdout = "a\nb\n"
                self.assertEqual(task_func(["ls"]), ["a", "b"])
                mock_run.assert_called_once_with(["ls"], capture_output=True, text=True)

            @patch("subprocess.run")
            def test_fail(self, mock_run):
                mock_run.return_value.returncode = 2
                mock_run.return_value.stderr = "boom\n"
                with self.assertRaisesRegex(RuntimeError, "boom"):
                    task_func(["false"])
        '''),
    bcb("subprocess-check-output", r'''
        import subprocess


        def task_func(pid):
            out = subprocess.check_output(["ps", "-p", str(pid)])
            return str(pid) in out.decode()
        ''', r'''
        import subprocess
        import unittest
        from unittest.mock import patch


        class TestCases(unittest.TestCase):
            @patch("subprocess.check_output", return_value=b"PID CMD\n42 python\n")
            def test_running(self, co):
                self.assertTrue(task_func(42))

            @patch("subprocess.check_output", return_value=b"PID CMD\n")
            def test_not(self, co):
                self.assertFalse(task_func(42))
                co.assert_called_once_with(["ps", "-p", "42"])
        '''),
    bcb("socket-gethostbyname", r'''
        import socket


        def task_func(hosts):
            out = {}
            for h in hosts:
                try:
                    out[h] = socket.gethostbyname(h)
                except OSError:
                    out[h] = None
            return out
        ''', r'''
        import socket
        import unittest
        from unittest.mock import patch


        class TestCases(unittest.TestCase):
            @patch("socket.gethostbyname", side_effect=["1.2.3.4", OSError("nx"), "5.6.7.8"])
            def test_resolve(self, g):
                self.assertEqual(task_func(["a", "b", "c"]), {"a": "1.2.3.4", "b": None, "c": "5.6.7.8"})
        '''),
    bcb("module-level-import-from-patched-where-used", r'''
        import glob
        import os


        def task_func(directory):
            files = glob.glob(os.path.join(directory, "*.py"))
            return [os.path.basename(f) for f in sorted(files)]
        ''', r'''
        import unittest
        from unittest.mock import patch


        class TestCases(unittest.TestCase):
            @patch("glob.glob", return_value=["/s/b.py", "/s/a.py"])
            def test_glob(self, g):
                self.assertEqual(task_func("/s"), ["a.py", "b.py"])
                g.assert_called_once_with("/s/*.py")
        '''),
    bcb("assert-any-call-and-not-called", r'''
        import logging
        import os


        def task_func(paths):
            for p in paths:
                if os.path.isfile(p):
                    os.remove(p)
            return True
        ''', r'''
        import unittest
        from unittest.mock import patch


        class TestCases(unittest.TestCase):
            @patch("os.remove")
            @patch("os.path.isfile", side_effect=[True, False, True])
            def test_removes(self, isfile, remove):
                self.assertTrue(task_func(["a", "b", "c"]))
                remove.assert_any_call("a")
                remove.assert_any_call("c")
                self.assertEqual(remove.call_count, 2)

            @patch("os.remove")
            @patch("os.path.isfile", return_value=False)
            def test_none(self, isfile, remove):
                task_func(["a"])
                remove.assert_not_called()
        '''),
    bcb("call-args-kwargs-inspection", r'''
        import json
        import urllib.request


        def task_func(url, payload):
            data = json.dumps(payload).encode()
            req = urllib.request.Request(url, data=data, method="POST")
            return urllib.request.urlopen(req, timeout=5).status
        ''', r'''
        import unittest
        from unittest.mock import patch


        class TestCases(unittest.TestCase):
            @patch("urllib.request.urlopen")
            def test_post(self, mock_urlopen):
                mock_urlopen.return_value.status = 201
                self.assertEqual(task_func("http://h/p", {"a": 1}), 201)
                args, kwargs = mock_urlopen.call_args
                self.assertEqual(kwargs, {"timeout": 5})
                self.assertEqual(args[0].data, b'{"a": 1}')
                self.assertEqual(args[0].get_method(), "POST")
        '''),
    bcb("patch-builtin-input-side-effect", r'''
        def task_func():
            total = 0
            while True:
                line = input("n> ")
                if line == "q":
                    return total
                total += int(line)
        ''', r'''
        import unittest
        from unittest.mock import patch


        class TestCases(unittest.TestCase):
            @patch("builtins.input", side_effect=["3", "4", "q"])
            def test_sum(self, mock_input):
                self.assertEqual(task_func(), 7)
                self.assertEqual(mock_input.call_count, 3)
        '''),
    bcb("patch-print-call-args-list", r'''
        def task_func(rows):
            for name, score in rows:
                print(f"{name}: {score}")
            return len(rows)
        ''', r'''
        import unittest
        from unittest.mock import call, patch


        class TestCases(unittest.TestCase):
            @patch("builtins.print")
            def test_prints(self, p):
                self.assertEqual(task_func([("a", 1), ("b", 2)]), 2)
                p.assert_has_calls([call("a: 1"), call("b: 2")])
        '''),
    bcb("patch-os-getcwd-and-path-join", r'''
        import os


        def task_func(name):
            return os.path.join(os.getcwd(), "out", name)
        ''', r'''
        import unittest
        from unittest.mock import patch


        class TestCases(unittest.TestCase):
            @patch("os.getcwd", return_value="/home/u")
            def test_path(self, cwd):
                self.assertEqual(task_func("x.csv"), "/home/u/out/x.csv")
        '''),
    bcb("patch-platform-system", r'''
        import platform


        def task_func():
            system = platform.system()
            return {"Linux": "penguin", "Windows": "window", "Darwin": "apple"}.get(system, "unknown")
        ''', r'''
        import unittest
        from unittest.mock import patch


        class TestCases(unittest.TestCase):
            def test_each(self):
                for name, want in [("Linux", "penguin"), ("Windows", "window"), ("Plan9", "unknown")]:
                    with self.subTest(name=name), patch("platform.system", return_value=name):
                        self.assertEqual(task_func(), want)
        '''),
    bcb("patch-uuid-uuid4", r'''
        import uuid


        def task_func(names):
            return {name: str(uuid.uuid4()) for name in names}
        ''', r'''
        import unittest
        from unittest.mock import patch


        class TestCases(unittest.TestCase):
            @patch("uuid.uuid4", side_effect=["id-1", "id-2"])
            def test_ids(self, u):
                self.assertEqual(task_func(["a", "b"]), {"a": "id-1", "b": "id-2"})
        '''),
    bcb("patch-random-random-threshold", r'''
        import random


        def task_func(items, p=0.5):
            return [x for x in items if random.random() < p]
        ''', r'''
        import unittest
        from unittest.mock import patch


        class TestCases(unittest.TestCase):
            @patch("random.random", side_effect=[0.1, 0.9, 0.4, 0.6])
            def test_filter(self, r):
                self.assertEqual(task_func([1, 2, 3, 4]), [1, 3])
        '''),
    bcb("patch-random-sample", r'''
        import random


        def task_func(population, k):
            chosen = random.sample(population, k)
            return sorted(chosen)
        ''', r'''
        import unittest
        from unittest.mock import patch


        class TestCases(unittest.TestCase):
            @patch("random.sample", return_value=[9, 3, 5])
            def test_sample(self, s):
                self.assertEqual(task_func(list(range(10)), 3), [3, 5, 9])
                s.assert_called_once_with(list(range(10)), 3)
        '''),
    bcb("patch-os-walk-return-list", r'''
        import os


        def task_func(root):
            count = 0
            for _dirpath, _dirs, files in os.walk(root):
                count += sum(1 for f in files if f.endswith(".md"))
            return count
        ''', r'''
        import unittest
        from unittest.mock import patch


        class TestCases(unittest.TestCase):
            @patch("os.walk")
            def test_walk(self, w):
                w.return_value = [("/r", ["d"], ["a.md", "b.txt"]), ("/r/d", [], ["c.md"])]
                self.assertEqual(task_func("/r"), 2)
        '''),
    bcb("patch-shutil-disk-usage-attrs", r'''
        import shutil


        def task_func(path):
            usage = shutil.disk_usage(path)
            return round(100 * usage.used / usage.total, 1)
        ''', r'''
        import unittest
        from unittest.mock import patch


        class TestCases(unittest.TestCase):
            @patch("shutil.disk_usage")
            def test_percent(self, du):
                du.return_value.total = 200
                du.return_value.used = 50
                self.assertEqual(task_func("/"), 25.0)
        '''),
    bcb("patch-datetime-via-time-strftime", r'''
        import time


        def task_func(prefix):
            return f"{prefix}_{time.strftime('%Y%m%d')}.log"
        ''', r'''
        import unittest
        from unittest.mock import patch


        class TestCases(unittest.TestCase):
            @patch("time.strftime", return_value="20240102")
            def test_name(self, st):
                self.assertEqual(task_func("app"), "app_20240102.log")
                st.assert_called_once_with("%Y%m%d")
        '''),
    bcb("patch-object-time-perf-counter-side-effect", r'''
        import time


        def task_func(fn_calls):
            start = time.perf_counter()
            total = sum(fn_calls)
            end = time.perf_counter()
            return total, round(end - start, 3)
        ''', r'''
        import time
        import unittest
        from unittest.mock import patch


        class TestCases(unittest.TestCase):
            def test_timing(self):
                with patch.object(time, "perf_counter", side_effect=[1.0, 1.25]):
                    self.assertEqual(task_func([1, 2, 3]), (6, 0.25))
        '''),
    bcb("patch-smtplib-smtp-context", r'''
        import smtplib


        def task_func(to, body):
            with smtplib.SMTP("localhost", 25) as server:
                server.sendmail("me@x", [to], body)
            return True
        ''', r'''
        import unittest
        from unittest.mock import patch


        class TestCases(unittest.TestCase):
            @patch("smtplib.SMTP")
            def test_send(self, mock_smtp):
                self.assertTrue(task_func("you@y", "hi"))
                mock_smtp.assert_called_once_with("localhost", 25)
                server = mock_smtp.return_value.__enter__.return_value
                server.sendmail.assert_called_once_with("me@x", ["you@y"], "hi")
        '''),
    bcb("patch-smtplib-no-context", r'''
        import smtplib


        def task_func(to, body):
            server = smtplib.SMTP("mail", 587)
            server.starttls()
            server.login("u", "p")
            server.sendmail("u", to, body)
            server.quit()
            return "sent"
        ''', r'''
        import unittest
        from unittest.mock import patch


        class TestCases(unittest.TestCase):
            @patch("smtplib.SMTP")
            def test_flow(self, smtp):
                instance = smtp.return_value
                self.assertEqual(task_func("a@b", "m"), "sent")
                instance.starttls.assert_called_once()
                instance.login.assert_called_once_with("u", "p")
                instance.sendmail.assert_called_once_with("u", "a@b", "m")
                instance.quit.assert_called_once()
        '''),
    bcb("ftplib-nlst", r'''
        import ftplib


        def task_func(host, user, password):
            ftp = ftplib.FTP(host)
            ftp.login(user, password)
            names = ftp.nlst()
            ftp.quit()
            return [n for n in names if not n.startswith(".")]
        ''', r'''
        import unittest
        from unittest.mock import patch


        class TestCases(unittest.TestCase):
            @patch("ftplib.FTP")
            def test_list(self, mock_ftp):
                mock_ftp.return_value.nlst.return_value = [".hidden", "a.txt", "b.bin"]
                self.assertEqual(task_func("h", "u", "p"), ["a.txt", "b.bin"])
                mock_ftp.assert_called_once_with("h")
                mock_ftp.return_value.login.assert_called_once_with("u", "p")
        '''),
    bcb("ftplib-login-error", r'''
        import ftplib


        def task_func(host):
            try:
                ftp = ftplib.FTP(host)
            except Exception as e:
                raise Exception(f"Failed to connect to FTP server {host}: {e}")
            return ftp.pwd()
        ''', r'''
        import unittest
        from unittest.mock import patch


        class TestCases(unittest.TestCase):
            @patch("ftplib.FTP")
            def test_connect_fail(self, mock_ftp):
                mock_ftp.side_effect = Exception("refused")
                with self.assertRaises(Exception) as cm:
                    task_func("h")
                self.assertEqual(str(cm.exception), "Failed to connect to FTP server h: refused")

            @patch("ftplib.FTP")
            def test_pwd(self, mock_ftp):
                mock_ftp.return_value.pwd.return_value = "/home"
                self.assertEqual(task_func("h"), "/home")
        '''),
    bcb("http-client-getresponse", r'''
        import http.client


        def task_func(host, path):
            conn = http.client.HTTPSConnection(host)
            conn.request("GET", path)
            response = conn.getresponse()
            return response.status, response.read().decode()
        ''', r'''
        import unittest
        from unittest.mock import patch


        class TestCases(unittest.TestCase):
            @patch("http.client.HTTPSConnection")
            def test_get(self, conn):
                conn.return_value.getresponse.return_value.status = 200
                conn.return_value.getresponse.return_value.read.return_value = b"ok"
                self.assertEqual(task_func("h", "/p"), (200, "ok"))
                conn.return_value.request.assert_called_once_with("GET", "/p")
        '''),
    bcb("os-system-return-code", r'''
        import os


        def task_func(commands):
            return [cmd for cmd in commands if os.system(cmd) != 0]
        ''', r'''
        import unittest
        from unittest.mock import patch


        class TestCases(unittest.TestCase):
            @patch("os.system", side_effect=[0, 256, 0])
            def test_failed(self, s):
                self.assertEqual(task_func(["a", "b", "c"]), ["b"])
        '''),
    bcb("getpass-getuser", r'''
        import getpass


        def task_func(greeting="Hello"):
            return f"{greeting}, {getpass.getuser()}!"
        ''', r'''
        import unittest
        from unittest.mock import patch


        class TestCases(unittest.TestCase):
            @patch("getpass.getuser", return_value="ada")
            def test_greet(self, g):
                self.assertEqual(task_func(), "Hello, ada!")
        '''),
    bcb("mock-return-value-dict-json", r'''
        import json
        import urllib.request


        def task_func(url):
            with urllib.request.urlopen(url) as response:
                payload = json.load(response)
            return {k: v for k, v in payload.items() if v is not None}
        ''', r'''
        import io
        import unittest
        from unittest.mock import patch


        class TestCases(unittest.TestCase):
            @patch("urllib.request.urlopen")
            def test_filter(self, mock_urlopen):
                mock_urlopen.return_value.__enter__.return_value = io.BytesIO(b'{"a": 1, "b": null}')
                self.assertEqual(task_func("u"), {"a": 1})
        '''),
    bcb("side-effect-function", r'''
        import os


        def task_func(paths):
            return {p: os.path.exists(p) for p in paths}
        ''', r'''
        import unittest
        from unittest.mock import patch


        class TestCases(unittest.TestCase):
            @patch("os.path.exists", side_effect=lambda p: p.startswith("/ok"))
            def test_exists(self, e):
                self.assertEqual(task_func(["/ok/a", "/no/b"]), {"/ok/a": True, "/no/b": False})
        '''),
    bcb("mock-open-read-data", r'''
        def task_func(path):
            with open(path) as f:
                return [line.strip() for line in f if line.strip()]
        ''', r'''
        import unittest
        from unittest.mock import mock_open, patch


        class TestCases(unittest.TestCase):
            def test_lines(self):
                with patch("builtins.open", mock_open(read_data="a\n\nb\n")):
                    self.assertEqual(task_func("f"), ["a", "b"])
        '''),
    bcb("patch-autospec-signature", r'''
        import os


        def task_func(src, dst):
            os.rename(src, dst)
            return dst
        ''', r'''
        import unittest
        from unittest.mock import patch


        class TestCases(unittest.TestCase):
            @patch("os.rename", autospec=True)
            def test_rename(self, r):
                self.assertEqual(task_func("a", "b"), "b")
                r.assert_called_once_with("a", "b")
        '''),
    bcb("patch-new-value", r'''
        import math


        def task_func(r):
            return round(math.pi * r * r, 2)
        ''', r'''
        import unittest
        from unittest.mock import patch


        class TestCases(unittest.TestCase):
            def test_pi_three(self):
                with patch("math.pi", 3):
                    self.assertEqual(task_func(2), 12)
            def test_real(self):
                self.assertEqual(task_func(1), 3.14)
        '''),
    bcb("setup-start-patcher", r'''
        import random


        def task_func(n):
            return [random.randint(0, 9) for _ in range(n)]
        ''', r'''
        import unittest
        from unittest.mock import patch


        class TestCases(unittest.TestCase):
            def setUp(self):
                self.patcher = patch("random.randint", return_value=7)
                self.mock_randint = self.patcher.start()

            def tearDown(self):
                self.patcher.stop()

            def test_sevens(self):
                self.assertEqual(task_func(3), [7, 7, 7])
                self.assertEqual(self.mock_randint.call_count, 3)
        '''),
    bcb("class-decorator-patch", r'''
        import os


        def task_func():
            return os.cpu_count() or 1
        ''', r'''
        import unittest
        from unittest.mock import patch


        @patch("os.cpu_count", return_value=12)
        class TestCases(unittest.TestCase):
            def test_count(self, cpu):
                self.assertEqual(task_func(), 12)

            def test_again(self, cpu):
                task_func()
                cpu.assert_called_once_with()
        '''),
    bcb("patch-time-sleep-and-time-loop", r'''
        import time


        def task_func(timeout):
            start = time.time()
            polls = 0
            while time.time() - start < timeout:
                polls += 1
                time.sleep(1)
            return polls
        ''', r'''
        import unittest
        from unittest.mock import patch


        class TestCases(unittest.TestCase):
            @patch("time.sleep")
            @patch("time.time", side_effect=[0, 0.5, 1.5, 2.5, 3.5])
            def test_polls(self, t, s):
                self.assertEqual(task_func(3), 3)
                self.assertEqual(s.call_count, 3)
        '''),
    bcb("patch-body-prompt", r'''
        files = os.listdir(path)
        return {f.split(".")[-1] for f in files if "." in f}
        ''', r'''
        import unittest
        from unittest.mock import patch


        class TestCases(unittest.TestCase):
            @patch("os.listdir", return_value=["a.py", "b.txt", "c", "d.py"])
            def test_ext(self, ld):
                self.assertEqual(task_func("/p"), {"py", "txt"})
        ''', prompt='''
        import os


        def task_func(path):
        ''', body=True),
]

# --- (b) completions returning generators, tests driving them ----------------------------------------------------
GENERATORS: list[Case] = [
    fn("gen-fib-islice", '''
        def fib():
            a, b = 0, 1
            while True:
                yield a
                a, b = b, a + b
        ''', '''
        import itertools


        def check(candidate):
            assert list(itertools.islice(candidate(), 10)) == [0, 1, 1, 2, 3, 5, 8, 13, 21, 34]
            g = candidate()
            assert [next(g) for _ in range(5)] == [0, 1, 1, 2, 3]
            assert next(itertools.islice(g, 2, None)) == 13
        ''', "fib"),
    fn("gen-isgenerator-types", '''
        def evens(limit):
            n = 0
            while n < limit:
                yield n
                n += 2
        ''', '''
        import inspect
        import types


        def check(candidate):
            g = candidate(7)
            assert inspect.isgenerator(g)
            assert isinstance(g, types.GeneratorType)
            assert inspect.isgeneratorfunction(candidate)
            assert list(g) == [0, 2, 4, 6]
        ''', "evens"),
    fn("gen-send-averager", '''
        def averager():
            total = 0.0
            count = 0
            average = None
            while True:
                value = yield average
                total += value
                count += 1
                average = total / count
        ''', '''
        def check(candidate):
            avg = candidate()
            assert next(avg) is None
            assert avg.send(10) == 10.0
            assert avg.send(30) == 20.0
            assert avg.send(5) == 15.0
        ''', "averager"),
    fn("gen-throw-caught", '''
        def resilient():
            errors = 0
            while True:
                try:
                    yield errors
                except ValueError:
                    errors += 1
        ''', '''
        def check(candidate):
            g = candidate()
            assert next(g) == 0
            assert g.throw(ValueError) == 1
            assert g.throw(ValueError("x")) == 2
            assert next(g) == 2
            try:
                g.throw(KeyError("k"))
            except KeyError:
                pass
            else:
                raise AssertionError("KeyError expected")
            assert next(g, None) is None
        ''', "resilient"),
    fn("gen-close-runs-finally-state", '''
        log = []


        def worker():
            try:
                while True:
                    yield len(log)
            finally:
                log.append("closed")


        def make():
            return worker(), log
        ''', '''
        def check(candidate):
            g, log = candidate()
            assert next(g) == 0
            g.close()
            try:
                next(g)
            except StopIteration:
                pass
            else:
                raise AssertionError("closed generator yielded")
        ''', "make"),
    fn("gen-close-generatorexit", '''
        def counter():
            i = 0
            try:
                while True:
                    yield i
                    i += 1
            except GeneratorExit:
                return
        ''', '''
        import inspect


        def check(candidate):
            g = candidate()
            assert inspect.getgeneratorstate(g) == inspect.GEN_CREATED
            assert next(g) == 0 and next(g) == 1
            assert inspect.getgeneratorstate(g) == inspect.GEN_SUSPENDED
            g.close()
            assert inspect.getgeneratorstate(g) == inspect.GEN_CLOSED
        ''', "counter"),
    fn("gen-return-value-stopiteration", '''
        def summing(items):
            total = 0
            for x in items:
                total += x
                yield total
            return total
        ''', '''
        def check(candidate):
            g = candidate([1, 2, 3])
            assert next(g) == 1 and next(g) == 3 and next(g) == 6
            try:
                next(g)
            except StopIteration as stop:
                assert stop.value == 6
            else:
                raise AssertionError("expected StopIteration")
        ''', "summing"),
    fn("gen-yield-from-delegate-return", '''
        def inner():
            x = yield "ready"
            return x * 2


        def outer():
            result = yield from inner()
            yield result
        ''', '''
        def check(candidate):
            g = candidate()
            assert next(g) == "ready"
            assert g.send(21) == 42
        ''', "outer"),
    fn("gen-pipeline-test-chains", '''
        def read_numbers(lines):
            for line in lines:
                line = line.strip()
                if line and not line.startswith("#"):
                    yield int(line)


        def pipeline(lines):
            return read_numbers(lines)
        ''', '''
        def check(candidate):
            nums = candidate(["1", "# c", "", "4", " 9 "])
            squares = (n * n for n in nums)
            big = filter(lambda n: n > 1, squares)
            assert list(big) == [16, 81]
        ''', "pipeline"),
    fn("gen-passed-back-to-completion", '''
        def numbers(n):
            yield from range(n)


        def doubled(gen):
            for x in gen:
                yield 2 * x


        def api():
            return numbers, doubled
        ''', '''
        def check(candidate):
            numbers, doubled = candidate()
            assert list(doubled(numbers(4))) == [0, 2, 4, 6]
            g = numbers(5)
            next(g)
            assert list(doubled(g)) == [2, 4, 6, 8]
        ''', "api"),
    fn("gen-chunked", '''
        def chunked(iterable, size):
            chunk = []
            for item in iterable:
                chunk.append(item)
                if len(chunk) == size:
                    yield chunk
                    chunk = []
            if chunk:
                yield chunk
        ''', '''
        def check(candidate):
            assert list(candidate(range(7), 3)) == [[0, 1, 2], [3, 4, 5], [6]]
            assert list(candidate([], 2)) == []
            g = candidate(iter("abcde"), 2)
            assert next(g) == ["a", "b"]
        ''', "chunked"),
    fn("gen-sliding-window-deque", '''
        from collections import deque


        def windows(seq, k):
            window = deque(maxlen=k)
            for x in seq:
                window.append(x)
                if len(window) == k:
                    yield tuple(window)
        ''', '''
        def check(candidate):
            assert list(candidate([1, 2, 3, 4], 2)) == [(1, 2), (2, 3), (3, 4)]
            assert list(candidate("abc", 3)) == [("a", "b", "c")]
            assert list(candidate([1], 2)) == []
        ''', "windows"),
    fn("gen-zip-with-test-range", '''
        def primes():
            found = []
            n = 2
            while True:
                if all(n % p for p in found):
                    found.append(n)
                    yield n
                n += 1
        ''', '''
        def check(candidate):
            pairs = list(zip(range(5), candidate()))
            assert pairs == [(0, 2), (1, 3), (2, 5), (3, 7), (4, 11)]
            assert dict(zip("abc", candidate())) == {"a": 2, "b": 3, "c": 5}
        ''', "primes"),
    fn("gen-enumerate-and-sum", '''
        def triangular():
            total = 0
            n = 1
            while True:
                total += n
                yield total
                n += 1
        ''', '''
        import itertools


        def check(candidate):
            for i, t in enumerate(candidate(), start=1):
                assert t == i * (i + 1) // 2
                if i == 20:
                    break
            assert sum(itertools.takewhile(lambda t: t < 50, candidate())) == 1 + 3 + 6 + 10 + 15 + 21 + 28 + 36 + 45
        ''', "triangular"),
    fn("gen-tee-and-accumulate", '''
        def countdown(n):
            while n > 0:
                yield n
                n -= 1
        ''', '''
        import itertools


        def check(candidate):
            a, b = itertools.tee(candidate(4))
            assert list(a) == [4, 3, 2, 1]
            assert list(itertools.accumulate(b)) == [4, 7, 9, 10]
            assert sorted(candidate(3)) == [1, 2, 3]
            assert max(candidate(5)) == 5 and min(candidate(5)) == 1
        ''', "countdown"),
    fn("gen-chain-and-groupby", '''
        def runs(s):
            prev, count = None, 0
            for ch in s:
                if ch == prev:
                    count += 1
                else:
                    if prev is not None:
                        yield prev, count
                    prev, count = ch, 1
            if prev is not None:
                yield prev, count
        ''', '''
        import itertools


        def check(candidate):
            assert list(candidate("aaabcc")) == [("a", 3), ("b", 1), ("c", 2)]
            both = itertools.chain(candidate("xx"), candidate("y"))
            assert list(both) == [("x", 2), ("y", 1)]
            assert dict(candidate("zzq")) == {"z": 2, "q": 1}
        ''', "runs"),
    fn("gen-coroutine-decorator-primed", '''
        import functools


        def coroutine(func):
            @functools.wraps(func)
            def start(*args, **kwargs):
                g = func(*args, **kwargs)
                next(g)
                return g
            return start


        @coroutine
        def grep(pattern, found):
            while True:
                line = yield
                if pattern in line:
                    found.append(line)


        def run(lines, pattern):
            found = []
            g = grep(pattern, found)
            for line in lines:
                g.send(line)
            g.close()
            return found
        ''', '''
        def check(candidate):
            assert candidate(["a python", "java", "python3"], "python") == ["a python", "python3"]
        ''', "run"),
    fn("gen-coroutine-returned-to-test", '''
        def collector():
            items = []
            while True:
                item = yield len(items)
                if item is None:
                    break
                items.append(item)
            yield items
        ''', '''
        def check(candidate):
            c = candidate()
            assert next(c) == 0
            assert c.send("a") == 1
            assert c.send("b") == 2
            assert c.send(None) == ["a", "b"]
        ''', "collector"),
    fn("gen-expression-returned", '''
        def squares_of_odds(nums):
            return (n * n for n in nums if n % 2)
        ''', '''
        import types


        def check(candidate):
            g = candidate([1, 2, 3, 4, 5])
            assert isinstance(g, types.GeneratorType)
            assert next(g) == 1
            assert list(g) == [9, 25]
        ''', "squares_of_odds"),
    fn("gen-infinite-cycle-send-reset", '''
        def cycler(items):
            i = 0
            while True:
                cmd = yield items[i % len(items)]
                if cmd == "reset":
                    i = 0
                else:
                    i += 1
        ''', '''
        def check(candidate):
            g = candidate("abc")
            assert [next(g) for _ in range(4)] == ["a", "b", "c", "a"]
            assert g.send("reset") == "a"
            assert next(g) == "b"
        ''', "cycler"),
    fn("gen-flatten-recursive", '''
        def flatten(nested):
            for item in nested:
                if isinstance(item, (list, tuple)):
                    yield from flatten(item)
                else:
                    yield item
        ''', '''
        def check(candidate):
            assert list(candidate([1, [2, [3, (4, 5)]], 6])) == [1, 2, 3, 4, 5, 6]
            assert list(candidate([])) == []
            assert "".join(candidate(["a", ["b", ["c"]]])) == "abc"
        ''', "flatten"),
    fn("gen-tree-inorder-class", '''
        class Node:
            def __init__(self, val, left=None, right=None):
                self.val, self.left, self.right = val, left, right

            def __iter__(self):
                if self.left:
                    yield from self.left
                yield self.val
                if self.right:
                    yield from self.right


        def build(values):
            root = None
            for v in values:
                root = _insert(root, v)
            return list(root) if root else []


        def _insert(node, v):
            if node is None:
                return Node(v)
            if v < node.val:
                node.left = _insert(node.left, v)
            else:
                node.right = _insert(node.right, v)
            return node
        ''', '''
        def check(candidate):
            assert candidate([5, 2, 8, 1, 9, 3]) == [1, 2, 3, 5, 8, 9]
            assert candidate([]) == []
        ''', "build"),
    fn("gen-iter-class-with-dunder", '''
        class Countdown:
            def __init__(self, start):
                self.start = start

            def __iter__(self):
                n = self.start
                while n > 0:
                    yield n
                    n -= 1

            def __reversed__(self):
                return iter(range(1, self.start + 1))
        ''', '''
        def check(candidate):
            c = candidate(3)
            assert list(c) == [3, 2, 1]
            assert list(c) == [3, 2, 1]
            assert list(reversed(c)) == [1, 2, 3]
            assert 2 in c
            it = iter(c)
            assert next(it) == 3
        ''', "Countdown"),
    fn("gen-dict-items-lazy", '''
        def inverted(mapping):
            for key, value in mapping.items():
                yield value, key
        ''', '''
        def check(candidate):
            assert dict(candidate({"a": 1, "b": 2})) == {1: "a", 2: "b"}
            g = candidate({"x": 9})
            assert next(g) == (9, "x")
            assert next(g, "done") == "done"
        ''', "inverted"),
    fn("gen-unpacking-and-star", '''
        def three():
            yield 1
            yield 2
            yield 3
        ''', '''
        def check(candidate):
            a, b, c = candidate()
            assert (a, b, c) == (1, 2, 3)
            first, *rest = candidate()
            assert first == 1 and rest == [2, 3]
            assert [*candidate(), 4] == [1, 2, 3, 4]
            assert set(candidate()) == {1, 2, 3}
            assert tuple(candidate()) == (1, 2, 3)
        ''', "three"),
    fn("gen-any-all-short-circuit", '''
        def checked(values, seen):
            for v in values:
                seen.append(v)
                yield v > 0


        def probe(values):
            seen = []
            result = any(checked(values, seen))
            return result, seen
        ''', '''
        def check(candidate):
            assert candidate([-1, 2, 5]) == (True, [-1, 2])
            assert candidate([-1, -2]) == (False, [-1, -2])
        ''', "probe"),
    fn("gen-any-in-test-over-result", '''
        def positives(values):
            for v in values:
                if v > 0:
                    yield v
        ''', '''
        def check(candidate):
            assert any(x > 4 for x in candidate([1, -2, 5]))
            assert all(x > 0 for x in candidate([3, -1, 2]))
            assert 5 in candidate([-5, 5])
            assert not any(candidate([-1, 0]))
        ''', "positives"),
    fn("gen-heapq-merge-result", '''
        import heapq


        def merged(*lists):
            yield from heapq.merge(*lists)
        ''', '''
        def check(candidate):
            assert list(candidate([1, 4, 9], [2, 3], [5])) == [1, 2, 3, 4, 5, 9]
            g = candidate([1], [0])
            assert next(g) == 0
        ''', "merged"),
    fn("gen-strings-yield-lines", '''
        def numbered(text):
            for i, line in enumerate(text.splitlines(), 1):
                yield f"{i:>3}: {line}"
        ''', '''
        def check(candidate):
            assert "\\n".join(candidate("a\\nb")) == "  1: a\\n  2: b"
            assert list(candidate("")) == []
        ''', "numbered"),
    fn("gen-send-none-equals-next", '''
        def echo():
            received = None
            while True:
                received = yield received
        ''', '''
        def check(candidate):
            g = candidate()
            assert g.send(None) is None
            assert g.send("x") == "x"
            assert next(g) is None
            assert g.send([1, 2]) == [1, 2]
        ''', "echo"),
    fn("gen-throw-into-fresh", '''
        def guarded():
            try:
                yield 1
            except RuntimeError:
                yield "recovered"
        ''', '''
        def check(candidate):
            g = candidate()
            try:
                g.throw(RuntimeError)
            except RuntimeError:
                pass
            else:
                raise AssertionError("a fresh generator re-raises")
            g = candidate()
            assert next(g) == 1
            assert g.throw(RuntimeError("x")) == "recovered"
        ''', "guarded"),
    fn("gen-mbpp-style-next-in-assert", '''
        def take_while_increasing(seq):
            it = iter(seq)
            prev = next(it, None)
            if prev is None:
                return
            yield prev
            for x in it:
                if x <= prev:
                    return
                yield x
                prev = x
        ''', '''
        def check(candidate):
            assert list(candidate([1, 3, 7, 2, 9])) == [1, 3, 7]
            assert list(candidate([])) == []
            assert list(candidate(iter([5, 5]))) == [5]
        ''', "take_while_increasing"),
    mbpp("gen-asserts-list-of-generator", '''
        def powers_of_two(n):
            p = 1
            for _ in range(n):
                yield p
                p *= 2
        ''', [
        "assert list(powers_of_two(5)) == [1, 2, 4, 8, 16]",
        "assert sum(powers_of_two(10)) == 1023",
        "import types\nassert isinstance(powers_of_two(1), types.GeneratorType)",
        "g = powers_of_two(3)\nnext(g)\nassert next(g) == 2",
    ]),
    mbpp("gen-asserts-fizzbuzz", '''
        def fizzbuzz():
            n = 1
            while True:
                yield "FizzBuzz" if n % 15 == 0 else "Fizz" if n % 3 == 0 else "Buzz" if n % 5 == 0 else str(n)
                n += 1
        ''', [
        "from itertools import islice\nassert list(islice(fizzbuzz(), 15))[-1] == 'FizzBuzz'",
        "g = fizzbuzz()\nassert [next(g) for _ in range(5)] == ['1', '2', 'Fizz', '4', 'Buzz']",
    ]),
    bcb("generator-unittest-assert-count-equal", r'''
        import random


        def task_func(n, seed=0):
            rng = random.Random(seed)
            for _ in range(n):
                yield rng.choice("ACGT")
        ''', r'''
        import types
        import unittest


        class TestCases(unittest.TestCase):
            def test_type(self):
                self.assertIsInstance(task_func(3), types.GeneratorType)

            def test_deterministic(self):
                self.assertEqual(list(task_func(20, 1)), list(task_func(20, 1)))
                self.assertEqual(len(list(task_func(20))), 20)

            def test_alphabet(self):
                self.assertTrue(set(task_func(50)) <= set("ACGT"))

            def test_stop(self):
                g = task_func(1)
                next(g)
                with self.assertRaises(StopIteration):
                    next(g)
        '''),
    bcb("generator-of-tuples-pairs", r'''
        import itertools


        def task_func(letters):
            for a, b in itertools.combinations(sorted(letters), 2):
                yield a + b
        ''', r'''
        import unittest


        class TestCases(unittest.TestCase):
            def test_pairs(self):
                self.assertListEqual(list(task_func("cab")), ["ab", "ac", "bc"])

            def test_count(self):
                self.assertEqual(sum(1 for _ in task_func("abcd")), 6)
        '''),
    fn("gen-async-free-state-machine", '''
        def traffic_light():
            states = ["green", "yellow", "red"]
            i = 0
            while True:
                skip = yield states[i]
                i = (i + (skip or 1)) % 3
        ''', '''
        def check(candidate):
            light = candidate()
            assert next(light) == "green"
            assert next(light) == "yellow"
            assert light.send(2) == "green"
            assert [next(light) for _ in range(3)] == ["yellow", "red", "green"]
        ''', "traffic_light"),
    fn("gen-gi-frame-and-name", '''
        def ticker():
            yield "tick"
            yield "tock"
        ''', '''
        def check(candidate):
            g = candidate()
            assert g.__name__ == "ticker"
            assert g.gi_running is False
            assert next(g) == "tick"
            assert g.gi_frame is not None
            list(g)
            assert g.gi_frame is None
        ''', "ticker"),
    fn("gen-reduce-and-map-over-it", '''
        def digits(n):
            while n:
                n, d = divmod(n, 10)
                yield d
        ''', '''
        import functools
        import operator


        def check(candidate):
            assert functools.reduce(operator.add, candidate(12345)) == 15
            assert list(map(str, candidate(907))) == ["7", "0", "9"]
            assert sorted(candidate(3141), reverse=True) == [4, 3, 1, 1]
        ''', "digits"),
]

# --- (c) tests handing the completion iterators and reading them after the call ----------------------------------
ITERATORS: list[Case] = [
    fn("it-list-iterator-partially-read", '''
        def take(it, n):
            return [next(it) for _ in range(n)]
        ''', '''
        def check(candidate):
            it = iter([1, 2, 3, 4, 5])
            assert candidate(it, 2) == [1, 2]
            assert next(it) == 3
            assert list(it) == [4, 5]
        ''', "take"),
    fn("it-range-iterator-consumed-until", '''
        def skip_until(it, target):
            for x in it:
                if x == target:
                    return True
            return False
        ''', '''
        def check(candidate):
            it = iter(range(10))
            assert candidate(it, 4)
            assert list(it) == [5, 6, 7, 8, 9]
            it = iter(range(3))
            assert not candidate(it, 7)
            assert list(it) == []
        ''', "skip_until"),
    fn("it-string-iterator", '''
        def read_word(chars):
            word = []
            for ch in chars:
                if ch == " ":
                    break
                word.append(ch)
            return "".join(word)
        ''', '''
        def check(candidate):
            it = iter("hello big world")
            assert candidate(it) == "hello"
            assert candidate(it) == "big"
            assert candidate(it) == "world"
            assert candidate(it) == ""
        ''', "read_word"),
    fn("it-tuple-iterator-header", '''
        def parse_header(rows):
            header = next(rows)
            return [h.upper() for h in header]
        ''', '''
        def check(candidate):
            rows = iter((("a", "b"), (1, 2), (3, 4)))
            assert candidate(rows) == ["A", "B"]
            assert list(rows) == [(1, 2), (3, 4)]
        ''', "parse_header"),
    fn("it-enumerate-object", '''
        def first_negative(pairs):
            for i, x in pairs:
                if x < 0:
                    return i
            return -1
        ''', '''
        def check(candidate):
            e = enumerate([3, -1, 4, -5])
            assert candidate(e) == 1
            assert next(e) == (2, 4)
            assert candidate(e) == 3
            assert candidate(enumerate([])) == -1
        ''', "first_negative"),
    fn("it-zip-object", '''
        def dot(pairs):
            return sum(a * b for a, b in pairs)
        ''', '''
        def check(candidate):
            assert candidate(zip([1, 2, 3], [4, 5, 6])) == 32
            z = zip("ab", [1, 2])
            assert candidate(zip([2], [3])) == 6
            assert list(z) == [("a", 1), ("b", 2)]
        ''', "dot"),
    fn("it-zip-partially-read", '''
        def first_pair(pairs):
            return next(pairs)
        ''', '''
        def check(candidate):
            z = zip(range(3), "xyz")
            assert candidate(z) == (0, "x")
            assert list(z) == [(1, "y"), (2, "z")]
        ''', "first_pair"),
    fn("it-map-object", '''
        def total(values):
            return sum(values)
        ''', '''
        def check(candidate):
            assert candidate(map(int, ["1", "2", "3"])) == 6
            assert candidate(map(lambda x: x * x, range(4))) == 14
            m = map(abs, [-1, -2])
            assert candidate(m) == 3
            assert list(m) == []
        ''', "total"),
    fn("it-map-partially-read", '''
        def head(values, n):
            out = []
            for v in values:
                out.append(v)
                if len(out) == n:
                    break
            return out
        ''', '''
        def check(candidate):
            m = map(str.upper, ["a", "b", "c", "d"])
            assert candidate(m, 2) == ["A", "B"]
            assert next(m) == "C"
        ''', "head"),
    fn("it-filter-object", '''
        def count(items):
            return sum(1 for _ in items)
        ''', '''
        def check(candidate):
            assert candidate(filter(None, [0, 1, "", "a", None])) == 2
            assert candidate(filter(str.isdigit, "a1b22")) == 3
        ''', "count"),
    fn("it-generator-expression-arg", '''
        def largest(values):
            best = None
            for v in values:
                if best is None or v > best:
                    best = v
            return best
        ''', '''
        def check(candidate):
            assert candidate(x * x for x in [-3, 2, 1]) == 9
            assert candidate(x for x in []) is None
            g = (len(w) for w in "a bb ccc".split())
            assert candidate(g) == 3
            assert list(g) == []
        ''', "largest"),
    fn("it-generator-expression-partially-read", '''
        def first_over(values, limit):
            for v in values:
                if v > limit:
                    return v
            return None
        ''', '''
        def check(candidate):
            g = (n * 10 for n in range(1, 10))
            assert candidate(g, 25) == 30
            assert next(g) == 40
            assert candidate(g, 75) == 80
            assert list(g) == [90]
        ''', "first_over"),
    fn("it-test-generator-function-arg", '''
        def batch_sum(numbers, size):
            sums, current, count = [], 0, 0
            for n in numbers:
                current += n
                count += 1
                if count == size:
                    sums.append(current)
                    current, count = 0, 0
            if count:
                sums.append(current)
            return sums
        ''', '''
        def check(candidate):
            def numbers(n):
                for i in range(n):
                    yield i

            assert candidate(numbers(7), 3) == [3, 12, 6]
            assert candidate(numbers(0), 2) == []
        ''', "batch_sum"),
    fn("it-stringio-lines", '''
        def word_counts(stream):
            counts = {}
            for line in stream:
                for word in line.split():
                    counts[word] = counts.get(word, 0) + 1
            return counts
        ''', '''
        import io


        def check(candidate):
            f = io.StringIO("a b\\nb c\\n\\nc c\\n")
            assert candidate(f) == {"a": 1, "b": 2, "c": 3}
            assert f.read() == ""
        ''', "word_counts"),
    fn("it-stringio-readline-header-then-test-reads", '''
        def read_header(stream):
            return stream.readline().rstrip("\\n").split(",")
        ''', '''
        import io


        def check(candidate):
            f = io.StringIO("x,y\\n1,2\\n3,4\\n")
            assert candidate(f) == ["x", "y"]
            assert f.readline() == "1,2\\n"
            assert f.read() == "3,4\\n"
        ''', "read_header"),
    fn("it-stringio-csv-reader", '''
        import csv


        def column_sums(stream):
            reader = csv.DictReader(stream)
            sums = {}
            for row in reader:
                for key, value in row.items():
                    sums[key] = sums.get(key, 0) + int(value)
            return sums
        ''', '''
        import io


        def check(candidate):
            assert candidate(io.StringIO("a,b\\n1,2\\n3,4\\n")) == {"a": 4, "b": 6}
        ''', "column_sums"),
    fn("it-stringio-written-by-completion", '''
        def write_report(out, rows):
            for name, value in rows:
                out.write(f"{name}={value}\\n")
            return len(rows)
        ''', '''
        import io


        def check(candidate):
            buf = io.StringIO()
            assert candidate(buf, [("a", 1), ("b", 2)]) == 2
            assert buf.getvalue() == "a=1\\nb=2\\n"
        ''', "write_report"),
    fn("it-bytesio-read", '''
        import struct


        def read_ints(stream):
            out = []
            while chunk := stream.read(4):
                out.append(struct.unpack("<i", chunk)[0])
            return out
        ''', '''
        import io
        import struct


        def check(candidate):
            data = struct.pack("<3i", 1, -2, 300)
            assert candidate(io.BytesIO(data)) == [1, -2, 300]
        ''', "read_ints"),
    fn("it-itertools-count-arg", '''
        def label(items, counter):
            return [f"{next(counter)}:{x}" for x in items]
        ''', '''
        import itertools


        def check(candidate):
            c = itertools.count(1)
            assert candidate("ab", c) == ["1:a", "2:b"]
            assert candidate("c", c) == ["3:c"]
            assert next(c) == 4
        ''', "label"),
    fn("it-itertools-islice-arg", '''
        def joined(parts):
            return "-".join(parts)
        ''', '''
        import itertools


        def check(candidate):
            assert candidate(itertools.islice("abcdef", 1, 4)) == "b-c-d"
            assert candidate(itertools.repeat("x", 3)) == "x-x-x"
            assert candidate(itertools.chain("ab", "c")) == "a-b-c"
        ''', "joined"),
    fn("it-reversed-object", '''
        def pairs(seq):
            return list(zip(seq, seq))
        ''', '''
        def check(candidate):
            r = reversed([1, 2, 3, 4])
            assert candidate(r) == [(4, 3), (2, 1)]
        ''', "pairs"),
    fn("it-dict-iterators", '''
        def as_list(view):
            return sorted(view)
        ''', '''
        def check(candidate):
            d = {"b": 2, "a": 1}
            assert candidate(iter(d)) == ["a", "b"]
            assert candidate(iter(d.values())) == [1, 2]
            assert candidate(iter(d.items())) == [("a", 1), ("b", 2)]
            assert candidate(d.keys()) == ["a", "b"]
        ''', "as_list"),
    fn("it-set-iterator", '''
        def size(it):
            n = 0
            for _ in it:
                n += 1
            return n
        ''', '''
        def check(candidate):
            assert candidate(iter({1, 2, 3})) == 3
            assert candidate(iter(frozenset("ab"))) == 2
        ''', "size"),
    fn("it-iter-callable-sentinel", '''
        def collect(source):
            return list(source)
        ''', '''
        def check(candidate):
            values = [3, 2, 1, 0, 9]
            it = iter(values.pop, 1)
            assert candidate(it) == [9, 0]
        ''', "collect"),
    fn("it-peek-then-test-continues", '''
        def peek(it):
            first = next(it, None)
            return first
        ''', '''
        def check(candidate):
            it = iter([10, 20])
            assert candidate(it) == 10
            assert candidate(it) == 20
            assert candidate(it) is None
        ''', "peek"),
    fn("it-both-way-generator-arg-returns-generator", '''
        def running_max(values):
            best = None
            for v in values:
                best = v if best is None else max(best, v)
                yield best
        ''', '''
        def check(candidate):
            source = iter([3, 1, 4, 1, 5])
            out = candidate(source)
            assert next(out) == 3
            assert next(out) == 3
            assert list(out) == [4, 4, 5]
        ''', "running_max"),
    fn("it-lazy-generator-over-test-iterator-partial", '''
        def evens_only(values):
            return (v for v in values if v % 2 == 0)
        ''', '''
        def check(candidate):
            source = iter(range(10))
            g = candidate(source)
            assert next(g) == 0
            assert next(g) == 2
            assert next(source) == 3
            assert next(g) == 4
        ''', "evens_only"),
    bcb("it-csv-reader-from-stringio", r'''
        import csv


        def task_func(file_obj):
            reader = csv.reader(file_obj)
            header = next(reader)
            return {"columns": header, "rows": sum(1 for _ in reader)}
        ''', r'''
        import io
        import unittest


        class TestCases(unittest.TestCase):
            def test_counts(self):
                f = io.StringIO("a,b\n1,2\n3,4\n")
                self.assertEqual(task_func(f), {"columns": ["a", "b"], "rows": 2})

            def test_header_only(self):
                self.assertEqual(task_func(io.StringIO("x\n")), {"columns": ["x"], "rows": 0})
        '''),
    mbpp("it-asserts-iter-args", '''
        def interleave(a, b):
            out = []
            for x, y in zip(a, b):
                out.extend((x, y))
            return out
        ''', [
        "assert interleave(iter([1, 3]), iter([2, 4])) == [1, 2, 3, 4]",
        "assert interleave(range(2), 'ab') == [0, 'a', 1, 'b']",
        "a = iter([1, 2, 3])\nassert interleave(a, [9]) == [1, 9]\nassert list(a) == [3]",
    ]),
    fn("it-sorted-key-generator-arg", '''
        def top_k(values, k):
            return sorted(values, reverse=True)[:k]
        ''', '''
        def check(candidate):
            assert candidate((x % 7 for x in range(20)), 3) == [6, 6, 5]
            assert candidate(map(len, ["a", "bbb", "cc"]), 2) == [3, 2]
        ''', "top_k"),
]

# A documented difference this sweep's StringIO fix closed (differences.py held it as a true limit): in the corpus now,
# by its old id.
FROM_DIFFERENCES: list[Case] = [
    humaneval("he-arg-stringio", """
        def count_words(stream):
            return sum(len(line.split()) for line in stream)
        """, """
        import io


        def check(candidate):
            assert candidate(io.StringIO("a b c\\nd e\\n\\nf")) == 6
            assert candidate(io.StringIO("")) == 0
        """, "count_words"),
]

_ALL: list[Case] = [*MOCKS, *GENERATORS, *ITERATORS, *FROM_DIFFERENCES]

# Correct code this sweep found failing and left open, with the layer of each.
KNOWN_FAILING_WHY: dict[str, str] = {
    "humaneval/s9-bcb-call-args-kwargs-inspection":
        "patches, by design: the completion calls the mock with a urllib.request.Request, no plain data; the call "
        "is made again of the test's mock with the Request's text, so call_args[0][0].data fails: \"AttributeError: "
        "'str' object has no attribute 'data'\"",
    "humaneval/s9-bcb-side-effect-function":
        "patches, by design (a mock whose behaviour is code does not cross): side_effect=lambda p: ...; the job's real "
        "os.path.exists runs and says False for both paths",
    "humaneval/s9-gen-isgenerator-types":
        "handles: the test's candidate is this side's stub, not a generator function: "
        "inspect.isgeneratorfunction(candidate) is False (the generator it returns passes isgenerator and "
        "GeneratorType)",
    "humaneval/s9-gen-gi-frame-and-name":
        "handles: the test's view of a job's generator is a generator of handles.job_generator, whose __name__ is "
        "'_job_generator', not 'ticker' (gi_running, gi_frame and its state hold as in one process)",
    "humaneval/s9-it-enumerate-object":
        "transport, documented (writeback.read_on: only a list's, tuple's, str's or range's iterator (now also a "
        "dict's, set's or reversed list's) goes on from where the call stopped; the others are read whole when "
        "sent): the test's enumerate is empty after the first call, next(e) raises StopIteration",
    "humaneval/s9-it-zip-partially-read":
        "transport, documented (as above): the call reads one pair of the test's zip; the rest was read when sent, "
        "list(z) after is []",
    "humaneval/s9-it-map-partially-read":
        "transport, documented (as above): a map of which the call read two items; next(m) after raises "
        "StopIteration",
    "humaneval/s9-it-generator-expression-partially-read":
        "transport, documented (as above): a generator expression the completion stops reading early; the test's "
        "next(g) after raises StopIteration",
    "humaneval/s9-it-lazy-generator-over-test-iterator-partial":
        "transport, documented (as above): the completion's lazy generator over the test's iterator; the job read "
        "the test's iterator whole when sent, so next(source) in between is not the item one process would give",
    "humaneval/s9-it-itertools-count-arg":
        "transport, by design (codec.MAX_ITERATOR_ITEMS): an endless itertools.count() is read whole when sent "
        "and refused at the bound: 'cannot pass an iterator of more than 100000 items into the sandbox'",
}

CASES: list[Case] = [c for c in _ALL if c.id not in KNOWN_FAILING_WHY]
KNOWN_FAILING: list[Case] = [c for c in _ALL if c.id in KNOWN_FAILING_WHY]
