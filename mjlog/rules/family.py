"""The rule-family interface and its registry: what differs between rule systems, behind one seam.

A family (riichi, Chinese Official, and later Beijing) is one package under
:mod:`mjlog.rules` that subclasses :class:`Family` and registers itself. The readers name a
game's family in :attr:`mjlog.ir.GameLog.family`; the replay, the store, the statistics and the
CLI look the family up here and never import a family's modules themselves.

A family brings:

- its **tile set** (:attr:`Family.tile_count`: 136, or 144 with flowers) and its **rule sets**
  (:attr:`Family.presets`, frozen dataclasses of knobs, with :meth:`Family.knob_docs`);
- its **wall builder** (:meth:`Family.walls`: the wall of each hand, from the log's seed);
- its **referee, scorer and settlement** behind :meth:`Family.replay_hand`: every event of one
  hand judged, each outcome scored and paid, the findings made;
- its **flow** (:meth:`Family.first_hand`, the :class:`NextHand` of each hand,
  :meth:`Family.final_scores`, :meth:`Family.placement_points`);
- what the sinks show of it (:meth:`Family.win_items` and :meth:`Family.recorded_win_items`,
  :meth:`Family.win_value`, :meth:`Family.describe_rules`); its payments are
  :class:`~mjlog.rules.transfers.Transfer` rows on the replay's results.

>>> sorted(families())
['mcr', 'riichi']
>>> family("riichi").presets["tenhou-4p-south"].players
4
>>> find_preset("tenhou-3p-east").name
'tenhou-3p-east'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

if TYPE_CHECKING:
    from mjlog.findings import FindingKind, Severity
    from mjlog.ir import GameLog, Round, Win
    from mjlog.replayer.results import DerivedWin, RoundResult


class RuleSetLike(Protocol):
    """What every family's rule set has: a name, the number of seats and the start score."""

    name: str
    players: int
    start_points: int


class GameCheck(Protocol):
    """The replay of one game as a family sees it: the log, and where findings go."""

    log: GameLog
    findings: list

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


class Family:
    """One rule system. Subclass, fill in the class attributes and methods, and :func:`register` it."""

    name: ClassVar[str]
    english: ClassVar[str]
    tile_count: ClassVar[int] = 136
    value_unit: ClassVar[str]                 # what a win's value counts: 'han', 'fan', 'point'
    presets: ClassVar[Mapping[str, Any]]

    # -- rules ----------------------------------------------------------------------------------

    def knob_docs(self) -> Mapping[str, str]:
        """One line of meaning for each knob of the family's rule set."""
        raise NotImplementedError

    def game_rules(self, game: GameCheck) -> GameRules:
        """The rule set the game is replayed under: the log's preset, adjusted by its header only."""
        return GameRules(game.log.rules)

    def describe_rules(self, log: GameLog) -> str:
        """The rule set in one line, as ``mjlog show`` prints it."""
        return log.rules.name

    def describe_preset(self, rules: Any) -> str:
        """A preset in a few words, as ``mjlog rules list`` prints it."""
        return f"{rules.players} players, {rules.start_points:,} points each at the start"

    # -- wall -----------------------------------------------------------------------------------

    def walls(self, game: GameCheck, rules: Any) -> Callable[[Round], Any] | None:
        """The wall of each hand (called once per hand, in order), or None when the log has no seed."""
        return None

    # -- flow -----------------------------------------------------------------------------------

    def first_hand(self, rules: Any) -> tuple[int, int, int, tuple[int, ...]]:
        """``(kyoku, honba, sticks, scores)`` of a game's first hand."""
        return (0, 0, 0, (rules.start_points,) * rules.players)

    def final_scores(self, rules: Any, scores: tuple[int, ...], sticks: int, first_dealer: int) -> tuple[int, ...]:
        """Final scores from the scores after the last hand and the pot left on the table."""
        raise NotImplementedError

    def placement_points(self, rules: Any, final_scores: tuple[int, ...], first_dealer: int) -> tuple[float, ...]:
        """Placement points (uma, oka, rounding) of a game's final scores."""
        raise NotImplementedError

    # -- referee, scorer and settlement ----------------------------------------------------------

    def replay_hand(self, game: GameCheck, rnd: Round, rules: Any, wall: Any) -> HandReplay:
        """Apply every event of ``rnd``, judge it, score and pay each outcome, and say what follows."""
        raise NotImplementedError

    # -- what the sinks show ----------------------------------------------------------------------

    def describe_outcome(self, log: GameLog, outcome: Any, japanese: bool = True) -> str:
        """A recorded outcome (win or draw) as ``mjlog show`` prints it."""
        raise NotImplementedError

    def win_items(self, win: DerivedWin) -> tuple[WinItem, ...]:
        """The scoring elements of a derived win, in the order the family lists them."""
        raise NotImplementedError

    def recorded_win_items(self, win: Win) -> tuple[WinItem, ...]:
        """The scoring elements a log records for a win (none when the format records none)."""
        return ()

    def win_value(self, win: DerivedWin) -> int:
        """A derived win's value in :attr:`value_unit`."""
        raise NotImplementedError


class UnknownRulesError(KeyError):
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


def _builtin() -> None:
    if "riichi" not in _FAMILIES:
        from mjlog.rules.riichi.family import RIICHI  # noqa: F401  (registers itself)
    if "mcr" not in _FAMILIES:
        from mjlog.rules.mcr.family import MCR_FAMILY  # noqa: F401  (registers itself)


def families() -> dict[str, Family]:
    """The registered families by name."""
    _builtin()
    return dict(_FAMILIES)


def family(name: str) -> Family:
    """The family called ``name``; :class:`UnknownRulesError` lists the known ones."""
    _builtin()
    try:
        return _FAMILIES[name]
    except KeyError:
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
