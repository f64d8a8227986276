"""Differential test: mjlog's scorer against the ``mahjong`` package 2.1.0 on random hands.

The package is configured to Tenhou's rules (no kiriage, counted yakuman at 13 han,
every double yakuman single, open pinfu shape 30 fu, pinfu tsumo 20 fu, tsumo-loss in
sanma). Every hand must agree on han, fu, yaku (ids with han) and payments; a
disagreement is allowed only when listed in ``docs/scoring-differences.md`` with the
Tenhou log that proves mjlog right (none so far).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from mjlog.ir import CallKind
from mjlog.rules.riichi.events import KITA
from mjlog.rules.riichi import score
from mjlog.rules.riichi.randhand import RandomWin, random_win

mahjong = pytest.importorskip("mahjong")

from mahjong.constants import EAST  # noqa: E402 - after the skip above, for a machine without mahjong
from mahjong.hand_calculating.hand import HandCalculator  # noqa: E402 - after the skip above
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules  # noqa: E402 - after the skip above
from mahjong.hand_calculating.yaku_config import YAKU_ID_TO_TENHOU_ID  # noqa: E402 - after the skip above
from mahjong.meld import Meld  # noqa: E402 - after the skip above

N_HANDS = 20_000
SEED = 20240611

_MELD_TYPES = {CallKind.CHI: Meld.CHI, CallKind.PON: Meld.PON, CallKind.DAIMINKAN: Meld.KAN,
               CallKind.ANKAN: Meld.KAN, CallKind.KAKAN: Meld.SHOUMINKAN}


def mahjong_value(w: RandomWin):
    """The package's result for a generated win, with Tenhou's options."""
    rules, ctx = w.rules, w.context
    options = OptionalRules(
        has_open_tanyao=rules.open_tanyao, has_aka_dora=rules.red_fives, has_double_yakuman=False,
        kazoe_limit=HandConstants.KAZOE_LIMITED, kiriage=rules.kiriage_mangan, fu_for_open_pinfu=True,
        fu_for_pinfu_tsumo=False, is_three_player=rules.players == 3,
    )
    melds = [Meld(_MELD_TYPES[m.kind], m.tiles, opened=m.kind is not CallKind.ANKAN)
             for m in w.melds if m.kind is not KITA]
    kita = sum(1 for m in w.melds if m.kind is KITA)
    tiles = list(w.concealed) + [t for m in melds for t in m.tiles]
    config = HandConfig(
        is_tsumo=ctx.tsumo, is_riichi=ctx.riichi, is_daburu_riichi=ctx.double_riichi, is_ippatsu=ctx.ippatsu,
        is_rinshan=ctx.rinshan, is_chankan=ctx.chankan, is_haitei=ctx.haitei, is_houtei=ctx.houtei,
        is_tenhou=ctx.tenhou, is_chiihou=ctx.chiihou, player_wind=EAST + ctx.seat_wind,
        round_wind=EAST + ctx.round_wind, options=options, num_nuki_dora=kita,
    )
    return HandCalculator.estimate_hand_value(tiles, w.win_tile, melds=melds,
                                              dora_indicators=list(ctx.dora_indicators), config=config,
                                              ura_dora_indicators=list(ctx.ura_indicators))


def compare(w: RandomWin) -> list[str]:
    """The fields on which mjlog and the package disagree for one hand (empty when they agree)."""
    ours = score(w.concealed, w.melds, w.win_tile, w.context, w.rules)
    theirs = mahjong_value(w)
    if theirs.error:
        return [] if theirs.error == HandCalculator.ERR_NO_YAKU and ours.no_yaku else [f"error {theirs.error}"]
    diffs = []
    if ours.han != theirs.han:
        diffs.append("han")
    if ours.fu != theirs.fu and not (ours.is_yakuman and ours.fu and not theirs.fu):
        diffs.append("fu")
    our_yaku = sorted((i, h) for i, h in ours.yaku if h)
    their_yaku = sorted((YAKU_ID_TO_TENHOU_ID[y.yaku_id], _their_han(y, theirs)) for y in theirs.yaku)
    if our_yaku != their_yaku:
        diffs.append("yaku")
    p = ours.payment
    if w.context.tsumo:
        main = p.non_dealer if w.context.dealer else p.dealer
        other = p.non_dealer
        if (main, other) != (theirs.cost["main"], theirs.cost["additional"]):
            diffs.append("points")
    elif p.ron != theirs.cost["main"]:
        diffs.append("points")
    return diffs


def _their_han(y, result) -> int:
    return y.han_open if result.is_open_hand and y.han_open else y.han_closed


@pytest.mark.slow
def test_differential_against_mahjong_package():
    rng = random.Random(SEED)
    hands = [random_win(rng) for _ in range(N_HANDS)]
    fails: Counter[str] = Counter()
    examples = []
    for w in hands:
        d = compare(w)
        for f in d:
            fails[f] += 1
        if d and len(examples) < 10:
            examples.append((d, w))
    coverage = Counter()
    for w in hands:
        v = score(w.concealed, w.melds, w.win_tile, w.context, w.rules)
        coverage.update(i for i, h in v.yaku if h or i == 53)
        coverage["sanma"] += w.rules.players == 3
        coverage["open"] += any(m.kind.is_open for m in w.melds)
        coverage["kan"] += any(m.kind.is_kan for m in w.melds)
        coverage["wait:" + v.wait] += 1
    assert not fails, (fails, examples)
    # the generator reaches every yaku Tenhou can award and every wait
    assert {i for i in range(56) if coverage[i]} >= (set(range(0, 36)) - {36}) | {37, 38, 39, 40, 42, 47, 52, 53, 54}
    for key in ("sanma", "open", "kan", "wait:ryanmen", "wait:kanchan", "wait:penchan", "wait:tanki",
                "wait:shanpon"):
        assert coverage[key] > 50, key
