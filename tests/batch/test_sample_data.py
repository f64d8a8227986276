"""data/sample is what its script writes: the stored games cannot drift from the simulator."""

from __future__ import annotations

import subprocess
import sys

from tests.support.paths import ROOT, SAMPLE


def test_make_samples_writes_the_stored_sample_byte_for_byte(tmp_path):
    proc = subprocess.run([sys.executable, str(SAMPLE / "make_samples.py"), str(tmp_path)], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    written = sorted(p.name for p in tmp_path.glob("*.xml"))
    stored = sorted(p.name for p in SAMPLE.glob("*.xml"))
    assert len(written) == 40 and written == stored
    changed = [name for name in written if (tmp_path / name).read_bytes() != (SAMPLE / name).read_bytes()]
    assert changed == [], f"data/sample is stale: run `python data/sample/make_samples.py` ({len(changed)} games differ)"
