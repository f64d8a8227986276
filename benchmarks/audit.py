"""Full audit of the corpus's four-player Phoenix games in one process vs the lxml parse-only floor.

Targets: at least 400 games/s, within 8x of the parse-only time, and peak memory
that does not grow with the number of files (peak and retained Python allocations on
each half and on the whole set, caches warm; flat when the whole is within
MEMORY_SLACK_MB of the larger half).

The ratio is measured two ways in the same run. Whole: the fastest of ``--repeat`` passes
over all files on each side, in turn. Paired: the files in chunks of CHUNK_FILES, each
chunk parsed and then audited, ``--repeat`` times; each side's time is the sum of its
chunks' fastest runs. A VM whose speed changes for seconds at a time weighs on a whole
pass of the audit (about a second) more than on one of the parse (a tenth of that); a
chunk pair takes tens of milliseconds, so both sides of it see the same machine.
Last line:
``audit: N games, A games/s, parse-only P games/s, ratio R, paired ratio Q, peak memory M MB (half: H MB)``
"""

from __future__ import annotations

import argparse
import functools
import gc
import re
import sys
import tracemalloc
from pathlib import Path

from lxml import etree

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import best_of_interleaved, corpus_files

from mjlog.formats.safe_xml import PARSER as _PARSER
from mjlog.formats.reader import read_log
from mjlog.replayer import replay

PHOENIX_4P = re.compile(r"^Agony5757__mahjong__paipuxmls~\d{10}gm-00(a9|e1)-0000-")


def phoenix_files() -> list[Path]:
    return [p for p in corpus_files("xml") if PHOENIX_4P.search(p.name)]


def parse_all(blobs: list[bytes]) -> None:
    """lxml's parse of each file, with the reader's hardened parser: the floor the audit is held to."""
    for b in blobs:
        etree.fromstring(b, _PARSER)


def audit_all(paths: list[Path]) -> int:
    findings = 0
    for p in paths:
        findings += len(replay(read_log(p)).findings)
    return findings


def memory_mb(paths: list[Path]) -> tuple[float, float]:
    """(peak, retained) MB of Python allocations while auditing ``paths`` (caches already warm)."""
    tracemalloc.start()
    audit_all(paths)
    peak = tracemalloc.get_traced_memory()[1]
    gc.collect()  # what is left after the collector has run is what the audit keeps
    retained = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return peak / 1e6, retained / 1e6


#: Files per chunk of the paired measurement.
CHUNK_FILES = 24


def paired_times(blobs: list[bytes], paths: list[Path], repeat: int) -> tuple[float, float]:
    """(parse-only, audit) seconds: per chunk of files, the fastest of ``repeat`` runs each, summed."""
    t_parse = t_audit = 0.0
    for start in range(0, len(paths), CHUNK_FILES):
        chunk_blobs, chunk_paths = blobs[start:start + CHUNK_FILES], paths[start:start + CHUNK_FILES]
        p, a = best_of_interleaved([functools.partial(parse_all, chunk_blobs), functools.partial(audit_all, chunk_paths)], repeat)
        t_parse += p
        t_audit += a
    return t_parse, t_audit


#: Allowed difference between the whole set's peak and its halves' (MB): one game's working set is
#: a few hundred kB and a memo table's resize about 1 MB, while keeping each game would add ~0.3 MB/game.
MEMORY_SLACK_MB = 2.0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--repeat", type=int, default=5, help="runs of each side, interleaved; the fastest counts (default 5)")
    args = ap.parse_args()
    paths = phoenix_files()
    blobs = [p.read_bytes() for p in paths]
    t_parse, t_audit = best_of_interleaved([lambda: parse_all(blobs), lambda: audit_all(paths)], args.repeat)
    p_parse, p_audit = paired_times(blobs, paths, args.repeat)
    findings = audit_all(paths)
    h = len(paths) // 2
    first, second, full = memory_mb(paths[:h]), memory_mb(paths[h:]), memory_mb(paths)
    flat = full[0] <= max(first[0], second[0]) + MEMORY_SLACK_MB and full[1] <= max(first[1], second[1]) + MEMORY_SLACK_MB
    print(f"parse-only {t_parse:.3f} s, audit {t_audit:.3f} s, findings {findings}; paired in chunks of "
          f"{CHUNK_FILES} files: parse-only {p_parse:.3f} s, audit {p_audit:.3f} s")
    print(f"memory (peak, retained MB): first half {first[0]:.2f}, {first[1]:.2f}; second half {second[0]:.2f}, "
          f"{second[1]:.2f}; all {full[0]:.2f}, {full[1]:.2f}: {'flat' if flat else 'GROWS'}")
    print(f"audit: {len(paths)} games, {len(paths) / t_audit:,.0f} games/s, parse-only {len(paths) / t_parse:,.0f} games/s, "
          f"ratio {t_audit / t_parse:.1f}, paired ratio {p_audit / p_parse:.1f}, peak memory {full[0]:.1f} MB "
          f"(half: {max(first[0], second[0]):.1f} MB)")


if __name__ == "__main__":
    main()
