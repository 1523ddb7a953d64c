/* Reference min-conflicts n-queens solver for the comparison in docs/PERFORMANCE.md: the same method as
 * src/solve/queens/min_conflicts.rs (Sosic & Gu's initial placement, then random swaps
 * that lower the diagonal collisions), single-threaded, with a xorshift generator.
 *
 *   cc -O2 -o /tmp/minconflicts-c benches/reference/minconflicts.c && /tmp/minconflicts-c 1000000
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static uint64_t s = 88172645463325252ull;
static inline uint64_t rnd(void) { s ^= s << 13; s ^= s >> 7; s ^= s << 17; return s; }
static inline size_t below(size_t n) { return (size_t)(((unsigned __int128)rnd() * n) >> 64); }

static size_t n;
static uint32_t *q, *d1, *d2;
static uint64_t collisions;

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

int main(int argc, char **argv) {
    n = argc > 1 ? strtoul(argv[1], 0, 10) : 1000000;
    size_t tail = 32, tries = 64;
    if (n < 4) { fprintf(stderr, "n >= 4\n"); return 2; }
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    q = malloc(n * 4); d1 = calloc(2 * n, 4); d2 = calloc(2 * n, 4);
    size_t *att = malloc(n * sizeof(size_t)), *nxt = malloc(n * sizeof(size_t));
    for (;;) {
        for (size_t c = 0; c < n; c++) q[c] = c;
        for (size_t i = 0; i < 2 * n; i++) d1[i] = d2[i] = 0;
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
                    if (d1[c + q[c]] == 0 && d2[c + n - 1 - q[c]] == 0) break;
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
    printf("n=%zu solved in %.1f ms\n", n, (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6);
    return 0;
}
