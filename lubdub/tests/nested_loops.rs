//! Loops nested in loops, and loops inside joins inside loops (issue "the
//! scheduler shares work wherever it is", hole 4): while a piece of a loop
//! folds a chunk, its rest waits on the thread's pending list, and a
//! promotion below it splits the outermost work first
//! (`scheduler/README.md`, "Loops on the pending list").
//!
//! Results are checked against sequential code on pools of 1, 2 and 8
//! threads, with a heartbeat at every poll (every poll with an idle thread
//! splits something) and the default one, for indexed consumers (`collect`,
//! one folder per chunk) and position-free ones (`sum`, `fold`, one folder
//! per piece).

mod common;

use std::collections::HashSet;
use std::sync::Mutex;
use std::time::Duration;

use lubdub::prelude::*;

fn f(i: u64, j: u64) -> u64 {
    (i * 31 + j * 17) % 1009
}

#[test]
fn two_deep_sums_match_sequential_code() {
    let n = common::scaled(300, 12) as u64;
    let expected: u64 = (0..n).map(|i| (0..n).map(|j| f(i, j)).sum::<u64>()).sum();
    for pool in common::loop_pools() {
        let got: u64 = pool.install(|| {
            (0..n)
                .into_par_iter()
                .map(|i| (0..n).into_par_iter().map(|j| f(i, j)).sum::<u64>())
                .sum()
        });
        assert_eq!(got, expected, "{} threads", pool.current_num_threads());
    }
}

#[test]
fn three_deep_collects_keep_their_order() {
    let n = common::scaled(40, 5) as u64;
    let expected: Vec<Vec<u64>> = (0..n)
        .map(|i| (0..n).map(|j| (0..n).map(|k| f(i, j) ^ k).sum()).collect())
        .collect();
    for pool in common::loop_pools() {
        let got: Vec<Vec<u64>> = pool.install(|| {
            (0..n)
                .into_par_iter()
                .map(|i| {
                    (0..n)
                        .into_par_iter()
                        .map(|j| (0..n).into_par_iter().map(|k| f(i, j) ^ k).sum())
                        .collect()
                })
                .collect()
        });
        assert_eq!(got, expected, "{} threads", pool.current_num_threads());
    }
}

#[test]
fn folds_nested_in_a_mutable_loop_match_sequential_code() {
    // The n-body shape: par_iter_mut outside, fold and reduce inside.
    let n = common::scaled(400, 10);
    let positions: Vec<u64> = (0..n as u64).map(|i| i * 7 % 101).collect();
    let pull = |a: u64, b: u64| a.abs_diff(b);
    let expected: Vec<u64> = positions
        .iter()
        .map(|&p| positions.iter().map(|&q| pull(p, q)).sum())
        .collect();
    for pool in common::loop_pools() {
        let mut forces = vec![0u64; n];
        pool.install(|| {
            forces.par_iter_mut().enumerate().for_each(|(i, force)| {
                *force = positions
                    .par_iter()
                    .fold(|| 0, |sum, &q| sum + pull(positions[i], q))
                    .reduce(|| 0, |a, b| a + b);
            });
        });
        assert_eq!(forces, expected, "{} threads", pool.current_num_threads());
    }
}

#[test]
fn loops_inside_joins_inside_loops_match_sequential_code() {
    let n = common::scaled(200, 8) as u64;
    let inner = |i: u64| (0..n).into_par_iter().map(move |j| f(i, j));
    let expected: u64 = (0..n)
        .map(|i| 2 * (0..n).map(|j| f(i, j)).sum::<u64>() + i)
        .sum();
    for pool in common::loop_pools() {
        let got: u64 = pool.install(|| {
            (0..n)
                .into_par_iter()
                .map(|i| {
                    let (a, (b, c)) = lubdub::join(
                        || inner(i).sum::<u64>(),
                        || lubdub::join(|| inner(i).sum::<u64>(), || i),
                    );
                    a + b + c
                })
                .sum()
        });
        assert_eq!(got, expected, "{} threads", pool.current_num_threads());
    }
}

#[test]
fn a_panic_in_an_inner_loop_reaches_the_caller() {
    let n = common::scaled(200, 8) as u64;
    for pool in common::loop_pools() {
        let finished = Mutex::new(HashSet::new());
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            pool.install(|| {
                (0..n).into_par_iter().for_each(|i| {
                    (0..n).into_par_iter().for_each(|j| {
                        assert!(i != n / 2 || j != n / 2, "the one bad item");
                    });
                    finished.lock().unwrap().insert(i);
                })
            })
        }));
        let message = *outcome.unwrap_err().downcast::<&str>().unwrap();
        assert_eq!(message, "the one bad item");
        let finished = finished.into_inner().unwrap();
        assert!(!finished.contains(&(n / 2)));
        assert!(finished.contains(&0), "the items before the bad one ran");
    }
}

/// The outer loop's rest is the oldest pending work, so the first split
/// halves it while the first outer item still runs: another thread then
/// starts an outer item before the caller starts the second one. (Splitting
/// the inner loop's rest instead would leave the outer loop's rest alone
/// until the caller reaches a chunk boundary of the outer loop.)
#[test]
#[cfg_attr(miri, ignore = "waits for a second thread to take work")]
fn the_outer_loop_is_split_before_the_inner_ones() {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let pool = common::pool(2, Duration::ZERO);
    let outer = 64;
    let tries = 50;
    for _ in 0..tries {
        let clock = AtomicUsize::new(0);
        let starts = Mutex::new(vec![(usize::MAX, None); outer]);
        pool.install(|| {
            (0..outer).into_par_iter().for_each(|i| {
                let at = clock.fetch_add(1, Ordering::Relaxed);
                starts.lock().unwrap()[i] = (at, lubdub::current_thread_index());
                let sum: u64 = (0..20_000u64).into_par_iter().map(|j| f(i as u64, j)).sum();
                std::hint::black_box(sum);
            })
        });
        let starts = starts.into_inner().unwrap();
        let (caller, second_start) = (starts[0].1, starts[1].0);
        let early_elsewhere = starts
            .iter()
            .any(|&(at, thread)| thread != caller && at < second_start);
        if early_elsewhere {
            return;
        }
    }
    panic!("in {tries} runs, no outer item started elsewhere during the first one");
}
