/* The XML reader's common elements read in C: the twins of mjlog.formats.tenhou.xml._Reader's
 * handlers for N (from the reader's call cache), REACH and DORA, taken inside read_fast's loop,
 * and of the attribute reading of AGARI and INIT, which those handlers call.
 *
 * Each takes only plain, well-formed input: integers written as [-]digits (at most 9) in
 * comma-separated lists, every value in range, no attribute the handler would keep as extra.
 * For anything else it answers "not taken" and the Python handler reads the element, so the
 * result, or the error and its wording, is the same either way by construction. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>
#include "speedups.h"

static PyObject *s_who, *s_m, *s_step, *s_ten, *s_hai, *s_from_who, *s_pao_who, *s_machi, *s_yaku,
    *s_yakuman, *s_dora_hai, *s_dora_hai_ura, *s_ba, *s_sc, *s_owari, *s_seed, *s_oya, *s_hai_n[4], *s_type,
    *int_three, *int_four;

/* The attributes each element may have without the handler keeping any as extra. */
static PyObject **known_agari[] = {&s_ba, &s_hai, &s_m, &s_machi, &s_ten, &s_yaku, &s_yakuman, &s_dora_hai,
                                   &s_dora_hai_ura, &s_who, &s_from_who, &s_pao_who, &s_sc, &s_owari, NULL};
static PyObject **known_init[] = {&s_seed, &s_ten, &s_oya, &s_hai_n[0], &s_hai_n[1], &s_hai_n[2], &s_hai_n[3], NULL};
static PyObject **known_draw[] = {&s_ba, &s_sc, &s_type, &s_hai_n[0], &s_hai_n[1], &s_hai_n[2], &s_hai_n[3], &s_owari,
                                  NULL};

/* The fields of the values built here, by name, in the order of each function's f[] (the build
 * functions take them by name: a field renamed or dropped in mjlog.ir is a TypeError, not a value
 * in the wrong field). */
static const char *win_field_names[] = {"who", "from_who", "hand", "win_tile", "melds", "fu", "points", "limit",
                                        "yaku", "yakuman", "dora_indicators", "ura_indicators", "honba", "sticks",
                                        "scores_before", "deltas", "pao_who", "extra"};
static const char *draw_field_names[] = {"kind", "honba", "sticks", "scores_before", "deltas", "hands", "extra"};
static const char *init_field_names[] = {"kyoku", "honba", "sticks", "dice", "dora", "dealer", "scores", "hands",
                                         "shuffle", "extra"};
static PyObject *win_fields, *draw_fields, *init_fields;

/* A tuple of the interned names, or NULL with an error set */
static PyObject *field_names(const char **names, Py_ssize_t n) {
    PyObject *t = PyTuple_New(n);
    for (Py_ssize_t i = 0; t != NULL && i < n; i++) {
        PyObject *name = PyUnicode_InternFromString(names[i]);
        if (name == NULL) Py_CLEAR(t);
        else PyTuple_SET_ITEM(t, i, name);
    }
    return t;
}

/* 1 when `build` is a Python function whose parameters are exactly `names`, in order, else 0; -1 on an error */
static int takes_in_order(PyObject *build, PyObject *names) {
    if (!PyFunction_Check(build)) return 0;
    PyObject *code = PyFunction_GetCode(build), *params = PyObject_GetAttrString(code, "co_varnames");
    PyObject *argcount = PyObject_GetAttrString(code, "co_argcount");
    PyObject *kwonly = PyObject_GetAttrString(code, "co_kwonlyargcount");
    Py_ssize_t n = PyTuple_GET_SIZE(names);
    int same = params != NULL && argcount != NULL && kwonly != NULL && PyTuple_Check(params) &&
               PyTuple_GET_SIZE(params) >= n && PyLong_AsSsize_t(argcount) == n && PyLong_AsSsize_t(kwonly) == 0;
    for (Py_ssize_t k = 0; same > 0 && k < n; k++)
        same = PyObject_RichCompareBool(PyTuple_GET_ITEM(params, k), PyTuple_GET_ITEM(names, k), Py_EQ);
    Py_XDECREF(params);
    Py_XDECREF(argcount);
    Py_XDECREF(kwonly);
    return PyErr_Occurred() ? -1 : same;
}

/* build(**{names[k]: f[k]}): by keyword, or positionally once `build`'s parameters have been found
 * to be exactly `names` in order (checked once per function, remembered in *checked). */
static PyObject *build_by_name(PyObject *build, PyObject **f, PyObject *names, PyObject **checked) {
    if (build != *checked) {
        int same = takes_in_order(build, names);
        if (same < 0) return NULL;
        if (!same) return PyObject_Vectorcall(build, f, 0, names);
        Py_XSETREF(*checked, Py_NewRef(build));
    }
    return PyObject_Vectorcall(build, f, PyTuple_GET_SIZE(names), NULL);
}

static PyObject *win_build_checked, *draw_build_checked;

int elements_init(void) {
    const char *names[] = {"who", "m", "step", "ten", "hai", "fromWho", "paoWho", "machi", "yaku", "yakuman",
                           "doraHai", "doraHaiUra", "ba", "sc", "owari", "seed", "oya",
                           "hai0", "hai1", "hai2", "hai3", "type"};
    PyObject **slots[] = {&s_who, &s_m, &s_step, &s_ten, &s_hai, &s_from_who, &s_pao_who, &s_machi, &s_yaku,
                          &s_yakuman, &s_dora_hai, &s_dora_hai_ura, &s_ba, &s_sc, &s_owari, &s_seed, &s_oya,
                          &s_hai_n[0], &s_hai_n[1], &s_hai_n[2], &s_hai_n[3], &s_type};
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
        *slots[i] = PyUnicode_InternFromString(names[i]);
        if (*slots[i] == NULL) return -1;
    }
    int_three = PyLong_FromLong(3);
    int_four = PyLong_FromLong(4);
    win_fields = field_names(win_field_names, sizeof win_field_names / sizeof *win_field_names);
    draw_fields = field_names(draw_field_names, sizeof draw_field_names / sizeof *draw_field_names);
    init_fields = field_names(init_field_names, sizeof init_field_names / sizeof *init_field_names);
    return int_three == NULL || int_four == NULL || win_fields == NULL || draw_fields == NULL || init_fields == NULL
               ? -1 : 0;
}

/* ---- plain values ---------------------------------------------------------------------------- */

enum { TAKEN = 1, NOT_TAKEN = 0, FAILED = -1 };

/* A list of at most cap plain integers of at most 9 digits (see plain_ints): their count, or -1. */
static Py_ssize_t small_ints(PyObject *text, long long *vals, Py_ssize_t cap) {
    return plain_ints(text, vals, cap, 9);
}

/* One plain integer of at most 9 digits: 1 with *out set, else 0. */
static int plain_int(PyObject *text, long long *out) {
    return small_ints(text, out, 1) == 1;
}

static int is_tile(long long t, int n) {
    return t >= 0 && t < 136 && !(n == 3 && t >= 4 && t < 32);  /* sanma has no 2m-8m (ids 4..31) */
}

/* Tile ids of attribute `name` (absent: none): 1 with *out a new tuple, 0 when not plain or an id is
 * not in the wall, -1 on an error. */
static int tiles_of(PyObject *a, PyObject *name, int n, PyObject **out) {
    long long vals[64];
    PyObject *text = PyDict_GetItemWithError(a, name);
    if (text == NULL && PyErr_Occurred()) return FAILED;
    Py_ssize_t k = 0;
    if (text != NULL) {
        k = small_ints(text, vals, 64);
        if (k < 0) return NOT_TAKEN;
        for (Py_ssize_t i = 0; i < k; i++)
            if (!is_tile(vals[i], n)) return NOT_TAKEN;
    }
    *out = ints_tuple(vals, k, 1, 1);
    return *out == NULL ? FAILED : TAKEN;
}

/* A seat number of attribute `name`, 0 <= seat < n: 1 with *out set, 0 when absent or not plain,
 * -1 on an error. */
static int seat_of(PyObject *a, PyObject *name, int n, long long *out) {
    PyObject *text = PyDict_GetItemWithError(a, name);
    if (text == NULL) return PyErr_Occurred() ? FAILED : NOT_TAKEN;
    return plain_int(text, out) && *out >= 0 && *out < n;
}

/* Whether every key of dict `a` is one of `known`. */
static int only_known(PyObject *a, PyObject ***known) {
    Py_ssize_t pos = 0;
    PyObject *key, *value;
    while (PyDict_Next(a, &pos, &key, &value)) {
        int found = 0;
        for (PyObject ***k = known; *k != NULL && !found; k++) found = key == **k;
        for (PyObject ***k = known; *k != NULL && !found; k++) {
            int eq = PyUnicode_Check(key) ? PyUnicode_Compare(key, **k) == 0 : 0;
            if (PyErr_Occurred()) PyErr_Clear();
            found = eq;
        }
        if (!found) return 0;
    }
    return 1;
}

/* Points of a REACH or INIT ``ten`` (hundreds): 1 with *out the first n scores in points, 0 when not
 * plain, not n or 4 values, or a three-player game's fourth is not 0; -1 on an error. */
static int scores_of(PyObject *text, int n, PyObject **out) {
    long long vals[5];
    Py_ssize_t k = small_ints(text, vals, 5);
    if (k != n && k != 4) return NOT_TAKEN;
    if (n == 3 && k == 4 && vals[3] != 0) return NOT_TAKEN;
    *out = ints_tuple(vals, n, 1, 100);
    return *out == NULL ? FAILED : TAKEN;
}

/* ---- N, REACH and DORA inside read_fast's loop -------------------------------------------------- */

static int tag_is(PyObject *tag, const char *name) {
    size_t len = strlen(name);
    return PyUnicode_CheckExact(tag) && PyUnicode_IS_ASCII(tag) && (size_t)PyUnicode_GET_LENGTH(tag) == len &&
           memcmp(PyUnicode_1BYTE_DATA(tag), name, len) == 0;
}

/* quick: the reader's tables (see quick_tables in speedups.h). */
int quick_element(PyObject *tag, PyObject *a, int four, PyObject *events, PyObject *last_draw,
                  const quick_tables *quick) {
    if (!PyDict_CheckExact(a) || !PyDict_Check(quick->calls)) return NOT_TAKEN;
    int n = four ? 4 : 3;
    if (tag_is(tag, "N")) {
        PyObject *who = PyDict_GetItemWithError(a, s_who);
        if (who == NULL && PyErr_Occurred()) return FAILED;
        PyObject *m = PyDict_GetItemWithError(a, s_m);
        if (m == NULL && PyErr_Occurred()) return FAILED;
        PyObject *key = PyTuple_Pack(3, four ? int_four : int_three, who ? who : Py_None, m ? m : Py_None);
        if (key == NULL) return FAILED;
        PyObject *hit = PyDict_GetItemWithError(quick->calls, key);
        Py_DECREF(key);
        if (hit == NULL) return PyErr_Occurred() ? FAILED : NOT_TAKEN;
        if (!PyTuple_CheckExact(hit) || PyTuple_GET_SIZE(hit) != 2) {
            PyErr_SetString(PyExc_TypeError, "read_fast: a call cache entry is not (call, seat or None)");
            return FAILED;
        }
        PyObject *clears = PyTuple_GET_ITEM(hit, 1);
        if (clears != Py_None) {
            long seat = PyLong_AsLong(clears);
            if (seat == -1 && PyErr_Occurred()) return FAILED;
            if (seat < 0 || seat >= PyList_GET_SIZE(last_draw)) {
                PyErr_SetString(PyExc_IndexError, "read_fast: a cached call's seat is out of range");
                return FAILED;
            }
            Py_INCREF(Py_None);
            if (PyList_SetItem(last_draw, seat, Py_None) < 0) return FAILED;
        }
        return PyList_Append(events, PyTuple_GET_ITEM(hit, 0)) < 0 ? FAILED : TAKEN;
    }
    if (tag_is(tag, "REACH")) {
        long long who, step;
        int got = seat_of(a, s_who, n, &who);
        if (got != TAKEN) return got;
        PyObject *text = PyDict_GetItemWithError(a, s_step);
        if (text == NULL) return PyErr_Occurred() ? FAILED : NOT_TAKEN;
        if (!plain_int(text, &step)) return NOT_TAKEN;
        if (step == 1) {
            PyObject *declared = quick->declared;
            if (!PyTuple_CheckExact(declared) || PyTuple_GET_SIZE(declared) <= who) return NOT_TAKEN;
            return PyList_Append(events, PyTuple_GET_ITEM(declared, who)) < 0 ? FAILED : TAKEN;
        }
        if (step != 2) return NOT_TAKEN;
        PyObject *scores = Py_None, *ten = PyDict_GetItemWithError(a, s_ten);
        if (ten == NULL && PyErr_Occurred()) return FAILED;
        if (ten != NULL) {
            got = scores_of(ten, n, &scores);
            if (got != TAKEN) return got;
        } else {
            Py_INCREF(scores);
        }
        PyObject *seat = PyLong_FromLongLong(who);
        if (seat == NULL) { Py_DECREF(scores); return FAILED; }
        PyObject *ev = PyObject_CallFunctionObjArgs(quick->build_accepted, seat, scores, NULL);
        Py_DECREF(seat);
        Py_DECREF(scores);
        if (ev == NULL) return FAILED;
        int rc = PyList_Append(events, ev);
        Py_DECREF(ev);
        return rc < 0 ? FAILED : TAKEN;
    }
    if (tag_is(tag, "DORA")) {
        long long t;
        PyObject *text = PyDict_GetItemWithError(a, s_hai);
        if (text == NULL) return PyErr_Occurred() ? FAILED : NOT_TAKEN;
        if (!plain_int(text, &t) || !is_tile(t, n)) return NOT_TAKEN;
        PyObject *new_dora = quick->new_dora;
        if (!PyTuple_CheckExact(new_dora) || PyTuple_GET_SIZE(new_dora) != 136) return NOT_TAKEN;
        return PyList_Append(events, PyTuple_GET_ITEM(new_dora, t)) < 0 ? FAILED : TAKEN;
    }
    return NOT_TAKEN;
}

/* ---- AGARI and INIT -------------------------------------------------------------------------- */

/* Whether str `text` holds exactly `commas` commas (an ASCII str; anything else: no). */
static int has_commas(PyObject *text, Py_ssize_t commas) {
    if (!PyUnicode_CheckExact(text) || !PyUnicode_IS_ASCII(text)) return 0;
    const char *s = (const char *)PyUnicode_1BYTE_DATA(text);
    Py_ssize_t len = PyUnicode_GET_LENGTH(text), k = 0;
    for (Py_ssize_t i = 0; i < len; i++) k += s[i] == ',';
    return k == commas;
}

/* The values every outcome (AGARI, RYUUKYOKU) records: ``ba`` (honba, sticks), ``sc`` (scores before
 * and deltas, in points, as new tuples) and an ``owari`` of 8 pairs if any: 1 when all are plain
 * and nothing is kept as extra (no chip values), 0 when not, -1 on an error. */
static int outcome_values(PyObject *a, int n, PyObject **honba, PyObject **sticks, PyObject **before,
                          PyObject **deltas) {
    long long ba[2], sc[8];
    PyObject *text = PyDict_GetItemWithError(a, s_ba);
    if (text == NULL) return PyErr_Occurred() ? FAILED : NOT_TAKEN;
    if (small_ints(text, ba, 2) != 2 || ba[0] < 0 || ba[1] < 0) return NOT_TAKEN;
    if ((text = PyDict_GetItemWithError(a, s_sc)) == NULL) return PyErr_Occurred() ? FAILED : NOT_TAKEN;
    if (small_ints(text, sc, 8) != 8 || (n == 3 && (sc[6] || sc[7]))) return NOT_TAKEN;
    if ((text = PyDict_GetItemWithError(a, s_owari)) == NULL && PyErr_Occurred()) return FAILED;
    if (text != NULL && !has_commas(text, 7)) return NOT_TAKEN;  /* kept as extra by the handler */
    if ((*honba = PyLong_FromLongLong(ba[0])) == NULL || (*sticks = PyLong_FromLongLong(ba[1])) == NULL ||
        (*before = ints_tuple(sc, 2 * n, 2, 100)) == NULL || (*deltas = ints_tuple(sc + 1, 2 * n - 1, 2, 100)) == NULL)
        return FAILED;
    return TAKEN;
}

/* read_win(attributes, players, melds, build_win) -> Win | None
 * The Win an AGARI's attributes (a dict) describe, as _Reader._agari builds it, when every value is plain
 * and in range, every call is in `melds` (the reader's cache (players, seat, m) -> Call), and
 * nothing is kept as extra (no unknown attribute, no chip values, an 8-pair owari); else None. */
PyObject *read_win(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *a, *melds_cache, *build;
    int n;
    if (!PyArg_ParseTuple(args, "OiO!O:read_win", &a, &n, &PyDict_Type, &melds_cache, &build)) return NULL;
    if (!PyDict_CheckExact(a) || (n != 3 && n != 4) || !only_known(a, known_agari)) Py_RETURN_NONE;
    enum { WHO, FROM, HAND, TILE, MELDS, FU, POINTS, LIMIT, YAKU, YAKUMAN, DORA, URA, HONBA, STICKS, BEFORE,
           DELTAS, PAO, EXTRA, N_FIELDS };  /* as win_field_names */
    PyObject *f[N_FIELDS] = {NULL};
    PyObject *result = NULL, *text;
    long long who, from_who, pao, win_tile, ten[3], yaku[128], yakuman[16], m[8];
    Py_ssize_t k;
    int got;
#define GET(name) ((text = PyDict_GetItemWithError(a, (name))) == NULL && PyErr_Occurred())
#define SKIP do { result = Py_NewRef(Py_None); goto done; } while (0)
#define FAIL goto done
#define TRY(got_expr) do { got = (got_expr); if (got == FAILED) FAIL; if (got == NOT_TAKEN) SKIP; } while (0)
    TRY(seat_of(a, s_who, n, &who));
    TRY(seat_of(a, s_from_who, n, &from_who));
    if (GET(s_pao_who)) FAIL;
    if (text == NULL) {
        f[PAO] = Py_NewRef(Py_None);
    } else {
        if (!plain_int(text, &pao) || pao < 0 || pao >= n) SKIP;
        if ((f[PAO] = PyLong_FromLongLong(pao)) == NULL) FAIL;
    }
    TRY(tiles_of(a, s_hai, n, &f[HAND]));  /* absent or empty: no tiles, which the size check refuses */
    if (PyTuple_GET_SIZE(f[HAND]) < 1 || PyTuple_GET_SIZE(f[HAND]) > 14) SKIP;
    if (GET(s_m)) FAIL;
    k = text == NULL ? 0 : small_ints(text, m, 8);
    if (k < 0 || (f[MELDS] = PyTuple_New(k)) == NULL) {
        if (k < 0) SKIP;
        FAIL;
    }
    for (Py_ssize_t i = 0; i < k; i++) {
        PyObject *key = Py_BuildValue("(iLL)", n, who, m[i]);
        if (key == NULL) FAIL;
        PyObject *call = PyDict_GetItemWithError(melds_cache, key);
        Py_DECREF(key);
        if (call == NULL) {
            if (PyErr_Occurred()) FAIL;
            SKIP;  /* a call not seen before: the handler decodes and checks it */
        }
        PyTuple_SET_ITEM(f[MELDS], i, Py_NewRef(call));
    }
    if (GET(s_machi)) FAIL;
    if (text == NULL || !plain_int(text, &win_tile) || !is_tile(win_tile, n)) SKIP;
    if (GET(s_ten)) FAIL;
    if (text == NULL || small_ints(text, ten, 3) != 3) SKIP;
    Py_ssize_t n_yaku = 0, n_yakuman = 0;
    if (GET(s_yaku)) FAIL;
    if (text != NULL && (n_yaku = small_ints(text, yaku, 128)) < 0) SKIP;
    if (GET(s_yakuman)) FAIL;
    if (text != NULL && (n_yakuman = small_ints(text, yakuman, 16)) < 0) SKIP;
    if (n_yaku % 2) SKIP;
    for (Py_ssize_t i = 0; i < n_yaku; i += 2)
        if (yaku[i] < 0 || yaku[i] > 54) SKIP;
    for (Py_ssize_t i = 0; i < n_yakuman; i++)
        if (yakuman[i] < 0 || yakuman[i] > 54) SKIP;
    TRY(outcome_values(a, n, &f[HONBA], &f[STICKS], &f[BEFORE], &f[DELTAS]));
    TRY(tiles_of(a, s_dora_hai, n, &f[DORA]));
    TRY(tiles_of(a, s_dora_hai_ura, n, &f[URA]));
    if ((f[YAKU] = PyTuple_New(n_yaku / 2)) == NULL) FAIL;
    for (Py_ssize_t i = 0; i < n_yaku; i += 2) {
        PyObject *pair = Py_BuildValue("(LL)", yaku[i], yaku[i + 1]);
        if (pair == NULL) FAIL;
        PyTuple_SET_ITEM(f[YAKU], i / 2, pair);
    }
    if ((f[WHO] = PyLong_FromLongLong(who)) == NULL || (f[FROM] = PyLong_FromLongLong(from_who)) == NULL ||
        (f[TILE] = PyLong_FromLongLong(win_tile)) == NULL || (f[FU] = PyLong_FromLongLong(ten[0])) == NULL ||
        (f[POINTS] = PyLong_FromLongLong(ten[1])) == NULL || (f[LIMIT] = PyLong_FromLongLong(ten[2])) == NULL ||
        (f[YAKUMAN] = ints_tuple(yakuman, n_yakuman, 1, 1)) == NULL || (f[EXTRA] = PyTuple_New(0)) == NULL)
        FAIL;
    result = build_by_name(build, f, win_fields, &win_build_checked);
done:
    for (int i = 0; i < N_FIELDS; i++) Py_XDECREF(f[i]);
    return result;
#undef GET
#undef SKIP
#undef FAIL
#undef TRY
}

/* read_init(attributes, players) -> {kyoku, honba, sticks, dice, dora, dealer, scores, hands, shuffle: None,
 * extra: ()} | None: an INIT's values by name as _Reader._init_values reads them, when every value is plain and in range and
 * nothing is kept as extra (no shuffle, no unknown attribute, hai3 present); else None. */
PyObject *read_init(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *a;
    int n;
    if (!PyArg_ParseTuple(args, "Oi:read_init", &a, &n)) return NULL;
    if (!PyDict_CheckExact(a) || (n != 3 && n != 4) || !only_known(a, known_init)) Py_RETURN_NONE;
    long long seed[6], dealer;
    PyObject *text, *scores = NULL, *hands = NULL;
    text = PyDict_GetItemWithError(a, s_seed);
    if (text == NULL) { if (PyErr_Occurred()) return NULL; Py_RETURN_NONE; }
    if (small_ints(text, seed, 6) != 6) Py_RETURN_NONE;
    long long kyoku = seed[0], honba = seed[1], sticks = seed[2], d0 = seed[3], d1 = seed[4], dora = seed[5];
    if (kyoku < 0 || kyoku >= 16 || honba < 0 || sticks < 0 || d0 < 0 || d0 >= 6 || d1 < 0 || d1 >= 6)
        Py_RETURN_NONE;
    int got = seat_of(a, s_oya, n, &dealer);
    if (got != TAKEN) { if (got == FAILED) return NULL; Py_RETURN_NONE; }
    if (dealer != kyoku % 4 || !is_tile(dora, n)) Py_RETURN_NONE;
    int hai3 = PyDict_Contains(a, s_hai_n[3]);
    if (hai3 <= 0) { if (hai3 < 0) return NULL; Py_RETURN_NONE; }  /* an absent hai3 is kept as extra */
    if ((hands = PyTuple_New(n)) == NULL) return NULL;
    for (int s = 0; s < 4; s++) {
        PyObject *h = NULL;
        got = tiles_of(a, s_hai_n[s], n, &h);
        if (got != TAKEN) goto skip_or_fail;
        Py_ssize_t size = PyTuple_GET_SIZE(h);
        if (s < n) {
            if (size > 14) { Py_DECREF(h); got = NOT_TAKEN; goto skip_or_fail; }
            PyTuple_SET_ITEM(hands, s, h);
        } else {
            Py_DECREF(h);
            if (size) { got = NOT_TAKEN; goto skip_or_fail; }
        }
    }
    text = PyDict_GetItemWithError(a, s_ten);
    if (text == NULL) { got = PyErr_Occurred() ? FAILED : NOT_TAKEN; goto skip_or_fail; }
    got = scores_of(text, n, &scores);
    if (got != TAKEN) goto skip_or_fail;
    PyObject *values = Py_BuildValue("(LLL(LL)LLNNO())", kyoku, honba, sticks, d0, d1, dora, dealer, scores, hands,
                                     Py_None);  /* in the order of init_field_names */
    if (values == NULL) return NULL;
    PyObject *out = PyDict_New();
    for (Py_ssize_t k = 0; out != NULL && k < PyTuple_GET_SIZE(init_fields); k++)
        if (PyDict_SetItem(out, PyTuple_GET_ITEM(init_fields, k), PyTuple_GET_ITEM(values, k)) < 0) Py_CLEAR(out);
    Py_DECREF(values);
    return out;
skip_or_fail:
    Py_XDECREF(hands);
    if (got == FAILED) return NULL;
    Py_RETURN_NONE;
}

/* read_draw(attributes, players, kinds, build_draw) -> Ryuukyoku | None
 * The Ryuukyoku a RYUUKYOKU's attributes (a dict) describe, as _Reader._ryuukyoku builds it, when
 * every value is plain and in range and nothing is kept as extra; else None. kinds: the DrawKind of
 * each ``type`` text, and of None (no type: an exhaustive draw). */
PyObject *read_draw(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *a, *kinds, *build;
    int n;
    if (!PyArg_ParseTuple(args, "OiO!O:read_draw", &a, &n, &PyDict_Type, &kinds, &build)) return NULL;
    if (!PyDict_CheckExact(a) || (n != 3 && n != 4) || !only_known(a, known_draw)) Py_RETURN_NONE;
    enum { KIND, HONBA, STICKS, BEFORE, DELTAS, HANDS, EXTRA, N_FIELDS };  /* as draw_field_names */
    PyObject *f[N_FIELDS] = {NULL};
    PyObject *result = NULL;
    PyObject *text = PyDict_GetItemWithError(a, s_type);
    if (text == NULL && PyErr_Occurred()) goto done;
    PyObject *kind = PyDict_GetItemWithError(kinds, text == NULL ? Py_None : text);
    if (kind == NULL) {
        if (!PyErr_Occurred()) result = Py_NewRef(Py_None);  /* an unknown type: the handler's error */
        goto done;
    }
    f[KIND] = Py_NewRef(kind);
    int got = outcome_values(a, n, &f[HONBA], &f[STICKS], &f[BEFORE], &f[DELTAS]);
    if (got == NOT_TAKEN) result = Py_NewRef(Py_None);
    if (got != TAKEN) goto done;
    if (n == 3) {
        int shown3 = PyDict_Contains(a, s_hai_n[3]);
        if (shown3 < 0) goto done;
        if (shown3) { result = Py_NewRef(Py_None); goto done; }  /* the handler's error */
    }
    if ((f[HANDS] = PyTuple_New(n)) == NULL) goto done;
    for (int s = 0; s < n; s++) {
        PyObject *hand = Py_None;
        int shown = PyDict_Contains(a, s_hai_n[s]);
        if (shown < 0) goto done;
        if (shown) {
            got = tiles_of(a, s_hai_n[s], n, &hand);
            if (got == NOT_TAKEN) result = Py_NewRef(Py_None);
            if (got != TAKEN) goto done;
        } else {
            Py_INCREF(hand);
        }
        PyTuple_SET_ITEM(f[HANDS], s, hand);
    }
    if ((f[EXTRA] = PyTuple_New(0)) == NULL) goto done;
    result = build_by_name(build, f, draw_fields, &draw_build_checked);
done:
    for (int i = 0; i < N_FIELDS; i++) Py_XDECREF(f[i]);
    return result;
}
