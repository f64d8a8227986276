"""What an mjai round trip must keep of a game: every value mjai records, tiles by name (not id)."""

from __future__ import annotations

from mjlog.formats.mjai.common import tile_name
from mjlog.ir import Call, Discard, Draw, GameLog, Ryuukyoku, Win
from mjlog.rules.riichi.events import NewDora, RiichiAccepted, RiichiDeclared


def _names(tiles, red: bool) -> tuple[str, ...]:
    return tuple(sorted(tile_name(t, red) for t in tiles))


def event_key(e, red: bool, rich: bool = True):
    """An event as mjai records it (None for what it does not: connections)."""
    def n(t):
        return None if t is None else tile_name(t, red)

    if isinstance(e, Draw):
        return ("tsumo", e.seat, n(e.tile))
    if isinstance(e, Discard):
        return ("dahai", e.seat, n(e.tile), e.tsumogiri)
    if isinstance(e, Call):
        return (e.kind.value, e.seat, _names(e.tiles, red), n(e.called), e.from_seat, n(e.added))
    if isinstance(e, RiichiDeclared):
        return ("reach", e.seat)
    if isinstance(e, RiichiAccepted):
        return ("reach_accepted", e.seat)  # the scores after the deposit: mjai leaves them to the reader
    if isinstance(e, NewDora):
        return ("dora", n(e.tile))
    if isinstance(e, Win):
        value = (e.payload.fu, e.points, e.payload.limit, e.payload.yaku, e.payload.yakuman) if rich else ()
        return ("hora", e.who, e.from_who, _names(e.hand, red), n(e.win_tile),
                tuple(sorted(event_key(m, red) for m in e.melds)), _names(e.payload.dora_indicators, red),
                _names(e.payload.ura_indicators, red), e.honba, e.sticks, e.scores_before, e.deltas, e.payload.pao_who, value)
    if isinstance(e, Ryuukyoku):
        return ("ryukyoku", e.payload.kind, e.honba, e.sticks, e.scores_before, e.deltas,
                tuple(None if h is None else _names(h, red) for h in e.hands))
    return None


def game_key(log: GameLog, rich: bool = True) -> list:
    """The game as mjai records it, round by round, then the final scores."""
    red = log.rules.red_fives
    out: list = [(log.rules.name, log.rules.players, [p.name for p in log.players])]
    for r in log.rounds:
        out.append((r.kyoku, r.honba, r.sticks, r.dealer, r.scores, tuple(_names(h, red) for h in r.hands),
                    tile_name(r.dora_indicator, red)))
        out.append([k for e in r.events if (k := event_key(e, red, rich)) is not None])
    out.append(None if log.final is None else log.final.scores)
    return out
