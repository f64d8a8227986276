"""``mjlog score``: one hand scored under any family's preset, through the family's own scorer.

The command builds a :class:`~mjlog.rules.family.ScoreRequest`, hands it to the preset's
family (its :class:`~mjlog.rules.family.HandScorer`) and prints the fan or yaku lines, the
total and the payments (or one JSON object).
"""

from __future__ import annotations

import argparse
import json
import sys

from mjlog.cli.common import EXIT_OK, EXIT_USAGE, add_knob_option
from mjlog.rules.family import ScoredHand, ScoreRequest, family_of_preset, iter_presets
from mjlog.rules.knobs import rule_choice
from mjlog.rules.transfers import net as transfer_deltas
from mjlog.cli.commands import add_command

SEATS = "ESWN"


def _seat(letter: str | None) -> int | None:
    return None if letter is None else SEATS.index(letter)


def _request(args: argparse.Namespace) -> ScoreRequest:
    choice = rule_choice(args.rules, args.knob or ())
    rules = choice.apply(choice.base(None))
    calls = tuple(c for c in args.calls.replace(",", " ").split()) if args.calls else ()
    return ScoreRequest(
        hand=args.hand, rules=rules, calls=calls, tsumo=args.tsumo, seat_wind=_seat(args.seat_wind) or 0,
        round_wind=_seat(args.round_wind) or 0, dealer=args.dealer, dealer_seat=_seat(args.dealer_seat),
        discarder=_seat(args.discarder), wild=args.wild, last_tile=args.last_tile, after_kan=args.after_kan,
        robbed_kan=args.robbed_kan, first_turn=args.first_turn, riichi=args.riichi, dora=args.dora or "",
        burn_rounds=args.burn, mutual=tuple(sorted({SEATS.index(s) for s in args.mutual or ()})), base=args.base,
        flowers=args.flowers, last_copy=args.last_copy, renchan=args.renchan,
    )


def _as_json(scored: ScoredHand, preset: str, family: str, players: int) -> str:
    def item(i):
        return {"name": i.name, "english": i.english, "value": i.value}

    return json.dumps({
        "family": family, "rules": preset,
        "items": [item(i) for i in scored.items], "side": [item(i) for i in scored.side],
        "total": scored.total, "unit": scored.unit,
        "payments": [{"payer": SEATS[t.payer], "payee": SEATS[t.payee], "amount": t.amount, "reason": t.reason}
                     for t in scored.payments],
        "deltas": dict(zip(SEATS, transfer_deltas(scored.payments, players))),
        "notes": list(scored.notes),
    }, ensure_ascii=False)


def _as_text(scored: ScoredHand, players: int) -> str:
    unit = scored.unit
    lines = [f"{i.name}  {i.english}  {i.value} {unit}" for i in scored.items]
    lines += [f"{i.name}  {i.english}  {i.value} {unit}" for i in scored.side]
    lines.append(f"total  {scored.total} {unit}")
    lines += [f"note  {n}" for n in scored.notes]
    lines += [f"{SEATS[t.payer]} pays {SEATS[t.payee]} {t.amount} ({t.reason})" for t in scored.payments]
    deltas = transfer_deltas(scored.payments, players)
    lines.append("deltas  " + " ".join(f"{SEATS[s]} {d:+d}" for s, d in enumerate(deltas)))
    return "\n".join(lines)


def cmd_score(args: argparse.Namespace) -> int:
    """Score one hand; one line on stderr and exit 2 for an illegal or non-winning hand."""
    try:
        request = _request(args)
        scorer = family_of_preset(args.rules).scorer
        if scorer is None:
            raise NotImplementedError(f"the {family_of_preset(args.rules).name} family has no hand scorer")
        scored = scorer.score(request)
    except (ValueError, NotImplementedError) as exc:
        print(f"mjlog: {exc}", file=sys.stderr)
        return EXIT_USAGE
    players = request.rules.players
    fam = family_of_preset(args.rules).name
    print(_as_json(scored, args.rules, fam, players) if args.json else _as_text(scored, players))
    return EXIT_OK


def add_score_command(sub) -> None:
    """The ``score`` subcommand."""
    presets = [name for _, name, _ in iter_presets()]
    score = add_command(
        sub, "score",
        description=(
            "Score one winning hand under a rule-set preset of any family (riichi: yaku and han; Beijing and "
            "MCR: fans). HAND is mpsz text (123m456p789s11z; 1-7z = E S W N 白 發 中 as in Tenhou), the "
            "winning tile last. Prints one line per fan or yaku (name in the rules' language, in English, "
            "value), the side lines (Beijing's 燒莊), the total, notes, one line per payment (payer, payee, "
            "amount, reason) and each seat's change. Seats are E S W N; the winner sits at --seat-wind. An "
            "illegal or non-winning hand (Beijing: a win on a discard after a call, or with three wild tiles "
            "on a discard; MCR: under 8 fan without the flowers, a false win 錯和) is one line on stderr and exit "
            "status 2. MCR: HAND may also carry its melds in brackets ([123m] chow, [555p] pung, [5555p] "
            "melded kong, [5555p]+ added kong, (5555p) concealed kong); the seats are winds, the dealer East; "
            "in --json the total includes the flowers."
        ),
    )
    winds = list(SEATS)
    score.add_argument("hand", metavar="HAND", help="the concealed tiles in mpsz notation, the winning tile last")
    score.add_argument("--rules", required=True, choices=presets, metavar="PRESET",
                       help=f"the rule-set preset: {', '.join(presets)}")
    score.add_argument("--calls", metavar="CALLS",
                       help='calls, space-separated: "chi:123m pon:555p kan:7777s ankan:1111z" (kakan: added kan)')
    score.add_argument("--tsumo", action="store_true", help="a self-draw (else a win on a discard)")
    score.add_argument("--seat-wind", choices=winds, default="E", help="the winner's seat (default E)")
    score.add_argument("--round-wind", choices=winds, default="E", help="the round (prevalent) wind (riichi, MCR; default E)")
    score.add_argument("--dealer", action="store_true",
                       help="the winner deals (riichi: the seat wind is E; Beijing: the winner's seat deals)")
    score.add_argument("--dealer-seat", choices=winds,
                       help="Beijing: the seat that deals, when not the winner (default E)")
    score.add_argument("--from", dest="discarder", choices=winds,
                       help="the seat that dealt in, on a win on a discard (default: the seat before the winner)")
    score.add_argument("--wild", metavar="TILE", help="Beijing: the wild tile 惠牌 (e.g. 6m), not its indicator")
    score.add_argument("--last-tile", "--wall-last", dest="last_tile", action="store_true",
                       help="won on the last drawable tile, or on its discard (Beijing 海底撈月; MCR 妙手回春 / "
                            "海底捞月; riichi haitei/houtei)")
    score.add_argument("--after-kan", "--after-kong", dest="after_kan", action="store_true",
                       help="self-draw on a kan's replacement tile (Beijing and MCR 杠上開花; riichi rinshan)")
    score.add_argument("--robbed-kan", "--robbed-kong", dest="robbed_kan", action="store_true",
                       help="won by robbing a kan (a win on a discard; MCR 抢杠和)")
    score.add_argument("--last-copy", action="store_true",
                       help="MCR: won on the last copy of the tile, the other three shown (和絕張)")
    score.add_argument("--flowers", type=int, default=0, metavar="N",
                       help="MCR: flowers the winner set aside (1 fan each, not toward the 8-fan minimum)")
    score.add_argument("--first-turn", action="store_true",
                       help="won before the winner's first discard (天和 / 地和; riichi tenhou / chiihou)")
    score.add_argument("--renchan", type=int, default=0, metavar="N",
                       help="Datong: deals the dealer has kept in a row before this hand (default 0)")
    score.add_argument("--burn", type=int, default=0, metavar="R", help="Beijing: 燒莊 rounds of the hand (default 0)")
    score.add_argument("--mutual", action="append", choices=winds, metavar="SEAT",
                       help="Beijing: a seat in 互包 with the winner (repeatable)")
    score.add_argument("--base", type=int, metavar="N", help="Beijing: the base 底分, points per fan (default: the preset's)")
    score.add_argument("--riichi", action="store_true", help="riichi: the winner declared riichi")
    score.add_argument("--dora", metavar="TILES", help="riichi: the dora indicators in mpsz")
    add_knob_option(score)
    score.add_argument("--json", action="store_true",
                       help="one JSON object: items (name, english, value), side, total, unit, payments, deltas")
    score.set_defaults(func=cmd_score)
