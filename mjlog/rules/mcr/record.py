"""What an MCR record states beside the generic IR: the payloads of a game, a hand and a win.

Every MCR reader (PMN, the Botzone text export, mjlog's MCR dialect of the Tenhou-style XML and
JSON) fills the generic :class:`~mjlog.ir.GameLog` with the generic events (draws, discards,
calls, :class:`~mjlog.ir.FlowerSetAside`, wins, draws without a win) and puts what only MCR
records here:

- ``GameLog.header``: a :class:`McrHeader` (the format, ``synthetic``, the match's identity);
- ``Round.payload``: a :class:`McrHandRecord` (prevalent wind, the wall's shape, flowers set aside
  at the deal, the hand's recorded score changes and penalties);
- ``Win.payload``: a :class:`McrWinRecord` (the fan lines as recorded, or only a total where a
  format records only that; the flowers counted; a stated false win).

A win's payments are the generic ``Win.deltas`` (score changes per seat) where the format
records them per win; a format that records only the hand's total (PMN, whose double win has one
``Result``) leaves ``Win.deltas`` empty for a multiple win and states the total in
:attr:`McrHandRecord.result`. Tile ids: 0-135 as in riichi, 136-143 the flowers 春夏秋冬梅兰竹菊.

>>> w = McrWinRecord(fans=(RecordedFan(number=55, value=4), RecordedFan(number=59, value=2)), total=6)
>>> w.stated_total
6
>>> McrWinRecord(fans=(RecordedFan(number=55, value=4, count=2),)).stated_total
8
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from mjlog.ir import Extra, Round, register_round_name
from mjlog.ir.check import PER_HAND_LIMIT, OutOfRange, PayloadCheck, check_text, register_payload

@dataclass(frozen=True, slots=True)
class Flower:
    """A flower or season tile: its character and its English name."""

    character: str
    english: str


#: The id of the first flower: the flowers follow riichi's 136 tile ids.
FIRST_FLOWER = 136
#: The flowers and seasons by tile id from :data:`FIRST_FLOWER` (numbered 1-8 in MCR's records).
FLOWERS = (Flower("春", "spring"), Flower("夏", "summer"), Flower("秋", "autumn"), Flower("冬", "winter"),
           Flower("梅", "plum"), Flower("兰", "orchid"), Flower("竹", "bamboo"), Flower("菊", "chrysanthemum"))


def flower_of(tile: int) -> Flower | None:
    """The flower with id ``tile``; None for a tile that is no flower.

    >>> flower_of(136).character, flower_of(143).english, flower_of(135)
    ('春', 'chrysanthemum', None)
    """
    k = tile - FIRST_FLOWER
    return FLOWERS[k] if 0 <= k < len(FLOWERS) else None


#: How the hand's wall is laid out, which decides when it is exhausted (荒牌) and which draw is the
#: last (妙手回春, 海底捞月): one shared wall of ``tiles`` tiles, or one wall per seat of ``tiles``
#: tiles each (the Botzone data set: 34 per seat, no flowers).
WallShape = Literal["shared", "per-seat"]


@dataclass(frozen=True, slots=True)
class McrHeader:
    """An MCR game's header: which format it came from and what the record says of the match.

    ``synthetic`` marks games made by ``mjlog simulate`` (the store keeps them apart).
    ``table_points``: the record states table points (``GameLog.final.points``) that the audit
    can check; PMN and Botzone state none. ``hands``: how many hands the match has, where the
    format says so (a PMN board and a Botzone match are one hand); None: the rule set's.
    """

    format: str                              # 'pmn', 'botzone', 'mcr-xml', 'mcr-json'
    synthetic: bool = False
    match_id: str | None = None              # Botzone's Match id; the dialect's game id
    event: str | None = None                 # PMN's Event ('Duplicate MCR')
    site: str | None = None                  # PMN's Site (the replay's address)
    date: str | None = None                  # as written ('2022.06.25')
    board: str | None = None                 # PMN's Board (a duplicate board's number)
    scoring: str | None = None               # as written ('Duplicate'); the rule set follows it
    table_points: bool = False
    hands: int | None = None                 # the match's length, where the record states it
    extra: Extra = ()                        # header fields the payload has no name for, as written


ClaimAction = Literal["win", "pung", "kong", "chow"]


@dataclass(frozen=True, slots=True)
class LostClaim:
    """A claim a seat made that lost to the claim at event ``at`` (the call or win that took the tile).

    ``tile`` is the tile kind the claim names (0-33; for a chow its middle tile).
    """

    at: int
    seat: int
    action: ClaimAction
    tile: int


@dataclass(frozen=True, slots=True)
class McrHandRecord:
    """One hand's MCR facts (``Round.payload``).

    ``prevalent_wind`` 0-3 (E S W N); seat winds follow ``Round.dealer`` (the dealer is East,
    then counter-clockwise). ``deal_flowers`` are the flowers each seat set aside at the deal
    when the format does not record their replacement draws as events (PMN: the deal is the
    hand after replacement). ``result`` is the hand's recorded score change of every seat (all
    wins and penalties together), ``penalties`` the part of it the record states as penalties
    (false wins and other faults), None where the format states none. ``lost_claims`` are the
    claims a record states were made on a discard but lost to a higher-priority claim (Botzone's
    ``Ignore`` parts).
    """

    prevalent_wind: int = 0
    wall_shape: WallShape = "shared"
    wall_tiles: int = 144
    deal_flowers: tuple[tuple[int, ...], ...] = ()
    result: tuple[int, ...] | None = None
    penalties: tuple[int, ...] | None = None
    lost_claims: tuple[LostClaim, ...] = ()
    extra: Extra = ()


@dataclass(frozen=True, slots=True)
class RecordedFan:
    """One fan line as a record states it: its number (1-81, 82 明暗杠), name, value and count.

    Any of number, name and value may be missing where the format lost it (Botzone's export
    kept the count and the name's length, written as ``?`` characters).
    """

    number: int | None = None
    name: str | None = None
    value: int | None = None
    count: int = 1


@dataclass(frozen=True, slots=True)
class McrWinRecord:
    """A win's MCR facts (``Win.payload``): the fan lines and the total as recorded.

    ``total`` is the recorded total with the flowers (None where only the lines are recorded);
    ``flowers`` the flower fans the record counts (None: not stated apart from the lines).
    ``false_win``: the record itself states the win was false (錯和) and penalised.
    """

    fans: tuple[RecordedFan, ...] = ()
    total: int | None = None
    flowers: int | None = None
    false_win: bool = False

    @property
    def stated_total(self) -> int | None:
        """The recorded total, or the sum of the lines where every line has a value."""
        if self.total is not None:
            return self.total
        if self.fans and all(f.value is not None for f in self.fans):
            return sum(f.value * f.count for f in self.fans if f.value is not None)  # every value is set (checked above)
        return None


def _check_record(r: McrWinRecord) -> None:
    """OutOfRange for a fan line's name longer than the IR's text limit, or for more fans counted in
    one win than the store's items of a win hold (each counted fan is one item: :data:`PER_HAND_LIMIT`,
    :mod:`mjlog.ir.check`)."""
    for f in r.fans:
        check_text(f.name, "a fan line's name")
    counted = sum(f.count for f in r.fans)
    if counted > PER_HAND_LIMIT:
        raise OutOfRange(f"the win counts {counted:,} fans, more than {PER_HAND_LIMIT}")


register_payload(McrWinRecord, PayloadCheck(values=_check_record))


def round_name(rnd: Round) -> str:
    """An MCR hand's name, ``'hand 5'``: a match counts its hands, without a repeat or a counter
    (the prevalent wind is the record's, :attr:`McrHandRecord.prevalent_wind`)."""
    return f"hand {rnd.kyoku + 1}"


register_round_name(McrHandRecord, round_name)
