"""What the seeded-wall dialects' XML (Beijing's, Datong's) shares: the root and its version checked, the
elements read in order with each error placed, the reader's elements of the whole game (``UN``, ``HAND``,
``END``), and the writer's layout and elements.

A dialect's reader extends :class:`SeededXmlReader` with its own elements (:meth:`~SeededXmlReader.own`)
and its header; :mod:`mjlog.formats.seeded_dialect` checks every value, so that a bad one is a
:class:`~mjlog.errors.MalformedLogError` naming the element.

>>> element("N", who=1, kind="pon", called=None)
'<N who="1" kind="pon"/>'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Protocol

from mjlog.errors import MalformedLogError
from mjlog.formats.safe_xml import parse_xml_bytes
from mjlog.formats.seeded_dialect import DISCARD_TAGS, DRAW_TAGS, SEATS, Bad, error, integers, text
from mjlog.ir import Call, Discard, Draw, Event, FinalResult, GameLog, Player, Round

__all__ = ["SeededXmlReader", "csv", "element", "read_seeded_xml", "table_event", "write_seeded_xml"]


class HandRecord(Protocol):
    """A dialect's hand as its reader collects it."""

    def add(self, ev: Event) -> None: ...
    def round(self) -> Round: ...


class SeededXmlReader:
    """The elements of one log of a seeded-wall XML dialect, collected into a GameLog: the players
    (``UN``), each hand (``HAND`` and what follows it) and the final scores (``END``) here, the rest
    by the dialect (:meth:`own`, :meth:`start_hand`, :meth:`finish`)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.game: dict | None = None
        self.players: tuple[Player, ...] | None = None
        self.hand: Any = None
        self.rounds: list = []
        self.final: FinalResult | None = None

    def element(self, tag: str, a, el) -> None:
        """Read one element of the root."""
        if tag == "UN":
            if self.players is not None:
                raise Bad("a second <UN>")
            self.players = tuple(Player(s, text(a.get(f"n{s}", ""), f"the name of seat {s}")) for s in range(SEATS))
        elif tag == "HAND":
            self._close()
            self.hand = self.start_hand(a)
        elif tag == "END":
            self._close()
            self.final = FinalResult(integers(a.get("sc", ""), "the final scores", count=SEATS), (0.0,) * SEATS, True)
        else:
            self.own(tag, a, el)

    def own(self, tag: str, a, el) -> None:
        """Read an element of the dialect's own (the game's header, the events of a hand)."""
        raise Bad(f"unknown element <{tag[:20]}>")

    def start_hand(self, a) -> HandRecord:
        """The hand a ``HAND`` element starts."""
        raise NotImplementedError

    def finish(self) -> GameLog:
        """The log read, once every element has been."""
        raise NotImplementedError

    def _open(self) -> Any:
        if self.hand is None:
            raise Bad("an event outside a hand")
        return self.hand

    def _close(self) -> None:
        if self.hand is not None:
            self.rounds.append(self.hand.round())
            self.hand = None


def read_seeded_xml(data: bytes, name: str, root_tag: str, version: str, dialect: str,
                    reader: SeededXmlReader) -> GameLog:
    """Read a log of the dialect named ``dialect`` (its root ``<root_tag ver="version">``) with ``reader``;
    MalformedLogError naming the element for anything wrong."""
    root = parse_xml_bytes(data, name)
    if root.tag != root_tag:
        raise MalformedLogError(f"root element is <{str(root.tag)[:40]}>, not <{root_tag}>", name, "element 0")
    if root.get("ver") != version:
        raise MalformedLogError(f"version {str(root.get('ver'))[:20]!r} of the {dialect} XML dialect is not known "
                                f"(mjlog reads {version})", name, "element 0")
    for index, el in enumerate(root, start=1):
        if not isinstance(el.tag, str):
            continue
        try:
            reader.element(el.tag, el.attrib, el)
        except Bad as exc:
            raise error(exc, name, f"element {index} <{el.tag[:20]}>") from None
    try:
        return reader.finish()
    except Bad as exc:
        raise error(exc, name, "end of file") from None


# -- writer ------------------------------------------------------------------------------------------


def write_seeded_xml(log: GameLog, root_tag: str, version: str, game: str,
                     hand_lines: Callable[[Round], Iterable[str]]) -> bytes:
    """A log as XML bytes (UTF-8): the root, the ``game`` element, the players, each hand's lines as
    the dialect writes them (``hand_lines``), the final scores."""
    out = [f'<{root_tag} ver="{version}">', game]
    out.append(element("UN", **{f"n{p.seat}": p.name for p in log.players}))
    for rnd in log.rounds:
        out.extend(hand_lines(rnd))
    if log.final is not None:
        out.append(element("END", sc=csv(log.final.scores)))
    out.append(f"</{root_tag}>")
    return "\n".join(out).encode("utf-8") + b"\n"


def table_event(ev: Event) -> str | None:
    """A draw, discard or call as its element; None for any other event."""
    t = type(ev)
    if isinstance(ev, Draw) and t is Draw:
        return f"<{DRAW_TAGS[ev.seat]}{ev.tile}/>"
    if isinstance(ev, Discard) and t is Discard:
        return f"<{DISCARD_TAGS[ev.seat]}{ev.tile}/>"
    if isinstance(ev, Call) and t is Call:
        return element("N", who=ev.seat, kind=ev.kind.value, tiles=csv(ev.tiles), called=ev.called,
                       **{"from": ev.from_seat}, added=ev.added)
    return None


def csv(values: Iterable[object]) -> str:
    """Values as an attribute's comma-separated text."""
    return ",".join(str(v) for v in values)


def element(tag: str, **attrs: object) -> str:
    """An empty element with the attributes that are not None, each value quoted."""
    from xml.sax.saxutils import quoteattr  # here, not above: it imports urllib.request, http.client and email

    body = "".join(f" {k}={quoteattr(str(v))}" for k, v in attrs.items() if v is not None)
    return f"<{tag}{body}/>"

