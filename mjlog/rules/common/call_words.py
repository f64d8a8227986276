"""A family's words for its calls: what its findings and its viewer page name a chi, pon or kan with.

Each family holds one :class:`CallWords` (its ``CALL_WORDS``); the referee's findings and the viewer's
step captions both read it, so a Chinese family's calls are 吃, 碰 and 杠 with an English gloss wherever
they are named, never riichi's chi, pon and kan.

>>> from mjlog.ir import CallKind
>>> words = chinese_call_words("杠", added="補", closed="closed")
>>> words.name(CallKind.PON), words.taken(CallKind.DAIMINKAN), words.chis, words.kan
('pung 碰', 'an open kong 明杠', 'chows 吃', 'kong')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from mjlog.ir import AnyCallKind, CallKind


@dataclass(frozen=True, slots=True)
class CallWords:
    """A family's words for its calls. The defaults are the IR's names of the calls."""

    #: each call by its name, keyed by the kind's value: "seat 1's pung 碰 is not 3 tiles of one kind"
    names: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({k.value: k.value for k in CallKind}))
    #: the verb of a chi: "seat 2 chows 吃 from seat 0"
    chis: str = "chis"
    #: any kan, as its replacement draw names it: "the kong replacement"
    kan: str = "kan"

    def name(self, kind: AnyCallKind) -> str:
        """A call kind's name (a kind another family registers: its value)."""
        return self.names.get(kind.value, kind.value)

    def taken(self, kind: AnyCallKind) -> str:
        """A call as the tiles it takes are used for: the name with its article ("an open kong 明杠")."""
        name = self.name(kind)
        return ("an " if name[:1] in ("a", "e", "i", "o", "u") else "a ") + name


def chinese_call_words(kong: str, added: str = "加", closed: str = "concealed") -> CallWords:
    """Chow 吃, pung 碰 and the three kongs with their characters and an English gloss, the kong written
    ``kong`` ('槓' in Beijing's traditional script, '杠' in MCR's and Datong's), the added kong's first
    character ``added`` (加, Datong's 補) and the closed kong's gloss ``closed``."""
    return CallWords(names=MappingProxyType({
        CallKind.CHI.value: "chow 吃", CallKind.PON.value: "pung 碰", CallKind.DAIMINKAN.value: f"open kong 明{kong}",
        CallKind.KAKAN.value: f"added kong {added}{kong}", CallKind.ANKAN.value: f"{closed} kong 暗{kong}",
    }), chis="chows 吃", kan="kong")
