//! `with_max_threads`: a region runs on at most `k` threads, in the current
//! pool when it is small enough, and panics propagate.

mod common;

use std::collections::HashSet;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Mutex;
use std::time::Duration;

use lubdub::prelude::*;

/// The distinct threads that run a parallel loop of `n` items inside `op`'s
/// region.
fn threads_used(n: u64) -> usize {
    let seen = Mutex::new(HashSet::new());
    (0..n).into_par_iter().for_each(|i| {
        std::hint::black_box((0..200).fold(i, |a, x| a ^ x));
        seen.lock().unwrap().insert(std::thread::current().id());
    });
    let used = seen.lock().unwrap().len();
    used
}

#[test]
fn a_capped_region_sees_and_uses_at_most_k_threads() {
    let n = common::scaled(200_000, 200) as u64;
    let pool = common::pool(8, Duration::ZERO);
    pool.install(|| {
        assert_eq!(lubdub::current_num_threads(), 8);
        for k in [1, 2, 3] {
            let used = lubdub::with_max_threads(k, || {
                assert_eq!(lubdub::current_num_threads(), k);
                threads_used(n)
            });
            assert!((1..=k).contains(&used), "k={k} used={used}");
        }
        // Not smaller than the pool: runs in the pool itself.
        let index = lubdub::current_thread_index();
        lubdub::with_max_threads(8, || {
            assert_eq!(lubdub::current_num_threads(), 8);
            assert_eq!(lubdub::current_thread_index(), index);
        });
    });
}

#[test]
fn a_capped_sort_sorts_and_a_panic_propagates() {
    let mut v: Vec<u64> = (0..common::scaled(300_000, 300) as u64).rev().collect();
    lubdub::with_max_threads(1, || v.par_sort_unstable());
    assert!(v.windows(2).all(|w| w[0] <= w[1]));
    let result = catch_unwind(AssertUnwindSafe(|| {
        lubdub::with_max_threads(1, || panic!("inside the region"))
    }));
    assert!(result.is_err());
    // The cached sub-pool still works after the panic.
    assert_eq!(lubdub::with_max_threads(1, || 7), 7);
}

#[test]
fn a_cap_of_zero_means_one() {
    let (threads, sum) = lubdub::with_max_threads(0, || {
        (lubdub::current_num_threads(), lubdub::join(|| 1, || 2))
    });
    assert_eq!(threads, 1);
    assert_eq!(sum, (1, 2));
}
