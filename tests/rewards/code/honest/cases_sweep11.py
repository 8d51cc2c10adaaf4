"""An eleventh held-out sweep (2026-12-05), aimed at pandas crossing the sandbox: BigCodeBench rows, each name led by
``s11-bcb-``.

BigCodeBench's pandas tasks as it writes them: a ``task_func`` that builds a DataFrame (from dicts, lists, records,
CSV text in ``io.StringIO``), groups, pivots, merges, counts, describes, sorts, fills, resamples and plots, and a
``class TestCases(unittest.TestCase)`` that checks the answer with ``assertIsInstance``, ``shape``,
``columns.tolist()``, ``pd.testing.assert_frame_equal`` / ``assert_series_equal`` (``check_dtype``, ``check_like``),
``df.equals``, ``df.iloc[0]['col']``, ``to_dict()`` and ``values.tolist()``; DataFrame and Series arguments built in
``setUp``, empty frames on the error path, frames of a few thousand rows, numpy scalars and arrays out of pandas, a
CSV the completion writes in its own scratch directory, ``(DataFrame, Axes)`` pairs.

Found 2026-12-05 (main at fe2d8aa, 2 cores shared with two more sessions): all 120 rows pass plain Python
(`reference.run_plain`); **106/117 (90.6%) of the first 117 scored 1.0 at main's defaults**, and the three written
after (``cut-bins-intervals``, ``period-value-counts``, ``hist-axes-array``) failed at main's 25c0cc5: 106/120.
Eleven were closed the same day in `rewards.sandbox.inside.tables` and `codec` (read strictly by
`wire._multi_index`, `wire._table_column`, `wire._moment`, `wire._interval_index`, `wire._numpy_array`), and one by
main's 25c0cc5 (a matplotlib ``Axes`` answer, a handle, is an instance of ``plt.Axes``): 118/120 now.
* a ``MultiIndex`` stayed a handle in an answer and could not be passed in: ``groupby(["region", "product"])``'s
  Series (``assert_series_equal`` failed inside pandas on the handle), ``agg({"sales": ["sum", "mean"]})``'s columns
  (``assertIsInstance`` failed), a test's frame indexed by ``MultiIndex.from_product`` ("cannot pass a DataFrame");
  it crosses as its levels (flat indexes) and codes now;
* categorical columns: ``pd.cut(..., labels=...)``'s frame was a handle, a test's frame of ordered categories could
  not be passed in; a category column crosses as its categories and codes, a ``CategoricalIndex`` too, and
  categories that are an ``IntervalIndex`` (``pd.cut(v, bins=2)``) as its sides and ends;
* a ``timedelta64`` column (``end - start``) kept the frame a handle and ``pd.Timestamp``/``pd.Timedelta`` answers
  (``weekly.idxmax()``) were handles equal to nothing ("Timestamp('2024-01-14 00:00:00') !=
  Timestamp('2024-01-14 00:00:00')"): ``timedelta64[unit]`` is a dtype of `tables.DTYPES` and the scalars cross;
* dates in a zone (``pd.to_datetime(..., utc=True).dt.tz_convert("Asia/Tokyo")``) kept the Series a handle: they
  cross as UTC counts with the zone (a ``ZoneInfo`` by its checked key, or a ``datetime.timezone``);
* periods (``dt.to_period("M").value_counts()``: a PeriodIndex) cross by their dtype's name and ordinals;
* ``df.hist()``'s object array of Axes was a handle ("is not an instance of <class 'numpy.ndarray'>"): an object
  array whose items are all handles crosses as an array of them (any other object array stays a handle).
Two are left, in KNOWN_FAILING with the layer of each (`KNOWN_FAILING_WHY`): a setUp frame changed in place, and a
frame past the row bound.
"""

from __future__ import annotations

from . import Case, dedent, humaneval

# BigCodeBench's harness runs the row's ``test`` (``class TestCases(unittest.TestCase)``) in the completion's module;
# a function-style corpus row runs it from ``check``, as converted BigCodeBench rows do (cases_sweep8's pattern).
_RUN_SUITE = '''

def check(candidate):
    import io
    import unittest

    suite = unittest.TestLoader().loadTestsFromTestCase(TestCases)
    result = unittest.TextTestRunner(stream=io.StringIO(), verbosity=0).run(suite)
    problems = [f"{test}: {trace[-600:]}" for test, trace in result.failures + result.errors]
    assert result.wasSuccessful() and result.testsRun > 0, problems
'''


def bcb(name: str, code: str, test: str) -> Case:
    """A BigCodeBench row: ``entry_point`` ``task_func``, ``test`` a ``TestCases`` class run by ``check``."""
    return humaneval(f"s11-bcb-{name}", code, dedent(test) + _RUN_SUITE, "task_func")


BUILD: list[Case] = [
    bcb("frame-from-dict", r'''
        import pandas as pd


        def task_func(data):
            df = pd.DataFrame(data)
            df["total"] = df.sum(axis=1)
            return df
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_basic(self):
                out = task_func({"a": [1, 2, 3], "b": [4, 5, 6]})
                self.assertIsInstance(out, pd.DataFrame)
                self.assertEqual(out.shape, (3, 3))
                self.assertEqual(out.columns.tolist(), ["a", "b", "total"])
                expected = pd.DataFrame({"a": [1, 2, 3], "b": [4, 5, 6], "total": [5, 7, 9]})
                pd.testing.assert_frame_equal(out, expected)

            def test_floats(self):
                out = task_func({"x": [0.5, 1.5]})
                self.assertEqual(out["total"].tolist(), [0.5, 1.5])
                self.assertEqual(out.iloc[1]["x"], 1.5)
        '''),
    bcb("frame-from-records", r'''
        import pandas as pd


        def task_func(records):
            df = pd.DataFrame.from_records(records)
            return df.sort_values("age", ascending=False).reset_index(drop=True)
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def setUp(self):
                self.records = [{"name": "Ann", "age": 31}, {"name": "Bob", "age": 45}, {"name": "Cy", "age": 22}]

            def test_order(self):
                out = task_func(self.records)
                self.assertEqual(out["name"].tolist(), ["Bob", "Ann", "Cy"])
                self.assertEqual(out.iloc[0]["age"], 45)
                self.assertEqual(out.to_dict("records")[2], {"name": "Cy", "age": 22})

            def test_index(self):
                out = task_func(self.records)
                self.assertEqual(list(out.index), [0, 1, 2])
                self.assertTrue(out.equals(pd.DataFrame({"name": ["Bob", "Ann", "Cy"], "age": [45, 31, 22]})))
        '''),
    bcb("frame-from-lists-columns", r'''
        import pandas as pd

        COLUMNS = ["Name", "Score", "Passed"]


        def task_func(rows):
            df = pd.DataFrame(rows, columns=COLUMNS)
            df["Passed"] = df["Passed"].astype(bool)
            return df
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_rows(self):
                out = task_func([["a", 90, 1], ["b", 40, 0]])
                self.assertEqual(out.columns.tolist(), ["Name", "Score", "Passed"])
                self.assertEqual(out["Passed"].dtype, bool)
                self.assertEqual(out.values.tolist(), [["a", 90, True], ["b", 40, False]])

            def test_empty(self):
                out = task_func([])
                self.assertTrue(out.empty)
                self.assertEqual(len(out.columns), 3)
        '''),
    bcb("read-csv-stringio", r'''
        import io
        import pandas as pd


        def task_func(csv_text):
            df = pd.read_csv(io.StringIO(csv_text))
            if df.empty:
                raise ValueError("no rows")
            return df
        ''', r'''
        import unittest
        import numpy as np
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_dtypes(self):
                out = task_func("id,price,item\n1,2.5,pen\n2,3.0,cup\n")
                self.assertEqual(out["id"].dtype, np.int64)
                self.assertEqual(out["price"].dtype, np.float64)
                self.assertTrue(pd.api.types.is_string_dtype(out["item"]))
                self.assertEqual(out.shape, (2, 3))

            def test_empty(self):
                with self.assertRaises(ValueError):
                    task_func("id,price,item\n")
        '''),
    bcb("read-csv-parse-dates", r'''
        import io
        import pandas as pd


        def task_func(csv_text):
            df = pd.read_csv(io.StringIO(csv_text), parse_dates=["date"])
            df["weekday"] = df["date"].dt.day_name()
            return df
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_dates(self):
                out = task_func("date,v\n2024-01-01,1\n2024-01-06,2\n")
                self.assertTrue(pd.api.types.is_datetime64_any_dtype(out["date"]))
                self.assertEqual(out["weekday"].tolist(), ["Monday", "Saturday"])
                self.assertEqual(out["date"].iloc[1], pd.Timestamp("2024-01-06"))
        '''),
    bcb("numpy-random-frame", r'''
        import numpy as np
        import pandas as pd


        def task_func(rows, cols=("A", "B", "C"), seed=0):
            rng = np.random.default_rng(seed)
            return pd.DataFrame(rng.integers(0, 100, size=(rows, len(cols))), columns=list(cols))
        ''', r'''
        import unittest
        import numpy as np
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_shape_and_seed(self):
                out = task_func(5)
                self.assertEqual(out.shape, (5, 3))
                expected = np.random.default_rng(0).integers(0, 100, size=(5, 3))
                self.assertEqual(out.values.tolist(), expected.tolist())
                self.assertTrue(((out >= 0) & (out < 100)).all().all())

            def test_columns(self):
                self.assertEqual(task_func(2, cols=("x", "y")).columns.tolist(), ["x", "y"])
        '''),
    bcb("series-from-dict", r'''
        import pandas as pd


        def task_func(counts):
            s = pd.Series(counts, name="count")
            s.index.name = "word"
            return s.sort_values(ascending=False)
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_series(self):
                out = task_func({"a": 2, "b": 5, "c": 1})
                self.assertIsInstance(out, pd.Series)
                expected = pd.Series([5, 2, 1], index=pd.Index(["b", "a", "c"], name="word"), name="count")
                pd.testing.assert_series_equal(out, expected)
                self.assertEqual(out.to_dict(), {"b": 5, "a": 2, "c": 1})
        '''),
    bcb("empty-frame-raises", r'''
        import pandas as pd


        def task_func(df):
            if not isinstance(df, pd.DataFrame):
                raise TypeError("df must be a DataFrame")
            if df.empty:
                raise ValueError("empty DataFrame")
            return df.mean(numeric_only=True)
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_empty(self):
                with self.assertRaises(ValueError):
                    task_func(pd.DataFrame())

            def test_empty_with_columns(self):
                with self.assertRaises(ValueError):
                    task_func(pd.DataFrame(columns=["a", "b"]))

            def test_not_frame(self):
                with self.assertRaises(TypeError):
                    task_func([[1, 2]])

            def test_mean(self):
                out = task_func(pd.DataFrame({"a": [1, 3], "b": [2.0, 4.0], "c": ["x", "y"]}))
                pd.testing.assert_series_equal(out, pd.Series({"a": 2.0, "b": 3.0}))
        '''),
    bcb("json-records-normalize", r'''
        import json
        import pandas as pd


        def task_func(text):
            data = json.loads(text)
            return pd.json_normalize(data, sep="_")
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_nested(self):
                out = task_func('[{"id": 1, "info": {"city": "Oslo", "zip": "0150"}}, '
                                '{"id": 2, "info": {"city": "Rome", "zip": "00100"}}]')
                self.assertEqual(sorted(out.columns.tolist()), ["id", "info_city", "info_zip"])
                self.assertEqual(out.loc[1, "info_city"], "Rome")
                self.assertEqual(out["info_zip"].tolist(), ["0150", "00100"])
        '''),
    bcb("dict-of-lists-unequal-raises", r'''
        import pandas as pd


        def task_func(data):
            lengths = {len(v) for v in data.values()}
            if len(lengths) > 1:
                raise ValueError("columns differ in length")
            return pd.DataFrame(data).describe()
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_raises(self):
                with self.assertRaises(ValueError):
                    task_func({"a": [1, 2], "b": [1]})

            def test_describe(self):
                out = task_func({"a": [1, 2, 3, 4], "b": [10.0, 20.0, 30.0, 40.0]})
                self.assertEqual(out.index.tolist(), ["count", "mean", "std", "min", "25%", "50%", "75%", "max"])
                self.assertAlmostEqual(out.loc["mean", "b"], 25.0)
                self.assertEqual(out.loc["count", "a"], 4.0)
                self.assertAlmostEqual(out.loc["std", "a"], 1.2909944487358056)
        '''),
]

GROUP: list[Case] = [
    bcb("groupby-sum-series", r'''
        import pandas as pd


        def task_func(df):
            return df.groupby("team")["points"].sum()
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def setUp(self):
                self.df = pd.DataFrame({"team": ["x", "y", "x", "z"], "points": [3, 4, 5, 1]})

            def test_sum(self):
                out = task_func(self.df)
                expected = pd.Series([8, 4, 1], index=pd.Index(["x", "y", "z"], name="team"), name="points")
                pd.testing.assert_series_equal(out, expected)
                self.assertEqual(out["x"], 8)
                self.assertEqual(out.idxmax(), "x")
        '''),
    bcb("groupby-agg-list", r'''
        import pandas as pd


        def task_func(df):
            return df.groupby("cat")["val"].agg(["mean", "min", "max", "count"])
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_agg(self):
                df = pd.DataFrame({"cat": ["a", "b", "a", "b", "a"], "val": [1.0, 2.0, 3.0, 4.0, 5.0]})
                out = task_func(df)
                self.assertEqual(out.columns.tolist(), ["mean", "min", "max", "count"])
                self.assertEqual(out.loc["a", "mean"], 3.0)
                self.assertEqual(out.loc["b", "count"], 2)
                self.assertEqual(out.index.name, "cat")
        '''),
    bcb("groupby-agg-dict-multicolumns", r'''
        import pandas as pd


        def task_func(df):
            return df.groupby("store").agg({"sales": ["sum", "mean"], "qty": "max"})
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_multi(self):
                df = pd.DataFrame({"store": ["s1", "s2", "s1"], "sales": [10, 20, 30], "qty": [1, 5, 2]})
                out = task_func(df)
                self.assertIsInstance(out, pd.DataFrame)
                self.assertEqual(out.columns.tolist(), [("sales", "sum"), ("sales", "mean"), ("qty", "max")])
                self.assertEqual(out.loc["s1", ("sales", "sum")], 40)
                self.assertEqual(out[("sales", "mean")].tolist(), [20.0, 20.0])
        '''),
    bcb("groupby-two-keys-series", r'''
        import pandas as pd


        def task_func(df):
            return df.groupby(["region", "product"])["units"].sum()
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def setUp(self):
                self.df = pd.DataFrame({"region": ["N", "N", "S", "S", "N"], "product": ["a", "b", "a", "a", "a"],
                                        "units": [1, 2, 3, 4, 5]})

            def test_multiindex(self):
                out = task_func(self.df)
                self.assertIsInstance(out, pd.Series)
                self.assertEqual(out.loc[("N", "a")], 6)
                self.assertEqual(out.loc[("S", "a")], 7)
                self.assertEqual(out.index.names, ["region", "product"])
                self.assertEqual(out.to_dict(), {("N", "a"): 6, ("N", "b"): 2, ("S", "a"): 7})

            def test_expected(self):
                idx = pd.MultiIndex.from_tuples([("N", "a"), ("N", "b"), ("S", "a")], names=["region", "product"])
                pd.testing.assert_series_equal(task_func(self.df), pd.Series([6, 2, 7], index=idx, name="units"))
        '''),
    bcb("groupby-two-keys-reset-index", r'''
        import pandas as pd


        def task_func(df):
            return df.groupby(["region", "product"], as_index=False)["units"].sum()
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_flat(self):
                df = pd.DataFrame({"region": ["N", "N", "S"], "product": ["a", "a", "b"], "units": [1, 2, 3]})
                out = task_func(df)
                expected = pd.DataFrame({"region": ["N", "S"], "product": ["a", "b"], "units": [3, 3]})
                pd.testing.assert_frame_equal(out, expected)
        '''),
    bcb("groupby-named-agg", r'''
        import pandas as pd


        def task_func(df):
            out = df.groupby("dept").agg(avg_salary=("salary", "mean"), headcount=("name", "count"))
            return out.reset_index()
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_named(self):
                df = pd.DataFrame({"name": ["a", "b", "c"], "dept": ["hr", "it", "it"],
                                   "salary": [100.0, 200.0, 300.0]})
                out = task_func(df)
                self.assertEqual(out.columns.tolist(), ["dept", "avg_salary", "headcount"])
                self.assertEqual(out.to_dict("list"), {"dept": ["hr", "it"], "avg_salary": [100.0, 250.0],
                                                       "headcount": [1, 2]})
        '''),
    bcb("groupby-size-unstack", r'''
        import pandas as pd


        def task_func(df):
            return df.groupby(["gender", "smoker"]).size().unstack(fill_value=0)
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_table(self):
                df = pd.DataFrame({"gender": ["F", "M", "F", "M", "M"], "smoker": ["y", "n", "n", "n", "y"]})
                out = task_func(df)
                self.assertEqual(out.loc["M", "n"], 2)
                self.assertEqual(out.loc["F", "y"], 1)
                self.assertEqual(out.values.tolist(), [[1, 1], [2, 1]])
                self.assertEqual(out.columns.name, "smoker")
        '''),
    bcb("groupby-transform-zscore", r'''
        import pandas as pd


        def task_func(df):
            df = df.copy()
            grouped = df.groupby("g")["x"]
            df["z"] = (df["x"] - grouped.transform("mean")) / grouped.transform("std")
            return df
        ''', r'''
        import unittest
        import numpy as np
        import pandas as pd


        class TestCases(unittest.TestCase):
            def setUp(self):
                self.df = pd.DataFrame({"g": ["a", "a", "b", "b"], "x": [1.0, 3.0, 10.0, 20.0]})

            def test_z(self):
                out = task_func(self.df)
                np.testing.assert_allclose(out["z"].to_numpy(), [-0.70710678, 0.70710678, -0.70710678, 0.70710678])
                self.assertNotIn("z", self.df.columns)
        '''),
    bcb("groupby-apply-top", r'''
        import pandas as pd


        def task_func(df, n=1):
            return (df.sort_values("score", ascending=False).groupby("cls", sort=True).head(n)
                    .sort_values("cls").reset_index(drop=True))
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_top(self):
                df = pd.DataFrame({"cls": [1, 1, 2, 2], "name": ["a", "b", "c", "d"], "score": [5, 9, 7, 3]})
                out = task_func(df)
                self.assertEqual(out["name"].tolist(), ["b", "c"])
                self.assertEqual(out.shape, (2, 3))
        '''),
    bcb("groupby-count-nunique", r'''
        import pandas as pd


        def task_func(df):
            return df.groupby("user")["page"].nunique().sort_values(ascending=False)
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_nunique(self):
                df = pd.DataFrame({"user": ["u1", "u1", "u2", "u1", "u2"], "page": ["a", "b", "a", "a", "a"]})
                out = task_func(df)
                self.assertEqual(out.index.tolist(), ["u1", "u2"])
                self.assertEqual(out.tolist(), [2, 1])
        '''),
    bcb("pivot-table", r'''
        import pandas as pd


        def task_func(df):
            return pd.pivot_table(df, values="amount", index="month", columns="kind", aggfunc="sum", fill_value=0)
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_pivot(self):
                df = pd.DataFrame({"month": ["jan", "jan", "feb", "feb"], "kind": ["in", "out", "in", "in"],
                                   "amount": [100, 40, 70, 30]})
                out = task_func(df)
                self.assertEqual(out.loc["jan", "out"], 40)
                self.assertEqual(out.loc["feb", "out"], 0)
                self.assertEqual(out.index.tolist(), ["feb", "jan"])
                self.assertEqual(out.columns.tolist(), ["in", "out"])
                expected = pd.DataFrame({"in": [100, 100], "out": [0, 40]},
                                        index=pd.Index(["feb", "jan"], name="month"))
                expected.columns.name = "kind"
                pd.testing.assert_frame_equal(out, expected)
        '''),
    bcb("pivot-table-margins", r'''
        import pandas as pd


        def task_func(df):
            return df.pivot_table(index="a", columns="b", values="v", aggfunc="mean", margins=True)
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_margins(self):
                df = pd.DataFrame({"a": ["x", "x", "y"], "b": ["p", "q", "p"], "v": [1.0, 2.0, 3.0]})
                out = task_func(df)
                self.assertEqual(out.loc["All", "All"], 2.0)
                self.assertEqual(out.loc["x", "All"], 1.5)
                self.assertTrue(pd.isna(out.loc["y", "q"]))
        '''),
    bcb("pivot-table-two-values", r'''
        import pandas as pd


        def task_func(df):
            return df.pivot_table(index="day", values=["tip", "bill"], aggfunc="sum")
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_two_values(self):
                df = pd.DataFrame({"day": ["sat", "sun", "sat"], "tip": [1.0, 2.0, 3.0], "bill": [10.0, 20.0, 30.0]})
                out = task_func(df)
                self.assertEqual(out.columns.tolist(), ["bill", "tip"])
                self.assertEqual(out.loc["sat"].tolist(), [40.0, 4.0])
        '''),
    bcb("pivot-wide", r'''
        import pandas as pd


        def task_func(df):
            return df.pivot(index="date", columns="ticker", values="close")
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_pivot(self):
                df = pd.DataFrame({"date": ["d1", "d1", "d2", "d2"], "ticker": ["A", "B", "A", "B"],
                                   "close": [1.0, 2.0, 3.0, 4.0]})
                out = task_func(df)
                self.assertEqual(out.shape, (2, 2))
                self.assertEqual(out["B"].tolist(), [2.0, 4.0])
                self.assertEqual(out.columns.name, "ticker")
        '''),
    bcb("crosstab", r'''
        import pandas as pd


        def task_func(df):
            return pd.crosstab(df["color"], df["size"])
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_crosstab(self):
                df = pd.DataFrame({"color": ["r", "g", "r", "r"], "size": ["S", "L", "L", "S"]})
                out = task_func(df)
                self.assertEqual(out.loc["r", "S"], 2)
                self.assertEqual(out.sum().sum(), 4)
                self.assertEqual(out.index.name, "color")
        '''),
    bcb("melt-long", r'''
        import pandas as pd


        def task_func(df):
            return df.melt(id_vars="id", var_name="year", value_name="score").sort_values(["id", "year"],
                                                                                      ignore_index=True)
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_melt(self):
                df = pd.DataFrame({"id": [1, 2], "2020": [5, 6], "2021": [7, 8]})
                out = task_func(df)
                self.assertEqual(out.columns.tolist(), ["id", "year", "score"])
                self.assertEqual(out.values.tolist(), [[1, "2020", 5], [1, "2021", 7], [2, "2020", 6], [2, "2021", 8]])
        '''),
    bcb("stack-series", r'''
        import pandas as pd


        def task_func(df):
            return df.set_index("k").stack()
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_stack(self):
                out = task_func(pd.DataFrame({"k": ["a", "b"], "x": [1, 2], "y": [3, 4]}))
                self.assertEqual(len(out), 4)
                self.assertEqual(out[("b", "y")], 4)
                self.assertEqual(out.tolist(), [1, 3, 2, 4])
        '''),
]

COMBINE: list[Case] = [
    bcb("merge-inner", r'''
        import pandas as pd


        def task_func(left, right):
            return pd.merge(left, right, on="id", how="inner")
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def setUp(self):
                self.left = pd.DataFrame({"id": [1, 2, 3], "name": ["a", "b", "c"]})
                self.right = pd.DataFrame({"id": [2, 3, 4], "score": [0.5, 0.7, 0.9]})

            def test_merge(self):
                out = task_func(self.left, self.right)
                expected = pd.DataFrame({"id": [2, 3], "name": ["b", "c"], "score": [0.5, 0.7]})
                pd.testing.assert_frame_equal(out, expected)

            def test_inputs_unchanged(self):
                task_func(self.left, self.right)
                self.assertEqual(self.left.shape, (3, 2))
                self.assertEqual(self.right["id"].tolist(), [2, 3, 4])
        '''),
    bcb("merge-left-nan", r'''
        import pandas as pd


        def task_func(orders, customers):
            out = orders.merge(customers, on="cust", how="left")
            out["city"] = out["city"].fillna("unknown")
            return out
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_left(self):
                orders = pd.DataFrame({"order": [1, 2, 3], "cust": ["c1", "c9", "c2"]})
                customers = pd.DataFrame({"cust": ["c1", "c2"], "city": ["Oslo", "Lima"]})
                out = task_func(orders, customers)
                self.assertEqual(out["city"].tolist(), ["Oslo", "unknown", "Lima"])
                self.assertEqual(out.shape, (3, 3))
        '''),
    bcb("merge-suffixes-indicator", r'''
        import pandas as pd


        def task_func(a, b):
            out = a.merge(b, on="k", how="outer", suffixes=("_old", "_new"), indicator=True)
            return out[out["_merge"] != "both"]["k"].tolist(), out.columns.tolist()
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_outer(self):
                a = pd.DataFrame({"k": [1, 2], "v": [1, 2]})
                b = pd.DataFrame({"k": [2, 3], "v": [20, 30]})
                only, cols = task_func(a, b)
                self.assertEqual(only, [1, 3])
                self.assertEqual(cols, ["k", "v_old", "v_new", "_merge"])
        '''),
    bcb("concat-rows", r'''
        import pandas as pd


        def task_func(frames):
            if not frames:
                raise ValueError("nothing to concatenate")
            return pd.concat(frames, ignore_index=True)
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_concat(self):
                a = pd.DataFrame({"x": [1, 2]})
                b = pd.DataFrame({"x": [3], "y": ["z"]})
                out = task_func([a, b])
                self.assertEqual(out.shape, (3, 2))
                self.assertTrue(pd.isna(out.loc[0, "y"]))
                self.assertEqual(out["x"].tolist(), [1, 2, 3])

            def test_empty(self):
                with self.assertRaises(ValueError):
                    task_func([])
        '''),
    bcb("concat-columns-keys", r'''
        import pandas as pd


        def task_func(s1, s2):
            return pd.concat([s1, s2], axis=1, keys=["first", "second"])
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_axis1(self):
                s1 = pd.Series([1, 2], index=["a", "b"])
                s2 = pd.Series([3.5], index=["b"])
                out = task_func(s1, s2)
                self.assertEqual(out.columns.tolist(), ["first", "second"])
                self.assertEqual(out.loc["b", "second"], 3.5)
                self.assertTrue(pd.isna(out.loc["a", "second"]))
        '''),
    bcb("join-on-index", r'''
        import pandas as pd


        def task_func(prices, qty):
            out = prices.join(qty, how="inner")
            out["value"] = out["price"] * out["qty"]
            return out
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_join(self):
                prices = pd.DataFrame({"price": [2.0, 3.0, 4.0]}, index=["a", "b", "c"])
                qty = pd.DataFrame({"qty": [10, 20]}, index=["c", "a"])
                out = task_func(prices, qty)
                self.assertEqual(out.index.tolist(), ["a", "c"])
                self.assertEqual(out["value"].tolist(), [40.0, 40.0])
        '''),
    bcb("value-counts", r'''
        import pandas as pd


        def task_func(df, column):
            if column not in df.columns:
                raise KeyError(column)
            return df[column].value_counts()
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def setUp(self):
                self.df = pd.DataFrame({"fruit": ["apple", "pear", "apple", "fig", "apple", "pear"]})

            def test_counts(self):
                out = task_func(self.df, "fruit")
                self.assertEqual(out.to_dict(), {"apple": 3, "pear": 2, "fig": 1})
                self.assertEqual(out.iloc[0], 3)
                self.assertEqual(out.index[0], "apple")
                self.assertEqual(out.name, "count")

            def test_missing(self):
                with self.assertRaises(KeyError):
                    task_func(self.df, "veg")
        '''),
    bcb("value-counts-normalize-ints", r'''
        import pandas as pd


        def task_func(values):
            return pd.Series(values).value_counts(normalize=True).sort_index()
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_share(self):
                out = task_func([1, 2, 2, 3, 3, 3, 3, 1])
                self.assertEqual(out.index.tolist(), [1, 2, 3])
                self.assertEqual(out.tolist(), [0.25, 0.25, 0.5])
                pd.testing.assert_series_equal(out, pd.Series([0.25, 0.25, 0.5], index=pd.Index([1, 2, 3]),
                                                              name="proportion"))
        '''),
    bcb("describe-numeric", r'''
        import numpy as np
        import pandas as pd


        def task_func(df):
            if df.select_dtypes(include=np.number).empty:
                raise ValueError("no numeric columns")
            return df.describe()
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_describe(self):
                df = pd.DataFrame({"a": [1, 2, 3, 4, 5], "s": list("vwxyz")})
                out = task_func(df)
                self.assertEqual(out.columns.tolist(), ["a"])
                self.assertEqual(out["a"]["50%"], 3.0)
                self.assertEqual(out.loc["max"].tolist(), [5.0])

            def test_no_numeric(self):
                with self.assertRaises(ValueError):
                    task_func(pd.DataFrame({"s": ["a"]}))
        '''),
    bcb("describe-series-dict", r'''
        import pandas as pd


        def task_func(values):
            stats = pd.Series(values, dtype=float).describe()
            return stats.round(3).to_dict()
        ''', r'''
        import unittest


        class TestCases(unittest.TestCase):
            def test_stats(self):
                out = task_func([2, 4, 4, 4, 5, 5, 7, 9])
                self.assertEqual(out["mean"], 5.0)
                self.assertEqual(out["std"], 2.138)
                self.assertEqual(out["count"], 8.0)
        '''),
    bcb("sort-values-multi", r'''
        import pandas as pd


        def task_func(df):
            return df.sort_values(["grade", "name"], ascending=[False, True]).reset_index(drop=True)
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_sort(self):
                df = pd.DataFrame({"name": ["d", "a", "c", "b"], "grade": [90, 85, 90, 85]})
                out = task_func(df)
                expected = pd.DataFrame({"name": ["c", "d", "a", "b"], "grade": [90, 90, 85, 85]})
                pd.testing.assert_frame_equal(out, expected)
                self.assertEqual(df["name"].tolist(), ["d", "a", "c", "b"])
        '''),
    bcb("nlargest", r'''
        import pandas as pd


        def task_func(df, n=2):
            return df.nlargest(n, "revenue")[["company", "revenue"]]
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_top(self):
                df = pd.DataFrame({"company": list("abcd"), "revenue": [5.0, 9.0, 1.0, 7.0], "x": [0] * 4})
                out = task_func(df)
                self.assertEqual(out.index.tolist(), [1, 3])
                self.assertEqual(out["company"].tolist(), ["b", "d"])
                pd.testing.assert_frame_equal(out, df.loc[[1, 3], ["company", "revenue"]])
        '''),
    bcb("rank-and-cumsum", r'''
        import pandas as pd


        def task_func(s):
            return pd.DataFrame({"value": s, "rank": s.rank(method="min").astype(int), "running": s.cumsum()})
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_rank(self):
                s = pd.Series([3, 1, 3, 2], index=list("wxyz"))
                out = task_func(s)
                self.assertEqual(out["rank"].tolist(), [3, 1, 3, 2])
                self.assertEqual(out["running"].tolist(), [3, 4, 7, 9])
                self.assertEqual(out.index.tolist(), list("wxyz"))
        '''),
]

MISSING: list[Case] = [
    bcb("fillna-mean", r'''
        import pandas as pd


        def task_func(df):
            return df.fillna(df.mean(numeric_only=True))
        ''', r'''
        import unittest
        import numpy as np
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_fill(self):
                df = pd.DataFrame({"a": [1.0, np.nan, 3.0], "b": [np.nan, 4.0, 6.0]})
                out = task_func(df)
                expected = pd.DataFrame({"a": [1.0, 2.0, 3.0], "b": [5.0, 4.0, 6.0]})
                pd.testing.assert_frame_equal(out, expected)
                self.assertEqual(df.isna().sum().sum(), 2)
        '''),
    bcb("dropna-subset", r'''
        import pandas as pd


        def task_func(df):
            out = df.dropna(subset=["price"])
            if out.empty:
                raise ValueError("all prices missing")
            return out
        ''', r'''
        import unittest
        import numpy as np
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_drop(self):
                df = pd.DataFrame({"item": ["a", "b", None], "price": [1.0, np.nan, 3.0]})
                out = task_func(df)
                self.assertEqual(out.index.tolist(), [0, 2])
                self.assertTrue(pd.isna(out.loc[2, "item"]))
                pd.testing.assert_frame_equal(out, df.iloc[[0, 2]])

            def test_all_missing(self):
                with self.assertRaises(ValueError):
                    task_func(pd.DataFrame({"price": [np.nan, np.nan]}))
        '''),
    bcb("isna-sum-series", r'''
        import pandas as pd


        def task_func(df):
            return df.isna().sum()
        ''', r'''
        import unittest
        import numpy as np
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_missing(self):
                df = pd.DataFrame({"a": [1, None, None], "b": ["x", None, "y"], "c": [1.0, 2.0, 3.0]})
                out = task_func(df)
                pd.testing.assert_series_equal(out, pd.Series({"a": 2, "b": 1, "c": 0}))
                self.assertIsInstance(out["a"], (int, np.integer))
        '''),
    bcb("interpolate-ffill", r'''
        import pandas as pd


        def task_func(s):
            return s.interpolate().ffill().bfill()
        ''', r'''
        import unittest
        import numpy as np
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_fill(self):
                s = pd.Series([np.nan, 1.0, np.nan, 3.0, np.nan])
                out = task_func(s)
                self.assertEqual(out.tolist(), [1.0, 1.0, 2.0, 3.0, 3.0])
                self.assertEqual(int(s.isna().sum()), 3)
        '''),
    bcb("nan-equality-frame", r'''
        import numpy as np
        import pandas as pd


        def task_func(n):
            df = pd.DataFrame({"x": np.arange(n, dtype=float)})
            df.loc[df["x"] % 2 == 1, "x"] = np.nan
            return df
        ''', r'''
        import unittest
        import numpy as np
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_nan(self):
                out = task_func(4)
                self.assertTrue(out.equals(pd.DataFrame({"x": [0.0, np.nan, 2.0, np.nan]})))
                self.assertTrue(np.isnan(out.iloc[1, 0]))
                self.assertEqual(out["x"].count(), 2)
        '''),
    bcb("nullable-int64", r'''
        import pandas as pd


        def task_func(values):
            s = pd.Series(values, dtype="Int64")
            return pd.DataFrame({"v": s, "double": s * 2})
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_int64(self):
                out = task_func([1, None, 3])
                self.assertEqual(str(out["v"].dtype), "Int64")
                self.assertTrue(out["double"].isna().iloc[1])
                self.assertEqual(out["double"].sum(), 8)
                expected = pd.DataFrame({"v": pd.array([1, None, 3], dtype="Int64"),
                                         "double": pd.array([2, None, 6], dtype="Int64")})
                pd.testing.assert_frame_equal(out, expected)
        '''),
    bcb("replace-and-astype", r'''
        import numpy as np
        import pandas as pd


        def task_func(df):
            df = df.replace({"N/A": np.nan, "-": np.nan})
            df["amount"] = df["amount"].astype(float)
            return df
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_clean(self):
                df = pd.DataFrame({"amount": ["1.5", "N/A", "2", "-"]})
                out = task_func(df)
                self.assertEqual(out["amount"].dtype, float)
                self.assertEqual(out["amount"].sum(), 3.5)
                self.assertEqual(df["amount"].tolist(), ["1.5", "N/A", "2", "-"])
        '''),
    bcb("duplicates", r'''
        import pandas as pd


        def task_func(df):
            dups = df[df.duplicated(keep=False)]
            return dups, df.drop_duplicates().reset_index(drop=True)
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_dups(self):
                df = pd.DataFrame({"a": [1, 1, 2], "b": ["x", "x", "y"]})
                dups, clean = task_func(df)
                self.assertEqual(len(dups), 2)
                self.assertEqual(dups.index.tolist(), [0, 1])
                pd.testing.assert_frame_equal(clean, pd.DataFrame({"a": [1, 2], "b": ["x", "y"]}))
        '''),
]

DATES: list[Case] = [
    bcb("to-datetime-dt-accessors", r'''
        import pandas as pd


        def task_func(df):
            df = df.copy()
            df["date"] = pd.to_datetime(df["date"])
            df["year"] = df["date"].dt.year
            df["month"] = df["date"].dt.month
            df["dow"] = df["date"].dt.dayofweek
            return df
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def setUp(self):
                self.df = pd.DataFrame({"date": ["2023-02-28", "2024-02-29"], "v": [1, 2]})

            def test_parts(self):
                out = task_func(self.df)
                self.assertEqual(out["year"].tolist(), [2023, 2024])
                self.assertEqual(out["month"].tolist(), [2, 2])
                self.assertEqual(out["dow"].tolist(), [1, 3])
                self.assertEqual(out["date"].dtype, "datetime64[us]")
                self.assertEqual(self.df["date"].tolist(), ["2023-02-28", "2024-02-29"])
        '''),
    bcb("resample-daily-sum", r'''
        import pandas as pd


        def task_func(df):
            return df.set_index("ts")["amount"].resample("D").sum()
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_daily(self):
                df = pd.DataFrame({"ts": pd.to_datetime(["2024-03-01 10:00", "2024-03-01 18:00", "2024-03-03 09:00"]),
                                   "amount": [5, 7, 1]})
                out = task_func(df)
                self.assertEqual(out.tolist(), [12, 0, 1])
                self.assertEqual(out.index.freqstr, "D")
                self.assertEqual(out.index[1], pd.Timestamp("2024-03-02"))
                expected = pd.Series([12, 0, 1], index=pd.date_range("2024-03-01", periods=3, freq="D", name="ts"),
                                     name="amount")
                pd.testing.assert_series_equal(out, expected, check_index_type=False)
        '''),
    bcb("resample-month-end-mean", r'''
        import numpy as np
        import pandas as pd


        def task_func(start, days, seed=42):
            rng = np.random.default_rng(seed)
            idx = pd.date_range(start, periods=days, freq="D")
            s = pd.Series(rng.normal(10, 2, days), index=idx)
            return s.resample("ME").mean()
        ''', r'''
        import unittest
        import numpy as np
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_months(self):
                out = task_func("2024-01-01", 75)
                self.assertEqual(len(out), 3)
                self.assertEqual(out.index[0], pd.Timestamp("2024-01-31"))
                rng = np.random.default_rng(42)
                values = rng.normal(10, 2, 75)
                self.assertAlmostEqual(out.iloc[0], values[:31].mean())
                self.assertEqual(out.index.freqstr, "ME")
        '''),
    bcb("date-range-index-frame", r'''
        import numpy as np
        import pandas as pd


        def task_func(start="2024-01-01", periods=7, seed=0):
            np.random.seed(seed)
            index = pd.date_range(start=start, periods=periods, freq="D")
            return pd.DataFrame({"temp": np.random.randint(10, 30, periods)}, index=index)
        ''', r'''
        import unittest
        import numpy as np
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_index(self):
                out = task_func()
                self.assertTrue(out.index.equals(pd.date_range("2024-01-01", periods=7, freq="D")))
                self.assertIsInstance(out.index, pd.DatetimeIndex)
                np.random.seed(0)
                self.assertEqual(out["temp"].tolist(), np.random.randint(10, 30, 7).tolist())

            def test_loc_by_date(self):
                out = task_func(periods=3)
                self.assertEqual(out.loc["2024-01-02", "temp"], out["temp"].iloc[1])
        '''),
    bcb("date-range-business-days", r'''
        import pandas as pd


        def task_func(start, end):
            days = pd.bdate_range(start, end)
            return [d.strftime("%Y-%m-%d") for d in days], len(days)
        ''', r'''
        import unittest


        class TestCases(unittest.TestCase):
            def test_week(self):
                days, n = task_func("2024-06-07", "2024-06-11")
                self.assertEqual(days, ["2024-06-07", "2024-06-10", "2024-06-11"])
                self.assertEqual(n, 3)
        '''),
    bcb("timedelta-column", r'''
        import pandas as pd


        def task_func(df):
            df = df.copy()
            df["duration"] = pd.to_datetime(df["end"]) - pd.to_datetime(df["start"])
            return df
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_duration(self):
                df = pd.DataFrame({"start": ["2024-01-01 08:00", "2024-01-02 09:30"],
                                   "end": ["2024-01-01 17:00", "2024-01-02 10:00"]})
                out = task_func(df)
                self.assertEqual(out["duration"].iloc[0], pd.Timedelta(hours=9))
                self.assertEqual(out["duration"].dt.total_seconds().tolist(), [32400.0, 1800.0])
                self.assertTrue(pd.api.types.is_timedelta64_dtype(out["duration"]))
        '''),
    bcb("timedelta-days-int", r'''
        import pandas as pd


        def task_func(dates, ref="2024-01-01"):
            s = pd.to_datetime(pd.Series(dates))
            return (s - pd.Timestamp(ref)).dt.days
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_days(self):
                out = task_func(["2024-01-11", "2023-12-31"])
                pd.testing.assert_series_equal(out, pd.Series([10, -1]))
        '''),
    bcb("rolling-mean", r'''
        import pandas as pd


        def task_func(s, window=3):
            if window < 1:
                raise ValueError("window must be positive")
            return s.rolling(window).mean()
        ''', r'''
        import unittest
        import numpy as np
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_rolling(self):
                s = pd.Series([1.0, 2.0, 3.0, 4.0, 5.0], name="price")
                out = task_func(s)
                pd.testing.assert_series_equal(out, pd.Series([np.nan, np.nan, 2.0, 3.0, 4.0], name="price"))

            def test_bad(self):
                with self.assertRaises(ValueError):
                    task_func(pd.Series([1.0]), 0)
        '''),
    bcb("pct-change-diff-shift", r'''
        import pandas as pd


        def task_func(df):
            out = pd.DataFrame(index=df.index)
            out["ret"] = df["close"].pct_change()
            out["diff"] = df["close"].diff()
            out["prev"] = df["close"].shift(1)
            return out.dropna()
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_returns(self):
                idx = pd.date_range("2024-01-01", periods=3, freq="D")
                df = pd.DataFrame({"close": [100.0, 110.0, 99.0]}, index=idx)
                out = task_func(df)
                self.assertEqual(out.index.tolist(), list(idx[1:]))
                self.assertAlmostEqual(out["ret"].iloc[0], 0.1)
                self.assertEqual(out["diff"].tolist(), [10.0, -11.0])
                self.assertEqual(out["prev"].tolist(), [100.0, 110.0])
        '''),
    bcb("datetime-filter-between", r'''
        import pandas as pd


        def task_func(df, start, end):
            mask = (df["when"] >= pd.Timestamp(start)) & (df["when"] <= pd.Timestamp(end))
            return df.loc[mask].reset_index(drop=True)
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def setUp(self):
                self.df = pd.DataFrame({"when": pd.date_range("2024-01-01", periods=10, freq="12h"),
                                        "n": range(10)})

            def test_window(self):
                out = task_func(self.df, "2024-01-02", "2024-01-03")
                self.assertEqual(out["n"].tolist(), [2, 3, 4])
                self.assertEqual(out["when"].iloc[-1], pd.Timestamp("2024-01-03"))
        '''),
    bcb("timestamp-from-epoch", r'''
        import pandas as pd


        def task_func(epochs):
            df = pd.DataFrame({"epoch": epochs})
            df["dt"] = pd.to_datetime(df["epoch"], unit="s")
            df["hour"] = df["dt"].dt.hour
            return df
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_epoch(self):
                out = task_func([0, 3600 * 5 + 30])
                self.assertEqual(out["hour"].tolist(), [0, 5])
                self.assertEqual(out.loc[1, "dt"], pd.Timestamp("1970-01-01 05:00:30"))
                self.assertEqual(out["dt"].dt.strftime("%H:%M").tolist(), ["00:00", "05:00"])
        '''),
    bcb("utc-timezone-convert", r'''
        import pandas as pd


        def task_func(stamps, tz="Asia/Tokyo"):
            s = pd.to_datetime(pd.Series(stamps), utc=True)
            return s.dt.tz_convert(tz)
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_tz(self):
                out = task_func(["2024-01-01 00:00:00", "2024-06-01 12:00:00"])
                self.assertEqual(out.dt.hour.tolist(), [9, 21])
                self.assertEqual(str(out.dt.tz), "Asia/Tokyo")
                self.assertIsInstance(out, pd.Series)
        '''),
    bcb("period-month-groupby", r'''
        import pandas as pd


        def task_func(df):
            month = df["date"].dt.to_period("M").astype(str)
            return df.groupby(month)["sales"].sum()
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_month(self):
                df = pd.DataFrame({"date": pd.to_datetime(["2024-01-05", "2024-01-20", "2024-02-01"]),
                                   "sales": [1, 2, 3]})
                out = task_func(df)
                self.assertEqual(out.to_dict(), {"2024-01": 3, "2024-02": 3})
        '''),
]

KINDS: list[Case] = [
    bcb("categorical-cut", r'''
        import pandas as pd


        def task_func(df):
            df = df.copy()
            df["band"] = pd.cut(df["age"], bins=[0, 18, 65, 120], labels=["child", "adult", "senior"])
            return df
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_bands(self):
                out = task_func(pd.DataFrame({"age": [5, 30, 70]}))
                self.assertIsInstance(out, pd.DataFrame)
                self.assertEqual(out["band"].astype(str).tolist(), ["child", "adult", "senior"])
                self.assertEqual(out["band"].cat.categories.tolist(), ["child", "adult", "senior"])
        '''),
    bcb("categorical-astype-codes", r'''
        import pandas as pd


        def task_func(values):
            s = pd.Series(values, dtype="category")
            return s.cat.codes.tolist(), s.cat.categories.tolist()
        ''', r'''
        import unittest


        class TestCases(unittest.TestCase):
            def test_codes(self):
                codes, cats = task_func(["lo", "hi", "lo", "mid"])
                self.assertEqual(cats, ["hi", "lo", "mid"])
                self.assertEqual(codes, [1, 0, 1, 2])
        '''),
    bcb("categorical-value-counts", r'''
        import pandas as pd

        LEVELS = ["low", "medium", "high"]


        def task_func(values):
            s = pd.Categorical(values, categories=LEVELS, ordered=True)
            return pd.Series(s).value_counts(sort=False)
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_counts(self):
                out = task_func(["high", "low", "high"])
                self.assertEqual(out.tolist(), [1, 0, 2])
                self.assertEqual(list(out.index.astype(str)), ["low", "medium", "high"])
        '''),
    bcb("cut-bins-intervals", r'''
        import pandas as pd


        def task_func(values, bins=2):
            if len(values) == 0:
                raise ValueError("no values")
            df = pd.DataFrame({"v": values})
            df["bin"] = pd.cut(df["v"], bins=bins)
            return df
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_bins(self):
                out = task_func([1, 5, 9])
                self.assertIsInstance(out, pd.DataFrame)
                self.assertEqual(out["bin"].nunique(), 2)
                self.assertEqual(out["bin"].iloc[2], pd.Interval(5.0, 9.0, closed="right"))
                self.assertIn(9, out["bin"].iloc[2])
                self.assertEqual(out["bin"].value_counts().sort_index().tolist(), [2, 1])

            def test_empty(self):
                with self.assertRaises(ValueError):
                    task_func([])
        '''),
    bcb("period-value-counts", r'''
        import pandas as pd


        def task_func(dates):
            return pd.Series(pd.to_datetime(dates)).dt.to_period("M").value_counts().sort_index()
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_months(self):
                out = task_func(["2024-01-03", "2024-01-09", "2024-02-01"])
                self.assertIsInstance(out, pd.Series)
                self.assertEqual(out.tolist(), [2, 1])
                self.assertEqual(str(out.index[0]), "2024-01")
        '''),
    bcb("qcut-labels", r'''
        import pandas as pd


        def task_func(values, q=4):
            return pd.qcut(values, q=q, labels=False).tolist()
        ''', r'''
        import unittest


        class TestCases(unittest.TestCase):
            def test_quartiles(self):
                self.assertEqual(task_func([1, 2, 3, 4, 5, 6, 7, 8]), [0, 0, 1, 1, 2, 2, 3, 3])
        '''),
    bcb("get-dummies", r'''
        import pandas as pd


        def task_func(df, column):
            return pd.get_dummies(df, columns=[column], dtype=int)
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_dummies(self):
                df = pd.DataFrame({"id": [1, 2, 3], "color": ["red", "blue", "red"]})
                out = task_func(df, "color")
                self.assertEqual(out.columns.tolist(), ["id", "color_blue", "color_red"])
                self.assertEqual(out["color_red"].tolist(), [1, 0, 1])
        '''),
    bcb("get-dummies-bool", r'''
        import pandas as pd


        def task_func(s):
            return pd.get_dummies(s, prefix="is")
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_bool(self):
                out = task_func(pd.Series(["a", "b", "a"]))
                expected = pd.DataFrame({"is_a": [True, False, True], "is_b": [False, True, False]})
                pd.testing.assert_frame_equal(out, expected)
        '''),
    bcb("string-methods", r'''
        import pandas as pd


        def task_func(df):
            out = df.copy()
            out["name"] = out["name"].str.strip().str.title()
            out["domain"] = out["email"].str.split("@").str[1]
            out["has_x"] = out["name"].str.contains("x", case=False)
            return out
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_strings(self):
                df = pd.DataFrame({"name": ["  alex smith", "bo  "], "email": ["a@x.org", "b@y.com"]})
                out = task_func(df)
                self.assertEqual(out["name"].tolist(), ["Alex Smith", "Bo"])
                self.assertEqual(out["domain"].tolist(), ["x.org", "y.com"])
                self.assertEqual(out["has_x"].tolist(), [True, False])
        '''),
    bcb("string-dtype-extract", r'''
        import pandas as pd


        def task_func(texts):
            s = pd.Series(texts, dtype="string")
            return s.str.extract(r"(?P<word>[a-z]+)-(?P<num>\d+)")
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_extract(self):
                out = task_func(["ab-12", "zz", "q-3"])
                self.assertEqual(out.columns.tolist(), ["word", "num"])
                self.assertEqual(out.loc[0, "num"], "12")
                self.assertTrue(pd.isna(out.loc[1, "word"]))
                self.assertEqual(str(out["word"].dtype), "string")
        '''),
    bcb("str-split-expand", r'''
        import pandas as pd


        def task_func(s):
            parts = s.str.split(",", expand=True)
            parts.columns = ["first", "last"]
            return parts
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_split(self):
                out = task_func(pd.Series(["a,b", "c,d"]))
                self.assertEqual(out.to_dict(), {"first": {0: "a", 1: "c"}, "last": {0: "b", 1: "d"}})
        '''),
    bcb("word-count-explode", r'''
        import pandas as pd


        def task_func(df):
            words = df["text"].str.lower().str.split().explode()
            return words.value_counts().head(2)
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_top(self):
                df = pd.DataFrame({"text": ["the cat", "The dog the end", "cat"]})
                out = task_func(df)
                self.assertEqual(out.index.tolist(), ["the", "cat"])
                self.assertEqual(out.tolist(), [3, 2])
        '''),
    bcb("object-column-lists", r'''
        import pandas as pd


        def task_func(df):
            df = df.copy()
            df["n"] = df["tags"].apply(len)
            return df
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_lists(self):
                df = pd.DataFrame({"tags": [["a", "b"], [], ["c"]]})
                out = task_func(df)
                self.assertEqual(out["n"].tolist(), [2, 0, 1])
                self.assertEqual(out.loc[0, "tags"], ["a", "b"])
        '''),
    bcb("mixed-dtypes-select", r'''
        import numpy as np
        import pandas as pd


        def task_func(df):
            num = df.select_dtypes(include=[np.number])
            return num.columns.tolist(), df.dtypes.astype(str).to_dict()
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_select(self):
                df = pd.DataFrame({"i": [1], "f": [1.5], "b": [True], "s": ["x"]})
                cols, dtypes = task_func(df)
                self.assertEqual(cols, ["i", "f"])
                self.assertEqual(dtypes["i"], "int64")
                self.assertEqual(dtypes["b"], "bool")
        '''),
    bcb("float32-int8-dtypes", r'''
        import numpy as np
        import pandas as pd


        def task_func(df):
            return df.astype({"a": np.float32, "b": np.int8})
        ''', r'''
        import unittest
        import numpy as np
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_types(self):
                out = task_func(pd.DataFrame({"a": [1, 2], "b": [3, 4]}))
                self.assertEqual(out["a"].dtype, np.float32)
                self.assertEqual(out["b"].dtype, np.int8)
                pd.testing.assert_frame_equal(out, pd.DataFrame({"a": np.array([1, 2], dtype=np.float32),
                                                                 "b": np.array([3, 4], dtype=np.int8)}))
        '''),
]

APPLY: list[Case] = [
    bcb("apply-row-lambda", r'''
        import pandas as pd


        def task_func(df):
            df = df.copy()
            df["bmi"] = df.apply(lambda r: round(r["kg"] / (r["m"] ** 2), 1), axis=1)
            return df
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_bmi(self):
                df = pd.DataFrame({"kg": [70.0, 50.0], "m": [1.75, 1.6]})
                out = task_func(df)
                self.assertEqual(out["bmi"].tolist(), [22.9, 19.5])
                self.assertEqual(out.iloc[0]["bmi"], 22.9)
        '''),
    bcb("map-dict", r'''
        import pandas as pd

        GRADES = {"A": 4, "B": 3, "C": 2}


        def task_func(s):
            return s.map(GRADES).fillna(0).astype(int)
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_map(self):
                out = task_func(pd.Series(["A", "C", "F"], name="g"))
                pd.testing.assert_series_equal(out, pd.Series([4, 2, 0], name="g"))
        '''),
    bcb("np-where-column", r'''
        import numpy as np
        import pandas as pd


        def task_func(df, threshold=50):
            df = df.copy()
            df["status"] = np.where(df["score"] >= threshold, "pass", "fail")
            return df
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_status(self):
                out = task_func(pd.DataFrame({"score": [10, 50, 90]}))
                self.assertEqual(out["status"].tolist(), ["fail", "pass", "pass"])
                self.assertEqual((out["status"] == "pass").sum(), 2)
        '''),
    bcb("applymap-round", r'''
        import pandas as pd


        def task_func(df):
            return df.map(lambda x: round(x * 1.1, 2))
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_scale(self):
                out = task_func(pd.DataFrame({"a": [1.0, 2.0], "b": [10.0, 0.5]}))
                self.assertEqual(out.values.tolist(), [[1.1, 11.0], [2.2, 0.55]])
        '''),
    bcb("query-and-isin", r'''
        import pandas as pd


        def task_func(df, cities):
            return df[df["city"].isin(cities)].query("pop > 1000")["city"].tolist()
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_filter(self):
                df = pd.DataFrame({"city": ["a", "b", "c", "d"], "pop": [500, 2000, 3000, 4000]})
                self.assertEqual(task_func(df, ["a", "b", "d"]), ["b", "d"])
        '''),
    bcb("rename-set-index", r'''
        import pandas as pd


        def task_func(df):
            return df.rename(columns=str.lower).set_index("id")
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_rename(self):
                out = task_func(pd.DataFrame({"ID": [7, 8], "Name": ["p", "q"]}))
                self.assertEqual(out.index.name, "id")
                self.assertEqual(out.loc[8, "name"], "q")
                expected = pd.DataFrame({"name": ["p", "q"]}, index=pd.Index([7, 8], name="id"))
                pd.testing.assert_frame_equal(out, expected)
        '''),
    bcb("assert-frame-equal-check-like", r'''
        import pandas as pd


        def task_func(d):
            return pd.DataFrame(d)[sorted(d, reverse=True)]
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_like(self):
                out = task_func({"a": [1, 2], "b": [3, 4]})
                pd.testing.assert_frame_equal(out, pd.DataFrame({"a": [1, 2], "b": [3, 4]}), check_like=True)

            def test_dtype(self):
                out = task_func({"a": [1, 2]})
                pd.testing.assert_frame_equal(out, pd.DataFrame({"a": [1.0, 2.0]}), check_dtype=False)
        '''),
    bcb("corr-matrix", r'''
        import pandas as pd


        def task_func(df):
            if df.shape[1] < 2:
                raise ValueError("need two columns")
            return df.corr(method="pearson").round(4)
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_corr(self):
                df = pd.DataFrame({"x": [1, 2, 3, 4], "y": [2, 4, 6, 8], "z": [4, 3, 2, 1]})
                out = task_func(df)
                self.assertEqual(out.shape, (3, 3))
                self.assertEqual(out.loc["x", "y"], 1.0)
                self.assertEqual(out.loc["x", "z"], -1.0)
                self.assertTrue((out.values.diagonal() == 1.0).all())

            def test_one_column(self):
                with self.assertRaises(ValueError):
                    task_func(pd.DataFrame({"x": [1]}))
        '''),
    bcb("normalize-minmax", r'''
        import pandas as pd


        def task_func(df):
            num = df.select_dtypes("number")
            return (num - num.min()) / (num.max() - num.min())
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_scaled(self):
                out = task_func(pd.DataFrame({"a": [0, 5, 10], "b": [2.0, 4.0, 3.0], "c": ["x", "y", "z"]}))
                self.assertEqual(out.columns.tolist(), ["a", "b"])
                self.assertEqual(out["a"].tolist(), [0.0, 0.5, 1.0])
                self.assertEqual(out["b"].max(), 1.0)
        '''),
    bcb("standardize-numpy", r'''
        import numpy as np
        import pandas as pd


        def task_func(df, cols):
            out = df.copy()
            values = out[cols].to_numpy(dtype=float)
            out[cols] = (values - values.mean(axis=0)) / values.std(axis=0)
            return out
        ''', r'''
        import unittest
        import numpy as np
        import pandas as pd


        class TestCases(unittest.TestCase):
            def setUp(self):
                self.df = pd.DataFrame({"a": [1.0, 2.0, 3.0], "b": [10.0, 10.0, 40.0], "name": ["x", "y", "z"]})

            def test_standard(self):
                out = task_func(self.df, ["a", "b"])
                np.testing.assert_array_almost_equal(out["a"].values, [-1.22474487, 0.0, 1.22474487])
                self.assertAlmostEqual(out["b"].mean(), 0.0)
                self.assertEqual(out["name"].tolist(), ["x", "y", "z"])
                self.assertEqual(self.df["a"].tolist(), [1.0, 2.0, 3.0])
        '''),
    bcb("to-numpy-array", r'''
        import pandas as pd


        def task_func(df):
            return df.to_numpy(), df.columns.to_numpy()
        ''', r'''
        import unittest
        import numpy as np
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_array(self):
                arr, cols = task_func(pd.DataFrame({"p": [1, 2], "q": [3, 4]}))
                self.assertIsInstance(arr, np.ndarray)
                np.testing.assert_array_equal(arr, np.array([[1, 3], [2, 4]]))
                self.assertEqual(arr.shape, (2, 2))
                self.assertEqual(list(cols), ["p", "q"])
        '''),
    bcb("numpy-scalars-from-sum", r'''
        import pandas as pd


        def task_func(df):
            return df["qty"].sum(), df["price"].mean(), df["qty"].max()
        ''', r'''
        import unittest
        import numpy as np
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_scalars(self):
                total, mean, top = task_func(pd.DataFrame({"qty": [1, 2, 7], "price": [1.0, 2.0, 6.0]}))
                self.assertEqual(total, 10)
                self.assertIsInstance(total, np.int64)
                self.assertIsInstance(mean, float)
                self.assertEqual(mean, 3.0)
                self.assertIsInstance(top, (int, np.integer))
        '''),
    bcb("idxmax-per-column", r'''
        import pandas as pd


        def task_func(df):
            return df.idxmax().to_dict(), df.max().tolist()
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_idxmax(self):
                df = pd.DataFrame({"a": [1, 9, 3], "b": [7, 2, 8]}, index=["x", "y", "z"])
                where, top = task_func(df)
                self.assertEqual(where, {"a": "y", "b": "z"})
                self.assertEqual(top, [9, 8])
        '''),
    bcb("series-argument-stats", r'''
        import numpy as np
        import pandas as pd


        def task_func(s):
            if not isinstance(s, pd.Series):
                raise TypeError("expected a Series")
            return {"mean": float(s.mean()), "median": float(s.median()), "mode": s.mode().tolist(),
                    "iqr": float(np.percentile(s, 75) - np.percentile(s, 25))}
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def setUp(self):
                self.s = pd.Series([1, 2, 2, 3, 4, 10], name="v")

            def test_stats(self):
                out = task_func(self.s)
                self.assertAlmostEqual(out["mean"], 22 / 6)
                self.assertEqual(out["median"], 2.5)
                self.assertEqual(out["mode"], [2])
                self.assertEqual(out["iqr"], 1.75)

            def test_type(self):
                with self.assertRaises(TypeError):
                    task_func([1, 2])
        '''),
    bcb("series-argument-datetime-index", r'''
        import pandas as pd


        def task_func(s):
            weekly = s.resample("W").sum()
            return weekly.idxmax(), weekly.max()
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_weekly(self):
                s = pd.Series(range(14), index=pd.date_range("2024-01-01", periods=14, freq="D"))
                when, total = task_func(s)
                self.assertEqual(when, pd.Timestamp("2024-01-14"))
                self.assertEqual(total, sum(range(7, 14)))
        '''),
    bcb("series-where-clip", r'''
        import pandas as pd


        def task_func(s, lo, hi):
            return s.clip(lo, hi), s.where(s > lo)
        ''', r'''
        import unittest
        import numpy as np
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_clip(self):
                clipped, kept = task_func(pd.Series([1, 5, 9]), 2, 8)
                self.assertEqual(clipped.tolist(), [2, 5, 8])
                self.assertTrue(np.isnan(kept[0]))
                self.assertEqual(kept.dropna().tolist(), [5.0, 9.0])
        '''),
]

ARGUMENTS: list[Case] = [
    bcb("setup-frame-unchanged", r'''
        import pandas as pd


        def task_func(df):
            result = df.copy()
            result["ratio"] = result["a"] / result["b"]
            return result
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def setUp(self):
                self.df = pd.DataFrame({"a": [1, 2, 3], "b": [2, 4, 6]})

            def test_ratio(self):
                out = task_func(self.df)
                self.assertEqual(out["ratio"].tolist(), [0.5, 0.5, 0.5])

            def test_original(self):
                task_func(self.df)
                self.assertEqual(self.df.columns.tolist(), ["a", "b"])
                pd.testing.assert_frame_equal(self.df, pd.DataFrame({"a": [1, 2, 3], "b": [2, 4, 6]}))
        '''),
    bcb("setup-frame-changed-in-place", r'''
        import pandas as pd


        def task_func(df):
            df["total"] = df["a"] + df["b"]
            return df
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def setUp(self):
                self.df = pd.DataFrame({"a": [1, 2], "b": [10, 20]})

            def test_in_place(self):
                out = task_func(self.df)
                self.assertEqual(out["total"].tolist(), [11, 22])
                self.assertIn("total", self.df.columns)
        '''),
    bcb("setup-frame-returned-only", r'''
        import pandas as pd


        def task_func(df):
            df["total"] = df["a"] + df["b"]
            return df
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def setUp(self):
                self.df = pd.DataFrame({"a": [1, 2], "b": [10, 20]})

            def test_returned(self):
                out = task_func(self.df)
                self.assertEqual(out.columns.tolist(), ["a", "b", "total"])
                pd.testing.assert_frame_equal(out[["a", "b"]], pd.DataFrame({"a": [1, 2], "b": [10, 20]}))
        '''),
    bcb("setup-frame-drop-inplace-none", r'''
        import pandas as pd


        def task_func(df, column):
            if column not in df:
                raise ValueError(f"no column {column}")
            df.drop(columns=[column], inplace=True)
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def setUp(self):
                self.df = pd.DataFrame({"a": [1], "b": [2]})

            def test_returns_none(self):
                self.assertIsNone(task_func(self.df, "a"))

            def test_missing(self):
                with self.assertRaises(ValueError):
                    task_func(self.df, "zz")
        '''),
    bcb("two-frames-compare", r'''
        import pandas as pd


        def task_func(df1, df2):
            if df1.shape != df2.shape:
                raise ValueError("shapes differ")
            diff = df1.compare(df2)
            return len(diff), df1.equals(df2)
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_same(self):
                df = pd.DataFrame({"a": [1, 2]})
                self.assertEqual(task_func(df, df.copy()), (0, True))

            def test_diff(self):
                n, same = task_func(pd.DataFrame({"a": [1, 2]}), pd.DataFrame({"a": [1, 3]}))
                self.assertEqual((n, same), (1, False))

            def test_shape(self):
                with self.assertRaises(ValueError):
                    task_func(pd.DataFrame({"a": [1]}), pd.DataFrame({"a": [1, 2]}))
        '''),
    bcb("frame-with-datetime-index-arg", r'''
        import pandas as pd


        def task_func(df):
            return df.loc["2024-01-02":"2024-01-03", "v"].sum()
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def setUp(self):
                self.df = pd.DataFrame({"v": [1, 2, 3, 4]}, index=pd.date_range("2024-01-01", periods=4, freq="D"))

            def test_slice(self):
                self.assertEqual(task_func(self.df), 5)
        '''),
    bcb("frame-with-nullable-arg", r'''
        import pandas as pd


        def task_func(df):
            return int(df["n"].sum()), int(df["n"].isna().sum()), df["s"].str.upper().tolist()
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_nullable(self):
                df = pd.DataFrame({"n": pd.array([1, None, 4], dtype="Int64"),
                                   "s": pd.array(["a", "b", "c"], dtype="string")})
                total, missing, upper = task_func(df)
                self.assertEqual((total, missing), (5, 1))
                self.assertEqual(upper, ["A", "B", "C"])
        '''),
    bcb("frame-with-categorical-arg", r'''
        import pandas as pd


        def task_func(df):
            return df.groupby("size", observed=False)["n"].sum().tolist()
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_cat(self):
                size = pd.Categorical(["S", "L", "S"], categories=["S", "M", "L"], ordered=True)
                df = pd.DataFrame({"size": size, "n": [1, 2, 3]})
                self.assertEqual(task_func(df), [4, 0, 2])
        '''),
    bcb("frame-with-multiindex-arg", r'''
        import pandas as pd


        def task_func(df):
            return df.xs("b", level="letter")["v"].tolist()
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_xs(self):
                idx = pd.MultiIndex.from_product([["a", "b"], [1, 2]], names=["letter", "num"])
                df = pd.DataFrame({"v": [10, 20, 30, 40]}, index=idx)
                self.assertEqual(task_func(df), [30, 40])
        '''),
    bcb("list-of-frames-arg", r'''
        import pandas as pd


        def task_func(frames):
            return [len(f) for f in frames], pd.concat(frames)["x"].sum()
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_list(self):
                frames = [pd.DataFrame({"x": [1, 2]}), pd.DataFrame({"x": [3]})]
                self.assertEqual(task_func(frames), ([2, 1], 6))
        '''),
    bcb("dict-of-series-answer", r'''
        import pandas as pd


        def task_func(df):
            return {col: df[col].cumsum() for col in df.columns}
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_dict(self):
                out = task_func(pd.DataFrame({"a": [1, 2], "b": [3, 4]}))
                pd.testing.assert_series_equal(out["a"], pd.Series([1, 3], name="a"))
                self.assertEqual(out["b"].tolist(), [3, 7])
        '''),
]

LARGE: list[Case] = [
    bcb("large-groupby-5000", r'''
        import numpy as np
        import pandas as pd


        def task_func(n=5000, seed=1):
            rng = np.random.default_rng(seed)
            df = pd.DataFrame({"group": rng.choice(list("ABCDE"), size=n), "value": rng.normal(0, 1, n)})
            return df, df.groupby("group")["value"].mean()
        ''', r'''
        import unittest
        import numpy as np
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_large(self):
                df, means = task_func()
                self.assertEqual(df.shape, (5000, 2))
                self.assertEqual(sorted(means.index), list("ABCDE"))
                np.testing.assert_allclose(means.values, df.groupby("group")["value"].mean().values)
                self.assertTrue((means.abs() < 0.2).all())
        '''),
    bcb("large-frame-argument", r'''
        import pandas as pd


        def task_func(df):
            return df[df["x"] % 7 == 0].shape[0], df["x"].sum()
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def setUp(self):
                self.df = pd.DataFrame({"x": range(8000), "y": [i * 0.5 for i in range(8000)]})

            def test_big(self):
                count, total = task_func(self.df)
                self.assertEqual(count, 1143)
                self.assertEqual(total, 8000 * 7999 // 2)
        '''),
    bcb("large-frame-roundtrip-equal", r'''
        import numpy as np
        import pandas as pd


        def task_func(rows):
            rng = np.random.default_rng(7)
            return pd.DataFrame({"id": np.arange(rows), "a": rng.random(rows), "b": rng.integers(0, 9, rows),
                                 "tag": [f"t{i % 13}" for i in range(rows)]})
        ''', r'''
        import unittest
        import numpy as np
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_equal(self):
                out = task_func(3000)
                rng = np.random.default_rng(7)
                expected = pd.DataFrame({"id": np.arange(3000), "a": rng.random(3000), "b": rng.integers(0, 9, 3000),
                                         "tag": [f"t{i % 13}" for i in range(3000)]})
                pd.testing.assert_frame_equal(out, expected)
                self.assertEqual(out["tag"].nunique(), 13)
        '''),
    bcb("large-frame-past-row-bound", r'''
        import pandas as pd


        def task_func(n):
            return pd.DataFrame({"i": range(n), "sq": [i * i for i in range(n)]})
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_big(self):
                out = task_func(12000)
                self.assertIsInstance(out, pd.DataFrame)
                self.assertEqual(len(out), 12000)
                self.assertEqual(out["sq"].iloc[-1], 11999 ** 2)
        '''),
    bcb("large-series-value-counts", r'''
        import random
        import pandas as pd


        def task_func(n, seed=3):
            random.seed(seed)
            letters = [random.choice("abcdefghij") for _ in range(n)]
            return pd.Series(letters).value_counts().sort_index()
        ''', r'''
        import random
        import unittest
        from collections import Counter


        class TestCases(unittest.TestCase):
            def test_counts(self):
                out = task_func(6000)
                random.seed(3)
                expected = Counter(random.choice("abcdefghij") for _ in range(6000))
                self.assertEqual(out.to_dict(), dict(sorted(expected.items())))
                self.assertEqual(out.sum(), 6000)
        '''),
]

FILES: list[Case] = [
    bcb("to-csv-scratch-read-back", r'''
        import os
        import tempfile
        import pandas as pd


        def task_func(df):
            with tempfile.TemporaryDirectory() as tmp:
                path = os.path.join(tmp, "out.csv")
                df.to_csv(path, index=False)
                back = pd.read_csv(path)
            return back
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_round_trip(self):
                df = pd.DataFrame({"a": [1, 2], "b": ["x", "y"], "c": [0.5, 1.5]})
                pd.testing.assert_frame_equal(task_func(df), df)
        '''),
    bcb("to-csv-relative-path", r'''
        import pandas as pd


        def task_func(data, filename="report.csv"):
            df = pd.DataFrame(data)
            df.to_csv(filename, index=False)
            return filename, pd.read_csv(filename).shape
        ''', r'''
        import os
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def tearDown(self):
                if os.path.exists("report.csv"):
                    os.remove("report.csv")

            def test_written(self):
                name, shape = task_func({"k": [1, 2, 3]})
                self.assertEqual(name, "report.csv")
                self.assertEqual(shape, (3, 1))
        '''),
    bcb("to-csv-string", r'''
        import pandas as pd


        def task_func(df):
            return df.to_csv(index=False)
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_text(self):
                out = task_func(pd.DataFrame({"a": [1, 2], "b": ["x", "y"]}))
                self.assertEqual(out, "a,b\n1,x\n2,y\n")
        '''),
    bcb("to-json-records", r'''
        import json
        import pandas as pd


        def task_func(df):
            return json.loads(df.to_json(orient="records"))
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_json(self):
                out = task_func(pd.DataFrame({"a": [1, 2], "b": [None, "q"]}))
                self.assertEqual(out, [{"a": 1, "b": None}, {"a": 2, "b": "q"}])
        '''),
    bcb("mock-open-read-csv", r'''
        import io
        import pandas as pd


        def task_func(path):
            with open(path) as f:
                df = pd.read_csv(io.StringIO(f.read()))
            return df["value"].sum()
        ''', r'''
        import unittest
        from unittest.mock import mock_open, patch


        class TestCases(unittest.TestCase):
            @patch("builtins.open", new_callable=mock_open, read_data="name,value\na,1\nb,4\n")
            def test_sum(self, mock_file):
                self.assertEqual(task_func("data.csv"), 5)
                mock_file.assert_any_call("data.csv")
        '''),
    bcb("mock-read-csv-return-frame", r'''
        import pandas as pd


        def task_func(path):
            df = pd.read_csv(path)
            if df.empty:
                raise ValueError("empty file")
            return df.groupby("k")["v"].sum().to_dict()
        ''', r'''
        import unittest
        from unittest.mock import patch
        import pandas as pd


        class TestCases(unittest.TestCase):
            @patch("pandas.read_csv")
            def test_mocked(self, mock_read):
                mock_read.return_value = pd.DataFrame({"k": ["a", "b", "a"], "v": [1, 2, 3]})
                self.assertEqual(task_func("x.csv"), {"a": 4, "b": 2})
                mock_read.assert_called_once_with("x.csv")

            @patch("pandas.read_csv")
            def test_empty(self, mock_read):
                mock_read.return_value = pd.DataFrame()
                with self.assertRaises(ValueError):
                    task_func("x.csv")
        '''),
    bcb("excel-free-stringio-output", r'''
        import io
        import pandas as pd


        def task_func(df):
            buf = io.StringIO()
            df.to_csv(buf, sep=";", index=False)
            buf.seek(0)
            return buf
        ''', r'''
        import unittest
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_buffer(self):
                buf = task_func(pd.DataFrame({"a": [1], "b": [2]}))
                self.assertEqual(buf.read(), "a;b\n1;2\n")
        '''),
]

PLOTS: list[Case] = [
    bcb("frame-and-bar-axes", r'''
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        import pandas as pd


        def task_func(data):
            df = pd.DataFrame(data)
            counts = df["category"].value_counts().sort_index()
            ax = counts.plot(kind="bar")
            ax.set_title("Category counts")
            ax.set_xlabel("category")
            return df, ax
        ''', r'''
        import unittest
        import matplotlib.pyplot as plt
        import pandas as pd


        class TestCases(unittest.TestCase):
            def tearDown(self):
                plt.close("all")

            def test_pair(self):
                df, ax = task_func({"category": ["a", "b", "a"], "v": [1, 2, 3]})
                self.assertIsInstance(df, pd.DataFrame)
                self.assertIsInstance(ax, plt.Axes)
                self.assertEqual(ax.get_title(), "Category counts")
                self.assertEqual([p.get_height() for p in ax.patches], [2, 1])
                self.assertEqual(df.shape, (3, 2))
        '''),
    bcb("line-plot-from-frame", r'''
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        import pandas as pd


        def task_func(df):
            if df.empty:
                raise ValueError("empty")
            fig, ax = plt.subplots()
            df.plot(x="day", y="temp", ax=ax, legend=False)
            ax.set_ylabel("temp")
            return ax
        ''', r'''
        import unittest
        import matplotlib.pyplot as plt
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_line(self):
                ax = task_func(pd.DataFrame({"day": [1, 2, 3], "temp": [20.0, 22.5, 21.0]}))
                line = ax.get_lines()[0]
                self.assertEqual(list(line.get_ydata()), [20.0, 22.5, 21.0])
                self.assertEqual(ax.get_ylabel(), "temp")
                plt.close("all")

            def test_empty(self):
                with self.assertRaises(ValueError):
                    task_func(pd.DataFrame())
        '''),
    bcb("hist-and-stats-tuple", r'''
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        import numpy as np
        import pandas as pd


        def task_func(df, column, bins=5):
            fig, ax = plt.subplots()
            ax.hist(df[column], bins=bins)
            ax.set_title(f"Histogram of {column}")
            return df[column].describe(), ax
        ''', r'''
        import unittest
        import matplotlib.pyplot as plt
        import pandas as pd


        class TestCases(unittest.TestCase):
            def test_hist(self):
                df = pd.DataFrame({"h": [1, 2, 2, 3, 3, 3, 4, 5, 5, 6]})
                stats, ax = task_func(df, "h")
                self.assertIsInstance(stats, pd.Series)
                self.assertEqual(stats["max"], 6.0)
                self.assertEqual(ax.get_title(), "Histogram of h")
                self.assertEqual(len(ax.patches), 5)
                self.assertEqual(sum(p.get_height() for p in ax.patches), 10)
                plt.close("all")
        '''),
    bcb("hist-axes-array", r'''
        import matplotlib

        matplotlib.use("Agg")
        import pandas as pd


        def task_func(df, bins=3):
            if df.empty:
                raise ValueError("empty DataFrame")
            return df.hist(bins=bins)
        ''', r'''
        import unittest
        import matplotlib.pyplot as plt
        import numpy as np
        import pandas as pd


        class TestCases(unittest.TestCase):
            def tearDown(self):
                plt.close("all")

            def test_axes(self):
                axes = task_func(pd.DataFrame({"a": [1, 2, 3], "b": [4, 5, 6]}))
                self.assertIsInstance(axes, np.ndarray)
                self.assertEqual(axes.shape, (1, 2))
                self.assertEqual([ax.get_title() for ax in axes.flatten()], ["a", "b"])
                self.assertIsInstance(axes[0, 1], plt.Axes)
                self.assertEqual(len(axes[0, 0].patches), 3)

            def test_empty(self):
                with self.assertRaises(ValueError):
                    task_func(pd.DataFrame())
        '''),
    bcb("scatter-frame-axes-labels", r'''
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        import pandas as pd


        def task_func(x, y):
            df = pd.DataFrame({"x": x, "y": y})
            ax = df.plot.scatter(x="x", y="y")
            return df.corr().loc["x", "y"], ax
        ''', r'''
        import unittest
        import matplotlib.pyplot as plt


        class TestCases(unittest.TestCase):
            def test_scatter(self):
                r, ax = task_func([1, 2, 3], [2, 4, 6])
                self.assertAlmostEqual(r, 1.0)
                self.assertEqual(ax.get_xlabel(), "x")
                self.assertEqual(len(ax.collections[0].get_offsets()), 3)
                plt.close("all")
        '''),
]

_ALL: list[Case] = [*BUILD, *GROUP, *COMBINE, *MISSING, *DATES, *KINDS, *APPLY, *ARGUMENTS, *LARGE, *FILES, *PLOTS]

# Correct code this sweep found failing and left open, with the layer of each.
KNOWN_FAILING_WHY: dict[str, str] = {
    "humaneval/s11-bcb-setup-frame-changed-in-place":
        "transport, documented (docs/sandbox.md: a frame the completion changes in place is not written back): the "
        "completion adds a column to the test's setUp frame and returns it; the answer is right, but the test's "
        "own frame is unchanged after the call: \"AssertionError: 'total' not found in Index(['a', 'b'], "
        "dtype='str')\"",
    "humaneval/s11-bcb-large-frame-past-row-bound":
        "transport, by design (tables.MAX_ROWS, which also bounds what pandas' flood-prone int64 hash tables cost "
        "the trusted side): a 12,000-row DataFrame answer stays a handle, so assertIsInstance(out, pd.DataFrame) "
        "fails (len(out) and out['sq'].iloc[-1] through the handle work)",
}

CASES: list[Case] = [c for c in _ALL if c.id not in KNOWN_FAILING_WHY]
KNOWN_FAILING: list[Case] = [c for c in _ALL if c.id in KNOWN_FAILING_WHY]
