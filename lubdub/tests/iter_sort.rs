//! The parallel sorts against `slice::sort`, stability included, on pools
//! of 1, 2 and 8 threads; a panicking comparator propagates.

mod common;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::Duration;

use lubdub::prelude::*;
use proptest::prelude::*;

/// Lengths on both sides of the sequential cutoffs; few distinct keys, so
/// stability is visible.
fn pairs() -> impl Strategy<Value = Vec<(u8, u32)>> {
    let len = prop_oneof![0..50usize, Just(common::scaled(70_000, 300))];
    len.prop_flat_map(|n| proptest::collection::vec((0..16u8, any::<u32>()), n))
}

fn pools() -> Vec<lubdub::ThreadPool> {
    [1, 2, 8]
        .into_iter()
        .flat_map(|t| [Duration::ZERO, lubdub::DEFAULT_HEARTBEAT].map(|h| common::pool(t, h)))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(common::scaled(12, 2) as u32))]

    #[test]
    fn sorts_match_std(v in pairs()) {
        let mut expected = v.clone();
        expected.sort();
        let mut by_key = v.clone();
        by_key.sort_by_key(|p| p.0);
        for pool in pools() {
            pool.install(|| {
                let mut a = v.clone();
                a.par_sort();
                assert_eq!(a, expected);
                let mut a = v.clone();
                a.par_sort_unstable();
                assert_eq!(a, expected);
                // Stable: equal keys keep their order.
                let mut a = v.clone();
                a.par_sort_by_key(|p| p.0);
                assert_eq!(a, by_key);
                let mut a = v.clone();
                a.par_sort_by(|x, y| x.0.cmp(&y.0));
                assert_eq!(a, by_key);
                let mut a = v.clone();
                a.par_sort_unstable_by_key(|p| p.0);
                assert!(a.windows(2).all(|w| w[0].0 <= w[1].0));
                let mut a = v.clone();
                a.par_sort_unstable_by(|x, y| y.cmp(x));
                let mut reversed = expected.clone();
                reversed.reverse();
                assert_eq!(a, reversed);
            });
        }
    }
}

#[test]
fn presorted_reversed_and_duplicate_inputs() {
    let n = common::scaled(200_000, 2_000) as u64;
    let pool = common::pool(2, Duration::ZERO);
    for input in [
        (0..n).collect::<Vec<_>>(),
        (0..n).rev().collect(),
        (0..n).map(|x| x % 16).collect(),
        vec![7; n as usize],
    ] {
        let mut expected = input.clone();
        expected.sort_unstable();
        let mut a = input.clone();
        pool.install(|| a.par_sort_unstable());
        assert_eq!(a, expected);
        let mut a = input;
        pool.install(|| a.par_sort());
        assert_eq!(a, expected);
    }
}

#[test]
fn strings_sort_and_a_panicking_comparator_propagates() {
    let n = common::scaled(100_000, 500);
    let strings: Vec<String> = (0..n).map(|x| (x * 7919 % 1000).to_string()).collect();
    let mut expected = strings.clone();
    expected.sort();
    let pool = common::pool(2, Duration::ZERO);
    let mut a = strings.clone();
    pool.install(|| a.par_sort());
    assert_eq!(a, expected);
    let mut a = strings.clone();
    let result = catch_unwind(AssertUnwindSafe(|| {
        pool.install(|| {
            a.par_sort_by(|x, y| {
                assert!(x != "999", "comparator panic");
                x.cmp(y)
            })
        })
    }));
    assert!(result.is_err());
    // Every string is still owned once: a permutation of the input.
    a.sort();
    assert_eq!(a, expected);
}
