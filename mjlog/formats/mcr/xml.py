"""mjlog's MCR dialect of the Tenhou-style XML: ``<mjloggm ver="2.3" family="mcr">`` and its elements.

The element vocabulary is :mod:`mjlog.formats.mcr.dialect`'s (``docs/formats/mcr.md``). The
root's ``family="mcr"`` is what tells the dialect apart: a Tenhou log's root has no family, a
Beijing log's another. Parsing is the hardened parser of every XML log
(:mod:`mjlog.formats.safe_xml`).

>>> from mjlog.rules.mcr.simulate.game import simulate_log
>>> from mjlog.rules.mcr.ruleset import MCR
>>> log = simulate_log(MCR, seed=2)
>>> data = write_xml(log)
>>> data[:40]
b'<mjloggm ver="2.3" family="mcr">\\n<SHUFFL'
>>> sniff(data), read_xml_bytes(data, "x").rounds == log.rounds
(True, True)
"""

from __future__ import annotations


from lxml import etree

from mjlog.errors import MalformedLogError
from mjlog.formats.mcr.dialect import FAMILY, log_to_rows, rows_to_log
from mjlog.formats.safe_xml import parse_xml_bytes
from mjlog.ir import GameLog
from mjlog.formats.mcr.sniff import sniff_xml as sniff

__all__ = ["FORMAT", "read_xml_bytes", "sniff", "write_xml"]

FORMAT = "mcr-xml"
ROOT = "mjloggm"


def write_xml(log: GameLog) -> bytes:
    """The dialect's XML bytes of an MCR game (UTF-8; names as written, escaped as XML escapes them)."""
    root = etree.Element(ROOT, {"ver": "2.3", "family": FAMILY})
    root.text = "\n"
    for tag, attrs in log_to_rows(log):
        el = etree.SubElement(root, tag, attrs)
        el.tail = "\n"
    return etree.tostring(root, encoding="utf-8") + b"\n"


def read_xml_bytes(data: bytes, name: str) -> GameLog:
    """Read the dialect's XML; :class:`MalformedLogError` names the element at fault."""
    root = parse_xml_bytes(data, name)
    if root.tag != ROOT or root.get("family") != FAMILY:
        raise MalformedLogError(f"the root is <{str(root.tag)[:20]}>, not <{ROOT} family=\"{FAMILY}\">", name, "the root")
    rows = []
    for el in root:
        if not isinstance(el.tag, str):        # comments, processing instructions
            continue
        rows.append((el.tag, dict(el.attrib)))
    return rows_to_log(rows, name, FORMAT)
