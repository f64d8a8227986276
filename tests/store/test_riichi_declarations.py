"""The store's ``riichi_declarations``: one row per riichi declared, with its situation (turn, first
or chasing, wait and live copies, shape, outcome), on a hand-built log and on the sample games."""

from __future__ import annotations

from tests.support.paths import SAMPLE
from tests.support.replaybuild import Tiles, agari, deal, discard, draw, game, init, turn

from mjlog.store.rows import build_chunk, build_chunk_from_bytes


def _riichi(seat: int, tile: int, before: str) -> str:
    return draw(seat, tile) + f'<REACH who="{seat}" step="1"/>' + discard(seat, tile) + \
        f'<REACH who="{seat}" ten="{before}" step="2"/>'


def _first_good_then_chasing_bad_that_deals_in() -> bytes:
    """Seat 0 declares first on 1s-4s (good); seat 1 chases on 8m alone (bad) and deals in the 4s.
    The dora indicator and seat 2's river show two 8m; seat 2's hand holds another, unseen."""
    t = Tiles()
    hands = deal(t, ("123m456m789p23s55z", "123p456p789s11z79m", "8m8m1p1p2s6s7s9s3z3z4z4z9p",
                     "2p5p5p9m9m2z2z6z6z7z7z3s3s"))
    dora = t.take("8m")[0]
    honours = iter(t.take("1z1z2z2z3z3z4z4z"))
    body = turn(0, next(honours)) + turn(1, next(honours)) + draw(2, t.take("5s")[0]) + discard(2, hands[2][0])
    body += turn(3, next(honours))
    body += _riichi(0, next(honours), "240,250,250,250") + _riichi(1, next(honours), "240,240,250,250")
    body += turn(2, next(honours)) + turn(3, next(honours)) + turn(0, next(honours))
    four = t.take("4s")[0]
    body += draw(1, four) + discard(1, four)
    won = sorted(hands[0] + [four])
    body += agari(0, 1, won, four, 40, 2000, 0, [1, 1, 53, 0], [dora], (24000, 24000, 25000, 25000),
                  (4000, -2000, 0, 0), ba=(0, 2), ura=[t.take("5z")[0]])
    return game(init(hands, dora) + body)


def _rows(chunk):
    rows = chunk.tables["riichi_declarations"].to_pylist()
    return sorted(rows, key=lambda r: r["event_index"])


def test_each_riichi_declaration_is_stored_with_its_turn_wait_shape_and_outcome():
    chunk = build_chunk_from_bytes([("built.xml", _first_good_then_chasing_bad_that_deals_in())])
    first, chasing = _rows(chunk)
    assert {k: first[k] for k in first if k != "game_id"} == {
        "round_index": 0, "event_index": first["event_index"], "seat": 0, "turn": 2, "riichi_before": 0,
        "chasing": False, "wait_kinds": [18, 21], "wait_live": [4, 4], "live_total": 8, "good_shape": True,
        "dama_able": False,
        "outcome": "won", "score_delta": 4000}
    assert {k: chasing[k] for k in chasing if k != "game_id"} == {
        "round_index": 0, "event_index": chasing["event_index"], "seat": 1, "turn": 2, "riichi_before": 1,
        "chasing": True, "wait_kinds": [7], "wait_live": [2], "live_total": 2, "good_shape": False, "dama_able": False,
        "outcome": "dealt_in", "score_delta": -2000}
    rounds = chunk.tables["rounds"].to_pylist()
    assert rounds[0]["n_riichi_declared"] == 2


def test_the_sample_games_store_one_declaration_row_per_riichi_declared():
    paths = sorted(str(p) for p in SAMPLE.glob("*.xml"))
    chunk = build_chunk(paths)
    rows = chunk.tables["riichi_declarations"].to_pylist()
    rounds = chunk.tables["rounds"].to_pylist()
    assert len(rows) == sum(r["n_riichi_declared"] for r in rounds) > 50
    per_round: dict[tuple[str, int], int] = {}
    for r in rows:
        per_round[r["game_id"], r["round_index"]] = per_round.get((r["game_id"], r["round_index"]), 0) + 1
    assert all(per_round.get((r["game_id"], r["round_index"]), 0) == r["n_riichi_declared"] for r in rounds)
    for r in rows:
        assert r["outcome"] in ("won", "dealt_in", "drawn", "other")
        assert r["chasing"] == (r["riichi_before"] > 0)
        assert r["wait_kinds"], r                                  # Tenhou takes riichi only in tenpai
        assert r["good_shape"] == (len(r["wait_kinds"]) >= 2)
        assert r["live_total"] == sum(r["wait_live"]) and all(0 <= x <= 4 for x in r["wait_live"])
    outcomes = {o: sum(r["outcome"] == o for r in rows) for o in ("won", "dealt_in", "drawn", "other")}
    assert all(outcomes.values()), outcomes
    wins = chunk.tables["wins"].to_pylist()
    riichi_wins = sum(1 for w in wins if w["riichi"])
    assert outcomes["won"] == riichi_wins
