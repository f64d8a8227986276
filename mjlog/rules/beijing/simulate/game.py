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

from mjlog.ir import SYNTHETIC_TITLE, GameLog
from mjlog.rules.beijing.flow import next_dealer
from mjlog.rules.beijing.record import BeijingHand, BeijingHeader
from mjlog.rules.beijing.ruleset import PRESETS, BeijingRules
from mjlog.rules.beijing.simulate.bots import BeijingBot
from mjlog.rules.beijing.simulate.hand import BeijingHandPlay
from mjlog.rules.beijing.wall import beijing_walls
from mjlog.rules.common.wall import new_seed
from mjlog.rules.family import stated_knobs as knob_text
from mjlog.rules.seeded_game import HandToPlay, PlayedHand, bot_game, play_hands


def play_game(rules: BeijingRules, seed: int) -> GameLog:
    """One bot game under ``rules`` as the IR; deterministic in ``seed``."""
    game_seed = new_seed(random.Random(seed))
    bot = BeijingBot(random.Random(f"mjlog-beijing-bots-{seed}"))

    def play(hand: HandToPlay) -> PlayedHand:
        wall = hand.wall
        result = BeijingHandPlay(rules, wall, hand.dealer, hand.scores, bot).play()
        change = next_dealer(rules, hand.dealer, result.winners)
        return PlayedHand(result.events, result.scores, change.dealer, change.renchan,
                          BeijingHand(wall.wild_indicator, result.burn, result.mutual), wall.wild_indicator)

    played = play_hands(rules, beijing_walls(game_seed), 0, play, f"Beijing game with seed {seed}")
    header = BeijingHeader(rules.name.removesuffix("+custom"), rules.base, synthetic=True, title=SYNTHETIC_TITLE,
                           knobs=stated_knobs(rules))
    return bot_game("beijing-xml", "beijing", rules, played, header, game_seed)


def stated_knobs(rules: BeijingRules) -> str:
    """The ``name=value;...`` text of the knobs ``rules`` changes from its preset (base apart)."""
    return knob_text(rules, PRESETS.get(rules.name.removesuffix("+custom"), PRESETS["beijing"]))
