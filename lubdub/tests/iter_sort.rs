//! Every parallel sort against its `slice` counterpart, stability included,
//! on pools of 1, 2 and 8 threads with the heartbeat at every poll and at
//! its default; inputs of every shape. Comparators that are not orders,
//! panics and drops: `sort_safety.rs`; splitting: `sort_split.rs`.

mod common;

use std::time::Duration;

use lubdub::prelude::*;
use proptest::prelude::*;

/// Few distinct keys, so stability is visible; lengths around the
/// small-sort size and a few thousand (a few dozen under Miri).
fn pairs() -> impl Strategy<Value = Vec<(u8, u32)>> {
    let len = prop_oneof![0..50usize, Just(common::scaled(3_000, 60))];
    len.prop_flat_map(|n| proptest::collection::vec((0..16u8, any::<u32>()), n))
}

/// An input and the same input bent into another shape: as it is, sorted,
/// reversed, all keys equal, or sorted runs.
fn shaped() -> impl Strategy<Value = Vec<(u8, u32)>> {
    (pairs(), 0..5u8).prop_map(|(mut v, shape)| {
        match shape {
            1 => v.sort(),
            2 => v.sort_by(|a, b| b.cmp(a)),
            3 => v.iter_mut().for_each(|p| p.0 = 7),
            4 => v.chunks_mut(17).for_each(|c| c.sort()),
            _ => {}
        }
        v
    })
}

fn key(p: &(u8, u32)) -> u8 {
    p.0
}

/// `a` is `expected` up to the order of elements with equal keys.
fn same_up_to_equal_keys(a: &[(u8, u32)], expected: &[(u8, u32)]) {
    assert!(a.windows(2).all(|w| w[0].0 <= w[1].0), "not sorted by key");
    let (mut a, mut expected) = (a.to_vec(), expected.to_vec());
    a.sort();
    expected.sort();
    assert_eq!(a, expected, "not a permutation of the input");
}

proptest! {
    #![proptest_config(common::cases(24, 2))]

    #[test]
    fn stable_sorts_match_std(v in shaped()) {
        let mut sorted = v.clone();
        sorted.sort();
        let mut by_key = v.clone();
        by_key.sort_by_key(key);
        let mut descending = v.clone();
        descending.sort_by_key(|p| std::cmp::Reverse(p.0));
        for pool in common::loop_pools() {
            pool.install(|| {
                let mut a = v.clone();
                a.par_sort();
                assert_eq!(a, sorted);
                let mut a = v.clone();
                a.par_sort_by(|x, y| y.0.cmp(&x.0));
                assert_eq!(a, descending);
                let mut a = v.clone();
                a.par_sort_by_key(key);
                assert_eq!(a, by_key);
                let mut a = v.clone();
                a.par_sort_by_cached_key(|p| format!("{:03}", p.0));
                assert_eq!(a, by_key);
            });
        }
    }

    #[test]
    fn unstable_sorts_match_std(v in shaped()) {
        let mut sorted = v.clone();
        sorted.sort_unstable();
        let mut descending = sorted.clone();
        descending.reverse();
        for pool in common::loop_pools() {
            pool.install(|| {
                let mut a = v.clone();
                a.par_sort_unstable();
                assert_eq!(a, sorted);
                let mut a = v.clone();
                a.par_sort_unstable_by(|x, y| y.cmp(x));
                assert_eq!(a, descending);
                let mut a = v.clone();
                a.par_sort_unstable_by_key(key);
                same_up_to_equal_keys(&a, &sorted);
            });
        }
    }
}

#[test]
fn long_inputs_of_every_shape() {
    let n = common::scaled(200_000, 500) as u64;
    let pool = common::pool(2, lubdub::DEFAULT_HEARTBEAT);
    let random = (0..n).map(|x| x.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 20);
    for input in [
        random.clone().collect::<Vec<_>>(),
        (0..n).collect(),
        (0..n).rev().collect(),
        (0..n).map(|x| x % 16).collect(),
        vec![7; n as usize],
        // Ascending with a few elements out of place.
        (0..n)
            .map(|x| if x % 1000 == 0 { n - x } else { x })
            .collect(),
        // Descending runs, and a sawtooth.
        (0..n).map(|x| n - x % 5000).collect(),
        (0..n).map(|x| x % 5000).collect(),
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
fn lengths_zero_to_one_hundred_outside_any_pool() {
    for n in 0..common::scaled(100, 30) {
        let v: Vec<u32> = (0..n as u32)
            .map(|x| x.wrapping_mul(2_654_435_761) % 13)
            .collect();
        let mut expected = v.clone();
        expected.sort();
        let mut a = v.clone();
        a.par_sort();
        assert_eq!(a, expected);
        let mut a = v;
        a.par_sort_unstable();
        assert_eq!(a, expected);
    }
}

#[test]
fn strings_sort() {
    let n = common::scaled(100_000, 300);
    let strings: Vec<String> = (0..n).map(|x| (x * 7919 % 1000).to_string()).collect();
    let mut expected = strings.clone();
    expected.sort();
    let pool = common::pool(2, Duration::ZERO);
    let mut a = strings.clone();
    pool.install(|| a.par_sort());
    assert_eq!(a, expected);
    let mut a = strings;
    pool.install(|| a.par_sort_unstable());
    assert_eq!(a, expected);
}
