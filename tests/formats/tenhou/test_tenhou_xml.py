"""The Tenhou XML reader on hand-built logs: every tag, and every kind of bad input."""

from __future__ import annotations

import gzip
import os

import pytest

from mjlog import MalformedLogError, read_log, read_logs
from mjlog.errors import LogTooLargeError
from mjlog.rules.riichi.call_codes import decode_call, encode_call
from mjlog.ir import CallKind, Discard, Disconnect, Reconnect, Ryuukyoku, Win
from mjlog.rules.riichi.events import KITA
from mjlog.rules.riichi.events import RiichiAccepted, RiichiDeclared
from mjlog.rules.riichi.record import DrawKind
from tests.support.xmlbuild import game4, hand, init4, simple_game4


def test_reads_header_players_and_rules():
    log = read_log(simple_game4())
    assert log.header.display == "四鳳南喰赤"
    assert log.rules.name == "tenhou-4p-south" and log.rules.players == 4
    assert [p.name for p in log.players] == ["Alice", "あ", "C", "D"]
    assert [p.rank for p in log.players] == [10, 11, 12, 13]
    assert log.players[1].rate == 1600.0 and log.players[1].sex == "F"
    assert log.seed.kind == "mt19937ar-sha512-n288-base64" and log.seed.value == "AAAA"


def test_reads_init_as_round_start():
    r = read_log(simple_game4()).rounds[0]
    assert (r.kyoku, r.honba, r.sticks, r.dealer, r.dice, r.dora_indicator) == (0, 0, 0, 0, (2, 3), 135)
    assert r.scores == (25000, 25000, 25000, 25000)
    assert r.hands[1] == tuple(int(x) for x in hand(1).split(","))
    assert r.name == "East 1"


def test_tsumogiri_is_derived_from_the_seats_previous_draw():
    r = read_log(simple_game4()).rounds[0]
    discards = [e for e in r.events if isinstance(e, Discard)]
    assert [(d.seat, d.tile, d.tsumogiri) for d in discards] == [(0, 0, False), (1, 101, True)]


def test_exhaustive_draw_records_deltas_and_shown_hands():
    log = read_log(simple_game4())
    (d,) = log.rounds[0].outcomes
    assert isinstance(d, Ryuukyoku) and d.payload.kind is DrawKind.EXHAUSTIVE
    assert d.deltas == (3000, -1000, -1000, -1000) and d.shown == (0,)


def test_owari_rounded_and_one_decimal_eras():
    log = read_log(simple_game4())
    assert log.final.scores == (28000, 24000, 24000, 24000)
    assert log.final.points == (8.0, -6.0, -26.0, 24.0) and log.final.rounded
    data = simple_game4().replace(b"8.0,240,-6.0", b"8.3,240,-6.3")
    assert not read_log(data).final.rounded


def test_missing_owari_means_truncated():
    assert read_log(simple_game4(owari=False)).truncated


def test_riichi_steps_dora_bye_and_reconnect():
    events = ('<REACH who="2" step="1"/><V102/><F102/><REACH who="2" ten="250,250,240,250" step="2"/>'
              '<BYE who="3"/><UN n3="%44"/><DORA hai="120"/>')
    r = read_log(simple_game4(events)).rounds[0]
    kinds = [type(e) for e in r.events]
    assert RiichiDeclared in kinds and Disconnect in kinds and Reconnect in kinds
    acc = next(e for e in r.events if isinstance(e, RiichiAccepted))
    assert acc.seat == 2 and acc.scores == (25000, 25000, 24000, 25000)
    assert next(e for e in r.events if isinstance(e, Reconnect)) == Reconnect(3, "D")


def test_double_ron_reads_two_wins():
    win = ('<AGARI ba="0,0" hai="{h}" machi="8" ten="30,1000,0" yaku="8,1" doraHai="135" '
           'who="{w}" fromWho="0" sc="250,-{p},250,{a},250,{b},250,0"{o}/>')
    body = (init4() + "<T8/><D8/>"
            + win.format(h="8,12,16,20,24,28,32,36,40,44,48,52,56,60", w=1, p=20, a=10, b=0, o="")
            + win.format(h="8,12,16,20,24,28,32,36,40,44,48,52,56,60", w=2, p=10, a=0, b=10,
                         o=' owari="230,-7.0,260,16.0,260,-4.0,250,-5.0"'))
    log = read_log(game4(body))
    wins = log.rounds[0].outcomes
    assert [w.who for w in wins] == [1, 2] and all(isinstance(w, Win) for w in wins)
    assert wins[0].deltas == (-2000, 1000, 0, 0) and wins[0].payload.yaku == ((8, 1),)
    assert wins[0].payload.fu == 30 and wins[0].points == 1000 and not wins[0].tsumo


def test_call_codes_decode_in_the_reference_order():
    # a kakan whose "unused" bits set 0x20 must stay a kakan, not a kita
    m = (31 * 3 + 1) << 9 | 0x10 | 1 << 5 | 1
    c = decode_call(0, m)
    assert c.kind is CallKind.KAKAN and c.added == 31 * 4 + 1 and encode_call(c) == m
    kita = decode_call(1, 30752)
    assert kita.kind is KITA and kita.tiles == (120,)
    ankan = decode_call(2, (108 + 2) << 8)
    assert ankan.kind is CallKind.ANKAN and ankan.tiles[0] == 110 and sorted(ankan.tiles) == [108, 109, 110, 111]
    minkan = decode_call(2, 108 << 8 | 1)
    assert minkan.kind is CallKind.DAIMINKAN and minkan.from_seat == 3 and minkan.called == 108


def test_sanma_uses_four_seat_call_arithmetic():
    sanma = game4(init4(), go=185).replace(b'hai3="' + hand(3).encode() + b'"', b'hai3=""')
    sanma = sanma.replace(b'ten="250,250,250,250"', b'ten="350,350,350,0"')
    sanma = sanma.replace(hand(0).encode(), b"0,1,2,3,32,33,34,35,36,37,38,39,40")
    sanma = sanma.replace(hand(1).encode(), b"41,42,43,44,45,46,47,48,49,50,51,52,53")
    sanma = sanma.replace(hand(2).encode(), b"54,55,56,57,58,59,60,61,62,63,64,65,66")
    sanma = sanma.replace(b'dan="10,11,12,13"', b'dan="10,11,12,0"').replace(b'n3="D"', b'n3=""')
    log = read_log(sanma)
    assert log.rules.players == 3 and log.rules.name == "tenhou-3p-south" and len(log.players) == 3
    assert log.rounds[0].scores == (35000, 35000, 35000)
    # seat 0 calling from seat 2 has fr=2 in sanma too
    assert decode_call(0, (16 * 3) << 9 | 0x8 | 2).from_seat == 2


def test_gzip_is_detected_by_magic_bytes(tmp_path):
    p = tmp_path / "game.txt"
    p.write_bytes(gzip.compress(simple_game4()))
    assert read_log(p).rounds[0].kyoku == 0
    assert read_log(gzip.compress(simple_game4())).final is not None


def test_shift_jis_declaration_is_handled():
    data = b'<?xml version="1.0" encoding="Shift_JIS"?>' + simple_game4()
    assert read_log(data).players[0].name == "Alice"


# ---- bad input: always MalformedLogError with a place -------------------------------------------


def bad(data, **kw) -> MalformedLogError:
    with pytest.raises(MalformedLogError) as info:
        read_log(data, **kw)
    assert isinstance(info.value, ValueError)
    return info.value


def test_truncated_xml():
    err = bad(simple_game4()[:-40], name="cut.xml")
    assert err.source == "cut.xml" and "not well-formed" in err.reason and "line" in err.where


def test_not_xml():
    err = bad(b"hello, world")
    assert "not a log" in err.reason and err.where == "byte 0"


def test_empty_file(tmp_path):
    p = tmp_path / "empty.xml"
    p.write_bytes(b"")
    err = bad(p)
    assert err.source == str(p) and "empty" in err.reason


@pytest.mark.parametrize("tile", ["136", "-1"])
def test_tile_id_out_of_range_in_a_discard(tile):
    err = bad(simple_game4(f"<V102/><F{tile}/>"))
    assert f"tile id {tile}" in err.reason and f"<F{tile}>" in err.where and "element" in err.where


def test_tile_id_out_of_range_in_a_hand():
    err = bad(simple_game4().replace(b'hai0="0,', b'hai0="136,'))
    assert "tile id 136" in err.reason and "<INIT>" in err.where


def test_unknown_tag():
    err = bad(simple_game4("<FOO x='1'/>"))
    assert "unknown element <FOO>" in err.reason and "element" in err.where


def test_m_that_does_not_decode():
    err = bad(simple_game4('<N who="1" m="65540"/>'))
    assert "m=65540" in err.reason and "<N>" in err.where
    err = bad(simple_game4('<N who="1" m="65532"/>'))  # a chi naming run 21, which does not exist
    assert "chi" in err.reason


def test_billion_laughs_is_refused():
    lol = b'<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">' + b"".join(
        b'<!ENTITY lol%d "%s">' % (i, (b"&lol%d;" % (i - 1) if i > 1 else b"&lol;") * 10) for i in range(1, 10)
    ) + b']><mjloggm ver="2.3"><GO type="169" lobby="&lol9;"/></mjloggm>'
    err = bad(lol)
    assert "DTD" in err.reason and err.where.startswith("byte")


def test_external_entity_is_not_read(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP-SECRET-CONTENT")
    data = (f'<!DOCTYPE m [<!ENTITY x SYSTEM "file://{secret}">]>'
            '<mjloggm ver="2.3"><GO type="169" lobby="0"/><UN n0="&x;"/></mjloggm>').encode()
    err = bad(data)
    assert "TOP-SECRET" not in str(err)


def test_fifty_megabyte_attribute(tmp_path):
    p = tmp_path / "huge.xml"
    p.write_bytes(b'<mjloggm ver="2.3"><GO type="169" lobby="0" title="' + b"x" * (50 << 20) + b'"/></mjloggm>')
    err = bad(p)
    assert isinstance(err, LogTooLargeError) and err.where


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_named_pipe_is_refused_without_waiting_for_a_writer(tmp_path):
    """Only regular files are read: a pipe could block for ever or never end."""
    from mjlog.formats.source import load

    from tests.support.pipes import call_near_a_pipe

    fifo = tmp_path / "log.pipe"
    os.mkfifo(fifo)
    with pytest.raises(MalformedLogError, match="a named pipe is not a log file"):
        call_near_a_pipe(lambda: load(fifo), fifo)


@pytest.mark.parametrize("extra, too_large", [(0, False), (1, True)])
def test_a_stream_is_read_to_its_end_and_to_the_limit(extra, too_large):
    import io

    from mjlog.formats.source import load

    data = simple_game4()
    if too_large:
        with pytest.raises(LogTooLargeError):
            load(io.BytesIO(data), limit=len(data) - extra)
    else:
        assert load(io.BytesIO(data), limit=len(data)).data == data


def test_one_megabyte_attribute_is_refused_by_the_attribute_limit():
    data = simple_game4().replace(b'<TAIKYOKU', b'<BYE who="0" x="' + b"y" * (1 << 20) + b'"/><TAIKYOKU')
    err = bad(data)
    offset = data.index(b'x="y')
    assert isinstance(err, LogTooLargeError) and "attribute" in err.reason and err.where == f"byte {offset + 1}"


def test_gzip_cut_short():
    data = gzip.compress(simple_game4())
    err = bad(data[: len(data) // 2])
    assert "gzip" in err.reason and "cut short" in err.reason


def test_gzip_bomb_is_refused():
    err = bad(gzip.compress(b" " * (40 << 20)))
    assert isinstance(err, LogTooLargeError)


def test_sanma_tile_that_does_not_exist():
    sanma = simple_game4().replace(b'type="169"', b'type="185"')
    err = bad(sanma)
    assert "three-player" in err.reason


def test_structural_errors_name_the_element():
    assert "before the first <INIT>" in bad(game4("<T1/>")).reason
    assert "15 tiles" in bad(simple_game4().replace(b'hai2="2,', b'hai2="2,3,4,')).reason
    assert "seat" in bad(simple_game4('<REACH who="7" step="1"/>')).reason
    assert "after the round" in bad(simple_game4().replace(b"</mjloggm>", b"<T5/></mjloggm>")).reason


def test_read_logs_collects_errors_and_goes_on(tmp_path):
    good = tmp_path / "a.xml"
    good.write_bytes(simple_game4())
    broken = tmp_path / "b.xml"
    broken.write_bytes(b"<mjloggm")
    results = list(read_logs([good, broken, good]))
    assert [r.ok for r in results] == [True, False, True]
    assert results[1].error.source == str(broken)
    with pytest.raises(MalformedLogError):
        list(read_logs([broken], strict=True))
    assert len(list(read_logs([tmp_path]))) == 2


def test_random_corruptions_give_only_malformed_log_errors():
    """Fuzz: byte flips, cuts and splices of a valid log read or fail with MalformedLogError."""
    import random

    rng = random.Random(20261202)
    base = simple_game4('<REACH who="2" step="1"/><V102/><F102/><N who="3" m="47723"/><DORA hai="120"/>')
    pieces = [b"<", b">", b"/>", b'"', b"=", b",", b"-1", b"999", b"<N who=\"0\" m=\"1\"/>", b"<AGARI/>", b"&amp;",
              b"\x00", b"\xff"]
    outcomes = {"ok": 0, "malformed": 0}
    for _ in range(3000):
        data = bytearray(base)
        for _ in range(rng.randint(1, 4)):
            i = rng.randrange(len(data))
            op = rng.random()
            if op < 0.4:
                data[i] = rng.randrange(256)
            elif op < 0.7:
                del data[i : i + rng.randint(1, 20)]
            else:
                data[i:i] = rng.choice(pieces)
        try:
            read_log(bytes(data))
            outcomes["ok"] += 1
        except MalformedLogError as exc:
            assert "internal error" not in exc.reason, exc
            outcomes["malformed"] += 1
    assert outcomes["malformed"] > 1000


def test_player_names_decode_as_urllib_unquote_does():
    import random
    from urllib.parse import unquote

    from mjlog.formats.tenhou.xml import unquote_name

    rng = random.Random(4)
    pieces = ["%E3", "%81", "%82", "%41", "%e3", "%zz", "%4", "%", "A", "あ", " ", "%FF", "%C3%A9", "+"]
    for _ in range(5000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randrange(0, 8)))
        assert unquote_name(text) == unquote(text), text


def test_a_file_longer_than_its_reported_size_is_read_on_in_chunks_to_its_end(tmp_path, monkeypatch):
    from mjlog.formats import source
    p = tmp_path / "g.xml"
    data = simple_game4()
    p.write_bytes(data)
    real_fstat = os.fstat
    monkeypatch.setattr(source, "_READ_CHUNK", 7)
    monkeypatch.setattr(source.os, "fstat", lambda fd: os.stat_result((*real_fstat(fd)[:6], 3, *real_fstat(fd)[7:10])))
    assert source.load(p).data == data


def test_a_directory_or_a_missing_file_is_a_malformed_log_error_naming_it(tmp_path):
    from mjlog.errors import MalformedLogError
    from mjlog.formats.source import load

    for path, reason in ((tmp_path, "a directory is not a log file"), (tmp_path / "missing.xml", "cannot read file")):
        with pytest.raises(MalformedLogError) as info:
            load(path)
        assert reason in info.value.reason and str(path) in str(info.value)
    empty = tmp_path / "empty.xml"
    empty.write_bytes(b"")
    assert load(empty).data == b""


def test_a_cut_json_object_whose_key_is_no_string_is_a_malformed_log_not_an_internal_error():
    # found by the corpus fuzz test: a mutated tenhou.net/6 file whose first key became an array
    import pytest as _pytest

    from mjlog.errors import MalformedLogError
    from mjlog.formats.reader import read_log
    from mjlog.formats.tenhou.json_salvage import salvage_cut_off

    text = '{["title"]: ["", ""], "log": [[[0, 0, 0, 0]'
    assert salvage_cut_off(text) is None
    with _pytest.raises(MalformedLogError) as err:
        read_log(text.encode(), "cut.json")
    assert "internal error" not in str(err.value)
