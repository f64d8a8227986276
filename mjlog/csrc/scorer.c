/* The scorer's compiled twin: mjlog.rules.riichi.scorer.score for the hands it takes.
 *
 * It follows the Python scorer step by step (the calls, the suit readings from the same
 * tables, the fact bits, every reading in the same order, the best by the same key, the fu
 * items, yaku list and payment) and builds the same HandValue. Anything unusual (tiles that
 * do not make a hand, more readings than it holds, a value that is not a plain int) returns
 * None, and the Python scorer then scores the hand or words the error. score_setup() hands it
 * the Python scorer's tables, facts and builders once, when mjlog.rules.riichi.scorer loads. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>
#include "speedups.h"

typedef unsigned long long u64;

/* ---- what score_setup() gives ---------------------------------------------------------------- */

enum {
    F_TSUMO, F_RIICHI, F_DOUBLE_RIICHI, F_IPPATSU, F_CHANKAN, F_RINSHAN, F_HAITEI, F_HOUTEI, F_TENHOU, F_CHIIHOU,
    F_OPEN, F_TANYAO_OK, F_ALL_SIMPLE, F_ALL_YAOCHUU, F_HONORS, F_TERMINALS, F_ONE_SUIT, F_NO_SUIT, F_ALL_GREEN,
    F_REGULAR, F_SEVEN_PAIRS, F_KOKUSHI, F_KOKUSHI_13, F_FOUR_RUNS, F_NO_RUNS, F_ONE_PEIKOU, F_TWO_PEIKOU,
    F_OUTSIDE, F_ITTSU, F_SANSHOKU, F_DOUKOU, F_THREE_KANS, F_FOUR_KANS, F_THREE_CONCEALED, F_FOUR_CONCEALED,
    F_VALUED_PAIR, F_DRAGON_PAIR, F_TWO_DRAGON_TRIPS, F_THREE_DRAGON_TRIPS, F_WIND_PAIR, F_THREE_WIND_TRIPS,
    F_FOUR_WIND_TRIPS, F_NINE_GATES, F_NINE_WAIT, F_RYANMEN_WAIT, F_TANKI_WAIT, N_FACTS
};
static const char *fact_names[N_FACTS] = {
    "TSUMO", "RIICHI", "DOUBLE_RIICHI", "IPPATSU", "CHANKAN", "RINSHAN", "HAITEI", "HOUTEI", "TENHOU", "CHIIHOU",
    "OPEN", "TANYAO_OK", "ALL_SIMPLE", "ALL_YAOCHUU", "HONORS", "TERMINALS", "ONE_SUIT", "NO_SUIT", "ALL_GREEN",
    "REGULAR", "SEVEN_PAIRS", "KOKUSHI", "KOKUSHI_13", "FOUR_RUNS", "NO_RUNS", "ONE_PEIKOU", "TWO_PEIKOU",
    "OUTSIDE", "ITTSU", "SANSHOKU", "DOUKOU", "THREE_KANS", "FOUR_KANS", "THREE_CONCEALED", "FOUR_CONCEALED",
    "VALUED_PAIR", "DRAGON_PAIR", "TWO_DRAGON_TRIPS", "THREE_DRAGON_TRIPS", "WIND_PAIR", "THREE_WIND_TRIPS",
    "FOUR_WIND_TRIPS", "NINE_GATES", "NINE_WAIT", "RYANMEN_WAIT", "TANKI_WAIT"};
static u64 F[N_FACTS];

/* waits and forms, as mjlog.rules.riichi.yaku numbers them (score_setup checks) */
enum { RYANMEN, KANCHAN, PENCHAN, TANKI, SHANPON, NO_WAIT };
enum { REGULAR_FORM, SEVEN_PAIRS_FORM, KOKUSHI_FORM };
enum { NORTH = 30 };

/* Kind masks of yaku.tile_facts: honours, terminals and honours, 2s 3s 4s 6s 8s and Hatsu. */
#define HONOR_KINDS (0x7FULL << 27)
#define YAOCHUU_KINDS (HONOR_KINDS | 1ULL << 0 | 1ULL << 8 | 1ULL << 9 | 1ULL << 17 | 1ULL << 18 | 1ULL << 26)
#define GREEN_KINDS (1ULL << 19 | 1ULL << 20 | 1ULL << 21 | 1ULL << 23 | 1ULL << 25 | 1ULL << 32)

static int ready = 0;
static PyObject *suit_tables[3], *suit_shapes_fn, *honor_table, *honor_shape_fn, *memo, *yaku_of_fn;
static PyObject *kind_kita, *kind_chi, *kind_pon, *kind_ankan, *payment_for_fn, *no_payment, *hand_value_fn;
static PyObject *item_base, *item_closed_ron, *item_tsumo, *item_open_pinfu, *item_seven_pairs, *item_dragon_pair,
    *item_seat_pair, *item_round_pair, *wait_items[6], *set_items[8], *wait_names[6], *empty_str;
static int next_kind[2][34];        /* [players == 4][indicator kind] -> dora kind */
static unsigned char red_five[136];
static int yakuhai_han[2][21];      /* [open][id 10..20] */
static int bonus_id[3];             /* DORA, AKA, URA */
static int double_id[4];            /* yakuman ids a rule knob may count twice */
static PyObject *double_knob[4];
static PyObject *a_players, *a_kiriage, *a_kazoe, *a_red_fives, *a_open_tanyao, *a_kind, *a_tiles, *a_points;
static PyObject *c_seat_wind, *c_round_wind, *c_flags[10], *c_dora, *c_ura, *c_kita;
static int is_yaochuu[34];

static int config_long(PyObject *cfg, const char *key, long *out) {
    PyObject *v = PyDict_GetItemString(cfg, key);
    if (v == NULL || !PyLong_Check(v)) { PyErr_Format(PyExc_ValueError, "score_setup: %s must be an int", key); return -1; }
    *out = PyLong_AsLong(v);
    return *out == -1 && PyErr_Occurred() ? -1 : 0;
}

static PyObject *config_obj(PyObject *cfg, const char *key) {
    PyObject *v = PyDict_GetItemString(cfg, key);
    if (v == NULL) PyErr_Format(PyExc_KeyError, "score_setup: %s is missing", key);
    return v;
}

static int keep(PyObject **slot, PyObject *cfg, const char *key) {
    PyObject *v = config_obj(cfg, key);
    if (v == NULL) return -1;
    Py_XSETREF(*slot, Py_NewRef(v));
    return 0;
}

static int intern(PyObject **slot, const char *name) {
    if (*slot == NULL) *slot = PyUnicode_InternFromString(name);
    return *slot == NULL ? -1 : 0;
}

/* score_setup(config) -> None: the Python scorer's facts, tables, builders and constants. */
PyObject *score_setup(PyObject *self, PyObject *cfg) {
    ready = 0;
    if (!PyDict_Check(cfg)) { PyErr_SetString(PyExc_TypeError, "score_setup: config must be a dict"); return NULL; }
    PyObject *facts = config_obj(cfg, "facts");
    if (facts == NULL) return NULL;
    for (int i = 0; i < N_FACTS; i++) {
        PyObject *bit = PyDict_GetItemString(facts, fact_names[i]);
        if (bit == NULL) return PyErr_Format(PyExc_KeyError, "score_setup: fact %s is missing", fact_names[i]);
        F[i] = PyLong_AsUnsignedLongLong(bit);
        if (PyErr_Occurred()) return NULL;
    }
    long v;
    const char *checks[] = {"RYANMEN", "KANCHAN", "PENCHAN", "TANKI", "SHANPON", "NO_WAIT"};
    for (long i = 0; i < 6; i++) {
        if (config_long(cfg, checks[i], &v) < 0) return NULL;
        if (v != i) return PyErr_Format(PyExc_ValueError, "score_setup: %s is %ld, not %ld", checks[i], v, i);
    }
    const char *forms[] = {"REGULAR_FORM", "SEVEN_PAIRS_FORM", "KOKUSHI_FORM"};
    for (long i = 0; i < 3; i++) {
        if (config_long(cfg, forms[i], &v) < 0) return NULL;
        if (v != i) return PyErr_Format(PyExc_ValueError, "score_setup: %s is %ld, not %ld", forms[i], v, i);
    }
    if (config_long(cfg, "NORTH", &v) < 0) return NULL;
    if (v != NORTH) return PyErr_Format(PyExc_ValueError, "score_setup: NORTH is %ld", v);
    PyObject *tables = config_obj(cfg, "suit_tables");
    if (tables == NULL) return NULL;
    if (!PyTuple_Check(tables) || PyTuple_GET_SIZE(tables) != 3) {
        PyErr_SetString(PyExc_TypeError, "score_setup: suit_tables must be 3 dicts");
        return NULL;
    }
    for (int i = 0; i < 3; i++) {
        if (!PyDict_Check(PyTuple_GET_ITEM(tables, i))) {
            PyErr_SetString(PyExc_TypeError, "score_setup: suit_tables must be 3 dicts");
            return NULL;
        }
        Py_XSETREF(suit_tables[i], Py_NewRef(PyTuple_GET_ITEM(tables, i)));
    }
    if (keep(&suit_shapes_fn, cfg, "suit_shapes") < 0 || keep(&honor_table, cfg, "honor_table") < 0 ||
        keep(&honor_shape_fn, cfg, "honor_shape") < 0 || keep(&memo, cfg, "memo") < 0 ||
        keep(&yaku_of_fn, cfg, "yaku_of") < 0 || keep(&kind_kita, cfg, "KITA") < 0 || keep(&kind_chi, cfg, "CHI") < 0 ||
        keep(&kind_pon, cfg, "PON") < 0 || keep(&kind_ankan, cfg, "ANKAN") < 0 ||
        keep(&payment_for_fn, cfg, "payment_for") < 0 || keep(&no_payment, cfg, "no_payment") < 0 ||
        keep(&hand_value_fn, cfg, "hand_value") < 0 || keep(&item_base, cfg, "item_base") < 0 ||
        keep(&item_closed_ron, cfg, "item_closed_ron") < 0 || keep(&item_tsumo, cfg, "item_tsumo") < 0 ||
        keep(&item_open_pinfu, cfg, "item_open_pinfu") < 0 || keep(&item_seven_pairs, cfg, "item_seven_pairs") < 0 ||
        keep(&item_dragon_pair, cfg, "item_dragon_pair") < 0 || keep(&item_seat_pair, cfg, "item_seat_pair") < 0 ||
        keep(&item_round_pair, cfg, "item_round_pair") < 0)
        return NULL;
    if (!PyDict_Check(honor_table) || !PyDict_Check(memo)) {
        PyErr_SetString(PyExc_TypeError, "score_setup: honor_table and memo must be dicts");
        return NULL;
    }
    PyObject *seqs[] = {config_obj(cfg, "wait_items"), config_obj(cfg, "set_items"), config_obj(cfg, "wait_names"),
                        config_obj(cfg, "next3"), config_obj(cfg, "next4"), config_obj(cfg, "yakuhai_han"),
                        config_obj(cfg, "bonus_ids"), config_obj(cfg, "double_knobs"), config_obj(cfg, "red_fives")};
    Py_ssize_t sizes[] = {6, 8, 6, 34, 34, 21, 3, 4, -1};
    for (int i = 0; i < 9; i++) {
        if (seqs[i] == NULL) return NULL;
        if (sizes[i] >= 0 && (!PyTuple_Check(seqs[i]) || PyTuple_GET_SIZE(seqs[i]) != sizes[i]))
            return PyErr_Format(PyExc_ValueError, "score_setup: config item %d must be a tuple of %zd", i, sizes[i]);
    }
    for (int i = 0; i < 6; i++) Py_XSETREF(wait_items[i], Py_NewRef(PyTuple_GET_ITEM(seqs[0], i)));
    for (int i = 0; i < 8; i++) Py_XSETREF(set_items[i], Py_NewRef(PyTuple_GET_ITEM(seqs[1], i)));
    for (int i = 0; i < 6; i++) Py_XSETREF(wait_names[i], Py_NewRef(PyTuple_GET_ITEM(seqs[2], i)));
    for (int p = 0; p < 2; p++)
        for (int k = 0; k < 34; k++) {
            long d = PyLong_AsLong(PyTuple_GET_ITEM(seqs[3 + p], k));
            if (d == -1 && PyErr_Occurred()) return NULL;
            if (d < 0 || d >= 34) return PyErr_Format(PyExc_ValueError, "score_setup: dora kind %ld", d);
            next_kind[p][k] = (int)d;
        }
    for (int i = 0; i < 21; i++) {
        PyObject *pair = PyTuple_GET_ITEM(seqs[5], i);
        if (!PyTuple_Check(pair) || PyTuple_GET_SIZE(pair) != 2) {
            PyErr_SetString(PyExc_ValueError, "score_setup: yakuhai_han holds (closed, open) pairs");
            return NULL;
        }
        yakuhai_han[0][i] = (int)PyLong_AsLong(PyTuple_GET_ITEM(pair, 0));
        yakuhai_han[1][i] = (int)PyLong_AsLong(PyTuple_GET_ITEM(pair, 1));
    }
    for (int i = 0; i < 3; i++) bonus_id[i] = (int)PyLong_AsLong(PyTuple_GET_ITEM(seqs[6], i));
    for (int i = 0; i < 4; i++) {
        PyObject *pair = PyTuple_GET_ITEM(seqs[7], i);
        if (!PyTuple_Check(pair) || PyTuple_GET_SIZE(pair) != 2 || !PyUnicode_Check(PyTuple_GET_ITEM(pair, 1))) {
            PyErr_SetString(PyExc_ValueError, "score_setup: double_knobs holds (yaku id, knob name) pairs");
            return NULL;
        }
        double_id[i] = (int)PyLong_AsLong(PyTuple_GET_ITEM(pair, 0));
        Py_XSETREF(double_knob[i], Py_NewRef(PyTuple_GET_ITEM(pair, 1)));
    }
    if (PyErr_Occurred()) return NULL;
    memset(red_five, 0, sizeof red_five);
    PyObject *it = PyObject_GetIter(seqs[8]), *item;
    if (it == NULL) return NULL;
    while ((item = PyIter_Next(it)) != NULL) {
        long t = PyLong_AsLong(item);
        Py_DECREF(item);
        if (t >= 0 && t < 136) red_five[t] = 1;
    }
    Py_DECREF(it);
    if (PyErr_Occurred()) return NULL;
    for (int k = 0; k < 34; k++) is_yaochuu[k] = (int)((YAOCHUU_KINDS >> k) & 1);
    const char *flag_names[10] = {"tsumo", "riichi", "double_riichi", "ippatsu", "chankan", "rinshan", "haitei",
                                  "houtei", "tenhou", "chiihou"};
    for (int i = 0; i < 10; i++)
        if (intern(&c_flags[i], flag_names[i]) < 0) return NULL;
    if (intern(&a_players, "players") < 0 || intern(&a_kiriage, "kiriage_mangan") < 0 ||
        intern(&a_kazoe, "kazoe_yakuman") < 0 || intern(&a_red_fives, "red_fives") < 0 ||
        intern(&a_open_tanyao, "open_tanyao") < 0 || intern(&a_kind, "kind") < 0 || intern(&a_tiles, "tiles") < 0 ||
        intern(&a_points, "points") < 0 || intern(&c_seat_wind, "seat_wind") < 0 ||
        intern(&c_round_wind, "round_wind") < 0 || intern(&c_dora, "dora_indicators") < 0 ||
        intern(&c_ura, "ura_indicators") < 0 || intern(&c_kita, "kita") < 0 || intern(&empty_str, "") < 0)
        return NULL;
    ready = 1;
    Py_RETURN_NONE;
}

/* ---- small readers --------------------------------------------------------------------------- */

/* obj.name as a C long: 1 with *out set, 0 when it is not an int that fits, -1 on an error. */
static int attr_long(PyObject *obj, PyObject *name, long *out) {
    PyObject *v = PyObject_GetAttr(obj, name);
    if (v == NULL) return -1;
    int ok = PyLong_Check(v);
    if (ok) {
        *out = PyLong_AsLong(v);
        if (*out == -1 && PyErr_Occurred()) { PyErr_Clear(); ok = 0; }
    }
    Py_DECREF(v);
    return ok;
}

/* The truth of obj.name: 0 or 1, -1 on an error. */
static int attr_true(PyObject *obj, PyObject *name) {
    PyObject *v = PyObject_GetAttr(obj, name);
    if (v == NULL) return -1;
    int t = PyObject_IsTrue(v);
    Py_DECREF(v);
    return t;
}

/* The ints of a tuple or list into out[0..cap): their count, -2 when not a sequence of ints in
 * 0..135 or longer than cap, -1 on an error. */
static Py_ssize_t tile_ids(PyObject *seq, int *out, Py_ssize_t cap) {
    if (!PyTuple_Check(seq) && !PyList_Check(seq)) return -2;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n > cap) return -2;
    PyObject **items = PySequence_Fast_ITEMS(seq);
    for (Py_ssize_t i = 0; i < n; i++) {
        if (!PyLong_Check(items[i])) return -2;
        long t = PyLong_AsLong(items[i]);
        if (t == -1 && PyErr_Occurred()) { PyErr_Clear(); return -2; }
        if (t < 0 || t > 135) return -2;
        out[i] = (int)t;
    }
    return n;
}

/* The dora kinds the indicators in ctx.name show, into kinds[0..16): their count, -2 when not a
 * sequence of tile ids, -1 on an error. */
static Py_ssize_t indicated_kinds(PyObject *ctx, PyObject *name, const int *nxt, int *kinds) {
    int ids[16];
    PyObject *seq = PyObject_GetAttr(ctx, name);
    if (seq == NULL) return -1;
    Py_ssize_t n = tile_ids(seq, ids, 16);
    Py_DECREF(seq);
    for (Py_ssize_t i = 0; i < n; i++) kinds[i] = nxt[ids[i] >> 2];
    return n;
}

/* Limit code 0-5 (points.limit_of). */
static int limit_of(int han, int fu, int yakuman, int kiriage, int kazoe) {
    if (yakuman) return 5;
    if (han >= 13) return kazoe ? 5 : 4;
    if (han >= 11) return 4;
    if (han >= 8) return 3;
    if (han >= 6) return 2;
    if (han == 5 || (han == 4 && fu >= 40) || (han == 3 && fu >= 70)) return 1;
    if (kiriage && ((han == 4 && fu == 30) || (han == 3 && fu == 60))) return 1;
    return 0;
}

static const long long LIMIT_BASIC[6] = {0, 2000, 3000, 4000, 6000, 8000};

/* Basic points (points.basic_points); -1 for a shift no hand below the limits reaches. */
static long long basic_points(int han, int fu, int lim, int yakuman) {
    if (yakuman) return 8000LL * yakuman;
    if (lim) return LIMIT_BASIC[lim];
    return han + 2 < 40 ? (long long)fu << (han + 2) : -1;
}

/* How many yakuman an id counts (scorer._yakuman_value): 2 under its double knob, else 1. */
static int yakuman_value(long id, const int *doubles) {
    for (int d = 0; d < 4; d++)
        if (id == double_id[d] && doubles[d]) return 2;
    return 1;
}

/* The fact bits of the kinds present (yaku.tile_facts). */
static u64 tile_facts(u64 bits) {
    const u64 suit[3] = {0x1FFULL, 0x1FFULL << 9, 0x1FFULL << 18}, honors = HONOR_KINDS;
    const u64 yaochuu = YAOCHUU_KINDS, green = GREEN_KINDS, all = (1ULL << 34) - 1;
    int n_suits = !!(bits & suit[0]) + !!(bits & suit[1]) + !!(bits & suit[2]);
    u64 f = 0;
    if (bits & honors) f |= F[F_HONORS];
    if (!(bits & yaochuu)) f |= F[F_ALL_SIMPLE];
    if (!(bits & (all & ~yaochuu))) f |= F[F_ALL_YAOCHUU];
    if (bits & (yaochuu & ~honors)) f |= F[F_TERMINALS];
    if (n_suits == 1) f |= F[F_ONE_SUIT];
    else if (n_suits == 0) f |= F[F_NO_SUIT];
    if (!(bits & (all & ~green))) f |= F[F_ALL_GREEN];
    return f;
}

static u64 honor_set_facts(int pair, const int *trips, int n_trips, int seat_k, int round_k) {
    int dragons = 0, winds = 0;
    for (int i = 0; i < n_trips; i++) {
        if (trips[i] >= 31) dragons++;
        else if (trips[i] >= 27) winds++;
    }
    u64 f = dragons == 2 ? F[F_TWO_DRAGON_TRIPS] : dragons == 3 ? F[F_THREE_DRAGON_TRIPS] : 0;
    f |= winds == 3 ? F[F_THREE_WIND_TRIPS] : winds == 4 ? F[F_FOUR_WIND_TRIPS] : 0;
    if (pair >= 31) f |= F[F_DRAGON_PAIR] | F[F_VALUED_PAIR];
    else if (pair >= 27) {
        f |= F[F_WIND_PAIR];
        if (pair == seat_k || pair == round_k) f |= F[F_VALUED_PAIR];
    }
    return f;
}

static u64 nine_gates_facts(const int *counts, u64 bits, int w) {
    static const int gates[9] = {3, 1, 1, 1, 1, 1, 1, 1, 3};
    for (int i = 0; i < 3; i++) {
        if (bits & (0x1FFULL << (9 * i))) {
            int base = 9 * i;
            for (int j = 0; j < 9; j++)
                if (counts[base + j] < gates[j]) return 0;
            int j = w - base;
            if (j < 0 || j > 8) return 0;  /* not reached: the winning tile is in the one suit */
            return F[F_NINE_GATES] | (counts[w] - gates[j] == 1 ? F[F_NINE_WAIT] : 0);
        }
    }
    return 0;
}

static int pair_fu(int pair, int seat_k, int round_k) {
    if (pair >= 31) return 2;
    return (pair == seat_k ? 2 : 0) + (pair == round_k ? 2 : 0);
}

static int wait_fu(int wait) { return wait == KANCHAN || wait == PENCHAN || wait == TANKI ? 2 : 0; }

static int set_fu(int concealed, int yaochuu, int kan) {
    return (concealed ? 4 : 2) * (yaochuu ? 2 : 1) * (kan ? 4 : 1);
}

/* One reading of the hand (scorer.py's reading tuple). */
typedef struct {
    u64 facts;
    int fu, form, pair, wait, opened, n_trips;
    int trips[4];
} reading;

#define MAX_READINGS 64

static int add_regular(reading *out, int *n_out, u64 facts, int raw, int conc, int extra, int wait, int pair,
                       const int *trips, int n_trips, int opened, int open_, int tsumo) {
    if (*n_out >= MAX_READINGS || n_trips > 4) return -1;
    int wf = wait_fu(wait);
    raw += wf;
    if (tsumo) {
        if (extra || wf || open_) raw += 2;
    } else if (open_ && !(extra || wf)) {
        raw += 2;
    }
    facts |= wait == RYANMEN ? F[F_RYANMEN_WAIT] : wait == TANKI ? F[F_TANKI_WAIT] : 0;
    if (conc >= 3) facts |= conc == 3 ? F[F_THREE_CONCEALED] : F[F_FOUR_CONCEALED];
    reading *r = &out[(*n_out)++];
    r->facts = facts;
    r->fu = (raw + 9) / 10 * 10;  /* raw is positive: ceil to tens */
    r->form = REGULAR_FORM;
    r->pair = pair;
    r->wait = wait;
    r->opened = opened;
    r->n_trips = n_trips;
    memcpy(r->trips, trips, sizeof(int) * (size_t)n_trips);
    return 0;
}

/* A shape table entry: the (mask, readings) tuple of a suit's counts, or the honours' 5-tuple,
 * from the table or (on a miss) the Python builder; a new reference, NULL on an error. */
static PyObject *shape_of(PyObject *table, PyObject *builder, const int *counts, int n, int base) {
    long long values[9];
    for (int i = 0; i < n; i++) values[i] = counts[i];
    PyObject *key = ints_tuple(values, n, 1, 1);
    if (key == NULL) return NULL;
    PyObject *got = PyDict_GetItemWithError(table, key);
    if (got != NULL) {
        Py_DECREF(key);
        return Py_NewRef(got);
    }
    if (PyErr_Occurred()) { Py_DECREF(key); return NULL; }
    got = base < 0 ? PyObject_CallOneArg(builder, key) : PyObject_CallFunction(builder, "Oi", key, base);
    Py_DECREF(key);
    return got;
}

static int as_int(PyObject *v, long *out) {
    *out = PyLong_AsLong(v);
    return *out == -1 && PyErr_Occurred() ? -1 : 0;
}

/* A tuple of ints' values into out (at most cap): their count, or -1 (error set or not a tuple). */
static int int_tuple(PyObject *t, int *out, int cap) {
    if (!PyTuple_Check(t) || PyTuple_GET_SIZE(t) > cap) {
        PyErr_SetString(PyExc_TypeError, "score_fast: a shape table entry is not as the scorer builds it");
        return -1;
    }
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(t); i++) {
        long v;
        if (as_int(PyTuple_GET_ITEM(t, i), &v) < 0) return -1;
        out[i] = (int)v;
    }
    return (int)PyTuple_GET_SIZE(t);
}

/* ---- score_fast ------------------------------------------------------------------------------ */

/* score_fast(concealed, melds, win_tile, context, rules) -> HandValue | None */
PyObject *score_fast(PyObject *self, PyObject *args) {
    PyObject *concealed, *melds, *win_obj, *ctx, *rules;
    if (!PyArg_ParseTuple(args, "OOOOO:score_fast", &concealed, &melds, &win_obj, &ctx, &rules)) return NULL;
    if (!ready) Py_RETURN_NONE;
    PyObject *shapes[4] = {NULL, NULL, NULL, NULL}, *best_y = NULL, *result = NULL, *tmp = NULL;
    PyObject *items = NULL, *yaku = NULL, *pay = NULL, *points = NULL;
    reading readings[MAX_READINGS];
    int n_readings = 0;
    long lv;
    int got;
#define SKIP do { result = Py_NewRef(Py_None); goto done; } while (0)
#define FAIL goto done
#define LONG_ATTR(obj, name, out) do { got = attr_long((obj), (name), &lv); if (got < 0) FAIL; if (!got) SKIP; (out) = lv; } while (0)
#define TRUE_ATTR(obj, name, out) do { got = attr_true((obj), (name)); if (got < 0) FAIL; (out) = got; } while (0)

    /* the rules */
    long players;
    int kiriage, kazoe, reds, open_tanyao, doubles[4];
    LONG_ATTR(rules, a_players, players);
    if (players != 3 && players != 4) SKIP;
    TRUE_ATTR(rules, a_kiriage, kiriage);
    TRUE_ATTR(rules, a_kazoe, kazoe);
    TRUE_ATTR(rules, a_red_fives, reds);
    TRUE_ATTR(rules, a_open_tanyao, open_tanyao);
    for (int i = 0; i < 4; i++) TRUE_ATTR(rules, double_knob[i], doubles[i]);

    /* the concealed tiles */
    int conc_ids[14], all_ids[136], n_all;
    Py_ssize_t n_conc = tile_ids(concealed, conc_ids, 14);
    if (n_conc == -1) FAIL;
    if (n_conc < 1) SKIP;
    if (!PyLong_Check(win_obj)) SKIP;
    long win_tile;
    if (as_int(win_obj, &win_tile) < 0) { PyErr_Clear(); SKIP; }
    if (win_tile < 0 || win_tile > 135) SKIP;
    int counts[34] = {0}, all_counts[34];
    for (Py_ssize_t i = 0; i < n_conc; i++) { counts[conc_ids[i] >> 2]++; all_ids[i] = conc_ids[i]; }
    n_all = (int)n_conc;
    memcpy(all_counts, counts, sizeof counts);

    /* the calls */
    long kita;
    LONG_ATTR(ctx, c_kita, kita);
    int n_sets = 0, n_ankan = 0, n_kans = 0, n_mruns = 0, mfu = 0, open_ = 0, m_outside = 1;
    u64 mbits = 0, mrmask = 0, mtmask = 0;
    int meld_trips[8][3], n_meld_trips = 0;  /* (kind, concealed, kan) */
    if (!PyTuple_Check(melds) && !PyList_Check(melds)) SKIP;
    Py_ssize_t n_melds = PySequence_Fast_GET_SIZE(melds);
    if (n_melds > 8) SKIP;
    for (Py_ssize_t i = 0; i < n_melds; i++) {
        PyObject *m = PySequence_Fast_GET_ITEM(melds, i);
        PyObject *kind = PyObject_GetAttr(m, a_kind);
        if (kind == NULL) FAIL;
        Py_DECREF(kind);  /* the CallKind members are kept alive by their class */
        PyObject *tiles = PyObject_GetAttr(m, a_tiles);
        if (tiles == NULL) FAIL;
        int ids[4];
        Py_ssize_t n = tile_ids(tiles, ids, 4);
        Py_DECREF(tiles);
        if (n == -1) FAIL;
        if (n < 1) SKIP;
        for (Py_ssize_t j = 0; j < n; j++) all_ids[n_all++] = ids[j];
        if (kind == kind_kita) {
            if (n != 1 || ids[0] >> 2 != NORTH) SKIP;
            kita++;
            continue;
        }
        n_sets++;
        if (kind == kind_chi) {
            if (players == 3 || n != 3) SKIP;
            int a = ids[0], b = ids[1], c = ids[2], t;
            if (a > b) { t = a; a = b; b = t; }
            if (b > c) { t = b; b = c; c = t; }
            if (a > b) { t = a; a = b; b = t; }
            int base = a >> 2;
            if (base >= 27 || b >> 2 != base + 1 || c >> 2 != base + 2 || base / 9 != (c >> 2) / 9) SKIP;
            open_ = 1;
            n_mruns++;
            mrmask |= 1ULL << base;
            mbits |= 7ULL << base;
            all_counts[base]++;
            all_counts[base + 1]++;
            all_counts[base + 2]++;
            if (base % 9 != 0 && base % 9 != 6) m_outside = 0;
        } else {
            int base = ids[0] >> 2;
            if (n != (kind == kind_pon ? 3 : 4)) SKIP;
            for (Py_ssize_t j = 0; j < n; j++)
                if (ids[j] >> 2 != base) SKIP;
            int kan = n == 4, conc = kind == kind_ankan;
            if (conc) n_ankan++;
            else open_ = 1;
            if (kan) n_kans++;
            int yao = is_yaochuu[base];
            if (!yao) m_outside = 0;
            meld_trips[n_meld_trips][0] = base;
            meld_trips[n_meld_trips][1] = conc;
            meld_trips[n_meld_trips][2] = kan;
            n_meld_trips++;
            mfu += set_fu(conc, yao, kan);
            mbits |= 1ULL << base;
            mtmask |= 1ULL << base;
            all_counts[base] += (int)n;
        }
    }
    for (int i = 0; i < n_meld_trips / 2; i++) {  /* Tenhou lists the calls' sets last call first */
        int t[3];
        memcpy(t, meld_trips[i], sizeof t);
        memcpy(meld_trips[i], meld_trips[n_meld_trips - 1 - i], sizeof t);
        memcpy(meld_trips[n_meld_trips - 1 - i], t, sizeof t);
    }
    /* what the Python scorer words as an error: not 14 - 3 sets concealed, a repeated id, the winning
     * tile not held, a 2m-8m in sanma */
    if (n_conc != 14 - 3 * n_sets) SKIP;
    unsigned char seen[136] = {0};
    int aka = 0;
    for (int i = 0; i < n_all; i++) {
        if (seen[all_ids[i]]) SKIP;
        seen[all_ids[i]] = 1;
        aka += red_five[all_ids[i]];
    }
    if (!reds) aka = 0;
    int held = 0;
    for (Py_ssize_t i = 0; i < n_conc; i++) held |= conc_ids[i] == win_tile;
    if (!held) SKIP;
    if (players == 3)
        for (int k = 1; k < 8; k++)
            if (all_counts[k]) SKIP;

    /* the concealed tiles, suit by suit */
    int w = (int)(win_tile >> 2);
    for (int s = 0; s < 3; s++) {
        shapes[s] = shape_of(suit_tables[s], suit_shapes_fn, counts + 9 * s, 9, 9 * s);
        if (shapes[s] == NULL) FAIL;
        if (!PyTuple_Check(shapes[s]) || PyTuple_GET_SIZE(shapes[s]) != 2 ||
            !PyTuple_Check(PyTuple_GET_ITEM(shapes[s], 1))) SKIP;
    }
    shapes[3] = shape_of(honor_table, honor_shape_fn, counts + 27, 7, -1);
    if (shapes[3] == NULL) FAIL;
    if (!PyTuple_Check(shapes[3]) || PyTuple_GET_SIZE(shapes[3]) != 5) SKIP;
    u64 present[3], bits = mbits;
    for (int s = 0; s < 3; s++) {
        present[s] = PyLong_AsUnsignedLongLong(PyTuple_GET_ITEM(shapes[s], 0));
        bits |= present[s];
    }
    u64 hpresent = PyLong_AsUnsignedLongLong(PyTuple_GET_ITEM(shapes[3], 0));
    if (PyErr_Occurred()) FAIL;
    bits |= hpresent;
    int h_ok = PyObject_IsTrue(PyTuple_GET_ITEM(shapes[3], 1));
    if (h_ok < 0) FAIL;
    long hpair_l;
    if (as_int(PyTuple_GET_ITEM(shapes[3], 2), &hpair_l) < 0) FAIL;
    int hpair = (int)hpair_l, htrips[7];
    int n_htrips = int_tuple(PyTuple_GET_ITEM(shapes[3], 3), htrips, 7);
    if (n_htrips < 0) FAIL;
    u64 htmask = PyLong_AsUnsignedLongLong(PyTuple_GET_ITEM(shapes[3], 4));
    if (PyErr_Occurred()) FAIL;

    /* hand-wide facts */
    int tsumo, flags[10];
    for (int i = 0; i < 10; i++) TRUE_ATTR(ctx, c_flags[i], flags[i]);
    tsumo = flags[0];
    long seat_wind, round_wind;
    LONG_ATTR(ctx, c_seat_wind, seat_wind);
    LONG_ATTR(ctx, c_round_wind, round_wind);
    int seat_k = 27 + (int)seat_wind, round_k = 27 + (int)round_wind;
    u64 hf = tile_facts(bits);
    const int situation[10] = {F_TSUMO, F_RIICHI, F_DOUBLE_RIICHI, F_IPPATSU, F_CHANKAN, F_RINSHAN, F_HAITEI,
                               F_HOUTEI, F_TENHOU, F_CHIIHOU};
    for (int i = 0; i < 10; i++)
        if (flags[i]) hf |= F[situation[i]];
    if (open_) {
        hf |= F[F_OPEN];
        if (open_tanyao) hf |= F[F_TANYAO_OK];
    } else {
        hf |= F[F_TANYAO_OK];
    }
    if (n_kans >= 3) hf |= n_kans == 3 ? F[F_THREE_KANS] : F[F_FOUR_KANS];

    /* dora */
    const int *nxt = next_kind[players == 4];
    int dora = 0, ura = 0, kinds[16];
    Py_ssize_t n_ind = indicated_kinds(ctx, c_dora, nxt, kinds);
    if (n_ind == -1) FAIL;
    if (n_ind < 0) SKIP;
    int north = 0;
    for (Py_ssize_t i = 0; i < n_ind; i++) {
        dora += all_counts[kinds[i]];
        north += kinds[i] == NORTH;
    }
    if (kita) dora += (int)kita + (int)kita * north;
    int in_riichi = flags[1] || flags[2];
    if (in_riichi) {
        n_ind = indicated_kinds(ctx, c_ura, nxt, kinds);
        if (n_ind == -1) FAIL;
        if (n_ind < 0) SKIP;
        for (Py_ssize_t i = 0; i < n_ind; i++) ura += all_counts[kinds[i]] + (kinds[i] == NORTH ? (int)kita : 0);
    }
    int bonus = dora + aka + ura;

    /* every reading */
    int yh[8], n_yh = 0;
    int zeros = 0, pairs = 0;
    for (int k = 0; k < 34; k++) { zeros += counts[k] == 0; pairs += counts[k] == 2; }
    int kokushi = 0;
    if (!n_sets && zeros == 21) {  /* is_thirteen_orphans: every terminal and honour, 14 tiles among them */
        int sum = 0, all_there = 1;
        for (int k = 0; k < 34; k++)
            if (is_yaochuu[k]) { sum += counts[k]; all_there &= counts[k] > 0; }
        kokushi = all_there && sum == 14 && n_conc == 14;
    }
    if (kokushi) {
        reading *r = &readings[n_readings++];
        r->facts = hf | F[F_KOKUSHI] | (counts[w] == 2 ? F[F_KOKUSHI_13] : 0);
        r->fu = 0; r->form = KOKUSHI_FORM; r->pair = -1; r->wait = NO_WAIT; r->opened = 0; r->n_trips = 0;
    } else {
        if (!n_sets && pairs == 7) {
            reading *r = &readings[n_readings++];
            r->facts = hf | F[F_SEVEN_PAIRS] | F[F_TANKI_WAIT];
            r->fu = 25; r->form = SEVEN_PAIRS_FORM; r->pair = -1; r->wait = TANKI; r->opened = 0; r->n_trips = 0;
        }
        PyObject *suit_readings[3];
        int all_ok = h_ok;
        for (int s = 0; s < 3; s++) {
            suit_readings[s] = PyTuple_GET_ITEM(shapes[s], 1);
            all_ok = all_ok && PyTuple_GET_SIZE(suit_readings[s]) > 0;
        }
        if (all_ok) {
            int honor_trips[16], n_honor_trips = 0;
            for (int i = 0; i < n_htrips; i++) honor_trips[n_honor_trips++] = htrips[i];
            if (mtmask & (0x7FULL << 27))
                for (int i = 0; i < n_meld_trips; i++)
                    if (meld_trips[i][0] >= 27) honor_trips[n_honor_trips++] = meld_trips[i][0];
            u64 hreg = hf | F[F_REGULAR];
            if (n_honor_trips || hpair >= 0) {
                hreg |= honor_set_facts(hpair, honor_trips, n_honor_trips, seat_k, round_k);
                for (int i = 0; i < n_honor_trips; i++) {  /* yaku.yakuhai */
                    int k = honor_trips[i];
                    if (k >= 31) yh[n_yh++] = 18 + k - 31;
                    else {
                        if (k == round_k) yh[n_yh++] = 14 + k - 27;
                        if (k == seat_k) yh[n_yh++] = 10 + k - 27;
                    }
                    if (n_yh > 6) SKIP;
                }
            }
            if (!n_sets && (hf & F[F_ONE_SUIT]) && !(hf & F[F_HONORS])) hreg |= nine_gates_facts(counts, bits, w);
            int pfu = hpair >= 0 ? pair_fu(hpair, seat_k, round_k) : 0;
            int raw0 = 20 + mfu + pfu + (open_ || tsumo ? 0 : 10);
            int htfu = 8 * n_htrips;
            PyObject *parts[3];
            Py_ssize_t n_parts = 0, sizes[3], idx[3] = {0, 0, 0};
            for (int s = 0; s < 3; s++)
                if (present[s]) { parts[n_parts] = suit_readings[s]; sizes[n_parts] = PyTuple_GET_SIZE(parts[n_parts]); n_parts++; }
            for (;;) {  /* one decomposition per choice of a reading in each suit (itertools.product order) */
                int pair = hpair, trips[8], n_trips = 0, runs = 0, outside = m_outside, peik = 0, tfu = htfu;
                u64 rmask = 0, tmask = htmask;
                int clash = 0;
                for (Py_ssize_t q = 0; q < n_parts && !clash; q++) {
                    PyObject *sh = PyTuple_GET_ITEM(parts[q], idx[q]);
                    if (!PyTuple_Check(sh) || PyTuple_GET_SIZE(sh) != 8) {
                        PyErr_SetString(PyExc_TypeError, "score_fast: a suit reading is not as the scorer builds it");
                        FAIL;
                    }
                    long p, pk, fu_v;
                    if (as_int(PyTuple_GET_ITEM(sh, 0), &p) < 0) FAIL;
                    if (p >= 0) {
                        if (pair >= 0) { clash = 1; break; }
                        pair = (int)p;
                    }
                    PyObject *t = PyTuple_GET_ITEM(sh, 1);
                    if (PyTuple_Check(t) && PyTuple_GET_SIZE(t) > 4 - n_trips) SKIP;  /* more than 4 sets */
                    int t_n = int_tuple(t, trips + n_trips, 4 - n_trips);
                    if (t_n < 0) FAIL;
                    n_trips += t_n;
                    PyObject *r = PyTuple_GET_ITEM(sh, 2);
                    if (!PyTuple_Check(r)) { PyErr_SetString(PyExc_TypeError, "score_fast: runs"); FAIL; }
                    runs += (int)PyTuple_GET_SIZE(r);
                    rmask |= PyLong_AsUnsignedLongLong(PyTuple_GET_ITEM(sh, 3));
                    tmask |= PyLong_AsUnsignedLongLong(PyTuple_GET_ITEM(sh, 4));
                    if (PyErr_Occurred()) FAIL;
                    int o = PyObject_IsTrue(PyTuple_GET_ITEM(sh, 5));
                    if (o < 0) FAIL;
                    outside = outside && o;
                    if (as_int(PyTuple_GET_ITEM(sh, 6), &pk) < 0 || as_int(PyTuple_GET_ITEM(sh, 7), &fu_v) < 0) FAIL;
                    peik += (int)pk;
                    tfu += (int)fu_v;
                }
                if (!clash && pair >= 0) {
                    if (n_trips + n_htrips > 4) SKIP;
                    for (int i = 0; i < n_htrips; i++) trips[n_trips++] = htrips[i];
                    int n_runs = runs + n_mruns;
                    u64 df = hreg;
                    if (n_runs) {
                        u64 rr = rmask | mrmask;
                        if (n_runs >= 3) {
                            if (rr & (rr >> 9) & (rr >> 18) & 0x7F) df |= F[F_SANSHOKU];
                            if (rr & (rr >> 3) & (rr >> 6) & 0x40201) df |= F[F_ITTSU];
                            if (n_runs == 4) df |= F[F_FOUR_RUNS];
                        }
                        if (outside && is_yaochuu[pair]) df |= F[F_OUTSIDE];
                        if (peik && !open_) df |= peik == 1 ? F[F_ONE_PEIKOU] : F[F_TWO_PEIKOU];
                    } else {
                        df |= F[F_NO_RUNS];
                    }
                    u64 tt = tmask | mtmask;
                    if (tt & (tt >> 9) & (tt >> 18) & 0x1FF) df |= F[F_DOUKOU];
                    int raw = raw0 + tfu, has_sets = n_trips + n_meld_trips, conc = n_trips + n_ankan;
                    int extra = has_sets || pfu;
                    if (pair == w && add_regular(readings, &n_readings, df, raw, conc, extra, TANKI, pair, trips,
                                                 n_trips, 0, open_, tsumo) < 0)
                        SKIP;
                    if ((tmask >> w) & 1) {
                        int opened = !tsumo;
                        if (add_regular(readings, &n_readings, df, opened ? raw - (is_yaochuu[w] ? 4 : 2) : raw,
                                        opened ? conc - 1 : conc, extra, SHANPON, pair, trips, n_trips, opened, open_,
                                        tsumo) < 0)
                            SKIP;
                    }
                    for (int k = w - 2; k <= w; k++) {  /* each run holding the winning tile, by start */
                        if (k < 0 || k >= 27 || k % 9 > 6 || k / 9 != w / 9 || !((rmask >> k) & 1)) continue;
                        int wait = w == k + 1 ? KANCHAN
                                   : ((w == k + 2 && k % 9 == 0) || (w == k && k % 9 == 6)) ? PENCHAN : RYANMEN;
                        if (add_regular(readings, &n_readings, df, raw, conc, extra, wait, pair, trips, n_trips, 0,
                                        open_, tsumo) < 0)
                            SKIP;
                    }
                }
                Py_ssize_t q = n_parts - 1;  /* the next combination, the last suit fastest */
                while (q >= 0 && ++idx[q] == sizes[q]) idx[q--] = 0;
                if (q < 0) break;
            }
        }
    }
    if (n_readings == 0) SKIP;  /* not a winning hand: the Python scorer raises */

    /* the reading worth most */
    int yh_han = 0;
    for (int i = 0; i < n_yh; i++) yh_han += yakuhai_han[open_][yh[i]];
    long long best_key[4] = {-1, 0, 0, 0};
    int best = -1, best_han = 0, best_count = 0;
    for (int i = 0; i < n_readings; i++) {
        reading *r = &readings[i];
        PyObject *key = PyLong_FromUnsignedLongLong(r->facts);
        if (key == NULL) FAIL;
        PyObject *y = PyDict_GetItemWithError(memo, key);
        if (y != NULL) {
            Py_INCREF(y);
        } else if (!PyErr_Occurred()) {
            y = PyObject_CallOneArg(yaku_of_fn, key);
        }
        Py_DECREF(key);
        if (y == NULL) FAIL;
        if (!PyTuple_Check(y) || PyTuple_GET_SIZE(y) != 4 || !PyTuple_Check(PyTuple_GET_ITEM(y, 0))) {
            Py_DECREF(y);
            PyErr_SetString(PyExc_TypeError, "score_fast: yaku_of did not give a YakuOfFacts");
            FAIL;
        }
        PyObject *ym = PyTuple_GET_ITEM(y, 0);
        long long k[4];
        int han, count = 0;
        if (PyTuple_GET_SIZE(ym)) {
            for (Py_ssize_t j = 0; j < PyTuple_GET_SIZE(ym); j++) {
                long id;
                if (as_int(PyTuple_GET_ITEM(ym, j), &id) < 0) { Py_DECREF(y); FAIL; }
                count += yakuman_value(id, doubles);
            }
            han = 13 * count;
            k[0] = basic_points(han, r->fu, 5, count); k[1] = 1; k[2] = han; k[3] = r->fu;
        } else {
            long yhan;
            if (as_int(PyTuple_GET_ITEM(y, 3), &yhan) < 0) { Py_DECREF(y); FAIL; }
            han = (int)yhan + (r->form == REGULAR_FORM ? yh_han : 0);
            if (han) {
                han += bonus;
                k[0] = basic_points(han, r->fu, limit_of(han, r->fu, 0, kiriage, kazoe), 0);
                if (k[0] < 0) { Py_DECREF(y); SKIP; }
                k[1] = 0; k[2] = han; k[3] = r->fu;
            } else {
                k[0] = 0; k[1] = 0; k[2] = 0; k[3] = r->fu;
            }
        }
        int better = 0;
        for (int j = 0; j < 4; j++)
            if (k[j] != best_key[j]) { better = k[j] > best_key[j]; break; }
        if (better) {
            memcpy(best_key, k, sizeof k);
            best = i;
            best_han = han;
            best_count = count;
            Py_XSETREF(best_y, y);
        } else {
            Py_DECREF(y);
        }
    }
    reading *b = &readings[best];
    int han = best_han, count = best_count, fu = b->fu, form = b->form;

    /* the fu items (fu.fu_items) */
    if (form == SEVEN_PAIRS_FORM) {
        items = PyTuple_Pack(1, item_seven_pairs);
    } else if (form == KOKUSHI_FORM) {
        items = PyTuple_New(0);
    } else {
        PyObject *list[16];
        int n = 0;
        list[n++] = item_base;
        if (!open_ && !tsumo) list[n++] = item_closed_ron;
        for (int i = 0; i < b->n_trips; i++) {
            int k = b->trips[i], conc = !(b->opened && k == w);
            list[n++] = set_items[conc * 4 + is_yaochuu[k] * 2];
        }
        for (int i = 0; i < n_meld_trips; i++)
            list[n++] = set_items[meld_trips[i][1] * 4 + is_yaochuu[meld_trips[i][0]] * 2 + meld_trips[i][2]];
        if (b->pair >= 31) {
            list[n++] = item_dragon_pair;
        } else {
            if (b->pair == seat_k) list[n++] = item_seat_pair;
            if (b->pair == round_k) list[n++] = item_round_pair;
        }
        if (wait_items[b->wait] != Py_None) list[n++] = wait_items[b->wait];
        int extra = n > (open_ || tsumo ? 1 : 2);
        if (tsumo && (extra || open_)) list[n++] = item_tsumo;
        else if (open_ && !extra) list[n++] = item_open_pinfu;
        items = PyTuple_New(n);
        if (items != NULL)
            for (int i = 0; i < n; i++) PyTuple_SET_ITEM(items, i, Py_NewRef(list[i]));
    }
    if (items == NULL) FAIL;

    /* the yaku */
    if (han && !count) {
        PyObject *before = PyTuple_GET_ITEM(best_y, 1), *after = PyTuple_GET_ITEM(best_y, 2);
        if (!PyTuple_Check(before) || !PyTuple_Check(after)) {
            PyErr_SetString(PyExc_TypeError, "score_fast: yaku_of did not give a YakuOfFacts");
            FAIL;
        }
        yaku = PyList_New(0);
        if (yaku == NULL) FAIL;
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(before); i++)
            if (PyList_Append(yaku, PyTuple_GET_ITEM(before, i)) < 0) FAIL;
        if (n_yh && form == REGULAR_FORM)
            for (int i = 0; i < n_yh; i++) {
                PyObject *pair = Py_BuildValue("(ii)", yh[i], yakuhai_han[open_][yh[i]]);
                if (pair == NULL || PyList_Append(yaku, pair) < 0) { Py_XDECREF(pair); FAIL; }
                Py_DECREF(pair);
            }
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(after); i++)
            if (PyList_Append(yaku, PyTuple_GET_ITEM(after, i)) < 0) FAIL;
        int extras[3][2] = {{bonus_id[0], dora}, {bonus_id[1], aka}, {bonus_id[2], ura}};
        for (int i = 0; i < 3; i++) {
            if (!(i == 2 ? in_riichi : extras[i][1])) continue;
            PyObject *pair = Py_BuildValue("(ii)", extras[i][0], extras[i][1]);
            if (pair == NULL || PyList_Append(yaku, pair) < 0) { Py_XDECREF(pair); FAIL; }
            Py_DECREF(pair);
        }
        Py_SETREF(yaku, PyList_AsTuple(yaku));
        if (yaku == NULL) FAIL;
    } else {
        dora = aka = ura = 0;
        PyObject *ym = PyTuple_GET_ITEM(best_y, 0);
        Py_ssize_t n = count ? PyTuple_GET_SIZE(ym) : 0;
        yaku = PyTuple_New(n);
        if (yaku == NULL) FAIL;
        for (Py_ssize_t i = 0; i < n; i++) {
            long id;
            if (as_int(PyTuple_GET_ITEM(ym, i), &id) < 0) FAIL;
            PyObject *pair = Py_BuildValue("(li)", id, 13 * yakuman_value(id, doubles));
            if (pair == NULL) FAIL;
            PyTuple_SET_ITEM(yaku, i, pair);
        }
    }

    /* limit, basic points and payment */
    int lim = 0;
    long long basic = 0;
    if (han) {
        lim = limit_of(han, fu, count, kiriage, kazoe);
        basic = basic_points(han, fu, lim, count);
        pay = PyObject_CallFunction(payment_for_fn, "LOO", basic, ctx, rules);
    } else {
        pay = Py_NewRef(no_payment);
    }
    if (pay == NULL) FAIL;
    points = PyObject_GetAttr(pay, a_points);
    if (points == NULL) FAIL;
    PyObject *fields[13];
    fields[0] = yaku;
    fields[1] = PyLong_FromLong(han);
    fields[2] = PyLong_FromLong(fu);
    fields[3] = items;
    fields[4] = PyLong_FromLong(lim);
    fields[5] = PyLong_FromLongLong(basic);
    fields[6] = points;
    fields[7] = pay;
    fields[8] = PyLong_FromLong(count);
    fields[9] = form == REGULAR_FORM ? wait_names[b->wait] : empty_str;
    fields[10] = PyLong_FromLong(dora);
    fields[11] = PyLong_FromLong(aka);
    fields[12] = PyLong_FromLong(ura);
    int made = fields[1] && fields[2] && fields[4] && fields[5] && fields[8] && fields[10] && fields[11] && fields[12];
    if (made) result = PyObject_Vectorcall(hand_value_fn, fields, 13, NULL);
    const int owned[] = {1, 2, 4, 5, 8, 10, 11, 12};
    for (int i = 0; i < 8; i++) Py_XDECREF(fields[owned[i]]);
done:
    for (int i = 0; i < 4; i++) Py_XDECREF(shapes[i]);
    Py_XDECREF(best_y);
    Py_XDECREF(tmp);
    Py_XDECREF(items);
    Py_XDECREF(yaku);
    Py_XDECREF(pay);
    Py_XDECREF(points);
    return result;
#undef SKIP
#undef FAIL
#undef LONG_ATTR
#undef TRUE_ATTR
}
