"""Settlement on hand-checked cases: win payments, noten payments, nagashi mangan (reference §4.6, §4.7, §5).

Every expected tuple below was worked out by hand from the reference's
formulas; deltas are in points and include honba and the riichi sticks.
"""

from __future__ import annotations

import itertools

import pytest

from mjlog.rules.riichi.points import basic_points
from mjlog.rules.riichi.ruleset import PRESETS
from mjlog.rules.riichi.settlement import nagashi_deltas, noten_deltas, win_deltas, yakuman_basic
from mjlog.rules.transfers import Transfer

R4 = PRESETS["tenhou-4p-south"]
R3 = PRESETS["tenhou-3p-south"]

MANGAN, HANEMAN, YAKUMAN = 2000, 3000, 8000


def test_presets_pay_the_tenhou_honba_and_noten_amounts():
    assert (R4.honba_ron, R4.honba_tsumo_each, R4.noten_total, R4.riichi_deposit) == (300, 100, 3000, 1000)
    assert (R3.honba_ron, R3.honba_tsumo_each, R3.noten_total, R3.riichi_deposit) == (200, 100, 2000, 1000)
    assert R3.tsumo_scheme == "tsumo-loss"
    assert basic_points(3, 30, 0) == 960 and basic_points(2, 30, 0) == 480 and basic_points(2, 20, 0) == 320


# ---- 4 players, ron --------------------------------------------------------------------------

@pytest.mark.parametrize("basic, winner, frm, dealer, honba, sticks, expected", [
    # non-dealer 30 fu 3 han: 960*4 = 3840 -> 3900
    (960, 1, 2, 0, 0, 0, (0, 3900, -3900, 0)),
    # the same with 2 honba (+600 from the discarder) and 1 stick (+1000 to the winner)
    (960, 1, 2, 0, 2, 1, (0, 5500, -4500, 0)),
    # dealer 40 fu 2 han: 640*6 = 3840 -> 3900
    (640, 0, 3, 0, 0, 0, (3900, 0, 0, -3900)),
    # dealer mangan 12000 from the seat on its left, 1 honba, 3 sticks
    (MANGAN, 2, 1, 2, 1, 3, (0, -12300, 15300, 0)),
    # non-dealer yakuman dealt in by the dealer
    (YAKUMAN, 3, 0, 0, 0, 0, (-32000, 0, 0, 32000)),
])
def test_ron_4p(basic, winner, frm, dealer, honba, sticks, expected):
    assert win_deltas(basic, winner, frm, dealer, R4, honba, sticks) == expected


# ---- 4 players, tsumo ------------------------------------------------------------------------

@pytest.mark.parametrize("basic, winner, dealer, honba, sticks, expected", [
    # non-dealer 30 fu 2 han: 500 from each ko, 1000 from the dealer
    (480, 2, 0, 0, 0, (-1000, -500, 2000, -500)),
    # ... with 1 honba (+100 from each payer) and 2 sticks
    (480, 2, 0, 1, 2, (-1100, -600, 4300, -600)),
    # non-dealer pinfu tsumo 20 fu 2 han: 400/700 = 1500
    (320, 1, 0, 0, 0, (-700, 1500, -400, -400)),
    # non-dealer mangan 2000/4000 with the dealer on seat 2
    (MANGAN, 3, 2, 0, 0, (-2000, -2000, -4000, 8000)),
    # dealer mangan: 4000 all; 3 honba: 4300 all
    (MANGAN, 0, 0, 0, 0, (12000, -4000, -4000, -4000)),
    (MANGAN, 0, 0, 3, 0, (12900, -4300, -4300, -4300)),
    # dealer 30 fu 1 han: basic 240 -> 500 all, and a stick
    (240, 1, 1, 0, 1, (-500, 2500, -500, -500)),
])
def test_tsumo_4p(basic, winner, dealer, honba, sticks, expected):
    assert win_deltas(basic, winner, winner, dealer, R4, honba, sticks) == expected


# ---- sanma (tsumo-loss) ----------------------------------------------------------------------

@pytest.mark.parametrize("basic, winner, frm, dealer, honba, sticks, expected", [
    # ko mangan tsumo: 4000 from the dealer, 2000 from the other ko; the absent seat's 2000 is lost
    (MANGAN, 1, 1, 0, 0, 0, (-4000, 6000, -2000)),
    # ... 1 honba: 100 from each of the two payers
    (MANGAN, 1, 1, 0, 1, 0, (-4100, 6200, -2100)),
    # ko haneman tsumo: 3000-6000, 9000 in all (reference §11.5)
    (HANEMAN, 2, 2, 0, 0, 0, (-6000, -3000, 9000)),
    # dealer mangan tsumo: 4000 from each of the two others; 2 honba and a stick
    (MANGAN, 0, 0, 0, 2, 1, (9400, -4200, -4200)),
    # ko yakuman tsumo: 8000-16000 (the dealer is seat 1)
    (YAKUMAN, 2, 2, 1, 0, 0, (-8000, -16000, 24000)),
    # ron: 200 per honba from the discarder
    (MANGAN, 2, 1, 0, 2, 0, (0, -8400, 8400)),
    (MANGAN, 2, 1, 0, 2, 1, (0, -8400, 9400)),
    # dealer ron yakuman 48000 (reference §11.5)
    (YAKUMAN, 0, 2, 0, 0, 0, (48000, 0, -48000)),
])
def test_sanma(basic, winner, frm, dealer, honba, sticks, expected):
    assert win_deltas(basic, winner, frm, dealer, R3, honba, sticks) == expected


# ---- pao -------------------------------------------------------------------------------------

def test_pao_tsumo_the_liable_seat_pays_everything_with_the_honba():
    # reference §4.6: daisangen tsumo by seat 2, seat 0 liable, 1 honba -> [-32300, 0, 32300, 0]
    assert win_deltas(YAKUMAN, 2, 2, 1, R4, honba=1, pao=0) == (-32300, 0, 32300, 0)
    # the sticks still go to the winner, from nobody
    assert win_deltas(YAKUMAN, 2, 2, 1, R4, honba=1, sticks=2, pao=0) == (-32300, 0, 34300, 0)
    # a dealer's yakuman: 48000 from the liable seat
    assert win_deltas(YAKUMAN, 0, 0, 0, R4, pao=3) == (48000, 0, 0, -48000)


def test_pao_tsumo_on_stacked_yakuman():
    # Tenhou (pao_basic None): the liable seat pays both yakuman, 64000 + honba
    assert win_deltas(2 * YAKUMAN, 2, 2, 0, R4, honba=1, pao=1) == (0, -64300, 64300, 0)
    assert yakuman_basic(2) == 2 * YAKUMAN
    # liable for one yakuman only: 32000 + honba from the liable seat, the other one as a tsumo by all
    # (dealer 16000, each ko 8000, no honba on that part)
    assert win_deltas(2 * YAKUMAN, 2, 2, 0, R4, honba=1, pao=1, pao_basic=YAKUMAN) == (-16000, -40300, 64300, -8000)


def test_pao_ron_splits_between_the_discarder_and_the_liable_seat():
    # non-dealer yakuman ron 32000: 16000 each; the liable seat pays the honba (Tenhou's rule 20)
    assert win_deltas(YAKUMAN, 2, 3, 0, R4, honba=1, sticks=1, pao=1) == (0, -16300, 33300, -16000)
    # dealer yakuman ron 48000: 24000 each
    assert win_deltas(YAKUMAN, 0, 2, 0, R4, pao=1) == (48000, -24000, -24000, 0)
    # the liable seat deals in itself: it pays the whole
    assert win_deltas(YAKUMAN, 0, 1, 0, R4, pao=1) == (48000, -48000, 0, 0)


def test_pao_naming_the_winner_is_no_pao():
    assert win_deltas(YAKUMAN, 2, 2, 0, R4, pao=2) == win_deltas(YAKUMAN, 2, 2, 0, R4)


def test_every_win_pays_out_exactly_the_sticks():
    for rules in (R4, R3):
        n = rules.players
        for basic, winner, frm, dealer, honba, sticks in itertools.product(
                (320, 960, MANGAN, YAKUMAN), range(n), range(n), range(n), (0, 2), (0, 1)):
            d = win_deltas(basic, winner, frm, dealer, rules, honba, sticks)
            assert sum(d) == sticks * rules.riichi_deposit
            assert d[winner] > 0 and all(x <= 0 for s, x in enumerate(d) if s != winner)


# ---- noten payments --------------------------------------------------------------------------

@pytest.mark.parametrize("tenpai, expected", [
    ((False, False, False, False), (0, 0, 0, 0)),
    ((True, False, False, False), (3000, -1000, -1000, -1000)),
    ((False, False, True, False), (-1000, -1000, 3000, -1000)),
    ((True, False, True, False), (1500, -1500, 1500, -1500)),
    ((False, True, True, True), (-3000, 1000, 1000, 1000)),
    ((True, True, True, True), (0, 0, 0, 0)),
])
def test_noten_4p(tenpai, expected):
    assert noten_deltas(tenpai, R4) == expected


@pytest.mark.parametrize("tenpai, expected", [
    ((False, False, False), (0, 0, 0)),
    ((False, True, False), (-1000, 2000, -1000)),
    ((True, False, True), (1000, -2000, 1000)),
    ((True, True, True), (0, 0, 0)),
])
def test_noten_3p(tenpai, expected):
    assert noten_deltas(tenpai, R3) == expected


# ---- nagashi mangan --------------------------------------------------------------------------

@pytest.mark.parametrize("rules, nagashi, dealer, expected", [
    # 4p ko: a mangan tsumo, 2000/2000/4000
    (R4, (False, True, False, False), 0, (-4000, 8000, -2000, -2000)),
    # 4p oya: 4000 all
    (R4, (True, False, False, False), 0, (12000, -4000, -4000, -4000)),
    (R4, (False, False, False, True), 3, (-4000, -4000, -4000, 12000)),
    # two seats: each paid its own mangan tsumo
    (R4, (False, True, True, False), 0, (-8000, 6000, 6000, -4000)),
    # sanma ko: 4000 + 2000 (tsumo-loss); oya: 4000 + 4000
    (R3, (False, True, False), 0, (-4000, 6000, -2000)),
    (R3, (True, False, False), 0, (8000, -4000, -4000)),
    (R3, (False, False, True), 1, (-2000, -4000, 6000)),
    (R4, (False, False, False, False), 0, (0, 0, 0, 0)),
])
def test_nagashi(rules, nagashi, dealer, expected):
    assert nagashi_deltas(nagashi, dealer, rules) == expected


def test_pao_is_the_discarder_of_the_call_that_completes_the_big_dragons():
    from mjlog.ir import Call, CallKind
    from mjlog.rules.riichi.settlement import pao_seat

    haku = Call(0, CallKind.PON, (124, 125, 126), 124, 1)
    hatsu = Call(0, CallKind.ANKAN, (128, 129, 130, 131))
    chun = Call(0, CallKind.PON, (132, 133, 134), 133, 2)
    rules = PRESETS["tenhou-4p-south"]
    assert pao_seat([haku, hatsu, chun], 0, (39,), rules) == 2
    assert pao_seat([haku, chun, hatsu], 0, (39,), rules) is None     # completed by a closed kan
    assert pao_seat([haku, hatsu, chun], 0, (42,), rules) is None     # not a pao yakuman
    assert pao_seat([haku, hatsu, chun], 0, (39,), rules.replace(pao=False)) is None


def test_memoised_settlements_equal_the_computed_ones_under_every_rule_set():
    """The memo keys on every input and on the rule set itself: each answer is the computed
    one, whatever was asked before (other schemes, deposits, honba values, pao)."""
    import dataclasses
    import random

    from mjlog.rules.riichi import settlement
    from mjlog.rules.riichi.ruleset import PRESETS
    from mjlog.rules.riichi.sanma_schemes import SCHEMES
    from mjlog.rules.transfers import net

    rule_sets = list(PRESETS.values())
    rule_sets += [dataclasses.replace(PRESETS["tenhou-3p-south"], tsumo_scheme=s) for s in SCHEMES]
    for change in (dict(riichi_deposit=500), dict(honba_ron=100), dict(honba_tsumo_each=300)):
        rule_sets += [dataclasses.replace(PRESETS[name], **change) for name in ("tenhou-4p-south", "tenhou-3p-south")]
    rng = random.Random(7)
    settlement._MEMO.clear()
    for _ in range(6000):
        rules = rng.choice(rule_sets)
        n = rules.players
        basic = rng.choice([240, 320, 960, 1920, 2000, 3000, 4000, 6000, 8000, 16000])
        winner, dealer = rng.randrange(n), rng.randrange(n)
        frm = winner if rng.random() < 0.4 else rng.choice([s for s in range(n) if s != winner])
        pao = rng.choice([None, None, None, rng.randrange(n)])
        pao_basic = rng.choice([None, 8000]) if pao is not None else None
        honba, sticks = rng.randrange(4), rng.randrange(3)
        args = (basic, winner, frm, dealer, rules, honba, sticks, pao, pao_basic)
        got = settlement.win_settlement(*args)
        assert got.transfers == settlement.win_transfers(*args), args
        assert got.deltas == net(got.transfers, n) == win_deltas(*args), args
    # the bound is per rule set (6,000 settlements: some tables were cleared on the way)
    assert 0 < len(settlement._MEMO) and all(0 < len(t) <= settlement._MEMO_MAX
                                             for t in settlement._MEMO._tables.values())



# ---- payments as transfers -----------------------------------------------------------------------


def _rows(transfers):
    return [(t.payer, t.payee, t.amount, t.reason) for t in transfers]


def test_ron_transfers_are_hand_and_honba_from_the_discarder_and_sticks_from_the_pot():
    from mjlog.rules.riichi.settlement import win_settlement

    s = win_settlement(1920, 2, 0, 0, PRESETS["tenhou-4p-south"], honba=2, sticks=2)
    assert _rows(s.transfers) == [(0, 2, 7700, "hand"), (0, 2, 600, "honba"), (None, 2, 2000, "sticks")]
    assert s.deltas == (-8300, 0, 10300, 0)


def test_tsumo_transfers_are_one_hand_and_one_honba_payment_per_payer():
    from mjlog.rules.riichi.settlement import win_settlement

    s = win_settlement(960, 1, 1, 0, PRESETS["tenhou-4p-south"], honba=1)
    assert _rows(s.transfers) == [(0, 1, 2000, "hand"), (0, 1, 100, "honba"), (2, 1, 1000, "hand"),
                                  (2, 1, 100, "honba"), (3, 1, 1000, "hand"), (3, 1, 100, "honba")]


def test_pao_transfers_name_the_liable_seat():
    from mjlog.rules.riichi.settlement import win_settlement

    rules = PRESETS["tenhou-4p-south"]
    tsumo = win_settlement(8000, 1, 1, 0, rules, honba=1, pao=3)
    assert _rows(tsumo.transfers) == [(3, 1, 32000, "pao"), (3, 1, 300, "honba")]
    ron = win_settlement(8000, 1, 2, 0, rules, honba=1, pao=3)
    assert _rows(ron.transfers) == [(3, 1, 16000, "pao"), (2, 1, 16000, "hand"), (3, 1, 300, "honba")]
    # the liable seat dealt in: it pays the whole as the discarder
    assert _rows(win_settlement(8000, 1, 3, 0, rules, pao=3).transfers) == [(3, 1, 32000, "hand")]
    # stacked yakuman with pao_basic: the liable part as pao, the rest as a tsumo by every seat
    stacked = win_settlement(16000, 1, 1, 0, rules, pao=3, pao_basic=8000)
    assert stacked.transfers[0] == Transfer(3, 1, 32000, "pao")
    assert stacked.deltas == (-16000, 64000, -8000, -40000)


def test_noten_transfers_go_from_each_noten_seat_to_each_tenpai_seat():
    from mjlog.rules.riichi.settlement import noten_transfers

    rules = PRESETS["tenhou-4p-south"]
    assert _rows(noten_transfers([True, False, True, False], rules)) == [
        (1, 0, 750, "noten"), (1, 2, 750, "noten"), (3, 0, 750, "noten"), (3, 2, 750, "noten")]
    assert noten_transfers([True] * 4, rules) == noten_transfers([False] * 4, rules) == ()
    # a pool that does not split evenly goes through the pot, with the same deltas as before
    odd = rules.replace(noten_total=1000)
    assert noten_deltas([True, True, True, False], odd) == (333, 333, 333, -1000)
    assert {t.payee for t in noten_transfers([True, True, True, False], odd)} == {None, 0, 1, 2}


def test_nagashi_transfers_pay_a_mangan_tsumo_without_honba():
    from mjlog.rules.riichi.settlement import nagashi_transfers

    got = nagashi_transfers([False, True, False, False], 0, PRESETS["tenhou-4p-south"])
    assert _rows(got) == [(0, 1, 4000, "nagashi"), (2, 1, 2000, "nagashi"), (3, 1, 2000, "nagashi")]
