"""Hostile and malformed mjai: a MalformedLogError naming the line, never a traceback or a hang."""

from __future__ import annotations

import json
import random

import pytest

from mjlog.errors import MalformedLogError
from mjlog.formats.reader import read_log
from mjlog.replayer import replay
from tests.support.mjai_build import lines, simulated, text_of


def _game() -> list[dict]:
    return lines(simulated("tenhou-4p-south", 0)[1])


def _index(events: list[dict], kind: str, nth: int = 0) -> int:
    return [i for i, e in enumerate(events) if e["type"] == kind][nth]


def _set(kind: str, key: str, value, nth: int = 0):
    def change(events):
        i = _index(events, kind, nth)
        events[i][key] = value
        return i
    return change


def _insert(at_kind: str, event: dict):
    def change(events):
        i = _index(events, at_kind)
        events.insert(i, event)
        return i
    return change


def _discard_unheld(events):
    i = _index(events, "dahai")
    held = set(events[_index(events, "start_kyoku")]["tehais"][events[i]["actor"]]) | {events[i - 1]["pai"]}
    events[i]["pai"] = next(t for t in ("C", "F", "P", "N", "9s", "1m", "2p", "3s") if t not in held)
    events[i]["tsumogiri"] = False
    return i


def _plain_deal_then(pai: str, red_fives: bool = True):
    """Every seat dealt the same hand with no five and East as dora, then the first draw is ``pai``."""
    def change(events):
        events[_index(events, "start_game")]["aka_flag"] = red_fives
        kyoku = events[_index(events, "start_kyoku")]
        hand = ["1m", "2m", "3m", "4m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "4p", "6p"]
        kyoku["tehais"], kyoku["dora_marker"] = [hand] * len(kyoku["tehais"]), "E"
        i = _index(events, "tsumo")
        events[i]["pai"] = pai
        return i
    return change


CASES = {
    "a red five without red fives": (_plain_deal_then("5mr", red_fives=False), "red 5m in a game without red fives"),
    "a fifth 1m drawn": (_plain_deal_then("1m"), "more 1m than the wall holds"),

    "a hidden tile in a hand": (_set("start_kyoku", "tehais", [["?"] * 13] * 4), "hidden tile"),
    "a hidden draw": (_set("tsumo", "pai", "?"), "hidden tile"),
    "no tile name": (_set("dahai", "pai", "0m"), "not an mjai tile"),
    "a number for a tile": (_set("tsumo", "pai", 5), "not an mjai tile"),
    "a seat out of range": (_set("tsumo", "actor", 4), "actor"),
    "a seat as text": (_set("dahai", "actor", "0"), "actor"),
    "a boolean kyoku": (_set("start_kyoku", "kyoku", True), "kyoku"),
    "an unknown wind": (_set("start_kyoku", "bakaze", "X"), "bakaze"),
    "three scores in a four-player game": (_set("start_kyoku", "scores", [25000] * 3), "scores"),
    "a short hand": (_set("start_kyoku", "tehais", [["1m"] * 12] * 4), "tehais"),
    "five copies of a tile": (_set("start_kyoku", "tehais", [["1m"] * 13] * 4), "more 1m than the wall holds"),
    "an unknown event": (_insert("tsumo", {"type": "explode"}), "unknown event type"),
    "a discard of a tile not held": (_discard_unheld, "does not hold"),
    "a tsumogiri that is not the drawn tile": (_set("dahai", "tsumogiri", "yes"), "tsumogiri"),
    "a call of nothing": (_insert("tsumo", {"type": "pon", "actor": 1, "target": 0, "pai": "E",
                                            "consumed": ["E", "E"]}), "did not just discard"),
    "a kakan without a pon": (_insert("dahai", {"type": "kakan", "actor": 0, "pai": "1m",
                                                "consumed": ["1m"] * 3}), "does not have"),
    "a kita in a four-player game": (_insert("dahai", {"type": "kita", "actor": 0, "pai": "N"}), "kita"),
    "a tsumo win without a draw": (_insert("tsumo", {"type": "hora", "actor": 1, "target": 1,
                                                     "deltas": [0, 0, 0, 0]}), "without having just drawn"),
    "deltas of text": (_set("hora", "deltas", "lots"), "deltas"),
    "an unknown yaku": (_set("hora", "yakus", [["winning", 1]]), "yakus"),
    "a list for a type": (_set("tsumo", "type", ["tsumo"]), "unknown event type"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_malformed_mjai_names_its_line(name):
    change, words = CASES[name]
    events = _game()
    at = change(events)
    with pytest.raises(MalformedLogError) as info:
        read_log(text_of(events), "bad.mjson")
    assert f"line {at + 1}" in str(info.value) and words in str(info.value)
    assert "internal error" not in str(info.value)


@pytest.mark.parametrize("data,words", [
    (b'{"type":"start_game"}\nnot json\n', "line 2"),
    (b'{"type":"start_game"}\n[1, 2]\n', "line 2"),
    (b'{"type":"start_game"}\n' + b"[" * 100_000 + b"\n", "line 2"),
    (b'{"type":"start_game"}\n{"type":"tsumo","actor":0,"pai":"1m"}\n', "outside a hand"),
    (b'{"type":"start_game"}\n', "no hand"),
    (b'{"type":"start_game"}\n{"type":"start_game"}\n', "second start_game"),
    (b'{"type":"start_game","names":"\xff"}\n', "not UTF-8"),
    (b'{"type":"start_game"}\n{"type":"' + b"x" * 200_000 + b'"}\n', "characters"),
])
def test_hostile_mjai_bytes_are_typed_errors(data, words):
    with pytest.raises(MalformedLogError) as info:
        read_log(data, "bad.mjson")
    assert words in str(info.value) and "internal error" not in str(info.value)


def test_events_after_end_game_are_refused():
    events = _game() + [{"type": "tsumo", "actor": 0, "pai": "1m"}]
    with pytest.raises(MalformedLogError, match=f"line {len(events)}"):
        read_log(text_of(events), "bad.mjson")


def test_a_file_cut_mid_hand_reads_as_a_truncated_game():
    events = _game()
    cut = _index(events, "dahai", 30)
    log = read_log(text_of(events[:cut]), "cut.mjson")
    assert log.truncated and log.rounds[-1].outcomes == ()
    assert any(f.kind.value == "truncated" for f in replay(log).findings)


def _mutations(events: list[dict], rng: random.Random) -> list[dict]:
    out = [dict(e) for e in events]
    what = rng.randrange(5)
    i = rng.randrange(len(out))
    if what == 0:
        del out[i]
    elif what == 1:
        j = rng.randrange(len(out))
        out[i], out[j] = out[j], out[i]
    elif what == 2:
        key = rng.choice(sorted(out[i]))
        out[i][key] = rng.choice([None, -1, 7, 10**30, "", "5mr", [], {}, ["?"], [["1m"] * 13] * 4, True, 1.5])
    elif what == 3:
        out.insert(i, dict(out[rng.randrange(len(out))]))
    else:
        out[i]["type"] = rng.choice(["hora", "ryukyoku", "dora", "reach_accepted", "end_kyoku", "kakan", "ankan"])
    return out


def test_mutated_mjai_never_escapes_as_another_exception():
    events = _game()
    rng = random.Random(24)
    outcomes = {"read": 0, "refused": 0}
    for _ in range(120):
        data = text_of(_mutations(events, rng))
        try:
            log = read_log(data, "fuzz.mjson")
        except MalformedLogError as exc:
            assert "internal error" not in str(exc), str(exc)
            assert "line " in str(exc) or "end of the file" in str(exc), str(exc)
            outcomes["refused"] += 1
            continue
        replay(log)
        outcomes["read"] += 1
    assert outcomes["read"] and outcomes["refused"]


def test_json_of_other_shapes_is_refused_by_line():
    data = b'{"type":"start_game"}\n' + json.dumps({"type": "start_kyoku", "tehais": {"a": 1}}).encode()
    with pytest.raises(MalformedLogError, match="line 2"):
        read_log(data, "bad.mjson")


def test_poison_values_of_the_other_formats_are_refused_in_mjai_too():
    events = _game()
    text = "".join(json.dumps(e) + "\n" for e in events)
    surrogate = [dict(events[0], names=["\udcff", "b", "c", "d"])] + events[1:]
    poisons = {
        "lone surrogate": ("".join(json.dumps(e) + "\n" for e in surrogate).encode(), "surrogate"),
        "5,000-digit integer": (text.replace('"kyotaku": 0', '"kyotaku": ' + "9" * 5000, 1).encode(), "line 2"),
        "1e400 delta": (text.replace('"deltas": [', '"deltas": [1e400, ', 1).encode(), "deltas"),
    }
    for name, (data, words) in poisons.items():
        with pytest.raises(MalformedLogError) as info:
            read_log(data, "poison.mjson")
        assert words in str(info.value), name


def test_a_file_of_more_lines_than_a_game_may_hold_is_refused():
    from mjlog.errors import LogTooLargeError
    from mjlog.formats.mjai.read import MAX_LINES

    first = '{"type":"start_game","names":["a","b","c","d"]}\n'
    with pytest.raises(LogTooLargeError, match=f"more than {MAX_LINES} lines"):
        read_log((first + '{"type":"none"}\n' * MAX_LINES).encode())


def test_a_tile_sanma_has_none_of_is_refused_at_its_line():
    events = lines(simulated("tenhou-3p-south", 0)[1])
    i = _index(events, "tsumo")
    events[i]["pai"] = "2m"
    with pytest.raises(MalformedLogError) as info:
        read_log(text_of(events), "bad.mjson")
    assert f"line {i + 1}" in str(info.value) and "2m does not exist in three-player mahjong" in str(info.value)
