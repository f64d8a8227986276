/* Tenhou's plain XML: the scanner, integer lists and the reader's loop (mjlog.formats.tenhou.xml). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>
#include "speedups.h"


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

PyObject *scan_xml(PyObject *Py_UNUSED(self), PyObject *arg) {
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

Py_ssize_t plain_ints(PyObject *text, long long *vals, Py_ssize_t cap, int max_digits) {
    if (text == NULL || !PyUnicode_Check(text)) return -1;
    Py_ssize_t len;
    const char *s = PyUnicode_AsUTF8AndSize(text, &len);
    if (s == NULL) {
        PyErr_Clear();  /* a str that is not valid UTF-8 (lone surrogates) holds no plain integer */
        return -1;
    }
    if (len == 0) return 0;
    Py_ssize_t n = 0, p = 0;
    for (;;) {
        int neg = 0, digits = 0;
        long long v = 0;
        if (p < len && s[p] == '-') { neg = 1; p++; }
        while (p < len && s[p] >= '0' && s[p] <= '9') {
            if (++digits > max_digits) return -1;
            v = v * 10 + (s[p] - '0');
            p++;
        }
        if (digits == 0 || n == cap) return -1;
        vals[n++] = neg ? -v : v;
        if (p == len) return n;
        if (s[p] != ',') return -1;
        p++;
    }
}

/* A tuple of vals[0..n) times `scale`, or NULL with an error set. */
PyObject *ints_tuple(const long long *vals, Py_ssize_t n, Py_ssize_t step, long long scale) {
    PyObject *out = PyTuple_New((n + step - 1) / step);
    if (out == NULL) return NULL;
    for (Py_ssize_t i = 0, j = 0; i < n; i += step, j++) {
        PyObject *v = PyLong_FromLongLong(vals[i] * scale);
        if (v == NULL) { Py_DECREF(out); return NULL; }
        PyTuple_SET_ITEM(out, j, v);
    }
    return out;
}

/* parse_ints(text) -> tuple of ints, or None unless text is comma-separated [-]digits
 * (at most 64 values of at most 18 digits); Python's int() then decides, so the answer never differs. */
PyObject *parse_ints(PyObject *Py_UNUSED(self), PyObject *arg) {
    long long vals[64];
    Py_ssize_t n = plain_ints(arg, vals, 64, 18);
    if (n < 0) Py_RETURN_NONE;
    return ints_tuple(vals, n, 1, 1);
}

/* parse_tiles(text, sanma) -> tuple of tile ids, or None unless every value is a plain integer
 * id in 0..135 (and, with sanma, not a 2m-8m id 4..31): the reader then finds the fault itself. */
PyObject *parse_tiles(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *text;
    int sanma;
    if (!PyArg_ParseTuple(args, "Op:parse_tiles", &text, &sanma)) return NULL;
    PyObject *ids = parse_ints(NULL, text);
    if (ids == NULL || ids == Py_None) return ids;
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(ids); i++) {
        long t = PyLong_AsLong(PyTuple_GET_ITEM(ids, i));  /* parse_ints' values fit a long long; */
        if (t == -1 && PyErr_Occurred()) PyErr_Clear();   /* one too big for a long is no tile */
        if (t < 0 || t > 135 || (sanma && t >= 4 && t < 32)) {
            Py_DECREF(ids);
            Py_RETURN_NONE;
        }
    }
    return ids;
}

/* ---- the reader's loop: the twin of mjlog.formats.tenhou.xml._Reader._read_elements ------------ */

/* The fields read_fast reads by name: of tenhou_xml.ReadTables, and of each tag's FastTag. */
enum { IS_DISCARD, SEAT, TILE, OK_IN_SANMA, DRAW, TSUMOGIRI, DISCARD, N_TAG_FIELDS };
static const char *tag_field_names[N_TAG_FIELDS] = {"is_discard", "seat", "tile", "ok_in_sanma", "draw", "tsumogiri",
                                                    "discard"};
static PyObject *tag_fields[N_TAG_FIELDS];
enum { TAGS, NO_ATTRIBUTES, CALLS, DECLARED, BUILD_ACCEPTED, NEW_DORA, N_TABLES };
static const char *table_field_names[N_TABLES] = {"tags", "no_attributes", "calls", "declared", "build_accepted",
                                                  "new_dora"};
static PyObject *table_fields[N_TABLES];

int scan_init(void) {
    for (int k = 0; k < N_TAG_FIELDS; k++)
        if ((tag_fields[k] = PyUnicode_InternFromString(tag_field_names[k])) == NULL) return -1;
    for (int k = 0; k < N_TABLES; k++)
        if ((table_fields[k] = PyUnicode_InternFromString(table_field_names[k])) == NULL) return -1;
    return 0;
}

/* A FastTag's fields, read by name: from their slots where the class has them (offsets found once
 * per type), else by attribute look-up. The tags table keeps every tag alive during the loop. */
typedef struct {
    PyTypeObject *type;
    Py_ssize_t offset[N_TAG_FIELDS];
    PyObject *kept[N_TAG_FIELDS];  /* the last value looked up by name, for each field (owned) */
} tag_reader;

static PyObject *tag_field_by_name(tag_reader *r, PyObject *hit, int k) {
    if (Py_TYPE(hit) != r->type) {
        r->type = Py_TYPE(hit);
        for (int j = 0; j < N_TAG_FIELDS; j++) r->offset[j] = slot_offset(r->type, tag_fields[j]);
        if (r->offset[k] > 0 && *(PyObject **)((char *)hit + r->offset[k]) != NULL)
            return *(PyObject **)((char *)hit + r->offset[k]);
    }
    PyObject *v = PyObject_GetAttr(hit, tag_fields[k]);
    if (v != NULL) Py_XSETREF(r->kept[k], v);
    return v;
}

/* Field k of hit, borrowed (valid until field k is read again), or NULL with an error set */
static inline PyObject *tag_field(tag_reader *r, PyObject *hit, int k) {
    Py_ssize_t offset = r->offset[k];
    if (Py_TYPE(hit) == r->type && offset > 0) {
        PyObject *v = *(PyObject **)((char *)hit + offset);
        if (v != NULL) return v;
    }
    return tag_field_by_name(r, hit, k);
}

static void tag_reader_clear(tag_reader *r) {
    for (int k = 0; k < N_TAG_FIELDS; k++) Py_CLEAR(r->kept[k]);
}

static int tag_truth(tag_reader *r, PyObject *hit, int k) {  /* 1 or 0, -1 with an error set */
    PyObject *v = tag_field(r, hit, k);
    return v == NULL ? -1 : PyObject_IsTrue(v);
}

/* read_fast(items, tables, slow) -> None
 * items: the scanner's list (a tag, or (tag, attributes)); tables: tenhou_xml.ReadTables, read by
 * name: tags (tag -> FastTag), no_attributes, and what N, REACH and DORA need to be read here while
 * a round is live (quick_element). slow(index, tag, attributes) reads any other element and
 * returns (events, last_draw, live, four) for the draws and discards that follow. */
PyObject *read_fast(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *items, *tables, *slow;
    if (!PyArg_ParseTuple(args, "O!OO:read_fast", &PyList_Type, &items, &tables, &slow)) return NULL;
    PyObject *t[N_TABLES] = {NULL};
    for (int k = 0; k < N_TABLES; k++) {
        if ((t[k] = PyObject_GetAttr(tables, table_fields[k])) == NULL) {
            for (int j = 0; j < k; j++) Py_DECREF(t[j]);
            return NULL;
        }
    }
    PyObject *fast = t[TAGS], *no_attrs = t[NO_ATTRIBUTES];
    quick_tables quick = {t[CALLS], t[DECLARED], t[BUILD_ACCEPTED], t[NEW_DORA]};
    tag_reader tags = {NULL, {0}, {NULL}};
    if (!PyDict_Check(fast)) {
        PyErr_SetString(PyExc_TypeError, "read_fast: tables.tags is not a dict");
        for (int k = 0; k < N_TABLES; k++) Py_DECREF(t[k]);
        return NULL;
    }
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
                    int ok3 = tag_truth(&tags, hit, OK_IN_SANMA);
                    if (ok3 < 0) goto error;
                    if (four || ok3) {
                        PyObject *seat_obj = tag_field(&tags, hit, SEAT);
                        if (seat_obj == NULL) goto error;
                        long seat = PyLong_AsLong(seat_obj);
                        if (seat == -1 && PyErr_Occurred()) goto error;
                        if (seat < 0 || seat >= PyList_GET_SIZE(last_draw)) {
                            PyErr_SetString(PyExc_IndexError, "read_fast: seat out of range");
                            goto error;
                        }
                        PyObject *tile = tag_field(&tags, hit, TILE), *ev;
                        int is_discard = tile == NULL ? -1 : tag_truth(&tags, hit, IS_DISCARD);
                        if (is_discard < 0) goto error;
                        if (is_discard) {
                            int same = PyObject_RichCompareBool(PyList_GET_ITEM(last_draw, seat), tile, Py_EQ);
                            if (same < 0 || (ev = tag_field(&tags, hit, same ? TSUMOGIRI : DISCARD)) == NULL ||
                                PyList_Append(events, ev) < 0 || PyList_SetItem(last_draw, seat, Py_NewRef(Py_None)) < 0)
                                goto error;
                        } else {
                            Py_INCREF(tile);
                            if (PyList_SetItem(last_draw, seat, tile) < 0 || (ev = tag_field(&tags, hit, DRAW)) == NULL ||
                                PyList_Append(events, ev) < 0)
                                goto error;
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
            if (live) {
                int got = quick_element(tag, attrib, four, events, last_draw, &quick);
                if (got < 0) goto error;
                if (got) continue;
            }
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
    tag_reader_clear(&tags);
    for (int k = 0; k < N_TABLES; k++) Py_DECREF(t[k]);
    Py_RETURN_NONE;
error:
    Py_XDECREF(state);
    Py_DECREF(items);
    tag_reader_clear(&tags);
    for (int k = 0; k < N_TABLES; k++) Py_DECREF(t[k]);
    return NULL;
}

