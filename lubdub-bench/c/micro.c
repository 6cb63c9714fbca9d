/*
 * OpenMP variants of the micro-benchmarks (src/workloads/micro.rs).
 */
#include <stdint.h>

/* fib(n) built of forks: one task per call with n >= 2, as `join` is used in
 * the Rust variants. */
static int64_t fib_tasks(int64_t n)
{
    if (n < 2)
        return n;
    int64_t a = 0;
    int64_t b = 0;
#pragma omp task shared(a)
    a = fib_tasks(n - 1);
    b = fib_tasks(n - 2);
#pragma omp taskwait
    return a + b;
}

/* fib(n) on a team of `threads` threads, the calling thread included. */
int64_t lubdub_bench_fib_omp(int64_t n, int threads)
{
    int64_t result = 0;
#pragma omp parallel num_threads(threads) shared(result)
#pragma omp single
    result = fib_tasks(n);
    return result;
}

/* An empty parallel region on a team of `threads` threads: the cost of
 * calling into the OpenMP runtime from outside. The counter keeps the region
 * from being anything a compiler could drop, and lets the caller check that
 * every thread of the team ran it. */
int lubdub_bench_empty_region_omp(int threads)
{
    int ran = 0;
#pragma omp parallel num_threads(threads) shared(ran)
    {
#pragma omp atomic
        ran++;
    }
    return ran;
}
