"""A batch audit's counts, kept as the files' results stream in: each game once, in bounded memory.

Files that record one game (by log id, seed or hands; :mod:`mjlog.formats.identity`) are grouped
through an index kept in a private temporary SQLite file, not in memory: per game, its primary
source, how complete that file is, what it records (its fingerprint) and what it added to the
counts. The primary source is the most complete file of the game seen so far (a final result,
then more whole hands, then a seed); a later file that is more complete takes its place, and the
earlier one is then reported as its duplicate (its findings, already written, leave the counts).
A duplicate that disagrees with the primary on anything both record gets a ``malformed`` error.

A file read from a path comes with its quick identity (:func:`mjlog.formats.identity.quick_identity`:
no hands' digest) and where to read it again. Its game keeps that while no other file shares one of
its keys or its deal; when one does, both are identified in full (the file read again) and the
lookup runs on the full keys, as it would have with full identities from the start: files with the
same hands share their deal, so every game one file could join is found. A run of results (a
worker's task) is looked up at once (:meth:`StreamingAudit.add_all`): the games among them that may
be copies are identified in one call, which a parallel audit runs on its workers, so its parent
reads no log; the others are written to the index in one statement.

The work per file is bounded however many copies of one game a batch holds: a game keeps its
duplicates' tallies (with a fault, kept, uncompared), so a copy that leaves the primary as it is
costs one lookup and one comparison; the kept duplicates are compared again only when the primary
changes or games join, and at most :data:`MAX_COMPARED_COPIES` are kept per game. Later copies are
counted as duplicates but not compared; the first of them gets a note saying so.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from mjlog.batch.results import FileAudit, FileGame, QuietGame, completeness, rank_text
from mjlog.findings import Finding, FindingKind, Severity
from mjlog.frozen import builder
from mjlog.formats.identity import GameIdentity, disagreement, from_json, names_only_disagreement, to_json

if TYPE_CHECKING:
    import sqlite3


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


@dataclass(slots=True)
class AuditReport:
    """Counts over a batch: games read (a game's files count once), clean or with findings; logs
    that could not be read (a file, or one game of a file of several: never counted as games);
    errors, warnings and notes; duplicate files and files skipped as no log at all. ``files`` holds every file's result in
    input order only when the batch was asked to keep them."""

    games: int = 0
    clean: int = 0
    with_findings: int = 0
    unreadable: int = 0
    errors: int = 0
    warnings: int = 0
    notes: int = 0
    duplicates: int = 0
    skipped: int = 0
    files: list[FileAudit] | None = field(default=None, repr=False)

    def severity_count(self, severity: Severity) -> int:
        return {Severity.ERROR: self.errors, Severity.WARNING: self.warnings, Severity.NOTE: self.notes}[severity]

    def failed(self, strict: bool = False) -> bool:
        """Errors or unreadable files; with ``strict`` warnings too."""
        return bool(self.errors or self.unreadable or (strict and self.warnings))

    def summary(self) -> str:
        text = f"audited {_plural(self.games, 'game')}: {self.clean} clean, {self.with_findings} with findings; "
        if self.unreadable:
            text += f"{_plural(self.unreadable, 'unreadable log')}; "
        text += f"{_plural(self.errors, 'error')}, {_plural(self.warnings, 'warning')}"
        if self.notes:
            text += f", {_plural(self.notes, 'note')}"
        if self.duplicates:
            text += f"; {_plural(self.duplicates, 'duplicate file')} (a game already counted)"
        if self.skipped:
            text += f"; {_plural(self.skipped, 'file')} skipped (not a log)"
        return text

    def to_dict(self) -> dict:
        return {"summary": self.summary(), "games": self.games, "clean": self.clean,
                "with_findings": self.with_findings, "unreadable": self.unreadable, "errors": self.errors,
                "warnings": self.warnings, "notes": self.notes, "duplicates": self.duplicates,
                "skipped": self.skipped}

    def _count_findings(self, fa: FileAudit, sign: int = 1) -> None:
        self._count_tally(fa.tally(), sign)

    def _count_tally(self, tally: tuple[int, int, int], sign: int = 1) -> None:
        errors, warnings, notes = tally
        self.errors += sign * errors
        self.warnings += sign * warnings
        self.notes += sign * notes

    def _count_game(self, clean: bool, sign: int = 1) -> None:
        if clean:
            self.clean += sign
        else:
            self.with_findings += sign


#: How many duplicates of one game are compared with its primary one by one, and compared again when
#: the primary changes; later copies are counted as duplicates but not compared (the first of them
#: gets a note), so the work per copy stays bounded however many copies a batch holds.
MAX_COMPARED_COPIES = 1_000

#: Keys looked up in one SQLite statement (SQLite allows 32,766 parameters a statement since 3.32).
_KEYS_PER_STATEMENT = 500


@dataclass(frozen=True, slots=True)
class _Primary:
    """What the index keeps of a game: its primary source, what that file added to the counts, and
    its duplicates' tallies."""

    gid: int
    source: str
    rank: tuple[int, int, int]
    fingerprint: str | None   # None while the game holds a quick identity (then origin says where it was read)
    clean: bool          # the primary's own audit finds no fault
    counts: tuple[int, int, int]   # the primary's errors, warnings and notes
    at: int              # its place among the results
    origin: FileGame | None = None
    faulty: int = 0      # its duplicates with a fault (a disagreement)
    compared: int = 0    # its duplicates kept to be compared again (at most MAX_COMPARED_COPIES)
    uncompared: int = 0  # its duplicates counted past MAX_COMPARED_COPIES, not compared

    @property
    def counted_clean(self) -> bool:
        return self.clean and not self.faulty


@dataclass(slots=True)
class _Tally:
    """A game's duplicates while a file joins it: with a fault, kept to be compared again, counted uncompared."""

    faulty: int
    compared: int
    uncompared: int


def _duplicate(source: str, ident: GameIdentity, primary_source: str, primary: GameIdentity) -> FileAudit:
    """The result reported for a file of a game another file is the primary source of."""
    names = names_only_disagreement(primary_source, primary, ident)
    text = None if names else disagreement(primary_source, primary, ident)
    findings = ((Finding(FindingKind.NAMES, names, source=source, severity=Severity.NOTE),) if names else
                (Finding(FindingKind.MALFORMED, text, source=source),) if text else ())
    return FileAudit(source, findings, identity=ident, same_as=primary_source)


def _primary_of(fa: FileAudit, at: int) -> _Primary:
    ident = fa.identity
    assert ident is not None and (ident.digested or fa.origin is not None)
    counts = fa.tally()
    clean = fa.error is None and fa.skipped is None and not (counts[0] or counts[1])   # fa.clean, from the tally
    return _BUILD_PRIMARY(0, fa.source, completeness(ident), to_json(ident) if ident.digested else None, clean,
                          counts, at, None if ident.digested else fa.origin)


_BUILD_PRIMARY = builder(_Primary)


def _full(p: _Primary) -> GameIdentity:
    """The full identity of a primary the lookup found (every game it finds is identified in full)."""
    assert p.fingerprint is not None
    return from_json(p.fingerprint)


def _index_keys(ident: GameIdentity) -> tuple[str, ...]:
    """What the index finds a game by: its keys and its deal."""
    return ident.keys if ident.deal is None else (*ident.keys, ident.deal)


def _quiet_keys(q: QuietGame) -> tuple[str, ...]:
    """:func:`_index_keys` of a quiet game's identity."""
    return q.keys if q.deal is None else (*q.keys, q.deal)


class StreamingAudit:
    """Counts a batch's results in input order (:meth:`add`, or :meth:`add_all` a run of them), each
    game once, and says which results to report; the games' index lives in a temporary SQLite file.
    Close it (or use ``with``). ``identify_again`` gives the full identities of games a quick identity
    came with, read again from their origins (None for one that cannot be identified: then it is a
    game of its own), for all the games of a run of results that may need one at once."""

    def __init__(self, keep: bool = False,
                 identify_again: Callable[[Sequence[FileGame]], list[GameIdentity | None]] | None = None) -> None:
        self.report = AuditReport(files=[] if keep else None)
        self._n = 0
        self._identify_again = identify_again
        self._known: dict[FileGame, GameIdentity | None] = {}
        self._next_gid = 1
        # new games that shared no key with any other when counted, written to the index in one go
        # before its next read (:meth:`_flush`)
        self._new_games: list[tuple] = []
        self._new_keys: list[tuple[str, int]] = []

    @functools.cached_property
    def _db(self) -> sqlite3.Connection:
        """The index, a private temporary file (deleted on close), opened when it is first written or
        read: an audit that never looks a game up (one file) neither imports SQLite nor opens it."""
        import sqlite3

        db = sqlite3.connect("")
        db.executescript(
            "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA cache_size = -2048;"
            "CREATE TABLE keys (key TEXT PRIMARY KEY, gid INTEGER NOT NULL) WITHOUT ROWID;"
            "CREATE TABLE games (gid INTEGER PRIMARY KEY, source TEXT, rank TEXT, fingerprint TEXT, clean INTEGER,"
            # idx: the game's place in its file while it holds a quick identity (else NULL); path: that file,
            # os.fsencode's bytes (any file name), NULL when it is the source's text (written once)
            " counts TEXT, at INTEGER, path BLOB, idx INTEGER,"
            " faulty INTEGER DEFAULT 0, compared INTEGER DEFAULT 0, uncompared INTEGER DEFAULT 0);"   # _Primary's tallies
            "CREATE TABLE dups (gid INTEGER, at INTEGER PRIMARY KEY, source TEXT, fingerprint TEXT, primary_source TEXT,"
            " counts TEXT, faulty INTEGER);"
            "CREATE INDEX dups_gid ON dups (gid);")
        return db

    def _holds_no_game(self) -> bool:
        """Whether no game has a place in the index yet, written or waiting: then a lookup finds nothing."""
        return self._next_gid == 1

    def close(self) -> None:
        if "_db" in self.__dict__:   # opened (:attr:`_db`)
            self._db.close()

    def __enter__(self) -> StreamingAudit:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def add_all(self, fas: Sequence[FileAudit | QuietGame]) -> list[list[FileAudit]]:
        """:meth:`add` each of ``fas`` in turn; what to report for each. The games among them that may
        need their full identity (:meth:`candidates`) are identified in one call, before; a result that
        shares no key and no deal with any game counted or any other of them is counted without a
        lookup. A :class:`QuietGame` is counted as its result would be, which is not itself reported
        (the files whose verdicts it changes are)."""
        out = []
        for fa, lookup in zip(fas, self._prefetch(fas)):
            if type(fa) is not QuietGame:
                out.append(self._add(fa) if lookup else self._add_new(fa))
            elif lookup:   # its own result, as a game's primary, has nothing to report
                out.append([r for r in self._add(fa.loud()) if r.source != fa.source or r.same_as is not None])
            else:
                out.append(self._add_quiet(fa))
        return out   # the new games wait for the index's next read (:meth:`_flush`)

    def add(self, fa: FileAudit) -> list[FileAudit]:
        """Count one file's result; returns what to report for it, in order: the file (as a duplicate
        when its game is already counted), then files whose verdict it changes (a primary it displaces,
        a duplicate now compared with another primary)."""
        return self._add(fa)

    def _add(self, fa: FileAudit) -> list[FileAudit]:
        """:meth:`add`, the index written first (the new games that wait)."""
        at, self._n = self._n, self._n + 1
        self._flush()
        rep = self.report
        if fa.skipped is not None:
            rep.skipped += 1
            return self._kept([fa])
        if fa.error is not None or fa.identity is None:
            return self._own_game(fa)
        met = self._met(_index_keys(fa.identity))
        ps: list[_Primary] = []
        if met:   # the games it may record: each, and this file, identified in full
            if not fa.identity.digested:
                fa = replace(fa, identity=self._again(fa.origin), origin=None)
                if fa.identity is None:
                    return self._own_game(fa)
            for gid in met:
                self._digest_game(gid)
            ps = self._find(fa.identity.keys)
        if not ps:
            rep.games += 1
            rep._count_game(fa.clean)
            rep._count_findings(fa)
            self._link(_index_keys(fa.identity), self._store(None, _primary_of(fa, at)))
            return self._kept([fa])
        return self._kept(self._join(fa, at, ps))

    def _add_new(self, fa: FileAudit) -> list[FileAudit]:
        """:meth:`add` a result known to be a new game (:meth:`_meeting`: a quick identity from a path
        that shares no key or deal with any other): counted, its row and keys left for the next
        :meth:`_flush` (the common case of a large batch, so it builds no :class:`_Primary`)."""
        at, self._n = self._n, self._n + 1
        ident, origin = fa.identity, fa.origin
        assert ident is not None and origin is not None and fa.error is None and fa.skipped is None
        rep = self.report
        errors, warnings, notes = tally = fa.tally()
        clean = not (errors or warnings)
        rep._count_game(clean)
        rep._count_tally(tally)
        self._queue_new_game(at, rank_text(completeness(ident)), fa.source, clean, f"{errors},{warnings},{notes}",
                             _path_column(origin.path, fa.source), origin.index, _index_keys(ident))
        if rep.files is not None:
            rep.files.append(fa)
        return [fa]

    def _add_quiet(self, q: QuietGame) -> list[FileAudit]:
        """:meth:`_add_new` for a quiet game (clean, no finding): nothing to report."""
        at, self._n = self._n, self._n + 1
        self.report._count_game(True)
        self._queue_new_game(at, q.rank, q.source, True, "0,0,0", None if q.path is None else os.fsencode(q.path),
                             q.index, _quiet_keys(q))
        return []

    def _queue_new_game(self, at: int, rank: str, source: str, clean: bool, counts: str, path: bytes | None,
                        index: int, keys: tuple[str, ...]) -> None:
        """Count a new game and leave its ``games`` row and its keys for the next :meth:`_flush`."""
        self.report.games += 1
        gid, self._next_gid = self._next_gid, self._next_gid + 1
        self._new_games.append((gid, rank, source, int(clean), counts, at, path, index))
        self._new_keys += [(k, gid) for k in keys]

    def _flush(self) -> None:
        """Write the new games that wait to the index (their duplicates' tallies 0, no fingerprint)."""
        if self._new_games:
            _insert_rows(self._db, "INSERT INTO games (gid, rank, source, clean, counts, at, path, idx) VALUES ",
                         self._new_games)
            _insert_rows(self._db, "INSERT OR IGNORE INTO keys VALUES ", self._new_keys)
            self._new_games.clear()
            self._new_keys.clear()

    def candidates(self, fas: Sequence[FileAudit]) -> list[FileGame]:
        """Where the games are that :meth:`add` may identify in full while it counts ``fas`` (a batch of
        results, before they are added): each of them with a quick identity that shares a key or its
        deal with another of them or with a game counted, and each counted game with a quick identity
        one of them meets. A superset: a caller may identify these in one pass, elsewhere."""
        return self._meeting(fas)[1]

    def _meeting(self, fas: Sequence[FileAudit | QuietGame]) -> tuple[list[bool], list[FileGame]]:
        """For each of ``fas``, whether it needs a lookup (all but a quick identity that shares no key
        and no deal with any game counted or any other of them), and :meth:`candidates`."""
        keyed = [_quiet_keys(fa) if type(fa) is QuietGame else
                 None if fa.error is not None or fa.skipped is not None or fa.identity is None
                 else _index_keys(fa.identity) for fa in fas]
        times: dict[str, int] = {}
        for keys in keyed:
            for key in keys or ():   # one key of each kind (log id, seed, hands, deal): no key twice
                times[key] = times.get(key, 0) + 1
        shared = {key for key, n in times.items() if n > 1}
        out: dict[FileGame, None] = {}
        names = [] if self._holds_no_game() else list(times)
        self._flush()
        for i in range(0, len(names), _KEYS_PER_STATEMENT):
            part = names[i : i + _KEYS_PER_STATEMENT]
            for key, source, path, idx in self._db.execute(
                    "SELECT k.key, g.source, g.path, g.idx FROM keys k JOIN games g USING (gid) "
                    f"WHERE k.key IN ({', '.join('?' * len(part))})", part):
                shared.add(key)
                if idx is not None:
                    out[_origin(source, path, idx)] = None
        lookup = []
        for fa, keys in zip(fas, keyed):
            meets = bool(shared) and keys is not None and not shared.isdisjoint(keys)
            # a quick identity's origin (the others have none); a quiet game's made only when it meets
            origin = None if keys is None or (not meets and type(fa) is QuietGame) else fa.origin
            if origin is not None and meets:
                out[origin] = None
            lookup.append(meets or (origin is None and type(fa) is not QuietGame))
        return lookup, list(out)

    def _prefetch(self, fas: Sequence[FileAudit | QuietGame]) -> list[bool]:
        """The full identities of :meth:`candidates`' games kept for :meth:`_again` (the last batch's let
        go); for each of ``fas``, whether it needs a lookup."""
        lookup, origins = self._meeting(fas)
        self._known = dict(zip(origins, self._identify_again(origins))) \
            if origins and self._identify_again is not None else {}
        return lookup

    def _own_game(self, fa: FileAudit) -> list[FileAudit]:
        """Count a file that is a game of its own, never another's copy: an unreadable one, or one
        whose values cannot be identified."""
        rep = self.report
        if fa.error is not None:
            rep.unreadable += 1
        else:
            rep.games += 1
            rep._count_game(fa.clean)
        rep._count_findings(fa)
        return self._kept([fa])

    def _again(self, origin: FileGame | None) -> GameIdentity | None:
        if origin is not None and origin in self._known:
            return self._known.pop(origin)
        if origin is None or self._identify_again is None:
            raise ValueError("a quick identity needs its origin and identify_again to be identified in full")
        return self._identify_again([origin])[0]

    def _digest_game(self, gid: int) -> None:
        """The game ``gid`` identified in full, if it holds a quick identity: its fingerprint kept and
        its full keys in the index; one that cannot be identified leaves the index (its own game)."""
        row = self._db.execute("SELECT source, path, idx FROM games WHERE gid = ? AND idx IS NOT NULL", (gid,)).fetchone()
        if row is None:
            return
        ident = self._again(_origin(*row))
        if ident is None:
            self._db.execute("DELETE FROM keys WHERE gid = ?", (gid,))
        self._db.execute("UPDATE games SET fingerprint = ?, path = NULL, idx = NULL WHERE gid = ?",
                         (None if ident is None else to_json(ident), gid))
        if ident is not None:
            self._link(_index_keys(ident), gid)

    def _join(self, fa: FileAudit, at: int, ps: list[_Primary]) -> list[FileAudit]:
        """``fa`` records the game(s) of ``ps`` (more than one when it links games counted apart): one
        game remains, whose primary is the most complete file (the earliest among equals); every
        other file of it is a duplicate, compared with that primary (up to MAX_COMPARED_COPIES)."""
        assert fa.identity is not None
        rep = self.report
        for p in ps:   # the games counted so far leave the counts; the one they make is counted again
            rep.games -= 1
            rep._count_game(p.counted_clean, -1)
            self._add_counts(p.counts, -1)
        best = max(ps, key=lambda p: (p.rank, -p.at))
        primary = _primary_of(fa, at) if completeness(fa.identity) > best.rank else best
        ident = fa.identity if primary is not best else _full(best)
        gid = ps[0].gid
        self._add_counts(primary.counts)
        tally = _Tally(sum(p.faulty for p in ps), sum(p.compared for p in ps), sum(p.uncompared for p in ps))
        again: list[tuple[int, FileAudit, bool]] = []
        if len(ps) > 1 or primary is not best:   # else every duplicate of the game is compared with it already
            again = self._compare_again([p.gid for p in ps], gid, primary.source, ident, tally)
        joining = [(at, fa.source, fa.identity)] if primary is best else []
        joining += [(p.at, p.source, _full(p)) for p in ps if p is not primary]
        updates = [(where, self._new_duplicate(gid, where, source, other, primary.source, ident, tally), True)
                   for where, source, other in joining]
        updates += again
        out = ([fa] if primary is not best else []) + [d for _, d, changed in updates if changed]
        primary = replace(primary, gid=gid, faulty=tally.faulty, compared=tally.compared, uncompared=tally.uncompared)
        rep.games += 1
        rep._count_game(primary.counted_clean)
        self._store(gid, primary)
        for p in ps[1:]:
            self._db.execute("UPDATE keys SET gid = ? WHERE gid = ?", (gid, p.gid))
            self._db.execute("DELETE FROM games WHERE gid = ?", (p.gid,))
        self._link(_index_keys(fa.identity), gid)
        if rep.files is not None:   # fa's own result is appended by the caller
            for where, d, _ in updates:
                if where != at:
                    rep.files[where] = d
        return out

    def _new_duplicate(self, gid: int, at: int, source: str, ident: GameIdentity, primary_source: str,
                       primary: GameIdentity, tally: _Tally) -> FileAudit:
        """A file of the game ``gid`` that is not its primary: compared and kept, or past
        MAX_COMPARED_COPIES counted (the first such copy with a note saying so)."""
        if tally.compared >= MAX_COMPARED_COPIES:
            tally.uncompared += 1
            note = () if tally.uncompared > 1 else (Finding(
                FindingKind.OMITTED, f"the game of {primary_source} has more than {MAX_COMPARED_COPIES:,} duplicate "
                "files: this one and later ones are counted as duplicates but not compared with it",
                source=source, severity=Severity.NOTE),)
            d = FileAudit(source, note, identity=ident, same_as=primary_source)
        else:
            d = _duplicate(source, ident, primary_source, primary)
            tally.compared += 1
            tally.faulty += bool(d.faults)
            self._db.execute("INSERT OR REPLACE INTO dups VALUES (?, ?, ?, ?, ?, ?, ?)",
                             (gid, at, source, to_json(ident), primary_source, _counts_text(d), int(bool(d.faults))))
        self.report.duplicates += 1
        self.report._count_findings(d)
        return d

    def _compare_again(self, gids: list[int], gid: int, primary_source: str, primary: GameIdentity,
                       tally: _Tally) -> list[tuple[int, FileAudit, bool]]:
        """The duplicates of ``gids`` all moved to ``gid``; those kept past MAX_COMPARED_COPIES (games
        that join) no longer kept, their verdict as it was; the rest, when compared with another
        primary than now, compared again (their counts replaced). Returns each compared again with its
        place and whether its verdict changed (only those are reported again)."""
        marks = ", ".join("?" * len(gids))
        self._db.execute(f"UPDATE dups SET gid = ? WHERE gid IN ({marks})", (gid, *gids))
        if tally.compared > MAX_COMPARED_COPIES:
            self._db.execute("DELETE FROM dups WHERE gid = ? AND at NOT IN (SELECT at FROM dups WHERE gid = ? "
                             "ORDER BY at LIMIT ?)", (gid, gid, MAX_COMPARED_COPIES))
            tally.compared = MAX_COMPARED_COPIES
        rows = self._db.execute("SELECT at, source, fingerprint, counts, faulty FROM dups WHERE gid = ? AND "
                                "primary_source != ?", (gid, primary_source)).fetchall()
        changed = []
        for where, source, fp, counts, faulty in rows:
            d = _duplicate(source, from_json(fp), primary_source, primary)
            self._add_counts(tuple(map(int, counts.split(","))), -1)
            self.report._count_findings(d)
            tally.faulty += int(bool(d.faults)) - faulty
            self._db.execute("UPDATE dups SET primary_source = ?, counts = ?, faulty = ? WHERE at = ?",
                             (primary_source, _counts_text(d), int(bool(d.faults)), where))
            changed.append((where, d, _counts_text(d) != counts))
        return changed

    def _add_counts(self, counts: tuple[int, ...], sign: int = 1) -> None:
        rep = self.report
        rep.errors += sign * counts[0]
        rep.warnings += sign * counts[1]
        rep.notes += sign * counts[2]

    def _kept(self, out: list[FileAudit]) -> list[FileAudit]:
        if self.report.files is not None:
            self.report.files.append(out[0])
        return out

    # -- the index ------------------------------------------------------------------------------

    def _met(self, keys: tuple[str, ...]) -> list[int]:
        """The games any of ``keys`` names (a deal among them: the games that may be the same)."""
        if not keys or self._holds_no_game():
            return []
        return [gid for (gid,) in self._db.execute(
            f"SELECT DISTINCT gid FROM keys WHERE key IN ({', '.join('?' * len(keys))}) ORDER BY gid", keys)]

    def _find(self, keys: tuple[str, ...]) -> list[_Primary]:
        """The games (their primaries) any of ``keys`` names, in the order they were first counted."""
        if not keys:
            return []
        rows = self._db.execute(
            "SELECT DISTINCT g.gid, source, rank, fingerprint, clean, counts, at, path, idx, faulty, compared, uncompared "
            f"FROM keys k JOIN games g USING (gid) WHERE k.key IN ({', '.join('?' * len(keys))}) ORDER BY g.gid",
            keys).fetchall()
        return [_Primary(gid, source, tuple(map(int, rank.split(","))), fp, bool(clean), tuple(map(int, counts.split(","))),
                         at, None if idx is None else _origin(source, path, idx), *tallies)
                for gid, source, rank, fp, clean, counts, at, path, idx, *tallies in rows]

    def _store(self, gid: int | None, p: _Primary) -> int:
        row = _row(p)
        if gid is None:
            gid, self._next_gid = self._next_gid, self._next_gid + 1
            self._db.execute("INSERT INTO games (gid, rank, source, fingerprint, clean, counts, at, path, idx, faulty, "
                             "compared, uncompared) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", (gid, *row))
            return gid
        self._db.execute("UPDATE games SET rank = ?, source = ?, fingerprint = ?, clean = ?, counts = ?, at = ?, "
                         "path = ?, idx = ?, faulty = ?, compared = ?, uncompared = ? WHERE gid = ?", (*row, gid))
        return gid

    def _link(self, keys: tuple[str, ...], gid: int) -> None:
        self._db.executemany("INSERT OR IGNORE INTO keys VALUES (?, ?)", [(k, gid) for k in keys])


#: Values bound in one multi-row INSERT (under 999, the most an SQLite before 3.32 allows).
_VALUES_PER_STATEMENT = 800


def _insert_rows(db: sqlite3.Connection, insert: str, rows: list[tuple]) -> None:
    """``insert`` (up to ``VALUES``) of each of ``rows`` (of one width), many rows a statement: 9.7 ->
    7.3 us a new game against ``executemany``, which steps (and lets the GIL go) once a row."""
    width = len(rows[0])
    per = _VALUES_PER_STATEMENT // width
    one = "(" + ", ".join("?" * width) + ")"
    for i in range(0, len(rows), per):
        part = rows[i : i + per]
        db.execute(insert + ", ".join([one] * len(part)), [value for row in part for value in row])


def _row(p: _Primary) -> tuple:
    """A primary as the index's ``games`` row, from its rank on."""
    origin = p.origin
    return (rank_text(p.rank), p.source, p.fingerprint, int(p.clean),
            f"{p.counts[0]},{p.counts[1]},{p.counts[2]}", p.at, _path_column(origin.path, p.source) if origin else None,
            origin.index if origin else None, p.faulty, p.compared, p.uncompared)


def _path_column(path: str, source: str) -> bytes | None:
    """The index's ``path`` of a game read from ``path`` whose result is named ``source``: None when
    they are the same text (a file of one game), so the name is written once."""
    return None if path == source else os.fsencode(path)


def _origin(source: str, path: bytes | None, idx: int) -> FileGame:
    """Where a game of the index that holds a quick identity was read (:func:`_path_column`)."""
    return FileGame(source if path is None else os.fsdecode(path), idx)


def _counts_text(fa: FileAudit) -> str:
    return ",".join(map(str, fa.tally()))
