"""The shape of a dataset's manifests (``_dataset.json``, ``_batches/KEY.json``), checked before use.

A dataset may come from elsewhere, so its manifests are data like any log: nothing in them
reaches SQL or names a file until it has passed these checks. The tables are mjlog's own list
(:data:`DATASET_TABLES`); a part is a path of the layout :mod:`mjlog.store.dataset` writes,
inside the dataset, with no glob character, quote or ``..``; every other field has its type.
A manifest of any other shape is a :class:`DatasetError` naming the file.

>>> check_dataset_manifest({"version": 1, "tables": {"draws; DROP TABLE games": []}}, "ds/_dataset.json")
Traceback (most recent call last):
...
mjlog.store.manifest.DatasetError: ds/_dataset.json: 'tables' has 'draws; DROP TABLE games', not a table of a dataset
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable

from mjlog.errors import MjlogError
from mjlog.store.arrow_schema import GAME_TABLES
from mjlog.text import printable

#: The dataset layout's version (``_dataset.json``); readers refuse another.
DATASET_VERSION = 1
PARTITION_KEYS = ("family", "rule_set", "game_date")
MANIFEST = "_dataset.json"
#: Every table a dataset holds: the only table names a manifest may give, and so the only ones that reach SQL.
DATASET_TABLES = (*GAME_TABLES, "sources", "unreadable")

_KEY = r"[0-9a-f]{16}"
_BATCH_KEY = re.compile(_KEY)
# a partition value as pyarrow's hive partitioning writes it (URI-escaped): no '/', quote, glob or backslash
_VALUE = r"[A-Za-z0-9_.~%+=-]+"
_PARTITIONED_PART = re.compile(
    rf"(?P<table>[a-z_]+)/family={_VALUE}/rule_set={_VALUE}/game_date={_VALUE}/part-{_KEY}-[0-9]+\.parquet")
_FLAT_PART = re.compile(rf"(?P<table>sources|unreadable)/part-{_KEY}-[0-9]+\.parquet")
#: The longest text a manifest's error quotes of a hostile value.
_QUOTE_CHARS = 80


class DatasetError(MjlogError):
    """A dataset's manifest is missing, of another version, or not of the shape mjlog writes."""

    def __init__(self, path: str | os.PathLike, reason: str) -> None:
        self.path, self.reason = os.fspath(path), reason
        super().__init__(f"{self.path}: {reason}")

    def __reduce__(self):  # keep pickling (process pools) faithful
        return (type(self), (self.path, self.reason))


def _quoted(value: object) -> str:
    """``value`` as a short, printable quotation for an error line."""
    text = repr(value)
    return printable(text if len(text) <= _QUOTE_CHARS else text[:_QUOTE_CHARS] + "...")


def part_table(part: object) -> str | None:
    """The table a part path of the dataset layout belongs to, or None for any other text.

    >>> part_table("sources/part-0123456789abcdef-0.parquet")
    'sources'
    >>> part_table("sources/../../etc/part-0123456789abcdef-0.parquet") is None
    True
    """
    if not isinstance(part, str):
        return None
    m = _PARTITIONED_PART.fullmatch(part) or _FLAT_PART.fullmatch(part)
    if m is None or m["table"] not in DATASET_TABLES or (m["table"] in GAME_TABLES) != (m.re is _PARTITIONED_PART):
        return None
    return m["table"]


def _need(ok: bool, path: str | os.PathLike, reason: Callable[[], str]) -> None:
    if not ok:
        raise DatasetError(path, reason())


def _count(manifest: dict, field: str, path: str | os.PathLike) -> None:
    value = manifest.get(field)
    _need(type(value) is int and value >= 0, path, lambda: f"{field!r} is {_quoted(value)}, not a count")


def _rows(manifest: dict, field: str, path: str | os.PathLike, nullable_second: bool) -> None:
    """``manifest[field]`` is a list of [text, text] pairs (the second may be null when ``nullable_second``)."""
    rows = manifest.get(field, [])
    _need(isinstance(rows, list), path, lambda: f"{field!r} is not a list")
    for row in rows:
        if not (isinstance(row, list) and len(row) == 2 and isinstance(row[0], str)
                and (isinstance(row[1], str) or (nullable_second and row[1] is None))):
            raise DatasetError(path, f"{field!r} has {_quoted(row)}, not a pair of texts")


def check_dataset_manifest(manifest: object, path: str | os.PathLike) -> dict:
    """``manifest`` (a parsed ``_dataset.json``) when it has the shape :func:`mjlog.store.dataset.finish`
    writes; else a :class:`DatasetError` naming ``path`` and the first thing wrong."""
    _need(isinstance(manifest, dict), path, lambda: "not a JSON object")
    assert isinstance(manifest, dict)
    version = manifest.get("version")
    _need(version == DATASET_VERSION and type(version) is int, path,
          lambda: f"dataset version {_quoted(version)}, this mjlog reads {DATASET_VERSION}")
    _need(manifest.get("partition_keys", list(PARTITION_KEYS)) == list(PARTITION_KEYS), path,
          lambda: f"partition keys {_quoted(manifest.get('partition_keys'))}, not {list(PARTITION_KEYS)}")
    tables = manifest.get("tables")
    _need(isinstance(tables, dict), path, lambda: "'tables' is not an object")
    assert isinstance(tables, dict)
    for table, parts in tables.items():
        if table not in DATASET_TABLES:
            raise DatasetError(path, f"'tables' has {_quoted(table)}, not a table of a dataset")
        if not isinstance(parts, list):
            raise DatasetError(path, f"the parts of {table!r} are not a list")
        for part in parts:
            if part_table(part) != table:
                raise DatasetError(path, f"{_quoted(part)} is not a part of {table!r} in the dataset layout")
    batches = manifest.get("batches", [])
    _need(isinstance(batches, list) and all(isinstance(b, str) and _BATCH_KEY.fullmatch(b) for b in batches),
          path, lambda: "'batches' is not a list of batch keys")
    for field in ("games", "unreadable", "inputs"):
        _count(manifest, field, path)
    if "skipped" in manifest:   # inputs that are no log (datasets built before it was counted have none)
        _count(manifest, "skipped", path)
    _rows(manifest, "duplicates", path, nullable_second=False)
    _rows(manifest, "disagreements", path, nullable_second=True)
    return manifest


def _input_record(f: object) -> bool:
    """Whether ``f`` is a batch's record of one input: its source, stamp, status and game id."""
    return (isinstance(f, dict) and isinstance(f.get("source"), str) and isinstance(f.get("file", ""), str)
            and f.get("status") in ("game", "alternate", "known", "unreadable", "skipped")
            and all(f.get(k) is None or type(f.get(k)) is int for k in ("size", "mtime_ns"))
            and (f.get("game_id") is None or isinstance(f.get("game_id"), str)))


def check_batch_manifest(manifest: object, path: str | os.PathLike) -> dict:
    """``manifest`` (a parsed ``_batches/KEY.json``) when it has the shape a finished batch writes: its key
    the file's name, its parts of the layout, each input a source with its stamp, status and game id."""
    _need(isinstance(manifest, dict), path, lambda: "not a JSON object")
    assert isinstance(manifest, dict)
    key = manifest.get("key")
    _need(isinstance(key, str) and _BATCH_KEY.fullmatch(key) is not None
          and os.path.basename(path) == f"{key}.json", path, lambda: f"batch key {_quoted(key)} is not its file's name")
    parts = manifest.get("parts")
    _need(isinstance(parts, list) and all(part_table(p) is not None for p in parts), path,
          lambda: "'parts' is not a list of parts in the dataset layout")
    files = manifest.get("files")
    _need(isinstance(files, list), path, lambda: "'files' is not a list")
    for f in files:
        if not _input_record(f):
            raise DatasetError(path, f"'files' has {_quoted(f)}, not an input's record")
    games = manifest.get("games")
    _need(isinstance(games, list) and all(isinstance(g, str) for g in games), path,
          lambda: "'games' is not a list of game ids")
    return manifest
