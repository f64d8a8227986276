"""Tests of mjlog.rules.common.wall: MT19937 (reference and fast), the three seed formats, the wall layout,
and a corpus check of every seeded log's deal, draws and indicators against the wall."""

from __future__ import annotations

import base64
import random
import re
import struct
from collections import Counter
from pathlib import Path

import pytest

from mjlog.errors import MalformedLogError
from mjlog.ir import Seed
from mjlog.rules.common.wall import (
    KIND_BASE64,
    ReferenceMT19937,
    Wall,
    fast_mt19937,
    new_seed,
    parse_seed,
    seed_key,
    wall_for_shuffle,
    walls_for_game,
)

# ---- MT19937 ----------------------------------------------------------------------------------


def test_reference_mt_test_vector():
    # mt19937ar.c's own test: init_by_array({0x123, 0x234, 0x345, 0x456}, 4)
    ref = ReferenceMT19937([0x123, 0x234, 0x345, 0x456])
    assert [ref.genrand_int32() for _ in range(5)] == [
        1067595299, 955945823, 477289528, 4107218783, 4228976476,
    ]


def test_reference_mt_default_seed():
    # Unseeded mt19937ar uses init_genrand(5489); C++'s std::mt19937 10000th output is 4123659995.
    ref = ReferenceMT19937()
    outs = [ref.genrand_int32() for _ in range(10000)]
    assert outs[0] == 3499211612
    assert outs[-1] == 4123659995


@pytest.mark.parametrize(
    "key",
    [
        [0x123, 0x234, 0x345, 0x456],
        [0],                                  # all zero: CPython keeps one word
        [7, 0],                               # trailing zero word: CPython would trim it
        [0xFFFFFFFF, 0, 0, 0],
        [0, 0, 1],
        list(range(1, 625)),                  # 624 words (modern key length)
        [(i * 2654435761) & 0xFFFFFFFF for i in range(1, 700)],   # longer than the state
        [random.Random(5).getrandbits(32) for _ in range(32)],    # old hex key length
    ],
)
def test_fast_mt_equals_reference(key):
    ref = ReferenceMT19937(key)
    fast = fast_mt19937(key)
    n = 1400  # crosses two twists
    assert [fast.getrandbits(32) for _ in range(n)] == [ref.genrand_int32() for _ in range(n)]


def test_fast_mt_block_output_is_little_endian_words():
    key = [0xDEADBEEF, 0x12345678]
    ref = ReferenceMT19937(key)
    words = [ref.genrand_int32() for _ in range(288)]
    block = fast_mt19937(key).getrandbits(32 * 288).to_bytes(4 * 288, "little")
    assert block == struct.pack("<288I", *words)


def test_reference_to_random_continues_stream():
    ref = ReferenceMT19937([1, 2, 3])
    for _ in range(100):
        ref.genrand_int32()
    rng = ref.to_random()
    assert [rng.getrandbits(32) for _ in range(1000)] == [ref.genrand_int32() for _ in range(1000)]


def test_fast_mt_rejects_empty_key():
    with pytest.raises(ValueError):
        fast_mt19937([])
    with pytest.raises(ValueError):
        ReferenceMT19937([])


# ---- seeds and walls: fast path == reference path ---------------------------------------------


def _hex_seed(words: list[int], kind: str = "mt19937ar-sha512-n288") -> str:
    return kind + "," + ",".join(f"{w:08X}" for w in words)


def _zero_tail_base64_seed() -> Seed:
    raw = bytearray(base64.b64decode(new_seed(11).value))
    raw[-8:] = bytes(8)  # the last two key words are zero
    value = base64.b64encode(bytes(raw)).decode()
    return Seed(KIND_BASE64, value, f"{KIND_BASE64},{value}")


@pytest.mark.parametrize("players", [4, 3])
@pytest.mark.parametrize(
    "seed",
    [
        new_seed(1).text,
        new_seed(2).text,
        _zero_tail_base64_seed().text,
        _hex_seed([random.Random(3).getrandbits(32) for _ in range(32)]),
        _hex_seed([random.Random(4).getrandbits(32) for _ in range(31)] + [0]),
    ],
    ids=["base64-1", "base64-2", "base64-zero-tail", "hex32", "hex-zero-tail"],
)
def test_game_walls_fast_equals_reference(seed, players):
    fast = walls_for_game(seed, players)
    ref = walls_for_game(seed, players, reference=True)
    for _ in range(4):
        a, b = next(fast), next(ref)
        assert a == b
        tiles = range(136) if players == 4 else [0, 1, 2, 3, *range(32, 136)]
        assert sorted(a.yama) == list(tiles)
        assert a.players == players
        assert all(0 <= d <= 5 for d in a.dice)
    assert fast.hands == 4


@pytest.mark.parametrize("nwords", [8, 32, 1])
def test_shuffle_wall_fast_equals_reference(nwords):
    rng = random.Random(nwords)
    for _ in range(5):
        text = _hex_seed([rng.getrandbits(32) for _ in range(nwords)], "mt19937ar")
        assert wall_for_shuffle(text) == wall_for_shuffle(text, reference=True)
    zero_tail = _hex_seed([5] + [0] * (nwords - 1), "mt19937ar")
    assert wall_for_shuffle(zero_tail) == wall_for_shuffle(zero_tail, reference=True)


def test_shuffle_wall_matches_log():
    # dnovikoff tenhou log/test_data/bug1.xml, first INIT (a 2009 per-INIT shuffle)
    wall = wall_for_shuffle(
        "mt19937ar,C41242CB,F46A04D2,BFBCD73B,ED5E02E7,8F7D9B2C,6AD44D07,126EC045,3BD782A4"
    )
    assert wall.legacy
    assert wall.dice == (2, 2)
    assert wall.dora_indicator(0) == 77 == wall.yama[4]
    hands = wall.starting_hands(dealer=0)
    assert hands[0] == (48, 78, 47, 132, 24, 39, 75, 21, 18, 25, 121, 114, 13)
    assert hands[3] == (57, 67, 41, 65, 3, 134, 7, 26, 20, 95, 106, 113, 72)
    # the log's first draws: T118 U63 V40 W16 T2
    assert [wall.live_draw(i) for i in range(5)] == [118, 63, 40, 16, 2]


def test_hex_game_seed_matches_log():
    # dnovikoff tenhou log/test_data/bug8.xml: SHUFFLE mt19937ar-sha512-n288 and its second INIT
    seed = _hex_seed([
        0xF1504633, 0x6450BD98, 0xAEBA0B01, 0xF7DABC5D, 0x9620D066, 0xA6619D3E, 0x25516C31,
        0xB78D1AFB, 0x726FB2CB, 0x4C722B1F, 0x16FEB339, 0x9B93563D, 0x66D16CCF, 0x45009F11,
        0xB619C547, 0xC05C7AEC, 0x3F8219CD, 0x9595FB51, 0x034D2C05, 0xA6371F17, 0x981733E7,
        0x6448CF40, 0x295C418E, 0xBCEFD0BB, 0xD86D90C8, 0x21211A0B, 0xF106163C, 0x5E5208A1,
        0x6D34C8E7, 0xA9272623, 0x2729AD5B, 0x4AE7D784,
    ])
    walls = walls_for_game(seed)
    first, second = next(walls), next(walls)
    assert first.dice == (3, 4) and first.dora_indicator() == 123
    assert first.starting_hands(0)[0] == (25, 19, 75, 49, 14, 43, 76, 108, 41, 92, 9, 33, 98)
    assert second.dice == (2, 2) and second.dora_indicator() == 104
    assert second.starting_hands(0)[2] == (126, 105, 115, 60, 93, 66, 44, 59, 100, 73, 1, 64, 20)


# ---- wall layout (an identity wall makes every tile its own position) --------------------------


def test_layout_4p():
    w = Wall(tuple(range(136)), (0, 0))
    hands = w.starting_hands(dealer=0)
    assert hands[0] == (135, 134, 133, 132, 119, 118, 117, 116, 103, 102, 101, 100, 87)
    assert hands[1] == (131, 130, 129, 128, 115, 114, 113, 112, 99, 98, 97, 96, 86)
    assert hands[3] == (123, 122, 121, 120, 107, 106, 105, 104, 91, 90, 89, 88, 84)
    assert w.starting_hands(dealer=2)[2] == hands[0]
    assert w.starting_hands(dealer=2)[1] == hands[3]
    assert w.first_live_index == 83
    assert [w.live_draw(i) for i in range(3)] == [83, 82, 81]
    assert w.live_draw_count() == 70 and w.live_draw(69) == 14
    assert w.live_draws == tuple(range(83, 13, -1))
    assert w.live_draw_count(4) == 66
    assert w.dora_indicators(5) == (5, 7, 9, 11, 13)
    assert w.ura_indicators(5) == (4, 6, 8, 10, 12)
    assert [w.replacement(i) for i in range(4)] == [1, 0, 3, 2]
    with pytest.raises(IndexError):
        w.replacement(4)
    with pytest.raises(IndexError):
        w.live_draw(70)
    with pytest.raises(IndexError):
        w.dora_indicator(5)


def test_layout_4p_legacy():
    w = Wall(tuple(range(136)), (0, 0), legacy=True)
    assert w.dora_indicators(3) == (4, 6, 8)
    assert w.ura_indicators(2) == (5, 7)
    assert [w.replacement(i) for i in range(4)] == [0, 1, 2, 3]


def test_layout_sanma():
    w = Wall(tuple(range(108)), (0, 0))
    assert w.players == 3
    hands = w.starting_hands(dealer=1)
    assert hands[1] == (107, 106, 105, 104, 95, 94, 93, 92, 83, 82, 81, 80, 71)
    assert hands[2] == (103, 102, 101, 100, 91, 90, 89, 88, 79, 78, 77, 76, 70)
    assert hands[0] == (99, 98, 97, 96, 87, 86, 85, 84, 75, 74, 73, 72, 69)
    assert len(w.starting_hands(0)) == 3
    assert w.live_draw(0) == 68 and w.live_draw_count() == 55 and w.live_draw(54) == 14
    assert w.dora_indicators(5) == (9, 11, 13, 15, 17)
    assert w.ura_indicators(3) == (8, 10, 12)
    assert [w.replacement(i) for i in range(8)] == [1, 0, 3, 2, 5, 4, 7, 6]
    assert w.live_draw_count(8) == 47
    with pytest.raises(ValueError):
        w.starting_hands(dealer=3)


def test_deal_and_live_cover_the_wall_once():
    for players in (4, 3):
        w = next(walls_for_game(new_seed(9), players))
        dealt = [t for h in w.starting_hands(1) for t in h]
        # the dead wall is the first 14 tiles (it moves up one per replacement draw)
        assert sorted(dealt + list(w.live_draws) + list(w.yama[:14])) == sorted(w.yama)
    w = next(walls_for_game(new_seed(9), 4))
    dead = [w.replacement(i) for i in range(4)] + list(w.dora_indicators(5) + w.ura_indicators(5))
    assert sorted(dead) == sorted(w.yama[:14])


# ---- seeds: new_seed and errors ---------------------------------------------------------------


def test_new_seed_round_trip():
    seed = new_seed(random.Random(42))
    assert seed.kind == KIND_BASE64 and seed.text == f"{seed.kind},{seed.value}"
    raw = base64.b64decode(seed.value, validate=True)
    assert len(raw) == 2496
    expected = random.Random(42).getrandbits(32 * 624)
    assert int.from_bytes(raw, "little") == expected
    assert seed_key(seed) == tuple((expected >> (32 * i)) & 0xFFFFFFFF for i in range(624))
    assert base64.b64encode(raw).decode() == seed.value
    assert parse_seed(seed.text) == seed
    assert new_seed(42) == seed
    assert new_seed().value != new_seed().value
    assert list(zip(range(3), walls_for_game(seed))) == list(zip(range(3), walls_for_game(seed.text)))


@pytest.mark.parametrize(
    "text, reason",
    [
        (f"{KIND_BASE64},", "base64"),                                  # empty → 0 bytes
        (f"{KIND_BASE64},@@@@" + "A" * 3324, "base64"),
        (f"{KIND_BASE64}," + "A" * 3327, "base64"),                     # bad padding
        (f"{KIND_BASE64}," + "A" * 3324, "bytes"),                      # 2493 bytes
        (f"{KIND_BASE64}," + "AAAA" * 833, "bytes"),                    # 2499 bytes
        ("mt19937ar-sha512-n288,", "no key words"),
        ("mt19937ar-sha512-n288,12345678,XYZ", "hex"),
        ("mt19937ar-sha512-n288,123456789", "hex"),
        ("mt19937ar-sha512-n288," + ",".join(["00000001"] * 625), "at most"),
        ("mt19937ar", "no key words"),
        ("test-seed", "unknown"),
        ("", "unknown"),
        ("0.7654321", "unknown"),
    ],
)
def test_bad_seeds_raise_malformed(text, reason):
    with pytest.raises(MalformedLogError, match=reason):
        if text.startswith("mt19937ar,") or text == "mt19937ar":
            wall_for_shuffle(text)
        else:
            walls_for_game(text)


def test_seed_kind_mixups_raise_malformed():
    with pytest.raises(MalformedLogError, match="per-INIT"):
        walls_for_game("mt19937ar,00000001")
    with pytest.raises(MalformedLogError, match="game seed"):
        wall_for_shuffle(new_seed(1))
    with pytest.raises(MalformedLogError, match="unknown"):
        seed_key("xyz,1")
    with pytest.raises(ValueError):
        walls_for_game(new_seed(1), players=2)


# ---- corpus -----------------------------------------------------------------------------------

_TAG = re.compile(r"<(\w+)((?:\s[^>]*)?)/?>")
_ATTR = re.compile(r'(\w+)="([^"]*)"')
_DRAW = re.compile(r"([TUVW])(\d+)\Z")


def _ints(text: str) -> list[int]:
    return [int(x) for x in text.split(",") if x != ""]


def _is_replacement_call(m: int) -> bool:
    """True for a kan (any kind) or kita, i.e. a call followed by a replacement draw."""
    if m & 0x4 or m & 0x8:      # chi, pon
        return False
    return True                 # kakan (0x10), kita (0x20), daiminkan, ankan


def check_log(path: Path, reference: bool = False) -> tuple[Counter, list[str]]:
    """Compare one log with the walls its seed gives; return counts and failure descriptions."""
    text = path.read_text(encoding="utf-8", errors="replace")
    counts: Counter = Counter()
    fails: list[str] = []
    shuffle = re.search(r'<SHUFFLE seed="([^"]*)"', text)
    go = re.search(r'<GO type="(\d+)"', text)
    players = 3 if go and int(go.group(1)) & 0x10 else 4
    gen = None
    if shuffle and shuffle.group(1).startswith("mt19937ar-sha512"):
        gen = walls_for_game(shuffle.group(1), players, reference=reference)
    wall: Wall | None = None
    hand = 0
    live = reps = ndora = 0
    pending_rep = False

    def fail(what: str) -> None:
        fails.append(f"{path.name} hand {hand}: {what}")

    for tag, rest in _TAG.findall(text):
        if tag == "INIT":
            a = dict(_ATTR.findall(rest))
            hand += 1
            if gen is not None:
                wall = next(gen)
            elif "shuffle" in a:
                wall = wall_for_shuffle(a["shuffle"], players, reference=reference)
            else:
                wall = None
                continue
            counts["hands"] += 1
            counts["sanma_hands" if players == 3 else "4p_hands"] += 1
            if wall.legacy:
                counts["legacy_hands" if gen is not None else "per_init_shuffle_hands"] += 1
            live = reps = ndora = 0
            pending_rep = False
            r, _h, _k, d0, d1, dora = _ints(a["seed"])
            oya = int(a.get("oya", r % 4))
            counts["dice"] += 1
            if wall.dice != (d0, d1):
                fail(f"dice {wall.dice} != {(d0, d1)}")
            counts["indicators"] += 1
            if wall.dora_indicator(0) != dora:
                fail(f"first dora {wall.dora_indicator(0)} != {dora}")
            hands = wall.starting_hands(oya)
            for seat in range(players):
                counts["starting_hands"] += 1
                if tuple(_ints(a[f"hai{seat}"])) != hands[seat]:
                    fail(f"starting hand of seat {seat} differs")
            continue
        if wall is None:
            continue
        m = _DRAW.match(tag)
        if m:
            tile = int(m.group(2))
            if pending_rep:
                counts["replacement_draws"] += 1
                counts[f"replacement_{reps}"] += 1
                if reps >= wall.max_replacements or wall.replacement(reps) != tile:
                    fail(f"replacement draw {reps} is {tile}")
                reps += 1
                pending_rep = False
            else:
                counts["live_draws"] += 1
                if live >= wall.live_draw_count(reps) or wall.live_draw(live) != tile:
                    fail(f"live draw {live} is {tile} (after {reps} replacements)")
                live += 1
        elif tag == "N":
            a = dict(_ATTR.findall(rest))
            if _is_replacement_call(int(a["m"])):
                pending_rep = True
        elif tag == "DORA":
            a = dict(_ATTR.findall(rest))
            ndora += 1
            counts["indicators"] += 1
            counts["DORA_tags"] += 1
            if ndora > 4 or wall.dora_indicator(ndora) != int(a["hai"]):
                fail(f"kan dora {ndora} is {a['hai']}")
        elif tag == "AGARI":
            a = dict(_ATTR.findall(rest))
            dora = _ints(a["doraHai"])
            ura = _ints(a.get("doraHaiUra", ""))
            counts["indicators"] += len(dora) + len(ura)
            counts["AGARI_kan_dora"] += len(dora) - 1
            counts["AGARI_ura"] += len(ura)
            counts["agari"] += 1
            if tuple(dora) != wall.dora_indicators(len(dora)):
                fail(f"AGARI doraHai {dora}")
            if ura and (len(ura) != len(dora) or tuple(ura) != wall.ura_indicators(len(ura))):
                fail(f"AGARI doraHaiUra {ura}")
        elif tag == "RYUUKYOKU":
            a = dict(_ATTR.findall(rest))
            if "type" not in a:
                counts["exhaustive_draws"] += 1
                if live != wall.live_draw_count(reps):
                    fail(f"exhaustive draw after {live} live draws, haitei rule says "
                         f"{wall.live_draw_count(reps)} ({reps} replacements)")
    if hand and not counts["hands"]:
        counts["unseeded_files"] += 1
    else:
        counts["files"] += 1
    return counts, fails


@pytest.mark.corpus
def test_corpus_walls(corpus_xml_files):
    total: Counter = Counter()
    fails: list[str] = []
    for path in corpus_xml_files:
        counts, bad = check_log(path)
        total += counts
        fails += bad
    print("\nwall corpus check:", dict(sorted(total.items())), "failures:", len(fails))
    assert not fails, "\n".join(fails[:50])
    assert total["unseeded_files"] == 0
    assert total["hands"] > 10000 and total["live_draws"] > 400000


@pytest.mark.corpus
def test_corpus_reference_path_sample(corpus_xml_files):
    """The slow reference MT reproduces a sample of logs too (both old formats included)."""
    sample = corpus_xml_files[::60] + [p for p in corpus_xml_files if "dnovikoff" in p.name]
    total: Counter = Counter()
    for path in sample:
        counts, bad = check_log(path, reference=True)
        assert not bad, "\n".join(bad[:20])
        total += counts
    assert total["hands"] > 100
