/* MT19937 (Matsumoto and Nishimura's mt19937ar) with its state in a bytearray, for the walls of
 * mjlog.rules.common.wall: the generator's output words as little-endian bytes, without going through a
 * Python int as random.Random.getrandbits(...).to_bytes(...) does. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include "speedups.h"

#define MT_N 624
#define MT_M 397
#define MT_MAX_WORDS (1 << 20)

typedef struct {
    uint32_t mt[MT_N];
    uint32_t mti;
} mt_state;

static void init_genrand(mt_state *s, uint32_t seed) {
    s->mt[0] = seed;
    for (uint32_t i = 1; i < MT_N; i++)
        s->mt[i] = 1812433253u * (s->mt[i - 1] ^ (s->mt[i - 1] >> 30)) + i;
    s->mti = MT_N;
}

static void init_by_array(mt_state *s, const uint32_t *key, size_t len) {
    init_genrand(s, 19650218u);
    size_t i = 1, j = 0;
    for (size_t k = MT_N > len ? MT_N : len; k; k--) {
        s->mt[i] = (s->mt[i] ^ ((s->mt[i - 1] ^ (s->mt[i - 1] >> 30)) * 1664525u)) + key[j] + (uint32_t)j;
        i++;
        j++;
        if (i >= MT_N) { s->mt[0] = s->mt[MT_N - 1]; i = 1; }
        if (j >= len) j = 0;
    }
    for (size_t k = MT_N - 1; k; k--) {
        s->mt[i] = (s->mt[i] ^ ((s->mt[i - 1] ^ (s->mt[i - 1] >> 30)) * 1566083941u)) - (uint32_t)i;
        i++;
        if (i >= MT_N) { s->mt[0] = s->mt[MT_N - 1]; i = 1; }
    }
    s->mt[0] = 0x80000000u;
}

static uint32_t genrand(mt_state *s) {
    static const uint32_t mag01[2] = {0u, 0x9908b0dfu};
    uint32_t y;
    if (s->mti >= MT_N) {
        int kk;
        for (kk = 0; kk < MT_N - MT_M; kk++) {
            y = (s->mt[kk] & 0x80000000u) | (s->mt[kk + 1] & 0x7fffffffu);
            s->mt[kk] = s->mt[kk + MT_M] ^ (y >> 1) ^ mag01[y & 1u];
        }
        for (; kk < MT_N - 1; kk++) {
            y = (s->mt[kk] & 0x80000000u) | (s->mt[kk + 1] & 0x7fffffffu);
            s->mt[kk] = s->mt[kk + (MT_M - MT_N)] ^ (y >> 1) ^ mag01[y & 1u];
        }
        y = (s->mt[MT_N - 1] & 0x80000000u) | (s->mt[0] & 0x7fffffffu);
        s->mt[MT_N - 1] = s->mt[MT_M - 1] ^ (y >> 1) ^ mag01[y & 1u];
        s->mti = 0;
    }
    y = s->mt[s->mti++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= y >> 18;
    return y;
}

/* mt_seed(key) -> bytearray: the state after init_by_array over key's little-endian 32-bit
 * words (1 to 624 of them; a trailing zero word counts, as in mt19937ar). */
PyObject *mt_seed(PyObject *Py_UNUSED(self), PyObject *arg) {
    Py_buffer view;
    if (PyObject_GetBuffer(arg, &view, PyBUF_SIMPLE) < 0) return NULL;
    if (view.len < 4 || view.len % 4 != 0 || view.len > 4 * MT_N) {
        PyBuffer_Release(&view);
        PyErr_SetString(PyExc_ValueError, "mt_seed: the key must be 1 to 624 little-endian 32-bit words");
        return NULL;
    }
    size_t len = (size_t)view.len / 4;
    uint32_t key[MT_N];
    const unsigned char *b = view.buf;
    for (size_t w = 0; w < len; w++)
        key[w] = (uint32_t)b[4 * w] | (uint32_t)b[4 * w + 1] << 8 | (uint32_t)b[4 * w + 2] << 16 |
                 (uint32_t)b[4 * w + 3] << 24;
    PyBuffer_Release(&view);
    PyObject *state = PyByteArray_FromStringAndSize(NULL, sizeof(mt_state));
    if (state == NULL) return NULL;
    init_by_array((mt_state *)PyByteArray_AS_STRING(state), key, len);
    return state;
}

/* mt_bytes(state, n) -> bytes: the next n output words, little-endian; state advances. */
PyObject *mt_bytes(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *state;
    Py_ssize_t n;
    if (!PyArg_ParseTuple(args, "O!n:mt_bytes", &PyByteArray_Type, &state, &n)) return NULL;
    if (PyByteArray_GET_SIZE(state) != (Py_ssize_t)sizeof(mt_state) || n < 0 || n > MT_MAX_WORDS) {
        PyErr_SetString(PyExc_ValueError, "mt_bytes: not an mt_seed state, or a bad word count");
        return NULL;
    }
    mt_state *s = (mt_state *)PyByteArray_AS_STRING(state);
    if (s->mti > MT_N) {
        PyErr_SetString(PyExc_ValueError, "mt_bytes: the state is corrupt");
        return NULL;
    }
    PyObject *out = PyBytes_FromStringAndSize(NULL, 4 * n);
    if (out == NULL) return NULL;
    unsigned char *p = (unsigned char *)PyBytes_AS_STRING(out);
    for (Py_ssize_t i = 0; i < n; i++) {
        uint32_t y = genrand(s);
        p[4 * i] = (unsigned char)y;
        p[4 * i + 1] = (unsigned char)(y >> 8);
        p[4 * i + 2] = (unsigned char)(y >> 16);
        p[4 * i + 3] = (unsigned char)(y >> 24);
    }
    return out;
}
