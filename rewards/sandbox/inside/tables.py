"""The wire form of pandas' tables crossing the sandbox: a DataFrame, a Series or an Index, column by column.

BigCodeBench's tests build a DataFrame in ``setUp`` and pass it in, and check the one the completion returns with
``assertIsInstance(out, pd.DataFrame)`` and ``pd.testing.assert_frame_equal``; so a table crosses as its parts and is
made again on the other side, of the same dtypes, index and names:

* ``["PF", columns, index, [[dtype, [items]], ...]]`` a DataFrame (its column labels and its index as indexes below);
* ``["PS", dtype, name, index, [items]]`` a Series;
* ``["PR", hex start, hex stop, hex step, name]`` a RangeIndex;
* ``["PX", dtype, name, [items], freq]`` a flat Index (``freq``: a DatetimeIndex's frequency string, else None);
* ``["PM", [names], [levels], [[codes], ...]]`` a MultiIndex (``groupby`` on two keys, ``agg`` of several
  functions): at most `MAX_LEVELS` levels, each a flat index as above, and one list of codes a level, each code
  the position of a row's label in its level (-1 for a missing one);
* ``["PI", closed, name, left, right]`` an IntervalIndex (``pd.cut(v, bins=3)``'s categories): its sides, and its
  ends as flat indexes;
* ``["PT", kind, unit, hex count(, zone)]`` a ``Timestamp``, a ``Timedelta`` (``kind``) or ``NaT`` (a Timestamp of
  the smallest int64), what ``s.idxmax()`` of dates or ``df["end"] - df["start"]``'s items are: a count of ``unit``
  (in UTC where a zone follows, a ``ZoneInfo`` or a ``datetime.timezone`` as the codec writes them).

A column's items are encoded by the codec (so an object column holds any value that crosses, a handle among them in
an answer); a dtype crosses by its name (`named`), one of `DTYPES`: numpy's numbers and booleans, ``object``, pandas'
text (``str``, ``string``: a missing item as NaN or None), naive ``datetime64[unit]`` and ``timedelta64[unit]``
(items as int64 counts of the unit, NaT as the smallest int64), the nullable integers and booleans and pyarrow's
numbers, booleans and text (a missing item as None); or periods (``period[M]``, `PERIOD`: items as int64 ordinals);
or as a list: ``["category", categories, ordered]`` (the categories a flat index, an IntervalIndex among them, the
items codes into them, -1 for a missing one: ``pd.cut``, ``astype("category")``, and a CategoricalIndex as a ``PX``
of that dtype) and ``["datetime", unit, zone]`` (dates in a ``ZoneInfo`` or ``datetime.timezone``, items as int64
counts in UTC). Only exact classes of at most `MAX_ROWS` rows, whose dtype made again from its name is the dtype
itself, have a wire form; any other (an interval column that is not categorical, pytz's or dateutil's zones, a
subclass, a larger one) stays in its job as a handle, or cannot be passed in.
The row bound also bounds what pandas' own hash tables cost the trusted side (an index lookup, ``value_counts``):
their int64 hash is a fixed function a job could flood, quadratic in the rows that share one hash.

Inside the jail: standard library only (pandas and numpy are loaded by name, only where one of their values is
already in the process, or arrives); the codec passes its own encoder and decoder for the items.
"""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Callable
from typing import Any

MAX_ROWS, MAX_CELLS, MAX_LEVELS = 10_000, 1_000_000, 16
CLOSED = ("right", "left", "both", "neither")  # an IntervalIndex's sides
NUMERIC = frozenset({"bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
                     "float32", "float64", "complex64", "complex128"})
NULLABLE = frozenset({"Int8", "Int16", "Int32", "Int64", "UInt8", "UInt16", "UInt32", "UInt64", "boolean"})
UNITS = ("s", "ms", "us", "ns")
DATES = frozenset(f"datetime64[{unit}]" for unit in UNITS)
TIMEDELTAS = frozenset(f"timedelta64[{unit}]" for unit in UNITS)
COUNTS = DATES | TIMEDELTAS  # items as int64 counts of the unit, NaT as the smallest int64
NAT = -(2**63)
# pandas' pyarrow-backed columns (``value_counts()`` of text counts in ``int64[pyarrow]``), a missing item as None.
ARROW = frozenset(f"{name}[pyarrow]" for name in ("bool", "int8", "int16", "int32", "int64", "uint8", "uint16",
                                                  "uint32", "uint64", "float", "double", "string", "large_string"))
DTYPES = NUMERIC | NULLABLE | ARROW | COUNTS | {"object", "str", "string"}
TAGS = ("PF", "PS", "PR", "PX", "PM", "PT", "PI")
# A DatetimeIndex's frequency as pandas writes it ("D", "15min", "W-SUN", "ME"): parsed by pandas, never evaluated.
FREQ = re.compile(r"[0-9]{0,6}[A-Za-z]{1,6}(?:-[A-Za-z]{1,6})?")
# Periods (``dt.to_period("M")``) by their dtype's name, "period[M]", "period[W-SUN]": items as int64 ordinals.
PERIOD = re.compile(rf"period\[{FREQ.pattern}\]")


def named(dtype: Any) -> bool:
    """Whether ``dtype`` is the name of a dtype that crosses: one of `DTYPES`, or periods of a frequency."""
    return type(dtype) is str and (dtype in DTYPES or PERIOD.fullmatch(dtype) is not None)


def wire(x: Any, t: type, item: Callable[[Any], Any]) -> list | None:
    """The wire form of a pandas DataFrame, Series or flat Index ``x`` (exact type ``t``), else None; ``item``
    encodes one value (a label, a name, a column's item)."""
    pd = sys.modules.get("pandas")
    if pd is not None and t in (getattr(pd, "Timestamp", None), getattr(pd, "Timedelta", None), type(pd.NaT)):
        return _moment(x, t, pd, item)
    kinds = [getattr(pd, n, None) for n in ("DataFrame", "Series", "Index", "RangeIndex", "DatetimeIndex",
                                            "MultiIndex", "CategoricalIndex", "IntervalIndex", "PeriodIndex")]
    if pd is None or None in kinds or t not in kinds:
        return None
    frame, series = kinds[:2]
    if len(x) > MAX_ROWS or x.size > MAX_CELLS:
        return None
    if t is frame:
        columns, rows = _index(x.columns, pd, item), _index(x.index, pd, item)
        data = [_column(x.iloc[:, i], item) for i in range(x.shape[1])]
        if columns is None or rows is None or None in data:
            return None
        return ["PF", columns, rows, data]
    if t is series:
        rows, column = _index(x.index, pd, item), _column(x, item)
        return None if rows is None or column is None else ["PS", column[0], item(x.name), rows, column[1]]
    return _index(x, pd, item)


def _index(x: Any, pd: Any, item: Callable[[Any], Any]) -> list | None:
    if type(x) is pd.RangeIndex:
        return ["PR", hex(x.start), hex(x.stop), hex(x.step), item(x.name)] if len(x) <= MAX_ROWS else None
    if type(x) is pd.MultiIndex:
        return _multi_index(x, pd, item)
    if type(x) is pd.IntervalIndex:  # ``pd.cut(v, bins=3)``'s categories
        ends = [_index(x.left, pd, item), _index(x.right, pd, item)]
        if x.closed not in CLOSED or any(e is None or e[0] != "PX" or type(e[1]) is not str for e in ends):
            return None
        return ["PI", x.closed, item(x.name), *ends]
    if type(x) not in (pd.Index, pd.DatetimeIndex, pd.CategoricalIndex, pd.PeriodIndex) or len(x) > MAX_ROWS:
        return None
    column = _column(x, item)
    freq = x.freqstr if type(x) is pd.DatetimeIndex else None  # a PeriodIndex's is its dtype's
    if column is None or (freq is not None and not FREQ.fullmatch(freq)):
        return None
    return ["PX", column[0], item(x.name), column[1], freq]


def _moment(x: Any, t: type, pd: Any, item: Callable[[Any], Any]) -> list | None:
    if t is type(pd.NaT):
        return ["PT", "Timestamp", "ns", hex(NAT)]
    if x.unit not in UNITS:
        return None
    if t is pd.Timedelta:
        return ["PT", "Timedelta", x.unit, hex(int(x.to_timedelta64().astype("int64")))]
    zone = None if x.tz is None else _zone(x.tz, item)
    if x.tz is not None and zone is None:
        return None
    count = hex(int((x if x.tz is None else x.tz_convert(None)).to_datetime64().astype("int64")))
    return ["PT", "Timestamp", x.unit, count] + ([] if zone is None else [zone])


def _zone(tz: Any, item: Callable[[Any], Any]) -> list | None:
    """A time zone's wire form where it is a ``ZoneInfo`` or a ``datetime.timezone`` (the codec's ``["TZ", key]``,
    ``["TZO", offset, name]``), else None (pytz's, dateutil's)."""
    zone = item(tz)
    return zone if type(zone) is list and zone[0] in ("TZ", "TZO") else None


def _multi_index(x: Any, pd: Any, item: Callable[[Any], Any]) -> list | None:
    if not 0 < x.nlevels <= MAX_LEVELS or len(x) > MAX_ROWS:
        return None
    levels = [_index(level, pd, item) for level in x.levels]
    if any(level is None or level[0] == "PM" for level in levels):
        return None
    return ["PM", [item(name) for name in x.names], levels, [codes.tolist() for codes in x.codes]]


def _column(x: Any, item: Callable[[Any], Any]) -> list | None:
    """``[dtype, [items]]`` of a Series or an Index whose dtype crosses, else None."""
    pd = sys.modules["pandas"]
    if type(x.dtype) is pd.DatetimeTZDtype:  # dates in a zone: the zone, the items as UTC counts of the unit
        zone = _zone(x.dtype.tz, item)
        if zone is None or x.dtype.unit not in UNITS:
            return None
        counts = pd.DatetimeIndex(x).tz_convert(None).to_numpy().view("int64").tolist()
        return [["datetime", x.dtype.unit, zone], [item(v) for v in counts]]
    if type(x.dtype) is pd.CategoricalDtype:  # the categories as a flat index, the items as codes
        categories = _index(x.dtype.categories, pd, item)
        if categories is None or type(categories[1]) is not str:  # a flat index, not a categorical or a MultiIndex
            return None
        return [["category", categories, bool(x.dtype.ordered)], x.array.codes.tolist()]
    name = str(x.dtype)
    if not named(name) or _dtype(name) != x.dtype:
        return None
    missing = sys.modules["pandas"].NA
    values = x.to_numpy().view("int64").tolist() if name in COUNTS else \
        x.array.asi8.tolist() if name not in DTYPES else x.tolist()  # periods: their ordinals
    if name != "object":
        values = [None if v is missing else v for v in values]
    return [name, [item(v) for v in values]]


def _dtype(name: str) -> Any:
    return importlib.import_module("pandas").api.types.pandas_dtype(name)


def parts(x: list) -> list:
    """The encoded values a table's wire form ``x`` holds: its labels, names and items."""
    tag = x[0]
    if tag == "PT":
        return []
    if tag == "PR":
        return [x[4]]
    if tag == "PX":
        return [x[2], *_column_parts(x[1], x[3])]
    if tag == "PS":
        return [x[2], x[3], *_column_parts(x[1], x[4])]
    if tag == "PM":  # the levels are wire forms themselves; the codes are bare ints
        return [*x[1], *x[2]]
    if tag == "PI":  # the ends are wire forms themselves
        return [x[2], x[3], x[4]]
    return [x[1], x[2], *(v for dtype, values in x[3] for v in _column_parts(dtype, values))]


def _column_parts(dtype: Any, values: list) -> list:
    if type(dtype) is not list:
        return values
    return [dtype[1]] if dtype[0] == "category" else [dtype[2], *values]  # a category's codes are bare ints


def build(tag: str, rest: list, item: Callable[[Any], Any]) -> Any:
    """The table of a `TAGS` wire form whose parts were checked (by the trusted side's strict reader) or are trusted
    (a job reading its arguments); ``item`` decodes one value."""
    pd = importlib.import_module("pandas")
    if tag == "PT":
        return moment(rest[0], rest[1], int(rest[2], 16), item(rest[3]) if len(rest) == 4 else None)
    if tag == "PR":
        return pd.RangeIndex(int(rest[0], 16), int(rest[1], 16), int(rest[2], 16), name=item(rest[3]))
    if tag == "PX":
        if type(rest[0]) is list and rest[0][0] == "category":  # ``value_counts`` of a categorical column
            return pd.CategoricalIndex(_built(rest[0], rest[2], item), name=item(rest[1]))
        if type(rest[0]) is list:  # dates in a zone
            return pd.DatetimeIndex(_built(rest[0], rest[2], item), name=item(rest[1]), freq=rest[3])
        return build_index(rest[0], item(rest[1]), [item(v) for v in rest[2]], rest[3])
    if tag == "PI":
        return pd.IntervalIndex.from_arrays(item(rest[2]), item(rest[3]), closed=rest[0], name=item(rest[1]))
    if tag == "PM":
        return multi_index([item(n) for n in rest[0]], [item(level) for level in rest[1]], rest[2])
    if tag == "PS":
        index = item(rest[2])
        return pd.Series(_built(rest[0], rest[3], item), index=index, name=item(rest[1]), copy=False)
    return frame(item(rest[0]), item(rest[1]), [_built(dtype, values, item) for dtype, values in rest[2]])


def _built(dtype: Any, values: list, item: Callable[[Any], Any]) -> Any:
    if type(dtype) is list and dtype[0] == "datetime":  # ["datetime", unit, zone]: the items are UTC counts
        return zoned(dtype[1], item(dtype[2]), [item(v) for v in values])
    if type(dtype) is list:  # ["category", categories, ordered]: the items are codes
        return categorical(item(dtype[1]), dtype[2], values)
    return column(dtype, [item(v) for v in values])


def zoned(unit: str, tz: Any, counts: list) -> Any:
    """A pandas array of dates in the zone ``tz``, of ``counts`` (int64, UTC) of ``unit``."""
    pd = importlib.import_module("pandas")
    return pd.Series(column(f"datetime64[{unit}]", counts)).dt.tz_localize("UTC").dt.tz_convert(tz).array


def categorical(categories: Any, ordered: bool, codes: list) -> Any:
    """A pandas Categorical of the flat index ``categories`` (pandas checks they are unique) and ``codes`` (each a
    position in them, -1 for a missing item)."""
    pd = importlib.import_module("pandas")
    return pd.Categorical.from_codes(codes, categories=categories, ordered=ordered)


def frame(columns: Any, index: Any, data: list) -> Any:
    """A DataFrame of the arrays ``data`` (one a column), labelled ``columns``, its rows ``index``."""
    pd = importlib.import_module("pandas")
    table = pd.DataFrame(dict(enumerate(data)), index=index) if data else pd.DataFrame(index=index)
    table.columns = columns
    return table


def column(dtype: str, values: list) -> Any:
    """A pandas array of ``dtype`` (`named`) holding ``values`` (decoded items, as `wire` wrote them)."""
    pd = importlib.import_module("pandas")
    if dtype not in DTYPES:  # periods, of int64 ordinals
        np = importlib.import_module("numpy")
        return pd.arrays.PeriodArray(np.array(values, dtype="int64"), dtype=_dtype(dtype))
    if dtype in COUNTS:
        np = importlib.import_module("numpy")
        return pd.array(np.array(values, dtype="int64").view(dtype))
    if dtype == "object":
        return pd.array(object_array(values, (len(values),)), dtype=object)
    return pd.array(values, dtype=dtype)


def object_array(items: list, shape: tuple[int, ...]) -> Any:
    """A numpy array of dtype object and ``shape`` holding ``items`` (in C order), each as itself (one by one: a list
    item would make another dimension): an object column, or an array of handles (`codec._numpy`)."""
    np = importlib.import_module("numpy")
    cells = np.empty(len(items), dtype=object)
    for i, value in enumerate(items):
        cells[i] = value
    return cells.reshape(shape)


def moment(kind: str, unit: str, count: int, tz: Any = None) -> Any:
    """A Timestamp (NaT for the smallest int64; in the zone ``tz``, ``count`` in UTC, where given) or a Timedelta
    (``kind``) of ``count`` ``unit``s."""
    pd, np = importlib.import_module("pandas"), importlib.import_module("numpy")
    if kind == "Timestamp":
        moment = pd.Timestamp(np.datetime64(count, unit))
        return moment if tz is None else moment.tz_localize("UTC").tz_convert(tz)
    return pd.Timedelta(np.timedelta64(count, unit))


def multi_index(names: list, levels: list, codes: list) -> Any:
    """A MultiIndex of flat indexes ``levels`` and ``codes`` (one list of ints a level), named ``names``; pandas
    checks that each code falls in its level and that each level's labels are unique."""
    pd = importlib.import_module("pandas")
    return pd.MultiIndex(levels=levels, codes=codes, names=names, verify_integrity=True)


def build_index(dtype: str, name: Any, values: list, freq: str | None) -> Any:
    """A flat pandas Index of ``dtype`` holding ``values``, named ``name``, of frequency ``freq`` (dates only)."""
    pd = importlib.import_module("pandas")
    if dtype in DATES:
        return pd.DatetimeIndex(column(dtype, values), name=name, freq=freq)
    return pd.Index(column(dtype, values), dtype=dtype, name=name)
