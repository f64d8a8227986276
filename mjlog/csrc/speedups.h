/* Declarations shared by the files of mjlog._speedups (see module.c for what each does). */
#ifndef MJLOG_SPEEDUPS_H
#define MJLOG_SPEEDUPS_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>

/* The longest attribute value the scanner takes; longer ones go to lxml, whose path refuses
 * them. Must equal mjlog.formats.safe_xml.MAX_ATTRIBUTE_CHARS (a test checks the module's
 * MAX_ATTRIBUTE_CHARS attribute against it). */
#define MAX_ATTRIBUTE_CHARS 65536

/* The version of the helpers' calling conventions, the module's INTERFACE: raised whenever a
 * helper's arguments or results change, so that mjlog.accel refuses a module built from older
 * sources (whose helpers have the same names) instead of calling it the new way. Must equal
 * mjlog.accel.INTERFACE. */
#define MJLOG_SPEEDUPS_INTERFACE 2

/* Interned attribute names of the IR events (module.c). */
extern PyObject *str_seat, *str_tile, *str_tsumogiri, *str_kind, *str_tiles, *str_called, *str_from_seat, *str_scores;

/* module.c: the byte offset of slot `name` in instances of exactly `type` (a __slots__ member
 * holding an object), or -1 when it is not such a slot; no Python error is left set. Remembered
 * for the module's life for the first classes and interned names asked about. */
Py_ssize_t slot_offset(PyTypeObject *type, PyObject *name);
/* module.c: obj's attribute `name` (a new reference), read from the slot at `offset` (from
 * slot_offset for obj's exact type, or -1) when it is set, else looked up by name. */
PyObject *slot_get(PyObject *obj, Py_ssize_t offset, PyObject *name);

/* scan.c: Tenhou's plain XML and the reader's loop */
PyObject *scan_xml(PyObject *self, PyObject *arg);
PyObject *parse_ints(PyObject *self, PyObject *arg);
/* The values of str `text`, integers written [-]digits (1 to max_digits digits) joined by commas,
 * in vals[0..cap): their count (0 for an empty str), or -1 for anything else (not a str, spaces,
 * '+', '_', other digits, more than cap values), which int() may still read. */
Py_ssize_t plain_ints(PyObject *text, long long *vals, Py_ssize_t cap, int max_digits);
/* scan.c: a tuple of vals[0], vals[step], ... (below n), each times `scale`; NULL with an error set. */
PyObject *ints_tuple(const long long *vals, Py_ssize_t n, Py_ssize_t step, long long scale);
PyObject *parse_tiles(PyObject *self, PyObject *args);
int scan_init(void);
PyObject *read_fast(PyObject *self, PyObject *args);

/* elements.c: the reader's common elements */
int elements_init(void);
/* What quick_element needs, from tenhou_xml.ReadTables (borrowed): the reader's call cache
 * (players, who text, m text) -> (call, seat whose last draw the call ends, or None), the
 * RiichiDeclared of each seat, RiichiAccepted's builder, and the NewDora of each tile id. */
typedef struct { PyObject *calls, *declared, *build_accepted, *new_dora; } quick_tables;
int quick_element(PyObject *tag, PyObject *attrib, int four, PyObject *events, PyObject *last_draw,
                  const quick_tables *quick);
PyObject *read_win(PyObject *self, PyObject *args);
PyObject *read_init(PyObject *self, PyObject *args);
PyObject *read_draw(PyObject *self, PyObject *args);

/* wall_waits.c: the wall's shuffle and the wait search */
PyObject *shuffle_wall(PyObject *self, PyObject *args);
PyObject *deal_matches(PyObject *self, PyObject *args);
PyObject *waits(PyObject *self, PyObject *args);
PyObject *is_tenpai(PyObject *self, PyObject *args);
/* The kinds completing the concealed hand of 34-counts c (each 0..4) as a bit mask, none of
 * which the hand and `held` (its calls' counts, or NULL) hold all four of; stop_early returns at
 * the first one found (the tenpai test). c is restored before returning. */
unsigned long long wait_mask(int *c, const int *held, int stop_early);

/* sha512.c: the walls' hashing */
PyObject *sha512_blocks(PyObject *self, PyObject *arg);

/* mt.c: MT19937 streams for the walls */
PyObject *mt_seed(PyObject *self, PyObject *arg);
PyObject *mt_bytes(PyObject *self, PyObject *args);

/* quiet.c: runs of draws, discards, chi, pon and riichi that break no rule, in the replay */
int quiet_init(void);
PyObject *run_quiet(PyObject *self, PyObject *args);

/* rows.c: the store's events columns */
PyObject *event_columns(PyObject *self, PyObject *args);

#endif
