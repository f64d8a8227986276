"""One game, one row: a game's XML, its tenhou.net/6 JSON export and an edited copy are stored once,
the other files listed as its sources, even when no file names the game's log id."""

from __future__ import annotations

import pytest

from mjlog.formats.tenhou.json import dumps_tenhou6
from mjlog.formats.reader import read_log
from mjlog.rules.riichi.ruleset import PRESETS
from mjlog.rules.riichi.simulate import simulate_game
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


LOG_ID = "2019061512gm-00a9-0000-1234abcd"


def _one_game_in_four_files(root):
    """A game's XML, its JSON export, a copy with a player renamed and a copy with a hand's
    discard changed, each named with the game's log id (so all four are one game)."""
    xml = simulate_game(PRESETS["tenhou-4p-south"], 5)
    log = read_log(xml, "game.xml")
    (root / f"a-{LOG_ID}.xml").write_bytes(xml)
    (root / f"b-{LOG_ID}.json").write_text(dumps_tenhou6(log), encoding="utf-8")
    (root / f"c-{LOG_ID}.xml").write_bytes(xml.replace(b'n0="', b'n0="X'))
    at = xml.index(b"<INIT ", xml.index(b"<INIT ") + 1)   # the second hand
    tail = xml[at:]
    first_discard = tail.index(b"<D")
    edited = tail[:first_discard] + b"<D" + bytes([tail[first_discard + 2] ^ 1]) + tail[first_discard + 3:]
    (root / f"d-{LOG_ID}.xml").write_bytes(xml[:at] + edited)
    return root


def _disagreements(st) -> dict[str, str | None]:
    return {s.rsplit("/", 1)[1][0]: d for s, d in st.sql("SELECT source, disagreement FROM sources").rows()}


@pytest.mark.parametrize("batch", [256, 1])
def test_two_files_of_one_game_that_disagree_are_a_finding_in_the_store(tmp_path, batch):
    _one_game_in_four_files(tmp_path)
    with Store() as st:
        st.ingest([tmp_path], batch=batch)
        assert st.sql("SELECT count(*) FROM games").item() == 1
        found = _disagreements(st)
    assert found["a"] is None and found["b"] is None          # the primary, and its faithful JSON export
    assert "the players' names" in found["c"] and "a-" + LOG_ID in found["c"]
    assert "1 hand" in found["d"]


def test_a_file_ingested_later_is_compared_with_the_stored_game(tmp_path):
    _one_game_in_four_files(tmp_path)
    with Store() as st:
        st.ingest([tmp_path / f"a-{LOG_ID}.xml"])
        st.ingest([tmp_path / f"c-{LOG_ID}.xml"])
        assert "the players' names" in _disagreements(st)["c"]


def test_a_built_dataset_records_the_same_disagreements_across_batches(tmp_path):
    from mjlog.store.dataset import build

    logs = tmp_path / "logs"
    logs.mkdir()
    _one_game_in_four_files(logs)
    with Store() as st:
        st.ingest([logs])
        ingested = st.sql("SELECT source, role, disagreement FROM sources ORDER BY source").rows()
    build([logs], tmp_path / "ds", batch_files=1)
    with Store.open_dataset(tmp_path / "ds") as ds:
        assert ds.sql("SELECT source, role, disagreement FROM sources ORDER BY source").rows() == ingested
    with Store() as db:
        db.load_dataset(tmp_path / "ds")
        assert db.sql("SELECT source, role, disagreement FROM sources ORDER BY source").rows() == ingested


@pytest.mark.parametrize("batch", [1, 64])
def test_one_simulated_mcr_game_saved_twice_is_one_game_and_a_recorded_duplicate(tmp_path, batch, capsys):
    """``mjlog simulate --rules mcr`` output saved under two names and ingested together: once a
    ``KeyError: 'sim-1'`` in the store's write; the second copy is an alternate source, nothing lost."""
    from mjlog.batch.simulate import simulated_bytes
    from mjlog.cli import main
    from mjlog.rules import find_preset

    data = simulated_bytes(find_preset("mcr"), 1)
    paths = [tmp_path / "a.xml", tmp_path / "b.xml"]
    for p in paths:
        p.write_bytes(data)
    db = tmp_path / f"s{batch}.duckdb"
    assert main(["ingest", "--no-progress", "--batch", str(batch), "--db", str(db), *map(str, paths)]) == 0
    assert "Traceback" not in capsys.readouterr().err
    with Store(str(db), read_only=True) as st:
        roles = st.con.execute("SELECT source, game_id, role FROM sources ORDER BY source").fetchall()
        games = st.con.execute("SELECT count(*) FROM games").fetchone()[0]
        unreadable = st.con.execute("SELECT count(*) FROM unreadable").fetchone()[0]
    assert games == 1 and unreadable == 0
    assert [r[2] for r in roles] == ["primary", "alternate"] and roles[0][1] == roles[1][1]
