"""Tenhou's wall: the seed text of a log → the wall (``yama``) and dice of every hand.

Three seed formats exist (reference doc §3.1, §10):

* ``mt19937ar-sha512-n288-base64,<3328 base64 chars>`` (SHUFFLE, modern): 624 key words,
  one MT19937 for the whole game, 288 outputs per hand hashed with SHA-512.
* ``mt19937ar-sha512-n288,<hex words>`` (SHUFFLE, 2009–2010): the same with a hex key.
* ``mt19937ar,<hex words>`` (the ``shuffle`` attribute of each INIT, 2008–2009): a fresh
  MT19937 per hand, its first 138 outputs used directly.

The top of the wall is the *end* of ``yama``; the dead wall is its start.

>>> ref = ReferenceMT19937([0x123, 0x234, 0x345, 0x456])
>>> [ref.genrand_int32() for _ in range(3)]
[1067595299, 955945823, 477289528]
>>> seed = new_seed(7)
>>> seed.kind, len(seed.value)
('mt19937ar-sha512-n288-base64', 3328)
>>> wall = next(walls_for_game(seed, players=4))
>>> len(wall.yama), sorted(wall.yama) == list(range(136))
(136, True)
>>> [len(h) for h in wall.starting_hands(dealer=0)]
[13, 13, 13, 13]
>>> wall.live_draw(0) == wall.yama[83], wall.dora_indicator(0) == wall.yama[5]
(True, True)
>>> wall.live_draw_count(), wall.live_draw_count(replacements=2)
(70, 68)
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import random
import re
import struct
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import cast

from mjlog.accel import (
    mt_bytes as _mt_bytes,
    mt_seed as _mt_seed,
    sha512_blocks as _sha512_blocks,
    shuffle_wall as _shuffle,
)
from mjlog.errors import MalformedLogError
from mjlog.frozen import builder
from mjlog.ir import Seed
from mjlog.tiles import SANMA_TILES

__all__ = [
    "KIND_BASE64",
    "KIND_HEX",
    "KIND_PER_HAND",
    "DealtWall",
    "ReferenceMT19937",
    "Wall",
    "WallGenerator",
    "fast_mt19937",
    "new_seed",
    "parse_seed",
    "seed_key",
    "wall_for_shuffle",
    "walls_for_game",
    "walls_of_game_seed",
]

KIND_BASE64 = "mt19937ar-sha512-n288-base64"
KIND_HEX = "mt19937ar-sha512-n288"
KIND_PER_HAND = "mt19937ar"
GAME_KINDS = (KIND_BASE64, KIND_HEX)

_N = 624                      # MT19937 state words
_M = 397
_MASK = 0xFFFFFFFF
_BASE64_KEY_BYTES = 2496      # 624 little-endian words
_SRC_WORDS = 288              # MT outputs per hand (the "n288")
_SRC_BITS = 32 * _SRC_WORDS
_SRC_BYTES = 4 * _SRC_WORDS
_PER_HAND_WORDS = 138         # mt19937ar per-INIT shuffle: rnd[0..137]
_HEX_WORD = re.compile(r"[0-9A-Fa-f]{8}\Z")
_UNPACK_RND = struct.Struct("<144I").unpack
_UNPACK_WORD = struct.Struct("<I").unpack_from
_DICE_WORDS = (135, 136)      # rnd words whose values mod 6 are the dice
#: The two dice words (next to each other) read in one call, at their byte offset.
_UNPACK_DICE, _DICE_AT = struct.Struct("<2I").unpack_from, 4 * _DICE_WORDS[0]
assert _DICE_WORDS[1] == _DICE_WORDS[0] + 1
_UNPACK_PER_HAND = struct.Struct(f"<{_PER_HAND_WORDS}I").unpack

_TILES_4P: tuple[int, ...] = tuple(range(136))
_TILES_3P: tuple[int, ...] = SANMA_TILES


# ---- MT19937 ----------------------------------------------------------------------------------


class ReferenceMT19937:
    """A plain-Python MT19937 following the reference ``mt19937ar.c`` (init_by_array, genrand_int32).

    It is slow and exists to check the fast path (:func:`fast_mt19937`) and as its fallback.
    """

    __slots__ = ("mt", "mti")

    def __init__(self, key: Sequence[int] | None = None):
        self.mt: list[int] = [0] * _N
        self.mti: int = _N + 1          # "not initialised", as in mt19937ar.c
        if key is not None:
            self.init_by_array(key)

    def init_genrand(self, s: int) -> None:
        """Seed the state from one 32-bit word."""
        mt = self.mt
        mt[0] = s & _MASK
        for i in range(1, _N):
            prev = mt[i - 1]
            mt[i] = (1812433253 * (prev ^ (prev >> 30)) + i) & _MASK
        self.mti = _N

    def init_by_array(self, key: Sequence[int]) -> None:
        """Seed the state from a non-empty array of 32-bit words."""
        n = len(key)
        if n == 0:
            raise ValueError("init_by_array needs at least one key word")
        self.init_genrand(19650218)
        mt = self.mt
        i, j = 1, 0
        for _ in range(max(_N, n)):
            prev = mt[i - 1]
            mt[i] = ((mt[i] ^ ((prev ^ (prev >> 30)) * 1664525)) + (key[j] & _MASK) + j) & _MASK
            i += 1
            j += 1
            if i >= _N:
                mt[0] = mt[_N - 1]
                i = 1
            if j >= n:
                j = 0
        for _ in range(_N - 1):
            prev = mt[i - 1]
            mt[i] = ((mt[i] ^ ((prev ^ (prev >> 30)) * 1566083941)) - i) & _MASK
            i += 1
            if i >= _N:
                mt[0] = mt[_N - 1]
                i = 1
        mt[0] = 0x80000000

    def _twist(self) -> None:
        mt = self.mt
        for k in range(_N):
            y = (mt[k] & 0x80000000) | (mt[(k + 1) % _N] & 0x7FFFFFFF)
            mt[k] = mt[(k + _M) % _N] ^ (y >> 1) ^ (0x9908B0DF if y & 1 else 0)
        self.mti = 0

    def genrand_int32(self) -> int:
        """The next 32-bit output."""
        if self.mti >= _N:
            if self.mti == _N + 1:
                self.init_genrand(5489)
            self._twist()
        y = self.mt[self.mti]
        self.mti += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C5680
        y ^= (y << 15) & 0xEFC60000
        y ^= y >> 18
        return y

    def to_random(self) -> random.Random:
        """A :class:`random.Random` continuing this generator's stream (``getrandbits(32)``)."""
        if self.mti > _N:                   # never seeded: mt19937ar's default seed
            self.init_genrand(5489)
        rng = random.Random()
        rng.setstate((3, (*self.mt, self.mti), None))
        return rng


def fast_mt19937(key: Sequence[int]) -> random.Random:
    """A :class:`random.Random` whose ``getrandbits(32)`` stream equals mt19937ar's
    ``genrand_int32`` after ``init_by_array(key)``.

    ``key`` is a non-empty sequence of 32-bit words.
    """
    if not key:
        raise ValueError("init_by_array needs at least one key word")
    return _fast_mt19937_le_bytes(_le_bytes(key))


def _le_bytes(words: Sequence[int]) -> bytes:
    """32-bit words as little-endian bytes, first word first."""
    return struct.pack(f"<{len(words)}I", *words)


def _fast_mt19937_le_bytes(raw: bytes) -> random.Random:
    """:func:`fast_mt19937` for a key given as little-endian word bytes."""
    if raw[-4:] != b"\0\0\0\0":
        # CPython seeds an int with init_by_array over its 32-bit words, least significant first.
        return random.Random(int.from_bytes(raw, "little"))
    # A zero last word would be trimmed from the key by CPython: seed by the reference instead.
    return ReferenceMT19937(struct.unpack(f"<{len(raw) // 4}I", raw)).to_random()


# ---- seeds ------------------------------------------------------------------------------------


def parse_seed(text: str) -> Seed:
    """A :class:`Seed` for a seed attribute as written (``kind,value``); the value is not checked."""
    kind, sep, value = text.partition(",")
    return Seed(kind=kind, value=value if sep else "", text=text)


def _as_seed(seed: Seed | str) -> Seed:
    return parse_seed(seed) if isinstance(seed, str) else seed


def _hex_words(seed: Seed) -> tuple[int, ...]:
    parts = seed.value.split(",") if seed.value else []
    if not parts:
        raise MalformedLogError(f"seed {seed.kind!r} has no key words")
    if len(parts) > _N:
        raise MalformedLogError(f"seed {seed.kind!r} has {len(parts)} key words (at most {_N})")
    for n, part in enumerate(parts):
        if not _HEX_WORD.match(part):
            raise MalformedLogError(
                f"seed {seed.kind!r} key word {n} is {part[:20]!r}, not 8 hex digits"
            )
    return tuple(int(p, 16) for p in parts)


def _base64_key(seed: Seed) -> bytes:
    try:
        raw = base64.b64decode(seed.value, validate=True)
    except (binascii.Error, ValueError) as exc:
        raise MalformedLogError(f"seed {seed.kind!r} is not valid base64 ({exc})") from None
    if len(raw) != _BASE64_KEY_BYTES:
        raise MalformedLogError(
            f"seed {seed.kind!r} decodes to {len(raw)} bytes, expected {_BASE64_KEY_BYTES}"
        )
    return raw


def seed_key(seed: Seed | str) -> tuple[int, ...]:
    """The MT19937 key words of a seed of any of the three kinds.

    Raises :class:`MalformedLogError` for an unknown kind or a value that does not decode.
    """
    seed = _as_seed(seed)
    if seed.kind == KIND_BASE64:
        return struct.unpack(f"<{_N}I", _base64_key(seed))
    if seed.kind in (KIND_HEX, KIND_PER_HAND):
        return _hex_words(seed)
    raise MalformedLogError(f"unknown wall seed kind {seed.kind[:40]!r}")


def new_seed(rng: random.Random | int | None = None) -> Seed:
    """A fresh ``mt19937ar-sha512-n288-base64`` seed (624 random words), from ``rng``.

    ``rng`` is a :class:`random.Random` (used as is), an int (seeds one) or None (system entropy).
    """
    if rng is None:
        rng = random.SystemRandom()
    elif isinstance(rng, int):
        rng = random.Random(rng)
    raw = rng.getrandbits(32 * _N).to_bytes(_BASE64_KEY_BYTES, "little")
    value = base64.b64encode(raw).decode("ascii")
    return Seed(kind=KIND_BASE64, value=value, text=f"{KIND_BASE64},{value}")


# ---- the wall ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Wall:
    """The wall of one hand.

    ``yama`` holds the 136 (4p) or 108 (sanma) tile ids; the deal starts at its end and the
    dead wall is ``yama[0..13]`` (4p) or ``yama[0..17]`` (sanma). ``dice`` are 0-based, as INIT
    writes them. ``legacy`` marks walls of the two older seed formats, which read each
    two-tile stack of the dead wall the other way up: dora ``yama[4]``, ``[6]``, …, ura
    ``yama[5]``, ``[7]``, … and replacements ``yama[0]``, ``[1]``, … instead of dora
    ``yama[5]``, ``[7]``, …, ura ``yama[4]``, ``[6]``, … and replacements ``yama[1]``, ``[0]``, …
    (reference doc §10.4 gives the first dora; the rest was checked against the corpus:
    dora 4/6/8, ura 5/7, replacements 0/1 seen).
    """

    yama: tuple[int, ...]
    dice: tuple[int, int]
    legacy: bool = False

    @property
    def players(self) -> int:
        """4 for a 136-tile wall, 3 for a 108-tile (sanma) wall."""
        return 4 if len(self.yama) == 136 else 3

    # -- deal and live wall --

    def starting_hands(self, dealer: int = 0) -> tuple[tuple[int, ...], ...]:
        """The 13 starting tiles of each seat (index = seat), in deal order."""
        yama = self.yama
        p = self.players
        if not 0 <= dealer < p:
            raise ValueError(f"dealer {dealer} is not a seat of a {p}-player game")
        deal = yama[: len(yama) - 13 * p - 1 : -1]   # the 13p dealt tiles, in deal order
        hands: list[tuple[int, ...]] = [()] * p
        for j in range(p):                          # three rounds of four tiles, then one tile each
            a, b, c = 4 * j, 4 * (j + p), 4 * (j + 2 * p)
            hands[(dealer + j) % p] = deal[a : a + 4] + deal[b : b + 4] + deal[c : c + 4] + (deal[12 * p + j],)
        return tuple(hands)

    @property
    def first_live_index(self) -> int:
        """The ``yama`` index of the first live draw (the dealer's 14th tile): 83 (4p) or 68."""
        return len(self.yama) - 1 - 13 * self.players

    def live_draw(self, i: int) -> int:
        """The tile of live draw ``i`` (0 = the dealer's first draw)."""
        if not 0 <= i < self.live_draw_count(0):
            raise IndexError(f"live draw {i} is past the end of the live wall")
        return self.yama[self.first_live_index - i]

    @property
    def live_draws(self) -> tuple[int, ...]:
        """All tiles the live wall can yield, in draw order (the end shrinks with replacements)."""
        return self.yama[14 : self.first_live_index + 1][::-1]

    def live_draw_count(self, replacements: int = 0) -> int:
        """How many live draws a hand has after ``replacements`` kan/kita replacement draws.

        The last live draw (haitei) is ``yama[14 + replacements]``: 70 (4p) or 55 (sanma) minus
        the replacement draws.
        """
        if not 0 <= replacements <= self.max_replacements:
            raise IndexError(f"{replacements} replacement draws is more than the dead wall has")
        return self.first_live_index - 13 - replacements

    # -- dead wall --

    @property
    def max_replacements(self) -> int:
        """Replacement tiles the dead wall holds: 4 (4p) or 8 (sanma, kita included)."""
        return 4 if len(self.yama) == 136 else 8

    def _dora_base(self) -> int:
        return (4 if self.legacy else 5) + (0 if len(self.yama) == 136 else 4)

    def dora_indicator(self, i: int = 0) -> int:
        """Dora indicator ``i``: 0 the initial one, 1..4 the kan-dora in order."""
        if not 0 <= i <= 4:
            raise IndexError(f"dora indicator {i} is not in 0..4")
        return self.yama[self._dora_base() + 2 * i]

    def ura_indicator(self, i: int = 0) -> int:
        """Ura-dora indicator ``i``, under dora indicator ``i``."""
        if not 0 <= i <= 4:
            raise IndexError(f"ura indicator {i} is not in 0..4")
        return self.yama[self._dora_base() + (1 if self.legacy else -1) + 2 * i]

    def dora_indicators(self, n: int = 1) -> tuple[int, ...]:
        """The first ``n`` dora indicators."""
        return tuple(self.dora_indicator(i) for i in range(n))

    def ura_indicators(self, n: int = 1) -> tuple[int, ...]:
        """The first ``n`` ura-dora indicators."""
        return tuple(self.ura_indicator(i) for i in range(n))

    def replacement(self, i: int) -> int:
        """Replacement (rinshan) tile ``i``: ``yama[1]``, ``[0]``, ``[3]``, ``[2]``, ``[5]``, …

        Legacy walls take ``yama[0]``, ``[1]``, ``[2]``, ``[3]`` (0 and 1 seen in the corpus).
        """
        if not 0 <= i < self.max_replacements:
            raise IndexError(f"replacement draw {i} is not in 0..{self.max_replacements - 1}")
        return self.yama[i if self.legacy else i ^ 1]


def shuffle(tiles: tuple[int, ...], rnd: Sequence[int]) -> tuple[int, ...]:
    """Fisher–Yates over ``tiles``: position i swaps with ``i + rnd[i] % (n - i)``.

    >>> shuffle((0, 1, 2, 3), (1, 0, 5))
    (1, 0, 3, 2)
    """
    yama = list(tiles)
    n = len(yama)
    for i, m in zip(range(n - 1), range(n, 1, -1)):
        j = i + rnd[i] % m
        yama[i], yama[j] = yama[j], yama[i]
    return tuple(yama)


_build_wall = builder(Wall)


def _wall_from_rnd(rnd: Sequence[int], players: int, legacy: bool) -> Wall:
    """Fisher–Yates over the sorted tile ids with ``rnd[i] % (n - i)``; dice from rnd[135..136]."""
    tiles = _TILES_4P if players == 4 else _TILES_3P
    yama = _shuffle(tiles, rnd) if _shuffle is not None and type(rnd) is tuple else None
    if yama is None:
        yama = shuffle(tiles, rnd)
    return _build_wall(yama, (rnd[_DICE_WORDS[0]] % 6, rnd[_DICE_WORDS[1]] % 6), legacy)


def _check_players(players: int) -> None:
    if players not in (3, 4):
        raise ValueError(f"players must be 3 or 4, not {players!r}")


def _sha_digests(src: bytes) -> bytes:
    """The SHA-512 digests of the nine 128-byte blocks of ``src``, joined (rnd[0..143] as LE words);
    by the compiled helper in one call when it is built, else by hashlib."""
    if _sha512_blocks is not None:
        return _sha512_blocks(src)
    sha = hashlib.sha512
    return b"".join([sha(src[s]).digest() for s in _SRC_BLOCKS])


def _wall_from_digests(digests: bytes, players: int, legacy: bool) -> Wall:
    """:func:`_wall_from_rnd` of the digests' words, shuffled from the bytes by the compiled
    helper (no Python int for each word) when it is built."""
    if _shuffle is None:
        return _wall_from_rnd(_UNPACK_RND(digests), players, legacy)
    yama = _shuffle(_TILES_4P if players == 4 else _TILES_3P, digests)
    die_1, die_2 = _UNPACK_DICE(digests, _DICE_AT)
    return _build_wall(yama, (die_1 % 6, die_2 % 6), legacy)


_SRC_BLOCKS = tuple(slice(k, k + 128) for k in range(0, _SRC_BYTES, 128))


class WallGenerator:
    """The walls of one game's successive hands (each INIT, repeated hands included).

    Built from a game seed (``mt19937ar-sha512-n288-base64`` or ``mt19937ar-sha512-n288``);
    iterating yields one :class:`Wall` per hand without end. ``reference=True`` uses the
    plain-Python MT19937 instead of CPython's; with the compiled helpers built, the stream
    comes from ``mjlog._speedups.mt_bytes`` (the same words, without a Python int between).
    """

    __slots__ = ("players", "legacy", "hands", "_rng", "_ref", "_state")

    def __init__(self, seed: Seed | str, players: int = 4, *, reference: bool = False):
        _check_players(players)
        seed = _as_seed(seed)
        if seed.kind == KIND_PER_HAND:
            raise MalformedLogError(
                f"seed kind {KIND_PER_HAND!r} is a per-INIT shuffle; use wall_for_shuffle"
            )
        if seed.kind not in GAME_KINDS:
            raise MalformedLogError(f"unknown wall seed kind {seed.kind[:40]!r}")
        self.players = players
        self.legacy = seed.kind == KIND_HEX
        self.hands = 0
        self._rng: random.Random | None = None
        self._ref: ReferenceMT19937 | None = None
        self._state: bytearray | None = None
        if reference:
            self._ref = ReferenceMT19937(seed_key(seed))
            return
        key = _base64_key(seed) if seed.kind == KIND_BASE64 else _le_bytes(_hex_words(seed))
        if _mt_seed is not None:
            self._state = _mt_seed(key)
        else:
            self._rng = _fast_mt19937_le_bytes(key)

    def __iter__(self) -> WallGenerator:
        return self

    def __next__(self) -> Wall:
        return _wall_from_digests(self.next_digests(), self.players, self.legacy)

    def next_digests(self) -> bytes:
        """The next hand's 144 random words (rnd[0..143], little-endian) without building a wall:
        other families (MCR's 144 tiles) shuffle their own tiles with Tenhou's stream."""
        if self._state is not None:
            # quoted: no Callable[...] alias built per hand (see rules/riichi/table.py:play)
            mt_bytes = cast("Callable[[bytearray, int], bytes]", _mt_bytes)  # _state is set only with the helpers built
            src = mt_bytes(self._state, _SRC_WORDS)
        elif self._rng is not None:
            src = self._rng.getrandbits(_SRC_BITS).to_bytes(_SRC_BYTES, "little")
        else:
            ref = self._ref
            assert ref is not None
            src = _le_bytes([ref.genrand_int32() for _ in range(_SRC_WORDS)])
        self.hands += 1
        return _sha_digests(src)


def walls_for_game(seed: Seed | str, players: int = 4, *, reference: bool = False) -> WallGenerator:
    """The walls of a game's hands in INIT order, from its SHUFFLE seed (see :class:`WallGenerator`)."""
    return WallGenerator(seed, players, reference=reference)


def wall_for_shuffle(shuffle: Seed | str, players: int = 4, *, reference: bool = False) -> Wall:
    """The wall of one hand from an INIT's ``shuffle="mt19937ar,<hex words>"`` attribute.

    A fresh MT19937 is seeded with the words and its first 138 outputs are used directly.
    """
    _check_players(players)
    shuffle = _as_seed(shuffle)
    if shuffle.kind != KIND_PER_HAND:
        if shuffle.kind in GAME_KINDS:
            raise MalformedLogError(f"seed kind {shuffle.kind!r} is a game seed; use walls_for_game")
        raise MalformedLogError(f"unknown wall seed kind {shuffle.kind[:40]!r}")
    key = _hex_words(shuffle)
    if reference:
        ref = ReferenceMT19937(key)
        rnd: Sequence[int] = [ref.genrand_int32() for _ in range(_PER_HAND_WORDS)]
    else:
        bits = fast_mt19937(key).getrandbits(32 * _PER_HAND_WORDS)
        rnd = _UNPACK_PER_HAND(bits.to_bytes(4 * _PER_HAND_WORDS, "little"))
    return _wall_from_rnd(rnd, players, True)


@dataclass(frozen=True, slots=True)
class DealtWall:
    """One hand's wall in a family that deals as Tenhou deals and reads the rest of the wall its own way
    (Beijing, Datong): ``yama`` (136 tile ids, Tenhou's order) and the dice."""

    yama: tuple[int, ...]
    dice: tuple[int, int]

    def starting_hands(self, dealer: int = 0) -> tuple[tuple[int, ...], ...]:
        """The 13 dealt tiles of each seat (index = seat), in deal order, the dealer first."""
        return Wall(self.yama, self.dice).starting_hands(dealer)


def walls_of_game_seed(seed: Seed | str, family: str) -> Iterator[Wall]:
    """The four-player walls of a game's hands in order, from its ``mt19937ar-sha512-n288-base64`` seed;
    MalformedLogError (naming ``family``'s wall) for another kind of seed or one that does not decode."""
    seed = parse_seed(seed) if isinstance(seed, str) else seed
    if seed.kind != KIND_BASE64:
        raise MalformedLogError(f"a {family} wall seed is {KIND_BASE64}, not {seed.kind[:40]!r}")
    return walls_for_game(seed, players=4)
