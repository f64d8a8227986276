/* SHA-512 (FIPS 180-4) of the walls' 128-byte blocks, without a Python call per block (mjlog.rules.common.wall). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>
#include "speedups.h"

/* FIPS 180-4 section 4.2.3: the first 64 bits of the fractional parts of the cube roots of the
 * first 80 primes (tests/house/test_speedups.py recomputes them). */
static const uint64_t K[80] = {
    0x428a2f98d728ae22ULL, 0x7137449123ef65cdULL, 0xb5c0fbcfec4d3b2fULL, 0xe9b5dba58189dbbcULL,
    0x3956c25bf348b538ULL, 0x59f111f1b605d019ULL, 0x923f82a4af194f9bULL, 0xab1c5ed5da6d8118ULL,
    0xd807aa98a3030242ULL, 0x12835b0145706fbeULL, 0x243185be4ee4b28cULL, 0x550c7dc3d5ffb4e2ULL,
    0x72be5d74f27b896fULL, 0x80deb1fe3b1696b1ULL, 0x9bdc06a725c71235ULL, 0xc19bf174cf692694ULL,
    0xe49b69c19ef14ad2ULL, 0xefbe4786384f25e3ULL, 0x0fc19dc68b8cd5b5ULL, 0x240ca1cc77ac9c65ULL,
    0x2de92c6f592b0275ULL, 0x4a7484aa6ea6e483ULL, 0x5cb0a9dcbd41fbd4ULL, 0x76f988da831153b5ULL,
    0x983e5152ee66dfabULL, 0xa831c66d2db43210ULL, 0xb00327c898fb213fULL, 0xbf597fc7beef0ee4ULL,
    0xc6e00bf33da88fc2ULL, 0xd5a79147930aa725ULL, 0x06ca6351e003826fULL, 0x142929670a0e6e70ULL,
    0x27b70a8546d22ffcULL, 0x2e1b21385c26c926ULL, 0x4d2c6dfc5ac42aedULL, 0x53380d139d95b3dfULL,
    0x650a73548baf63deULL, 0x766a0abb3c77b2a8ULL, 0x81c2c92e47edaee6ULL, 0x92722c851482353bULL,
    0xa2bfe8a14cf10364ULL, 0xa81a664bbc423001ULL, 0xc24b8b70d0f89791ULL, 0xc76c51a30654be30ULL,
    0xd192e819d6ef5218ULL, 0xd69906245565a910ULL, 0xf40e35855771202aULL, 0x106aa07032bbd1b8ULL,
    0x19a4c116b8d2d0c8ULL, 0x1e376c085141ab53ULL, 0x2748774cdf8eeb99ULL, 0x34b0bcb5e19b48a8ULL,
    0x391c0cb3c5c95a63ULL, 0x4ed8aa4ae3418acbULL, 0x5b9cca4f7763e373ULL, 0x682e6ff3d6b2b8a3ULL,
    0x748f82ee5defb2fcULL, 0x78a5636f43172f60ULL, 0x84c87814a1f0ab72ULL, 0x8cc702081a6439ecULL,
    0x90befffa23631e28ULL, 0xa4506cebde82bde9ULL, 0xbef9a3f7b2c67915ULL, 0xc67178f2e372532bULL,
    0xca273eceea26619cULL, 0xd186b8c721c0c207ULL, 0xeada7dd6cde0eb1eULL, 0xf57d4f7fee6ed178ULL,
    0x06f067aa72176fbaULL, 0x0a637dc5a2c898a6ULL, 0x113f9804bef90daeULL, 0x1b710b35131c471bULL,
    0x28db77f523047d84ULL, 0x32caab7b40c72493ULL, 0x3c9ebe0a15c9bebcULL, 0x431d67c49c100d4cULL,
    0x4cc5d4becb3e42b6ULL, 0x597f299cfc657e2aULL, 0x5fcb6fab3ad6faecULL, 0x6c44198c4a475817ULL,
};

/* Section 5.3.5: the first 64 bits of the fractional parts of the square roots of the first 8 primes. */
static const uint64_t H0[8] = {
    0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL, 0x3c6ef372fe94f82bULL, 0xa54ff53a5f1d36f1ULL,
    0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL, 0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL,
};

#define ROTR(x, n) (((x) >> (n)) | ((x) << (64 - (n))))

static uint64_t load_be64(const unsigned char *p) {
    uint64_t v = 0;
    for (int i = 0; i < 8; i++) v = v << 8 | p[i];
    return v;
}

static void store_be64(unsigned char *p, uint64_t v) {
    for (int i = 7; i >= 0; i--) { p[i] = (unsigned char)v; v >>= 8; }
}

/* Section 6.2.2 step 1: the message schedule W[0..80) of block w[0..16). */
static void schedule(const uint64_t *w, uint64_t *W) {
    memcpy(W, w, 16 * sizeof(uint64_t));
    for (int t = 16; t < 80; t++) {
        uint64_t s0 = ROTR(W[t - 15], 1) ^ ROTR(W[t - 15], 8) ^ (W[t - 15] >> 7);
        uint64_t s1 = ROTR(W[t - 2], 19) ^ ROTR(W[t - 2], 61) ^ (W[t - 2] >> 6);
        W[t] = W[t - 16] + s0 + W[t - 7] + s1;
    }
}

/* Section 6.4.2 steps 2 to 4: the block whose schedule is W into the hash value h. Eight rounds
 * at a time, the working variables renamed instead of moved (ROUND's a..h rotate by one). */
#define ROUND(a, b, c, d, e, f, g, h, t)                                                           \
    do {                                                                                           \
        uint64_t t1 = h + (ROTR(e, 14) ^ ROTR(e, 18) ^ ROTR(e, 41)) + ((e & f) ^ (~e & g)) + K[t] + W[t]; \
        uint64_t t2 = (ROTR(a, 28) ^ ROTR(a, 34) ^ ROTR(a, 39)) + ((a & b) ^ (a & c) ^ (b & c));   \
        d += t1;                                                                                   \
        h = t1 + t2;                                                                               \
    } while (0)

static void compress(uint64_t *hv, const uint64_t *W) {
    uint64_t a = hv[0], b = hv[1], c = hv[2], d = hv[3], e = hv[4], f = hv[5], g = hv[6], h = hv[7];
    for (int t = 0; t < 80; t += 8) {
        ROUND(a, b, c, d, e, f, g, h, t);
        ROUND(h, a, b, c, d, e, f, g, t + 1);
        ROUND(g, h, a, b, c, d, e, f, t + 2);
        ROUND(f, g, h, a, b, c, d, e, t + 3);
        ROUND(e, f, g, h, a, b, c, d, t + 4);
        ROUND(d, e, f, g, h, a, b, c, t + 5);
        ROUND(c, d, e, f, g, h, a, b, t + 6);
        ROUND(b, c, d, e, f, g, h, a, t + 7);
    }
    hv[0] += a; hv[1] += b; hv[2] += c; hv[3] += d; hv[4] += e; hv[5] += f; hv[6] += g; hv[7] += h;
}

/* The schedule of the padding block that follows a 128-byte message (section 5.1.2: a 1 bit,
 * zeros, and the message length, 1024 bits): the same for every message, made once. */
static uint64_t PAD_W[80];
static int pad_ready = 0;

/* The SHA-512 digest of exactly 128 bytes: the message block, then the padding block. */
static void sha512_128(const unsigned char *msg, unsigned char *out) {
    if (!pad_ready) {
        uint64_t pad[16] = {0x8000000000000000ULL, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1024};
        schedule(pad, PAD_W);
        pad_ready = 1;
    }
    uint64_t h[8], w[16], W[80];
    memcpy(h, H0, sizeof h);
    for (int i = 0; i < 16; i++) w[i] = load_be64(msg + 8 * i);
    schedule(w, W);
    compress(h, W);
    compress(h, PAD_W);
    for (int i = 0; i < 8; i++) store_be64(out + 8 * i, h[i]);
}

/* sha512_blocks(data) -> bytes: the 64-byte SHA-512 digests of data's consecutive 128-byte
 * blocks, joined (data's length a multiple of 128). */
PyObject *sha512_blocks(PyObject *Py_UNUSED(self), PyObject *arg) {
    Py_buffer view;
    if (PyObject_GetBuffer(arg, &view, PyBUF_SIMPLE) < 0) return NULL;
    if (view.len % 128 != 0) {
        PyBuffer_Release(&view);
        PyErr_SetString(PyExc_ValueError, "sha512_blocks: the length must be a multiple of 128 bytes");
        return NULL;
    }
    Py_ssize_t blocks = view.len / 128;
    PyObject *out = PyBytes_FromStringAndSize(NULL, 64 * blocks);
    if (out != NULL) {
        unsigned char *o = (unsigned char *)PyBytes_AS_STRING(out);
        const unsigned char *in = view.buf;
        for (Py_ssize_t b = 0; b < blocks; b++) sha512_128(in + 128 * b, o + 64 * b);
    }
    PyBuffer_Release(&view);
    return out;
}
