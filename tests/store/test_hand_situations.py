"""The store's situation tables beyond the riichi declarations (``win_situations``, ``draw_tenpai``,
``calls``, and ``riichi_declarations.dama_able``) on hands built so that every situation is known,
and on the sample games against the tables they must agree with."""

from __future__ import annotations

from tests.support.paths import SAMPLE
from tests.support.replaybuild import (Tiles, agari, call, deal, discard, draw, game, init, live_wall, ryuukyoku,
                                       tsumogiri_turns, turn)

from mjlog.store.rows import build_chunk, build_chunk_from_bytes


def _riichi(seat: int, tile: int, after: str) -> str:
    return draw(seat, tile) + f'<REACH who="{seat}" step="1"/>' + discard(seat, tile) + \
        f'<REACH who="{seat}" ten="{after}" step="2"/>'


def _chasing_bad_riichi_deals_in_to_a_dama_hand() -> bytes:
    """Seat 0 declares first on 1s-4s (pinfu without riichi: dama-able); seat 1 chases on 8m alone (no
    yaku without riichi) and deals the 5s into seat 2's closed tanyao pinfu, which never declared."""
    t = Tiles()
    hands = deal(t, ("123m456m789p23s55p", "123p456p789s11z79m", "234m678m678p66p34s", "169m179p169s2244z"))
    dora = t.take("1z")[0]
    body = "".join(turn(s, x) for s, x in enumerate(t.take("6z6z6z6z")))
    west = iter(t.take("3z3z3z3z"))
    body += _riichi(0, next(west), "240,250,250,250") + _riichi(1, next(west), "240,240,250,250")
    body += turn(2, next(west)) + turn(3, next(west)) + turn(0, t.take("7z")[0])
    five = t.take("5s")[0]
    body += draw(1, five) + discard(1, five)
    body += agari(2, 1, sorted(hands[2] + [five]), five, 30, 2000, 0, [7, 1, 8, 1], [dora],
                  (24000, 24000, 25000, 25000), (0, -2000, 4000, 0), ba=(0, 2))
    return game(init(hands, dora) + body)


def _yakuhai_pon_then_open_tenpai_at_the_draw() -> bytes:
    """The dealer (seat 1) throws a White; seat 2 pons it as its first call and waits on 8s alone to
    the end of the wall; nobody else is tenpai."""
    t = Tiles()
    hands = deal(t, ("369m147p258s1236z", "5z147m258p369s147z", "55z234m567p345s89s", "258m369p147s2347z"))
    first = t.take("9p")[0]
    live, dora, _ = live_wall(t, count=69)
    white = hands[1][0]
    pon = sorted([white, *(x for x in hands[2] if x >> 2 == 31)])
    nine = next(x for x in hands[2] if x >> 2 == 26)
    body = draw(1, first) + discard(1, white) + call(2, "pon", pon, called=white, from_seat=1) + discard(2, nine)
    body += tsumogiri_turns(live, first=3)
    left = sorted(x for x in hands[2] if x >> 2 != 31 and x != nine)
    body += ryuukyoku((25000,) * 4, (-1000, -1000, 3000, -1000), shown={2: left})
    return game(init(hands, dora, kyoku=1) + body)


def _only_truncated(chunk) -> bool:
    """The replay agrees with every value of the built hand: its one finding is that the log holds one
    hand of a game."""
    return [f["kind"] for f in chunk.tables["findings"].to_pylist()] == ["truncated"]


def _table(chunk, name):
    return sorted(chunk.tables[name].to_pylist(), key=lambda r: (r["event_index"], r["seat"]))


def _without_game(row):
    return {k: v for k, v in row.items() if k != "game_id"}


def test_a_dama_win_on_a_chasing_bad_riichis_deal_in_is_stored_with_both_styles():
    chunk = build_chunk_from_bytes([("chase.xml", _chasing_bad_riichi_deals_in_to_a_dama_hand())])
    assert _only_truncated(chunk)
    (win,) = _table(chunk, "win_situations")
    assert _without_game(win) == {
        "round_index": 0, "event_index": win["event_index"], "seat": 2, "turn": 2, "style": "dama", "tsumo": False,
        "deal_in_seat": 1, "deal_in_turn": 3, "deal_in_style": "riichi", "points": 2000}
    first, chasing = _table(chunk, "riichi_declarations")
    assert (first["chasing"], first["good_shape"], first["dama_able"], first["outcome"]) == (False, True, True, "other")
    assert (chasing["chasing"], chasing["wait_kinds"], chasing["good_shape"], chasing["dama_able"],
            chasing["outcome"]) == (True, [7], False, False, "dealt_in")
    assert _table(chunk, "calls") == [] and _table(chunk, "draw_tenpai") == []


def test_a_yakuhai_pon_as_first_call_and_an_open_tenpai_at_the_draw_are_stored():
    chunk = build_chunk_from_bytes([("pon.xml", _yakuhai_pon_then_open_tenpai_at_the_draw())])
    assert _only_truncated(chunk)
    (pon,) = _table(chunk, "calls")
    assert _without_game(pon) == {
        "round_index": 0, "event_index": 2, "seat": 2, "kind": "pon", "turn": 1, "tile_kind": 31, "from_seat": 1,
        "first_call": True, "first_call_reason": "yakuhai_pon", "riichi": False}
    seats = _table(chunk, "draw_tenpai")
    assert [(r["seat"], r["tenpai"], r["style"], r["wait_kinds"]) for r in seats] == [
        (0, False, "dama", None), (1, False, "dama", None), (2, True, "open", [25]), (3, False, "dama", None)]
    assert _table(chunk, "win_situations") == []


def test_the_sample_games_situations_agree_with_the_wins_draws_and_rounds():
    chunk = build_chunk(sorted(str(p) for p in SAMPLE.glob("*.xml")))
    t = {name: chunk.tables[name].to_pylist() for name in ("wins", "win_situations", "draws", "draw_tenpai",
                                                             "calls", "rounds")}
    wins = {(w["game_id"], w["round_index"], w["event_index"]): w for w in t["wins"]}
    assert len(t["win_situations"]) == len(wins) > 50
    for s in t["win_situations"]:
        w = wins[s["game_id"], s["round_index"], s["event_index"]]
        assert s["style"] == ("riichi" if w["riichi"] else "open" if w["open_hand"] else "dama"), (s, w)
        assert (s["seat"], s["tsumo"], s["deal_in_seat"]) == (w["seat"], w["tsumo"], w["deal_in_seat"])
        assert s["points"] == w["points"] and s["turn"] >= 0
    tenpai = {(r["game_id"], r["round_index"], r["seat"]) for r in t["draw_tenpai"] if r["tenpai"]}
    ends = [d for d in t["draws"] if not d["abortive"]]
    assert len(t["draw_tenpai"]) == sum(4 if len(d["derived_deltas"]) == 4 else 3 for d in ends) > 0
    assert tenpai == {(d["game_id"], d["round_index"], s) for d in ends for s in d["tenpai_seats"]}
    assert {r["style"] for r in t["draw_tenpai"] if r["tenpai"]} == {"riichi", "open", "dama"}
    opening = [c for c in t["calls"] if c["kind"] in ("chi", "pon", "daiminkan")]
    assert len(opening) == sum(r["n_calls"] for r in t["rounds"])
    assert all(c["first_call"] == (c is _first(opening, c)) for c in opening)
    assert any(c["first_call_reason"] == "yakuhai_pon" for c in opening)
    assert any(c["kind"] == "kita" and not c["first_call"] for c in t["calls"])


def _first(opening, call):
    """The first opening call of the call's seat in its hand."""
    return next(c for c in opening if (c["game_id"], c["round_index"], c["seat"]) ==
                (call["game_id"], call["round_index"], call["seat"]))
