/* lubdub_scope_run: a tree of tasks, each spawning two more, counted at 1, 2
 * and 8 threads; a failing task does not stop the others. */
#include <stdatomic.h>

#include "check.h"

struct tree {
    atomic_long *count;
    int depth;
    int fail_at_leaves;
};

static int grow(lubdub_scope *scope, void *context);

/* One node: count it and spawn its two children (each its own context). */
static int grow(lubdub_scope *scope, void *context)
{
    struct tree *node = context;
    atomic_fetch_add(node->count, 1);
    if (node->depth == 0) {
        free(node);
        return 0; /* freed before returning: nothing reads it after */
    }
    for (int child = 0; child < 2; child++) {
        struct tree *next = malloc(sizeof *next);
        CHECK(next != NULL);
        *next = (struct tree){node->count, node->depth - 1, node->fail_at_leaves};
        CHECK_OK(lubdub_scope_spawn(scope, grow, next));
    }
    free(node);
    return 0;
}

static int fail_leaf(lubdub_scope *scope, void *context)
{
    (void)scope;
    atomic_fetch_add((atomic_long *)context, 1);
    return -3;
}

static int spawn_some_failing(lubdub_scope *scope, void *context)
{
    for (int i = 0; i < 10; i++)
        CHECK_OK(lubdub_scope_spawn(scope, fail_leaf, context));
    return 0;
}

int main(int argc, char **argv)
{
    int depth = small_sizes(argc, argv) ? 6 : 12;
    long expected = (1L << (depth + 1)) - 1;
    for (size_t t = 0; t < N_THREAD_COUNTS; t++) {
        lubdub_pool *pool = make_pool(THREAD_COUNTS[t]);
        atomic_long count = 0;
        struct tree *root = malloc(sizeof *root);
        CHECK(root != NULL);
        *root = (struct tree){&count, depth, 0};
        CHECK_OK(lubdub_scope_run(pool, grow, root));
        CHECK(count == expected);

        atomic_long failed = 0;
        CHECK(lubdub_scope_run(pool, spawn_some_failing, &failed) == LUBDUB_ERROR_CALLBACK);
        CHECK(failed == 10);
        CHECK(strstr(lubdub_last_error(), "a spawned task returned -3") != NULL);
        CHECK_OK(lubdub_pool_destroy(pool));
    }
    puts("test_scope: ok");
    return 0;
}
