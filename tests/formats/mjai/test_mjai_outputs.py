"""A plain mjai game (wins without a value) in mjlog's outputs: ``show`` says the value is not
recorded, the store keeps it NULL beside the derived value, and the viewer shows the derived one
without claiming the log records 0 han."""

from __future__ import annotations

from mjlog.ir import Win
from mjlog.formats.reader import read_log
from mjlog.view.text import format_game
from mjlog.store import Store
from mjlog.view import view_html
from tests.support.mjai_build import plain, simulated


def _plain_game():
    return read_log(plain(simulated("tenhou-4p-south", 1)[1]).encode(), "plain.mjson")


def test_show_says_a_plain_mjai_win_records_no_value():
    text = format_game(_plain_game(), japanese=False)
    assert "value not recorded" in text and " 0 han" not in text


def test_the_store_keeps_a_plain_mjai_win_value_null_and_the_derived_one(tmp_path):
    path = tmp_path / "plain.mjson"
    path.write_text(plain(simulated("tenhou-4p-south", 1)[1]), encoding="utf-8")
    with Store(tmp_path / "db.duckdb") as st:
        st.ingest([path])
        rows = st.sql('SELECT han, fu, points, "limit", derived_han, derived_points FROM wins').rows()
        games = st.sql("SELECT count(*) FROM games").rows()
    assert games == [(1,)]
    assert rows and all(r[:4] == (None, None, None, None) for r in rows)
    assert all(r[4] and r[5] for r in rows)


def test_the_viewer_shows_the_derived_value_of_a_plain_mjai_win():
    log = _plain_game()
    html = view_html(log)
    assert any(isinstance(e, Win) for r in log.rounds for e in r.events)
    assert '"recorded": "0 han, 0"' not in html and '"recorded":"0 han, 0"' not in html
    assert '"derived": true' in html or '"derived":true' in html


def test_a_directory_walk_picks_up_mjai_files(tmp_path):
    from mjlog.formats.reader import read_logs

    text = simulated("tenhou-3p-south", 0)[1]
    (tmp_path / "a.jsonl").write_text(text, encoding="utf-8")
    (tmp_path / "b.mjson").write_text(text, encoding="utf-8")
    results = list(read_logs([tmp_path]))
    assert [r.ok for r in results] == [True, True]
    assert {r.log.source_format for r in results} == {"mjai"}
