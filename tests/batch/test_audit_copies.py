"""Many copies of one game, and a file of very many games: counted in work linear in the copies,
with the per-file budget (``MAX_COMPARED_COPIES``, ``MAX_GAMES_PER_FILE``) as one line each.
The times are measured in ``benchmarks/audit_copies.py``, not here."""

from __future__ import annotations

import pytest

import mjlog.batch.report
from mjlog.batch.audit import audit_sources
from mjlog.batch.report import MAX_COMPARED_COPIES
from mjlog.cli import main
from mjlog.errors import LogTooLargeError
from mjlog.findings import FindingKind
from mjlog.formats.reader import games_or_errors
from mjlog.formats.source import MAX_GAMES_PER_FILE
from tests.support.hostile import botzone_copies
from tests.support.xmlbuild import simple_game4


def _omitted(report) -> list:
    return [f for fa in report.files for f in fa.findings if f.kind is FindingKind.OMITTED]


@pytest.mark.slow
def test_4000_copies_of_one_game_are_one_game_and_copies_past_the_budget_one_note(tmp_path):
    for i in range(4000):
        (tmp_path / f"g{i:04d}.xml").write_bytes(simple_game4())
    report = audit_sources([tmp_path])
    assert (report.games, report.duplicates, report.unreadable) == (1, 3999, 0)
    [note] = _omitted(report)
    assert note.source.endswith(f"g{MAX_COMPARED_COPIES + 1:04d}.xml")
    assert f"more than {MAX_COMPARED_COPIES:,} duplicate files" in note.message
    past = report.files[MAX_COMPARED_COPIES + 2:]
    assert all(fa.same_as is not None and not fa.findings for fa in past)
    assert report.notes == report.files[0].count(note.severity) + 1


def test_copies_past_the_budget_are_counted_and_a_more_complete_file_still_becomes_the_primary(tmp_path, monkeypatch):
    monkeypatch.setattr(mjlog.batch.report, "MAX_COMPARED_COPIES", 2)
    for i in range(5):
        (tmp_path / f"a{i}.xml").write_bytes(simple_game4(owari=False))
    (tmp_path / "b.xml").write_bytes(simple_game4())   # a final result: the game's primary
    report = audit_sources([tmp_path])
    assert (report.games, report.duplicates) == (1, 5)
    assert {fa.same_as for fa in report.files if fa.same_as is not None} <= {
        str(tmp_path / "a0.xml"), str(tmp_path / "b.xml")}
    assert len(_omitted(report)) == 1
    assert report.files[-1].same_as is None and report.files[-1].source.endswith("b.xml")


@pytest.mark.slow
def test_a_botzone_file_of_60000_matches_of_one_deal_is_one_line_error(tmp_path, capsys):
    path = tmp_path / "many.txt"
    path.write_bytes(botzone_copies(60_000))
    with pytest.raises(LogTooLargeError, match=f"60,000 matches, more than the {MAX_GAMES_PER_FILE:,} games"):
        games_or_errors(str(path))
    assert main(["audit", "--no-progress", str(path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert len(out) == 2 and "more than the 10,000 games a file may hold" in out[0]
    assert out[1].startswith("audited 0 games: 0 clean, 0 with findings; 1 unreadable log")


@pytest.mark.slow
def test_a_botzone_file_of_as_many_matches_of_one_deal_as_allowed_is_one_game(tmp_path):
    path = tmp_path / "many.txt"
    path.write_bytes(botzone_copies(MAX_GAMES_PER_FILE))
    report = audit_sources([path], keep=True)
    assert (report.games, report.duplicates, report.unreadable) == (1, MAX_GAMES_PER_FILE - 1, 0)
    assert len(_omitted(report)) == 1
