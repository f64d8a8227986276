"""The store serves every rule family: generic columns and win items from the family's hooks,
payments from the replay's transfers, and no Tenhou header needed."""

from __future__ import annotations

import dataclasses

import pytest

import mjlog.formats.reader
from mjlog.formats.reader import read_log
from mjlog.rules.family import WinItem, register, unregister
from mjlog.rules.riichi.family import RiichiFamily
from mjlog.rules.riichi.store_facts import RiichiStoreFacts
from mjlog.store import Store
from tests.support.replaybuild import game, pinfu_tsumo_hand


def pinfu_tsumo(deltas=(-700, 1500, -400, -400)) -> bytes:
    """A game of one hand: seat 1's pinfu tsumo, the log recording ``deltas``."""
    return game(pinfu_tsumo_hand(deltas))


class PointStoreFacts(RiichiStoreFacts):
    """Every win is one item worth one point, and none of riichi's own columns."""

    def win_items(self, win):
        return (WinItem(1, "和", "a win", 1),)

    def win_value(self, win):
        return 1

    def recorded_win_items(self, win):
        return ()

    def win_columns(self, log, win, derived):
        return {}  # none of riichi's own columns (han, fu, limit, dora...)

    def game_columns(self, log):
        return {}  # nor its games columns (length, red fives, open tanyao)


class PointFamily(RiichiFamily):
    """A test family: riichi's play, but every win is one item worth one point."""

    name = "test-points"
    english = "every win scores 1 point"
    value_unit = "point"
    store = PointStoreFacts()


def ingest(tmp_path, monkeypatch, data: bytes | None = None, **changes) -> Store:
    """A store holding the pinfu tsumo game, its GameLog changed by ``changes`` as it is read."""
    path = tmp_path / "g.xml"
    path.write_bytes(data or pinfu_tsumo())
    real = read_log
    monkeypatch.setattr(mjlog.formats.reader, "read_log", lambda data, source=None: dataclasses.replace(
        real(data, source), **changes))
    monkeypatch.setattr(mjlog.formats.reader, "games_or_errors", lambda data, source=None: [dataclasses.replace(
        real(data, source), **changes)])      # the store reads every game of a file
    st = Store()
    s = st.ingest([path])
    assert (s.games_added, s.unreadable) == (1, 0)
    return st


def test_a_win_is_stored_with_its_items_and_its_transfers(tmp_path, monkeypatch):
    with ingest(tmp_path, monkeypatch) as st:
        assert st.sql("SELECT value_unit, value, derived_value, han FROM wins").rows() == [("han", 2, 2, 2)]
        items = st.sql("SELECT derived, item_order, item_id, english, value FROM win_items ORDER BY 1, 2")
        assert items.rows() == [(False, 0, 0, "Menzen tsumo", 1), (False, 1, 7, "Pinfu", 1),
                                (True, 0, 0, "Menzen tsumo", 1), (True, 1, 7, "Pinfu", 1)]
        assert st.sql("SELECT yaku_id, han, yakuman FROM win_yaku ORDER BY yaku_order").rows() == [
            (0, 1, False), (7, 1, False)]
        pay = st.sql("SELECT payer, payee, reason, amount, recorded_amount FROM payments ORDER BY payer").rows()
        assert pay == [(0, 1, "hand", 700, 700), (2, 1, "hand", 400, 400), (3, 1, "hand", 400, 400)]
        assert st.sql("SELECT seat, points FROM seat_payments ORDER BY seat").rows() == [
            (0, -700), (1, 1500), (2, -400), (3, -400)]
        assert st.sql("SELECT family FROM games").item() == "riichi"


def test_payments_of_a_win_recorded_otherwise_have_no_recorded_amount(tmp_path, monkeypatch):
    with ingest(tmp_path, monkeypatch, pinfu_tsumo((-800, 1600, -400, -400))) as st:
        pay = st.sql("SELECT payer, amount, recorded_amount FROM payments ORDER BY payer").rows()
        assert pay == [(0, 700, None), (2, 400, None), (3, 400, None)]
        assert st.sql("SELECT deltas, derived_deltas FROM wins").rows() == [
            ([-800, 1600, -400, -400], [-700, 1500, -400, -400])]


def test_a_game_without_a_tenhou_header_is_stored_with_those_columns_null(tmp_path, monkeypatch):
    with ingest(tmp_path, monkeypatch, header=None) as st:
        row = st.sql("SELECT lobby_type, lobby, lobby_display, room, special_lobby, title, synthetic FROM games")
        assert row.rows() == [(None, None, None, None, None, None, False)]
        assert st.sql("SELECT count(*) FROM win_yaku").item() == 2


@pytest.fixture
def point_family():
    register(PointFamily())
    yield
    unregister(PointFamily.name)


def test_a_game_of_another_family_is_stored_through_its_hooks_only(tmp_path, monkeypatch, point_family):
    with ingest(tmp_path, monkeypatch, family="test-points", header=None) as st:
        assert st.sql("SELECT family, length, red_fives, open_tanyao FROM games").rows() == [
            ("test-points", None, None, None)]
        win = st.sql("SELECT seat, deal_in_seat, points, value_unit, value, derived_value, han, fu, "
                     '"limit", derived_han, dora FROM wins')
        assert win.rows() == [(1, None, 1500, "point", None, 1, None, None, None, None, None)]
        assert st.sql("SELECT derived, item_id, name, english, value FROM win_items").rows() == [
            (True, 1, "和", "a win", 1)]
        assert st.sql("SELECT count(*) FROM win_yaku").item() == 0  # riichi's yaku only
        assert st.sql("SELECT sum(amount) FROM payments WHERE reason = 'hand'").item() == 1500


class ColumnsStoreFacts(PointStoreFacts):
    def win_columns(self, log, win, derived):
        return {"han": 5, "pao_seat": win.from_who}


class ColumnsFamily(PointFamily):
    """A test family that states two of the wins table's family columns itself."""

    name = "test-columns"
    store = ColumnsStoreFacts()


def test_a_family_fills_the_wins_columns_its_win_columns_hook_gives(tmp_path, monkeypatch):
    register(ColumnsFamily())
    try:
        with ingest(tmp_path, monkeypatch, family="test-columns", header=None) as st:
            row = st.sql('SELECT han, pao_seat, fu, "limit", dora, derived_han FROM wins').rows()
            assert row == [(5, 1, None, None, None, None)]  # the rest stay NULL
    finally:
        unregister(ColumnsFamily.name)


def test_a_riichi_win_fills_the_riichi_columns_from_its_payload(tmp_path, monkeypatch):
    with ingest(tmp_path, monkeypatch) as st:
        row = st.sql('SELECT han, fu, "limit", yakuman_count, pao_seat, dora_indicators, derived_fu FROM wins')
        assert row.rows() == [(2, 20, 0, 0, None, [117], 20)]


def test_a_toy_family_game_is_stored_with_its_items_and_its_transfers(tmp_path):
    from tests.support import toy_family

    (tmp_path / "a.txt").write_bytes(toy_family.toy_log())
    toy_family.install()
    try:
        with Store() as st:
            s = st.ingest([tmp_path])
            assert (s.games_added, s.unreadable) == (1, 0)
            assert st.sql("SELECT family, rule_set, lobby_display FROM games").rows() == [("toy", "toy-4", None)]
            assert st.sql("SELECT seat, from_seat, value_unit, derived_value, han FROM wins ORDER BY round_index").rows() \
                == [(1, 0, "point", 1, None), (1, 1, "point", 1, None)]
            assert st.sql("SELECT count(*) FROM win_items JOIN games USING (game_id) "
                          "WHERE family = 'toy' AND derived").item() == 2
            pay = st.sql("SELECT round_index, payer, payee, reason, amount, recorded_amount FROM payments "
                         "ORDER BY 1, 2").rows()
            assert pay == [(0, 0, 1, "hand", 1, 1), (1, 0, 1, "hand", 1, 1), (1, 2, 1, "hand", 1, 1),
                           (1, 3, 1, "hand", 1, 1)]
    finally:
        toy_family.uninstall()
