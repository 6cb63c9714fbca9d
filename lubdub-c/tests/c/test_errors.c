/* Bad arguments are refused with a status and a message, never a crash:
 * NULL pointers, a reversed range, a zero-size accumulator, too many
 * threads, the default pool or a busy pool destroyed; a failing body stops
 * its loop early and leaves the result alone; and the profile as text. */
#include <stdatomic.h>
#include <stdint.h>

#include "check.h"

static int ok_task(void *context)
{
    (void)context;
    return 0;
}

static int ok_range(void *context, size_t b, size_t e)
{
    (void)context, (void)b, (void)e;
    return 0;
}

static int ok_fold(void *context, size_t b, size_t e, void *acc)
{
    (void)context, (void)b, (void)e, (void)acc;
    return 0;
}

static int ok_combine(void *context, void *left, const void *right)
{
    (void)context, (void)left, (void)right;
    return 0;
}

static int ok_scope(lubdub_scope *scope, void *context)
{
    (void)scope, (void)context;
    return 0;
}

static int failing_range(void *context, size_t b, size_t e)
{
    (void)b, (void)e;
    atomic_fetch_add((atomic_long *)context, 1);
    return 42;
}

static int failing_fold(void *context, size_t b, size_t e, void *acc)
{
    (void)context, (void)b, (void)e;
    *(uint64_t *)acc = 99;
    return 5;
}

static int destroy_own_pool(void *context)
{
    lubdub_status status = lubdub_pool_destroy(context);
    return status == LUBDUB_ERROR_INVALID_ARGUMENT ? 0 : 1;
}

static int spawn_null(lubdub_scope *scope, void *context)
{
    (void)context;
    return lubdub_scope_spawn(scope, NULL, NULL) == LUBDUB_ERROR_NULL_POINTER ? 0 : 1;
}

#define CHECK_STATUS(call, status, text)                                                   \
    do {                                                                                   \
        CHECK((call) == (status));                                                         \
        CHECK(strstr(lubdub_last_error(), (text)) != NULL);                                \
    } while (0)

int main(void)
{
    lubdub_pool *pool = make_pool(2);
    uint64_t value = 0;

    CHECK_STATUS(lubdub_pool_create(2, NULL), LUBDUB_ERROR_NULL_POINTER,
                 "lubdub_pool_create: `pool_out` is NULL");
    lubdub_pool *none = (lubdub_pool *)&value;
    CHECK_STATUS(lubdub_pool_create(100000, &none), LUBDUB_ERROR_POOL_BUILD, "lubdub_pool_create");
    CHECK(none == NULL);
    CHECK_STATUS(lubdub_pool_default(NULL), LUBDUB_ERROR_NULL_POINTER, "pool_out");
    CHECK_STATUS(lubdub_pool_destroy(NULL), LUBDUB_ERROR_NULL_POINTER, "`pool` is NULL");
    CHECK_STATUS(lubdub_pool_num_threads(NULL, NULL), LUBDUB_ERROR_NULL_POINTER, "pool");
    CHECK_STATUS(lubdub_pool_num_threads(pool, NULL), LUBDUB_ERROR_NULL_POINTER,
                 "num_threads_out");

    CHECK_STATUS(lubdub_install(NULL, ok_task, NULL), LUBDUB_ERROR_NULL_POINTER, "pool");
    CHECK_STATUS(lubdub_install(pool, NULL, NULL), LUBDUB_ERROR_NULL_POINTER, "`task` is NULL");
    CHECK_STATUS(lubdub_join(NULL, ok_task, NULL, ok_task, NULL), LUBDUB_ERROR_NULL_POINTER,
                 "pool");
    CHECK_STATUS(lubdub_join(pool, NULL, NULL, ok_task, NULL), LUBDUB_ERROR_NULL_POINTER,
                 "`a` is NULL");
    CHECK_STATUS(lubdub_join(pool, ok_task, NULL, NULL, NULL), LUBDUB_ERROR_NULL_POINTER,
                 "`b` is NULL");
    CHECK_STATUS(lubdub_scope_run(pool, NULL, NULL), LUBDUB_ERROR_NULL_POINTER, "`body` is NULL");
    CHECK_STATUS(lubdub_scope_run(NULL, ok_scope, NULL), LUBDUB_ERROR_NULL_POINTER, "pool");
    CHECK_STATUS(lubdub_scope_spawn(NULL, ok_scope, NULL), LUBDUB_ERROR_NULL_POINTER, "scope");
    CHECK_OK(lubdub_scope_run(pool, spawn_null, NULL));

    CHECK_STATUS(lubdub_parallel_for(NULL, 0, 10, ok_range, NULL), LUBDUB_ERROR_NULL_POINTER,
                 "pool");
    CHECK_STATUS(lubdub_parallel_for(pool, 0, 10, NULL, NULL), LUBDUB_ERROR_NULL_POINTER, "body");
    CHECK_STATUS(lubdub_parallel_for(pool, 10, 3, ok_range, NULL), LUBDUB_ERROR_INVALID_ARGUMENT,
                 "the range's begin (10) is after its end (3)");
    CHECK_OK(lubdub_parallel_for(pool, 10, 10, failing_range, NULL)); /* empty: no call */
    CHECK_OK(lubdub_parallel_for(pool, SIZE_MAX, SIZE_MAX, failing_range, NULL));

    uint64_t zero = 0;
    CHECK_STATUS(lubdub_parallel_reduce(pool, 0, 9, ok_fold, ok_combine, NULL, NULL, &zero, 8),
                 LUBDUB_ERROR_NULL_POINTER, "`result` is NULL");
    CHECK_STATUS(lubdub_parallel_reduce(pool, 0, 9, ok_fold, ok_combine, NULL, &value, NULL, 8),
                 LUBDUB_ERROR_NULL_POINTER, "`identity` is NULL");
    CHECK_STATUS(lubdub_parallel_reduce(pool, 0, 9, NULL, ok_combine, NULL, &value, &zero, 8),
                 LUBDUB_ERROR_NULL_POINTER, "`body` is NULL");
    CHECK_STATUS(lubdub_parallel_reduce(pool, 0, 9, ok_fold, NULL, NULL, &value, &zero, 8),
                 LUBDUB_ERROR_NULL_POINTER, "`combine` is NULL");
    CHECK_STATUS(lubdub_parallel_reduce(pool, 0, 9, ok_fold, ok_combine, NULL, &value, &zero, 0),
                 LUBDUB_ERROR_INVALID_ARGUMENT, "size is 0");
    CHECK_STATUS(lubdub_parallel_reduce(pool, 9, 0, ok_fold, ok_combine, NULL, &value, &zero, 8),
                 LUBDUB_ERROR_INVALID_ARGUMENT, "after its end");
    value = 7;
    CHECK_OK(lubdub_parallel_reduce(pool, 4, 4, failing_fold, ok_combine, NULL, &value, &zero, 8));
    CHECK(value == 0); /* an empty range gives the identity */

    /* A failing body: the call fails, names the body, its first sub-range
     * (whose length is lubdub's choice) and its value, stops the loop early
     * (one thread: at the first sub-range), and leaves the result as it
     * was. */
    lubdub_pool *one = make_pool(1);
    atomic_long calls = 0;
    CHECK_STATUS(lubdub_parallel_for(one, 0, 1000000, failing_range, &calls),
                 LUBDUB_ERROR_CALLBACK, "lubdub_parallel_for: the body on [0, ");
    CHECK(strstr(lubdub_last_error(), ") returned 42") != NULL);
    CHECK(calls == 1);
    calls = 0;
    CHECK(lubdub_parallel_for(pool, 0, 1000000, failing_range, &calls) == LUBDUB_ERROR_CALLBACK);
    CHECK(calls >= 1 && calls < 100);
    value = 1;
    CHECK_STATUS(lubdub_parallel_reduce(pool, 0, 100, failing_fold, ok_combine, NULL, &value,
                                        &zero, 8),
                 LUBDUB_ERROR_CALLBACK, "returned 5");
    CHECK(value == 1);
    CHECK_OK(lubdub_pool_destroy(one));

    /* Pools that must not be destroyed. */
    lubdub_pool *shared = NULL;
    CHECK_OK(lubdub_pool_default(&shared));
    CHECK_STATUS(lubdub_pool_destroy(shared), LUBDUB_ERROR_INVALID_ARGUMENT,
                 "the default pool cannot be destroyed");
    CHECK_OK(lubdub_install(pool, destroy_own_pool, pool));

    /* Status texts. */
    CHECK(strcmp(lubdub_status_message(LUBDUB_OK), "success") == 0);
    CHECK(strcmp(lubdub_status_message(LUBDUB_ERROR_CALLBACK), "a callback returned nonzero") == 0);
    CHECK(strcmp(lubdub_status_message(12345), "an unknown status") == 0);

    /* The profile, as text: its length first, then the text; cut to fit. */
    size_t length = 0;
    CHECK_OK(lubdub_pool_profile(pool, NULL, 0, &length));
    CHECK(length > 0);
    char *text = malloc(length + 1);
    CHECK(text != NULL);
    CHECK_OK(lubdub_pool_profile(pool, text, length + 1, NULL));
    CHECK(strncmp(text, "2 workers", 9) == 0);
    char cut[10];
    size_t whole = 0;
    CHECK_OK(lubdub_pool_profile(pool, cut, sizeof cut, &whole));
    CHECK(strlen(cut) == sizeof cut - 1 && whole >= sizeof cut);
    CHECK_STATUS(lubdub_pool_profile(pool, NULL, 5, NULL), LUBDUB_ERROR_NULL_POINTER, "buffer");
    CHECK_STATUS(lubdub_pool_profile(NULL, text, length + 1, NULL), LUBDUB_ERROR_NULL_POINTER,
                 "pool");
    free(text);

    CHECK_OK(lubdub_pool_destroy(pool));
    puts("test_errors: ok");
    return 0;
}
