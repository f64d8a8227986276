"""``score_hand``: score a hand written in mpsz notation (or as tile ids).

>>> v = score_hand("234m456p678s22z345p", tsumo=True, riichi=True, dora="1m")
>>> v.yaku, v.han, v.fu, v.points
(((1, 1), (0, 1), (7, 1), (52, 1), (53, 0)), 4, 20, 7800)
>>> v = score_hand("123m55p", "5p", melds=["pon:777z", "chi:0m46m", "ankan:1111s"], seat_wind=1)
>>> [(y, h) for y, h in v.yaku], v.fu, v.points
([(20, 1), (54, 1)], 60, 3900)
>>> score_hand("19m19p19s1234567z1m").yakuman, score_hand("119m19p19s1234567z", "7z").yakuman
((48,), (47,))
>>> score_hand("123m456p789s11z", "1z", melds=["chi:789m"]).no_yaku
True
>>> score_hand("222333444m678s5p", "5p", tsumo=True, rules=RuleSet(players=3))
Traceback (most recent call last):
...
mjlog.errors.InvalidHandError: tile id 7 (2m-8m) is not in the sanma wall

Melds are strings ``"<kind>:<tiles>"`` with kind ``chi``, ``pon``, ``kan`` (open kan on a
discard), ``ankan`` (closed kan), ``kakan`` (added kan) or ``kita`` (sanma North, tiles
optional), or :class:`~mjlog.ir.Call` objects. The hand is the concealed tiles, with or
without the winning tile; ``win_tile`` defaults to the last tile of the hand. Dora and ura
indicators take mpsz text or ids. Every other keyword is a :class:`WinContext` field.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from mjlog.errors import InvalidHandError
from mjlog.ir import AnyCallKind, Call, CallKind
from mjlog.rules.riichi.events import KITA
from mjlog.rules.riichi.context import WinContext
from mjlog.rules.riichi.scorer import HandValue, score
from mjlog.rules.riichi.ruleset import RuleSet
from mjlog.tiles import NORTH, RED_FIVES

TileSpec = str | Sequence[int]
MeldSpec = str | Call

_MELD_KINDS: dict[str, AnyCallKind] = {
    "chi": CallKind.CHI, "pon": CallKind.PON, "kan": CallKind.DAIMINKAN, "minkan": CallKind.DAIMINKAN,
    "daiminkan": CallKind.DAIMINKAN, "ankan": CallKind.ANKAN, "kakan": CallKind.KAKAN,
    "shouminkan": CallKind.KAKAN, "kita": KITA,
}


def _kinds(text: str) -> list[tuple[int, bool]]:
    """(kind, red) pairs of mpsz text."""
    out: list[tuple[int, bool]] = []
    pending: list[int] = []
    for ch in text.replace(" ", ""):
        if ch.isdigit():
            pending.append(int(ch))
        elif ch in "mpsz" and pending:
            s = "mpsz".index(ch)
            for n in pending:
                if s == 3 and not 1 <= n <= 7:
                    raise InvalidHandError(f"honour {n}z does not exist in {text!r}")
                out.append((s * 9 + (4 if n == 0 else n - 1), n == 0 and s < 3))
            pending = []
        else:
            raise InvalidHandError(f"bad tile text {text!r}")
    if pending:
        raise InvalidHandError(f"digits without a suit letter at the end of {text!r}")
    return out


class _Allocator:
    """Gives each written tile a distinct id: red fives copy 0, others copies 3, 2, 1, then 0."""

    def __init__(self, used: Iterable[int]) -> None:
        self.used = set(used)

    def take(self, kind: int, red: bool) -> int:
        choices = (kind * 4,) if red else tuple(kind * 4 + c for c in (3, 2, 1, 0))
        for t in choices:
            if t not in self.used:
                self.used.add(t)
                return t
        raise InvalidHandError(f"too many copies of tile kind {kind}")

    def ids(self, spec: TileSpec) -> tuple[int, ...]:
        if isinstance(spec, str):
            return tuple(self.take(k, r) for k, r in _kinds(spec))
        return tuple(spec)


def _explicit_ids(*specs: object) -> list[int]:
    out: list[int] = []
    for spec in specs:
        if isinstance(spec, Call):
            out.extend(spec.tiles)
        elif isinstance(spec, (list, tuple)) and all(isinstance(t, int) for t in spec):
            out.extend(spec)
        elif isinstance(spec, int):
            out.append(spec)
    return out


def _meld(spec: MeldSpec, alloc: _Allocator) -> Call:
    if isinstance(spec, Call):
        return spec
    kind_text, _, tiles_text = spec.partition(":")
    try:
        kind = _MELD_KINDS[kind_text.strip().lower()]
    except KeyError:
        raise InvalidHandError(f"unknown meld kind {kind_text!r} in {spec!r}") from None
    if kind is KITA and not tiles_text:
        tiles_text = "4z"
    tiles = alloc.ids(tiles_text)
    if kind is KITA:
        if [t >> 2 for t in tiles] != [NORTH]:
            raise InvalidHandError(f"kita takes one North tile, not {tiles_text!r}")
    called = None if kind in (CallKind.ANKAN, KITA) else tiles[0]
    ordered = tuple(sorted(tiles)) if kind in (CallKind.CHI, CallKind.PON) else tiles
    return Call(seat=0, kind=kind, tiles=ordered, called=called)


def score_hand(hand: TileSpec, win_tile: str | int | None = None, melds: Sequence[MeldSpec] = (), *,
               dora: TileSpec = (), ura: TileSpec = (), rules: RuleSet | None = None,
               **situation: object) -> HandValue:
    """Score a winning hand given in mpsz notation or tile ids; see the module doc for the forms."""
    rules = rules or RuleSet()
    melds_list = list(melds)
    alloc = _Allocator(_explicit_ids(hand, win_tile, dora, ura, *melds_list))
    calls = tuple(_meld(m, alloc) for m in melds_list)
    concealed = list(alloc.ids(hand))
    n_sets = sum(1 for c in calls if c.kind is not KITA)
    full = len(concealed) == 14 - 3 * n_sets
    if win_tile is None:
        if not full or not concealed:
            raise InvalidHandError("give the winning tile, or a hand that includes it")
        win = concealed[-1]
    elif isinstance(win_tile, int):
        win = win_tile
        if not full:
            concealed.append(win)
    else:
        wk = _kinds(win_tile)
        if len(wk) != 1:
            raise InvalidHandError(f"winning tile {win_tile!r} is not one tile")
        kind, red = wk[0]
        if full:
            match = [t for t in concealed if t >> 2 == kind and (t in RED_FIVES) == red]
            match = match or [t for t in concealed if t >> 2 == kind]
            if not match:
                raise InvalidHandError(f"winning tile {win_tile} is not in the hand")
            win = match[-1]
        else:
            win = alloc.take(kind, red)
            concealed.append(win)
    context = WinContext(dora_indicators=alloc.ids(dora), ura_indicators=alloc.ids(ura),
                         **situation)  # type: ignore[arg-type]  # WinContext's fields by name
    return score(tuple(concealed), calls, win, context, rules)
