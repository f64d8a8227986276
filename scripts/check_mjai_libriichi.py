"""Check that Mortal's libriichi follows the mjai mjlog writes: every seat's PlayerState takes every
line, each hand starts at the recorded wind, number, honba, sticks and scores, and no tile count
leaves 0..4 (libriichi wraps a count to 255 when a stream discards a tile not held).

    pip install --no-deps mjai==0.2.1 loguru      # mjai.app's package bundles a libriichi build
    python scripts/check_mjai_libriichi.py LOG_OR_DIR...
    python scripts/check_mjai_libriichi.py --simulate 20

Not a test: the only package that ships libriichi for Python (``mjai`` 0.2.1) pins ``mahjong~=1.2``,
which the dev extra's ``mahjong==2.1.0`` excludes, and has no wheel for Python 3.13, so no extra can
install it (docs/formats/mjai.md). Exit status: 0 every game followed, 1 a problem, 2 no libriichi.
"""

from __future__ import annotations

import argparse
import json
import sys


def follow(state, events: list[dict], seat: int) -> list[str]:
    """Feed ``events`` to seat ``seat``'s PlayerState; one line per event it ends badly on."""
    st = state.PlayerState(seat)
    problems = []
    for n, e in enumerate(events, 1):
        st.update(json.dumps(e))
        if max(st.tehai) > 4:
            problems.append(f"line {n}: seat {seat} holds a tile count outside 0..4")
        if e["type"] == "start_kyoku":
            got = (st.bakaze, st.kyoku, st.honba, st.kyotaku, list(st.scores))
            want = ("ESWN".index(e["bakaze"]) + 27, e["kyoku"] - 1, e["honba"], e["kyotaku"],
                    e["scores"][seat:] + e["scores"][:seat])
            if got != want:
                problems.append(f"line {n}: seat {seat} starts the hand at {got}, not {want}")
    return problems


def _games(args: argparse.Namespace):
    """(name, GameLog) of every four-player riichi game named or simulated."""
    from mjlog.formats.reader import iter_log_files, read_games
    from mjlog.rules.riichi.ruleset import PRESETS
    from mjlog.rules.riichi.simulate import simulate_game

    for seed in range(args.simulate):
        yield f"simulated seed {seed}", read_games(simulate_game(PRESETS["tenhou-4p-south"], seed), f"sim-{seed}.xml")[0]
    for path in iter_log_files(args.paths):
        for log in read_games(str(path)):
            if log.family == "riichi" and log.n_players == 4:
                yield str(path), log


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", help="logs or folders of logs (four-player riichi games are checked)")
    parser.add_argument("--simulate", type=int, default=0, metavar="N", help="also check N simulated games")
    args = parser.parse_args(argv)
    try:
        from mjai.mlibriichi import state
    except ImportError:
        print("check_mjai_libriichi: libriichi is not installed: pip install --no-deps mjai==0.2.1 loguru", file=sys.stderr)
        return 2
    from mjlog.formats.mjai.write import dumps_mjai

    games = bad = 0
    for name, log in _games(args):
        events = [json.loads(line) for line in dumps_mjai(log).splitlines()]
        problems = [p for seat in range(4) for p in follow(state, events, seat)]
        games += 1
        bad += bool(problems)
        for p in problems:
            print(f"{name}: {p}")
    print(f"{games} games, {bad} with a problem")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
