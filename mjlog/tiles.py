"""Tiles: the 136 Tenhou tile ids, the 34 kinds, red fives and mpsz notation.

A *tile id* is an int 0..135: ``kind = id // 4`` and ``id % 4`` is the copy.
A *kind* is an int 0..33: 0-8 are 1m-9m, 9-17 1p-9p, 18-26 1s-9s and
27-33 East, South, West, North, Haku, Hatsu, Chun.
Red fives are ids 16 (0m), 52 (0p) and 88 (0s) when the rule set has them.

>>> kind_of(53), kind_name(13)
(13, '5p')
>>> tile_name(52), tile_name(52, red_fives=False)
('0p', '5p')
>>> parse_mpsz("123m0p11z")
(3, 7, 11, 52, 111, 110)
>>> to_mpsz(parse_mpsz("123m0p11z"))
'123m0p11z'
>>> dora_kind(kind_of(32)), dora_kind(0, players=3), dora_kind(33)
(0, 8, 31)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

N_KINDS = 34
N_TILES = 136
RED_FIVES: frozenset[int] = frozenset({16, 52, 88})
#: Kinds that are absent from the sanma wall (2m-8m).
SANMA_ABSENT_KINDS: frozenset[int] = frozenset(range(1, 8))
#: The 108 tile ids of the sanma wall, ascending.
SANMA_TILES: tuple[int, ...] = tuple([0, 1, 2, 3] + list(range(32, 136)))

EAST, SOUTH, WEST, NORTH, HAKU, HATSU, CHUN = range(27, 34)
WIND_KINDS = (EAST, SOUTH, WEST, NORTH)
DRAGON_KINDS = (HAKU, HATSU, CHUN)
HONOR_KINDS = tuple(range(27, 34))
TERMINAL_KINDS = (0, 8, 9, 17, 18, 26)
YAOCHUU_KINDS: tuple[int, ...] = TERMINAL_KINDS + HONOR_KINDS

SUITS = "mps"
HONOR_LETTERS = "ESWNPFC"  # used in kind_name for honours: 1z..7z
WIND_NAMES = ("East", "South", "West", "North")


def kind_of(tile: int) -> int:
    """The kind (0..33) of a tile id."""
    return tile >> 2


def is_red(tile: int, red_fives: bool = True) -> bool:
    """True when the tile id is a red five under a rule set with red fives."""
    return red_fives and tile in RED_FIVES


def is_valid_tile(tile: int, players: int = 4) -> bool:
    """True when ``tile`` is an id present in the wall for ``players`` players."""
    if not 0 <= tile < N_TILES:
        return False
    return players != 3 or (tile >> 2) not in SANMA_ABSENT_KINDS


def kind_name(kind: int) -> str:
    """mpsz name of a kind: ``'1m'`` .. ``'9s'``, ``'1z'`` (East) .. ``'7z'`` (Chun)."""
    if not 0 <= kind < N_KINDS:
        raise ValueError(f"tile kind {kind} is not in 0..33")
    suit, num = divmod(kind, 9)
    return f"{num + 1}{'mpsz'[suit]}"


def tile_name(tile: int, red_fives: bool = True) -> str:
    """mpsz name of a tile id; a red five is ``'0m'``/``'0p'``/``'0s'``."""
    if not 0 <= tile < N_TILES:
        raise ValueError(f"tile id {tile} is not in 0..135")
    if is_red(tile, red_fives):
        return f"0{'mps'[tile // 36]}"
    return kind_name(tile >> 2)


def to_mpsz(tiles: Iterable[int], red_fives: bool = True) -> str:
    """Compact mpsz notation of tile ids, in the given order grouped by suit runs."""
    out: list[str] = []
    digits: list[str] = []
    suit = ""
    for t in tiles:
        name = tile_name(t, red_fives)
        if name[1] != suit and digits:
            out.append("".join(digits) + suit)
            digits = []
        suit = name[1]
        digits.append(name[0])
    if digits:
        out.append("".join(digits) + suit)
    return "".join(out)


def parse_mpsz(text: str) -> tuple[int, ...]:
    """Tile ids for mpsz notation such as ``"123m0p11z"``.

    Digits before a suit letter belong to it; ``0`` is the red five (copy 0).
    Other copies are assigned from copy 3 down, so ``"55m"`` is ``(19, 18)``
    and only a fourth black five takes copy 0. Raises ``ValueError`` on bad
    text or more than four copies of a kind.
    """
    used: set[int] = set()
    ids: list[int] = []
    pending: list[str] = []
    for ch in text.replace(" ", ""):
        if ch.isdigit():
            pending.append(ch)
            continue
        if ch not in "mpsz":
            raise ValueError(f"bad character {ch!r} in tile text {text!r}")
        if not pending:
            raise ValueError(f"suit {ch!r} without digits in tile text {text!r}")
        suit = "mpsz".index(ch)
        for d in pending:
            n = int(d)
            if suit == 3 and not 1 <= n <= 7:
                raise ValueError(f"honour {d}z does not exist (1z-7z)")
            kind = suit * 9 + (4 if n == 0 else n - 1)
            choices = (kind * 4,) if n == 0 else tuple(kind * 4 + c for c in (3, 2, 1, 0))
            tile = next((t for t in choices if t not in used), None)
            if tile is None:
                raise ValueError(f"too many copies of {d}{ch} in {text!r}")
            used.add(tile)
            ids.append(tile)
        pending = []
    if pending:
        raise ValueError(f"digits without a suit letter at the end of {text!r}")
    return tuple(ids)


def counts34(tiles: Iterable[int]) -> list[int]:
    """A 34-long list of how many of each kind the tile ids hold."""
    c = [0] * N_KINDS
    for t in tiles:
        c[t >> 2] += 1
    return c


def dora_kind(indicator_kind: int, players: int = 4) -> int:
    """The dora kind shown by an indicator kind (sanma: 1m shows 9m, 9m shows 1m)."""
    k = indicator_kind
    if k < 27:
        suit, num = divmod(k, 9)
        if players == 3 and suit == 0:
            return 8 if num == 0 else 0
        return suit * 9 + (num + 1) % 9
    if k < 31:
        return 27 + (k - 27 + 1) % 4
    return 31 + (k - 31 + 1) % 3


# tenhou.net/6 JSON tile codes: 11-19 m, 21-29 p, 31-39 s, 41-47 honours, 51-53 red fives.


def to_json_code(tile: int, red_fives: bool = True) -> int:
    """tenhou.net/6 JSON code of a tile id (51/52/53 for red fives)."""
    if 0 <= tile < N_TILES:
        return _JSON_CODES[1 if red_fives else 0][tile]
    return _json_code(tile, red_fives)


def _json_code(tile: int, red_fives: bool) -> int:
    if is_red(tile, red_fives):
        return 51 + tile // 36
    kind = tile >> 2
    return (kind // 9 + 1) * 10 + kind % 9 + 1


#: :func:`to_json_code` of every tile id, without and with red fives: the fingerprint of a game
#: asks for every tile of every hand (a table lookup halved the fingerprint's tile coding).
_JSON_CODES = tuple(tuple(_json_code(t, red) for t in range(N_TILES)) for red in (False, True))


def json_codes(red_fives: bool = True) -> tuple[int, ...]:
    """:func:`to_json_code` of each tile id 0..135, by index (for code that codes many tiles)."""
    return _JSON_CODES[1 if red_fives else 0]


def json_code_kind(code: int) -> int:
    """The kind of a tenhou.net/6 JSON tile code; raises ``ValueError`` if invalid."""
    if code in (51, 52, 53):
        return (code - 51) * 9 + 4
    suit, num = divmod(code, 10)
    if 1 <= suit <= 3 and 1 <= num <= 9:
        return (suit - 1) * 9 + num - 1
    if suit == 4 and 1 <= num <= 7:
        return 27 + num - 1
    raise ValueError(f"{code} is not a tenhou.net/6 tile code")


def sorted_tiles(tiles: Sequence[int]) -> tuple[int, ...]:
    """Tile ids sorted by id (kind order, copies ascending)."""
    return tuple(sorted(tiles))
