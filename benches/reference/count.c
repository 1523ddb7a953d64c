/* The reference for `count`'s speed: a straightforward C implementation of the same
 * pruned enumeration as src/solve/knight/count.rs (recursive, neighbour lists, degree
 * counts; prune on an unreachable square or two forced endpoints).
 *
 *   cc -O2 -o /tmp/count-c benches/reference/count.c && /tmp/count-c 5 5 200
 *
 * prints the total over every start square and the mean time of one full count. On a
 * board with an odd number of squares no open tour starts on a square of the colour the
 * corners are not (there are fewer of them, and a tour alternates colours), and neither
 * program searches from those: the Rust count settles them by that theorem, so both make
 * the same calls (54,301 on 5x5, where every square searched made 102,321). */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define MAXN 256
static int W, H, N;
static int nb[MAXN][8], nn[MAXN], deg[MAXN];
static char vis[MAXN];
static int zero, one;
static long long tours, calls;

static void visit(int s) {
    if (deg[s] == 0) zero--; else if (deg[s] == 1) one--;
    vis[s] = 1;
    for (int i = 0; i < nn[s]; i++) {
        int t = nb[s][i];
        if (vis[t]) continue;
        if (deg[t] == 1) { one--; zero++; } else if (deg[t] == 2) one++;
        deg[t]--;
    }
}

static void leave(int s) {
    for (int i = 0; i < nn[s]; i++) {
        int t = nb[s][i];
        if (vis[t]) continue;
        deg[t]++;
        if (deg[t] == 1) { zero--; one++; } else if (deg[t] == 2) one--;
    }
    vis[s] = 0;
    if (deg[s] == 0) zero++; else if (deg[s] == 1) one++;
}

static void go(int cur, int left) {
    calls++;
    if (left == 0) { tours++; return; }
    int z = 0, o = 0;
    for (int i = 0; i < nn[cur]; i++) {
        int t = nb[cur][i];
        if (vis[t]) continue;
        if (deg[t] == 0) z++; else if (deg[t] == 1) o++;
    }
    if (zero > z || (z > 0 && left > 1) || one - o > 1) return;
    for (int i = 0; i < nn[cur]; i++) {
        int t = nb[cur][i];
        if (vis[t]) continue;
        visit(t);
        go(t, left - 1);
        leave(t);
    }
}

int main(int argc, char **argv) {
    W = argc > 1 ? atoi(argv[1]) : 5;
    H = argc > 2 ? atoi(argv[2]) : 5;
    int reps = argc > 3 ? atoi(argv[3]) : 100;
    N = W * H;
    if (N < 1 || N > MAXN) { fprintf(stderr, "board too large\n"); return 2; }
    static const int dr[8] = {-2, -2, -1, -1, 1, 1, 2, 2}, dc[8] = {-1, 1, -2, 2, -2, 2, -1, 1};
    for (int s = 0; s < N; s++) {
        int r = s / W, c = s % W;
        nn[s] = 0;
        for (int k = 0; k < 8; k++) {
            int rr = r + dr[k], cc = c + dc[k];
            if (rr >= 0 && rr < H && cc >= 0 && cc < W) nb[s][nn[s]++] = rr * W + cc;
        }
    }
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    for (int rep = 0; rep < reps; rep++) {
        tours = calls = 0;
        for (int start = 0; start < N; start++) {
            if (N % 2 == 1 && (start / W + start % W) % 2 == 1) continue;
            zero = one = 0;
            for (int s = 0; s < N; s++) {
                vis[s] = 0;
                deg[s] = nn[s];
                if (deg[s] == 0) zero++; else if (deg[s] == 1) one++;
            }
            visit(start);
            go(start, N - 1);
            leave(start);
        }
    }
    clock_gettime(CLOCK_MONOTONIC, &b);
    double ms = ((b.tv_sec - a.tv_sec) * 1e3 + (b.tv_nsec - a.tv_nsec) / 1e6) / reps;
    printf("%dx%d: %lld tours from every square, %lld calls, %.3f ms per full count\n", W, H, tours, calls, ms);
    return 0;
}
