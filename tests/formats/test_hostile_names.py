"""Bounded output: a text over the IR's limit (``MAX_TEXT_CHARS``) in any field of any format is one
line, never carried on; the viewer's page stays small whatever a log's names and id hold.

Every input is made here (never stored as data)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mjlog.cli import main
from mjlog.errors import MalformedLogError
from mjlog.formats.reader import games_or_errors, read_log
from mjlog.ir.check import MAX_LOG_ID_CHARS, MAX_TEXT_CHARS
from tests.support.hostile import NAME_KINDS, data_placeholder_id, game_text, huge_name_file

HUGE = 9_000_000          # a 9 MB name: once a 4.0 GB viewer page
PAGE_LIMIT = 5 * 2**20


@pytest.mark.parametrize("kind", NAME_KINDS)
def test_a_9mb_name_in_every_format_is_one_line(kind, tmp_path, capsys):
    path = tmp_path / "huge-name.log"
    path.write_bytes(huge_name_file(kind, HUGE))
    assert main(["show", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and len(captured.err) < 1000, captured.err[:2000]
    assert captured.err.count("\n") == 1 and "Traceback" not in captured.err, captured.err


def test_a_9mb_match_id_in_a_botzone_export_is_one_line(tmp_path, capsys):
    path = tmp_path / "botzone.txt"
    path.write_bytes(b"Match " + b"A" * HUGE + b"\nWind 0\n")
    assert main(["show", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err and len(err) < 1000


def test_a_text_over_the_limit_is_refused_at_reading_and_one_at_it_reads():
    at_limit = game_text("tenhou6", "B" * MAX_TEXT_CHARS).encode()
    assert len(read_log(at_limit).players[0].name) == MAX_TEXT_CHARS
    with pytest.raises(MalformedLogError, match=r"the player's name is 65,537 characters long, more than 65,536"):
        read_log(game_text("tenhou6", "B" * (MAX_TEXT_CHARS + 1)).encode())


def test_a_log_id_over_its_bound_is_refused_at_reading_and_one_at_it_reads():
    """The store keeps a game's id in every row, so the log id has its own, shorter bound: a 60,000-character
    id once took 120 MB of one game's rows."""
    assert len(read_log(game_text("tenhou6", "Alice", "I" * MAX_LOG_ID_CHARS).encode()).log_id) == MAX_LOG_ID_CHARS
    with pytest.raises(MalformedLogError, match=r"the log id is 257 characters long, more than 256"):
        read_log(game_text("tenhou6", "Alice", "I" * (MAX_LOG_ID_CHARS + 1)).encode())
    with pytest.raises(MalformedLogError, match=r"the log id is 60,000 characters long, more than 256"):
        read_log(data_placeholder_id(10_000))


def test_a_later_botzone_match_with_a_huge_id_costs_only_thatgame_text():
    corpus = Path(__file__).resolve().parents[2].parent / "shared" / "corpus" / "mcr" / "botzone" / "sample.txt"
    if not corpus.is_file():
        pytest.skip("no corpus")
    data = corpus.read_bytes()
    first = data[: data.index(b"Match", 10)]
    games = games_or_errors(first + first.replace(first.split()[1], b"A" * HUGE), "s.txt")
    assert not isinstance(games[0], MalformedLogError)
    assert isinstance(games[1], MalformedLogError) and "the log id is 9,000,000 characters long" in str(games[1])


def _page_size(tmp_path: Path, text: str) -> int:
    src, out = tmp_path / "game.json", tmp_path / "game.html"
    src.write_text(text, encoding="utf-8")
    assert main(["view", "-o", str(out), str(src)]) == 0
    return out.stat().st_size


def test_a_viewer_page_of_a_long_name_holds_it_once(tmp_path):
    name = "N" * MAX_TEXT_CHARS
    size = _page_size(tmp_path, game_text("tenhou6", name))
    assert size < PAGE_LIMIT
    assert (tmp_path / "game.html").read_text(encoding="utf-8").count(name) == 1


def test_a_log_id_of_data_placeholders_does_not_multiply_the_page(tmp_path):
    tokens = MAX_LOG_ID_CHARS // len("@DATA@")   # 42, as many as an id holds: once a 70 MB page
    size = _page_size(tmp_path, data_placeholder_id(tokens).decode())
    assert size < PAGE_LIMIT
    page = (tmp_path / "game.html").read_text(encoding="utf-8")
    assert page.count('id="game-data"') == 1 and page.count("<!DOCTYPE") == 1
