"""Tenhou's stated rules (seed 002, first section; its three-player notes) on small hand-built logs.

Each test is named after the rule's behaviour and listed in ``docs/rules-conformance.md``
under the rule's id (``T-22`` is rule 22 of the first section, ``T3-8`` rule 8 of the
three-player notes). The logs are seedless (no wall check) and stop before the game's end,
so a clean replay carries one "truncated" warning only.
"""

from __future__ import annotations

from mjlog.findings import FindingKind, Severity
from mjlog.formats.reader import read_log
from mjlog.replayer import replay
from tests.support.replaybuild import (
    Tiles,
    agari,
    call,
    call_code,
    deal,
    discard,
    draw,
    game,
    init,
    live_wall,
    ryuukyoku,
    tsumogiri_turns,
    turn,
)

K = FindingKind
START = (25000, 25000, 25000, 25000)
NOTEN = ("147m258p369s1357z", "258m369p147s2467z", "369m147p258s1234z", "147m258p369s5677z")


def audit(data: bytes):
    return replay(read_log(data))


def lines(result):
    return [f.line() for f in result.findings]


def errors(result):
    return [f for f in result.findings if f.severity is Severity.ERROR]


def after(deltas, before=START):
    return tuple(s + d for s, d in zip(before, deltas))


def next_round(kyoku: int, honba: int, sticks: int, scores) -> str:
    """The start of the following hand (a fresh deal, no events): the log stops there."""
    t = Tiles()
    return init(deal(t, NOTEN), t.take("9m")[0], kyoku, honba, sticks, scores)


# ---- T-22: tenpai at an exhaustive draw ------------------------------------------------------

def test_a_wait_whose_other_copies_are_in_the_players_own_pon_is_tenpai_at_the_draw():
    """Seat 1 pons 2p and waits on the fourth 2p alone (123m456m789m 2p + pon 222p): karaten,
    but the copies are in its own call, so Tenhou counts it tenpai (rule 22)."""
    t = Tiles()
    hands = deal(t, ("147m69p369s1357z2p", "123m456m789m22p2p7z", NOTEN[1], NOTEN[2]))
    pon = [hands[1][9], hands[1][10], hands[0][-1]]
    live, dora, _ = live_wall(t)
    body = init(hands, dora) + turn(0, live[0], out=hands[0][-1])
    body += call(1, "pon", sorted(pon), called=hands[0][-1], from_seat=0) + discard(1, hands[1][12])
    body += tsumogiri_turns(live[1:], first=2)
    concealed = hands[1][:9] + [hands[1][11]]
    deltas = (-1000, 3000, -1000, -1000)
    body += ryuukyoku(START, deltas, {1: concealed}) + next_round(1, 1, 0, after(deltas))
    result = audit(game(body))
    assert [f.kind for f in result.findings] == [K.TRUNCATED], lines(result)
    assert result.rounds[0].draw.tenpai == (False, True, False, False)


def test_a_wait_whose_copies_are_all_in_the_concealed_hand_is_not_tenpai_at_the_draw():
    """Seat 1 holds 2222p and nothing else completes (123m456m789m 2222p): not tenpai (rule 22)."""
    t = Tiles()
    hands = deal(t, ("147m69p369s1357z9m", "123m456m789m2222p", NOTEN[1], NOTEN[2]))
    live, dora, _ = live_wall(t)
    body = init(hands, dora) + tsumogiri_turns(live)
    deltas = (0, 0, 0, 0)
    body += ryuukyoku(START, deltas) + next_round(1, 1, 0, after(deltas))
    result = audit(game(body))
    assert [f.kind for f in result.findings] == [K.TRUNCATED], lines(result)
    assert result.rounds[0].draw.tenpai == (False,) * 4


# ---- T-25: riichi ----------------------------------------------------------------------------

def riichi_after_closed_kan(hand: str, drawn: str, kan_kind: int) -> bytes:
    """Seat 1 (``hand``) draws ``drawn``, makes a closed kan of the four ``kan_kind`` tiles it holds,
    then on its next turn declares riichi; the log stops after the riichi deposit."""
    t = Tiles()
    hands = deal(t, ("258m369p147s2467z", hand, "369m147p258s1234z", "147m369p369s5677z"))
    dora, kan_dora = t.take("9m9m")
    pair = t.take(drawn)[0]
    a, x, b, c, e, y = t.take("7z5z5z5z6z6z")
    kan = sorted(tile for tile in hands[1] if tile >> 2 == kan_kind)
    body = init(hands, dora) + turn(0, a) + draw(1, pair) + call(1, "ankan", kan) + f'<DORA hai="{kan_dora}"/>'
    body += turn(1, x) + turn(2, b) + turn(3, c) + turn(0, e)
    body += draw(1, y) + '<REACH who="1" step="1"/>' + discard(1, y) + '<REACH who="1" ten="250,240,250,250" step="2"/>'
    return game(body)


def test_a_riichi_whose_wait_is_all_in_the_players_own_closed_kan_is_allowed():
    """Seat 1: closed kan 5555p, 46p 123m 789m 11z: it waits on 5p alone, and every 5p is in its own
    closed kan; Tenhou allows that riichi (rule 25)."""
    result = audit(riichi_after_closed_kan("555p0p46p123m789m1z", "1z", kan_kind=13))
    assert [f.kind for f in result.findings] == [K.TRUNCATED], lines(result)


def test_a_riichi_whose_wait_is_all_in_the_concealed_hand_is_refused():
    """Seat 1: closed kan 5555p, 123m 789m 2222p: it waits on nothing but a fifth 2p: no riichi."""
    result = audit(riichi_after_closed_kan("555p0p123m789m222p", "2p", kan_kind=13))
    assert any("declares riichi without being tenpai" in f.message for f in errors(result)), lines(result)


# ---- T-20: pao ---------------------------------------------------------------------------------

def test_on_a_pao_ron_the_liable_seat_pays_the_honba():
    """East 1, honba 1: seat 1 pons 5z from seat 0, 6z from seat 2, then 7z from seat 3 (liable),
    and wins big three dragons by ron on seat 2's 9p. The discarder and the liable seat pay half
    each, and the honba is the liable seat's (rule 20: 本場費由包牌者支付)."""
    t = Tiles()
    hands = deal(t, ("147m258p369s1235z", "55z66z77z123m9p1s2s3s", "258m369p147s2346z", "369m147p258s1237z"))
    dora = t.take("9m")[0]
    a, b, c, d = t.take("4z4z4z1p")
    win = t.take("9p")[0]
    white, green, red = (next(x for x in hands[s] if x >> 2 == k) for s, k in ((0, 31), (2, 32), (3, 33)))
    pons = [sorted([white, *hands[1][0:2]]), sorted([green, *hands[1][2:4]]), sorted([red, *hands[1][4:6]])]
    x1, x2, x3 = hands[1][10:13]
    body = init(hands, dora, honba=1) + turn(0, a, out=white)
    body += call(1, "pon", pons[0], called=white, from_seat=0) + discard(1, x1)
    body += turn(2, b, out=green) + call(1, "pon", pons[1], called=green, from_seat=2) + discard(1, x2)
    body += turn(2, c) + turn(3, d, out=red) + call(1, "pon", pons[2], called=red, from_seat=3) + discard(1, x3)
    body += turn(2, win)
    deltas = (0, 32300, -16000, -16300)
    m = [call_code(1, "pon", p, called=q, from_seat=f) for p, q, f in zip(pons, (white, green, red), (0, 2, 3))]
    body += agari(1, 2, sorted(hands[1][6:10] + [win]), win, 40, 32000, 5, None, [dora], START, deltas,
                  ba=(1, 0), m=m, yakuman=[39], pao=3)
    body += next_round(1, 0, 0, after(deltas))
    result = audit(game(body))
    assert [f.kind for f in result.findings] == [K.TRUNCATED], lines(result)
    assert result.rounds[0].wins[0].deltas == deltas


# ---- T-15, T-16: abortive draws the log must not skip ------------------------------------------

TENPAI = ("123m456p789s1122z", "234m567p345s3344z", "678m234p678s5566z", "789m789p123s456s7z")


def goes_on_after(result, what: str) -> list[str]:
    return [f.message for f in errors(result) if f.kind is K.ILLEGAL_ACTION and f"after {what}" in f.message]


def test_play_that_goes_on_after_four_winds_on_the_first_go_around_is_an_error():
    """Every seat's first discard is East, no call between: the hand aborts (rule 15, 四風連打)."""
    t = Tiles()
    hands = deal(t, ("147m258p369s1357z", "258m369p147s1467z", "369m147p258s1234z", "147m258p369s1567z"))
    dora = t.take("9m")[0]
    easts = [next(x for x in hands[s] if x >> 2 == 27) for s in range(4)]
    fillers = t.take("8m8m8m9p9p")
    body = init(hands, dora) + "".join(turn(s, fillers[s], out=easts[s]) for s in range(4)) + turn(0, fillers[4])
    result = audit(game(body))
    assert goes_on_after(result, "four winds") == [
        "seat 0 draws after four winds: the rules abort the hand there (kaze4)"], lines(result)


def riichi(seat: int, tile: int, scores_after) -> str:
    """A riichi declared with a tsumogiri of ``tile`` and accepted."""
    ten = ",".join(str(s // 100) for s in scores_after)
    return (draw(seat, tile) + f'<REACH who="{seat}" step="1"/>' + discard(seat, tile)
            + f'<REACH who="{seat}" ten="{ten}" step="2"/>')


def test_play_that_goes_on_after_a_fourth_riichi_is_an_error():
    """Four seats in riichi: the hand aborts once the fourth riichi stands (rule 15, 四家立直)."""
    t = Tiles()
    hands = deal(t, TENPAI)
    dora = t.take("9m")[0]
    tiles = t.take("9p1p9s1m1m")
    scores = list(START)
    body = init(hands, dora)
    for s in range(4):
        scores[s] -= 1000
        body += riichi(s, tiles[s], scores)
    body += turn(0, tiles[4])
    result = audit(game(body))
    assert goes_on_after(result, "four riichi") == [
        "seat 0 draws after four riichi: the rules abort the hand there (reach4)"], lines(result)


def closed_kans(t: Tiles, seat: int, hand: list[int], first: int, kinds: list[int], replacements: list[int]) -> str:
    """Seat ``seat`` draws ``first``, then makes a closed kan of each kind in ``kinds`` (from the tiles
    it then holds), each followed by a new dora and the next replacement draw; it discards the last."""
    held = set(hand) | {first}
    body = draw(seat, first)
    for kind, replacement in zip(kinds, replacements):
        quad = sorted(x for x in held if x >> 2 == kind)
        held -= set(quad)
        body += call(seat, "ankan", quad) + f'<DORA hai="{t.claim(t.rest()[:1])[0]}"/>' + draw(seat, replacement)
        held.add(replacement)
    return body + discard(seat, replacements[-1])


def test_play_that_goes_on_after_four_kans_by_two_players_is_an_error():
    """Seats 0 and 1 make two closed kans each; the fourth kan's discard passes: the hand aborts
    (rule 16, 四槓散了)."""
    t = Tiles()
    hands = deal(t, ("1111m2222m369s5z7z", "1111p2222p147s6z7z", "369m369p258s1234z", "58m58p58s369s2z3z4z6z"))
    dora = t.take("9p")[0]
    a, b, c, *replacements = t.take("8m8m8m7p7p7p7p")
    body = init(hands, dora) + closed_kans(t, 0, hands[0], a, [0, 1], replacements[:2])
    body += closed_kans(t, 1, hands[1], b, [9, 10], replacements[2:]) + turn(2, c)
    result = audit(game(body))
    assert goes_on_after(result, "four kans") == [
        "seat 2 draws after four kans: the rules abort the hand there (kan4)"], lines(result)


def test_after_four_kans_by_one_player_play_goes_on_but_nobody_may_make_a_fifth():
    """Seat 0 makes four closed kans: no abort (rule 16), but seat 1's closed kan is a fifth."""
    t = Tiles()
    hands = deal(t, ("1111m2222m3333m5z", "1111p258s369s1z2z3z", "258p369p147s4z5z6z7z", "47p147s258s6z7z1z9m9m"))
    dora = t.take("9p")[0]
    fours = t.take("4m4m4m4m")
    last, b = t.take("7s7s")
    body = init(hands, dora) + closed_kans(t, 0, hands[0], fours[0], [0, 1, 2, 3], fours[1:] + [last])
    body += draw(1, b) + call(1, "ankan", sorted(x for x in hands[1] if x >> 2 == 9))
    result = audit(game(body))
    assert goes_on_after(result, "four kans") == [], lines(result)
    assert [f.message for f in errors(result) if "fifth kan" in f.message] == [
        "seat 1 makes a fifth kan (no kan is allowed once four are made)"], lines(result)


# ---- T3-8: kita after a pon ----------------------------------------------------------------------

def kita_right_after_pon() -> bytes:
    """Three players: seat 1 pons seat 0's 7z and sets a North aside before discarding."""
    t = Tiles()
    hands = deal(t, ("19m147p258s12357z", "77z4z19m369p369s12z", "19m258p147s23566z"))
    dora = t.take("9p")[0]
    a, replacement = t.take("1p1s")
    red = next(x for x in hands[0] if x >> 2 == 33)
    north = next(x for x in hands[1] if x >> 2 == 30)
    pon = sorted([red, *(x for x in hands[1] if x >> 2 == 33)])
    body = init(hands, dora, scores=(35000,) * 3) + turn(0, a, out=red) + call(1, "pon", pon, called=red, from_seat=0)
    body += call(1, "kita", [north]) + draw(1, replacement) + discard(1, replacement)
    return game(body, go=185)


def test_setting_north_aside_right_after_a_pon_is_refused_unless_the_knob_allows_it():
    """Tenhou's three-player rule 8: 碰牌後不能立刻拔北 (kita only from the next turn on)."""
    import dataclasses

    log = read_log(kita_right_after_pon())
    assert log.rules.players == 3 and not log.rules.kita_after_pon
    refused = [f.message for f in errors(replay(log))]
    assert refused == ["seat 1 sets a North aside (kita) right after a pon, before its discard "
                       "(the rules allow it only after a draw)"], refused
    allowed = replay(dataclasses.replace(log, rules=log.rules.replace(kita_after_pon=True)))
    assert [f.kind for f in allowed.findings] == [K.TRUNCATED], lines(allowed)


# ---- T-21: no pao for four kans ------------------------------------------------------------------

def test_the_pao_knob_says_it_covers_big_three_dragons_and_big_four_winds_and_not_four_kans():
    """Rule 21: 四杠子、大明杠嶺上開花無需包牌; the knob's text (``mjlog rules show``) says what the code does."""
    from mjlog.rules.riichi.ruleset import KNOB_DOCS
    from mjlog.rules.riichi.settlement import PAO_YAKUMAN

    text = KNOB_DOCS["pao"]
    assert "big three dragons" in text and "big four winds" in text
    assert "or four kans" not in text and "not four kans" in text
    assert set(PAO_YAKUMAN) == {39, 49}   # daisangen, daisuushii: suukantsu (51) is not liable


# ---- the first hand: TAIKYOKU's first dealer ---------------------------------------------------

def test_a_first_dealer_that_differs_from_the_first_hands_dealer_is_an_error():
    """TAIKYOKU oya names the first dealer; East 1's dealer (INIT oya, seat 0 here) must be that seat."""
    t = Tiles()
    hands = deal(t, NOTEN)
    body = init(hands, t.take("9m")[0]) + turn(0, t.take("9p")[0])
    as_recorded = audit(game(body))
    assert [f.kind for f in as_recorded.findings] == [K.TRUNCATED], lines(as_recorded)
    moved = audit(game(body).replace(b'<TAIKYOKU oya="0"/>', b'<TAIKYOKU oya="2"/>'))
    assert [(f.kind, f.recorded, f.derived) for f in errors(moved)] == [(K.FLOW, "2", "0")], lines(moved)



# ---- T-23 and T-28: riichi's conditions, and a closed kan in riichi -----------------------------

def riichi_by_seat_1(hand: str, scores=START, fourth: str | None = None) -> bytes:
    """Seat 1 (``hand``) draws a 9s and throws it with a riichi; with ``fourth``, the others throw 3z
    and seat 1 draws ``fourth`` and makes a closed kan of the four it then holds."""
    t = Tiles()
    hands = deal(t, ("258m369p147s2467z", hand, "369m147p258s1234z", "147m369p369s5677z"))
    dora, kan_dora = t.take("9m9m")
    a, y = t.take("9s9s")
    deposit = ",".join(str((s - (1000 if i == 1 else 0)) // 100) for i, s in enumerate(scores))
    body = init(hands, dora, scores=scores) + turn(0, a)
    body += draw(1, y) + '<REACH who="1" step="1"/>' + discard(1, y) + f'<REACH who="1" ten="{deposit}" step="2"/>'
    if fourth is not None:
        b, c, e = t.take("3z3z3z")
        drawn = t.take(fourth)[0]
        kan = sorted([x for x in hands[1] if x >> 2 == drawn >> 2] + [drawn])
        body += turn(2, b) + turn(3, c) + turn(0, e) + draw(1, drawn) + call(1, "ankan", kan)
        body += f'<DORA hai="{kan_dora}"/>'
    return game(body)


def test_a_riichi_with_fewer_than_1000_points_is_refused():
    """Rule 23: no riichi below 1,000 points (seat 1 holds 900)."""
    result = audit(riichi_by_seat_1("123m456m789m123p1z", scores=(25000, 900, 25000, 49100)))
    assert any("declares riichi with 900 points" in f.message for f in errors(result)), lines(result)


def test_a_closed_kan_in_riichi_that_changes_the_waits_is_refused():
    """Rule 28: seat 1 in riichi on 123m456m789m 5556p (waits 4p, 6p, 7p) draws the fourth 5p; a
    closed kan of 5555p would leave the 6p wait alone, so it may not make it."""
    result = audit(riichi_by_seat_1("123m456m789m550p6p", fourth="5p"))
    assert any("closed kan that changes its waits" in f.message for f in errors(result)), lines(result)
    clean = audit(riichi_by_seat_1("123m456m789m550p1z", fourth="5p"))  # 555p + 1z tanki: the kan keeps it
    assert not errors(clean), lines(clean)


# ---- T3-9, T3-10, T3-11: kita as a call, robbed, and no discard ------------------------------------

SANMA_START = (35000, 35000, 35000)
AFTER_RIICHI = (35000, 34000, 35000)


def riichi_ron_in_the_first_go_around(kita_by: int | None, yaku: list[int], points: int) -> bytes:
    """Three players: seat 1 (123p 456p 789s 55z 77z) declares riichi on its first draw and rons seat 2's 7z
    on the same go-around; seat 0 sets a North aside before the riichi, or seat 2 after it, or nobody."""
    t = Tiles()
    hands = deal(t, ("19m147p258s12346z", "123p456p789s5577z", "19m258p147s23566z"))
    dora = t.take("9s")[0]
    a, replacement, y, north, chun = t.take("1p9p8s4z7z")
    north0 = next(x for x in hands[0] if x >> 2 == 30)
    body = init(hands, dora, scores=SANMA_START) + draw(0, a)
    if kita_by == 0:
        body += call(0, "kita", [north0]) + draw(0, replacement)
    body += discard(0, a) + riichi(1, y, AFTER_RIICHI)
    body += draw(2, north) + call(2, "kita", [north]) + draw(2, chun) if kita_by == 2 else draw(2, chun)
    body += discard(2, chun)
    body += agari(1, 2, sorted([*hands[1], chun]), chun, 40, points, int(points == 8000), yaku, [dora], (*AFTER_RIICHI, 0),
                  (0, points + 1000, -points, 0), ba=(0, 1), ura=[t.take("9m")[0]])
    return game(body, go=185)


def test_a_kita_ends_the_first_go_around_for_double_riichi_and_ends_ippatsu():
    """Three-player rule 9: 拔北 counts as a call for ippatsu and double riichi (and heavenly and earthly
    wins and nine terminals, which the same uninterrupted first go-around decides)."""
    nobody = audit(riichi_ron_in_the_first_go_around(None, [21, 2, 2, 1, 20, 1, 53, 0], 8000))
    assert [f.kind for f in nobody.findings] == [K.TRUNCATED], lines(nobody)
    before = audit(riichi_ron_in_the_first_go_around(0, [1, 1, 2, 1, 20, 1, 53, 0], 5200))
    assert [f.kind for f in before.findings] == [K.TRUNCATED], lines(before)
    after_riichi = audit(riichi_ron_in_the_first_go_around(2, [21, 2, 20, 1, 53, 0], 5200))
    assert [f.kind for f in after_riichi.findings] == [K.TRUNCATED], lines(after_riichi)
    as_if_no_kita = audit(riichi_ron_in_the_first_go_around(0, [21, 2, 2, 1, 20, 1, 53, 0], 8000))
    assert K.YAKU in {f.kind for f in errors(as_if_no_kita)}, lines(as_if_no_kita)


def test_a_ron_on_a_kita_is_no_robbed_kan_keeps_ippatsu_and_gives_the_winner_no_north_dora():
    """Three-player rule 10: a player waiting on North may ron the North set aside; the kita does not stand,
    breaks no ippatsu and is no North dora for the winner (and, on Tenhou, no 搶槓)."""
    t = Tiles()
    hands = deal(t, ("19m147p258s12356z", "123p456p789s777z4z", "19m258p147s23566z"))
    dora = t.take("9s")[0]
    a, y, north = t.take("1p8s4z")
    body = init(hands, dora, scores=SANMA_START) + turn(0, a) + riichi(1, y, AFTER_RIICHI)
    body += draw(2, north) + call(2, "kita", [north])
    body += agari(1, 2, sorted([*hands[1], north]), north, 40, 8000, 1, [21, 2, 2, 1, 20, 1, 53, 0], [dora],
                  (*AFTER_RIICHI, 0), (0, 9000, -8000, 0), ba=(0, 1), ura=[t.take("9m")[0]])
    result = audit(game(body, go=185))
    assert [f.kind for f in result.findings] == [K.TRUNCATED], lines(result)
    (win,) = result.rounds[0].wins
    assert (win.from_who, win.context.ippatsu, win.context.chankan, win.context.kita) == (2, True, False, 0)


def kita_of_the_winning_tile(kita: bool) -> bytes:
    """Three players: seat 1 (777z 123p 456p 789s 4z) draws a North, its own winning tile, and sets it aside
    (or, for the contrast, discards it); seat 2 then discards a North and seat 1 rons it."""
    t = Tiles()
    hands = deal(t, ("19m147p258s12357z", "777z123p456p789s4z", "19m258p147s23566z"))
    dora = t.take("9p")[0]
    a, north, replacement, north2 = t.take("1p4z1s4z")
    body = init(hands, dora, scores=SANMA_START) + turn(0, a) + draw(1, north)
    body += call(1, "kita", [north]) + draw(1, replacement) + discard(1, replacement) if kita else discard(1, north)
    body += draw(2, north2) + discard(2, north2)
    han, points, m = (2, 5200, [call_code(1, "kita", [north])]) if kita else (1, 2600, [])
    body += agari(1, 2, sorted([*hands[1], north2]), north2, 40, points, 0, [20, 1, 52, han], [dora],
                  (*SANMA_START, 0), (0, points, -points, 0), m=m)
    return game(body, go=185)


def test_setting_aside_a_north_one_waits_on_is_no_discard_and_leaves_the_seat_free_to_ron_it():
    """Three-player rule 11: 拔北的牌即使是自己的和牌也不算振聽; discarding it would be furiten."""
    kita = audit(kita_of_the_winning_tile(kita=True))
    assert [f.kind for f in kita.findings] == [K.TRUNCATED], lines(kita)
    discarded = audit(kita_of_the_winning_tile(kita=False))
    assert any("furiten" in f.message for f in errors(discarded)), lines(discarded)
