"""The situations of the families without riichi (Beijing, MCR, Datong): each family's own section of
wins by the winner's style (concealed or open) and turn band, deal-ins by the hand they fed and their
value, calls by kind, and Datong's head-bump.

Every table is a pure function of :class:`SituationFrames`; :func:`load_situation_frames` fills them
from a store (``Store.sql`` only) with one family's games alone (``games.family``). The units are the
store's ``win_situations`` and ``calls`` rows of complete hands (``docs/schema.md``; the rules in
``docs/statistics.md``), per rule set, with 95 % intervals clustered by game and by the unit's player
where players repeat (:mod:`mjlog.stats.clustered`), as the riichi sections
(:mod:`mjlog.stats.hand_situations`, whose ``shares``, ``rates`` and ``means`` these use):

- **wins by style**: each style's share of the wins, its self-draw rate, mean turn and mean value
  (``wins.derived_value``: fan for Beijing and MCR, the multiplier for Datong);
- **wins by turn**: within a style, each turn band's share (turn = the winner's discards, +1 for a
  self-draw);
- **deal-ins by target**: a deal-in is a win on a discard (or a robbed kan), its target the winner's
  style; each target's share of the deal-ins and the mean value the discarder fed;
- **calls by kind**: each kind's share of the calls, and the mean turn it is made in;
- **first calls by reason** (MCR, ``calls.first_call_reason``): the share of the hands' first calls
  that are a pung or melded kong scoring 2 fan by itself (``dragon_wind_pung``), the rest ``other``;
- **head-bump** (Datong, ``wins.claimants``): of the wins on a discard, the share claimed by more than
  one seat, and of those, which claimant won by turn order from the discarder (1st = the next seat).

A player's report has each family's part where the player sits in its games (:func:`player_situations`):
the first four tables for the player's units alone, clustered by game, beside the population's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import polars as pl

from mjlog.rules.family import family as rule_family
from mjlog.stats.clustered import join_intervals, with_player
from mjlog.stats.frames import SqlSource, StatFrames, SyntheticMode, game_filter, resolve_synthetic
from mjlog.stats.hand_situations import BANDS, GAME_ONLY, beside, means, rates, shares
from mjlog.stats.situations import turn_band
from mjlog.stats.text_tables import Table

#: The families with these sections (their hands' value counts in the family's ``value_unit``).
FAMILIES = ("beijing", "mcr", "datong")
#: The styles of a hand in these families, in the order the tables list them.
STYLES = ("concealed", "open")
#: The call kinds in the order the tables list them.
CALL_KINDS = ("chi", "pon", "daiminkan", "kakan", "ankan")
#: MCR's first-call reasons in the order the table lists them (a first call with none is ``other``).
FIRST_CALL_REASONS = ("dragon_wind_pung", "other")
#: The claimants' places in turn order from the discarder (1st: the seat after it).
PLACES = ("1st", "2nd", "3rd")
_KEYS = ["rule_set"]
_BOTH = ("game_id", "player")


@dataclass(frozen=True, slots=True)
class SituationFrames:
    """One family's situation rows (selected games, complete hands only).

    - ``wins``: game_id, rule_set, round_index, event_index, seat, turn, style, tsumo, deal_in_seat,
      value (``wins.derived_value``), from_seat, claimants
    - ``calls``: game_id, rule_set, round_index, event_index, seat, kind, turn, first_call, first_call_reason
    - ``players``: game_id, seat, name
    """

    family: str
    wins: pl.DataFrame
    calls: pl.DataFrame
    players: pl.DataFrame

    @property
    def empty(self) -> bool:
        return self.wins.height == 0 and self.calls.height == 0

    def within(self, games: pl.DataFrame) -> SituationFrames:
        """The same rows restricted to the games whose ``game_id`` is in ``games``."""
        ids = games.select(pl.col("game_id").cast(pl.String)).unique()
        return SituationFrames(self.family, *(getattr(self, f).join(ids, on="game_id", how="semi")
                                              for f in ("wins", "calls", "players")))


_DONE = """JOIN rounds r ON r.game_id = {t}.game_id AND r.round_index = {t}.round_index AND r.complete
        JOIN games g ON g.game_id = {t}.game_id WHERE {cond}"""
_QUERIES = {
    "wins": """SELECT s.game_id::VARCHAR AS game_id, g.rule_set, s.round_index, s.event_index, s.seat, s.turn,
        s.style, s.tsumo, s.deal_in_seat, w.derived_value AS value, w.from_seat, w.claimants
        FROM win_situations s JOIN wins w ON w.game_id = s.game_id AND w.round_index = s.round_index
        AND w.event_index = s.event_index """ + _DONE.replace("{t}", "s") + " ORDER BY 1, 3, 4",
    "calls": """SELECT c.game_id::VARCHAR AS game_id, g.rule_set, c.round_index, c.event_index, c.seat, c.kind,
        c.turn, c.first_call, c.first_call_reason FROM calls c """ + _DONE.replace("{t}", "c") + " ORDER BY 1, 3, 4",
    "players": """SELECT p.game_id::VARCHAR AS game_id, p.seat, p.name FROM players p JOIN games g
        ON g.game_id = p.game_id WHERE {cond}""",
}


def load_situation_frames(db: SqlSource, family: str, synthetic: SyntheticMode = "include",
                          include_truncated: bool = False, rule_set: str | None = None) -> SituationFrames:
    """The situation rows of ``family``'s selected games of ``db`` (a ``mjlog.store.Store``)."""
    if family not in FAMILIES:
        raise ValueError(f"no situation section for family {family!r}; one of {', '.join(FAMILIES)}")
    sel = dict(include_truncated=include_truncated, rule_set=rule_set)
    mode = resolve_synthetic(db, synthetic, **sel)
    cond = game_filter(mode, **sel) + f" AND g.family = '{family}'"  # type: ignore[arg-type]  # sel: game_filter's keywords by name
    return SituationFrames(family, **{name: db.sql(q.format(cond=cond)) for name, q in _QUERIES.items()})


def selected_situation_frames(db: SqlSource, frames: StatFrames) -> list[SituationFrames]:
    """The situation rows of each family of :data:`FAMILIES` that has a game in ``frames`` (a selection of
    ``db``), of exactly those games, in the order of :data:`FAMILIES`."""
    present = set(frames.games["family"].to_list()) if "family" in frames.games.columns else set()
    return [load_situation_frames(db, family, "include", include_truncated=True).within(frames.games)
            for family in FAMILIES if family in present]


def _order(frame: pl.DataFrame, col: str, order: tuple[str, ...], within: tuple[str, ...] = ()) -> pl.DataFrame:
    rank = {v: i for i, v in enumerate(order)}
    return frame.sort([*_KEYS, *within, pl.col(col).replace_strict(rank, default=len(rank), return_dtype=pl.Int64)])


def _units(frame: pl.DataFrame, players: pl.DataFrame, seat: str, player: str | None) -> pl.DataFrame:
    """``frame`` with each unit's ``player`` (the one in ``seat``); ``player``'s units alone when given."""
    u = with_player(frame, players, seat)
    if player is None:
        return u
    return u.filter(pl.col("player") == player) if "player" in u.columns else u.clear()


def wins_by_style(frames: SituationFrames, clusters: Sequence[str] = _BOTH, player: str | None = None) -> pl.DataFrame:
    """Per rule set and ``style``: ``wins``, ``share`` (of the wins), ``tsumo_rate``, ``mean_turn`` and
    ``mean_value``, each share, rate and value with its interval clustered by ``clusters`` (``player``:
    that player's wins alone)."""
    u = _units(frames.wins, frames.players, "seat", player)
    k = [*_KEYS, "style"]
    out = shares(u, _KEYS, "style", clusters=clusters).rename({"count": "wins"})
    out = out.join(rates(u, k, "tsumo", "tsumo_rate", clusters), on=k, how="left")
    out = out.join(means(u, k, "turn", "mean_turn", clusters).drop("mean_turn_lo", "mean_turn_hi"), on=k, how="left")
    out = out.join(means(u, k, "value", "mean_value", clusters), on=k, how="left")
    return _order(out, "style", STYLES)


def wins_by_turn(frames: SituationFrames, clusters: Sequence[str] = _BOTH, player: str | None = None) -> pl.DataFrame:
    """Per rule set, ``style`` and ``turn`` band: ``wins`` and ``share`` (of the style's wins) with its
    interval clustered by ``clusters`` (``player``: that player's wins alone)."""
    u = _units(frames.wins.with_columns(turn_band()), frames.players, "seat", player)
    out = shares(u, [*_KEYS, "style"], "turn", clusters=clusters).rename({"count": "wins"})
    rank = {v: i for i, v in enumerate((*STYLES, *BANDS))}
    return out.sort([*_KEYS, *(pl.col(c).replace_strict(rank, default=len(rank), return_dtype=pl.Int64)
                               for c in ("style", "turn"))])


def deal_ins_by_target(frames: SituationFrames, clusters: Sequence[str] = _BOTH,
                       player: str | None = None) -> pl.DataFrame:
    """Per rule set and ``target`` (the winner's style): ``deal_ins``, ``share`` and ``mean_value`` (what the
    discarder fed) with their intervals clustered by ``clusters``, the unit's player being the discarder
    (``player``: that player's deal-ins alone)."""
    d = frames.wins.filter(pl.col("deal_in_seat").is_not_null()).with_columns(pl.col("style").alias("target"))
    u = _units(d, frames.players, "deal_in_seat", player)
    out = shares(u, _KEYS, "target", clusters=clusters).rename({"count": "deal_ins"})
    out = out.join(means(u, [*_KEYS, "target"], "value", "mean_value", clusters), on=[*_KEYS, "target"], how="left")
    return _order(out, "target", STYLES)


def calls_by_kind(frames: SituationFrames, clusters: Sequence[str] = _BOTH, player: str | None = None) -> pl.DataFrame:
    """Per rule set and call ``kind``: ``calls``, ``share`` (of the calls) with its interval clustered by
    ``clusters``, ``mean_turn`` (``player``: that player's calls alone)."""
    u = _units(frames.calls, frames.players, "seat", player)
    out = shares(u, _KEYS, "kind", clusters=clusters).rename({"count": "calls"})
    turn = u.group_by([*_KEYS, "kind"]).agg(pl.col("turn").cast(pl.Float64).mean().alias("mean_turn"))
    return _order(out.join(turn, on=[*_KEYS, "kind"], how="left"), "kind", CALL_KINDS)


def first_calls_by_reason(frames: SituationFrames, clusters: Sequence[str] = _BOTH,
                          player: str | None = None) -> pl.DataFrame:
    """Per rule set and ``reason`` (:data:`FIRST_CALL_REASONS`) of the hands' first calls: ``first_calls``
    and ``share`` with its interval clustered by ``clusters`` (``player``: that player's first calls)."""
    firsts = frames.calls.filter(pl.col("first_call")).with_columns(
        pl.col("first_call_reason").fill_null(FIRST_CALL_REASONS[-1]).alias("reason"))
    out = shares(_units(firsts, frames.players, "seat", player), _KEYS, "reason", clusters=clusters)
    return _order(out.rename({"count": "first_calls"}), "reason", FIRST_CALL_REASONS)


def head_bump(frames: SituationFrames) -> pl.DataFrame:
    """Per rule set: ``discard_wins`` (with recorded claimants), ``contested`` (claimed by more than one
    seat), ``share`` of contested wins with its interval, and ``won_by_first`` (contested wins that the
    first claimant in turn order from the discarder took, as head-bump says)."""
    u = _places(frames)
    out = u.group_by(_KEYS).agg(pl.len().cast(pl.Int64).alias("discard_wins"),
                                pl.col("contested").sum().cast(pl.Int64).alias("contested"),
                                (pl.col("contested").cast(pl.Boolean) & (pl.col("place") == 1)).sum()
                                .cast(pl.Int64).alias("won_by_first"))
    out = out.with_columns((pl.col("contested") / pl.col("discard_wins")).alias("share"))
    out = join_intervals(out, u, _KEYS, "contested", "_one", "share", _BOTH)
    return out.select(*_KEYS, "discard_wins", "contested", "share", "share_lo", "share_hi", "won_by_first").sort(_KEYS)


def head_bump_order(frames: SituationFrames) -> pl.DataFrame:
    """Per rule set and ``winner`` (the winner's place among the claimants in turn order from the
    discarder: 1st, 2nd, 3rd), over the contested wins: ``wins`` and ``share`` with its interval."""
    u = _places(frames).filter(pl.col("contested") == 1).with_columns(
        pl.col("place").replace_strict({i + 1: p for i, p in enumerate(PLACES)}, return_dtype=pl.String)
        .alias("winner"))
    out = shares(u, _KEYS, "winner").rename({"count": "wins"})
    return _order(out, "winner", PLACES)


def _places(frames: SituationFrames) -> pl.DataFrame:
    """The wins on a discard with recorded claimants, ``contested`` (0/1), ``place`` (1 = the winner was
    the first claimant in turn order from the discarder) and ``player`` (the winner)."""
    d = frames.wins.filter(~pl.col("tsumo") & pl.col("claimants").is_not_null())
    d = d.with_columns(
        (pl.col("claimants").list.len() > 1).cast(pl.Int64).alias("contested"),
        ((pl.col("seat") - pl.col("from_seat") + 4) % 4).alias("_won"),
        pl.col("claimants").list.eval(pl.element().cast(pl.Int64)).alias("_claims"),
        pl.lit(1, pl.Int64).alias("_one"))
    # the place: 1 + the claimants nearer the discarder in turn order than the winner
    d = d.with_columns(
        (1 + pl.struct("_claims", "from_seat", "_won").map_elements(
            lambda r: sum(1 for c in r["_claims"] if (c - r["from_seat"]) % 4 < r["_won"]),
            return_dtype=pl.Int64)).alias("place"))
    return with_player(d.drop("_claims", "_won"), frames.players)


_IV = "lo, hi: 95 % interval clustered by game, and by player where players repeat"


def _titles(family: str) -> dict[str, str]:
    unit = rule_family(family).value_unit
    name = {"beijing": "Beijing", "mcr": "MCR", "datong": "Datong"}[family]
    return {
        "wins": f"{name} wins by the winner's style (concealed / open; share of wins; turn = the winner's "
                f"discards, +1 for a self-draw; value in {unit}; {_IV})",
        "win_turns": f"{name} wins by style and turn band (share of the style's wins; {_IV})",
        "deal_ins": f"{name} deal-ins by whom they fed (the winner's style; share of deal-ins; value in {unit}; "
                    f"{_IV})",
        "calls": f"{name} calls by kind (share of calls; turn = the caller's discards + 1; {_IV})",
        "first_calls": f"{name} first calls by reason (dragon_wind_pung: a pung or melded kong of a dragon, the "
                       f"prevalent or the seat wind, 2 fan by itself; share of the hands' first calls; {_IV})",
        "head_bump": f"{name} head-bump: wins on a discard claimed by more than one seat (share; won_by_first: "
                     f"taken by the first claimant in turn order; {_IV})",
        "head_bump_order": f"{name} head-bump: which claimant won, by turn order from the discarder (1st = the "
                           f"next seat that claimed; {_IV})",
    }


def situation_tables(frames: SituationFrames) -> list[Table]:
    """The family's situation tables, titled (Datong's with its head-bump); none without rows."""
    if frames.empty:
        return []
    parts = {"wins": wins_by_style, "win_turns": wins_by_turn, "deal_ins": deal_ins_by_target,
             "calls": calls_by_kind}
    if frames.family == "mcr":
        parts |= {"first_calls": first_calls_by_reason}
    if frames.family == "datong":
        parts |= {"head_bump": head_bump, "head_bump_order": head_bump_order}
    titles = _titles(frames.family)
    return [Table(f"{frames.family}_situation_{name}", titles[name], make(frames)) for name, make in parts.items()]


def family_situation_tables(db: SqlSource, family: str, synthetic: SyntheticMode = "include",
                            include_truncated: bool = False, rule_set: str | None = None) -> list[Table]:
    """:func:`situation_tables` of ``family``'s selected games of ``db``."""
    return situation_tables(load_situation_frames(db, family, synthetic, include_truncated, rule_set))


#: A player's part of each family: (part, table, its cells, its count, the figures beside the population's).
PLAYER_PARTS = (("wins", wins_by_style, ("style",), "wins", ("share", "tsumo_rate", "mean_value")),
                ("win_turns", wins_by_turn, ("style", "turn"), "wins", ("share",)),
                ("deal_ins", deal_ins_by_target, ("target",), "deal_ins", ("share", "mean_value")),
                ("calls", calls_by_kind, ("kind",), "calls", ("share",)))
_BESIDE = ": the player's (clustered by game) beside the population's (by game and player)"


def player_situations(frames: SituationFrames, name: str) -> dict[str, pl.DataFrame]:
    """The family's situation figures of the player called ``name`` (clustered by game) beside the
    population's (every seat of ``frames``, by game and player), per rule set and cell, keyed
    ``<family>_situation_<part>`` (columns: :func:`mjlog.stats.hand_situations.beside`); none when the
    player sits in none of the family's games."""
    if frames.players.filter(pl.col("name") == name).height == 0:
        return {}
    return {f"{frames.family}_situation_{part}": beside(make(frames, GAME_ONLY, name), make(frames),
                                                         [*_KEYS, *cells], count, figures)
            for part, make, cells, count, figures in PLAYER_PARTS}


def player_situation_keys() -> list[str]:
    """The key of every family's part of a player's report."""
    return [f"{family}_situation_{part}" for family in FAMILIES for part, *_ in PLAYER_PARTS]


def player_situation_titles() -> dict[str, str]:
    """The title of every family's part of a player's report, by its key."""
    return {f"{family}_situation_{part}": _titles(family)[part] + _BESIDE
            for family in FAMILIES for part, *_ in PLAYER_PARTS}


__all__ = ["FAMILIES", "PLAYER_PARTS", "SituationFrames", "calls_by_kind", "deal_ins_by_target", "first_calls_by_reason",
           "family_situation_tables", "head_bump", "head_bump_order", "load_situation_frames", "player_situation_keys",
           "player_situation_titles", "player_situations", "selected_situation_frames", "situation_tables",
           "wins_by_style", "wins_by_turn"]
