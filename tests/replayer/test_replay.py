"""The replay on small hand-built logs (no corpus): wins scored and paid, draws paid, illegal moves found.

The logs are seedless (no SHUFFLE), so there is no wall check; they stop
before the game's end, so each replay carries one "truncated" warning.
"""

from __future__ import annotations

import pytest

from mjlog.findings import Finding, FindingKind, Severity
from mjlog.formats.reader import read_log
from mjlog.replayer import replay
from tests.support.replaybuild import (
    Tiles,
    agari,
    deal,
    discard,
    draw,
    game,
    init,
    live_wall,
    pinfu_tsumo_hand,
    ryuukyoku,
    tsumogiri_turns,
    turn,
)

K = FindingKind
START = (25000, 25000, 25000, 25000)
NOTEN = ("147m258p369s1357z", "258m369p147s2467z", "369m147p258s1234z", "147m258p369s5677z")
TENPAI = ("123m456p789s1122z", "234m567p345s3344z", "678m234p678s5566z", "789m789p123s456s7z")


def audit(data: bytes):
    return replay(read_log(data))


def errors(result):
    return [f for f in result.findings if f.severity is Severity.ERROR]


def lines(result):
    return [f.line() for f in result.findings]


def next_round(kyoku: int, honba: int, sticks: int, scores) -> str:
    """The start of the following hand (a fresh deal, no events): the log stops there."""
    t = Tiles()
    hands = deal(t, NOTEN)
    return init(hands, t.take("9m")[0], kyoku, honba, sticks, scores)


# ---- a tsumo win, scored and paid ------------------------------------------------------------

def test_a_tsumo_win_is_scored_and_paid_exactly():
    # pinfu tsumo, 20 fu 2 han: 700 from the dealer, 400 from each ko
    deltas = (-700, 1500, -400, -400)
    after = tuple(s + d for s, d in zip(START, deltas))
    result = audit(game(pinfu_tsumo_hand(deltas) + next_round(1, 0, 0, after)))
    assert [f.kind for f in result.findings] == [K.TRUNCATED], lines(result)
    rnd = result.rounds[0]
    (w,) = rnd.wins
    assert (w.who, w.from_who, w.tsumo, w.dealer, w.riichi, w.open_hand) == (1, 1, True, False, False, False)
    assert (w.value.fu, w.value.han, w.value.points, w.value.limit) == (20, 2, 1500, 0)
    assert w.value.yaku == ((0, 1), (7, 1))
    assert w.deltas == deltas
    assert rnd.end_scores == after and rnd.deltas == deltas
    assert result.rounds[1].start_scores == after


def test_a_tsumo_win_paid_wrongly_is_a_payment_mismatch():
    wrong = (-1000, 2000, -500, -500)               # paid as 30 fu
    result = audit(game(pinfu_tsumo_hand(wrong)))
    (f,) = errors(result)
    assert f.kind is K.PAYMENT and f.round_index == 0
    assert (f.recorded, f.derived) == ("-1000,2000,-500,-500", "-700,1500,-400,-400")


# ---- an exhaustive draw with noten payments --------------------------------------------------

def exhaustive_round(tenpai_seats, extra: str = "") -> tuple[str, list[list[int]], list[int]]:
    """East 1: every live tile drawn and thrown back; the seats in ``tenpai_seats`` are tenpai."""
    t = Tiles()
    hands = deal(t, [TENPAI[s] if s in tenpai_seats else NOTEN[s] for s in range(4)])
    live, dora, dead = live_wall(t)
    body = init(hands, dora) + tsumogiri_turns(live) + extra.format(dead=dead)
    return body, hands, dead


@pytest.mark.parametrize("tenpai, deltas", [
    ((0,), (3000, -1000, -1000, -1000)),
    ((1, 2), (-1500, 1500, 1500, -1500)),
    ((0, 1, 3), (1000, 1000, -3000, 1000)),
    ((), (0, 0, 0, 0)),
    ((0, 1, 2, 3), (0, 0, 0, 0)),
])
def test_an_exhaustive_draw_pays_noten_and_passes_the_deal_as_the_dealer_was_tenpai(tenpai, deltas):
    body, hands, _ = exhaustive_round(tenpai)
    body += ryuukyoku(START, deltas, {s: hands[s] for s in tenpai})
    after = tuple(s + d for s, d in zip(START, deltas))
    dealer_tenpai = 0 in tenpai
    body += next_round(0 if dealer_tenpai else 1, 1, 0, after)
    result = audit(game(body))
    assert [f.kind for f in result.findings] == [K.TRUNCATED], lines(result)
    draw_ = result.rounds[0].draw
    assert draw_.tenpai == tuple(s in tenpai for s in range(4))
    assert draw_.nagashi == (False,) * 4
    assert draw_.deltas == deltas
    assert result.rounds[0].end_scores == after


def test_noten_payments_that_differ_from_the_rules_are_a_payment_mismatch():
    body, hands, _ = exhaustive_round((0,))
    body += ryuukyoku(START, (3000, -3000, 0, 0), {0: hands[0]})
    result = audit(game(body))
    (f,) = errors(result)
    assert f.kind is K.PAYMENT and f.round_index == 0, lines(result)


def test_a_noten_hand_shown_as_tenpai_is_a_draw_mismatch():
    body, hands, _ = exhaustive_round(())
    body += ryuukyoku(START, (3000, -1000, -1000, -1000), {0: hands[0]})
    result = audit(game(body))
    kinds = {f.kind for f in errors(result)}
    assert K.DRAW in kinds and kinds <= {K.DRAW, K.PAYMENT}, lines(result)
    assert all(f.round_index == 0 for f in errors(result))


# ---- illegal moves ---------------------------------------------------------------------------

def test_a_discard_out_of_turn_is_an_illegal_action():
    t = Tiles()
    hands = deal(t, NOTEN)
    dora = t.take("9m")[0]
    a, b = t.take("1s2s")
    # seat 0 draws and discards, seat 1 draws, then seat 2 discards from its hand
    body = turn(0, a) + draw(1, b) + discard(2, hands[2][0])
    result = audit(game(init(hands, dora) + body))
    found = errors(result)
    assert found and all(f.kind is K.ILLEGAL_ACTION and f.round_index == 0 for f in found), lines(result)
    assert any("seat 2 discards out of turn" in f.message for f in found)
    assert found[0].event_index == 3


def test_a_draw_past_the_end_of_the_live_wall_is_an_illegal_action():
    # after the 70 live draws, seat 2 takes a dead-wall tile
    body, hands, dead = exhaustive_round((), extra="<V{dead[0]}/><F{dead[0]}/>")
    body += ryuukyoku(START, (0, 0, 0, 0))
    result = audit(game(body))
    found = errors(result)
    assert all(f.round_index == 0 for f in found), lines(result)
    hits = [f for f in found if f.kind is K.ILLEGAL_ACTION and "after the live wall is empty" in f.message]
    assert "replay stops here" in hits[0].message
    assert len(hits) == 1 and hits[0].event_index == 2 * 70, lines(result)   # events 0..139 are the live turns


def test_a_hand_with_thousands_of_draws_past_its_wall_stops_at_the_first_with_one_finding():
    """Work per hand is bounded: the replay does not go on through draws no wall can hold."""
    import time

    seats = "".join(f"<{'TUVW'[i % 4]}{dead}/><{'DEFG'[i % 4]}{dead}/>" for i, dead in enumerate([130] * 10000))
    body, hands, dead = exhaustive_round((), extra=seats)
    body += ryuukyoku(START, (0, 0, 0, 0))
    started = time.perf_counter()
    result = audit(game(body))
    assert time.perf_counter() - started < 10
    hits = [f for f in result.findings if "after the live wall is empty" in f.message]
    assert len(hits) == 1 and hits[0].event_index == 2 * 70, lines(result)
    later = [f for f in result.findings if f.event_index is not None and f.event_index > 2 * 70]
    assert later == [], lines(result)
    assert not result.rounds  # nothing derived after the stop


def test_a_findings_fields_past_its_kind_and_message_are_given_by_name():
    with pytest.raises(TypeError):
        Finding(FindingKind.POINTS, "points", "7700")      # type: ignore[misc]
    f = Finding(FindingKind.POINTS, "points", recorded="7700", derived="8000")
    assert (f.recorded, f.derived, f.severity) == ("7700", "8000", Severity.ERROR)


def test_findings_past_the_cap_are_counted_in_one_line():
    from mjlog.replayer import FINDINGS_LIMIT
    from tests.support.xmlbuild import simple_game4

    # each out-of-turn riichi declaration is a finding
    log = read_log(simple_game4('<REACH who="2" step="1"/>' * (FINDINGS_LIMIT + 20)))
    found = replay(log).findings
    assert len(found) == FINDINGS_LIMIT + 1
    last = found[-1]
    assert last.kind is K.OMITTED and last.severity is Severity.WARNING
    assert "more findings in this game are not listed" in last.message
    omitted = int(last.message.split()[0])
    assert omitted >= 20


def test_a_tile_seen_twice_is_an_illegal_action():
    t = Tiles()
    hands = deal(t, NOTEN)
    dora = t.take("9m")[0]
    body = turn(0, hands[1][0])        # seat 0 draws a tile that is in seat 1's hand
    result = audit(game(init(hands, dora) + body))
    assert any(f.kind is K.ILLEGAL_ACTION and "appears twice" in f.message for f in errors(result)), lines(result)


def test_a_win_without_yaku_is_an_illegal_action():
    t = Tiles()
    # seat 1: 123m 456m 789p 99p 13s, waiting on 2s only (kanchan): no pinfu, no tanyao, no yaku
    hands = deal(t, (NOTEN[0], "123m456m789p99p13s", NOTEN[1], NOTEN[2]))
    dora = t.take("3z")[0]
    a, b, win = t.take("9m"), t.take("5z"), t.take("2s")
    body = turn(0, a[0]) + turn(1, b[0]) + turn(2, win[0])
    body += agari(1, 2, sorted(hands[1] + win), win[0], 40, 1300, 0, None, [dora], START, (0, 1300, -1300, 0))
    result = audit(game(init(hands, dora) + body))
    found = errors(result)
    assert all(f.round_index == 0 for f in found), lines(result)
    assert any(f.kind is K.ILLEGAL_ACTION and "without a yaku" in f.message for f in found), lines(result)


def test_a_ron_on_a_tile_nobody_discarded_is_an_illegal_action():
    t = Tiles()
    hands = deal(t, (NOTEN[0], "123m456m789p99p13s", NOTEN[1], NOTEN[2]))
    dora = t.take("3z")[0]
    a, win = t.take("9m"), t.take("2s")
    # seat 0 discards 9m; seat 1 claims a ron on a 2s from seat 2, who has not discarded
    body = turn(0, a[0])
    body += agari(1, 2, sorted(hands[1] + win), win[0], 40, 1300, 0, None, [dora], START, (0, 1300, -1300, 0))
    result = audit(game(init(hands, dora) + body))
    assert any(f.kind is K.ILLEGAL_ACTION and "has no tile to win on" in f.message for f in errors(result)), \
        lines(result)


@pytest.mark.parametrize("change", ["seat not at the table", "tile id out of range"])
def test_a_hand_built_log_with_values_no_reader_gives_is_a_malformed_log_error_at_the_replay(change):
    """Regression (found by random mutation of hands): a seat 3 in a three-player game raised
    IndexError in the event methods; a tile id of 200, ValueError while wording a finding. The IR
    is now checked where it enters the replay, naming the hand and the event."""
    import dataclasses
    from pathlib import Path

    from mjlog.errors import MalformedLogError
    from mjlog.ir import Discard, Draw

    sample = Path(__file__).resolve().parents[2] / "data" / "sample"
    log = next(g for g in map(read_log, sorted(sample.glob("*.xml"))) if g.rules.players == 3)
    replay(log)  # as read: it enters the replay unchecked again
    rnd = log.rounds[1]
    i = next(k for k, e in enumerate(rnd.events) if type(e) in (Draw, Discard))
    ev = rnd.events[i]
    bad = dataclasses.replace(ev, seat=3) if change.startswith("seat") else dataclasses.replace(ev, tile=200)
    events = rnd.events[:i] + (bad,) + rnd.events[i + 1:]
    broken = dataclasses.replace(log, rounds=(log.rounds[0], dataclasses.replace(rnd, events=events), *log.rounds[2:]))
    with pytest.raises(MalformedLogError) as err:
        replay(broken)
    assert "round 1 (" in str(err.value) and f"event {i}" in str(err.value)
    assert ("seat" if change.startswith("seat") else "tile id") in str(err.value)


def test_an_internal_error_in_a_referee_raises_instead_of_becoming_a_finding(monkeypatch):
    """The IR is checked where it enters the replay, so an exception inside it is mjlog's bug."""
    from pathlib import Path

    import mjlog.rules.riichi.table as table

    log = read_log(sorted((Path(__file__).resolve().parents[2] / "data" / "sample").glob("*.xml"))[0])

    def broken(*args, **kwargs):
        raise KeyError("a coding error")

    monkeypatch.setattr(table, "play", broken)
    with pytest.raises(KeyError):
        replay(log)


def test_a_hand_built_log_with_legal_values_replays_like_the_log_it_was_built_from():
    import dataclasses
    from pathlib import Path

    sample = Path(__file__).resolve().parents[2] / "data" / "sample"
    log = read_log(sorted(sample.glob("*.xml"))[0])
    copy = dataclasses.replace(log, rounds=tuple(log.rounds))
    assert replay(copy).findings == replay(log).findings and replay(copy).final_scores == replay(log).final_scores


def _furiten_case(riichi: bool, own_discard_between: bool):
    """Seat 1 waits on 2s (123m456m789p99p13s). Seat 2 lets a 2s go by; seat 1 rons the next 2s.
    With ``own_discard_between`` seat 1 discards once between the two (which ends temporary
    furiten, not riichi furiten); with ``riichi`` seat 1 is in riichi before the first 2s."""
    t = Tiles()
    hands = deal(t, (NOTEN[0], "123m456m789p99p13s", NOTEN[1], NOTEN[2]))
    dora = t.take("3z")[0]
    first, second = t.take("2s")[0], t.take("2s")[0]
    filler = iter(t.take("5z6z7z1z9m9m8m"))
    body = turn(0, next(filler))
    if riichi:
        x = next(filler)
        body += draw(1, x) + '<REACH who="1" step="1"/>' + discard(1, x)
        body += '<REACH who="1" ten="250,240,250,250" step="2"/>'
    else:
        body += turn(1, next(filler))
    body += turn(2, first) + turn(3, next(filler))
    if own_discard_between:
        body += turn(0, next(filler)) + turn(1, next(filler)) + turn(2, second)
        frm = 2
    else:
        body += turn(0, second)
        frm = 0
    before = (25000, 24000, 25000, 25000) if riichi else START
    body += agari(1, frm, sorted(hands[1] + [second]), second, 40, 1300, 0, None, [dora], before, (0, 1300, 0, 0))
    return audit(game(init(hands, dora) + body))


@pytest.mark.parametrize("riichi, own_discard_between, furiten", [
    (False, False, "temporary furiten"),   # a 2s passed since seat 1's last discard
    (False, True, None),                   # seat 1 discarded since: temporary furiten is over
    (True, True, "riichi furiten"),        # in riichi, a passed 2s counts however long ago
])
def test_a_ron_after_a_winning_tile_went_by_is_furiten_as_long_as_the_rules_say(riichi, own_discard_between,
                                                                                furiten):
    found = [f.message for f in _furiten_case(riichi, own_discard_between).findings if "furiten" in f.message]
    assert found == ([f"seat 1 wins by ron in {furiten} (a winning tile passed)"] if furiten else [])
