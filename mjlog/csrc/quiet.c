/* Runs of events that break no rule, applied to the replay's table (mjlog.replayer.table.play):
 * draws, discards, chi and pon, and the two steps of riichi. One function per event, each the
 * twin of a RoundState method on the path where that method finds nothing to report. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>
#include "speedups.h"

enum { PHASE_DRAW = 0, PHASE_DISCARD = 1, PHASE_AFTER_DISCARD = 2 };

/* obj's field `name` (read from the slot at `offset` when there is one: see slot_get) as a long in
 * 0..max, or -1 for anything else (None, a bool, another type, out of range); -2 with an error set
 * (an unset slot, say). */
static long field_int(PyObject *obj, Py_ssize_t offset, PyObject *name, long max) {
    PyObject *v = slot_get(obj, offset, name);
    if (v == NULL) return -2;
    long x = -1;
    if (PyLong_CheckExact(v)) {
        x = PyLong_AsLong(v);
        if (x == -1 && PyErr_Occurred()) PyErr_Clear();
        if (x < 0 || x > max) x = -1;
    }
    Py_DECREF(v);
    return x;
}

/* an exact int in 0..max, or -1 for anything else */
static long small_int_or_neg(PyObject *v, long max) {
    if (!PyLong_CheckExact(v)) return -1;
    long x = PyLong_AsLong(v);
    if (x == -1 && PyErr_Occurred()) { PyErr_Clear(); return -1; }
    return x < 0 || x > max ? -1 : x;
}

/* an exact int's value in *out; 0 for anything else (or one that does not fit a long) */
static int exact_long(PyObject *v, long *out) {
    if (!PyLong_CheckExact(v)) return 0;
    *out = PyLong_AsLong(v);
    if (*out == -1 && PyErr_Occurred()) { PyErr_Clear(); return 0; }
    return 1;
}

static int list_set_long(PyObject *list, Py_ssize_t i, long v) {
    PyObject *o = PyLong_FromLong(v);
    if (o == NULL) return -1;
    return PyList_SetItem(list, i, o);  /* steals o */
}

static int list_set(PyObject *list, Py_ssize_t i, PyObject *v) {
    Py_INCREF(v);
    return PyList_SetItem(list, i, v);  /* steals the new reference */
}

/* ---- the table --------------------------------------------------------------------------------- */

typedef struct {
    /* the table's own lists, changed in place */
    PyObject *hands, *river, *last_draw, *seen, *passed, *made, *last_own, *accepted, *ippatsu;
    PyObject *melds, *called_away, *calls_open, *riichi_at, *double_riichi, *deposits, *scores, *derived;
    PyObject *live_tiles, *chi, *pon;
    PyTypeObject *draw_type, *discard_type, *call_type, *declared_type, *accepted_type;
    long n, deposit;
    /* the scalars the Python side keeps on the table, here and returned */
    long actor, phase, live, limit, declared, pending, sticks;
    PyObject *last_discard;  /* owned */
    PyObject *banned;        /* the ban the caller passed (borrowed), or NULL */
    long ban[2];             /* a ban set here by a chi or pon: ban[0..nban) (banned is then NULL) */
    int nban, uninterrupted, interrupted;
    Py_ssize_t draw_seat, draw_tile, discard_seat, discard_tile;  /* slot offsets (slot_offset) */
} table;

static void set_last_discard(table *tb, PyObject *v) {  /* steals v */
    Py_DECREF(tb->last_discard);
    tb->last_discard = v;
}

/* The (seat, tile) pair a discard leaves open to calls and ron, one tuple per pair for the
 * module's life (tuples are values: the table only compares them). A new reference. */
static PyObject *discard_pairs[4][136];

static PyObject *discard_pair(long seat, long tile) {
    PyObject **slot = &discard_pairs[seat][tile];
    if (*slot == NULL) {
        PyObject *s = PyLong_FromLong(seat), *t = PyLong_FromLong(tile);
        *slot = s && t ? PyTuple_Pack(2, s, t) : NULL;
        Py_XDECREF(s);
        Py_XDECREF(t);
        if (*slot == NULL) return NULL;
    }
    return Py_NewRef(*slot);
}

/* 34-counts of the tiles in set `hand`; 0 when it holds anything but tile ids */
static int hand_counts(PyObject *hand, int *c) {
    memset(c, 0, 34 * sizeof(int));
    Py_ssize_t pos = 0;
    PyObject *key;
    Py_hash_t hash;
    while (_PySet_NextEntry(hand, &pos, &key, &hash)) {
        long t = small_int_or_neg(key, 135);
        if (t < 0) return 0;
        c[t >> 2]++;
    }
    return 1;
}

/* Each q_* applies one event as its RoundState method does when it finds nothing to report:
 * 1 when applied, 0 when the event is left to the method (nothing has changed), -1 on an error. */

/* RoundState._draw: a live draw in turn, of the wall's next tile (a riichi tile before it stands) */
static int q_draw(table *tb, PyObject *ev) {
    long seat = field_int(ev, tb->draw_seat, str_seat, tb->n - 1), tile = field_int(ev, tb->draw_tile, str_tile, 135);
    if (seat == -2 || tile == -2) return -1;
    if (seat < 0 || tile < 0 || seat != tb->actor || (tb->phase != PHASE_AFTER_DISCARD && tb->phase != PHASE_DRAW) ||
        tb->live >= tb->limit)
        return 0;
    if (tb->pending >= 0) {  /* the riichi tile passed: its deposit must have been taken */
        int stands = PyObject_IsTrue(PyList_GET_ITEM(tb->accepted, tb->pending));
        if (stands <= 0) return stands;
    }
    if (tb->live < PyTuple_GET_SIZE(tb->live_tiles) &&
        small_int_or_neg(PyTuple_GET_ITEM(tb->live_tiles, tb->live), 135) != tile)
        return 0;
    PyObject *hand = PyList_GET_ITEM(tb->hands, seat);
    if (!PySet_CheckExact(hand)) return 0;
    PyObject *tile_obj = PyLong_FromLong(tile);
    if (tile_obj == NULL) return -1;
    int in_seen = PySet_Contains(tb->seen, tile_obj);
    if (in_seen != 0) {
        Py_DECREF(tile_obj);
        return in_seen < 0 ? -1 : 0;
    }
    int err = PySet_Add(tb->seen, tile_obj) < 0 || PySet_Add(hand, tile_obj) < 0 ||
              list_set(tb->last_draw, seat, tile_obj) < 0;
    Py_DECREF(tile_obj);
    if (err) return -1;
    tb->live++;
    tb->pending = -1;
    tb->phase = PHASE_DISCARD;
    set_last_discard(tb, Py_NewRef(Py_None));
    return 1;
}

/* RoundState._discard (and _riichi_discard for the declared seat's tile, which must leave it tenpai) */
static int q_discard(table *tb, PyObject *ev, Py_ssize_t i) {
    long seat = field_int(ev, tb->discard_seat, str_seat, tb->n - 1);
    long tile = field_int(ev, tb->discard_tile, str_tile, 135);
    if (seat == -2 || tile == -2) return -1;
    if (seat < 0 || tile < 0 || seat != tb->actor || tb->phase != PHASE_DISCARD) return 0;
    PyObject *hand = PyList_GET_ITEM(tb->hands, seat);
    if (!PySet_CheckExact(hand)) return 0;
    long kind = tile >> 2;
    if ((tb->nban > 0 && tb->ban[0] == kind) || (tb->nban > 1 && tb->ban[1] == kind)) return 0;
    PyObject *tile_obj = PyLong_FromLong(tile), *kind_obj = PyLong_FromLong(kind);
    int ok = tile_obj && kind_obj ? PySet_Contains(hand, tile_obj) : -1;
    if (ok > 0 && tb->banned != NULL && PySet_GET_SIZE(tb->banned) > 0) {
        int swap = PySet_Contains(tb->banned, kind_obj);
        ok = swap < 0 ? -1 : !swap;
    }
    int riichi = ok > 0 ? PyObject_IsTrue(PyList_GET_ITEM(tb->accepted, seat)) : 0;
    if (riichi < 0) ok = -1;
    int declaring = tb->declared == seat;
    if (ok > 0 && riichi && !declaring) {  /* a seat in riichi lets go of the tile it drew */
        PyObject *drawn = PyList_GET_ITEM(tb->last_draw, seat);
        ok = small_int_or_neg(drawn, 135) == tile;
    }
    if (ok > 0 && declaring) {  /* the riichi tile: the hand left must be tenpai (no calls: the method judges those) */
        PyObject *melds = PyList_GET_ITEM(tb->melds, seat);
        int c[34];
        ok = PyList_CheckExact(melds) && PyList_GET_SIZE(melds) == 0 && hand_counts(hand, c);
        if (ok) {
            c[kind]--;
            ok = wait_mask(c, NULL, 1) != 0;
        }
    }
    long made_n = -1;
    PyObject *own_river = PyList_GET_ITEM(tb->river, seat);
    if (ok > 0) ok = exact_long(PyList_GET_ITEM(tb->made, seat), &made_n) && PyList_CheckExact(own_river);
    if (ok <= 0) {
        Py_XDECREF(tile_obj);
        Py_XDECREF(kind_obj);
        return ok;
    }
    PyObject *seat_obj = PyLong_FromLong(seat), *i_obj = PyLong_FromSsize_t(i);
    PyObject *pass = seat_obj && i_obj ? PyTuple_Pack(3, i_obj, seat_obj, kind_obj) : NULL;
    PyObject *last = discard_pair(seat, tile);
    Py_XDECREF(seat_obj);
    Py_XDECREF(i_obj);
    Py_DECREF(kind_obj);
    int err = pass == NULL || last == NULL || PySet_Discard(hand, tile_obj) < 0 ||
              (riichi && !declaring && list_set(tb->ippatsu, seat, Py_False) < 0) ||
              PyList_Append(own_river, tile_obj) < 0 || list_set_long(tb->made, seat, made_n + 1) < 0 ||
              list_set_long(tb->last_own, seat, (long)i) < 0 || PyList_Append(tb->passed, pass) < 0 ||
              list_set(tb->last_draw, seat, Py_None) < 0;
    if (!err && declaring) {
        err = list_set_long(tb->riichi_at, seat, (long)i) < 0 ||
              (tb->uninterrupted && !tb->interrupted && made_n == 0 && list_set(tb->double_riichi, seat, Py_True) < 0);
        tb->declared = -1;
        tb->pending = seat;
    }
    Py_XDECREF(pass);
    Py_DECREF(tile_obj);
    if (err) {
        Py_XDECREF(last);
        return -1;
    }
    set_last_discard(tb, last);
    tb->banned = NULL;
    tb->nban = 0;
    tb->actor = (seat + 1) % tb->n;
    tb->phase = PHASE_AFTER_DISCARD;
    return 1;
}

/* The kinds a chi or pon's caller may not discard next (hands.swap_call_banned_kinds): the called
 * kind, and for a chi taken at one end of its run, the kind beyond the other end. */
static int banned_kinds(int chi, long called, const long *tiles, long *ban) {
    long kind = called >> 2;
    ban[0] = kind;
    if (!chi) return 1;
    long low = tiles[0] >> 2, high = low;
    for (int j = 1; j < 3; j++) {
        if (tiles[j] >> 2 < low) low = tiles[j] >> 2;
        if (tiles[j] >> 2 > high) high = tiles[j] >> 2;
    }
    if (kind == low && high % 9 < 8) { ban[1] = high + 1; return 2; }
    if (kind == high && low % 9 > 0) { ban[1] = low - 1; return 2; }
    return 1;
}

/* RoundState._call_discard for a chi or pon of the last discard with two distinct tiles held */
static int q_call(table *tb, PyObject *ev) {
    PyTypeObject *ct = tb->call_type;
    PyObject *kind = slot_get(ev, slot_offset(ct, str_kind), str_kind);
    if (kind == NULL) return -1;
    int chi = kind == tb->chi, pon = kind == tb->pon;
    Py_DECREF(kind);
    PyObject *ld = tb->last_discard;
    if (!(chi || pon) || tb->phase != PHASE_AFTER_DISCARD || tb->pending >= 0 || !PyTuple_CheckExact(ld) ||
        PyTuple_GET_SIZE(ld) != 2 || tb->live >= tb->limit)
        return 0;
    long n = tb->n;
    long frm = small_int_or_neg(PyTuple_GET_ITEM(ld, 0), n - 1), discarded = small_int_or_neg(PyTuple_GET_ITEM(ld, 1), 135);
    long seat = field_int(ev, slot_offset(ct, str_seat), str_seat, n - 1);
    long called = field_int(ev, slot_offset(ct, str_called), str_called, 135);
    long from_seat = field_int(ev, slot_offset(ct, str_from_seat), str_from_seat, n - 1);
    if (seat == -2 || called == -2 || from_seat == -2) return -1;
    PyObject *tiles_obj = slot_get(ev, slot_offset(ct, str_tiles), str_tiles);
    if (tiles_obj == NULL) return -1;
    long tiles[3];
    int ok = frm >= 0 && discarded >= 0 && seat >= 0 && called == discarded && from_seat == frm && frm != seat &&
             PyTuple_CheckExact(tiles_obj) && PyTuple_GET_SIZE(tiles_obj) == 3 && PyList_GET_SIZE(tb->ippatsu) == n;
    for (int j = 0; ok && j < 3; j++) ok = (tiles[j] = small_int_or_neg(PyTuple_GET_ITEM(tiles_obj, j), 135)) >= 0;
    Py_DECREF(tiles_obj);
    if (!ok || (chi && (n == 3 || from_seat != (seat + n - 1) % n))) return 0;
    int riichi = PyObject_IsTrue(PyList_GET_ITEM(tb->accepted, seat));
    if (riichi) return riichi < 0 ? -1 : 0;
    long own[3];  /* the caller's own tiles: all but the called one, distinct and held */
    int n_own = 0;
    for (int j = 0; j < 3; j++)
        if (tiles[j] != called) own[n_own++] = tiles[j];
    PyObject *hand = PyList_GET_ITEM(tb->hands, seat), *melds = PyList_GET_ITEM(tb->melds, seat);
    long away_n, open_n;
    if (n_own != 2 || own[0] == own[1] || !PySet_CheckExact(hand) || !PyList_CheckExact(melds) ||
        !exact_long(PyList_GET_ITEM(tb->called_away, frm), &away_n) ||
        !exact_long(PyList_GET_ITEM(tb->calls_open, seat), &open_n))
        return 0;
    PyObject *own_obj[2] = {PyLong_FromLong(own[0]), PyLong_FromLong(own[1])};
    int held = own_obj[0] && own_obj[1] ? PySet_Contains(hand, own_obj[0]) : -1;
    if (held > 0) held = PySet_Contains(hand, own_obj[1]);
    int err = held < 0;
    if (held > 0) {
        err = list_set_long(tb->called_away, frm, away_n + 1) < 0 || PySet_Discard(hand, own_obj[0]) < 0 ||
              PySet_Discard(hand, own_obj[1]) < 0 || PyList_Append(melds, ev) < 0 ||
              list_set_long(tb->calls_open, seat, open_n + 1) < 0 || list_set(tb->last_draw, seat, Py_None) < 0;
        for (long s = 0; !err && s < n; s++) err = list_set(tb->ippatsu, s, Py_False) < 0;
    }
    Py_XDECREF(own_obj[0]);
    Py_XDECREF(own_obj[1]);
    if (err) return -1;
    if (held == 0) return 0;
    tb->nban = banned_kinds(chi, called, tiles, tb->ban);
    tb->banned = NULL;
    tb->interrupted = 1;
    set_last_discard(tb, Py_NewRef(Py_None));
    tb->actor = seat;
    tb->phase = PHASE_DISCARD;
    return 1;
}

/* RoundState._riichi_declared: in turn, closed (no calls at all: the method judges kans), the
 * deposit in hand, and a draw left for every seat */
static int q_declare(table *tb, PyObject *ev) {
    long seat = field_int(ev, slot_offset(tb->declared_type, str_seat), str_seat, tb->n - 1);
    if (seat == -2) return -1;
    if (seat < 0 || tb->phase != PHASE_DISCARD || seat != tb->actor || tb->declared >= 0 ||
        tb->limit - tb->live < tb->n || PyList_GET_SIZE(tb->scores) <= seat)
        return 0;
    int riichi = PyObject_IsTrue(PyList_GET_ITEM(tb->accepted, seat));
    if (riichi) return riichi < 0 ? -1 : 0;
    PyObject *melds = PyList_GET_ITEM(tb->melds, seat);
    long points;
    if (!PyList_CheckExact(melds) || PyList_GET_SIZE(melds) != 0 ||
        !exact_long(PyList_GET_ITEM(tb->scores, seat), &points) || points < tb->deposit)
        return 0;
    tb->declared = seat;
    return 1;
}

/* RoundState._riichi_accepted: the deposit of the seat whose riichi tile just passed, with the
 * scores the log records after it equal to the table's */
static int q_accept(table *tb, PyObject *ev) {
    PyTypeObject *at = tb->accepted_type;
    long seat = field_int(ev, slot_offset(at, str_seat), str_seat, tb->n - 1);
    if (seat == -2) return -1;
    Py_ssize_t size = PyList_GET_SIZE(tb->scores);
    long points, derived, deposited;
    if (seat < 0 || seat != tb->pending || size <= seat || PyList_GET_SIZE(tb->derived) <= seat ||
        !exact_long(PyList_GET_ITEM(tb->scores, seat), &points) ||
        !exact_long(PyList_GET_ITEM(tb->derived, seat), &derived) ||
        !exact_long(PyList_GET_ITEM(tb->deposits, seat), &deposited))
        return 0;
    PyObject *recorded = slot_get(ev, slot_offset(at, str_scores), str_scores);
    if (recorded == NULL) return -1;
    int ok = 1;
    if (recorded != Py_None) {
        ok = PyTuple_CheckExact(recorded) && PyTuple_GET_SIZE(recorded) == size;
        for (Py_ssize_t k = 0; ok && k < size; k++) {
            long want, got;
            ok = exact_long(PyTuple_GET_ITEM(recorded, k), &got) &&
                 exact_long(PyList_GET_ITEM(tb->scores, k), &want) &&
                 got == (k == seat ? points - tb->deposit : want);
        }
    }
    Py_DECREF(recorded);
    if (!ok) return 0;
    if (list_set(tb->accepted, seat, Py_True) < 0 || list_set(tb->ippatsu, seat, Py_True) < 0 ||
        list_set_long(tb->scores, seat, points - tb->deposit) < 0 ||
        list_set_long(tb->derived, seat, derived - tb->deposit) < 0 ||
        list_set_long(tb->deposits, seat, deposited + tb->deposit) < 0)
        return -1;
    tb->sticks++;
    tb->pending = -1;
    return 1;
}

/* run_quiet(events, i, ctx, actor, phase, live, limit, last_discard, banned, uninterrupted, scores,
 *           derived_scores)
 *   -> (i, actor, phase, live, last_discard, banned, interrupted, declared, pending, sticks)
 * ctx: (hands, river, last_draw, seen, passed, discards_made, last_own_discard, riichi_accepted,
 *       live_tiles, n, Draw, Discard, ippatsu, Call, CallKind.CHI, CallKind.PON, melds, called_away,
 *       calls_open, RiichiDeclared, RiichiAccepted, riichi_at, double_riichi, deposits, riichi_deposit):
 * the table's own lists, changed in place (scores and derived_scores too), and what it needs to
 * know. Applies events[i:] while each is a draw, discard, chi, pon or riichi step that breaks no
 * rule, exactly as the event methods of table.RoundState do, and stops at the first other event
 * (index returned). banned: the kinds the caller of a chi or pon may not discard next (a set, or
 * None); the first discard ends a ban. Returned besides: the ban still in force (None when there
 * is none); whether a call was applied (which ends the uninterrupted first go-around); the seat
 * whose riichi is declared but not yet discarded, and the seat whose riichi tile waits for its
 * deposit (each -1 for none); and how many deposits were taken (riichi sticks to add). */
PyObject *run_quiet(PyObject *self, PyObject *args) {
    PyObject *events, *ctx, *last_discard, *banned;
    Py_ssize_t i;
    table tb;
    memset(&tb, 0, sizeof tb);
    if (!PyArg_ParseTuple(args, "OnO!llllOOpO!O!:run_quiet", &events, &i, &PyTuple_Type, &ctx, &tb.actor,
                          &tb.phase, &tb.live, &tb.limit, &last_discard, &banned, &tb.uninterrupted,
                          &PyList_Type, &tb.scores, &PyList_Type, &tb.derived))
        return NULL;
    if (banned == Py_None) banned = NULL;
    if (banned != NULL && !PyAnySet_Check(banned)) {
        PyErr_SetString(PyExc_TypeError, "run_quiet: banned must be a set or None");
        return NULL;
    }
    if (!PyTuple_CheckExact(events) && !PyList_CheckExact(events)) {
        PyErr_SetString(PyExc_TypeError, "run_quiet: events must be a tuple or list");
        return NULL;
    }
    if (PyTuple_GET_SIZE(ctx) != 25) {
        PyErr_SetString(PyExc_ValueError, "run_quiet: ctx must have 25 items");
        return NULL;
    }
    PyObject **c = &PyTuple_GET_ITEM(ctx, 0);
    tb.hands = c[0], tb.river = c[1], tb.last_draw = c[2], tb.seen = c[3], tb.passed = c[4], tb.made = c[5];
    tb.last_own = c[6], tb.accepted = c[7], tb.live_tiles = c[8], tb.ippatsu = c[12];
    tb.draw_type = (PyTypeObject *)c[10], tb.discard_type = (PyTypeObject *)c[11];
    tb.call_type = (PyTypeObject *)c[13], tb.chi = c[14], tb.pon = c[15];
    tb.melds = c[16], tb.called_away = c[17], tb.calls_open = c[18];
    tb.declared_type = (PyTypeObject *)c[19], tb.accepted_type = (PyTypeObject *)c[20];
    tb.riichi_at = c[21], tb.double_riichi = c[22], tb.deposits = c[23];
    if (!exact_long(c[9], &tb.n) || !exact_long(c[24], &tb.deposit) || tb.n < 1 || tb.n > 4 ||
        !PySet_CheckExact(tb.seen) || !PyTuple_CheckExact(tb.live_tiles)) {
        PyErr_SetString(PyExc_TypeError, "run_quiet: unexpected table state");
        return NULL;
    }
    PyObject *lists[] = {tb.hands, tb.river, tb.last_draw, tb.made, tb.last_own, tb.accepted, tb.ippatsu, tb.melds,
                         tb.called_away, tb.calls_open, tb.riichi_at, tb.double_riichi, tb.deposits};
    for (size_t k = 0; k < sizeof lists / sizeof *lists; k++) {
        if (!PyList_CheckExact(lists[k]) || PyList_GET_SIZE(lists[k]) < tb.n) {
            PyErr_SetString(PyExc_TypeError, "run_quiet: unexpected table state");
            return NULL;
        }
    }
    PyTypeObject *types[] = {tb.draw_type, tb.discard_type, tb.call_type, tb.declared_type, tb.accepted_type};
    for (size_t k = 0; k < sizeof types / sizeof *types; k++) {
        if (!PyType_Check((PyObject *)types[k])) {
            PyErr_SetString(PyExc_TypeError, "run_quiet: the event classes must be classes");
            return NULL;
        }
    }
    tb.draw_seat = slot_offset(tb.draw_type, str_seat), tb.draw_tile = slot_offset(tb.draw_type, str_tile);
    tb.discard_seat = slot_offset(tb.discard_type, str_seat);
    tb.discard_tile = slot_offset(tb.discard_type, str_tile);
    tb.last_discard = Py_NewRef(last_discard);
    tb.banned = banned;
    tb.declared = tb.pending = -1;
    if (i < 0) i = 0;
    for (; i < PySequence_Fast_GET_SIZE(events); i++) {
        PyObject *ev = PySequence_Fast_GET_ITEM(events, i);
        PyTypeObject *t = Py_TYPE(ev);
        int done;
        if (t == tb.draw_type) done = q_draw(&tb, ev);
        else if (t == tb.discard_type) done = q_discard(&tb, ev, i);
        else if (t == tb.call_type) done = q_call(&tb, ev);
        else if (t == tb.declared_type) done = q_declare(&tb, ev);
        else if (t == tb.accepted_type) done = q_accept(&tb, ev);
        else break;
        if (done < 0) goto error;
        if (!done) break;
    }
    PyObject *ban_out;
    if (tb.nban > 0) {  /* a chi or pon applied here whose discard has not come */
        PyObject *kinds = tb.nban == 1 ? Py_BuildValue("(l)", tb.ban[0]) : Py_BuildValue("(ll)", tb.ban[0], tb.ban[1]);
        ban_out = kinds ? PyFrozenSet_New(kinds) : NULL;
        Py_XDECREF(kinds);
        if (ban_out == NULL) goto error;
    } else {
        ban_out = Py_NewRef(tb.banned != NULL ? tb.banned : Py_None);
    }
    PyObject *out = Py_BuildValue("(nlllONOlll)", i, tb.actor, tb.phase, tb.live, tb.last_discard, ban_out,
                                  tb.interrupted ? Py_True : Py_False, tb.declared, tb.pending, tb.sticks);
    Py_DECREF(tb.last_discard);
    return out;
error:
    Py_DECREF(tb.last_discard);
    return NULL;
}
