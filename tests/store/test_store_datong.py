"""Datong games in the store: each win's hand types as items, recorded and derived, its multiplier as
its value (a product, not the items' sum), and every payment of the hand as a transfer with its reason."""

from __future__ import annotations

from mjlog.batch.simulate import simulate
from mjlog.formats.datong.xml import write_datong_xml
from mjlog.rules.datong.ruleset import PRESETS
from mjlog.store import Store
from tests.support.datong_games import head_bump_hand
from tests.support.datongbuild import GameBuilder
from tests.support.paths import SAMPLE


def _flush_with_a_middle_wait() -> bytes:
    """East (the dealer) self-draws 5m into 111 234 456 789 99m: 坎和 (x1) and 清一色 (x2), so x2."""
    g = GameBuilder()
    h = g.hand(["1112344678999m", "", "", ""])
    h.draw(0, "5m")
    h.win(0)
    return write_datong_xml(g.log())


def test_a_datong_win_is_stored_with_its_types_and_its_multiplier_as_value(tmp_path):
    (tmp_path / "a.xml").write_bytes(_flush_with_a_middle_wait())
    with Store() as st:
        assert st.ingest([tmp_path]).games_added == 1
        assert st.sql("SELECT family FROM games").item() == "datong"
        assert st.sql("SELECT value, derived_value, value_unit, tsumo, dealer FROM wins").rows() \
            == [(2, 2, "multiplier", True, True)]
        items = st.sql("SELECT derived, item_id, name, value FROM win_items ORDER BY derived, item_order").rows()
        assert items == [(False, 2, "坎和", 1), (False, 5, "清一色", 2), (True, 2, "坎和", 1), (True, 5, "清一色", 2)]
        pay = st.sql("SELECT payer, payee, reason, amount, recorded_amount FROM payments ORDER BY reason, payer").rows()
        assert pay == [(1, 0, "dealer", 10, 10), (2, 0, "dealer", 10, 10), (3, 0, "dealer", 10, 10),
                       (1, 0, "hand", 40, 40), (2, 0, "hand", 40, 40), (3, 0, "hand", 40, 40)]


def test_simulated_datong_games_store_every_payment_reason_and_the_kans_of_draws(tmp_path):
    simulate(6, PRESETS["datong"], seed=1, out_dir=tmp_path, progress=False)
    with Store() as st:
        assert st.ingest([tmp_path]).games_added == 6
        reasons = dict(st.sql("SELECT reason, count(*) FROM payments GROUP BY reason").rows())
        assert {"hand", "dealer", "kan"} <= set(reasons)
        assert st.sql("SELECT count(*) FROM payments WHERE recorded_amount IS NULL").item() == 0
        # each seat's payments, received less paid, are its score changes over the hands
        for seat in range(4):
            net = st.sql(f"SELECT coalesce(sum(amount) FILTER (WHERE payee = {seat}), 0) - "
                         f"coalesce(sum(amount) FILTER (WHERE payer = {seat}), 0) FROM payments").item()
            assert net == st.sql(f"SELECT sum(end_scores[{seat + 1}] - start_scores[{seat + 1}]) FROM rounds").item()
        assert st.sql("SELECT count(*) FROM wins WHERE value IS NULL OR derived_value IS NULL").item() == 0


def test_a_datong_win_stores_the_seats_that_claimed_its_discard(tmp_path):
    """A head-bump: South and West both claim East's 4m; South, first in turn order, wins, West's claim is lost."""
    (tmp_path / "bump.xml").write_bytes(write_datong_xml(head_bump_hand((1, 2), 1)))
    (tmp_path / "tsumo.xml").write_bytes(_flush_with_a_middle_wait())
    with Store() as st:
        assert st.ingest([tmp_path]).games_added == 2
        rows = st.sql("SELECT seat, tsumo, claimants FROM wins ORDER BY tsumo").rows()
        assert rows == [(1, False, [1, 2]), (0, True, [0])]


def test_a_win_of_a_family_without_claims_stores_no_claimants(tmp_path):
    sample = sorted(SAMPLE.glob("sim-tenhou-*.xml"))[0]
    (tmp_path / "riichi.xml").write_bytes(sample.read_bytes())
    with Store() as st:
        assert st.ingest([tmp_path]).games_added == 1
        claimants = st.sql("SELECT claimants FROM wins").rows()
        assert claimants and {r[0] for r in claimants} == {None}


def test_a_leave_of_the_table_is_stored_as_its_event_and_its_payment(tmp_path):
    from tests.support.datong_games import leave_game

    (tmp_path / "leave.xml").write_bytes(write_datong_xml(leave_game("pot")))
    with Store() as st:
        assert st.ingest([tmp_path]).games_added == 1
        assert st.sql("SELECT round_index, seat FROM events WHERE kind = 'leave_table' ORDER BY round_index").rows() \
            == [(0, 2), (1, 3)]
        assert st.sql("SELECT round_index, payer, payee, amount, recorded_amount FROM payments WHERE reason = 'leave' "
                      "ORDER BY round_index").rows() == [(0, 2, None, 80, 80), (1, 3, None, 80, 80)]
