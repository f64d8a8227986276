"""mjlog audit over a batch: each game counted once, files that are not logs skipped, and an empty
input a usage error."""

from __future__ import annotations

import json
import re

from mjlog.batch.audit import audit_sources
from mjlog.cli import main
from mjlog.formats.tenhou.json import dumps_tenhou6
from mjlog.formats.reader import read_log
from mjlog.rules.riichi.ruleset import PRESETS
from mjlog.rules.riichi.simulate import simulate_game

LOG_ID = "2019061512gm-00a9-0000-1234abcd"


def _played(seed: int = 1) -> bytes:
    """A simulated game without its synthetic marks, as if played at Tenhou."""
    text = simulate_game(PRESETS["tenhou-4p-south"], seed).decode()
    return text.replace(' title="mjlog-synthetic"', "").replace('lobby="9999"', 'lobby="0"').encode()


def _write_game_three_ways(tmp_path, edit_names: bool = False, edit_final: bool = False):
    xml = _played()
    (tmp_path / f"{LOG_ID}.xml").write_bytes(xml)
    (tmp_path / f"{LOG_ID}.json").write_text(dumps_tenhou6(read_log(xml, f"{LOG_ID}.xml")), encoding="utf-8")
    copy = xml.replace(b'n0="', b'n0="X') if edit_names else xml
    if edit_final:                                   # seat 0's final score one unit higher
        copy = re.sub(rb'owari="(-?\d+),', lambda m: b'owari="%d,' % (int(m.group(1)) + 1), copy, count=1)
    (tmp_path / "copy-of-game.xml").write_bytes(copy)


def test_the_same_game_in_three_files_is_one_game_with_two_duplicates(tmp_path, capsys):
    _write_game_three_ways(tmp_path)
    assert main(["audit", "--no-progress", str(tmp_path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == ("audited 1 game: 1 clean, 0 with findings; 0 errors, 0 warnings; "
                       "2 duplicate files (a game already counted)")
    dups = [line for line in out if ": duplicate: the same game as " in line]
    assert len(dups) == 2 and all(line.endswith(f"{LOG_ID}.xml") for line in dups)


def test_two_files_of_one_game_that_disagree_on_the_points_is_an_error_even_with_other_names(tmp_path):
    _write_game_three_ways(tmp_path, edit_names=True, edit_final=True)
    report = audit_sources([tmp_path])
    assert report.games == 1 and report.duplicates == 2
    [copy] = [f for f in report.files if f.source.endswith("copy-of-game.xml")]
    assert [(f.kind.value, f.severity.value) for f in copy.findings] == [("malformed", "error")]
    assert "disagree on the players' names, the final result" in copy.findings[0].message
    assert report.clean == 0 and report.with_findings == 1 and report.failed()


def test_two_files_of_one_game_that_differ_only_in_player_names_are_a_note_saying_which_file_has_which(
        tmp_path, capsys):
    _write_game_three_ways(tmp_path, edit_names=True)
    report = audit_sources([tmp_path])
    [copy] = [f for f in report.files if f.source.endswith("copy-of-game.xml")]
    assert [(f.kind.value, f.severity.value) for f in copy.findings] == [("player names differ", "note")]
    assert copy.findings[0].message == (
        f"the same game as {tmp_path / LOG_ID}.xml (by the same seed), under other player names "
        "(the names differ): seat 0: 'XBot A' here, 'Bot A' there")
    assert report.clean == 1 and report.with_findings == 0 and not report.failed()
    assert main(["audit", "--no-progress", str(tmp_path)]) == 0
    assert capsys.readouterr().out.splitlines()[-1].endswith("0 errors, 0 warnings, 1 note; "
                                                             "2 duplicate files (a game already counted)")


def test_an_anonymised_export_of_a_named_game_is_a_note_that_says_which_file_is_anonymised(tmp_path):
    xml = _played()
    (tmp_path / f"{LOG_ID}.xml").write_bytes(xml)
    anonymised = xml
    for seat, letter in enumerate("ABCD"):
        anonymised = anonymised.replace(f'n{seat}="%42%6F%74%20%{ord(letter):X}"'.encode(),
                                        f'n{seat}="%{ord(letter):X}%E3%81%95%E3%82%93"'.encode())
    (tmp_path / "export.xml").write_bytes(anonymised)
    [copy] = [f for f in audit_sources([tmp_path]).files if f.source.endswith("export.xml")]
    [note] = copy.findings
    assert note.severity.value == "note" and "(this file's names are anonymised): seat 0: 'Aさん' here, 'Bot A' there;" \
        in note.message


def test_a_file_that_is_not_a_log_is_skipped_and_counted(tmp_path, capsys):
    (tmp_path / f"{LOG_ID}.xml").write_bytes(_played())
    (tmp_path / "readme.txt").write_text("These are my Tenhou logs.\n")
    assert main(["audit", "--no-progress", str(tmp_path)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == (
        "audited 1 game: 1 clean, 0 with findings; 0 errors, 0 warnings; 1 file skipped (not a log)")


def test_a_json_file_of_other_data_beside_the_logs_is_skipped_as_not_a_log(tmp_path, capsys):
    (tmp_path / f"{LOG_ID}.xml").write_bytes(_played())
    (tmp_path / "vectors.json").write_text('{"description": "fan test vectors", "vectors": [{"hand": "1m"}]}')
    (tmp_path / "list.json").write_text('[{"hand": "1m"}, 2, 3]')
    assert main(["audit", "--no-progress", str(tmp_path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == ["audited 1 game: 1 clean, 0 with findings; 0 errors, 0 warnings; 2 files skipped (not a log)"]


def test_a_tenhou_json_without_its_log_array_is_still_an_unreadable_log(tmp_path, capsys):
    (tmp_path / "damaged.json").write_text('{"title": ["", ""], "name": ["a", "b", "c", "d"], "rule": {}}')
    assert main(["audit", "--no-progress", str(tmp_path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert "the JSON object has no log array" in out[0]
    assert out[-1] == "audited 0 games: 0 clean, 0 with findings; 1 unreadable log; 0 errors, 0 warnings"


def test_the_summary_never_counts_an_unreadable_log_as_a_game(tmp_path):
    (tmp_path / f"{LOG_ID}.xml").write_bytes(_played())
    (tmp_path / "broken.xml").write_bytes(b"<mjloggm")
    report = audit_sources([tmp_path])
    assert (report.games, report.clean, report.unreadable) == (1, 1, 1) and report.failed()
    assert report.summary().startswith("audited 1 game: 1 clean, 0 with findings; 1 unreadable log;")


def test_an_empty_input_is_a_usage_error(tmp_path, capsys):
    assert main(["audit", "--no-progress", str(tmp_path)]) == 2
    assert "no logs to audit" in capsys.readouterr().err
    (tmp_path / "readme.txt").write_text("nothing here\n")
    assert main(["audit", "--no-progress", str(tmp_path)]) == 2


def test_the_summary_counts_errors_warnings_and_notes_apart(tmp_path, capsys):
    (tmp_path / "undated.xml").write_bytes(_played())          # a note: the rounding era from the values
    cut = _played(2).replace(b"owari=", b"x=")                 # every hand, no result: a warning
    (tmp_path / f"{LOG_ID}.xml").write_bytes(cut)
    assert main(["audit", "--no-progress", "--json", str(tmp_path)]) == 0
    summary = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert (summary["errors"], summary["warnings"], summary["notes"]) == (0, 1, 1)
    assert summary["summary"] == ("audited 2 games: 1 clean, 1 with findings; "
                                  "0 errors, 1 warning, 1 note")
