"""MCR records: PMN and the Botzone export read into the IR, replayed and audited, faults caught.

The real records (``../shared/corpus/mcr/pmn``: 3 duplicate boards; ``botzone/sample.txt``: 16
matches) audit clean; each fault injected into them (a fan value, a flower, a payment, a claim
that broke priority, a win under the minimum, a draw out of turn) is a finding. Hand-made
records check the flowers, kongs and robbing; hostile bytes give MalformedLogError, never a
traceback.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from tests.support.paths import CORPUS, REQUIRE_CORPUS

import mjlog
from mjlog.batch.audit import audit_file, audit_sources
from mjlog.errors import MalformedLogError
from mjlog.findings import FindingKind
from mjlog.formats import format_of
from mjlog.formats.reader import read_games
from mjlog.rules.mcr.record import McrHandRecord, McrWinRecord

K = FindingKind
PMN_DIR = CORPUS / "mcr" / "pmn"
BOTZONE = CORPUS / "mcr" / "botzone" / "sample.txt"


def _need(path):
    if not path.exists():
        if REQUIRE_CORPUS:
            pytest.fail(f"MJLOG_REQUIRE_CORPUS=1 but {path} is missing")
        pytest.skip(f"MCR records not found at {path} (set MJLOG_CORPUS)")
    return path


@pytest.fixture(scope="module")
def pmn() -> dict[str, bytes]:
    d = _need(PMN_DIR)
    return {p.name: p.read_bytes() for p in sorted(d.glob("*.pmn"))}


@pytest.fixture(scope="module")
def botzone() -> bytes:
    return _need(BOTZONE).read_bytes().replace(b"\r\n", b"\n")


def findings_of(data: bytes, name: str = "g.pmn", **rules) -> list:
    """Every finding of every game in ``data`` (rules: knobs changed on the log's rule set)."""
    out = []
    for log in read_games(data, name):
        if rules:
            log = dataclasses.replace(log, rules=log.rules.replace(**rules))
        out += list(mjlog.replay(log).findings)
    return out


def kinds(findings) -> set:
    return {f.kind for f in findings}


# -- the real records -------------------------------------------------------------------------------


@pytest.mark.corpus
def test_corpus_reads_3_plus_16_games_and_audits_every_one_clean(pmn, botzone):
    report = audit_sources([str(PMN_DIR), str(BOTZONE.parent)], keep=True)
    assert report.games == 3 + 16
    assert report.clean == 19, [f.line() for fa in report.files for f in fa.findings]


@pytest.mark.corpus
def test_corpus_every_win_is_rederived_and_equals_the_record(pmn, botzone):
    wins = 0
    for name, data in [*pmn.items(), ("sample.txt", botzone)]:
        for log in read_games(data, name):
            rep = mjlog.replay(log)
            recorded = [e for r in log.rounds for e in r.outcomes if isinstance(e, mjlog.ir.Win)]
            derived = [w for r in rep.rounds for w in r.wins]
            assert len(recorded) == len(derived)
            for rec, der in zip(recorded, derived):
                assert isinstance(rec.payload, McrWinRecord)
                lines = rec.payload.fans
                if all(f.number is not None for f in lines):
                    assert sorted((f.number, f.value, f.count) for f in lines) == \
                        sorted((x.number, x.value, x.count) for x in der.value.lines)
                else:
                    assert rec.payload.total == der.value.total
                    assert sorted(f.count for f in lines) == sorted(x.count for x in der.value.lines)
                wins += 1
    assert wins == 4 + 14


@pytest.mark.corpus
def test_corpus_derives_last_copy_and_self_draw_from_the_play(botzone):
    logs = read_games(botzone, "sample.txt")
    rep = mjlog.replay(logs[2])             # match 3: self-drawn on the last copy of its tile
    (win,) = rep.rounds[0].wins
    assert win.context.self_drawn and win.context.last_copy
    assert {x.number for x in win.value.lines} >= {56, 58}   # 不求人, 和绝张


@pytest.mark.corpus
def test_pmn_double_win_is_paid_the_duplicate_way_and_refused_under_standard_rules(pmn):
    data = pmn["example_2.pmn"]
    assert findings_of(data) == []
    standard = data.replace(b'[Scoring "Duplicate"]', b'[Scoring "Standard"]')
    found = findings_of(standard)
    assert K.ILLEGAL_ACTION in kinds(found) and K.PAYMENT in kinds(found)


# -- fault injection on the real records ----------------------------------------------------------


@pytest.mark.corpus
@pytest.mark.parametrize(("old", "new", "kind"), [
    (b"55/4/1", b"55/6/1", K.YAKU),                    # a fan value
    (b"59/2/1.70", b"59/2/1.69", K.YAKU),              # a fan that is not there
    (b"78/1/1 None", b"78/1/1.81/1/1 None", K.YAKU),   # a flower the winner never had
    (b'[Result "-8 -17 33 -8"]', b'[Result "-8 -16 32 -8"]', K.PAYMENT),   # a payment
    (b"C3b7", b"C0b7", K.ILLEGAL_ACTION),              # a chow from a seat that is not the left neighbour
    (b"T1w2D1z1T2b9", b"T1w2D1z1T3b9", K.ILLEGAL_ACTION),   # a draw out of turn
])
def test_fault_in_pmn_record_1_is_caught(pmn, old, new, kind):
    data = pmn["example_1.pmn"]
    assert old in data
    found = findings_of(data.replace(old, new, 1))
    assert kind in kinds(found), [f.line() for f in found]


@pytest.mark.corpus
def test_a_flower_of_the_winner_missing_from_the_record_is_caught(pmn):
    data = pmn["example_1.pmn"]
    # seat 2 wins; a flower in its deal adds 花牌 and a point it was not paid
    found = findings_of(data.replace(b"c11145d258b38wr122f", b"c11145d258b38wr122f3", 1))
    assert {K.YAKU, K.PAYMENT} <= kinds(found)


@pytest.mark.corpus
@pytest.mark.parametrize(("old", "new", "kind"), [
    (b"Fan 9 ???*1+??*1+???*1\n", b"Fan 10 ???*1+??*1+???*1\n", K.POINTS),       # a total
    (b"Fan 9 ???*1+??*1+???*1\n", b"Fan 9 ???*1+??*2+???*1\n", K.YAKU),          # a count
    (b"Score -8 33 -17 -8\n", b"Score -8 33 -18 -7\n", K.PAYMENT),               # a payment
    (b"Player 0 Peng W9 Ignore Player 3 Chi W8", b"Player 0 Peng W9 Ignore Player 3 Hu W9", K.ILLEGAL_ACTION),
    (b"Player 0 Peng W9 Ignore Player 3 Chi W8", b"Player 0 Peng W9 Ignore Player 2 Chi W8", K.ILLEGAL_ACTION),
    (b"Player 0 Draw T9\nPlayer 0 Play T1", b"Player 1 Draw T9\nPlayer 1 Play T1", K.ILLEGAL_ACTION),
])
def test_fault_in_botzone_match_1_is_caught(botzone, old, new, kind):
    first = botzone[: botzone.index(b"Match", 10)]
    assert old in first
    found = findings_of(first.replace(old, new, 1), "m.txt")
    assert kind in kinds(found), [f.line() for f in found]


@pytest.mark.corpus
def test_a_win_that_took_priority_over_a_nearer_winner_is_caught(botzone):
    start = botzone.index(b"Match 61602cb45ddc087351c04385")
    match = botzone[start: botzone.index(b"Match", start + 10)]
    assert findings_of(match, "m.txt") == []
    swapped = match.replace(b"Ignore Player 2 Hu W7", b"Ignore Player 0 Hu W7").replace(
        b"Player 0 Hu W7 Ignore", b"Player 2 Hu W7 Ignore")
    found = findings_of(swapped, "m.txt")
    assert any("nearer in turn" in f.message for f in found)


@pytest.mark.corpus
def test_a_win_under_the_minimum_is_a_false_win_finding(pmn, botzone):
    found = findings_of(pmn["example_1.pmn"], min_fan=10)          # a 9-fan win under a 10-fan minimum
    assert any("false win" in f.message for f in found) and K.PAYMENT in kinds(found)
    first = botzone[: botzone.index(b"Match", 10)]
    found = findings_of(first, "m.txt", min_fan=10)
    assert any("false win" in f.message for f in found)


@pytest.mark.corpus
def test_every_botzone_match_with_a_wrong_total_is_caught(botzone):
    """The fault is caught in every match, not only the first."""
    logs = read_games(botzone, "sample.txt")
    for log in logs:
        rnd = log.rounds[0]
        win = next((e for e in rnd.events if isinstance(e, mjlog.ir.Win)), None)
        if win is None:
            continue
        bad = dataclasses.replace(win, payload=dataclasses.replace(win.payload, total=win.payload.total + 1))
        events = tuple(bad if e is win else e for e in rnd.events)
        log = dataclasses.replace(log, rounds=(dataclasses.replace(rnd, events=events),))
        assert K.POINTS in kinds(mjlog.replay(log).findings), log.source


# -- hand-made records: flowers, kongs, robbing, the draw ----------------------------------------------


def pmn_record(deal: str, play: str, fan: str, result: str, wind: str = "E", scoring: str = "Duplicate") -> bytes:
    return "\n".join([
        '[Event "test"]', f'[PWind "{wind}"]', f'[Deal "{deal}"]', f'[Scoring "{scoring}"]',
        '[Starting "0 0 0 0"]', f'[Result "{result}"]', '[Penalty "0 0 0 0"]', f'[Play "{play}"]',
        f'[Fan "{fan}"]', "",
    ]).encode()


# seat 0: 123m 456m 789m 123s 5s -> a pure straight waiting on 5s
DEAL = "c123456789db1235wrf c11d11b11w1122r111f c22d22b22w3344r222f c3344d3344b33w1r33f"


def test_pmn_flower_drawn_set_aside_and_counted_at_the_win():
    # seat 0 draws flower 2, sets it aside, draws its replacement 5s and wins self-drawn
    fan = "28/16/1.56/4/1.63/2/1.70/1/1.75/1/1.79/1/1.81/1/1 None None None"
    data = pmn_record(DEAL, "T0f2R0f2T0b5H0", fan, "102 -34 -34 -34")
    log = mjlog.read_log(data)
    events = log.rounds[0].events
    assert [type(e).__name__ for e in events[:3]] == ["Draw", "FlowerSetAside", "Draw"]
    assert findings_of(data) == []
    found = findings_of(pmn_record(DEAL, "T0f2R0f2T0b5H0", fan.replace(".81/1/1", ""), "102 -34 -34 -34"))
    assert K.YAKU in kinds(found)


def test_pmn_flower_kept_in_the_hand_is_an_illegal_discard_finding():
    data = pmn_record(DEAL, "T0f2D0c1", "None None None None", "0 0 0 0")
    found = findings_of(data)
    assert any("flower" in f.message for f in found)


def test_pmn_deal_flowers_count_for_the_winner():
    deal = DEAL.replace("b1235wrf ", "b1235wrf17 ", 1)
    fan = "28/16/1.56/4/1.63/2/1.70/1/1.75/1/1.79/1/1.81/1/2 None None None"
    assert findings_of(pmn_record(deal, "T0b5H0", fan, "105 -35 -35 -35")) == []


def test_pmn_wrong_win_tile_and_win_without_a_tile_are_findings():
    fan = "28/16/1.56/4/1.63/2/1.70/1/1.75/1/1.79/1/1 None None None"
    found = findings_of(pmn_record(DEAL, "T0b6H0", fan, "0 0 0 0"))
    assert any("does not win" in f.message for f in found)


def test_a_chow_of_a_discard_not_from_the_seat_before_is_illegal():
    """Seed 004, term 17: a chow takes the discard of the seat before (上家) only."""
    found = findings_of(pmn_record(DEAL, "T0c2D0c2C3c3D3w1N", "None None None None", "0 0 0 0"))
    assert [f.message for f in found if f.kind is K.ILLEGAL_ACTION] == [
        "seat 3 chows 吃 a discard of seat 0, not its left neighbour's"]


def test_a_discard_from_a_hand_of_the_wrong_size_is_illegal():
    """Seed 004, term 29 (多張、少張): a hand of more or fewer tiles than it should hold is a fault."""
    found = findings_of(pmn_record(DEAL, "D0c1T1c1D1c1N", "None None None None", "0 0 0 0"))
    assert "seat 0 discards from 13 tiles (sets counted as three), not 14" in {f.message for f in found}


def test_pmn_exhaustive_draw_with_tiles_left_is_a_finding():
    found = findings_of(pmn_record(DEAL, "T0c1D0c1N", "None None None None", "0 0 0 0"))
    assert K.DRAW in kinds(found)


# one winner a hand (seed 004, M-2.2.3): seat 0 discards 5p, on which seat 1 (清龙 in bamboo, 23 fan) and
# seat 3 (清龙 in characters, 22 fan) both win; seat 1 is the first counter-clockwise from seat 0
TWO_WINNERS_DEAL = "c11d44667788bw22r1f cd1235b123456789wrf c55d99b5w3344r2233f c123456789d5b789wrf"
SEAT_1_FANS = "28/16/1.62/2/1.63/2/1.70/1/1.75/1/1.79/1/1"
SEAT_3_FANS = "28/16/1.62/2/1.63/2/1.70/1/1.79/1/1"
BOTH_WIN = f"None {SEAT_1_FANS} None {SEAT_3_FANS}"
BOTH_PAID = "-53 47 -8 46"          # each winner 24 + fans, seat 0 8 + both fans, seat 2 8


def test_one_discard_won_by_two_seats_pays_each_under_the_duplicate_payments():
    assert findings_of(pmn_record(TWO_WINNERS_DEAL, "T0d5D0d5H1H3", BOTH_WIN, BOTH_PAID)) == []


@pytest.mark.parametrize("wins", ["H1H3", "H3H1"])
def test_one_discard_won_by_two_seats_is_an_error_under_standard_payments_and_the_nearer_is_paid(wins):
    record = pmn_record(TWO_WINNERS_DEAL, f"T0d5D0d5{wins}", BOTH_WIN, BOTH_PAID, scoring="Standard")
    found = findings_of(record)
    seats = " and ".join(wins[1::2])
    assert [f.message for f in found if f.kind is K.ILLEGAL_ACTION] == [
        f"seats {seats} win on one discard of seat 0, but standard rules have one winner per discard: "
        "the first counter-clockwise from the discarder, seat 1"]
    (paid,) = [f for f in found if f.kind is K.PAYMENT]
    assert paid.derived == "-31,47,-8,-8"           # seat 1 alone, whichever win the record lists first


def test_one_discard_won_by_the_nearer_seat_alone_audits_clean_under_standard_payments():
    record = pmn_record(TWO_WINNERS_DEAL, "T0d5D0d5H1", f"None {SEAT_1_FANS} None None", "-31 47 -8 -8",
                        scoring="Standard")
    assert findings_of(record) == []


KONG_DEALS = ["W1 W1 T1 T2 T3 T4 T5 T6 T7 T8 T9 F1 F1", "W2 W3 W4 W5 W6 W7 W8 W9 B1 B1 B1 B2 B2",
              "F2 F2 F2 F3 F3 F3 F4 F4 F4 J3 J3 J3 B9", "W1 B3 B4 B5 B6 B7 B8 B9 T1 T2 T3 J1 J2"]
#: Seat 0 pungs 1m, draws the fourth 1m and adds it to the pung.
KONG_PLAY = ["Player 0 Draw J1", "Player 0 Play J1", "Player 1 Draw B3", "Player 1 Play B3",
             "Player 2 Draw B3", "Player 2 Play B3", "Player 3 Draw W9", "Player 3 Play W1",
             "Player 0 Peng W1", "Player 0 Play F1", "Player 1 Draw B4", "Player 1 Play B4",
             "Player 2 Draw B4", "Player 2 Play B4", "Player 3 Draw B5", "Player 3 Play B5",
             "Player 0 Draw W1", "Player 0 BuGang W1"]


def botzone_match(play: list[str], winner: int, hand: str, situation, discarder: int | None) -> bytes:
    """A match whose Fan and Score lines are the calculator's for ``hand`` won as ``situation``."""
    from mjlog.rules.mcr import parse_hand, score, win_deltas

    r = score(parse_hand(hand), situation)
    fan = "+".join(f"{'?' * len(x.name)}*{x.count}" for x in r.lines)
    deltas = win_deltas({winner: r.total}, discarder)
    lines = ["Match k1", "Wind 0", *(f"Player {s} Deal {d}" for s, d in enumerate(KONG_DEALS)), *play,
             f"Fan {r.total} {fan}", "Score " + " ".join(map(str, deltas))]
    return ("\n".join(lines) + "\n").encode()


def test_botzone_robbing_an_added_kong_is_derived_from_the_play_and_paid_by_the_declarer():
    from mjlog.rules.mcr import WinSituation

    sit = WinSituation(robbed_kong=True, seat_wind=1)
    data = botzone_match([*KONG_PLAY, "Player 1 Hu W1"], 1, "23456789m111p22p1m", sit, 0)
    assert findings_of(data, "k.txt") == []
    (win,) = mjlog.replay(mjlog.read_log(data)).rounds[0].wins
    assert win.context.robbed_kong and 47 in {x.number for x in win.value.lines}
    assert win.from_who == 0 and win.deltas[0] == -(8 + win.value.total)
    # the same record read without the robbing situation: its fans and total no longer agree
    plain = botzone_match([*KONG_PLAY, "Player 1 Hu W1"], 1, "23456789m111p22p1m", WinSituation(seat_wind=1), 0)
    assert K.POINTS in kinds(findings_of(plain, "k.txt"))


def test_botzone_win_on_a_kong_replacement_counts_out_with_replacement_tile():
    from mjlog.rules.mcr import WinSituation

    sit = WinSituation(self_drawn=True, after_kong=True, seat_wind=0)
    data = botzone_match([*KONG_PLAY, "Player 0 Draw F1", "Player 0 Hu F1"], 0, "[1111m]123456789s1z 1z", sit, None)
    assert findings_of(data, "k.txt") == []
    (win,) = mjlog.replay(mjlog.read_log(data)).rounds[0].wins
    assert win.context.after_kong and 46 in {x.number for x in win.value.lines}


def test_a_discard_before_the_kong_replacement_and_an_early_huang_are_findings():
    lines = ["Match k2", "Wind 0", *(f"Player {s} Deal {d}" for s, d in enumerate(KONG_DEALS)), *KONG_PLAY,
             "Player 0 Play F1", "Huang", "Score 0 0 0 0"]
    found = findings_of(("\n".join(lines) + "\n").encode(), "k.txt")
    assert any("before drawing its replacement" in f.message for f in found)
    assert K.DRAW in kinds(found)


def test_botzone_match_without_its_result_is_malformed():
    with pytest.raises(MalformedLogError, match="before its result"):
        mjlog.read_log(b"Match x\nWind 0\n" + b"".join(
            f"Player {s} Deal W1 W2 W3 W4 W5 W6 W7 W8 W9 B1 B2 B3 B4\n".encode() for s in range(4)))


# -- sniffing -----------------------------------------------------------------------------------------------


def test_formats_are_told_apart_by_content():
    from tests.support.xmlbuild import simple_game4

    assert format_of(simple_game4()).name == "tenhou-xml"
    assert format_of(b'{"title": ["", ""], "log": []}').name == "tenhou-json"
    assert format_of(b'[{"title": []}]').name == "tenhou-json"
    assert format_of(b'["Event"]').name == "tenhou-json"
    assert format_of(b'[Event "Duplicate MCR"]\n').name == "mcr-pmn"
    assert format_of(b"\xef\xbb\xbf  [Deal \"c1\"]").name == "mcr-pmn"
    assert format_of(b"Match 61602cb45ddc\nWind 1\n").name == "mcr-botzone"
    assert format_of(b"Match of the day\nWind 1\n") is None
    assert format_of(b"Matches\nWind 1\n") is None


@pytest.mark.corpus
def test_the_real_files_are_sniffed_as_their_formats(pmn, botzone):
    assert {format_of(d).name for d in pmn.values()} == {"mcr-pmn"}
    assert format_of(botzone).name == "mcr-botzone"
    log = mjlog.read_log(pmn["example_3.pmn"])
    assert log.family == "mcr" and isinstance(log.rounds[0].payload, McrHandRecord)
    assert log.rounds[0].payload.prevalent_wind == 2 and log.rules.name == "mcr-duplicate"


# -- hostile input ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("data", "where"), [
    (b'[Event "x"]\n[Deal "c1d1"]\n[Play ""]', "tag Deal"),
    (b'[Event "x"]\nnot a tag\n', "line 2"),
    (b'[Event "x"]\n[Event "y"]\n', "line 2"),
    (b'[Deal "' + b" ".join([b"c1111d111b111w11r1f"] * 4) + b'"]\n[Play ""]', "fifth copy"),
    (b'[Deal "' + b" ".join([b"c123456789d123b1w1rf"] * 4) + b'"]\n[Play ""]', "14 tiles"),
    (b'[Deal "' + DEAL.encode() + b'"]\n[Play "T0"]', "character 0"),
    (b'[Deal "' + DEAL.encode() + b'"]\n[Play "Q0c1"]', "character 0"),
    (b'[Deal "' + DEAL.encode() + b'"]\n[Play "C1c2"]', "no discard"),
    (b'[Deal "' + DEAL.encode() + b'"]\n[Play ""]\n'
     b'[Result "1 2 3 99999999999"]', "tag Result"),
    (b'[Deal "' + DEAL.encode() + b'"]\n[Play ""]\n'
     b'[Fan "1/2 None None None"]', "tag Fan"),
    (b'[Deal "x\xff"]', "byte"),
    (b"Match x\nWind 0\nPlayer 0 Deal W1\n", "line 3"),
    (b"Match x\nWind 0\n" + b"".join(f"Player {s} Deal W1 W2 W3 W4 W5 W6 W7 W8 W9 B1 B2 B3 B4\n".encode()
                                     for s in range(4)) + b"Player 0 Fly W1\n", "line 7"),
    (b"Match x\nWind 0\n" + b"".join(f"Player {s} Deal W1 W2 W3 W4 W5 W6 W7 W8 W9 B1 B2 B3 B4\n".encode()
                                     for s in range(4)) + b"Player 0 Draw X9\n", "line 7"),
    (b"Match x\nWind 0\n" + b"".join(f"Player {s} Deal W1 W2 W3 W4 W5 W6 W7 W8 W9 B1 B2 B3 B4\n".encode()
                                     for s in range(4)) + b"Huang\nScore 0 0\n", "line 8"),
])
def test_hostile_mcr_records_are_malformed_with_their_place(data, where):
    with pytest.raises(MalformedLogError) as err:
        mjlog.read_log(data, "bad")
    assert where in str(err.value) and str(err.value).startswith("bad")


@pytest.mark.corpus
def test_mutated_real_records_never_crash_the_reader_or_the_audit(pmn, botzone):
    rng = random.Random(20)
    seeds = [*pmn.values(), botzone[: botzone.index(b"Match", 10)]]
    for n in range(400):
        data = bytearray(rng.choice(seeds))
        for _ in range(rng.randint(1, 4)):
            i = rng.randrange(len(data))
            op = rng.randrange(3)
            if op == 0:
                data[i] = rng.choice(b"0123456789cdbwrfzTDCPZABHNR /.\n\"[]WJFHS")
            elif op == 1:
                del data[i: i + rng.randint(1, 8)]
            else:
                data[i:i] = bytes(rng.choice(b"0123456789TDCPH ") for _ in range(rng.randint(1, 4)))
        for fa in audit_file(bytes(data)):
            assert fa.error is None or "internal error" not in fa.error, (n, fa.error)


def test_show_and_view_work_on_mcr_records(tmp_path):
    from mjlog.cli import main

    fan = "28/16/1.56/4/1.63/2/1.70/1/1.75/1/1.79/1/1.81/1/1 None None None"
    path = tmp_path / "g.pmn"
    path.write_bytes(pmn_record(DEAL, "T0f2R0f2T0b5H0", fan, "102 -34 -34 -34"))
    assert main(["show", str(path)]) == 0
    out = tmp_path / "g.html"
    assert main(["view", "-o", str(out), str(path)]) == 0
    assert out.stat().st_size > 1000


def test_with_a_wall_every_draw_is_checked_against_its_end():
    """A wall (ids in order: deal and live draws from the front, replacements from the back) checks each draw."""
    from types import SimpleNamespace

    from mjlog.replayer import _Game
    from mjlog.rules import family

    fan = "28/16/1.56/4/1.63/2/1.70/1/1.75/1/1.79/1/1.81/1/1 None None None"
    log = mjlog.read_log(pmn_record(DEAL, "T0f2R0f2T0b5H0", fan, "102 -34 -34 -34"))
    rnd = log.rounds[0]
    dealt = [t for h in rnd.hands for t in h]
    flower, replacement = rnd.events[0].tile, rnd.events[2].tile
    rest = [t for t in range(136) if t not in dealt and t != replacement]
    good = SimpleNamespace(tiles=[*dealt, flower, *rest, replacement])
    wrong_end = SimpleNamespace(tiles=[*dealt, flower, replacement, *rest])
    for wall, want in ((good, []), (wrong_end, [K.WALL])):
        game = _Game(log)
        family("mcr").replay_hand(game, rnd, log.rules, wall)
        assert [f.kind for f in game.findings] == want


def test_tenhou_sample_logs_are_never_read_as_mcr_records():
    from pathlib import Path

    files = sorted((Path(__file__).resolve().parents[3] / "data" / "sample").glob("*.*"))
    logs = [p for p in files if p.suffix in (".xml", ".json")]
    assert logs
    for p in logs:
        assert format_of(p.read_bytes()).name.startswith("tenhou-"), p.name


def test_a_match_of_several_hands_checks_the_rotation_and_the_prevalent_wind():
    """Hand k of a 16-hand match: the dealer moves on every hand (no renchan), the wind every four."""
    fan = "28/16/1.56/4/1.63/2/1.70/1/1.75/1/1.79/1/1.81/1/1 None None None"
    one = mjlog.read_log(pmn_record(DEAL, "T0f2R0f2T0b5H0", fan, "102 -34 -34 -34"))
    first = one.rounds[0]
    repeat = dataclasses.replace(first, index=1, kyoku=1, scores=(102, -34, -34, -34),
                                 payload=dataclasses.replace(first.payload, prevalent_wind=1))
    log = dataclasses.replace(one, rounds=(first, repeat), header=dataclasses.replace(one.header, hands=None),
                              final=None)
    found = [f for f in mjlog.replay(log).findings if f.kind is K.FLOW]
    assert {f.message for f in found} == {"the prevalent wind of the hand",
                                          "the dealer of the hand (the deal moves on after every hand)"}
    assert all(f.round_index == 1 for f in found)


@pytest.mark.corpus
def test_one_malformed_botzone_match_leaves_the_others_readable(botzone, tmp_path):
    bad = botzone.replace(b"Player 0 Peng W9 Ignore", b"Player 0 Fly W9 Ignore", 1)
    path = tmp_path / "sample.txt"
    path.write_bytes(bad)
    results = audit_file(str(path))
    assert len(results) == 16
    assert results[0].error is not None and "line 45" in results[0].error and results[0].source.endswith("#1")
    assert all(r.error is None and r.clean for r in results[1:])
    with pytest.raises(MalformedLogError):
        read_games(bad, "sample.txt")


@pytest.mark.corpus
def test_a_lost_claim_the_hand_could_not_make_is_caught(botzone):
    first = botzone[: botzone.index(b"Match", 10)]
    for fake in (b"Ignore Player 1 Peng W9", b"Ignore Player 3 Hu W9", b"Ignore Player 3 Chi W5"):
        found = findings_of(first.replace(b"Ignore Player 3 Chi W8", fake, 1), "m.txt")
        assert any("could not be made" in f.message for f in found), fake
