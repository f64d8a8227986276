"""One file of a batch, read, identified and replayed game by game, with whatever goes wrong caught.

The batch audit (:func:`mjlog.batch.audit.audit_file`) and the store's ingest
(:func:`mjlog.store.rows.build_chunk`) both go through :func:`check_games`, so a file that is no log,
a game that cannot be read and a bug in the reader or the replay end the same way for both: as a
:class:`Failure` on that file or game, never as the end of the batch. Each caller words its own
results.

>>> [(g.whole_file, g.failure.step.value, g.failure.internal) for g in check_games(b"<mjloggm")]
[(True, 'reading', False)]
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from mjlog.errors import MalformedLogError, UnsupportedFormatError
from mjlog.formats import reader
from mjlog.formats.identity import GameIdentity, identity_of, quick_identity
from mjlog.formats.source import LogSource
from mjlog.ir import GameLog
from mjlog.replayer import replay
from mjlog.rules.knobs import RuleChoice
from mjlog.rules.results import Replay


class Step(enum.Enum):
    """The step of a file's check where something went wrong."""

    READING = "reading"
    REPLAY = "replay"


@dataclass(frozen=True, slots=True)
class Failure:
    """What went wrong at ``step``: the log's fault (a reading error that is a
    :class:`MalformedLogError`; an :class:`UnsupportedFormatError` when the file is no log at all)
    or mjlog's (:attr:`internal`)."""

    step: Step
    error: Exception

    @property
    def internal(self) -> bool:
        """mjlog's own fault, not the log's: any error of the replay (the reader lets through no log it
        cannot replay), and a reading error that is no MalformedLogError."""
        return self.step is Step.REPLAY or not isinstance(self.error, MalformedLogError)

    @property
    def not_a_log(self) -> bool:
        """The file's content is no log mjlog knows (a ``readme.txt`` in a log folder)."""
        return isinstance(self.error, UnsupportedFormatError)


@dataclass(frozen=True, slots=True)
class CheckedGame:
    """Game ``index`` of a file of ``count`` games: its log, its identity (None when its values
    cannot be identified: then it is a game of its own) and its replay; or its :class:`Failure`.
    A failure of the whole file (:attr:`whole_file`) is the one result of a file of no games; a game
    the caller skipped has its log and identity and no replay."""

    index: int
    count: int
    log: GameLog | None = None
    identity: GameIdentity | None = None
    replay: Replay | None = None
    failure: Failure | None = None

    @property
    def whole_file(self) -> bool:
        """The failure is the file's: it could not be read as a whole, so it holds no games."""
        return self.count == 0


def identify(log: GameLog, quick: bool = False) -> GameIdentity | None:
    """The game's identity (:func:`~mjlog.formats.identity.identity_of`, or with ``quick`` its
    :func:`~mjlog.formats.identity.quick_identity`); None for a log whose values cannot be identified
    (a ValueError, as MalformedLogError is). A coding error raises."""
    try:
        return quick_identity(log) if quick else identity_of(log)
    except ValueError:
        return None


def check_games(source: LogSource, name: str | None = None,
                skip: Callable[[GameLog, GameIdentity | None], bool] | None = None,
                quick: bool = False, choice: RuleChoice | None = None) -> Iterator[CheckedGame]:
    """Each game of one file (a path or bytes; a Botzone export holds many), read, identified (with
    ``quick``, its quick identity) and replayed, in the file's order; a game ``skip`` returns True for
    (a copy of one already done) is not replayed. ``name`` names the file in read errors;
    ``choice`` replays each under rules of the user's choosing (:func:`mjlog.replayer.replay`). Yields one
    failed game when the file as a whole cannot be read (:attr:`CheckedGame.whole_file`)."""
    try:
        logs = reader.games_or_errors(source, name)
    except Exception as exc:  # noqa: BLE001 - games_or_errors raises MalformedLogError only; this is the batch's guard
        yield CheckedGame(0, 0, failure=Failure(Step.READING, exc))
        return
    count = len(logs)
    for index, log in enumerate(logs):
        if isinstance(log, MalformedLogError):
            yield CheckedGame(index, count, failure=Failure(Step.READING, log))
            continue
        ident = identify(log, quick)
        if skip is not None and skip(log, ident):
            yield CheckedGame(index, count, log, ident)
            continue
        try:
            rep = replay(log, choice=choice)
        except Exception as exc:  # noqa: BLE001 - a replay bug must not end the batch; fuzz tests keep this unused
            yield CheckedGame(index, count, log, ident, failure=Failure(Step.REPLAY, exc))
            continue
        yield CheckedGame(index, count, log, ident, rep)
