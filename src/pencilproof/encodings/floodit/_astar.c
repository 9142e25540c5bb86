/* Flood-It's A* core in C: the search of astar.py (AStar.run), state for state.
 *
 * Why C: CPython spends 100-150 us per expansion on Python ints; here a state is a row of
 * uint64 words (W = ceil(n / 64) of them, n the number of areas, any n), so an expansion
 * costs a few microseconds and a proof that took seconds takes a tenth of that.
 *
 * The search is the Python one exactly: the same bound (Puchert's, computed as
 * Board.lower_bound computes it, the same cap), pathmax, the same choice of moves (every
 * bordering colour the move-order rule allows, in colour order) and the same
 * order in the open list ((moves + estimate, -moves, push counter) smallest first), so both
 * expand the same states in the same order and report the same counts.
 *
 * Deadlines stay in Python: run() expands at most a given number of states and returns;
 * astar.py calls it in short slices and asks the deadline between them. run() itself asks
 * PyErr_CheckSignals() every 64 expansions, so Ctrl-C surfaces as KeyboardInterrupt.
 *
 * The move-order rule (astar.py, "Order") is allowed(); each node keeps the moves it was
 * reached by with its fewest moves (allow) and those it was last expanded with (used).
 *
 * start() runs the same search in a thread of its own with no budget: it touches no Python
 * object and allocates with PyMem_Raw*, so it needs no GIL; the caller passes it a shorter
 * length (offer) and a stop (halt) through atomics, and reads the table only once the
 * thread is joined (poll, stop; busy() refuses the rest meanwhile).
 *
 * Memory per stored state: 2 * W * 8 bytes (the state and its border), 15 bytes of
 * (moves, parent, colour, allow, used), 8 bytes of hash slot (load 1/4 to 1/2 after
 * growth: 16-32 bytes) and 16 bytes per open-list entry: about 90 bytes on a 12x12 board
 * (W = 2), 120 bytes at W = 4 (up to 256 areas), against some 250 bytes in CPython.
 *
 * Where the time goes (perf, 20_20_08_034, 305 areas): the bound some 60%, the hash
 * table's first probe most of the rest. Hence the bound's byte table of neighbours and its
 * colours-left mask, the hash in each slot and the slots fetched ahead (search): 6.6 s ->
 * 4.6 s for its proof, 2.0 -> 1.9 s for 12_12_10_073's (W = 2: rows, no table).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

typedef uint64_t word;

/* An open-list entry: key = f << 48 | (65535 - g) << 32 | (push counter mod 2^32), so that
 * the smallest key is the smallest f, then the largest g, then the earliest push. The
 * counter wraps after 2^32 pushes: only the tie order changes then, never correctness. */
typedef struct {
    uint64_t key;
    uint32_t node;
    uint16_t h;
} Entry;

typedef struct {
    PyObject_HEAD
    int n, W, ncol;
    word *nb;        /* n rows of W words: each area's neighbours */
    word *cmask;     /* ncol rows of W words: each colour's areas */
    word *full;      /* W words */
    word *tmp;       /* scratch for Core_init: the start's state and border (2 rows) */
    /* the neighbours of 8 areas at once (build_table): W words for each byte position b
     * (areas 8b to 8b + 7) and value v at tab[(256 b + v) W]; NULL on large boards */
    word *tab;
    /* stored states: node i has words[2*W*i ...] (state, then border) */
    word *words;
    uint16_t *g;
    uint32_t *parent;
    uint8_t *colour;
    uint32_t *allow; /* how the node was reached by its fewest moves: bit c, by a free move
                        of colour c; FREE at the start */
    uint32_t *used;  /* allow as it was when the node was last expanded (0: never) */
    Py_ssize_t nodes, node_cap;
    /* hash table, linear probing: a slot holds the state's hash in its upper 32 bits
     * (so that a probe rarely reads another state's words) and its node index + 1 in the
     * lower (0: empty) */
    uint64_t *slots;
    size_t slot_cap;
    /* open list: binary heap */
    Entry *heap;
    Py_ssize_t heap_len, heap_cap;
    uint64_t tie;
    long long expanded;
    int upper;
    long found;      /* node of the full state once a shorter sequence reached it, else -1 */
    int prune;       /* whether moves are pruned by their order (see allowed()) */
    /* the search's own thread (start/poll/stop): while `running`, only it touches the
     * table and the open list; `offered` and `halt` pass a length and a stop to it */
    pthread_t thread;
    int running, finished, halt, offered, status;
    Py_ssize_t thread_max;
    /* what the thread has done, published every 64 expansions for progress() */
    long long seen_expanded;
    Py_ssize_t seen_nodes;
    int seen_f;
    /* the beam search (beam_start, beam_step): the level's states (2 W words each: state,
     * then border) and their indices in the history, which holds every state ever kept
     * as (index of its parent, its move); bseq the sequence once a state is full */
    int bwidth, btie;
    word *bwords;
    uint32_t *bref;
    Py_ssize_t blen;
    uint32_t *hpar;
    uint8_t *hcol;
    Py_ssize_t hlen, hcap;
    PyObject *bseq;
} Core;

#define FREE 0x80000000u

/* ---------------------------------------------------------------- bit rows */

static inline int row_zero(const word *a, int W) {
    for (int i = 0; i < W; i++)
        if (a[i]) return 0;
    return 1;
}

static inline int row_eq(const word *a, const word *b, int W) {
    for (int i = 0; i < W; i++)
        if (a[i] != b[i]) return 0;
    return 1;
}

#define ALWAYS_INLINE __attribute__((always_inline)) inline

/* out |= neighbours of every area in m (W words a row). Through the table, a byte of m at
 * a time: its entry is the union of the rows of up to 8 areas (measured on 20_20_08_034,
 * 305 areas: 1.9 areas a nonzero byte). */
static ALWAYS_INLINE void add_neighbours_w(const Core *s, word *out, const word *m, int W) {
    if (s->tab) {
        for (int i = 0; i < W; i++) {
            word x = m[i];
            while (x) {
                int sh = __builtin_ctzll(x) & ~7;
                const word *e = s->tab + ((size_t)(i * 8 + (sh >> 3)) * 256
                                          + (size_t)((x >> sh) & 255u)) * W;
                x &= ~((word)255 << sh);
                for (int j = 0; j < W; j++) out[j] |= e[j];
            }
        }
        return;
    }
    for (int i = 0; i < W; i++) {
        word x = m[i];
        while (x) {
            int k = i * 64 + __builtin_ctzll(x);
            x &= x - 1;
            const word *row = s->nb + (size_t)k * W;
            for (int j = 0; j < W; j++) out[j] |= row[j];
        }
    }
}

static inline void add_neighbours(const Core *s, word *out, const word *m) {
    add_neighbours_w(s, out, m, s->W);
}

/* Words the table may hold (8 MB: up to some 800 areas); a larger board goes row by row. */
#define TABLE_WORDS ((size_t)1 << 20)

/* The table of add_neighbours_w: 256 entries of W words for each 8 areas. 0, or -1 when
 * memory ran out (a Python error set). */
static int build_table(Core *s) {
    int n = s->n, W = s->W, nbytes = 8 * W;
    size_t total = (size_t)nbytes * 256 * W;
    if (W < 3 || total > TABLE_WORDS) return 0; /* row by row (tab stays NULL) */
    s->tab = PyMem_RawCalloc(total, sizeof(word));
    if (!s->tab) {
        PyErr_NoMemory();
        return -1;
    }
    for (int b = 0; b < nbytes; b++) {
        word *base = s->tab + (size_t)b * 256 * W;
        for (unsigned v = 1; v < 256; v++) {
            /* the entry of v is that of v without its lowest bit, plus that bit's row */
            unsigned low = v & (0u - v), k = 8 * (unsigned)b + (unsigned)__builtin_ctz(v);
            const word *prev = base + (size_t)(v ^ low) * W;
            word *e = base + (size_t)v * W;
            for (int j = 0; j < W; j++)
                e[j] = prev[j] | (k < (unsigned)n ? s->nb[(size_t)k * W + j] : 0);
        }
    }
    return 0;
}

/* Puchert's bound from (state, border), as Board.lower_bound: repeatedly play every colour
 * removable entirely (counting each), else one colour-blind move absorbing the whole border
 * (counting one). A colour-blind move never removes a colour entirely (it would have been
 * removable before), so every colour left is counted once more: h plus the colours left
 * never falls, and the search stops once that exceeds limit (returning it). `live` holds
 * the colours left, so that only those are looked at (hence ncolours <= 64). */
static ALWAYS_INLINE int bound_w(const Core *s, const word *state0, const word *border0,
                                 int limit, int W) {
    word st[W], bd[W], rem[W], out[W], abs_[W], grown[W];
    uint64_t live = 0;
    int k = 0; /* colours left: live's bits (counted here, since popcount is no
                  instruction everywhere) */
    for (int i = 0; i < W; i++) {
        st[i] = state0[i];
        bd[i] = border0[i];
        rem[i] = s->full[i] & ~st[i];
    }
    for (int c = 0; c < s->ncol; c++) {
        const word *m = s->cmask + (size_t)c * W;
        word x = 0;
        for (int i = 0; i < W; i++) x |= m[i] & rem[i];
        if (x) {
            live |= (uint64_t)1 << c;
            k++;
        }
    }
    int h = 0;
    while (k) {
        if (h + k > limit) return h + k;
        for (int i = 0; i < W; i++) out[i] = rem[i] & ~bd[i];
        uint64_t gone = 0;
        for (uint64_t ls = live; ls; ls &= ls - 1) {
            int c = __builtin_ctzll(ls);
            const word *m = s->cmask + (size_t)c * W;
            word o = 0;
            for (int i = 0; i < W; i++) o |= m[i] & out[i];
            if (!o) gone |= ls & (0 - ls);
        }
        if (gone) {
            for (int i = 0; i < W; i++) abs_[i] = 0;
            for (uint64_t ls = gone; ls; ls &= ls - 1) {
                const word *m = s->cmask + (size_t)__builtin_ctzll(ls) * W;
                for (int i = 0; i < W; i++) abs_[i] |= m[i] & rem[i];
                h++;
                k--;
            }
            live &= ~gone;
        } else {
            for (int i = 0; i < W; i++) abs_[i] = bd[i];
            h += 1;
        }
        for (int i = 0; i < W; i++) {
            st[i] |= abs_[i];
            rem[i] &= ~abs_[i];
            grown[i] = 0;
        }
        add_neighbours_w(s, grown, abs_, W);
        for (int i = 0; i < W; i++) bd[i] = (bd[i] | grown[i]) & ~st[i];
    }
    return h;
}

/* The bound with the row width a constant for the common widths (up to 384 areas), so
 * that the compiler unrolls the word loops: measured 1.05-1.3x on 12x12-20x20 boards. */
static int bound(const Core *s, const word *state0, const word *border0, int limit) {
    switch (s->W) {
    case 1: return bound_w(s, state0, border0, limit, 1);
    case 2: return bound_w(s, state0, border0, limit, 2);
    case 3: return bound_w(s, state0, border0, limit, 3);
    case 4: return bound_w(s, state0, border0, limit, 4);
    case 5: return bound_w(s, state0, border0, limit, 5);
    case 6: return bound_w(s, state0, border0, limit, 6);
    default: return bound_w(s, state0, border0, limit, s->W);
    }
}

/* ---------------------------------------------------------------- table */

static inline uint64_t hash_row(const word *a, int W) {
    uint64_t h = 0x9e3779b97f4a7c15ULL;
    for (int i = 0; i < W; i++) {
        h ^= a[i];
        h *= 0xbf58476d1ce4e5b9ULL;
        h ^= h >> 31;
    }
    return h;
}

#define HIGH 0xffffffff00000000ULL

/* The slot holding state a (of hash hv), or the empty slot where it would go. */
static inline size_t find_slot(const Core *s, const word *a, uint64_t hv) {
    size_t mask = s->slot_cap - 1, i = (size_t)hv & mask;
    for (;;) {
        uint64_t v = s->slots[i];
        if (!v || (!((v ^ hv) & HIGH)
                   && row_eq(s->words + (size_t)2 * s->W * ((uint32_t)v - 1), a, s->W)))
            return i;
        i = (i + 1) & mask;
    }
}

/* The node a slot holds, or -1 where it is empty. */
static inline long slot_node(const Core *s, size_t i) {
    return (long)(uint32_t)s->slots[i] - 1;
}

/* Enter node k, of state a, into the table. */
static inline void place(Core *s, const word *a, long k) {
    uint64_t hv = hash_row(a, s->W);
    s->slots[find_slot(s, a, hv)] = (hv & HIGH) | (uint64_t)(k + 1);
}

static int grow_slots(Core *s) {
    size_t cap = s->slot_cap * 2;
    uint64_t *slots = PyMem_RawCalloc(cap, sizeof(uint64_t));
    if (!slots) return -1;
    uint64_t *old = s->slots;
    size_t old_cap = s->slot_cap;
    s->slots = slots;
    s->slot_cap = cap;
    for (size_t i = 0; i < old_cap; i++)
        if (old[i]) {
            const word *a = s->words + (size_t)2 * s->W * ((uint32_t)old[i] - 1);
            s->slots[find_slot(s, a, hash_row(a, s->W))] = old[i];
        }
    PyMem_RawFree(old);
    return 0;
}

/* A new node for (state, border); its index, or -1 when memory ran out (no Python error
 * is set: this runs in the search's own thread too). */
static long new_node(Core *s, const word *state, const word *border) {
    if (s->nodes >= 0xfffffffeL) goto fail; /* node indices are 32 bits (slots hold k + 1) */
    if (s->nodes == s->node_cap) {
        Py_ssize_t cap = s->node_cap * 2;
        size_t W2 = (size_t)2 * s->W;
        word *words = PyMem_RawRealloc(s->words, (size_t)cap * W2 * sizeof(word));
        if (!words) goto fail;
        s->words = words;
        uint16_t *g = PyMem_RawRealloc(s->g, (size_t)cap * sizeof(uint16_t));
        if (!g) goto fail;
        s->g = g;
        uint32_t *p = PyMem_RawRealloc(s->parent, (size_t)cap * sizeof(uint32_t));
        if (!p) goto fail;
        s->parent = p;
        uint8_t *c = PyMem_RawRealloc(s->colour, (size_t)cap * sizeof(uint8_t));
        if (!c) goto fail;
        s->colour = c;
        uint32_t *a = PyMem_RawRealloc(s->allow, (size_t)cap * sizeof(uint32_t));
        if (!a) goto fail;
        s->allow = a;
        uint32_t *u = PyMem_RawRealloc(s->used, (size_t)cap * sizeof(uint32_t));
        if (!u) goto fail;
        s->used = u;
        s->node_cap = cap;
    }
    if ((size_t)(s->nodes + 1) * 2 > s->slot_cap && grow_slots(s) < 0) return -1;
    long k = (long)s->nodes++;
    word *w = s->words + (size_t)2 * s->W * k;
    memcpy(w, state, (size_t)s->W * sizeof(word));
    memcpy(w + s->W, border, (size_t)s->W * sizeof(word));
    return k;
fail:
    return -1;
}

/* ---------------------------------------------------------------- heap */

static int heap_push(Core *s, uint64_t key, uint32_t node, uint16_t h) {
    if (s->heap_len == s->heap_cap) {
        Py_ssize_t cap = s->heap_cap * 2;
        Entry *e = PyMem_RawRealloc(s->heap, (size_t)cap * sizeof(Entry));
        if (!e) return -1;
        s->heap = e;
        s->heap_cap = cap;
    }
    Py_ssize_t i = s->heap_len++;
    Entry *hp = s->heap;
    while (i > 0) {
        Py_ssize_t up = (i - 1) >> 1;
        if (hp[up].key <= key) break;
        hp[i] = hp[up];
        i = up;
    }
    hp[i].key = key;
    hp[i].node = node;
    hp[i].h = h;
    return 0;
}

static Entry heap_pop(Core *s) {
    Entry *hp = s->heap;
    Entry top = hp[0], last = hp[--s->heap_len];
    Py_ssize_t len = s->heap_len, i = 0;
    for (;;) {
        Py_ssize_t c = 2 * i + 1;
        if (c >= len) break;
        if (c + 1 < len && hp[c + 1].key < hp[c].key) c++;
        if (last.key <= hp[c].key) break;
        hp[i] = hp[c];
        i = c;
    }
    if (len) hp[i] = last;
    return top;
}

static inline uint64_t make_key(int f, int g, uint64_t tie) {
    return ((uint64_t)f << 48) | ((uint64_t)(65535 - g) << 32) | (tie & 0xffffffffULL);
}

/* ---------------------------------------------------------------- Python glue */

/* bytes of k rows of W words (little-endian, 8 * W bytes a row) -> words */
static int read_rows(PyObject *obj, word *out, Py_ssize_t rows, int W, const char *what) {
    if (!PyBytes_Check(obj) || PyBytes_GET_SIZE(obj) != rows * W * 8) {
        PyErr_Format(PyExc_ValueError, "_astar: %s must be bytes of %zd rows of %d words",
                     what, rows, W);
        return -1;
    }
    const unsigned char *b = (const unsigned char *)PyBytes_AS_STRING(obj);
    for (Py_ssize_t i = 0; i < rows * W; i++) {
        word v = 0;
        for (int j = 7; j >= 0; j--) v = (v << 8) | b[8 * i + j];
        out[i] = v;
    }
    return 0;
}

static PyObject *row_bytes(const word *a, int W) {
    PyObject *r = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)W * 8);
    if (!r) return NULL;
    unsigned char *b = (unsigned char *)PyBytes_AS_STRING(r);
    for (int i = 0; i < W; i++)
        for (int j = 0; j < 8; j++) b[8 * i + j] = (unsigned char)(a[i] >> (8 * j));
    return r;
}

static void Core_dealloc(Core *s) {
    if (s->running) {
        __atomic_store_n(&s->halt, 1, __ATOMIC_RELAXED);
        pthread_join(s->thread, NULL);
    }
    PyMem_RawFree(s->nb);
    PyMem_RawFree(s->cmask);
    PyMem_RawFree(s->full);
    PyMem_RawFree(s->tmp);
    PyMem_RawFree(s->tab);
    PyMem_RawFree(s->words);
    PyMem_RawFree(s->g);
    PyMem_RawFree(s->parent);
    PyMem_RawFree(s->colour);
    PyMem_RawFree(s->allow);
    PyMem_RawFree(s->used);
    PyMem_RawFree(s->slots);
    PyMem_RawFree(s->heap);
    PyMem_RawFree(s->bwords);
    PyMem_RawFree(s->bref);
    PyMem_RawFree(s->hpar);
    PyMem_RawFree(s->hcol);
    Py_XDECREF(s->bseq);
    Py_TYPE(s)->tp_free((PyObject *)s);
}

static int Core_init(Core *s, PyObject *args, PyObject *kw) {
    static char *names[] = {"n", "ncolours", "neighbours", "colour_masks", "start", "border",
                            "h0", "upper", "prune", NULL};
    int n, ncol, h0, upper, prune = 1;
    PyObject *nbo, *cmo, *sto, *bdo;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "iiOOOOii|p", names, &n, &ncol, &nbo, &cmo,
                                     &sto, &bdo, &h0, &upper, &prune))
        return -1;
    if (s->nb) {
        PyErr_SetString(PyExc_RuntimeError, "_astar.Core: already initialised");
        return -1;
    }
    if (n < 1 || ncol < 1 || ncol > 64 || upper < 0 || upper > 65535 || h0 < 0 || h0 > 65535
        || n > 0x7fffffff - 64) {
        PyErr_SetString(PyExc_ValueError, "_astar.Core: n, ncolours, h0 or upper out of range");
        return -1;
    }
    int W = (n + 63) / 64;
    s->n = n;
    s->W = W;
    s->ncol = ncol;
    s->node_cap = 1024;
    s->slot_cap = 4096;
    s->heap_cap = 1024;
    s->nb = PyMem_RawCalloc((size_t)n * W, sizeof(word));
    s->cmask = PyMem_RawCalloc((size_t)ncol * W, sizeof(word));
    s->full = PyMem_RawCalloc((size_t)W, sizeof(word));
    s->tmp = PyMem_RawCalloc((size_t)2 * W, sizeof(word));
    s->words = PyMem_RawMalloc((size_t)s->node_cap * 2 * W * sizeof(word));
    s->g = PyMem_RawMalloc((size_t)s->node_cap * sizeof(uint16_t));
    s->parent = PyMem_RawMalloc((size_t)s->node_cap * sizeof(uint32_t));
    s->colour = PyMem_RawMalloc((size_t)s->node_cap * sizeof(uint8_t));
    s->allow = PyMem_RawMalloc((size_t)s->node_cap * sizeof(uint32_t));
    s->used = PyMem_RawMalloc((size_t)s->node_cap * sizeof(uint32_t));
    s->slots = PyMem_RawCalloc(s->slot_cap, sizeof(uint64_t));
    s->heap = PyMem_RawMalloc((size_t)s->heap_cap * sizeof(Entry));
    if (!s->nb || !s->cmask || !s->full || !s->tmp || !s->words || !s->g || !s->parent
        || !s->colour || !s->allow || !s->used || !s->slots || !s->heap) {
        PyErr_NoMemory();
        return -1;
    }
    for (int k = 0; k < n; k++) s->full[k / 64] |= (word)1 << (k % 64);
    word *st = s->tmp, *bd = s->tmp + W;
    if (read_rows(nbo, s->nb, n, W, "neighbours") < 0
        || read_rows(cmo, s->cmask, ncol, W, "colour_masks") < 0
        || read_rows(sto, st, 1, W, "start") < 0 || read_rows(bdo, bd, 1, W, "border") < 0
        || build_table(s) < 0)
        return -1;
    long k = new_node(s, st, bd);
    if (k < 0) {
        PyErr_NoMemory();
        return -1;
    }
    place(s, st, k);
    s->g[k] = 0;
    s->parent[k] = 0;
    s->colour[k] = 255;
    s->allow[k] = FREE;
    s->used[k] = 0;
    s->prune = prune && ncol <= 31;
    s->upper = upper;
    s->found = -1;
    s->offered = 65535;
    if (heap_push(s, make_key(h0, 0, 0), (uint32_t)k, (uint16_t)h0) < 0) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

/* Of the c-areas on the border: 0 if one touches no flooded area of another colour than p
 * (the move p brought it in reach); else all of them bordered the state before a move p
 * (that move flooded only p-areas), and 2 if one borders an unflooded p-area, else 1. */
static inline int before_p(const Core *s, int c, int p, const word *state,
                           const word *border) {
    int W = s->W, opens = 0;
    const word *m = s->cmask + (size_t)c * W, *mp = s->cmask + (size_t)p * W;
    for (int i = 0; i < W; i++) {
        word x = border[i] & m[i];
        while (x) {
            const word *row = s->nb + (size_t)(i * 64 + __builtin_ctzll(x)) * W;
            x &= x - 1;
            word t = 0, u = 0;
            for (int j = 0; j < W; j++) {
                t |= row[j] & state[j] & ~mp[j];
                u |= row[j] & mp[j] & ~state[j];
            }
            if (!t) return 0;
            if (u) opens = 1;
        }
    }
    return 1 + opens;
}

/* Whether a move of colour c may follow at a node (state, border) reached by the moves
 * `allow` says (astar.py, "Order"): at the start always; else if for one of them, p, the
 * order (c, p) would not have flooded as much or more: unless every c-area it floods
 * bordered the state before p and c < p or one of them borders an unflooded p-area (then
 * (c, p) floods more; before_p). */
static inline int allowed(const Core *s, uint32_t allow, int c, const word *state,
                          const word *border) {
    if (!s->prune || (allow & FREE)) return 1;
    for (uint32_t ps = allow; ps; ps &= ps - 1) {
        int p = __builtin_ctz(ps);
        int how = before_p(s, c, p, state, border);
        if (!how || (c > p && how == 1)) return 1;
    }
    return 0;
}

#define ST_DONE 0
#define ST_MEMORY 1
#define ST_BUDGET 2
#define ST_HALTED 3
#define ST_SIGNAL 4 /* a Python exception is set (Ctrl-C) */
#define ST_NOMEM 5  /* no Python exception is set */

/* Expand up to `budget` states (-1: no limit). In the caller's thread (`threaded` 0) it
 * asks for signals every 64 expansions; in its own, it stops when `halt` is set. */
static int search(Core *s, long long budget, Py_ssize_t max_states, int threaded) {
    int W = s->W, ncol = s->ncol;
    word state[W], border[W], s2[W], b2[W], grown[W], absorbed[W];
    int choice[64];
    uint64_t hv[64];
    long long until = budget < 0 ? -1 : s->expanded + budget;
    int upper = s->upper;
    int status = ST_DONE;
    unsigned pops = 0;
    uint32_t allow, was = 0;
    Entry e;
    while (s->heap_len) {
        if (!(++pops & 63)) { /* before the pop: nothing lost */
            int o = __atomic_load_n(&s->offered, __ATOMIC_RELAXED);
            if (o < upper) {
                upper = o;
                s->found = -1;
            }
            if (threaded) {
                __atomic_store_n(&s->seen_expanded, s->expanded, __ATOMIC_RELAXED);
                __atomic_store_n(&s->seen_nodes, s->nodes, __ATOMIC_RELAXED);
                /* capped by the best length, which may have fallen since the top was
                 * pushed (the thread's own find): the bound is proven below it only */
                int f = (int)(s->heap[0].key >> 48);
                __atomic_store_n(&s->seen_f, f < upper ? f : upper, __ATOMIC_RELAXED);
            }
            if (threaded ? __atomic_load_n(&s->halt, __ATOMIC_RELAXED)
                         : PyErr_CheckSignals() < 0) {
                status = threaded ? ST_HALTED : ST_SIGNAL;
                break;
            }
        }
        if ((int)(s->heap[0].key >> 48) >= upper) break;
        if (until >= 0 && s->expanded >= until) {
            status = ST_BUDGET;
            break;
        }
        e = heap_pop(s);
        int g = 65535 - (int)((e.key >> 32) & 0xffff), h = e.h;
        if (s->g[e.node] < g) continue; /* stale: reached by fewer moves since */
        allow = s->allow[e.node];
        was = s->used[e.node];
        if (allow == was) continue; /* expanded already, reached as it is now */
        s->used[e.node] = allow;
        s->expanded++;
        const word *w = s->words + (size_t)2 * W * e.node;
        memcpy(state, w, sizeof(state));
        memcpy(border, w + W, sizeof(border));
        int nchoice = 0;
        for (int c = 0; c < ncol; c++) {
            const word *m = s->cmask + (size_t)c * W;
            word x = 0;
            for (int i = 0; i < W; i++) x |= m[i] & border[i];
            if (x && allowed(s, allow, c, state, border)) choice[nchoice++] = c;
        }
        int g2 = g + 1;
        /* the children's hashes first, their slots fetched from memory meanwhile: a
         * table of millions of states misses the cache at almost every first probe */
        for (int t = 0; t < nchoice; t++) {
            const word *m = s->cmask + (size_t)choice[t] * W;
            for (int i = 0; i < W; i++) s2[i] = state[i] | (border[i] & m[i]);
            hv[t] = hash_row(s2, W);
            __builtin_prefetch(s->slots + (hv[t] & (s->slot_cap - 1)));
        }
        for (int t = 0; t < nchoice; t++) {
            int c = choice[t];
            const word *m = s->cmask + (size_t)c * W;
            int is_full = 1;
            for (int i = 0; i < W; i++) {
                absorbed[i] = border[i] & m[i];
                s2[i] = state[i] | absorbed[i];
                if (s2[i] != s->full[i]) is_full = 0;
            }
            long old = slot_node(s, find_slot(s, s2, hv[t]));
            uint32_t bit = s->prune ? 1u << c : FREE;
            int again = 0; /* reached again by as few moves, but by a move that allows more */
            if (old >= 0 && s->g[old] <= g2) {
                if (s->g[old] < g2 || (s->allow[old] & (bit | FREE))) continue;
                s->allow[old] |= bit;
                if (!s->used[old]) continue; /* not expanded yet: it will be as now reached */
                again = 1;
            }
            if (is_full) {
                if (old < 0) {
                    old = new_node(s, s2, s2);
                    if (old < 0) goto error;
                    place(s, s2, old);
                }
                s->g[old] = (uint16_t)g2;
                s->parent[old] = e.node;
                s->colour[old] = (uint8_t)c;
                s->allow[old] = bit;
                s->used[old] = 0;
                s->found = old;
                upper = g2;
                continue;
            }
            if (again) {
                memcpy(b2, s->words + (size_t)2 * W * old + W, sizeof(b2));
            } else {
                memset(grown, 0, sizeof(grown));
                add_neighbours(s, grown, absorbed);
                for (int i = 0; i < W; i++) b2[i] = (border[i] | grown[i]) & ~s2[i];
            }
            int cap = upper - g2 - 1;
            int h2 = bound(s, s2, b2, cap);
            if (h2 < h - 1) h2 = h - 1;
            if (h2 > cap) continue; /* cannot beat the best sequence */
            if (old < 0) {
                old = new_node(s, s2, b2);
                if (old < 0) goto error;
                place(s, s2, old);
            }
            if (!again) {
                s->g[old] = (uint16_t)g2;
                s->parent[old] = e.node;
                s->colour[old] = (uint8_t)c;
                s->allow[old] = bit;
                s->used[old] = 0;
            }
            s->tie++;
            if (heap_push(s, make_key(g2 + h2, g2, s->tie), (uint32_t)old, (uint16_t)h2) < 0)
                goto error;
        }
        if (s->nodes > max_states) {
            status = ST_MEMORY;
            break;
        }
    }
    s->upper = upper;
    return status;
error:
    /* Out of memory amid an expansion: its entry goes back to the open list (the pop left
     * room), so the least f stays a proven bound; children already stored are harmless. */
    (void)heap_push(s, e.key, e.node, e.h);
    s->used[e.node] = was;
    s->expanded--;
    s->upper = upper;
    return ST_NOMEM;
}

static int busy(Core *s) {
    if (!s->nb) {
        PyErr_SetString(PyExc_RuntimeError, "_astar.Core: not initialised");
        return 1;
    }
    if (s->running) {
        PyErr_SetString(PyExc_RuntimeError, "_astar.Core: the search runs in its thread");
        return 1;
    }
    return 0;
}

static PyObject *Core_run(Core *s, PyObject *args) {
    long long budget;
    Py_ssize_t max_states;
    if (!PyArg_ParseTuple(args, "Ln", &budget, &max_states)) return NULL;
    if (busy(s)) return NULL;
    if (budget < 0) budget = 0;
    int st = search(s, budget, max_states, 0);
    if (st == ST_SIGNAL) return NULL;
    if (st == ST_NOMEM) return PyErr_NoMemory();
    return PyLong_FromLong(st);
}

static void *thread_main(void *arg) {
    Core *s = arg;
    int st = search(s, -1, s->thread_max, 1);
    s->status = st == ST_NOMEM ? ST_MEMORY : st;
    __atomic_store_n(&s->finished, 1, __ATOMIC_RELEASE);
    return NULL;
}

static PyObject *Core_start(Core *s, PyObject *arg) {
    Py_ssize_t max_states = PyLong_AsSsize_t(arg);
    if (max_states == -1 && PyErr_Occurred()) return NULL;
    if (busy(s)) return NULL;
    s->thread_max = max_states;
    s->halt = 0;
    s->finished = 0;
    s->seen_expanded = s->expanded;
    s->seen_nodes = s->nodes;
    s->seen_f = s->heap_len ? (int)(s->heap[0].key >> 48) : -1;
    /* The thread blocks every signal, so that Ctrl-C and SIGTERM reach the main thread
     * (Python's handlers run there) and never interrupt a sleep elsewhere. */
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, &old);
    int err = pthread_create(&s->thread, NULL, thread_main, s);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (err != 0) {
        PyErr_SetString(PyExc_OSError, "_astar.Core: no thread could be started");
        return NULL;
    }
    s->running = 1;
    Py_RETURN_NONE;
}

static void join(Core *s) {
    Py_BEGIN_ALLOW_THREADS
    pthread_join(s->thread, NULL);
    Py_END_ALLOW_THREADS
    s->running = 0;
}

static PyObject *Core_poll(Core *s, PyObject *Py_UNUSED(ignored)) {
    if (!s->running) Py_RETURN_NONE;
    if (!__atomic_load_n(&s->finished, __ATOMIC_ACQUIRE)) Py_RETURN_NONE;
    join(s);
    return PyLong_FromLong(s->status);
}

static PyObject *Core_stop(Core *s, PyObject *Py_UNUSED(ignored)) {
    if (!s->running) Py_RETURN_NONE;
    __atomic_store_n(&s->halt, 1, __ATOMIC_RELAXED);
    join(s);
    return PyLong_FromLong(s->status);
}

static PyObject *Core_offer(Core *s, PyObject *arg) {
    long u = PyLong_AsLong(arg);
    if (u == -1 && PyErr_Occurred()) return NULL;
    int v = (int)(u < 0 ? 0 : u > 65535 ? 65535 : u);
    if (v < __atomic_load_n(&s->offered, __ATOMIC_RELAXED))
        __atomic_store_n(&s->offered, v, __ATOMIC_RELAXED);
    if (!s->running && v < s->upper) {
        s->upper = v;
        s->found = -1;
    }
    Py_RETURN_NONE;
}

static PyObject *Core_sequence(Core *s, PyObject *Py_UNUSED(ignored)) {
    if (busy(s)) return NULL;
    if (s->found < 0) Py_RETURN_NONE;
    int len = s->g[s->found];
    PyObject *out = PyList_New(len);
    if (!out) return NULL;
    uint32_t k = (uint32_t)s->found;
    for (int i = len - 1; i >= 0; i--) {
        PyObject *c = PyLong_FromLong(s->colour[k]);
        if (!c) {
            Py_DECREF(out);
            return NULL;
        }
        PyList_SET_ITEM(out, i, c);
        k = s->parent[k];
    }
    return out;
}

static PyObject *Core_min_f(Core *s, PyObject *Py_UNUSED(ignored)) {
    if (s->running) return busy(s), NULL;
    if (!s->heap || !s->heap_len) return PyLong_FromLong(-1);
    return PyLong_FromLong((long)(s->heap[0].key >> 48));
}

static PyObject *Core_progress(Core *s, PyObject *Py_UNUSED(ignored)) {
    if (s->running)
        return Py_BuildValue("Lni", __atomic_load_n(&s->seen_expanded, __ATOMIC_RELAXED),
                             __atomic_load_n(&s->seen_nodes, __ATOMIC_RELAXED),
                             __atomic_load_n(&s->seen_f, __ATOMIC_RELAXED));
    return Py_BuildValue("Lni", s->expanded, s->nodes,
                         s->heap && s->heap_len ? (int)(s->heap[0].key >> 48) : -1);
}

static PyObject *Core_bound(Core *s, PyObject *args) {
    PyObject *sto, *bdo;
    int cap = -1, capped = 0;
    if (!PyArg_ParseTuple(args, "OO|pi", &sto, &bdo, &capped, &cap)) return NULL;
    if (busy(s)) return NULL;
    word st[s->W], bd[s->W];
    if (read_rows(sto, st, 1, s->W, "state") < 0 || read_rows(bdo, bd, 1, s->W, "border") < 0)
        return NULL;
    return PyLong_FromLong(bound(s, st, bd, capped ? cap : s->n));
}

static PyObject *Core_state(Core *s, PyObject *arg) {
    Py_ssize_t k = PyLong_AsSsize_t(arg);
    if (k == -1 && PyErr_Occurred()) return NULL;
    if (busy(s)) return NULL;
    if (k < 0 || k >= s->nodes) {
        PyErr_SetString(PyExc_IndexError, "_astar.Core: no such node");
        return NULL;
    }
    return row_bytes(s->words + (size_t)2 * s->W * k, s->W);
}


/* ---------------------------------------------------------------- beam search */

/* Board.beam_levels without its levels, state for state: from each state of the level in
 * order, the first colour removable entirely, else every colour on the border in colour
 * order; a child already made this level is dropped; the children are ranked by (bound,
 * the tie-break, the flooded areas read as one number) and the first `width` kept; the
 * first full child ends it. The same bound, the same order, so the same sequence (a test
 * holds the two together); 5-8 times faster on the thesis boards. */

typedef struct {
    int bound, r0, r1;
    uint32_t parent; /* history index of the state it came from */
    uint8_t colour;
} Cand;

static inline int popcount_row(const word *a, int W) {
    int k = 0;
    for (int i = 0; i < W; i++) k += __builtin_popcountll(a[i]);
    return k;
}

/* The rank of candidates a and b (their words 2 W apart in cw): <0 when a goes first. */
static int cand_cmp(const Cand *c, const word *cw, int W, uint32_t a, uint32_t b) {
    const Cand *x = c + a, *y = c + b;
    if (x->bound != y->bound) return x->bound < y->bound ? -1 : 1;
    if (x->r0 != y->r0) return x->r0 < y->r0 ? -1 : 1;
    if (x->r1 != y->r1) return x->r1 < y->r1 ? -1 : 1;
    const word *sa = cw + (size_t)a * 2 * W, *sb = cw + (size_t)b * 2 * W;
    for (int i = W - 1; i >= 0; i--)
        if (sa[i] != sb[i]) return sa[i] < sb[i] ? -1 : 1;
    return 0;
}

/* Sort idx[0..n) by cand_cmp (bottom-up merge sort; tmp as long); the result in idx. */
static void cand_sort(uint32_t *idx, uint32_t *tmp, Py_ssize_t n, const Cand *c,
                      const word *cw, int W) {
    uint32_t *from = idx, *to = tmp;
    for (Py_ssize_t width = 1; width < n; width *= 2) {
        for (Py_ssize_t lo = 0; lo < n; lo += 2 * width) {
            Py_ssize_t mid = lo + width < n ? lo + width : n;
            Py_ssize_t hi = lo + 2 * width < n ? lo + 2 * width : n;
            Py_ssize_t i = lo, j = mid, k = lo;
            while (i < mid && j < hi)
                to[k++] = cand_cmp(c, cw, W, from[j], from[i]) < 0 ? from[j++] : from[i++];
            while (i < mid) to[k++] = from[i++];
            while (j < hi) to[k++] = from[j++];
        }
        uint32_t *t = from;
        from = to;
        to = t;
    }
    if (from != idx) memcpy(idx, from, (size_t)n * sizeof(uint32_t));
}

static void beam_free(Core *s) {
    PyMem_RawFree(s->bwords);
    PyMem_RawFree(s->bref);
    PyMem_RawFree(s->hpar);
    PyMem_RawFree(s->hcol);
    s->bwords = NULL;
    s->bref = s->hpar = NULL;
    s->hcol = NULL;
    s->blen = s->hlen = s->hcap = 0;
}

/* The colours from the start to history entry h, then `last` (-1: none), as a list. */
static PyObject *beam_sequence(const Core *s, uint32_t h, int last) {
    Py_ssize_t len = last >= 0;
    for (uint32_t k = h; k != 0; k = s->hpar[k]) len++;
    PyObject *out = PyList_New(len);
    if (!out) return NULL;
    Py_ssize_t at = len;
    if (last >= 0) PyList_SET_ITEM(out, --at, PyLong_FromLong(last));
    for (uint32_t k = h; k != 0; k = s->hpar[k])
        PyList_SET_ITEM(out, --at, PyLong_FromLong(s->hcol[k]));
    for (Py_ssize_t i = 0; i < len; i++)
        if (!PyList_GET_ITEM(out, i)) {
            Py_DECREF(out);
            return NULL;
        }
    return out;
}

static PyObject *Core_beam_start(Core *s, PyObject *args) {
    int width, tie;
    PyObject *sto, *bdo;
    if (!PyArg_ParseTuple(args, "iiOO", &width, &tie, &sto, &bdo)) return NULL;
    if (busy(s)) return NULL;
    if (width < 1 || tie < 0 || tie > 2) {
        PyErr_SetString(PyExc_ValueError, "_astar.Core.beam_start: width or tie out of range");
        return NULL;
    }
    int W = s->W;
    beam_free(s);
    Py_CLEAR(s->bseq);
    s->bwords = PyMem_RawMalloc((size_t)2 * W * sizeof(word));
    s->bref = PyMem_RawMalloc(sizeof(uint32_t));
    s->hcap = 1024;
    s->hpar = PyMem_RawMalloc((size_t)s->hcap * sizeof(uint32_t));
    s->hcol = PyMem_RawMalloc((size_t)s->hcap);
    if (!s->bwords || !s->bref || !s->hpar || !s->hcol) {
        beam_free(s);
        return PyErr_NoMemory();
    }
    if (read_rows(sto, s->bwords, 1, W, "state") < 0
        || read_rows(bdo, s->bwords + W, 1, W, "border") < 0) {
        beam_free(s);
        return NULL;
    }
    s->bwidth = width;
    s->btie = tie;
    s->blen = 1;
    s->hlen = 1;
    s->hpar[0] = 0;
    s->hcol[0] = 255;
    s->bref[0] = 0;
    if (row_eq(s->bwords, s->full, W)) {
        s->bseq = PyList_New(0);
        if (!s->bseq) return NULL;
    }
    Py_RETURN_NONE;
}

static double monotonic_now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* One level: None, or the sequence once a state is full (and every call after that), or
 * False once `until` (a time.monotonic() value; negative: none) has passed, the level
 * then left as it was (a level of width 1000 on 3000 areas takes seconds). */
static PyObject *Core_beam_step(Core *s, PyObject *args) {
    double until = -1.0;
    if (!PyArg_ParseTuple(args, "|d", &until)) return NULL;
    if (busy(s)) return NULL;
    if (s->bseq) return Py_NewRef(s->bseq);
    if (!s->bwords) {
        PyErr_SetString(PyExc_RuntimeError, "_astar.Core.beam_step: no beam_start");
        return NULL;
    }
    int W = s->W, ncol = s->ncol;
    Py_ssize_t cap = s->blen * ncol, count = 0;
    size_t hsize = 16;
    while (hsize < (size_t)cap * 2) hsize *= 2;
    Cand *cand = PyMem_RawMalloc((size_t)cap * sizeof(Cand));
    word *cw = PyMem_RawMalloc((size_t)cap * 2 * W * sizeof(word));
    uint32_t *hs = PyMem_RawCalloc(hsize, sizeof(uint32_t));
    uint32_t *idx = PyMem_RawMalloc((size_t)cap * 2 * sizeof(uint32_t));
    word *scratch = PyMem_RawMalloc((size_t)3 * W * sizeof(word));
    word *nw = NULL;
    uint32_t *nref = NULL;
    PyObject *result = NULL;
    if (!cand || !cw || !hs || !idx || !scratch) {
        PyErr_NoMemory();
        goto done;
    }
    word *rem = scratch, *ab = scratch + W, *grown = scratch + 2 * W;
    for (Py_ssize_t i = 0; i < s->blen; i++) {
        if (!(i & 15)) {
            if (PyErr_CheckSignals() < 0) goto done;
            if (until >= 0 && monotonic_now() > until) {
                result = Py_NewRef(Py_False);
                goto done;
            }
        }
        const word *st = s->bwords + (size_t)i * 2 * W, *bd = st + W;
        for (int j = 0; j < W; j++) rem[j] = s->full[j] & ~st[j];
        int first = -1;
        for (int c = 0; c < ncol && first < 0; c++) {
            const word *m = s->cmask + (size_t)c * W;
            word has = 0, out = 0;
            for (int j = 0; j < W; j++) {
                has |= m[j] & rem[j];
                out |= m[j] & rem[j] & ~bd[j];
            }
            if (has && !out) first = c;
        }
        for (int c = first >= 0 ? first : 0; c < ncol; c++) {
            const word *m = s->cmask + (size_t)c * W;
            word any = 0;
            for (int j = 0; j < W; j++) {
                ab[j] = bd[j] & m[j];
                any |= ab[j];
                grown[j] = 0;
            }
            if (any) {
                word *s2 = cw + (size_t)count * 2 * W, *b2 = s2 + W;
                for (int j = 0; j < W; j++) s2[j] = st[j] | ab[j];
                add_neighbours(s, grown, ab);
                for (int j = 0; j < W; j++) b2[j] = (bd[j] | grown[j]) & ~s2[j];
                if (row_eq(s2, s->full, W)) {
                    s->bseq = beam_sequence(s, s->bref[i], c);
                    result = s->bseq ? Py_NewRef(s->bseq) : NULL;
                    goto done;
                }
                size_t h = (size_t)hash_row(s2, W) & (hsize - 1);
                int seen = 0;
                for (; hs[h]; h = (h + 1) & (hsize - 1))
                    if (row_eq(cw + (size_t)(hs[h] - 1) * 2 * W, s2, W)) {
                        seen = 1;
                        break;
                    }
                if (!seen) {
                    hs[h] = (uint32_t)count + 1;
                    Cand *x = cand + count;
                    x->bound = bound(s, s2, b2, s->n);
                    int fl = popcount_row(s2, W), bo = popcount_row(b2, W);
                    x->r0 = s->btie == 0 ? -fl : s->btie == 1 ? -bo : -fl - bo;
                    x->r1 = s->btie == 1 ? -fl : 0;
                    x->parent = s->bref[i];
                    x->colour = (uint8_t)c;
                    idx[count] = (uint32_t)count;
                    count++;
                }
            }
            if (first >= 0) break;
        }
    }
    if (!count) {
        PyErr_SetString(PyExc_RuntimeError, "_astar.Core.beam_step: an empty level");
        goto done;
    }
    cand_sort(idx, idx + cap, count, cand, cw, W);
    Py_ssize_t keep = count < s->bwidth ? count : s->bwidth;
    if (s->hlen + keep > s->hcap) {
        Py_ssize_t ncap = s->hcap;
        while (ncap < s->hlen + keep) ncap *= 2;
        uint32_t *hp = PyMem_RawRealloc(s->hpar, (size_t)ncap * sizeof(uint32_t));
        if (hp) s->hpar = hp;
        uint8_t *hc = PyMem_RawRealloc(s->hcol, (size_t)ncap);
        if (hc) s->hcol = hc;
        if (!hp || !hc || s->hlen + keep > 0xffffffffLL) {
            PyErr_NoMemory();
            goto done;
        }
        s->hcap = ncap;
    }
    nw = PyMem_RawMalloc((size_t)keep * 2 * W * sizeof(word));
    nref = PyMem_RawMalloc((size_t)keep * sizeof(uint32_t));
    if (!nw || !nref) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t j = 0; j < keep; j++) {
        const Cand *x = cand + idx[j];
        memcpy(nw + (size_t)j * 2 * W, cw + (size_t)idx[j] * 2 * W, (size_t)2 * W * sizeof(word));
        s->hpar[s->hlen] = x->parent;
        s->hcol[s->hlen] = x->colour;
        nref[j] = (uint32_t)s->hlen++;
    }
    PyMem_RawFree(s->bwords);
    PyMem_RawFree(s->bref);
    s->bwords = nw;
    s->bref = nref;
    s->blen = keep;
    nw = NULL;
    nref = NULL;
    result = Py_NewRef(Py_None);
done:
    PyMem_RawFree(cand);
    PyMem_RawFree(cw);
    PyMem_RawFree(hs);
    PyMem_RawFree(idx);
    PyMem_RawFree(scratch);
    PyMem_RawFree(nw);
    PyMem_RawFree(nref);
    return result;
}

static PyObject *Core_get_upper(Core *s, void *Py_UNUSED(c)) { return PyLong_FromLong(s->upper); }
static PyObject *Core_get_expanded(Core *s, void *Py_UNUSED(c)) {
    return PyLong_FromLongLong(s->expanded);
}
static PyObject *Core_get_stored(Core *s, void *Py_UNUSED(c)) {
    return PyLong_FromSsize_t(s->nodes);
}
static PyObject *Core_get_running(Core *s, void *Py_UNUSED(c)) {
    return PyBool_FromLong(s->running);
}
static PyObject *Core_get_open(Core *s, void *Py_UNUSED(c)) {
    return PyLong_FromSsize_t(s->heap_len);
}

static PyMethodDef Core_methods[] = {
    {"run", (PyCFunction)Core_run, METH_VARARGS,
     "run(expansions, max_states) -> 0 done, 1 table full, 2 expansions made"},
    {"offer", (PyCFunction)Core_offer, METH_O, "offer(length): look below this length from now"},
    {"start", (PyCFunction)Core_start, METH_O,
     "start(max_states): go on in a thread of its own (no Python, no GIL) until done, the "
     "table full or stop()"},
    {"poll", (PyCFunction)Core_poll, METH_NOARGS,
     "None while the thread runs (or none was started), else its status (0 done, 1 table "
     "full); the thread is then joined"},
    {"stop", (PyCFunction)Core_stop, METH_NOARGS,
     "stop and join the thread (within 64 expansions): its status (3: stopped), or None"},
    {"sequence", (PyCFunction)Core_sequence, METH_NOARGS,
     "the colours of the shortest sequence found (None: none shorter than offered)"},
    {"min_f", (PyCFunction)Core_min_f, METH_NOARGS,
     "the open list's least moves + estimate (-1: empty)"},
    {"progress", (PyCFunction)Core_progress, METH_NOARGS,
     "(states expanded, states stored, the open list's least moves + estimate), also while "
     "the thread runs "
     "(then as it was within the last 64 expansions)"},
    {"bound", (PyCFunction)Core_bound, METH_VARARGS,
     "bound(state, border[, capped, cap]): Puchert's bound, as Board.lower_bound"},
    {"state", (PyCFunction)Core_state, METH_O, "the flooded areas of stored state k (bytes)"},
    {"beam_start", (PyCFunction)Core_beam_start, METH_VARARGS,
     "beam_start(width, tie, state, border): a beam search from this state (tie 0 flooded, "
     "1 border, 2 reach: Board.beam_levels's), one level a beam_step()"},
    {"beam_step", (PyCFunction)Core_beam_step, METH_VARARGS,
     "beam_step([until]): one level of the beam search: None, or the sequence once a state "
     "is full, or False once time.monotonic() passed until (the level not made)"},
    {NULL, NULL, 0, NULL}};

static PyGetSetDef Core_getset[] = {
    {"upper", (getter)Core_get_upper, NULL, "length of the best sequence known", NULL},
    {"expanded", (getter)Core_get_expanded, NULL, "states expanded", NULL},
    {"stored", (getter)Core_get_stored, NULL, "states in the table", NULL},
    {"open", (getter)Core_get_open, NULL, "entries in the open list", NULL},
    {"running", (getter)Core_get_running, NULL, "whether its thread runs (not yet joined)", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PyTypeObject CoreType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "pencilproof.encodings.floodit._astar.Core",
    .tp_basicsize = sizeof(Core),
    .tp_dealloc = (destructor)Core_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Flood-It's A* search over bitset states, resumable (see astar.py).",
    .tp_methods = Core_methods,
    .tp_getset = Core_getset,
    .tp_init = (initproc)Core_init,
    .tp_new = PyType_GenericNew,
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_astar",
                                    "Flood-It's A* core (see astar.py).", -1, NULL,
                                    NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__astar(void) {
    if (PyType_Ready(&CoreType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    Py_INCREF(&CoreType);
    if (PyModule_AddObject(m, "Core", (PyObject *)&CoreType) < 0) {
        Py_DECREF(&CoreType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
