"""The rule-family interface and its registry: what differs between rule systems, behind one seam.

A family (riichi, Beijing, Chinese Official) is one package under :mod:`mjlog.rules` that
subclasses :class:`Family` and registers itself. The readers name a game's family in
:attr:`mjlog.ir.GameLog.family`; the replay, the store, the statistics and the CLI look the family
up here and never import a family's modules themselves.

A family is its **replay contract** and its **parts**, each part for the code that uses it:

- the replay contract, what the game loop calls: its tile set (:attr:`Family.tile_count`), its rule
  sets (:attr:`Family.presets`, with :meth:`Family.knob_docs`), :meth:`Family.game_rules`,
  :meth:`Family.walls` (the wall of each hand, from the log's seed), :meth:`Family.first_hand`,
  :meth:`Family.replay_hand` (every event of one hand judged, each outcome scored and paid as
  :class:`~mjlog.rules.transfers.Transfer` rows, the findings made, the :class:`NextHand`),
  :meth:`Family.final_scores` and :meth:`Family.placement_points`;
- :attr:`Family.store`, a :class:`StoreFacts`: what the store and the statistics keep of its games;
- :attr:`Family.text`, a :class:`FamilyText`: its games and rule sets in words;
- :attr:`Family.scorer`, a :class:`HandScorer` (``mjlog score``), or None;
- :attr:`Family.simulator`, a :class:`Simulator` (``mjlog simulate``), or None.

Every part has a generic default, so a new family starts from :meth:`Family.replay_hand` alone.

>>> sorted(families())
['beijing', 'datong', 'mcr', 'riichi']
>>> family("riichi").presets["tenhou-4p-south"].players
4
>>> find_preset("tenhou-3p-east").name
'tenhou-3p-east'
"""

from __future__ import annotations

import dataclasses
import datetime
import importlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple, Protocol

from mjlog.errors import InvalidHandError, MjlogError
from mjlog.rules.transfers import Transfer

from mjlog.ir import Win

if TYPE_CHECKING:
    from mjlog.findings import Finding, FindingKind, Severity
    from mjlog.ir import Event, GameLog, Round, Ryuukyoku
    from mjlog.rules.results import DerivedWin, RoundResult


class RuleSetLike(Protocol):
    """What every family's rule set has: a name, the number of seats and the start score."""

    name: str
    players: int
    start_points: int


class GameCheck(Protocol):
    """The replay of one game as a family sees it: the log, and where findings go."""

    log: GameLog

    @property
    def findings(self) -> list[Finding]: ...

    def find(self, kind: FindingKind, message: str, recorded: object = None, derived: object = None,
             rnd: Round | None = None, severity: Severity = ...) -> None: ...


@dataclass(frozen=True, slots=True)
class GameRules:
    """The rule set a game is replayed under, and whether its placement points can be checked."""

    rules: Any
    placement_stated: bool = True


@dataclass(frozen=True, slots=True)
class NextHand:
    """The next hand's position (``kyoku``), repeat counter (``honba``) and pot (``sticks``), or the end."""

    game_over: bool
    kyoku: int
    honba: int
    sticks: int
    renchan: bool
    reason: str = ""


@dataclass(frozen=True, slots=True)
class HandStart:
    """Where a hand starts: its position (``kyoku``), repeat counter (``honba``), pot (``sticks``)
    and each seat's score."""

    kyoku: int
    honba: int
    sticks: int
    scores: tuple[int, ...]

    @property
    def counters(self) -> tuple[int, int, int]:
        """``(kyoku, honba, sticks)``: the start without the scores."""
        return (self.kyoku, self.honba, self.sticks)


@dataclass(frozen=True, slots=True)
class HandReplay:
    """One hand replayed: what was derived, what comes next (None: the log stops inside the hand).

    ``alternative_end`` is the end the rules give where a payment finding made the log's own
    scores differ from them: the next hand may fairly start from either.
    """

    result: RoundResult
    next: NextHand | None
    alternative_end: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True)
class WinItem:
    """One scoring element of a win (a yaku, a fan, dora...): its family's id, names and value."""

    item_id: int
    name: str          # in the rules' own language
    english: str
    value: int         # in the family's unit (han, fan...)


@dataclass(frozen=True, slots=True)
class HandDeclarations:
    """What a family's own events of one hand declared, for the store. ``declared`` counts the
    declarations made (riichi: riichi declared; ``rounds.n_riichi_declared``); ``standing`` maps each
    seat whose declaration stood to the index of the event where it did (riichi: its deposit paid;
    ``rounds.n_riichi``, ``wins.riichi`` and the deposit payments' ``event_index``)."""

    declared: int = 0
    standing: Mapping[int, int] = field(default_factory=dict)


NO_DECLARATIONS = HandDeclarations()


@dataclass(frozen=True, slots=True)
class GameDate:
    """The day a game was played, and the hour when the log tells it (on the log's own clock)."""

    day: datetime.date
    hour: int | None = None


@dataclass(frozen=True, slots=True)
class ScoreRequest:
    """One hand to score, as ``mjlog score`` takes it; a family reads the fields its rules know.

    ``hand`` is mpsz text (1-7z = E S W N 白 發 中), the winning tile last; ``calls`` are
    ``kind:tiles`` texts (chi, pon, kan, ankan, kakan). Seats and winds are 0 East .. 3 North:
    ``seat_wind`` is the winner's seat, ``discarder`` the seat that dealt in (None: the seat
    before the winner), ``dealer_seat`` who deals (None: East, or the winner with ``dealer``).
    ``mutual`` lists seats in 互包 with the winner, ``burn_rounds`` the 燒莊 rounds, ``base``
    overrides the rule set's base, ``knobs`` is ``name=value;...`` text of rule knobs.
    MCR: ``flowers`` is how many flowers the winner set aside, ``last_copy`` a win on the last
    copy of its tile (和絕張); ``last_tile``, ``after_kan`` and ``robbed_kan`` are 妙手回春 /
    海底捞月, 杠上开花 and 抢杠和. Datong: ``renchan`` is how many deals the dealer has kept in a row.
    """

    hand: str
    rules: Any
    calls: tuple[str, ...] = ()
    tsumo: bool = False
    seat_wind: int = 0
    round_wind: int = 0
    dealer: bool = False
    dealer_seat: int | None = None
    discarder: int | None = None
    wild: str | None = None
    last_tile: bool = False
    after_kan: bool = False
    robbed_kan: bool = False
    first_turn: bool = False
    riichi: bool = False
    dora: str = ""
    burn_rounds: int = 0
    mutual: tuple[int, ...] = ()
    base: int | None = None
    flowers: int = 0
    last_copy: bool = False
    renchan: int = 0

    def seats(self) -> WinSeats:
        """Who wins, who deals and who dealt in (None on a self-draw), four seats at the table;
        InvalidHandError when the request contradicts itself."""
        winner = self.seat_wind
        if self.dealer and self.dealer_seat not in (None, winner):
            raise InvalidHandError("--dealer says the winner deals, but another dealer seat is given")
        dealer = winner if self.dealer else (0 if self.dealer_seat is None else self.dealer_seat)
        if self.tsumo:
            if self.discarder is not None:
                raise InvalidHandError("a self-draw has no discarder")
            return WinSeats(winner, dealer, None)
        discarder = (winner - 1) % 4 if self.discarder is None else self.discarder
        if discarder == winner:
            raise InvalidHandError("the winner cannot deal in to itself")
        return WinSeats(winner, dealer, discarder)


class WinSeats(NamedTuple):
    """The seats of a win given by hand (:meth:`ScoreRequest.seats`)."""

    winner: int
    dealer: int
    discarder: int | None


@dataclass(frozen=True, slots=True)
class ScoredHand:
    """A scored hand: its fan or yaku lines, its value in ``unit``, and who pays whom.

    ``side`` holds lines printed among the items but paid apart (Beijing's 燒莊); ``notes``
    whatever else the family states of the hand (riichi: fu and points).
    """

    items: tuple[WinItem, ...]
    total: int
    unit: str
    payments: tuple[Transfer, ...]
    side: tuple[WinItem, ...] = ()
    notes: tuple[str, ...] = ()


def lazy(module: str, name: str) -> Callable[..., Any]:
    """``module.name``, a function imported at its first call (a family's parts load their code only
    when a command uses them: ``mjlog audit`` never imports a simulator)."""
    found: list[Callable[..., Any]] = []

    def call(*args: Any, **kwargs: Any) -> Any:
        if not found:
            found.append(getattr(importlib.import_module(module), name))
        return found[0](*args, **kwargs)

    return call


class _LazyPart:
    """A class attribute that is ``module.name()`` made at its first use, then kept on the class that
    declares it in place of this descriptor (:func:`lazy_part`)."""

    def __init__(self, module: str, name: str) -> None:
        self.make = lazy(module, name)

    def __set_name__(self, owner: type, attribute: str) -> None:
        self.owner, self.attribute = owner, attribute

    def __get__(self, instance: object, owner: type) -> Any:
        part = self.make()
        setattr(self.owner, self.attribute, part)
        return part


def lazy_part(module: str, name: str) -> Any:
    """A family's part (:attr:`Family.store`, :attr:`Family.text`) that is ``module.name()``, made at its
    first use: its code is loaded only when a command uses it (``mjlog audit`` never loads the store's facts)."""
    return _LazyPart(module, name)


class StoreFacts:
    """What the store and the statistics keep of a family's games beyond the generic columns.

    Every method has a generic default, so a family that brings none of its own is stored with the
    generic columns: its wins without items or value, its draws exhaustive, its players unranked.
    """

    def win_items(self, win: DerivedWin) -> tuple[WinItem, ...]:
        """The scoring elements of a derived win, in the order the family lists them (default: none)."""
        return ()

    def recorded_win_items(self, win: Win) -> tuple[WinItem, ...]:
        """The scoring elements a log records for a win (none when the format records none)."""
        return ()

    def recorded_value(self, win: Win, items: Sequence[WinItem]) -> int | None:
        """A win's value as the log records it, in the family's :attr:`~Family.value_unit` (the store's
        ``wins.value``); the default: the sum of its recorded items' values, None without items."""
        return sum(it.value for it in items) if items else None

    def win_value(self, win: DerivedWin) -> int | None:
        """A derived win's value in the family's :attr:`~Family.value_unit` (default: None, unknown)."""
        return None

    def recorded_points(self, log: GameLog, win: Win) -> int | None:
        """A win's recorded points for the store (None where the log records no value for it)."""
        return win.points

    def draw_kind(self, draw: Ryuukyoku) -> tuple[str, bool]:
        """A recorded draw's kind by name and whether it is abortive (the store's ``draws.kind`` and
        ``abortive``); a family with only the exhaustive draw keeps the default."""
        return ("exhaustive", False)

    def win_columns(self, log: GameLog, win: Win, derived: DerivedWin | None) -> Mapping[str, object]:
        """The store's ``wins`` columns this family fills beyond the generic ones (riichi: han, fu,
        limit, dora...; see ``mjlog.store.rows.FAMILY_WIN_COLUMNS``); those it leaves out stay NULL."""
        return {}

    def game_columns(self, log: GameLog) -> Mapping[str, object]:
        """The store's ``games`` columns this family fills beyond the generic ones (riichi: length,
        red fives, open tanyao, and its Tenhou header's lobby, room, type and title; see
        ``mjlog.store.rows.FAMILY_GAME_COLUMNS``); the rest stay NULL."""
        return {}

    def game_date(self, log: GameLog) -> GameDate | None:
        """The day the game was played, as the family's logs tell it (riichi: from a Tenhou log id or
        a JSON title), for the store's ``games.game_date`` and ``game_hour``; None when they do not
        (the default: the generic IR records no date)."""
        return None

    def placement(self, log: GameLog) -> tuple[int, ...] | None:
        """Each seat's place (0 first) by the log's recorded final scores, for the store's
        ``players.placement`` and ``final_score``; None where the family ranks no games (the default)."""
        return None

    def declarations(self, events: Sequence[tuple[int, Event]]) -> HandDeclarations:
        """What the family's own events of one hand (with their indexes in the hand) declared; the
        default: nothing (a family without declarations)."""
        return NO_DECLARATIONS

    def hand_record(self, log: GameLog) -> Callable[[Round], object]:
        """What every format of this family records of a hand, as JSON-able data: two files of one
        game agree on it (:mod:`mjlog.formats.identity`). The default: the hand's events and its start."""
        return lambda r: repr((r.kyoku, r.honba, r.sticks, r.scores, r.hands, r.events))

    def round_rows(self, log: GameLog, rnd: Round,
                   result: RoundResult | None = None) -> Mapping[str, Sequence[Mapping[str, object]]]:
        """Rows of the family's own per-hand tables (riichi: ``riichi_declarations``, ``win_situations``,
        ``draw_tenpai``, ``calls``), by table name, each row its columns by name; ``result`` is the
        replay's hand (None when the replay did not reach it). The store adds the game and the round.
        The default: none."""
        return {}

    def store_tables(self) -> Mapping[str, Mapping[str, Sequence]]:
        """Reference tables the store fills for this family, by table name: each a mapping of column
        to values (riichi: the ``yaku`` table). The default: none."""
        return {}


class FamilyText:
    """A family's games and rule sets in words (``mjlog show``, ``mjlog rules``, the viewer), each
    with a generic default."""

    def describe_rules(self, log: GameLog) -> str:
        """The rule set in one line, as ``mjlog show`` prints it."""
        return log.rules.name

    def describe_preset(self, rules: Any) -> str:
        """A preset in a few words, as ``mjlog rules list`` prints it."""
        return f"{rules.players} players, {rules.start_points:,} points each at the start"

    def describe_outcome(self, log: GameLog, outcome: Any, japanese: bool = True) -> str:
        """A recorded outcome as ``mjlog show`` prints it: who won how, or a draw, and the score changes."""
        deltas = ",".join(map(str, getattr(outcome, "deltas", ())))
        if isinstance(outcome, Win):
            how = "tsumo" if outcome.tsumo else f"ron from seat {outcome.from_who}"
            return f"seat {outcome.who} {how}: deltas {deltas}"
        return f"draw: deltas {deltas}"


@dataclass(frozen=True, slots=True)
class HandScorer:
    """``mjlog score`` for a family: ``score(request)`` scores and pays the hand of a
    :class:`ScoreRequest` under its rule set; a ValueError subclass says why it cannot win."""

    score: Callable[[ScoreRequest], ScoredHand]


@dataclass(frozen=True, slots=True)
class Simulator:
    """``mjlog simulate`` for a family: ``play(rules, seed)`` is one bot game, deterministic in
    ``seed`` and marked synthetic: a :class:`~mjlog.ir.GameLog` that ``mjlog simulate`` writes with
    the registered writer named ``writer`` (:mod:`mjlog.formats.writers`), or the log's bytes from a
    simulator that writes its log as it plays (riichi's writes Tenhou's XML). Files end in ``suffix``."""

    play: Callable[[Any, int], GameLog | bytes]
    suffix: str = ".xml"
    writer: str | None = None


class Family:
    """One rule system: the replay contract, and its optional parts.

    Subclass, fill in the class attributes and the replay contract, and :func:`register` it. The
    replay contract is what the game loop (:mod:`mjlog.replayer`) calls: :meth:`game_rules`,
    :meth:`walls`, :meth:`first_hand`, :meth:`replay_hand`, :meth:`final_scores` and
    :meth:`placement_points`; only :meth:`replay_hand` has no default. The parts, each with a
    generic default: :attr:`store` (what the store keeps), :attr:`text` (the family in words),
    :attr:`scorer` (one hand by hand) and :attr:`simulator` (bot games); None where a family has none.
    """

    name: ClassVar[str]
    english: ClassVar[str]
    tile_count: ClassVar[int] = 136
    value_unit: ClassVar[str] = "point"       # what a win's value counts: 'han', 'fan', 'point'
    presets: ClassVar[Mapping[str, Any]]

    store: ClassVar[StoreFacts] = StoreFacts()
    text: ClassVar[FamilyText] = FamilyText()
    scorer: ClassVar[HandScorer | None] = None
    simulator: ClassVar[Simulator | None] = None

    # -- rules ----------------------------------------------------------------------------------

    def knob_docs(self) -> Mapping[str, str]:
        """One line of meaning for each knob of the family's rule set (default: none stated)."""
        return {}

    def game_rules(self, game: GameCheck) -> GameRules:
        """The rule set the game is replayed under: the log's preset, adjusted by its header only."""
        return GameRules(game.log.rules)

    # -- wall -----------------------------------------------------------------------------------

    def walls(self, game: GameCheck, rules: Any) -> Callable[[Round], Any] | None:
        """The wall of each hand (called once per hand, in order), or None when the log has no seed."""
        return None

    def proves_first(self, game: GameCheck, rnd: Round, wall: Any) -> str | None:
        """What in the log proves that ``rnd``, the log's first hand, is the game's first (a phrase
        for the findings), or None when the log may be a fragment that starts in the middle.

        Where it is proven, a first hand that starts off :meth:`first_hand` is a flow error rather
        than the "starts in the middle of the game" warning (default: nothing proves it)."""
        return None

    # -- flow -----------------------------------------------------------------------------------

    def first_hand(self, rules: Any) -> HandStart:
        """Where a game's first hand starts (default: hand 0, no honba, no sticks, everyone at the start score)."""
        return HandStart(0, 0, 0, (rules.start_points,) * rules.players)

    def final_scores(self, rules: Any, scores: tuple[int, ...], sticks: int, first_dealer: int) -> tuple[int, ...]:
        """Final scores from the scores after the last hand and the pot left on the table (default:
        the scores, no pot)."""
        return tuple(scores)

    def placement_points(self, rules: Any, final_scores: tuple[int, ...], first_dealer: int) -> tuple[float, ...]:
        """Placement points (uma, oka, rounding) of a game's final scores (default: none, all 0)."""
        return (0.0,) * len(final_scores)

    # -- referee, scorer and settlement ----------------------------------------------------------

    def replay_hand(self, game: GameCheck, rnd: Round, rules: Any, wall: Any) -> HandReplay:
        """Apply every event of ``rnd``, judge it, score and pay each outcome, and say what follows."""
        raise NotImplementedError


class UnknownRulesError(MjlogError, KeyError):
    """A family or preset name that is not registered."""

    def __str__(self) -> str:
        return str(self.args[0])


_FAMILIES: dict[str, Family] = {}


def register(fam: Family) -> Family:
    """Register ``fam`` under its name (again: replaced) and return it."""
    _FAMILIES[fam.name] = fam
    return fam


def unregister(name: str) -> None:
    """Remove a family (tests register toy families and take them away again)."""
    _FAMILIES.pop(name, None)


#: The built-in families by name, each the module that registers it when first imported: the
#: registry loads them by name at its first look-up and imports none of them itself.
BUILTIN_FAMILIES = {"riichi": "mjlog.rules.riichi.family", "mcr": "mjlog.rules.mcr.family",
                    "beijing": "mjlog.rules.beijing.family", "datong": "mjlog.rules.datong.family"}


def _builtin() -> None:
    for name, module in BUILTIN_FAMILIES.items():
        if name not in _FAMILIES:
            importlib.import_module(module)


#: The built-in families whose store has reference tables (:meth:`StoreFacts.store_tables`: riichi's
#: ``yaku``); a new store loads only these to fill them (``tests/store/test_store_reference_tables.py``
#: checks that no other built-in family has any).
REFERENCE_FAMILIES = ("riichi",)


def reference_families() -> dict[str, Family]:
    """The families whose reference tables a new store holds: every family registered so far and the
    built-ins of :data:`REFERENCE_FAMILIES` (the others are not loaded for it)."""
    for name in REFERENCE_FAMILIES:
        family(name)
    return dict(_FAMILIES)


def families() -> dict[str, Family]:
    """The registered families by name."""
    _builtin()
    return dict(_FAMILIES)


def family(name: str) -> Family:
    """The family called ``name``; :class:`UnknownRulesError` lists the known ones. Of the built-in
    families only that one is loaded (a riichi log's replay loads neither Beijing's rules nor MCR's)."""
    if name not in _FAMILIES and name in BUILTIN_FAMILIES:
        importlib.import_module(BUILTIN_FAMILIES[name])
    try:
        return _FAMILIES[name]
    except KeyError:
        _builtin()   # the message lists every known family
        raise UnknownRulesError(f"unknown rule family {name!r}; known: {', '.join(sorted(_FAMILIES))}") from None


def iter_presets() -> Iterator[tuple[Family, str, Any]]:
    """Every (family, preset name, rule set), families in name order."""
    for _, fam in sorted(families().items()):
        for name, rules in fam.presets.items():
            yield fam, name, rules


def find_preset(name: str) -> Any:
    """The rule set of the preset ``name`` in any family; :class:`UnknownRulesError` lists them."""
    for _, preset_name, rules in iter_presets():
        if preset_name == name:
            return rules
    known = ", ".join(p for _, p, _ in iter_presets())
    raise UnknownRulesError(f"unknown rule-set preset {name!r}; known: {known}")


def family_of_preset(name: str) -> Family:
    """The family whose presets include ``name``."""
    for fam, preset_name, _ in iter_presets():
        if preset_name == name:
            return fam
    find_preset(name)  # raises with the known names
    raise AssertionError("unreachable")


def knob_values(rules: Any) -> list[tuple[str, object]]:
    """``(knob, value)`` for every field of a rule set, in declaration order."""
    return [(f.name, getattr(rules, f.name)) for f in dataclasses.fields(rules)]


#: Knobs no log may change: the preset's label, and the seats its table has.
FIXED_KNOBS = ("name", "players")


def knob_value(current: object, raw: str) -> object:
    """The value ``raw`` (as :func:`apply_knobs` reads it) for a knob whose value now is ``current``;
    ``ValueError`` when it does not fit the knob's type."""
    if isinstance(current, bool):
        if raw not in ("True", "False"):
            raise ValueError(raw)
        return raw == "True"
    if isinstance(current, int):
        return int(raw)
    if isinstance(current, tuple):
        return tuple(int(x) for x in raw.strip("()").split(",") if x.strip())
    return raw


def knob_alias(rules: Any, name: str, raw: str) -> tuple[str, str]:
    """``(name, raw)``, or the knob and value it says now where ``name`` is an older knob's name of the rule
    set (its ``knob_alias()``, where it has one: a log written before the knob was renamed).

    >>> knob_alias(find_preset("tenhou-3p-south"), "nukidora", "False")
    ('north', 'guest')
    """
    alias = getattr(rules, "knob_alias", None)
    renamed = alias(name, raw) if alias is not None else None
    return renamed if renamed is not None else (name, raw)


def stated_knobs(rules: Any, preset: Any, leave_out: Sequence[str] = ("name", "base")) -> str:
    """The ``name=value;...`` text of the knobs ``rules`` changes from ``preset`` (what a simulated
    log's header states, read back by :func:`apply_knobs`), apart from those in ``leave_out``.

    >>> stated_knobs(find_preset("beijing").replace(base=5, dealer_fan="b"), find_preset("beijing"))
    'dealer_fan=b'
    """
    return ";".join(f"{f.name}={getattr(rules, f.name)}" for f in dataclasses.fields(rules)
                    if f.name not in leave_out and getattr(rules, f.name) != getattr(preset, f.name))


def apply_knobs(rules: Any, text: str) -> Any:
    """``rules`` (any family's rule set) with the knobs of a ``name=value;…`` text changed.

    Values are written as Python writes them (``True``, ``500``, ``(30, 10, -10, -30)``, a bare
    string). This is how a log states a what-if rule set (the simulator's GO ``knobs``) and how
    ``mjlog score --knob`` changes one. Raises ``ValueError`` naming an unknown knob, one of
    :data:`FIXED_KNOBS`, a value that does not fit, or a rule set the family's replay cannot apply
    (the rule set's ``knob_problem()``, where it has one).

    >>> apply_knobs(find_preset("tenhou-4p-south"), "renchan_on_dealer_tenpai=False;uma=(30, 10, -10, -30)").uma
    (30, 10, -10, -30)
    >>> apply_knobs(find_preset("beijing"), "dealer_fan=b;base=2000").base
    2000
    >>> apply_knobs(find_preset("tenhou-4p-south"), "north=nukidora")
    Traceback (most recent call last):
    ...
    ValueError: rule knobs 'north=nukidora': north=nukidora is a three-player knob (four players play North as a wind)
    """
    fields = {f.name for f in dataclasses.fields(rules)}
    changes: dict[str, object] = {}
    for part in filter(None, (p.strip() for p in text.split(";"))):
        name, sep, raw = part.partition("=")
        name, raw = knob_alias(rules, name.strip(), raw.strip())
        if not sep or name not in fields:
            raise ValueError(f"unknown rule knob {name!r}")
        if name in FIXED_KNOBS:
            raise ValueError(f"rule knob {name!r} is the preset's, not the log's to change")
        try:
            changes[name] = knob_value(getattr(rules, name), raw)
        except ValueError:
            raise ValueError(f"rule knob {name}={raw!r} does not fit its type") from None
    if not changes:
        return rules
    changed = rules.replace(**changes)
    check = getattr(changed, "knob_problem", None)
    problem = check() if check is not None else None
    if problem is not None:
        raise ValueError(f"rule knobs {text!r}: {problem}")
    return changed
