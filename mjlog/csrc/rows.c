/* The events table's columns (mjlog.store.rows). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>
#include "speedups.h"

/* ---- store rows: the twin of mjlog.ir.event_kinds.py_event_columns ------------------------------ */

/* event_columns(events, Draw, Discard) -> {"seat": [...], "kind": [...], "tile": [...], "tsumogiri": [...],
 * "others": [indexes]} */
PyObject *event_columns(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *events, *draw_type, *discard_type;
    if (!PyArg_ParseTuple(args, "OOO:event_columns", &events, &draw_type, &discard_type)) return NULL;
    if (!PyTuple_CheckExact(events) && !PyList_CheckExact(events)) {
        PyErr_SetString(PyExc_TypeError, "event_columns: events must be a tuple or list");
        return NULL;
    }
    Py_ssize_t n = PySequence_Fast_GET_SIZE(events);
    Py_ssize_t draw_seat = -1, draw_tile = -1, discard_seat = -1, discard_tile = -1, discard_giri = -1;
    if (PyType_Check(draw_type)) {
        draw_seat = slot_offset((PyTypeObject *)draw_type, str_seat);
        draw_tile = slot_offset((PyTypeObject *)draw_type, str_tile);
    }
    if (PyType_Check(discard_type)) {
        discard_seat = slot_offset((PyTypeObject *)discard_type, str_seat);
        discard_tile = slot_offset((PyTypeObject *)discard_type, str_tile);
        discard_giri = slot_offset((PyTypeObject *)discard_type, str_tsumogiri);
    }
    PyObject *zero = PyLong_FromLong(0), *one = PyLong_FromLong(1);
    PyObject *cols[4] = {NULL, NULL, NULL, NULL};
    PyObject *others = PyList_New(0);
    if (zero == NULL || one == NULL || others == NULL) goto error;
    for (int c = 0; c < 4; c++) {
        cols[c] = PyList_New(n);
        if (cols[c] == NULL) goto error;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *ev = PySequence_Fast_GET_ITEM(events, i);
        PyObject *t = (PyObject *)Py_TYPE(ev);
        PyObject *seat = NULL, *kind = NULL, *tile = NULL, *giri = NULL;
        if (t == draw_type || t == discard_type) {
            int is_draw = t == draw_type;
            seat = slot_get(ev, is_draw ? draw_seat : discard_seat, str_seat);
            tile = slot_get(ev, is_draw ? draw_tile : discard_tile, str_tile);
            if (!is_draw) {
                giri = slot_get(ev, discard_giri, str_tsumogiri);
                kind = one;
            } else {
                giri = Py_None;
                Py_INCREF(giri);
                kind = zero;
            }
            Py_INCREF(kind);
            if (seat == NULL || tile == NULL || giri == NULL) {
                Py_XDECREF(seat); Py_XDECREF(tile); Py_XDECREF(giri); Py_DECREF(kind);
                goto error;
            }
        } else {
            PyObject *idx = PyLong_FromSsize_t(i);
            if (idx == NULL || PyList_Append(others, idx) < 0) { Py_XDECREF(idx); goto error; }
            Py_DECREF(idx);
            seat = Py_None; kind = Py_None; tile = Py_None; giri = Py_None;
            Py_INCREF(Py_None); Py_INCREF(Py_None); Py_INCREF(Py_None); Py_INCREF(Py_None);
        }
        PyList_SET_ITEM(cols[0], i, seat);
        PyList_SET_ITEM(cols[1], i, kind);
        PyList_SET_ITEM(cols[2], i, tile);
        PyList_SET_ITEM(cols[3], i, giri);
    }
    Py_DECREF(zero);
    Py_DECREF(one);
    PyObject *out = Py_BuildValue("{sOsOsOsOsO}", "seat", cols[0], "kind", cols[1], "tile", cols[2], "tsumogiri",
                                  cols[3], "others", others);
    for (int c = 0; c < 4; c++) Py_DECREF(cols[c]);
    Py_DECREF(others);
    return out;
error:
    Py_XDECREF(zero);
    Py_XDECREF(one);
    for (int c = 0; c < 4; c++) Py_XDECREF(cols[c]);
    Py_XDECREF(others);
    return NULL;
}

