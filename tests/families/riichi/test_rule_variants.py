"""Rule-set knobs of Tenhou's value variants (mjlog/rules/riichi/variants.py): each changes the value of a
hand built for it, and leaves it as Tenhou scores it at its default."""

from __future__ import annotations

from mjlog.rules.riichi import score_hand
from mjlog.rules.riichi.ruleset import KNOB_DOCS, PRESETS, rule_problem
from mjlog.rules.riichi.variants import minimum_han, short_of_minimum, yaku_han

BASE = PRESETS["tenhou-4p-south"]
NEW_KNOBS = ("ura_dora", "ippatsu", "kan_dora", "two_han_minimum_honba", "chiitoitsu_1han_50fu", "renhou_limit",
             "double_yakuman_tenhou", "double_yakuman_suukantsu")


def test_the_variant_knobs_default_to_tenhous_values_in_every_preset_and_are_documented():
    for rules in PRESETS.values():
        assert (rules.ura_dora, rules.ippatsu, rules.kan_dora) == (True, True, True)
        assert (rules.two_han_minimum_honba, rules.chiitoitsu_1han_50fu, rules.renhou_limit) == (0, False, "none")
        assert not (rules.double_yakuman_tenhou or rules.double_yakuman_suukantsu) and rules.kazoe_yakuman
    assert all(k in KNOB_DOCS for k in NEW_KNOBS)
    assert "七對子" in KNOB_DOCS["chiitoitsu_1han_50fu"] and "滿貫或倍滿" in KNOB_DOCS["renhou_limit"]


def test_ura_dora_off_drops_the_ura_of_a_riichi_win():
    on = score_hand("234m456p678s22z345p", "5p", riichi=True, ura="1z", rules=BASE)
    off = score_hand("234m456p678s22z345p", "5p", riichi=True, ura="1z", rules=BASE.replace(ura_dora=False))
    assert on.ura == 2 and on.han == 4 and off.ura == 0 and off.han == 2
    assert "Ura dora" in on.yaku_names and "Ura dora" not in off.yaku_names


def test_ippatsu_off_drops_the_ippatsu_of_a_riichi_win():
    on = score_hand("234m456p678s22z345p", "5p", riichi=True, ippatsu=True, rules=BASE)
    off = score_hand("234m456p678s22z345p", "5p", riichi=True, ippatsu=True, rules=BASE.replace(ippatsu=False))
    assert "Ippatsu" in on.yaku_names and "Ippatsu" not in off.yaku_names and on.han == off.han + 1


def test_kan_dora_off_counts_only_the_first_dora_and_ura_indicator():
    kw = dict(riichi=True, dora="9s1z", ura="9p2z")   # dora 1s and the 2z pair; ura none and the 3z pung
    on = score_hand("123s456p789m22z33z", "3z", **kw, rules=BASE)
    off = score_hand("123s456p789m22z33z", "3z", **kw, rules=BASE.replace(kan_dora=False))
    assert (on.dora, on.ura) == (3, 3) and (off.dora, off.ura) == (1, 0)


def test_chiitoitsu_at_one_han_50_fu_pays_the_same_below_the_limits_and_less_at_the_haneman_step():
    one = BASE.replace(chiitoitsu_1han_50fu=True)
    plain = (score_hand("1133m5577p2299s44z", "4z", seat_wind=1, rules=BASE),
             score_hand("1133m5577p2299s44z", "4z", seat_wind=1, rules=one))
    assert (plain[0].han, plain[0].fu, plain[1].han, plain[1].fu) == (2, 25, 1, 50)
    assert plain[0].points == plain[1].points == 1600
    assert dict(plain[1].yaku)[22] == 1 and sum(v for _, v in plain[1].fu_breakdown) == 50
    dora = dict(dora="4m8p", seat_wind=1)   # 5m and 9p: four dora; 2+4 = 6 han haneman against 1+4 = 5 han mangan
    assert score_hand("2255m5599p2299s44z", "4z", **dora, rules=BASE).points == 12000
    assert score_hand("2255m5599p2299s44z", "4z", **dora, rules=one).points == 8000


def test_tenhou_and_suukantsu_are_double_yakuman_under_their_knobs():
    tenhou = dict(tsumo=True, tenhou=True)
    assert score_hand("123m456p789s11z22z", "2z", **tenhou, rules=BASE).points == 48000
    assert score_hand("123m456p789s11z22z", "2z", **tenhou,
                      rules=BASE.replace(double_yakuman_tenhou=True)).points == 96000
    kans = ["kan:1111m", "kan:2222p", "kan:3333s", "kan:4444z"]
    assert score_hand("55p", "5p", melds=kans, seat_wind=1, rules=BASE).points == 32000
    assert score_hand("55p", "5p", melds=kans, seat_wind=1,
                      rules=BASE.replace(double_yakuman_suukantsu=True)).points == 64000


def test_renhou_as_mangan_or_baiman_pays_the_limit_unless_the_hand_is_worth_more():
    hand = ("234m456p678s22z345p", "5p")       # no yaku of its own
    kw = dict(renhou=True, seat_wind=1)
    assert score_hand(*hand, **kw, rules=BASE).no_yaku
    assert score_hand(*hand, **kw, rules=BASE.replace(renhou_limit="mangan")).points == 8000
    baiman = score_hand(*hand, **kw, rules=BASE.replace(renhou_limit="baiman"))
    assert baiman.points == 16000 and baiman.yaku == ((36, 8),)
    flush = score_hand("1112345678999m", "5m", **kw, rules=BASE.replace(renhou_limit="mangan"))
    assert flush.yakuman_count == 1     # 九蓮宝燈 is worth more than the mangan
    assert rule_problem(BASE.replace(renhou_limit="mangan", renhou=True))


def test_two_han_minimum_from_n_honba_counts_the_han_without_dora():
    riichi_dora = score_hand("234m456p678s22z79p", "8p", riichi=True, dora="1z", rules=BASE)   # kanchan
    assert riichi_dora.han == 3 and yaku_han(riichi_dora) == 1
    rules = BASE.replace(two_han_minimum_honba=5)
    assert minimum_han(4, rules) == 1 and minimum_han(5, rules) == 2 and minimum_han(9, BASE) == 1
    assert short_of_minimum(riichi_dora, 5, rules) and not short_of_minimum(riichi_dora, 4, rules)
    assert not short_of_minimum(riichi_dora, 5, BASE)


def test_kazoe_yakuman_off_pays_thirteen_han_as_sanbaiman():
    kw = dict(riichi=True, tsumo=True, dora="9m8m")     # chinitsu, riichi, tsumo and six dora
    on = score_hand("111234567m88899m", "9m", **kw, rules=BASE)
    off = score_hand("111234567m88899m", "9m", **kw, rules=BASE.replace(kazoe_yakuman=False))
    assert on.han >= 13 and on.limit == 5 and off.limit == 4 and on.points > off.points


def _one_han_wins_after_honba(log, rules, honba: int):
    """The replay's wins of ``log`` at ``honba`` or more honba with 1 han without dora."""
    from mjlog.replayer import replay

    rep = replay(log)
    out = []
    for rnd, derived in zip(log.rounds, rep.rounds):
        for win in derived.wins:
            if rnd.honba >= honba and yaku_han(win.value) < 2:
                out.append(win)
    return out


def test_the_referee_finds_a_one_han_win_at_n_honba_illegal_under_two_han_minimum():
    from mjlog.formats.reader import read_log
    from mjlog.rules.knobs import RuleChoice
    from mjlog.replayer import replay
    from mjlog.rules.riichi.simulate import simulate_game
    from mjlog.batch.simulate import game_seeds

    for seed in game_seeds(40, 7):
        log = read_log(simulate_game(BASE, seed))
        if _one_han_wins_after_honba(log, BASE, 1):
            break
    else:
        raise AssertionError("no 1-han win at 1+ honba in 40 simulated games")
    assert not replay(log).findings
    found = replay(log, choice=RuleChoice(None, (("two_han_minimum_honba", "1"),))).findings
    assert any("二翻縛" in f.message for f in found)


def test_the_simulator_never_wins_with_one_han_at_n_honba_under_two_han_minimum():
    from mjlog.formats.reader import read_log
    from mjlog.replayer import replay
    from mjlog.rules.riichi.simulate import simulate_game
    from mjlog.batch.simulate import game_seeds

    rules = BASE.replace(two_han_minimum_honba=1)
    wins_at_honba = 0
    for seed in game_seeds(6, 11):
        log = read_log(simulate_game(rules, seed))
        rep = replay(log)
        assert not rep.findings, rep.findings[:3]
        for rnd, derived in zip(log.rounds, rep.rounds):
            for win in derived.wins:
                if rnd.honba >= 1:
                    wins_at_honba += 1
                    assert yaku_han(win.value) >= 2
    assert wins_at_honba
