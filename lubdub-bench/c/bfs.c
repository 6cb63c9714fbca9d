/*
 * The direction-optimizing BFS (src/workloads/bfs/dobfs.rs) in C with
 * OpenMP, as the GAP benchmark suite's bfs.cc writes it: one parallel
 * region per step; top-down steps with a CAS per claimed vertex and a
 * thread-local buffer appended to the next frontier once per thread;
 * bottom-up steps over the words of the next frontier's bitmap, 16 words
 * (1024 vertices) per dynamic chunk. The switching rule is the Rust one,
 * with the constants passed in (src/workloads/bfs/direction.rs).
 *
 * The Rust side owns the graph and the parent array; every scratch buffer is
 * allocated here per search, as the Rust searches allocate theirs.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define NONE UINT32_MAX
#define WORD_BITS 64

struct graph {
    const uint64_t *offsets;
    const uint32_t *targets;
    uint32_t n;
};

static void *checked_malloc(size_t bytes)
{
    void *p = malloc(bytes ? bytes : 1);
    if (!p)
        abort();
    return p;
}

/* A thread's buffer of vertices for the next frontier. */
struct buffer {
    uint32_t *items;
    size_t len, cap;
};

static void push(struct buffer *b, uint32_t v)
{
    if (b->len == b->cap) {
        b->cap = b->cap ? 2 * b->cap : 256;
        b->items = realloc(b->items, b->cap * sizeof *b->items);
        if (!b->items)
            abort();
    }
    b->items[b->len++] = v;
}

/* Appends `b` to `out` (whose length `*len` threads bump atomically) and frees it. */
static void flush(struct buffer *b, uint32_t *out, size_t *len)
{
    size_t at = __atomic_fetch_add(len, b->len, __ATOMIC_RELAXED);
    memcpy(out + at, b->items, b->len * sizeof *b->items);
    free(b->items);
}

/* Claims the unvisited neighbours of frontier[0..len) into `next`; returns
 * how many, and the edges leaving them in *scout. */
static size_t top_down_step(const struct graph *g, uint32_t *parents, const uint32_t *frontier,
                            size_t len, uint32_t *next, uint64_t *scout, int threads)
{
    size_t next_len = 0;
    uint64_t edges = 0;
#pragma omp parallel num_threads(threads) reduction(+ : edges)
    {
        struct buffer local = {0};
#pragma omp for schedule(dynamic, 64) nowait
        for (size_t i = 0; i < len; i++) {
            uint32_t u = frontier[i];
            for (uint64_t e = g->offsets[u]; e < g->offsets[u + 1]; e++) {
                uint32_t v = g->targets[e];
                uint32_t expected = NONE;
                if (__atomic_load_n(&parents[v], __ATOMIC_RELAXED) == NONE &&
                    __atomic_compare_exchange_n(&parents[v], &expected, u, 0, __ATOMIC_RELAXED,
                                                __ATOMIC_RELAXED)) {
                    push(&local, v);
                    edges += g->offsets[v + 1] - g->offsets[v];
                }
            }
        }
        flush(&local, next, &next_len);
    }
    *scout = edges;
    return next_len;
}

/* Gives every unvisited vertex with a neighbour in `front` that neighbour as
 * parent; `next` becomes the set of them. Returns their count. */
static uint64_t bottom_up_step(const struct graph *g, uint32_t *parents, const uint64_t *front,
                               uint64_t *next, size_t words, int threads)
{
    uint64_t awake = 0;
#pragma omp parallel for num_threads(threads) schedule(dynamic, 16) reduction(+ : awake)
    for (size_t w = 0; w < words; w++) {
        uint64_t bits = 0;
        size_t end = (w + 1) * WORD_BITS < g->n ? (w + 1) * WORD_BITS : g->n;
        for (size_t u = w * WORD_BITS; u < end; u++) {
            if (parents[u] != NONE)
                continue;
            for (uint64_t e = g->offsets[u]; e < g->offsets[u + 1]; e++) {
                uint32_t v = g->targets[e];
                if (front[v / WORD_BITS] >> (v % WORD_BITS) & 1) {
                    parents[u] = v;
                    bits |= (uint64_t)1 << (u % WORD_BITS);
                    awake++;
                    break;
                }
            }
        }
        next[w] = bits;
    }
    return awake;
}

static void queue_to_bitmap(const uint32_t *queue, size_t len, uint64_t *bitmap, size_t words,
                            int threads)
{
    memset(bitmap, 0, words * sizeof *bitmap);
#pragma omp parallel for num_threads(threads)
    for (size_t i = 0; i < len; i++)
        __atomic_fetch_or(&bitmap[queue[i] / WORD_BITS], (uint64_t)1 << (queue[i] % WORD_BITS),
                          __ATOMIC_RELAXED);
}

static size_t bitmap_to_queue(const uint64_t *bitmap, size_t words, uint32_t *queue, int threads)
{
    size_t len = 0;
#pragma omp parallel num_threads(threads)
    {
        struct buffer local = {0};
#pragma omp for nowait
        for (size_t w = 0; w < words; w++)
            for (uint64_t rest = bitmap[w]; rest; rest &= rest - 1)
                push(&local, (uint32_t)(w * WORD_BITS + (size_t)__builtin_ctzll(rest)));
        flush(&local, queue, &len);
    }
    return len;
}

/* Direction-optimizing BFS from `root` on a team of `threads`: writes every
 * one of the n entries of `parents` (NONE for vertices not reached). */
void lubdub_bench_dobfs_omp(const uint64_t *offsets, const uint32_t *targets, uint32_t n,
                            uint32_t root, uint64_t alpha, uint64_t beta, uint32_t *parents,
                            int threads)
{
    const struct graph g = {offsets, targets, n};
    size_t words = ((size_t)n + WORD_BITS - 1) / WORD_BITS;
#pragma omp parallel for num_threads(threads)
    for (size_t v = 0; v < n; v++)
        parents[v] = NONE;
    parents[root] = root;
    uint32_t *frontier = checked_malloc(n * sizeof *frontier);
    uint32_t *next = checked_malloc(n * sizeof *next);
    uint64_t *front = checked_malloc(words * sizeof *front);
    uint64_t *curr = checked_malloc(words * sizeof *curr);
    frontier[0] = root;
    size_t len = 1;
    uint64_t unchecked = offsets[n];
    uint64_t scout = offsets[root + 1] - offsets[root];
    while (len > 0) {
        if (scout > unchecked / alpha) {
            queue_to_bitmap(frontier, len, front, words, threads);
            uint64_t awake = len, before;
            do {
                before = awake;
                awake = bottom_up_step(&g, parents, front, curr, words, threads);
                uint64_t *swap = front;
                front = curr;
                curr = swap;
            } while (awake >= before || awake > n / beta);
            len = bitmap_to_queue(front, words, frontier, threads);
            scout = 1;
        } else {
            unchecked = unchecked > scout ? unchecked - scout : 0;
            len = top_down_step(&g, parents, frontier, len, next, &scout, threads);
            uint32_t *swap = frontier;
            frontier = next;
            next = swap;
        }
    }
    free(frontier);
    free(next);
    free(front);
    free(curr);
}
