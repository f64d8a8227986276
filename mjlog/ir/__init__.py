"""The intermediate representation (IR): what a log records, reader-independent.

Every reader turns its bytes into a :class:`GameLog`. Values are *recorded*
values, exactly as the log states them (scores in points, tiles as 0..135
ids). Derived values live in the replay results, never here.

A round holds its events in log order; the outcome events (:class:`Win`,
:class:`Ryuukyoku`) are events too, so a double ron is two ``Win`` events.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any, ClassVar, Protocol, TypeVar, cast

from mjlog.tiles import WIND_NAMES

#: The title mjlog gives every game it simulates, of any family (a log with it is synthetic).
SYNTHETIC_TITLE = "mjlog-synthetic"


E = TypeVar("E")
EnumT = TypeVar("EnumT", bound=Enum)
Extra = tuple[tuple[str, str], ...]
"""Attributes a log carried that the IR has no field for, kept as (name, value) pairs."""

#: Names a reader may put in :attr:`GameLog.unrecorded`, with what each means in an audit's note.
#: These are every family's; a family or a format adds its own with :func:`register_unrecorded`.
UNRECORDED = {
    # mjai (mjlog/formats/mjai/read.py) leaves these out; so may any format
    "wall": "the wall and its seed (the draws are checked as played, not against a shuffle)",
    "dice": "the dice",
    "tile_ids": "which copy of a tile kind each tile is (ids are assigned in order of appearance)",
    "placement_points": "the placement points (uma and oka) of the final result",
    "final_scores": "the final scores (taken as the scores after the last hand plus leftover sticks)",
}
#: Names of :data:`UNRECORDED` an audit's note leaves out (the family says so where the value is shown).
UNNOTED: set[str] = set()


def register_unrecorded(name: str, meaning: str, noted: bool = True) -> None:
    """Let readers put ``name`` in :attr:`GameLog.unrecorded`: ``meaning`` is what the audit's note
    says the log leaves out (not said when ``noted`` is False). A name registered with another
    meaning raises ValueError."""
    if UNRECORDED.get(name, meaning) != meaning:
        raise ValueError(f"unrecorded value {name!r} is already registered")
    UNRECORDED[name] = meaning
    if not noted:
        UNNOTED.add(name)


def unregister_unrecorded(name: str) -> None:
    """Take ``name`` off the register (tests register toy families' names and take them away)."""
    UNRECORDED.pop(name, None)
    UNNOTED.discard(name)


class CallKind(str, Enum):
    """The kinds of call (meld) every family shares. A family's own kinds (riichi's kita) are an
    enum of its package, registered with :func:`register_call_kinds`; each has ``is_kan`` and
    ``is_open`` as these do."""

    CHI = "chi"
    PON = "pon"
    KAKAN = "kakan"          # added kan (shouminkan)
    DAIMINKAN = "daiminkan"  # open kan on a discard
    ANKAN = "ankan"          # closed kan

    @property
    def is_kan(self) -> bool:
        return self in (CallKind.KAKAN, CallKind.DAIMINKAN, CallKind.ANKAN)

    @property
    def is_open(self) -> bool:
        """Whether the call opens the hand (ankan does not)."""
        return self in (CallKind.CHI, CallKind.PON, CallKind.KAKAN, CallKind.DAIMINKAN)


class AnyCallKind(Protocol):
    """What every kind of call has, :class:`CallKind`'s and a family's own registered ones."""

    @property
    def value(self) -> str: ...

    @property
    def is_kan(self) -> bool: ...

    @property
    def is_open(self) -> bool: ...


_CALL_KINDS: dict[str, AnyCallKind] = {k.value: k for k in CallKind}


def register_call_kinds(kinds: type[EnumT]) -> type[EnumT]:
    """Register a family's own call kinds (a ``str`` enum whose members have ``is_kan`` and
    ``is_open``); returns it (a class decorator). A value already registered raises ValueError."""
    for k in kinds:
        if _CALL_KINDS.get(k.value, k) is not k:
            raise ValueError(f"call kind {k.value!r} is already registered")
        # a registered kind is a str enum with is_kan and is_open (the contract above)
        _CALL_KINDS[k.value] = cast(AnyCallKind, k)
    return kinds


def unregister_call_kinds(kinds: type[Enum]) -> None:
    """Take a family's call kinds off the register (tests register toy families' and take them away)."""
    for k in kinds:
        if _CALL_KINDS.get(k.value) is k:
            del _CALL_KINDS[k.value]


def call_kinds() -> tuple[AnyCallKind, ...]:
    """Every registered call kind: the shared ones (:class:`CallKind`) first, then the families' own."""
    return tuple(_CALL_KINDS.values())


def call_kind(value: str) -> AnyCallKind:
    """The registered call kind named ``value``; ValueError for a name no family registered."""
    try:
        return _CALL_KINDS[value]
    except KeyError:
        raise ValueError(f"unknown call kind {value!r}") from None


@dataclass(frozen=True, slots=True)
class Player:
    """A seat's player as the header (UN) states it."""

    seat: int
    name: str
    rank: int | None = None      # Tenhou dan index 0..20 (0 新人, 10 初段, 20 天鳳位)
    rate: float | None = None
    sex: str | None = None       # 'M', 'F' ('C' marks the empty sanma slot)


@dataclass(frozen=True, slots=True)
class Seed:
    """The wall seed a log carries: ``kind`` is the text before the comma."""

    kind: str        # 'mt19937ar-sha512-n288-base64', 'mt19937ar-sha512-n288', 'mt19937ar', or other
    value: str       # the text after the comma ('' when there is none)
    text: str        # the whole attribute as written


# ---- events ---------------------------------------------------------------------------------


class Event:
    """The base of every event of a hand: the generic ones below, and a family's own (riichi's
    declaration, its deposit and kan dora: :mod:`mjlog.rules.riichi.events`) in its package.

    ``family`` is None for the events every family shares, else the family whose rules have the
    event. A family's event classes are registered with :func:`register_event`; a referee
    dispatches events by class (``BaseTable.handlers``) and meets another family's with
    ``BaseTable.foreign_event``.
    """

    __slots__ = ()
    family: ClassVar[str | None] = None


_EVENT_CLASSES: dict[type[Event], None] = {}


def register_event(cls: type[E]) -> type[E]:
    """Register ``cls`` (an :class:`Event` subclass) as an event kind; returns it (a class decorator)."""
    if not issubclass(cls, Event):
        raise TypeError(f"{cls.__name__} is not an Event")
    _EVENT_CLASSES[cls] = None
    return cls


def unregister_event(cls: type) -> None:
    """Take an event class off the register (tests register toy families' events and take them away)."""
    _EVENT_CLASSES.pop(cls, None)


def event_classes(family: str | None = None) -> tuple[type[Event], ...]:
    """The registered event classes (of ``family`` only, when given), in registration order."""
    return tuple(c for c in _EVENT_CLASSES if family is None or c.family == family)


@register_event
@dataclass(frozen=True, slots=True)
class Draw(Event):
    """A seat draws a tile (live wall or replacement)."""

    seat: int
    tile: int


@register_event
@dataclass(frozen=True, slots=True)
class Discard(Event):
    """A seat discards a tile; ``tsumogiri`` when it is the tile just drawn."""

    seat: int
    tile: int
    tsumogiri: bool = False


@register_event
@dataclass(frozen=True, slots=True)
class Call(Event):
    """A call (meld), a closed kan, or a family's own kind of call (riichi's kita).

    ``tiles`` are the tiles of the meld. For chi and pon they are in id order;
    for kans the first tile is the one the log names (Tenhou's ``m >> 8``) and
    the rest follow in id order; kakan's are the pon's three then the added one.
    ``called`` is the tile taken from ``from_seat`` (None for ankan);
    ``added`` is the tile a kakan adds. ``kind`` is a :class:`CallKind` or a family's own
    registered kind (:func:`register_call_kinds`).
    """

    seat: int
    kind: AnyCallKind
    tiles: tuple[int, ...]
    called: int | None = None
    from_seat: int | None = None
    added: int | None = None


@register_event
@dataclass(frozen=True, slots=True)
class FlowerSetAside(Event):
    """A seat sets a flower or season tile aside (ids 136..143); a replacement draw follows."""

    seat: int
    tile: int


@register_event
@dataclass(frozen=True, slots=True)
class Disconnect(Event):
    """A player's connection dropped (BYE)."""

    seat: int


@register_event
@dataclass(frozen=True, slots=True)
class Reconnect(Event):
    """A player came back (a mid-game UN naming the seat)."""

    seat: int
    name: str


@register_event
@dataclass(frozen=True, slots=True)
class Win(Event):
    """A win (AGARI) as recorded. Scores and points in points.

    ``hand`` holds the concealed tiles including ``win_tile``; ``melds`` the
    calls (a family's own kinds included, as its logs list them). ``points`` is the hand's value
    in points; ``honba``/``sticks`` are the ``ba`` values at the win;
    ``scores_before`` and ``deltas`` the ``sc`` pairs (deltas include honba and
    sticks). What only the family records (riichi's fu, limit, yaku, dora and
    pao: :class:`mjlog.rules.riichi.record.RiichiWin`; Beijing's and MCR's fan
    lines) is the ``payload``.
    """

    who: int
    from_who: int
    hand: tuple[int, ...]
    win_tile: int
    melds: tuple[Call, ...] = ()
    points: int = 0
    honba: int = 0
    sticks: int = 0
    scores_before: tuple[int, ...] = ()
    deltas: tuple[int, ...] = ()
    extra: Extra = ()
    payload: Any = None
    """The family's own recorded values of the win (riichi's fu and yaku, a Beijing or MCR win's fan lines)."""

    @property
    def tsumo(self) -> bool:
        return self.who == self.from_who


@register_event
@dataclass(frozen=True, slots=True)
class Ryuukyoku(Event):
    """A round that ended without a win (RYUUKYOKU) as recorded.

    ``hands`` has one entry per seat: the tiles the seat showed, or None. What only the family
    records of it (riichi's kind of draw, abortive or exhaustive:
    :class:`mjlog.rules.riichi.record.RiichiDraw`; Beijing's 燒莊 side payment) is the ``payload``;
    a draw without one is an exhaustive draw (the live wall used up).
    """

    honba: int = 0
    sticks: int = 0
    scores_before: tuple[int, ...] = ()
    deltas: tuple[int, ...] = ()
    hands: tuple[tuple[int, ...] | None, ...] = ()
    extra: Extra = ()
    payload: Any = None
    """The family's own recorded values of the draw (riichi's draw kind, Beijing's 燒莊 side payments)."""

    @property
    def shown(self) -> tuple[int, ...]:
        """Seats that showed their hand (for an exhaustive draw: the tenpai seats)."""
        return tuple(s for s, h in enumerate(self.hands) if h is not None)


Outcome = Win | Ryuukyoku


@dataclass(frozen=True, slots=True)
class Round:
    """One hand (kyoku) from its deal to its outcome.

    ``kyoku`` is the hand's place in the game as its family counts it; for riichi, Tenhou's
    ``wind*4 + dealer`` (0..3 East, 4..7 South, 8..11 West).
    ``scores`` are the start scores in points, one per seat in play.
    """

    index: int
    kyoku: int
    honba: int
    sticks: int
    dealer: int
    scores: tuple[int, ...]
    dice: tuple[int, int]
    dora_indicator: int | None       # None in a family without dora (MCR)
    hands: tuple[tuple[int, ...], ...]
    events: tuple[Event, ...] = ()
    shuffle: Seed | None = None      # old logs: a per-round seed
    extra: Extra = ()
    payload: Any = None
    """The family's own recorded values of the hand (Beijing's wild indicator, MCR's flowers...)."""

    @property
    def wind(self) -> int:
        """Round wind: 0 East, 1 South, 2 West, 3 North."""
        return self.kyoku // 4

    @property
    def number(self) -> int:
        """Hand number within the wind, 1-based (East *1*)."""
        return self.kyoku % 4 + 1

    @property
    def outcomes(self) -> tuple[Outcome, ...]:
        return tuple(e for e in self.events if isinstance(e, (Win, Ryuukyoku)))

    @property
    def place(self) -> str:
        """The round wind and the hand number, e.g. ``'East 1'``."""
        return f"{WIND_NAMES[self.wind]} {self.number}"

    @property
    def name(self) -> str:
        """The hand's name in its family's words: the one registered for the class of its payload
        (:func:`register_round_name`: Beijing ``'East 2, 連莊 1'``, MCR ``'hand 5'``), else riichi's
        ``'East 1, 2 honba, 1 stick'``."""
        namer = _ROUND_NAMES.get(type(self.payload))
        return namer(self) if namer is not None else riichi_round_name(self)


#: How a family names its hands, by the class of the round's payload (see :func:`register_round_name`).
_ROUND_NAMES: dict[type, Callable[[Round], str]] = {}


def register_round_name(payload_cls: type, namer: Callable[[Round], str]) -> None:
    """Name every round whose payload is a ``payload_cls`` with ``namer`` (a family registers the
    class of its rounds' payload). A class registered with another namer raises ValueError."""
    if _ROUND_NAMES.get(payload_cls, namer) is not namer:
        raise ValueError(f"a round name for {payload_cls.__name__} is already registered")
    _ROUND_NAMES[payload_cls] = namer


def unregister_round_name(payload_cls: type) -> None:
    """Take ``payload_cls`` off the register (tests register toy families' classes and take them away)."""
    _ROUND_NAMES.pop(payload_cls, None)


#: Riichi round names by (kyoku, honba, sticks), the few a corpus has (at most this many kept):
#: a hand's name is asked for by its reading and its replay (16,544 times in the audit of the 722 Phoenix
#: files: 1.42 µs a name worked out, 0.30 µs one kept).
_RIICHI_NAMES: dict[tuple[int, int, int], str] = {}
_RIICHI_NAMES_KEPT = 1024


def riichi_round_name(rnd: Round) -> str:
    """``'East 1, 2 honba, 1 stick'``: the place, the honba and the riichi sticks on the table
    (the name of a round whose payload's class registered none)."""
    kyoku, honba, sticks = rnd.kyoku, rnd.honba, rnd.sticks
    if type(kyoku) is not int or type(honba) is not int or type(sticks) is not int:
        return _riichi_name(rnd)  # True == 1 as a key, but not as text: only plain ints are kept
    key = (kyoku, honba, sticks)
    text = _RIICHI_NAMES.get(key)
    if text is None:
        text = _riichi_name(rnd)
        if len(_RIICHI_NAMES) < _RIICHI_NAMES_KEPT:
            _RIICHI_NAMES[key] = text
    return text


def _riichi_name(rnd: Round) -> str:
    """:func:`riichi_round_name`, worked out."""
    text = rnd.place
    if rnd.honba:
        text += f", {rnd.honba} honba"
    if rnd.sticks:
        text += f", {rnd.sticks} stick{'s' if rnd.sticks != 1 else ''}"
    return text


@dataclass(frozen=True, slots=True)
class FinalResult:
    """The game's recorded end (``owari``): scores in points and placement points."""

    scores: tuple[int, ...]
    points: tuple[float, ...]
    rounded: bool    # True when every placement value is a whole number (the pre-2021 era)


@dataclass(frozen=True, slots=True, weakref_slot=True)
class GameLog:
    """One game as a log records it.

    ``family`` names the rule family (a key of :func:`mjlog.rules.families`) and ``rules`` is the
    family's rule set that the log's header selects. ``header`` holds the format's own header
    facts, of a type the family defines (for Tenhou logs riichi's :class:`~mjlog.rules.riichi.lobby.Lobby`), or None.
    """

    source_format: str                 # 'tenhou-xml', 'tenhou-json'
    family: str
    rules: Any
    players: tuple[Player, ...]
    rounds: tuple[Round, ...]
    header: Any = None                 # the format's own header: a family's header type, or None
    log_id: str | None = None
    source: str | None = None          # path or '<bytes>'
    seed: Seed | None = None
    first_dealer: int = 0
    final: FinalResult | None = None
    version: str | None = None
    header_extra: Extra = ()
    unrecorded: frozenset[str] = frozenset()
    """Values the format does not record, so a replay cannot compare them (see ``UNRECORDED``)."""

    @property
    def truncated(self) -> bool:
        """True when the log has no recorded end (no ``owari``)."""
        return self.final is None

    @property
    def n_players(self) -> int:
        return self.rules.players

    def __repr__(self) -> str:
        """A few lines a person can read (the full IR is its fields): family, rule set, players,
        hands and the end, each name cut short."""
        names = ", ".join(_short(p.name or f"seat {p.seat}") for p in self.players[:4])
        end = "no recorded end" if self.final is None else "final " + " ".join(map(str, self.final.scores[:4]))
        ident = _short(self.log_id or (self.source or "").replace("\\", "/").rsplit("/", 1)[-1], 40)
        return (f"<GameLog {self.family} {_short(str(getattr(self.rules, 'name', '')))}{' ' + ident if ident else ''}: "
                f"{len(self.rounds)} hands; players {names}; {end}>")

    def _repr_html_(self) -> str:
        """A notebook's view: the game in a line and a compact table of its hands, every string escaped."""
        from mjlog.ir.html import paragraph, table

        rows = [(r.name, seat_label(self, r.dealer), _outcomes_in_words(self, r.outcomes), _score_changes(r.outcomes))
                for r in self.rounds[:_HTML_ROWS]]
        if len(self.rounds) > _HTML_ROWS:
            rows.append(("…", "", f"{len(self.rounds) - _HTML_ROWS} more hands", ""))
        end = "no recorded end" if self.final is None else "final scores " + " ".join(map(str, self.final.scores))
        players = ", ".join(seat_label(self, p.seat) for p in self.players)
        head = (f"{self.family} · {getattr(self.rules, 'name', '')} · {self.log_id or self.source or ''} · "
                f"{len(self.rounds)} hands · {players} · {end}")
        return "<div>" + paragraph(head) + table(("hand", "dealer", "outcome", "score changes"), rows) + "</div>"


#: a game's HTML lists at most this many hands (a notebook cell stays small); a row says how many more
_HTML_ROWS = 200


def _outcomes_in_words(log: GameLog, outcomes: tuple[Outcome, ...]) -> str:
    """A hand's outcomes in words: who won off whom, for how many points, or a drawn hand."""
    words = []
    for o in outcomes:
        if isinstance(o, Win):
            how = "by self-draw" if o.tsumo else f"off {seat_label(log, o.from_who)}"
            words.append(f"{seat_label(log, o.who)} wins {how}" + (f", {o.points} points" if o.points else ""))
        else:
            shown = ", ".join(seat_label(log, s) for s in o.shown)
            words.append("drawn hand" + (f", shown: {shown}" if shown else ""))
    return "; ".join(words) or "no recorded outcome"


def _score_changes(outcomes: tuple[Outcome, ...]) -> str:
    """Each seat's recorded score change over a hand's outcomes (``+8000 -8000 0 0``)."""
    total: list[int] = []
    for o in outcomes:
        total += [0] * (len(o.deltas) - len(total))
        for seat, d in enumerate(o.deltas):
            total[seat] += d
    return " ".join(f"{d:+d}" if d else "0" for d in total)


def _short(text: str, width: int = 24) -> str:
    """``text`` cut to ``width`` characters (an ellipsis marks the cut)."""
    return text if len(text) <= width else text[:width - 1] + "…"


def seat_label(log: GameLog, seat: int) -> str:
    """``'seat 2 (name)'``."""
    name = log.players[seat].name if seat < len(log.players) else ""
    return f"seat {seat} ({name})" if name else f"seat {seat}"
