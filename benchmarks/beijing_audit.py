"""Beijing audit of simulated games in one process vs the lxml parse-only floor of the same files.

No public Beijing game record exists, so the games are the simulator's: ``--games`` games under
each of ``beijing`` and ``beijing-ccw`` (seed ``--seed``), written as Beijing XML to a temporary
folder first (the simulation is timed apart and reported, not part of the ratio). Then the
fastest of ``--repeat`` passes of each side, in turn: lxml's parse of every file with the
reader's hardened parser, and the full audit (read, replay, every finding). No target: the
ratio is reported. Last line:
``beijing audit: N games, H hands, A games/s, parse-only P games/s, ratio R (simulate S games/s)``
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from lxml import etree

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import best_of_interleaved

from mjlog.formats.safe_xml import parser as _parser
from mjlog.formats.reader import read_log
from mjlog.replayer import replay
from mjlog.rules.beijing.ruleset import PRESETS
from mjlog.batch.simulate import simulate


def parse_all(blobs: list[bytes]) -> None:
    """lxml's parse of each file: the floor the audit is compared with."""
    parser = _parser()
    for b in blobs:
        etree.fromstring(b, parser)


def audit_all(paths: list[Path]) -> tuple[int, int]:
    """(findings, hands) of auditing every file."""
    findings = hands = 0
    for p in paths:
        log = read_log(p)
        findings += len(replay(log).findings)
        hands += len(log.rounds)
    return findings, hands


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=100, help="games per rule set (default 100)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=3, help="passes of each side; the fastest counts")
    args = ap.parse_args()

    with tempfile.TemporaryDirectory(prefix="mjlog-bench-beijing-") as tmp:
        t = time.perf_counter()
        paths: list[Path] = []
        for name in ("beijing", "beijing-ccw"):
            paths += simulate(args.games, PRESETS[name], args.seed, Path(tmp) / name, progress=False)
        t_sim = time.perf_counter() - t
        blobs = [p.read_bytes() for p in paths]
        findings, hands = audit_all(paths)        # warm the caches; the audit must be clean
        if findings:
            print(f"the simulated games have {findings} findings", file=sys.stderr)
            return 1
        t_parse, t_audit = best_of_interleaved([lambda: parse_all(blobs), lambda: audit_all(paths)], args.repeat)
    n = len(paths)
    print(f"beijing audit: {n} games, {hands} hands, {n / t_audit:.0f} games/s, parse-only {n / t_parse:.0f} games/s, "
          f"ratio {t_audit / t_parse:.1f} (simulate {n / t_sim:.1f} games/s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
