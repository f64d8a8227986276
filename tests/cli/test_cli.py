"""The mjlog command: show, its JSON output, its one-line error, and help on every command."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from mjlog.cli import build_parser, main
from tests.support.xmlbuild import simple_game4


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "mjlog.cli", *args], capture_output=True, text=True)


def test_show_prints_header_rounds_and_final(tmp_path, capsys):
    p = tmp_path / "g.xml"
    p.write_bytes(simple_game4())
    assert main(["show", str(p)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "四鳳南喰赤" in out[0] and "tenhou-4p-south" in out[0]
    assert out[1].startswith("  seat 0: Alice") and "1 dan 初段" in out[1] and "R1500" in out[1]
    assert out[5].startswith("East 1") and "exhaustive draw 流局; tenpai: seat 0 (Alice)" in out[5]
    assert out[-1].startswith("final: seat 0 (Alice) 28000 (+8.0)")


def test_show_json_is_the_ir(tmp_path, capsys):
    p = tmp_path / "g.xml"
    p.write_bytes(simple_game4())
    assert main(["show", "--json", str(p)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["source_format"] == "tenhou-xml" and data["players"][1]["name"] == "あ"
    assert data["rounds"][0]["events"][0] == {"event": "Draw", "seat": 0, "tile": 100}


def test_show_on_a_malformed_file_prints_one_line_and_exits_2(tmp_path):
    p = tmp_path / "bad.xml"
    p.write_bytes(simple_game4()[:-30])
    res = run("show", str(p))
    assert res.returncode == 2 and res.stdout == ""
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"mjlog: {p}: not well-formed XML") and " at line " in lines[0]


def test_every_command_has_help():
    parser = build_parser()
    sub = next(a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction")
    assert sub.choices
    for name, p in sub.choices.items():
        assert p.description, name
        with pytest.raises(SystemExit) as info:
            p.parse_args(["--help"])
        assert info.value.code == 0


def test_version_says_whether_the_compiled_helpers_are_in_use(capsys):
    from mjlog import accel

    with pytest.raises(SystemExit):
        main(["--version"])
    out = capsys.readouterr().out
    assert out.startswith("mjlog ") and ("compiled helpers: on" in out) == accel.ACTIVE


def test_accel_says_why_when_the_module_is_missing():
    code = ("import sys; sys.modules['mjlog._speedups'] = None\n"
            "from mjlog import accel\n"
            "print(accel.ACTIVE, accel.scan_xml, accel.REASON)")
    env = {k: v for k, v in os.environ.items() if k != "MJLOG_PURE_PYTHON"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env).stdout
    assert out.strip() == "False None not built (no C compiler when mjlog was installed)"
