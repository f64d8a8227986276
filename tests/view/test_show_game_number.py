"""``mjlog show`` and ``mjlog view`` of a file of several games: ``FILE#k`` names the k-th (as audit and
ingest name them), and the file's number of games is said on standard error."""

from __future__ import annotations

import pytest
from tests.support.paths import CORPUS, REQUIRE_CORPUS

from mjlog.cli import main
from mjlog.formats.reader import read_games

BOTZONE = CORPUS / "mcr" / "botzone" / "sample.txt"


@pytest.fixture()
def three_matches(tmp_path):
    """A Botzone export of the corpus sample's first three matches."""
    if not BOTZONE.exists():
        if REQUIRE_CORPUS:
            pytest.fail(f"MJLOG_REQUIRE_CORPUS=1 but {BOTZONE} is missing")
        pytest.skip(f"MCR records not found at {BOTZONE} (set MJLOG_CORPUS)")
    text = BOTZONE.read_text(encoding="utf-8")
    starts = [i for i in range(len(text)) if text.startswith("Match ", i) and (i == 0 or text[i - 1] == "\n")]
    path = tmp_path / "three.txt"
    path.write_text(text[:starts[3]], encoding="utf-8")
    return path


def match_ids(path) -> list[str]:
    return [g.log_id for g in read_games(str(path))]


def test_show_file_hash_k_shows_the_kth_match_and_says_how_many(three_matches, capsys):
    ids = match_ids(three_matches)
    assert len(set(ids)) == 3
    assert main(["show", f"{three_matches}#2"]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines()[0].startswith(ids[1])
    assert err.strip() == f"mjlog: {three_matches} holds 3 games; this is #2 (name {three_matches}#k for the k-th)"


def test_show_of_a_file_of_several_games_shows_the_first_and_says_how_many(three_matches, capsys):
    assert main(["show", str(three_matches)]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines()[0].startswith(match_ids(three_matches)[0])
    assert "holds 3 games; this is #1" in err


def test_show_json_of_file_hash_k_keeps_stdout_json(three_matches, capsys):
    import json

    assert main(["show", "--json", f"{three_matches}#3"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["log_id"] == match_ids(three_matches)[2]
    assert "this is #3" in err


@pytest.mark.parametrize("k", ["0", "4", "99"])
def test_show_of_a_game_number_the_file_does_not_hold_is_one_line_and_exit_2(three_matches, capsys, k):
    assert main(["show", f"{three_matches}#{k}"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.strip().splitlines() == [f"mjlog: {three_matches}: the file holds 3 games, so there is no game #{k}"]


def test_view_file_hash_k_writes_the_kth_match(three_matches, tmp_path, capsys):
    from tests.view.test_view import page_data

    out = tmp_path / "m3.html"
    assert main(["view", f"{three_matches}#3", "-o", str(out)]) == 0
    assert "this is #3" in capsys.readouterr().err
    html = out.read_text(encoding="utf-8")
    assert match_ids(three_matches)[2] in html and page_data(html)["rules"] == "mcr"


def test_a_file_whose_own_name_ends_in_hash_k_is_read_as_named(three_matches, tmp_path, capsys):
    named = tmp_path / "odd#2"
    named.write_bytes(three_matches.read_bytes())
    assert main(["show", str(named)]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines()[0].startswith(match_ids(three_matches)[0]) and f"{named} holds 3 games; this is #1" in err


def test_a_file_of_one_game_says_nothing_more(three_matches, tmp_path, capsys):
    text = three_matches.read_text(encoding="utf-8")
    one = tmp_path / "one.txt"
    one.write_text(text[:text.index("\nMatch ") + 1], encoding="utf-8")
    assert main(["show", str(one)]) == 0
    assert capsys.readouterr().err == ""
    assert main(["show", f"{one}#1"]) == 0
    assert capsys.readouterr().err == ""
