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

from mjlog.ir import FinalResult, GameLog, Player, Round, SYNTHETIC_TITLE
from mjlog.rules.common.wall import new_seed
from mjlog.rules.datong.flow import first_dealer, next_deal
from mjlog.rules.datong.record import DatongHand, DatongHeader
from mjlog.rules.datong.ruleset import PRESETS, DatongRules
from mjlog.rules.datong.simulate.bots import DatongBot
from mjlog.rules.datong.simulate.hand import DatongHandPlay
from mjlog.rules.datong.wall import datong_walls
from mjlog.rules.family import stated_knobs

BOT_NAMES = ("Bot A", "Bot B", "Bot C", "Bot D")
MAX_HANDS = 1000


def play_game(rules: DatongRules, seed: int) -> GameLog:
    """One bot game under ``rules`` as the IR; deterministic in ``seed``."""
    rng = random.Random(seed)
    game_seed = new_seed(rng)
    thrower, die = rng.randrange(rules.players), rng.randint(1, 6)
    bot = DatongBot(random.Random(f"mjlog-datong-bots-{seed}"))
    walls = datong_walls(game_seed)
    first = dealer = first_dealer(thrower, die, rules.players)
    passes = renchan = 0
    scores = (rules.start_points,) * rules.players
    rounds: list[Round] = []
    while passes < 4 * rules.circles:
        if len(rounds) >= MAX_HANDS:
            raise RuntimeError(f"Datong game with seed {seed} did not end within {MAX_HANDS} hands")
        wall = next(walls)
        result = DatongHandPlay(rules, wall, dealer, renchan, scores, bot).play()
        rounds.append(Round(len(rounds), passes, renchan, 0, dealer, scores, wall.dice, None,
                            wall.starting_hands(dealer), result.events, payload=DatongHand()))
        scores = result.scores
        nxt, renchan = next_deal(rules, dealer, renchan, result.winner)
        if nxt != dealer:
            passes += 1
        dealer = nxt
    preset = rules.name.removesuffix("+custom")
    header = DatongHeader(preset, rules.base, synthetic=True, title=SYNTHETIC_TITLE,
                          knobs=stated_knobs(rules, PRESETS.get(preset, PRESETS["datong"])), thrower=thrower, die=die)
    return GameLog("datong-xml", "datong", rules, tuple(Player(s, n) for s, n in enumerate(BOT_NAMES)),
                   tuple(rounds), header=header, seed=game_seed, first_dealer=first,
                   final=FinalResult(scores, (0.0,) * rules.players, True), version="1")

