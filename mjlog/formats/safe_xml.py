"""Hardened XML parsing for logs: no DTDs, entities, network or file access; bounded sizes.

The bytes are first turned into text as XML says (a byte-order mark, else the first bytes'
pattern of zeros, else the XML declaration's ``encoding``), and the text, not the bytes, is
checked: a DTD or an entity declaration is refused in any encoding. lxml is then given that
text as UTF-8 without a declaration, by a parser whose resolver hands back nothing for any
file or URL and whose result is refused if it has a DTD: even if the check were bypassed,
nothing is loaded and no declared entity reaches a value.

>>> parse_xml_bytes(b'<mjloggm ver="2.3"/>').tag
'mjloggm'
>>> parse_xml_bytes(b'<!DOCTYPE x [<!ENTITY a "b">]><mjloggm/>')
Traceback (most recent call last):
mjlog.errors.MalformedLogError: <bytes>: DTDs and entity declarations are not allowed in a log at byte 0
>>> parse_xml_bytes('<!DOCTYPE x SYSTEM "/etc/passwd"><mjloggm/>'.encode("utf-16-le"))  # doctest: +NORMALIZE_WHITESPACE
Traceback (most recent call last):
mjlog.errors.MalformedLogError: <bytes>: DTDs and entity declarations are not allowed in a log at character 0
(of the text decoded as utf-16-le)
"""

from __future__ import annotations

import codecs
import re
from functools import cache
from typing import TYPE_CHECKING, cast

from mjlog.errors import LogTooLargeError, MalformedLogError

if TYPE_CHECKING:
    from lxml import etree

MAX_ATTRIBUTE_CHARS = 65536
#: Most attributes on one element. A log's elements have at most about 20 (Tenhou's AGARI); lxml's
#: mapping of an element's attributes finds each by walking them all, so reading 100,000 of them
#: took 53 s (quadratic), and 200,000 over half an hour.
MAX_ATTRIBUTES = 256

_NONSPACE = re.compile(rb"\S")
#: An attribute value over the limit, however it is quoted and spaced (``n0 = '...'``).
#: A value longer than the limit: more than MAX_ATTRIBUTE_CHARS characters before its closing quote.
_HUGE_VALUE = re.compile(rb"""=\s*(?:"[^"]{%d,}|'[^']{%d,})""" % (MAX_ATTRIBUTE_CHARS + 1, MAX_ATTRIBUTE_CHARS + 1))
_DECL = re.compile(rb"^\s*<\?xml[^>]*\?>")
_DECL_ENCODING = re.compile(rb"""encoding\s*=\s*["']([A-Za-z0-9_.:-]+)["']""")
_DOCTYPE = re.compile(rb"<!\s*(DOCTYPE|ENTITY)", re.IGNORECASE)
_UTF8_NAMES = (b"utf-8", b"utf8", b"us-ascii", b"ascii")

#: Byte-order marks, longest first (UTF-32's little-endian mark starts like UTF-16's).
_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)


def _sniff(data: bytes) -> str | None:
    """The UTF-16 or UTF-32 flavour the first bytes' zeros show (XML 1.0, appendix F), else None."""
    head = data[:4]
    if len(head) < 4 or 0 not in head:
        return None
    zeros = cast("tuple[bool, bool, bool, bool]", tuple(b == 0 for b in head))  # four: head is 4 bytes (checked above)
    return {
        (False, True, True, True): "utf-32-le",
        (True, True, True, False): "utf-32-be",
        (False, True, False, True): "utf-16-le",
        (True, False, True, False): "utf-16-be",
    }.get(zeros)


def wide_encoding(data: bytes) -> str | None:
    """The UTF-16 or UTF-32 flavour of ``data`` by its byte-order mark or its first bytes, else None."""
    for bom, enc in _BOMS:
        if data.startswith(bom):
            return None if enc == "utf-8" else enc
    return _sniff(data)


#: What may come before an XML document's root element: a byte-order mark, spaces, the declaration,
#: processing instructions and comments (each bounded, as a sniff reads only a file's first bytes).
_PROLOG = re.compile(rb"\A(?:\xef\xbb\xbf)?(?:\s+|<\?[^>]{0,400}\?>|<!--.{0,400}?-->)*", re.S)


def root_start(head: bytes) -> bytes:
    """``head`` (a file's first bytes) from its root element's ``<`` on, as UTF-8 where the file is
    UTF-16 or UTF-32: what a sniff of an XML format looks at, whatever encoding and prolog the file has.

    >>> root_start(b'<?xml version="1.0"?>\\n<?xml-stylesheet href="a"?><!-- x --><mjloggm ver="2.3">')
    b'<mjloggm ver="2.3">'
    >>> root_start('<?xml version="1.0" encoding="UTF-16"?><beijinglog>'.encode("utf-16"))
    b'<beijinglog>'
    """
    global _last_root_start
    last = _last_root_start
    if head is last[0]:  # the registry's XML sniffs look at one head in turn: the first one's answer serves
        return last[1]
    start = head
    enc = wide_encoding(start)
    if enc is not None:
        start = start.decode(enc, "ignore").encode("utf-8")
    prolog = _PROLOG.match(start)
    if prolog:
        start = start[prolog.end():]
    _last_root_start = (head, start)
    return start


#: The last head :func:`root_start` was given and its answer, as one tuple (one rebinding, safe between
#: threads). Holding the head keeps its identity from being reused by other bytes.
_last_root_start: tuple[bytes, bytes] = (b"", b"")


def _to_utf8(data: bytes, name: str) -> tuple[bytes, str | None]:
    """The document as UTF-8 bytes without a byte-order mark or XML declaration, and the encoding
    it was decoded from (None when it was UTF-8 or ASCII already)."""
    encoding = None
    for bom, bom_encoding in _BOMS:
        if data.startswith(bom):
            data, encoding = data[len(bom):], bom_encoding
            break
    else:
        encoding = _sniff(data)
    if encoding == "utf-8":
        encoding = None
    if encoding is not None:
        try:
            data = data.decode(encoding).encode("utf-8")
        except UnicodeError as exc:
            raise MalformedLogError(f"cannot decode the file as {encoding} ({exc})", name, "byte 0") from None
    decl = _DECL.match(data)
    if decl:
        enc = _DECL_ENCODING.search(decl.group(0))
        data = data[decl.end():]
        declared = enc.group(1).lower().replace(b"_", b"-") if enc else b"utf-8"
        if encoding is None and enc is not None and declared not in _UTF8_NAMES:  # no enc: declared is utf-8
            name_text = enc.group(1).decode("ascii")
            check_charset(name_text, name)
            try:
                data = data.decode(name_text).encode("utf-8")
            except (LookupError, UnicodeError) as exc:
                raise MalformedLogError(
                    f"cannot decode the file as its declared encoding {name_text!r} ({exc})",
                    name,
                    "the XML declaration",
                ) from None
            encoding = name_text
    return data, encoding


#: The character sets an XML log may declare (Python's codec names): Unicode, the Japanese, Chinese and
#: Korean sets, ISO 8859 and the Windows and KOI8 code pages. A codec that is not a character set
#: (punycode, idna, rot13, base64, zlib...) is refused before anything is decoded: punycode's
#: decoder takes time quadratic in the text (1 MB: 71 s), and none of them is a log's encoding.
CHARSETS = frozenset({
    "utf-8", "utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-32-le", "utf-32-be", "ascii",
    "shift_jis", "cp932", "euc_jp", "shift_jis_2004", "shift_jisx0213", "euc_jis_2004", "euc_jisx0213",
    "iso2022_jp", "iso2022_jp_1", "iso2022_jp_2", "iso2022_jp_2004", "iso2022_jp_3", "iso2022_jp_ext",
    "gb2312", "gbk", "gb18030", "hz", "big5", "big5hkscs", "cp950", "euc_kr", "cp949", "johab", "iso2022_kr",
    *(f"iso8859-{n}" for n in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14, 15, 16)),
    *(f"cp{n}" for n in range(1250, 1259)), "koi8-r", "koi8-u",
})


def check_charset(declared: str, name: str) -> None:
    """Refuse an XML declaration's ``encoding`` that is unknown or not one of :data:`CHARSETS`.

    >>> check_charset("Shift_JIS", "x.xml")
    >>> check_charset("punycode", "x.xml")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    mjlog.errors.MalformedLogError: x.xml: the declared encoding 'punycode' is not a character set ... at the XML declaration
    """
    try:
        codec = codecs.lookup(declared).name
    except LookupError:
        raise MalformedLogError(f"the declared encoding {declared!r} is unknown", name, "the XML declaration") from None
    if codec not in CHARSETS:
        raise MalformedLogError(f"the declared encoding {declared!r} is not a character set a log is written in",
                                name, "the XML declaration")


def _place(data: bytes, offset: int, encoding: str | None) -> str:
    """``byte N`` of a UTF-8 log, or ``character N`` of one decoded from another encoding."""
    if encoding is None:
        return f"byte {offset}"
    return f"character {len(data[:offset].decode('utf-8', 'ignore'))} (of the text decoded as {encoding})"


@cache
def parser() -> etree.XMLParser:
    """The lxml parser every log is parsed with, which loads nothing: no DTD, no external entity, no
    network, no XInclude. Made on first use, so that a command that parses no XML does not import lxml."""
    from lxml import etree

    class NothingResolver(etree.Resolver):
        """Answers every request for an external DTD, entity or include with empty text: no file or URL
        is ever opened, whatever the document names."""

        def resolve(self, system_url, public_id, context):
            return self.resolve_string("", context)

    made = etree.XMLParser(
        resolve_entities=False,
        no_network=True,
        load_dtd=False,
        dtd_validation=False,
        attribute_defaults=False,
        huge_tree=False,
        remove_comments=True,
        remove_pis=True,
        collect_ids=False,
    )
    made.resolvers.add(NothingResolver())
    return made


@cache
def _crowded() -> etree.XPath:
    """The first element with more than :data:`MAX_ATTRIBUTES` attributes, as an XPath (made on first use)."""
    from lxml import etree

    return etree.XPath(f"(//*[count(@*) > {MAX_ATTRIBUTES}])[1]")


def check_text(data: bytes, name: str, encoding: str | None = None) -> None:
    """Refuse over-long attribute values and any DTD or entity declaration in a document's UTF-8 text."""
    huge = _HUGE_VALUE.search(data)
    if huge:
        raise LogTooLargeError(
            f"an attribute value is longer than {MAX_ATTRIBUTE_CHARS} characters", name,
            _place(data, huge.start(), encoding),
        )
    doctype = _DOCTYPE.search(data)
    if doctype:
        raise MalformedLogError(
            "DTDs and entity declarations are not allowed in a log", name, _place(data, doctype.start(), encoding)
        )


def parse_xml_bytes(data: bytes, name: str = "<bytes>") -> etree._Element:
    """Parse log bytes safely into an lxml root element (no DTD, entities or network)."""
    if not _NONSPACE.search(data, 0, 4096) and not data.strip():
        raise MalformedLogError("the file is empty", name, "byte 0")
    data, encoding = _to_utf8(data, name)
    check_text(data, name, encoding)
    return parse_checked(data, name)


def parse_checked(data: bytes, name: str) -> etree._Element:
    """Parse UTF-8 bytes with :func:`parser`; a document that has a DTD anyway is refused."""
    from lxml import etree

    try:
        root = etree.fromstring(data, parser())
    except etree.XMLSyntaxError as exc:
        line, col = exc.position if exc.position else (0, 0)
        msg = exc.msg or str(exc)
        msg = re.sub(r",? line \d+, column \d+$", "", msg)
        raise MalformedLogError(f"not well-formed XML ({msg})", name, f"line {line}, column {col}") from None
    except (ValueError, etree.LxmlError) as exc:
        raise MalformedLogError(f"not well-formed XML ({exc})", name, "byte 0") from None
    info = root.getroottree().docinfo
    if info.internalDTD is not None or info.externalDTD is not None or info.doctype:
        raise MalformedLogError("DTDs and entity declarations are not allowed in a log", name, "the DOCTYPE")
    crowded = _crowded()(root)  # one pass in libxml2, before any reader asks for an element's attributes
    if crowded:
        el = cast(list, crowded)[0]
        raise LogTooLargeError(f"an element has more than {MAX_ATTRIBUTES} attributes", name,
                               f"line {el.sourceline} <{str(el.tag)[:20]}>")
    return root


# ---- numbers in attributes ----------------------------------------------------------------------

#: An integer as an XML log writes one: ASCII digits after at most a minus sign. Python's ``int``
#: also takes ``+5``, ``1_000``, surrounding spaces and other scripts' digits (``５``), which no log
#: writes; every XML reader checks a value against this before converting it.
XML_INTEGER = r"-?[0-9]+"
#: A decimal number as an XML log writes one (Tenhou's rates and final points: ``1500.00``, ``-6.0``).
XML_DECIMAL = r"-?[0-9]+(?:\.[0-9]+)?"
_INTEGER = re.compile(XML_INTEGER)
_INTEGERS = re.compile(rf"{XML_INTEGER}(?:,{XML_INTEGER})*")
_DECIMALS = re.compile(rf"{XML_DECIMAL}(?:,{XML_DECIMAL})*")


def is_xml_integer(text: str) -> bool:
    """Whether ``text`` is one integer as a log writes it (:data:`XML_INTEGER`).

    >>> [is_xml_integer(t) for t in ("250", "-10", "+5", "1_000", " 5", "５")]
    [True, True, False, False, False, False]
    """
    return _INTEGER.fullmatch(text) is not None


def are_xml_integers(text: str) -> bool:
    """Whether ``text`` is comma-separated integers as a log writes them (``250,-10,0``)."""
    return _INTEGERS.fullmatch(text) is not None


def are_xml_decimals(text: str) -> bool:
    """Whether ``text`` is comma-separated decimal numbers as a log writes them (``280,8.0,240,-6.0``)."""
    return _DECIMALS.fullmatch(text) is not None
