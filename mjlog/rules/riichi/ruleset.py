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

from mjlog.rules.sources import choice, knob, quoted, rule

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

#: The values of ``north``, seed 000's three uses of North at a three-player table (關於北風): set aside as
#: a dora (北為懸賞, Tenhou's), an ordinary tile, the guest wind (北為客風), or a value tile for all (北為役牌).
NORTH_RULES = ("nukidora", "guest", "yakuhai")

#: Knob names of older versions a log's stated knobs or ``--knob`` may still give: (name, value) -> the
#: knob and value that say it now (simulated logs of before ``north`` state ``nukidora=False``).
KNOB_ALIASES: dict[tuple[str, str], tuple[str, str]] = {
    ("nukidora", "True"): ("north", "nukidora"),
    ("nukidora", "False"): ("north", "guest"),
}


@dataclass(frozen=True, slots=True)
class RuleSet:
    """The knobs of one riichi rule set. Points are in points (not hundreds).

    A new knob is a field declared with where it comes from, ``my_knob: bool = knob(False, rule("T-n"))``
    (a row of docs/rules-conformance.md; or ``quoted("002", "the seed's words")``, or ``choice("why")``:
    :mod:`mjlog.rules.sources`), and a line of meaning in :data:`KNOB_DOCS`.
    """

    name: str = knob("tenhou-4p-south", choice("the preset's name"))
    players: int = knob(4, rule("T-1"))
    red_fives: bool = knob(True, rule("T-6"))
    open_tanyao: bool = knob(True, rule("T-5"))
    length: GameLength = knob("south", rule("T-8"))
    start_points: int = knob(25000, rule("T-1"))
    target_points: int = knob(30000, rule("T-1"))          # the return (genten) and the all-last target
    uma: tuple[int, ...] = knob((20, 10, -10, -20), rule("T-2"))   # in thousands, by placement
    placement_rounding: PlacementRounding = knob("round-half-away", rule("T-11"))
    tied_placements_share_uma: bool = knob(False, rule("T-13"))   # ties split their uma (csrule lobbies); Tenhou: seat order
    honba_ron: int = knob(300, quoted("002", "本場費由包牌者支付"))                # per honba, paid by the discarder on ron
    honba_tsumo_each: int = knob(100, quoted("002", "本場費由包牌者支付"))         # per honba, paid by each payer on tsumo
    riichi_deposit: int = knob(1000, rule("T-23"))
    noten_total: int = knob(3000, rule("T-7"))
    tsumo_scheme: str = knob("tsumo-loss", rule("S3-9"))    # only meaningful for 3 players
    # the readings of 丸取2, 莊家3倍支付 and 倍取 (sanma_schemes.READINGS)
    marudori2_reading: str = knob("formula", rule("S3-9"))
    dealer_triple_reading: str = knob("formula", rule("S3-9"))
    double_take_reading: str = knob("formula", rule("S3-9"))
    kiriage_mangan: bool = knob(False, choice("no rules document mentions rounding up to mangan; off, as Tenhou pays"))
    double_yakuman_kokushi13: bool = knob(False, quoted("002", "國士無雙十三面 1倍役滿"))
    double_yakuman_suuankou_tanki: bool = knob(False, quoted("002", "四暗刻單騎 1倍役滿"))
    double_yakuman_junsei_chuuren: bool = knob(False, quoted("002", "純正九蓮寶燈 1倍役滿"))
    double_yakuman_daisuushii: bool = knob(False, quoted("002", "大四喜 1倍役滿"))
    double_yakuman_tenhou: bool = knob(False, quoted("002", "天和 1倍役滿"))
    double_yakuman_suukantsu: bool = knob(False, choice("seed 002 lists 四槓子 as a single yakuman; double as a variant"))
    kazoe_yakuman: bool = knob(True, quoted("002", "允許13番以上(含13番)累計役滿"))
    ura_dora: bool = knob(True, choice("Tenhou counts ura dora under riichi; off as a what-if"))
    ippatsu: bool = knob(True, quoted("002", "一發 1番"))
    kan_dora: bool = knob(True, choice("Tenhou turns a new dora indicator per kan; off as a what-if"))
    two_han_minimum_honba: int = knob(0, quoted("002", "通常叫做「二翻縛」"))   # 二翻縛 from this many honba (0: never)
    chiitoitsu_1han_50fu: bool = knob(False, quoted("002", "七對子符數為25符"))
    renhou_limit: str = knob("none", quoted("002", "人和、大車輪、十三不搭、八連庄"))  # RENHOU_LIMITS
    renhou: bool = knob(False, quoted("002", "沒有在以上兩表格中出現的牌型"))
    pao: bool = knob(True, rule("T-20"))
    pao_covers_stacked_yakuman: bool = knob(True, rule("T-20"))
    double_ron: bool = knob(True, rule("T-19"))
    triple_ron_abort: bool = knob(True, rule("T-15"))
    abortive_draws: bool = knob(True, rule("T-15"))         # nine terminals, four winds, four riichi, four kans
    nagashi_mangan: bool = knob(True, rule("T-18"))
    renchan_on_dealer_tenpai: bool = knob(True, rule("T-7"))
    renchan_on_any_draw: bool = knob(False, rule("T-7"))
    renchan_on_dealer_win: bool = knob(True, rule("T-19"))
    agari_yame: bool = knob(True, rule("T-10"))             # all-last dealer win ends the game when #1 and >= target
    tenpai_yame: bool = knob(True, rule("T-10"))            # the same after an all-last dealer tenpai at a draw
    bust_below_zero: bool = knob(True, rule("T-9"))
    extension: bool = knob(True, rule("T-8"))              # sudden-death West (south game) / South (east game)
    leftover_sticks_to_first: bool = knob(True, rule("T-12"))
    north: str = knob("guest", rule("S3-5"))               # NORTH_RULES; nukidora in the three-player presets
    kita_after_pon: bool = knob(False, rule("T3-8"))        # sanma: kita right after a pon, before the discard (Tenhou: no)
    north_kept_only_in_yakuman: bool = knob(False, quoted("000", "北只可作字一色、四喜和和國士無雙才能當作手牌"))
    kita_rinshan: bool = knob(True, quoted("000", "天鳳只計算嶺上開花"))         # a tsumo on a kita's replacement
    kita_chankan: bool = knob(False, quoted("000", "嶺上開花和搶杠的役種可自定是否計算"))   # a ron on a kita
    # local yaku (地方役, mjlog/rules/riichi/local_yaku.py): off in every Tenhou preset
    local_open_riichi: bool = knob(False, quoted("002", "開立直:門前役"))
    local_open_double_riichi: bool = knob(False, quoted("002", "開雙立直:門前役"))
    local_sanshoku_tsuukan: bool = knob(False, quoted("002", "三色通貫:食下役"))
    local_isshoku_sanjun: bool = knob(False, quoted("002", "一色三順:是否為食下役要看規則"))
    local_sanrenkou: bool = knob(False, quoted("002", "三連刻:牌中有同花色且數字相連的三組數牌刻子"))
    local_renhou_yakuman: bool = knob(False, quoted("002", "人和:門前役"))
    local_shiisan_puutaa: bool = knob(False, quoted("002", "十三不搭:門前役"))
    local_daichisei: bool = knob(False, quoted("002", "大七星:7種字牌組成"))
    local_daisharin: bool = knob(False, quoted("002", "大車輪:門前役"))
    local_touhoku_shinkansen: bool = knob(False, quoted("002", "東北新干線"))
    local_hyakuman_goku: bool = knob(False, quoted("002", "百萬石:萬子清一色"))
    local_isshoku_yonjun: bool = knob(False, quoted("002", "一色四順:牌中有四個同色同數的順子"))
    local_suurenkou: bool = knob(False, quoted("002", "四連刻:牌中有同花色且數字相連的四組刻子"))
    local_beni_kujaku: bool = knob(False, quoted("002", "紅孔雀:與「綠一色」相反"))
    local_paarenchan: bool = knob(False, quoted("002", "八連庄:自己連續做莊至少8次"))

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

    def knob_alias(self, name: str, raw: str) -> tuple[str, str] | None:
        """The knob and value an older knob's ``name=raw`` says now (:data:`KNOB_ALIASES`), or None."""
        return KNOB_ALIASES.get((name, raw))

    @property
    def nukidora(self) -> bool:
        """A North may be set aside as a dora (kita): ``north`` is ``nukidora``."""
        return self.north == "nukidora"

    @property
    def north_is_value(self) -> bool:
        """North is a value tile (yakuhai) for every seat: ``north`` is ``yakuhai``."""
        return self.north == "yakuhai"

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
    "north": ("three players, North (seed 000's 關於北風): nukidora, a North may be set aside as a dora (kita, "
              "北為懸賞, Tenhou's); guest, North is an ordinary tile, the guest wind (北為客風); yakuhai, a North "
              "pung or kan is worth 1 han to every seat and a North pair 2 fu (北為役牌: '北為3家共同役牌'); "
              "no kita but under nukidora"),
    "kita_after_pon": ("three players: a North may be set aside right after a pon, before the discard "
                       "(off: only after a draw, Tenhou's three-player rule 8)"),
    "north_kept_only_in_yakuman": ("three players, North not a value tile: a hand holding a North (concealed or "
                                   "called; not one set aside) wins only as 字一色, 小四喜 or 大四喜, or 國士無雙, "
                                   "else it is a false win (seed 000's note on 北為客風: '有規則說明北只可作字一色、"
                                   "四喜和和國士無雙才能當作手牌，否則當作錯和'; Tenhou: off, its three-player rule 6)"),
    "kita_rinshan": ("three players: a tsumo on the replacement drawn after a kita scores 嶺上開花 (seed 000: "
                     "'拔北風后衍生的嶺上開花和搶杠的役種可自定是否計算', Tenhou counts it; off: not)"),
    "kita_chankan": ("three players: a ron on a North set aside (搶北) scores 搶杠 (seed 000: Tenhou and 真·雀龍門 "
                     "do not; on: it does)"),
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
    "north": NORTH_RULES,
}


_SANMA: dict[str, Any] = dict(  # keyword arguments of RuleSet
    players=3, start_points=35000, target_points=40000, uma=(20, 0, -20), honba_ron=200,
    honba_tsumo_each=100, noten_total=2000, north="nukidora",
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
    for name, allowed in KNOB_CHOICES.items():
        if getattr(rules, name) not in allowed:
            return f"{name}={getattr(rules, name)!r} is not one of {', '.join(allowed)}"
    if rules.players not in (3, 4):
        return f"players={rules.players}: riichi is played by three or four"
    if len(rules.uma) != rules.players:
        return f"uma={rules.uma} does not give one value per place of {rules.players}"
    if rules.players == 4 and rules.tsumo_scheme != "tsumo-loss":
        return f"tsumo_scheme={rules.tsumo_scheme} is a three-player knob"
    kita_knobs = [k for k, on in (("kita_after_pon", rules.kita_after_pon), ("kita_rinshan=False", not rules.kita_rinshan),
                                  ("kita_chankan", rules.kita_chankan),
                                  ("north_kept_only_in_yakuman", rules.north_kept_only_in_yakuman)) if on]
    if rules.players == 4 and (rules.north != "guest" or kita_knobs):
        knob = f"north={rules.north}" if rules.north != "guest" else kita_knobs[0]
        return f"{knob} is a three-player knob (four players play North as a wind)"
    if rules.north_kept_only_in_yakuman and rules.north == "yakuhai":
        return "north_kept_only_in_yakuman is a rule of North as an ordinary tile, not of north=yakuhai (a value tile)"
    if rules.two_han_minimum_honba < 0:
        return f"two_han_minimum_honba={rules.two_han_minimum_honba}: a number of honba is 0 or more"
    if rules.renhou_limit != "none" and (rules.renhou or rules.local_renhou_yakuman):
        return "renhou_limit, renhou and local_renhou_yakuman are three values of 人和: choose one"
    return None

