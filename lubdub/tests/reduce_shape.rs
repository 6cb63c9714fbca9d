//! The shape of a reduction's joins (`iter/plumbing/doubling_folders.rs`):
//! a piece's folders double and are joined as they close, so a join whose
//! cost grows with its operands (an append) copies each item about once;
//! where folding itself grows with the folder (a concatenation into a new
//! vector, which copies both operands) the piece measures it and joins a
//! folder per chunk as a balanced tree, about `n log n` in all, where a
//! piece folded left to right would cost about `n²/2`.
//!
//! Which shape a piece takes is measured with the clock, so a machine
//! busy at the wrong moment can make one piece choose the other: each
//! tight bound must hold in one of three tries, and the loose bound (no
//! worse than doubling folders) in every try.

mod common;

use std::sync::atomic::{AtomicUsize, Ordering};

use lubdub::prelude::*;

/// The pools the shapes are checked on.
fn pools() -> Vec<lubdub::ThreadPool> {
    [2, 3]
        .map(|threads| common::pool(threads, lubdub::DEFAULT_HEARTBEAT))
        .into()
}

/// Runs `attempt` (which returns the elements copied, after checking its
/// result) up to three times on `pool`, until it copies at most `tight`
/// elements; each attempt must copy at most `loose`.
fn copies_within(
    pool: &lubdub::ThreadPool,
    tight: usize,
    loose: usize,
    attempt: impl Fn() -> usize + Sync,
) {
    let threads = pool.current_num_threads();
    let mut tries = Vec::new();
    for _ in 0..3 {
        let copied = pool.install(&attempt);
        assert!(
            copied <= loose,
            "{threads} threads: {copied} elements copied (at most {loose})"
        );
        tries.push(copied);
        if copied <= tight {
            return;
        }
    }
    panic!("{threads} threads: {tries:?} elements copied, never at most {tight}");
}

#[test]
#[cfg_attr(miri, ignore = "a 32,768-item reduction")]
fn a_fold_that_grows_with_its_folder_joins_as_a_balanced_tree() {
    let n = 1u32 << 15;
    // Within a chunk (at most 2,048 items) items are folded left to right;
    // above the chunks, each item is copied once per level of the tree.
    // Doubling folders copy up to about n²/11 elements on these pools, a
    // left-to-right fold of whole pieces n²/4 or more.
    let items = n as usize;
    let tight = items * 2048 / 2 + items * (items.ilog2() as usize + 2);
    let loose = items * items / 8;
    for pool in pools() {
        copies_within(&pool, tight, loose, || {
            let copied = AtomicUsize::new(0);
            let joined = (0..n)
                .into_par_iter()
                .map(|i| vec![i])
                .reduce_with(|a, b| {
                    copied.fetch_add(a.len() + b.len(), Ordering::Relaxed);
                    let mut both = Vec::with_capacity(a.len() + b.len());
                    both.extend_from_slice(&a);
                    both.extend_from_slice(&b);
                    both
                })
                .unwrap();
            assert!(joined.iter().copied().eq(0..n), "out of order");
            copied.into_inner()
        });
    }
}

#[test]
#[cfg_attr(miri, ignore = "a 1,048,576-item reduction")]
fn appends_copy_each_item_about_once() {
    let n = 1u32 << 20;
    let items = n as usize;
    // Folders that double copy each item about once in their joins. A
    // folder per chunk joined as a tree would copy each item once per
    // level above the chunks, about 4.5n here. The heartbeat is off: each
    // promotion's cut adds a level of joins above the pieces, which no
    // sink can save (a debug build's loop takes a few hundred beats).
    let (tight, loose) = (2 * items, items * (items.ilog2() as usize));
    let pool = common::pool(2, std::time::Duration::MAX);
    copies_within(&pool, tight, loose, || {
        let copied = AtomicUsize::new(0);
        let joined = (0..n)
            .into_par_iter()
            .fold(Vec::new, |mut v, i| {
                v.push(i);
                v
            })
            .reduce(Vec::new, |mut a, mut b| {
                copied.fetch_add(b.len(), Ordering::Relaxed);
                a.append(&mut b);
                a
            });
        assert!(joined.iter().copied().eq(0..n), "out of order");
        copied.into_inner()
    });
}
