"""Which files of a batch are one game: the same however the audit finds out (files read from paths
come with a quick identity, their hands digested only when another file shares a key or a deal with
them; bytes with a full one), so the same before and after the quick identity."""

from __future__ import annotations

from pathlib import Path

import pytest

import mjlog.formats.identity
import mjlog.replayer.guard
from mjlog.batch.audit import audit_file, audit_sources
from mjlog.batch.results import completeness
from mjlog.formats.identity import identity_of, quick_identity
from mjlog.formats.reader import games_or_errors, read_log
from mjlog.formats.tenhou.json import dumps_tenhou6
from mjlog.formats.tenhou.json_write import deal_json, round_json
from mjlog.ir import GameLog
from mjlog.rules.riichi.ruleset import PRESETS
from mjlog.rules.riichi.simulate import simulate_game
from tests.support.xmlbuild import simple_game4

SAMPLES = sorted((Path(__file__).resolve().parents[2] / "data" / "sample").glob("*.xml"))[::8]


def _json_export(xml: bytes, name: str = "a.xml") -> str:
    return dumps_tenhou6(read_log(xml, name))


def _botzone_match(match_id: str, first_discard: str) -> str:
    """One hand of the Botzone export (read, not a legal play: the audit's findings do not matter here)."""
    deal = "W1 W2 W3 W4 W5 W6 W7 W8 W9 B1 B2 B3 B4\n", "T1 T2 T3 T4 T5 T6 T7 T8 T9 B5 B6 B7 B8\n"
    return (f"Match {match_id}\nWind 0\n" + "".join(f"Player {s} Deal {deal[s % 2]}" for s in range(4))
            + f"Player 0 Draw {first_discard}\nPlayer 0 Play {first_discard}\nHuang\nScore 0 0 0 0\n\n")


def _dups(report) -> dict[str, str]:
    return {Path(f.source).name: Path(f.same_as).name for f in report.files if f.same_as is not None}


def test_an_xml_and_its_tenhou6_json_export_are_one_game(tmp_path):
    (tmp_path / "a.xml").write_bytes(simple_game4())
    (tmp_path / "b.json").write_text(_json_export(simple_game4()), encoding="utf-8")
    report = audit_sources([tmp_path])
    assert (report.games, report.duplicates) == (1, 1)
    assert _dups(report) == {"b.json": "a.xml"}


def test_two_files_of_one_game_with_different_names_are_one_game(tmp_path):
    for name in ("first.xml", "second-copy.xml"):
        (tmp_path / name).write_bytes(simple_game4())
    report = audit_sources([tmp_path])
    assert (report.games, report.duplicates) == (1, 1)
    assert _dups(report) == {"second-copy.xml": "first.xml"}


def test_a_file_more_complete_than_the_first_becomes_the_games_primary(tmp_path):
    (tmp_path / "a.xml").write_bytes(simple_game4(owari=False))   # no final result
    (tmp_path / "b.xml").write_bytes(simple_game4())
    report = audit_sources([tmp_path])
    assert (report.games, report.duplicates) == (1, 1)
    assert _dups(report) == {"a.xml": "b.xml"}


def test_a_game_of_a_multi_game_file_and_its_copy_elsewhere_are_one_game(tmp_path):
    (tmp_path / "a.txt").write_text(_botzone_match("m1", "F1") + _botzone_match("m2", "F2"))
    (tmp_path / "b.txt").write_text(_botzone_match("m3", "F2"))   # m2's hand under another match id
    report = audit_sources([tmp_path])
    assert (report.games, report.duplicates) == (2, 1)
    [dup] = [f for f in report.files if f.same_as is not None]
    assert Path(dup.source).name == "b.txt"
    primary = report.files[[f.source for f in report.files].index(dup.same_as)]
    assert primary.identity is not None and "log id m2" in primary.identity.keys
    assert Path(dup.same_as).name == "a.txt#2"


def test_games_that_start_alike_but_play_apart_are_two_games(tmp_path):
    (tmp_path / "a.json").write_text(_json_export(simple_game4()), encoding="utf-8")
    (tmp_path / "b.json").write_text(_json_export(simple_game4("<V102/><F102/>")), encoding="utf-8")
    report = audit_sources([tmp_path])
    assert (report.games, report.duplicates) == (2, 0)


def test_a_game_given_as_bytes_and_as_a_file_is_one_game(tmp_path):
    path = tmp_path / "b.json"
    path.write_text(_json_export(simple_game4()), encoding="utf-8")
    for sources in ([simple_game4(), path], [path, simple_game4()]):
        report = audit_sources(sources)
        assert (report.games, report.duplicates) == (1, 1)


def test_files_of_games_that_share_no_key_and_no_deal_are_audited_without_digesting_hands(tmp_path, monkeypatch):
    for seed in (1, 2):
        (tmp_path / f"g{seed}.xml").write_bytes(simulate_game(PRESETS["tenhou-4p-south"], seed))

    def no_full_identity(log):
        raise AssertionError("the hands were digested")

    monkeypatch.setattr(mjlog.replayer.guard, "identity_of", no_full_identity)
    report = audit_sources([tmp_path], jobs=1)
    assert (report.games, report.duplicates) == (2, 0)


def test_copies_whose_hands_cannot_be_digested_are_games_of_their_own(tmp_path, monkeypatch):
    for name in ("a.xml", "b.xml"):
        (tmp_path / name).write_bytes(simple_game4())

    def odd_value(log):
        raise ValueError("odd value")

    monkeypatch.setattr(mjlog.replayer.guard, "identity_of", odd_value)
    report = audit_sources([tmp_path])
    assert (report.games, report.duplicates) == (2, 0)


def test_a_copy_whose_first_file_is_gone_when_it_is_read_again_leaves_that_file_its_own_game(tmp_path, monkeypatch):
    import mjlog.batch.audit

    monkeypatch.setattr(mjlog.batch.audit, "SERIAL_BATCH", 1)   # each file counted (and reported) before the next
    for name in ("a.xml", "b.xml", "c.xml"):
        (tmp_path / name).write_bytes(simple_game4())
    gone = tmp_path / "a.xml"
    results = []

    def on_result(fa):
        results.append(fa)
        if len(results) == 1:
            gone.unlink()   # the audit reads a.xml again when b.xml meets it

    report = audit_sources([tmp_path], on_result=on_result)
    assert (report.games, report.duplicates) == (2, 1)
    assert _dups(report) == {"c.xml": "b.xml"}


@pytest.mark.parametrize("exc", [AttributeError("no such field"), ValueError("odd value")])
def test_the_quick_identity_of_a_file_fails_as_the_full_one_does(tmp_path, monkeypatch, exc):
    path = tmp_path / "a.xml"
    path.write_bytes(simple_game4())

    def raising(log):
        raise exc

    monkeypatch.setattr(mjlog.replayer.guard, "quick_identity", raising)
    if isinstance(exc, ValueError):
        (audited,) = audit_file(path)
        assert audited.error is None and audited.identity is None and audited.origin is None
    else:
        with pytest.raises(AttributeError, match="no such field"):
            audit_file(path)


def _logs() -> list[GameLog]:
    botzone = (_botzone_match("m1", "F1") + _botzone_match("m2", "F2")).encode()
    games = [g for g in games_or_errors(botzone, "a.txt") if isinstance(g, GameLog)]
    return [read_log(p) for p in SAMPLES] + [read_log(simple_game4())] + games


@pytest.mark.parametrize("log", _logs(), ids=lambda log: f"{log.family}-{log.source}")
def test_a_quick_identity_is_the_full_one_without_the_hands_digest(log):
    full, quick = identity_of(log), quick_identity(log)
    assert full.digested and not quick.digested
    assert quick.keys == tuple(k for k in full.keys if not k.startswith("hands "))
    assert (quick.deal, quick.players, quick.final) == (full.deal, full.players, full.final)
    assert [(k, name) for k, name, _ in quick.rounds] == [(k, name) for k, name, _ in full.rounds]
    assert completeness(quick) == completeness(full)


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_a_hands_deal_is_a_part_of_its_tenhou6_view(path):
    log = read_log(path)
    n, red = log.n_players, log.rules.red_fives
    for r in log.rounds:
        view, deal = round_json(r, n, red), deal_json(r, n, red)
        assert deal == [view[0], view[1], view[2][0], [view[4], view[7], view[10], view[13]]]


def test_the_deal_of_a_family_without_its_own_is_its_first_whole_hands_view(monkeypatch):
    log = read_log(simple_game4())
    monkeypatch.setattr(mjlog.formats.identity, "DEAL_RECORDS", {})
    assert quick_identity(log).deal == f"deal {identity_of(log).rounds[0][2]}"
