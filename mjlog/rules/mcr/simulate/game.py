"""Simulated MCR matches: 16 hands between bots that chase 8 fan, as a :class:`GameLog`.

Every hand's wall follows from the game's genuine ``mt19937ar-sha512-n288-base64`` seed
(:mod:`mjlog.rules.mcr.wall`), so the audit checks every draw, flower replacement and kong
replacement against it. The match is marked synthetic (:attr:`McrHeader.synthetic`; in the
dialect ``GO synthetic="1" title="mjlog-synthetic"``); ``mjlog simulate`` writes it in mjlog's MCR
dialect of the Tenhou-style XML (the family's ``simulated_writer``). The same seed gives the same match.

>>> from mjlog.rules.mcr.ruleset import MCR
>>> log = simulate_log(MCR, seed=5)
>>> len(log.rounds), log.family, log.header.synthetic, sum(log.final.scores)
(16, 'mcr', True, 0)
"""

from __future__ import annotations

import random

from mjlog.ir import FinalResult, GameLog, Player, Round, Ryuukyoku, SYNTHETIC_TITLE, Win
from mjlog.rules.mcr.simulate.bots import McrBot
from mjlog.rules.mcr.settlement import win_deltas
from mjlog.rules.mcr.record import McrHandRecord, McrHeader, McrWinRecord, RecordedFan
from mjlog.rules.mcr.ruleset import McrRules
from mjlog.rules.mcr.simulate.hand import SimHand, SimWin, play_hand
from mjlog.rules.mcr.wall import mcr_walls
from mjlog.rules.common.wall import new_seed

__all__ = ["SYNTHETIC_TITLE", "simulate_log"]

_NAMES = ("bot-east", "bot-south", "bot-west", "bot-north")


def simulate_log(rules: McrRules, seed: int) -> GameLog:
    """One bot match under ``rules`` as the IR (deterministic in ``seed``)."""
    game_seed = new_seed(random.Random(seed))
    walls = mcr_walls(game_seed)
    bot = McrBot()
    scores = (rules.start_points,) * rules.players
    rounds = []
    for k in range(rules.hands):
        dealer, prevalent = k % 4, k // 4 % 4
        wall = next(walls)
        hand = play_hand(wall, dealer, prevalent, rules, bot)
        rnd = _round(k, dealer, prevalent, scores, wall.dice, wall.starting_hands(dealer), hand, rules)
        scores = tuple(s + d for s, d in zip(scores, rnd.payload.result))
        rounds.append(rnd)
    return GameLog(source_format="mcr-xml", family="mcr", rules=rules,
                   players=tuple(Player(s, n) for s, n in enumerate(_NAMES)), rounds=tuple(rounds),
                   header=McrHeader(format="mcr-xml", synthetic=True, match_id=f"sim-{seed}"),
                   log_id=f"mcr-sim-{seed}", seed=game_seed, final=FinalResult(scores, (), True))


def _round(k: int, dealer: int, prevalent: int, scores: tuple[int, ...], dice: tuple[int, int],
           dealt: tuple[tuple[int, ...], ...], hand: SimHand, rules: McrRules) -> Round:
    events = list(hand.events)
    if hand.wins:
        discarder = hand.wins[0].discarder
        fans = {w.who: w.fans.total for w in hand.wins}
        result = win_deltas(fans, discarder, rules)
        for w in hand.wins:             # a multiple win records the hand's result only (McrHandRecord)
            events.append(_win(w, scores, result if len(hand.wins) == 1 else ()))
    else:
        result = (0,) * rules.players
        events.append(Ryuukyoku(scores_before=scores, deltas=result))
    payload = McrHandRecord(prevalent_wind=prevalent, result=result, lost_claims=tuple(hand.lost))
    return Round(index=k, kyoku=k, honba=0, sticks=0, dealer=dealer, scores=scores, dice=dice,
                 dora_indicator=None, hands=dealt, events=tuple(events), payload=payload)


def _win(w: SimWin, scores: tuple[int, ...], deltas: tuple[int, ...]) -> Win:
    fans = tuple(RecordedFan(number=line.number, value=line.value, count=line.count) for line in w.fans.lines)
    record = McrWinRecord(fans=fans, total=w.fans.total, flowers=w.fans.flowers)
    return Win(who=w.who, from_who=w.who if w.discarder is None else w.discarder,
               hand=tuple(sorted((*w.concealed, w.win_tile))), win_tile=w.win_tile, melds=w.calls,
               points=w.fans.total, scores_before=scores, deltas=deltas, payload=record)
