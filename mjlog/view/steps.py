"""A game as a JSON-able list of steps: the table after each event, with the audit's findings.

:func:`game_steps` is the one function the page is built from. It walks the IR's events,
follows the table (:class:`~mjlog.view.state.TableState`) and asks a *presenter* for what is
particular to a rule family: tile labels, the family's own events (riichi), and the outcome
panels from the replay's derived results. :class:`~mjlog.view.riichi.RiichiPresenter` is the
one for Tenhou riichi; another family plugs in with its own.
"""

from __future__ import annotations

from typing import Protocol

from mjlog.findings import Finding
from mjlog.ir import Call, CallKind, Discard, Disconnect, Draw, Event, GameLog, Reconnect, Round, Ryuukyoku, Win
from mjlog.rules.results import DerivedDraw, DerivedWin, Replay, RoundResult
from mjlog.rules import family
from mjlog.view import state as st_mod
from mjlog.view.state import TableState, player_name
from mjlog.view.terms import Terms


class Presenter(Protocol):
    """What a rule family gives the viewer (:class:`mjlog.view.generic.FamilyPresenter` has a
    default for each but ``tile``, ``win`` and ``draw``)."""

    family: str
    terms: Terms

    def tile(self, tile: int) -> str: ...
    def faces(self) -> dict[str, dict]: ...
    def round_view(self, rnd: Round, result: RoundResult | None) -> dict: ...
    def deal(self, st: TableState, rnd: Round) -> None: ...
    def on_event(self, st: TableState, ev: Event) -> str | None: ...
    def win(self, st: TableState, w: Win, derived: DerivedWin | None) -> dict: ...
    def draw(self, st: TableState, d: Ryuukyoku, derived: DerivedDraw | None) -> dict: ...


def finding_entry(f: Finding) -> dict:
    return {"kind": f.kind.value, "severity": f.severity.value, "message": f.message,
            "recorded": f.recorded, "derived": f.derived, "where": f.where()}


def _snapshot(st: TableState, p: Presenter) -> dict:
    """The table's visible state, tiles named."""
    return {
        "hands": [[p.tile(t) for t in h] for h in st.hands],
        "drawn": [None if t is None else p.tile(t) for t in st.drawn],
        "discards": [[_discard(d, p) for d in ds] for ds in st.discards],
        "melds": [[dict(m, kind=p.terms.call(m["kind"]), tiles=[p.tile(t) for t in m["tiles"]]) for m in ms]
                  for ms in st.melds],
        "aside": [[p.tile(t) for t in a] for a in st.aside],
        "dora": [p.tile(t) for t in st.dora],
        "scores": list(st.scores), "sticks": st.sticks, "riichi": list(st.riichi),
    }


def _discard(d: st_mod.Discard, p: Presenter) -> dict:
    out: dict = {"t": p.tile(d.tile)}
    if d.tsumogiri:
        out["tg"] = 1
    if d.turned:
        out["r"] = 1
    if d.called:
        out["c"] = 1
    if d.ron:
        out["w"] = 1
    return out


def _call(st: TableState, ev: Call, p: Presenter) -> str:
    """Apply a call: tiles leave the hand, the discard taken is marked, the meld is shown."""
    seat = ev.seat
    meld = {"kind": ev.kind.value, "tiles": list(ev.tiles), "from": ev.from_seat}
    if ev.kind is CallKind.KAKAN:
        st.take(seat, [ev.added] if ev.added is not None else ev.tiles[-1:])
        base = set(ev.tiles) - {ev.added}
        st.melds[seat] = [m for m in st.melds[seat] if not (m["kind"] == "pon" and set(m["tiles"]) <= base)]
    elif not ev.kind.is_open:  # a closed kan, a family's own (riichi's kita)
        st.take(seat, ev.tiles)
    else:
        st.take(seat, [t for t in ev.tiles if t != ev.called])
        if ev.from_seat is not None and st.discards[ev.from_seat]:
            st.discards[ev.from_seat][-1].called = True
    if ev.called is not None:
        meld["called"] = p.tile(ev.called)
    st.settle_drawn(seat)
    st.melds[seat].append(meld)
    taken = ev.kind in (CallKind.CHI, CallKind.PON, CallKind.DAIMINKAN)
    whence = f" from {st.who(ev.from_seat)}" if taken and ev.from_seat is not None and ev.from_seat != seat else ""
    return f"{st.who(seat)} calls {p.terms.call(ev.kind.value)}{whence}: {' '.join(p.tile(t) for t in ev.tiles)}"


def _apply(st: TableState, ev: Event, p: Presenter) -> str:
    """Apply one table event and say what happened."""
    if isinstance(ev, Draw):
        st.settle_drawn(ev.seat)
        st.drawn[ev.seat] = ev.tile
        return f"{st.who(ev.seat)} draws {p.tile(ev.tile)}"
    if isinstance(ev, Discard):
        if st.drawn[ev.seat] == ev.tile:
            st.drawn[ev.seat] = None
        else:
            st.take(ev.seat, [ev.tile])
            st.settle_drawn(ev.seat)
        turned = ev.seat in st.turn_next_discard
        st.turn_next_discard.discard(ev.seat)
        st.discards[ev.seat].append(st_mod.Discard(ev.tile, ev.tsumogiri, turned))
        how = " (drawn and discarded)" if ev.tsumogiri else ""
        return f"{st.who(ev.seat)} discards {p.tile(ev.tile)}{how}{', the riichi tile' if turned else ''}"
    if isinstance(ev, Call):
        return _call(st, ev, p)
    if isinstance(ev, Disconnect):
        return f"{st.who(ev.seat)} disconnects"
    if isinstance(ev, Reconnect):
        return f"{st.who(ev.seat)} reconnects"
    return p.on_event(st, ev) or type(ev).__name__


def _actor(ev: Event) -> int | None:
    for name in ("seat", "who"):
        v = getattr(ev, name, None)
        if isinstance(v, int):
            return v
    return None


def game_steps(log: GameLog, replay: Replay, presenter: Presenter) -> dict:
    """The game as JSON-able data: header, rounds, and one step per event (plus each hand's deal).

    Each step holds the whole visible table after its event, so the page can show any step
    alone; findings sit on the step of their event (a hand's findings without an event on its
    deal, the game's own on the first step).
    """
    by_round: dict[int, RoundResult] = {r.index: r for r in replay.rounds}
    at: dict[tuple[int | None, int | None], list[dict]] = {}
    for f in replay.findings:
        key = (f.round_index, f.event_index if f.round_index is not None else None)
        at.setdefault(key, []).append(finding_entry(f))
    steps: list[dict] = []
    rounds: list[dict] = []
    for rnd in log.rounds:
        rr = by_round.get(rnd.index)
        shown = presenter.round_view(rnd, rr)
        rounds.append({"dealer": rnd.dealer, "first": len(steps), "honba": rnd.honba, **shown})
        st = TableState.deal(log, rnd)
        presenter.deal(st, rnd)
        deal = {"round": len(rounds) - 1, "event": None, "actor": None,
                "caption": f"{shown['name']}: the deal; {st.who(rnd.dealer)} deals",
                "findings": at.pop((rnd.index, None), []), **_snapshot(st, presenter)}
        steps.append(deal)
        wins = list(rr.wins) if rr is not None else []
        for i, ev in enumerate(rnd.events):
            outcome = None
            if isinstance(ev, Win):
                derived = wins.pop(0) if wins else None
                if not ev.tsumo and 0 <= ev.from_who < len(st.discards) and st.discards[ev.from_who]:
                    st.discards[ev.from_who][-1].ron = True
                outcome = presenter.win(st, ev, derived)
                caption = f"{st.who(ev.who)} wins {win_how(presenter.terms, ev, st.who)}"
                _pay(st, outcome["deltas"])
            elif isinstance(ev, Ryuukyoku):
                outcome = presenter.draw(st, ev, rr.draw if rr is not None else None)
                caption = f"draw: {outcome['name']}"
                _pay(st, outcome["deltas"])
            else:
                caption = _apply(st, ev, presenter)
            step = {"round": len(rounds) - 1, "event": i, "actor": _actor(ev), "caption": caption,
                    "findings": at.pop((rnd.index, i), []), **_snapshot(st, presenter)}
            if outcome is not None:
                step["outcome"] = outcome
            steps.append(step)
        rounds[-1]["last"] = len(steps) - 1
    leftover = [f for fs in at.values() for f in fs]     # game-level, or a place the log has no event for
    if steps:
        steps[0]["findings"] = leftover + steps[0]["findings"]
    return {
        "family": presenter.family,
        "terms": presenter.terms.as_data(),
        "faces": presenter.faces(),
        "title": f"{log.log_id or log.source or 'game'}",
        "rules": getattr(log.rules, "name", ""),
        "description": family(log.family).text.describe_rules(log),
        "players": [player_name(log, s) for s in range(len(log.rounds[0].hands) if log.rounds else log.n_players)],
        "rounds": rounds,
        "steps": steps,
        "final": None if log.final is None else {"scores": list(log.final.scores), "points": list(log.final.points)},
        "findings": len(replay.findings),
    }


def win_how(terms: Terms, w: Win, name) -> str:
    """How a win came, in the family's words: ``'by tsumo'``, ``'by ron from seat 2'``."""
    return terms.self_drawn if w.tsumo else terms.off_discard.replace("{from}", name(w.from_who))


def _pay(st: TableState, deltas: list[int]) -> None:
    if len(deltas) == len(st.scores):
        st.scores = [s + d for s, d in zip(st.scores, deltas)]
        st.sticks = 0
