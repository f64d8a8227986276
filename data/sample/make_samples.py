"""Regenerate the sample games shipped in data/sample (deterministic: same files every run).

    python data/sample/make_samples.py            # from the repository root
    python data/sample/make_samples.py DIR        # the same games written to DIR instead

Writes 24 four-player hanchan (tenhou-4p-south) and 16 sanma hanchan (tenhou-3p-south)
played by mjlog's self-play bots, named sim-<preset>-<seed>-<i>.xml.
``tests/batch/test_sample_data.py`` checks that they are the stored files, byte for byte.
"""

from __future__ import annotations

import sys
from pathlib import Path

from mjlog.rules.riichi.ruleset import PRESETS
from mjlog.batch.simulate import simulate

HERE = Path(__file__).resolve().parent
SEED = 2024
SETS = (("tenhou-4p-south", 24), ("tenhou-3p-south", 16))


def main(out: Path = HERE) -> None:
    """Write the sample games to ``out`` (by default this folder), naming each with its size."""
    for name, games in SETS:
        for path in simulate(games, PRESETS[name], SEED, out, progress=False):
            print(f"{path.name}: {path.stat().st_size:,} bytes")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else HERE)
