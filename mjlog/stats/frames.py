"""The frames the statistics read, and the thin loader that fills them from a store.

Every function in :mod:`mjlog.stats` is a pure function of Polars frames with the
columns below; :func:`load_frames` is the only place that talks to a database, and it
does so through ``Store.sql`` alone (no duckdb import here). Each frame carries the
game's ``rule_set`` so that every statistic can be split by rule set (4p/3p,
hanchan/east); ``rounds`` also carries ``n_players`` and ``length``.

Selection (the ``WHERE`` of every query):

- ``synthetic``: ``"exclude"`` (default) drops games made by ``mjlog simulate``;
  ``"include"`` keeps them; ``"only"`` keeps only them; ``"auto"`` excludes them unless
  no other game matches, in which case it keeps them (for the demo database).
- ``include_truncated``: truncated games (a log that stops mid-game) are left out by
  default: they have no final placement, and keeping their rounds would mix samples.
- ``rule_set`` / ``room``: keep one rule set (e.g. ``tenhou-4p-south``) / one room
  (``ippan``, ``joukyuu``, ``tokujou``, ``houou``).
- ``special_lobbies``: keep games of special (custom-rule) lobbies (default False: their chips,
  uma and honba payments are not those of the standard rooms, so they are kept apart).

What the selection left out, game by game and with the reason, is ``StatFrames.excluded``; the
population the frames describe is :func:`mjlog.stats.population.describe`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from typing import Literal, Protocol

import polars as pl

SyntheticMode = Literal["exclude", "include", "only", "auto"]

#: The default grouping of every statistic.
GROUP: tuple[str, ...] = ("rule_set",)


class SqlSource(Protocol):
    """Anything with ``sql(query) -> polars.DataFrame`` (``mjlog.store.Store``)."""

    def sql(self, query: str) -> pl.DataFrame: ...


@dataclass(frozen=True, slots=True)
class StatFrames:
    """The rows the statistics are computed from (one frame per store table, selected games only).

    - ``games``: game_id, source, family, rule_set, n_players, length, room, lobby, lobby_type, special_lobby,
      game_date, game_hour, synthetic, truncated, n_rounds, first_dealer
    - ``players``: game_id, rule_set, seat, name, rank, rate (Tenhou's dan and rating at the game),
      final_score, placement, placement_points
    - ``rounds``: game_id, rule_set, n_players, length, round_index, kyoku, wind, honba, sticks, dealer,
      start_scores, end_scores, result, n_wins, draw_kind, n_riichi_declared, n_riichi, n_calls, complete
    - ``wins``: game_id, rule_set, round_index, win_index, seat, from_seat, deal_in_seat, tsumo, dealer,
      riichi, open_hand, han, fu (the replay's where the log records none), fu_derived, points, limit,
      yakuman_count, ura
    - ``win_yaku``: game_id, rule_set, round_index, win_index, yaku_id, han, yakuman
    - ``draws``: game_id, rule_set, round_index, kind, abortive, tenpai_seats
    - ``seat_events``: game_id, rule_set, round_index, seat, riichi_declared, riichi_accepted, calls
      (one row per seat that declared riichi or called in a round; calls = chi, pon, open kan)
    - ``payments``: game_id, rule_set, round_index, seat, reason, points (each seat's side of the
      store's payments, from the ``seat_payments`` view)
    - ``findings``: game_id, rule_set, source, finding_index, kind, severity, round_index, round_name, message
    - ``riichi_declarations``: game_id, rule_set, round_index, event_index, seat, turn, riichi_before,
      chasing, wait_kinds, wait_live, live_total, good_shape, dama_able, outcome, score_delta (one row per
      riichi declaration with its situation; riichi games only; ``docs/schema.md``)
    - ``win_situations``: game_id, rule_set, round_index, event_index, seat, turn, style, tsumo,
      deal_in_seat, deal_in_turn, deal_in_style, points (one row per win; every family's, the riichi
      sections select riichi games: ``StatFrames.of_families``)
    - ``draw_tenpai``: game_id, rule_set, round_index, event_index, seat, tenpai, style (every seat at a
      draw that ends the wall; riichi games only)
    - ``calls``: game_id, rule_set, round_index, event_index, seat, kind, turn, tile_kind, first_call,
      first_call_reason (one row per call, kita included; every family's)
    - ``excluded``: reason, rule_set, games: the games of the store the selection left out, by the
      first reason that excludes each (``synthetic``, ``truncated``, ``special lobby``, ``other rule set``,
      ``other room``, ``other player``)
    """

    games: pl.DataFrame
    players: pl.DataFrame
    rounds: pl.DataFrame
    wins: pl.DataFrame
    win_yaku: pl.DataFrame
    draws: pl.DataFrame
    seat_events: pl.DataFrame
    payments: pl.DataFrame
    findings: pl.DataFrame
    excluded: pl.DataFrame = field(default_factory=lambda: pl.DataFrame(schema=EXCLUDED_SCHEMA))
    riichi_declarations: pl.DataFrame = field(
        default_factory=lambda: pl.DataFrame(schema=RIICHI_DECLARATIONS_SCHEMA))
    win_situations: pl.DataFrame = field(default_factory=lambda: pl.DataFrame(schema=WIN_SITUATIONS_SCHEMA))
    draw_tenpai: pl.DataFrame = field(default_factory=lambda: pl.DataFrame(schema=DRAW_TENPAI_SCHEMA))
    calls: pl.DataFrame = field(default_factory=lambda: pl.DataFrame(schema=CALLS_SCHEMA))

    @property
    def n_games(self) -> int:
        """Number of selected games."""
        return self.games.height

    def only(self, rule_set: str) -> StatFrames:
        """The same frames restricted to one rule set (the games of other rule sets join ``excluded``)."""
        out = {f.name: _keep(getattr(self, f.name), pl.col("rule_set") == rule_set) for f in fields(self)}
        out["excluded"] = self._moved(self.games.filter(pl.col("rule_set") != rule_set), "other rule set",
                                      self.excluded)
        return StatFrames(**out)

    def only_games(self, keep: pl.Expr, reason: str) -> StatFrames:
        """The same frames restricted to the games for which ``keep`` (on ``games``) holds; the others
        join ``excluded`` under ``reason``."""
        ids = self.games.filter(keep).select("game_id")
        out = {f.name: (getattr(self, f.name).join(ids, on="game_id", how="semi")
                        if "game_id" in getattr(self, f.name).columns else getattr(self, f.name))
               for f in fields(self)}
        out["excluded"] = self._moved(self.games.join(ids, on="game_id", how="anti"), reason, self.excluded)
        return StatFrames(**out)

    def of_families(self, families: Sequence[str] | None) -> StatFrames:
        """The same frames restricted to the games of ``families`` (None: every family); the others
        join ``excluded`` as "other family"."""
        if families is None:
            return self
        return self.only_games(pl.col("family").is_in(list(families)), "other family")

    def auto_synthetic(self) -> StatFrames:
        """``synthetic="auto"`` within these frames: their synthetic games join ``excluded`` (as
        "synthetic") when they hold any real game, else all are kept. Applied after
        :meth:`of_families`, a family with only generated games keeps them beside another family's
        real ones (``load_frames``'s ``auto`` decides for the whole store)."""
        if not self.games.height or bool(self.games["synthetic"].all()):
            return self
        return self.only_games(~pl.col("synthetic"), "synthetic")

    @staticmethod
    def _moved(games: pl.DataFrame, reason: str, excluded: pl.DataFrame) -> pl.DataFrame:
        if games.height == 0:
            return excluded
        add = games.group_by("rule_set").agg(pl.len().cast(pl.Int64).alias("games")).select(
            pl.lit(reason).alias("reason"), "rule_set", "games")
        return pl.concat([excluded, add.cast(EXCLUDED_SCHEMA)]).sort("reason", "rule_set")


EXCLUDED_SCHEMA = {"reason": pl.String, "rule_set": pl.String, "games": pl.Int64}
#: The columns of ``StatFrames.riichi_declarations`` (an empty frame of them when none were loaded).
RIICHI_DECLARATIONS_SCHEMA = {
    "game_id": pl.String, "rule_set": pl.String, "round_index": pl.Int16, "event_index": pl.Int16,
    "seat": pl.Int8, "turn": pl.Int16, "riichi_before": pl.Int8, "chasing": pl.Boolean,
    "wait_kinds": pl.List(pl.Int8), "wait_live": pl.List(pl.Int8), "live_total": pl.Int16,
    "good_shape": pl.Boolean, "dama_able": pl.Boolean, "outcome": pl.String, "score_delta": pl.Int32,
}
_HAND_EVENT = {"game_id": pl.String, "rule_set": pl.String, "round_index": pl.Int16, "event_index": pl.Int16,
               "seat": pl.Int8}
#: The columns of ``StatFrames.win_situations``, ``draw_tenpai`` and ``calls`` (empty frames of them
#: when none were loaded).
WIN_SITUATIONS_SCHEMA = {
    **_HAND_EVENT, "turn": pl.Int16, "style": pl.String, "tsumo": pl.Boolean, "deal_in_seat": pl.Int8,
    "deal_in_turn": pl.Int16, "deal_in_style": pl.String, "points": pl.Int32,
}
DRAW_TENPAI_SCHEMA = {**_HAND_EVENT, "tenpai": pl.Boolean, "style": pl.String}
CALLS_SCHEMA = {
    **_HAND_EVENT, "kind": pl.String, "turn": pl.Int16, "tile_kind": pl.Int8, "first_call": pl.Boolean,
    "first_call_reason": pl.String,
}


def _keep(frame: pl.DataFrame, cond: pl.Expr) -> pl.DataFrame:
    return frame.filter(cond) if "rule_set" in frame.columns else frame


def _quote(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def game_filter(synthetic: SyntheticMode = "exclude", include_truncated: bool = False,
                rule_set: str | None = None, room: str | None = None, special_lobbies: bool = False) -> str:
    """The SQL condition on ``games g`` for a selection (``auto`` must be resolved first)."""
    conds = ["TRUE"]
    if synthetic == "exclude":
        conds.append("NOT g.synthetic")
    elif synthetic == "only":
        conds.append("g.synthetic")
    elif synthetic != "include":
        raise ValueError(f"synthetic must be exclude, include or only here, not {synthetic!r}")
    if not include_truncated:
        conds.append("NOT g.truncated")
    if rule_set is not None:
        conds.append(f"g.rule_set = {_quote(rule_set)}")
    if room is not None:
        conds.append(f"g.room = {_quote(room)}")
    if not special_lobbies:
        conds.append("NOT coalesce(g.special_lobby, FALSE)")
    return " AND ".join(conds)


def resolve_synthetic(db: SqlSource, synthetic: SyntheticMode, **selection: object) -> SyntheticMode:
    """``auto`` becomes ``exclude`` when some non-synthetic game matches the selection, else ``include``."""
    if synthetic != "auto":
        return synthetic
    cond = game_filter("exclude", **selection)  # type: ignore[arg-type]  # game_filter's keywords by name
    n = db.sql(f"SELECT count(*) AS n FROM games g WHERE {cond}")["n"][0]
    return "exclude" if n else "include"


_QUERIES = {
    "games": """SELECT g.game_id::VARCHAR AS game_id, g.source, g.family, g.rule_set, g.n_players, g.length, g.room,
        g.lobby, g.lobby_type, g.special_lobby, g.game_date, g.game_hour, g.synthetic, g.truncated, g.n_rounds,
        g.first_dealer FROM games g WHERE {cond}""",
    "players": """SELECT p.game_id::VARCHAR AS game_id, g.rule_set, p.seat, p.name, p.rank, p.rate, p.final_score,
        p.placement, p.placement_points FROM players p JOIN games g ON g.game_id = p.game_id WHERE {cond}""",
    "rounds": """SELECT r.game_id::VARCHAR AS game_id, g.rule_set, g.n_players, g.length, r.round_index, r.kyoku,
        r.wind, r.honba, r.sticks, r.dealer, r.start_scores, r.end_scores, r.result, r.n_wins, r.draw_kind,
        r.n_riichi_declared, r.n_riichi, r.n_calls, r.complete
        FROM rounds r JOIN games g ON g.game_id = r.game_id WHERE {cond}""",
    "wins": """SELECT w.game_id::VARCHAR AS game_id, g.rule_set, w.round_index, w.win_index, w.seat, w.from_seat,
        w.deal_in_seat, w.tsumo, w.dealer, w.riichi, w.open_hand, w.han, coalesce(w.fu, w.derived_fu) AS fu,
        w.fu IS NULL AS fu_derived, w.points, w."limit",
        w.yakuman_count, w.ura FROM wins w JOIN games g ON g.game_id = w.game_id WHERE {cond}""",
    "win_yaku": """SELECT y.game_id::VARCHAR AS game_id, g.rule_set, y.round_index, y.win_index, y.yaku_id, y.han,
        y.yakuman FROM win_yaku y JOIN games g ON g.game_id = y.game_id WHERE {cond}""",
    "draws": """SELECT d.game_id::VARCHAR AS game_id, g.rule_set, d.round_index, d.kind, d.abortive, d.tenpai_seats
        FROM draws d JOIN games g ON g.game_id = d.game_id WHERE {cond}""",
    "seat_events": """SELECT e.game_id::VARCHAR AS game_id, g.rule_set, e.round_index, e.seat,
        (count(*) FILTER (WHERE e.kind = 'riichi_declared'))::INTEGER AS riichi_declared,
        (count(*) FILTER (WHERE e.kind = 'riichi_accepted'))::INTEGER AS riichi_accepted,
        (count(*) FILTER (WHERE e.kind = 'call' AND e.call_kind IN ('chi', 'pon', 'daiminkan')))::INTEGER AS calls
        FROM events e JOIN games g ON g.game_id = e.game_id
        WHERE e.kind IN ('riichi_declared', 'riichi_accepted', 'call') AND {cond}
        GROUP BY ALL""",
    "payments": """SELECT p.game_id::VARCHAR AS game_id, g.rule_set, p.round_index, p.seat, p.reason, p.points
        FROM seat_payments p JOIN games g ON g.game_id = p.game_id WHERE {cond}""",
    "findings": """SELECT f.game_id::VARCHAR AS game_id, g.rule_set, g.source, f.finding_index, f.kind, f.severity,
        f.round_index, f.round_name, f.message FROM findings f JOIN games g ON g.game_id = f.game_id
        WHERE {cond}""",
    "riichi_declarations": """SELECT d.game_id::VARCHAR AS game_id, g.rule_set, d.round_index, d.event_index, d.seat,
        d.turn, d.riichi_before, d.chasing, d.wait_kinds, d.wait_live, d.live_total, d.good_shape, d.dama_able,
        d.outcome, d.score_delta FROM riichi_declarations d JOIN games g ON g.game_id = d.game_id WHERE {cond}""",
    "win_situations": """SELECT s.game_id::VARCHAR AS game_id, g.rule_set, s.round_index, s.event_index, s.seat,
        s.turn, s.style, s.tsumo, s.deal_in_seat, s.deal_in_turn, s.deal_in_style, s.points
        FROM win_situations s JOIN games g ON g.game_id = s.game_id WHERE {cond}""",
    "draw_tenpai": """SELECT t.game_id::VARCHAR AS game_id, g.rule_set, t.round_index, t.event_index, t.seat,
        t.tenpai, t.style FROM draw_tenpai t JOIN games g ON g.game_id = t.game_id WHERE {cond}""",
    "calls": """SELECT c.game_id::VARCHAR AS game_id, g.rule_set, c.round_index, c.event_index, c.seat, c.kind,
        c.turn, c.tile_kind, c.first_call, c.first_call_reason FROM calls c JOIN games g ON g.game_id = c.game_id
        WHERE {cond}""",
}

_ORDER = {
    "games": "game_id", "players": "game_id, seat", "rounds": "game_id, round_index",
    "wins": "game_id, round_index, win_index", "win_yaku": "game_id, round_index, win_index, yaku_id",
    "draws": "game_id, round_index", "seat_events": "game_id, round_index, seat",
    "payments": "game_id, round_index, seat, reason", "findings": "game_id, finding_index",
    "riichi_declarations": "game_id, round_index, event_index",
    "win_situations": "game_id, round_index, event_index", "draw_tenpai": "game_id, round_index, event_index, seat",
    "calls": "game_id, round_index, event_index",
}


def load_frames(db: SqlSource, synthetic: SyntheticMode = "exclude", include_truncated: bool = False,
                rule_set: str | None = None, room: str | None = None, special_lobbies: bool = False,
                tables: tuple[str, ...] | None = None) -> StatFrames:
    """Run one query per frame on ``db`` (a ``mjlog.store.Store``) for the selected games.

    ``tables`` limits which frames are queried (the others are empty frames), e.g.
    ``("games", "findings")`` for the audit report. See the module docstring for the selection.
    """
    sel = dict(include_truncated=include_truncated, rule_set=rule_set, room=room, special_lobbies=special_lobbies)
    mode = resolve_synthetic(db, synthetic, **sel)
    cond = game_filter(mode, **sel)  # type: ignore[arg-type]  # sel: game_filter's keywords by name
    out = {}
    for name, query in _QUERIES.items():
        if tables is not None and name not in tables:
            out[name] = pl.DataFrame()
            continue
        out[name] = db.sql(query.format(cond=cond) + f" ORDER BY {_ORDER[name]}")
    out["excluded"] = _excluded(db, mode, cond, **sel)  # type: ignore[arg-type]  # as above
    return StatFrames(**out)


def _excluded(db: SqlSource, synthetic: SyntheticMode, cond: str, include_truncated: bool,
              rule_set: str | None, room: str | None, special_lobbies: bool) -> pl.DataFrame:
    """The store's games outside the selection ``cond``, counted by the first reason that excludes each."""
    reasons = []
    if synthetic == "exclude":
        reasons.append(("synthetic", "g.synthetic"))
    elif synthetic == "only":
        reasons.append(("not synthetic", "NOT g.synthetic"))
    if not include_truncated:
        reasons.append(("truncated", "g.truncated"))
    if not special_lobbies:
        reasons.append(("special lobby", "coalesce(g.special_lobby, FALSE)"))
    if rule_set is not None:
        reasons.append(("other rule set", f"g.rule_set <> {_quote(rule_set)}"))
    if room is not None:
        reasons.append(("other room", f"g.room IS DISTINCT FROM {_quote(room)}"))
    case = " ".join(f"WHEN {c} THEN {_quote(r)}" for r, c in reasons) or "WHEN TRUE THEN 'other'"
    q = (f"SELECT CASE {case} ELSE 'other' END AS reason, g.rule_set, count(*)::BIGINT AS games "
         f"FROM games g WHERE NOT ({cond}) GROUP BY ALL ORDER BY reason, g.rule_set")
    return db.sql(q).cast(EXCLUDED_SCHEMA)  # type: ignore[arg-type]  # dtype classes: polars takes them, its stubs' dict type does not
