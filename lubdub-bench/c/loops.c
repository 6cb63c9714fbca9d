/*
 * OpenMP variants of the loop benchmarks (src/workloads/loops.rs): one
 * `parallel for` per loop, static schedule, as a C programmer writes it.
 * The Rust side owns every buffer; the C side only reads its inputs and
 * writes its output buffer.
 */
#include <stddef.h>
#include <stdint.h>

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
