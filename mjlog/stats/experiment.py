"""A controlled experiment: the same seeds played by the bots under each value of one or more knobs.

Riichi only by nature: the riichi simulator (:mod:`mjlog.rules.riichi.simulate`) plays the games.

Every **arm** (one value of each varied knob; the first arm is the baseline) plays the same game
seeds (:func:`mjlog.batch.simulate.game_seeds`, those of ``mjlog simulate``), so game ``i`` of
every arm has the same walls, hand by hand, and the same bot choices as long as the hands are the
same: a payment scheme changes what a hand pays, not how it is played, until scores end the game
elsewhere. The bots are blind to the arm: they value a hand (riichi or dama) under the baseline's
rules in every arm, and read the arm's rules only for what is legal, so a knob that changes what a
ron pays (榮和收入調整, kiriage) does not change their choices. Their random choices come from one
stream per hand (:func:`~mjlog.rules.riichi.simulate.game.hand_bot_rng`), so arms whose play
parted at one hand play alike again every later hand they reach at the same index in the same round.
The baseline arm's games are those of
``mjlog simulate``; another arm's are where the knob changes a hand's value.

Every figure is a ratio of per-game totals, ``R = Σy / Σn`` over the games (a mean: ``n = 1``; a
share of income: ``y`` the dealer's income, ``n`` all income), with the clustered (linearisation)
variance of :mod:`mjlog.stats.clustered`, each seed its own cluster:

    e_g = (y_g − R·n_g) / N,   V = G/(G−1) · Σ_g e_g².

The difference of an arm ``a`` from the baseline ``b`` has two intervals, ``D ± z·sqrt(V)``:

- **paired**, clustered by seed: ``V = G/(G−1) · Σ_g (e_ag − e_bg)²``, which the shared walls make
  small;
- **unpaired**, as if the arms had been played on different seeds: ``V = V_a + V_b``.

``width_ratio`` is the unpaired interval's width over the paired one's: how many times fewer games
the pairing needs for the same precision is its square.

>>> design = experiment_design("tenhou-3p-south", [], ["tsumo_scheme=tsumo-loss,split-half"])
>>> [arm.label for arm in design.arms]
['tsumo-loss', 'split-half']
>>> games = play_experiment(design, 2, seed=1)
>>> games.height, sorted(set(games["arm"]))
(4, ['split-half', 'tsumo-loss'])
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import polars as pl

from mjlog.batch.simulate import game_seeds
from mjlog.parallel.engine import run_tasks
from mjlog.rules.family import FIXED_KNOBS, knob_value
from mjlog.rules.knobs import KnobError, RuleChoice, rule_choice
from mjlog.rules.riichi.sanma_schemes import READING_OF, scheme_label, scheme_reading
from mjlog.rules.riichi.simulate import simulate_result
from mjlog.stats.intervals import Z95

#: The role of each starting seat: seat 0 deals the first hand.
ROLES = ("first dealer", "South start", "West start", "North start")
#: Figures of a whole game (role ``game``) and of the win income (role ``income``).
GAME_FIGURES = ("bust rate", "hands", "dealer share", "tsumo share")
#: Figures of each starting seat.
SEAT_FIGURES = ("final points", "placement points")
#: The decimals each figure is printed with.
FIGURE_PRECISION = {"bust rate": 3, "hands": 2, "dealer share": 3, "tsumo share": 3, "final points": 2,
                    "placement points": 2}


@dataclass(frozen=True, slots=True)
class Arm:
    """One value of each varied knob: its short label, the values as ``(knob, value text)``, the rule
    set played and the reading of its tsumo scheme in words (empty for a scheme of one reading)."""

    label: str
    values: tuple[tuple[str, str], ...]
    rules: Any
    reading: str


@dataclass(frozen=True, slots=True)
class Design:
    """The rules every arm starts from (``--rules`` and ``--knob``), the varied knobs and the arms,
    the baseline first."""

    base: RuleChoice
    varied: tuple[str, ...]
    arms: tuple[Arm, ...]

    @property
    def baseline(self) -> Arm:
        return self.arms[0]


def experiment_design(preset: str, fixed: Sequence[str], vary: Sequence[str]) -> Design:
    """The arms of ``--rules preset --knob FIXED... --vary KNOB[=v1,v2,...]...``: every combination of
    the varied knobs' values, each checked by :func:`~mjlog.rules.knobs.rule_choice`. A knob named
    without values takes both values of a switch or every value its rule set lists; a knob whose value
    is a list of numbers (``uma``) separates its values with ``/``. The baseline takes each knob's value
    under ``preset`` and ``fixed`` (or, where the values given leave it out, the first value given).
    :class:`~mjlog.rules.knobs.KnobError` says in one line what is wrong."""
    base = rule_choice(preset, fixed, family="riichi")
    rules = base.apply(base.base(None))
    if not vary:
        raise KnobError("--vary names no knob: give at least one, as --vary tsumo_scheme")
    levels: list[list[str]] = []
    names: list[str] = []
    for text in vary:
        name, values = _levels(base, rules, text)
        if name in names:
            raise KnobError(f"--vary names {name} twice")
        names.append(name)
        levels.append(values)
    arms = []
    for combo in itertools.product(*levels):
        values = tuple(zip(names, combo))
        choice = rule_choice(preset, [*fixed, *(f"{n}={v}" for n, v in values)], family="riichi")
        arm_rules = choice.apply(choice.base(None))
        label = combo[0] if len(combo) == 1 else ", ".join(f"{n}={v}" for n, v in values)
        arms.append(Arm(label, values, arm_rules, _reading(arm_rules)))
    return Design(base, tuple(names), tuple(arms))


def _levels(base: RuleChoice, rules: Any, text: str) -> tuple[str, list[str]]:
    """The knob of one ``--vary`` text and its values as ``--knob`` reads them, the baseline's first."""
    name, sep, raw = (part.strip() for part in text.partition("="))
    fixed = [f"{n}={v}" for n, v in base.knobs]
    if name in FIXED_KNOBS or not hasattr(rules, name):
        rule_choice(base.preset, [*fixed, f"{name}={raw or '?'}"], family="riichi")  # says what is wrong
    current = getattr(rules, name)
    if sep:
        given = [v.strip() for v in raw.split("/" if isinstance(current, tuple) else ",") if v.strip()]
    elif isinstance(current, bool):
        given = ["True", "False"]
    else:
        given = list(rules.knob_choices().get(name, ()))
        if not given:
            raise KnobError(f"--vary {name} needs its values: --vary {name}=v1,v2,...")
    values = [rule_choice(base.preset, [*fixed, f"{name}={v}"], family="riichi").knobs[-1][1] for v in given]
    parsed = [knob_value(current, v) for v in values]
    if len(set(parsed)) != len(parsed) or len(parsed) < 2:
        raise KnobError(f"--vary {name} wants two or more different values, not {', '.join(given) or 'none'}")
    if current in parsed:
        values.insert(0, values.pop(parsed.index(current)))
    return name, values


def _text(value: object) -> str:
    """A knob's value as ``--knob`` reads it."""
    if isinstance(value, tuple):
        return ",".join(map(str, value))
    return str(value)


def _reading(rules: Any) -> str:
    """The tsumo scheme of a three-player rule set with its reading and the knob choosing it, in words."""
    if rules.players != 3:
        return ""
    reading = scheme_reading(rules)
    label = scheme_label(rules.tsumo_scheme, reading or "formula")
    return f"{label}; {READING_OF[rules.tsumo_scheme][0]}={reading}" if reading else label


# ---- playing ----------------------------------------------------------------------------------

def _play_chunk(labels: tuple[str, ...], rule_sets: tuple[Any, ...], seeds: Sequence[int], first: int) -> list[dict]:
    """One row per game of every arm, for the games ``first, first+1, ...`` of the seeds; the bots of
    every arm value hands under the baseline's rules (``rule_sets[0]``)."""
    rows = []
    for i, seed in enumerate(seeds, start=first):
        for label, rules in zip(labels, rule_sets):
            rows.append(game_row(simulate_result(rules, seed, policy=rule_sets[0]), label, i))
    return rows


def game_row(result: Any, arm: str, game: int) -> dict:
    """A played game's figures (a :class:`~mjlog.rules.riichi.simulate.GameResult`) as one row."""
    income = dealer = tsumo = 0
    for hand in result.hands:
        for win in hand.incomes:
            income += win.points
            dealer += win.points if win.seat == hand.dealer else 0
            tsumo += win.points if win.tsumo else 0
    return {"game": game, "arm": arm, "hands": len(result.hands), "bust": any(s < 0 for s in result.final),
            "income": income, "dealer_income": dealer, "tsumo_income": tsumo,
            "final": list(result.final), "points": [float(p) for p in result.points]}


def play_experiment(design: Design, games: int, seed: int, jobs: int = 1,
                    advance: Callable[[int], None] | None = None) -> pl.DataFrame:
    """Every arm's ``games`` games from ``seed``, one row a game and arm (:func:`game_row`), on ``jobs``
    processes through :func:`~mjlog.parallel.engine.run_tasks`; ``advance(k)`` after each ``k`` games
    played (of all arms together). The rows are the same whatever ``jobs`` is."""
    seeds = game_seeds(games, seed)
    labels = tuple(a.label for a in design.arms)
    rule_sets = tuple(a.rules for a in design.arms)
    size = max(1, min(16, games // (4 * jobs))) if jobs > 1 else max(1, min(16, games))
    tasks = ((labels, rule_sets, seeds[i:i + size], i) for i in range(0, games, size))
    rows: list[dict] = []
    for chunk in run_tasks(_play_chunk, tasks, jobs=jobs):
        rows.extend(chunk)
        if advance is not None:
            advance(len(chunk))
    schema = {"game": pl.Int64, "arm": pl.Utf8, "hands": pl.Int64, "bust": pl.Boolean, "income": pl.Int64,
              "dealer_income": pl.Int64, "tsumo_income": pl.Int64, "final": pl.List(pl.Int64),
              "points": pl.List(pl.Float64)}
    return pl.DataFrame(rows, schema=schema)


# ---- comparing --------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class _Ratio:
    """One arm's figure: the ratio and each seed's linearised residual ``e_g``."""

    value: float
    residuals: list[float]

    @property
    def variance(self) -> float:
        g = len(self.residuals)
        return g / (g - 1) * sum(e * e for e in self.residuals) if g > 1 else float("nan")


def _ratio(ys: Sequence[float], ns: Sequence[float]) -> _Ratio:
    total = sum(ns)
    if not total:
        return _Ratio(float("nan"), [0.0] * len(ys))
    r = sum(ys) / total
    return _Ratio(r, [(y - r * n) / total for y, n in zip(ys, ns)])


def _figures(games: pl.DataFrame, players: int) -> dict[tuple[str, str], tuple[str, str]]:
    """(figure, role) -> the (numerator, denominator) columns of each game's totals."""
    out = {("bust rate", "game"): ("bust", "_one"), ("hands", "game"): ("hands", "_one"),
           ("dealer share", "income"): ("dealer_income", "income"),
           ("tsumo share", "income"): ("tsumo_income", "income")}
    for figure, column in (("final points", "final"), ("placement points", "points")):
        for seat in range(players):
            out[(figure, ROLES[seat])] = (f"{column}_{seat}", "_one")
    return out


def _by_arm(games: pl.DataFrame, design: Design) -> tuple[dict[str, pl.DataFrame], dict]:
    """Each arm's games in the order of the seeds (the same games in every arm), and the figures."""
    players = design.baseline.rules.players
    wide = games.with_columns(
        pl.lit(1).alias("_one"), pl.col("bust").cast(pl.Int64),
        *(pl.col("final").list.get(s).alias(f"final_{s}") for s in range(players)),
        *(pl.col("points").list.get(s).alias(f"points_{s}") for s in range(players)))
    arms = {a.label: wide.filter(pl.col("arm") == a.label).sort("game") for a in design.arms}
    ids = [tuple(f["game"]) for f in arms.values()]
    if any(i != ids[0] for i in ids):
        raise ValueError("the arms hold different games: a paired comparison needs the same seeds in every arm")
    return arms, _figures(wide, players)


def compare_arms(games: pl.DataFrame, design: Design, z: float = Z95) -> tuple[pl.DataFrame, pl.DataFrame]:
    """(levels, differences) of :func:`play_experiment`'s rows.

    ``levels``: per arm, figure and role, the value and its 95 % interval clustered by seed.
    ``differences``: per arm but the baseline, figure and role, the difference from the baseline with
    its paired interval (``lo``, ``hi``), its unpaired one (``unpaired_lo``, ``unpaired_hi``) and the
    ratio of their widths (see the module)."""
    arms, figures = _by_arm(games, design)
    base = design.baseline.label
    levels, diffs = [], []
    for (figure, role), (num, den) in figures.items():
        ratios = {label: _ratio(f[num].cast(pl.Float64).to_list(), f[den].cast(pl.Float64).to_list())
                  for label, f in arms.items()}
        for label, r in ratios.items():
            half = z * r.variance ** 0.5
            levels.append({"arm": label, "figure": figure, "role": role, "value": r.value,
                           "lo": r.value - half, "hi": r.value + half, "games": len(r.residuals)})
        b = ratios[base]
        for label, r in ratios.items():
            if label != base:
                diffs.append(_difference(label, figure, role, r, b, z))
    return pl.DataFrame(levels), pl.DataFrame(diffs)


def _difference(label: str, figure: str, role: str, arm: _Ratio, base: _Ratio, z: float) -> dict:
    """One row of the differences table: the paired and unpaired intervals of ``arm − base``."""
    g = len(arm.residuals)
    paired = (g / (g - 1) * sum((a - b) ** 2 for a, b in zip(arm.residuals, base.residuals))) if g > 1 else float("nan")
    unpaired = arm.variance + base.variance
    d = arm.value - base.value
    hp, hu = z * paired ** 0.5, z * unpaired ** 0.5
    return {"arm": label, "figure": figure, "role": role, "baseline": base.value, "value": arm.value,
            "difference": d, "lo": d - hp, "hi": d + hp, "unpaired_lo": d - hu, "unpaired_hi": d + hu,
            "width_ratio": hu / hp if hp > 0 else None}


#: How the two games of one seed (an arm's and the baseline's) end, for the paired variance's sources.
PAIR_KINDS = ("same length", "ends at another hand", "bust in one arm only")


def paired_variance_sources(games: pl.DataFrame, design: Design, figure: str = "placement points",
                            role: str = ROLES[0]) -> pl.DataFrame:
    """Where the paired variance of one figure's difference comes from (:func:`play_experiment`'s rows).

    One row per arm but the baseline and kind of seed (:data:`PAIR_KINDS`: both games as long; one
    ends at another hand, both or neither busting; one busts and the other does not): the seeds of
    that kind and their share of the paired variance, ``Σ (e_ag − e_bg)²`` over those seeds over the
    sum over all. Two games that end at different hands share no hand after the shorter one's last,
    so their share is what no common walls or bot streams can take away."""
    arms, figures = _by_arm(games, design)
    if (figure, role) not in figures:
        raise ValueError(f"no figure {figure!r} for the role {role!r}")
    num, den = figures[(figure, role)]
    base = design.baseline.label

    def residuals(f: pl.DataFrame) -> list[float]:
        return _ratio(f[num].cast(pl.Float64).to_list(), f[den].cast(pl.Float64).to_list()).residuals

    b = arms[base]
    rows = []
    for label, f in arms.items():
        if label == base:
            continue
        squares = [(x - y) ** 2 for x, y in zip(residuals(f), residuals(b))]
        total = sum(squares)
        kinds = [PAIR_KINDS[2] if bust_a != bust_b else PAIR_KINDS[1] if len_a != len_b else PAIR_KINDS[0]
                 for bust_a, bust_b, len_a, len_b in zip(f["bust"], b["bust"], f["hands"], b["hands"])]
        for kind in PAIR_KINDS:
            share = sum(sq for sq, k in zip(squares, kinds) if k == kind)
            rows.append({"arm": label, "kind": kind, "games": kinds.count(kind),
                         "variance_share": share / total if total else None})
    return pl.DataFrame(rows, schema={"arm": pl.Utf8, "kind": pl.Utf8, "games": pl.Int64,
                                      "variance_share": pl.Float64})


def pairing_limits(sources: pl.DataFrame, diffs: pl.DataFrame, figure: str = "placement points",
                   role: str = ROLES[0]) -> pl.DataFrame:
    """Per arm but the baseline: how far pairing could narrow one figure's difference at most.

    ``sources`` is :func:`paired_variance_sources` of that figure and role, ``diffs`` the differences of
    :func:`compare_arms`. ``games_apart`` seeds end at another hand or with a bust in one arm only, and
    make ``apart_share`` of the paired variance: they share no hands after the shorter game ends, so
    no common walls or bot streams remove it. Were every other seed's difference zero, the paired
    variance would be that share of what it is, and the width ratio ``width_ratio / sqrt(apart_share)``
    (``width_ratio_limit``; None when no seed ends apart).

    >>> sources = pl.DataFrame({"arm": ["b"] * 3, "kind": list(PAIR_KINDS), "games": [6, 3, 1],
    ...                         "variance_share": [0.36, 0.5, 0.14]})
    >>> diffs = pl.DataFrame({"arm": ["b"], "figure": ["placement points"], "role": ["first dealer"],
    ...                       "width_ratio": [1.6]})
    >>> pairing_limits(sources, diffs).row(0)
    ('b', 4, 0.64, 1.6, 2.0)
    """
    apart = (sources.filter(pl.col("kind") != PAIR_KINDS[0]).group_by("arm", maintain_order=True)
             .agg(pl.col("games").sum().alias("games_apart"), pl.col("variance_share").sum().alias("apart_share")))
    ratios = diffs.filter((pl.col("figure") == figure) & (pl.col("role") == role)).select("arm", "width_ratio")
    share = pl.col("apart_share")
    return apart.join(ratios, on="arm", how="left", maintain_order="left").with_columns(
        pl.when(share > 0).then(pl.col("width_ratio") / share.sqrt()).otherwise(None).alias("width_ratio_limit"))


def arms_table(design: Design) -> pl.DataFrame:
    """One row per arm: its label, the varied knobs' values, the rule set's name and the reading of
    its tsumo scheme (three players)."""
    return pl.DataFrame({
        "arm": [a.label for a in design.arms],
        "baseline": [i == 0 for i in range(len(design.arms))],
        "knobs": [", ".join(f"{n}={v}" for n, v in a.values) for a in design.arms],
        "reading": [a.reading for a in design.arms],
    })
