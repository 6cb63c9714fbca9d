/*
 * The OpenMP variant of fft_g1, after the seed's C team (ckzg): the two
 * half-size sub-FFTs as OpenMP tasks joined by `taskwait` (the seed used
 * `parallel sections`; tasks are how OpenMP expresses a recursive fork), and
 * the butterfly loop as `omp parallel for`.
 *
 * The arithmetic is blst's, the same library instance the Rust variants call:
 * this object only declares the blst symbols, and they resolve against the
 * static library the `blst` crate builds (see build.rs).
 */
#include <stddef.h>
#include <omp.h>

#include "blst.h"

/* The bits of a scalar blst_p1_mult reads: r < 2^255. */
#define SCALAR_BITS 255

/* The butterflies of one level: y = out[i + half] * root; out[i + half] =
 * out[i] - y; out[i] += y. Called at the top level (outside any parallel
 * region) the loop is shared by a team of `threads`; inside the task region
 * the `if` clause gives the nested region a team of one, which is what the
 * seed's nested `parallel for` got under OpenMP's default of one active
 * level, so its tasks run their butterflies serially. */
static void butterflies(blst_p1 *out, size_t half, const blst_scalar *roots,
                        size_t roots_stride, int threads)
{
#pragma omp parallel for num_threads(threads) if (!omp_in_parallel())
    for (size_t i = 0; i < half; i++) {
        blst_p1 y_times_root;
        blst_p1_mult(&y_times_root, &out[i + half], roots[i * roots_stride].b, SCALAR_BITS);
        blst_p1 negated = y_times_root;
        blst_p1_cneg(&negated, 1);
        blst_p1_add_or_double(&out[i + half], &out[i], &negated);
        blst_p1_add_or_double(&out[i], &out[i], &y_times_root);
    }
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
