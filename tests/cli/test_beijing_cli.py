"""`mjlog show`, `mjlog audit` and `mjlog view` on Beijing files."""

from __future__ import annotations

from mjlog.cli import main
from mjlog.formats.beijing.json import write_beijing_json
from mjlog.formats.beijing.xml import write_beijing_xml
from mjlog.formats.reader import read_log
from mjlog.view import view_html
from tests.support.beijing_games import example1, full_game
from tests.support.beijingbuild import GameBuilder, with_base


def test_show_prints_a_beijing_game_with_its_fans(tmp_path, capsys):
    path = tmp_path / "game.xml"
    path.write_bytes(write_beijing_xml(full_game()))
    assert main(["show", str(path)]) == 0
    out = capsys.readouterr().out
    assert "seat 0 wins self-draw: 3 fan (莊 1, 對對和 2), 燒莊 1; deltas 12000,-4000,-4000,-4000" in out
    assert "R?" not in out and "(+0.0)" not in out


def test_audit_counts_clean_and_faulty_beijing_games(tmp_path, capsys):
    game = full_game()
    (tmp_path / "a.xml").write_bytes(write_beijing_xml(game))
    g = GameBuilder(with_base(2000))
    example1(g)                    # one hand, then a recorded end: the game should go on
    (tmp_path / "b.json").write_bytes(write_beijing_json(g.log()))
    assert main(["audit", "--no-progress", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "b.json: game: error: flow mismatch: the game ends although the rules say it goes on" in out
    assert "audited 2 games: 1 clean, 1 with findings" in out


def test_view_shows_a_beijing_game(tmp_path):
    page = view_html(read_log(write_beijing_xml(full_game())))
    assert "對對和" in page and "互包" not in page.split("<script")[0]


def test_convert_writes_a_beijing_log_in_the_other_dialect(tmp_path, capsys):
    game = full_game()
    src = tmp_path / "game.xml"
    src.write_bytes(write_beijing_xml(game).replace(b'n3="D"', b'n3="D\xe2\x80\x8b"'))   # a zero-width space
    out = tmp_path / "game.json"
    assert main(["convert", str(src), "--to", "beijing-json", "-o", str(out)]) == 0
    back = read_log(out.read_bytes())
    assert back.rounds == game.rounds and back.players[3].name == "D\u200b"
    assert main(["convert", str(out), "--to", "beijing-xml"]) == 0
    printed = capsys.readouterr().out
    assert "\u200b" not in printed and read_log(printed.encode()).rounds == game.rounds


def test_convert_refuses_a_format_of_another_family(tmp_path, capsys):
    src = tmp_path / "game.xml"
    src.write_bytes(write_beijing_xml(full_game()))
    assert main(["convert", str(src), "--to", "tenhou6"]) == 2
    assert "a beijing log cannot be written as tenhou6" in capsys.readouterr().err
