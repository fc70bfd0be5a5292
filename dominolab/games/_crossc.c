/* The compact cross search's node loop in C: the same search, move for move, as the closure
 * that dominolab/games/cross_search.py builds (CrossCompact._build), with the same values,
 * the same order of moves and, with CrossCompact.table_floor 0, the same number of positions
 * (its default for Osyol leaves the smallest positions out of this loop's table, which the
 * closure keeps: the same values, more positions, less time).
 *
 * Why C, written here: the search is a paranoid alpha-beta over a few million positions a
 * full deal, already cut at the first move 99.6% of the time, so what is left is the cost of
 * a node in the interpreter (about 9 microseconds in CPython on a two-core machine). No
 * library searches a game tree given our move generator and scoring; Cython or mypyc would
 * still keep the table and the hands as Python objects. Everything that reads the rules
 * stays in Python and is called from here: the moves of an arms state (CrossCompact.moves,
 * kept once made) and the score of a finished round (CrossCompact.score), but for the one
 * score the rules declare in closed form that a cross game uses (Rules.score_model "goat",
 * Kozel's, which Osyol plays), worked out here. What lives here is the hands as machine
 * words, the transposition table, the draws from a known boneyard and the ordering of moves.
 *
 * Where this module cannot be built (no compiler, Pyodide in the browser site), or a round
 * does not fit (hands and the boneyard's place in more than 128 bits), the Python closure
 * runs instead; tests/test_solver_cross.py runs both on the same positions and compares
 * values and positions searched.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#ifndef Py_T_OBJECT_EX
#define Py_T_OBJECT_EX T_OBJECT_EX
#endif
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

typedef unsigned __int128 u128;

#define MAXP 8
#define INF ((int64_t)1000000000)

/* ---------------------------------------------------------------- a hash table */
/* Open addressing, linear probing, grown at half full. A key is four words (d != 0 marks a
 * used slot); a value is one int64 and two int32. */
typedef struct {
    uint64_t a, b, c, d;
    int64_t v;
    int32_t x, y;
} Ent;

typedef struct {
    Ent *e;
    size_t cap, n;
} Table;

static inline uint64_t mix(uint64_t z) {
    z ^= z >> 30;
    z *= 0xbf58476d1ce4e5b9ULL;
    z ^= z >> 27;
    z *= 0x94d049bb133111ebULL;
    z ^= z >> 31;
    return z;
}

static inline uint64_t hash4(uint64_t a, uint64_t b, uint64_t c, uint64_t d) {
    return mix(a ^ mix(b ^ mix(c ^ mix(d))));
}

static int table_init(Table *t, size_t cap) {
    t->e = calloc(cap, sizeof(Ent));
    if (!t->e) return -1;
    t->cap = cap;
    t->n = 0;
    return 0;
}

static void table_free(Table *t) {
    free(t->e);
    t->e = NULL;
    t->cap = t->n = 0;
}

static Ent *table_find(Table *t, uint64_t a, uint64_t b, uint64_t c, uint64_t d) {
    size_t mask = t->cap - 1, i = hash4(a, b, c, d) & mask;
    for (;;) {
        Ent *e = &t->e[i];
        if (!e->d) return NULL;
        if (e->a == a && e->b == b && e->c == c && e->d == d) return e;
        i = (i + 1) & mask;
    }
}

static int table_grow(Table *t) {
    Table n;
    if (table_init(&n, t->cap * 2) < 0) return -1;
    size_t mask = n.cap - 1;
    for (size_t k = 0; k < t->cap; k++) {
        Ent *e = &t->e[k];
        if (!e->d) continue;
        size_t i = hash4(e->a, e->b, e->c, e->d) & mask;
        while (n.e[i].d) i = (i + 1) & mask;
        n.e[i] = *e;
    }
    n.n = t->n;
    free(t->e);
    *t = n;
    return 0;
}

/* The slot of a key, made if new (NULL: out of memory). *fresh says which. */
static Ent *table_put(Table *t, uint64_t a, uint64_t b, uint64_t c, uint64_t d, int *fresh) {
    if (2 * (t->n + 1) > t->cap && table_grow(t) < 0) return NULL;
    size_t mask = t->cap - 1, i = hash4(a, b, c, d) & mask;
    for (;;) {
        Ent *e = &t->e[i];
        if (!e->d) {
            e->a = a; e->b = b; e->c = c; e->d = d;
            e->v = 0; e->x = e->y = 0;
            t->n++;
            *fresh = 1;
            return e;
        }
        if (e->a == a && e->b == b && e->c == c && e->d == d) {
            *fresh = 0;
            return e;
        }
        i = (i + 1) & mask;
    }
}

/* The transposition table: the same probing, with entries of 32 bytes (two to a cache line:
 * a full Osyol deal keeps millions). Key: K and (arms state << 3 | player); value: the
 * bounds (within +-INF, as the Python table's 31 bits each) and one plus the best move's id
 * (16 bits, as there). */
typedef struct {
    uint64_t a, b;
    uint32_t c;
    int32_t lb, ub;
    uint16_t bm;
    uint16_t used;
} TEnt;

typedef struct {
    TEnt *e;
    size_t cap, n;
} TTable;

#define TT_FIRST ((size_t)1 << 16)     /* the table's first size, in entries */

/* The table's memory. On Linux it is mapped with its pages made at once (MAP_POPULATE): every
 * page of a grown table is written within the next few thousand positions anyway, and one
 * page at a time, each first read and then written, cost two page faults a page (the kernel
 * took 15-20% of a full Osyol deal's time; made at once, Osyol each for himself took about a
 * tenth less CPU, ten deals alternating in one process on a loaded machine). Elsewhere
 * calloc. */
#if defined(__linux__) && defined(MAP_POPULATE)
static TEnt *tt_alloc(size_t cap) {
    /* (the first table, 2 MB, as calloc would: a short search touches few of its pages) */
    void *m = mmap(NULL, cap * sizeof(TEnt), PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | (cap > TT_FIRST ? MAP_POPULATE : 0), -1, 0);
    return m == MAP_FAILED ? NULL : m;
}
static void tt_release(TEnt *e, size_t cap) {
    if (e) munmap(e, cap * sizeof(TEnt));
}
#else
static TEnt *tt_alloc(size_t cap) { return calloc(cap, sizeof(TEnt)); }
static void tt_release(TEnt *e, size_t cap) { (void)cap; free(e); }
#endif

static int tt_init(TTable *t, size_t cap) {
    t->e = tt_alloc(cap);
    if (!t->e) return -1;
    t->cap = cap;
    t->n = 0;
    return 0;
}

static inline TEnt *tt_find(TTable *t, uint64_t a, uint64_t b, uint32_t c) {
    size_t mask = t->cap - 1, i = hash4(a, b, c, 1) & mask;
    for (;;) {
        TEnt *e = &t->e[i];
        if (!e->used) return NULL;
        if (e->a == a && e->b == b && e->c == c) return e;
        i = (i + 1) & mask;
    }
}

static TEnt *tt_put(TTable *t, uint64_t a, uint64_t b, uint32_t c) {
    if (2 * (t->n + 1) > t->cap) {
        TTable n;
        if (tt_init(&n, t->cap * 2) < 0) return NULL;
        size_t mask = n.cap - 1;
        for (size_t k = 0; k < t->cap; k++) {
            TEnt *e = &t->e[k];
            if (!e->used) continue;
            size_t i = hash4(e->a, e->b, e->c, 1) & mask;
            while (n.e[i].used) i = (i + 1) & mask;
            n.e[i] = *e;
        }
        n.n = t->n;
        tt_release(t->e, t->cap);
        *t = n;
    }
    size_t mask = t->cap - 1, i = hash4(a, b, c, 1) & mask;
    for (;;) {
        TEnt *e = &t->e[i];
        if (!e->used) {
            e->a = a; e->b = b; e->c = c; e->used = 1;
            t->n++;
            return e;
        }
        if (e->a == a && e->b == b && e->c == c) return e;
        i = (i + 1) & mask;
    }
}

/* ---------------------------------------------------------------- moves */
typedef struct {
    uint64_t bits;      /* the tiles laid */
    int64_t pips;
    int64_t gain;       /* the table points of the next arms state (0: none) */
    PyObject *desc;     /* ((tile index, closed), ...), for the leaf's scoring */
    int32_t nsid;       /* the next arms state */
    int32_t id;         /* the move's number among its arms state's moves */
} CMove;

typedef struct {
    Py_ssize_t n;
    CMove *mv;
} MoveList;

/* ---------------------------------------------------------------- the searcher */
typedef struct {
    PyObject_HEAD
    int P, TS;
    int shift[MAXP];
    int sgn[MAXP];
    uint64_t hands[MAXP];
    uint64_t synced[MAXP];      /* what the Python hands list holds, as last written */
    PyObject *py_hands;         /* CrossCompact.hands (the leaf reads it) */
    PyObject *py_pm;            /* CrossCompact.pm: the numbers open in each arms state */
    PyObject *moves_of;         /* CrossCompact.moves */
    PyObject *score;            /* CrossCompact.score (its leaf without the tables) */
    PyObject *tile_moves;       /* CrossCompact.tile_moves: one tile's plays on an arms state */
    PyObject *hand_value;       /* CrossCompact.hand_value_of (one_value only) */
    PyObject *s_out, *s_blocked;
    PyObject **single;          /* ((i, False),) per tile index, made once */
    int size;
    uint64_t *pm;
    Py_ssize_t npm, cappm;
    uint64_t *bone, *bone_left;
    int limit, nbone;
    int draws, last_out, one_value, kinds, multi;
    uint64_t dmask;             /* the doubles' bits */
    uint64_t last_mask;         /* the tiles the score reads in the last move (Rules.last_tiles) */
    /* Rules.score_model "goat" (Kozel's score, see rules.py) worked out here, the scoring hook
     * never called: each team's pips, who wins, the eggs */
    int goat, nteams;
    int team_of[MAXP];
    int64_t team_sign[MAXP];    /* +-1: a team's points in the root side's value */
    int64_t eggs_in;            /* the eggs of earlier rounds (RoundContext.eggs) */
    int bound_team;             /* CrossCompact.bound_team (-1: None): goat_bounds at each node */
    int table_floor;            /* CrossCompact.table_floor: no table for so few tiles in hands */
    uint64_t hands_lo, hands_hi;    /* K's bits that hold the hands (below TS) */
    uint16_t pips[8][256];      /* a hand's pips, byte by byte of its mask */
    TTable tt;
    Table leaves, gen, singles, values;
    MoveList *lists;
    Py_ssize_t nlists, caplists;
    long long nodes;
    int err;
} Searcher;

static int refresh_pm(Searcher *S) {
    Py_ssize_t n = PyList_GET_SIZE(S->py_pm);
    if (n <= S->npm) return 0;
    if (n > S->cappm) {
        Py_ssize_t cap = S->cappm ? S->cappm : 64;
        while (cap < n) cap *= 2;
        uint64_t *pm = realloc(S->pm, cap * sizeof(uint64_t));
        if (!pm) { PyErr_NoMemory(); return -1; }
        S->pm = pm;
        S->cappm = cap;
    }
    for (Py_ssize_t i = S->npm; i < n; i++) {
        uint64_t v = PyLong_AsUnsignedLongLong(PyList_GET_ITEM(S->py_pm, i));
        if (v == (uint64_t)-1 && PyErr_Occurred()) return -1;
        S->pm[i] = v;
    }
    S->npm = n;
    return 0;
}

/* Keep a list of n moves (taken over) in the table ``in`` under (hm, sid); its place. */
static MoveList *keep_list(Searcher *S, Table *in, uint64_t hm, int sid, CMove *mv,
                           Py_ssize_t n) {
    if (S->nlists == S->caplists) {
        Py_ssize_t cap = S->caplists ? 2 * S->caplists : 256;
        MoveList *l = realloc(S->lists, cap * sizeof(MoveList));
        if (!l) goto fail;
        S->lists = l;
        S->caplists = cap;
    }
    int fresh;
    Ent *e = table_put(in, hm, 0, (uint64_t)sid, 1, &fresh);
    if (!e) goto fail;
    S->lists[S->nlists].n = n;
    S->lists[S->nlists].mv = mv;
    e->v = S->nlists++;
    return &S->lists[e->v];
fail:
    for (Py_ssize_t i = 0; i < n; i++) Py_XDECREF(mv[i].desc);
    free(mv);
    PyErr_NoMemory();
    return NULL;
}

/* A Python list of cross moves (see CrossMove) as C moves, kept under (hm, sid) in ``in``. */
static MoveList *convert(Searcher *S, Table *in, uint64_t hm, int sid, PyObject *ml) {
    if (!ml) return NULL;
    if (!PyList_Check(ml)) {
        Py_DECREF(ml);
        PyErr_SetString(PyExc_TypeError, "CrossCompact's moves must be a list");
        return NULL;
    }
    Py_ssize_t n = PyList_GET_SIZE(ml);
    CMove *mv = calloc(n ? n : 1, sizeof(CMove));
    if (!mv) { Py_DECREF(ml); PyErr_NoMemory(); return NULL; }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *t = PyList_GET_ITEM(ml, i);
        if (!PyTuple_Check(t) || PyTuple_GET_SIZE(t) != 6) {
            PyErr_SetString(PyExc_TypeError, "a cross move is a 6-tuple");
            goto fail;
        }
        mv[i].bits = PyLong_AsUnsignedLongLong(PyTuple_GET_ITEM(t, 0));
        mv[i].nsid = (int32_t)PyLong_AsLong(PyTuple_GET_ITEM(t, 1));
        mv[i].pips = PyLong_AsLongLong(PyTuple_GET_ITEM(t, 2));
        mv[i].desc = PyTuple_GET_ITEM(t, 3);
        Py_INCREF(mv[i].desc);
        mv[i].id = (int32_t)PyLong_AsLong(PyTuple_GET_ITEM(t, 4));
        mv[i].gain = PyLong_AsLongLong(PyTuple_GET_ITEM(t, 5));
        if (PyErr_Occurred()) goto fail;
    }
    Py_DECREF(ml);
    if (refresh_pm(S) < 0) {
        for (Py_ssize_t i = 0; i < n; i++) Py_XDECREF(mv[i].desc);
        free(mv);
        return NULL;
    }
    return keep_list(S, in, hm, sid, mv, n);
fail:
    Py_DECREF(ml);
    for (Py_ssize_t i = 0; i < n; i++) Py_XDECREF(mv[i].desc);
    free(mv);
    return NULL;
}

/* The moves of a player whose tiles fitting arms state sid are hm (CrossCompact.moves):
 * each tile's single plays (made once per arms state and tile, by CrossCompact.tile_moves)
 * joined in the order of the tiles' bits, as CrossCompact.moves joins them; where several
 * doubles may go down at once and hm holds two or more, CrossCompact.moves itself. */
static MoveList *moves(Searcher *S, int sid, uint64_t hm) {
    Ent *e = table_find(&S->gen, hm, 0, (uint64_t)sid, 1);
    if (e) return &S->lists[e->v];
    if (S->multi && __builtin_popcountll(hm & S->dmask) > 1)
        return convert(S, &S->gen, hm, sid,
                       PyObject_CallFunction(S->moves_of, "iK", sid, (unsigned long long)hm));
    /* the lists' indices: their array may move as lists are added */
    Py_ssize_t idx[64], n = 0;
    int k = 0;
    for (uint64_t m = hm; m; m &= m - 1, k++) {
        int i = __builtin_ctzll(m);
        Ent *s1 = table_find(&S->singles, (uint64_t)i, 0, (uint64_t)sid, 1);
        MoveList *one;
        if (s1) {
            one = &S->lists[s1->v];
        } else {
            one = convert(S, &S->singles, (uint64_t)i, sid,
                          PyObject_CallFunction(S->tile_moves, "ii", sid, i));
            if (!one) return NULL;
        }
        idx[k] = one - S->lists;
        n += one->n;
    }
    CMove *mv = calloc(n ? n : 1, sizeof(CMove));
    if (!mv) { PyErr_NoMemory(); return NULL; }
    Py_ssize_t j = 0;
    for (int a = 0; a < k; a++) {
        MoveList *one = &S->lists[idx[a]];
        for (Py_ssize_t b = 0; b < one->n; b++) {
            mv[j] = one->mv[b];
            Py_INCREF(mv[j].desc);
            j++;
        }
    }
    return keep_list(S, &S->gen, hm, sid, mv, n);
}

static inline u128 hands_key(Searcher *S) {
    u128 k = 0;
    for (int p = 0; p < S->P; p++) k |= (u128)S->hands[p] << S->shift[p];
    return k;
}

static inline int64_t pips_of(Searcher *S, uint64_t m) {
    int64_t x = 0;
    for (int b = 0; m; b++, m >>= 8) x += S->pips[b][m & 0xff];
    return x;
}

/* Rules.score_model "goat" in closed form (rules.py says it in words; goat_score is the hook,
 * and tests/test_solver_cross.py compares this search with the closure that calls it): the
 * root side's value of a round ended by f going out, or blocked. */
static int64_t goat_value(Searcher *S, int blocked, int f) {
    int T = S->nteams;
    int64_t tv[MAXP] = {0}, tp[MAXP] = {0}, fresh = 0;
    int loser[MAXP];
    for (int p = 0; p < S->P; p++) tv[S->team_of[p]] += pips_of(S, S->hands[p]);
    if (!blocked) {
        for (int t = 0; t < T; t++) loser[t] = t != S->team_of[f];
    } else {
        int64_t m = tv[0];
        for (int t = 1; t < T; t++) if (tv[t] < m) m = tv[t];
        int tied = 0;
        for (int t = 0; t < T; t++) tied += tv[t] == m;
        for (int t = 0; t < T; t++) loser[t] = tv[t] > m;
        if (tied > 1) fresh = tied * m;    /* eggs: to a heavier side, if there is one */
    }
    int egg = -1;
    for (int t = 0; t < T; t++) {
        if (!loser[t]) continue;
        tp[t] = tv[t];
        if (egg < 0 || tv[t] > tv[egg]) egg = t;    /* the heaviest, the first on a tie */
    }
    if (egg >= 0) tp[egg] += fresh + S->eggs_in;
    int64_t u = 0;
    for (int t = 0; t < T; t++) u += S->team_sign[t] * tp[t];
    return u;
}

/* CrossCompact.goat_bounds: the lowest and the highest value the root side can get from the
 * current hands by any play (the root team is bound_team; its docstring says why). */
static inline void goat_bounds(Searcher *S, int64_t *lo, int64_t *hi) {
    int64_t tv[MAXP] = {0}, o[MAXP], sum = 0, fresh = 0;
    int R = S->bound_team, n = 0;
    for (int p = 0; p < S->P; p++) tv[S->team_of[p]] += pips_of(S, S->hands[p]);
    int64_t r = tv[R];
    for (int t = 0; t < S->nteams; t++) {
        if (t == R) continue;
        int64_t x = tv[t];
        int j = n++;
        while (j > 0 && o[j - 1] < x) { o[j] = o[j - 1]; j--; }     /* heaviest first */
        o[j] = x;
        sum += x;
    }
    for (int k = 2; k <= n; k++) {
        int64_t m = o[k - 1] < r - 1 ? o[k - 1] : r - 1;
        if (k * m > fresh) fresh = k * m;
    }
    *lo = -(r + S->eggs_in + fresh);
    *hi = sum + S->eggs_in + (r < o[n - 1] ? r : o[n - 1]);
}

/* The root side's value of a finished round (CrossCompact.leaf): the goat score worked out
 * here; any other remembered here by what the score reads, as CrossCompact.leaf keys its
 * table, and scored by CrossCompact.score. */
static int64_t leaf(Searcher *S, int blocked, int f, PyObject *desc, uint64_t bits) {
    if (S->goat) return goat_value(S, blocked, f);
    uint64_t lo, hi, c, d = 1 + (uint64_t)blocked + 2 * (uint64_t)f;
    int packed = S->one_value;
    if (packed) {
        /* the score reads each hand only through Rules.hand_value (and the last move only
         * through which of Rules.last_tiles it lays): keyed by the hands' values, 16 bits
         * each, as CrossCompact.leaf keys its own table */
        lo = hi = 0;
        for (int p = 0; p < S->P; p++) {
            uint64_t m = S->hands[p];
            Ent *hv = table_find(&S->values, m, 0, 0, 1);
            int64_t x;
            if (hv) {
                x = hv->v;
            } else {
                PyObject *r = PyObject_CallFunction(S->hand_value, "K", (unsigned long long)m);
                if (!r) { S->err = 1; return 0; }
                x = PyLong_AsLongLong(r);
                Py_DECREF(r);
                if (x == -1 && PyErr_Occurred()) { S->err = 1; return 0; }
                int fresh;
                hv = table_put(&S->values, m, 0, 0, 1, &fresh);
                if (!hv) { PyErr_NoMemory(); S->err = 1; return 0; }
                hv->v = x;
            }
            if (x < 0 || x > 0xffff) { packed = 0; break; }     /* (keyed by the hands) */
            if (p < 4) lo |= (uint64_t)x << (16 * p);
            else hi |= (uint64_t)x << (16 * (p - 4));
        }
        c = bits & S->last_mask;
    }
    if (!packed) {
        u128 hk = hands_key(S);
        lo = (uint64_t)hk;
        hi = (uint64_t)(hk >> 64);
        c = (uint64_t)(uintptr_t)desc;
        d |= (uint64_t)1 << 40;
    }
    Ent *e = table_find(&S->leaves, lo, hi, c, d);
    if (e) return e->v;
    for (int p = 0; p < S->P; p++) {
        if (S->synced[p] != S->hands[p]) {
            PyObject *h = PyLong_FromUnsignedLongLong(S->hands[p]);
            if (!h || PyList_SetItem(S->py_hands, p, h) < 0) { S->err = 1; return 0; }
            S->synced[p] = S->hands[p];
        }
    }
    PyObject *r = PyObject_CallFunction(S->score, "OiO", blocked ? S->s_blocked : S->s_out,
                                        f, desc);
    if (!r) { S->err = 1; return 0; }
    int64_t v = PyLong_AsLongLong(r);
    Py_DECREF(r);
    if (v == -1 && PyErr_Occurred()) { S->err = 1; return 0; }
    int fresh;
    e = table_put(&S->leaves, lo, hi, c, d, &fresh);
    if (!e) { PyErr_NoMemory(); S->err = 1; return 0; }
    e->v = v;
    return v;
}

static PyObject *single_desc(Searcher *S, int i) {
    if (!S->single[i]) {
        S->single[i] = Py_BuildValue("((iO))", i, Py_False);
        if (!S->single[i]) S->err = 1;
    }
    return S->single[i];
}

/* Does stuck player q draw (CrossCompact.must_draw)? */
static inline int must_draw(Searcher *S, uint64_t npm, int t) {
    if (t >= S->limit) return 0;
    if (S->bone_left[t] & npm) return 1;
    for (int p = 0; p < S->P; p++)
        if (S->hands[p] & npm) return 1;
    return 0;
}

typedef struct {
    int64_t sc;
    CMove *mv;
} Scored;

/* The moves of player p holding h, best first, the move with id skip left out
 * (CrossCompact's order: the same scores; equal scores keep the list's order). */
static Py_ssize_t order(Searcher *S, MoveList *ml, uint64_t h, int p, int skip, CMove **out,
                        Scored *buf) {
    uint64_t hq = S->hands[p + 1 < S->P ? p + 1 : 0];
    Py_ssize_t n = 0;
    for (Py_ssize_t i = 0; i < ml->n; i++) {
        CMove *mv = &ml->mv[i];
        if (mv->id == skip) continue;
        int64_t sc;
        if (mv->bits == h) {
            sc = 1000000;
        } else {
            uint64_t ans = hq & S->pm[mv->nsid];
            sc = mv->pips + mv->gain - 20 * (int64_t)__builtin_popcountll(ans) + (ans ? 0 : 100);
        }
        /* stable insertion, highest first */
        Py_ssize_t j = n;
        while (j > 0 && buf[j - 1].sc < sc) {
            buf[j] = buf[j - 1];
            j--;
        }
        buf[j].sc = sc;
        buf[j].mv = mv;
        n++;
    }
    for (Py_ssize_t i = 0; i < n; i++) out[i] = buf[i].mv;
    return n;
}

static int64_t search(Searcher *S, int sid, int p, int64_t alpha, int64_t beta, u128 K) {
    if ((++S->nodes & 0xffff) == 0 && PyErr_CheckSignals() < 0) {
        S->err = 1;
        return 0;
    }
    if (S->bound_team >= 0) {
        /* (the bounds of any end of the round from here, p's side's view) */
        int64_t lo, hi;
        goat_bounds(S, &lo, &hi);
        if (S->sgn[p] < 0) { int64_t t = lo; lo = -hi; hi = -t; }
        if (lo >= beta) return lo;
        if (hi <= alpha) return hi;
    }
    uint64_t klo = (uint64_t)K, khi = (uint64_t)(K >> 64);
    uint32_t kc = ((uint32_t)sid << 3) | (uint32_t)p;
    /* (CrossCompact.table_floor: so few tiles left, the position is searched without the
     * table, neither looked up nor stored) */
    int kept = __builtin_popcountll(klo & S->hands_lo) + __builtin_popcountll(khi & S->hands_hi)
        > S->table_floor;
    TEnt *ent = kept ? tt_find(&S->tt, klo, khi, kc) : NULL;
    int best_move = -1;
    int64_t lb, ub;
    if (ent) {
        lb = ent->lb;
        ub = ent->ub;
        best_move = (int)ent->bm - 1;
        if (lb >= beta) return lb;
        if (ub <= alpha) return ub;
        if (lb == ub) return lb;
        if (lb > alpha) alpha = lb;
        if (ub < beta) beta = ub;
    } else {
        lb = -INF;
        ub = INF;
    }
    int64_t alpha0 = alpha;
    int s = S->sgn[p];
    uint64_t h = S->hands[p];
    uint64_t hm = h & S->pm[sid];
    MoveList *got = moves(S, sid, hm);
    if (!got) { S->err = 1; return 0; }
    /* a copy: the array of lists may move as lists are added below */
    MoveList mlv = *got, *ml = &mlv;
    Py_ssize_t cap = ml->n;
    CMove *lst_stack[64];
    Scored buf_stack[64];
    CMove **lst = lst_stack;
    Scored *buf = buf_stack;
    if (cap > 64) {
        lst = malloc(cap * sizeof(CMove *));
        buf = malloc(cap * sizeof(Scored));
        if (!lst || !buf) {
            free(lst == lst_stack ? NULL : lst);
            free(buf == buf_stack ? NULL : buf);
            PyErr_NoMemory();
            S->err = 1;
            return 0;
        }
    }
    Py_ssize_t n;
    int rest = 0;       /* the table's move is searched alone first; the rest ordered after */
    if (ml->n > 1) {
        Py_ssize_t found = -1;
        if (best_move >= 0) {
            for (Py_ssize_t i = 0; i < ml->n; i++)
                if (ml->mv[i].id == best_move) { found = i; break; }
        }
        if (found >= 0) {
            lst[0] = &ml->mv[found];
            n = 1;
            rest = 1;
        } else {
            n = order(S, ml, h, p, -1, lst, buf);
        }
    } else {
        lst[0] = &ml->mv[0];
        n = ml->n;          /* (one move, or none, as the closure's loop walks them) */
    }
    int64_t best = -INF;
    int bmove = 0;
    int sp = S->shift[p], P = S->P;
    for (Py_ssize_t k = 0; k < n; k++) {
        CMove *mv = lst[k];
        uint64_t bits = mv->bits;
        int64_t g = mv->gain, v;
        if (bits == h) {
            S->hands[p] = 0;
            v = s * leaf(S, 0, p, mv->desc, bits);
            S->hands[p] = h;
        } else {
            S->hands[p] = h ^ bits;
            uint64_t npm = S->pm[mv->nsid];
            u128 Kc = K ^ ((u128)bits << sp);
            uint64_t drew = 0, hq = 0;
            int dq = -1, may = S->draws, q = p, found = 0;
            for (int r = 0; r < P; r++) {
                q = q + 1 < P ? q + 1 : 0;
                hq = S->hands[q];
                if (hq & npm) { found = 1; break; }
                if (may) {
                    may = 0;
                    int t0 = (int)(Kc >> S->TS);
                    if (must_draw(S, npm, t0)) {
                        int t = t0;
                        dq = q;
                        while (t < S->limit) {
                            uint64_t b = S->bone[t++];
                            drew |= b;
                            if (b & npm) break;
                        }
                        S->hands[q] |= drew;
                        Kc = (Kc | ((u128)drew << S->shift[q])) + ((u128)(t - t0) << S->TS);
                        hq = S->hands[q];
                        if (hq & npm) { found = 1; break; }
                    }
                }
            }
            if (!found) {
                v = s * leaf(S, 1, p, mv->desc, bits);
            } else if (S->last_out && (hq & (hq - 1)) == 0 && (hq & npm)) {
                /* q's one tile fits: every move of his goes out; his best of them */
                S->hands[q] = 0;
                int sq = S->sgn[q];
                if (S->one_value) {
                    int i = 63 - __builtin_clzll(hq);
                    PyObject *d = single_desc(S, i);
                    v = d ? s * leaf(S, 0, q, d, hq) : 0;
                    if (S->kinds && !S->err) {
                        MoveList *mq = moves(S, mv->nsid, hq);
                        if (!mq) {
                            S->err = 1;
                        } else {
                            int64_t m = mq->mv[0].gain;
                            for (Py_ssize_t i2 = 1; i2 < mq->n; i2++)
                                if (mq->mv[i2].gain > m) m = mq->mv[i2].gain;
                            v += s * sq * m;
                        }
                    }
                } else {
                    MoveList *mq = moves(S, mv->nsid, hq);
                    v = 0;
                    if (!mq) {
                        S->err = 1;
                    } else {
                        int64_t m = 0;
                        for (Py_ssize_t i2 = 0; i2 < mq->n && !S->err; i2++) {
                            int64_t x = mq->mv[i2].gain
                                + sq * leaf(S, 0, q, mq->mv[i2].desc, mq->mv[i2].bits);
                            if (i2 == 0 || x > m) m = x;
                        }
                        v = s * sq * m;
                    }
                }
                S->hands[q] = hq;
            } else if (S->sgn[q] == s) {
                v = search(S, mv->nsid, q, alpha - g, beta - g, Kc);
            } else {
                v = -search(S, mv->nsid, q, g - beta, g - alpha, Kc);
            }
            if (drew) S->hands[dq] ^= drew;
            S->hands[p] = h;
        }
        if (S->err) break;
        v += g;
        if (v > best) {
            best = v;
            bmove = mv->id + 1;
            if (v > alpha) {
                alpha = v;
                if (alpha >= beta) break;
            }
        }
        if (rest) {
            rest = 0;
            n = 1 + order(S, ml, h, p, best_move, lst + 1, buf);
        }
    }
    if (lst != lst_stack) free(lst);
    if (buf != buf_stack) free(buf);
    if (S->err) return 0;
    if (best <= alpha0) {
        if (best < ub) ub = best;
    } else if (best >= beta) {
        if (best > lb) lb = best;
    } else {
        lb = ub = best;
    }
    if (!kept) return best;
    /* (found again: the table may have grown below, which moves its entries) */
    ent = tt_put(&S->tt, klo, khi, kc);
    if (!ent) { PyErr_NoMemory(); S->err = 1; return 0; }
    ent->lb = (int32_t)lb;
    ent->ub = (int32_t)ub;
    ent->bm = (uint16_t)bmove;
    return best;
}

/* ---------------------------------------------------------------- the Python type */
static PyObject *get_attr_list(PyObject *o, const char *name, Py_ssize_t n, uint64_t *out,
                               int *iout) {
    PyObject *l = PyObject_GetAttrString(o, name);
    if (!l) return NULL;
    PyObject *seq = PySequence_Fast(l, name);
    Py_DECREF(l);
    if (!seq) return NULL;
    if (n >= 0 && PySequence_Fast_GET_SIZE(seq) != n) {
        Py_DECREF(seq);
        PyErr_Format(PyExc_ValueError, "%s: %zd items expected", name, n);
        return NULL;
    }
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(seq); i++) {
        PyObject *x = PySequence_Fast_GET_ITEM(seq, i);
        if (out) out[i] = PyLong_AsUnsignedLongLong(x);
        if (iout) iout[i] = (int)PyLong_AsLong(x);
        if (PyErr_Occurred()) { Py_DECREF(seq); return NULL; }
    }
    return seq;
}

static int get_int(PyObject *o, const char *name, int *out) {
    PyObject *x = PyObject_GetAttrString(o, name);
    if (!x) return -1;
    int truth = PyObject_IsTrue(x);
    long v = PyLong_Check(x) ? PyLong_AsLong(x) : truth;
    Py_DECREF(x);
    if (PyErr_Occurred()) return -1;
    *out = (int)v;
    return 0;
}

/* The searcher holds the CrossCompact's bound methods, and the CrossCompact holds the
 * searcher (through its search function): a cycle, which the collector can see and break
 * only through these two. */
static int Searcher_traverse(Searcher *S, visitproc visit, void *arg) {
    Py_VISIT(S->py_hands);
    Py_VISIT(S->py_pm);
    Py_VISIT(S->moves_of);
    Py_VISIT(S->score);
    Py_VISIT(S->tile_moves);
    Py_VISIT(S->hand_value);
    return 0;
}

static int Searcher_clear(Searcher *S) {
    Py_CLEAR(S->py_hands);
    Py_CLEAR(S->py_pm);
    Py_CLEAR(S->moves_of);
    Py_CLEAR(S->score);
    Py_CLEAR(S->tile_moves);
    Py_CLEAR(S->hand_value);
    return 0;
}

static void Searcher_dealloc(Searcher *S) {
    PyObject_GC_UnTrack(S);
    Searcher_clear(S);
    for (Py_ssize_t i = 0; i < S->nlists; i++) {
        for (Py_ssize_t j = 0; j < S->lists[i].n; j++) Py_XDECREF(S->lists[i].mv[j].desc);
        free(S->lists[i].mv);
    }
    free(S->lists);
    if (S->single) {
        for (int i = 0; i < S->size; i++) Py_XDECREF(S->single[i]);
        free(S->single);
    }
    free(S->pm);
    free(S->bone);
    free(S->bone_left);
    tt_release(S->tt.e, S->tt.cap);
    table_free(&S->leaves);
    table_free(&S->gen);
    table_free(&S->singles);
    table_free(&S->values);
    Py_XDECREF(S->s_out);
    Py_XDECREF(S->s_blocked);
    Py_TYPE(S)->tp_free((PyObject *)S);
}

/* Searcher(compact, one_value): the tables of a CrossCompact (see its _build). */
static int Searcher_init(Searcher *S, PyObject *args, PyObject *Py_UNUSED(kw)) {
    PyObject *C;
    int one_value;
    if (!PyArg_ParseTuple(args, "Op", &C, &one_value)) return -1;
    if (get_int(C, "P", &S->P) < 0 || get_int(C, "TS", &S->TS) < 0
        || get_int(C, "size", &S->size) < 0 || get_int(C, "limit", &S->limit) < 0
        || get_int(C, "last_out", &S->last_out) < 0 || get_int(C, "kinds", &S->kinds) < 0
        || get_int(C, "multi", &S->multi) < 0)
        return -1;
    if (S->P < 1 || S->P > MAXP || S->size > 64) {
        PyErr_SetString(PyExc_ValueError, "the C cross search takes 1 to 8 hands of 64 tiles");
        return -1;
    }
    S->one_value = one_value;
    S->draws = S->limit > 0;
    if (get_int(C, "table_floor", &S->table_floor) < 0) return -1;
    if (S->TS < 0 || S->TS > 128) {
        PyErr_SetString(PyExc_ValueError, "the hands take 0 to 128 bits");
        return -1;
    }
    S->hands_lo = S->TS >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << S->TS) - 1;
    S->hands_hi = S->TS >= 128 ? ~(uint64_t)0 : S->TS <= 64 ? 0 : ((uint64_t)1 << (S->TS - 64)) - 1;
    PyObject *seq;
    if (!(seq = get_attr_list(C, "shift", S->P, NULL, S->shift))) return -1;
    Py_DECREF(seq);
    if (!(seq = get_attr_list(C, "sgn", S->P, NULL, S->sgn))) return -1;
    Py_DECREF(seq);
    PyObject *bone = PyObject_GetAttrString(C, "bone");
    if (!bone) return -1;
    Py_ssize_t nb = PyObject_Length(bone);
    Py_DECREF(bone);
    if (nb < 0) return -1;
    S->nbone = (int)nb;
    S->bone = calloc(nb + 1, sizeof(uint64_t));
    S->bone_left = calloc(nb + 2, sizeof(uint64_t));
    S->single = calloc(S->size, sizeof(PyObject *));
    if (!S->bone || !S->bone_left || !S->single) { PyErr_NoMemory(); return -1; }
    if (!(seq = get_attr_list(C, "bone", nb, S->bone, NULL))) return -1;
    Py_DECREF(seq);
    if (!(seq = get_attr_list(C, "bone_left", nb + 1, S->bone_left, NULL))) return -1;
    Py_DECREF(seq);
    S->py_hands = PyObject_GetAttrString(C, "hands");
    S->py_pm = PyObject_GetAttrString(C, "pm");
    S->moves_of = PyObject_GetAttrString(C, "moves");
    S->score = PyObject_GetAttrString(C, "score");
    S->tile_moves = PyObject_GetAttrString(C, "tile_moves");
    S->hand_value = PyObject_GetAttrString(C, "hand_value_of");
    PyObject *x = PyObject_GetAttrString(C, "dmask");
    if (!x) return -1;
    S->dmask = PyLong_AsUnsignedLongLong(x);
    Py_DECREF(x);
    if (!(x = PyObject_GetAttrString(C, "last_mask"))) return -1;
    S->last_mask = PyLong_AsUnsignedLongLong(x);
    Py_DECREF(x);
    if (PyErr_Occurred()) return -1;
    S->bound_team = -1;
    if (get_int(C, "goat", &S->goat) < 0) return -1;
    if (S->goat) {
        int signs[MAXP];
        if (get_int(C, "nteams", &S->nteams) < 0) return -1;
        if (S->nteams < 1 || S->nteams > S->P) {
            PyErr_SetString(PyExc_ValueError, "the goat score needs 1 to P teams");
            return -1;
        }
        if (!(x = PyObject_GetAttrString(C, "eggs_in"))) return -1;
        S->eggs_in = PyLong_AsLongLong(x);
        Py_DECREF(x);
        if (PyErr_Occurred()) return -1;
        if (!(seq = get_attr_list(C, "team_of", S->P, NULL, S->team_of))) return -1;
        Py_DECREF(seq);
        if (!(seq = get_attr_list(C, "team_sign", S->nteams, NULL, signs))) return -1;
        Py_DECREF(seq);
        for (int t = 0; t < S->nteams; t++) S->team_sign[t] = signs[t];
        for (int p = 0; p < S->P; p++) {
            if (S->team_of[p] < 0 || S->team_of[p] >= S->nteams) {
                PyErr_SetString(PyExc_ValueError, "team_of: no such team");
                return -1;
            }
        }
        if (!(x = PyObject_GetAttrString(C, "bound_team"))) return -1;
        S->bound_team = x == Py_None ? -1 : (int)PyLong_AsLong(x);
        Py_DECREF(x);
        if (PyErr_Occurred()) return -1;
        if (S->bound_team >= S->nteams || (S->bound_team >= 0 && S->nteams < 2)) {
            PyErr_SetString(PyExc_ValueError, "bound_team: no such team");
            return -1;
        }
        uint64_t tile_pips[64];     /* CrossCompact.pips: each tile's, by index */
        if (!(seq = get_attr_list(C, "pips", S->size, tile_pips, NULL))) return -1;
        Py_DECREF(seq);
        for (int b = 0; b < 8; b++)
            for (int v = 0; v < 256; v++) {
                uint64_t x = 0;
                for (int k = 0; k < 8; k++)
                    if ((v >> k) & 1 && 8 * b + k < S->size) x += tile_pips[8 * b + k];
                S->pips[b][v] = (uint16_t)x;
            }
    }
    S->s_out = PyUnicode_InternFromString("out");
    S->s_blocked = PyUnicode_InternFromString("blocked");
    if (!S->py_hands || !S->py_pm || !S->moves_of || !S->score || !S->tile_moves
        || !S->hand_value || !S->s_out || !S->s_blocked)
        return -1;
    if (!PyList_Check(S->py_hands) || PyList_GET_SIZE(S->py_hands) != S->P
        || !PyList_Check(S->py_pm)) {
        PyErr_SetString(PyExc_TypeError, "CrossCompact.hands and .pm must be lists");
        return -1;
    }
    if (tt_init(&S->tt, TT_FIRST) < 0 || table_init(&S->leaves, 1 << 12) < 0
        || table_init(&S->gen, 1 << 10) < 0 || table_init(&S->singles, 1 << 10) < 0
        || table_init(&S->values, 1 << 10) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

/* search(sid, p, alpha, beta, K's low 64 bits, K's high 64 bits) */
static PyObject *Searcher_search(Searcher *S, PyObject *args) {
    if (!S->py_hands || !S->py_pm || !S->moves_of || !S->score || !S->tile_moves
        || !S->hand_value) {
        PyErr_SetString(PyExc_RuntimeError, "this searcher's CrossCompact is gone");
        return NULL;
    }
    int sid, p;
    long long alpha, beta;
    unsigned long long klo, khi;
    if (!PyArg_ParseTuple(args, "iiLLKK", &sid, &p, &alpha, &beta, &klo, &khi)) return NULL;
    if (p < 0 || p >= S->P) {
        PyErr_SetString(PyExc_ValueError, "no such player");
        return NULL;
    }
    for (int q = 0; q < S->P; q++) {
        uint64_t h = PyLong_AsUnsignedLongLong(PyList_GET_ITEM(S->py_hands, q));
        if (h == (uint64_t)-1 && PyErr_Occurred()) return NULL;
        S->hands[q] = S->synced[q] = h;
    }
    if (refresh_pm(S) < 0) return NULL;
    if (sid < 0 || sid >= S->npm || S->npm >= (1 << 28)) {
        PyErr_SetString(PyExc_ValueError, "no such arms state");
        return NULL;
    }
    S->err = 0;
    int64_t v = search(S, sid, p, alpha, beta, ((u128)khi << 64) | klo);
    /* the Python list gets the hands back as they were (the leaf may have changed it) */
    for (int q = 0; q < S->P; q++) {
        if (S->synced[q] != S->hands[q]) {
            PyObject *h = PyLong_FromUnsignedLongLong(S->hands[q]);
            if (!h || PyList_SetItem(S->py_hands, q, h) < 0) return NULL;
            S->synced[q] = S->hands[q];
        }
    }
    if (S->err) return NULL;
    return PyLong_FromLongLong(v);
}

/* bounds(): goat_bounds of CrossCompact.hands as they are now (None without bound_team) */
static PyObject *Searcher_bounds(Searcher *S, PyObject *Py_UNUSED(args)) {
    if (!S->py_hands) {
        PyErr_SetString(PyExc_RuntimeError, "this searcher's CrossCompact is gone");
        return NULL;
    }
    if (S->bound_team < 0) Py_RETURN_NONE;
    for (int q = 0; q < S->P; q++) {
        uint64_t h = PyLong_AsUnsignedLongLong(PyList_GET_ITEM(S->py_hands, q));
        if (h == (uint64_t)-1 && PyErr_Occurred()) return NULL;
        S->hands[q] = S->synced[q] = h;
    }
    int64_t lo, hi;
    goat_bounds(S, &lo, &hi);
    return Py_BuildValue("LL", (long long)lo, (long long)hi);
}

static PyObject *Searcher_get_nodes(Searcher *S, void *Py_UNUSED(closure)) {
    return PyLong_FromLongLong(S->nodes);
}

static PyObject *Searcher_get_entries(Searcher *S, void *Py_UNUSED(closure)) {
    return PyLong_FromSize_t(S->tt.n);
}

static PyMethodDef Searcher_methods[] = {
    {"search", (PyCFunction)Searcher_search, METH_VARARGS,
     "search(sid, p, alpha, beta, K_low, K_high): the value for p's side (as the closure)."},
    {"bounds", (PyCFunction)Searcher_bounds, METH_NOARGS,
     "bounds(): CrossCompact.goat_bounds of its hands now, worked out here (None: no bounds)."},
    {NULL, NULL, 0, NULL}};

static PyGetSetDef Searcher_getset[] = {
    {"nodes", (getter)Searcher_get_nodes, NULL, "positions searched so far", NULL},
    {"entries", (getter)Searcher_get_entries, NULL, "positions in the table", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PyTypeObject SearcherType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "dominolab.games._crossc.Searcher",
    .tp_basicsize = sizeof(Searcher),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_traverse = (traverseproc)Searcher_traverse,
    .tp_clear = (inquiry)Searcher_clear,
    .tp_doc = "The compact cross search's node loop over one CrossCompact's tables.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Searcher_init,
    .tp_dealloc = (destructor)Searcher_dealloc,
    .tp_methods = Searcher_methods,
    .tp_getset = Searcher_getset,
};

/* ---------------------------------------------------------------------------------------
 * GameState.play()'s fast path (state.py): the legal one-tile play of a game with the move
 * cache on the exact plain line, as play() and _line_tile_played() make it in Python, step
 * for step: the same objects go into the same lists and slots. A random round spends about
 * a third of its time there (benchmarks/bench_games.py, issue 24); in C it is a fraction.
 *
 * line_init(GameState, LineLayout, Move, Tile) reads where each slot the path touches lives
 * (its member descriptor's offset), once; line_play(state, move) then reads and writes the
 * slots directly. It answers False, having changed nothing, whenever the move is not that
 * case (a pass, a draw, a move not found by identity in the position's list, masks wider
 * than a C long, an unset slot): play() then goes its Python way, which decides the rest.
 */
enum {
    G_LEGAL, G_EXACT, G_FAST, G_CUR, G_HANDS, G_DRAWN, G_UNDO, G_HISTORY, G_ENDED,
    G_FINISHER, G_PLAYERS, G_SUIT, G_CACHE, G_AT_L, G_AT_R, G_FULL, G_N
};
static const char *g_names[G_N] = {
    "_legal", "_exact", "_fast", "current_player", "hands", "drawn", "_undo", "history",
    "ended", "finisher", "players", "_suit", "_cache", "_at_l", "_at_r", "_full"};
enum { L_LEAD, L_LEFT, L_RIGHT, L_ORDER, L_LNUM, L_RNUM, L_N };
static const char *l_names[L_N] = {"_lead", "_left", "_right", "_order", "lnum", "rnum"};
enum { M_KIND, M_PLACEMENTS, M_N };
static const char *m_names[M_N] = {"kind", "placements"};
enum { T_LOW, T_HIGH, T_INDEX, T_N };
static const char *t_names[T_N] = {"low", "high", "index"};

static Py_ssize_t g_off[G_N], l_off[L_N], m_off[M_N], t_off[T_N];
static PyTypeObject *g_type, *l_type, *m_type, *t_type;
static PyObject *s_play, *s_R, *s_L, *s_S, *s_out, *s_blocked, *s_both_ends, *s_blocked_now;

#define SLOT(obj, off) (*(PyObject **)((char *)(obj) + (off)))

/* put ``v`` (a new reference, stolen) in a slot, releasing what was there */
static inline void set_slot(PyObject *obj, Py_ssize_t off, PyObject *v) {
    PyObject *old = SLOT(obj, off);
    SLOT(obj, off) = v;
    Py_XDECREF(old);
}

static int slot_offsets(PyObject *type, const char **names, int n, Py_ssize_t *out) {
    for (int i = 0; i < n; i++) {
        PyObject *d = PyObject_GetAttrString(type, names[i]);
        if (!d) return -1;
        if (!Py_IS_TYPE(d, &PyMemberDescr_Type)
                || ((PyMemberDescrObject *)d)->d_member->type != Py_T_OBJECT_EX) {
            PyErr_Format(PyExc_TypeError, "%R.%s is not a slot", type, names[i]);
            Py_DECREF(d);
            return -1;
        }
        out[i] = ((PyMemberDescrObject *)d)->d_member->offset;
        Py_DECREF(d);
    }
    return 0;
}

static PyObject *line_init(PyObject *mod, PyObject *args) {
    PyObject *g, *l, *m, *t;
    if (!PyArg_ParseTuple(args, "O!O!O!O!", &PyType_Type, &g, &PyType_Type, &l,
                          &PyType_Type, &m, &PyType_Type, &t))
        return NULL;
    if (slot_offsets(g, g_names, G_N, g_off) < 0 || slot_offsets(l, l_names, L_N, l_off) < 0
            || slot_offsets(m, m_names, M_N, m_off) < 0 || slot_offsets(t, t_names, T_N, t_off) < 0)
        return NULL;
    if (!s_play) {
        s_play = PyUnicode_InternFromString("play");
        s_R = PyUnicode_InternFromString("R");
        s_L = PyUnicode_InternFromString("L");
        s_S = PyUnicode_InternFromString("S");
        s_out = PyUnicode_InternFromString("out");
        s_blocked = PyUnicode_InternFromString("blocked");
        s_both_ends = PyUnicode_InternFromString("_both_ends");
        s_blocked_now = PyUnicode_InternFromString("_blocked_now");
        if (!s_play || !s_R || !s_L || !s_S || !s_out || !s_blocked || !s_both_ends
                || !s_blocked_now)
            return NULL;
    }
    Py_XSETREF(g_type, (PyTypeObject *)Py_NewRef(g));
    Py_XSETREF(l_type, (PyTypeObject *)Py_NewRef(l));
    Py_XSETREF(m_type, (PyTypeObject *)Py_NewRef(m));
    Py_XSETREF(t_type, (PyTypeObject *)Py_NewRef(t));
    Py_RETURN_NONE;
}

/* a one-character str */
static inline int is_char(PyObject *s, Py_UCS4 c) {
    return PyUnicode_Check(s) && PyUnicode_GET_LENGTH(s) == 1 && PyUnicode_READ_CHAR(s, 0) == c;
}

/* a small non-negative int's value, or -1 */
static inline long small(PyObject *v) {
    if (!v || !PyLong_CheckExact(v)) return -1;
    int overflow;
    long x = PyLong_AsLongAndOverflow(v, &overflow);
    return overflow ? -1 : x;
}

static PyObject *line_play(PyObject *mod, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "line_play(state, move) takes two arguments");
        return NULL;
    }
    PyObject *st = args[0], *move = args[1];
    /* exactly a GameState (a subclass may change a step: Python's way calls its methods) */
    if (!g_type || Py_TYPE(st) != g_type || !PyObject_TypeCheck(move, m_type))
        Py_RETURN_FALSE;
    /* play(): the move is one of the position's list, by identity (a list not made yet:
       Python's way makes it) */
    PyObject *lv = SLOT(st, g_off[G_LEGAL]);
    if (!lv || !PyTuple_Check(lv)) Py_RETURN_FALSE;
    Py_ssize_t n = PyTuple_GET_SIZE(lv), i;
    for (i = 0; i < n && PyTuple_GET_ITEM(lv, i) != move; i++) {}
    if (i == n) Py_RETURN_FALSE;
    PyObject *line = SLOT(st, g_off[G_EXACT]);
    if (SLOT(st, g_off[G_FAST]) != Py_True || !line || line == Py_None
            || Py_TYPE(line) != l_type)
        Py_RETURN_FALSE;
    PyObject *kind = SLOT(move, m_off[M_KIND]), *pl = SLOT(move, m_off[M_PLACEMENTS]);
    if (!kind || (kind != s_play && !(PyUnicode_Check(kind)
                                      && PyUnicode_Compare(kind, s_play) == 0)))
        Py_RETURN_FALSE;
    if (!pl || !PyTuple_Check(pl) || PyTuple_GET_SIZE(pl) < 1) Py_RETURN_FALSE;
    PyObject *first = PyTuple_GET_ITEM(pl, 0);
    if (!PyTuple_Check(first) || PyTuple_GET_SIZE(first) != 2) Py_RETURN_FALSE;
    PyObject *t = PyTuple_GET_ITEM(first, 0), *end = PyTuple_GET_ITEM(first, 1);
    /* exactly a Tile (a LocoTile's low and high are properties that raise) */
    if (Py_TYPE(t) != t_type) Py_RETURN_FALSE;
    /* everything read below, checked before anything changes */
    PyObject *low = SLOT(t, t_off[T_LOW]), *high = SLOT(t, t_off[T_HIGH]);
    long index = small(SLOT(t, t_off[T_INDEX])), full = small(SLOT(st, g_off[G_FULL]));
    PyObject *hands = SLOT(st, g_off[G_HANDS]), *cur = SLOT(st, g_off[G_CUR]);
    PyObject *lnum = SLOT(line, l_off[L_LNUM]), *rnum = SLOT(line, l_off[L_RNUM]);
    PyObject *suit = SLOT(st, g_off[G_SUIT]);
    long p = small(cur), players = small(SLOT(st, g_off[G_PLAYERS]));
    if (!low || !high || index < 0 || full < 0 || index >= 8 * (long)sizeof(long) - 1
            || !hands || !PyList_CheckExact(hands) || p < 0 || players <= 0
            || PyList_GET_SIZE(hands) != players || p >= players || !lnum || !rnum
            || !suit || !PyTuple_CheckExact(suit) || !SLOT(st, g_off[G_DRAWN])
            || !SLOT(st, g_off[G_UNDO]) || !SLOT(st, g_off[G_HISTORY])
            || !SLOT(line, l_off[L_ORDER]) || !SLOT(st, g_off[G_CACHE])
            || !SLOT(st, g_off[G_AT_L]) || !SLOT(st, g_off[G_AT_R]))
        Py_RETURN_FALSE;
    for (Py_ssize_t j = 0; j < players; j++)
        if (small(PyList_GET_ITEM(hands, j)) < 0) Py_RETURN_FALSE;
    /* the end the tile goes to. R and L mirror each other (line._right.append((k, o)),
       line.rnum = o; line._left.append((o, k)), line.lnum = o): the tile's half that shows
       the end's number k goes against it, the other half o is the new end. The lead
       (line._lead.append((low, high))) makes both ends. */
    PyObject *pair, *new_l = lnum, *new_r = rnum, *order_mark;
    Py_ssize_t list_off;
    int right = is_char(end, 'R');
    if (right || is_char(end, 'L')) {
        PyObject *num = right ? rnum : lnum, *near = right ? low : high;
        PyObject *far = right ? high : low;
        long k = small(num);
        if (k < 0) Py_RETURN_FALSE;
        PyObject *o = small(near) == k ? far : near;
        pair = right ? PyTuple_Pack(2, num, o) : PyTuple_Pack(2, o, num);
        if (right) new_r = o; else new_l = o;
        list_off = l_off[right ? L_RIGHT : L_LEFT];
        order_mark = right ? s_R : s_L;
    } else if (end == Py_None) {
        pair = PyTuple_Pack(2, low, high);
        new_l = low;
        new_r = high;
        list_off = l_off[L_LEAD];
        order_mark = s_S;
    } else {
        Py_RETURN_FALSE;
    }
    if (!pair) return NULL;
    /* the new ends' suits are read now, so that nothing below fails but memory and the
       Python methods it calls, as in play() */
    long ln = small(new_l), rn = small(new_r);
    Py_ssize_t ns = PyTuple_GET_SIZE(suit);
    long sl = ln >= 0 && ln < ns ? small(PyTuple_GET_ITEM(suit, ln)) : -1;
    long sr = rn >= 0 && rn < ns ? small(PyTuple_GET_ITEM(suit, rn)) : -1;
    PyObject *target = SLOT(line, list_off);
    if (sl < 0 || sr < 0 || !target || !PyList_CheckExact(target)
            || !PyList_CheckExact(SLOT(line, l_off[L_ORDER]))
            || !PyList_CheckExact(SLOT(st, g_off[G_UNDO]))
            || !PyList_CheckExact(SLOT(st, g_off[G_HISTORY]))) {
        Py_DECREF(pair);
        Py_RETURN_FALSE;
    }
    /* from here on the move is made */
    int err = PyList_Append(target, pair);
    Py_DECREF(pair);
    if (err < 0) return NULL;
    set_slot(line, l_off[L_LNUM], Py_NewRef(new_l));
    set_slot(line, l_off[L_RNUM], Py_NewRef(new_r));
    if (PyList_Append(SLOT(line, l_off[L_ORDER]), order_mark) < 0) return NULL;

    /* _line_tile_played(move, p, t, line) */
    PyObject *h = PyList_GET_ITEM(hands, p);
    PyObject *entry = PyTuple_Pack(4, move, cur, h, SLOT(st, g_off[G_DRAWN]));
    if (!entry) return NULL;
    err = PyList_Append(SLOT(st, g_off[G_UNDO]), entry);
    Py_DECREF(entry);
    if (err < 0 || PyList_Append(SLOT(st, g_off[G_HISTORY]), move) < 0) return NULL;
    long hv = small(h) & ~(1L << index);
    PyObject *hn = PyLong_FromLong(hv);
    if (!hn) return NULL;
    PyList_SetItem(hands, p, hn);           /* (steals hn, releases the old hand) */
    PyObject *zero = PyLong_FromLong(0);
    set_slot(st, g_off[G_DRAWN], zero);
    if (!hv) {
        set_slot(st, g_off[G_LEGAL], Py_NewRef(Py_None));
        set_slot(st, g_off[G_ENDED], Py_NewRef(s_out));
        set_slot(st, g_off[G_FINISHER], PyLong_FromLong(p));
        Py_RETURN_TRUE;
    }
    long q = (p + 1) % players;
    PyObject *qo = PyLong_FromLong(q);
    if (!qo) return NULL;
    set_slot(st, g_off[G_CUR], qo);
    long hq = small(PyList_GET_ITEM(hands, q));
    long ml = hq & sl, mr = hq & sr;
    if (ml || mr) {
        PyObject *legal;
        if (SLOT(st, g_off[G_CACHE]) == Py_None) {
            legal = Py_NewRef(Py_None);
        } else if (!ml || !mr) {
            PyObject *rows = PySequence_GetItem(SLOT(st, g_off[!ml ? G_AT_R : G_AT_L]), q);
            if (!rows) return NULL;
            PyObject *key = PyLong_FromLong(!ml ? mr : ml);
            legal = key ? PyObject_GetItem(rows, key) : NULL;
            Py_XDECREF(key);
            Py_DECREF(rows);
        } else {
            PyObject *mlo = PyLong_FromLong(ml), *mro = PyLong_FromLong(mr);
            legal = mlo && mro ? PyObject_CallMethodObjArgs(st, s_both_ends, qo, mlo, mro, NULL)
                               : NULL;
            Py_XDECREF(mlo);
            Py_XDECREF(mro);
        }
        if (!legal) return NULL;
        set_slot(st, g_off[G_LEGAL], legal);
        Py_RETURN_TRUE;
    }
    set_slot(st, g_off[G_LEGAL], Py_NewRef(Py_None));
    long pm = sl | sr;
    for (Py_ssize_t j = 0; j < players; j++) {
        long x = small(PyList_GET_ITEM(hands, j));
        if (!x || (x & pm)) Py_RETURN_TRUE;
    }
    PyObject *r = PyObject_CallMethodNoArgs(st, s_blocked_now);
    if (!r) return NULL;
    int blocked = PyObject_IsTrue(r);
    Py_DECREF(r);
    if (blocked < 0) return NULL;
    if (blocked) {
        set_slot(st, g_off[G_ENDED], Py_NewRef(s_blocked));
        set_slot(st, g_off[G_FINISHER], PyLong_FromLong(p));
    }
    Py_RETURN_TRUE;
}

/* ---------------------------------------------------------------------------------------
 * The deal's shuffle (setup.py): where ``random.Random(seed).shuffle`` puts the items of a
 * list of n, for an int seed. Python's random module is Mersenne Twister MT19937 (Matsumoto
 * and Nishimura's reference algorithm, which CPython's _randommodule.c also follows): an int
 * seed's absolute value, as 32-bit words lowest first, goes to init_by_array; shuffle() calls
 * _randbelow(i + 1) for i = n-1 ... 1, which draws getrandbits(k) = genrand_uint32() >>
 * (32 - k), k = (i + 1).bit_length(), until the value is at most i. Written here because
 * the deal is once a round and Python's own loop of getrandbits calls was about a fifth of it;
 * setup.py checks at import (and tests/test_native_play.py over many seeds) that the
 * permutations are random.Random's.
 */
#define MT_N 624
#define MT_M 397

typedef struct { uint32_t mt[MT_N]; int i; } Twister;

static void mt_init(Twister *t, uint32_t s) {
    t->mt[0] = s;
    for (int i = 1; i < MT_N; i++)
        t->mt[i] = 1812433253U * (t->mt[i - 1] ^ (t->mt[i - 1] >> 30)) + (uint32_t)i;
    t->i = MT_N;
}

static void mt_init_by_array(Twister *t, const uint32_t *key, size_t len) {
    /* init_genrand(19650218) is the same for every seed: made once, copied */
    static Twister base;
    static int made = 0;
    if (!made) {
        mt_init(&base, 19650218U);
        made = 1;
    }
    memcpy(t->mt, base.mt, sizeof base.mt);
    t->i = MT_N;
    size_t i = 1, j = 0, k = MT_N > len ? MT_N : len;
    for (; k; k--) {
        t->mt[i] = (t->mt[i] ^ ((t->mt[i - 1] ^ (t->mt[i - 1] >> 30)) * 1664525U))
                   + key[j] + (uint32_t)j;
        i++;
        j++;
        if (i >= MT_N) { t->mt[0] = t->mt[MT_N - 1]; i = 1; }
        if (j >= len) j = 0;
    }
    for (k = MT_N - 1; k; k--) {
        t->mt[i] = (t->mt[i] ^ ((t->mt[i - 1] ^ (t->mt[i - 1] >> 30)) * 1566083941U))
                   - (uint32_t)i;
        i++;
        if (i >= MT_N) { t->mt[0] = t->mt[MT_N - 1]; i = 1; }
    }
    t->mt[0] = 0x80000000U;
}

/* A refill's words k < MT_N - MT_M read only words not yet refilled (k, k + 1 and
   k + MT_M), so they are refilled one by one as they are asked for: a shuffle of a
   double-six set asks for about 40 of the 624. ``i`` from MT_N to 2 MT_N - MT_M - 1 says
   that word i - MT_N is the next, refilled now; at 2 MT_N - MT_M the rest of the refill is
   made, which reads the words refilled before it, as in the reference algorithm. */
static inline uint32_t mt_temper(uint32_t y) {
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    return y ^ (y >> 18);
}

#define MT_MIX(a, b) ((((a) & 0x80000000U) | ((b) & 0x7fffffffU)) >> 1 \
                      ^ (((b) & 1U) ? 0x9908b0dfU : 0U))

static uint32_t mt_next(Twister *t) {
    if (t->i >= MT_N) {
        int k = t->i - MT_N;
        if (k < MT_N - MT_M) {
            t->mt[k] = t->mt[k + MT_M] ^ MT_MIX(t->mt[k], t->mt[k + 1]);
            t->i++;
            return mt_temper(t->mt[k]);
        }
        for (; k < MT_N - 1; k++)
            t->mt[k] = t->mt[k + (MT_M - MT_N)] ^ MT_MIX(t->mt[k], t->mt[k + 1]);
        t->mt[MT_N - 1] = t->mt[MT_M - 1] ^ MT_MIX(t->mt[MT_N - 1], t->mt[0]);
        t->i = MT_N - MT_M;
    }
    return mt_temper(t->mt[t->i++]);
}

static PyObject *shuffled_order(PyObject *mod, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2 || !PyLong_CheckExact(args[1])) {
        PyErr_SetString(PyExc_TypeError, "shuffled_order(n, seed): seed an int");
        return NULL;
    }
    Py_ssize_t n = PyLong_AsSsize_t(args[0]);
    if (n < 0) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "shuffled_order: n < 0");
        return NULL;
    }
    /* the seed's absolute value as 32-bit words, lowest first, without the high zero words
       (at least one word); public C API only (the private long helpers change from one
       Python to the next) */
    PyObject *mag = PyNumber_Absolute(args[1]);
    if (!mag) return NULL;
    uint32_t small_key[2], *key = small_key;
    size_t words;
    unsigned long long v = PyLong_AsUnsignedLongLong(mag);
    if (!(v == (unsigned long long)-1 && PyErr_Occurred())) {
        small_key[0] = (uint32_t)v;
        small_key[1] = (uint32_t)(v >> 32);
        words = small_key[1] ? 2 : 1;
    } else {
        /* a seed of more than 64 bits: its words one by one */
        if (!PyErr_ExceptionMatches(PyExc_OverflowError)) { Py_DECREF(mag); return NULL; }
        PyErr_Clear();
        size_t cap = 8;
        key = PyMem_Malloc(cap * sizeof(uint32_t));
        PyObject *mask = PyLong_FromUnsignedLong(0xffffffffUL), *shift = PyLong_FromLong(32);
        words = 0;
        int ok = key && mask && shift;
        while (ok && PyObject_IsTrue(mag) == 1) {
            PyObject *low = PyNumber_And(mag, mask), *rest = PyNumber_Rshift(mag, shift);
            ok = low && rest;
            if (ok && words == cap) {
                uint32_t *bigger = PyMem_Realloc(key, 2 * cap * sizeof(uint32_t));
                if (bigger) { key = bigger; cap *= 2; } else { ok = 0; PyErr_NoMemory(); }
            }
            if (ok) key[words++] = (uint32_t)PyLong_AsUnsignedLong(low);
            Py_XDECREF(low);
            if (rest) Py_SETREF(mag, rest);
        }
        Py_XDECREF(mask);
        Py_XDECREF(shift);
        if (!ok || PyErr_Occurred()) {
            if (!PyErr_Occurred()) PyErr_NoMemory();
            PyMem_Free(key);
            Py_DECREF(mag);
            return NULL;
        }
    }
    Py_DECREF(mag);
    Twister t;
    mt_init_by_array(&t, key, words);
    if (key != small_key) PyMem_Free(key);
    PyObject *out = PyList_New(n);
    if (!out) return NULL;
    Py_ssize_t *x = PyMem_Malloc((n ? n : 1) * sizeof(Py_ssize_t));
    if (!x) { Py_DECREF(out); return PyErr_NoMemory(); }
    for (Py_ssize_t i = 0; i < n; i++) x[i] = i;
    for (Py_ssize_t i = n - 1; i > 0; i--) {
        int k = 0;
        for (size_t w = (size_t)i + 1; w; w >>= 1) k++;       /* (i + 1).bit_length() */
        if (k > 32) {   /* (a list of more than 2**32 items: Python's way draws more words) */
            PyMem_Free(x);
            Py_DECREF(out);
            PyErr_SetString(PyExc_OverflowError, "shuffled_order: n too large");
            return NULL;
        }
        Py_ssize_t j;
        do j = (Py_ssize_t)(mt_next(&t) >> (32 - k)); while (j > i);
        Py_ssize_t tmp = x[i]; x[i] = x[j]; x[j] = tmp;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *item = PyLong_FromSsize_t(x[i]);
        if (!item) { PyMem_Free(x); Py_DECREF(out); return NULL; }
        PyList_SET_ITEM(out, i, item);
    }
    PyMem_Free(x);
    return out;
}

static PyMethodDef module_methods[] = {
    {"line_init", line_init, METH_VARARGS,
     "line_init(GameState, LineLayout, Move, Tile): where line_play() finds their slots."},
    {"line_play", (PyCFunction)(void (*)(void))line_play, METH_FASTCALL,
     "line_play(state, move): make GameState.play()'s one-tile play of the cached plain line "
     "as play() does; False (nothing changed) when the move is not that case."},
    {"shuffled_order", (PyCFunction)(void (*)(void))shuffled_order, METH_FASTCALL,
     "shuffled_order(n, seed): where random.Random(seed).shuffle puts a list of n's items "
     "(an int seed)."},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_crossc",
    "The compact cross search's node loop in C (see cross_search.py), and GameState.play()'s "
    "fast path (see state.py).", -1, module_methods,
    NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__crossc(void) {
    if (PyType_Ready(&SearcherType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    Py_INCREF(&SearcherType);
    if (PyModule_AddObject(m, "Searcher", (PyObject *)&SearcherType) < 0) {
        Py_DECREF(&SearcherType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
