"""Reading logs of any supported format: one file (:func:`read_log`) or many (:func:`read_logs`).

>>> results = list(read_logs([b"not a log", b"<mjloggm"]))
>>> [(r.ok, type(r.error).__name__) for r in results]
[(False, 'UnsupportedFormatError'), (False, 'MalformedLogError')]
"""

from __future__ import annotations

import dataclasses
import os
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from mjlog.errors import LogTooLargeError, MalformedLogError, UnsupportedFormatError
from mjlog.formats import format_of, formats
from mjlog.ir import GameLog
from mjlog.ir.check import check_log
from mjlog.formats.tenhou.xml import CUT_OFF
from mjlog.formats.source import MAX_GAMES_PER_FILE, LogSource, RawLog, load

#: File name endings that directory walks pick up.
LOG_SUFFIXES = (".xml", ".mjlog", ".json", ".gz", ".txt", ".pmn", ".jsonl", ".mjson")  # .jsonl, .mjson: mjai
LOG_ID = re.compile(r"(\d{10}gm-[0-9a-f]{4}-\d{4,5}-[0-9a-f]{8})")


def log_id_from_name(name: str) -> str | None:
    """The Tenhou log id (``2020010100gm-00a9-0000-03aa14b0``) in a file name, if any."""
    m = LOG_ID.search(os.path.basename(name))
    return m.group(1) if m else None


def read_log(source: LogSource, name: str | None = None) -> GameLog:
    """Read one log (path, bytes or binary stream) of any supported format.

    The format is chosen from the content (gzip by magic bytes, then XML or
    JSON), never from the file name. Raises :class:`MalformedLogError` and no
    other exception for bad input.
    """
    try:
        return _read_log(source, name)
    except MalformedLogError:
        raise
    except (ValueError, LookupError, TypeError, ArithmeticError, AttributeError) as exc:
        # A reader bug must still not escape as a traceback; the fuzz tests keep this path unused.
        label = name or (str(source) if isinstance(source, (str, os.PathLike)) else "<bytes>")
        raise MalformedLogError(f"internal error while reading ({type(exc).__name__}: {exc})", label) from exc


def read_games(source: LogSource, name: str | None = None) -> list[GameLog]:
    """Every game of one file: one for most formats, each match of a Botzone export.

    Raises :class:`MalformedLogError` (the first unreadable game's) and no other exception for bad
    input, as :func:`read_log`; :func:`games_or_errors` keeps the readable games of such a file.
    """
    games = games_or_errors(source, name)
    for g in games:
        if isinstance(g, MalformedLogError):
            raise g
    return games  # type: ignore[return-value]  # no error in it (raised above)


@dataclass(frozen=True, slots=True)
class ChosenGame:
    """One game of a file: the game, the file, the game's number in it (from 1) and how many games it holds."""

    log: GameLog
    path: str
    number: int
    count: int


_GAME_NUMBER = re.compile(r"^(.+)#(\d+)$")


def read_chosen_game(name: str) -> ChosenGame:
    """The game ``name`` names: ``FILE`` (its first game) or ``FILE#k`` (its k-th, counted from 1,
    as ``mjlog audit`` and ``ingest`` name the matches of a Botzone export) when FILE is a file and
    ``name`` itself is none.

    Raises :class:`MalformedLogError` for an unreadable file or game, and for a k the file does not hold.
    """
    path, number = name, 1
    m = _GAME_NUMBER.match(name)
    if m and not os.path.exists(name) and os.path.isfile(m.group(1)):
        path, number = m.group(1), int(m.group(2))
    games = games_or_errors(path)
    if not 1 <= number <= len(games):
        raise MalformedLogError(f"the file holds {len(games)} game{'s' if len(games) != 1 else ''}, "
                                f"so there is no game #{number}", path)
    game = games[number - 1]
    if isinstance(game, MalformedLogError):
        raise game
    return ChosenGame(game, path, number, len(games))


def games_or_errors(source: LogSource, name: str | None = None) -> list[GameLog | MalformedLogError]:
    """Every game of one file, each read or the :class:`MalformedLogError` that makes that game
    unreadable (one bad match of a Botzone export does not cost the others). A file that is no
    log at all, or cannot be read as a whole, raises the error."""
    try:
        return _read_games(source, name, True)
    except MalformedLogError:
        raise
    except (ValueError, LookupError, TypeError, ArithmeticError, AttributeError) as exc:
        label = name or (str(source) if isinstance(source, (str, os.PathLike)) else "<bytes>")
        raise MalformedLogError(f"internal error while reading ({type(exc).__name__}: {exc})", label) from exc


def _read_log(source: LogSource, name: str | None) -> GameLog:
    first = _read_games(source, name, False)[0]
    if isinstance(first, MalformedLogError):
        raise first
    return first


def _read_games(source: LogSource, name: str | None, every: bool) -> list[GameLog | MalformedLogError]:
    raw = load(source, name)
    fmt = format_of(raw.data)
    if raw.cut is not None:
        logs: list[GameLog | MalformedLogError] = [_read_cut(raw, fmt)]
    elif fmt is not None:
        logs = fmt.read_all(raw.data, raw.name) if every and fmt.read_all else [fmt.read(raw.data, raw.name)]
    elif not raw.data.strip():
        raise MalformedLogError("the file is empty", raw.name, "byte 0")
    else:
        known = " or ".join(f.title for f in formats())
        raise UnsupportedFormatError(f"not a log mjlog can read (expected {known})", raw.name, "byte 0")
    if len(logs) > MAX_GAMES_PER_FILE:   # a format's own read_all refuses such a file before reading its games
        raise LogTooLargeError(f"{len(logs):,} games, more than the {MAX_GAMES_PER_FILE:,} a file may hold", raw.name)
    return [log if isinstance(log, MalformedLogError) else _named(log, raw.name) for log in logs]


def _named(log: GameLog, name: str | None) -> GameLog | MalformedLogError:
    if log.log_id is None and name:
        lid = log_id_from_name(name)
        if lid:
            log = dataclasses.replace(log, log_id=lid)
    try:
        return check_log(log)
    except MalformedLogError as exc:
        return exc


def _read_cut(raw: RawLog, fmt) -> GameLog:
    """The complete hands of a gzip file cut short, marked cut off where the gzip data stops; the
    gzip error when nothing before the cut can be read."""
    assert raw.cut is not None
    try:
        if fmt is None:
            raise raw.cut
        log = fmt.read(raw.data, raw.name)
    except MalformedLogError:
        raise raw.cut from None
    extra = tuple(kv for kv in log.header_extra if kv[0] != CUT_OFF)
    return dataclasses.replace(log, header_extra=extra + ((CUT_OFF, raw.cut.where or "its end"),))


@dataclass(frozen=True, slots=True)
class ReadResult:
    """One file's outcome in a batch: the log, or the error that stopped it."""

    source: str
    log: GameLog | None = None
    error: MalformedLogError | None = None

    @property
    def ok(self) -> bool:
        return self.error is None


def iter_log_files(paths: Iterable[str | os.PathLike]) -> Iterator[Path]:
    """Files named by ``paths``; directories are walked (sorted) for log-like files: a name with a
    log suffix, not hidden, that is a file (a link to one included); links to folders are not
    followed, folders that cannot be read are passed over."""
    return map(Path, log_file_paths(paths))


def log_file_paths(paths: Iterable[str | os.PathLike]) -> Iterator[str]:
    """:func:`iter_log_files` as text, each path as ``str`` of its ``Path`` (what a batch sends its
    workers, without a ``Path`` a file: 2-3 us a file of an audit parent's serial work)."""
    for p in paths:
        path = Path(p)
        if path.is_dir():
            yield from _log_files_under(str(path))
        else:
            yield str(path)


def _log_files_under(folder: str) -> Iterator[str]:
    """The log-like files under ``folder`` (the text of its ``Path``) in the order of their sorted
    paths (each folder's entries by name, a subfolder's files at its name's place). Each entry's kind
    comes from its folder's listing, so the walk makes no ``stat`` call a file (a link's is still
    made): 7.5 -> 3 us a file against sorting a ``rglob`` (docs/performance.md)."""
    try:
        with os.scandir(folder) as listing:
            entries = sorted(listing, key=_name)
    except (PermissionError, NotADirectoryError, FileNotFoundError):
        return
    inside = "" if folder == "." else folder if folder.endswith(os.sep) else folder + os.sep   # as Path(folder) / name
    for entry in entries:
        name = entry.name
        if _is_folder(entry):
            yield from _log_files_under(inside + name)
        elif name.lower().endswith(LOG_SUFFIXES) and not name.startswith(".") and _is_file(entry):
            yield inside + name


def _name(entry: os.DirEntry) -> str:
    return entry.name


def _is_file(entry: os.DirEntry) -> bool:
    try:
        return entry.is_file()
    except OSError:
        return False


def _is_folder(entry: os.DirEntry) -> bool:
    try:
        return entry.is_dir(follow_symlinks=False)
    except OSError:
        return False


def read_logs(sources: Iterable[LogSource], strict: bool = False) -> Iterator[ReadResult]:
    """Read many logs; per-file errors are collected on the results, not raised.

    Paths to directories are walked. With ``strict=True`` the first error is raised.
    """
    expanded: list[LogSource] = []
    for s in sources:
        if isinstance(s, (str, os.PathLike)) and Path(s).is_dir():
            expanded.extend(iter_log_files([s]))
        else:
            expanded.append(s)
    for i, src in enumerate(expanded):
        label = str(src) if isinstance(src, (str, os.PathLike)) else f"<input {i}>"
        try:
            yield ReadResult(label, read_log(src, label))
        except MalformedLogError as exc:
            if strict:
                raise
            yield ReadResult(label, error=exc)
