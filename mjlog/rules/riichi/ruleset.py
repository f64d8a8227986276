"""Riichi rule sets as data: one frozen dataclass of knobs and its named presets.

A log's header selects a preset (for Tenhou logs: :mod:`mjlog.rules.riichi.lobby`); any knob can be overridden with
:meth:`RuleSet.replace` to ask what a game would have been under another rule.

>>> rs = PRESETS["tenhou-4p-south"]
>>> rs.name, rs.players, rs.red_fives, rs.open_tanyao, rs.length
('tenhou-4p-south', 4, True, True, 'south')
>>> rs.replace(open_tanyao=False).open_tanyao
False
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Literal

from mjlog.rules.family import apply_knobs  # noqa: F401 - one parser of knob text for every family

GameLength = Literal["east", "south"]
PlacementRounding = Literal["round-half-away", "none"]

#: Three-player tsumo payment schemes (see docs/sanma-payments.md of the shared docs).
TSUMO_SCHEMES = (
    "tsumo-loss",       # 自摸損: Tenhou, Mahjong Soul
    "plus-1000",        # 千點加符
    "marudori",         # 丸取 (MJ3)
    "marudori2",        # 丸取2 / 北家折半 (MJ4, MJ5)
    "split-half",       # 折半支付
    "dealer-triple",    # 莊家3倍支付
    "double-take",      # 倍取
    "ron-reduced",      # 榮和收入調整
)

#: The values of ``renhou_limit``: 人和 not a limit hand, or paid as mangan or baiman.
RENHOU_LIMITS = ("none", "mangan", "baiman")


@dataclass(frozen=True, slots=True)
class RuleSet:
    """The knobs of one riichi rule set. Points are in points (not hundreds)."""

    name: str = "tenhou-4p-south"
    players: int = 4
    red_fives: bool = True
    open_tanyao: bool = True
    length: GameLength = "south"
    start_points: int = 25000
    target_points: int = 30000          # the return (genten) and the all-last target
    uma: tuple[int, ...] = (20, 10, -10, -20)   # in thousands, by placement
    placement_rounding: PlacementRounding = "round-half-away"
    tied_placements_share_uma: bool = False   # ties split their uma (csrule lobbies); Tenhou: seat order
    honba_ron: int = 300                # per honba, paid by the discarder on ron
    honba_tsumo_each: int = 100         # per honba, paid by each payer on tsumo
    riichi_deposit: int = 1000
    noten_total: int = 3000
    tsumo_scheme: str = "tsumo-loss"    # only meaningful for 3 players
    marudori2_reading: str = "formula"      # the reading of 丸取2, 莊家3倍支付 and 倍取 (sanma_schemes.READINGS)
    dealer_triple_reading: str = "formula"
    double_take_reading: str = "formula"
    kiriage_mangan: bool = False
    double_yakuman_kokushi13: bool = False
    double_yakuman_suuankou_tanki: bool = False
    double_yakuman_junsei_chuuren: bool = False
    double_yakuman_daisuushii: bool = False
    double_yakuman_tenhou: bool = False
    double_yakuman_suukantsu: bool = False
    kazoe_yakuman: bool = True
    ura_dora: bool = True
    ippatsu: bool = True
    kan_dora: bool = True
    two_han_minimum_honba: int = 0      # 二翻縛 from this many honba (0: never)
    chiitoitsu_1han_50fu: bool = False
    renhou_limit: str = "none"          # 人和 paid as a limit hand (RENHOU_LIMITS)
    renhou: bool = False
    pao: bool = True
    pao_covers_stacked_yakuman: bool = True
    double_ron: bool = True
    triple_ron_abort: bool = True
    abortive_draws: bool = True         # nine terminals, four winds, four riichi, four kans
    nagashi_mangan: bool = True
    renchan_on_dealer_tenpai: bool = True
    renchan_on_any_draw: bool = False
    renchan_on_dealer_win: bool = True
    agari_yame: bool = True             # all-last dealer win ends the game when #1 and >= target
    tenpai_yame: bool = True            # the same after an all-last dealer tenpai at a draw
    bust_below_zero: bool = True
    extension: bool = True              # sudden-death West (south game) / South (east game)
    leftover_sticks_to_first: bool = True
    nukidora: bool = False              # sanma kita (on in the three-player presets)
    kita_after_pon: bool = False        # sanma: kita right after a pon, before the discard (Tenhou: no)
    # local yaku (地方役, mjlog/rules/riichi/local_yaku.py): off in every Tenhou preset
    local_open_riichi: bool = False
    local_open_double_riichi: bool = False
    local_sanshoku_tsuukan: bool = False
    local_isshoku_sanjun: bool = False
    local_sanrenkou: bool = False
    local_renhou_yakuman: bool = False
    local_shiisan_puutaa: bool = False
    local_daichisei: bool = False
    local_daisharin: bool = False
    local_touhoku_shinkansen: bool = False
    local_hyakuman_goku: bool = False
    local_isshoku_yonjun: bool = False
    local_suurenkou: bool = False
    local_beni_kujaku: bool = False
    local_paarenchan: bool = False

    def replace(self, **changes: object) -> RuleSet:
        """A copy with some knobs changed (``name`` gains ``+custom`` unless given)."""
        if "name" not in changes and not self.name.endswith("+custom"):
            changes["name"] = self.name + "+custom"
        try:
            key = (self, tuple(sorted(changes.items())))
            got = _REPLACED.get(key)
        except TypeError:  # an unhashable value (a list): not memoised
            return dataclasses.replace(self, **changes)  # type: ignore[arg-type]  # knobs by name: mypy checks a **dict against every field
        if got is None:
            if len(_REPLACED) >= _REPLACED_MAX:
                _REPLACED.clear()
            got = _REPLACED[key] = dataclasses.replace(self, **changes)  # type: ignore[arg-type]  # knobs by name: mypy checks a **dict against every field
        return got

    def knob_problem(self) -> str | None:
        """Why the replay could not apply this rule set (see :func:`rule_problem`), or None."""
        return rule_problem(self)

    def knob_choices(self) -> dict[str, tuple[str, ...]]:
        """The values each text knob takes (:data:`KNOB_CHOICES`)."""
        return KNOB_CHOICES

    @property
    def seats(self) -> tuple[int, ...]:
        """The seat numbers in play (0..3, or 0..2 in sanma)."""
        return tuple(range(self.players))

    @property
    def last_wind(self) -> int:
        """The round wind (0 East, 1 South) of the regular all-last hand."""
        return 0 if self.length == "east" else 1


#: Rule sets :meth:`RuleSet.replace` made, by (rule set, changes): a replay derives each game's
#: rules from its preset, and one shared object keeps the memos keyed on it found by identity
#: (dataclasses.replace of fifty knobs: 8 µs a game, 5 ms of an audit of the 722 Phoenix games).
_REPLACED: dict[tuple[RuleSet, tuple[tuple[str, object], ...]], RuleSet] = {}
_REPLACED_MAX = 1024


#: One line of meaning for each knob (``mjlog rules show`` prints them; a test checks every field has one).
KNOB_DOCS: dict[str, str] = {
    "name": "the preset's name (+custom once a knob is changed)",
    "players": "seats at the table: 4, or 3 (sanma: no 2m-8m, no chi)",
    "red_fives": "one red five of each suit counts as a dora",
    "open_tanyao": "all-simples counts in an open hand (kuitan)",
    "length": "east: one wind of hands; south: two",
    "start_points": "each seat's score at the start",
    "target_points": "the return (genten) for placement points, and the score that ends the all-last hand",
    "uma": "placement bonus by place, in thousands",
    "placement_rounding": "how placement points are rounded: half away from zero to the thousand, or not at all",
    "tied_placements_share_uma": "tied seats split their uma (else the seat nearer the first dealer places higher)",
    "honba_ron": "points per honba the discarder pays on a ron",
    "honba_tsumo_each": "points per honba each payer pays on a tsumo",
    "riichi_deposit": "points a riichi puts on the table",
    "noten_total": "points the noten seats pay the tenpai seats at an exhaustive draw",
    "tsumo_scheme": "three players: how a tsumo is paid (docs/sanma-payments.md; four players: tsumo-loss only)",
    "marudori2_reading": ("three players, 丸取2: formula (北家折半, each payer adds half the absent North's "
                          "share) or words (丸取 with the non-dealer tsumo's ron value split 3:5)"),
    "dealer_triple_reading": ("three players, 莊家3倍支付: formula (r(b) / r(3b)) or words (丸取 with the "
                              "non-dealer tsumo's ron value split 1:3)"),
    "double_take_reading": ("three players, 倍取: formula (each payer pays the ron value) or words (twice "
                            "折半支付's tsumo)"),
    "kiriage_mangan": "4 han 30 fu and 3 han 60 fu are paid as mangan",
    "double_yakuman_kokushi13": "thirteen orphans on a 13-sided wait is a double yakuman",
    "double_yakuman_suuankou_tanki": "four concealed triplets on a pair wait is a double yakuman",
    "double_yakuman_junsei_chuuren": "nine gates on a 9-sided wait is a double yakuman",
    "double_yakuman_daisuushii": "big four winds is a double yakuman",
    "double_yakuman_tenhou": ("heavenly hand is a double yakuman (the seed 002's 天和: "
                              "'1倍役滿(部分規則計2倍役滿)')"),
    "double_yakuman_suukantsu": ("four kans is a double yakuman (the seed 002's 四槓子: "
                                 "'1倍役滿(部分規則計2倍役滿)')"),
    "kazoe_yakuman": "13 han or more counts as yakuman (off: the other reading, paid as sanbaiman)",
    "ura_dora": "a riichi win counts the ura dora under the dora indicators (off: no ura dora)",
    "ippatsu": "a riichi win within one go-around, no call between, scores ippatsu (off: no ippatsu)",
    "kan_dora": ("each kan turns a new dora indicator and, for riichi, a new ura indicator "
                 "(off: only the first of each counts)"),
    "two_han_minimum_honba": ("二翻縛: from this many honba a win needs 2 han without the dora "
                              "(the seed 002: '本場數達到或超過5的時候2翻起和'); 0: never"),
    "chiitoitsu_1han_50fu": ("seven pairs is 1 han 50 fu, not 2 han 25 fu (the seed 002: "
                             "'部分規則將七對子定為1翻的門前役')"),
    "renhou_limit": ("none, mangan or baiman: 人和 (a non-dealer's ron before its first draw, no call made) "
                     "pays that limit, or the hand's own value if higher (the seed 002: "
                     "'部分規則只算滿貫或倍滿')"),
    "renhou": "a non-dealer's ron before its first draw, no call made yet, is a 5-han yaku (renhou, id 36)",
    "pao": ("liability (pao) for giving the last call of big three dragons or big four winds "
            "(not four kans: Tenhou's rule 21)"),
    "pao_covers_stacked_yakuman": "the liable seat pays for every yakuman of the hand, not only the one it gave",
    "double_ron": "two or more seats may win on one discard (off: head-bump, only the first in turn wins)",
    "triple_ron_abort": "three seats winning on one discard abort the hand (off: three wins)",
    "abortive_draws": "nine terminals, four winds, four riichi and four kans abort the hand (off: they are illegal)",
    "nagashi_mangan": "a river of terminals and honours that no one called pays mangan at an exhaustive draw",
    "renchan_on_dealer_tenpai": "the dealer keeps the deal when tenpai at an exhaustive draw",
    "renchan_on_any_draw": "the dealer keeps the deal at any exhaustive draw",
    "renchan_on_dealer_win": "the dealer keeps the deal after winning",
    "agari_yame": "an all-last dealer win ends the game when the dealer is first and at the target",
    "tenpai_yame": "the same for an all-last dealer tenpai at an exhaustive draw",
    "bust_below_zero": "the game ends when a score falls below zero",
    "extension": "sudden-death extension wind when no one reached the target",
    "leftover_sticks_to_first": "riichi sticks left at the end go to first place",
    "nukidora": "three players: a North tile may be set aside as a dora (kita); off, North is an ordinary tile",
    "kita_after_pon": ("three players: a North may be set aside right after a pon, before the discard "
                       "(off: only after a draw, Tenhou's three-player rule 8)"),
    "local_open_riichi": "local yaku 開立直: riichi with the hand shown, 2 han closed, in place of riichi",
    "local_open_double_riichi": ("local yaku 開雙立直: open riichi on the first turn, 3 han closed, "
                                 "in place of (open/double) riichi"),
    "local_sanshoku_tsuukan": "local yaku 三色通貫: 123, 456 and 789 in three different suits, 2 han closed, 1 open",
    "local_isshoku_sanjun": "local yaku 一色三順: three identical runs, 2 han, in place of iipeikou",
    "local_sanrenkou": "local yaku 三連刻: three pungs/kans of one suit with consecutive numbers, 2 han",
    "local_renhou_yakuman": "local yaku 人和 as a yakuman: a non-dealer's ron before its first draw, no call made yet",
    "local_shiisan_puutaa": ("local yaku 十三不搭: on the first draw, 13 kinds and a pair, suited tiles 3 apart, "
                             "a simple; yakuman"),
    "local_daichisei": "local yaku 大七星: seven pairs of the seven honours, double yakuman (not with tsuuiisou)",
    "local_daisharin": "local yaku 大車輪: closed 22334455667788 of dots, yakuman",
    "local_touhoku_shinkansen": "local yaku 東北新幹線: ittsu with an East pung and a North pair or the reverse, yakuman",
    "local_hyakuman_goku": "local yaku 百萬石: characters only, the numbers summing to 100 or more, yakuman",
    "local_isshoku_yonjun": "local yaku 一色四順: four identical runs, yakuman",
    "local_suurenkou": "local yaku 四連刻: four pungs/kans of one suit with consecutive numbers, yakuman",
    "local_beni_kujaku": "local yaku 紅孔雀: pungs of 1s 5s 7s 9s 中 and a pair of them only, yakuman",
    "local_paarenchan": "local yaku 八連荘: the dealer's eighth consecutive win (and each further one), yakuman",
}


#: The values each text knob takes (the others are booleans, numbers and the uma).
KNOB_CHOICES: dict[str, tuple[str, ...]] = {
    "length": ("east", "south"),
    "placement_rounding": ("round-half-away", "none"),
    "tsumo_scheme": TSUMO_SCHEMES,
    "marudori2_reading": ("formula", "words"),
    "dealer_triple_reading": ("formula", "words"),
    "double_take_reading": ("formula", "words"),
    "renhou_limit": RENHOU_LIMITS,
}


_SANMA: dict[str, Any] = dict(  # keyword arguments of RuleSet
    players=3, start_points=35000, target_points=40000, uma=(20, 0, -20), honba_ron=200,
    honba_tsumo_each=100, noten_total=2000, nukidora=True,
)

PRESETS: dict[str, RuleSet] = {
    "tenhou-4p-south": RuleSet(),
    "tenhou-4p-east": RuleSet(name="tenhou-4p-east", length="east"),
    "tenhou-3p-south": RuleSet(name="tenhou-3p-south", **_SANMA),
    "tenhou-3p-east": RuleSet(name="tenhou-3p-east", length="east", **_SANMA),
}


def preset(name: str) -> RuleSet:
    """The named preset; raises ``KeyError`` listing the names when unknown."""
    try:
        return PRESETS[name]
    except KeyError:
        raise KeyError(f"unknown rule-set preset {name!r}; known: {', '.join(PRESETS)}") from None


def rule_problem(rules: RuleSet) -> str | None:
    """Why the replay could not apply ``rules`` (a value outside the knob's choices, or a
    three-player knob switched on for four players), or None when it can."""
    for knob, allowed in KNOB_CHOICES.items():
        if getattr(rules, knob) not in allowed:
            return f"{knob}={getattr(rules, knob)!r} is not one of {', '.join(allowed)}"
    if rules.players not in (3, 4):
        return f"players={rules.players}: riichi is played by three or four"
    if len(rules.uma) != rules.players:
        return f"uma={rules.uma} does not give one value per place of {rules.players}"
    if rules.players == 4 and rules.tsumo_scheme != "tsumo-loss":
        return f"tsumo_scheme={rules.tsumo_scheme} is a three-player knob"
    if rules.players == 4 and (rules.nukidora or rules.kita_after_pon):
        knob = "nukidora" if rules.nukidora else "kita_after_pon"
        return f"{knob} is a three-player knob (four players have no kita)"
    if rules.two_han_minimum_honba < 0:
        return f"two_han_minimum_honba={rules.two_han_minimum_honba}: a number of honba is 0 or more"
    if rules.renhou_limit != "none" and (rules.renhou or rules.local_renhou_yakuman):
        return "renhou_limit, renhou and local_renhou_yakuman are three values of 人和: choose one"
    return None

