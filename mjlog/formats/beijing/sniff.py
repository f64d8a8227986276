"""Whether a file's first bytes are of a Beijing dialect: the tests the formats' registry runs on
every file it reads, kept apart from the readers so that a file of another format loads neither."""

from __future__ import annotations

import re

from mjlog.formats.safe_xml import wide_encoding

_XML_HEAD = re.compile(rb"\A(?:\xef\xbb\xbf)?\s*(?:<\?xml[^>]{0,200}\?>\s*)?(?:<!--.{0,400}?-->\s*)*<beijinglog[\s>/]", re.S)
_JSON_HEAD = re.compile(rb'\A(?:\xef\xbb\xbf)?\s*\{\s*"format"\s*:\s*"mjlog-beijing"')


def sniff_xml(head: bytes) -> bool:
    """Whether ``head`` starts a Beijing XML log (its root element is ``<beijinglog``)."""
    enc = wide_encoding(head)
    if enc is not None:
        head = head.decode(enc, "ignore").encode("utf-8")
    return _XML_HEAD.match(head) is not None


def sniff_json(head: bytes) -> bool:
    """Whether ``head`` starts a Beijing JSON log (an object whose first key is ``"format": "mjlog-beijing"``)."""
    return _JSON_HEAD.match(head) is not None
