/* The Dominosa deduction closure in C: the record-free path of deduce() in rules.py.
 *
 * Why hand-written: no library does Dominosa's deductions (the exact-cover packages solve,
 * they do not deduce like a person; see board.py), and what issue 24 measures is the cost
 * per call of grade() against Simon Tatham's C solver, which at n <= 6 is mostly the
 * interpreter's steps in the deduction rules. So the loop of deduce(b, st, level) without a
 * record (the Trivial closure in bulk, then the Basic, Hard and Extreme rules in the order of
 * rules.RULES, the first rule that makes progress wins, again until stuck) runs here:
 * cell-one-tile, tile-overlap, local-duplicate, local-duplicate-2, parity, set analysis
 * (sets.set_mask, without and with the double) and forcing chains (rules.rule_chains).
 *
 * The Python in rules.py and sets.py is the reference this file must equal: the same final
 * alive and committed masks, the same level used, a contradiction exactly where the Python
 * raises one (tests/test_dominosa_closurec.py compares them on every stored puzzle, random
 * grids and partial states). It is a port of those functions, step for step where the order
 * matters (Kuhn's search, the places of the double, the union-find of the chains) and by
 * the same unions where it does not. Written for this project; no code from elsewhere.
 *
 * Placement masks are bitsets of uint64 words; small masks (a number's squares, the numbers
 * a square can pair with) are one uint64, so boards are limited to n <= CLOSUREC_MAX_N (the
 * Python runs above it).
 *
 * deduce(prep, alive, committed, level) -> (alive, committed, used, status, info)
 *   status 0: stuck or solved (used is deduce()'s answer);
 *   status 1: contradiction found by set analysis or the chains (info: the Python's
 *             Contradiction argument), state as the Python leaves it when it raises;
 *   status 2: the Trivial closure met a contradiction: the state is the one before that
 *             closure, and the caller runs the Python's step loop from it (as deduce() does).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define CLOSUREC_MAX_N 60

#define TRIVIAL 0
#define BASIC 1
#define HARD 2
#define EXTREME 3

#define BTEST(b, p) (((b)[(p) >> 6] >> ((p) & 63)) & 1u)
#define BSET(b, p) ((b)[(p) >> 6] |= (uint64_t)1 << ((p) & 63))
#define BCLR(b, p) ((b)[(p) >> 6] &= ~((uint64_t)1 << ((p) & 63)))

static inline int popc(uint64_t x) { return __builtin_popcountll(x); }
static inline int ctz(uint64_t x) { return __builtin_ctzll(x); }
static inline int bitlen(uint64_t x) { return x ? 64 - __builtin_clzll(x) : 0; }

typedef struct {
    PyObject_HEAD
    int n, K, ncells, P, T, W;
    int *pa, *pb, *ptile, *num;
    int *cpl;               /* per cell, its placements ascending, -1 padded (4 each) */
    int *cnp;               /* per cell, how many */
    int *tpo, *tpl;         /* per tile, its placements ascending (offsets, flat list) */
    int *tix;               /* tile index of numbers a, b at a * K + b */
    int *cof_o, *cof;       /* per number, its cells ascending */
    /* scratch, per call */
    uint64_t *alive, *com, *fixed, *last0, *last1, *last2, *vt_alive, *rm, *saved_a, *saved_c;
    int *queue;             /* cells and tiles to look at (cells: c, tiles: ncells + t) */
    unsigned char *inq;
    /* far-cell verdicts: per cell up to 4 entries */
    int *vt_n;              /* entries per cell */
    int *vt_q, *vt_t, *vt_rest;  /* per cell * 4: placement q, verdict, rest (local mask over cpl) */
    /* parity */
    int *disc, *low, *size, *stk_v, *stk_pv, *stk_pp, *stk_i;
    /* chains */
    int *uf_par, *uf_pty, *cid, *order, *cnt, *stamp, *tmp_list;
    unsigned char *bad;
    /* set analysis */
    int *local_of;
    uint64_t *cand;
    Py_ssize_t cand_cap;
} Prep;

static void prep_dealloc(Prep *s) {
    void *ptrs[] = {s->pa, s->pb, s->ptile, s->num, s->cpl, s->cnp, s->tpo, s->tpl, s->tix,
                    s->cof_o, s->cof, s->alive, s->queue, s->inq, s->vt_n, s->vt_q, s->vt_t,
                    s->vt_rest, s->disc, s->low, s->size, s->stk_v, s->stk_pv, s->stk_pp,
                    s->stk_i, s->uf_par, s->uf_pty, s->cid, s->order, s->cnt, s->stamp,
                    s->tmp_list, s->bad, s->local_of, s->cand};
    for (size_t i = 0; i < sizeof ptrs / sizeof ptrs[0]; i++) PyMem_Free(ptrs[i]);
    Py_TYPE(s)->tp_free((PyObject *)s);
}

static PyTypeObject PrepType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "dominolab.puzzles.dominosa._closurec.Prepared",
    .tp_basicsize = sizeof(Prep),
    .tp_dealloc = (destructor)prep_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A Board's tables for the C deduction closure (see prepare()).",
};

static int read_ints(PyObject *seq, int *out, Py_ssize_t len, const char *what) {
    /* (a tuple copy: an item's __index__ cannot shorten what is being read) */
    PyObject *f = PySequence_Tuple(seq);
    if (!f) return -1;
    if (PyTuple_GET_SIZE(f) != len) {
        Py_DECREF(f);
        PyErr_Format(PyExc_ValueError, "%s: expected %zd items", what, len);
        return -1;
    }
    for (Py_ssize_t i = 0; i < len; i++) {
        long v = PyLong_AsLong(PyTuple_GET_ITEM(f, i));
        if (v == -1 && PyErr_Occurred()) { Py_DECREF(f); return -1; }
        if (v < INT_MIN || v > INT_MAX) {
            Py_DECREF(f);
            PyErr_Format(PyExc_ValueError, "%s: item %zd is out of range", what, i);
            return -1;
        }
        out[i] = (int)v;
    }
    Py_DECREF(f);
    return 0;
}

/* The items 0..n-1 grouped by key (each in 0..nkeys-1), in order: those of key k are
   out[off[k]] .. out[off[k + 1] - 1] (a counting sort; off must come zeroed, nkeys + 1 long).
   Returns -1 with MemoryError set when it cannot allocate. */
static int bucket(const int *key, int n, int nkeys, int *off, int *out) {
    for (int i = 0; i < n; i++) off[key[i] + 1]++;
    for (int k = 0; k < nkeys; k++) off[k + 1] += off[k];
    int *fill = PyMem_Calloc((size_t)nkeys + 1, sizeof(int));
    if (!fill) { PyErr_NoMemory(); return -1; }
    for (int i = 0; i < n; i++) { int k = key[i]; out[off[k] + fill[k]++] = i; }
    PyMem_Free(fill);
    return 0;
}

#define ALLOC(ptr, count) do { (ptr) = PyMem_Calloc((size_t)(count) + 1, sizeof(*(ptr))); \
    if (!(ptr)) { PyErr_NoMemory(); goto fail; } } while (0)

/* prepare(n, numbers, pa, pb, ptile, tix, tiles): the Board's tables, once per Board. */
static PyObject *prepare(PyObject *self, PyObject *args) {
    (void)self;
    int n, T;
    PyObject *numbers, *pa, *pb, *ptile, *tix;
    if (!PyArg_ParseTuple(args, "iOOOOOi", &n, &numbers, &pa, &pb, &ptile, &tix, &T))
        return NULL;
    if (n < 0 || n > CLOSUREC_MAX_N) {
        PyErr_Format(PyExc_ValueError, "n must be 0..%d", CLOSUREC_MAX_N);
        return NULL;
    }
    Prep *s = PyObject_New(Prep, &PrepType);
    if (!s) return NULL;
    memset((char *)s + sizeof(PyObject), 0, sizeof(Prep) - sizeof(PyObject));
    int K = n + 1, ncells = (n + 1) * (n + 2);
    Py_ssize_t P = PySequence_Length(pa);
    if (P < 0) goto fail;
    s->n = n; s->K = K; s->ncells = ncells; s->P = (int)P; s->T = T;
    s->W = (int)((P + 63) / 64);
    int W = s->W;
    ALLOC(s->pa, P); ALLOC(s->pb, P); ALLOC(s->ptile, P); ALLOC(s->num, ncells);
    ALLOC(s->tix, K * K);
    if (read_ints(numbers, s->num, ncells, "numbers") || read_ints(pa, s->pa, P, "pa")
        || read_ints(pb, s->pb, P, "pb") || read_ints(ptile, s->ptile, P, "ptile")
        || read_ints(tix, s->tix, K * K, "tix"))
        goto fail;
    if (T != K * (K + 1) / 2) { PyErr_SetString(PyExc_ValueError, "tiles: expected (n+1)(n+2)/2"); goto fail; }
    for (int i = 0; i < K * K; i++)
        if (s->tix[i] < 0 || s->tix[i] >= T) { PyErr_SetString(PyExc_ValueError, "tix"); goto fail; }
    for (int i = 0; i < ncells; i++)
        if (s->num[i] < 0 || s->num[i] > n) { PyErr_SetString(PyExc_ValueError, "numbers"); goto fail; }
    for (Py_ssize_t p = 0; p < P; p++)
        if (s->pa[p] < 0 || s->pa[p] >= ncells || s->pb[p] < 0 || s->pb[p] >= ncells
            || s->ptile[p] < 0 || s->ptile[p] >= T) {
            PyErr_SetString(PyExc_ValueError, "placements");
            goto fail;
        }
    ALLOC(s->cpl, 4 * ncells); ALLOC(s->cnp, ncells);
    for (int i = 0; i < 4 * ncells; i++) s->cpl[i] = -1;
    for (int p = 0; p < P; p++) {
        int cs[2] = {s->pa[p], s->pb[p]};
        for (int j = 0; j < 2; j++) {
            int c = cs[j];
            if (s->cnp[c] >= 4) { PyErr_SetString(PyExc_ValueError, "degree"); goto fail; }
            s->cpl[4 * c + s->cnp[c]++] = p;
        }
    }
    /* each tile's placements, and each number's cells, in order */
    ALLOC(s->tpo, T + 1); ALLOC(s->tpl, P);
    if (bucket(s->ptile, (int)P, T, s->tpo, s->tpl)) goto fail;
    ALLOC(s->cof_o, K + 1); ALLOC(s->cof, ncells);
    if (bucket(s->num, ncells, K, s->cof_o, s->cof)) goto fail;
    /* one block for the ten bitsets */
    ALLOC(s->alive, 10 * W);
    s->com = s->alive + W; s->fixed = s->com + W; s->last0 = s->fixed + W;
    s->last1 = s->last0 + W; s->last2 = s->last1 + W; s->vt_alive = s->last2 + W;
    s->rm = s->vt_alive + W; s->saved_a = s->rm + W; s->saved_c = s->saved_a + W;
    ALLOC(s->queue, ncells + T); ALLOC(s->inq, ncells + T);
    ALLOC(s->vt_n, ncells); ALLOC(s->vt_q, 4 * ncells); ALLOC(s->vt_t, 4 * ncells);
    ALLOC(s->vt_rest, 4 * ncells);
    ALLOC(s->disc, ncells); ALLOC(s->low, ncells); ALLOC(s->size, ncells);
    ALLOC(s->stk_v, ncells); ALLOC(s->stk_pv, ncells); ALLOC(s->stk_pp, ncells);
    ALLOC(s->stk_i, ncells);
    ALLOC(s->uf_par, P); ALLOC(s->uf_pty, P); ALLOC(s->cid, P); ALLOC(s->order, P);
    ALLOC(s->cnt, 2 * P + 1); ALLOC(s->stamp, T > 2 * P ? T : 2 * P); ALLOC(s->tmp_list, P);
    ALLOC(s->bad, 2 * P);
    ALLOC(s->local_of, ncells);
    for (int c = 0; c < ncells; c++) s->local_of[c] = -1;
    s->cand_cap = 256;
    ALLOC(s->cand, s->cand_cap);
    return (PyObject *)s;
fail:
    Py_DECREF(s);
    return NULL;
}

/* -- ints <-> bitsets --------------------------------------------------------------- */

static int int_to_bits(PyObject *x, uint64_t *out, int W) {
    if (!PyLong_Check(x)) { PyErr_SetString(PyExc_TypeError, "a mask must be an int"); return -1; }
    unsigned char buf[8 * 256];
    unsigned char *b = buf;
    size_t nb = (size_t)W * 8;
    if (nb > sizeof buf) { b = PyMem_Malloc(nb); if (!b) { PyErr_NoMemory(); return -1; } }
#if PY_VERSION_HEX >= 0x030D0000
    int r = _PyLong_AsByteArray((PyLongObject *)x, b, nb, 1, 0, 1);
#else
    int r = _PyLong_AsByteArray((PyLongObject *)x, b, nb, 1, 0);
#endif
    if (r == 0)
        for (int w = 0; w < W; w++) {
            uint64_t v = 0;
            for (int j = 7; j >= 0; j--) v = v << 8 | b[8 * w + j];
            out[w] = v;
        }
    if (b != buf) PyMem_Free(b);
    return r;
}

static PyObject *bits_to_int(const uint64_t *in, int W) {
    unsigned char buf[8 * 256];
    unsigned char *b = buf;
    size_t nb = (size_t)W * 8;
    if (nb > sizeof buf) { b = PyMem_Malloc(nb); if (!b) return PyErr_NoMemory(); }
    for (int w = 0; w < W; w++)
        for (int j = 0; j < 8; j++) b[8 * w + j] = (unsigned char)(in[w] >> (8 * j));
    PyObject *r = _PyLong_FromByteArray(b, nb, 1, 0);
    if (b != buf) PyMem_Free(b);
    return r;
}

/* -- the Trivial closure ------------------------------------------------------------- */

/* Forced commits (a tile's or a cell's only live placement, not yet committed) to a fixed
 * point, from the queue of cells and tiles in s->queue[0..qn). Returns 1 if something was
 * committed, 0 if not, -1 on a cell or tile with no option left (alive/com then undefined:
 * the caller restores them). As rules._trivial_closure and _trivial_after: the commits are
 * forced, so their order changes neither the state reached nor whether a contradiction is. */
static int trivial(Prep *s, int qn) {
    uint64_t *alive = s->alive, *com = s->com;
    int ncells = s->ncells;
    int changed = 0;
    int head = 0;
    /* the queue is a ring of ncells + T slots; each item at most once in it (inq) */
    int cap = ncells + s->T;
    int tail = qn % cap, count = qn;
    while (count) {
        int it = s->queue[head];
        head = head + 1 == cap ? 0 : head + 1;
        count--;
        s->inq[it] = 0;
        int only = -1, k = 0;
        if (it < ncells) {
            const int *pl = s->cpl + 4 * it;
            for (int j = 0; j < s->cnp[it]; j++)
                if (BTEST(alive, pl[j])) { only = pl[j]; k++; }
        } else {
            int t = it - ncells;
            for (int j = s->tpo[t]; j < s->tpo[t + 1]; j++)
                if (BTEST(alive, s->tpl[j])) { only = s->tpl[j]; k++; if (k > 1) break; }
        }
        if (k == 0) return -1;
        if (k != 1 || BTEST(com, only)) continue;
        /* commit `only`: the placements sharing a cell or its tile go, and their cells
         * and tiles are looked at again */
        int p = only;
        BSET(com, p);
        changed = 1;
        int cs[2] = {s->pa[p], s->pb[p]};
        int t = s->ptile[p];
        for (int j = -2; j < s->tpo[t + 1] - s->tpo[t]; j++) {
            int nr = j < 0 ? s->cnp[cs[j + 2]] : 1;
            for (int i = 0; i < nr; i++) {
                int r = j < 0 ? s->cpl[4 * cs[j + 2] + i] : s->tpl[s->tpo[t] + j];
                if (r == p || !BTEST(alive, r)) continue;
                BCLR(alive, r);
                int items[3] = {s->pa[r], s->pb[r], ncells + s->ptile[r]};
                for (int y = 0; y < 3; y++)
                    if (!s->inq[items[y]]) {
                        s->inq[items[y]] = 1;
                        s->queue[tail] = items[y];
                        tail = tail + 1 == cap ? 0 : tail + 1;
                        count++;
                    }
            }
        }
    }
    return changed;
}

static int trivial_full(Prep *s) {
    int qn = 0;
    for (int t = 0; t < s->T; t++) { s->queue[qn++] = s->ncells + t; s->inq[s->ncells + t] = 1; }
    for (int c = 0; c < s->ncells; c++) { s->queue[qn++] = c; s->inq[c] = 1; }
    return trivial(s, qn);
}

/* the closure after the placements lost = fixed & ~alive */
static int trivial_after(Prep *s) {
    int qn = 0;
    for (int w = 0; w < s->W; w++) {
        uint64_t x = s->fixed[w] & ~s->alive[w];
        while (x) {
            int q = 64 * w + ctz(x);
            x &= x - 1;
            int items[3] = {s->ncells + s->ptile[q], s->pa[q], s->pb[q]};
            for (int y = 0; y < 3; y++)
                if (!s->inq[items[y]]) { s->inq[items[y]] = 1; s->queue[qn++] = items[y]; }
        }
    }
    return trivial(s, qn);
}

static void clear_queue_flags(Prep *s) {
    memset(s->inq, 0, (size_t)(s->ncells + s->T));
}

/* -- helpers ---------------------------------------------------------------------------- */

/* the live placements of cell c as a local mask over cpl[4c..] */
static inline int cell_live(const Prep *s, const uint64_t *alive, int c) {
    int m = 0;
    const int *pl = s->cpl + 4 * c;
    for (int j = 0; j < s->cnp[c]; j++)
        if (BTEST(alive, pl[j])) m |= 1 << j;
    return m;
}

/* whether placement r shares a cell with q (r != q) */
static inline int shares(const Prep *s, int r, int q) {
    return r != q && (s->pa[r] == s->pa[q] || s->pa[r] == s->pb[q] || s->pb[r] == s->pa[q]
                      || s->pb[r] == s->pb[q]);
}

/* items of the placements lost = last & ~alive: mark cells (want_cells) or tiles in flags */
static void mark_lost(Prep *s, const uint64_t *last, int tiles, unsigned char *flags) {
    for (int w = 0; w < s->W; w++) {
        uint64_t x = last[w] & ~s->alive[w];
        while (x) {
            int q = 64 * w + ctz(x);
            x &= x - 1;
            if (tiles) flags[s->ptile[q]] = 1;
            else { flags[s->pa[q]] = 1; flags[s->pb[q]] = 1; }
        }
    }
}

static int rm_nonzero_apply(Prep *s) {
    /* rm &= alive; alive &= ~rm; returns whether rm was not empty */
    uint64_t any = 0;
    for (int w = 0; w < s->W; w++) {
        uint64_t r = s->rm[w] & s->alive[w];
        any |= r;
        s->alive[w] &= ~r;
    }
    return any != 0;
}

/* -- Basic rules: the mask forms of rules.py ------------------------------------------ */

/* _cell_one_tile_mask: cells all of whose options are one tile rule it out elsewhere */
static void cell_one_tile(Prep *s, int first) {
    unsigned char *flags = s->inq;   /* (free between closures) */
    if (!first) mark_lost(s, s->last0, 0, flags);
    for (int c = 0; c < s->ncells; c++) {
        if (!first) { if (!flags[c]) continue; flags[c] = 0; }
        int a = cell_live(s, s->alive, c);
        if (popc((uint64_t)a) < 2) continue;
        const int *pl = s->cpl + 4 * c;
        int t = s->ptile[pl[bitlen((uint64_t)a) - 1]];
        int one = 1;
        for (int j = 0; j < s->cnp[c]; j++)
            if (a >> j & 1 && s->ptile[pl[j]] != t) { one = 0; break; }
        if (!one) continue;
        for (int j = s->tpo[t]; j < s->tpo[t + 1]; j++) {
            int r = s->tpl[j];
            if (s->pa[r] != c && s->pb[r] != c) BSET(s->rm, r);
        }
    }
}

/* _tile_overlap_mask: the live placements meeting every live place of a tile */
static void tile_overlap(Prep *s, int first) {
    unsigned char *flags = s->inq;
    if (!first) mark_lost(s, s->last1, 1, flags);
    for (int t = 0; t < s->T; t++) {
        if (!first) { if (!flags[t]) continue; flags[t] = 0; }
        int k = 0, q0 = -1;
        for (int j = s->tpo[t]; j < s->tpo[t + 1]; j++)
            if (BTEST(s->alive, s->tpl[j])) { if (q0 < 0) q0 = s->tpl[j]; k++; }
        if (k < 2) continue;
        /* candidates: the live placements sharing a cell with q0 */
        int cs[2] = {s->pa[q0], s->pb[q0]};
        for (int y = 0; y < 2; y++) {
            const int *pl = s->cpl + 4 * cs[y];
            for (int i = 0; i < s->cnp[cs[y]]; i++) {
                int r = pl[i];
                if (r == q0 || !BTEST(s->alive, r)) continue;
                int all = 1;
                for (int j = s->tpo[t]; j < s->tpo[t + 1]; j++) {
                    int q = s->tpl[j];
                    if (BTEST(s->alive, q) && !shares(s, r, q)) { all = 0; break; }
                }
                if (all) BSET(s->rm, r);
            }
        }
    }
}

/* _far_verdicts for one cell c: entries (q, verdict, rest as a local mask over cpl[c]).
 * The users of an entry are the placements sharing q's other cell, q aside. */
static void verdicts_cell(Prep *s, int c) {
    int *vq = s->vt_q + 4 * c, *vt = s->vt_t + 4 * c, *vr = s->vt_rest + 4 * c;
    const int *pl = s->cpl + 4 * c;
    int np = s->cnp[c];
    int a = cell_live(s, s->alive, c);
    int ne = 0;
    if (!a) { s->vt_n[c] = 0; return; }
    int hq = bitlen((uint64_t)a) - 1;         /* the highest option (local index) */
    if (popc((uint64_t)a) == 1) {
        vq[0] = pl[hq]; vt[0] = -1; vr[0] = 0;
        s->vt_n[c] = 1;
        return;
    }
    int t0 = s->ptile[pl[hq]];
    int a0 = 0;
    for (int j = 0; j < np; j++)
        if (a >> j & 1 && s->ptile[pl[j]] == t0) a0 |= 1 << j;
    int rest1 = a ^ a0;
    if (!rest1) {
        for (int j = 0; j < np; j++)
            if (a >> j & 1) { vq[ne] = pl[j]; vt[ne] = t0; vr[ne] = a ^ (1 << j); ne++; }
        s->vt_n[c] = ne;
        return;
    }
    if (popc((uint64_t)rest1) == 1) {
        int t1 = s->ptile[pl[ctz((uint64_t)rest1)]];
        int one0 = popc((uint64_t)a0) == 1;
        for (int j = 0; j < np; j++) {
            int bit = 1 << j;
            if (bit == rest1) { vq[ne] = pl[j]; vt[ne] = t0; vr[ne] = a0; ne++; }
            else if (one0 && bit == a0) { vq[ne] = pl[j]; vt[ne] = t1; vr[ne] = rest1; ne++; }
        }
        s->vt_n[c] = ne;
        return;
    }
    if (popc((uint64_t)a0) == 1) {
        int t1 = s->ptile[pl[bitlen((uint64_t)rest1) - 1]];
        int same = 1;
        for (int j = 0; j < np; j++)
            if (rest1 >> j & 1 && s->ptile[pl[j]] != t1) { same = 0; break; }
        if (same) {
            for (int j = 0; j < np; j++)
                if ((1 << j) == a0) { vq[ne] = pl[j]; vt[ne] = t1; vr[ne] = rest1; ne++; }
            s->vt_n[c] = ne;
            return;
        }
    }
    s->vt_n[c] = 0;
}

/* the table brought to the current alive (only the cells of placements that differ) */
static void verdicts_update(Prep *s, int *valid) {
    if (!*valid) {
        for (int c = 0; c < s->ncells; c++) verdicts_cell(s, c);
        *valid = 1;
    } else {
        unsigned char *flags = s->inq;
        int any = 0;
        for (int w = 0; w < s->W; w++) {
            uint64_t x = s->vt_alive[w] ^ s->alive[w];
            while (x) {
                int q = 64 * w + ctz(x);
                x &= x - 1;
                flags[s->pa[q]] = 1; flags[s->pb[q]] = 1; any = 1;
            }
        }
        if (any)
            for (int c = 0; c < s->ncells; c++)
                if (flags[c]) { flags[c] = 0; verdicts_cell(s, c); }
    }
    memcpy(s->vt_alive, s->alive, (size_t)s->W * 8);
}

static inline int other_cell(const Prep *s, int q, int c) { return s->pa[q] + s->pb[q] - c; }

/* _local_duplicate_mask */
static void local_duplicate(Prep *s, int first, int *vt_valid) {
    verdicts_update(s, vt_valid);
    unsigned char *flags = s->inq;
    if (!first) mark_lost(s, s->last2, 0, flags);
    for (int c = 0; c < s->ncells; c++) {
        if (!first) { if (!flags[c]) continue; flags[c] = 0; }
        for (int e = 0; e < s->vt_n[c]; e++) {
            int q = s->vt_q[4 * c + e], t = s->vt_t[4 * c + e];
            int oc = other_cell(s, q, c);
            const int *pl = s->cpl + 4 * oc;
            for (int i = 0; i < s->cnp[oc]; i++) {
                int u = pl[i];
                if (u != q && (t < 0 || s->ptile[u] == t)) BSET(s->rm, u);
            }
        }
    }
}

/* _local_duplicate2_mask: two slots of p, at different far cells, see one tile t and the
 * second's other options miss the first's far cell */
static int lp_cmp(const void *x, const void *y) {
    const int *a = x, *b = y;
    return a[0] < b[0] ? -1 : a[0] > b[0];
}

static int local_duplicate2(Prep *s, int *vt_valid) {
    verdicts_update(s, vt_valid);
    /* entries (t, c, e) with t >= 0, grouped by t */
    int ne = 0;
    for (int c = 0; c < s->ncells; c++) ne += s->vt_n[c];
    if (ne < 2) return 0;
    int *ent = PyMem_Malloc(sizeof(int) * 3 * (size_t)ne);
    if (!ent) { PyErr_NoMemory(); return -1; }
    int k = 0;
    for (int c = 0; c < s->ncells; c++)
        for (int e = 0; e < s->vt_n[c]; e++)
            if (s->vt_t[4 * c + e] >= 0) { ent[3 * k] = s->vt_t[4 * c + e]; ent[3 * k + 1] = c;
                                            ent[3 * k + 2] = e; k++; }
    qsort(ent, (size_t)k, sizeof(int) * 3, lp_cmp);
    for (int g = 0; g < k;) {
        int h = g;
        while (h < k && ent[3 * h] == ent[3 * g]) h++;
        for (int i = g; i < h; i++) {
            int ci = ent[3 * i + 1], qi = s->vt_q[4 * ci + ent[3 * i + 2]];
            int oci = other_cell(s, qi, ci);
            for (int j = g; j < h; j++) {
                int cj = ent[3 * j + 1];
                if (cj == ci) continue;
                int ej = 4 * cj + ent[3 * j + 2];
                int rj = s->vt_rest[ej];
                /* rj & cell_mask[ci]: an option of cj in rj touching ci */
                int hit = 0;
                const int *plj = s->cpl + 4 * cj;
                for (int y = 0; y < s->cnp[cj]; y++)
                    if (rj >> y & 1 && (s->pa[plj[y]] == ci || s->pb[plj[y]] == ci)) { hit = 1; break; }
                if (hit) continue;
                /* users(i) & users(j) */
                int qj = s->vt_q[ej], ocj = other_cell(s, qj, cj);
                const int *pli = s->cpl + 4 * oci, *plo = s->cpl + 4 * ocj;
                for (int x = 0; x < s->cnp[oci]; x++) {
                    int u = pli[x];
                    if (u == qi || u == qj) continue;
                    for (int z = 0; z < s->cnp[ocj]; z++)
                        if (plo[z] == u) { BSET(s->rm, u); break; }
                }
            }
        }
        g = h;
    }
    PyMem_Free(ent);
    return 0;
}

/* -- parity: bridges with an even number of cells on each side ----------------------------- */

static void parity(Prep *s) {
    int ncells = s->ncells;
    uint64_t *live = s->saved_c;  /* alive & ~committed (scratch) */
    for (int w = 0; w < s->W; w++) live[w] = s->alive[w] & ~s->com[w];
    for (int c = 0; c < ncells; c++) { s->disc[c] = -1; s->size[c] = 1; }
    int timer = 0;
    int *bp = s->tmp_list, *bs = s->order;  /* bridges found in this component */
    for (int root = 0; root < ncells; root++) {
        if (s->disc[root] >= 0 || !cell_live(s, live, root)) continue;
        int comp = 1, nb = 0;
        s->disc[root] = s->low[root] = timer++;
        int sp = 0;
        s->stk_v[0] = root; s->stk_pv[0] = -1; s->stk_pp[0] = -1; s->stk_i[0] = 0;
        sp = 1;
        while (sp) {
            int v = s->stk_v[sp - 1], pv = s->stk_pv[sp - 1];
            const int *pl = s->cpl + 4 * v;
            int pushed = 0;
            while (s->stk_i[sp - 1] < s->cnp[v]) {
                int p = pl[s->stk_i[sp - 1]++];
                if (!BTEST(live, p)) continue;
                int w = other_cell(s, p, v);
                if (w == pv) continue;
                int dw = s->disc[w];
                if (dw < 0) {
                    s->disc[w] = s->low[w] = timer++;
                    comp++;
                    s->stk_v[sp] = w; s->stk_pv[sp] = v; s->stk_pp[sp] = p; s->stk_i[sp] = 0;
                    sp++;
                    pushed = 1;
                    break;
                }
                if (dw < s->low[v]) s->low[v] = dw;
            }
            if (pushed) continue;
            int pp = s->stk_pp[sp - 1];
            sp--;
            if (pv >= 0) {
                s->size[pv] += s->size[v];
                if (s->low[v] < s->low[pv]) s->low[pv] = s->low[v];
                if (s->low[v] > s->disc[pv]) { bp[nb] = pp; bs[nb] = s->size[v]; nb++; }
            }
        }
        for (int i = 0; i < nb; i++)
            if (((bs[i] | (comp - bs[i])) & 1) == 0) BSET(s->rm, bp[i]);
    }
}

/* -- set analysis (sets.set_mask) ------------------------------------------------------------- */

typedef struct {
    int m, v;
    int cells[64];
    uint64_t dom[64], dbl[64], domv[64];
    int owner[64];
    unsigned char seen[64];
} SetCtx;

static int augment(SetCtx *x, int k) {
    uint64_t d = x->domv[k];
    while (d) {
        int t = ctz(d);
        d &= d - 1;
        if (x->seen[t]) continue;
        x->seen[t] = 1;
        int o = x->owner[t];
        if (o < 0 || augment(x, o)) { x->owner[t] = k; return 1; }
    }
    return 0;
}

/* Kuhn's search for one place of the double (a, c) or none (-1, -1): 1 if found */
static int assign_one(SetCtx *x, int size, int a, int c) {
    for (int t = 0; t < size; t++) x->owner[t] = -1;
    for (int k = 0; k < x->m; k++) {
        if (k == a || k == c) continue;
        uint64_t d = x->domv[k];
        if (d) {
            int t = ctz(d);
            if (x->owner[t] < 0) { x->owner[t] = k; continue; }
        }
        memset(x->seen, 0, (size_t)size);
        if (!augment(x, k)) return 0;
    }
    return 1;
}

static int add_cand(Prep *s, Py_ssize_t *nc, uint64_t S) {
    if (*nc >= s->cand_cap) {
        Py_ssize_t cap = s->cand_cap * 2;
        uint64_t *c = PyMem_Realloc(s->cand, sizeof(uint64_t) * (size_t)(cap + 1));
        if (!c) { PyErr_NoMemory(); return -1; }
        s->cand = c; s->cand_cap = cap;
    }
    s->cand[(*nc)++] = S;
    return 0;
}

static int u64_cmp(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* the candidate sets of one assignment (owner in x, pair a < c or -1) */
static int candidates_of(Prep *s, SetCtx *x, int doubles, int a, int c, Py_ssize_t *nc) {
    int m = x->m, n = s->n;
    uint64_t vbit = (uint64_t)1 << x->v, nv = ~vbit;
    uint64_t abmask = a >= 0 ? ((uint64_t)1 << a | (uint64_t)1 << c) : 0;
    uint64_t succ[64], cl[64], dv = 0;
    for (int k = 0; k < m; k++) {
        uint64_t sk = (uint64_t)1 << k, d = x->dom[k] & nv;
        while (d) { int t = ctz(d); d &= d - 1; sk |= (uint64_t)1 << x->owner[t]; }
        succ[k] = sk;
        if (x->dom[k] & vbit) dv |= (uint64_t)1 << k;
    }
    for (int k = 0; k < m; k++) {
        uint64_t S = succ[k], nw = S ^ ((uint64_t)1 << k);
        while (nw) {
            uint64_t acc = 0;
            while (nw) { int j = ctz(nw); nw &= nw - 1; acc |= succ[j]; }
            nw = acc & ~S;
            S |= nw;
        }
        cl[k] = S;
    }
    int pr[2] = {a, c};
    for (int k = 0; k < m; k++) {
        uint64_t S0 = cl[k];
        int dup = 0;
        for (int j = 0; j < k; j++) if (cl[j] == S0) { dup = 1; break; }
        if (dup) continue;
        if (!doubles) {
            if (S0 & dv && !(S0 & abmask)) {
                if (a >= 0)
                    for (int y = 0; y < 2; y++) {
                        uint64_t S1 = S0 | cl[pr[y]];
                        int cnt = popc(S1);
                        if (popc(S1 & abmask) == 1 && 1 < cnt && cnt <= n)
                            if (add_cand(s, nc, S1)) return -1;
                    }
            } else {
                int cnt = popc(S0);
                if (popc(S0 & abmask) == (S0 & dv ? 1 : 0) && 1 < cnt && cnt <= n)
                    if (add_cand(s, nc, S0)) return -1;
            }
            continue;
        }
        if (S0 & dv && !(S0 & abmask)) {
            if (a >= 0)
                for (int y = 0; y < 2; y++)
                    if (add_cand(s, nc, S0 | cl[pr[y]])) return -1;
        } else if (add_cand(s, nc, S0)) return -1;
        if (a >= 0 && add_cand(s, nc, S0 | cl[a] | cl[c])) return -1;
    }
    if (doubles && a >= 0) {
        uint64_t every = 0;
        for (int k = 0; k < m; k++) every |= x->dom[k];
        uint64_t ys = every & nv;
        while (ys) {
            int y = ctz(ys);
            ys &= ys - 1;
            int o = x->owner[y];
            if (abmask >> o & 1) continue;
            uint64_t keep = ~((uint64_t)1 << o), S = abmask, todo = abmask;
            while (todo) {
                int k = ctz(todo);
                todo &= todo - 1;
                uint64_t nw = succ[k] & ~S & keep;
                S |= nw;
                todo |= nw;
            }
            if (add_cand(s, nc, S)) return -1;
        }
    }
    return 0;
}

/* squares in S touching placement r: 0, 1 or 2 of its cells */
static inline int in_S(const Prep *s, int r, uint64_t S) {
    int ka = s->local_of[s->pa[r]], kb = s->local_of[s->pb[r]];
    return (ka >= 0 && (S >> ka & 1)) + (kb >= 0 && (S >> kb & 1));
}

/* every live placement of the tiles (v, x), x in the mask xs, outside S: into s->rm */
static void remove_outside(Prep *s, int v, uint64_t xs, uint64_t S) {
    while (xs) {
        int xx = ctz(xs);
        xs &= xs - 1;
        int t = s->tix[v * s->K + xx];
        for (int j = s->tpo[t]; j < s->tpo[t + 1]; j++) {
            int r = s->tpl[j];
            if (BTEST(s->alive, r) && !in_S(s, r, S)) BSET(s->rm, r);
        }
    }
}

/* _set_verdicts for one set S, ORed into s->rm */
static void verdict(Prep *s, SetCtx *x, int doubles, uint64_t S) {
    int n = s->n, v = x->v, K = s->K;
    uint64_t vbit = (uint64_t)1 << v;
    uint64_t N = 0, mem = S;
    while (mem) { int k = ctz(mem); mem &= mem - 1; N |= x->dom[k]; }
    int nd = popc(N), ns = popc(S);
    if (nd <= 1 || nd >= n + 1 || nd > ns || nd < ns - 1 || (nd < ns && !doubles)) return;
    int adj = 0;
    mem = S;
    while (mem) { int k = ctz(mem); mem &= mem - 1; if (x->dbl[k] & S) { adj = 1; break; } }
    if (!doubles) {
        if (adj) return;
        remove_outside(s, v, N, S);
        return;
    }
    if (!adj) return;
    int nondoubles, mind;
    if (nd == ns - 1) { nondoubles = 1; mind = 2; }
    else if (nd == ns) { nondoubles = 0; mind = 1; }
    else return;
    if (nondoubles) {
        remove_outside(s, v, N & ~vbit, S);
    }
    if (N & vbit) {
        int t = s->tix[v * K + v];
        for (int j = s->tpo[t]; j < s->tpo[t + 1]; j++) {
            int r = s->tpl[j];
            if (BTEST(s->alive, r) && in_S(s, r, S) < mind) BSET(s->rm, r);
        }
    }
}

/* _set_mask_number for v: ORs into s->rm; returns 0, 1 for a contradiction, -1 on error */
static int set_number(Prep *s, int v, int doubles) {
    SetCtx x;
    x.v = v;
    int m = 0, n = s->n;
    for (int i = s->cof_o[v]; i < s->cof_o[v + 1]; i++) {
        int c = s->cof[i];
        int a = cell_live(s, s->alive, c);
        if (popc((uint64_t)a) <= 1) continue;
        if (m >= 63) { m = 64; break; }  /* more squares than any assignment could take */
        uint64_t d = 0;
        const int *pl = s->cpl + 4 * c;
        for (int j = 0; j < s->cnp[c]; j++)
            if (a >> j & 1) d |= (uint64_t)1 << s->num[other_cell(s, pl[j], c)];
        x.cells[m] = c;
        x.dom[m] = d;
        x.dbl[m] = 0;
        m++;
    }
    x.m = m;
    if (m < 2) return 0;
    if (m > n + 2) return 1;    /* (the count test of _assignment fails: m > its right side) */
    for (int k = 0; k < m; k++) s->local_of[x.cells[k]] = k;
    int result = 0;
    uint64_t vbit = (uint64_t)1 << v, nv = ~vbit;
    int t = s->tix[v * s->K + v];
    uint64_t anydbl = 0;
    for (int j = s->tpo[t]; j < s->tpo[t + 1]; j++) {
        int q = s->tpl[j];
        if (!BTEST(s->alive, q)) continue;
        int ka = s->local_of[s->pa[q]], kb = s->local_of[s->pb[q]];
        if (ka >= 0 && kb >= 0) {
            x.dbl[ka] |= (uint64_t)1 << kb;
            x.dbl[kb] |= (uint64_t)1 << ka;
            anydbl = 1;
        }
    }
    /* _assignment's set-up */
    uint64_t xs = 0;
    for (int k = 0; k < m; k++) { xs |= x.dom[k]; x.domv[k] = x.dom[k] & nv; }
    int need_double = (xs & vbit) != 0;
    int size = bitlen(xs) > v + 1 ? bitlen(xs) : v + 1;
    if (m != popc(xs & nv) + (need_double ? 2 : 0)) { result = 1; goto done; }
    if (doubles && !anydbl) {
        /* nothing for Extreme, but no assignment at all is a contradiction */
        if (!need_double) { if (!assign_one(&x, size, -1, -1)) result = 1; }
        else result = 1;   /* the double is needed and no two squares can share it */
        goto done;
    }
    Py_ssize_t nc = 0;
    int found = 0;
    if (!need_double) {
        if (assign_one(&x, size, -1, -1)) {
            found = 1;
            if (candidates_of(s, &x, doubles, -1, -1, &nc)) { result = -1; goto done; }
        }
    } else {
        for (int a = 0; a < m; a++) {
            uint64_t js = x.dbl[a] & ~(((uint64_t)2 << a) - 1);
            int stop = 0;
            while (js) {
                int c = ctz(js);
                js &= js - 1;
                if (!assign_one(&x, size, a, c)) continue;
                found = 1;
                if (candidates_of(s, &x, doubles, a, c, &nc)) { result = -1; goto done; }
                if (!doubles) { stop = 1; break; }
            }
            if (stop) break;
        }
    }
    if (!found) { result = 1; goto done; }
    qsort(s->cand, (size_t)nc, sizeof(uint64_t), u64_cmp);
    for (Py_ssize_t i = 0; i < nc; i++)
        if (i == 0 || s->cand[i] != s->cand[i - 1]) verdict(s, &x, doubles, s->cand[i]);
done:
    for (int k = 0; k < m; k++) s->local_of[x.cells[k]] = -1;
    return result;
}

/* set_mask: 0 (s->rm holds the union), 1 + v for a contradiction at number v, -1 on error */
static int set_mask(Prep *s, int doubles) {
    for (int v = 0; v <= s->n; v++) {
        int r = set_number(s, v, doubles);
        if (r < 0) return -1;
        if (r) return 1 + v;
    }
    return 0;
}

/* -- forcing chains (rules.rule_chains) ----------------------------------------------------- */

static int uf_find(Prep *s, int x, int *par) {
    int acc = 0, r = x;
    while (s->uf_par[r] != r) { acc ^= s->uf_pty[r]; r = s->uf_par[r]; }
    /* path compression: each node on the path points at the root with its parity */
    int cur = x, pc = acc;
    while (s->uf_par[cur] != cur) {
        int nx = s->uf_par[cur], p = s->uf_pty[cur];
        s->uf_par[cur] = r;
        s->uf_pty[cur] = pc;
        pc ^= p;
        cur = nx;
    }
    *par = acc;
    return r;
}

/* 0 (s->rm holds what goes), 1 + cell for a contradiction */
static int chains(Prep *s) {
    int P = s->P, T = s->T;
    for (int p = 0; p < P; p++) { s->uf_par[p] = p; s->uf_pty[p] = 0; }
    for (int c = 0; c < s->ncells; c++) {
        int a = cell_live(s, s->alive, c);
        if (popc((uint64_t)a) != 2) continue;
        const int *pl = s->cpl + 4 * c;
        int p = pl[bitlen((uint64_t)a) - 1], q = pl[ctz((uint64_t)a)];
        int pp, pq;
        int rp = uf_find(s, p, &pp), rq = uf_find(s, q, &pq);
        if (rp == rq) {
            if (pp == pq) return 1 + c;
            continue;
        }
        s->uf_par[rq] = rp;
        s->uf_pty[rq] = pp ^ pq ^ 1;
    }
    for (int p = 0; p < P; p++) {
        if (!BTEST(s->alive, p)) { s->cid[p] = -1; continue; }
        int par, r = uf_find(s, p, &par);
        s->cid[p] = 2 * r + par;
    }
    /* 1. a chain using one tile twice is false */
    int any = 0;
    memset(s->bad, 0, (size_t)(2 * P));
    {
        /* stamp[t] = 1 + the chain last seen with tile t (placements by chain: counting sort) */
        int *cnt = s->cnt, *order = s->order;
        memset(cnt, 0, sizeof(int) * (size_t)(2 * P + 1));
        for (int p = 0; p < P; p++) if (s->cid[p] >= 0) cnt[s->cid[p] + 1]++;
        for (int i = 0; i < 2 * P; i++) cnt[i + 1] += cnt[i];
        for (int p = 0; p < P; p++) if (s->cid[p] >= 0) order[cnt[s->cid[p]]++] = p;
        for (int t = 0; t < T; t++) s->stamp[t] = -1;
        int nal = 0;
        for (int p = 0; p < P; p++) nal += s->cid[p] >= 0;
        for (int i = 0; i < nal; i++) {
            int p = order[i], ch = s->cid[p], t = s->ptile[p];
            if (s->stamp[t] == ch) { s->bad[ch] = 1; any = 1; }
            s->stamp[t] = ch;
        }
    }
    if (any) {
        for (int p = 0; p < P; p++) if (s->cid[p] >= 0 && s->bad[s->cid[p]]) BSET(s->rm, p);
        return 0;
    }
    /* 2. a chain that would take every option of some other cell is false */
    for (int c = 0; c < s->ncells; c++) {
        int a = cell_live(s, s->alive, c);
        if (popc((uint64_t)a) < 2) continue;
        const int *pl = s->cpl + 4 * c;
        int opts[4], no = 0;
        for (int j = 0; j < s->cnp[c]; j++) if (a >> j & 1) opts[no++] = pl[j];
        int t1 = s->ptile[opts[0]];
        for (int j = s->tpo[t1]; j < s->tpo[t1 + 1]; j++) {
            int r = s->tpl[j];
            if (!BTEST(s->alive, r)) continue;
            int ch = s->cid[r];
            if (s->bad[ch]) continue;
            /* ch met earlier in this tile's list: already decided */
            int seen = 0;
            for (int z = s->tpo[t1]; z < j; z++) {
                int r2 = s->tpl[z];
                if (BTEST(s->alive, r2) && s->cid[r2] == ch) { seen = 1; break; }
            }
            if (seen) continue;
            int ok = 1;
            for (int o = 0; o < no && ok; o++) if (s->cid[opts[o]] == ch) ok = 0;
            for (int o = 1; o < no && ok; o++) {
                int t = s->ptile[opts[o]], in = 0;
                for (int z = s->tpo[t]; z < s->tpo[t + 1]; z++) {
                    int r2 = s->tpl[z];
                    if (BTEST(s->alive, r2) && s->cid[r2] == ch) { in = 1; break; }
                }
                if (!in) ok = 0;
            }
            if (ok) s->bad[ch] = 1;
        }
    }
    for (int p = 0; p < P; p++) if (s->cid[p] >= 0 && s->bad[s->cid[p]]) BSET(s->rm, p);
    /* 3. a tile in both halves of a chain must be in one of those two places */
    for (int t = 0; t < T; t++) {
        int k = 0;
        for (int j = s->tpo[t]; j < s->tpo[t + 1]; j++)
            if (BTEST(s->alive, s->tpl[j])) s->tmp_list[k++] = s->tpl[j];
        if (k <= 2) continue;
        int done = 0;
        for (int j = 0; j < k && !done; j++)
            for (int i = j + 1; i < k; i++) {
                int cj = s->cid[s->tmp_list[j]], ck = s->cid[s->tmp_list[i]];
                if (cj >> 1 == ck >> 1 && (cj & 1) != (ck & 1)) {
                    for (int z = 0; z < k; z++)
                        if (z != j && z != i) BSET(s->rm, s->tmp_list[z]);
                    done = 1;
                    break;
                }
            }
    }
    return 0;
}

/* -- the loop ---------------------------------------------------------------------------- */

static int solved_shape(Prep *s) {
    int cnt = 0;
    for (int w = 0; w < s->W; w++) {
        if (s->alive[w] != s->com[w]) return 0;
        cnt += popc(s->alive[w]);
    }
    return cnt == s->T;
}

static PyObject *deduce(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *po, *pal, *pco;
    int level;
    if (!PyArg_ParseTuple(args, "O!OOi", &PrepType, &po, &pal, &pco, &level)) return NULL;
    Prep *s = (Prep *)po;
    int W = s->W;
    if (int_to_bits(pal, s->alive, W) || int_to_bits(pco, s->com, W)) return NULL;
    int used = -1, status = 0, fixed_valid = 0, vt_valid = 0;
    int tried[3] = {0, 0, 0};
    PyObject *info = Py_None;
    Py_INCREF(info);
    size_t bytes = (size_t)W * 8;
    clear_queue_flags(s);
    for (;;) {
        if (solved_shape(s)) break;
        memcpy(s->saved_a, s->alive, bytes);
        memcpy(s->saved_c, s->com, bytes);
        int ch = fixed_valid ? trivial_after(s) : trivial_full(s);
        if (ch < 0) {
            clear_queue_flags(s);
            memcpy(s->alive, s->saved_a, bytes);
            memcpy(s->com, s->saved_c, bytes);
            status = 2;
            break;
        }
        memcpy(s->fixed, s->alive, bytes);
        fixed_valid = 1;
        if (ch) { if (used < TRIVIAL) used = TRIVIAL; continue; }
        int lvl = -1;
        for (int k = 0; k < 8 && lvl < 0; k++) {
            int rlvl = k < 5 ? BASIC : k == 5 ? HARD : EXTREME;
            if (rlvl > level) break;
            memset(s->rm, 0, bytes);
            int r = 0;
            switch (k) {
            case 0: cell_one_tile(s, !tried[0]); memcpy(s->last0, s->alive, bytes); tried[0] = 1; break;
            case 1: tile_overlap(s, !tried[1]); memcpy(s->last1, s->alive, bytes); tried[1] = 1; break;
            case 2: local_duplicate(s, !tried[2], &vt_valid); memcpy(s->last2, s->alive, bytes);
                    tried[2] = 1; break;
            case 3: r = local_duplicate2(s, &vt_valid); break;
            case 4: parity(s); break;
            case 5: r = set_mask(s, 0); break;
            case 6: r = set_mask(s, 1); break;
            case 7: r = chains(s); break;
            }
            if (r < 0) { Py_DECREF(info); return NULL; }
            if (r > 0) {
                Py_DECREF(info);
                if (k == 7) info = Py_BuildValue("(si)", "chain", r - 1);
                else info = Py_BuildValue("(si)", "set", r - 1);
                if (!info) return NULL;
                status = 1;
                break;
            }
            if (rm_nonzero_apply(s)) lvl = rlvl;
        }
        if (status) break;
        if (lvl < 0) break;
        if (lvl > used) used = lvl;
    }
    PyObject *a = bits_to_int(s->alive, W), *c = a ? bits_to_int(s->com, W) : NULL;
    if (!c) { Py_XDECREF(a); Py_DECREF(info); return NULL; }
    return Py_BuildValue("(NNiiN)", a, c, used, status, info);
}

static PyMethodDef methods[] = {
    {"prepare", prepare, METH_VARARGS,
     "prepare(n, numbers, pa, pb, ptile, tix, tiles): a Board's tables for deduce()."},
    {"deduce", deduce, METH_VARARGS,
     "deduce(prepared, alive, committed, level) -> (alive, committed, used, status, info)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef moddef = {
    PyModuleDef_HEAD_INIT, "_closurec",
    "The record-free deduce() of rules.py in C (the Python there is the reference).", -1,
    methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__closurec(void) {
    if (PyType_Ready(&PrepType) < 0) return NULL;
    PyObject *m = PyModule_Create(&moddef);
    if (!m) return NULL;
    Py_INCREF(&PrepType);
    if (PyModule_AddObject(m, "Prepared", (PyObject *)&PrepType) < 0) {
        Py_DECREF(&PrepType);
        Py_DECREF(m);
        return NULL;
    }
    if (PyModule_AddIntConstant(m, "MAX_N", CLOSUREC_MAX_N) < 0) { Py_DECREF(m); return NULL; }
    return m;
}
