/* mjlog._speedups: optional compiled helpers; every function has a pure-Python twin that
 * gives the same answer, and the tests compare the two.
 *
 * parse_ints(text) -> tuple[int, ...] | None
 *     Comma-separated plain integers (at most 64 of them); None for anything else, which the
 *     caller hands to Python's int().
 *
 * shuffle_wall(tiles, rnd) -> tuple | None
 *     Tenhou's Fisher-Yates pass over the sorted tile ids (mjlog.wall).
 *
 * waits(counts, held_elsewhere=None), is_tenpai(counts, held_elsewhere=None)
 *     mjlog.replayer.hands' wait search over 34 counts; None for counts it does not take.
 *
 * event_columns(events, Draw, Discard)
 *     The events table's seat, kind, tile and tsumogiri columns of one round for its draws and
 *     discards, None elsewhere, and the indexes of the other events (mjlog.ingest_rows).
 *
 * read_fast(items, fast, slow, no_attributes)
 *     The XML reader's loop: draws and discards from their tags, every other element by slow().
 *
 * scan_xml(data) -> (root_tag, root_attrs, items) | None
 *     Reads the plain subset of XML that Tenhou writes: an optional run of whitespace, one root
 *     element whose children are self-closing elements with double-quoted ASCII attribute
 *     values, whitespace between them, and the root's end tag. Each child becomes an item: its
 *     tag (a str) when it has no attributes, else (tag, {name: value}). Anything outside that
 *     subset (a declaration, DOCTYPE, comment, entity or character reference, text, nesting,
 *     non-ASCII or control bytes, duplicate or overlong attributes, truncation) returns None:
 *     the caller then uses the hardened lxml parser, which either reads the file or reports
 *     where it is wrong. Every byte read is bounds-checked against the buffer.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

#define MAX_ATTRIBUTE_CHARS 65536

static inline int is_space(unsigned char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }
static inline int is_name_start(unsigned char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_';
}
static inline int is_name_char(unsigned char c) {
    return is_name_start(c) || (c >= '0' && c <= '9') || c == '-' || c == '.';
}

/* A cache of short names (tags and attribute names) so each distinct name is one str:
 * open hashing into a fixed table, a collision simply replaces the slot. */
#define CACHE_SLOTS 8192
#define CACHE_NAME 16
typedef struct { Py_ssize_t n; char s[CACHE_NAME]; PyObject *name; } cache_slot;
static cache_slot name_cache[CACHE_SLOTS];

static PyObject *make_name(const char *s, Py_ssize_t n) {
    if (n >= CACHE_NAME) return PyUnicode_DecodeASCII(s, n, "strict");
    unsigned int h = 2166136261u;
    for (Py_ssize_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 16777619u;
    cache_slot *slot = &name_cache[h & (CACHE_SLOTS - 1)];
    if (slot->name != NULL && slot->n == n && memcmp(slot->s, s, (size_t)n) == 0) {
        Py_INCREF(slot->name);
        return slot->name;
    }
    PyObject *name = PyUnicode_DecodeASCII(s, n, "strict");
    if (name == NULL) return NULL;
    PyUnicode_InternInPlace(&name);
    Py_XSETREF(slot->name, Py_NewRef(name));
    slot->n = n;
    memcpy(slot->s, s, (size_t)n);
    return name;
}

/* Result codes of the element reader. */
#define OK 1
#define FALLBACK 0
#define ERROR -1

/* Reads `<NAME (S NAME="VALUE")* S? ('/>' | '>')` starting at *pos (which holds '<').
 * On OK: *tag and *attrs are new references (*attrs NULL when there are none), *closed tells
 * whether the element was self-closing, *pos is just past the '>'. */
static int read_start_tag(const unsigned char *buf, Py_ssize_t len, Py_ssize_t *pos,
                          PyObject **tag, PyObject **attrs, int *closed) {
    Py_ssize_t p = *pos + 1;
    *tag = NULL;
    *attrs = NULL;
    if (p >= len || !is_name_start(buf[p])) return FALLBACK;
    Py_ssize_t start = p;
    while (p < len && is_name_char(buf[p])) p++;
    if (p >= len) return FALLBACK;
    *tag = make_name((const char *)buf + start, p - start);
    if (*tag == NULL) return ERROR;
    for (;;) {
        int spaced = 0;
        while (p < len && is_space(buf[p])) { p++; spaced = 1; }
        if (p >= len) goto fallback;
        unsigned char c = buf[p];
        if (c == '/') {
            if (p + 1 >= len || buf[p + 1] != '>') goto fallback;
            *closed = 1;
            *pos = p + 2;
            return OK;
        }
        if (c == '>') {
            *closed = 0;
            *pos = p + 1;
            return OK;
        }
        if (!spaced || !is_name_start(c)) goto fallback;
        Py_ssize_t nstart = p;
        while (p < len && is_name_char(buf[p])) p++;
        Py_ssize_t nend = p;
        if (p + 1 >= len || buf[p] != '=' || buf[p + 1] != '"') goto fallback;
        p += 2;
        Py_ssize_t vstart = p;
        const unsigned char *q = memchr(buf + p, '"', (size_t)(len - p));
        if (q == NULL) goto fallback;
        Py_ssize_t vend = q - buf;
        if (vend - vstart >= MAX_ATTRIBUTE_CHARS) goto fallback;
        for (Py_ssize_t i = vstart; i < vend; i++) {
            unsigned char v = buf[i];
            if (v < 0x20 || v > 0x7e || v == '<' || v == '&') goto fallback;
        }
        p = vend + 1;
        if (*attrs == NULL) {
            *attrs = PyDict_New();
            if (*attrs == NULL) goto error;
        }
        PyObject *key = make_name((const char *)buf + nstart, nend - nstart);
        if (key == NULL) goto error;
        int dup = PyDict_Contains(*attrs, key);
        if (dup != 0) {
            Py_DECREF(key);
            if (dup < 0) goto error;
            goto fallback;
        }
        PyObject *value = PyUnicode_DecodeASCII((const char *)buf + vstart, vend - vstart, "strict");
        if (value == NULL) { Py_DECREF(key); goto error; }
        int rc = PyDict_SetItem(*attrs, key, value);
        Py_DECREF(key);
        Py_DECREF(value);
        if (rc < 0) goto error;
    }
fallback:
    Py_CLEAR(*tag);
    Py_CLEAR(*attrs);
    return FALLBACK;
error:
    Py_CLEAR(*tag);
    Py_CLEAR(*attrs);
    return ERROR;
}

static PyObject *scan_xml(PyObject *self, PyObject *arg) {
    Py_buffer view;
    if (PyObject_GetBuffer(arg, &view, PyBUF_SIMPLE) < 0) return NULL;
    const unsigned char *buf = view.buf;
    Py_ssize_t len = view.len, p = 0;
    PyObject *root = NULL, *root_attrs = NULL, *items = NULL, *result = NULL;
    int closed = 0, rc;

    while (p < len && is_space(buf[p])) p++;
    if (p >= len || buf[p] != '<') goto fallback;
    rc = read_start_tag(buf, len, &p, &root, &root_attrs, &closed);
    if (rc == ERROR) goto error;
    if (rc == FALLBACK) goto fallback;
    items = PyList_New(0);
    if (items == NULL) goto error;
    if (!closed) {
        for (;;) {
            while (p < len && is_space(buf[p])) p++;
            if (p + 1 >= len || buf[p] != '<') goto fallback;
            if (buf[p + 1] == '/') {
                /* the root's end tag, then only whitespace */
                Py_ssize_t n = PyUnicode_GET_LENGTH(root);
                const char *name = PyUnicode_AsUTF8(root);
                if (name == NULL) goto error;
                p += 2;
                if (p + n > len || memcmp(buf + p, name, (size_t)n) != 0) goto fallback;
                p += n;
                while (p < len && is_space(buf[p])) p++;
                if (p >= len || buf[p] != '>') goto fallback;
                p++;
                break;
            }
            PyObject *tag, *attrs;
            int child_closed = 0;
            rc = read_start_tag(buf, len, &p, &tag, &attrs, &child_closed);
            if (rc == ERROR) goto error;
            if (rc == FALLBACK) goto fallback;
            if (!child_closed) { Py_DECREF(tag); Py_XDECREF(attrs); goto fallback; }
            PyObject *item;
            if (attrs == NULL) {
                item = tag;
            } else {
                item = PyTuple_Pack(2, tag, attrs);
                Py_DECREF(tag);
                Py_DECREF(attrs);
                if (item == NULL) goto error;
            }
            rc = PyList_Append(items, item);
            Py_DECREF(item);
            if (rc < 0) goto error;
        }
    }
    while (p < len && is_space(buf[p])) p++;
    if (p != len) goto fallback;
    if (root_attrs == NULL) {
        root_attrs = PyDict_New();
        if (root_attrs == NULL) goto error;
    }
    result = PyTuple_Pack(3, root, root_attrs, items);
    goto done;
fallback:
    result = Py_None;
    Py_INCREF(result);
    goto done;
error:
    result = NULL;
done:
    Py_XDECREF(root);
    Py_XDECREF(root_attrs);
    Py_XDECREF(items);
    PyBuffer_Release(&view);
    return result;
}

/* parse_ints(text) -> tuple of ints, or None unless text is comma-separated [-]digits
 * (at most 18 digits each); Python's int() then decides, so the answer never differs. */
static PyObject *parse_ints(PyObject *self, PyObject *arg) {
    if (!PyUnicode_Check(arg)) Py_RETURN_NONE;
    Py_ssize_t len;
    const char *s = PyUnicode_AsUTF8AndSize(arg, &len);
    if (s == NULL) return NULL;
    if (len == 0) return PyTuple_New(0);
    long long vals[64];
    Py_ssize_t n = 0, p = 0;
    for (;;) {
        int neg = 0, digits = 0;
        long long v = 0;
        if (p < len && s[p] == '-') { neg = 1; p++; }
        while (p < len && s[p] >= '0' && s[p] <= '9') {
            if (++digits > 18) Py_RETURN_NONE;
            v = v * 10 + (s[p] - '0');
            p++;
        }
        if (digits == 0 || n == 64) Py_RETURN_NONE;
        vals[n++] = neg ? -v : v;
        if (p == len) break;
        if (s[p] != ',') Py_RETURN_NONE;
        p++;
    }
    PyObject *out = PyTuple_New(n);
    if (out == NULL) return NULL;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *v = PyLong_FromLongLong(vals[i]);
        if (v == NULL) { Py_DECREF(out); return NULL; }
        PyTuple_SET_ITEM(out, i, v);
    }
    return out;
}

/* shuffle_wall(tiles, rnd) -> tuple: Fisher-Yates over tiles, swapping i with i + rnd[i] % (n - i);
 * None when a word is not an int in 0..2**64-1 (the caller then uses Python). */
static PyObject *shuffle_wall(PyObject *self, PyObject *args) {
    PyObject *tiles, *rnd;
    if (!PyArg_ParseTuple(args, "O!O!:shuffle_wall", &PyTuple_Type, &tiles, &PyTuple_Type, &rnd)) return NULL;
    Py_ssize_t n = PyTuple_GET_SIZE(tiles);
    if (n < 1 || n > 136 || PyTuple_GET_SIZE(rnd) < n - 1) {
        PyErr_SetString(PyExc_ValueError, "shuffle_wall needs at most 136 tiles and n - 1 random words");
        return NULL;
    }
    PyObject *yama[136];
    for (Py_ssize_t i = 0; i < n; i++) yama[i] = PyTuple_GET_ITEM(tiles, i);
    for (Py_ssize_t i = 0; i < n - 1; i++) {
        PyObject *word = PyTuple_GET_ITEM(rnd, i);
        if (!PyLong_CheckExact(word)) Py_RETURN_NONE;
        unsigned long long r = PyLong_AsUnsignedLongLong(word);
        if (r == (unsigned long long)-1 && PyErr_Occurred()) {  /* negative or huge: Python decides */
            PyErr_Clear();
            Py_RETURN_NONE;
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

/* ---- waits: the twin of mjlog.replayer.hands._iter_waits ---------------------------------- */
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
static unsigned long long wait_mask(int *c, const int *held, int stop_early) {
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

static PyObject *waits(PyObject *self, PyObject *args) { return waits_impl(args, 0); }
static PyObject *is_tenpai(PyObject *self, PyObject *args) { return waits_impl(args, 1); }

/* ---- quiet draws and discards: the twin of the inlined path in mjlog.replayer.table.play ----- */
enum { PHASE_DRAW = 0, PHASE_DISCARD = 1, PHASE_AFTER_DISCARD = 2 };
static PyObject *str_seat = NULL, *str_tile = NULL;

static int get_small_int(PyObject *obj, PyObject *name, long *out) {
    PyObject *v = PyObject_GetAttr(obj, name);
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

/* run_quiet(events, i, ctx, actor, phase, live, limit, last_discard)
 *   -> (i, actor, phase, live, last_discard)
 * ctx: (hands, river, last_draw, seen, passed, discards_made, last_own_discard, riichi_accepted,
 *       live_tiles, n, Draw, Discard, ippatsu), the table's own lists, changed in place.
 * Applies events[i:] while each is an ordinary draw or discard that breaks no rule, exactly as
 * table.play's inlined path does, and stops at the first other event (index returned). */
static PyObject *run_quiet(PyObject *self, PyObject *args) {
    PyObject *events, *ctx, *last_discard;
    Py_ssize_t i;
    long actor, phase, live, limit;
    if (!PyArg_ParseTuple(args, "OnO!llllO:run_quiet", &events, &i, &PyTuple_Type, &ctx,
                          &actor, &phase, &live, &limit, &last_discard))
        return NULL;
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
        !PyList_CheckExact(ippatsu) || PyList_GET_SIZE(ippatsu) < n) {
        PyErr_SetString(PyExc_TypeError, "run_quiet: unexpected table state");
        return NULL;
    }
    Py_ssize_t n_live_tiles = PyTuple_GET_SIZE(live_tiles);
    Py_INCREF(last_discard);
    if (i < 0) i = 0;
    for (; i < PySequence_Fast_GET_SIZE(events); i++) {
        PyObject *ev = PySequence_Fast_GET_ITEM(events, i);
        PyTypeObject *t = Py_TYPE(ev);
        if (t != draw_type && t != discard_type) break;
        long seat, tile;
        if (get_small_int(ev, str_seat, &seat) < 0 || get_small_int(ev, str_tile, &tile) < 0) goto error;
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

/* ---- store rows: the twin of mjlog.ingest_rows.py_event_columns ------------------------------ */
static PyObject *str_tsumogiri = NULL;

/* event_columns(events, Draw, Discard) -> (seats, kinds, tiles, tsumogiri, others) */
static PyObject *event_columns(PyObject *self, PyObject *args) {
    PyObject *events, *draw_type, *discard_type;
    if (!PyArg_ParseTuple(args, "OOO:event_columns", &events, &draw_type, &discard_type)) return NULL;
    if (!PyTuple_CheckExact(events) && !PyList_CheckExact(events)) {
        PyErr_SetString(PyExc_TypeError, "event_columns: events must be a tuple or list");
        return NULL;
    }
    Py_ssize_t n = PySequence_Fast_GET_SIZE(events);
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
            seat = PyObject_GetAttr(ev, str_seat);
            tile = PyObject_GetAttr(ev, str_tile);
            if (t == discard_type) {
                giri = PyObject_GetAttr(ev, str_tsumogiri);
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
    PyObject *out = PyTuple_Pack(5, cols[0], cols[1], cols[2], cols[3], others);
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

/* ---- the reader's loop: the twin of mjlog.formats.tenhou_xml._Reader._read_elements ------------ */

/* read_fast(items, fast, slow, no_attributes) -> None
 * items: the scanner's list (a tag, or (tag, attributes)); fast: tag -> (is_discard, seat, tile,
 * ok_in_sanma, Draw, tsumogiri Discard, Discard); slow(index, tag, attributes) reads any other
 * element and returns (events, last_draw, live, four) for the draws and discards that follow. */
static PyObject *read_fast(PyObject *self, PyObject *args) {
    PyObject *items, *fast, *slow, *no_attrs;
    if (!PyArg_ParseTuple(args, "O!O!OO:read_fast", &PyList_Type, &items, &PyDict_Type, &fast, &slow, &no_attrs))
        return NULL;
    PyObject *state = NULL, *events = NULL, *last_draw = NULL;
    int live = 0, four = 1;
    Py_INCREF(items);
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(items); i++) {
        PyObject *item = PyList_GET_ITEM(items, i);
        PyObject *tag, *attrib;
        if (PyUnicode_CheckExact(item)) {
            if (live) {
                PyObject *hit = PyDict_GetItemWithError(fast, item);
                if (hit == NULL && PyErr_Occurred()) goto error;
                if (hit != NULL) {
                    if (!PyTuple_CheckExact(hit) || PyTuple_GET_SIZE(hit) != 7) {
                        PyErr_SetString(PyExc_TypeError, "read_fast: a fast entry is not a 7-tuple");
                        goto error;
                    }
                    int ok3 = PyObject_IsTrue(PyTuple_GET_ITEM(hit, 3));
                    if (ok3 < 0) goto error;
                    if (four || ok3) {
                        long seat = PyLong_AsLong(PyTuple_GET_ITEM(hit, 1));
                        if (seat == -1 && PyErr_Occurred()) goto error;
                        if (seat < 0 || seat >= PyList_GET_SIZE(last_draw)) {
                            PyErr_SetString(PyExc_IndexError, "read_fast: seat out of range");
                            goto error;
                        }
                        PyObject *tile = PyTuple_GET_ITEM(hit, 2);
                        int is_discard = PyObject_IsTrue(PyTuple_GET_ITEM(hit, 0));
                        if (is_discard < 0) goto error;
                        if (is_discard) {
                            int same = PyObject_RichCompareBool(PyList_GET_ITEM(last_draw, seat), tile, Py_EQ);
                            if (same < 0) goto error;
                            if (PyList_Append(events, PyTuple_GET_ITEM(hit, same ? 5 : 6)) < 0) goto error;
                            Py_INCREF(Py_None);
                            if (PyList_SetItem(last_draw, seat, Py_None) < 0) goto error;
                        } else {
                            Py_INCREF(tile);
                            if (PyList_SetItem(last_draw, seat, tile) < 0) goto error;
                            if (PyList_Append(events, PyTuple_GET_ITEM(hit, 4)) < 0) goto error;
                        }
                        continue;
                    }
                }
            }
            tag = item;
            attrib = no_attrs;
        } else if (PyTuple_CheckExact(item) && PyTuple_GET_SIZE(item) == 2) {
            tag = PyTuple_GET_ITEM(item, 0);
            attrib = PyTuple_GET_ITEM(item, 1);
            if (attrib == Py_None) continue;
        } else {
            PyErr_SetString(PyExc_TypeError, "read_fast: an item is neither a tag nor (tag, attributes)");
            goto error;
        }
        PyObject *index = PyLong_FromSsize_t(i + 1);
        if (index == NULL) goto error;
        Py_INCREF(tag);
        Py_INCREF(attrib);
        PyObject *got = PyObject_CallFunctionObjArgs(slow, index, tag, attrib, NULL);
        Py_DECREF(index);
        Py_DECREF(tag);
        Py_DECREF(attrib);
        if (got == NULL) goto error;
        if (!PyTuple_CheckExact(got) || PyTuple_GET_SIZE(got) != 4 ||
            !PyList_CheckExact(PyTuple_GET_ITEM(got, 0)) || !PyList_CheckExact(PyTuple_GET_ITEM(got, 1))) {
            Py_DECREF(got);
            PyErr_SetString(PyExc_TypeError, "read_fast: slow() must return (list, list, live, four)");
            goto error;
        }
        Py_XSETREF(state, got);
        events = PyTuple_GET_ITEM(state, 0);
        last_draw = PyTuple_GET_ITEM(state, 1);
        live = PyObject_IsTrue(PyTuple_GET_ITEM(state, 2));
        four = PyObject_IsTrue(PyTuple_GET_ITEM(state, 3));
        if (live < 0 || four < 0) goto error;
    }
    Py_XDECREF(state);
    Py_DECREF(items);
    Py_RETURN_NONE;
error:
    Py_XDECREF(state);
    Py_DECREF(items);
    return NULL;
}

static PyMethodDef methods[] = {
    {"read_fast", read_fast, METH_VARARGS,
     "read_fast(items, fast, slow, no_attributes): the XML reader's loop over the scanner's items."},
    {"event_columns", event_columns, METH_VARARGS,
     "event_columns(events, Draw, Discard) -> (seats, kinds, tiles, tsumogiri, indexes of other events)."},
    {"run_quiet", run_quiet, METH_VARARGS,
     "run_quiet(events, i, ctx, actor, phase, live, limit, last_discard) -> (i, actor, phase, live, last_discard)."},
    {"waits", waits, METH_VARARGS,
     "waits(counts, held_elsewhere=None) -> tuple of kinds, or None for counts outside 34 x 0..4."},
    {"is_tenpai", is_tenpai, METH_VARARGS,
     "is_tenpai(counts, held_elsewhere=None) -> bool, or None for counts outside 34 x 0..4."},
    {"shuffle_wall", shuffle_wall, METH_VARARGS,
     "shuffle_wall(tiles, rnd) -> tuple: Tenhou's Fisher-Yates (swap i with i + rnd[i] % (n - i))."},
    {"parse_ints", parse_ints, METH_O,
     "parse_ints(text) -> tuple of ints, or None when text is not plain comma-separated integers."},
    {"scan_xml", scan_xml, METH_O,
     "scan_xml(data) -> (root_tag, root_attrs, items) or None when the bytes are outside the plain subset."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "mjlog._speedups", "Optional compiled helpers of mjlog.", -1, methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__speedups(void) {
    str_seat = PyUnicode_InternFromString("seat");
    str_tile = PyUnicode_InternFromString("tile");
    str_tsumogiri = PyUnicode_InternFromString("tsumogiri");
    if (str_seat == NULL || str_tile == NULL || str_tsumogiri == NULL) return NULL;
    return PyModule_Create(&module);
}
