"""The Beijing sheet: fans, wild tiles, 燒莊 and 互包 over a store's Beijing games.

Every statistic is a pure function of :class:`BeijingFrames`; :func:`load_beijing_frames` fills
them from a store (``Store.sql`` only), Beijing games alone (``games.family = 'beijing'``).
Definitions:

- **fan per win**: the share of wins whose derived fan lines include the fan (the replay's
  lines, the scorer's reading with the most fan), with its 95 % Wilson interval.
- **wild win**: a win whose concealed tiles hold a wild tile (惠牌: the kind after the round's
  wild indicator, ``rounds.dora_indicator``). A wild win is **decided by wild tiles** when its
  tiles, every wild tile read as itself, are no complete hand (four sets and a pair, or seven
  pairs without calls): the wild tiles made the win. 四惠牌 is decided by wild tiles.
- **燒莊 hand**: a complete hand with a ``burn`` payment; its **cost to the dealer** is the sum of
  the dealer's ``burn`` payments (on wins and, under ``burn_on_draw``, on draws).
- **互包 hand**: a hand in which some pair of seats reached three claims (chi or pon; in both
  directions under the rule set's ``mutual_both_ways``), counted from the ``events`` table's calls
  with :func:`mjlog.rules.beijing.settlement.mutual_pairs`. A **互包 win** is a win paid by a
  partner (``mutual`` payments); **who pays** splits those payments: on a discard the partner
  who dealt in, on a discard the partner instead of the discarder, on a self-draw the partner
  instead of the three others.
"""

from __future__ import annotations

from dataclasses import dataclass

import polars as pl

from mjlog.rules.beijing.readings import wild_kind
from mjlog.rules.beijing.ruleset import PRESETS
from mjlog.rules.beijing.settlement import mutual_pairs
from mjlog.rules.beijing.wildshanten import wild_shanten
from mjlog.stats.frames import SqlSource, SyntheticMode
from mjlog.stats.family_sheet import SheetFrames, by_rule_set, family_frames, join_all, rate, section_tables
from mjlog.stats.intervals import Z95, wilson_exprs
from mjlog.stats.text_tables import Table, format_tables, terminal_width

FAMILY = "beijing"
PAIRS_FANS = ("七對子", "豪華七對子")


@dataclass(frozen=True, slots=True)
class BeijingFrames:
    """The rows of the Beijing sheet (selected Beijing games only).

    - ``rounds``: game_id, rule_set, round_index, dealer, wild_indicator, result, complete
    - ``wins``: game_id, rule_set, round_index, win_index, seat, from_seat, tsumo, dealer, open_hand,
      hand, win_tile, value (the derived fan total)
    - ``fans``: game_id, rule_set, round_index, win_index, name, english, value (derived fan lines)
    - ``payments``: game_id, rule_set, round_index, result_index, payer, payee, reason, amount
    - ``claims``: game_id, rule_set, round_index, event_index, seat, from_seat (chi and pon)
    """

    rounds: pl.DataFrame
    wins: pl.DataFrame
    fans: pl.DataFrame
    payments: pl.DataFrame
    claims: pl.DataFrame

    @property
    def n_rounds(self) -> int:
        return self.rounds.height


_QUERIES = {
    "rounds": """SELECT r.game_id::VARCHAR AS game_id, g.rule_set, r.round_index, r.dealer,
        r.dora_indicator AS wild_indicator, r.result, r.complete
        FROM rounds r JOIN games g ON g.game_id = r.game_id WHERE {cond} ORDER BY 1, 3""",
    "wins": """SELECT w.game_id::VARCHAR AS game_id, g.rule_set, w.round_index, w.win_index, w.seat, w.from_seat,
        w.tsumo, w.dealer, w.open_hand, w.hand, w.win_tile, w.derived_value AS value
        FROM wins w JOIN games g ON g.game_id = w.game_id WHERE {cond} ORDER BY 1, 3, 4""",
    "fans": """SELECT i.game_id::VARCHAR AS game_id, g.rule_set, i.round_index, i.win_index, i.name::VARCHAR AS name,
        i.english::VARCHAR AS english, i.value FROM win_items i JOIN games g ON g.game_id = i.game_id
        WHERE i.derived AND {cond} ORDER BY 1, 3, 4, i.item_order""",
    "payments": """SELECT p.game_id::VARCHAR AS game_id, g.rule_set, p.round_index, p.result_index, p.payer,
        p.payee, p.reason::VARCHAR AS reason, p.amount FROM payments p JOIN games g ON g.game_id = p.game_id
        WHERE {cond} ORDER BY 1, 3, 4""",
    "claims": """SELECT e.game_id::VARCHAR AS game_id, g.rule_set, e.round_index, e.event_index, e.seat,
        e.from_seat FROM events e JOIN games g ON g.game_id = e.game_id
        WHERE e.kind = 'call' AND e.call_kind IN ('chi', 'pon') AND {cond} ORDER BY 1, 3, 4""",
}


def load_beijing_frames(db: SqlSource, synthetic: SyntheticMode = "include", include_truncated: bool = False,
                        rule_set: str | None = None) -> BeijingFrames:
    """The Beijing games of ``db`` (a ``mjlog.store.Store``) as frames; synthetic games kept by default
    (every Beijing game so far is one)."""
    return BeijingFrames(**family_frames(db, FAMILY, _QUERIES, synthetic, include_truncated, rule_set))


def _complete(rounds: pl.DataFrame) -> pl.DataFrame:
    return rounds.filter(pl.col("complete"))


# -- fans ---------------------------------------------------------------------------------------------


def fan_frequency(frames: BeijingFrames, z: float = Z95) -> pl.DataFrame:
    """Per rule set and fan: ``wins_with`` (wins listing it), ``wins``, ``share`` and its Wilson ``lo``, ``hi``."""
    wk = ["game_id", "round_index", "win_index"]
    totals = by_rule_set(frames.wins, "wins")
    counts = (frames.fans.unique([*wk, "name", "english"]).group_by("rule_set", "name", "english")
              .agg(pl.len().cast(pl.Int64).alias("wins_with")))
    out = counts.join(totals, on="rule_set", how="left")
    out = out.with_columns((pl.col("wins_with") / pl.col("wins")).alias("share"), *wilson_exprs("wins_with", "wins", z))
    return out.sort(["rule_set", "share", "name"], descending=[False, True, False])


def fan_total_distribution(frames: BeijingFrames) -> pl.DataFrame:
    """Per rule set and hand value F (``value``, the derived fan total): ``wins``, then ``share``."""
    out = frames.wins.group_by("rule_set", "value").agg(pl.len().cast(pl.Int64).alias("wins"))
    return out.with_columns((pl.col("wins") / pl.col("wins").sum().over("rule_set")).alias("share")).sort(
        "rule_set", "value")


# -- wild tiles ---------------------------------------------------------------------------------------


def _wild_facts(hand: list[int], wild: int) -> tuple[int, bool]:
    """(wild tiles among the concealed ``hand``, whether the hand needs them: no win with them as themselves)."""
    counts = [0] * 34
    for t in hand:
        counts[t >> 2] += 1
    wilds = counts[wild]
    if not wilds:
        return 0, False
    melds = (14 - len(hand)) // 3
    return wilds, wilds == 4 or wild_shanten(counts, 0, melds) != -1


def win_wilds(frames: BeijingFrames) -> pl.DataFrame:
    """Per win: the keys, rule set, ``wilds`` (wild tiles in the concealed hand) and ``decided``
    (the wild tiles made the win, see the module docstring)."""
    key = ["game_id", "round_index"]
    w = frames.wins.join(frames.rounds.select(*key, "wild_indicator"), on=key, how="left")
    wilds, decided = [], []
    for hand, ind in zip(w["hand"].to_list(), w["wild_indicator"].to_list()):
        n, d = _wild_facts(hand or [], wild_kind(ind >> 2)) if ind is not None else (0, False)
        wilds.append(n)
        decided.append(d)
    return w.select(*key, "win_index", "rule_set", "seat").with_columns(
        pl.Series("wilds", wilds, pl.Int64), pl.Series("decided", decided, pl.Boolean))


def wild_stats(frames: BeijingFrames) -> pl.DataFrame:
    """Per rule set: ``wins``, ``wild_wins`` (a wild tile in hand), ``decided`` (the wild tiles made the
    win), ``three_wild`` and ``four_wild`` wins; then ``wild_share`` and ``decided_share`` of all wins."""
    w = win_wilds(frames)
    out = w.group_by("rule_set").agg(
        pl.len().cast(pl.Int64).alias("wins"),
        (pl.col("wilds") > 0).sum().cast(pl.Int64).alias("wild_wins"),
        pl.col("decided").sum().cast(pl.Int64).alias("decided"),
        (pl.col("wilds") == 3).sum().cast(pl.Int64).alias("three_wild"),
        (pl.col("wilds") == 4).sum().cast(pl.Int64).alias("four_wild"),
    ).sort("rule_set")
    return out.with_columns(rate("wild_wins", "wins", "wild_share"), rate("decided", "wins", "decided_share"))


# -- 燒莊 -----------------------------------------------------------------------------------------------


def burn_stats(frames: BeijingFrames) -> pl.DataFrame:
    """Per rule set: ``hands`` (complete), ``burn_hands`` (with a 燒莊 payment), ``burn_on_draw`` (of them,
    ended in an exhaustive draw), ``dealer_cost`` (points the dealers paid for 燒莊); then ``burn_rate``
    (burn hands / hands), ``cost_per_burn`` and ``cost_per_hand`` (dealer points per burn hand / per hand)."""
    key = ["game_id", "round_index"]
    r = _complete(frames.rounds)
    burn = (frames.payments.filter(pl.col("reason") == "burn").join(r.select(*key, "dealer", "result"), on=key)
            .filter(pl.col("payer") == pl.col("dealer")))
    per_hand = burn.group_by("rule_set", *key).agg(pl.col("amount").sum().alias("cost"),
                                                   pl.col("result").first().alias("result"))
    out = join_all([
        by_rule_set(r, "hands"),
        by_rule_set(per_hand, "burn_hands"),
        by_rule_set(per_hand, "burn_on_draw", (pl.col("result") == "draw").sum()),
        by_rule_set(per_hand, "dealer_cost", pl.col("cost").sum()),
    ])
    return out.with_columns(rate("burn_hands", "hands", "burn_rate"), rate("dealer_cost", "burn_hands", "cost_per_burn"),
                            rate("dealer_cost", "hands", "cost_per_hand"))


# -- 互包 -----------------------------------------------------------------------------------------------


def mutual_hands(frames: BeijingFrames) -> pl.DataFrame:
    """Per hand with a 互包 pair: the keys, rule set and ``pairs`` (how many pairs formed)."""
    rows: dict[tuple[str, str, int], list[tuple[int, int]]] = {}
    c = frames.claims
    for gid, rs, ri, seat, frm in zip(c["game_id"].to_list(), c["rule_set"].to_list(), c["round_index"].to_list(),
                                      c["seat"].to_list(), c["from_seat"].to_list()):
        if frm is not None:
            rows.setdefault((gid, rs, ri), []).append((seat, frm))
    out = []
    for (gid, rs, ri), claimed in rows.items():
        both = getattr(PRESETS.get(rs.removesuffix("+custom")), "mutual_both_ways", False)
        n = len(mutual_pairs(claimed, both))
        if n:
            out.append((gid, rs, ri, n))
    return pl.DataFrame(out, schema={"game_id": pl.String, "rule_set": pl.String, "round_index": pl.Int64,
                                     "pairs": pl.Int64}, orient="row")


MUTUAL_CASES = ("discard: the partner dealt in", "discard: the partner pays for the discarder",
                "self-draw: the partner pays for the three")


def mutual_payers(frames: BeijingFrames) -> pl.DataFrame:
    """Per rule set and case (who pays a 互包 win: :data:`MUTUAL_CASES`): ``payments``, ``points``."""
    key = ["game_id", "round_index", "result_index"]
    w = frames.wins.with_columns(pl.col("win_index").alias("result_index"))
    m = frames.payments.filter(pl.col("reason") == "mutual").join(
        w.select("game_id", "round_index", "seat", "from_seat", "tsumo"),
        left_on=["game_id", "round_index", "payee"], right_on=["game_id", "round_index", "seat"], how="left")
    m = m.unique([*key, "payer", "payee"]).with_columns(
        pl.when(pl.col("tsumo")).then(pl.lit(MUTUAL_CASES[2]))
        .when(pl.col("from_seat") == pl.col("payer")).then(pl.lit(MUTUAL_CASES[0]))
        .otherwise(pl.lit(MUTUAL_CASES[1])).alias("case"))
    return m.group_by("rule_set", "case").agg(pl.len().cast(pl.Int64).alias("payments"),
                                              pl.col("amount").sum().cast(pl.Int64).alias("points")).sort("rule_set", "case")


def mutual_stats(frames: BeijingFrames) -> pl.DataFrame:
    """Per rule set: ``hands``, ``mutual_hands`` (a 互包 pair formed), ``mutual_wins`` (wins a partner paid),
    ``mutual_points`` (what partners paid); then ``mutual_rate`` (mutual hands / hands)."""
    pay = frames.payments.filter(pl.col("reason") == "mutual")
    wins = pay.unique(["game_id", "round_index", "result_index", "payee"])
    out = join_all([
        by_rule_set(_complete(frames.rounds), "hands"),
        by_rule_set(mutual_hands(frames), "mutual_hands"),
        by_rule_set(wins, "mutual_wins"),
        by_rule_set(pay, "mutual_points", pl.col("amount").sum()),
    ])
    return out.with_columns(rate("mutual_hands", "hands", "mutual_rate"))


# -- the sheet ----------------------------------------------------------------------------------------


def beijing_counts(frames: BeijingFrames) -> pl.DataFrame:
    """Per rule set: ``games``, ``hands``, ``wins``, ``seven_pairs`` (七對子 or 豪華七對子 wins),
    ``wild_wins``, ``burn_hands`` (燒莊) and ``mutual_hands`` (互包)."""
    wk = ["game_id", "round_index", "win_index"]
    pairs = frames.fans.filter(pl.col("name").is_in(PAIRS_FANS)).unique(wk)
    wild = wild_stats(frames).select("rule_set", "wild_wins")
    return join_all([
        by_rule_set(frames.rounds, "games", pl.col("game_id").n_unique()),
        by_rule_set(_complete(frames.rounds), "hands"),
        by_rule_set(frames.wins, "wins"),
        by_rule_set(pairs, "seven_pairs"),
        wild,
        burn_stats(frames).select("rule_set", "burn_hands"),
        mutual_stats(frames).select("rule_set", "mutual_hands"),
    ])


@dataclass(frozen=True, slots=True)
class BeijingSheet(SheetFrames):
    """The Beijing sheet: one frame per table."""

    counts: pl.DataFrame
    fans: pl.DataFrame
    fan_totals: pl.DataFrame
    wilds: pl.DataFrame
    burn: pl.DataFrame
    mutual: pl.DataFrame
    mutual_payers: pl.DataFrame


def beijing_sheet(frames: BeijingFrames) -> BeijingSheet:
    """Every table of the Beijing sheet."""
    return BeijingSheet(beijing_counts(frames), fan_frequency(frames), fan_total_distribution(frames),
                        wild_stats(frames), burn_stats(frames), mutual_stats(frames), mutual_payers(frames))


_TITLES = {
    "counts": "Beijing: games, hands, wins, seven pairs, wild-tile wins, 燒莊 hands, 互包 hands",
    "fans": "Beijing fans per win (share of wins listing the fan, 95 % Wilson interval)",
    "fan_totals": "Beijing hand value F (fan total) of wins",
    "wilds": "Beijing wild tiles: wins holding one, and wins the wild tiles decided",
    "burn": "Beijing 燒莊: hands with the side payment and its cost to the dealer (points)",
    "mutual": "Beijing 互包: hands where a pair formed, wins a partner paid",
    "mutual_payers": "Beijing 互包: who pays",
}


def beijing_tables(sheet: BeijingSheet) -> list[Table]:
    """Every table of the Beijing sheet, titled."""
    return [Table(name, _TITLES[name], frame) for name, frame in sheet.items()]


def format_beijing(sheet: BeijingSheet, max_rows: int = 20, width: int | None = None) -> str:
    """The Beijing sheet as text no wider than ``width`` (default: the terminal's): a title line and a
    table per section."""
    return format_tables(beijing_tables(sheet), width or terminal_width(), max_rows)


__all__ = ["BeijingFrames", "BeijingSheet", "MUTUAL_CASES", "beijing_counts", "beijing_section", "beijing_section_tables",
           "beijing_sheet", "beijing_tables", "burn_stats", "fan_frequency", "fan_total_distribution", "format_beijing",
           "load_beijing_frames", "mutual_hands", "mutual_payers", "mutual_stats", "win_wilds", "wild_stats"]


def beijing_section_tables(db: SqlSource, synthetic: SyntheticMode = "include", include_truncated: bool = False,
                           rule_set: str | None = None) -> list[Table]:
    """The Beijing sheet's tables for the selected games of ``db``; none when none is a Beijing game."""
    return section_tables(db, FAMILY, load_beijing_frames, lambda frames: beijing_tables(beijing_sheet(frames)),
                          synthetic, include_truncated, rule_set)


def beijing_section(db: SqlSource, synthetic: SyntheticMode = "include", include_truncated: bool = False,
                    rule_set: str | None = None, max_rows: int = 20) -> str | None:
    """The Beijing sheet as text for the selected games of ``db``, or None when none is a Beijing game."""
    tables = beijing_section_tables(db, synthetic, include_truncated, rule_set)
    return format_tables(tables, terminal_width(), max_rows) if tables else None
