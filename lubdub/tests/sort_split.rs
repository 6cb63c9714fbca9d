//! A sort far below any old element-count cutoff still uses an idle thread
//! when its comparisons are costly (issue 12): read from the profiler's
//! promotion and steal counts on a 2-thread pool, not from time.

mod common;

use std::hint::black_box;

use lubdub::prelude::*;
use lubdub::profile::Event;

/// A key that takes a while to compute (a few µs unoptimized): a costly
/// comparison, as one that parses or hashes would be.
fn costly_key(x: &u64) -> u64 {
    let mut h = *x;
    for _ in 0..200 {
        h = black_box((h ^ (h >> 29)).wrapping_mul(0xBF58_476D_1CE4_E5B9));
    }
    h
}

/// A sort of a slice of `u64`s, by name.
type NamedSort = (&'static str, fn(&mut [u64]));

/// The promotions and steals `sort` caused on a fresh 2-thread pool with
/// the default heartbeat, after checking its result.
fn splits_of(sort: impl FnOnce(&mut [u64]) + Send) -> (u64, u64) {
    let n = 20_000u64;
    let input: Vec<u64> = (0..n)
        .map(|x| x.wrapping_mul(0x9E37_79B9_7F4A_7C15))
        .collect();
    let mut expected = input.clone();
    expected.sort_by_key(costly_key);
    let pool = common::pool(2, lubdub::DEFAULT_HEARTBEAT);
    let before = pool.profile();
    let mut v = input;
    pool.install(|| sort(&mut v));
    let region = pool.profile().since(&before).total();
    assert_eq!(v, expected);
    (region.count(Event::Promotion), region.count(Event::Steal))
}

#[test]
#[cfg_attr(
    miri,
    ignore = "a costly sort of 20,000 elements is too slow under Miri"
)]
fn a_costly_comparator_sort_of_20_000_elements_is_split() {
    let sorts: [NamedSort; 3] = [
        ("par_sort_by", |v| {
            v.par_sort_by(|a, b| costly_key(a).cmp(&costly_key(b)))
        }),
        ("par_sort_by_key", |v| v.par_sort_by_key(costly_key)),
        ("par_sort_unstable_by", |v| {
            v.par_sort_unstable_by(|a, b| costly_key(a).cmp(&costly_key(b)))
        }),
    ];
    for (name, sort) in sorts {
        let (promotions, steals) = splits_of(sort);
        assert!(promotions > 0, "{name}: nothing offered to the idle thread");
        assert!(steals > 0, "{name}: the idle thread took nothing");
    }
}
