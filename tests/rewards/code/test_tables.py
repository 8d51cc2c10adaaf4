"""pandas tables cross the sandbox as their columns, dtypes and index (`rewards.sandbox.inside.tables`): a test's
DataFrame goes in, the completion's comes back a real DataFrame that ``assert_frame_equal`` compares as plain Python
would, and the trusted side's strict reader refuses any form a job could forge."""

from __future__ import annotations

import datetime
import json

import numpy as np
import pandas as pd
import pytest
from dateutil import tz as dateutil_tz
from hypothesis import given, settings
from hypothesis import strategies as st

from rewards.code import CodeTests
from rewards.sandbox import wire
from rewards.sandbox.inside import codec, tables
from rewards.sandbox.inside import frames as frames_module

TABLES = [
    pd.DataFrame({"team": ["b", "a"], "points": [5, 3]}),
    pd.DataFrame({"x": [1.5, np.nan], "flag": [True, False], "c": [1 + 2j, 0j]}, index=pd.Index([10, 20], name="id")),
    pd.DataFrame({"when": pd.to_datetime(["2020-01-01", None]), "n": pd.array([1, None], dtype="Int64"),
                  "s": pd.array(["a", None], dtype="string"), "o": [[1, 2], {"k": (3,)}]}),
    pd.DataFrame({"v": [0.5, 1.0, 2.0]}, index=pd.date_range("2024-01-01", periods=3, freq="D", name="day")),
    pd.DataFrame({1: [1], "a": ["x"]}).rename_axis(columns="cols"),
    pd.DataFrame(columns=["a", "b"]),
    pd.DataFrame({"a": [1, 2]}, index=pd.RangeIndex(5, 1, -2)),
    pd.DataFrame([[1, 2]], columns=["a", "a"]),  # duplicate labels
    pd.Series(["A", "b", "a"], dtype="string").str.lower().value_counts(),  # int64[pyarrow], as pandas 3 counts text
    pd.Series([3, 1], index=["x", "y"], name=("m", 1), dtype="float32"),
    pd.Series([], dtype="object"),
    pd.Index(["a", None, "c"]),
    pd.RangeIndex(0, 30, 3, name="r"),
    pd.date_range("2020-01-31", periods=4, freq="ME"),
    # a MultiIndex: groupby on two keys, agg of several functions, levels of dates and a missing label
    pd.DataFrame({"r": ["N", "N", "S"], "p": ["a", "b", "a"], "u": [1, 2, 3]}).groupby(["r", "p"])["u"].sum(),
    pd.DataFrame({"k": ["x", "y", "x"], "v": [1, 2, 3]}).groupby("k").agg({"v": ["sum", "mean"]}),
    pd.DataFrame({"v": [1, 2]}, index=pd.MultiIndex.from_arrays([pd.to_datetime(["2020-01-01", "2020-01-02"]),
                                                                 [1.5, np.nan]], names=["day", None])),
    pd.MultiIndex.from_tuples([(1, "a"), (2, None)], names=["n", "s"]),
    # categories: pd.cut's labels (a missing item), ordered, of numbers, and value_counts' CategoricalIndex
    pd.DataFrame({"age": [5, 200]}).assign(band=lambda d: pd.cut(d["age"], [0, 18, 120], labels=["child", "adult"])),
    pd.Series(pd.Categorical(["S", "L"], categories=["S", "M", "L"], ordered=True), name="size"),
    pd.Series(pd.Categorical([0, 2], categories=pd.RangeIndex(3))),
    pd.Series(["a", "b", "a"], dtype="category").value_counts(),
    # intervals: pd.cut with a number of bins (categories that are an IntervalIndex), closed on the left, of dates
    pd.DataFrame({"v": [1, 5, 9]}).assign(bin=lambda d: pd.cut(d["v"], bins=2)),
    pd.cut(pd.Series([1, 5, 9, 9]), bins=[0, 3, 10], right=False).value_counts(),
    pd.cut(pd.Series(pd.to_datetime(["2024-01-01", "2024-02-01"])), bins=2),
    pd.interval_range(start=0, end=5, name="iv"),
    # periods: to_period("M")'s value_counts (a PeriodIndex with NaT), weekly and quarterly columns, minutes
    pd.Series(pd.to_datetime(["2024-01-03", "2024-02-01", None])).dt.to_period("M").value_counts(dropna=False),
    pd.DataFrame({"p": pd.period_range("2024-01", periods=2, freq="M"),
                  "w": pd.period_range("2024-01-01", periods=2, freq="W")}),
    pd.period_range("2024Q1", periods=3, freq="Q-DEC", name="q"),
    pd.Series(pd.period_range("2024-01-01", periods=2, freq="15min")),
    # durations: a timedelta64 column with NaT
    pd.DataFrame({"d": pd.to_timedelta(["1h", None, "2 days"])}),
    # dates in a zone: utc=True (datetime.timezone.utc), tz_convert to a ZoneInfo, a fixed offset, an index with freq
    pd.to_datetime(pd.Series(["2024-01-01 00:00", None]), utc=True).to_frame("t"),
    pd.to_datetime(pd.Series(["2024-06-01 12:00"]), utc=True).dt.tz_convert("Asia/Tokyo"),
    pd.Series(pd.to_datetime(["2024-01-01"]).tz_localize(datetime.timezone(datetime.timedelta(hours=2)))),
    pd.date_range("2024-03-30", periods=3, freq="D", tz="Europe/Oslo", name="d"),
]


def _answer(value: object) -> object:
    """``value`` as a job answers it, through the framing."""
    return json.loads(frames_module.dumps(codec.encode(value, 0, None, "answer")))


def _equal(got: object, want: object) -> None:
    assert type(got) is type(want)
    if isinstance(want, pd.DataFrame):
        pd.testing.assert_frame_equal(got, want)  # type: ignore[arg-type]
    elif isinstance(want, pd.Series):
        pd.testing.assert_series_equal(got, want)  # type: ignore[arg-type]
    else:
        pd.testing.assert_index_equal(got, want, exact=True)  # type: ignore[arg-type]
        assert getattr(got, "freq", None) == getattr(want, "freq", None)


@pytest.mark.parametrize("table", TABLES, ids=range(len(TABLES)))
def test_a_table_crosses_both_ways_as_itself(table):
    _equal(wire.decode(_answer(table)), table)  # the completion's answer, read by the strict reader
    _equal(codec.decode(json.loads(frames_module.dumps(wire.encode(table)))), table)  # the test's, read by a job


@pytest.mark.parametrize("table", [
    pd.DataFrame({"a": [1]}, index=pd.MultiIndex.from_arrays([[1]] * (tables.MAX_LEVELS + 1))),
    pd.DataFrame({"i": pd.arrays.IntervalArray.from_breaks([0, 1, 2])}),  # intervals that are no categories
    pd.DataFrame({"t": pd.to_datetime(["2020-01-01"]).tz_localize(dateutil_tz.gettz("Europe/Oslo"))}),
    pd.DataFrame({"a": range(tables.MAX_ROWS + 1)}),
], ids=["multiindex-of-17-levels", "interval-column", "dateutil-zone", "too-many-rows"])
def test_a_table_without_a_faithful_form_stays_in_its_job(table):
    assert codec.encode(table, 0, lambda x: ["H", "0x1", type(x).__name__], "answer")[0] == "H"
    with pytest.raises(TypeError, match="cannot pass"):
        wire.encode(table)


def test_an_object_column_holds_what_crosses_and_nothing_else():
    held = pd.Series([pd.NA, 1], dtype=object)  # an item with no wire form: a handle in an answer, refused going in
    assert codec.encode(held, 0, lambda x: ["H", "0x1", type(x).__name__], "answer")[4][0][0] == "H"
    with pytest.raises(TypeError, match="cannot pass a NAType"):
        wire.encode(held)


FORGED = {
    "unknown dtype": ["PS", "category", ["N"], ["PR", "0x0", "0x1", "0x1", ["N"]], [1]],
    "items of another kind": ["PS", "int64", ["N"], ["PR", "0x0", "0x1", "0x1", ["N"]], [["S", "1"]]],
    "a str column's float that is no NaN": ["PS", "str", ["N"], ["PR", "0x0", "0x1", "0x1", ["N"]], [["F", "1.5"]]],
    "fewer items than rows": ["PS", "int64", ["N"], ["PR", "0x0", "0x2", "0x1", ["N"]], [1]],
    "an int past int64": ["PS", "int64", ["N"], ["PR", "0x0", "0x1", "0x1", ["N"]], [["I", hex(2**70)]]],
    "a range of 2**40 rows": ["PR", "0x0", hex(2**40), "0x1", ["N"]],
    "a zero step": ["PR", "0x0", "0x1", "0x0", ["N"]],
    "a name that is a list": ["PR", "0x0", "0x1", "0x1", ["L", []]],
    "a freq the dates do not fit": ["PX", "datetime64[ns]", ["N"], [0, 5], "D"],
    "a freq on numbers": ["PX", "int64", ["N"], [0, 1], "D"],
    "a freq pandas would parse as code": ["PX", "datetime64[ns]", ["N"], [0], "__import__('os')"],
    "rows that are not an index": ["PF", ["PR", "0x0", "0x1", "0x1", ["N"]], ["L", [1]], [["int64", [1]]]],
    "more columns than labels": ["PF", ["PR", "0x0", "0x1", "0x1", ["N"]], ["PR", "0x0", "0x1", "0x1", ["N"]],
                                 [["int64", [1]], ["int64", [2]]]],
    "more cells than the bound": ["PF", ["PR", "0x0", hex(200), "0x1", ["N"]], ["PR", "0x0", hex(10_000), "0x1", ["N"]],
                                  []],
}


R2 = ["PR", "0x0", "0x2", "0x1", ["N"]]
AB = ["PX", "str", ["N"], [["S", "a"], ["S", "b"]], None]
FORGED |= {
    "a code past its level": ["PM", [["N"]], [AB], [[0, 2]]],
    "a code below -1": ["PM", [["N"]], [AB], [[-2, 0]]],
    "a code that is a bool": ["PM", [["N"]], [AB], [[True, 0]]],
    "levels of unequal length": ["PM", [["N"], ["N"]], [AB, AB], [[0, 1], [0]]],
    "a level that is a MultiIndex": ["PM", [["N"]], [["PM", [["N"]], [AB], [[0]]]], [[0]]],
    "a level with a repeated label": ["PM", [["N"]], [["PX", "str", ["N"], [["S", "a"], ["S", "a"]], None]], [[0]]],
    "more names than levels": ["PM", [["N"], ["N"]], [AB], [[0]]],
    "seventeen levels": ["PM", [["N"]] * 17, [AB] * 17, [[0]] * 17],
    "no levels": ["PM", [], [], []],
    "a category code past the categories": ["PS", ["category", AB, False], ["N"], R2, [0, 2]],
    "a category code that is a bool": ["PS", ["category", AB, False], ["N"], R2, [0, True]],
    "categories that repeat": ["PS", ["category", ["PX", "str", ["N"], [["S", "a"]] * 2, None], False], ["N"], R2,
                               [0, 1]],
    "categories that are categorical": ["PS", ["category", ["PX", ["category", AB, False], ["N"], [0], None], False],
                                        ["N"], R2, [0, 0]],
    "ordered that is no bool": ["PS", ["category", AB, 1], ["N"], R2, [0, 1]],
    "a category dtype of another name": ["PS", ["interval", AB, False], ["N"], R2, [0, 1]],
    "a freq on a CategoricalIndex": ["PX", ["category", AB, False], ["N"], [0, 1], "D"],
    "a timedelta item that is text": ["PS", "timedelta64[ns]", ["N"], R2, [["S", "1h"], 0]],
    "a Timestamp count past int64": ["PT", "Timestamp", "ns", hex(2**63)],
    "a Timestamp count that is no hex": ["PT", "Timestamp", "ns", "12"],
    "a Timestamp count that is an int": ["PT", "Timestamp", "ns", 12],
    "a unit of days": ["PT", "Timedelta", "D", "0x1"],
    "a Period": ["PT", "Period", "ns", "0x1"],
    "a zone on a Timedelta": ["PT", "Timedelta", "ns", "0x0", ["TZ", "UTC"]],
    "a zone that is text": ["PT", "Timestamp", "ns", "0x0", ["S", "UTC"]],
    "a zone key that is a path": ["PS", ["datetime", "ns", ["TZ", "../../etc/passwd"]], ["N"], R2, [0, 0]],
    "a zone of a unit of days": ["PS", ["datetime", "D", ["TZ", "UTC"]], ["N"], R2, [0, 0]],
    "an interval whose left end passes its right": ["PI", "right", ["N"], ["PX", "int64", ["N"], [0, 2], None],
                                                    ["PX", "int64", ["N"], [1, 1], None]],
    "intervals closed upward": ["PI", "up", ["N"], ["PX", "int64", ["N"], [0], None],
                                ["PX", "int64", ["N"], [1], None]],
    "interval ends of two lengths": ["PI", "right", ["N"], ["PX", "int64", ["N"], [0, 1], None],
                                     ["PX", "int64", ["N"], [1], None]],
    "interval ends that are intervals": ["PI", "right", ["N"], ["PI", "right", ["N"], ["PX", "int64", ["N"], [0], None],
                                                                ["PX", "int64", ["N"], [1], None]],
                                         ["PX", "int64", ["N"], [1], None]],
    "interval ends of text": ["PI", "right", ["N"], ["PX", "str", ["N"], [["S", "a"]], None],
                              ["PX", "str", ["N"], [["S", "b"]], None]],
    "a period frequency that is code": ["PS", "period[__import__('os')]", ["N"], R2, [0, 0]],
    "a period frequency pandas does not know": ["PS", "period[XYZ]", ["N"], R2, [0, 0]],
    "a period ordinal past int64": ["PS", "period[M]", ["N"], R2, [["I", hex(2**70)], 0]],
    "a period ordinal that is text": ["PS", "period[M]", ["N"], R2, [["S", "2024-01"], 0]],
    "a freq on a PeriodIndex": ["PX", "period[M]", ["N"], [0], "M"],
    "zoned dates that are text": ["PS", ["datetime", "ns", ["TZ", "UTC"]], ["N"], R2, [["S", "x"], 0]],
    "a freq the zoned dates do not fit": ["PX", ["datetime", "ns", ["TZ", "UTC"]], ["N"], [0, 5], "D"],
}


@pytest.mark.parametrize("forged", FORGED.values(), ids=FORGED.keys())
def test_a_forged_table_is_refused(forged):
    with pytest.raises(ValueError, match="malformed|sandbox"):
        wire.decode(forged)


MOMENTS = [pd.Timestamp("2024-01-14"), pd.Timestamp("2024-01-14 03:04:05.123456789"), pd.Timedelta(hours=9),
           pd.Timedelta(np.timedelta64(3, "s")), pd.Timestamp(np.datetime64(-5, "s")), pd.NaT,
           pd.Timestamp("2024-01-01 05:00", tz="America/New_York"), pd.Timestamp("2024-01-01", tz="UTC")]


@pytest.mark.parametrize("moment", MOMENTS, ids=range(len(MOMENTS)))
def test_a_timestamp_or_timedelta_crosses_as_itself_with_its_unit(moment):
    """``s.idxmax()`` of a date index, ``df["end"] - df["start"]``'s items: a naive Timestamp, a Timedelta or NaT."""
    for got in (wire.decode(_answer(moment)), codec.decode(json.loads(frames_module.dumps(wire.encode(moment))))):
        assert type(got) is type(moment)
        assert got is pd.NaT if moment is pd.NaT else (got == moment and got.unit == moment.unit)
        assert getattr(got, "tz", None) == getattr(moment, "tz", None)


def test_a_timestamp_in_a_dateutil_zone_stays_in_its_job():
    moment = pd.Timestamp("2024-01-01").tz_localize(dateutil_tz.gettz("Europe/Oslo"))
    assert codec.encode(moment, 0, lambda x: ["H", "0x1", type(x).__name__], "answer")[0] == "H"
    with pytest.raises(TypeError, match="cannot pass"):
        wire.encode(moment)


def test_an_object_array_of_handles_crosses_as_an_array():
    """``df.hist()`` and ``plt.subplots(2, 2)`` answer an object array of Axes: an array of the handles; an object
    array of anything else stays a handle itself (and cannot be passed in), as before."""
    code = """
import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt

def grid():
    fig, axes = plt.subplots(2, 3)
    for i, ax in enumerate(axes.flat):
        ax.set_title(str(i))
    return axes

def mixed():
    import numpy as np
    return np.array([1, "a"], dtype=object)
"""
    test = """
import numpy as np
import matplotlib.pyplot as plt
axes = grid()
assert isinstance(axes, np.ndarray) and axes.dtype == object and axes.shape == (2, 3)
assert [ax.get_title() for ax in axes.ravel()] == ["0", "1", "2", "3", "4", "5"]
assert isinstance(axes[1, 2], plt.Axes)
assert type(mixed()) is not np.ndarray and mixed()[1] == "a"
"""
    [verdict] = CodeTests().judge([code], test_list=[[test]])
    assert verdict is not None and verdict.score == 1.0, verdict
    with pytest.raises(TypeError, match="cannot pass"):
        wire.encode(np.array([1, "a"], dtype=object))


@pytest.mark.parametrize("forged", [["NA", "object", ["0x2"], [["H", "0x1", "Axes", None, None, None]]],
                                    ["NA", "object", ["0x1"], [1]], ["NA", "object", ["0x1"], [["S", "a"]]],
                                    ["NA", "O", ["0x1"], [1]], ["NA", "object", [hex(2**40), "0x0"], []]],
                         ids=["fewer-items-than-its-shape", "an-int", "a-string", "dtype-O", "2**40-empty-rows"])
def test_a_forged_object_array_is_refused(forged):
    with pytest.raises(ValueError, match="malformed|sandbox"):
        wire.decode(forged)


BCB = '''
import pandas as pd

def task_func(df, column):
    out = df[df[column] > df[column].mean()].copy()
    out["rank"] = out[column].rank(ascending=False).astype("int64")
    return out.reset_index(drop=True)
'''
TEST = '''
import io
import unittest
import pandas as pd

class TestCases(unittest.TestCase):
    def setUp(self):
        self.df = pd.DataFrame({"v": [1, 5, 2, 8], "w": ["a", "b", "c", "d"]})

    def test_frame(self):
        out = task_func(self.df, "v")
        self.assertIsInstance(out, pd.DataFrame)
        pd.testing.assert_frame_equal(out, pd.DataFrame({"v": [5, 8], "w": ["b", "d"], "rank": [2, 1]}))
        self.assertEqual(list(self.df["v"]), [1, 5, 2, 8])

def check(candidate):
    suite = unittest.TestLoader().loadTestsFromTestCase(TestCases)
    result = unittest.TextTestRunner(stream=io.StringIO(), verbosity=0).run(suite)
    assert result.wasSuccessful() and result.testsRun == 1, [trace[-300:] for _, trace in result.failures]
'''


def test_a_bigcodebench_row_with_frames_both_ways_scores_as_plain_python():
    wrong = BCB.replace("ascending=False", "ascending=True")
    reward = CodeTests()
    right, bad = reward.judge([BCB, wrong], test=[TEST, TEST], entry_point=["task_func", "task_func"])
    assert right is not None and right.score == 1.0, right
    assert bad is not None and bad.score == 0.0 and "rank" in bad.detail, bad


COLUMNS = st.sampled_from(["int64", "float64", "bool", "str", "object", "Int64"])


def _values(dtype: str, n: int) -> st.SearchStrategy:
    item = {"int64": st.integers(-(2**63), 2**63 - 1), "float64": st.floats(), "bool": st.booleans(),
            "str": st.text(max_size=5), "object": st.none() | st.integers() | st.text(max_size=3),
            "Int64": st.none() | st.integers(-(2**63), 2**63 - 1)}[dtype]
    return st.lists(item, min_size=n, max_size=n)


@st.composite
def frames(draw: st.DrawFn) -> pd.DataFrame:
    n = draw(st.integers(0, 6))
    names = draw(st.lists(st.text(max_size=3) | st.integers(), max_size=4, unique=True))
    data = {name: pd.array(draw(_values(dtype, n)), dtype=dtype) for name, dtype in
            zip(names, draw(st.lists(COLUMNS, min_size=len(names), max_size=len(names))), strict=True)}
    index = draw(st.sampled_from([None, "range", "labels"]))
    labels = pd.Index(draw(st.lists(st.text(max_size=2), min_size=n, max_size=n)), name="k") if index == "labels" \
        else pd.RangeIndex(10, 10 + 2 * n, 2) if index == "range" else None
    return pd.DataFrame(data, index=labels)


@settings(max_examples=150, deadline=None)
@given(frames())
def test_any_frame_of_these_dtypes_crosses_as_itself(table):
    _equal(wire.decode(_answer(table)), table)
    _equal(codec.decode(json.loads(frames_module.dumps(wire.encode(table)))), table)
