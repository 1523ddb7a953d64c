/* Reference n-queens counter for the comparison in docs/PERFORMANCE.md: bitboard backtracking with the
 * board's full symmetry (Takaken's method), the same search as src/solve/queens/count.rs,
 * single-threaded.
 *
 *   cc -O2 -o /tmp/queens-c benches/reference/queens.c && /tmp/queens-c 16
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static int SIZE, SIZEE, MASK, TOPBIT, ENDBIT, SIDEMASK, LASTMASK, BOUND1, BOUND2;
static int BOARD[32], *BOARDE, *BOARD1, *BOARD2;
static long long COUNT8, COUNT4, COUNT2;

static void Check(void) {
    int *own, *you, bit, ptn;
    if (*BOARD2 == 1) {
        for (ptn = 2, own = BOARD + 1; own <= BOARDE; own++, ptn <<= 1) {
            bit = 1;
            for (you = BOARDE; *you != ptn && *own >= bit; you--) bit <<= 1;
            if (*own > bit) return;
            if (*own < bit) break;
        }
        if (own > BOARDE) { COUNT2++; return; }
    }
    if (*BOARDE == ENDBIT) {
        for (you = BOARDE - 1, own = BOARD + 1; own <= BOARDE; own++, you--) {
            bit = 1;
            for (ptn = TOPBIT; ptn != *you && *own >= bit; ptn >>= 1) bit <<= 1;
            if (*own > bit) return;
            if (*own < bit) break;
        }
        if (own > BOARDE) { COUNT4++; return; }
    }
    if (*BOARD1 == TOPBIT) {
        for (ptn = TOPBIT >> 1, own = BOARD + 1; own <= BOARDE; own++, ptn >>= 1) {
            bit = 1;
            for (you = BOARD; *you != ptn && *own >= bit; you++) bit <<= 1;
            if (*own > bit) return;
            if (*own < bit) break;
        }
    }
    COUNT8++;
}

static void Backtrack2(int y, int left, int down, int right) {
    int bitmap = MASK & ~(left | down | right), bit;
    if (y == SIZEE) {
        if (bitmap && !(bitmap & LASTMASK)) { BOARD[y] = bitmap; Check(); }
        return;
    }
    if (y < BOUND1) {
        bitmap |= SIDEMASK; bitmap ^= SIDEMASK;
    } else if (y == BOUND2) {
        if (!(down & SIDEMASK)) return;
        if ((down & SIDEMASK) != SIDEMASK) bitmap &= SIDEMASK;
    }
    while (bitmap) {
        bitmap ^= BOARD[y] = bit = -bitmap & bitmap;
        Backtrack2(y + 1, (left | bit) << 1, down | bit, (right | bit) >> 1);
    }
}

static void Backtrack1(int y, int left, int down, int right) {
    int bitmap = MASK & ~(left | down | right), bit;
    if (y == SIZEE) {
        if (bitmap) { BOARD[y] = bitmap; COUNT8++; }
        return;
    }
    if (y < BOUND1) { bitmap |= 2; bitmap ^= 2; }
    while (bitmap) {
        bitmap ^= BOARD[y] = bit = -bitmap & bitmap;
        Backtrack1(y + 1, (left | bit) << 1, down | bit, (right | bit) >> 1);
    }
}

int main(int argc, char **argv) {
    int bit;
    struct timespec a, b;
    SIZE = argc > 1 ? atoi(argv[1]) : 16;
    if (SIZE < 5 || SIZE > 30) { fprintf(stderr, "n from 5 to 30\n"); return 2; }
    clock_gettime(CLOCK_MONOTONIC, &a);
    SIZEE = SIZE - 1; BOARDE = &BOARD[SIZEE]; TOPBIT = 1 << SIZEE; MASK = (1 << SIZE) - 1;
    BOARD[0] = 1;
    for (BOUND1 = 2; BOUND1 < SIZEE; BOUND1++) {
        BOARD[1] = bit = 1 << BOUND1;
        Backtrack1(2, (2 | bit) << 1, 1 | bit, bit >> 1);
    }
    SIDEMASK = LASTMASK = TOPBIT | 1;
    ENDBIT = TOPBIT >> 1;
    for (BOUND1 = 1, BOUND2 = SIZE - 2; BOUND1 < BOUND2; BOUND1++, BOUND2--) {
        BOARD1 = &BOARD[BOUND1]; BOARD2 = &BOARD[BOUND2];
        BOARD[0] = bit = 1 << BOUND1;
        Backtrack2(1, bit << 1, bit, bit >> 1);
        LASTMASK |= LASTMASK >> 1 | LASTMASK << 1;
        ENDBIT >>= 1;
    }
    clock_gettime(CLOCK_MONOTONIC, &b);
    printf("n=%d total=%lld unique=%lld %.1f ms\n", SIZE, COUNT8 * 8 + COUNT4 * 4 + COUNT2 * 2,
           COUNT8 + COUNT4 + COUNT2, (b.tv_sec - a.tv_sec) * 1e3 + (b.tv_nsec - a.tv_nsec) / 1e6);
    return 0;
}
