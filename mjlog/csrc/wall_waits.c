/* The wall's Fisher-Yates and deal check (mjlog.rules.common.wall, mjlog.rules.riichi.table) and the wait search (mjlog.rules.riichi.hands). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>
#include "speedups.h"

/* shuffle_wall(tiles, rnd) -> tuple: Fisher-Yates over tiles, swapping i with i + rnd[i] % (n - i).
 * rnd: a tuple of ints (None when a word is not an int in 0..2**64-1: the caller then uses Python),
 * or bytes holding the words as little-endian 32-bit values (the walls' SHA-512 digests). */
PyObject *shuffle_wall(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *tiles, *rnd;
    if (!PyArg_ParseTuple(args, "O!O:shuffle_wall", &PyTuple_Type, &tiles, &rnd)) return NULL;
    int from_bytes = PyBytes_Check(rnd);
    if (!from_bytes && !PyTuple_Check(rnd)) {
        PyErr_SetString(PyExc_TypeError, "shuffle_wall: rnd must be a tuple of ints or bytes");
        return NULL;
    }
    Py_ssize_t n = PyTuple_GET_SIZE(tiles), words = from_bytes ? PyBytes_GET_SIZE(rnd) / 4 : PyTuple_GET_SIZE(rnd);
    if (n < 1 || n > 136 || words < n - 1) {
        PyErr_SetString(PyExc_ValueError, "shuffle_wall needs at most 136 tiles and n - 1 random words");
        return NULL;
    }
    const unsigned char *b = from_bytes ? (const unsigned char *)PyBytes_AS_STRING(rnd) : NULL;
    PyObject *yama[136];
    for (Py_ssize_t i = 0; i < n; i++) yama[i] = PyTuple_GET_ITEM(tiles, i);
    for (Py_ssize_t i = 0; i < n - 1; i++) {
        unsigned long long r;
        if (from_bytes) {
            const unsigned char *w = b + 4 * i;
            r = (unsigned long long)w[0] | (unsigned long long)w[1] << 8 | (unsigned long long)w[2] << 16 |
                (unsigned long long)w[3] << 24;
        } else {
            PyObject *word = PyTuple_GET_ITEM(rnd, i);
            if (!PyLong_CheckExact(word)) Py_RETURN_NONE;
            /* unsigned long, not long long: CPython 3.11 converts the latter byte by byte */
            r = PyLong_AsUnsignedLong(word);
            if (r == (unsigned long long)(unsigned long)-1 && PyErr_Occurred()) {  /* negative or huge: Python decides */
                PyErr_Clear();
                Py_RETURN_NONE;
            }
        }
        Py_ssize_t j = i + (Py_ssize_t)(r % (unsigned long long)(n - i));
        PyObject *t = yama[i];
        yama[i] = yama[j];
        yama[j] = t;
    }
    PyObject *out = PyTuple_New(n);
    if (out == NULL) return NULL;
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_INCREF(yama[i]);
        PyTuple_SET_ITEM(out, i, yama[i]);
    }
    return out;
}

/* ---- waits: the twin of mjlog.rules.riichi.hands._iter_waits ---------------------------------- */
#define NO_PAIR 1
#define WITH_PAIR 2
static const int YAOCHUU[13] = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33};
static signed char suit_memo[1953125];  /* 5**9 suit shapes; 0 = not yet known, else state + 1 */

static int sets_only(int *c, int i) {
    while (i < 9 && c[i] == 0) i++;
    if (i >= 9) return 1;
    if (c[i] >= 3) {
        c[i] -= 3;
        int ok = sets_only(c, i);
        c[i] += 3;
        if (ok) return 1;
    }
    if (i + 2 < 9 && c[i + 1] && c[i + 2]) {
        c[i]--; c[i + 1]--; c[i + 2]--;
        int ok = sets_only(c, i);
        c[i]++; c[i + 1]++; c[i + 2]++;
        return ok;
    }
    return 0;
}

static int suit_state(const int *c9) {
    int key = 0, total = 0;
    for (int i = 0; i < 9; i++) { key = key * 5 + c9[i]; total += c9[i]; }
    if (suit_memo[key]) return suit_memo[key] - 1;
    int c[9], state = 0;
    memcpy(c, c9, sizeof c);
    if (total % 3 == 0 && sets_only(c, 0)) state |= NO_PAIR;
    if (total % 3 == 2) {
        for (int i = 0; i < 9; i++) {
            if (c[i] >= 2) {
                c[i] -= 2;
                int ok = sets_only(c, 0);
                c[i] += 2;
                if (ok) { state |= WITH_PAIR; break; }
            }
        }
    }
    suit_memo[key] = (signed char)(state + 1);
    return state;
}

static int honor_state(const int *c) {
    int pairs = 0;
    for (int k = 27; k < 34; k++) {
        if (c[k] == 1 || c[k] == 4) return 0;
        if (c[k] == 2) pairs++;
    }
    return pairs == 0 ? NO_PAIR : pairs == 1 ? WITH_PAIR : 0;
}

static int group_state(const int *c, int g) { return g < 3 ? suit_state(c + 9 * g) : honor_state(c); }

static int standard_complete(const int *states) {
    int pairs = 0;
    for (int g = 0; g < 4; g++) {
        if (states[g] & NO_PAIR) continue;
        if (states[g] & WITH_PAIR) pairs++;
        else return 0;
    }
    return pairs == 1;
}

/* The kinds completing the hand, as a bit mask; stop_early returns at the first one found. */
unsigned long long wait_mask(int *c, const int *held, int stop_early) {
    unsigned long long mask = 0;
    int states[4], broken[4], nbroken = 0;
    for (int g = 0; g < 4; g++) {
        states[g] = group_state(c, g);
        if (!states[g]) broken[nbroken++] = g;
    }
    unsigned long long present = 0;
    int total = 0;
    for (int k = 0; k < 34; k++) {
        if (c[k]) present |= 1ULL << k;
        total += c[k];
    }
    if (nbroken < 2) {
        for (int g = 0; g < 4; g++) {
            if (nbroken == 1 && g != broken[0]) continue;
            int lo = 9 * g, hi = g < 3 ? 9 * g + 9 : 34;
            for (int k = lo; k < hi; k++) {
                int x = c[k];
                if (x >= 4) continue;
                if (x == 0) {
                    if (g == 3) continue;
                    int a = k - 2 < lo ? lo : k - 2, b = k + 2 > hi - 1 ? hi - 1 : k + 2;
                    unsigned long long near = 0;
                    for (int j = a; j <= b; j++) near |= 1ULL << j;
                    if (!(present & near)) continue;
                }
                if (held != NULL && x + held[k] >= 4) continue;
                c[k]++;
                int saved = states[g];
                states[g] = group_state(c, g);
                int ok = standard_complete(states);
                states[g] = saved;
                c[k]--;
                if (ok) {
                    mask |= 1ULL << k;
                    if (stop_early) return mask;
                }
            }
        }
    }
    if (total == 13) {
        unsigned long long special = 0;
        int singles = 0, single = -1, pairs = 0;
        for (int k = 0; k < 34; k++) {
            if (c[k] == 1) { singles++; single = k; }
            else if (c[k] == 2) pairs++;
        }
        if (pairs == 6 && singles == 1) {
            special = 1ULL << single;
        } else {
            int yao = 0, kinds = 0;
            for (int i = 0; i < 13; i++) { yao += c[YAOCHUU[i]]; kinds += c[YAOCHUU[i]] > 0; }
            if (yao == 13 && (kinds == 13 || kinds == 12)) {
                for (int i = 0; i < 13; i++)
                    if (kinds == 13 || !c[YAOCHUU[i]]) special |= 1ULL << YAOCHUU[i];
            }
        }
        for (int k = 0; k < 34; k++)
            if ((special >> k & 1) && (held == NULL || c[k] + held[k] < 4)) mask |= 1ULL << k;
    }
    return mask;
}

/* Reads 34 counts in 0..4; 0 if the sequence is anything else (the caller falls back). */
static int read_counts(PyObject *seq, int *out) {
    if (!PyList_CheckExact(seq) && !PyTuple_CheckExact(seq)) return 0;
    if (PySequence_Fast_GET_SIZE(seq) != 34) return 0;
    PyObject **items = PySequence_Fast_ITEMS(seq);
    for (int k = 0; k < 34; k++) {
        if (!PyLong_CheckExact(items[k])) return 0;
        long v = PyLong_AsLong(items[k]);
        if (v < 0 || v > 4) { PyErr_Clear(); return 0; }
        out[k] = (int)v;
    }
    return 1;
}

static PyObject *waits_impl(PyObject *args, int tenpai_only) {
    PyObject *counts, *held_obj = Py_None;
    if (!PyArg_ParseTuple(args, "O|O", &counts, &held_obj)) return NULL;
    int c[34], held[34];
    if (!read_counts(counts, c)) Py_RETURN_NONE;
    if (held_obj != Py_None && !read_counts(held_obj, held)) Py_RETURN_NONE;
    unsigned long long mask = wait_mask(c, held_obj == Py_None ? NULL : held, tenpai_only);
    if (tenpai_only) return PyBool_FromLong(mask != 0);
    int n = 0;
    for (int k = 0; k < 34; k++) n += (int)(mask >> k & 1);
    PyObject *out = PyTuple_New(n);
    if (out == NULL) return NULL;
    for (int k = 0, i = 0; k < 34; k++) {
        if (mask >> k & 1) {
            PyObject *v = PyLong_FromLong(k);
            if (v == NULL) { Py_DECREF(out); return NULL; }
            PyTuple_SET_ITEM(out, i++, v);
        }
    }
    return out;
}

PyObject *waits(PyObject *Py_UNUSED(self), PyObject *args) { return waits_impl(args, 0); }
PyObject *is_tenpai(PyObject *Py_UNUSED(self), PyObject *args) { return waits_impl(args, 1); }


/* deal_matches(yama, dealer, hands) -> bool | None: whether each seat's hand holds exactly the 13
 * tiles the wall deals it (Wall.starting_hands, as sets), for a 136- or 108-tile wall and one hand
 * per seat; None when it cannot tell (not tuples, or a wall that is not one of distinct tile ids). */
PyObject *deal_matches(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *yama, *hands;
    int dealer;
    if (!PyArg_ParseTuple(args, "OiO:deal_matches", &yama, &dealer, &hands)) return NULL;
    if (!PyTuple_CheckExact(yama) || !PyTuple_CheckExact(hands)) Py_RETURN_NONE;
    Py_ssize_t len = PyTuple_GET_SIZE(yama);
    int p = len == 136 ? 4 : len == 108 ? 3 : 0;
    if (p == 0 || PyTuple_GET_SIZE(hands) != p || dealer < 0 || dealer >= p) Py_RETURN_NONE;
    signed char owner[136];
    memset(owner, -1, sizeof owner);
    for (int j = 0; j < p; j++) {  /* three rounds of four tiles, then one tile each, from the end */
        int seat = (dealer + j) % p;
        for (int i = 0; i < 13; i++) {
            int k = i < 12 ? 4 * (j + (i / 4) * p) + i % 4 : 12 * p + j;
            long t = PyLong_AsLong(PyTuple_GET_ITEM(yama, len - 1 - k));
            if (t == -1 && PyErr_Occurred()) { PyErr_Clear(); Py_RETURN_NONE; }
            if (t < 0 || t > 135 || owner[t] != -1) Py_RETURN_NONE;
            owner[t] = (signed char)seat;
        }
    }
    for (int s = 0; s < p; s++) {
        PyObject *hand = PyTuple_GET_ITEM(hands, s);
        if (!PyTuple_CheckExact(hand) || PyTuple_GET_SIZE(hand) != 13) Py_RETURN_FALSE;
        for (Py_ssize_t i = 0; i < 13; i++) {
            long t = PyLong_AsLong(PyTuple_GET_ITEM(hand, i));
            if (t == -1 && PyErr_Occurred()) { PyErr_Clear(); Py_RETURN_FALSE; }
            if (t < 0 || t > 135 || owner[t] != s) Py_RETURN_FALSE;
            owner[t] = -2;  /* taken: a second copy of the id is not the wall's */
        }
    }
    Py_RETURN_TRUE;
}
