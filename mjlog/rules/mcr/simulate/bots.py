"""A bot that chases MCR's 8-fan minimum: a plan (a flush suit, or none), shanten toward it, and
only wins the calculator says reach the minimum.

The plan is the suit the hand holds most of, once suit and honour tiles reach nine: tiles of
the other two suits then count as missing (half flush, 6 fan, and its pungs of honours usually
make 8). Without a plan the bot plays by plain shanten and hopes for the minimum some other way
(all pungs, all types, a straight...). Ties between discards go to the tile with the fewest
neighbours. Claims: a pung or kong of a tile the plan keeps when it brings the hand nearer; a
chow only inside the plan's suit.

>>> bot = McrBot()
>>> from mjlog.tiles import parse_mpsz
>>> bot.plan(parse_mpsz("123456789m1234p5z"))
0
>>> bot.plan(parse_mpsz("147m258p369s1234z"))
"""

from __future__ import annotations

from collections.abc import Sequence

from mjlog.rules.common.shanten import shanten
from mjlog.tiles import counts34

__all__ = ["McrBot"]

_PLAN_MIN = 9        # suit + honour tiles a hand needs before it chases that suit's flush


class McrBot:
    """Decisions for one seat; stateless, so one instance serves every seat."""

    def plan(self, tiles: Sequence[int]) -> int | None:
        """The suit (0 m, 1 p, 2 s) whose flush the hand chases, or None."""
        c = counts34(tiles)
        honours = sum(c[27:])
        best = max(range(3), key=lambda s: (sum(c[9 * s:9 * s + 9]), -s))
        return best if sum(c[9 * best:9 * best + 9]) + honours >= _PLAN_MIN else None

    def distance(self, tiles: Sequence[int], melds: int, plan: int | None) -> tuple[int, int]:
        """(shanten toward the plan, plain shanten): smaller is nearer a win."""
        c = counts34(tiles)
        plain = shanten(c, melds)
        if plan is None:
            return plain, plain
        for s in range(3):
            if s != plan:
                c[9 * s:9 * s + 9] = [0] * 9
        return shanten(c, melds), plain

    def discard(self, tiles: Sequence[int], melds: int, plan: int | None) -> int:
        """The tile id to discard from a hand of 3k+2 tiles."""
        c = counts34(tiles)
        best: tuple | None = None
        choice = tiles[-1]
        seen: set[int] = set()
        for t in tiles:
            k = t >> 2
            if k in seen:
                continue
            seen.add(k)
            rest = list(tiles)
            rest.remove(t)
            off_plan = plan is not None and k < 27 and k // 9 != plan
            key = (*self.distance(rest, melds, plan), not off_plan, _neighbours(c, k), -k)
            if best is None or key < best:
                best, choice = key, t
        return choice

    def wants_set(self, concealed: Sequence[int], melds: int, plan: int | None, used: Sequence[int],
                  tile: int) -> bool:
        """Whether to claim ``tile`` for a set with the hand's ``used`` tiles: only when it brings the
        hand nearer the plan than it is now."""
        kinds = {t >> 2 for t in (*used, tile)}
        if plan is not None and any(k < 27 and k // 9 != plan for k in kinds):
            return False
        now = self.distance(concealed, melds, plan)[0]
        rest = list(concealed)
        for t in used:
            rest.remove(t)
        after = min(self.distance(_without(rest, t), melds + 1, plan)[0] for t in rest) if rest else -1
        return after < now

    def wants_chow(self, plan: int | None) -> bool:
        """Chows only inside a flush plan (an open hand without one rarely makes 8)."""
        return plan is not None


def _neighbours(c: list[int], k: int) -> int:
    """How many tiles within two of kind ``k`` (and its own copies) the hand holds besides it."""
    if k >= 27:
        return 3 * (c[k] - 1)
    lo, hi = k - k % 9, k - k % 9 + 8
    return 3 * (c[k] - 1) + sum(c[j] for j in range(max(lo, k - 2), min(hi, k + 2) + 1) if j != k)


def _without(tiles: list[int], t: int) -> list[int]:
    out = list(tiles)
    out.remove(t)
    return out
