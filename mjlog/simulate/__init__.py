"""Self-play games between simple bots, written as real Tenhou mjlog XML.

Riichi only by nature (the riichi family's simulator, :meth:`RiichiFamily.simulate_game`); Beijing's
and MCR's bots are in their own packages.

:func:`simulate_game` plays one game under a :class:`~mjlog.rules.riichi.ruleset.RuleSet`
(4 or 3 players, any preset or knob override) and returns the log's bytes;
:func:`simulate` writes many to a directory. A game is a pure function of its
seed: the same seed gives the same bytes.

Every hand's wall is Tenhou's: the game carries a genuine
``mt19937ar-sha512-n288-base64`` SHUFFLE seed made with
``new_seed(random.Random(seed))``, and the deal, draws, replacement tiles and
dora, kan-dora and ura indicators are read from ``walls_for_game(...)`` exactly
as Tenhou uses the wall, so a replay's seed check applies. Tags, attribute
order and number formats follow real logs (reference doc §2-§10).

**Generated games are marked synthetic.** The GO tag carries
``title="mjlog-synthetic"`` and ``lobby="9999"``, a lobby number real public
Tenhou logs do not use (the public lobby is 0)::

    <GO type="169" lobby="9999" title="mjlog-synthetic"/>

:func:`is_synthetic` tells such a log apart after reading it. When the rule set
differs from the preset its GO type selects (a what-if such as
``renchan_on_dealer_tenpai=False``), GO also carries
``knobs="name=value;…"`` listing the changed knobs; readers keep it as the
header extra ``GO.knobs``.

The bots (see :mod:`mjlog.simulate.bots`) discard by shanten and acceptance,
riichi when closed and tenpai, pon value honours, fold against riichi with
genbutsu, make closed kans now and then, always kita in sanma, abort nine
terminals most of the time, and take every legal win.

>>> from mjlog.rules.riichi.ruleset import PRESETS
>>> from mjlog.reader import read_log
>>> data = simulate_game(PRESETS["tenhou-3p-east"], seed=1)
>>> data == simulate_game(PRESETS["tenhou-3p-east"], seed=1)
True
>>> log = read_log(data)
>>> is_synthetic(log), log.header.lobby, log.rules.players, log.truncated
(True, 9999, 3, False)
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from mjlog.ir import GameLog
from mjlog.rules.riichi.ruleset import RuleSet
from mjlog.rules.family import family_of_preset
from mjlog.formats.tenhou_lobby import SYNTHETIC_TITLE
from mjlog.simulate.game import SYNTHETIC_LOBBY, GameStats, play_game

__all__ = ["SYNTHETIC_LOBBY", "SYNTHETIC_TITLE", "GameStats", "game_seeds", "is_synthetic", "simulate",
           "simulate_game"]


def simulate_game(rules: RuleSet, seed: int, stats: GameStats | None = None) -> bytes:
    """One bot game under ``rules`` as Tenhou mjlog XML bytes (deterministic in ``seed``).

    ``stats``, when given, accumulates counts of hands, wins, draws and riichi.
    """
    return play_game(rules, seed, stats).encode("ascii")


def game_seeds(n: int, seed: int) -> list[int]:
    """The per-game seeds :func:`simulate` uses for ``n`` games from ``seed``."""
    rng = random.Random(seed)
    return [rng.getrandbits(48) for _ in range(n)]


def _write_game(rules, game_seed: int, path: Path) -> Path:
    path.write_bytes(family_of_preset(rules.name).simulate_game(rules, game_seed))
    return path


def simulate(n: int, rules, seed: int, out_dir: str | Path, progress: bool = True,
             prefix: str | None = None, jobs: int = 1) -> list[Path]:
    """Play ``n`` games under any family's rule set and write them as ``sim-<rules>-<seed>-<i><suffix>``
    in ``out_dir`` (the family's :attr:`~mjlog.rules.family.Family.simulated_suffix`).

    Returns the paths written. ``progress`` shows a tqdm bar when stderr is a terminal.
    ``jobs`` > 1 plays them in that many processes; each game depends only on its own seed,
    so the files are the same bytes either way.
    """
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    name = prefix if prefix is not None else f"sim-{rules.name}-{seed}"
    indices = range(n)
    bar = None
    if progress and sys.stderr.isatty():
        try:
            from tqdm import tqdm
        except ImportError:  # pragma: no cover - tqdm is a dependency of the CLI extras
            pass
        else:
            bar = tqdm(total=n, unit="game", desc="simulate")
    suffix = family_of_preset(rules.name).simulated_suffix
    targets = [out / f"{name}-{i}{suffix}" for i in indices]
    seeds = game_seeds(n, seed)
    paths = []
    if jobs > 1 and n > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=jobs) as pool:
            done = pool.map(_write_game, [rules] * n, seeds, targets, chunksize=max(1, min(64, n // (4 * jobs))))
            for path in done:
                paths.append(path)
                if bar is not None:
                    bar.update(1)
    else:
        for game_seed, path in zip(seeds, targets):
            paths.append(_write_game(rules, game_seed, path))
            if bar is not None:
                bar.update(1)
    if bar is not None:
        bar.close()
    return paths


def is_synthetic(log: GameLog) -> bool:
    """True when a log was generated by ``mjlog simulate`` (a header whose ``synthetic`` is true;
    Tenhou XML: GO ``title="mjlog-synthetic"``)."""
    return bool(getattr(log.header, "synthetic", False))
