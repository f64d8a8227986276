"""The elements of a Tenhou mjlog XML file as the reader takes them, and the table of
draw and discard tags.

:func:`scan_log` gives the root and its children: from the compiled scanner (tags, or tags
with attribute dicts) for Tenhou's plain XML, else from the hardened lxml parser.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from mjlog.accel import scan_xml as _scan_xml
from mjlog.formats.safe_xml import parse_xml_bytes
from mjlog.frozen import builder
from mjlog.ir import Discard, Draw
from mjlog.tiles import SANMA_ABSENT_KINDS

if TYPE_CHECKING:
    from lxml import etree

#: The letters of the draw tags (T U V W) and discard tags (D E F G), by seat.
DRAW_TAGS = "TUVW"
DISCARD_TAGS = "DEFG"


def scan_log(data: bytes, name: str = "<bytes>") -> tuple:
    """The root tag, root attributes and children of a log's XML.

    Tenhou's plain XML is scanned by the compiled helper when it is built: each child is
    then its tag (a str) when it has no attributes, else ``(tag, attributes)``. Anything
    else, or every file without the helper, goes through the hardened lxml parser, which
    gives the parsed root (its children are lxml elements) or a :class:`MalformedLogError`
    saying where the file is wrong.

    >>> tag, attributes, children = scan_log(b'<mjloggm ver="2.3"><T52/><DORA hai="3"/></mjloggm>')
    >>> tag, attributes["ver"], len(children)
    ('mjloggm', '2.3', 2)
    """
    if _scan_xml is not None:
        scanned = _scan_xml(data)
        if scanned is not None:
            return scanned
    root = parse_xml_bytes(data, name)
    return root.tag, root.attrib, root  # the reader takes lxml's elements as they are


def items_of_tree(root: etree._Element) -> tuple[str, dict, list]:
    """The items :func:`scan_log`'s compiled scanner gives, from a tree lxml has parsed
    (the reference the scanner is tested against)."""
    items: list = []
    for el in root:
        tag = el.tag
        if not isinstance(tag, str):
            items.append((tag, None))  # kept so element numbers match the file
        elif len(el.attrib):
            items.append((tag, dict(el.attrib)))
        else:
            items.append(tag)
    return root.tag, dict(root.attrib), items


@dataclass(frozen=True, slots=True)
class FastTag:
    """A draw or discard tag: what it says and its IR events (one per tag serves every log)."""

    is_discard: bool
    seat: int
    tile: int
    ok_in_sanma: bool           # the seat and tile exist in a three-player game
    draw: Draw | None           # a draw tag's event
    tsumogiri: Discard | None   # a discard tag's event when the seat lets go of the tile it just drew
    discard: Discard | None     # a discard tag's event otherwise


def _fast_tags() -> dict[str, FastTag]:
    """Every draw and discard tag (T0 ... G135) and what it says."""
    # 2,720 frozen objects built at import: the builders take 3.0 -> 1.4 ms of the constructors'
    tag, draw, discard = builder(FastTag), builder(Draw), builder(Discard)
    out: dict[str, FastTag] = {}
    for seat in range(4):
        for tile in range(136):
            ok3 = seat < 3 and (tile >> 2) not in SANMA_ABSENT_KINDS
            out[f"{DRAW_TAGS[seat]}{tile}"] = tag(False, seat, tile, ok3, draw(seat, tile), None, None)
            out[f"{DISCARD_TAGS[seat]}{tile}"] = tag(True, seat, tile, ok3, None, discard(seat, tile, True),
                                                     discard(seat, tile, False))
    return out


FAST_TAGS = _fast_tags()
