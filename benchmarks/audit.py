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
Then, where ``jansou-validate`` is installed (``pip install jansou``; beside this Python or on the
PATH), the whole-CLI pair: ``mjlog audit --no-progress --jobs 1`` and ``jansou-validate -q -j 1`` of
the same files, each a new process, run in turn ``--cli-repeat`` times, CPU (user + system) medians
(goal: jansou at least 3x mjlog's) and the range of each turn's ratio, printed before the last line.
Last line:
``audit: N games, A games/s, parse-only P games/s, ratio R, paired ratio Q, peak memory M MB (half: H MB)``
"""

from __future__ import annotations

import argparse
import functools
import gc
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tracemalloc
from pathlib import Path

from lxml import etree

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import best_of_interleaved, corpus_files

from mjlog.formats.safe_xml import parser as _parser
from mjlog.formats.reader import read_log
from mjlog.replayer import replay

PHOENIX_4P = re.compile(r"^Agony5757__mahjong__paipuxmls~\d{10}gm-00(a9|e1)-0000-")


def phoenix_files() -> list[Path]:
    return [p for p in corpus_files("xml") if PHOENIX_4P.search(p.name)]


def parse_all(blobs: list[bytes]) -> None:
    """lxml's parse of each file, with the reader's hardened parser: the floor the audit is held to."""
    parser = _parser()
    for b in blobs:
        etree.fromstring(b, parser)


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


def _child_cpu(cmd: list[str]) -> float:
    """CPU seconds (user + system) of ``cmd`` run to its end, its output discarded."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def jansou_validate() -> str | None:
    """The ``jansou-validate`` command beside this Python or on the PATH, if installed."""
    here = Path(sys.executable).parent / "jansou-validate"
    return str(here) if here.exists() else shutil.which("jansou-validate")


def glob_of(path: Path) -> str:
    """A glob that matches ``path`` alone (its ``*``, ``?`` and ``[`` each in brackets), as jansou takes
    files."""
    return re.sub(r"([*?\[])", r"[\1]", str(path))


def cli_pair(paths: list[Path], repeat: int) -> tuple[float, float, list[float]] | None:
    """Median CPU seconds of the whole-CLI audit of ``paths`` by mjlog and by ``jansou-validate``, run in
    turn, and the ratio (jansou / mjlog) of each turn's pair; None when jansou is not installed. jansou
    takes file globs, so each file is given as :func:`glob_of` it."""
    jansou = jansou_validate()
    if jansou is None:
        return None
    mjlog = [str(Path(sys.executable).parent / "mjlog"), "audit", "--no-progress", "--jobs", "1", *map(str, paths)]
    other = [jansou, "-q", "-j", "1", *map(glob_of, paths)]
    ours, theirs = [], []
    for _ in range(repeat):
        ours.append(_child_cpu(mjlog))
        theirs.append(_child_cpu(other))
    return statistics.median(ours), statistics.median(theirs), [b / a for a, b in zip(ours, theirs)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--repeat", type=int, default=5, help="runs of each side, interleaved; the fastest counts (default 5)")
    ap.add_argument("--cli-repeat", type=int, default=5,
                    help="runs of each whole-CLI audit against jansou-validate, in turn; medians (default 5)")
    args = ap.parse_args()
    paths = phoenix_files()
    pair = cli_pair(paths, args.cli_repeat)
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
    if pair is None:
        print("whole CLI against jansou-validate: not installed (pip install jansou)")
    else:
        print(f"whole CLI, {len(paths)} files, CPU medians of {args.cli_repeat} runs in turn: mjlog {pair[0]:.2f} s, "
              f"jansou-validate {pair[1]:.2f} s, jansou/mjlog {pair[1] / pair[0]:.2f} (goal at least 3); each "
              f"turn's ratio {min(pair[2]):.2f}-{max(pair[2]):.2f}, median {statistics.median(pair[2]):.2f} "
              "(the VM's slow phases move it)")
    print(f"audit: {len(paths)} games, {len(paths) / t_audit:,.0f} games/s, parse-only {len(paths) / t_parse:,.0f} games/s, "
          f"ratio {t_audit / t_parse:.1f}, paired ratio {p_audit / p_parse:.1f}, peak memory {full[0]:.1f} MB "
          f"(half: {max(first[0], second[0]):.1f} MB)")


if __name__ == "__main__":
    main()
