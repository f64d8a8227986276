"""Everything riichi-specific in the viewer: tile labels, the riichi tile, deposits, yaku and draw names.

The step builder (:mod:`mjlog.view.steps`) knows only hands, discards, calls and outcomes; a
rule family plugs in by giving it a presenter like :class:`RiichiPresenter`.
"""

from __future__ import annotations

from mjlog.ir import Event, GameLog, Ryuukyoku, Win
from mjlog.rules.riichi.events import NewDora, RiichiAccepted, RiichiDeclared
from mjlog.rules.results import DerivedDraw, DerivedWin
from mjlog.rules.riichi.points import LIMIT_NAMES
from mjlog.rules.riichi.record import DRAW_NAMES, draw_kind, recorded
from mjlog.rules.riichi.yaku_table import yaku_def
from mjlog.tiles import N_TILES, tile_name
from mjlog.view.generic import FamilyPresenter
from mjlog.view.state import TableState
from mjlog.view.terms import Terms

#: Riichi's words on the page.
RIICHI_TERMS = Terms(
    indicators="dora indicators", counters="riichi sticks on the table: {sticks}, honba: {repeats}",
    self_drawn="by tsumo", off_discard="by ron from {from}", ready="tenpai", declared="riichi",
    win_indicators="ura indicators", liable="pao",
)


def yaku_entry(yaku_id: int, han: int, yakuman: bool) -> dict:
    """One yaku line: English and Japanese names and its han (``'yakuman'`` for a yakuman)."""
    y = yaku_def(yaku_id)
    if y is not None:
        en, ja = y.name_en, y.name_ja
    else:
        en, ja = f"yaku {yaku_id}", ""
    return {"name": en, "ja": ja, "han": ("double yakuman" if han >= 26 else "yakuman") if yakuman else han}


class RiichiPresenter(FamilyPresenter):
    """Tenhou riichi (4 and 3 players): what the generic steps need to show its games."""

    terms = RIICHI_TERMS

    def __init__(self, log: GameLog) -> None:
        super().__init__(log)
        self._labels = tuple(tile_name(t, log.rules.red_fives) for t in range(N_TILES))

    def tile(self, tile: int) -> str:
        """mpsz label, ``'0p'`` for a red five; ``'??'`` for an id no tile has (a GameLog built in code)."""
        return self._labels[tile] if 0 <= tile < N_TILES else "??"

    def on_event(self, st: TableState, ev: Event) -> str | None:
        """The riichi events: the declaration turns the seat's next discard; acceptance pays the stick;
        a kan dora indicator is shown."""
        if isinstance(ev, RiichiDeclared):
            st.turn_next_discard.add(ev.seat)
            return f"{st.who(ev.seat)} declares riichi"
        if isinstance(ev, RiichiAccepted):
            st.riichi[ev.seat] = True
            if ev.scores is not None and len(ev.scores) == len(st.scores):
                st.scores = list(ev.scores)
            else:
                st.scores[ev.seat] -= 1000
            st.sticks += 1
            return f"{st.who(ev.seat)}'s riichi stands: 1000 on the table"
        if isinstance(ev, NewDora):
            st.dora.append(ev.tile)
            return f"new dora indicator {self.tile(ev.tile)}"
        return None

    def win(self, st: TableState, w: Win, derived: DerivedWin | None) -> dict:
        """A win's panel: the hand, yaku with han (derived when the replay scored it), value, payments."""
        value = derived.value if derived is not None else None
        r = recorded(w)
        if value is not None and value.han:
            yakuman = value.is_yakuman
            yaku = [yaku_entry(i, h, yakuman) for i, h in value.yaku if h]
            han, fu, points, limit = value.han, value.fu, value.points, value.limit
        else:  # not derived: the recorded values
            yaku = [yaku_entry(i, h, False) for i, h in r.yaku if h] + [yaku_entry(i, 13, True) for i in r.yakuman]
            han, fu, points, limit = r.han, r.fu, w.points, r.limit
        deltas = list(derived.deltas) if derived is not None else list(w.deltas)
        melds = [{"kind": m.kind.value, "tiles": [self.tile(t) for t in m.tiles]} for m in w.melds]
        return {
            "type": "win", "unit": "han", "who": w.who, "from": w.from_who, "tsumo": w.tsumo,
            "hand": [self.tile(t) for t in sorted(t for t in w.hand if t != w.win_tile)],
            "winTile": self.tile(w.win_tile), "melds": melds, "yaku": yaku,
            "value": _value_text(han, fu, points, limit, bool(value and value.is_yakuman) or bool(r.yakuman)),
            # a win that records no value (mjai's plain hora) has nothing to set against the derived one
            "recorded": _value_text(r.han, r.fu, w.points, r.limit, bool(r.yakuman))
            if r.yaku or r.yakuman or w.points else _value_text(han, fu, points, limit, bool(value and value.is_yakuman)),
            "derived": derived is not None, "deltas": deltas,
            "ura": [self.tile(t) for t in r.ura_indicators],
            "pao": r.pao_who, "notes": [],
        }

    def draw(self, st: TableState, d: Ryuukyoku, derived: DerivedDraw | None) -> dict:
        """A draw's panel: its kind, who was tenpai (and their hands), payments."""
        en, ja = DRAW_NAMES[draw_kind(d)]
        tenpai = list(derived.tenpai) if derived is not None else [h is not None for h in d.hands]
        return {
            "type": "draw", "name": en, "ja": ja, "tenpai": [bool(t) for t in tenpai],
            "hands": [None if h is None else [self.tile(t) for t in sorted(h)] for h in d.hands],
            "deltas": list(derived.deltas) if derived is not None else list(d.deltas),
        }


def _value_text(han: int, fu: int, points: int, limit: int, yakuman: bool) -> str:
    """``'3 han 30 fu, 3900'``, ``'mangan, 8000'``, ``'yakuman, 32000'``."""
    name = LIMIT_NAMES[limit] if 0 < limit < len(LIMIT_NAMES) else ""
    if yakuman:
        return f"yakuman, {points}"
    text = f"{han} han {fu} fu" if fu else f"{han} han"
    return f"{text} ({name}), {points}" if name else f"{text}, {points}"
