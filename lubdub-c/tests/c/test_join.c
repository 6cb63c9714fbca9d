/* lubdub_join: a recursive Fibonacci of joins at 1, 2 and 8 threads, and a
 * failing task (both tasks still run, the call reports the failure). */
#include <stdatomic.h>

#include "check.h"

struct fib {
    const lubdub_pool *pool;
    unsigned n;
    unsigned long result;
};

static int fib_task(void *context)
{
    struct fib *f = context;
    if (f->n < 2) {
        f->result = f->n;
        return 0;
    }
    struct fib a = {f->pool, f->n - 1, 0}, b = {f->pool, f->n - 2, 0};
    if (lubdub_join(f->pool, fib_task, &a, fib_task, &b) != LUBDUB_OK)
        return 1;
    f->result = a.result + b.result;
    return 0;
}

static int fails(void *context)
{
    atomic_fetch_add((atomic_int *)context, 1);
    return 7;
}

static int succeeds(void *context)
{
    atomic_fetch_add((atomic_int *)context, 1);
    return 0;
}

int main(int argc, char **argv)
{
    unsigned n = small_sizes(argc, argv) ? 12 : 22;
    unsigned long expected[32] = {0, 1};
    for (unsigned i = 2; i <= n; i++)
        expected[i] = expected[i - 1] + expected[i - 2];
    for (size_t t = 0; t < N_THREAD_COUNTS; t++) {
        lubdub_pool *pool = make_pool(THREAD_COUNTS[t]);
        struct fib f = {pool, n, 0};
        CHECK_OK(lubdub_install(pool, fib_task, &f));
        CHECK(f.result == expected[n]);
        /* From outside the pool, too: the top join enters it. */
        f.result = 0;
        CHECK(fib_task(&f) == 0);
        CHECK(f.result == expected[n]);

        atomic_int ran = 0;
        CHECK(lubdub_join(pool, succeeds, &ran, fails, &ran) == LUBDUB_ERROR_CALLBACK);
        CHECK(ran == 2);
        CHECK(strstr(lubdub_last_error(), "task b returned 7") != NULL);
        CHECK(lubdub_join(pool, fails, &ran, succeeds, &ran) == LUBDUB_ERROR_CALLBACK);
        CHECK(ran == 4);
        CHECK(strstr(lubdub_last_error(), "task a returned 7") != NULL);
        CHECK_OK(lubdub_pool_destroy(pool));
    }
    puts("test_join: ok");
    return 0;
}
