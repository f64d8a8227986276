"""`mjlog show`, `mjlog audit`, `mjlog view` and `mjlog convert` on Datong files."""

from __future__ import annotations

import dataclasses

import pytest

from mjlog.cli import main
from mjlog.formats.datong.json import write_datong_json
from mjlog.formats.datong.xml import write_datong_xml
from mjlog.formats.reader import read_log
from mjlog.view import view_html
from tests.support.datong_games import faulty_games, head_bump_hand, scripted_game
from tests.support.viewcases import knob_free, riichi_words


def test_show_prints_a_datong_game_with_its_hand_types(tmp_path, capsys):
    path = tmp_path / "game.xml"
    path.write_bytes(write_datong_xml(scripted_game()))
    assert main(["show", str(path)]) == 0
    out = capsys.readouterr().out
    assert "datong (base 10, pung 碰 and kong 杠 only)" in out
    assert "seat 1 wins on seat 0's discard: x1 (屁和); deltas -30,50,-10,-10" in out
    assert "drawn hand (黃庄)" in out


def test_audit_counts_clean_and_faulty_datong_games(tmp_path, capsys):
    (tmp_path / "a.xml").write_bytes(write_datong_xml(scripted_game()))
    (tmp_path / "b.json").write_bytes(write_datong_json(head_bump_hand((1, 2), winner=2)))
    assert main(["audit", "--no-progress", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "b.json: East 1, event 2: error: illegal action: head-bump (截胡): seat 1 claims" in out
    assert "audited 2 games: 0 clean, 2 with findings" in out and "1 error" in out


@pytest.mark.parametrize("fault", list(faulty_games()))
def test_audit_text_of_a_faulty_datong_log_speaks_no_riichi_word(fault, tmp_path, capsys):
    """The findings name 吃, 碰, 杠 (a chow, a pung, a kong), never riichi's chi, pon or kan."""
    (tmp_path / "game.xml").write_bytes(write_datong_xml(faulty_games()[fault]))
    assert main(["audit", "--no-progress", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "game.xml: East " in out and ": error: " in out          # findings of the replay, not a read error
    assert riichi_words(knob_free(out)) == [], out


def test_view_shows_a_datong_game():
    page = view_html(read_log(write_datong_xml(scripted_game())))
    assert "七對" in page and "屁和" in page


def test_convert_writes_a_datong_log_in_the_other_dialect(tmp_path, capsys):
    game = scripted_game()
    src = tmp_path / "game.xml"
    src.write_bytes(write_datong_xml(game))
    out = tmp_path / "game.json"
    assert main(["convert", str(src), "--to", "datong-json", "-o", str(out)]) == 0
    back = read_log(out.read_bytes())
    assert back.source_format == "datong-json" and back.rounds == game.rounds
    assert main(["convert", str(out), "--to", "datong-xml"]) == 0
    printed = capsys.readouterr().out
    assert dataclasses.replace(read_log(printed.encode()), source=None).rounds == game.rounds


def test_convert_refuses_a_format_of_another_family(tmp_path, capsys):
    src = tmp_path / "game.xml"
    src.write_bytes(write_datong_xml(scripted_game()))
    assert main(["convert", str(src), "--to", "beijing-xml"]) == 2
    assert "a datong log cannot be written as beijing-xml" in capsys.readouterr().err
