"""``--rules PRESET`` and ``--knob NAME=VALUE`` on simulate, audit, whatif, schemes and score: one parser,
each knob changing what its name says, and one line with exit 2 for a name or value the preset lacks."""

from __future__ import annotations

import json

import pytest

from mjlog.cli import main
from mjlog.rules.knobs import KnobError, rule_choice
from mjlog.store import Store
from tests.support.paths import SAMPLE, TENHOU_XML

KIRIAGE_GAME = TENHOU_XML / "Agony5757__mahjong__paipuxmls~2020010100gm-00a9-0000-03aa14b0.txt.xml"
SANMA_SAMPLE = SAMPLE / "sim-tenhou-3p-south-2024-0.xml"


@pytest.fixture(scope="module")
def sample_db(tmp_path_factory):
    db = tmp_path_factory.mktemp("knobs") / "sample.duckdb"
    with Store(db) as st:
        st.ingest([SAMPLE])
    return db


def _one_line_error(capsys, *words: str) -> str:
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("mjlog: "), captured.err
    assert all(w in lines[0] for w in words), lines[0]
    return lines[0]


def test_the_one_parser_names_close_knobs_and_allowed_values():
    with pytest.raises(KnobError, match=r"unknown knob 'kiriage' of tenhou-4p-south; close: kiriage_mangan$"):
        rule_choice("tenhou-4p-south", ["kiriage=True"])
    with pytest.raises(KnobError, match=r"allowed values: True, False$"):
        rule_choice("tenhou-4p-south", ["kiriage_mangan=maybe"])
    with pytest.raises(KnobError, match=r"allowed values: tsumo-loss, plus-1000, .*ron-reduced$"):
        rule_choice("tenhou-3p-south", ["tsumo_scheme=half"])
    with pytest.raises(KnobError, match="three-player knob"):
        rule_choice("tenhou-4p-south", ["tsumo_scheme=split-half"])
    with pytest.raises(KnobError, match="NAME=VALUE"):
        rule_choice(None, ["kiriage_mangan"])
    choice = rule_choice(None, ["kiriage_mangan=true", "uma=30,10,-10,-30;honba_ron=500"])
    assert choice.knobs == (("kiriage_mangan", "True"), ("uma", "30,10,-10,-30"), ("honba_ron", "500"))


def test_simulate_under_a_changed_knob_writes_other_games_that_audit_clean(tmp_path, capsys):
    args = ["simulate", "-n", "2", "--rules", "tenhou-4p-east", "--seed", "3", "--no-progress"]
    assert main(args + ["-o", str(tmp_path / "plain")]) == 0
    assert main(args + ["-o", str(tmp_path / "knob"), "--knob", "start_points=30000",
                        "--knob", "renchan_on_dealer_win=False"]) == 0
    plain = sorted((tmp_path / "plain").iterdir())
    changed = sorted((tmp_path / "knob").iterdir())
    assert len(changed) == 2
    assert [p.read_bytes() for p in plain] != [p.read_bytes() for p in changed]
    assert all(b'knobs="' in p.read_bytes() and b"300,300,300,300" in p.read_bytes() for p in changed)
    capsys.readouterr()
    assert main(["audit", "--no-progress", str(tmp_path / "knob")]) == 0
    assert "2 clean" in capsys.readouterr().out


@pytest.mark.parametrize("knob, words", [
    ("kiriage=True", ("unknown knob 'kiriage'", "close: kiriage_mangan")),
    ("renchan_on_dealer_win=often", ("allowed values: True, False",)),
])
def test_simulate_refuses_a_bad_knob_in_one_line(tmp_path, capsys, knob, words):
    assert main(["simulate", "-n", "1", "--rules", "tenhou-4p-east", "-o", str(tmp_path), "--knob", knob]) == 2
    _one_line_error(capsys, *words)
    assert not list(tmp_path.iterdir())


def test_audit_under_a_tsumo_scheme_it_was_not_played_with_finds_the_tsumo_payments(capsys):
    assert main(["audit", "--no-progress", str(SANMA_SAMPLE), "--knob", "tsumo_scheme=split-half"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "replayed under rules the logs do not state: each log's own rules with tsumo_scheme=split-half"
    assert any("payment mismatch" in line for line in out)
    assert out[-1].endswith("; replayed under each log's own rules with tsumo_scheme=split-half, "
                            "which the logs do not state")


def test_audit_json_says_the_rules_were_not_the_logs(capsys):
    assert main(["audit", "--no-progress", "--json", str(SANMA_SAMPLE), "--rules", "tenhou-3p-south",
                 "--knob", "honba_ron=500"]) in (0, 1)
    summary = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert summary["replayed_under"] == {"preset": "tenhou-3p-south", "knobs": {"honba_ron": "500"},
                                         "stated_by_the_logs": False}


def test_audit_under_a_preset_of_another_seat_count_warns_and_keeps_the_logs_rules(capsys):
    assert main(["audit", "--no-progress", str(SANMA_SAMPLE), "--rules", "tenhou-4p-south"]) == 0
    out = capsys.readouterr().out
    assert "do not fit this 3-player riichi game; it is replayed under its own rules" in out
    assert "0 errors, 1 warning" in out


@pytest.mark.parametrize("options, words", [
    (["--knob", "kiriage=True"], ("unknown knob 'kiriage' of any preset", "close: kiriage_mangan")),
    (["--rules", "tenhou-4p-south", "--knob", "uma=a,b"], ("allowed values: whole numbers",)),
    (["--rules", "tenhou-9p"], ("unknown rule-set preset 'tenhou-9p'",)),
])
def test_audit_refuses_a_bad_rule_choice_in_one_line(capsys, options, words):
    assert main(["audit", "--no-progress", str(SANMA_SAMPLE)] + options) == 2
    _one_line_error(capsys, *words)
    assert capsys.readouterr().out == ""


@pytest.mark.corpus
def test_audit_of_a_corpus_game_under_kiriage_finds_its_4_han_30_fu_wins_paid_short(capsys):
    assert main(["audit", "--no-progress", str(KIRIAGE_GAME)]) == 0
    capsys.readouterr()
    assert main(["audit", "--no-progress", str(KIRIAGE_GAME), "--knob", "kiriage_mangan=True"]) == 1
    out = capsys.readouterr().out
    assert "points mismatch: seat 1's points and limit (recorded 7700,0, derived 8000,0)" in out
    assert "payment mismatch" in out


def test_whatif_with_a_knob_counts_the_wins_it_changes(sample_db, capsys):
    assert main(["whatif", "--db", str(sample_db), "--include-synthetic", "--knob", "kiriage_mangan=True",
                 "--knob", "tsumo_scheme=double-take"]) == 0
    out = capsys.readouterr().out
    assert "re-scored under each log's own rules with kiriage_mangan=True, tsumo_scheme=double-take" in out
    rows = {line.split()[0]: line.split() for line in out.splitlines()[4:]}
    kiriage, double = rows["kiriage_mangan=True"], rows["tsumo_scheme=double-take"]
    wins, added = int(kiriage[1]), int(kiriage[2])
    assert wins > 0 and 100 * wins <= added <= 400 * wins   # each 7700, 11600 (or a sanma tsumo) up to mangan
    assert int(double[1]) > 0 and int(double[2]) > 0
    assert "all" in rows


@pytest.mark.parametrize("options, words", [
    (["--knob", "ura=False"], ("unknown knob 'ura' of any riichi preset",)),
    (["--knob", "kazoe_yakuman=no"], ("allowed values: True, False",)),
    (["--rules", "mcr"], ("mcr is not a riichi preset",)),
    ([], ("give --local-yaku, --knob or --rules",)),
])
def test_whatif_refuses_a_bad_rule_choice_in_one_line(sample_db, capsys, options, words):
    assert main(["whatif", "--db", str(sample_db)] + options) == 2
    _one_line_error(capsys, *words)


def test_schemes_compare_under_a_knob_says_so_and_moves_the_tsumo_points(sample_db, capsys, tmp_path):
    plain, changed = tmp_path / "plain.csv", tmp_path / "knob.csv"
    assert main(["schemes", "compare", "--db", str(sample_db), "--csv", str(plain)]) == 0
    assert main(["schemes", "compare", "--db", str(sample_db), "--csv", str(changed),
                 "--knob", "uma=50,0,-50"]) == 0
    out = capsys.readouterr().out
    assert "Re-paid under each log's own rules with uma=50,0,-50, rules the games were not played under." in out
    assert plain.read_text() != changed.read_text()


@pytest.mark.parametrize("options, words", [
    (["--knob", "tsumo_scheme=triple"], ("allowed values: tsumo-loss",)),
    (["--rules", "tenhou-4p-south"], ("not a three-player preset",)),
])
def test_schemes_compare_refuses_a_bad_rule_choice_in_one_line(sample_db, capsys, options, words):
    assert main(["schemes", "compare", "--db", str(sample_db)] + options) == 2
    _one_line_error(capsys, *words)


def test_score_reads_its_knobs_with_the_same_parser(capsys):
    hand = ["score", "234m567p345s3388z8z", "--rules", "tenhou-4p-south", "--dora", "2m"]
    assert main(hand + ["--knob", "kiriage=True"]) == 2
    _one_line_error(capsys, "unknown knob 'kiriage'", "close: kiriage_mangan")
