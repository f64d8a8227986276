"""Small Datong games for the referee's and the dialects' tests, built with :mod:`tests.support.datongbuild`."""

from __future__ import annotations

from dataclasses import replace

from mjlog.ir import Call, GameLog, Win
from mjlog.rules.common.wall import new_seed
from mjlog.rules.datong.record import DatongWin
from mjlog.rules.datong.ruleset import PRESETS
from mjlog.rules.transfers import net
from tests.support.datongbuild import GameBuilder


def scripted_game(final: bool = False) -> GameLog:
    """Four hands: a discard win, a dealer's self-draw after a closed kan, a drawn hand, a win in renchan 2.

    Hand 0 (East deals): South wins a 屁和 on East's 4m. Hand 1 (South deals): South makes a
    closed kan of 5p and self-draws. Hand 2 (South, renchan 1): nobody wins, the hand is drawn.
    Hand 3 (South, renchan 2): West pons North's 7z, then North wins on South's 3s.
    """
    g = GameBuilder()
    h = g.hand(["4m", "123m456p789s11z23m", "", ""], keep="1z")
    h.turn(0, "1z", "4m")
    h.win(1, from_seat=0)
    h = g.hand(["", "5555p123m456s66z7s", "", ""], keep="8s9s")
    h.draw(1, "8s")
    h.call(1, "ankan", "5555p", replacement="9s")
    h.win(1)
    h = g.hand()
    h.exhaust()
    h = g.hand(["", "3s", "77z", "123m123m445566p3s"], keep="7z9m9p")
    h.turn(1, "7z", "7z")
    h.call(2, "pon", "777z")
    h.discard(2, h.hands[2][0])
    h.turn(3, "9m", "9m")
    h.turn(0, "9p", "9p")
    h.turn(1, None, "3s")
    h.win(3, from_seat=1)
    return g.log(final)


def head_bump_hand(claims: tuple[int, ...], winner: int) -> GameLog:
    """East discards 4m; South and West both wait on it; ``winner`` takes it with ``claims`` recorded."""
    g = GameBuilder()
    h = g.hand(["4m", "123p456p789s11z23m", "123s456s789p22z56m", ""], keep="1z")
    h.turn(0, "1z", "4m")
    h.win(winner, from_seat=0, claims=claims)
    return g.log(False)


def chi_hand(chi: bool) -> GameLog:
    """South chis East's 4m (5m6m in hand) and later wins on West's discard, under ``chi`` on or off."""
    g = GameBuilder(PRESETS["datong"].replace(chi=chi))
    h = g.hand(["4m", "56m123p456p11z78s", "9s", ""], keep="1z2z")
    h.turn(0, "1z", "4m")
    h.call(1, "chi", "456m")
    h.discard(1)
    h.turn(2, "2z", "9s")
    h.win(1, from_seat=2)
    return g.log(False)


def seeded_draw_game() -> GameLog:
    """Two drawn hands from a seed: every deal and draw is the seed's wall; the dealer keeps the deal."""
    g = GameBuilder(seed=new_seed(7), thrower=2, die=3)
    g.hand().exhaust()
    g.hand().exhaust()
    return g.log(False)


def one_circle(final: bool = True) -> GameLog:
    """Four hands, each won by the seat after the dealer on the dealer's discard: the deal goes round once."""
    def dealt(dealer: int) -> list[str]:
        hands = ["", "", "", ""]
        hands[dealer], hands[(dealer + 1) % 4] = "4m", "123p456p789s11z23m"
        return hands

    g = GameBuilder()
    for _ in range(4):
        h = g.hand(dealt, keep="1z")
        h.turn(h.dealer, "1z", "4m")
        h.win((h.dealer + 1) % 4, from_seat=h.dealer)
    return g.log(final)


def leave_game(leave_to: str = "pot") -> GameLog:
    """Two hands under ``leave_to``: West leaves the table (強退) mid-hand and South then wins on East's
    discard; in the next hand (South deals) North leaves and the hand is drawn. The header names the
    preset and, under 'each', states the knob as a synthetic log does, so that a written file reads back."""
    g = GameBuilder(PRESETS["datong"].replace(leave_to=leave_to))
    h = g.hand(["4m", "123m456p789s11z23m", "", ""], keep="1z")
    h.leave(2)
    h.turn(0, "1z", "4m")
    h.win(1, from_seat=0)
    h = g.hand()
    h.turn(h.dealer)
    h.leave(3)
    h.exhaust()
    return as_written(g.log(False), "" if leave_to == "pot" else f"leave_to={leave_to}")


def as_written(log: GameLog, knobs: str) -> GameLog:
    """The log with a header that names the preset and states ``knobs`` (``NAME=VALUE``, comma-separated) as a
    synthetic log does, so that a written file reads back."""
    return replace(log, header=replace(log.header, preset="datong", synthetic=bool(knobs), knobs=knobs))


# -- faults injected into a built game ---------------------------------------------------------------


def win_at(log: GameLog, r: int) -> tuple[int, Win]:
    """The index and the event of round ``r``'s win."""
    return next((i, e) for i, e in enumerate(log.rounds[r].events) if type(e) is Win)


def with_event(log: GameLog, r: int, i: int, event) -> GameLog:
    """The log with event ``i`` of round ``r`` replaced."""
    rnd = log.rounds[r]
    rounds = list(log.rounds)
    rounds[r] = replace(rnd, events=rnd.events[:i] + (event,) + rnd.events[i + 1:])
    return replace(log, rounds=tuple(rounds))


def set_win(log: GameLog, r: int, **record_changes) -> GameLog:
    """The log with round ``r``'s win record changed, its deltas summed from its payments as a forger would."""
    i, w = win_at(log, r)
    rec = replace(w.payload, **record_changes)
    return with_event(log, r, i, replace(w, payload=rec, deltas=net(rec.payments, 4)))


def change_rows(rec: DatongWin, reason: str, by: int) -> tuple:
    """The record's payments with each row of ``reason`` changed by ``by``."""
    return tuple(replace(t, amount=t.amount + by) if t.reason == reason else t for t in rec.payments)


def faulty_games() -> dict[str, GameLog]:
    """Faulty logs whose findings name calls and payments, each of which a written file reads back as: a
    chow where chi is off, a kong's payment changed, a chow from a seat other than the one before (chi on)."""
    log = scripted_game()
    _, w = win_at(log, 1)
    chow = chi_hand(chi=True)
    i, call = next((i, e) for i, e in enumerate(chow.rounds[0].events) if type(e) is Call)
    return {"chow where chi is off": as_written(chi_hand(chi=False), ""),
            "kong payment changed": set_win(log, 1, payments=change_rows(w.payload, "kan", 10)),
            "chow from the wrong seat": as_written(with_event(chow, 0, i, replace(call, from_seat=2)), "chi=True")}
