"""benchmarks/simulate.py's ``--baseline``: both trees timed in turn, a line with the ratio per preset."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_baseline_prints_both_medians_and_their_ratio():
    out = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "simulate.py"), "--baseline", str(ROOT),
                          "--games", "1", "--repeat", "1", "--rules", "tenhou-3p-east"],
                         check=True, capture_output=True, text=True).stdout
    assert re.fullmatch(r"tenhou-3p-east: 1 games, CPU median baseline [\d.]+ s \(range [\d.]+-[\d.]+\), "
                        r"this tree [\d.]+ s \(range [\d.]+-[\d.]+\): [\d.]+x\n", out), out
