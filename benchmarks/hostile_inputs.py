"""Hostile inputs that were quadratic (issue 39), each timed at a size and at twice it.

A ratio near 2 is linear work; near 4, quadratic. The inputs are made by ``tests/support/hostile.py``:
- ``punycode``: an XML log declaring ``encoding="punycode"`` (refused before decoding);
- ``gzip``: empty gzip members, with the member count's limit lifted so that the loop itself is
  measured (with the limit, the file is refused after 1,024 members);
- ``attributes``: one element of an MCR XML with that many attributes (refused after the parse);
- ``json-<reader>``: JSON nested that deep, for each JSON reader (refused before the parse).

Each line: ``NAME: size S T1 s, size 2S T2 s, ratio R``.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import mjlog.formats.source as source
from mjlog.errors import MalformedLogError
from mjlog.formats.reader import read_log
from tests.support.hostile import (
    DEEP_JSON,
    deep_json,
    empty_gzip_members,
    many_attributes,
    punycode_xml,
)


def _time_read(data: bytes) -> float:
    t = time.perf_counter()
    try:
        read_log(data)
    except MalformedLogError:
        pass
    return time.perf_counter() - t


def _line(name: str, make: Callable[[int], bytes], size: int) -> str:
    t1, t2 = _time_read(make(size)), _time_read(make(2 * size))
    return f"{name}: size {size:,} {t1:.3f} s, size {2 * size:,} {t2:.3f} s, ratio {t2 / max(t1, 1e-9):.1f}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--scale", type=float, default=1.0, help="multiply every size (default 1: 1 MB, 8 MB, 100k)")
    args = ap.parse_args()
    s = args.scale
    _time_read(punycode_xml(1000))  # warm up: the readers' first use loads them
    print(_line("punycode", punycode_xml, int(2**20 * s)))
    cap = getattr(source, "MAX_GZIP_MEMBERS", None)
    source.MAX_GZIP_MEMBERS = 10**9  # type: ignore[attr-defined]  # the loop itself, not the limit
    try:
        print(_line("gzip", empty_gzip_members, int(8 * 2**20 * s)))
    finally:
        source.MAX_GZIP_MEMBERS = cap  # type: ignore[attr-defined]
    print(_line("attributes", many_attributes, int(100_000 * s)))
    for name in DEEP_JSON:
        depth = int((20_000 if name == "mjai" else 100_000) * s)  # an mjai line is at most 100,000 characters
        print(_line(f"json-{name}", lambda n, name=name: deep_json(name, n).encode(), depth))


if __name__ == "__main__":
    main()
