"""Hardened XML parsing for logs: no DTDs, entities, network or file access; bounded sizes.

>>> parse_xml_bytes(b'<mjloggm ver="2.3"/>').tag
'mjloggm'
>>> parse_xml_bytes(b'<!DOCTYPE x [<!ENTITY a "b">]><mjloggm/>')
Traceback (most recent call last):
mjlog.errors.MalformedLogError: <bytes>: DTDs and entity declarations are not allowed in a log at byte 0
"""

from __future__ import annotations

import re

from lxml import etree

from mjlog.errors import LogTooLargeError, MalformedLogError

MAX_ATTRIBUTE_CHARS = 65536

_NONSPACE = re.compile(rb"\S")
_HUGE_VALUE = re.compile(rb'="[^"]{%d,}' % MAX_ATTRIBUTE_CHARS)
_DECL = re.compile(rb"^\s*<\?xml[^>]*\?>")
_DECL_ENCODING = re.compile(rb"""encoding\s*=\s*["']([A-Za-z0-9_.:-]+)["']""")
_DOCTYPE = re.compile(rb"<!\s*(DOCTYPE|ENTITY)", re.IGNORECASE)


def _parser() -> etree.XMLParser:
    """An lxml parser that resolves no entities, loads no DTD and touches no network."""
    return etree.XMLParser(
        resolve_entities=False,
        no_network=True,
        load_dtd=False,
        dtd_validation=False,
        huge_tree=False,
        remove_comments=True,
        remove_pis=True,
        collect_ids=False,
    )


PARSER = _parser()


def parse_xml_bytes(data: bytes, name: str = "<bytes>") -> etree._Element:
    """Parse log bytes safely into an lxml root element (no DTD, entities or network)."""
    if not _NONSPACE.search(data, 0, 4096) and not data.strip():
        raise MalformedLogError("the file is empty", name, "byte 0")
    decl = _DECL.match(data)
    if decl:
        enc = _DECL_ENCODING.search(decl.group(0))
        data = data[decl.end():]
        if enc and enc.group(1).lower().replace(b"_", b"-") not in (b"utf-8", b"utf8", b"us-ascii", b"ascii"):
            try:
                data = data.decode(enc.group(1).decode("ascii")).encode("utf-8")
            except (LookupError, UnicodeDecodeError) as exc:
                raise MalformedLogError(
                    f"cannot decode the file as its declared encoding {enc.group(1).decode()!r} ({exc})",
                    name,
                    "the XML declaration",
                ) from None
    huge = _HUGE_VALUE.search(data)
    if huge:
        raise LogTooLargeError(
            f"an attribute value is longer than {MAX_ATTRIBUTE_CHARS} characters", name, f"byte {huge.start()}"
        )
    doctype = _DOCTYPE.search(data)
    if doctype:
        raise MalformedLogError(
            "DTDs and entity declarations are not allowed in a log", name, f"byte {doctype.start()}"
        )
    try:
        return etree.fromstring(data, PARSER)
    except etree.XMLSyntaxError as exc:
        line, col = exc.position if exc.position else (0, 0)
        msg = exc.msg or str(exc)
        msg = re.sub(r",? line \d+, column \d+$", "", msg)
        raise MalformedLogError(f"not well-formed XML ({msg})", name, f"line {line}, column {col}") from None
    except (ValueError, etree.LxmlError) as exc:
        raise MalformedLogError(f"not well-formed XML ({exc})", name, "byte 0") from None
