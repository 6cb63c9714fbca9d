/* lubdub_parallel_for and lubdub_parallel_reduce at 1, 2 and 8 threads:
 * every index visited exactly once, sub-ranges non-empty and inside the
 * range, sums equal to the sequential ones, a combine that is associative
 * but not commutative (so order matters), and an accumulator too large to
 * be held inline. */
#include <stdatomic.h>
#include <stdint.h>

#include "check.h"

struct visits {
    size_t begin, end;
    atomic_uint *count; /* count[i - begin]: visits of index i */
    atomic_long calls;
};

static int visit(void *context, size_t b, size_t e)
{
    struct visits *v = context;
    CHECK(v->begin <= b && b < e && e <= v->end);
    for (size_t i = b; i < e; i++)
        atomic_fetch_add(&v->count[i - v->begin], 1);
    atomic_fetch_add(&v->calls, 1);
    return 0;
}

static int sum_squares(void *context, size_t b, size_t e, void *acc)
{
    const uint64_t *x = context;
    uint64_t sum = *(uint64_t *)acc;
    for (size_t i = b; i < e; i++)
        sum += x[i] * x[i];
    *(uint64_t *)acc = sum;
    return 0;
}

static int add(void *context, void *left, const void *right)
{
    (void)context;
    *(uint64_t *)left += *(const uint64_t *)right;
    return 0;
}

/* A run of consecutive indexes: associative, not commutative. */
struct run {
    size_t first, end; /* [first, end); empty when first == end == SIZE_MAX */
    int broken;
};

static int extend_run(void *context, size_t b, size_t e, void *acc)
{
    (void)context;
    struct run *r = acc;
    if (r->first == SIZE_MAX)
        *r = (struct run){b, e, r->broken};
    else if (r->end == b)
        r->end = e;
    else
        r->broken = 1;
    return 0;
}

static int join_runs(void *context, void *left, const void *right)
{
    (void)context;
    struct run *l = left;
    const struct run *r = right;
    if (r->first == SIZE_MAX) {
        l->broken |= r->broken;
        return 0;
    }
    if (l->first == SIZE_MAX) {
        *l = *r;
        return 0;
    }
    l->broken |= r->broken | (l->end != r->first);
    l->end = r->end;
    return 0;
}

/* A histogram of i % 40: 320 bytes, more than an accumulator holds inline. */
struct histogram {
    uint64_t bucket[40];
};

static int count_buckets(void *context, size_t b, size_t e, void *acc)
{
    (void)context;
    struct histogram *h = acc;
    for (size_t i = b; i < e; i++)
        h->bucket[i % 40]++;
    return 0;
}

static int add_buckets(void *context, void *left, const void *right)
{
    (void)context;
    struct histogram *l = left;
    const struct histogram *r = right;
    for (int k = 0; k < 40; k++)
        l->bucket[k] += r->bucket[k];
    return 0;
}

static void check_loops(lubdub_pool *pool, size_t begin, size_t end, const uint64_t *x)
{
    size_t n = end - begin;
    struct visits v = {begin, end, calloc(n + 1, sizeof(atomic_uint)), 0};
    CHECK(v.count != NULL);
    CHECK_OK(lubdub_parallel_for(pool, begin, end, visit, &v));
    for (size_t i = 0; i < n; i++)
        CHECK(v.count[i] == 1);
    CHECK(n > 0 ? v.calls >= 1 : v.calls == 0);
    free(v.count);

    uint64_t expected = 0, sum = 0;
    for (size_t i = begin; i < end; i++)
        expected += x[i] * x[i];
    CHECK_OK(lubdub_parallel_reduce(pool, begin, end, sum_squares, add, (void *)x, &sum, &sum,
                                    sizeof sum));
    CHECK(sum == expected);

    struct run empty = {SIZE_MAX, SIZE_MAX, 0}, run;
    CHECK_OK(lubdub_parallel_reduce(pool, begin, end, extend_run, join_runs, NULL, &run, &empty,
                                    sizeof run));
    CHECK(!run.broken);
    if (n > 0)
        CHECK(run.first == begin && run.end == end);
    else
        CHECK(run.first == SIZE_MAX);

    struct histogram zero = {{0}}, h;
    CHECK_OK(lubdub_parallel_reduce(pool, begin, end, count_buckets, add_buckets, NULL, &h, &zero,
                                    sizeof h));
    uint64_t total = 0;
    for (int k = 0; k < 40; k++)
        total += h.bucket[k];
    CHECK(total == n);
    if (n >= 40)
        CHECK(h.bucket[begin % 40] >= n / 40);
}

int main(int argc, char **argv)
{
    size_t large = small_sizes(argc, argv) ? 5000 : 300000;
    uint64_t *x = malloc((large + 100) * sizeof *x);
    CHECK(x != NULL);
    for (size_t i = 0; i < large + 100; i++)
        x[i] = i % 1000;
    const size_t ranges[][2] = {{0, 0}, {5, 5}, {0, 1}, {9, 10}, {0, 7}, {3, 67}, {0, 1000},
                                {100, 100 + large}};
    for (size_t t = 0; t < N_THREAD_COUNTS; t++) {
        lubdub_pool *pool = make_pool(THREAD_COUNTS[t]);
        for (size_t r = 0; r < sizeof ranges / sizeof ranges[0]; r++)
            check_loops(pool, ranges[r][0], ranges[r][1], x);
        CHECK_OK(lubdub_pool_destroy(pool));
    }
    /* The default pool, too. */
    lubdub_pool *shared = NULL;
    CHECK_OK(lubdub_pool_default(&shared));
    check_loops(shared, 0, large, x);
    free(x);
    puts("test_for: ok");
    return 0;
}
