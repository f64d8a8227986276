"""tenhou.net/6 JSON: hand-built logs for every call form, draw name, flavour, and each malformed case."""

from __future__ import annotations

import json

import pytest

from mjlog.cli import main
from mjlog.errors import MalformedLogError
from mjlog.formats.tenhou.json import read_json_bytes, write_tenhou6
from mjlog.ir import Call, CallKind, Discard, Disconnect, Draw, Reconnect, Ryuukyoku
from mjlog.rules.riichi.events import NewDora, RiichiAccepted
from mjlog.rules.riichi.record import DrawKind
from mjlog.formats.reader import read_log
from tests.support.xmlbuild import simple_game4

# Starting hands (JSON codes, sorted as Tenhou sorts them) that leave room for the tiles the tests use.
H0 = [11, 12, 13, 14, 16, 17, 18, 19, 21, 22, 23, 41, 41]
H1 = [11, 12, 13, 14, 16, 17, 18, 19, 24, 26, 27, 28, 35]
H2 = [21, 22, 23, 24, 26, 27, 28, 29, 31, 32, 33, 41, 41]
H3 = [29, 31, 32, 33, 34, 35, 35, 36, 37, 38, 39, 42, 42]
NOTEN = ["全員不聴"]


def rnd(script, result=NOTEN, hands=(H0, H1, H2, H3), head=(0, 0, 0), scores=(25000,) * 4, dora=(43,), ura=()):
    """One round: ``script`` is (seat, 't' take | 'd' discard, value) in play order."""
    takes: list[list] = [[] for _ in range(4)]
    outs: list[list] = [[] for _ in range(4)]
    for seat, what, value in script:
        (takes if what == "t" else outs)[seat].append(value)
    out = [list(head), list(scores), list(dora), list(ura)]
    for s in range(4):
        out += [list(hands[s]), takes[s], outs[s]]
    return out + [result]


def game(*rounds, official=True, disp="鳳南喰赤", names=("A", "B", "C", "D")):
    if official:
        return {"ver": 2.3, "ref": "2020010100gm-00a9-0000-deadbeef", "log": list(rounds), "ratingc": "PF4",
                "rule": {"disp": disp, "aka53": 1, "aka52": 1, "aka51": 1}, "lobby": 0,
                "dan": ["七段", "６級", "新人", "天鳳"], "rate": [2000.5, 1500, 1600.25, 2300],
                "sx": ["M", "F", "M", "M"], "sc": [35000, 45, 25000, 5, 20000, -20, 20000, -30], "name": list(names)}
    return {"title": ["t", "s"], "name": list(names), "rule": {"disp": disp, "aka": 1}, "log": list(rounds)}


def read(obj) -> object:
    return read_json_bytes(json.dumps(obj, ensure_ascii=False).encode())


def kinds(events):
    """(seat, event name, tile kind) for the play events, as the corpus test compares them."""
    out = []
    for e in events:
        tile = getattr(e, "tile", None)
        if isinstance(e, Call):
            tile = e.called if e.called is not None else e.tiles[0]
        name = e.kind.value if isinstance(e, Call) else type(e).__name__
        out.append((getattr(e, "seat", None), name, tile // 4 if tile is not None else None))
    return out


def roundtrip_equal(obj) -> None:
    log = read(obj)
    assert write_tenhou6(log)["log"] == obj["log"]


CHI = [(0, "t", 15), (0, "d", 13), (1, "t", "c131214"), (1, "d", 11), (2, "t", 47), (2, "d", 60), (3, "t", 47),
       (3, "d", 60)]


def test_chi_and_tsumogiri_in_play_order():
    log = read(game(rnd(CHI)))
    r = log.rounds[0]
    assert kinds(r.events) == [
        (0, "Draw", 4), (0, "Discard", 2), (1, "chi", 2), (1, "Discard", 0), (2, "Draw", 33), (2, "Discard", 33),
        (3, "Draw", 33), (3, "Discard", 33), (None, "Ryuukyoku", None)]
    chi = r.events[2]
    assert chi.from_seat == 0 and chi.called == r.events[1].tile and sorted(t // 4 for t in chi.tiles) == [1, 2, 3]
    assert [e.tsumogiri for e in r.events if isinstance(e, Discard)] == [False, False, True, True]
    assert r.dice == (0, 0) and log.seed is None
    roundtrip_equal(game(rnd(CHI)))


# Hands without East (41) for the tests that move Easts around.
B = [[11, 12, 13, 14, 16, 17, 18, 19, 21, 22, 23, 24, 26], [11, 12, 13, 14, 16, 17, 18, 19, 24, 26, 27, 28, 35],
     [21, 22, 23, 24, 26, 27, 28, 29, 31, 32, 33, 34, 36], [29, 31, 32, 33, 34, 35, 35, 36, 37, 38, 39, 42, 42]]


def with_easts(seat: int, count: int) -> list[list[int]]:
    hands = [list(h) for h in B]
    hands[seat] = sorted(hands[seat][: 13 - count] + [41] * count)
    return hands


@pytest.mark.parametrize("text,caller", [("p414141", 3), ("41p4141", 0), ("4141p41", 1)])
def test_pon_from_each_direction(text, caller):
    # seat 2 draws and discards East; the letter's position says the caller took it from seat 2
    hands = with_easts(caller, 2)
    script = [(0, "t", 15), (0, "d", 60), (1, "t", 25), (1, "d", 60), (2, "t", 41), (2, "d", 60),
              (caller, "t", text), (caller, "d", hands[caller][0]), ((caller + 1) % 4, "t", 47),
              ((caller + 1) % 4, "d", 60)]
    obj = game(rnd(script, hands=hands))
    r = read(obj).rounds[0]
    pon = next(e for e in r.events if isinstance(e, Call))
    assert (pon.seat, pon.kind, pon.from_seat, pon.called) == (caller, CallKind.PON, 2, r.events[5].tile)
    assert [n for _, n, _ in kinds(r.events)][6:8] == ["pon", "Discard"]
    roundtrip_equal(obj)


@pytest.mark.parametrize("text,caller", [("m41414141", 3), ("41m414141", 0), ("414141m41", 1)])
def test_daiminkan_zero_placeholder_and_dora(text, caller):
    hands = with_easts(caller, 3)
    script = [(0, "t", 15), (0, "d", 60), (1, "t", 25), (1, "d", 60), (2, "t", 41), (2, "d", 60),
              (caller, "t", text), (caller, "d", 0), (caller, "t", 46), (caller, "d", 60),
              ((caller + 1) % 4, "t", 47), ((caller + 1) % 4, "d", 60)]
    obj = game(rnd(script, hands=hands, dora=(43, 37)))
    r = read(obj).rounds[0]
    names = [n for _, n, _ in kinds(r.events)]
    i = names.index("daiminkan")
    assert names[i:i + 4] == ["daiminkan", "Draw", "NewDora", "Discard"]
    kan = r.events[i]
    assert kan.from_seat == 2 and kan.called == r.events[i - 1].tile and kan.tiles[0] == kan.called
    roundtrip_equal(obj)


def test_ankan_dora_comes_before_the_replacement_draw():
    script = [(0, "t", 41), (0, "d", "414141a41"), (0, "t", 46), (0, "d", 60), (1, "t", 47), (1, "d", 60)]
    hands = [[11, 12, 13, 14, 16, 17, 18, 19, 21, 22, 41, 41, 41], H1, H2[:11] + [45, 45], H3]
    obj = game(rnd(script, hands=hands, dora=(43, 44)))
    r = read(obj).rounds[0]
    assert [n for _, n, _ in kinds(r.events)][:5] == ["Draw", "ankan", "NewDora", "Draw", "Discard"]
    kan = r.events[1]
    assert kan.called is None and kan.from_seat is None and len(set(kan.tiles)) == 4
    roundtrip_equal(obj)


def test_kakan_takes_the_pon_and_reveals_dora_before_the_discard():
    hands = with_easts(3, 2)
    hands[0] = sorted(B[0][:12] + [41])
    script = [(0, "t", 15), (0, "d", 41), (3, "t", "4141p41"), (3, "d", 29), (0, "t", 46), (0, "d", 60),
              (1, "t", 47), (1, "d", 60), (2, "t", 47), (2, "d", 60), (3, "t", 41), (3, "d", "4141k4141"),
              (3, "t", 25), (3, "d", 60)]
    obj = game(rnd(script, hands=hands, dora=(43, 44)))
    r = read(obj).rounds[0]
    names = [n for _, n, _ in kinds(r.events)]
    assert names[-6:] == ["Draw", "kakan", "Draw", "NewDora", "Discard", "Ryuukyoku"]
    pon, kakan = [e for e in r.events if isinstance(e, Call)]
    assert kakan.tiles[:3] == pon.tiles and kakan.called == pon.called and kakan.from_seat == 0
    assert kakan.added == r.events[names.index("kakan") - 1].tile
    roundtrip_equal(obj)


SANMA = [[11, 19, 21, 22, 23, 24, 26, 27, 28, 29, 44, 45, 46], [11, 19, 31, 32, 33, 34, 36, 37, 38, 39, 45, 46, 47],
         [21, 22, 23, 24, 26, 27, 28, 29, 31, 32, 33, 34, 47], []]


def test_kita_in_sanma_draws_a_replacement_and_adds_no_dora():
    script = [(0, "t", 44), (0, "d", "f44"), (0, "t", 41), (0, "d", 60), (1, "t", 41), (1, "d", 60),
              (2, "t", 42), (2, "d", 60)]
    obj = game(rnd(script, hands=SANMA, scores=(35000, 35000, 35000, 0)), disp="三鳳南喰赤",
               names=("A", "B", "C", ""))
    obj["sc"] = [45000, 30, 35000, 0, 25000, -30, 0, 0]
    log = read(obj)
    assert log.rules.players == 3 and log.header.display == "三鳳南喰赤"
    r = log.rounds[0]
    assert [n for _, n, _ in kinds(r.events)][:4] == ["Draw", "kita", "Draw", "Discard"]
    assert r.events[1].tiles[0] // 4 == 30 and not any(isinstance(e, NewDora) for e in r.events)
    assert len(r.scores) == 3 and log.final.scores == (45000, 35000, 25000)
    roundtrip_equal(obj)


def test_riichi_steps_scores_and_tsumogiri_riichi():
    script = [(0, "t", 15), (0, "d", "r60"), (1, "t", 25), (1, "d", "r24"), (2, "t", 47), (2, "d", 60),
              (3, "t", 47), (3, "d", 60)]
    obj = game(rnd(script, head=(0, 0, 1)))
    r = read(obj).rounds[0]
    names = [n for _, n, _ in kinds(r.events)]
    assert names[:8] == ["Draw", "RiichiDeclared", "Discard", "RiichiAccepted", "Draw", "RiichiDeclared", "Discard",
                         "RiichiAccepted"]
    assert r.events[2].tsumogiri and r.events[3].scores == (24000, 25000, 25000, 25000)
    assert r.events[7].scores == (24000, 24000, 25000, 25000)
    end = r.events[-1]
    assert end.sticks == 3 and end.scores_before == (24000, 24000, 25000, 25000)
    roundtrip_equal(obj)


def test_double_ron_on_a_riichi_tile_is_not_accepted():
    script = [(0, "t", 15), (0, "d", "r41")]
    info1 = [1, 0, 1, "30符1飜1000点", "断幺九(1飜)"]
    info2 = [2, 0, 2, "満貫8000点", "立直(1飜)", "混一色(3飜)", "ドラ(1飜)"]
    res = ["和了", [-1300, 1300 + 1000, 0, 0], info1, [-8000, 0, 8000, 0], info2]
    obj = game(rnd(script, result=res, head=(0, 1, 1), ura=(13,)))
    r = read(obj).rounds[0]
    assert not any(isinstance(e, RiichiAccepted) for e in r.events)
    w1, w2 = r.events[-2:]
    assert (w1.who, w1.from_who, w1.honba, w1.sticks, w1.points, w1.payload.fu, w1.payload.han) == (1, 0, 1, 1, 1000, 30, 1)
    assert (w2.who, w2.honba, w2.sticks, w2.payload.limit, w2.points, w2.payload.fu) == (2, 1, 0, 1, 8000, 0)
    assert w2.scores_before == (23700, 27300, 25000, 25000) and w1.win_tile == w2.win_tile == r.events[-3].tile
    assert w1.payload.ura_indicators == () and w2.payload.ura_indicators == ()  # the riichi was the discarder's
    assert w1.hand == tuple(sorted(r.hands[1] + (w1.win_tile,)))


def test_tsumo_values_and_riichi_winner_gets_ura():
    script = [(0, "t", 15), (0, "d", "r41"), (1, "t", 25), (1, "d", 60), (2, "t", 47), (2, "d", 60), (3, "t", 47),
              (3, "d", 60), (0, "t", 47)]
    info = [0, 0, 0, "40符3飜2600点∀", "立直(1飜)", "門前清自摸和(1飜)", "ドラ(1飜)"]
    obj = game(rnd(script, result=["和了", [8800, -2600, -2600, -2600], info], ura=(24,)))
    r = read(obj).rounds[0]
    w = r.events[-1]
    assert (w.points, w.payload.fu, w.payload.han, w.tsumo) == (7800, 40, 3, True)
    assert w.payload.yaku == ((1, 1), (0, 1), (52, 1), (53, 0)) and w.payload.ura_indicators[0] // 4 == 12
    assert w.win_tile == r.events[-2].tile and w.win_tile in w.hand
    roundtrip_equal(obj)


@pytest.mark.parametrize("name,kind,deltas,shown", [
    ("流局", DrawKind.EXHAUSTIVE, [3000, -1000, -1000, -1000], (0,)),
    ("全員聴牌", DrawKind.EXHAUSTIVE, None, (0, 1, 2, 3)),
    ("全員不聴", DrawKind.EXHAUSTIVE, None, ()),
    ("四家立直", DrawKind.FOUR_RIICHI, None, (0, 1, 2, 3)),
    ("三家和了", DrawKind.TRIPLE_RON, None, (0, 1, 2)),
    ("四槓散了", DrawKind.FOUR_KANS, None, ()),
    ("四風連打", DrawKind.FOUR_WINDS, None, ()),
    ("流し満貫", DrawKind.NAGASHI_MANGAN, [12000, -4000, -4000, -4000], ()),
])
def test_each_draw_name(name, kind, deltas, shown):
    res = [name] + ([deltas] if deltas else [])
    obj = game(rnd(CHI, result=res))
    end = read(obj).rounds[0].events[-1]
    assert isinstance(end, Ryuukyoku) and end.payload.kind is kind and end.shown == shown
    assert end.deltas == (tuple(deltas) if deltas else (0, 0, 0, 0))
    roundtrip_equal(obj)


def test_nine_terminals_ends_on_the_declarers_draw():
    hands = [[11, 19, 21, 29, 31, 39, 41, 42, 43, 44, 45, 12, 13], H1, H2, H3]
    hands[0].sort()
    r = read(game(rnd([(0, "t", 46)], result=["九種九牌"], hands=hands))).rounds[0]
    assert kinds(r.events) == [(0, "Draw", 32), (None, "Ryuukyoku", None)]
    assert r.events[-1].payload.kind is DrawKind.NINE_TERMINALS and len(r.events[-1].hands[0]) == 14


def test_official_and_editor_flavours():
    off = read(game(rnd(CHI)))
    assert off.log_id == "2020010100gm-00a9-0000-deadbeef" and off.version == "2.3"
    assert [(p.name, p.rank, p.rate, p.sex) for p in off.players][:2] == [("A", 16, 2000.5, "M"), ("B", 4, 1500.0, "F")]
    assert off.players[3].rank == 20 and off.final.scores == (35000, 25000, 20000, 20000) and off.final.rounded
    ed = read(game(rnd(CHI), official=False, disp="般東喰赤速"))
    assert ed.final is None and ed.players[0].rank is None and ed.header.display == "四般東喰赤速"
    assert ed.rules.length == "east" and ed.header.fast and dict(ed.header_extra)["title"] == '["t", "s"]'
    assert [kinds(r.events) for r in ed.rounds] == [kinds(r.events) for r in off.rounds]
    assert write_tenhou6(off) == game(rnd(CHI)) | {"sc": [35000, 45, 25000, 5, 20000, -20, 20000, -30]}


def test_json_lines_merge_into_one_game():
    lines = [json.dumps(game(rnd(CHI, head=(0, i, 0)), official=False), ensure_ascii=False) for i in range(3)]
    log = read_json_bytes("\n".join(lines).encode())
    assert [r.honba for r in log.rounds] == [0, 1, 2] and [r.index for r in log.rounds] == [0, 1, 2]
    assert log.players[3].name == "D" and log.final is None


def test_red_five_is_copy_zero_and_ids_are_unique_and_consistent():
    hands = [H0, [11, 12, 13, 14, 16, 17, 18, 19, 24, 26, 27, 28, 51], H2, H3]
    script = [(0, "t", 15), (0, "d", 15), (1, "t", 15), (1, "d", 51), (2, "t", 52), (2, "d", 60), (3, "t", 47),
              (3, "d", 60)]
    r = read(game(rnd(script, hands=hands, dora=(15,)))).rounds[0]
    assert 16 in r.hands[1] and r.events[3].tile == 16                   # 0m is id 16
    assert r.dora_indicator in (17, 18, 19) and r.events[4].tile == 52   # 0p drawn is id 52
    ids = [t for h in r.hands for t in h] + [r.dora_indicator] + [e.tile for e in r.events if isinstance(e, Draw)]
    assert len(ids) == len(set(ids))
    held = {t for h in r.hands for t in h} | {e.tile for e in r.events if isinstance(e, Draw)}
    assert all(e.tile in held for e in r.events if isinstance(e, Discard))
    assert r.events[1].tile == r.events[0].tile and r.events[1].tsumogiri  # the drawn 5m, written as 15 not 60


def test_backtracking_where_calling_at_the_first_matching_discard_fails():
    """Seat 0 discards East twice; seat 2's pon of it is its next take both times.

    Greedy pons the first East; then seat 3 is due to draw while its next take is a pon
    of seat 1's 5s that has not been discarded yet. Only the second East fits.
    """
    hands = [[11, 12, 13, 14, 16, 17, 18, 19, 21, 22, 23, 41, 41], [12, 13, 14, 16, 17, 18, 19, 24, 26, 27, 28, 29, 35],
             [21, 22, 23, 24, 26, 27, 28, 29, 31, 32, 33, 41, 41], [29, 31, 32, 33, 34, 35, 35, 36, 37, 38, 39, 42, 42]]
    script = [(0, "t", 46), (0, "d", 41), (1, "t", 47), (1, "d", 35), (3, "t", "35p3535"), (3, "d", 29),
              (0, "t", 47), (0, "d", 41), (2, "t", "41p4141"), (2, "d", 21), (3, "t", 45), (3, "d", 60)]
    obj = game(rnd(script, hands=hands))
    r = read(obj).rounds[0]
    calls = [(i, e.seat) for i, e in enumerate(r.events) if isinstance(e, Call)]
    discards = [i for i, e in enumerate(r.events) if isinstance(e, Discard) and e.seat == 0]
    assert calls[1][1] == 2 and calls[1][0] == discards[1] + 1
    roundtrip_equal(obj)


def test_connection_entries_become_disconnect_and_reconnect():
    obj = game(rnd(CHI))
    obj["connection"] = [{"what": 0, "log": 0, "who": 2, "step": 3}, {"what": 1, "log": 0, "who": 2, "step": 4}]
    r = read(obj).rounds[0]
    assert isinstance(r.events[3], Disconnect) and isinstance(r.events[5], Reconnect) and r.events[5].name == "C"
    assert write_tenhou6(read(obj))["connection"] == obj["connection"]


def test_cli_convert_writes_json_that_reads_back_to_the_same_game(tmp_path):
    src = tmp_path / "g.xml"
    src.write_bytes(simple_game4())
    out = tmp_path / "out.json"
    assert main(["convert", str(src), "--to", "tenhou6", "-o", str(out)]) == 0
    xml_log, json_log = read_log(src), read_log(out)
    assert json_log.source_format == "tenhou-json" and json_log.header.display == xml_log.header.display
    assert [(p.name, p.rank, p.rate, p.sex) for p in json_log.players] == [
        (p.name, p.rank, p.rate, p.sex) for p in xml_log.players]
    assert json_log.final == xml_log.final
    for a, b in zip(xml_log.rounds, json_log.rounds, strict=True):
        assert kinds(a.events) == kinds(b.events)
        assert (a.kyoku, a.honba, a.sticks, a.scores) == (b.kyoku, b.honba, b.sticks, b.scores)
    assert write_tenhou6(json_log) == json.loads(out.read_text(encoding="utf-8"))


# ---- malformed input: MalformedLogError naming the round and the position ---------------------


def bad(obj_or_bytes) -> MalformedLogError:
    data = obj_or_bytes if isinstance(obj_or_bytes, bytes) else json.dumps(obj_or_bytes, ensure_ascii=False).encode()
    with pytest.raises(MalformedLogError) as info:
        read_json_bytes(data, "x.json")
    assert info.value.source == "x.json"
    return info.value


def test_bad_json_text():
    err = bad(b'{"log": [[[0,0,0],\n [25000,')
    assert "not valid JSON" in err.reason and err.where.startswith("line 2, column")


def test_wrong_types():
    obj = game(rnd(CHI))
    obj["log"][0][1] = ["25000"] * 4
    assert bad(obj).where == "round 0 (East 1), scores"
    obj = game(rnd(CHI))
    obj["log"][0][5] = "15"
    assert bad(obj).where == "round 0 (East 1), seat 0 takes"
    assert bad({"log": {}}).where == "top level"
    assert bad({"log": [5]}).where == "round 0"


def test_unknown_call_string():
    script = [(0, "t", 15), (0, "d", 13), (1, "t", "x131214"), (1, "d", 11)]
    err = bad(game(rnd(script)))
    assert "unknown call string" in err.reason and err.where == "round 0 (East 1), seat 1 take 0"


@pytest.mark.parametrize("tile,where", [(48, "seat 0 take 0"), (10, "seat 0 take 0"), (True, "seat 0 take 0")])
def test_impossible_tiles(tile, where):
    err = bad(game(rnd([(0, "t", tile), (0, "d", 60)])))
    assert err.where == f"round 0 (East 1), {where}"


def test_red_five_without_red_fives_and_manzu_in_sanma():
    obj = game(rnd([(0, "t", 51), (0, "d", 60)]))
    obj["rule"] = {"disp": "鳳南喰", "aka53": 0, "aka52": 0, "aka51": 0}
    assert "red five" in bad(obj).reason
    obj = game(rnd([(0, "t", 15), (0, "d", 60)], hands=SANMA, scores=(35000, 35000, 35000, 0)), disp="三鳳南喰赤")
    err = bad(obj)
    assert "three-player" in err.reason and err.where == "round 0 (East 1), seat 0 take 0"


def test_call_with_no_matching_discard():
    script = [(0, "t", 15), (0, "d", 13), (1, "t", "c161718"), (1, "d", 11)]
    hands = [H0, [11, 12, 13, 14, 16, 17, 18, 19, 24, 26, 27, 28, 35], H2, H3]
    err = bad(game(rnd(script, hands=hands)))
    assert err.where == "round 0 (East 1), seat 1 take 0" and "call" in err.reason


def test_five_copies_of_a_tile():
    script = [(0, "t", 11), (0, "d", 60), (1, "t", 11), (1, "d", 60), (2, "t", 11), (2, "d", 60)]
    err = bad(game(rnd(script)))
    assert "copies" in err.reason and err.where == "round 0 (East 1), seat 2 take 0"


@pytest.mark.parametrize("result", [
    # ron off a seat that did not discard last
    ["和了", [8000, -8000, 0, 0], [0, 1, 0, "満貫8000点", "立直(1飜)", "清一色(6飜)"]],
    ["和了", [8000, 0, 0, -8000], [3, 3, 3, "満貫2000-4000点", "門前清自摸和(1飜)"]],  # tsumo after a discard
    ["九種九牌"],                                                                    # nine terminals after a discard
    ["和了", [1000, 0, 0, -1000], [0, 3, 0, "30符2飜1000点", "断幺九(1飜)"]],         # han that do not add up
])
def test_result_that_contradicts_the_play(result):
    err = bad(game(rnd(CHI, result=result)))
    assert err.where.startswith("round 0 (East 1), result")


def test_unknown_result_and_yaku_names():
    assert bad(game(rnd(CHI, result=["途中流局"]))).where == "round 0 (East 1), result"
    res = ["和了", [1000, 0, 0, -1000], [0, 3, 0, "30符1飜1000点", "謎役(1飜)"]]
    assert "unknown yaku" in bad(game(rnd(CHI, result=res))).reason


def test_json_logs_say_which_values_they_do_not_record():
    """tenhou.net/6 writes no fu at mangan and above and no tenpai at nagashi mangan; XML records both."""
    log = read(game(rnd(CHI)))
    assert log.unrecorded == {"limit_fu", "nagashi_tenpai"}
    assert read_log(simple_game4()).unrecorded == frozenset()
