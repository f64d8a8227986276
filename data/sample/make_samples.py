"""Regenerate the sample games shipped in data/sample (deterministic: same files every run).

    python data/sample/make_samples.py            # from the repository root

Writes 24 four-player hanchan (tenhou-4p-south) and 16 sanma hanchan (tenhou-3p-south)
played by mjlog's self-play bots, named sim-<preset>-<seed>-<i>.xml.
"""

from __future__ import annotations

from pathlib import Path

from mjlog.rules.riichi.ruleset import PRESETS
from mjlog.batch.simulate import simulate

HERE = Path(__file__).resolve().parent
SEED = 2024
SETS = (("tenhou-4p-south", 24), ("tenhou-3p-south", 16))


def main() -> None:
    for name, games in SETS:
        for path in simulate(games, PRESETS[name], SEED, HERE, progress=False):
            print(f"{path.name}: {path.stat().st_size:,} bytes")


if __name__ == "__main__":
    main()
