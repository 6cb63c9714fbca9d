/*
 * The C variants of fft_g1. OpenMP, after the seed's C team (ckzg): the two
 * half-size sub-FFTs as OpenMP tasks joined by `taskwait` (the seed used
 * `parallel sections`; tasks are how OpenMP expresses a recursive fork), and
 * the butterfly loop as `omp parallel for`. And the same code on lubdub's C
 * library (lubdub-c): `lubdub_join` and `lubdub_parallel_for`.
 *
 * The arithmetic is blst's, the same library instance the Rust variants call:
 * this object only declares the blst symbols, and they resolve against the
 * static library the `blst` crate builds (see build.rs).
 */
#include <stddef.h>
#include <omp.h>

#include "blst.h"
#include "lubdub.h"

/* The bits of a scalar blst_p1_mult reads: r < 2^255. */
#define SCALAR_BITS 255

/* One butterfly: y = out[i + half] * root; out[i + half] = out[i] - y;
 * out[i] += y. */
static void butterfly(blst_p1 *out, size_t half, size_t i, const blst_scalar *root)
{
    blst_p1 y_times_root;
    blst_p1_mult(&y_times_root, &out[i + half], root->b, SCALAR_BITS);
    blst_p1 negated = y_times_root;
    blst_p1_cneg(&negated, 1);
    blst_p1_add_or_double(&out[i + half], &out[i], &negated);
    blst_p1_add_or_double(&out[i], &out[i], &y_times_root);
}

/* The butterflies of one level, i < half. Called at the top level (outside any parallel
 * region) the loop is shared by a team of `threads`; inside the task region
 * the `if` clause gives the nested region a team of one, which is what the
 * seed's nested `parallel for` got under OpenMP's default of one active
 * level, so its tasks run their butterflies serially. */
static void butterflies(blst_p1 *out, size_t half, const blst_scalar *roots,
                        size_t roots_stride, int threads)
{
#pragma omp parallel for num_threads(threads) if (!omp_in_parallel())
    for (size_t i = 0; i < half; i++)
        butterfly(out, half, i, &roots[i * roots_stride]);
}

/* c-kzg's fft_g1_fast, with the first half as a task another thread may
 * take and the second run inline; `taskwait` joins them. */
static void fft_tasks(blst_p1 *out, const blst_p1 *in, size_t stride,
                      const blst_scalar *roots, size_t roots_stride, size_t n, int threads)
{
    if (n == 1) {
        *out = *in;
        return;
    }
    size_t half = n / 2;
#pragma omp task
    fft_tasks(out, in, stride * 2, roots, roots_stride * 2, half, threads);
    fft_tasks(out + half, in + stride, stride * 2, roots, roots_stride * 2, half, threads);
#pragma omp taskwait
    butterflies(out, half, roots, roots_stride, threads);
}

/* The FFT of the `n` points at `in` into `out`, with `roots[i]` the i-th
 * power of the root of unity of order `n`, on a team of `threads` threads
 * (the calling thread is one of them). The sub-FFTs run in one parallel
 * region; the top-level butterflies in a second one, as `parallel for`. */
void lubdub_bench_fft_g1_omp(blst_p1 *out, const blst_p1 *in, size_t n,
                             const blst_scalar *roots, int threads)
{
    if (n == 1) {
        *out = *in;
        return;
    }
    size_t half = n / 2;
#pragma omp parallel num_threads(threads)
#pragma omp single
    {
#pragma omp task
        fft_tasks(out, in, 2, roots, 2, half, threads);
        fft_tasks(out + half, in + 1, 2, roots, 2, half, threads);
#pragma omp taskwait
    }
    butterflies(out, half, roots, 1, threads);
}

/* The same FFT on lubdub's C library (lubdub-c): the two half-size
 * sub-FFTs go to lubdub_join, the butterflies of every level to
 * lubdub_parallel_for, which splits itself only when a thread is idle, so
 * nested butterfly loops cost what serial ones do until then. Returns
 * lubdub's status (0: LUBDUB_OK). */

struct fft_lubdub {
    const lubdub_pool *pool;
    blst_p1 *out;
    const blst_p1 *in;
    size_t stride;
    const blst_scalar *roots;
    size_t roots_stride, n;
};

struct butterfly_level {
    blst_p1 *out;
    size_t half;
    const blst_scalar *roots;
    size_t roots_stride;
};

static int butterfly_range(void *context, size_t begin, size_t end)
{
    const struct butterfly_level *level = context;
    for (size_t i = begin; i < end; i++)
        butterfly(level->out, level->half, i, &level->roots[i * level->roots_stride]);
    return 0;
}

static int fft_lubdub_task(void *context)
{
    const struct fft_lubdub *f = context;
    if (f->n == 1) {
        *f->out = *f->in;
        return 0;
    }
    size_t half = f->n / 2;
    struct fft_lubdub lo = {f->pool, f->out, f->in, f->stride * 2, f->roots, f->roots_stride * 2,
                            half};
    struct fft_lubdub hi = {f->pool,  f->out + half,         f->in + f->stride, f->stride * 2,
                            f->roots, f->roots_stride * 2, half};
    int status = lubdub_join(f->pool, fft_lubdub_task, &lo, fft_lubdub_task, &hi);
    if (status != LUBDUB_OK)
        return status;
    struct butterfly_level level = {f->out, half, f->roots, f->roots_stride};
    return lubdub_parallel_for(f->pool, 0, half, butterfly_range, &level);
}

int lubdub_bench_fft_g1_lubdub_c(blst_p1 *out, const blst_p1 *in, size_t n,
                                 const blst_scalar *roots, const lubdub_pool *pool)
{
    struct fft_lubdub top = {pool, out, in, 1, roots, 1, n};
    return lubdub_install(pool, fft_lubdub_task, &top);
}
