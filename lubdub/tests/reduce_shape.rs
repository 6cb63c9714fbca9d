//! Reductions join their chunks' results as a balanced tree
//! (`iter/plumbing/chunk_results.rs`): a join whose cost grows with its
//! operands (here a concatenation into a new vector, which copies both)
//! then costs about `n log n` in all, where a piece folded left to right
//! would cost about `n²/2`.

mod common;

use std::sync::atomic::{AtomicUsize, Ordering};

use lubdub::prelude::*;

/// Elements copied by `reduce_with` of `n` one-element vectors, each join
/// a new vector holding both operands, and the result.
fn copies_of_concatenation(pool: &lubdub::ThreadPool, n: u32) -> (usize, Vec<u32>) {
    let copied = AtomicUsize::new(0);
    let joined = pool.install(|| {
        (0..n)
            .into_par_iter()
            .map(|i| vec![i])
            .reduce_with(|a, b| {
                copied.fetch_add(a.len() + b.len(), Ordering::Relaxed);
                let mut both = Vec::with_capacity(a.len() + b.len());
                both.extend_from_slice(&a);
                both.extend_from_slice(&b);
                both
            })
            .unwrap()
    });
    (copied.into_inner(), joined)
}

#[test]
#[cfg_attr(miri, ignore = "a 32,768-item reduction")]
fn a_reduction_joins_results_of_about_the_same_size() {
    let n = 1u32 << 15;
    for threads in [2, 3] {
        let pool = common::pool(threads, lubdub::DEFAULT_HEARTBEAT);
        let (copied, joined) = copies_of_concatenation(&pool, n);
        assert!(
            joined.iter().copied().eq(0..n),
            "{threads} threads: out of order"
        );
        // Within a chunk (at most 2,048 items) items are folded left to
        // right; above the chunks, each item is copied once per level of
        // the tree. A left-to-right fold of whole pieces copies n²/4 or
        // more elements on these pools.
        let n = n as usize;
        let bound = n * 2048 / 2 + n * (n.ilog2() as usize + 2);
        assert!(
            copied <= bound.min(n * n / 8),
            "{threads} threads: {copied} elements copied for {n} items"
        );
    }
}
