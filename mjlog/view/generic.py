"""The viewer's presenter for a rule family without one of its own: it asks the family's interface.

Tiles are named by kind (``'5m'``, ``'1z'``; ids beyond the 136 as ``'#140'``), a win lists
the family's :meth:`~mjlog.rules.family.Family.win_items` and value, a draw its kind. The
families' own presenters (:mod:`mjlog.view.beijing`, :mod:`mjlog.view.mcr`) build on it.
"""

from __future__ import annotations

from mjlog.ir import Event, GameLog, Round, Ryuukyoku, Win
from mjlog.rules.results import DerivedDraw, DerivedWin, RoundResult
from mjlog.rules import family
from mjlog.tiles import N_TILES, kind_name
from mjlog.view.state import TableState
from mjlog.view.terms import Terms


class FamilyPresenter:
    """Shows any registered family's games through :class:`mjlog.rules.family.Family`."""

    terms: Terms = Terms()
    #: the name of an exhaustive draw
    draw_name: tuple[str, str] = ("exhaustive", "")

    def __init__(self, log: GameLog) -> None:
        self.family = log.family
        self.rules = family(log.family)

    def tile(self, tile: int) -> str:
        return kind_name(tile >> 2) if 0 <= tile < N_TILES else f"#{tile}"

    def faces(self) -> dict[str, dict]:
        """Labels the page draws with a face of their own: ``{label: {"face": "春", "name": "spring"}}``."""
        return {}

    def round_view(self, rnd: Round, result: RoundResult | None) -> dict:
        """What the page shows of a hand beside its steps: its ``name``, ``info`` lines (each
        ``{"text", "tiles"}``) and the labels of the tiles it ``marked``. The name is the IR's, in
        the family's words (:attr:`mjlog.ir.Round.name`)."""
        return {"name": rnd.name, "info": [], "marked": []}

    def deal(self, st: TableState, rnd: Round) -> None:
        """What the family does to the table at the deal, beyond dealing the hands."""

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
            "melds": [{"kind": self.terms.call(m.kind.value), "tiles": [self.tile(t) for t in m.tiles]} for m in w.melds],
            "yaku": items, "unit": self.rules.value_unit, "value": value or "not derived", "recorded": value,
            "derived": derived is not None,
            "deltas": list(derived.deltas) if derived is not None else list(w.deltas),
            "ura": [], "pao": None, "notes": [],
        }

    def draw(self, st: TableState, d: Ryuukyoku, derived: DerivedDraw | None) -> dict:
        name, native = self.draw_name  # a family without its own view has only the exhaustive draw (mjlog.ir.Ryuukyoku)
        return {"type": "draw", "name": name, "ja": native, "tenpai": [False] * len(st.scores),
                "hands": [None] * len(st.scores),
                "deltas": list(derived.deltas) if derived is not None else list(d.deltas)}
