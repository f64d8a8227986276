"""The audit of many copies of one game (issue 39), each timed at a size and at twice it.

A ratio near 2 is linear work; near 4, quadratic. The inputs are made here, in a temporary folder:
- ``files``: N identical small files of one game (``tests/support/xmlbuild.py``'s ``simple_game4``);
- ``botzone``: one Botzone export of N matches of one deal and one play.

``--no-budget`` lifts ``MAX_COMPARED_COPIES`` so that every copy is compared one by one (the index
itself, not the budget, is measured). Each line: ``NAME: size S T1 s, size 2S T2 s, ratio R``.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import mjlog.batch.report as report
from mjlog.batch.audit import audit_sources
from tests.support.hostile import botzone_copies
from tests.support.xmlbuild import simple_game4


def _files(n: int, folder: Path) -> Path:
    for i in range(n):
        (folder / f"g{i:05d}.xml").write_bytes(simple_game4())
    return folder


def _botzone(n: int, folder: Path) -> Path:
    path = folder / "many.txt"
    path.write_bytes(botzone_copies(n))
    return path


def _time(make, n: int) -> float:
    with tempfile.TemporaryDirectory() as tmp:
        source = make(n, Path(tmp))
        t = time.perf_counter()
        audit_sources([source], keep=False)
        return time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--size", type=int, default=2000, help="copies at the first size (default 2,000)")
    ap.add_argument("--no-budget", action="store_true", help="compare every copy one by one")
    args = ap.parse_args()
    if args.no_budget:
        report.MAX_COMPARED_COPIES = 10**9
    for name, make in (("files", _files), ("botzone", _botzone)):
        t1, t2 = _time(make, args.size), _time(make, 2 * args.size)
        print(f"{name}: size {args.size:,} {t1:.2f} s, size {2 * args.size:,} {t2:.2f} s, "
              f"ratio {t2 / max(t1, 1e-9):.1f}", flush=True)


if __name__ == "__main__":
    main()
