/* Runs of events that break no rule, applied to the replay's table (mjlog.rules.riichi.table.play):
 * draws, discards, chi and pon, and the two steps of riichi. One function per event, each the
 * twin of a RiichiTable method on the path where that method finds nothing to report. */
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

/* ---- the table, read from a RiichiTable by attribute name ------------------------------------------ */

/* The RiichiTable lists run_quiet changes in place; each is a field of `table` under the attribute's name. */
#define TABLE_LISTS(X) X(hands) X(river) X(last_draw) X(discards_made) X(last_own_discard) X(riichi_accepted) \
    X(ippatsu) X(melds) X(called_away) X(calls_open) X(riichi_at) X(double_riichi) X(deposits) X(scores) \
    X(derived_scores)
/* Every attribute name run_quiet reads or writes (of the table, its rules, and the event classes' namespace). */
#define ATTRIBUTE_NAMES(X) TABLE_LISTS(X) X(seen) X(passed) X(live_tiles) X(n) X(rules) X(riichi_deposit) \
    X(actor) X(phase) X(live_draws) X(live_base) X(replacements) X(last_discard) X(banned) X(uninterrupted) \
    X(riichi_declared) X(riichi_discard_pending) X(sticks) X(need_replacement) X(pending_dora) X(last_kakan) \
    X(last_kita) X(last_was_replacement) X(draw) X(discard) X(call) X(chi) X(pon)

#define DECLARE_NAME(name) static PyObject *a_##name;
ATTRIBUTE_NAMES(DECLARE_NAME)
#undef DECLARE_NAME
/* the phases the table's `phase` may hold that a run can start in, by code */
static PyObject *phase_names[3];

int quiet_init(void) {
#define INTERN(name) if ((a_##name = PyUnicode_InternFromString(#name)) == NULL) return -1;
    ATTRIBUTE_NAMES(INTERN)
#undef INTERN
    const char *phases[] = {"draw", "discard", "after-discard"};
    for (int k = 0; k < 3; k++)
        if ((phase_names[k] = PyUnicode_InternFromString(phases[k])) == NULL) return -1;
    return 0;
}

typedef struct {
    /* the table's own lists and sets, changed in place (owned references) */
#define LIST_FIELD(name) PyObject *name;
    TABLE_LISTS(LIST_FIELD)
#undef LIST_FIELD
    PyObject *seen, *passed, *live_tiles;
    /* the event classes and call kinds (owned) */
    PyObject *draw_type, *discard_type, *call_type, *declared_type, *accepted_type, *chi, *pon;
    long n, deposit;
    /* the table's scalars, read at the start and written back at the end */
    long actor, phase, live, limit, declared, pending;
    long sticks;             /* deposits taken in this run (riichi sticks to add) */
    PyObject *last_discard;  /* owned */
    PyObject *banned;        /* the table's ban while in force (owned), or NULL */
    long ban[2];             /* a ban set here by a chi or pon: ban[0..nban) (banned is then NULL) */
    int nban, uninterrupted, interrupted, ban_ended;
    Py_ssize_t draw_seat, draw_tile, discard_seat, discard_tile;  /* slot offsets (slot_offset) */
} table;

static void set_last_discard(table *tb, PyObject *v) {  /* steals v */
    Py_DECREF(tb->last_discard);
    tb->last_discard = v;
}

/* The swap-call ban ends (at a discard, or replaced by a new call's) */
static void end_ban(table *tb) {
    if (tb->banned != NULL || tb->nban > 0) tb->ban_ended = 1;
    Py_CLEAR(tb->banned);
    tb->nban = 0;
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

/* 34-counts of the tiles in set `hand`: 1, or 0 when it holds anything but tile ids, -1 on an error */
static int hand_counts(PyObject *hand, int *c) {
    memset(c, 0, 34 * sizeof(int));
    PyObject *it = PyObject_GetIter(hand), *key;
    if (it == NULL) return -1;
    int ok = 1;
    while (ok && (key = PyIter_Next(it)) != NULL) {
        long t = small_int_or_neg(key, 135);
        Py_DECREF(key);
        if (t < 0) ok = 0;
        else c[t >> 2]++;
    }
    Py_DECREF(it);
    return PyErr_Occurred() ? -1 : ok;
}

/* Each q_* applies one event as its RiichiTable method does when it finds nothing to report:
 * 1 when applied, 0 when the event is left to the method (nothing has changed), -1 on an error. */

/* RiichiTable._draw: a live draw in turn, of the wall's next tile (a riichi tile before it stands) */
static int q_draw(table *tb, PyObject *ev) {
    long seat = field_int(ev, tb->draw_seat, str_seat, tb->n - 1), tile = field_int(ev, tb->draw_tile, str_tile, 135);
    if (seat == -2 || tile == -2) return -1;
    if (seat < 0 || tile < 0 || seat != tb->actor || (tb->phase != PHASE_AFTER_DISCARD && tb->phase != PHASE_DRAW) ||
        tb->live >= tb->limit)
        return 0;
    if (tb->pending >= 0) {  /* the riichi tile passed: its deposit must have been taken */
        int stands = PyObject_IsTrue(PyList_GET_ITEM(tb->riichi_accepted, tb->pending));
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

/* RiichiTable._discard (and _riichi_discard for the declared seat's tile, which must leave it tenpai) */
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
    int riichi = ok > 0 ? PyObject_IsTrue(PyList_GET_ITEM(tb->riichi_accepted, seat)) : 0;
    if (riichi < 0) ok = -1;
    int declaring = tb->declared == seat;
    if (ok > 0 && riichi && !declaring) {  /* a seat in riichi lets go of the tile it drew */
        PyObject *drawn = PyList_GET_ITEM(tb->last_draw, seat);
        ok = small_int_or_neg(drawn, 135) == tile;
    }
    if (ok > 0 && declaring) {  /* the riichi tile: the hand left must be tenpai (no calls: the method judges those) */
        PyObject *melds = PyList_GET_ITEM(tb->melds, seat);
        int c[34];
        ok = PyList_CheckExact(melds) && PyList_GET_SIZE(melds) == 0 ? hand_counts(hand, c) : 0;
        if (ok > 0) {
            c[kind]--;
            ok = wait_mask(c, NULL, 1) != 0;
        }
    }
    long made_n = -1;
    PyObject *own_river = PyList_GET_ITEM(tb->river, seat);
    if (ok > 0) ok = exact_long(PyList_GET_ITEM(tb->discards_made, seat), &made_n) && PyList_CheckExact(own_river);
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
              PyList_Append(own_river, tile_obj) < 0 || list_set_long(tb->discards_made, seat, made_n + 1) < 0 ||
              list_set_long(tb->last_own_discard, seat, (long)i) < 0 || PyList_Append(tb->passed, pass) < 0 ||
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
    end_ban(tb);
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

/* RiichiTable._call_discard for a chi or pon of the last discard with two distinct tiles held */
static int q_call(table *tb, PyObject *ev) {
    PyTypeObject *ct = (PyTypeObject *)tb->call_type;
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
    int riichi = PyObject_IsTrue(PyList_GET_ITEM(tb->riichi_accepted, seat));
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
    end_ban(tb);
    tb->nban = banned_kinds(chi, called, tiles, tb->ban);
    tb->interrupted = 1;
    set_last_discard(tb, Py_NewRef(Py_None));
    tb->actor = seat;
    tb->phase = PHASE_DISCARD;
    return 1;
}

/* RiichiTable._riichi_declared: in turn, closed (no calls at all: the method judges kans), the
 * deposit in hand, and a draw left for every seat */
static int q_declare(table *tb, PyObject *ev) {
    long seat = field_int(ev, slot_offset((PyTypeObject *)tb->declared_type, str_seat), str_seat, tb->n - 1);
    if (seat == -2) return -1;
    if (seat < 0 || tb->phase != PHASE_DISCARD || seat != tb->actor || tb->declared >= 0 ||
        tb->limit - tb->live < tb->n || PyList_GET_SIZE(tb->scores) <= seat)
        return 0;
    int riichi = PyObject_IsTrue(PyList_GET_ITEM(tb->riichi_accepted, seat));
    if (riichi) return riichi < 0 ? -1 : 0;
    PyObject *melds = PyList_GET_ITEM(tb->melds, seat);
    long points;
    if (!PyList_CheckExact(melds) || PyList_GET_SIZE(melds) != 0 ||
        !exact_long(PyList_GET_ITEM(tb->scores, seat), &points) || points < tb->deposit)
        return 0;
    tb->declared = seat;
    return 1;
}

/* RiichiTable._riichi_accepted: the deposit of the seat whose riichi tile just passed, with the
 * scores the log records after it equal to the table's */
static int q_accept(table *tb, PyObject *ev) {
    PyTypeObject *at = (PyTypeObject *)tb->accepted_type;
    long seat = field_int(ev, slot_offset(at, str_seat), str_seat, tb->n - 1);
    if (seat == -2) return -1;
    Py_ssize_t size = PyList_GET_SIZE(tb->scores);
    long points, derived, deposited;
    if (seat < 0 || seat != tb->pending || size <= seat || PyList_GET_SIZE(tb->derived_scores) <= seat ||
        !exact_long(PyList_GET_ITEM(tb->scores, seat), &points) ||
        !exact_long(PyList_GET_ITEM(tb->derived_scores, seat), &derived) ||
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
    if (list_set(tb->riichi_accepted, seat, Py_True) < 0 || list_set(tb->ippatsu, seat, Py_True) < 0 ||
        list_set_long(tb->scores, seat, points - tb->deposit) < 0 ||
        list_set_long(tb->derived_scores, seat, derived - tb->deposit) < 0 ||
        list_set_long(tb->deposits, seat, deposited + tb->deposit) < 0)
        return -1;
    tb->sticks++;
    tb->pending = -1;
    return 1;
}

/* ---- reading the table and writing it back ------------------------------------------------------ */

/* The error for a table attribute of the wrong type (a coding error, not bad input); -1. */
static int bad_table(PyObject *name) {
    PyErr_Format(PyExc_TypeError, "run_quiet: the table's %U is not of the type it should be", name);
    return -1;
}

/* obj's attribute `name` holding None or a seat (0..n-1): the seat, -1 for None, -2 for anything
 * else, -3 with an error set. */
static long seat_attr(PyObject *obj, PyObject *name, long n) {
    PyObject *v = PyObject_GetAttr(obj, name);
    if (v == NULL) return -3;
    long x = v == Py_None ? -1 : small_int_or_neg(v, n - 1);
    if (x == -1 && v != Py_None) x = -2;
    Py_DECREF(v);
    return x;
}

/* obj's attribute `name`, an exact int, in *out: 0, or -1 with an error set (a TypeError for another type) */
static int long_attr(PyObject *obj, PyObject *name, long *out) {
    PyObject *v = PyObject_GetAttr(obj, name);
    if (v == NULL) return -1;
    int ok = exact_long(v, out);
    Py_DECREF(v);
    return ok ? 0 : bad_table(name);
}

/* obj's attribute `name`: 1 when it is None, 0 when not, -1 with an error set */
static int none_attr(PyObject *obj, PyObject *name) {
    PyObject *v = PyObject_GetAttr(obj, name);
    if (v == NULL) return -1;
    int none = v == Py_None;
    Py_DECREF(v);
    return none;
}

/* obj's attribute `name`'s truth: 1 or 0, -1 with an error set */
static int truth_attr(PyObject *obj, PyObject *name) {
    PyObject *v = PyObject_GetAttr(obj, name);
    if (v == NULL) return -1;
    int t = PyObject_IsTrue(v);
    Py_DECREF(v);
    return t;
}

/* Whether a run can start at the table's state: no replacement draw owed, no kan dora due, no
 * added kan or kita open to robbing, the last draw not a replacement, and a phase of PHASE_*
 * (its code in tb->phase). 1 or 0, -1 with an error set. */
static int runnable(table *tb, PyObject *st) {
    PyObject *must_be_none[] = {a_need_replacement, a_last_kakan, a_last_kita};
    for (size_t k = 0; k < sizeof must_be_none / sizeof *must_be_none; k++) {
        int none = none_attr(st, must_be_none[k]);
        if (none <= 0) return none;
    }
    PyObject *must_be_false[] = {a_pending_dora, a_last_was_replacement};
    for (size_t k = 0; k < sizeof must_be_false / sizeof *must_be_false; k++) {
        int set = truth_attr(st, must_be_false[k]);
        if (set != 0) return set < 0 ? -1 : 0;
    }
    PyObject *phase = PyObject_GetAttr(st, a_phase);
    if (phase == NULL) return -1;
    tb->phase = -1;
    for (int k = 0; k < 3 && tb->phase < 0; k++) {
        int same = PyObject_RichCompareBool(phase, phase_names[k], Py_EQ);
        if (same < 0) {
            Py_DECREF(phase);
            return -1;
        }
        if (same) tb->phase = k;
    }
    Py_DECREF(phase);
    return tb->phase >= 0;
}

/* The event classes and call kinds, from `kinds` (table.QuietEvents) by name: 0, or -1 with an error set */
static int load_kinds(table *tb, PyObject *kinds) {
    PyObject **fields[] = {&tb->draw_type, &tb->discard_type, &tb->call_type, &tb->declared_type,
                           &tb->accepted_type, &tb->chi, &tb->pon};
    PyObject *names[] = {a_draw, a_discard, a_call, a_riichi_declared, a_riichi_accepted, a_chi, a_pon};
    for (size_t k = 0; k < sizeof names / sizeof *names; k++) {
        if ((*fields[k] = PyObject_GetAttr(kinds, names[k])) == NULL) return -1;
        if (k < 5 && !PyType_Check(*fields[k])) {
            PyErr_Format(PyExc_TypeError, "run_quiet: the event classes' %U is not a class", names[k]);
            return -1;
        }
    }
    tb->draw_seat = slot_offset((PyTypeObject *)tb->draw_type, str_seat);
    tb->draw_tile = slot_offset((PyTypeObject *)tb->draw_type, str_tile);
    tb->discard_seat = slot_offset((PyTypeObject *)tb->discard_type, str_seat);
    tb->discard_tile = slot_offset((PyTypeObject *)tb->discard_type, str_tile);
    return 0;
}

/* tb from the RiichiTable st (by attribute name) and the event classes in `kinds`: 1, 0 when no run
 * can start at the table's state, -1 with an error set. */
static int load(table *tb, PyObject *st, PyObject *kinds) {
    int ok = runnable(tb, st);
    if (ok <= 0) return ok;
    if (long_attr(st, a_n, &tb->n) < 0) return -1;
    if (tb->n < 1 || tb->n > 4) return bad_table(a_n);
#define LOAD_LIST(name) \
    if ((tb->name = PyObject_GetAttr(st, a_##name)) == NULL) return -1; \
    if (!PyList_CheckExact(tb->name)) return bad_table(a_##name);
    TABLE_LISTS(LOAD_LIST)
    LOAD_LIST(passed)
#undef LOAD_LIST
    PyObject *per_seat[] = {tb->hands, tb->river, tb->last_draw, tb->discards_made, tb->last_own_discard,
                            tb->riichi_accepted, tb->ippatsu, tb->melds, tb->called_away, tb->calls_open,
                            tb->riichi_at, tb->double_riichi, tb->deposits};
    for (size_t k = 0; k < sizeof per_seat / sizeof *per_seat; k++)
        if (PyList_GET_SIZE(per_seat[k]) < tb->n) {
            PyErr_SetString(PyExc_TypeError, "run_quiet: a per-seat list of the table is shorter than its seats");
            return -1;
        }
    if ((tb->seen = PyObject_GetAttr(st, a_seen)) == NULL) return -1;
    if (!PySet_CheckExact(tb->seen)) return bad_table(a_seen);
    if ((tb->live_tiles = PyObject_GetAttr(st, a_live_tiles)) == NULL) return -1;
    if (!PyTuple_CheckExact(tb->live_tiles)) return bad_table(a_live_tiles);
    if ((tb->banned = PyObject_GetAttr(st, a_banned)) == NULL) return -1;
    if (!PyAnySet_Check(tb->banned)) return bad_table(a_banned);
    if (PySet_GET_SIZE(tb->banned) == 0) Py_CLEAR(tb->banned);
    if ((tb->last_discard = PyObject_GetAttr(st, a_last_discard)) == NULL) return -1;
    PyObject *rules = PyObject_GetAttr(st, a_rules);
    if (rules == NULL) return -1;
    ok = long_attr(rules, a_riichi_deposit, &tb->deposit);
    Py_DECREF(rules);
    long base, replacements;
    if (ok < 0 || long_attr(st, a_live_draws, &tb->live) < 0 || long_attr(st, a_live_base, &base) < 0 ||
        long_attr(st, a_replacements, &replacements) < 0 || (tb->uninterrupted = truth_attr(st, a_uninterrupted)) < 0)
        return -1;
    tb->limit = base - replacements;
    /* seats, each -1 for None (-2: not a seat, left to the methods) */
    tb->actor = seat_attr(st, a_actor, tb->n);
    tb->declared = seat_attr(st, a_riichi_declared, tb->n);
    tb->pending = seat_attr(st, a_riichi_discard_pending, tb->n);
    if (tb->actor == -3 || tb->declared == -3 || tb->pending == -3) return -1;
    if (tb->actor == -2 || tb->declared == -2 || tb->pending == -2) return 0;
    return load_kinds(tb, kinds) < 0 ? -1 : 1;
}

/* obj.name = v, stealing v (NULL: an error already set): 0, or -1 with an error set */
static int set_attr(PyObject *obj, PyObject *name, PyObject *v) {
    if (v == NULL) return -1;
    int err = PyObject_SetAttr(obj, name, v);
    Py_DECREF(v);
    return err;
}

static PyObject *seat_or_none(long seat) {
    return seat < 0 ? Py_NewRef(Py_None) : PyLong_FromLong(seat);
}

/* The table's scalars after a run, written back to st: 0, or -1 with an error set. */
static int store(table *tb, PyObject *st) {
    if (set_attr(st, a_actor, seat_or_none(tb->actor)) < 0 ||
        set_attr(st, a_phase, Py_NewRef(phase_names[tb->phase])) < 0 ||
        set_attr(st, a_live_draws, PyLong_FromLong(tb->live)) < 0 ||
        set_attr(st, a_last_discard, Py_NewRef(tb->last_discard)) < 0 ||
        set_attr(st, a_riichi_declared, seat_or_none(tb->declared)) < 0 ||
        set_attr(st, a_riichi_discard_pending, seat_or_none(tb->pending)) < 0 ||
        (tb->interrupted && set_attr(st, a_uninterrupted, Py_NewRef(Py_False)) < 0))
        return -1;
    if (tb->nban > 0) {  /* a chi or pon applied here whose discard has not come */
        PyObject *kinds = tb->nban == 1 ? Py_BuildValue("(l)", tb->ban[0]) : Py_BuildValue("(ll)", tb->ban[0], tb->ban[1]);
        PyObject *ban = kinds ? PyFrozenSet_New(kinds) : NULL;
        Py_XDECREF(kinds);
        if (set_attr(st, a_banned, ban) < 0) return -1;
    } else if (tb->ban_ended && set_attr(st, a_banned, PyFrozenSet_New(NULL)) < 0) {
        return -1;
    }
    if (tb->sticks > 0) {
        long sticks;
        if (long_attr(st, a_sticks, &sticks) < 0 || set_attr(st, a_sticks, PyLong_FromLong(sticks + tb->sticks)) < 0)
            return -1;
    }
    return 0;
}

static void release(table *tb) {
    PyObject **owned[] = {
#define OWNED(name) &tb->name,
        TABLE_LISTS(OWNED)
#undef OWNED
        &tb->seen, &tb->passed, &tb->live_tiles, &tb->draw_type, &tb->discard_type, &tb->call_type,
        &tb->declared_type, &tb->accepted_type, &tb->chi, &tb->pon, &tb->last_discard, &tb->banned};
    for (size_t k = 0; k < sizeof owned / sizeof *owned; k++) Py_CLEAR(*owned[k]);
}

/* run_quiet(table, events, start, kinds) -> int
 * Applies events[start:] to `table` (a RiichiTable, read and written by attribute name) while each
 * is a draw, discard, chi, pon or riichi step that breaks no rule, exactly as the RiichiTable's
 * event methods do, and returns the index of the first event it did not apply (start itself when
 * the table's state is one no run starts in: a replacement draw owed, a kan dora due...). kinds:
 * the event classes and call kinds by name (draw, discard, call, chi, pon, riichi_declared,
 * riichi_accepted). The table's lists are changed in place; its actor, phase, live_draws,
 * last_discard, banned, uninterrupted, riichi_declared, riichi_discard_pending and sticks are
 * written back when an event was applied. */
PyObject *run_quiet(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *st, *events, *kinds;
    Py_ssize_t i;
    if (!PyArg_ParseTuple(args, "OOnO:run_quiet", &st, &events, &i, &kinds)) return NULL;
    if (!PyTuple_CheckExact(events) && !PyList_CheckExact(events)) {
        PyErr_SetString(PyExc_TypeError, "run_quiet: events must be a tuple or list");
        return NULL;
    }
    if (i < 0) i = 0;
    Py_ssize_t start = i;
    if (i >= PySequence_Fast_GET_SIZE(events)) return PyLong_FromSsize_t(i);
    table tb;
    memset(&tb, 0, sizeof tb);
    int got = load(&tb, st, kinds);
    for (; got > 0 && i < PySequence_Fast_GET_SIZE(events); i++) {
        PyObject *ev = PySequence_Fast_GET_ITEM(events, i);
        PyTypeObject *t = Py_TYPE(ev);
        int done;
        if (t == (PyTypeObject *)tb.draw_type) done = q_draw(&tb, ev);
        else if (t == (PyTypeObject *)tb.discard_type) done = q_discard(&tb, ev, i);
        else if (t == (PyTypeObject *)tb.call_type) done = q_call(&tb, ev);
        else if (t == (PyTypeObject *)tb.declared_type) done = q_declare(&tb, ev);
        else if (t == (PyTypeObject *)tb.accepted_type) done = q_accept(&tb, ev);
        else break;
        if (done < 0) got = -1;
        if (done <= 0) break;
    }
    if (got >= 0 && i > start && store(&tb, st) < 0) got = -1;
    release(&tb);
    return got < 0 ? NULL : PyLong_FromSsize_t(i);
}
