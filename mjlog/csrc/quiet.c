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

/* run_quiet(events, i, ctx, actor, phase, live, limit, last_discard[, banned])
 *   -> (i, actor, phase, live, last_discard)
 * ctx: (hands, river, last_draw, seen, passed, discards_made, last_own_discard, riichi_accepted,
 *       live_tiles, n, Draw, Discard, ippatsu), the table's own lists, changed in place.
 * Applies events[i:] while each is an ordinary draw or discard that breaks no rule, exactly as
 * table.play's inlined path does, and stops at the first other event (index returned).
 * banned: the kinds a caller may not discard right after its chi or pon (a set, or None);
 * the first discard, which must avoid them, ends the ban (so any advance of i ends it). */
PyObject *run_quiet(PyObject *self, PyObject *args) {
    PyObject *events, *ctx, *last_discard, *banned = NULL;
    Py_ssize_t i;
    long actor, phase, live, limit;
    if (!PyArg_ParseTuple(args, "OnO!llllO|O:run_quiet", &events, &i, &PyTuple_Type, &ctx,
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
    if (PyTuple_GET_SIZE(ctx) != 13) {
        PyErr_SetString(PyExc_ValueError, "run_quiet: ctx must have 13 items");
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
    if (n == -1 && PyErr_Occurred()) return NULL;
    if (!PyList_CheckExact(hands) || !PyList_CheckExact(river) || !PyList_CheckExact(last_draw) ||
        !PySet_CheckExact(seen) || !PyList_CheckExact(passed) || !PyList_CheckExact(made) ||
        !PyList_CheckExact(last_own) || !PyList_CheckExact(accepted) || !PyTuple_CheckExact(live_tiles) ||
        n < 1 || PyList_GET_SIZE(hands) < n || PyList_GET_SIZE(river) < n || PyList_GET_SIZE(last_draw) < n ||
        PyList_GET_SIZE(made) < n || PyList_GET_SIZE(last_own) < n || PyList_GET_SIZE(accepted) < n ||
        !PyList_CheckExact(ippatsu) || PyList_GET_SIZE(ippatsu) < n ||
        !PyType_Check((PyObject *)draw_type) || !PyType_Check((PyObject *)discard_type)) {
        PyErr_SetString(PyExc_TypeError, "run_quiet: unexpected table state");
        return NULL;
    }
    Py_ssize_t n_live_tiles = PyTuple_GET_SIZE(live_tiles);
    /* the events' slots, read directly (both classes are checked exactly below) */
    Py_ssize_t draw_seat = slot_offset(draw_type, str_seat), draw_tile = slot_offset(draw_type, str_tile);
    Py_ssize_t discard_seat = slot_offset(discard_type, str_seat), discard_tile = slot_offset(discard_type, str_tile);
    Py_INCREF(last_discard);
    if (i < 0) i = 0;
    for (; i < PySequence_Fast_GET_SIZE(events); i++) {
        PyObject *ev = PySequence_Fast_GET_ITEM(events, i);
        PyTypeObject *t = Py_TYPE(ev);
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
            banned = NULL;
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
    PyObject *out = Py_BuildValue("(nlllO)", i, actor, phase, live, last_discard);
    Py_DECREF(last_discard);
    return out;
error:
    Py_DECREF(last_discard);
    return NULL;
}

