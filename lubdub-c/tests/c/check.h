/*
 * What the C tests share: CHECK, which stops the program with the failed
 * condition's text and line, a pool of a given size, and the thread counts
 * every result is checked at. Each test takes an optional argument,
 * "small", for the smaller sizes that the run under Valgrind uses.
 */
#ifndef LUBDUB_C_TESTS_CHECK_H
#define LUBDUB_C_TESTS_CHECK_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lubdub.h"

#define CHECK(cond)                                                                   \
    do {                                                                              \
        if (!(cond)) {                                                                \
            fprintf(stderr, "%s:%d: CHECK(%s) failed; last error: %s\n", __FILE__,    \
                    __LINE__, #cond, lubdub_last_error());                            \
            exit(1);                                                                  \
        }                                                                             \
    } while (0)

#define CHECK_OK(call) CHECK((call) == LUBDUB_OK)

static const size_t THREAD_COUNTS[] = {1, 2, 8};
#define N_THREAD_COUNTS (sizeof THREAD_COUNTS / sizeof THREAD_COUNTS[0])

static inline lubdub_pool *make_pool(size_t threads)
{
    lubdub_pool *pool = NULL;
    CHECK_OK(lubdub_pool_create(threads, &pool));
    CHECK(pool != NULL);
    size_t actual = 0;
    CHECK_OK(lubdub_pool_num_threads(pool, &actual));
    CHECK(actual == threads);
    return pool;
}

/* True when the program was asked for small sizes ("small"). */
static inline int small_sizes(int argc, char **argv)
{
    return argc > 1 && strcmp(argv[1], "small") == 0;
}

#endif
