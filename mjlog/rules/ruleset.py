"""Rule sets as data: one frozen dataclass of knobs, named presets, and Tenhou's GO type bits.

A log's header selects a preset; any knob can be overridden with
:meth:`RuleSet.replace` to ask what a game would have been under another rule.

>>> rs = ruleset_from_go_type(169)
>>> rs.name, rs.players, rs.red_fives, rs.open_tanyao, rs.length
('tenhou-4p-south', 4, True, True, 'south')
>>> ruleset_from_go_type(185).tsumo_scheme
'tsumo-loss'
>>> lobby_from_go_type(225).display
'四鳳東喰赤速'
>>> rs.replace(open_tanyao=False).open_tanyao
False
"""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass
from typing import Literal

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
    kiriage_mangan: bool = False
    double_yakuman_kokushi13: bool = False
    double_yakuman_suuankou_tanki: bool = False
    double_yakuman_junsei_chuuren: bool = False
    double_yakuman_daisuushii: bool = False
    kazoe_yakuman: bool = True
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
    nukidora: bool = True               # sanma kita
    fast: bool = False
    chip_points: bool = False           # special lobbies with chips (not modelled)

    def replace(self, **changes: object) -> "RuleSet":
        """A copy with some knobs changed (``name`` gains ``+custom`` unless given)."""
        if "name" not in changes and not self.name.endswith("+custom"):
            changes["name"] = self.name + "+custom"
        return dataclasses.replace(self, **changes)  # type: ignore[arg-type]

    @property
    def seats(self) -> tuple[int, ...]:
        """The seat numbers in play (0..3, or 0..2 in sanma)."""
        return tuple(range(self.players))

    @property
    def last_wind(self) -> int:
        """The round wind (0 East, 1 South) of the regular all-last hand."""
        return 0 if self.length == "east" else 1


_SANMA = dict(
    players=3, start_points=35000, target_points=40000, uma=(20, 0, -20), honba_ron=200,
    honba_tsumo_each=100, noten_total=2000,
)

PRESETS: dict[str, RuleSet] = {
    "tenhou-4p-south": RuleSet(),
    "tenhou-4p-east": RuleSet(name="tenhou-4p-east", length="east"),
    "tenhou-3p-south": RuleSet(name="tenhou-3p-south", **_SANMA),  # type: ignore[arg-type]
    "tenhou-3p-east": RuleSet(name="tenhou-3p-east", length="east", **_SANMA),  # type: ignore[arg-type]
}


def preset(name: str) -> RuleSet:
    """The named preset; raises ``KeyError`` listing the names when unknown."""
    try:
        return PRESETS[name]
    except KeyError:
        raise KeyError(f"unknown rule-set preset {name!r}; known: {', '.join(PRESETS)}") from None


# kobalab's level = (t & 0x20) >> 4 | (t & 0x80) >> 7 indexes 般上特鳳, so 0x80 is 上 and 0x20 特;
# the official JSON of type 0x29 games says 特南喰赤 (reference §3.2).
#: GO ``title`` that marks a game mjlog generated (``mjlog simulate``), not one people played.
SYNTHETIC_TITLE = "mjlog-synthetic"

ROOM_NAMES = {0: "般", 0x80: "上", 0x20: "特", 0xA0: "鳳"}
ROOM_ENGLISH = {0: "ippan", 0x80: "joukyuu", 0x20: "tokujou", 0xA0: "houou"}


@dataclass(frozen=True, slots=True)
class Lobby:
    """Where and how a Tenhou game was played, decoded from GO ``type`` and ``lobby``."""

    type: int
    lobby: int | None = None
    online: bool = True           # 0x01: against humans
    red_fives: bool = True        # 0x02 clear
    open_tanyao: bool = True      # 0x04 clear
    hanchan: bool = False         # 0x08
    sanma: bool = False           # 0x10
    room: str = "ippan"           # 0x80 joukyuu, 0x20 tokujou, both houou
    fast: bool = False            # 0x40
    kou: bool = False             # 0x1000
    special_bits: int = 0         # 0x100..0x800 and anything above 0x1000
    title: str | None = None
    rule: str | None = None
    ranking: str | None = None
    csrule: str | None = None

    @property
    def synthetic(self) -> bool:
        """A game mjlog generated (its GO title is ``mjlog-synthetic``)."""
        return self.title == SYNTHETIC_TITLE

    @property
    def special(self) -> bool:
        """A special lobby (custom rules): type bits above 0xFF, or a csrule."""
        return bool(self.special_bits) or bool(self.csrule)

    @property
    def display(self) -> str:
        """Tenhou's rule name, e.g. ``四鳳南喰赤`` (``rule.disp`` in JSON)."""
        room_bits = self.type & 0xA0
        text = ("三" if self.sanma else "四") + ROOM_NAMES[room_bits]
        text += "南" if self.hanchan else "東"
        text += "喰" if self.open_tanyao else ""
        text += "赤" if self.red_fives else ""
        text += "速" if self.fast else ""
        return text if self.online else "－" + text[1:]

    @property
    def english(self) -> str:
        """An English description, e.g. ``4p houou south, open tanyao, red fives``."""
        parts = [f"{'3p' if self.sanma else '4p'} {self.room} {'south' if self.hanchan else 'east'}"]
        parts.append("open tanyao" if self.open_tanyao else "no open tanyao")
        parts.append("red fives" if self.red_fives else "no red fives")
        if self.fast:
            parts.append("fast")
        if not self.online:
            parts.append("vs computer")
        if self.special:
            parts.append(f"special lobby (type 0x{self.type:X})")
        return ", ".join(parts)


@functools.lru_cache(maxsize=4096)  # Lobby is an immutable value; a corpus has a few dozen distinct ones
def lobby_from_go_type(go_type: int, lobby: int | None = None, **extra: str | None) -> Lobby:
    """Decode Tenhou's GO ``type`` bit field (reference §3.2)."""
    return Lobby(
        type=go_type,
        lobby=lobby,
        online=bool(go_type & 0x01),
        red_fives=not go_type & 0x02,
        open_tanyao=not go_type & 0x04,
        hanchan=bool(go_type & 0x08),
        sanma=bool(go_type & 0x10),
        room=ROOM_ENGLISH[go_type & 0xA0],
        fast=bool(go_type & 0x40),
        kou=bool(go_type & 0x1000),
        special_bits=go_type & ~0x10FF,
        title=extra.get("title"),
        rule=extra.get("rule"),
        ranking=extra.get("ranking"),
        csrule=extra.get("csrule"),
    )


def ruleset_for_lobby(lobby: Lobby) -> RuleSet:
    """The rule-set preset a lobby plays, with its red-five, kuitan and speed knobs."""
    name = f"tenhou-{'3p' if lobby.sanma else '4p'}-{'south' if lobby.hanchan else 'east'}"
    rs = PRESETS[name]
    changes: dict[str, object] = {}
    if not lobby.red_fives:
        changes["red_fives"] = False
    if not lobby.open_tanyao:
        changes["open_tanyao"] = False
    if lobby.fast:
        changes["fast"] = True
    if changes:
        rs = dataclasses.replace(rs, **changes)  # type: ignore[arg-type]
    return rs


def ruleset_from_go_type(go_type: int) -> RuleSet:
    """The rule set Tenhou's GO ``type`` selects."""
    return ruleset_for_lobby(lobby_from_go_type(go_type))


def apply_knobs(rules: RuleSet, text: str) -> RuleSet:
    """``rules`` with the knobs of a ``name=value;…`` text changed (values as Python writes them).

    This is how a log states a what-if rule set (the simulator's GO ``knobs``).
    Raises ``ValueError`` naming an unknown knob or a value that does not fit.

    >>> apply_knobs(PRESETS["tenhou-4p-south"], "renchan_on_dealer_tenpai=False;uma=(30, 10, -10, -30)").uma
    (30, 10, -10, -30)
    """
    fields = {f.name for f in dataclasses.fields(RuleSet)}
    changes: dict[str, object] = {}
    for part in filter(None, (p.strip() for p in text.split(";"))):
        name, sep, raw = part.partition("=")
        if not sep or name not in fields or name == "name":
            raise ValueError(f"unknown rule knob {name!r}")
        current = getattr(rules, name)
        try:
            if isinstance(current, bool):
                if raw not in ("True", "False"):
                    raise ValueError(raw)
                value: object = raw == "True"
            elif isinstance(current, int):
                value = int(raw)
            elif isinstance(current, tuple):
                value = tuple(int(x) for x in raw.strip("()").split(",") if x.strip())
            else:
                value = raw
        except ValueError:
            raise ValueError(f"rule knob {name}={raw!r} does not fit its type") from None
        changes[name] = value
    return rules.replace(**changes) if changes else rules
