/* Runs of ordinary draws and discards (mjlog.replayer.table.play). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>
#include "speedups.h"

/* ---- quiet draws and discards: the twin of the inlined path in mjlog.replayer.table.play ----- */
enum { PHASE_DRAW = 0, PHASE_DISCARD = 1, PHASE_AFTER_DISCARD = 2 };

/* obj's attribute `name` as a long in *out: -1 when it is not an exact int, -2 when it does not
 * fit; reads the slot at `offset` directly when there is one (see slot_get). -1 on an error. */
static int slot_small_int(PyObject *obj, Py_ssize_t offset, PyObject *name, long *out) {
    PyObject *v = slot_get(obj, offset, name);
    if (v == NULL) return -1;
    if (!PyLong_CheckExact(v)) { Py_DECREF(v); *out = -1; return 0; }
    *out = PyLong_AsLong(v);
    Py_DECREF(v);
    if (*out == -1 && PyErr_Occurred()) { PyErr_Clear(); *out = -2; }
    return 0;
}

static int list_set_long(PyObject *list, Py_ssize_t i, long v) {
    PyObject *o = PyLong_FromLong(v);
    if (o == NULL) return -1;
    return PyList_SetItem(list, i, o);  /* steals o */
}

/* a small exact int, or -1 for anything else (None, a bool, another type, out of 0..max) */
static long small_int_or_neg(PyObject *v, long max) {
    if (!PyLong_CheckExact(v)) return -1;
    long x = PyLong_AsLong(v);
    if (x == -1 && PyErr_Occurred()) { PyErr_Clear(); return -1; }
    return x < 0 || x > max ? -1 : x;
}

/* The kinds a chi or pon's caller may not discard next (hands.swap_call_banned_kinds): the called
 * kind, and for a chi taken at one end of its run, the kind beyond the other end. */
static int banned_kinds(int chi, long called, const long *tiles, long *ban) {
    long kind = called >> 2;
    ban[0] = kind;
    if (!chi) return 1;
    long k[3] = {tiles[0] >> 2, tiles[1] >> 2, tiles[2] >> 2}, low = k[0], high = k[0];
    for (int j = 1; j < 3; j++) {
        if (k[j] < low) low = k[j];
        if (k[j] > high) high = k[j];
    }
    if (kind == low && high % 9 < 8) { ban[1] = high + 1; return 2; }
    if (kind == high && low % 9 > 0) { ban[1] = low - 1; return 2; }
    return 1;
}

/* What a quiet chi or pon needs from the table, beyond run_quiet's own state. */
typedef struct {
    PyTypeObject *type;
    PyObject *chi, *pon, *melds, *called_away, *calls_open, *ippatsu, *hands, *accepted;
    Py_ssize_t seat, kind, tiles, called, from_seat;  /* slot offsets of Call's fields */
    long n;
} call_ctx;

/* Apply chi or pon `ev` as table.RoundState._call_discard does when it finds nothing to report:
 * 1 when applied (ban[0..*nban) set), 0 when the event is anything else or breaks a rule (the
 * event method then judges it; nothing has changed), -1 on an error. */
static int quiet_call(const call_ctx *c, PyObject *ev, long phase, PyObject *last_discard, long live, long limit,
                      long *seat_out, long *ban, int *nban) {
    PyObject *kind = slot_get(ev, c->kind, str_kind);
    if (kind == NULL) return -1;
    int chi = kind == c->chi, pon = kind == c->pon;
    Py_DECREF(kind);
    if (!(chi || pon) || phase != PHASE_AFTER_DISCARD || !PyTuple_CheckExact(last_discard) ||
        PyTuple_GET_SIZE(last_discard) != 2 || live >= limit)
        return 0;
    long frm = small_int_or_neg(PyTuple_GET_ITEM(last_discard, 0), c->n - 1);
    long discarded = small_int_or_neg(PyTuple_GET_ITEM(last_discard, 1), 135);
    PyObject *v[4] = {slot_get(ev, c->seat, str_seat), slot_get(ev, c->called, str_called),
                      slot_get(ev, c->from_seat, str_from_seat), slot_get(ev, c->tiles, str_tiles)};
    if (v[0] == NULL || v[1] == NULL || v[2] == NULL || v[3] == NULL) {
        for (int j = 0; j < 4; j++) Py_XDECREF(v[j]);
        return -1;
    }
    long seat = small_int_or_neg(v[0], c->n - 1), called = small_int_or_neg(v[1], 135);
    long from_seat = small_int_or_neg(v[2], c->n - 1);
    long tiles[3];
    int ok = frm >= 0 && discarded >= 0 && seat >= 0 && called == discarded && from_seat == frm && frm != seat &&
             PyTuple_CheckExact(v[3]) && PyTuple_GET_SIZE(v[3]) == 3 &&
             PyList_GET_SIZE(c->ippatsu) == c->n;
    for (int j = 0; ok && j < 3; j++) ok = (tiles[j] = small_int_or_neg(PyTuple_GET_ITEM(v[3], j), 135)) >= 0;
    for (int j = 0; j < 4; j++) Py_DECREF(v[j]);
    if (!ok) return 0;
    if (chi && (c->n == 3 || from_seat != (seat + c->n - 1) % c->n)) return 0;
    int riichi = PyObject_IsTrue(PyList_GET_ITEM(c->accepted, seat));
    if (riichi) return riichi < 0 ? -1 : 0;
    /* the caller's own tiles (all but the called one), distinct and held */
    long own[3];
    int n_own = 0;
    for (int j = 0; j < 3; j++)
        if (tiles[j] != called) own[n_own++] = tiles[j];
    if (n_own != 2 || own[0] == own[1]) return 0;
    PyObject *hand = PyList_GET_ITEM(c->hands, seat), *own_obj[2] = {NULL, NULL};
    if (!PySet_CheckExact(hand)) return 0;
    for (int j = 0; j < 2; j++) {
        own_obj[j] = PyLong_FromLong(own[j]);
        int held = own_obj[j] ? PySet_Contains(hand, own_obj[j]) : -1;
        if (held <= 0) {
            Py_XDECREF(own_obj[0]);
            Py_XDECREF(own_obj[1]);
            return held;
        }
    }
    PyObject *away = PyList_GET_ITEM(c->called_away, frm), *open = PyList_GET_ITEM(c->calls_open, seat);
    PyObject *melds = PyList_GET_ITEM(c->melds, seat);
    long away_n = PyLong_CheckExact(away) ? PyLong_AsLong(away) : -1, open_n = PyLong_CheckExact(open) ? PyLong_AsLong(open) : -1;
    if (away_n < 0 || open_n < 0 || !PyList_CheckExact(melds)) {
        PyErr_Clear();
        Py_DECREF(own_obj[0]);
        Py_DECREF(own_obj[1]);
        return 0;
    }
    int err = list_set_long(c->called_away, frm, away_n + 1) < 0 || PySet_Discard(hand, own_obj[0]) < 0 ||
              PySet_Discard(hand, own_obj[1]) < 0 || PyList_Append(melds, ev) < 0 ||
              list_set_long(c->calls_open, seat, open_n + 1) < 0;
    Py_DECREF(own_obj[0]);
    Py_DECREF(own_obj[1]);
    for (long s = 0; !err && s < c->n; s++) {
        Py_INCREF(Py_False);
        err = PyList_SetItem(c->ippatsu, s, Py_False) < 0;
    }
    if (err) return -1;
    *seat_out = seat;
    *nban = banned_kinds(chi, called, tiles, ban);
    return 1;
}

/* run_quiet(events, i, ctx, actor, phase, live, limit, last_discard, banned)
 *   -> (i, actor, phase, live, last_discard, banned, interrupted)
 * ctx: (hands, river, last_draw, seen, passed, discards_made, last_own_discard, riichi_accepted,
 *       live_tiles, n, Draw, Discard, ippatsu, Call, CallKind.CHI, CallKind.PON, melds, called_away,
 *       calls_open), the table's own lists, changed in place.
 * Applies events[i:] while each is an ordinary draw or discard, or a chi or pon, that breaks no
 * rule, exactly as the event methods of table.RoundState do, and stops at the first other event
 * (index returned). banned: the kinds the caller of a chi or pon may not discard next (a set, or
 * None); the first discard ends a ban. Returned: the ban still in force (None when there is none),
 * and whether a call was applied (which ends the uninterrupted first go-around). */
PyObject *run_quiet(PyObject *self, PyObject *args) {
    PyObject *events, *ctx, *last_discard, *banned;
    Py_ssize_t i;
    long actor, phase, live, limit;
    if (!PyArg_ParseTuple(args, "OnO!llllOO:run_quiet", &events, &i, &PyTuple_Type, &ctx,
                          &actor, &phase, &live, &limit, &last_discard, &banned))
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
    if (PyTuple_GET_SIZE(ctx) != 19) {
        PyErr_SetString(PyExc_ValueError, "run_quiet: ctx must have 19 items");
        return NULL;
    }
    PyObject *hands = PyTuple_GET_ITEM(ctx, 0), *river = PyTuple_GET_ITEM(ctx, 1);
    PyObject *last_draw = PyTuple_GET_ITEM(ctx, 2), *seen = PyTuple_GET_ITEM(ctx, 3);
    PyObject *passed = PyTuple_GET_ITEM(ctx, 4), *made = PyTuple_GET_ITEM(ctx, 5);
    PyObject *last_own = PyTuple_GET_ITEM(ctx, 6), *accepted = PyTuple_GET_ITEM(ctx, 7);
    PyObject *live_tiles = PyTuple_GET_ITEM(ctx, 8);
    long n = PyLong_AsLong(PyTuple_GET_ITEM(ctx, 9));
    PyTypeObject *draw_type = (PyTypeObject *)PyTuple_GET_ITEM(ctx, 10);
    PyTypeObject *discard_type = (PyTypeObject *)PyTuple_GET_ITEM(ctx, 11);
    PyObject *ippatsu = PyTuple_GET_ITEM(ctx, 12);
    call_ctx calls = {(PyTypeObject *)PyTuple_GET_ITEM(ctx, 13), PyTuple_GET_ITEM(ctx, 14), PyTuple_GET_ITEM(ctx, 15),
                      PyTuple_GET_ITEM(ctx, 16), PyTuple_GET_ITEM(ctx, 17), PyTuple_GET_ITEM(ctx, 18), ippatsu,
                      hands, accepted, -1, -1, -1, -1, -1, n};
    if (n == -1 && PyErr_Occurred()) return NULL;
    if (!PyList_CheckExact(hands) || !PyList_CheckExact(river) || !PyList_CheckExact(last_draw) ||
        !PySet_CheckExact(seen) || !PyList_CheckExact(passed) || !PyList_CheckExact(made) ||
        !PyList_CheckExact(last_own) || !PyList_CheckExact(accepted) || !PyTuple_CheckExact(live_tiles) ||
        n < 1 || PyList_GET_SIZE(hands) < n || PyList_GET_SIZE(river) < n || PyList_GET_SIZE(last_draw) < n ||
        PyList_GET_SIZE(made) < n || PyList_GET_SIZE(last_own) < n || PyList_GET_SIZE(accepted) < n ||
        !PyList_CheckExact(ippatsu) || PyList_GET_SIZE(ippatsu) < n ||
        !PyType_Check((PyObject *)draw_type) || !PyType_Check((PyObject *)discard_type) ||
        !PyType_Check((PyObject *)calls.type) || !PyList_CheckExact(calls.melds) ||
        !PyList_CheckExact(calls.called_away) || !PyList_CheckExact(calls.calls_open) ||
        PyList_GET_SIZE(calls.melds) < n || PyList_GET_SIZE(calls.called_away) < n ||
        PyList_GET_SIZE(calls.calls_open) < n) {
        PyErr_SetString(PyExc_TypeError, "run_quiet: unexpected table state");
        return NULL;
    }
    Py_ssize_t n_live_tiles = PyTuple_GET_SIZE(live_tiles);
    /* the events' slots, read directly (the classes are checked exactly below) */
    Py_ssize_t draw_seat = slot_offset(draw_type, str_seat), draw_tile = slot_offset(draw_type, str_tile);
    Py_ssize_t discard_seat = slot_offset(discard_type, str_seat), discard_tile = slot_offset(discard_type, str_tile);
    int call_slots = 0;
    long ban[2] = {-1, -1};
    int nban = 0, interrupted = 0;  /* ban[0..nban): a ban set here, by a chi or pon (then banned is NULL) */
    Py_INCREF(last_discard);
    if (i < 0) i = 0;
    for (; i < PySequence_Fast_GET_SIZE(events); i++) {
        PyObject *ev = PySequence_Fast_GET_ITEM(events, i);
        PyTypeObject *t = Py_TYPE(ev);
        if (t == calls.type) {
            if (!call_slots) {
                calls.seat = slot_offset(calls.type, str_seat);
                calls.kind = slot_offset(calls.type, str_kind);
                calls.tiles = slot_offset(calls.type, str_tiles);
                calls.called = slot_offset(calls.type, str_called);
                calls.from_seat = slot_offset(calls.type, str_from_seat);
                call_slots = 1;
            }
            long seat;
            int done = quiet_call(&calls, ev, phase, last_discard, live, limit, &seat, ban, &nban);
            if (done < 0) goto error;
            if (!done) break;
            Py_INCREF(Py_None);
            if (PyList_SetItem(last_draw, seat, Py_None) < 0) goto error;
            banned = NULL;
            interrupted = 1;
            Py_DECREF(last_discard);
            last_discard = Py_None;
            Py_INCREF(last_discard);
            actor = seat;
            phase = PHASE_DISCARD;
            continue;
        }
        if (t != draw_type && t != discard_type) break;
        long seat, tile;
        int is_draw = t == draw_type;
        if (slot_small_int(ev, is_draw ? draw_seat : discard_seat, str_seat, &seat) < 0 ||
            slot_small_int(ev, is_draw ? draw_tile : discard_tile, str_tile, &tile) < 0) goto error;
        if (seat < 0 || seat >= n || tile < 0 || tile > 135) break;
        PyObject *tile_obj = PyLong_FromLong(tile);
        if (tile_obj == NULL) goto error;
        if (t == draw_type) {
            if (seat != actor || (phase != PHASE_AFTER_DISCARD && phase != PHASE_DRAW) || live >= limit) {
                Py_DECREF(tile_obj);
                break;
            }
            int in_seen = PySet_Contains(seen, tile_obj);
            if (in_seen < 0) { Py_DECREF(tile_obj); goto error; }
            if (in_seen) { Py_DECREF(tile_obj); break; }
            if (live < n_live_tiles) {
                long want = PyLong_AsLong(PyTuple_GET_ITEM(live_tiles, live));
                if (want == -1 && PyErr_Occurred()) { Py_DECREF(tile_obj); goto error; }
                if (want != tile) { Py_DECREF(tile_obj); break; }
            }
            PyObject *hand = PyList_GET_ITEM(hands, seat);
            if (!PySet_Check(hand)) { Py_DECREF(tile_obj); break; }
            live++;
            if (PySet_Add(seen, tile_obj) < 0 || PySet_Add(hand, tile_obj) < 0) { Py_DECREF(tile_obj); goto error; }
            Py_INCREF(tile_obj);
            if (PyList_SetItem(last_draw, seat, tile_obj) < 0) { Py_DECREF(tile_obj); goto error; }
            Py_DECREF(tile_obj);
            phase = PHASE_DISCARD;
            Py_DECREF(last_discard);
            last_discard = Py_None;
            Py_INCREF(last_discard);
        } else {
            PyObject *hand = PyList_GET_ITEM(hands, seat);
            if (seat != actor || phase != PHASE_DISCARD || !PySet_Check(hand)) { Py_DECREF(tile_obj); break; }
            int held = PySet_Contains(hand, tile_obj);
            int declared = PyObject_IsTrue(PyList_GET_ITEM(accepted, seat));
            if (held < 0 || declared < 0) { Py_DECREF(tile_obj); goto error; }
            if (!held) { Py_DECREF(tile_obj); break; }
            if (banned != NULL && PySet_GET_SIZE(banned) > 0) {
                PyObject *kind = PyLong_FromLong(tile >> 2);
                int swap = kind ? PySet_Contains(banned, kind) : -1;
                Py_XDECREF(kind);
                if (swap < 0) { Py_DECREF(tile_obj); goto error; }
                if (swap) { Py_DECREF(tile_obj); break; }
            }
            if ((nban > 0 && ban[0] == tile >> 2) || (nban > 1 && ban[1] == tile >> 2)) { Py_DECREF(tile_obj); break; }
            banned = NULL;
            nban = 0;
            if (declared) {
                /* a riichi seat may only discard the tile it drew; doing so ends its ippatsu */
                PyObject *drawn = PyList_GET_ITEM(last_draw, seat);
                if (!PyLong_CheckExact(drawn) || PyLong_AsLong(drawn) != tile) {
                    PyErr_Clear();
                    Py_DECREF(tile_obj);
                    break;
                }
                Py_INCREF(Py_False);
                if (PyList_SetItem(ippatsu, seat, Py_False) < 0) { Py_DECREF(tile_obj); goto error; }
            }
            PyObject *own_river = PyList_GET_ITEM(river, seat);
            PyObject *count = PyList_GET_ITEM(made, seat);
            long made_n = PyLong_AsLong(count);
            if (made_n == -1 && PyErr_Occurred()) { Py_DECREF(tile_obj); goto error; }
            PyObject *pass = Py_BuildValue("(nll)", i, seat, tile >> 2);
            PyObject *seat_obj = PyLong_FromLong(seat);
            PyObject *last = seat_obj ? PyTuple_Pack(2, seat_obj, tile_obj) : NULL;
            Py_XDECREF(seat_obj);
            if (pass == NULL || last == NULL || PySet_Discard(hand, tile_obj) < 0 ||
                PyList_Append(own_river, tile_obj) < 0 || list_set_long(made, seat, made_n + 1) < 0 ||
                list_set_long(last_own, seat, (long)i) < 0 || PyList_Append(passed, pass) < 0) {
                Py_XDECREF(pass);
                Py_XDECREF(last);
                Py_DECREF(tile_obj);
                goto error;
            }
            Py_DECREF(pass);
            Py_INCREF(Py_None);
            if (PyList_SetItem(last_draw, seat, Py_None) < 0) { Py_DECREF(last); Py_DECREF(tile_obj); goto error; }
            Py_DECREF(last_discard);
            last_discard = last;
            actor = (seat + 1) % n;
            phase = PHASE_AFTER_DISCARD;
            Py_DECREF(tile_obj);
        }
    }
    PyObject *ban_out = NULL;
    if (nban > 0) {  /* a chi or pon applied here whose discard has not come */
        ban_out = nban == 1 ? Py_BuildValue("(l)", ban[0]) : Py_BuildValue("(ll)", ban[0], ban[1]);
        PyObject *set = ban_out ? PyFrozenSet_New(ban_out) : NULL;
        Py_XDECREF(ban_out);
        if ((ban_out = set) == NULL) goto error;
    } else {
        ban_out = Py_NewRef(banned != NULL ? banned : Py_None);
    }
    PyObject *out = Py_BuildValue("(nlllONO)", i, actor, phase, live, last_discard, ban_out,
                                  interrupted ? Py_True : Py_False);
    Py_DECREF(last_discard);
    return out;
error:
    Py_DECREF(last_discard);
    return NULL;
}

