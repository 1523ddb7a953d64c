/* Reference min-conflicts n-queens solver for the comparison in docs/PERFORMANCE.md
 * (`cargo bench --bench reference` builds and runs it): the same method as
 * src/solve/queens/min_conflicts.rs (Sosic & Gu's initial placement, then random swaps
 * that lower the diagonal collisions), single-threaded, with a xorshift generator.
 *
 * Two ways to keep the queens per diagonal, chosen when compiling:
 *   - the default: a 32-bit count per diagonal (16 bytes a queen for the two directions);
 *   - -DLINE_BITS: as the Rust solver keeps them, a bit for "a queen" and a bit for "two
 *     or more" per diagonal, and the queens beyond the first of the few crowded diagonals
 *     in a hash table (open addressing, linear probing).
 *
 *   cc -O2 -o /tmp/mc-c benches/reference/minconflicts.c && /tmp/mc-c 1000000 [seed]
 *   cc -O2 -DLINE_BITS -o /tmp/mc-c-bits benches/reference/minconflicts.c
 *
 * Prints "n=N solved in T ms" (the search alone, from the first allocation to the
 * solution); exit status 2 for bad input.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static uint64_t s = 88172645463325252ull;
static inline uint64_t rnd(void) { s ^= s << 13; s ^= s >> 7; s ^= s << 17; return s; }
static inline size_t below(size_t n) { return (size_t)(((unsigned __int128)rnd() * n) >> 64); }

static size_t n;
static uint32_t *q;
static uint64_t collisions;

#ifdef LINE_BITS
typedef struct {
    uint64_t *one, *more;
    uint32_t *keys, *vals; /* key 0 is free: keys are stored plus one */
    size_t cap, used;
} lines;
static lines d1, d2;

static void lines_init(lines *l, size_t count) {
    l->one = calloc((count + 63) / 64, 8);
    l->more = calloc((count + 63) / 64, 8);
    l->cap = 1024; l->used = 0;
    l->keys = calloc(l->cap, 4); l->vals = calloc(l->cap, 4);
}
static void lines_clear(lines *l, size_t count) {
    for (size_t i = 0; i < (count + 63) / 64; i++) l->one[i] = l->more[i] = 0;
    for (size_t i = 0; i < l->cap; i++) l->keys[i] = 0;
    l->used = 0;
}
static inline size_t slot(const lines *l, uint32_t key) {
    size_t i = (size_t)((key * 0x9E3779B97F4A7C15ull) >> 32) & (l->cap - 1);
    while (l->keys[i] && l->keys[i] != key + 1) i = (i + 1) & (l->cap - 1);
    return i;
}
static void grow(lines *l) {
    uint32_t *k = l->keys, *v = l->vals; size_t cap = l->cap;
    l->cap *= 2; l->keys = calloc(l->cap, 4); l->vals = calloc(l->cap, 4);
    for (size_t i = 0; i < cap; i++)
        if (k[i]) { size_t j = slot(l, k[i] - 1); l->keys[j] = k[i]; l->vals[j] = v[i]; }
    free(k); free(v);
}
static void put(lines *l, uint32_t key, uint32_t val) {
    if (2 * (l->used + 1) > l->cap) grow(l);
    size_t i = slot(l, key);
    if (!l->keys[i]) { l->keys[i] = key + 1; l->used++; }
    l->vals[i] = val;
}
static inline uint32_t get(const lines *l, uint32_t key) { return l->vals[slot(l, key)]; }
static void erase(lines *l, uint32_t key) {
    size_t i = slot(l, key), mask = l->cap - 1;
    l->keys[i] = 0; l->used--;
    /* Backward shift: move up each entry that its probe could no longer reach. */
    for (size_t j = (i + 1) & mask; l->keys[j]; j = (j + 1) & mask) {
        size_t home = (size_t)(((l->keys[j] - 1) * 0x9E3779B97F4A7C15ull) >> 32) & mask;
        if (((j - home) & mask) >= ((j - i) & mask)) {
            l->keys[i] = l->keys[j]; l->vals[i] = l->vals[j]; l->keys[j] = 0; i = j;
        }
    }
}
static inline int occupied(const lines *l, size_t i) { return l->one[i >> 6] >> (i & 63) & 1; }
static inline int crowded(const lines *l, size_t i) { return l->more[i >> 6] >> (i & 63) & 1; }
/* Puts a queen on line i: the queens there before. */
static inline uint32_t line_add(lines *l, size_t i) {
    uint64_t bit = 1ull << (i & 63);
    if (!(l->one[i >> 6] & bit)) { l->one[i >> 6] |= bit; return 0; }
    if (!(l->more[i >> 6] & bit)) { l->more[i >> 6] |= bit; put(l, i, 1); return 1; }
    uint32_t e = get(l, i) + 1; put(l, i, e); return e;
}
/* Takes a queen off line i: the queens left. */
static inline uint32_t line_del(lines *l, size_t i) {
    uint64_t bit = 1ull << (i & 63);
    if (!(l->more[i >> 6] & bit)) { l->one[i >> 6] &= ~bit; return 0; }
    uint32_t e = get(l, i);
    if (e <= 1) { erase(l, i); l->more[i >> 6] &= ~bit; return 1; }
    put(l, i, e - 1); return e;
}
static inline void add(size_t c, uint32_t r) {
    collisions += (line_add(&d1, c + r) > 0) + (line_add(&d2, c + n - 1 - r) > 0);
}
static inline void del(size_t c, uint32_t r) {
    collisions -= (line_del(&d1, c + r) > 0) + (line_del(&d2, c + n - 1 - r) > 0);
}
static inline int attacked(size_t c) {
    uint32_t r = q[c];
    return crowded(&d1, c + r) || crowded(&d2, c + n - 1 - r);
}
static inline int is_free(size_t c, uint32_t r) {
    return !occupied(&d1, c + r) && !occupied(&d2, c + n - 1 - r);
}
static void alloc_lines(void) { lines_init(&d1, 2 * n); lines_init(&d2, 2 * n); }
static void clear_lines(void) { lines_clear(&d1, 2 * n); lines_clear(&d2, 2 * n); }
#else
static uint32_t *d1, *d2;

static inline void add(size_t c, uint32_t r) {
    size_t a = c + r, b = c + n - 1 - r;
    collisions += (d1[a] > 0) + (d2[b] > 0);
    d1[a]++; d2[b]++;
}
static inline void del(size_t c, uint32_t r) {
    size_t a = c + r, b = c + n - 1 - r;
    d1[a]--; d2[b]--;
    collisions -= (d1[a] > 0) + (d2[b] > 0);
}
static inline int attacked(size_t c) {
    uint32_t r = q[c];
    return d1[c + r] > 1 || d2[c + n - 1 - r] > 1;
}
static inline int is_free(size_t c, uint32_t r) {
    return d1[c + r] == 0 && d2[c + n - 1 - r] == 0;
}
static void alloc_lines(void) { d1 = calloc(2 * n, 4); d2 = calloc(2 * n, 4); }
static void clear_lines(void) { for (size_t i = 0; i < 2 * n; i++) d1[i] = d2[i] = 0; }
#endif

int main(int argc, char **argv) {
    n = argc > 1 ? strtoul(argv[1], 0, 10) : 1000000;
    if (argc > 2) {
        /* splitmix64 of the seed: any seed gives a nonzero xorshift state */
        uint64_t z = strtoull(argv[2], 0, 10) + 0x9E3779B97F4A7C15ull;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        s = (z ^ (z >> 31)) | 1;
    }
    size_t tail = 32, tries = 64;
    if (n < 4 || n > 100000000) { fprintf(stderr, "n: a whole number from 4 to 100000000\n"); return 2; }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    q = malloc(n * 4);
    alloc_lines();
    size_t *att = malloc(n * sizeof(size_t)), *nxt = malloc(n * sizeof(size_t));
    for (;;) {
        for (size_t c = 0; c < n; c++) q[c] = c;
        clear_lines();
        collisions = 0;
        size_t greedy = n > tail ? n - tail : 0;
        for (size_t c = 0; c < n; c++) {
            if (c < greedy) {
                size_t k = n - c, lg = 0;
                while (k >>= 1) lg++;
                size_t limit = 4 + 2 * (lg ? lg : 1);
                for (size_t t = 0; t < limit; t++) {
                    size_t j = c + below(n - c);
                    uint32_t x = q[c]; q[c] = q[j]; q[j] = x;
                    if (is_free(c, q[c])) break;
                }
            } else {
                size_t j = c + below(n - c);
                uint32_t x = q[c]; q[c] = q[j]; q[j] = x;
            }
            add(c, q[c]);
        }
        size_t na = 0;
        for (size_t c = 0; c < n; c++) if (attacked(c)) att[na++] = c;
        uint64_t best = collisions; int stall = 0;
        while (collisions > 0 && stall < 50) {
            size_t nn = 0;
            for (size_t k = 0; k < na && collisions > 0; k++) {
                size_t i = att[k];
                if (!attacked(i)) continue;
                for (size_t t = 0; t < tries; t++) {
                    size_t j = below(n);
                    if (j == i) continue;
                    uint32_t ri = q[i], rj = q[j];
                    uint64_t before = collisions;
                    del(i, ri); del(j, rj); add(i, rj); add(j, ri);
                    if (collisions < before) { q[i] = rj; q[j] = ri; if (attacked(j)) nxt[nn++] = j; break; }
                    del(i, rj); del(j, ri); add(i, ri); add(j, rj);
                }
                if (attacked(i)) nxt[nn++] = i;
            }
            size_t *x = att; att = nxt; nxt = x; na = nn;
            if (collisions < best) { best = collisions; stall = 0; } else stall++;
        }
        if (collisions == 0) break;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    /* A check of the answer (not timed): no two queens share a row or a diagonal. */
    uint64_t *seen = calloc((5 * n + 63) / 64, 8);
    for (size_t c = 0; c < n; c++) {
        size_t r = q[c], lines[3] = {r, n + c + r, 3 * n + c + n - 1 - r};
        for (int k = 0; k < 3; k++) {
            uint64_t bit = 1ull << (lines[k] & 63);
            if (r >= n || seen[lines[k] >> 6] & bit) {
                fprintf(stderr, "not a solution at column %zu\n", c);
                return 1;
            }
            seen[lines[k] >> 6] |= bit;
        }
    }
    printf("n=%zu solved in %.1f ms\n", n, (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6);
    return 0;
}
