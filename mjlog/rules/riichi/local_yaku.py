"""Local yaku (地方役) as rule-set knobs: one small declarative definition each.

Source: ``../shared/docs/local-variants.md`` (seed 002). Tenhou uses none of them; each is a
boolean knob of :class:`~mjlog.rules.riichi.ruleset.RuleSet`, off in every preset. Names, ids
and han are in :data:`~mjlog.rules.riichi.yaku_table.LOCAL_YAKU`; here each yaku states its knob,
the condition on one reading of the hand (:class:`Shape`), the yaku it replaces, how many
yakuman it counts, and whether a recorded win can show it.

The scorer (:mod:`mjlog.rules.riichi.scorer`) builds a :class:`Shape` for each reading only when
a local knob is on, and turns each condition that holds into a fact bit of
:mod:`mjlog.rules.riichi.yaku`, so the choice of the reading worth most and the exclusions work
as for Tenhou's yaku.

Choices where the source gives more than one rule (the first one is taken):
三色通貫 2 han closed, 1 open; 一色三順 2 han open or closed, not with 一盃口; 人和 a yakuman;
十三不搭 a yakuman on the dealer's first draw or a non-dealer's first draw (in place of 天和/地和);
大七星 a double yakuman; 百萬石 a single yakuman; 八連荘 a yakuman on the dealer's eighth
consecutive win and each further one (``WinContext.dealer_streak`` counts the wins before).

>>> s = Shape("regular", pair=27, runs=(0, 12, 24), trips=(31,), counts=(0,) * 34, open=False)
>>> [y.knob for y in LOCAL if y.holds(s)]
['local_sanshoku_tsuukan']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from mjlog.rules.riichi.context import WinContext

_NO_CONTEXT = WinContext()


@dataclass(frozen=True, slots=True)
class Shape:
    """One reading of a winning hand as the local yaku see it.

    ``form`` is ``regular`` (four sets and a pair), ``pairs`` (seven pairs), ``kokushi`` or
    ``unconnected`` (十三不搭's thirteen kinds and a pair). ``runs`` are the first kinds of every
    run and ``trips`` the kinds of every triplet or kan, calls included; ``pair`` is the pair's
    kind (-1 outside the regular form); ``counts`` the number of each kind 0..33, calls included.
    """

    form: str
    pair: int = -1
    runs: tuple[int, ...] = ()
    trips: tuple[int, ...] = ()
    counts: tuple[int, ...] = (0,) * 34
    open: bool = False
    ctx: WinContext = _NO_CONTEXT


@dataclass(frozen=True, slots=True)
class LocalYaku:
    """A local yaku: its id (see ``LOCAL_YAKU``), knob, condition, the ids it replaces, its yakuman
    count (0: not a yakuman), and why a recorded win cannot show it (empty: it can)."""

    id: int
    knob: str
    holds: Callable[[Shape], bool]
    replaces: tuple[int, ...] = ()
    yakuman: int = 0
    not_rescorable: str = ""


def _same_suit_steps(kinds: tuple[int, ...], length: int) -> bool:
    """``length`` distinct suited kinds in ``kinds`` that are consecutive numbers of one suit."""
    present = set(kinds)
    return any(all(k + i in present and (k + i) // 9 == k // 9 for i in range(length))
               for k in present if k < 27)


def _repeated_run(s: Shape, times: int) -> bool:
    return s.form == "regular" and bool(s.runs) and max(Counter(s.runs).values()) >= times


def _sanshoku_tsuukan(s: Shape) -> bool:
    """123, 456 and 789 in three different suits."""
    r = set(s.runs)
    return s.form == "regular" and any({9 * a, 9 * b + 3, 9 * c + 6} <= r
                                       for a, b, c in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)))


def _touhoku(s: Shape) -> bool:
    """一氣通貫 with an East pung and a North pair, or a North pung and an East pair."""
    r = set(s.runs)
    ittsu = any({9 * a, 9 * a + 3, 9 * a + 6} <= r for a in range(3))
    return s.form == "regular" and ittsu and ((27 in s.trips and s.pair == 30) or (30 in s.trips and s.pair == 27))


def _unconnected(s: Shape) -> bool:
    return s.form == "unconnected" and (s.ctx.tenhou or s.ctx.chiihou)


def _only(kinds: frozenset[int]) -> Callable[[tuple[int, ...]], bool]:
    return lambda counts: all(c == 0 or k in kinds for k, c in enumerate(counts))


_BENI_KUJAKU_TILES = _only(frozenset((18, 22, 24, 26, 33)))   # 1s 5s 7s 9s 中
_CHARACTERS = _only(frozenset(range(9)))


#: Every local yaku of the rules documents, in their order.
LOCAL: tuple[LocalYaku, ...] = (
    LocalYaku(100, "local_open_riichi", lambda s: s.ctx.open_riichi and s.ctx.riichi and not s.ctx.double_riichi,
              replaces=(1,), not_rescorable="a riichi with the hand shown: no log shows one"),
    LocalYaku(101, "local_open_double_riichi", lambda s: s.ctx.open_riichi and s.ctx.double_riichi,
              replaces=(1, 21, 100), not_rescorable="a double riichi with the hand shown: no log shows one"),
    LocalYaku(102, "local_sanshoku_tsuukan", _sanshoku_tsuukan),
    LocalYaku(103, "local_isshoku_sanjun", lambda s: _repeated_run(s, 3), replaces=(9,)),
    LocalYaku(104, "local_sanrenkou", lambda s: s.form == "regular" and _same_suit_steps(s.trips, 3)),
    LocalYaku(105, "local_renhou_yakuman", lambda s: s.ctx.renhou, replaces=(36,), yakuman=1),
    LocalYaku(106, "local_shiisan_puutaa", _unconnected, replaces=(37, 38), yakuman=1,
              not_rescorable="not a winning hand under the recorded rules, so no recorded win holds it"),
    LocalYaku(107, "local_daichisei", lambda s: s.form == "pairs" and all(c == 2 for c in s.counts[27:34]),
              replaces=(42,), yakuman=2),
    LocalYaku(108, "local_daisharin",
              lambda s: not s.open and s.counts[10:17] == (2,) * 7 and sum(s.counts) == 14, yakuman=1),
    LocalYaku(109, "local_touhoku_shinkansen", _touhoku, yakuman=1),
    LocalYaku(110, "local_hyakuman_goku",
              lambda s: _CHARACTERS(s.counts) and sum((k + 1) * c for k, c in enumerate(s.counts[:9])) >= 100,
              yakuman=1),
    LocalYaku(111, "local_isshoku_yonjun", lambda s: _repeated_run(s, 4), yakuman=1),
    LocalYaku(112, "local_suurenkou", lambda s: s.form == "regular" and _same_suit_steps(s.trips, 4), yakuman=1),
    LocalYaku(113, "local_beni_kujaku",
              lambda s: s.form == "regular" and not s.runs and _BENI_KUJAKU_TILES(s.counts), yakuman=1),
    LocalYaku(114, "local_paarenchan", lambda s: s.ctx.dealer and s.ctx.dealer_streak >= 7, yakuman=1),
)

BY_ID: dict[int, LocalYaku] = {y.id: y for y in LOCAL}
BY_KNOB: dict[str, LocalYaku] = {y.knob: y for y in LOCAL}

#: The first fact bit of the local yaku (the bits below are Tenhou's facts, :mod:`mjlog.rules.riichi.yaku`).
FIRST_FACT_BIT = 64


def fact_bit(yaku_id: int) -> int:
    """The fact bit a reading gets when local yaku ``yaku_id`` holds."""
    return 1 << (FIRST_FACT_BIT + yaku_id - 100)


def active(rules: object) -> tuple[LocalYaku, ...]:
    """The local yaku whose knob is on in ``rules`` (empty for every Tenhou preset)."""
    return tuple(y for y in LOCAL if getattr(rules, y.knob, False))


def facts_of(on: tuple[LocalYaku, ...], shape: Shape) -> int:
    """The fact bits of the local yaku of ``on`` that hold for this reading."""
    bits = 0
    for y in on:
        if y.holds(shape):
            bits |= fact_bit(y.id)
    return bits


def is_unconnected(counts: list[int]) -> bool:
    """十三不搭's tiles: thirteen kinds, one of them paired, suited kinds of one suit at least 3
    apart, at least one simple (2-8)."""
    if sum(counts) != 14 or sum(1 for c in counts if c) != 13 or max(counts) != 2:
        return False
    for suit in range(3):
        nums = [n for n in range(9) if counts[9 * suit + n]]
        if any(b - a < 3 for a, b in zip(nums, nums[1:])):
            return False
    return any(counts[9 * s + n] for s in range(3) for n in range(1, 8))
