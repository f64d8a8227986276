"""A whole game: hands in order under the rule set's flow, then the final result (``owari``)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from mjlog.rules.riichi.flow import HandEnd, final_scores, next_hand, placement_points
from mjlog.rules.riichi.ruleset import RuleSet
from mjlog.rules.riichi.lobby import SYNTHETIC_TITLE
from mjlog.rules.riichi.simulate import tags
from mjlog.rules.riichi.simulate.bots import Bot
from mjlog.rules.riichi.simulate.hand import HandOutcome, HandPlay
from mjlog.rules.common.wall import new_seed, walls_for_game

SYNTHETIC_LOBBY = 9999
BOT_NAMES = ("Bot A", "Bot B", "Bot C", "Bot D")
MAX_HANDS = 400


@dataclass(slots=True)
class GameStats:
    """Counts over the hands of generated games (for plausibility reports)."""

    games: int = 0
    hands: int = 0
    player_hands: int = 0
    wins: int = 0
    exhaustive: int = 0
    abortive: int = 0
    riichi: int = 0
    win_points: list[int] = field(default_factory=list)

    def add(self, outcome: HandOutcome, players: int) -> None:
        self.hands += 1
        self.player_hands += players
        self.wins += outcome.wins
        self.exhaustive += outcome.exhaustive
        self.abortive += outcome.abortive
        self.riichi += len(outcome.riichi)
        self.win_points.extend(outcome.win_points)


@dataclass(frozen=True, slots=True)
class GameResult:
    """What a bot game came to: each hand's outcome in order, the final scores (leftover sticks
    paid) and the placement points, by seat (seat 0 deals first)."""

    hands: tuple[HandOutcome, ...]
    final: tuple[int, ...]
    points: tuple[float, ...]


def hand_bot_rng(seed: int, index: int) -> random.Random:
    """The bots' random stream for hand ``index`` (0 = the first hand) of the game played from ``seed``.

    Common random numbers, hand by hand: hand ``index`` is dealt from the ``index``-th wall of the
    game's one SHUFFLE seed, so its bots draw from a stream of the same key. Two games of one seed
    under different rules (an experiment's arms) that reach hand ``index`` in the same round play it
    on the same wall with the same random choices, even when an earlier hand went differently (a
    riichi one arm's score did not allow, for one); one stream for the whole game would stay shifted
    from that hand on."""
    return random.Random(f"mjlog-simulate-bots-{seed}-{index}")


def play_game(rules: RuleSet, seed: int, stats: GameStats | None = None) -> str:
    """The mjlog XML text of one game between bots; a pure function of ``rules`` and ``seed``."""
    return play_game_result(rules, seed, stats)[0]


def play_game_result(rules: RuleSet, seed: int, stats: GameStats | None = None,
                     policy: RuleSet | None = None) -> tuple[str, GameResult]:
    """:func:`play_game`'s XML text and the game's :class:`GameResult`. ``policy``: the rules the bots
    value a hand under when they choose between riichi and dama (default ``rules``); an experiment
    gives every arm its baseline's, so that the bots' choices do not depend on the arm."""
    n = rules.players
    game_seed = new_seed(random.Random(seed))
    out: list[str] = [tags.header(game_seed, rules, BOT_NAMES[:n], SYNTHETIC_TITLE, SYNTHETIC_LOBBY)]
    walls = walls_for_game(game_seed, n)
    kyoku = honba = sticks = 0
    scores = tuple([rules.start_points] * n)
    hands: list[HandOutcome] = []
    for index in range(MAX_HANDS):
        hand = HandPlay(rules, next(walls), kyoku, honba, sticks, scores, Bot(hand_bot_rng(seed, index)), out, policy)
        outcome = hand.play()
        hands.append(outcome)
        if stats is not None:
            stats.add(outcome, n)
        scores = outcome.scores
        end = HandEnd(dealer_won=outcome.dealer_won, any_win=outcome.any_win, abortive=outcome.abortive,
                      dealer_tenpai=outcome.dealer_tenpai)
        nxt = next_hand(kyoku, honba, outcome.sticks, end, scores, rules)
        if nxt.game_over:
            final = final_scores(scores, nxt.sticks, rules)
            points = placement_points(final, rules)
            last = out[-1]
            assert last.endswith(" />")
            out[-1] = last[:-3] + f' owari="{tags.owari_text(final, points)}" />'
            out.append("</mjloggm>")
            if stats is not None:
                stats.games += 1
            return "".join(out), GameResult(tuple(hands), final, points)
        kyoku, honba, sticks = nxt.kyoku, nxt.honba, nxt.sticks
    raise RuntimeError(f"game with seed {seed} did not end within {MAX_HANDS} hands")
