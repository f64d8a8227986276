"""Which game a log records, across files and formats, and what two records of one game disagree on.

A game is known by its Tenhou log id, by its wall seed (the SHUFFLE seed, or an old log's first
per-hand seed), and by a digest of its hands as every format of its family records them (the
family's ``hand_record``; riichi: tenhou.net/6 JSON's view of each hand: tile kinds and red fives,
calls, results). Files that share any of these are
one game; the first file read is its primary source and the others are listed as its sources.

The hands' digest is most of an identity's cost, and it matters only where two files may record one
game. :func:`quick_identity` leaves it out: its keys are the log id and the seed, and it names the
first whole hand's start (:attr:`GameIdentity.deal`, a candidate key: two files with the same hands
share it, but sharing it proves nothing). A batch digests the hands of the games whose quick keys
or deal meet another game's (:mod:`mjlog.batch.report`).
"""

from __future__ import annotations

import hashlib
import importlib
import json
import operator
import re
from dataclasses import dataclass

from collections.abc import Callable

from mjlog.frozen import builder
from mjlog.ir import GameLog, Round, Ryuukyoku, Win
from mjlog.rules.family import family

#: Families whose formats share a richer view of a hand than its events, by family name: the module
#: and function that give it (every Tenhou format records what tenhou.net/6 JSON does). Other
#: families use their ``hand_record``.
HAND_RECORDS: dict[str, tuple[str, str]] = {"riichi": ("mjlog.formats.tenhou.json_write", "hand_record")}
#: Families whose formats name a part of :data:`HAND_RECORDS`' view that says how a hand starts, by
#: family name: the module and function that give it. Other families' deal is the first whole hand's view.
DEAL_RECORDS: dict[str, tuple[str, str]] = {"riichi": ("mjlog.formats.tenhou.json_write", "deal_record")}


def _hand_record(log: GameLog) -> Callable[[Round], object]:
    where = HAND_RECORDS.get(log.family)
    if where is None:
        return family(log.family).store.hand_record(log)
    return getattr(importlib.import_module(where[0]), where[1])(log)


def _deal_record(log: GameLog) -> Callable[[Round], object]:
    where = DEAL_RECORDS.get(log.family)
    if where is None:
        return _hand_record(log)
    return getattr(importlib.import_module(where[0]), where[1])(log)

#: Player fields compared between two records of a game (None in one of them: not recorded there).
PLAYER_FIELDS = ("name", "rank", "rate", "sex")
_PLAYER_VALUES = operator.attrgetter(*PLAYER_FIELDS)


@dataclass(frozen=True, slots=True)
class GameIdentity:
    """The keys that name a game, and the recorded facts two files of it must agree on."""

    keys: tuple[str, ...]
    players: tuple[tuple[object, ...], ...]
    rounds: tuple[tuple[tuple[int, int], str, str], ...]   # per hand: (kyoku, honba), its name, its digest
    final: tuple[tuple[int, ...], tuple[float, ...]] | None
    #: ``deal <digest>`` of the first whole hand's start (None without one): files whose hands
    #: digest alike share it, so a file that shares no key and no deal with another is no copy of it
    deal: str | None = None
    #: False for a :func:`quick_identity`: the hands are not digested (each round's digest is empty
    #: and the keys hold no ``hands`` digest)
    digested: bool = True

    def __reduce__(self) -> tuple[Callable[..., GameIdentity], tuple]:
        # pickled by its fields (a batch's workers send one a game): a third of the default's cost to load
        return (_game_identity, (self.keys, self.players, self.rounds, self.final, self.deal, self.digested))


_BUILD_IDENTITY = builder(GameIdentity)


def _game_identity(*values: object) -> GameIdentity:
    """A :class:`GameIdentity` from its fields, positionally (what pickle calls to load one)."""
    return _BUILD_IDENTITY(*values)


#: json.dumps's text with these options, from one encoder (json.dumps builds one a call for them; a
#: hand's view holds no cycle to look for: 9% of the encoding).
_COMPACT = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), check_circular=False).encode
#: An empty SHA-256, copied for each digest (hashlib.sha256() looks the digest up in OpenSSL at every call).
_SHA256 = hashlib.sha256()


def _digest(value: object) -> str:
    h = _SHA256.copy()
    h.update(_COMPACT(value).encode())
    return h.hexdigest()[:24]


def _has_outcome(r: Round) -> bool:
    """Whether the hand records a win or a draw (``r.outcomes``, looked for from the end where they are)."""
    for e in reversed(r.events):   # a loop, not any() over a generator: a third of the time a hand
        if isinstance(e, _OUTCOMES):
            return True
    return False


_OUTCOMES = (Win, Ryuukyoku)


def identity_of(log: GameLog) -> GameIdentity:
    """The identity of the game ``log`` records (any family's, in any of its formats)."""
    return _identity(log, True)


def quick_identity(log: GameLog) -> GameIdentity:
    """:func:`identity_of` without the hands' digest (:attr:`GameIdentity.digested` False): the same
    keys but that one, the same players, final result and hands by name, and the same deal."""
    return _identity(log, False)


def _identity(log: GameLog, digested: bool) -> GameIdentity:
    n = log.n_players
    # a hand cut off before its outcome records only a prefix of its events: it is not compared
    whole = [r for r in log.rounds if _has_outcome(r)]
    if digested:
        view = _hand_record(log)
        rounds = tuple(((r.kyoku, r.honba), r.name, _digest(view(r))) for r in whole)
    else:
        rounds = tuple(((r.kyoku, r.honba), r.name, "") for r in whole)
    deal = f"deal {_digest(_deal_record(log)(whole[0]))}" if whole else None
    keys = []
    if log.log_id:
        keys.append(f"log id {log.log_id}")
    seed = log.seed if log.seed is not None and log.seed.value else None
    if seed is None and log.rounds and log.rounds[0].shuffle is not None and log.rounds[0].shuffle.value:
        seed = log.rounds[0].shuffle
    if seed is not None:
        # one seed, one wall: but the simulator deals 3p and 4p games, games under other knobs and
        # games of other rule sets (beijing and beijing-ccw) from one seed
        keys.append(f"seed {_digest([seed.text, n, dict(log.header_extra).get('GO.knobs'), log.family, log.rules.name])}")
    if rounds and digested:
        keys.append(f"hands {_digest([d for _, _, d in rounds])}")
    players = tuple(map(_PLAYER_VALUES, log.players))
    final = (tuple(log.final.scores), tuple(log.final.points)) if log.final is not None else None
    return GameIdentity(tuple(keys), players, rounds, final, deal, digested or not rounds)


def to_json(ident: GameIdentity) -> str:
    """The identity as compact JSON (the store's ``sources.fingerprint``; its deal is not kept)."""
    return json.dumps({"keys": ident.keys, "players": ident.players, "rounds": ident.rounds, "final": ident.final},
                      ensure_ascii=False, separators=(",", ":"))


def from_json(text: str) -> GameIdentity:
    """The identity :func:`to_json` wrote."""
    obj = json.loads(text)
    final = obj["final"]
    return GameIdentity(tuple(obj["keys"]), tuple(tuple(p) for p in obj["players"]),
                        tuple(((k[0], k[1]), name, d) for k, name, d in obj["rounds"]),
                        (tuple(final[0]), tuple(final[1])) if final is not None else None)


def disagreement(primary_source: str, primary: GameIdentity, other: GameIdentity) -> str | None:
    """What a second file of a game disagrees on with the game's primary source, in words; None
    when they agree on everything both record."""
    differ = disagreements(primary, other)
    if not differ:
        return None
    return f"the same game as {primary_source} (by {_shared_by(primary, other)}), but the two files disagree on " + \
        ", ".join(differ)


def _shared_by(primary: GameIdentity, other: GameIdentity) -> str:
    """What makes two files one game, in words."""
    key = next((k for k in other.keys if k in primary.keys), "")
    return {"log": "the same log id", "seed": "the same seed", "hands": "the same hands"}.get(
        key.split(" ")[0], "a file of the game")


#: Names an export writes in place of the players' own: Tenhou's anonymised replays (A さん to D さん,
#: as in the corpus's mjscore JSON exports of named XML games) and its unnamed seat (NoName).
ANONYMISED_NAME = re.compile(r"[A-D]さん|NoName")


def names_only_disagreement(primary_source: str, primary: GameIdentity, other: GameIdentity) -> str | None:
    """When two files of one game disagree on the players' names and on nothing else: which file has which
    name at each seat that differs, and which file's names are anonymised, in words; else None."""
    if disagreements(primary, other) != ["the players' names"]:
        return None
    seats = [(seat, pa[0], pb[0]) for seat, (pa, pb) in enumerate(zip(primary.players, other.players))
             if pa[0] is not None and pb[0] is not None and pa[0] != pb[0]]
    ours, theirs = (all(ANONYMISED_NAME.fullmatch(str(n)) for n in names)
                    for names in ([b for _, _, b in seats], [a for _, a, _ in seats]))
    whose = ("this file's names are anonymised" if ours and not theirs else
             f"{primary_source}'s names are anonymised" if theirs and not ours else "the names differ")
    each = "; ".join(f"seat {seat}: {b!r} here, {a!r} there" for seat, a, b in seats)
    return (f"the same game as {primary_source} (by {_shared_by(primary, other)}), under other player names "
            f"({whose}): {each}")


def fingerprint_disagreement(primary_source: str, primary_fp: str | None, other_fp: str | None) -> str | None:
    """:func:`disagreement` of two fingerprints (:func:`to_json`); None when either is unknown."""
    if primary_fp is None or other_fp is None:
        return None
    return disagreement(primary_source, from_json(primary_fp), from_json(other_fp))


def disagreements(a: GameIdentity, b: GameIdentity) -> list[str]:
    """What two records of one game disagree on; a value one of them does not record is no disagreement."""
    if not (a.digested and b.digested):
        raise TypeError("a quick identity's hands are not digested: compare full identities")
    out = []
    for field_i, field in enumerate(PLAYER_FIELDS):
        pairs = [(pa[field_i], pb[field_i]) for pa, pb in zip(a.players, b.players)]
        if any(x is not None and y is not None and x != y for x, y in pairs):
            out.append(f"the players' {field}s")
    if len(a.players) != len(b.players):
        out.append("the number of players")
    # a fragment holds some of the game's hands: compare the hands both files hold
    theirs = {key: digest for key, _, digest in b.rounds}
    differ = [name for key, name, digest in a.rounds if key in theirs and theirs[key] != digest]
    if differ:
        out.append(f"{len(differ)} hand{'s' if len(differ) > 1 else ''} ({', '.join(differ[:3])}"
                   f"{', ...' if len(differ) > 3 else ''})")
    if a.final is not None and b.final is not None and len(a.rounds) != len(b.rounds):
        out.append(f"the number of hands ({len(a.rounds)} and {len(b.rounds)})")
    if a.final is not None and b.final is not None and a.final != b.final:
        out.append("the final result")
    return out
