"""Self-play games between simple bots, written as real Tenhou mjlog XML.

Riichi only by nature (the riichi family's :class:`~mjlog.rules.family.Simulator`); Beijing's
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

:func:`mjlog.batch.simulate.is_synthetic` tells such a log apart after reading it. When the rule set
differs from the preset its GO type selects (a what-if such as
``renchan_on_dealer_tenpai=False``), GO also carries
``knobs="name=value;…"`` listing the changed knobs; readers keep it as the
header extra ``GO.knobs``.

The bots (see :mod:`mjlog.rules.riichi.simulate.bots`) discard by shanten and acceptance,
riichi when closed and tenpai, pon value honours, fold against riichi with
genbutsu, make closed kans now and then, always kita in sanma, abort nine
terminals most of the time, and take every legal win.

>>> from mjlog.rules.riichi.ruleset import PRESETS
>>> from mjlog.formats.reader import read_log
>>> from mjlog.batch.simulate import is_synthetic
>>> data = simulate_game(PRESETS["tenhou-3p-east"], seed=1)
>>> data == simulate_game(PRESETS["tenhou-3p-east"], seed=1)
True
>>> log = read_log(data)
>>> is_synthetic(log), log.header.lobby, log.rules.players, log.truncated
(True, 9999, 3, False)
"""

from __future__ import annotations

from mjlog.rules.riichi.ruleset import RuleSet
from mjlog.rules.riichi.lobby import SYNTHETIC_TITLE
from mjlog.rules.riichi.simulate.game import SYNTHETIC_LOBBY, GameResult, GameStats, play_game, play_game_result

__all__ = ["SYNTHETIC_LOBBY", "SYNTHETIC_TITLE", "GameResult", "GameStats", "simulate_game", "simulate_result"]


def simulate_game(rules: RuleSet, seed: int, stats: GameStats | None = None) -> bytes:
    """One bot game under ``rules`` as Tenhou mjlog XML bytes (deterministic in ``seed``).

    ``stats``, when given, accumulates counts of hands, wins, draws and riichi.
    """
    return play_game(rules, seed, stats).encode("ascii")


def simulate_result(rules: RuleSet, seed: int, policy: RuleSet | None = None) -> GameResult:
    """What the game :func:`simulate_game` plays from ``seed`` came to: its hands' outcomes, final
    scores and placement points (the same game, its log not kept). ``policy``: the rules the bots value
    a hand under when they choose between riichi and dama (default ``rules``: the same game)."""
    return play_game_result(rules, seed, policy=policy)[1]
