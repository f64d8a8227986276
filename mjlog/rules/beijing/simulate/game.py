"""A whole Beijing bot game: hands in order under the family's flow, as a :class:`~mjlog.ir.GameLog`.

The game's wall seed is a genuine ``mt19937ar-sha512-n288-base64`` seed made from the game's
seed, and every hand's wall follows from it (:func:`~mjlog.rules.beijing.wall.beijing_walls`).
The deal passes on after a non-dealer win and stays on a dealer win or an exhaustive draw
(:func:`~mjlog.rules.beijing.flow.next_dealer`); the game ends when the deal would have gone
round the table ``rules.circles`` times. The log is marked synthetic (its header's
``synthetic``, title ``mjlog-synthetic``). A game is a pure function of its rules and seed.

>>> from mjlog.rules.beijing.ruleset import PRESETS
>>> log = play_game(PRESETS["beijing"], seed=5)
>>> log.family, log.header.synthetic, len(log.players)
('beijing', True, 4)
>>> sum(log.final.scores)
0
"""

from __future__ import annotations

import random

from mjlog.ir import FinalResult, GameLog, Player, Round, SYNTHETIC_TITLE
from mjlog.rules.beijing.simulate.bots import BeijingBot
from mjlog.rules.beijing.flow import next_dealer
from mjlog.rules.beijing.record import BeijingHand, BeijingHeader
from mjlog.rules.beijing.ruleset import PRESETS, BeijingRules
from mjlog.rules.beijing.simulate.hand import BeijingHandPlay
from mjlog.rules.beijing.wall import beijing_walls
from mjlog.rules.common.wall import new_seed
from mjlog.rules.family import stated_knobs as knob_text

BOT_NAMES = ("Bot A", "Bot B", "Bot C", "Bot D")
MAX_HANDS = 1000


def play_game(rules: BeijingRules, seed: int) -> GameLog:
    """One bot game under ``rules`` as the IR; deterministic in ``seed``."""
    game_seed = new_seed(random.Random(seed))
    bot = BeijingBot(random.Random(f"mjlog-beijing-bots-{seed}"))
    walls = beijing_walls(game_seed)
    dealer = passes = repeats = 0
    scores = (rules.start_points,) * rules.players
    rounds: list[Round] = []
    while passes < 4 * rules.circles:
        if len(rounds) >= MAX_HANDS:
            raise RuntimeError(f"Beijing game with seed {seed} did not end within {MAX_HANDS} hands")
        wall = next(walls)
        result = BeijingHandPlay(rules, wall, dealer, scores, bot).play()
        rounds.append(Round(len(rounds), passes, repeats, 0, dealer, scores, wall.dice, wall.wild_indicator,
                            wall.starting_hands(dealer), result.events,
                            payload=BeijingHand(wall.wild_indicator, result.burn, result.mutual)))
        scores = result.scores
        change = next_dealer(rules, dealer, result.winners)
        if change.renchan:
            repeats += 1
        else:
            passes, repeats = passes + 1, 0
        dealer = change.dealer
    header = BeijingHeader(rules.name.removesuffix("+custom"), rules.base, synthetic=True, title=SYNTHETIC_TITLE,
                           knobs=stated_knobs(rules))
    return GameLog("beijing-xml", "beijing", rules, tuple(Player(s, n) for s, n in enumerate(BOT_NAMES)),
                   tuple(rounds), header=header, seed=game_seed,
                   final=FinalResult(scores, (0.0,) * rules.players, True))


def stated_knobs(rules: BeijingRules) -> str:
    """The ``name=value;...`` text of the knobs ``rules`` changes from its preset (base apart)."""
    return knob_text(rules, PRESETS.get(rules.name.removesuffix("+custom"), PRESETS["beijing"]))
