"""The words a viewer page uses for what every family has under its own name.

A presenter gives one :class:`Terms`; the step captions and the page's panels use only these,
so that a family's page speaks its own language (a Beijing page says 惠坯 where a riichi page
says dora, and never says riichi).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields


@dataclass(frozen=True, slots=True)
class Terms:
    """What the page calls things. A field that is None hides what it names."""

    #: the label of the step's indicator tiles (riichi: dora indicators); None: no such row
    indicators: str | None = "indicators"
    #: the line of counters under it, with ``{sticks}`` and ``{repeats}`` filled in; None: no line
    counters: str | None = None
    #: how a self-drawn win is said after "wins" (riichi: 'by tsumo')
    self_drawn: str = "by self-draw"
    #: how a win on a discard is said after "wins", ``{from}`` the discarder
    off_discard: str = "on the discard of {from}"
    #: who was ready at a draw (riichi: 'tenpai'); None: not shown
    ready: str | None = None
    #: the badge of a seat that declared (riichi: 'riichi'); None: none
    declared: str | None = None
    #: the tiles shown at a win beside the hand (riichi: 'ura indicators')
    win_indicators: str = "indicators"
    #: the seat liable for a win (riichi: 'pao')
    liable: str = "liable"
    #: the tiles a seat set aside (MCR's flowers)
    set_aside: str = "set aside"
    #: the name of the tiles the round marks (Beijing's wild tiles)
    marked: str = "marked"
    #: a call's kind as shown, by :class:`mjlog.ir.CallKind` value (a family's ``CALL_WORDS.names``,
    #: :mod:`mjlog.rules.common.call_words`); a kind not named is shown as it is
    calls: Mapping[str, str] = field(default_factory=dict)

    def call(self, kind: str) -> str:
        """The call's name as the page shows it."""
        return self.calls.get(kind, kind)

    def as_data(self) -> dict:
        """The terms as the page's JSON holds them."""
        values = {f.name: getattr(self, f.name) for f in fields(self)}
        return {k: dict(v) if isinstance(v, Mapping) else v for k, v in values.items()}
