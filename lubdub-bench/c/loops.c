/*
 * The C variants of the loop benchmarks (src/workloads/loops.rs): OpenMP,
 * one `parallel for` per loop, static schedule, as a C programmer writes
 * it; the same loops sequentially; and on lubdub's C library (lubdub-c),
 * whose parallel for hands each body a sub-range. The Rust side owns every
 * buffer; the C side only reads its inputs and writes its output buffer.
 */
#include <stddef.h>
#include <stdint.h>

#include "lubdub.h"

/* The sum of x[i] * x[i], wrapping, on a team of `threads` threads. */
uint64_t lubdub_bench_sum_squares_omp(const uint64_t *x, size_t n, int threads)
{
    uint64_t sum = 0;
#pragma omp parallel for num_threads(threads) schedule(static) reduction(+ : sum)
    for (size_t i = 0; i < n; i++)
        sum += x[i] * x[i];
    return sum;
}

/* out[i] = x[i] * 1.5 + 2.0: the map of the map-collect benchmark. */
void lubdub_bench_map_omp(const double *x, double *out, size_t n, int threads)
{
#pragma omp parallel for num_threads(threads) schedule(static)
    for (size_t i = 0; i < n; i++)
        out[i] = x[i] * 1.5 + 2.0;
}

/* z[i] = a * x[i] + y[i]. */
void lubdub_bench_axpy_omp(double a, const double *x, const double *y, double *z, size_t n,
                           int threads)
{
#pragma omp parallel for num_threads(threads) schedule(static)
    for (size_t i = 0; i < n; i++)
        z[i] = a * x[i] + y[i];
}

/* `calls` parallel sums of the squares of x[0..n] from a sequential loop:
 * one parallel region per call. Returns the sum of the sums, wrapping. */
uint64_t lubdub_bench_hot_loop_omp(const uint64_t *x, size_t n, size_t calls, int threads)
{
    uint64_t total = 0;
    for (size_t c = 0; c < calls; c++)
        total += lubdub_bench_sum_squares_omp(x, n, threads);
    return total;
}

/* The same loops in plain C, no runtime: the reference of the C variants.
 * `barrier` keeps the compiler from hoisting a call's loop out of the hot
 * loop, as Rust's black_box does for the Rust baseline. */
#define barrier(p) __asm__ volatile("" : : "g"(p) : "memory")

/* The loop of the sum of squares, which the sequential variants and the
 * lubdub variant's body each inline. Built with -fPIC, as this file is, a
 * call of an exported function may be interposed and is never inlined: a
 * body calling lubdub_bench_sum_squares_c paid that call once per
 * sub-range, where the sequential hot loop paid it once per call. */
static inline uint64_t sum_squares(const uint64_t *x, size_t n)
{
    uint64_t sum = 0;
    for (size_t i = 0; i < n; i++)
        sum += x[i] * x[i];
    return sum;
}

uint64_t lubdub_bench_sum_squares_c(const uint64_t *x, size_t n)
{
    return sum_squares(x, n);
}

uint64_t lubdub_bench_hot_loop_c(const uint64_t *x, size_t n, size_t calls)
{
    uint64_t total = 0;
    for (size_t c = 0; c < calls; c++) {
        barrier(x);
        total += sum_squares(x, n);
    }
    return total;
}

void lubdub_bench_map_c(const double *x, double *out, size_t n)
{
    for (size_t i = 0; i < n; i++)
        out[i] = x[i] * 1.5 + 2.0;
}

void lubdub_bench_axpy_c(double a, const double *x, const double *y, double *z, size_t n)
{
    for (size_t i = 0; i < n; i++)
        z[i] = a * x[i] + y[i];
}

/* The C variants on lubdub's C library (lubdub-c): the loop bodies are the
 * sequential loops above over the sub-range lubdub hands them. Each returns
 * lubdub's status (0: LUBDUB_OK). */

static int sum_squares_range(void *x, size_t begin, size_t end, void *acc)
{
    *(uint64_t *)acc += sum_squares((const uint64_t *)x + begin, end - begin);
    return 0;
}

static int add_u64(void *context, void *left, const void *right)
{
    (void)context;
    *(uint64_t *)left += *(const uint64_t *)right;
    return 0;
}

/* Inlined into the hot loop below, as sum_squares is into the sequential
 * one (see sum_squares: an exported function's call is never inlined). */
static inline int sum_squares_lubdub(const lubdub_pool *pool, const uint64_t *x, size_t n,
                                     uint64_t *sum)
{
    const uint64_t zero = 0;
    return lubdub_parallel_reduce(pool, 0, n, sum_squares_range, add_u64, (void *)x, sum, &zero,
                                  sizeof *sum);
}

int lubdub_bench_sum_squares_lubdub_c(const lubdub_pool *pool, const uint64_t *x, size_t n,
                                      uint64_t *sum)
{
    return sum_squares_lubdub(pool, x, n, sum);
}

struct hot_loop {
    const lubdub_pool *pool;
    const uint64_t *x;
    size_t n, calls;
    uint64_t total;
};

static int hot_loop_task(void *context)
{
    struct hot_loop *h = context;
    for (size_t c = 0; c < h->calls; c++) {
        uint64_t sum;
        barrier(h->x);
        int status = sum_squares_lubdub(h->pool, h->x, h->n, &sum);
        if (status != LUBDUB_OK)
            return status;
        h->total += sum;
    }
    return 0;
}

/* The hot loop inside one lubdub_install (the Rust variant's one install;
 * OpenMP's equivalent would be one `parallel` region around it). */
int lubdub_bench_hot_loop_lubdub_c(const lubdub_pool *pool, const uint64_t *x, size_t n,
                                   size_t calls, uint64_t *total)
{
    struct hot_loop h = {pool, x, n, calls, 0};
    int status = lubdub_install(pool, hot_loop_task, &h);
    *total = h.total;
    return status;
}

struct map_args {
    const double *x;
    double *out;
};

static int map_range(void *context, size_t begin, size_t end)
{
    struct map_args *m = context;
    lubdub_bench_map_c(m->x + begin, m->out + begin, end - begin);
    return 0;
}

int lubdub_bench_map_lubdub_c(const lubdub_pool *pool, const double *x, double *out, size_t n)
{
    struct map_args m = {x, out};
    return lubdub_parallel_for(pool, 0, n, map_range, &m);
}

struct axpy_args {
    double a;
    const double *x, *y;
    double *z;
};

static int axpy_range(void *context, size_t begin, size_t end)
{
    struct axpy_args *v = context;
    lubdub_bench_axpy_c(v->a, v->x + begin, v->y + begin, v->z + begin, end - begin);
    return 0;
}

int lubdub_bench_axpy_lubdub_c(const lubdub_pool *pool, double a, const double *x,
                               const double *y, double *z, size_t n)
{
    struct axpy_args v = {a, x, y, z};
    return lubdub_parallel_for(pool, 0, n, axpy_range, &v);
}
