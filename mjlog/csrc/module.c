/* mjlog._speedups: optional compiled helpers, one file per subject; this one holds the
 * method table. Every function has a pure-Python twin that gives the same answer, and
 * tests/house/test_speedups.py compares the two.
 *
 * parse_ints(text) -> tuple[int, ...] | None
 *     Comma-separated plain integers (at most 64 of them); None for anything else, which the
 *     caller hands to Python's int().
 *
 * parse_tiles(text, sanma) -> tuple[int, ...] | None
 *     The same for a list of tile ids, None also when an id is not in the game's wall (the
 *     reader's own checks then word the error).
 *
 * mt_seed(key) -> bytearray, mt_bytes(state, n) -> bytes
 *     MT19937 seeded by init_by_array, its output words as little-endian bytes (mjlog.rules.common.wall).
 *
 * sha512_blocks(data) -> bytes
 *     The SHA-512 digests (FIPS 180-4) of data's 128-byte blocks, joined: a wall's nine (mjlog.rules.common.wall).
 *
 * shuffle_wall(tiles, rnd) -> tuple | None
 *     Tenhou's Fisher-Yates pass over the sorted tile ids (mjlog.rules.common.wall).
 *
 * deal_matches(yama, dealer, hands) -> bool | None
 *     Whether the hands are the wall's deal, seat by seat (mjlog.rules.riichi.table's start check).
 *
 * waits(counts, held_elsewhere=None), is_tenpai(counts, held_elsewhere=None)
 *     mjlog.rules.riichi.hands' wait search over 34 counts; None for counts it does not take.
 *
 * event_columns(events, Draw, Discard) -> dict
 *     The events table's seat, kind, tile and tsumogiri columns of one round for its draws and
 *     discards, None elsewhere, and the indexes of the other events ("others"), by name
 *     (mjlog.store.rows).
 *
 * run_quiet(table, events, start, kinds) -> int
 *     The replay's hot step (mjlog.rules.riichi.table.play): the run of draws, discards, chi, pon and
 *     riichi steps from events[start] that break no rule, applied to a RiichiTable as its event
 *     methods apply them; the table's attributes are read and written by name.
 *
 * read_fast(items, tables, slow)
 *     The XML reader's loop: draws and discards from their tags, N (from the reader's call
 *     cache), REACH and DORA from their attributes while a round is live, every other element
 *     (and any of those it does not take) by slow(). tables (tenhou_xml.ReadTables) and each
 *     tag's FastTag are read by field name.
 *
 * read_win(attributes, players, melds, build_win) -> Win | None
 * read_init(attributes, players) -> dict | None
 * read_draw(attributes, players, kinds, build_draw) -> Ryuukyoku | None
 *     AGARI's Win, INIT's values and RYUUKYOKU's Ryuukyoku from plain attributes; None for anything else, which the
 *     reader's handler then reads (and words the error of). Every value goes by name: INIT's as a
 *     dict, the Win's and Ryuukyoku's fields as keywords to the builder.
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
#include "speedups.h"
#include "structmember.h"

static PyMethodDef methods[] = {
    {"read_fast", read_fast, METH_VARARGS,
     "read_fast(items, tables, slow): the XML reader's loop over the scanner's items."},
    {"read_win", read_win, METH_VARARGS,
     "read_win(attributes, players, melds, build_win) -> Win, or None when the handler must read it."},
    {"read_init", read_init, METH_VARARGS,
     "read_init(attributes, players) -> INIT's values, or None when the handler must read them."},
    {"read_draw", read_draw, METH_VARARGS,
     "read_draw(attributes, players, kinds, build_draw) -> Ryuukyoku, or None when the handler must read it."},
    {"deal_matches", deal_matches, METH_VARARGS,
     "deal_matches(yama, dealer, hands) -> whether each hand is the wall's deal to its seat (None: not a wall)."},
    {"event_columns", event_columns, METH_VARARGS,
     "event_columns(events, Draw, Discard) -> {seat, kind, tile, tsumogiri: columns, others: indexes of other events}."},
    {"run_quiet", run_quiet, METH_VARARGS,
     "run_quiet(table, events, start, kinds) -> index of the first event of events[start:] not applied to the table."},
    {"waits", waits, METH_VARARGS,
     "waits(counts, held_elsewhere=None) -> tuple of kinds, or None for counts outside 34 x 0..4."},
    {"is_tenpai", is_tenpai, METH_VARARGS,
     "is_tenpai(counts, held_elsewhere=None) -> bool, or None for counts outside 34 x 0..4."},
    {"sha512_blocks", sha512_blocks, METH_O,
     "sha512_blocks(data) -> bytes: the SHA-512 digests of data's consecutive 128-byte blocks, joined."},
    {"shuffle_wall", shuffle_wall, METH_VARARGS,
     "shuffle_wall(tiles, rnd) -> tuple: Tenhou's Fisher-Yates (swap i with i + rnd[i] % (n - i))."},
    {"parse_ints", parse_ints, METH_O,
     "parse_ints(text) -> tuple of ints, or None when text is not plain comma-separated integers."},
    {"mt_seed", mt_seed, METH_O,
     "mt_seed(key) -> bytearray: MT19937 state after init_by_array over key's little-endian 32-bit words."},
    {"mt_bytes", mt_bytes, METH_VARARGS,
     "mt_bytes(state, n) -> bytes: the next n MT19937 output words, little-endian (the state advances)."},
    {"parse_tiles", parse_tiles, METH_VARARGS,
     "parse_tiles(text, sanma) -> tuple of tile ids, or None unless all are plain ids of the game's wall."},
    {"scan_xml", scan_xml, METH_O,
     "scan_xml(data) -> (root_tag, root_attrs, items) or None when the bytes are outside the plain subset."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "mjlog._speedups", "Optional compiled helpers of mjlog.", -1, methods, NULL, NULL, NULL, NULL,
};

PyObject *str_seat = NULL, *str_tile = NULL, *str_tsumogiri = NULL;
PyObject *str_kind = NULL, *str_tiles = NULL, *str_called = NULL, *str_from_seat = NULL, *str_scores = NULL;

/* Offsets already looked up, by (class, interned name). A class in here is kept alive, so its
 * address cannot come back as another class's. */
#define SLOT_CACHE 24
static struct { PyTypeObject *type; PyObject *name; Py_ssize_t offset; } slot_cache[SLOT_CACHE];
static int slot_cache_used = 0;

static Py_ssize_t lookup_slot_offset(PyTypeObject *type, PyObject *name) {
    PyObject *descr = PyObject_GetAttr((PyObject *)type, name);
    if (descr == NULL) {
        PyErr_Clear();
        return -1;
    }
    Py_ssize_t offset = -1;
    if (Py_IS_TYPE(descr, &PyMemberDescr_Type) && PyDescr_TYPE(descr) == type) {
        PyMemberDef *member = ((PyMemberDescrObject *)descr)->d_member;
        if (member->type == T_OBJECT_EX && member->offset > 0) offset = member->offset;
    }
    Py_DECREF(descr);
    return offset;
}

Py_ssize_t slot_offset(PyTypeObject *type, PyObject *name) {
    for (int k = 0; k < slot_cache_used; k++)
        if (slot_cache[k].type == type && slot_cache[k].name == name) return slot_cache[k].offset;
    Py_ssize_t offset = lookup_slot_offset(type, name);
    if (slot_cache_used < SLOT_CACHE && PyUnicode_CHECK_INTERNED(name)) {
        Py_INCREF(type);
        Py_INCREF(name);
        slot_cache[slot_cache_used].type = type;
        slot_cache[slot_cache_used].name = name;
        slot_cache[slot_cache_used++].offset = offset;
    }
    return offset;
}

PyObject *slot_get(PyObject *obj, Py_ssize_t offset, PyObject *name) {
    if (offset > 0) {
        PyObject *v = *(PyObject **)((char *)obj + offset);
        if (v != NULL) return Py_NewRef(v);
    }
    return PyObject_GetAttr(obj, name);
}

PyMODINIT_FUNC PyInit__speedups(void) {
    str_seat = PyUnicode_InternFromString("seat");
    str_tile = PyUnicode_InternFromString("tile");
    str_tsumogiri = PyUnicode_InternFromString("tsumogiri");
    str_kind = PyUnicode_InternFromString("kind");
    str_tiles = PyUnicode_InternFromString("tiles");
    str_called = PyUnicode_InternFromString("called");
    str_from_seat = PyUnicode_InternFromString("from_seat");
    str_scores = PyUnicode_InternFromString("scores");
    if (str_seat == NULL || str_tile == NULL || str_tsumogiri == NULL || str_kind == NULL || str_tiles == NULL ||
        str_called == NULL || str_from_seat == NULL || str_scores == NULL || elements_init() < 0 ||
        quiet_init() < 0 || scan_init() < 0)
        return NULL;
    PyObject *m = PyModule_Create(&module);
    if (m != NULL && (PyModule_AddIntConstant(m, "MAX_ATTRIBUTE_CHARS", MAX_ATTRIBUTE_CHARS) < 0 ||
                      PyModule_AddIntConstant(m, "INTERFACE", MJLOG_SPEEDUPS_INTERFACE) < 0)) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
