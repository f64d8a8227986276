"""scripts/check_mjai_libriichi.py, the libriichi check that no extra can install (docs/formats/mjai.md):
without libriichi it says how to install it and exits 2; its check of one seat catches a discard of a
tile not held, with a stand-in for libriichi's PlayerState that counts tiles as libriichi does."""

from __future__ import annotations

import sys
from pathlib import Path


from tests.support.mjai_build import lines, simulated

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "scripts"))
import check_mjai_libriichi as script


class _Counts:
    """libriichi's PlayerState as far as the check reads it: tile counts wrapped to 0..255 as its u8s are."""

    class PlayerState:
        def __init__(self, seat: int) -> None:
            self.seat, self.tehai = seat, [0] * 34
            self.bakaze = self.kyoku = self.honba = self.kyotaku = 0
            self.scores: list[int] = []

        def update(self, line: str) -> None:
            import json

            from mjlog.formats.mjai.common import parse_tile

            e = json.loads(line)
            if e["type"] == "start_kyoku":
                self.tehai = [0] * 34
                for t in e["tehais"][self.seat]:
                    self.tehai[parse_tile(t)[0]] += 1
                self.bakaze, self.kyoku = "ESWN".index(e["bakaze"]) + 27, e["kyoku"] - 1
                self.honba, self.kyotaku = e["honba"], e["kyotaku"]
                self.scores = e["scores"][self.seat:] + e["scores"][:self.seat]
            elif e.get("actor") == self.seat and e["type"] in ("tsumo", "dahai"):
                k = parse_tile(e["pai"])[0]
                self.tehai[k] = (self.tehai[k] + (1 if e["type"] == "tsumo" else -1)) % 256


def test_without_libriichi_the_script_says_how_to_install_it(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "mjai", None)
    assert script.main(["--simulate", "1"]) == 2
    assert "pip install --no-deps mjai==0.2.1 loguru" in capsys.readouterr().err


def test_the_check_catches_a_discard_of_a_tile_not_held():
    _, text = simulated("tenhou-4p-south", 0)
    events = lines(text)
    assert script.follow(_Counts, events, 0) == []
    i = next(i for i, e in enumerate(events) if e["type"] == "dahai" and e["actor"] == 0 and not e["tsumogiri"])
    held = events[1]["tehais"][0]
    events[i]["pai"] = next(t for t in ("9s", "9m", "1m", "C") if t not in held and t != events[i - 1].get("pai"))
    assert any("outside 0..4" in p for p in script.follow(_Counts, events, 0))
