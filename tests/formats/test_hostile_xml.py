"""Hostile XML: DTDs and entities are refused in every encoding lxml reads, and nothing they name is
ever opened (a DTD naming a named pipe would block the reader for ever if it were)."""

from __future__ import annotations

import codecs
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from mjlog.errors import MalformedLogError
from mjlog.formats.reader import read_log

ROOT = Path(__file__).resolve().parents[2]
SECRET = "TOP-SECRET-NAME"
#: (name, Python codec, byte-order mark)
ENCODINGS = [
    ("utf-8", "utf-8", codecs.BOM_UTF8),
    ("utf-16le", "utf-16-le", codecs.BOM_UTF16_LE),
    ("utf-16be", "utf-16-be", codecs.BOM_UTF16_BE),
    ("utf-32le", "utf-32-le", codecs.BOM_UTF32_LE),
    ("utf-32be", "utf-32-be", codecs.BOM_UTF32_BE),
]
TRICKS = ("external-dtd", "external-parameter-entity", "external-entity", "internal-entity")
PLAYERS = '<GO type="169" lobby="0"/><UN n0="{name}" n1="B" n2="C" n3="D"/>'


def hostile_text(trick: str, target: str) -> str:
    """A log whose first player's name comes from an entity: declared in the DTD file ``target``,
    in a parameter entity loading ``target``, as an external entity, or as an internal one."""
    if trick == "external-dtd":
        head, name = f'<!DOCTYPE mjloggm SYSTEM "{target}">', "&secret;"
    elif trick == "external-parameter-entity":
        head, name = f'<!DOCTYPE mjloggm [<!ENTITY % p SYSTEM "{target}"> %p;]>', "&secret;"
    elif trick == "external-entity":
        head, name = f'<!DOCTYPE mjloggm [<!ENTITY secret SYSTEM "file://{target}">]>', "&secret;"
    else:
        head, name = f'<!DOCTYPE mjloggm [<!ENTITY secret "{SECRET}">]>', "&secret;"
    return head + '<mjloggm ver="2.3">' + PLAYERS.format(name=name) + "</mjloggm>"


def hostile_bytes(trick: str, target: str, encoding: str, bom: bool, declaration: bool) -> bytes:
    name, codec, mark = next(e for e in ENCODINGS if e[0] == encoding)
    text = hostile_text(trick, target)
    if declaration:
        text = f'<?xml version="1.0" encoding="{name}"?>' + text
    return (mark if bom else b"") + text.encode(codec)


VARIANTS = [(e[0], bom, decl) for e in ENCODINGS for bom in (False, True) for decl in (False, True)]


@pytest.fixture
def secret_dtd(tmp_path) -> Path:
    path = tmp_path / "secret.dtd"
    path.write_text(f'<!ENTITY secret "{SECRET}">', encoding="utf-8")
    return path


@pytest.mark.parametrize("trick", TRICKS)
@pytest.mark.parametrize("encoding, bom, declaration", VARIANTS)
def test_dtds_and_entities_are_refused_in_every_encoding(secret_dtd, trick, encoding, bom, declaration):
    data = hostile_bytes(trick, str(secret_dtd), encoding, bom, declaration)
    with pytest.raises(MalformedLogError) as info:
        read_log(data)
    text = str(info.value)
    assert SECRET not in text and "\n" not in text


@pytest.mark.parametrize("encoding", ["utf-16le", "utf-16be", "utf-32le", "utf-32be"])
def test_a_dtd_in_utf16_or_utf32_is_refused_as_a_dtd(secret_dtd, encoding):
    err = pytest.raises(MalformedLogError, read_log, hostile_bytes("external-dtd", str(secret_dtd), encoding,
                                                                     False, True)).value
    assert "DTDs and entity declarations are not allowed" in err.reason
    codec = next(e[1] for e in ENCODINGS if e[0] == encoding)
    assert err.where == f"character 0 (of the text decoded as {codec})"


def test_utf16_and_utf32_logs_without_a_dtd_still_read():
    from tests.support.xmlbuild import simple_game4

    text = simple_game4().decode("utf-8")
    for name, codec, mark in ENCODINGS:
        for data in (mark + text.encode(codec), f'<?xml version="1.0" encoding="{name}"?>{text}'.encode(codec)):
            assert [p.name for p in read_log(data).players] == ["Alice", "あ", "C", "D"], name


_FIFO_SCRIPT = """
import json, sys
from mjlog.errors import MalformedLogError
from mjlog.formats.reader import read_log
from tests.formats.test_hostile_xml import TRICKS, VARIANTS, hostile_bytes
fifo = sys.argv[1]
out = []
for trick in TRICKS:
    for encoding, bom, declaration in VARIANTS:
        try:
            read_log(hostile_bytes(trick, fifo, encoding, bom, declaration))
            out.append("read")
        except MalformedLogError:
            out.append("refused")
print(json.dumps(out))
"""

_BYPASS_SCRIPT = """
import json, sys
from lxml import etree
from mjlog.errors import MalformedLogError
from mjlog.formats import safe_xml
from tests.formats.test_hostile_xml import TRICKS, hostile_text
fifo = sys.argv[1]
out = []
for trick in TRICKS:
    data = hostile_text(trick, fifo).encode()
    try:
        root = etree.fromstring(data, safe_xml.parser())   # the parser alone, no check before it
        out.append(root[1].get("n0"))
    except etree.XMLSyntaxError:
        out.append(None)
    try:
        safe_xml.parse_checked(data, "x")             # the parse step without the text check
        out.append("read")
    except MalformedLogError:
        out.append("refused")
print(json.dumps(out))
"""


def _run_with_fifo(tmp_path, script: str) -> list:
    """Run ``script`` with a named pipe nobody writes to as its argument; opening it would block, so
    the timeout fails the test instead of hanging the suite."""
    fifo = tmp_path / "named.pipe"
    os.mkfifo(fifo)
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    try:
        done = subprocess.run([sys.executable, "-c", script, str(fifo)], capture_output=True, text=True,
                              timeout=60, env=env, cwd=ROOT)
    except subprocess.TimeoutExpired:
        pytest.fail("the reader blocked: it opened the named pipe a DTD or entity names")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_no_encoding_or_trick_opens_the_file_a_dtd_names(tmp_path):
    results = _run_with_fifo(tmp_path, _FIFO_SCRIPT)
    assert results == ["refused"] * (len(TRICKS) * len(VARIANTS))


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_the_parser_loads_nothing_even_with_the_check_bypassed(tmp_path):
    results = _run_with_fifo(tmp_path, _BYPASS_SCRIPT)
    names, outcomes = results[0::2], results[1::2]
    assert outcomes == ["refused"] * len(TRICKS)
    assert all(SECRET not in (n or "") for n in names[:3])  # nothing was loaded from the pipe
    assert names[3] == SECRET  # an internal entity is expanded by lxml: the DOCTYPE check refuses the result


def _mjlog(*args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "mjlog.cli", *args], capture_output=True, text=True,
                          timeout=timeout, env=env, cwd=ROOT)


@pytest.mark.parametrize("encoding", ["utf-16le", "utf-32be"])
def test_show_refuses_a_utf16_or_utf32_dtd_with_one_line_and_exit_2(tmp_path, secret_dtd, encoding):
    log = tmp_path / "game.xml"
    log.write_bytes(hostile_bytes("external-dtd", str(secret_dtd), encoding, False, True))
    done = _mjlog("show", str(log))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "DTDs and entity declarations" in done.stderr
    assert SECRET not in done.stderr
    conv = _mjlog("convert", str(log), "--to", "tenhou6")
    assert conv.returncode == 2 and conv.stdout == "" and SECRET not in conv.stderr
