"""Fault injection: one thing changed in a copy of a clean corpus game, and the audit must find it.

Every test reads a clean corpus game, edits one thing in its XML bytes (in
memory only: nothing is written to the corpus or the project), replays the
mutated bytes and checks that

* the unmodified game is clean,
* every finding lies in the mutated round (game level for ``owari``),
* at least one finding has the expected kind.

Games and places are picked programmatically, in corpus order (the first
clean game with the feature the fault needs).
"""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path

import pytest

from mjlog.findings import Finding, FindingKind
from mjlog.rules.riichi.call_codes import decode_call, encode_call
from mjlog.ir import CallKind
from mjlog.formats.reader import read_log
from mjlog.replayer import Replay, replay
from mjlog.rules.riichi.hands import waits

from tests.support.paths import TENHOU_XML

pytestmark = pytest.mark.corpus

K = FindingKind
RED = frozenset({16, 52, 88})
DRAW_TAGS, DISCARD_TAGS = "TUVW", "DEFG"


# ---- element-level editing of Tenhou XML ----------------------------------------------------

_TOKEN = re.compile(r"<[^<>]*>|[^<]+")
_STEP = re.compile(r"<([TUVWDEFG])(\d+)\s*/>")


class Doc:
    """A log's text as tokens (elements and the text between them); edits replace whole elements."""

    def __init__(self, data: bytes) -> None:
        text = data.decode("latin-1")
        self.toks = _TOKEN.findall(text)
        assert "".join(self.toks) == text

    def bytes(self) -> bytes:
        return "".join(self.toks).encode("latin-1")

    def copy(self) -> Doc:
        d = Doc.__new__(Doc)
        d.toks = list(self.toks)
        return d

    def rounds(self) -> list[list[int]]:
        """Token indices of each round's elements, its INIT first."""
        out: list[list[int]] = []
        for i, t in enumerate(self.toks):
            if not (t.startswith("<") and t[1:2].isalpha()):
                continue
            if tag(t) == "INIT":
                out.append([i])
            elif out:
                out[-1].append(i)
        return out


def tag(el: str) -> str:
    m = _STEP.fullmatch(el)
    return m.group(1) if m else re.match(r"<([A-Za-z]+)", el).group(1)


def step(el: str) -> tuple[str, int] | None:
    """(letter, tile) of a draw or discard element, else None."""
    m = _STEP.fullmatch(el)
    return (m.group(1), int(m.group(2))) if m else None


def attr(el: str, name: str) -> str | None:
    m = re.search(rf'\s{re.escape(name)}="([^"]*)"', el)
    return m.group(1) if m else None


def set_attr(el: str, name: str, value: str) -> str:
    pat = re.compile(rf'(\s{re.escape(name)}=")([^"]*)(")')
    assert pat.search(el), (name, el)
    return pat.sub(lambda m: m.group(1) + value + m.group(3), el, count=1)


def ints(text: str | None) -> list[int]:
    return [int(x) for x in text.split(",")] if text else []


def tiles_in(el: str) -> list[int]:
    """Every tile id an element names (draws, discards, hands, indicators, calls)."""
    s = step(el)
    if s:
        return [s[1]]
    t = tag(el)
    out: list[int] = []
    for name in ("hai0", "hai1", "hai2", "hai3", "hai", "machi", "doraHai", "doraHaiUra"):
        out += ints(attr(el, name))
    if t == "INIT":
        out.append(ints(attr(el, "seed"))[5])
    elif t == "DORA":
        out.append(int(attr(el, "hai")))
    elif t == "N":
        out += decode_call(int(attr(el, "who")), int(attr(el, "m"))).tiles
    elif t == "AGARI":
        out += [x for m in ints(attr(el, "m")) for x in decode_call(int(attr(el, "who")), m).tiles]
    return out


def tiles_used(doc: Doc, span: list[int]) -> Counter:
    return Counter(x for i in span for x in tiles_in(doc.toks[i]))


# ---- picking games and places ---------------------------------------------------------------


@cache
def _clean_standard(path: Path) -> bool:
    log = read_log(path)
    if log.final is None or log.header.special or log.seed is None:
        return False
    if not log.seed.kind.startswith("mt19937ar-sha512"):
        return False
    return replay(log).clean


def clean_games(players: int = 4) -> Iterator[tuple[Path, Doc]]:
    """Complete standard-lobby seeded games that replay clean, in corpus order."""
    for path in sorted(TENHOU_XML.iterdir()):
        if read_log(path).rules.players == players and _clean_standard(path):
            yield path, Doc(path.read_bytes())


Mutator = Callable[[Doc, list[int]], "Doc | None"]


@dataclasses.dataclass
class Case:
    path: Path
    doc: Doc               # the original
    mutated: Doc
    round_index: int
    base: Replay
    result: Replay

    def lines(self) -> list[str]:
        return [self.path.name, f"round {self.round_index}"] + [f.line() for f in self.result.findings]


def inject(mutate: Mutator, players: int = 4, not_last: bool = False, skip: int = 0) -> Case:
    """The first clean game and round where ``mutate`` applies; the mutated copy replayed."""
    for path, doc in clean_games(players):
        spans = doc.rounds()
        for r, span in enumerate(spans):
            if not_last and r == len(spans) - 1:
                continue
            if r < skip:
                continue
            mutated = mutate(doc.copy(), span)
            if mutated is None:
                continue
            assert mutated.bytes() != doc.bytes()
            base = replay(read_log(doc.bytes(), path.name))
            assert base.clean, [f.line() for f in base.findings]
            return Case(path, doc, mutated, r, base, replay(read_log(mutated.bytes(), path.name)))
    pytest.fail(f"no clean {players}p corpus game offers a place for {mutate.__name__}")


def assert_in_round(case: Case, kinds: set[FindingKind], message: str | None = None) -> list[Finding]:
    """Every finding is in the mutated round, and one of the expected kind (and message) is there."""
    found = case.result.findings
    assert found, case.lines()
    assert all(f.round_index == case.round_index for f in found), case.lines()
    hits = [f for f in found if f.kind in kinds and (message is None or message in f.message)]
    assert hits, case.lines()
    return hits


# ---- mutations ------------------------------------------------------------------------------


def _first(doc: Doc, span: list[int], name: str, pred: Callable[[str], bool] = lambda el: True) -> int | None:
    return next((i for i in span if tag(doc.toks[i]) == name and pred(doc.toks[i])), None)


def sc_delta(doc: Doc, span: list[int]) -> Doc | None:
    """The first win's sc: 1,000 more to the winner, 1,000 more from a payer."""
    i = _first(doc, span, "AGARI")
    if i is None:
        return None
    el = doc.toks[i]
    who, frm = int(attr(el, "who")), int(attr(el, "fromWho"))
    payer = frm if frm != who else next(s for s in range(4) if s != who)
    sc = ints(attr(el, "sc"))
    sc[2 * who + 1] += 10
    sc[2 * payer + 1] -= 10
    doc.toks[i] = set_attr(el, "sc", ",".join(map(str, sc)))
    return doc


def fu_plus_ten(doc: Doc, span: list[int]) -> Doc | None:
    """The first win below the limits (not seven pairs): 10 fu more, points unchanged."""
    i = _first(doc, span, "AGARI", lambda el: attr(el, "yaku") is not None and ints(attr(el, "ten"))[2] == 0
               and ints(attr(el, "ten"))[0] != 25)
    if i is None:
        return None
    ten = ints(attr(doc.toks[i], "ten"))
    ten[0] += 10
    doc.toks[i] = set_attr(doc.toks[i], "ten", ",".join(map(str, ten)))
    return doc


def yaku_id(doc: Doc, span: list[int]) -> Doc | None:
    """The first win's first yaku becomes sanshoku (or ittsu if sanshoku is listed), same han."""
    i = _first(doc, span, "AGARI", lambda el: attr(el, "yaku") is not None)
    if i is None:
        return None
    yaku = ints(attr(doc.toks[i], "yaku"))
    ids = yaku[0::2]
    yaku[0] = 25 if 25 not in ids else 24
    assert yaku[0] not in ids
    doc.toks[i] = set_attr(doc.toks[i], "yaku", ",".join(map(str, yaku)))
    return doc


def yaku_han(doc: Doc, span: list[int]) -> Doc | None:
    """The first win's first yaku is worth one han more."""
    i = _first(doc, span, "AGARI", lambda el: attr(el, "yaku") is not None)
    if i is None:
        return None
    yaku = ints(attr(doc.toks[i], "yaku"))
    yaku[1] += 1
    doc.toks[i] = set_attr(doc.toks[i], "yaku", ",".join(map(str, yaku)))
    return doc


def draw_tile(doc: Doc, span: list[int]) -> Doc | None:
    """A tsumogiri draw (not called or won on) becomes another copy of its kind unseen in the round.

    The hands and rivers keep the same kinds, so only the wall can tell.
    """
    used = tiles_used(doc, span)
    for a, b, _ in zip(span, span[1:], span[2:]):
        sa, sb = step(doc.toks[a]), step(doc.toks[b])
        if not (sa and sb and sa[0] in DRAW_TAGS and sb[0] == DISCARD_TAGS[DRAW_TAGS.index(sa[0])]):
            continue
        if sa[1] != sb[1] or used[sa[1]] != 2 or sa[1] in RED:
            continue
        kind = sa[1] >> 2
        other = [x for x in range(4 * kind, 4 * kind + 4) if x not in used and x not in RED]
        if other:
            doc.toks[a] = f"<{sa[0]}{other[0]}/>"
            doc.toks[b] = f"<{sb[0]}{other[0]}/>"
            return doc
    return None


def discard_before_draw(doc: Doc, span: list[int]) -> Doc | None:
    """A seat's draw and its (hand, not tsumogiri) discard in the wrong order: discard first."""
    for n, (a, b) in enumerate(zip(span, span[1:])):
        sa, sb = step(doc.toks[a]), step(doc.toks[b])
        if n < 8 or not (sa and sb and sa[0] in DRAW_TAGS):
            continue
        if sb[0] == DISCARD_TAGS[DRAW_TAGS.index(sa[0])] and sa[1] != sb[1]:
            doc.toks[a], doc.toks[b] = doc.toks[b], doc.toks[a]
            return doc
    return None


def riichi_deposit(doc: Doc, span: list[int]) -> Doc | None:
    """A REACH step 2 ``ten`` takes 2,000 from the declarer instead of 1,000."""
    i = _first(doc, span, "REACH", lambda el: attr(el, "step") == "2" and attr(el, "ten") is not None)
    if i is None:
        return None
    el = doc.toks[i]
    ten = ints(attr(el, "ten"))
    ten[int(attr(el, "who"))] -= 10
    doc.toks[i] = set_attr(el, "ten", ",".join(map(str, ten)))
    return doc


def _dropped_dora(after: set[CallKind]) -> Mutator:
    def dropped_dora(doc: Doc, span: list[int]) -> Doc | None:
        """A DORA element removed (a kan's new indicator never shown)."""
        last_call = None
        for i in span:
            el = doc.toks[i]
            if tag(el) == "N":
                last_call = decode_call(int(attr(el, "who")), int(attr(el, "m"))).kind
            elif tag(el) == "DORA" and last_call in after:
                doc.toks[i] = ""
                return doc
        return None

    dropped_dora.__name__ = f"dropped_dora_after_{'_'.join(sorted(k.value for k in after))}"
    return dropped_dora


def _extra_tile(seat_rule: str) -> Mutator:
    def extra_tile(doc: Doc, span: list[int]) -> Doc | None:
        """One more tile (an id unused in the round) in a starting hand."""
        init = doc.toks[span[0]]
        dealer = int(attr(init, "oya"))
        outcome = doc.toks[span[-1]]
        wins = [doc.toks[i] for i in span if tag(doc.toks[i]) == "AGARI"]
        if seat_rule == "bystander":       # a seat that neither wins nor shows its hand
            if not wins:
                return None
            winners = {int(attr(w, "who")) for w in wins}
            seat = next((s for s in (1, 2, 3, 0) if s not in winners), None)
        elif seat_rule == "winner":        # the winner of the round
            if len(wins) != 1:
                return None
            seat = int(attr(wins[0], "who"))
        else:                              # the dealer, tenpai at an exhaustive draw
            if tag(outcome) != "RYUUKYOKU" or attr(outcome, "type") or attr(outcome, f"hai{dealer}") is None:
                return None
            seat = dealer
        used = tiles_used(doc, span)
        extra = next(x for x in range(136) if x not in used and x not in RED)
        doc.toks[span[0]] = set_attr(init, f"hai{seat}", attr(init, f"hai{seat}") + f",{extra}")
        return doc

    extra_tile.__name__ = f"extra_tile_{seat_rule}"
    return extra_tile


def _call_by_another_seat(kind: CallKind) -> Mutator:
    def call_by_another_seat(doc: Doc, span: list[int]) -> Doc | None:
        """A chi's or pon's ``who`` moved to another seat, ``m`` re-encoded (a pon keeps its discarder;
        a chi always takes from the left, so it names the new seat's left neighbour)."""
        for i in span:
            el = doc.toks[i]
            if tag(el) != "N":
                continue
            call = decode_call(int(attr(el, "who")), int(attr(el, "m")))
            if call.kind is not kind:
                continue
            seat = next(s for s in range(4) if s not in (call.seat, call.from_seat))
            frm = (seat + 3) % 4 if kind is CallKind.CHI else call.from_seat
            moved = dataclasses.replace(call, seat=seat, from_seat=frm)
            m = encode_call(moved)
            assert decode_call(seat, m) == moved
            doc.toks[i] = set_attr(set_attr(el, "who", str(seat)), "m", str(m))
            return doc
        return None

    call_by_another_seat.__name__ = f"{kind.value}_by_another_seat"
    return call_by_another_seat


pon_by_another_seat = _call_by_another_seat(CallKind.PON)


def pon_from_the_wrong_discarder(doc: Doc, span: list[int]) -> Doc | None:
    """A pon's ``m`` names a discarder other than the seat that discarded the tile."""
    for i in span:
        el = doc.toks[i]
        if tag(el) != "N":
            continue
        call = decode_call(int(attr(el, "who")), int(attr(el, "m")))
        if call.kind is not CallKind.PON:
            continue
        frm = next(s for s in range(4) if s not in (call.seat, call.from_seat))
        moved = dataclasses.replace(call, from_seat=frm)
        doc.toks[i] = set_attr(el, "m", str(encode_call(moved)))
        return doc
    return None


def furiten_ron(doc: Doc, span: list[int]) -> Doc | None:
    """A ron whose winner, earlier in the hand, drew and discarded (tsumogiri) a tile of one of its waits.

    An earlier tsumogiri draw of the winner (a tile used nowhere else in the round)
    becomes an unused copy of a wait kind, draw and discard alike; the winner's
    hand is unchanged, its river now holds a winning tile.
    """
    wins = [i for i in span if tag(doc.toks[i]) == "AGARI"]
    if len(wins) != 1:
        return None
    el = doc.toks[wins[0]]
    who = int(attr(el, "who"))
    if who == int(attr(el, "fromWho")):
        return None
    counts = [0] * 34
    for t in ints(attr(el, "hai")):
        counts[t >> 2] += 1
    counts[int(attr(el, "machi")) >> 2] -= 1
    used = tiles_used(doc, span)
    for kind in waits(counts):
        free = [x for x in range(4 * kind, 4 * kind + 4) if x not in used and x not in RED]
        if not free:
            continue
        for a, b in zip(span, span[1:]):
            sa, sb = step(doc.toks[a]), step(doc.toks[b])
            if (sa and sb and sa == (DRAW_TAGS[who], sb[1]) and sb[0] == DISCARD_TAGS[who]
                    and used[sa[1]] == 2):
                doc.toks[a] = f"<{sa[0]}{free[0]}/>"
                doc.toks[b] = f"<{sb[0]}{free[0]}/>"
                return doc
    return None


def owari_score(doc: Doc) -> Doc:
    """The final score of seat 0 in ``owari`` raised by 1,000."""
    i = next(i for i, t in enumerate(doc.toks) if t.startswith("<") and attr(t, "owari") is not None)
    values = attr(doc.toks[i], "owari").split(",")
    values[0] = str(int(values[0]) + 10)
    doc.toks[i] = set_attr(doc.toks[i], "owari", ",".join(values))
    return doc


# ---- the faults -----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [4, 3])
def test_fault_sc_delta_is_a_payment_mismatch(players):
    # not the last hand: the next hand's start scores (which follow the rules) must not be flagged
    case = inject(sc_delta, players, not_last=True)
    hits = assert_in_round(case, {K.PAYMENT}, "score changes")
    assert [f.kind for f in case.result.findings] == [K.PAYMENT], case.lines()
    assert hits[0].recorded != hits[0].derived


def test_fault_sc_delta_in_the_last_hand_stays_in_its_round():
    path, doc = next(clean_games())
    spans = doc.rounds()
    r = len(spans) - 1
    mutated = sc_delta(doc.copy(), spans[r])
    case = Case(path, doc, mutated, r, replay(read_log(doc.bytes(), path.name)), replay(read_log(mutated.bytes(), path.name)))
    assert_in_round(case, {K.PAYMENT}, "score changes")


def test_fault_fu_is_a_fu_mismatch():
    case = inject(fu_plus_ten)
    hits = assert_in_round(case, {K.FU})
    assert int(hits[0].recorded) == int(hits[0].derived) + 10
    assert {f.kind for f in case.result.findings} == {K.FU}


def test_fault_yaku_id_is_a_yaku_mismatch():
    case = inject(yaku_id)
    assert_in_round(case, {K.YAKU})
    assert {f.kind for f in case.result.findings} == {K.YAKU}


def test_fault_yaku_han_is_a_han_mismatch():
    case = inject(yaku_han)
    assert_in_round(case, {K.HAN})
    assert {f.kind for f in case.result.findings} == {K.HAN}


def test_fault_draw_tile_is_a_wall_mismatch():
    case = inject(draw_tile)
    hits = assert_in_round(case, {K.WALL}, "live draw")
    assert len(case.result.findings) == len(hits) == 1, case.lines()


def test_fault_discard_before_its_draw_is_an_illegal_action():
    case = inject(discard_before_draw)
    assert_in_round(case, {K.ILLEGAL_ACTION}, "out of turn")
    assert {f.kind for f in case.result.findings} == {K.ILLEGAL_ACTION}, case.lines()


@pytest.mark.parametrize("players", [4, 3])
def test_fault_riichi_deposit_is_a_payment_mismatch(players):
    case = inject(riichi_deposit, players)
    assert_in_round(case, {K.PAYMENT}, "riichi deposit")
    assert {f.kind for f in case.result.findings} == {K.PAYMENT}, case.lines()


@pytest.mark.parametrize("players", [4, 3])
def test_fault_owari_value_is_a_final_score_mismatch(players):
    path, doc = next(clean_games(players))
    result = replay(read_log(owari_score(doc.copy()).bytes(), path.name))
    assert result.findings
    assert all(f.round_index is None and f.kind is K.FINAL_SCORE for f in result.findings), \
        [f.line() for f in result.findings]
    assert any(f.message == "final scores" for f in result.findings)


@pytest.mark.parametrize("after", [{CallKind.ANKAN}, {CallKind.DAIMINKAN, CallKind.KAKAN}],
                         ids=["ankan", "minkan"])
def test_fault_dropped_dora_is_an_illegal_action(after):
    case = inject(_dropped_dora(after))
    assert_in_round(case, {K.ILLEGAL_ACTION}, "not revealed")
    assert {f.kind for f in case.result.findings} <= {K.ILLEGAL_ACTION, K.WALL}, case.lines()


def test_fault_extra_tile_in_a_starting_hand_is_an_illegal_action():
    case = inject(_extra_tile("bystander"))
    assert_in_round(case, {K.ILLEGAL_ACTION}, "starts with 14 tiles")
    assert_in_round(case, {K.WALL}, "starting hand")


def test_fault_extra_tile_in_the_winners_hand_stays_in_its_round():
    # the win cannot be scored; the replay must still go on from its recorded sc
    case = inject(_extra_tile("winner"), not_last=True)
    assert_in_round(case, {K.ILLEGAL_ACTION}, "starts with 14 tiles")


def test_fault_extra_tile_in_a_tenpai_dealers_hand_stays_in_its_round():
    # the dealer is derived noten; the flow must follow the recorded tenpai (the hand repeats)
    case = inject(_extra_tile("dealer"), not_last=True)
    assert_in_round(case, {K.ILLEGAL_ACTION}, "starts with 14 tiles")


@pytest.mark.parametrize("kind", [CallKind.PON, CallKind.CHI], ids=["pon", "chi"])
def test_fault_call_by_the_wrong_seat_is_an_illegal_action(kind):
    case = inject(_call_by_another_seat(kind))
    assert_in_round(case, {K.ILLEGAL_ACTION}, "does not hold")
    assert {f.kind for f in case.result.findings} == {K.ILLEGAL_ACTION}, case.lines()


def test_fault_call_from_the_wrong_seat_is_an_illegal_action():
    case = inject(pon_from_the_wrong_discarder)
    assert_in_round(case, {K.ILLEGAL_ACTION}, "not the last discard")
    assert {f.kind for f in case.result.findings} == {K.ILLEGAL_ACTION}, case.lines()


def test_fault_ron_while_furiten_is_an_illegal_action():
    case = inject(furiten_ron)
    assert_in_round(case, {K.ILLEGAL_ACTION}, "furiten")
    # the changed draw is not the seed's tile; nothing else differs
    assert {f.kind for f in case.result.findings} == {K.ILLEGAL_ACTION, K.WALL}, case.lines()
    assert len(case.result.findings) == 2, case.lines()


# ---- no spill into later rounds -------------------------------------------------------------


@pytest.mark.parametrize("mutate", [fu_plus_ten, riichi_deposit, discard_before_draw, pon_by_another_seat],
                         ids=lambda m: m.__name__)
def test_fault_in_one_round_does_not_spill_into_later_rounds(mutate):
    case = inject(mutate, not_last=True, skip=2)
    r = case.round_index
    assert r >= 2
    assert_in_round(case, set(K))
    # later rounds are replayed exactly as in the clean game: same derived results
    assert case.result.rounds[r + 1:] == case.base.rounds[r + 1:]
    assert case.result.rounds[:r] == case.base.rounds[:r]
    assert case.result.final_scores == case.base.final_scores
    assert case.result.placement_points == case.base.placement_points
