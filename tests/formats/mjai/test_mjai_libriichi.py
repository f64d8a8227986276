"""mjai written by mjlog is followed by Mortal's libriichi (the build inside mjai.app's ``mjai``
package, optional: ``pip install --no-deps mjai``): each seat's PlayerState takes every event,
starts each hand at the recorded wind, number, honba, sticks and scores, and never holds a tile
count outside 0..4 (its counts wrap to 255 when a stream discards a tile not held)."""

from __future__ import annotations

import json

import pytest

from tests.support.mjai_build import lines, simulated

state = pytest.importorskip("mjai.mlibriichi.state")


def _follow(events: list[dict], seat: int) -> list[tuple]:
    """Feed ``events`` to seat ``seat``'s PlayerState; (line, problem) for each event it ends badly on."""
    st = state.PlayerState(seat)
    problems = []
    for n, e in enumerate(events, 1):
        st.update(json.dumps(e))
        if max(st.tehai) > 4:
            problems.append((n, "a tile count outside 0..4"))
        if e["type"] == "start_kyoku":
            got = (st.bakaze, st.kyoku, st.honba, st.kyotaku, list(st.scores))
            want = ("ESWN".index(e["bakaze"]) + 27, e["kyoku"] - 1, e["honba"], e["kyotaku"],
                    e["scores"][seat:] + e["scores"][:seat])
            if got != want:
                problems.append((n, f"hand start {got} != {want}"))
    return problems


@pytest.mark.parametrize("preset,seed", [("tenhou-4p-south", 0), ("tenhou-4p-south", 1), ("tenhou-4p-east", 2)])
def test_libriichi_follows_mjai_written_by_mjlog(preset, seed):
    _, text = simulated(preset, seed)
    events = lines(text)
    for seat in range(4):
        assert _follow(events, seat) == []


def test_the_libriichi_check_catches_a_discard_of_a_tile_not_held():
    _, text = simulated("tenhou-4p-south", 0)
    events = lines(text)
    i = next(i for i, e in enumerate(events) if e["type"] == "dahai" and e["actor"] == 0 and not e["tsumogiri"])
    held = events[1]["tehais"][0]
    events[i]["pai"] = next(t for t in ("9s", "9m", "1m", "C") if t not in held and t != events[i - 1].get("pai"))
    assert _follow(events, 0)
