"""mjlog audit: its lines, its summary, its JSON and its exit codes."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from mjlog.cli import main
from mjlog.rules.riichi.ruleset import PRESETS
from mjlog.rules.riichi.simulate import simulate_game
from tests.support.xmlbuild import simple_game4

SAMPLE = Path(__file__).resolve().parents[2] / "data" / "sample"


def test_audit_of_clean_samples_exits_0_with_the_summary_line(capsys):
    assert main(["audit", "--no-progress", str(SAMPLE)]) == 0
    out = capsys.readouterr().out.splitlines()
    n = len(list(SAMPLE.glob("*.xml")))
    assert out == [f"audited {n} games: {n} clean, 0 with findings; 0 errors, 0 warnings"]


def test_audit_reports_findings_and_unreadable_files_and_exits_1(tmp_path, capsys):
    shutil.copy(next(SAMPLE.glob("*4p*.xml")), tmp_path / "good.xml")
    (tmp_path / "broken.xml").write_bytes(b"<mjloggm")
    # one round with wrong noten payments: a payment finding in East 1
    (tmp_path / "wrong.xml").write_bytes(simple_game4().replace(b'sc="250,30,250,-10', b'sc="250,20,250,-10'))
    assert main(["audit", "--no-progress", str(tmp_path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == "audited 2 games: 1 clean, 1 with findings; 1 unreadable log; 9 errors, 0 warnings, 1 note"
    assert any(line.startswith(f"{tmp_path / 'broken.xml'}: error: unreadable: ") for line in out)
    assert any("wrong.xml: East 1" in line and "payment mismatch" in line for line in out)


def test_audit_json_gives_one_object_per_finding(tmp_path, capsys):
    (tmp_path / "wrong.xml").write_bytes(simple_game4().replace(b'sc="250,30,250,-10', b'sc="250,20,250,-10'))
    assert main(["audit", "--no-progress", "--json", str(tmp_path)]) == 1
    objs = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    findings, summary = objs[:-1], objs[-1]
    assert findings and all(f["kind"] and f["source"].endswith("wrong.xml") for f in findings)
    # (the one-round test log also ends "too early" for the rules: a game-level flow finding)
    assert any(f["round"] == "East 1" and f["kind"] == "payment mismatch" and f["event_index"] == 4 for f in findings)
    assert summary["with_findings"] == 1 and summary["games"] == 1


def test_audit_severity_marks_each_line_and_warnings_alone_exit_0_unless_strict(tmp_path, capsys):
    # every hand but no final result: one warning, no error
    game = simulate_game(PRESETS["tenhou-4p-south"], 3)
    (tmp_path / "cut.xml").write_bytes(re.sub(rb' owari="[^"]*"', b"", game))
    assert main(["audit", "--no-progress", str(tmp_path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert any(": game: warning: unrecorded: " in line for line in out)
    assert out[-1] == "audited 1 game: 0 clean, 1 with findings; 0 errors, 1 warning"
    assert main(["audit", "--no-progress", "--strict", str(tmp_path)]) == 1


def test_audit_usage_errors_exit_2(tmp_path, capsys):
    assert main(["audit", str(tmp_path / "missing.xml")]) == 2
    assert main(["audit", "--jobs", "0", str(SAMPLE)]) == 2
