"""``mjlog whatif``: the recorded winning hands of a store re-scored with local yaku on.

The corpus test counts three patterns straight from the stored hands with a decomposer of its
own (every split of the concealed tiles into a pair and sets, plus the calls from ``events``),
never through mjlog's scorer, and compares those counts with the what-if's.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest

from mjlog.cli import main
from mjlog.store import Store
from mjlog.rules.riichi import WinContext
from mjlog.rules.riichi.ruleset import PRESETS
from mjlog.stats.whatif import PLAY_KEPT, GameEnd, StoredWin, _effect, _under, knobs_of, settle
from mjlog.rules.knobs import RuleChoice
from mjlog.tiles import parse_mpsz
from tests.support.paths import CORPUS, SAMPLE, TENHOU_XML


def _splits(counts: list[int], start: int = 0):
    """Every way to split ``counts`` (34 kinds) into sets: lists of ('run', k) and ('trip', k)."""
    while start < 34 and counts[start] == 0:
        start += 1
    if start == 34:
        yield []
        return
    k = start
    if counts[k] >= 3:
        counts[k] -= 3
        for rest in _splits(counts, k):
            yield [("trip", k)] + rest
        counts[k] += 3
    if k < 27 and k % 9 <= 6 and counts[k + 1] and counts[k + 2]:
        for j in (k, k + 1, k + 2):
            counts[j] -= 1
        for rest in _splits(counts, k):
            yield [("run", k)] + rest
        for j in (k, k + 1, k + 2):
            counts[j] += 1


def _readings(hand: list[int], calls: list[tuple[str, list[int]]]):
    """Every (runs, trips) of a four-sets-and-a-pair reading of a win, calls included."""
    counts = [0] * 34
    for t in hand:
        counts[t // 4] += 1
    called = [("run", min(ts) // 4) if kind == "chi" else ("trip", ts[0] // 4)
              for kind, ts in calls if kind != "kita"]
    for p in range(34):
        if counts[p] >= 2:
            counts[p] -= 2
            for sets in _splits(counts):
                sets = sets + called
                yield [k for s, k in sets if s == "run"], [k for s, k in sets if s == "trip"]
            counts[p] += 2


def _tsuukan(runs, trips):
    return any({9 * a, 9 * b + 3, 9 * c + 6} <= set(runs) for a in range(3) for b in range(3) for c in range(3)
               if len({a, b, c}) == 3)


def _sanjun(runs, trips):
    return bool(runs) and max(Counter(runs).values()) >= 3


def _sanrenkou(runs, trips):
    return any(k + 1 in trips and k + 2 in trips and k // 9 == (k + 2) // 9 for k in trips if k < 25)


def _independent_counts(db) -> dict[str, int]:
    """How many Phoenix wins have a reading with each pattern, from the stored tiles alone."""
    with Store(db, read_only=True) as st:
        wins = st.sql("""
            SELECT w.game_id, w.round_index, w.event_index, w.seat, w.hand FROM wins w JOIN games g USING (game_id)
            WHERE g.room = 'houou' AND NOT g.special_lobby AND NOT g.truncated AND NOT g.synthetic AND w.derived
        """).to_dicts()
        calls: dict[tuple, list] = {}
        for e in st.sql("SELECT game_id, round_index, event_index, seat, call_kind, call_tiles FROM events "
                        "WHERE kind = 'call' ORDER BY game_id, round_index, event_index").iter_rows(named=True):
            calls.setdefault((e["game_id"], e["round_index"], e["seat"]), []).append(e)
    out = Counter()
    for w in wins:
        melds: list[tuple[str, list[int]]] = []
        for e in calls.get((w["game_id"], w["round_index"], w["seat"]), []):
            if e["event_index"] < w["event_index"]:
                if e["call_kind"] == "kakan":
                    melds = [m for m in melds if not (m[0] == "pon" and m[1][0] // 4 == e["call_tiles"][0] // 4)]
                melds.append((e["call_kind"], list(e["call_tiles"])))
        readings = list(_readings(list(w["hand"]), melds))
        for name, test in (("Sanshoku tsuukan", _tsuukan), ("Isshoku sanjun", _sanjun), ("Sanrenkou", _sanrenkou)):
            out[name] += any(test(r, t) for r, t in readings)
    return out


@pytest.mark.corpus
def test_whatif_on_the_phoenix_wins_counts_three_patterns_as_an_independent_count_does(tmp_path, capsys):
    db = tmp_path / "corpus.duckdb"
    with Store(db) as st:
        st.ingest([TENHOU_XML], jobs=2)
    assert main(["whatif", "--db", str(db), "--local-yaku", "all", "--room", "houou"]) == 0
    out = capsys.readouterr().out
    assert PLAY_KEPT in out
    counts = {m.group(1).strip(): int(m.group(2))
              for m in re.finditer(r"^\S+ ([A-Za-z ()]+?)\s+(\d+)\s+-?\d+", out, re.M)}
    assert len(counts) == 12 + 1          # every re-scorable local yaku, and all of them together
    assert out.count("not re-scorable") == 3 and "Open riichi" in out
    expected = _independent_counts(db)
    assert expected["Sanshoku tsuukan"] > 0 and expected["Sanrenkou"] > 0
    for name in ("Sanshoku tsuukan", "Isshoku sanjun", "Sanrenkou"):
        assert counts[name] == expected[name], (name, counts[name], expected[name])


def test_whatif_on_the_sample_games_rescores_every_win_as_stored(tmp_path, capsys):
    db = tmp_path / "sample.duckdb"
    with Store(db) as st:
        st.ingest([SAMPLE])
    assert main(["whatif", "--db", str(db), "--local-yaku", "sanshoku_tsuukan,三連刻", "--include-synthetic"]) == 0
    head = capsys.readouterr().out.splitlines()[0]
    n = re.search(r": (\d+) wins of \d+ games \((\d+) re-scored exactly", head)
    assert n and int(n.group(1)) > 50 and n.group(1) == n.group(2)


def test_whatif_refuses_an_unknown_yaku_and_a_missing_database(tmp_path, capsys):
    assert main(["whatif", "--db", str(tmp_path / "none.duckdb"), "--local-yaku", "all"]) == 2
    assert not (tmp_path / "none.duckdb").exists()
    assert main(["whatif", "--db", str(tmp_path / "none.duckdb"), "--local-yaku", "nonesuch"]) == 2
    assert "unknown local yaku" in capsys.readouterr().err
    assert knobs_of("daisharin, local_suurenkou") == ["local_daisharin", "local_suurenkou"]


#: The knobs of the value variants, each set to the value that is not Tenhou's.
VARIANT_KNOBS = ("ura_dora=False", "ippatsu=False", "kan_dora=False", "two_han_minimum_honba=1",
                 "kazoe_yakuman=False", "chiitoitsu_1han_50fu=True", "renhou_limit=mangan",
                 "double_yakuman_tenhou=True", "double_yakuman_suukantsu=True")


def _knob_rows(out: str) -> dict[str, list[str]]:
    """The what-if's rows by knob: the columns after the name (wins, points, ..., no longer wins)."""
    return {line.split()[0]: line.split()[1:] for line in out.splitlines() if "=" in line.split(" ", 1)[0]}


def test_whatif_knob_rows_move_the_sample_wins_with_intervals(tmp_path, capsys):
    db = tmp_path / "sample.duckdb"
    with Store(db) as st:
        st.ingest([SAMPLE])
    args = ["whatif", "--db", str(db), "--include-synthetic"]
    for knob in VARIANT_KNOBS:
        args += ["--knob", knob]
    assert main(args) == 0
    out = capsys.readouterr().out
    rows = _knob_rows(out)
    assert "clustered by game" in out
    for knob in ("ura_dora=False", "ippatsu=False", "kan_dora=False", "two_han_minimum_honba=1",
                 "chiitoitsu_1han_50fu=True"):
        wins, points = int(rows[knob][0]), int(rows[knob][1])
        assert wins > 0 and points < 0, (knob, rows[knob])
        # points per win and its interval (the only column of whole numbers in brackets)
        per_win, low, high = map(int, re.search(r"(-\d+) \[(-?\d+), (-?\d+)\]", " ".join(rows[knob])).groups())
        assert low < per_win < high, rows[knob]
        if knob != "chiitoitsu_1han_50fu=True":   # a few chiitoitsu wins in the sample: their interval holds 0
            assert high < 0, rows[knob]
    assert rows["two_han_minimum_honba=1"][5] == rows["two_han_minimum_honba=1"][0]   # every change: no longer a win
    assert rows["ura_dora=False"][5] == "0"


def _win(hand: str, win: str, ctx: WinContext, rules_name: str = "tenhou-4p-south", honba: int = 0) -> StoredWin:
    """A hand-built stored win (seat 1 wins, seat 0 deals), with its rebuild as its stored value."""
    rules = PRESETS[rules_name]
    tiles = parse_mpsz(hand) if len(parse_mpsz(hand)) == 14 else parse_mpsz(hand + win)
    win_tile = [t for t in tiles if t >> 2 == parse_mpsz(win)[0] >> 2][-1]
    stored = StoredWin("g", 0, 1, 1 if ctx.tsumo else 2, 0, rules, tuple(sorted(tiles)), (), win_tile, ctx, 0, (),
                       honba)
    v, d = settle(stored, rules)
    return StoredWin("g", 0, 1, stored.from_seat, 0, rules, stored.concealed, (), win_tile, ctx, v.points, d, honba)


def _moved(win: StoredWin, knob: str):
    name, value = knob.split("=")
    end = GameEnd(win.rules, (25000,) * 4, 100000, 0)
    base = [settle(win, win.rules)]
    return _effect(knob, "", _under(RuleChoice(None, ((name, value),))), lambda a, b: a != b, [win], base, {"g": end})


@pytest.mark.parametrize("knob,hand,win,ctx", [
    ("renhou_limit=mangan", "234m456p678s22z345p", "5p", WinContext(seat_wind=1, renhou=True)),
    ("double_yakuman_tenhou=True", "123m456p789s11z22z", "2z", WinContext(tsumo=True, tenhou=True, seat_wind=1)),
    ("kazoe_yakuman=False", "111234567m88899m", "9m",
     WinContext(seat_wind=1, riichi=True, tsumo=True, dora_indicators=(32, 28))),
    ("ippatsu=False", "234m456p678s22z345p", "5p", WinContext(seat_wind=1, riichi=True, ippatsu=True)),
])
def test_whatif_moves_a_hand_built_win_under_each_knob(knob, hand, win, ctx):
    effect = _moved(_win(hand, win, ctx), knob)
    assert effect.wins == 1 and effect.points_added != 0 and effect.placement_points_moved > 0


def test_whatif_counts_a_one_han_win_at_n_honba_as_no_longer_a_win():
    kanchan = _win("234m456p678s22z79p", "8p", WinContext(seat_wind=1, riichi=True, honba=5), honba=5)
    effect = _moved(kanchan, "two_han_minimum_honba=5")
    assert effect.no_longer_wins == 1 and effect.points_added == -kanchan.derived_points
    assert _moved(kanchan, "two_han_minimum_honba=6").no_longer_wins == 0


def test_the_store_derives_the_ura_indicators_a_log_does_not_record_from_the_seeds_wall(tmp_path):
    src = next(p for p in sorted(SAMPLE.glob("*.xml")) if b"doraHaiUra" in p.read_bytes())
    (tmp_path / src.name).write_bytes(re.sub(rb' doraHaiUra="[^"]*"', b"", src.read_bytes()))
    with Store(tmp_path / "a.duckdb") as st:
        st.ingest([src])
        want = st.sql("SELECT ura_indicators FROM wins WHERE riichi ORDER BY round_index, win_index").rows()
    with Store(tmp_path / "b.duckdb") as st:
        st.ingest([tmp_path / src.name])
        got = st.sql("SELECT ura_indicators FROM wins WHERE riichi ORDER BY round_index, win_index").rows()
    assert want and all(u for (u,) in want) and got == want


@pytest.mark.corpus
def test_whatif_knobs_on_the_corpus_store_print_the_wins_and_points_each_changes(tmp_path, capsys):
    db = tmp_path / "corpus.duckdb"
    with Store(db) as st:
        st.ingest([CORPUS], jobs=2)     # the corpus's one 四槓子 win is not in its Tenhou XML
    args = ["whatif", "--db", str(db)]
    for knob in VARIANT_KNOBS:
        args += ["--knob", knob]
    assert main(args) == 0
    out = capsys.readouterr().out
    head = re.search(r": (\d+) wins of \d+ games \((\d+) re-scored exactly", out)
    assert head and head.group(1) == head.group(2)
    rows = _knob_rows(out)
    for knob in VARIANT_KNOBS:
        if knob == "renhou_limit=mangan":   # no recorded win is a ron before the winner's first draw
            continue
        assert int(rows[knob][0]) > 0 and int(rows[knob][1]) != 0, (knob, rows[knob])
    assert int(rows["ura_dora=False"][1]) < int(rows["kan_dora=False"][1]) < 0


def test_whatif_says_how_many_riichi_wins_lack_ura_indicators_rather_than_guess(tmp_path, capsys):
    src = next(p for p in sorted(SAMPLE.glob("*.xml")) if b"doraHaiUra" in p.read_bytes())
    data = re.sub(rb' doraHaiUra="[^"]*"', b"", src.read_bytes())
    (tmp_path / src.name).write_bytes(re.sub(rb'<SHUFFLE seed="[^"]*"', b'<SHUFFLE seed=""', data))   # no wall
    db = tmp_path / "a.duckdb"
    with Store(db) as st:
        st.ingest([tmp_path / src.name])
        n = st.sql("SELECT count(*) FROM wins WHERE riichi AND derived").rows()[0][0]
    assert main(["whatif", "--db", str(db), "--include-synthetic", "--knob", "ura_dora=False"]) == 0
    out = capsys.readouterr().out
    assert n and f"{n} riichi wins have no ura indicators in the store" in out


# ---- north=yakuhai: a kept North set counts, a North set aside cannot ---------------------------------

def _sanma_win(hand: str, win: str, ctx: WinContext, melds: tuple = ()) -> StoredWin:
    """A hand-built stored three-player win (seat 1 wins, seat 0 deals) under Tenhou's rules (nukidora)."""
    rules = PRESETS["tenhou-3p-south"]
    tiles = parse_mpsz(hand + win)
    win_tile = tiles[-1]
    stored = StoredWin("g", 0, 1, 1 if ctx.tsumo else 0, 0, rules, tuple(sorted(tiles)), melds, win_tile, ctx, 0, ())
    v, d = settle(stored, rules)
    return StoredWin("g", 0, 1, stored.from_seat, 0, rules, stored.concealed, melds, win_tile, ctx, v.points, d)


def _under_north_yakuhai(win: StoredWin):
    end = GameEnd(win.rules, (35000,) * 3, 105000, 0)
    choice = RuleChoice(None, (("north", "yakuhai"),))
    return _effect("north=yakuhai", "", _under(choice), lambda a, b: a != b, [win], [settle(win, win.rules)],
                   {"g": end})


def test_whatif_north_yakuhai_adds_the_han_of_a_north_pung_kept_in_the_hand():
    win = _sanma_win("444z999m456p789s5z", "5z", WinContext(seat_wind=1, riichi=True))
    before, after = settle(win, win.rules)[0], settle(win, win.rules.replace(north="yakuhai"))[0]
    assert after.han == before.han + 1 and (115, 1) in after.yaku
    effect = _under_north_yakuhai(win)
    assert effect.wins == 1 and effect.points_added > 0 and effect.kita_not_counted == 0


def test_whatif_north_yakuhai_names_the_norths_set_aside_that_cannot_count():
    from mjlog.ir import Call
    from mjlog.rules.riichi.events import KITA
    from mjlog.stats.whatif import WhatIf, format_what_if, kita_not_counted

    north = parse_mpsz("4z")[0]
    win = _sanma_win("999m456p789s123s5z", "5z", WinContext(seat_wind=1, riichi=True), (Call(1, KITA, (north,)),))
    assert kita_not_counted(win, win.rules) == 0 and kita_not_counted(win, win.rules.replace(north="yakuhai")) == 1
    effect = _under_north_yakuhai(win)
    assert effect.kita_not_counted == 1 and effect.wins_with_kita_not_counted == 1 and effect.points_added < 0
    text = format_what_if(WhatIf(1, 1, 1, (effect,)), "a hand-built win")
    assert "north=yakuhai: 1 Norths set aside (kita) in 1 wins could not count" in text


@pytest.mark.corpus
def test_whatif_north_yakuhai_gives_a_sanma_corpus_win_with_a_north_pung_kept_one_more_han(tmp_path):
    from mjlog.stats.whatif import load_wins
    from mjlog.rules.riichi.events import KITA

    src = TENHOU_XML / "Agony5757__mahjong__paipuxmls~2020010104gm-00b9-0000-5d0091a3.txt.xml"
    if not src.is_file():
        pytest.skip(f"no {src.name} in the corpus")
    with Store(tmp_path / "a.duckdb") as st:
        st.ingest([src])
        wins, _ = load_wins(st, "TRUE")
    kept = [w for w in wins if sum(1 for t in w.concealed if t >> 2 == 30) >= 3
            and not any(m.kind is KITA for m in w.melds)]
    assert len(kept) == 1, [(w.round_index, w.seat) for w in kept]
    win = kept[0]
    before, after = settle(win, win.rules)[0], settle(win, win.rules.replace(north="yakuhai"))[0]
    assert before.points == win.derived_points
    assert after.han == before.han + 1 and (115, 1) in after.yaku and after.points > before.points


def test_whatif_knows_a_win_on_a_kita_from_the_call_just_before_it():
    from mjlog.stats.whatif import _on_a_kita

    kita_by = [{"kind": "discard", "seat": 0}, {"kind": "call", "call_kind": "kita", "seat": 2}]
    assert _on_a_kita({"seat": 2, "tsumo": True, "from_seat": 2}, kita_by)          # a tsumo on its replacement
    assert _on_a_kita({"seat": 1, "tsumo": False, "from_seat": 2}, kita_by)         # a ron on it
    assert not _on_a_kita({"seat": 1, "tsumo": True, "from_seat": 1}, kita_by)
    assert not _on_a_kita({"seat": 1, "tsumo": False, "from_seat": 0}, kita_by[:1])
    ankan = [*kita_by, {"kind": "call", "call_kind": "ankan", "seat": 2}]
    assert not _on_a_kita({"seat": 2, "tsumo": True, "from_seat": 2}, ankan)
