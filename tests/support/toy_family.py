"""A toy rule family and its log format, registered from the tests only, to prove the family seam.

The toy game: four seats, 136 tiles, two hands. Seats draw and discard in turn; a win scores
1 point, paid by the discarder (ron) or by each other seat (tsumo). Its format is plain text:

    TOYLOG
    players A B C D
    hand dealer=0 scores=10,10,10,10 hands=0-12|13-25|26-38|39-51
    draw 0 52
    knock 0
    discard 0 52
    win 1 0 deltas=-1,1,0,0
    final scores=...

A log may say ``unrecorded knocks``: its format left the knocks out, a value the toy family
registers as unrecorded (the audit's note names it). The toy family also registers a writer, so
``mjlog convert --to toy-text`` writes a toy game back as this text.

A ``knock`` is the toy family's own event (a seat's declaration, which stands at once); it is
stored under its own event kind. Nothing here is imported by mjlog itself: registering the
family, its event and its format is all it takes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from mjlog.errors import MalformedLogError
from mjlog.findings import FindingKind
from mjlog.formats import LogFormat
from mjlog.formats.registration import OwnEvent, register_family, unregister_family
from mjlog.formats.writers import LogWriter
from mjlog.ir import Discard, Draw, Event, FinalResult, GameLog, Player, Round, Win
from mjlog.rules.base_table import BaseTable, Phase
from mjlog.rules.results import DerivedWin, RoundResult
from mjlog.rules.family import (
    Family, FamilyText, HandDeclarations, HandReplay, NextHand, StoreFacts, WinItem,
)
from mjlog.rules.transfers import HAND, Transfer, net

K = FindingKind
MAGIC = b"TOYLOG"
BARE_MAGIC = b"TOYBARE"


@dataclass(frozen=True, slots=True)
class ToyRules:
    name: str = "toy-4"
    players: int = 4
    start_points: int = 10
    hands: int = 2


@dataclass(frozen=True, slots=True)
class ToyValue:
    points: int = 1


@dataclass(frozen=True, slots=True)
class Knock(Event):
    """The toy family's own event: a seat knocks (a declaration that stands at once)."""

    family: ClassVar[str | None] = "toy"
    seat: int


#: The store's code of a knock: any code no other kind has.
KNOCK_CODE = 40


class ToyTable(BaseTable):
    """Draws and discards in turn; a discard must be held."""

    def _draw(self, ev: Draw) -> None:
        if ev.seat != self.actor or self.phase == Phase.DISCARD:
            self.find(K.ILLEGAL_ACTION, f"seat {ev.seat} draws out of turn", ev.seat, self.actor)
        self.hands[ev.seat].add(ev.tile)
        self.actor, self.phase = ev.seat, Phase.DISCARD

    def _discard(self, ev: Discard) -> None:
        self.take(ev.seat, (ev.tile,), "a discard")
        self.river[ev.seat].append(ev.tile)
        self.actor, self.phase = (ev.seat + 1) % self.n, Phase.AFTER_DISCARD

    def _knock(self, ev: Knock) -> None:
        if ev.seat != self.actor:
            self.find(K.ILLEGAL_ACTION, f"seat {ev.seat} knocks out of turn", ev.seat, self.actor)

    handlers = {Draw: _draw, Discard: _discard, Knock: _knock}


class ToyText(FamilyText):
    """The toy family in words: a win is worth one point."""

    def describe_outcome(self, log, outcome, japanese=True):
        if isinstance(outcome, Win):
            how = "tsumo" if outcome.tsumo else f"ron from seat {outcome.from_who}"
            return f"seat {outcome.who} {how}: 1 point"
        return "no win"


class ToyStoreFacts(StoreFacts):
    """What the store keeps of a toy game: the win as one item, the places, the knocks."""

    def win_items(self, win):
        return (WinItem(0, "win", "win", 1),)

    def win_value(self, win):
        return 1

    def placement(self, log):
        final = log.final
        return None if final is None else _places(final.scores)

    def declarations(self, events):
        knocks = [(i, e) for i, e in events if type(e) is Knock]
        return HandDeclarations(len(knocks), {e.seat: i for i, e in knocks})


class ToyFamily(Family):
    name = "toy"
    english = "a toy family: every win scores 1 point"
    value_unit = "point"
    presets = {"toy-4": ToyRules()}
    store = ToyStoreFacts()
    text = ToyText()

    def knob_docs(self):
        return {"name": "the preset's name", "players": "seats", "start_points": "each seat's start",
                "hands": "hands in a game"}

    def replay_hand(self, game, rnd: Round, rules: ToyRules, wall) -> HandReplay:
        table = ToyTable(rnd, rules, wall, game.log.source, game.findings)
        wins: list[DerivedWin] = []

        def on_outcome(t: ToyTable, i: int, w) -> None:
            if not isinstance(w, Win):
                return
            payers = [s for s in range(t.n) if s != w.who] if w.tsumo else [w.from_who]
            transfers = tuple(Transfer(s, w.who, 1, HAND) for s in payers)
            deltas = net(transfers, t.n)
            if tuple(w.deltas) != tuple(deltas):
                t.find(K.PAYMENT, f"score changes of seat {w.who}'s win", _fmt(w.deltas), _fmt(deltas))
            t.scores = [s + d for s, d in zip(t.scores, w.deltas)]
            wins.append(DerivedWin(w.who, w.from_who, ToyValue(), deltas, tsumo=w.tsumo, transfers=transfers))

        table.play(rnd.events, on_outcome)
        result = RoundResult(rnd.index, rnd.name, rnd.kyoku, 0, 0, rnd.dealer, tuple(rnd.scores),
                             tuple(table.scores), (), tuple(wins), complete=bool(rnd.outcomes))
        if not rnd.outcomes:
            return HandReplay(result, None)
        over = rnd.kyoku + 1 >= rules.hands
        return HandReplay(result, NextHand(over, rnd.kyoku + 1, 0, 0, False))

    def final_scores(self, rules, scores, sticks, first_dealer):
        return tuple(scores)

    def placement_points(self, rules, final, first_dealer):
        return tuple(float(len(final) - 1 - place) for place in _places(final))


class BareToyFamily(Family):
    """The toy game with its replay contract only: every part (store, text, scorer, simulator) is
    the generic default, so it proves a new family is read, replayed, audited, stored, shown and
    listed from its replay contract alone."""

    name = "toy-bare"
    english = "a toy family with a replay contract only"
    presets = {"toy-bare-4": ToyRules(name="toy-bare-4")}
    replay_hand = ToyFamily.replay_hand
    final_scores = ToyFamily.final_scores


def install_bare() -> None:
    """Register the bare toy family and the format of its logs: one call."""
    register_family(BareToyFamily(), formats=[BARE_FORMAT])


def uninstall_bare() -> None:
    unregister_family("toy-bare")


def _places(scores) -> tuple[int, ...]:
    """Each seat's place (0 first) by score, ties to the lower seat."""
    order = sorted(range(len(scores)), key=lambda s: (-scores[s], s))
    return tuple(order.index(s) for s in range(len(scores)))


def _fmt(values) -> str:
    return ",".join(map(str, values))


def _ints(text: str) -> tuple[int, ...]:
    return tuple(int(x) for x in text.split(","))


def _tiles(spec: str) -> tuple[int, ...]:
    lo, _, hi = spec.partition("-")
    return tuple(range(int(lo), int(hi) + 1))


def read_toy(data: bytes, name: str) -> GameLog:
    """A toy log (``TOYLOG``, or ``TOYBARE`` for the bare family's); MalformedLogError naming the line
    for anything else."""
    lines = data.decode("utf-8").splitlines()
    fam: Family = BareToyFamily() if data.startswith(BARE_MAGIC) else ToyFamily()
    players: tuple[Player, ...] = ()
    rounds: list[Round] = []
    hand: dict | None = None
    final = None
    unrecorded: set[str] = set()

    def close() -> None:
        if hand is not None:
            rounds.append(Round(len(rounds), len(rounds), 0, 0, hand["dealer"], hand["scores"], None, None,
                                hand["hands"], tuple(hand["events"])))

    for no, line in enumerate(lines[1:], start=2):
        word, *rest = line.split()
        try:
            if word == "players":
                players = tuple(Player(i, n) for i, n in enumerate(rest))
            elif word == "hand":
                close()
                kv = dict(part.split("=") for part in rest)
                hand = {"dealer": int(kv["dealer"]), "scores": _ints(kv["scores"]), "events": [],
                        "hands": tuple(_tiles(h) for h in kv["hands"].split("|"))}
            elif word in ("draw", "discard"):
                hand["events"].append((Draw if word == "draw" else Discard)(int(rest[0]), int(rest[1])))
            elif word == "knock":
                hand["events"].append(Knock(int(rest[0])))
            elif word == "win":
                who, frm = int(rest[0]), int(rest[1])
                deltas = _ints(rest[2].removeprefix("deltas="))
                hand["events"].append(Win(who, frm, (), -1, scores_before=(), deltas=deltas))
            elif word == "unrecorded":
                unrecorded.update(rest)
            elif word == "final":
                close()
                hand = None
                final_scores = _ints(rest[0].removeprefix("scores="))
                final = FinalResult(final_scores, (), True)
            else:
                raise ValueError(f"unknown line {word!r}")
        except (ValueError, KeyError, IndexError, TypeError) as exc:
            raise MalformedLogError(f"not a toy log line ({exc})", name, f"line {no}") from None
    close()
    rules = next(iter(fam.presets.values()))
    if final is not None:
        final = FinalResult(final.scores, fam.placement_points(rules, final.scores, 0), True)
    return GameLog("toy-text", fam.name, rules, players, tuple(rounds), source=name, final=final,
                   unrecorded=frozenset(unrecorded))


def write_toy(log: GameLog) -> str:
    """A toy game as toy text (what :func:`read_toy` reads back)."""
    out = ["TOYLOG", "players " + " ".join(p.name or "" for p in log.players)]
    out += [f"unrecorded {name}" for name in sorted(log.unrecorded)]
    for r in log.rounds:
        hands = "|".join(f"{h[0]}-{h[-1]}" for h in r.hands)
        out.append(f"hand dealer={r.dealer} scores={_fmt(r.scores)} hands={hands}")
        for e in r.events:
            if type(e) is Win:
                out.append(f"win {e.who} {e.from_who} deltas={_fmt(e.deltas)}")
            else:
                out.append(f"{type(e).__name__.lower()} {e.seat}" + (f" {e.tile}" if hasattr(e, "tile") else ""))
    if log.final is not None:
        out.append(f"final scores={_fmt(log.final.scores)}")
    return "\n".join(out)


TOY_FORMAT = LogFormat("toy-text", "toy text", lambda head: head.startswith(MAGIC), read_toy)
BARE_FORMAT = LogFormat("toy-bare-text", "bare toy text", lambda head: head.startswith(BARE_MAGIC), read_toy)
TOY_WRITER = LogWriter("toy-text", "toy", "toy text", write_toy)
KNOCKS_UNRECORDED = "which seats knocked (the toy text left its knock lines out)"


def install() -> None:
    """Register the toy family with its event, format, writer and unrecorded value: one call."""
    register_family(ToyFamily(), events=[OwnEvent(Knock, "knock", KNOCK_CODE, seat=True)], formats=[TOY_FORMAT],
                    writers=[TOY_WRITER], unrecorded={"knocks": KNOCKS_UNRECORDED})


def uninstall() -> None:
    unregister_family("toy")


def toy_log(ron_deltas: str = "-1,1,0,0", magic: bytes = MAGIC) -> bytes:
    """Two hands: seat 0 knocks, then a ron of seat 1 on seat 0's discard; then seat 1 knocks and
    wins by tsumo; the final scores. ``magic=BARE_MAGIC``: the same game of the bare toy family
    (which has no knocks: they are events of the full toy family's own)."""
    hands = "hands=0-12|13-25|26-38|39-51"
    lines = [
        magic.decode(),
        "players Ann Bob Cy Di",
        f"hand dealer=0 scores=10,10,10,10 {hands}",
        "draw 0 52", "knock 0", "discard 0 52", f"win 1 0 deltas={ron_deltas}",
        f"hand dealer=1 scores=9,11,10,10 {hands}",
        "draw 1 53", "knock 1", "win 1 1 deltas=-1,3,-1,-1",
        "final scores=8,14,9,9",
        "",
    ]
    return "\n".join(x for x in lines if magic == MAGIC or not x.startswith("knock")).encode()
