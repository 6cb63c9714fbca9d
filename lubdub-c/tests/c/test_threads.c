/* Several C threads calling into one pool at once (a pool of 2 and the
 * default pool), each running loops, reductions and joins and checking its
 * own results; and each thread with a pool of its own. */
#include <pthread.h>
#include <stdint.h>

#include "check.h"

#define CALLERS 4

struct caller {
    const lubdub_pool *pool;
    size_t n, rounds;
    uint64_t *out;
};

static int write_squares(void *context, size_t b, size_t e)
{
    uint64_t *out = context;
    for (size_t i = b; i < e; i++)
        out[i] = (uint64_t)i * i;
    return 0;
}

static int sum_out(void *context, size_t b, size_t e, void *acc)
{
    const uint64_t *out = context;
    for (size_t i = b; i < e; i++)
        *(uint64_t *)acc += out[i];
    return 0;
}

static int add(void *context, void *left, const void *right)
{
    (void)context;
    *(uint64_t *)left += *(const uint64_t *)right;
    return 0;
}

static int nothing(void *context)
{
    ++*(int *)context;
    return 0;
}

static void *call_in(void *context)
{
    struct caller *c = context;
    uint64_t expected = 0;
    for (size_t i = 0; i < c->n; i++)
        expected += (uint64_t)i * i;
    for (size_t round = 0; round < c->rounds; round++) {
        memset(c->out, 0, c->n * sizeof *c->out);
        CHECK_OK(lubdub_parallel_for(c->pool, 0, c->n, write_squares, c->out));
        uint64_t sum = 0;
        CHECK_OK(lubdub_parallel_reduce(c->pool, 0, c->n, sum_out, add, c->out, &sum, &sum,
                                        sizeof sum));
        CHECK(sum == expected);
        int a = 0, b = 0;
        CHECK_OK(lubdub_join(c->pool, nothing, &a, nothing, &b));
        CHECK(a == 1 && b == 1);
    }
    return NULL;
}

static void *own_pool(void *context)
{
    struct caller *c = context;
    lubdub_pool *pool = make_pool(2);
    c->pool = pool;
    call_in(c);
    CHECK_OK(lubdub_pool_destroy(pool));
    return NULL;
}

static void run_callers(const lubdub_pool *pool, size_t n, size_t rounds, void *(*start)(void *))
{
    pthread_t threads[CALLERS];
    struct caller callers[CALLERS];
    for (int k = 0; k < CALLERS; k++) {
        callers[k] = (struct caller){pool, n + (size_t)k, rounds, malloc((n + k) * sizeof(uint64_t))};
        CHECK(callers[k].out != NULL);
        CHECK(pthread_create(&threads[k], NULL, start, &callers[k]) == 0);
    }
    for (int k = 0; k < CALLERS; k++) {
        CHECK(pthread_join(threads[k], NULL) == 0);
        free(callers[k].out);
    }
}

int main(int argc, char **argv)
{
    int small = small_sizes(argc, argv);
    size_t n = small ? 3000 : 100000, rounds = small ? 5 : 40;
    lubdub_pool *pool = make_pool(2);
    run_callers(pool, n, rounds, call_in);
    CHECK_OK(lubdub_pool_destroy(pool));
    lubdub_pool *shared = NULL;
    CHECK_OK(lubdub_pool_default(&shared));
    run_callers(shared, n, rounds, call_in);
    run_callers(NULL, n, rounds, own_pool);
    puts("test_threads: ok");
    return 0;
}
