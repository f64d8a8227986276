"""Tables for people on a terminal of a given width, and the same tables as files for machines.

``mjlog stats`` and ``mjlog schemes compare`` print every table through :func:`format_table`: the wide
layout (one line per row) when it fits the width; else a long one (one line per value: the row's
keys, the statistic, its value and its 95 % interval); else one block per row. No number or name is
ever split or cut, and no line is wider than the width unless one name alone is.
"""

from __future__ import annotations

import json
import math
import os
import shutil
from dataclasses import dataclass
from typing import Any

import polars as pl

from mjlog.text import display_width, ljust_display, printable

#: The width when standard output is not a terminal and ``COLUMNS`` is not set.
PIPED_WIDTH = 100
#: The narrowest width laid out for: below it, tables are laid out at this width.
MIN_WIDTH = 40
#: Machine formats :func:`write_tables` writes.
MACHINE_FORMATS = ("csv", "json")

_GAP = "  "
_NUMERIC = (pl.Int8, pl.Int16, pl.Int32, pl.Int64, pl.UInt8, pl.UInt16, pl.UInt32, pl.UInt64,
            pl.Float32, pl.Float64)


@dataclass(frozen=True, slots=True)
class Table:
    """One titled table: ``name`` names its file in machine output, ``precision`` is the decimals its
    floats are printed with."""

    name: str
    title: str
    frame: pl.DataFrame
    precision: int = 4


def terminal_width() -> int:
    """The width to lay text out at: ``COLUMNS``, else the terminal's, else :data:`PIPED_WIDTH`."""
    return max(MIN_WIDTH, shutil.get_terminal_size((PIPED_WIDTH, 24)).columns)


def format_number(value: Any, precision: int = 4) -> str:
    """One cell as text: floats at ``precision`` decimals, a missing value as ``-``."""
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        if math.isnan(value) or math.isinf(value):
            return str(value)
        return f"{value:.{precision}f}"
    if isinstance(value, (list, tuple)):
        return ", ".join(format_number(v, precision) for v in value)
    return printable(str(value))


def wrap(text: str, width: int, hang: str = "  ") -> str:
    """``text`` with each line broken between words so that none is wider than ``width`` (a word wider
    than ``width`` stands alone on its line, whole); a continuation keeps the line's indent plus
    ``hang``."""
    out: list[str] = []
    for line in text.split("\n"):
        if display_width(line) <= width:
            out.append(line)
            continue
        indent = line[:len(line) - len(line.lstrip(" "))]
        current = indent
        for word in line.split():
            if current == indent or current.strip() == "":
                current += word
            elif display_width(current) + 1 + display_width(word) <= width:
                current += " " + word
            else:
                out.append(current)
                current = indent + hang + word
        out.append(current)
    return "\n".join(out)


def _join_whole(items: list[str], width: int, sep: str, indent: str = "") -> list[str]:
    """``items`` joined by ``sep`` on as few lines as fit ``width``, each item whole on one line."""
    lines = [indent]
    for item in items:
        joined = f"{lines[-1]}{sep}{item}" if lines[-1].strip() else lines[-1] + item
        if lines[-1].strip() and display_width(joined) > width:
            lines.append(indent + "  " + item)
        else:
            lines[-1] = joined
    return lines


def _is_numeric(frame: pl.DataFrame, column: str) -> bool:
    return frame.schema[column] in _NUMERIC


def _render(header: list[str], rows: list[list[str]], right: list[bool], indent: str = "") -> list[str]:
    """Rows under a header and a rule, columns two spaces apart, numbers right-aligned."""
    widths = [max([display_width(h)] + [display_width(r[i]) for r in rows]) for i, h in enumerate(header)]

    def line(cells: list[str]) -> str:
        parts = [" " * (w - display_width(c)) + c if r else ljust_display(c, w)
                 for c, w, r in zip(cells, widths, right)]
        return (indent + _GAP.join(parts)).rstrip()

    return [line(header), line(["-" * w for w in widths])] + [line(r) for r in rows]


def _fits(lines: list[str], width: int) -> bool:
    return all(display_width(x) <= width for x in lines)


def _interval_of(columns: list[str], numeric: set[str]) -> dict[str, tuple[str | None, str | None]]:
    """Each statistic column with its interval's columns: ``X_lo``/``X_hi`` belong to ``X``, a bare
    ``lo``/``hi`` to the last number column before it."""
    out: dict[str, tuple[str | None, str | None]] = {}
    last: str | None = None
    taken: set[str] = set()
    for c in columns:
        if c not in numeric or c in taken:
            continue
        if c in ("lo", "hi") and last is not None:
            lo, hi = out[last]
            out[last] = (c if c == "lo" else lo, c if c == "hi" else hi)
            continue
        lo = f"{c}_lo" if f"{c}_lo" in numeric else None
        hi = f"{c}_hi" if f"{c}_hi" in numeric else None
        taken.update(x for x in (lo, hi) if x)
        out[c] = (lo, hi)
        last = c
    return out


def _keys(frame: pl.DataFrame) -> list[str]:
    """The columns that name a row: the text ones, then integer ones in order until rows are unique."""
    keys = [c for c in frame.columns if not _is_numeric(frame, c) and frame.schema[c] != pl.Boolean]
    for c in frame.columns:
        if keys and frame.select(keys).is_unique().all():
            break
        if _is_numeric(frame, c) and frame.schema[c].is_integer():
            keys.append(c)
    return keys


def _long(frame: pl.DataFrame, precision: int, width: int) -> list[str]:
    """One line per value (the row's keys, the statistic, value, lo, hi); one block per row when even
    that is too wide."""
    keys = _keys(frame)
    numeric = {c for c in frame.columns if c not in keys and _is_numeric(frame, c)}
    stats = _interval_of([c for c in frame.columns if c not in keys], numeric)
    others = [c for c in frame.columns if c not in keys and c not in numeric]
    with_interval = any(lo or hi for lo, hi in stats.values())
    header = ["statistic", "value"] + (["lo", "hi"] if with_interval else [])
    blocks: list[tuple[list[str], list[list[str]]]] = []
    for row in frame.iter_rows(named=True):
        cells = []
        for stat, (lo, hi) in stats.items():
            bounds = [format_number(row[b], precision) if b else "" for b in (lo, hi)] if with_interval else []
            cells.append([stat, format_number(row[stat], precision)] + bounds)
        cells += [[c, format_number(row[c], precision)] + ([""] * 2 if with_interval else []) for c in others]
        blocks.append(([format_number(row[k], precision) for k in keys], cells))
    right = [False, True] + [True, True] * with_interval
    long_rows = [key + cells for key, rows in blocks for cells in rows]
    lines = _render(keys + header, long_rows, [False] * len(keys) + right)
    if _fits(lines, width):
        return lines
    out: list[str] = []
    for key, rows in blocks:
        out += _join_whole([f"{k} {v}" for k, v in zip(keys, key)], width, " · ")
        block = _render(header, rows, right, indent="  ")
        if not _fits(block, width):     # a statistic a line: its name, value, and interval as named words
            block = [line for r in rows for line in _join_whole(
                [r[0], r[1]] + [f"{h} {c}" for h, c in zip(header[2:], r[2:]) if c], width, "  ", "  ")]
        out += block
    return out


def format_table(frame: pl.DataFrame, width: int, max_rows: int = -1, precision: int = 4) -> str:
    """``frame`` as text no wider than ``width``: wide when it fits, else long (see the module); at most
    ``max_rows`` rows of ``frame`` (-1: all), its first and last half, then a line saying so."""
    if frame.width == 0:
        return "(no columns)"
    if frame.height == 0:
        return wrap("(no rows; columns: " + ", ".join(frame.columns) + ")", width)
    note = ""
    if 0 <= max_rows < frame.height:
        head = (max_rows + 1) // 2
        note = wrap(f"({head} first and {max_rows - head} last of {frame.height} rows shown; "
                    "--max-rows -1 shows all)", width)
        frame = pl.concat([frame.head(head), frame.tail(max_rows - head)])
    rows = [[format_number(v, precision) for v in r] for r in frame.iter_rows()]
    lines = _render(list(frame.columns), rows, [_is_numeric(frame, c) for c in frame.columns])
    if not _fits(lines, width):
        lines = _long(frame, precision, width)
    return "\n".join(lines + ([note] if note else []))


def format_tables(tables: list[Table], width: int, max_rows: int = -1) -> str:
    """Each table under its ``== title`` line (wrapped to ``width``)."""
    out = []
    for t in tables:
        out.append(wrap(f"== {t.title}", width))
        out.append(format_table(t.frame, width, max_rows, t.precision))
    return "\n".join(out)


def write_tables(tables: list[Table], directory: str, fmt: str = "csv") -> list[str]:
    """Each table, all its rows at full precision, as ``directory/<name>.<fmt>`` (``csv``, or ``json``:
    a list of rows as objects); the paths written. A name used twice gets ``-2``, ``-3``, ..."""
    if fmt not in MACHINE_FORMATS:
        raise ValueError(f"format must be one of {', '.join(MACHINE_FORMATS)}, not {fmt!r}")
    os.makedirs(directory, exist_ok=True)
    paths: list[str] = []
    seen: dict[str, int] = {}
    for t in tables:
        seen[t.name] = seen.get(t.name, 0) + 1
        stem = t.name if seen[t.name] == 1 else f"{t.name}-{seen[t.name]}"
        path = os.path.join(directory, f"{stem}.{fmt}")
        if fmt == "csv":
            t.frame.write_csv(path)
        else:
            with open(path, "w", encoding="utf-8") as fh:
                json.dump(t.frame.to_dicts(), fh, ensure_ascii=False, default=str, allow_nan=True)
        paths.append(path)
    return paths
