/* Nesting: a parallel for whose body joins two parallel fors, each of
 * which reduces, at 1, 2 and 8 threads; all on one pool, from outside it
 * and from inside lubdub_install. */
#include <stdint.h>

#include "check.h"

struct job {
    const lubdub_pool *pool;
    size_t inner;      /* length of each inner loop */
    uint64_t *results; /* one per outer index */
};

struct half {
    const lubdub_pool *pool;
    size_t begin, end;
    uint64_t sum;
};

static int add_indexes(void *context, size_t b, size_t e, void *acc)
{
    (void)context;
    for (size_t i = b; i < e; i++)
        *(uint64_t *)acc += i;
    return 0;
}

static int add(void *context, void *left, const void *right)
{
    (void)context;
    *(uint64_t *)left += *(const uint64_t *)right;
    return 0;
}

static int sum_half(void *context)
{
    struct half *h = context;
    uint64_t zero = 0;
    return lubdub_parallel_reduce(h->pool, h->begin, h->end, add_indexes, add, NULL, &h->sum,
                                  &zero, sizeof zero) == LUBDUB_OK
               ? 0
               : 1;
}

static int outer_body(void *context, size_t b, size_t e)
{
    struct job *job = context;
    for (size_t i = b; i < e; i++) {
        struct half lo = {job->pool, 0, job->inner / 2, 0};
        struct half hi = {job->pool, job->inner / 2, job->inner + i, 0};
        if (lubdub_join(job->pool, sum_half, &lo, sum_half, &hi) != LUBDUB_OK)
            return 1;
        job->results[i] = lo.sum + hi.sum;
    }
    return 0;
}

static int run_outer(void *context)
{
    struct job *job = context;
    return lubdub_parallel_for(job->pool, 0, 64, outer_body, job) == LUBDUB_OK ? 0 : 1;
}

static void check_results(const struct job *job)
{
    for (size_t i = 0; i < 64; i++) {
        uint64_t n = job->inner + i;
        CHECK(job->results[i] == n * (n - 1) / 2);
    }
}

int main(int argc, char **argv)
{
    size_t inner = small_sizes(argc, argv) ? 500 : 20000;
    uint64_t results[64];
    for (size_t t = 0; t < N_THREAD_COUNTS; t++) {
        lubdub_pool *pool = make_pool(THREAD_COUNTS[t]);
        struct job job = {pool, inner, results};
        memset(results, 0, sizeof results);
        CHECK(run_outer(&job) == 0);
        check_results(&job);
        memset(results, 0, sizeof results);
        CHECK_OK(lubdub_install(pool, run_outer, &job));
        check_results(&job);
        CHECK_OK(lubdub_pool_destroy(pool));
    }
    puts("test_nested: ok");
    return 0;
}
