"""Games to Arrow tables for the Store: read and replay logs, one column list per table column.

This module does the CPU work of an ingest and imports no database, so process-pool
workers never load duckdb: :func:`build_chunk` takes paths and returns a :class:`Chunk`
(one :class:`FileOutcome` per path and one ``pyarrow.Table`` per store table), which the
single writer (:class:`mjlog.store.Store`) puts into the database in one transaction.

Values follow the data dictionary in ``docs/schema.md``: recorded values as the log
states them, ``derived_*`` columns from :func:`mjlog.replay`. What differs between rule
families comes from the family's hooks (:meth:`~mjlog.rules.family.Family.win_items`,
:meth:`~mjlog.rules.family.Family.win_value`, ``win_columns``, ``game_columns``, ``placement``,
``declarations``, ``round_rows``: a family's own per-hand tables...) and the replay's payments
(:class:`~mjlog.rules.transfers.Transfer` rows);
a family's own events are named as it registered them (:mod:`mjlog.ir.event_kinds`), and a
family's own games columns (riichi's rule and Tenhou lobby columns) are its ``game_columns``.

>>> from mjlog.batch.simulate import simulated_bytes
>>> from mjlog.rules import find_preset
>>> game = simulated_bytes(find_preset("tenhou-4p-east"), 1)   # a bot game's Tenhou XML
>>> chunk = build_chunk_from_bytes([("g.xml", game)])
>>> [(f.status, f.game_id[:6]) for f in chunk.files]
[('game', 'hands-')]
>>> {name: t.num_rows for name, t in chunk.tables.items() if name != "events"}  # doctest: +NORMALIZE_WHITESPACE
{'games': 1, 'players': 4, 'rounds': 5, 'wins': 5, 'win_items': 28, 'payments': 21, 'draws': 0,
 'riichi_declarations': 4, 'win_situations': 5, 'draw_tenpai': 0, 'calls': 7, 'findings': 0}
>>> chunk.tables["events"].num_rows
511
"""

from __future__ import annotations

import gc
import hashlib
from array import array
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace

import pyarrow as pa

from mjlog.errors import MalformedLogError
from mjlog.formats.identity import GameIdentity, to_json
from mjlog.store.arrow_schema import DS, GID, I8, I16, I32, L16, S, SCHEMAS
from mjlog.ir.event_kinds import KINDS, OTHER, event_columns, kind_names
from mjlog.ir import Call, CallKind, Discard, Draw, Event, GameLog, Ryuukyoku, Win, call_kinds
from mjlog.replayer.guard import CheckedGame, Failure, check_games, identify
from mjlog.rules.results import DerivedWin, Replay
from mjlog.rules.family import Family, family
from mjlog.formats.source import read_file
from mjlog.text import path_label

HASH_PREFIX = "sha256-"
HASH_CHARS = 16

_OPENING = (CallKind.CHI, CallKind.PON, CallKind.DAIMINKAN)


@dataclass(frozen=True, slots=True)
class FileOutcome:
    """What one input file gave: a game (``status='game'``), a second copy of a game already in
    this chunk (``'alternate'``), a source already stored with the same bytes (``'known'``),
    nothing (``'unreadable'``, with the error), or nothing because its content is no log at all
    (``'skipped'``: a ``readme.txt``, a JSON file of other data; stored nowhere, as the audit skips it)."""

    source: str
    status: str
    game_id: str | None = None
    log_id: str | None = None
    source_format: str | None = None
    content_sha256: str | None = None
    n_findings: int = 0
    error: str | None = None
    error_type: str | None = None
    fingerprint: str | None = None  # what it records of the game (mjlog.formats.identity.to_json)
    file: str | None = None  # the input file, when it holds several games (``source`` is then ``FILE#k``)

    @property
    def input_file(self) -> str:
        """The name of the input file this outcome came from (the source itself for a file of one game)."""
        return self.file if self.file is not None else self.source


@dataclass(frozen=True, slots=True)
class Chunk:
    """The Arrow tables of a batch of files, and each file's outcome in input order."""

    files: tuple[FileOutcome, ...]
    tables: dict[str, pa.Table] = field(default_factory=dict)

    @property
    def game_ids(self) -> list[str]:
        return [f.game_id for f in self.files if f.status == "game"]  # type: ignore[misc]  # a game's outcome has its id


def game_id_for(log_id: str | None, sha256_hex: str) -> str:
    """The stable game id: the Tenhou log id, else ``sha256-`` and the first 16 hex digits of the file's hash."""
    return log_id if log_id else HASH_PREFIX + sha256_hex[:HASH_CHARS]


# -- one game, one row ------------------------------------------------------------------------------

#: Prefix of the id of a game known by its hands alone (no log id).
HANDS_PREFIX = "hands-"


def game_id_of(log: GameLog, sha256_hex: str, ident: GameIdentity | None = None) -> str:
    """The id a game is stored under, the same for every file of it: the Tenhou log id; else the
    digest of its complete hands as both formats record them (:mod:`mjlog.formats.identity`), so a
    game's XML, its JSON export and a copy with an edited header are one row; else the file's hash."""
    if log.log_id:
        return log.log_id
    ident = ident if ident is not None else identify(log)
    hands = next((k for k in ident.keys if k.startswith("hands ")), None) if ident is not None else None
    return HANDS_PREFIX + hands.split(" ", 1)[1][:HASH_CHARS] if hands else game_id_for(None, sha256_hex)


#: Tables with many small rows, kept as row tuples in schema order (turned into columns at the end).
ROW_TABLES = ("win_items", "payments")


class _Rows:
    """Column lists for every table (row tuples for :data:`ROW_TABLES`), filled game by game."""

    def __init__(self) -> None:
        self.cols: dict[str, dict[str, list]] = {t: {n: [] for n in s.names} for t, s in SCHEMAS.items()
                                                 if t not in ROW_TABLES}
        ev = self.cols["events"]
        # the events' dense integer columns as typed arrays (handed to Arrow without a copy)
        ev["game_id"], ev["round_index"], ev["event_index"] = array("i"), array("h"), array("h")
        self.rows: dict[str, list[tuple]] = {t: [] for t in ROW_TABLES}
        self.gids: list[str] = []
        #: events' call_kind, from_seat and call_tiles, set on few rows: (row, call code, from seat, tiles)
        self.sparse: list[tuple[int, int | None, int | None, tuple[int, ...] | None]] = []
        #: each call kind's code in the events' call_kind column (the registered kinds' order)
        self.call_codes = {k: i for i, k in enumerate(call_kinds())}

    def mark(self) -> list[tuple[list | array, int]]:
        """Every column and row list with its current length (see :meth:`rollback`)."""
        lists = [v for cols in self.cols.values() for v in cols.values()]
        lists += [*self.rows.values(), self.gids, self.sparse]
        return [(v, len(v)) for v in lists]

    def rollback(self, mark: list[tuple[list | array, int]]) -> None:
        """Drop every value added since :meth:`mark`."""
        for values, n in mark:
            del values[n:]

    def add(self, log: GameLog, rep: Replay, gid: str, source: str, sha: str) -> None:
        g = len(self.gids)
        self.gids.append(gid)
        fam = family(log.family)
        self._game(log, rep, gid, source, sha)
        self._players(log, rep, g)
        for rnd, res in zip(log.rounds, _pad(rep.rounds, len(log.rounds))):
            self._round(log, fam, rnd, res, g)
        f = self.cols["findings"]
        for i, fd in enumerate(rep.findings):
            _put(f, game_id=g, finding_index=i, kind=fd.kind.value, severity=fd.severity.value,
                 round_index=fd.round_index, round_name=fd.round_name, event_index=fd.event_index,
                 message=fd.message, recorded=fd.recorded, derived=fd.derived)

    def _game(self, log: GameLog, rep: Replay, gid: str, source: str, sha: str) -> None:
        rules = log.rules
        fam = family(log.family)
        played = fam.store.game_date(log)
        seed = log.seed or (log.rounds[0].shuffle if log.rounds else None)
        games = self.cols["games"]
        _put(games, **(_NO_GAME_COLUMNS | family(log.family).store.game_columns(log)))
        _put(games, game_id=gid, log_id=log.log_id, source=source, source_format=log.source_format,
             content_sha256=sha, family=log.family, rule_set=rules.name, n_players=rules.players,
             game_date=played.day if played else None, game_hour=played.hour if played else None,
             seed_kind=seed.kind if seed else None,
             synthetic=bool(getattr(log.header, "synthetic", False)), truncated=rep.truncated, n_rounds=len(log.rounds),
             n_findings=len(rep.findings),
             n_finding_errors=sum(1 for f in rep.findings if f.severity.value == "error"),
             first_dealer=log.first_dealer, version=log.version)

    def _players(self, log: GameLog, rep: Replay, g: int) -> None:
        n = log.rules.players
        final = log.final
        rank = family(log.family).store.placement(log) if final is not None and len(final.scores) == n else None
        by_seat = {p.seat: p for p in log.players}
        c = self.cols["players"]
        for s in range(n):
            p = by_seat.get(s)
            _put(c, game_id=g, seat=s, name=p.name if p else None, rank=p.rank if p else None,
                 rate=p.rate if p else None, sex=p.sex if p else None,
                 final_score=final.scores[s] if rank else None, placement=rank[s] + 1 if rank else None,
                 placement_points=final.points[s] if rank and s < len(final.points) else None,
                 derived_final_score=rep.final_scores[s] if rep.final_scores else None,
                 derived_placement_points=rep.placement_points[s] if rep.placement_points else None)

    def _round(self, log: GameLog, fam: Family, rnd, res, g: int) -> None:
        ri = rnd.index
        ev = self.cols["events"]
        events = rnd.events
        n_ev = len(events)
        ev["game_id"] += array("i", (g,)) * n_ev
        ev["round_index"] += array("h", (ri,)) * n_ev
        ev["event_index"] += _EVENT_INDEXES[:n_ev] if n_ev <= len(_EVENT_INDEXES) else array("h", range(n_ev))
        sparse = self.sparse
        base = len(ev["kind"])
        own: list[tuple[int, Event]] = []  # the families' own events, for the family's declarations
        opened: set[int] = set()
        n_calls = n_kans = 0
        wins: list[tuple[int, Win, bool, int]] = []
        draws: list[tuple[int, Ryuukyoku, int]] = []
        result = 0
        columns = event_columns(events, Draw, Discard)
        seats, kinds, tiles, tsumogiri = columns["seat"], columns["kind"], columns["tile"], columns["tsumogiri"]
        others = columns["others"]
        event_kinds, call_codes = KINDS, self.call_codes
        for i in others:
            e = events[i]
            t = type(e)
            kind = event_kinds.get(t, OTHER)
            kinds[i] = kind.code
            if t is Call:
                k = e.kind
                seats[i] = e.seat
                tiles[i] = e.called if e.called is not None else e.added if e.added is not None else e.tiles[0]
                sparse.append((base + i, call_codes[k], e.from_seat, e.tiles))
                if k in _OPENING:
                    n_calls += 1
                    opened.add(e.seat)
                if k.is_kan:
                    n_kans += 1
            elif t is Win:
                seats[i], tiles[i] = e.who, e.win_tile
                sparse.append((base + i, None, e.from_who, None))
                wins.append((i, e, e.who in opened, result))
                result += 1
            elif t is Ryuukyoku:
                draws.append((i, e, result))
                result += 1
            else:
                if kind.seat:
                    seats[i] = e.seat
                if kind.tile:
                    tiles[i] = e.tile
                if t.family is not None:
                    own.append((i, e))
        declared = fam.store.declarations(own)
        standing = declared.standing
        ev["seat"] += seats
        ev["kind"] += kinds
        ev["tile"] += tiles
        ev["tsumogiri"] += tsumogiri
        if res is not None:
            pay = self.rows["payments"].append
            for t in res.deposit_transfers:
                # payments: game_id, round_index, result_index, event_index, payer, payee, reason, amount, recorded
                pay((g, ri, None, standing.get(t.payer), t.payer, t.payee, t.reason, t.amount, t.amount))
        derived_wins = {w.who: w for w in res.wins} if res is not None else {}
        for j, (i, w, open_hand, result) in enumerate(wins):
            # a declaration counts for a win when it stood before it
            stood = standing.get(w.who, n_ev) < i
            self._win(fam, log, rnd, g, j, i, w, derived_wins.get(w.who), stood, open_hand, result)
        for table, family_rows in fam.store.round_rows(log, rnd, res).items():
            if family_rows:
                _put_rows(self.cols[table], g, ri, family_rows)
        draw_kind = None
        for i, d, result in draws:
            kind = self._draw(fam, rnd, g, i, d, res.draw if res is not None else None, result)
            draw_kind = draw_kind or kind
        _put(self.cols["rounds"], game_id=g, round_index=ri, name=rnd.name, kyoku=rnd.kyoku, wind=rnd.wind,
             number=rnd.number, honba=rnd.honba, sticks=rnd.sticks, dealer=rnd.dealer, start_scores=rnd.scores,
             end_scores=res.end_scores if res is not None else None, dice=rnd.dice,
             dora_indicator=rnd.dora_indicator,
             result="win" if wins else "draw" if draws else "incomplete", n_wins=len(wins), draw_kind=draw_kind,
             n_riichi_declared=declared.declared, n_riichi=len(standing), n_calls=n_calls, n_kans=n_kans, n_events=n_ev,
             complete=bool(wins or draws))

    def _win(self, fam: Family, log: GameLog, rnd, g: int, j: int, i: int, w: Win, dw: DerivedWin | None,
             riichi: bool, open_hand: bool, result: int) -> None:
        """One win's rows: the generic columns, then the family's own (:meth:`Family.win_columns`)."""
        ri = rnd.index
        items = self.rows["win_items"].append
        # win_items: game_id, round_index, win_index, derived, item_order, item_id, name, english, value
        recorded = fam.store.recorded_win_items(w)
        for order, it in enumerate(recorded):
            items((g, ri, j, False, order, it.item_id, it.name, it.english, it.value))
        if dw is not None:
            for order, it in enumerate(fam.store.win_items(dw)):
                items((g, ri, j, True, order, it.item_id, it.name, it.english, it.value))
        cols = self.cols["wins"]
        _put(cols, game_id=g, round_index=ri, win_index=j, event_index=i, seat=w.who,
             from_seat=w.from_who, deal_in_seat=None if w.tsumo else w.from_who, tsumo=w.tsumo,
             dealer=w.who == rnd.dealer, riichi=riichi, open_hand=open_hand,
             points=fam.store.recorded_points(log, w),
             derived=dw is not None, win_tile=w.win_tile, hand=w.hand, scores_before=w.scores_before,
             deltas=w.deltas, derived_deltas=dw.deltas if dw else None, value_unit=fam.value_unit,
             value=fam.store.recorded_value(w, recorded),
             derived_value=fam.store.win_value(dw) if dw else None)
        _put(cols, **(_NO_FAMILY_COLUMNS | fam.store.win_columns(log, w, dw)))
        if dw is not None:
            self._payments(g, ri, result, i, dw.transfers, tuple(w.deltas) == dw.deltas)

    def _draw(self, fam: Family, rnd, g: int, i: int, d: Ryuukyoku, dd, result: int) -> str:
        """One draw's rows; returns its kind (:meth:`Family.draw_kind`)."""
        ri = rnd.index
        kind, abortive = fam.store.draw_kind(d)
        _put(self.cols["draws"], game_id=g, round_index=ri, event_index=i, kind=kind,
             abortive=abortive, honba=d.honba, sticks=d.sticks, shown_seats=d.shown,
             tenpai_seats=tuple(s for s, t in enumerate(dd.tenpai) if t) if dd else None,
             nagashi_seats=tuple(s for s, t in enumerate(dd.nagashi) if t) if dd else None,
             deltas=d.deltas, derived_deltas=dd.deltas if dd else None)
        if dd is not None:
            self._payments(g, ri, result, i, dd.transfers, tuple(d.deltas) == dd.deltas)
        return kind

    def _payments(self, g: int, ri: int, result: int, i: int, transfers, as_recorded: bool) -> None:
        """An outcome's transfers; their recorded amount is theirs when the log's deltas are the derived ones."""
        pay = self.rows["payments"].append
        for t in transfers:
            pay((g, ri, result, i, t.payer, t.payee, t.reason, t.amount, t.amount if as_recorded else None))

    def tables(self) -> dict[str, pa.Table]:
        """One Arrow table per store table (``game_id`` dictionary-encoded except in ``games``)."""
        gdict = pa.array(self.gids, S)
        ev = self.cols["events"]
        ev["call_kind"], ev["from_seat"], ev["call_tiles"] = _sparse_columns(self.sparse, len(ev["kind"]),
                                                                          [k.value for k in self.call_codes])
        for name, rows in self.rows.items():
            names = SCHEMAS[name].names
            columns = list(zip(*rows)) if rows else [()] * len(names)
            if len(columns) != len(names):
                raise AssertionError(f"{name} rows have {len(columns)} values, the schema {len(names)}")
            self.cols[name] = dict(zip(names, columns))
        out = {}
        for name, schema in SCHEMAS.items():
            cols = self.cols[name]
            arrays = []
            for fld in schema:
                values = cols[fld.name]
                if isinstance(values, pa.Array):
                    arrays.append(values)
                elif fld.type == GID and fld.name == "game_id":
                    arrays.append(pa.DictionaryArray.from_arrays(_arrow(values, I32), gdict))
                elif fld.type == DS:
                    arrays.append(pa.array(values, DS))   # encoded as it converts: no pyarrow.compute
                elif name == "events" and fld.name == "kind":
                    arrays.append(pa.DictionaryArray.from_arrays(_arrow(array("b", values), I8),
                                                                 pa.array(kind_names(), S)))
                else:
                    arrays.append(_arrow(values, fld.type))
            out[name] = pa.Table.from_arrays(arrays, schema=schema)
        return out


_EVENT_INDEXES = array("h", range(1024))
_TYPECODE = {I8: "b", I16: "h", I32: "i"}


def _arrow(values, typ: pa.DataType) -> pa.Array:
    """An Arrow array of ``values``: a typed ``array`` is wrapped without a copy, a list converted."""
    if isinstance(values, array):
        if _TYPECODE.get(typ) != values.typecode or values.itemsize * 8 != typ.bit_width:
            raise TypeError(f"array of {values.typecode!r} cannot be {typ}")
        return pa.Array.from_buffers(typ, len(values), [None, pa.py_buffer(values)])
    return pa.array(values, typ)


def _validity(rows: list[int], n: int) -> pa.Buffer:
    bits = bytearray((n + 7) >> 3)
    for r in rows:
        bits[r >> 3] |= 1 << (r & 7)
    return pa.py_buffer(bits)


def _sparse_columns(sparse, n: int, call_names: list[str]) -> tuple[pa.Array, pa.Array, pa.Array]:
    """The events' call_kind, from_seat and call_tiles columns (null except on the ``sparse`` rows,
    given in row order as (row, call code, from seat, tiles)); ``call_names``: the call kinds by code."""
    codes, froms = array("b", bytes(n)), array("b", bytes(n))
    offsets, tile_values = array("i", bytes(4 * (n + 1))), array("h")
    has_code, has_from, has_tiles = [], [], []
    cum = done = 0  # offsets[: done + 1] are written
    for row, code, frm, tiles in sparse:
        if code is not None:
            codes[row] = code
            has_code.append(row)
        if frm is not None:
            froms[row] = frm
            has_from.append(row)
        if tiles is not None:
            if row < done:
                raise AssertionError(f"events row {row} comes after row {done - 1}")
            if row > done:
                offsets[done + 1 : row + 1] = array("i", (cum,)) * (row - done)
            tile_values.extend(tiles)
            cum += len(tiles)
            offsets[row + 1] = cum
            done = row + 1
            has_tiles.append(row)
    if n > done:
        offsets[done + 1 :] = array("i", (cum,)) * (n - done)
    call_kind = pa.DictionaryArray.from_arrays(
        pa.Array.from_buffers(I8, n, [_validity(has_code, n), pa.py_buffer(codes)], null_count=n - len(has_code)),
        pa.array(call_names, S))
    from_seat = pa.Array.from_buffers(I8, n, [_validity(has_from, n), pa.py_buffer(froms)],
                                      null_count=n - len(has_from))
    values = pa.Array.from_buffers(I16, len(tile_values), [None, pa.py_buffer(tile_values)])
    call_tiles = pa.Array.from_buffers(L16, n, [_validity(has_tiles, n), pa.py_buffer(offsets)],
                                       null_count=n - len(has_tiles), children=[values])
    return call_kind, from_seat, call_tiles


def _put(cols: dict[str, list], **values) -> None:
    for k, v in values.items():
        cols[k].append(v)


def _put_rows(cols: dict[str, list], g: int, ri: int, rows: Sequence[Mapping[str, object]]) -> None:
    """A hand's rows of a family's own table, each with the game and the round."""
    n = len(rows)
    cols["game_id"] += [g] * n
    cols["round_index"] += [ri] * n
    for row in rows:
        for k, v in row.items():
            cols[k].append(v)


def _pad(seq: Sequence, n: int) -> list:
    """``seq`` padded with None to length ``n`` (a replay that stopped early has fewer rounds)."""
    out = list(seq[:n])
    return out + [None] * (n - len(out))


#: The wins columns a family may fill through its ``win_columns`` hook (riichi's han, fu, limit,
#: dora...; Datong's claimants); the ones it does not give are NULL.
FAMILY_WIN_COLUMNS = ("han", "fu", "limit", "yakuman_count", "dora", "aka", "ura", "honba", "sticks", "pao_seat",
                      "derived_han", "derived_fu", "derived_points", "derived_limit", "derived_pao_seat",
                      "dora_indicators", "ura_indicators", "claimants")
_NO_FAMILY_COLUMNS = dict.fromkeys(FAMILY_WIN_COLUMNS)
#: The games columns a family may fill through its ``game_columns`` hook (riichi's length, red fives
#: and open tanyao, and the lobby columns of a Tenhou header); the ones it does not give are NULL.
FAMILY_GAME_COLUMNS = ("length", "red_fives", "open_tanyao", "lobby_type", "lobby", "lobby_display", "room",
                       "special_lobby", "title")
_NO_GAME_COLUMNS = dict.fromkeys(FAMILY_GAME_COLUMNS)


@dataclass(frozen=True, slots=True)
class _Added:
    """A game whose rows a chunk holds: what it takes to build them again on their own."""

    at: int  # its outcome's index in the chunk's files
    log: GameLog
    rep: Replay
    gid: str
    source: str
    sha: str


def game_source(source: str, k: int, n: int) -> str:
    """The source name of game ``k`` of a file of ``n`` games: the file's own name for one game, else ``NAME#k+1``."""
    return source if n == 1 else f"{source}#{k + 1}"


def _ingest_one(data: bytes, source: str, rows: _Rows, seen: dict[str, str], added: list[_Added],
                at: int) -> list[FileOutcome]:
    """The outcomes of one file: one per game (a Botzone export holds many, each readable or not on
    its own), or its one failure."""
    sha = hashlib.sha256(data).hexdigest()

    def stored(log: GameLog, ident: GameIdentity | None) -> bool:
        return game_id_of(log, sha, ident) in seen  # a copy of a game done: not replayed again

    outcomes = [_ingest_game(game, source, sha, rows, seen, added, at + game.index)
                for game in check_games(data, source, skip=stored)]
    return [o if o.source == source else replace(o, file=source) for o in outcomes]


def _unreadable(source: str, sha: str, exc: Exception) -> FileOutcome:
    return FileOutcome(source, "unreadable", content_sha256=sha, error=str(exc), error_type=type(exc).__name__)


def _ingest_game(game: CheckedGame, file_source: str, sha: str, rows: _Rows, seen: dict[str, str],
                 added: list[_Added], at: int) -> FileOutcome:
    """The outcome of one checked game of the file ``file_source``: its rows added, or why not."""
    source = file_source if game.whole_file else game_source(file_source, game.index, game.count)
    log, failure = game.log, game.failure
    if log is None:
        assert failure is not None  # a game without its log is one that could not be read
        if game.whole_file and failure.not_a_log:
            return FileOutcome(source, "skipped", content_sha256=sha, error=str(failure.error),
                               error_type=type(failure.error).__name__)
        return _failure(source, sha, failure)
    ident = game.identity
    gid = game_id_of(log, sha, ident)
    fp = to_json(ident) if ident is not None else None
    if failure is not None:
        return _failure(source, sha, failure)
    rep = game.replay
    if rep is None:  # skipped: a game already in this chunk
        return FileOutcome(source, "alternate", gid, log.log_id, log.source_format, sha, fingerprint=fp)
    mark = rows.mark()
    try:
        rows.add(log, rep, gid, source, sha)
    except Exception as exc:  # noqa: BLE001 - nor may a row-building bug; never keep half a game
        rows.rollback(mark)
        return _failed(source, sha, "building rows", exc)
    seen[gid] = source
    added.append(_Added(at, log, rep, gid, source, sha))
    return FileOutcome(source, "game", gid, log.log_id, log.source_format, sha, len(rep.findings), fingerprint=fp)


def _failure(source: str, sha: str, failure: Failure) -> FileOutcome:
    """The outcome of a file or game that could not be read (the log's fault) or checked (mjlog's)."""
    if failure.internal:
        return _failed(source, sha, failure.step.value, failure.error)
    return _unreadable(source, sha, failure.error)


def _failed(source: str, sha: str | None, step: str, exc: Exception) -> FileOutcome:
    return FileOutcome(source, "unreadable", content_sha256=sha,
                       error=f"{source}: {step} failed ({type(exc).__name__}: {exc})", error_type="InternalError")


def _finish(files: list[FileOutcome], rows: _Rows, added: list[_Added]) -> Chunk:
    """The chunk of ``files``: its tables from ``rows``. Should they not convert (a value no column
    holds, which the IR check is there to prevent), each game is converted on its own, those that
    fail become unreadable files, and the tables are built again from the rest."""
    try:
        return Chunk(tuple(files), rows.tables())
    except Exception:  # noqa: BLE001 - one file must not take the batch down
        pass
    keep = []
    for a in added:
        alone = _Rows()
        try:
            alone.add(a.log, a.rep, a.gid, a.source, a.sha)
            alone.tables()
        except Exception as exc:  # noqa: BLE001 - whatever stops a game's rows, the game becomes an unreadable file
            files[a.at] = replace(_failed(a.source, a.sha, "building rows", exc), file=files[a.at].file)
            continue
        keep.append(a)
    rows = _Rows()
    for a in keep:
        rows.add(a.log, a.rep, a.gid, a.source, a.sha)
    return Chunk(tuple(files), rows.tables())


def build_chunk_from_bytes(items: Iterable[tuple[str, bytes]]) -> Chunk:
    """A :class:`Chunk` from (source name, file bytes) pairs."""
    with _no_cycle_collection():
        return _chunk_of(items)


def build_chunk(paths: Sequence[str], known: dict[str, str] | None = None) -> Chunk:
    """A :class:`Chunk` from file paths (the process-pool task); a file that cannot be read is an outcome.

    ``known`` maps sources already stored to their content hash: such a file with unchanged bytes
    is reported as ``'known'`` without being read as a log.
    """
    with _no_cycle_collection():
        return _chunk_of(_file_items(paths, known or {}))


def _file_items(paths: Sequence[str], known: dict[str, str]) -> Iterator[tuple[str, bytes] | FileOutcome]:
    """Each path's (source name, bytes) to ingest, or its outcome where it is not to be read as a log:
    a file that cannot be read, or one stored with these very bytes (``known``)."""
    for p in paths:
        source = path_label(p)
        try:
            data = read_file(p, source)
        except MalformedLogError as exc:
            yield FileOutcome(source, "unreadable", error=str(exc), error_type=type(exc).__name__)
            continue
        if source in known:
            sha = hashlib.sha256(data).hexdigest()
            if known[source] == sha:
                yield FileOutcome(source, "known", content_sha256=sha)
                continue
        yield source, data


def _chunk_of(items: Iterable[tuple[str, bytes] | FileOutcome]) -> Chunk:
    """The chunk of each (source name, bytes) ingested, and of each outcome decided before reading, in order."""
    rows = _Rows()
    seen: dict[str, str] = {}
    added: list[_Added] = []
    files: list[FileOutcome] = []
    for item in items:
        if isinstance(item, FileOutcome):
            files.append(item)
        else:
            source, data = item
            files.extend(_ingest_one(data, source, rows, seen, added, len(files)))
    return _finish(files, rows, added)


@contextmanager
def _no_cycle_collection() -> Iterator[None]:
    """Python's cycle collector paused while a chunk is built (as it was, after).

    A chunk's logs, replays and rows hold no reference cycles (the corpus's 1,203 files leave
    about 150 collectable objects in all), yet they are millions of objects alive until the chunk
    is done, which every automatic full collection walks again (-60M instructions, 1.2%, on 165 files).
    Put it around a call whose locals hold them, so that they are gone when the collector starts again:
    its first collection walks every object left from the pause (70-80 ms a chunk of 256 Phoenix files
    while the chunk's logs, replays and rows were still there).
    """
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()
