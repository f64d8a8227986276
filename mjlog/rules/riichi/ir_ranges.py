"""Riichi's part of the IR range check (:mod:`mjlog.ir.check`): the values a riichi win records
(:class:`~mjlog.rules.riichi.record.RiichiWin`) and the riichi declarations a hand may hold."""

from __future__ import annotations

from mjlog.ir.check import (
    COUNTER_LIMIT,
    COUNTER_RANGE,
    FU_RANGE,
    PER_HAND_LIMIT,
    SMALL_RANGE,
    OutOfRange,
    PayloadCheck,
    check_int,
    check_ints,
    count_per_hand,
    register_payload,
)
from mjlog.rules.riichi.events import RiichiDeclared
from mjlog.rules.riichi.record import RiichiWin


def check_recorded(r: RiichiWin) -> None:
    """OutOfRange unless the fu, limit code, yaku (id, han) pairs and yakuman ids fit the store's columns."""
    yaku, yakuman = r.yaku, r.yakuman
    if (0 <= r.fu <= COUNTER_LIMIT and -128 <= r.limit <= 127
            and len(yaku) <= PER_HAND_LIMIT and len(yakuman) <= PER_HAND_LIMIT
            and (not yakuman or (0 <= min(yakuman) and max(yakuman) <= COUNTER_LIMIT))):
        for yid, han in yaku:
            if not (0 <= yid <= COUNTER_LIMIT and -128 <= han <= 127):
                break
        else:
            return
    check_int(r.fu, "the fu", FU_RANGE)
    check_int(r.limit, "the limit code", SMALL_RANGE)
    if len(yaku) > PER_HAND_LIMIT or len(yakuman) > PER_HAND_LIMIT:
        raise OutOfRange(f"the win lists more than {PER_HAND_LIMIT} yaku")
    for yid, han in yaku:
        check_int(yid, "a yaku id", COUNTER_RANGE)
        check_int(han, "a yaku's han", SMALL_RANGE)
    check_ints(yakuman, "a yakuman id", COUNTER_RANGE)


register_payload(RiichiWin, PayloadCheck(values=check_recorded, seats=("pao_who",),
                                         tile_lists=("dora_indicators", "ura_indicators")))
count_per_hand(RiichiDeclared, "riichi declarations")
