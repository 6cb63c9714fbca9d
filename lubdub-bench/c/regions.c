/*
 * The OpenMP variant of the regions benchmark (src/workloads/regions.rs):
 * one `parallel for` per region, static schedule, summing the same
 * per-element work as the Rust variants (regions/kernels.rs, `work`), so
 * that each call is one parallel region of a known sequential cost.
 */
#include <stddef.h>
#include <stdint.h>

/* Rounds of the mix per element; regions/kernels.rs has the same. */
#define WORK_ROUNDS 4

/* The per-element work: WORK_ROUNDS rounds of MurmurHash3's 64-bit
 * finalizer mix, as `work` in regions/kernels.rs computes it. */
static inline uint64_t work(uint64_t h)
{
    for (int r = 0; r < WORK_ROUNDS; r++) {
        h ^= h >> 33;
        h *= UINT64_C(0xff51afd7ed558ccd);
        h ^= h >> 33;
        h *= UINT64_C(0xc4ceb9fe1a85ec53);
    }
    return h ^ (h >> 33);
}

/* The sum of work(x[i]), wrapping, on a team of `threads` threads. */
uint64_t lubdub_bench_regions_loop_omp(const uint64_t *x, size_t n, int threads)
{
    uint64_t sum = 0;
#pragma omp parallel for num_threads(threads) schedule(static) reduction(+ : sum)
    for (size_t i = 0; i < n; i++)
        sum += work(x[i]);
    return sum;
}
