"""Games for the viewer tests: sample games, one with a wrong recorded value, one with a hostile name,
simulated Beijing and MCR games and an MCR record, and the riichi words other families must not use."""

from __future__ import annotations

import re
from pathlib import Path

SAMPLE = Path(__file__).resolve().parents[2] / "data" / "sample"
GAME4 = SAMPLE / "sim-tenhou-4p-south-2024-0.xml"
GAME3 = SAMPLE / "sim-tenhou-3p-south-2024-0.xml"
HOSTILE_NAME = '</script><b id="pwned">x</b>'


def with_wrong_points() -> bytes:
    """The 4p sample with its first win's recorded points 9600 changed to 9300 (a points finding)."""
    data = GAME4.read_bytes()
    assert b'ten="25,9600,0"' in data
    return data.replace(b'ten="25,9600,0"', b'ten="25,9300,0"', 1)


def with_hostile_name() -> bytes:
    """The 4p sample with seat 0 named with markup that must stay text."""
    data = GAME4.read_bytes()
    encoded = "".join(f"%{b:02X}" for b in HOSTILE_NAME.encode())
    return data.replace(b'n0="%42%6F%74%20%41"', f'n0="{encoded}"'.encode(), 1)


#: An MCR record of the corpus (PMN): one hand, without flowers.
def mcr_record() -> Path:
    from tests.support.paths import CORPUS

    return CORPUS / "mcr" / "pmn" / "example_1.pmn"


def simulated(preset: str, seed: int) -> bytes:
    """One bot game of ``preset`` as its log's bytes (``mjlog simulate --rules PRESET``)."""
    from mjlog.batch.simulate import simulated_bytes
    from mjlog.rules import find_preset

    return simulated_bytes(find_preset(preset), seed)


#: Seeds of simulated Beijing games with 燒莊 (a hand whose dealer burns) and with 互包 (a pair).
BEIJING_BURN_SEED, BEIJING_MUTUAL_SEED = 5, 3

#: Riichi's own words, which a Beijing or MCR page must not use (the Japanese names of the calls among them).
RIICHI_WORDS = ("riichi", "dora", "honba", "ura", "tsumo", "ron", "tenpai", "noten", "pao", "yaku", "han",
                "kyoku", "chi", "pon", "kan", "ankan", "kakan", "daiminkan", "agari", "ryuukyoku")
_RIICHI_WORD = re.compile(r"\b(" + "|".join(RIICHI_WORDS) + r")\b", re.IGNORECASE)


def riichi_words(text: str) -> list[str]:
    """The riichi words in ``text``."""
    return _RIICHI_WORD.findall(text)


def knob_free(text: str) -> str:
    """``text`` without the knobs it names as ``knob NAME=VALUE`` (a knob's name is an identifier, not a word)."""
    return re.sub(r"\bknob \w+=\S+", "knob", text)


def shown_text(data) -> list[str]:
    """Every string value of the page data (what the page may show; the keys are its own)."""
    if isinstance(data, str):
        return [data]
    if isinstance(data, dict):
        return [s for v in data.values() for s in shown_text(v)]
    if isinstance(data, list):
        return [s for v in data for s in shown_text(v)]
    return []
