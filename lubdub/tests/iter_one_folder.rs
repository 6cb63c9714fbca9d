//! The one-folder bridge (`iter/plumbing/one_folder.rs`): an indexed loop
//! into a consumer that needs no positions folds each piece into one folder
//! and cuts the consumer only where a heartbeat splits the loop.
//!
//! Folders are counted through what each one makes (a `fold` accumulator, a
//! `map_init` state): exactly two on one thread (a one-seat pool folds a
//! loop as its two halves, as Rayon's bridge does on one thread), and at most
//! one more per split elsewhere (each split is one promotion in the pool's
//! profile).
//! Results are checked against `std::iter` on pools of 1, 2 and 8 threads
//! with a heartbeat at every poll (a loop splits whenever a thread is idle)
//! and the default one, for consumers with and without positions.

mod common;

use std::cell::Cell;
use std::rc::Rc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use lubdub::prelude::*;
use lubdub::profile::Event;
use lubdub::ThreadPool;
use proptest::prelude::*;

/// `op`'s result on `pool`, and how many loop splits (promotions) it made.
fn with_splits<R: Send>(pool: &ThreadPool, op: impl FnOnce() -> R + Send) -> (R, u64) {
    let before = pool.profile();
    let result = pool.install(op);
    let splits = pool
        .profile()
        .since(&before)
        .total()
        .count(Event::Promotion);
    (result, splits)
}

/// Checks that a loop of two items or more made `folders` folders: one per
/// half on one thread, at most one per piece (one more per split) on more.
fn assert_one_per_piece(what: &str, threads: usize, folders: usize, splits: u64) {
    if threads == 1 {
        assert_eq!(folders, 2, "{what} on one thread");
    } else {
        assert!(
            folders as u64 <= 1 + splits,
            "{what}: {folders} folders for {splits} splits on {threads} threads"
        );
    }
}

fn push(mut acc: Vec<u32>, x: u32) -> Vec<u32> {
    acc.push(x);
    acc
}

#[test]
fn fold_makes_one_accumulator_per_piece() {
    let n = common::scaled(100_000, 2_000) as u32;
    for pool in common::loop_pools() {
        let threads = pool.current_num_threads();
        let (count, splits) = with_splits(&pool, || {
            (0..n).into_par_iter().fold(Vec::new, push).count()
        });
        assert_one_per_piece("fold().count()", threads, count, splits);
        let (accumulators, splits) = with_splits(&pool, || {
            (0..n)
                .into_par_iter()
                .fold(Vec::new, push)
                .collect::<Vec<_>>()
        });
        assert_one_per_piece("fold().collect()", threads, accumulators.len(), splits);
        assert!(accumulators.iter().all(|acc| !acc.is_empty()));
        assert!(accumulators.concat().into_iter().eq(0..n), "in order");
    }
}

#[test]
fn with_max_len_bounds_what_one_folder_takes() {
    let n = common::scaled(10_000, 500) as u32;
    for pool in common::loop_pools() {
        for max in [1, 3, 100] {
            let accumulators: Vec<Vec<u32>> = pool.install(|| {
                (0..n)
                    .into_par_iter()
                    .with_max_len(max)
                    .fold(Vec::new, push)
                    .collect()
            });
            assert!(accumulators.iter().all(|acc| acc.len() <= max), "max {max}");
            assert!(accumulators.concat().into_iter().eq(0..n));
        }
    }
}

#[test]
fn a_search_after_a_fold_still_stops_the_loop_early() {
    // `fold` hands an accumulator on only when its folder completes; before
    // a consumer that can stop the loop it keeps a folder per chunk, so the
    // search sees the first accumulator long before the loop's end.
    let n = common::scaled(100_000, 2_000);
    for pool in common::loop_pools() {
        let visited = AtomicUsize::new(0);
        let visit = |x: usize| {
            visited.fetch_add(1, Ordering::Relaxed);
            x
        };
        let found = pool.install(|| {
            (0..n)
                .into_par_iter()
                .map(visit)
                .fold(|| 0, |a, x| a + x)
                .find_any(|_| true)
        });
        assert!(found.is_some());
        assert!(
            visited.swap(0, Ordering::Relaxed) < n,
            "find_any after fold"
        );
        let failed: Result<(), usize> = pool.install(|| {
            (0..n)
                .into_par_iter()
                .map(visit)
                .fold(|| 0, |a, x| a + x)
                .try_for_each(Err)
        });
        assert!(failed.is_err());
        assert!(visited.into_inner() < n, "try_for_each after fold");
    }
}

#[test]
fn map_init_and_for_each_init_make_one_state_per_piece() {
    let n = common::scaled(100_000, 2_000) as u32;
    for pool in common::loop_pools() {
        let threads = pool.current_num_threads();
        let inits = AtomicUsize::new(0);
        let init = || inits.fetch_add(1, Ordering::Relaxed);
        let (sum, splits) = with_splits(&pool, || {
            (0..n)
                .into_par_iter()
                .map_init(init, |_, x| u64::from(x))
                .sum::<u64>()
        });
        assert_eq!(sum, (0..u64::from(n)).sum());
        assert_one_per_piece(
            "map_init",
            threads,
            inits.swap(0, Ordering::Relaxed),
            splits,
        );
        let seen = AtomicUsize::new(0);
        let ((), splits) = with_splits(&pool, || {
            let v: Vec<u32> = (0..n).collect();
            v.par_iter().for_each_init(init, |_, _| {
                seen.fetch_add(1, Ordering::Relaxed);
            });
        });
        assert_eq!(seen.into_inner(), n as usize);
        assert_one_per_piece("for_each_init", threads, inits.into_inner(), splits);
    }
}

#[test]
fn each_inner_loop_of_a_flat_map_is_two_folders_on_one_thread() {
    let pool = common::pool(1, Duration::ZERO);
    let v: Vec<u32> = (0..common::scaled(64 * 100, 64 * 4) as u32).collect();
    let accumulators = pool.install(|| {
        v.par_chunks(64)
            .flat_map(|chunk| chunk.par_iter().copied().fold(Vec::new, push))
            .collect::<Vec<_>>()
    });
    // One per half of each 64-item inner loop.
    assert_eq!(accumulators.len(), 2 * (v.len() / 64));
    assert_eq!(accumulators.concat(), v);
}

#[test]
fn a_state_that_is_not_send_stays_with_its_piece() {
    for pool in common::loop_pools() {
        let sum: u64 = pool.install(|| {
            (0..10_000u32)
                .into_par_iter()
                .map_init(
                    || Rc::new(Cell::new(0u64)),
                    |calls, x| {
                        calls.set(calls.get() + 1);
                        u64::from(x)
                    },
                )
                .sum()
        });
        assert_eq!(sum, (0..10_000u64).sum());
    }
}

/// Empty, one item, lengths around the chunk sizes, and a long one.
fn values() -> impl Strategy<Value = Vec<u32>> {
    let len = prop_oneof![
        Just(0usize),
        Just(1usize),
        0..300usize,
        Just(common::scaled(20_000, 300))
    ];
    len.prop_flat_map(|n| proptest::collection::vec(0..1000u32, n))
}

proptest! {
    #![proptest_config(common::cases(12, 2))]

    #[test]
    fn position_free_consumers_match_sequential(v in values()) {
        let total: u64 = v.iter().map(|&x| u64::from(x)).sum();
        let text: String = v.iter().map(|x| format!("{x},")).collect();
        let odd: Vec<u32> = v.iter().copied().filter(|x| x % 2 == 1).collect();
        let with_zeros: Vec<u32> = v.iter().flat_map(|&x| [x, 0]).take((2 * v.len()).saturating_sub(1)).collect();
        for pool in common::loop_pools() {
            pool.install(|| {
                let par = || v.par_iter().copied();
                assert_eq!(par().map(u64::from).sum::<u64>(), total);
                assert_eq!(par().with_max_len(1).map(u64::from).sum::<u64>(), total);
                // Order kept through the reductions: concatenation is not commutative.
                let concat = |a: String, b: String| a + &b;
                assert_eq!(par().map(|x| format!("{x},")).reduce(String::new, concat), text);
                let folded = par().fold(String::new, |s, x| s + &format!("{x},"));
                assert_eq!(folded.reduce(String::new, concat), text);
                let pieces = par().map_init(Vec::new, |seen: &mut Vec<u32>, x| {
                    seen.push(x);
                    format!("{x},")
                });
                assert_eq!(pieces.collect::<String>(), text);
                assert_eq!(par().filter(|x| x % 2 == 1).collect::<Vec<_>>(), odd);
                // An empty vector becomes the first piece; one with room, or
                // with items, takes the pieces' items after its own.
                let mut grown = Vec::new();
                grown.par_extend(par().filter(|x| x % 2 == 1));
                grown.par_extend(par().filter(|x| x % 2 == 1));
                assert_eq!(grown, [odd.as_slice(), &odd].concat());
                let mut roomy = Vec::with_capacity(3);
                roomy.par_extend(par().filter(|x| x % 2 == 1));
                assert_eq!(roomy, odd);
                let flat: Vec<u32> = v.par_chunks(7).flat_map(|c| c.par_iter().copied().filter(|x| x % 2 == 1)).collect();
                assert_eq!(flat, odd);
                // An indexed intersperse into a consumer without positions.
                let interspersed = par().intersperse(0).fold(Vec::new, push).reduce(Vec::new, |mut a, mut b| {
                    a.append(&mut b);
                    a
                });
                assert_eq!(interspersed, with_zeros);
                let chained = par().chain(par()).intersperse(0).fold(Vec::new, push).collect::<Vec<_>>().concat();
                let both: Vec<u32> = v.iter().chain(&v).flat_map(|&x| [x, 0]).take((4 * v.len()).saturating_sub(1)).collect();
                assert_eq!(chained, both);
                let (even, odd_part): (Vec<u32>, Vec<u32>) = par().partition(|x| x % 2 == 0);
                assert_eq!(odd_part, odd);
                assert_eq!(even.len() + odd.len(), v.len());
                let checked: Option<u64> = par().map(u64::from).try_fold(|| 0u64, |a, x| a.checked_add(x)).try_reduce(|| 0, |a, b| a.checked_add(b));
                assert_eq!(checked, Some(total));
                let failed = par().try_for_each(|x| if x == 999 { Err(x) } else { Ok(()) });
                assert_eq!(failed.is_err(), v.contains(&999));
                assert_eq!(par().any(|x| x == 500), v.contains(&500));
                assert!(par().all(|x| x < 1000));
                assert_eq!(par().take_any(5).count(), v.len().min(5));
                let until_999 = par().map(|x| (x != 999).then_some(x)).while_some().count();
                assert_eq!(until_999 == v.len(), !v.contains(&999));
                assert_eq!(par().enumerate().map(|(i, x)| i as u64 * u64::from(x)).sum::<u64>(),
                    v.iter().enumerate().map(|(i, &x)| i as u64 * u64::from(x)).sum::<u64>());
            });
        }
    }

    #[test]
    fn positional_consumers_stay_correct_under_heavy_splitting(v in values()) {
        let doubled: Vec<u64> = v.iter().map(|&x| 2 * u64::from(x)).collect();
        let first = v.iter().position(|&x| x % 97 == 5);
        let last = v.iter().rposition(|&x| x % 97 == 5);
        for pool in common::loop_pools() {
            pool.install(|| {
                let par = || v.par_iter().copied();
                // Written in place, slot by slot.
                assert_eq!(par().map(|x| 2 * u64::from(x)).collect::<Vec<_>>(), doubled);
                assert_eq!(par().with_max_len(1).map(|x| 2 * u64::from(x)).collect::<Vec<_>>(), doubled);
                let zipped: Vec<(u32, u64)> = par().zip(doubled.par_iter().copied()).collect();
                assert!(zipped.iter().map(|&(x, d)| (x, d)).eq(v.iter().copied().zip(doubled.iter().copied())));
                let numbered: Vec<(usize, u32)> = par().enumerate().collect();
                assert!(numbered.into_iter().eq(v.iter().copied().enumerate()));
                let (left, right): (Vec<u32>, Vec<u64>) = par().map(|x| (x, 2 * u64::from(x))).unzip();
                assert_eq!((left.as_slice(), right), (v.as_slice(), doubled.clone()));
                let interspersed: Vec<u32> = par().intersperse(0).collect();
                assert_eq!(interspersed.len(), (2 * v.len()).saturating_sub(1));
                // Matches ranked by position.
                let found = |x: &u32| x % 97 == 5;
                assert_eq!(par().position_first(|x| found(&x)), first);
                assert_eq!(par().position_last(|x| found(&x)), last);
                assert_eq!(par().find_first(found), first.map(|i| v[i]));
                assert_eq!(par().find_last(found), last.map(|i| v[i]));
                assert_eq!(par().map(|x| found(&x)).fold(|| false, |a, b| a || b).reduce(|| false, |a, b| a || b), first.is_some());
                assert_eq!(par().rev().skip(1).step_by(2).collect::<Vec<_>>(),
                    v.iter().rev().skip(1).step_by(2).copied().collect::<Vec<_>>());
            });
        }
    }
}
