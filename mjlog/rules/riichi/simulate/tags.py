"""Writing mjlog XML tags exactly as Tenhou writes them (reference §2-§4, §8).

Attribute order, spacing (``<N who="0" m="…" />`` with a space, ``<REACH …/>``
without) and number formats follow real logs. Scores go in hundreds with four
slots (sanma: a fourth ``0``); placement points with one decimal (``-51.0``).

>>> encode_name("Bot A")
'%42%6F%74%20%41'
>>> from mjlog.rules.riichi.ruleset import PRESETS
>>> go_type(PRESETS["tenhou-4p-south"]), go_type(PRESETS["tenhou-3p-south"]), go_type(PRESETS["tenhou-4p-east"])
(169, 185, 161)
>>> hundreds((25000, 24000, 35000))
'250,240,350,0'
>>> owari_text((48700, 27600, 28700), (43.0, -32.0, -11.0))
'487,43.0,276,-32.0,287,-11.0,0,0.0'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence

from mjlog.ir import Seed
from mjlog.rules.riichi.ruleset import RuleSet
from mjlog.rules.riichi.lobby import lobby_from_go_type, ruleset_for_lobby

__all__ = [
    "DRAW_TAGS", "DISCARD_TAGS", "encode_name", "go_type", "hundreds", "owari_text", "header",
    "init_tag", "call_tag", "reach1_tag", "reach2_tag", "dora_tag", "agari_tag", "ryuukyoku_tag",
    "knob_changes",
]

DRAW_TAGS = "TUVW"
DISCARD_TAGS = "DEFG"


def encode_name(name: str) -> str:
    """Percent-encode every UTF-8 byte, as Tenhou writes names in UN."""
    return "".join(f"%{b:02X}" for b in name.encode("utf-8"))


def go_type(rules: RuleSet) -> int:
    """GO ``type`` bits of a rule set: online, houou room, aka/kuitan/hanchan/sanma bits (never fast)."""
    t = 0x01 | 0xA0
    if not rules.red_fives:
        t |= 0x02
    if not rules.open_tanyao:
        t |= 0x04
    if rules.length == "south":
        t |= 0x08
    if rules.players == 3:
        t |= 0x10
    return t


def knob_changes(rules: RuleSet) -> str:
    """The knobs where ``rules`` differs from what its GO type selects, as ``name=value;…``."""
    base = ruleset_for_lobby(lobby_from_go_type(go_type(rules)))
    out = []
    for f in dataclasses.fields(RuleSet):
        if f.name == "name":
            continue
        value = getattr(rules, f.name)
        if value != getattr(base, f.name):
            out.append(f"{f.name}={value}")
    return ";".join(out)


def hundreds(scores: Sequence[int]) -> str:
    """Scores in hundreds, four slots."""
    vals = [s // 100 for s in scores] + [0] * (4 - len(scores))
    return ",".join(map(str, vals))


def owari_text(final: Sequence[int], points: Sequence[float]) -> str:
    """``owari``: final score in hundreds and placement points per seat, four pairs."""
    pairs = [f"{s // 100},{p:.1f}" for s, p in zip(final, points)]
    pairs += ["0,0.0"] * (4 - len(pairs))
    return ",".join(pairs)


def header(seed: Seed, rules: RuleSet, names: Sequence[str], title: str, lobby: int,
           dan: int = 16, rate: float = 2000.0) -> str:
    """SHUFFLE, GO, UN and TAIKYOKU of a game."""
    n = rules.players
    go = f'<GO type="{go_type(rules)}" lobby="{lobby}" title="{title}"'
    knobs = knob_changes(rules)
    if knobs:
        go += f' knobs="{knobs}"'
    go += "/>"
    enc = [encode_name(names[s]) if s < n else "" for s in range(4)]
    dans = [str(dan) if s < n else "0" for s in range(4)]
    rates = [f"{rate:.2f}" if s < n else "1500.00" for s in range(4)]
    sx = ["M" if s < n else "C" for s in range(4)]
    un = (f'<UN n0="{enc[0]}" n1="{enc[1]}" n2="{enc[2]}" n3="{enc[3]}" dan="{",".join(dans)}" '
          f'rate="{",".join(rates)}" sx="{",".join(sx)}"/>')
    return (f'<mjloggm ver="2.3"><SHUFFLE seed="{seed.text}" ref=""/>{go}{un}<TAIKYOKU oya="0"/>')


def init_tag(kyoku: int, honba: int, sticks: int, dice: tuple[int, int], dora: int,
             scores: Sequence[int], dealer: int, hands: Sequence[Sequence[int]]) -> str:
    """INIT of a hand; ``hands`` in deal order, sanma ``hai3=""``."""
    hai = [",".join(map(str, hands[s])) if s < len(hands) else "" for s in range(4)]
    return (f'<INIT seed="{kyoku},{honba},{sticks},{dice[0]},{dice[1]},{dora}" ten="{hundreds(scores)}" '
            f'oya="{dealer}" hai0="{hai[0]}" hai1="{hai[1]}" hai2="{hai[2]}" hai3="{hai[3]}"/>')


def call_tag(who: int, m: int) -> str:
    return f'<N who="{who}" m="{m}" />'


def reach1_tag(who: int) -> str:
    return f'<REACH who="{who}" step="1"/>'


def reach2_tag(who: int, scores: Sequence[int]) -> str:
    return f'<REACH who="{who}" ten="{hundreds(scores)}" step="2"/>'


def dora_tag(tile: int) -> str:
    return f'<DORA hai="{tile}" />'


def _sc(before: Sequence[int], deltas: Sequence[int]) -> str:
    vals = []
    for s in range(4):
        if s < len(before):
            vals += [before[s] // 100, deltas[s] // 100]
        else:
            vals += [0, 0]
    return ",".join(map(str, vals))


def agari_tag(*, honba: int, sticks: int, hand: Sequence[int], melds: Sequence[int], machi: int,
              fu: int, points: int, limit: int, yaku: Sequence[tuple[int, int]], yakuman: Sequence[int],
              dora: Sequence[int], ura: Sequence[int] | None, who: int, from_who: int,
              pao: int | None, before: Sequence[int], deltas: Sequence[int], owari: str | None = None) -> str:
    """AGARI with Tenhou's attribute order; ``ura`` None when the winner is not in riichi."""
    parts = [f'<AGARI ba="{honba},{sticks}" hai="{",".join(map(str, sorted(hand)))}"']
    if melds:
        parts.append(f'm="{",".join(map(str, melds))}"')
    parts.append(f'machi="{machi}" ten="{fu},{points},{limit}"')
    if yakuman:
        parts.append(f'yakuman="{",".join(map(str, yakuman))}"')
    else:
        parts.append(f'yaku="{",".join(f"{i},{h}" for i, h in yaku)}"')
    parts.append(f'doraHai="{",".join(map(str, dora))}"')
    if ura is not None:
        parts.append(f'doraHaiUra="{",".join(map(str, ura))}"')
    parts.append(f'who="{who}" fromWho="{from_who}"')
    if pao is not None:
        parts.append(f'paoWho="{pao}"')
    parts.append(f'sc="{_sc(before, deltas)}"')
    if owari is not None:
        parts.append(f'owari="{owari}"')
    return " ".join(parts) + " />"


def ryuukyoku_tag(*, kind: str | None, honba: int, sticks: int, before: Sequence[int], deltas: Sequence[int],
                  shown: Mapping[int, Sequence[int]], owari: str | None = None) -> str:
    """RYUUKYOKU: ``kind`` None for an exhaustive draw; ``shown`` seat -> tiles (sorted on output)."""
    parts = ["<RYUUKYOKU"]
    if kind is not None:
        parts.append(f'type="{kind}"')
    parts.append(f'ba="{honba},{sticks}" sc="{_sc(before, deltas)}"')
    for seat in sorted(shown):
        parts.append(f'hai{seat}="{",".join(map(str, sorted(shown[seat])))}"')
    if owari is not None:
        parts.append(f'owari="{owari}"')
    return " ".join(parts) + " />"


