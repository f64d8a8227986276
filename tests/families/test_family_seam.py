"""The rule-family seam: a toy family registered from the tests is read, replayed, audited,
stored and shown.

Nothing in mjlog knows the toy family (tests/support/toy_family.py): if one of these fails, some part
of mjlog still assumes riichi where it should ask the game's family.
"""

from __future__ import annotations

import pytest

import mjlog
from mjlog.cli import main
from mjlog.errors import UnsupportedFormatError
from mjlog.rules import families, family
from mjlog.store import Store
from tests.support import toy_family


@pytest.fixture
def toy():
    toy_family.install()
    yield toy_family
    toy_family.uninstall()


def test_a_toy_log_is_read_as_its_family(toy):
    log = mjlog.read_log(toy.toy_log(), "game.toy")
    assert (log.family, log.source_format, log.rules.name) == ("toy", "toy-text", "toy-4")
    assert [len(r.events) for r in log.rounds] == [4, 3]
    assert type(log.rounds[0].events[1]) is toy.Knock


def test_a_toy_log_is_not_read_once_its_format_is_gone(toy):
    toy.uninstall()
    with pytest.raises(UnsupportedFormatError):
        mjlog.read_log(toy_family.toy_log())


def test_a_toy_game_replays_clean_under_its_own_rules(toy):
    rep = mjlog.replay(mjlog.read_log(toy.toy_log()))
    assert rep.findings == ()
    assert [r.end_scores for r in rep.rounds] == [(9, 11, 10, 10), (8, 14, 9, 9)]
    assert rep.final_scores == (8, 14, 9, 9) and rep.placement_points == (0.0, 3.0, 2.0, 1.0)


def test_a_wrong_toy_payment_is_a_payment_finding(toy):
    rep = mjlog.replay(mjlog.read_log(toy.toy_log(ron_deltas="-2,2,0,0")))
    kinds = [(f.kind.value, f.round_index, f.event_index) for f in rep.findings]
    assert kinds[0] == ("payment mismatch", 0, 3)


def test_the_toy_family_is_listed_beside_riichi(toy):
    assert {"riichi", "toy"} <= set(families())
    assert family("toy").presets["toy-4"].players == 4


def test_a_value_the_toy_format_leaves_out_is_named_in_the_audits_note(toy):
    data = toy.toy_log().replace(b"players", b"unrecorded knocks\nplayers")
    rep = mjlog.replay(mjlog.read_log(data))
    notes = [f for f in rep.findings if f.kind.value == "unrecorded"]
    assert len(notes) == 1 and toy.KNOCKS_UNRECORDED in notes[0].message
    toy.uninstall()  # unregistered, the name is no longer the audit's to name
    toy.install()
    assert mjlog.replay(mjlog.read_log(toy.toy_log())).findings == ()


def test_convert_writes_a_toy_game_with_the_writer_its_family_registered(toy, tmp_path, capsys):
    path = tmp_path / "game.toy"
    path.write_bytes(toy.toy_log())
    assert main(["convert", str(path), "--to", "toy-text"]) == 0
    text = capsys.readouterr().out
    again = mjlog.read_log(text.encode(), "again.toy")
    assert again.rounds == mjlog.read_log(toy.toy_log()).rounds
    assert main(["convert", str(path), "--to", "xml"]) == 2
    assert "a toy log cannot be written as xml (a riichi format)" in capsys.readouterr().err


def test_convert_offers_no_toy_writer_once_the_family_is_gone(toy, tmp_path, capsys):
    toy.uninstall()
    with pytest.raises(SystemExit):
        main(["convert", str(tmp_path / "any.toy"), "--to", "toy-text"])
    assert "invalid choice: 'toy-text'" in capsys.readouterr().err
    toy.install()


def test_show_prints_a_toy_game_through_its_family(toy, tmp_path, capsys):
    path = tmp_path / "game.toy"
    path.write_bytes(toy.toy_log())
    assert main(["show", str(path)]) == 0
    out = capsys.readouterr().out
    assert "a toy family" not in out  # the rule line is the rule set's name
    assert "rule set toy-4" in out and "seat 1 ron from seat 0: 1 point" in out and "seat 1 tsumo: 1 point" in out


def test_audit_of_toy_games_counts_the_clean_and_the_wrong(toy, tmp_path, capsys):
    (tmp_path / "a.txt").write_bytes(toy.toy_log())
    (tmp_path / "b.txt").write_bytes(toy.toy_log(ron_deltas="-2,2,0,0"))
    assert main(["audit", "--no-progress", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "b.txt: East 1, event 3: error: payment mismatch" in out


def test_a_toy_game_is_stored_through_its_familys_hooks_and_its_own_event_kind(toy, tmp_path, capsys):
    (tmp_path / "logs").mkdir()
    (tmp_path / "logs" / "a.txt").write_bytes(toy.toy_log())
    # another file of the same game (its hands), naming a player otherwise
    (tmp_path / "logs" / "b.txt").write_bytes(toy.toy_log().replace(b"Ann", b"Anne"))
    db = str(tmp_path / "toy.duckdb")
    assert main(["ingest", str(tmp_path / "logs"), "--db", db]) == 0
    capsys.readouterr()
    with Store(db, read_only=True) as st:
        assert st.sql("SELECT family, rule_set, n_players, n_rounds, n_findings, length FROM games").rows() == [
            ("toy", "toy-4", 4, 2, 0, None)]
        roles = st.sql("SELECT role, disagreement FROM sources ORDER BY source").rows()
        assert roles[0] == ("primary", None) and roles[1][0] == "alternate" and "players' names" in roles[1][1]
        players = st.sql("SELECT seat, final_score, placement, placement_points FROM players ORDER BY seat")
        assert players.rows() == [(0, 8, 4, 0.0), (1, 14, 1, 3.0), (2, 9, 2, 2.0), (3, 9, 3, 1.0)]
        events = st.sql("SELECT kind, seat FROM events WHERE round_index = 0 ORDER BY event_index").rows()
        assert events == [("draw", 0), ("knock", 0), ("discard", 0), ("win", 1)]
        rounds = st.sql("SELECT n_riichi_declared, n_riichi FROM rounds ORDER BY round_index").rows()
        assert rounds == [(1, 1), (1, 1)]  # the family's declarations: one knock a hand
        wins = st.sql("SELECT seat, from_seat, riichi, value_unit, derived_value FROM wins ORDER BY round_index")
        assert wins.rows() == [(1, 0, False, "point", 1), (1, 1, True, "point", 1)]  # seat 1 knocked in hand 2
        pay = st.sql("SELECT round_index, payer, payee, reason, amount FROM payments ORDER BY 1, 2").rows()
        assert pay == [(0, 0, 1, "hand", 1), (1, 0, 1, "hand", 1), (1, 2, 1, "hand", 1), (1, 3, 1, "hand", 1)]
    assert main(["show", str(tmp_path / "logs" / "a.txt")]) == 0
    assert "seat 1 tsumo: 1 point" in capsys.readouterr().out


@pytest.fixture
def bare():
    toy_family.install_bare()
    yield toy_family
    toy_family.uninstall_bare()


def test_a_family_with_only_its_replay_contract_is_read_audited_stored_shown_and_listed(bare, tmp_path, capsys):
    from mjlog.rules.family import FamilyText, StoreFacts, family

    fam = family("toy-bare")
    assert type(fam.store) is StoreFacts and type(fam.text) is FamilyText
    assert fam.scorer is None and fam.simulator is None
    logs = tmp_path / "logs"
    logs.mkdir()
    (logs / "a.txt").write_bytes(toy_family.toy_log(magic=toy_family.BARE_MAGIC))
    log = mjlog.read_log(logs / "a.txt")
    assert (log.family, log.rules.name) == ("toy-bare", "toy-bare-4")
    assert not mjlog.replay(log).findings
    assert main(["audit", "--no-progress", str(logs)]) == 0
    assert "1 clean" in capsys.readouterr().out
    assert main(["show", str(logs / "a.txt")]) == 0
    assert "seat 1 ron from seat 0: deltas -1,1,0,0" in capsys.readouterr().out
    db = str(tmp_path / "bare.duckdb")
    assert main(["ingest", "--no-progress", str(logs), "--db", db]) == 0
    capsys.readouterr()
    with Store(db, read_only=True) as st:
        assert st.sql("SELECT family, rule_set, n_rounds, n_findings FROM games").rows() == [
            ("toy-bare", "toy-bare-4", 2, 0)]
        assert st.sql("SELECT seat, value_unit, derived_value FROM wins ORDER BY round_index").rows() == [
            (1, "point", None), (1, "point", None)]
        assert st.sql("SELECT count(*) FROM win_items").item() == 0
    assert main(["rules", "list"]) == 0
    assert "toy-bare: a toy family with a replay contract only" in capsys.readouterr().out


def test_unregistering_a_family_takes_back_all_it_registered(bare):
    from mjlog.formats import formats
    from mjlog.rules.family import families

    toy_family.install()
    toy_family.uninstall()
    assert "toy" not in families() and "toy-text" not in [f.name for f in formats()]
    assert "toy-bare" in families()


def test_a_lazy_part_is_made_at_its_first_use_once_and_kept_on_the_family():
    from mjlog.rules.family import Family, FamilyText, lazy_part

    class Lazy(Family):
        name = "lazy"
        text = lazy_part("mjlog.rules.family", "FamilyText")

    class Later(Lazy):
        name = "later"

    first = Later().text   # through a subclass: kept on the class that declares it
    assert type(first) is FamilyText
    assert Lazy.text is first and Lazy().text is first and vars(Lazy)["text"] is first
