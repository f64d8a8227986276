"""Work linear in size: inputs that once took minutes (quadratic decoders and lookups, recursion)
are each answered with one line by ``mjlog audit``, made here (never stored as data).

Their speed is in ``benchmarks/hostile_inputs.py``; these tests check only the answer."""

from __future__ import annotations

import gzip
import tracemalloc

import pytest

from mjlog.cli import main
from mjlog.errors import LogTooLargeError, MalformedLogError
from mjlog.formats.json_depth import MAX_JSON_DEPTH
from mjlog.formats.mcr.botzone import read_botzone_all
from mjlog.formats.reader import read_log
from mjlog.formats.safe_xml import MAX_ATTRIBUTES
from mjlog.formats.source import MAX_GAMES_PER_FILE, MAX_GZIP_MEMBERS, gunzip
from tests.support.hostile import DEEP_JSON, botzone_copies, deep_json, empty_gzip_members, many_attributes, punycode_xml
from tests.support.xmlbuild import simple_game4

DEEP = 100_000


def _audit_one_line(capsys, path, says: str) -> None:
    """``mjlog audit PATH`` exits 1 (unreadable) with one line for the file saying ``says``, no traceback."""
    assert main(["audit", "--no-progress", str(path)]) == 1
    captured = capsys.readouterr()
    lines = [ln for ln in captured.out.splitlines() if ln.startswith(str(path))]
    assert len(lines) == 1 and ": error: unreadable: " in lines[0], captured.out
    assert says in lines[0], lines[0]
    assert "Traceback" not in captured.err and "internal error" not in captured.out + captured.err


def test_an_xml_declaring_punycode_is_refused_before_decoding(tmp_path, capsys):
    path = tmp_path / "punycode.xml"
    path.write_bytes(punycode_xml(2**20))
    assert path.stat().st_size > 1_000_000
    _audit_one_line(capsys, path, "the declared encoding 'punycode' is not a character set")


@pytest.mark.parametrize("codec", ["idna", "rot13", "base64", "hex", "zlib", "utf-7", "raw-unicode-escape"])
def test_a_codec_that_is_not_a_charset_is_refused(codec):
    data = f'<?xml version="1.0" encoding="{codec}"?>'.encode() + simple_game4().split(b"?>", 1)[-1]
    with pytest.raises(MalformedLogError, match="is not a character set"):
        read_log(data)


@pytest.mark.parametrize("declared", ["Shift_JIS", "cp932", "EUC-JP", "GB18030", "windows-1252", "ISO-8859-1"])
def test_a_log_in_a_declared_charset_still_reads(declared):
    text = simple_game4().decode("ascii")  # Tenhou's names are %-escaped UTF-8: ASCII in any of them
    log = read_log(f'<?xml version="1.0" encoding="{declared}"?>{text}'.encode(declared))
    assert [p.name for p in log.players] == ["Alice", "あ", "C", "D"]


def test_sixteen_megabytes_of_empty_gzip_members_are_refused_by_count(tmp_path, capsys):
    path = tmp_path / "members.xml.gz"
    path.write_bytes(empty_gzip_members(16 * 2**20))
    _audit_one_line(capsys, path, f"more than {MAX_GZIP_MEMBERS} gzip members")


def test_a_few_gzip_members_still_read_as_one_log():
    game = simple_game4()
    third = len(game) // 3
    data = b"".join(gzip.compress(part, mtime=0) for part in (game[:third], b"", game[third:]))
    assert gunzip(data, "x") == game
    assert [p.name for p in read_log(data).players] == ["Alice", "あ", "C", "D"]
    with pytest.raises(LogTooLargeError, match="gzip members"):
        gunzip(gzip.compress(b"", mtime=0) * (MAX_GZIP_MEMBERS + 1), "x")


def test_a_botzone_file_of_too_many_matches_is_refused_holding_one_match_at_a_time():
    """The matches are counted as the lines go by: refusing 60,000 of them holds the file's text and a
    chunk of its lines, not a list of all 480,000 (which took 100 MB for this 14 MB file)."""
    data = botzone_copies(60_000)
    tracemalloc.start()
    try:
        with pytest.raises(LogTooLargeError, match=f"60,000 matches, more than the {MAX_GAMES_PER_FILE:,} games"):
            read_botzone_all(data, "many.txt")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 1.5 * len(data), f"{peak / 2**20:.0f} MB for {len(data) / 2**20:.0f} MB of matches"


def test_an_mcr_element_with_100k_attributes_is_refused(tmp_path, capsys):
    path = tmp_path / "attributes.xml"
    path.write_bytes(many_attributes(100_000))
    _audit_one_line(capsys, path, f"more than {MAX_ATTRIBUTES} attributes at line 2 <GO>")


@pytest.mark.parametrize("kind", sorted(DEEP_JSON))
def test_json_nested_100000_deep_is_refused_in_every_json_reader(kind, tmp_path, capsys):
    path = tmp_path / f"{kind}.json"
    path.write_text(deep_json(kind, DEEP), encoding="utf-8")
    _audit_one_line(capsys, path, f"the JSON nests more than {MAX_JSON_DEPTH} arrays and objects deep")
    assert main(["show", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
