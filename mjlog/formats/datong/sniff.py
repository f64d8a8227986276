"""Whether a file's first bytes are of a Datong dialect: the tests the formats' registry runs on
every file it reads, kept apart from the readers so that a file of another format loads neither."""

from __future__ import annotations

from mjlog.formats.seeded_sniff import json_format_sniff, xml_root_sniff

#: Whether ``head`` starts a Datong XML log (its root element is ``<datonglog``).
sniff_xml = xml_root_sniff("datonglog")
#: Whether ``head`` starts a Datong JSON log (an object whose first key is ``"format": "mjlog-datong"``).
sniff_json = json_format_sniff("mjlog-datong")
