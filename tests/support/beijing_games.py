"""Hand-built Beijing games used by several tests (both worked examples of the source among them)."""

from __future__ import annotations

from mjlog.ir import GameLog
from mjlog.rules.common.wall import new_seed
from tests.support.beijingbuild import GameBuilder, HandScript, with_base


def example1(g: GameBuilder) -> HandScript:
    """Worked example 1: East deals, one 燒莊 round, East self-draws 對對和 (a wild 1s stands for 3s)."""
    h = g.hand(["111m222p33s1s444z5z", "9m", "9m", "9m"], keep="5z9m")
    h.turn(0, "9m", "9m")
    for seat in (1, 2, 3):
        h.turn(seat, None, "9m")
    h.draw(0, "5z")
    h.win(0)
    return h


def example2(g: GameBuilder) -> HandScript:
    """Worked example 2: three 燒莊 rounds; North pons three of South's discards (互包); South, closed and
    holding a wild tile, wins 推倒和 on East's discard."""
    h = g.hand(["1z2z3z2p", "1z2z3z7p8p9p234m567m3s", "1z2z3z", "1z2z3z7p7p8p8p9p9p"], keep="2p4s5s8s7p8p9p")
    for burn, south_draw in (("1z", "4s"), ("2z", "5s"), ("3z", "8s")):
        h.turn(0, None, burn)
        h.turn(1, south_draw, burn)
        h.turn(2, None, burn)
        h.turn(3, None, burn)
    for south_draw, tile in (("8s", "7p"), ("2p", "8p"), ("1s", "9p")):
        h.turn(0)
        h.turn(1, south_draw, tile)
        h.call(3, "pon", tile * 3 if len(tile) == 1 else tile[0] * 3 + tile[1])
        h.discard(3)
    h.turn(0, None, "2p")
    h.win(1, from_seat=0)
    return h


def quick_ron(g: GameBuilder, winner_offset: int = 1) -> HandScript:
    """The dealer's first discard (5p) is won by a closed, tenpai non-dealer (地和)."""
    def dealt(dealer: int) -> list[str]:
        out = ["", "", "", ""]
        out[dealer], out[(dealer + winner_offset) % 4] = "5p", "123m456m789p234s5p"
        return out

    h = g.hand(dealt, keep="5p")
    dealer = h.dealer
    winner = (dealer + winner_offset) % 4
    h.turn(dealer, None, "5p")
    h.win(winner, from_seat=dealer, first_turn=True)
    return h


def full_game() -> GameLog:
    """Both worked examples (base 2000 for both: the second's is 500 in the source), then the deal
    goes round: five hands, the game ends, final scores recorded."""
    g = GameBuilder(with_base(2000))
    example1(g)        # East keeps the deal
    example2(g)        # South wins: the deal passes to North (the source's rotation)
    quick_ron(g)       # North deals, East wins: to West
    quick_ron(g, 2)    # West deals, East wins: to South
    quick_ron(g, 3)    # South deals, East wins: the deal would return to East: the game ends
    return g.log()


def seeded_game(seed: int = 5, hands: int = 2) -> GameLog:
    """A seeded game whose hands all end in the exhaustive draw (everyone discards what it draws);
    the log stops there (the dealer keeps the deal, so the game goes on)."""
    g = GameBuilder(with_base(500), seed=new_seed(seed))
    for _ in range(hands):
        g.hand().exhaust()
    return g.log(final=False)
