"""Work linear in size: inputs that once took minutes (quadratic decoders and lookups, recursion)
are each answered with one line by ``mjlog audit``, made here (never stored as data).

Their speed is in ``benchmarks/hostile_inputs.py``; these tests check only the answer."""

from __future__ import annotations

import gzip

import pytest

from mjlog.cli import main
from mjlog.errors import LogTooLargeError, MalformedLogError
from mjlog.formats.json_depth import MAX_JSON_DEPTH
from mjlog.formats.reader import read_log
from mjlog.formats.safe_xml import MAX_ATTRIBUTES
from mjlog.formats.source import MAX_GZIP_MEMBERS, gunzip
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
    body = b"-" + b"ba" * 500_000  # decoded, each pair inserts a character: 1 MB took 71 s (quadratic)
    path = tmp_path / "punycode.xml"
    path.write_bytes(b'<?xml version="1.0" encoding="punycode"?><mjloggm ver="2.3">' + body + b"</mjloggm>")
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
    empty = gzip.compress(b"", mtime=0)
    path = tmp_path / "members.xml.gz"
    path.write_bytes(empty * (16 * 2**20 // len(empty)))
    _audit_one_line(capsys, path, f"more than {MAX_GZIP_MEMBERS} gzip members")


def test_a_few_gzip_members_still_read_as_one_log():
    game = simple_game4()
    third = len(game) // 3
    data = b"".join(gzip.compress(part, mtime=0) for part in (game[:third], b"", game[third:]))
    assert gunzip(data, "x") == game
    assert [p.name for p in read_log(data).players] == ["Alice", "あ", "C", "D"]
    with pytest.raises(LogTooLargeError, match="gzip members"):
        gunzip(gzip.compress(b"", mtime=0) * (MAX_GZIP_MEMBERS + 1), "x")


def test_an_mcr_element_with_100k_attributes_is_refused(tmp_path, capsys):
    attrs = " ".join(f'a{i}="1"' for i in range(100_000))
    path = tmp_path / "attributes.xml"
    path.write_text(f'<mjloggm ver="2.3" family="mcr">\n<GO {attrs}/>\n</mjloggm>', encoding="utf-8")
    _audit_one_line(capsys, path, f"more than {MAX_ATTRIBUTES} attributes at line 2 <GO>")


def _deep(depth: int = DEEP) -> str:
    return "[" * depth + "]" * depth


JSON_LOGS = {
    "tenhou6": '{"title":["",""],"name":["a","b","c","d"],"rule":{"disp":"x","aka":1},"log":[' + _deep() + "]}",
    # cut off: the salvage of a cut file reads hand by hand, and must not recurse either
    "tenhou6-cut": '{"title":["",""],"name":["a","b","c","d"],"rule":{"disp":"x","aka":1},"log":[[[0,0,0]],'
                   + "[" * DEEP,
    # the first line starts a game, so the file is taken as mjai; the second is the deep one, as deep as
    # a line may be long (100,000 characters: a longer line is refused as such, tested in test_mjai_hostile)
    "mjai": '{"type":"start_game","names":["a","b","c","d"]}\n{"type":"start_kyoku","x":' + _deep(49_000) + "}\n",
    "mcr-json": '{"format":"mjlog-mcr","x":' + _deep() + "}",
    "beijing-json": '{"format": "mjlog-beijing","x":' + _deep() + "}",
}


@pytest.mark.parametrize("kind", sorted(JSON_LOGS))
def test_json_nested_100000_deep_is_refused_in_every_json_reader(kind, tmp_path, capsys):
    path = tmp_path / f"{kind}.json"
    path.write_text(JSON_LOGS[kind], encoding="utf-8")
    _audit_one_line(capsys, path, f"the JSON nests more than {MAX_JSON_DEPTH} arrays and objects deep")
    assert main(["show", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
