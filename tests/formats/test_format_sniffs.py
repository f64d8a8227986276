"""The format registry's sniffs: a format's module is imported at its sniff's first call, once."""

from __future__ import annotations

import pytest

from mjlog.formats import HEAD_BYTES, _lazy, format_of
from mjlog.ir.check import MAX_TEXT_CHARS
from tests.support.xmlbuild import simple_game4


def test_a_lazy_function_imports_its_module_at_the_first_call_not_before():
    missing = _lazy("no_such_format_module", "sniff")   # nothing imported yet, so no error
    with pytest.raises(ModuleNotFoundError):
        missing(b"<")


def test_a_lazy_sniff_answers_as_the_module_s_own_every_time():
    from mjlog.formats.mcr.xml import sniff

    lazy = _lazy("mcr.xml", "sniff")
    for head in (simple_game4(), b'<mjloggm ver="2.3" family="mcr">', b"", b"[1]"):
        assert lazy(head) == sniff(head) == lazy(head)


def test_every_format_is_still_told_apart_by_its_content():
    assert format_of(simple_game4()).name == "tenhou-xml"
    assert format_of(b'{"title": ["", ""], "log": []}').name == "tenhou-json"
    assert format_of(b'{"type": "start_game"}\n').name == "mjai"
    assert format_of(b"not a log") is None


_PROLOGS = {
    "UTF-16 with a mark": lambda text: text.encode("utf-16"),
    "UTF-16BE declared, no mark": lambda text: ('<?xml version="1.0" encoding="UTF-16"?>' + text).encode("utf-16-be"),
    "UTF-32LE, no mark": lambda text: text.encode("utf-32-le"),
    "a processing instruction first": lambda text: ('<?xml-stylesheet href="s.xsl"?>\n' + text).encode(),
    "a declaration, an instruction and a comment": lambda text: (
        '<?xml version="1.0" encoding="UTF-8"?>\n<?pi x?>\n<!-- a comment -->\n' + text).encode(),
}


@pytest.mark.parametrize("fmt", ["mcr-xml", "beijing-xml", "datong-xml"])
@pytest.mark.parametrize("prolog", sorted(_PROLOGS))
def test_an_xml_format_is_named_in_any_encoding_after_any_prolog(fmt, prolog):
    """MCR XML in UTF-16 was read as Tenhou's XML ("attribute type is missing"), and so was Beijing
    XML after a processing instruction ("root element is <beijinglog>")."""
    from mjlog.formats.reader import read_log
    from tests.support.hostile import game_text

    data = _PROLOGS[prolog](game_text(fmt, "Alice"))
    assert format_of(data).name == fmt
    assert read_log(data).players[0].name == "Alice"


@pytest.mark.parametrize("breaks", ["\u2028", "\u2029", "\x85"])
def test_a_name_holding_a_line_break_of_unicode_is_not_a_line_break(breaks):
    """JSON lines end at ``\\n`` only: an mjai or a JSON-lines tenhou.net/6 name holding U+2028 (which
    ``str.splitlines`` splits at) reads whole."""
    from mjlog.formats.reader import read_log
    from tests.support.hostile import game_text

    name = f"Al{breaks}ice"
    assert read_log(game_text("mjai", name).encode()).players[0].name == name
    one_line = game_text("tenhou6", name).replace("\n", "")
    lines = (one_line + "\n" + one_line + "\n").encode()       # JSON lines: two files' objects, one a line
    assert read_log(lines).players[0].name == name


@pytest.mark.parametrize("length", [HEAD_BYTES, 60_000, MAX_TEXT_CHARS])
def test_an_mjai_log_whose_first_line_is_longer_than_the_head_is_named_mjai_and_read_whole(length):
    """The sniffs see the file's first 4 KB; mjai's reads its whole first line, so a long name in
    ``start_game`` (over about 3,975 characters) no longer makes the file tenhou.net/6's; and the name
    is read whole, as every reader's (it was cut to 200 characters)."""
    from mjlog.formats.reader import read_log
    from tests.support.hostile import game_text

    data = game_text("mjai", "N" * length).encode()
    assert data.index(b"\n") > HEAD_BYTES
    assert format_of(data).name == "mjai"
    assert read_log(data).players[0].name == "N" * length


def test_a_first_line_longer_than_an_mjai_line_may_be_is_not_mjai():
    """The mjai sniff reads at most ``SNIFF_BYTES``: a first line that ends in them is sniffed, one past
    them is no mjai line; a tenhou.net/6 log on one long line is still tenhou.net/6's."""
    from mjlog.formats.mjai.common import SNIFF_BYTES, sniff
    from tests.support.hostile import game_text

    def first_line(size: int) -> bytes:
        start, end = b'{"type": "none", "x": "', b'"}\n'
        return start + b"x" * (size - len(start) - len(end)) + end + b'{"type": "none"}\n'

    assert sniff(first_line(SNIFF_BYTES))
    assert not sniff(first_line(SNIFF_BYTES + 1))
    tenhou6 = game_text("tenhou6", "N" * 10_000).encode()
    assert b"\n" not in tenhou6.strip() and format_of(tenhou6).name == "tenhou-json"


@pytest.mark.parametrize(("line", "mjai"), [
    (b'{"type":"start_game","names":["a","b","c","d"]}', True),
    (b'{"\\u0074ype":"start_game"}', True),   # the key escaped: still the key "type"
    (b'{"title":["",""],"name":["A","B","C","D"],"log":[]}', False),
    (b'{"typed":"x"}', False),
])
def test_the_mjai_sniff_knows_the_type_key_however_it_is_written(line, mjai):
    from mjlog.formats.mjai.common import sniff

    assert sniff(line + b"\n") is mjai


def test_root_start_answers_each_head_whatever_it_was_asked_before():
    from mjlog.formats.safe_xml import root_start

    a, b = b'<?xml version="1.0"?><mjloggm ver="2.3">', "<beijinglog>".encode("utf-16")
    assert [root_start(h) for h in (a, a, b, a, b, b)] == [b'<mjloggm ver="2.3">'] * 2 + [b"<beijinglog>",
                                                          b'<mjloggm ver="2.3">', b"<beijinglog>", b"<beijinglog>"]
    assert root_start(bytes(a)) == root_start(a[:]) == b'<mjloggm ver="2.3">'
