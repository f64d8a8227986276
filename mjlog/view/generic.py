"""The viewer's presenter for a rule family without one of its own: it asks the family's interface.

Tiles are named by kind (``'5m'``, ``'1z'``; ids beyond the 136 as ``'#140'``), a win lists
the family's :meth:`~mjlog.rules.family.Family.win_items` and value, a draw its kind.
"""

from __future__ import annotations

from mjlog.ir import Event, GameLog, Ryuukyoku, Win
from mjlog.rules.results import DerivedDraw, DerivedWin
from mjlog.rules import family
from mjlog.tiles import N_TILES, kind_name
from mjlog.view.state import TableState


class FamilyPresenter:
    """Shows any registered family's games through :class:`mjlog.rules.family.Family`."""

    def __init__(self, log: GameLog) -> None:
        self.family = log.family
        self.rules = family(log.family)

    def tile(self, tile: int) -> str:
        return kind_name(tile >> 2) if 0 <= tile < N_TILES else f"#{tile}"

    def on_event(self, st: TableState, ev: Event) -> str | None:
        return None

    def win(self, st: TableState, w: Win, derived: DerivedWin | None) -> dict:
        items, value = [], ""
        if derived is not None:
            items = [{"name": i.english, "ja": i.name, "han": i.value} for i in self.rules.store.win_items(derived)]
            value = f"{self.rules.store.win_value(derived)} {self.rules.value_unit}"
        tiles = [self.tile(t) for t in sorted(t for t in w.hand if t != w.win_tile)]
        return {
            "type": "win", "who": w.who, "from": w.from_who, "tsumo": w.tsumo, "hand": tiles,
            "winTile": self.tile(w.win_tile) if w.win_tile >= 0 else None,
            "melds": [{"kind": m.kind.value, "tiles": [self.tile(t) for t in m.tiles]} for m in w.melds],
            "yaku": items, "unit": self.rules.value_unit, "value": value or "not derived", "recorded": value,
            "derived": derived is not None,
            "deltas": list(derived.deltas) if derived is not None else list(w.deltas),
            "ura": [], "pao": None,
        }

    def draw(self, st: TableState, d: Ryuukyoku, derived: DerivedDraw | None) -> dict:
        name = "exhaustive"  # a family without its own view has only the exhaustive draw (mjlog.ir.Ryuukyoku)
        return {"type": "draw", "name": name, "ja": "", "tenpai": [False] * len(st.scores),
                "hands": [None] * len(st.scores),
                "deltas": list(derived.deltas) if derived is not None else list(d.deltas)}
