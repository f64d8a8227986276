"""A whole Datong bot game: hands in order under the family's flow, as a :class:`~mjlog.ir.GameLog`.

The game's wall seed is a genuine ``mt19937ar-sha512-n288-base64`` seed made from the game's
seed, and every hand's wall follows from it (:func:`~mjlog.rules.datong.wall.datong_walls`). A
seat throws one die for the first dealer (:func:`~mjlog.rules.datong.flow.first_dealer`); the
deal stays on a dealer win or a draw and otherwise passes on (:func:`~mjlog.rules.datong.flow.next_deal`);
the game ends when the deal has gone round the table ``rules.circles`` times. The log is marked
synthetic (its header's ``synthetic``, title ``mjlog-synthetic``) and states the knobs ``rules``
changes from its preset. A game is a pure function of its rules and seed.

>>> from mjlog.rules.datong.ruleset import PRESETS
>>> log = play_game(PRESETS["datong"], seed=5)
>>> log.family, log.header.synthetic, len(log.players)
('datong', True, 4)
>>> sum(log.final.scores)
0
"""

from __future__ import annotations

import random

from mjlog.ir import SYNTHETIC_TITLE, GameLog
from mjlog.rules.common.wall import new_seed
from mjlog.rules.datong.flow import first_dealer, next_deal
from mjlog.rules.datong.record import DatongHand, DatongHeader
from mjlog.rules.datong.ruleset import PRESETS, DatongRules
from mjlog.rules.datong.simulate.bots import DatongBot
from mjlog.rules.datong.simulate.hand import DatongHandPlay
from mjlog.rules.datong.wall import datong_walls
from mjlog.rules.family import stated_knobs
from mjlog.rules.seeded_game import HandToPlay, PlayedHand, bot_game, play_hands


def play_game(rules: DatongRules, seed: int) -> GameLog:
    """One bot game under ``rules`` as the IR; deterministic in ``seed``."""
    rng = random.Random(seed)
    game_seed = new_seed(rng)
    thrower, die = rng.randrange(rules.players), rng.randint(1, 6)
    bot = DatongBot(random.Random(f"mjlog-datong-bots-{seed}"))
    first = first_dealer(thrower, die, rules.players)

    def play(hand: HandToPlay) -> PlayedHand:
        result = DatongHandPlay(rules, hand.wall, hand.dealer, hand.repeats, hand.scores, bot).play()
        dealer, _ = next_deal(rules, hand.dealer, hand.repeats, result.winner)
        return PlayedHand(result.events, result.scores, dealer, dealer == hand.dealer, DatongHand())

    played = play_hands(rules, datong_walls(game_seed), first, play, f"Datong game with seed {seed}")
    preset = rules.name.removesuffix("+custom")
    header = DatongHeader(preset, rules.base, synthetic=True, title=SYNTHETIC_TITLE,
                          knobs=stated_knobs(rules, PRESETS.get(preset, PRESETS["datong"])), thrower=thrower, die=die)
    return bot_game("datong-xml", "datong", rules, played, header, game_seed, first_dealer=first, version="1")
