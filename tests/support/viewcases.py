"""Games for the viewer tests: sample games, one with a wrong recorded value, one with a hostile name."""

from __future__ import annotations

from pathlib import Path

SAMPLE = Path(__file__).resolve().parents[2] / "data" / "sample"
GAME4 = SAMPLE / "sim-tenhou-4p-south-2024-0.xml"
GAME3 = SAMPLE / "sim-tenhou-3p-south-2024-0.xml"
HOSTILE_NAME = '</script><b id="pwned">x</b>'


def with_wrong_points() -> bytes:
    """The 4p sample with its first win's recorded points 8000 changed to 7700 (a points finding)."""
    data = GAME4.read_bytes()
    assert b'ten="40,8000,1"' in data
    return data.replace(b'ten="40,8000,1"', b'ten="40,7700,1"', 1)


def with_hostile_name() -> bytes:
    """The 4p sample with seat 0 named with markup that must stay text."""
    data = GAME4.read_bytes()
    encoded = "".join(f"%{b:02X}" for b in HOSTILE_NAME.encode())
    return data.replace(b'n0="%42%6F%74%20%41"', f'n0="{encoded}"'.encode(), 1)
