/*
 * The OpenMP variant of the tree sum: one `#pragma omp task` per node, the
 * counterpart of one `join` per node in the Rust variants.
 *
 * It walks the tree the Rust side built: `struct node` has the layout of the
 * `#[repr(C)]` Rust `Node` in src/workloads/tree.rs (an `Option<Box<Node>>`
 * is a nullable pointer). The tree is only read here.
 */
#include <stdint.h>

struct node {
    int64_t value;
    const struct node *left;
    const struct node *right;
};

/* The left child's sum is a task another thread may take; the right child's
 * runs inline; `taskwait` joins them. A missing child costs its task all the
 * same, as a `join` of an empty closure does in Rust. */
static int64_t sum_tasks(const struct node *n)
{
    int64_t left = 0;
    int64_t right = 0;
#pragma omp task shared(left)
    left = n->left ? sum_tasks(n->left) : 0;
    right = n->right ? sum_tasks(n->right) : 0;
#pragma omp taskwait
    return n->value + left + right;
}

/* The sum of the tree under `root`, on a team of `threads` threads. The
 * calling thread is one of them (OpenMP's master thread). */
int64_t lubdub_bench_treesum_omp(const struct node *root, int threads)
{
    int64_t result = 0;
#pragma omp parallel num_threads(threads) shared(result)
#pragma omp single
    result = sum_tasks(root);
    return result;
}
