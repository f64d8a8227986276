"""Shared helpers for the benchmark scripts (not tests): corpus paths, timing, peak memory."""

from __future__ import annotations

import os
import resource
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORPUS = Path(os.environ.get("MJLOG_CORPUS", ROOT.parent / "shared" / "corpus")).resolve()


def corpus_files(sub: str = "xml") -> list[Path]:
    folder = CORPUS / "tenhou" / sub
    if not folder.is_dir():
        raise SystemExit(f"benchmark needs the corpus at {folder} (set MJLOG_CORPUS)")
    return sorted(p for p in folder.iterdir() if p.is_file())


def best_of_interleaved(fns, repeat: int = 3) -> list[float]:
    """The fastest of ``repeat`` runs of each function, run in turn (a, b, a, b, ...), so that a
    change in the machine's speed during the measurement weighs on both sides of a ratio."""
    best = [float("inf")] * len(fns)
    for _ in range(repeat):
        for i, fn in enumerate(fns):
            t = time.perf_counter()
            fn()
            best[i] = min(best[i], time.perf_counter() - t)
    return best


def peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
