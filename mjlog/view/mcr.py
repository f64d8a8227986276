"""The viewer's presenter for Chinese Official mahjong (MCR): flowers as tiles, the prevalent wind, fans.

Tiles 136..143 are the flowers 春夏秋冬梅兰竹菊 (:mod:`mjlog.rules.mcr.record`), labelled ``'1f'``
.. ``'8f'`` as MCR's hand notation writes them; a flower set aside (at the deal, or by a
:class:`~mjlog.ir.FlowerSetAside`) is shown beside its seat's hand.
"""

from __future__ import annotations

from mjlog.ir import Event, FlowerSetAside, Round
from mjlog.rules.mcr.record import FIRST_FLOWER, FLOWERS, McrHandRecord
from mjlog.rules.mcr.ruleset import CALL_WORDS
from mjlog.rules.results import RoundResult
from mjlog.tiles import WIND_NAMES, kind_name
from mjlog.view.generic import FamilyPresenter
from mjlog.view.state import TableState
from mjlog.view.terms import Terms

#: The winds in MCR's simplified characters, East first.
WINDS_ZH = "东南西北"

#: MCR's words on the page.
MCR_TERMS = Terms(
    indicators=None, self_drawn="by self-draw (自摸)", off_discard="on the discard of {from} (点和)",
    set_aside="flowers (花牌)", calls=CALL_WORDS.names,
)


class McrPresenter(FamilyPresenter):
    """Chinese Official mahjong: flowers drawn as tiles, the prevalent wind, fans in both languages."""

    terms = MCR_TERMS
    draw_name = ("exhaustive draw", "荒牌")

    def tile(self, tile: int) -> str:
        """``'5m'``, ``'1z'``; a flower ``'1f'`` .. ``'8f'``."""
        if FIRST_FLOWER <= tile < FIRST_FLOWER + len(FLOWERS):
            return f"{tile - FIRST_FLOWER + 1}f"
        return super().tile(tile)

    def faces(self) -> dict[str, dict]:
        return {f"{k + 1}f": {"face": f.character, "name": f"{f.english} {f.character}"} for k, f in enumerate(FLOWERS)}

    def round_view(self, rnd: Round, result: RoundResult | None) -> dict:
        view = super().round_view(rnd, result)
        wind = rnd.payload.prevalent_wind if isinstance(rnd.payload, McrHandRecord) else rnd.wind
        if 0 <= wind < len(WIND_NAMES):
            view["info"].append({"text": f"prevalent wind (圈风): {WIND_NAMES[wind]} {WINDS_ZH[wind]}",
                                 "tiles": [kind_name(27 + wind)]})
        return view

    def deal(self, st: TableState, rnd: Round) -> None:
        """The flowers each seat set aside at the deal, where the record states them apart."""
        if isinstance(rnd.payload, McrHandRecord):
            for seat, flowers in enumerate(rnd.payload.deal_flowers[:len(st.aside)]):
                st.aside[seat].extend(flowers)

    def on_event(self, st: TableState, ev: Event) -> str | None:
        """A flower set aside leaves the hand (or the drawn tile) for the seat's flowers."""
        if isinstance(ev, FlowerSetAside):
            if st.drawn[ev.seat] == ev.tile:
                st.drawn[ev.seat] = None
            else:
                st.take(ev.seat, [ev.tile])
            st.aside[ev.seat].append(ev.tile)
            label = self.tile(ev.tile)
            name = self.faces().get(label, {}).get("name", label)
            return f"{st.who(ev.seat)} sets aside the flower {name}"
        return None
