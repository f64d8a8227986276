"""One game, one row: a game's XML, its tenhou.net/6 JSON export and an edited copy are stored once,
the other files listed as its sources, even when no file names the game's log id."""

from __future__ import annotations

from mjlog.formats.tenhou_json import dumps_tenhou6
from mjlog.reader import read_log
from mjlog.rules.riichi.ruleset import PRESETS
from mjlog.simulate import simulate_game
from mjlog.store import Store


def test_a_game_in_three_files_without_a_log_id_is_one_row(tmp_path):
    xml = simulate_game(PRESETS["tenhou-4p-south"], 5)
    (tmp_path / "game.xml").write_bytes(xml)
    (tmp_path / "game-export.json").write_text(dumps_tenhou6(read_log(xml, "game.xml")), encoding="utf-8")
    (tmp_path / "game-renamed-players.xml").write_bytes(xml.replace(b'n0="', b'n0="X'))
    with Store() as st:
        st.ingest([tmp_path])
        games = st.sql("SELECT game_id, source FROM games").rows()
        sources = st.sql("SELECT source, game_id, role FROM sources ORDER BY source").rows()
    assert len(games) == 1 and games[0][0].startswith("hands-")
    assert [s.rsplit("/", 1)[1] for s, _, _ in sources] == ["game-export.json", "game-renamed-players.xml", "game.xml"]
    assert all(g == games[0][0] for _, g, _ in sources)
    assert sorted(role for _, _, role in sources) == ["alternate", "alternate", "primary"]


def test_two_different_games_without_log_ids_are_two_rows(tmp_path):
    for seed in (5, 6):
        (tmp_path / f"g{seed}.xml").write_bytes(simulate_game(PRESETS["tenhou-4p-south"], seed))
    with Store() as st:
        st.ingest([tmp_path])
        assert st.sql("SELECT count(*) FROM games").rows() == [(2,)]
