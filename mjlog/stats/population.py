"""The population a sheet or chart describes, stated: family, rule sets, rooms, lobby types, dates,
real or synthetic games, and what the selection left out and why.

:func:`describe` reads it from a :class:`~mjlog.stats.frames.StatFrames`; :func:`selection_note`
is its one-paragraph text, which every sheet, notebook and chart title prints.
"""

from __future__ import annotations

from dataclasses import dataclass

import polars as pl

from mjlog.ir import GameLog
from mjlog.stats.frames import StatFrames

#: Why each exclusion reason leaves games out (printed beside the counts).
WHY = {
    "synthetic": "bot games from mjlog simulate, not human play",
    "not synthetic": "only synthetic games were asked for",
    "truncated": "the log stops mid-game: no final placement",
    "special lobby": "custom rules (chips, uma, honba) unlike the standard rooms",
    "other rule set": "another rule set was selected",
    "other room": "another room was selected",
    "other player": "the player did not sit in the game",
}


@dataclass(frozen=True, slots=True)
class Population:
    """What a selection of games is: each field lists the distinct values found (sorted)."""

    games: int
    families: tuple[str, ...]
    rule_sets: tuple[str, ...]
    games_by_rule_set: tuple[tuple[str, int], ...]
    rooms: tuple[str, ...]
    lobby_types: tuple[str, ...]
    first_date: str | None
    last_date: str | None
    undated: int
    synthetic: int
    excluded: tuple[tuple[str, int], ...]

    @property
    def kind(self) -> str:
        """``real``, ``synthetic``, ``mixed``, or ``none`` (no games)."""
        if self.games == 0:
            return "none"
        if self.synthetic == 0:
            return "real"
        return "synthetic" if self.synthetic == self.games else "mixed"

    def dates(self) -> str:
        """The date range, with the undated games counted."""
        if self.first_date is None:
            return "dates unknown"
        span = self.first_date if self.first_date == self.last_date else f"{self.first_date} to {self.last_date}"
        return span + (f" ({self.undated} undated)" if self.undated else "")

    def title(self) -> str:
        """The short label every chart draws (:func:`mjlog.stats.chart_style.name_population`): family,
        rule sets, rooms, lobby type, real or synthetic, dates and the number of games."""
        if self.games == 0:
            return "no games selected"
        named = [r for r in self.rooms if r != "none"]
        rooms = ("room " if len(named) == 1 else "rooms ") + "/".join(named) if named else "no room"
        lobbies = "/".join(f"{t} lobby" if t == "standard" else t for t in self.lobby_types)
        games = f"{self.games:,} game" + ("s" if self.games != 1 else "")
        families, rule_sets = ", ".join(self.families) or "-", ", ".join(self.rule_sets)
        what = families if rule_sets == families else f"{families}: {rule_sets}"
        return (f"{what}; {rooms}; {lobbies}; "
                f"{self.kind}; {self.dates()}; {games}")

    def text(self) -> str:
        """The population and its exclusions as a few lines."""
        kind = {"real": "real", "synthetic": "all synthetic (mjlog simulate bots)",
                "mixed": f"{self.synthetic} of them synthetic", "none": "no games selected"}[self.kind]
        split = ", ".join(f"{r}: {n}" for r, n in self.games_by_rule_set)
        lines = [f"population: {self.games} games" + (f" ({split})" if split else "")
                 + f", {kind}; family {', '.join(self.families) or '-'}",
                 f"  rooms {', '.join(self.rooms) or '-'}; lobbies {', '.join(self.lobby_types) or '-'}; "
                 f"{self.dates()}"]
        if self.excluded:
            lines.append("left out: " + "; ".join(f"{n} {reason} ({WHY.get(reason, reason)})"
                                                   for reason, n in self.excluded))
        else:
            lines.append("left out: nothing")
        return "\n".join(lines)


def _distinct(col: pl.Series) -> tuple[str, ...]:
    return tuple(sorted({("none" if v is None else str(v)) for v in col.to_list()}))


def describe(frames: StatFrames) -> Population:
    """The :class:`Population` of ``frames``."""
    g = frames.games
    ex = frames.excluded
    excluded = tuple((r, int(n)) for r, n in ex.group_by("reason").agg(pl.col("games").sum()).sort("reason")
                     .iter_rows()) if ex.height else ()
    if g.height == 0:
        return Population(0, (), (), (), (), (), None, None, 0, 0, excluded)
    lobby = (pl.when(pl.col("special_lobby").fill_null(False)).then(pl.lit("special lobby"))
             .otherwise(pl.lit("standard")) if "special_lobby" in g.columns else pl.lit("standard"))
    dates = g["game_date"].drop_nulls() if "game_date" in g.columns else pl.Series([], dtype=pl.Date)
    return Population(
        games=g.height,
        families=_distinct(g["family"]) if "family" in g.columns else ("riichi",),
        rule_sets=_distinct(g["rule_set"]),
        games_by_rule_set=tuple((str(r), int(n)) for r, n in g.group_by("rule_set").agg(pl.len()).sort("rule_set")
                                .iter_rows()),
        rooms=_distinct(g["room"]) if "room" in g.columns else (),
        lobby_types=_distinct(g.select(lobby.alias("l"))["l"]),
        first_date=str(dates.min()) if dates.len() else None,
        last_date=str(dates.max()) if dates.len() else None,
        undated=g.height - dates.len(),
        synthetic=int(g["synthetic"].sum()),
        excluded=excluded,
    )


def selection_note(frames: StatFrames) -> str:
    """The population of ``frames`` and what was left out, as text (:meth:`Population.text`)."""
    return describe(frames).text()


def log_population(log: GameLog) -> Population:
    """The :class:`Population` of one game as its log states it (what ``mjlog plot`` names): its family,
    rule set, room and lobby type from a Tenhou header, the date its family reads in it
    (:meth:`~mjlog.rules.family.StoreFacts.game_date`), real or synthetic."""
    from mjlog.rules.family import family
    from mjlog.rules.riichi.lobby import Lobby

    lobby = log.header if isinstance(log.header, Lobby) else None
    played = family(log.family).store.game_date(log)
    day = None if played is None else str(played.day)
    return Population(
        games=1, families=(log.family,), rule_sets=(str(log.rules.name),), games_by_rule_set=((str(log.rules.name), 1),),
        rooms=(str(lobby.room),) if lobby and lobby.room else (),
        lobby_types=("special lobby" if lobby and lobby.special else "standard",),
        first_date=day, last_date=day, undated=int(day is None),
        synthetic=int(bool(getattr(log.header, "synthetic", False))), excluded=())
