"""Whether a file's first bytes are of a Beijing dialect: the tests the formats' registry runs on
every file it reads, kept apart from the readers so that a file of another format loads neither."""

from __future__ import annotations

from mjlog.formats.seeded_sniff import json_format_sniff, xml_root_sniff

#: Whether ``head`` starts a Beijing XML log (its root element is ``<beijinglog``).
sniff_xml = xml_root_sniff("beijinglog")
#: Whether ``head`` starts a Beijing JSON log (an object whose first key is ``"format": "mjlog-beijing"``).
sniff_json = json_format_sniff("mjlog-beijing")
