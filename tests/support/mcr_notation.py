"""The notation of the MCR fan vectors (zheng-fan/GB-Mahjong's strings) read into mjlog's hands.

``[EEE,2][SSSS,1]WWWNN55pN|EE1000|8``: melds in brackets (``,n``: chow = the claimed tile,
pung/kong = 1-3 who gave it, 5-7 an added kong; a kong without ``n`` is concealed), then the
standing tiles with the last one the winning tile (m s p suits, ESWN winds, C 中 F 发 P 白), then
the prevalent and seat winds, self-drawn, last copy (绝张), wall last (海底), kong, and the flowers
(a count, or letters a-h).
"""

from __future__ import annotations

import re

from mjlog.rules.mcr.hand import McrHand, WinSituation, parse_hand

_HONORS = {"E": "1z", "S": "2z", "W": "3z", "N": "4z", "P": "5z", "F": "6z", "C": "7z"}


def _mpsz(tiles: str) -> str:
    out, pending = [], []
    for ch in tiles:
        if ch.isdigit():
            pending.append(ch)
        elif ch in "msp":
            out.extend(d + ch for d in pending)
            pending = []
        else:
            out.append(_HONORS[ch])
    assert not pending, tiles
    return "".join(out)


def read_vector(text: str) -> tuple[McrHand, WinSituation]:
    """The hand and situation of one vector string."""
    parts = text.split("|")
    body = parts[0]
    flags = parts[1] if len(parts) > 1 and parts[1] else "EE0000"
    flowers = parts[2] if len(parts) > 2 else ""
    melds = []
    for tiles, n in re.findall(r"\[([^\],]+)(?:,(\d))?\]", body):
        t = _mpsz(tiles)
        if len(t) == 8 and not n:
            melds.append(f"({t})")
        elif len(t) == 8 and int(n) >= 5:
            melds.append(f"[{t}]+")
        else:
            melds.append(f"[{t}]")
    standing = _mpsz(re.sub(r"\[[^\]]*\]", "", body))
    n_flowers = int(flowers) if flowers.isdigit() else len(flowers)
    text_hand = "".join(melds) + standing + ("".join(str(i + 1) for i in range(n_flowers)) + "f" if n_flowers else "")
    winds = "ESWN"
    sit = WinSituation(
        self_drawn=flags[2] == "1", last_copy=flags[3] == "1", wall_last=flags[4] == "1",
        robbed_kong=flags[5] == "1" and flags[2] == "0", after_kong=flags[5] == "1" and flags[2] == "1",
        round_wind=winds.index(flags[0]), seat_wind=winds.index(flags[1]),
    )
    return parse_hand(text_hand), sit
