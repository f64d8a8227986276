"""The mjai reader's shortcuts (the C scanner, kept draws and discards) read exactly what json.loads reads."""

from __future__ import annotations

import pytest

from mjlog.errors import MalformedLogError
from mjlog.formats.mjai import lines as mjai_lines
from mjlog.formats.reader import read_log
from tests.support.mjai_build import lines, plain, simulated, text_of

GAMES = [("tenhou-4p-south", 0), ("tenhou-4p-south", 3), ("tenhou-3p-south", 1)]


def _read_without_shortcuts(data: bytes, monkeypatch):
    with monkeypatch.context() as m:
        m.setattr(mjai_lines, "_STEPS", {})
        m.setattr(mjai_lines, "_plain_object", lambda line: None)  # every line through json.loads
        return read_log(data, "slow.mjson")


@pytest.mark.parametrize("preset,seed", GAMES)
def test_kept_lines_and_the_scanner_read_the_game_json_loads_reads(preset, seed, monkeypatch):
    text = simulated(preset, seed)[1]
    for data in (text.encode(), plain(text).encode(), text_of(lines(text))):  # compact, plain, spaced
        slow = _read_without_shortcuts(data, monkeypatch)
        first, again = read_log(data, "slow.mjson"), read_log(data, "slow.mjson")  # again: from kept lines
        assert first == slow and again == slow


def test_lines_with_spaces_around_read_as_without():
    text = simulated("tenhou-4p-south", 0)[1]
    padded = "".join(f"  {line}\t \n" for line in text.splitlines()).encode()
    assert read_log(padded, "padded.mjson") == read_log(text.encode(), "padded.mjson")


def test_a_kept_draw_of_a_seat_the_game_lacks_is_refused_at_its_line():
    four = simulated("tenhou-4p-south", 0)[1]
    read_log(four.encode(), "four.mjson")  # keeps seat 3's draws
    events = lines(simulated("tenhou-3p-south", 1)[1])
    at = next(i for i, e in enumerate(events) if e["type"] == "tsumo")
    events[at]["actor"] = 3
    seat_3_draw = next(line for line in four.splitlines() if '"tsumo"' in line and '"actor":3' in line)
    data = "".join(seat_3_draw + "\n" if i == at else text_of([e]).decode() for i, e in enumerate(events))
    with pytest.raises(MalformedLogError, match=f"actor 3 is not a whole number from 0 to 2 at line {at + 1}"):
        read_log(data.encode(), "three.mjson")


def test_a_kept_draw_after_end_game_is_refused():
    text = simulated("tenhou-4p-south", 0)[1]
    draw = next(line for line in text.splitlines() if '"tsumo"' in line)
    data = (text + draw + "\n").encode()
    read_log(text.encode(), "x.mjson")
    with pytest.raises(MalformedLogError, match=f"tsumo after end_game at line {len(text.splitlines()) + 1}"):
        read_log(data, "x.mjson")
