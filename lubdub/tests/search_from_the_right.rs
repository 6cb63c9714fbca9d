//! Searches for the last match (`find_last`, `position_last`) run their
//! loops from the right end (`iter/plumbing/from_the_right.rs`): over
//! ranges far too long to scan from the left, they find the last match at
//! once, on every pool.

mod common;

use std::sync::mpsc;
use std::time::Duration;

use lubdub::prelude::*;

/// Runs `search` on another thread and panics if it takes longer than a
/// minute (a scan from the left of these ranges would take years).
fn within_a_minute<R: Send + 'static>(search: impl FnOnce() -> R + Send + 'static) -> R {
    let (done, result) = mpsc::channel();
    std::thread::spawn(move || done.send(search()).unwrap());
    result
        .recv_timeout(Duration::from_secs(60))
        .expect("the search from the right reached the right end first")
}

#[test]
#[cfg_attr(miri, ignore = "a minute of Miri is not enough for the pools")]
fn find_last_over_huge_ranges_starts_at_the_end() {
    for threads in [1, 2, 4] {
        let pool = common::pool(threads, lubdub::DEFAULT_HEARTBEAT);
        let found = within_a_minute(move || {
            pool.install(|| {
                let last = (0..u64::MAX).into_par_iter().find_last(|&x| x % 1000 == 7);
                let position = (0..u64::MAX).into_par_iter().position_last(|x| x % 3 == 1);
                (last, position)
            })
        });
        let max = u64::MAX - 1;
        assert_eq!(found.0, Some(max - (max - 7) % 1000), "{threads} threads");
        assert_eq!(
            found.1,
            Some((max - (max - 1) % 3) as usize),
            "{threads} threads"
        );
    }
}

/// The nested loops of Rayon's `find_last_octillion_flat`: 10^27 items
/// through `map`, `flat_map` and `with_max_len`.
fn octillion_flat() -> impl ParallelIterator<Item = u128> {
    const BILLION: u32 = 1_000_000_000;
    (0..BILLION)
        .into_par_iter()
        .with_max_len(1_000)
        .map(|i| u64::from(i) * u64::from(BILLION))
        .flat_map(|i| {
            (0..BILLION)
                .into_par_iter()
                .with_max_len(1_000)
                .map(move |j| i + u64::from(j))
        })
        .map(|i| u128::from(i) * u128::from(BILLION))
        .flat_map(|i| {
            (0..BILLION)
                .into_par_iter()
                .with_max_len(1_000)
                .map(move |j| i + u128::from(j))
        })
}

#[test]
#[cfg_attr(miri, ignore = "a minute of Miri is not enough for the pools")]
fn searches_through_adaptors_start_at_the_end() {
    const OCTILLION: u128 = 1_000_000_000_000_000_000_000_000_000;
    for threads in [1, 2, 4] {
        let pool = common::pool(threads, lubdub::DEFAULT_HEARTBEAT);
        let found = within_a_minute(move || {
            pool.install(|| {
                let flat = octillion_flat().find_last(|_| true);
                let filtered = (0..u64::MAX)
                    .into_par_iter()
                    .filter(|x| x % 2 == 0)
                    .map(|x| x / 2)
                    .find_last(|x| x % 5 == 0);
                let mapped = (0..u64::MAX)
                    .into_par_iter()
                    .find_map_last(|x| (x % 9 == 4).then_some(x / 9));
                let chained = (0..u64::MAX)
                    .into_par_iter()
                    .chain(0..10)
                    .find_last(|&x| x > 5);
                (flat, filtered, mapped, chained)
            })
        });
        let max = u64::MAX - 1;
        let last_even = max - max % 2;
        let expected_filtered = (0..=last_even / 2).rev().find(|x| x % 5 == 0);
        assert_eq!(found.0, Some(OCTILLION - 1), "{threads} threads");
        assert_eq!(found.1, expected_filtered, "{threads} threads");
        assert_eq!(
            found.2,
            Some((max - (max - 4) % 9) / 9),
            "{threads} threads"
        );
        assert_eq!(found.3, Some(9), "{threads} threads");
    }
}

#[test]
fn the_last_match_wins_in_every_setting() {
    let n = common::scaled(20_000, 300) as u64;
    common::for_each_pool(|pool| {
        for modulus in [1, 7, 1000, n + 1] {
            let expected = (0..n).rev().find(|x| x % modulus == 3 % modulus);
            let got = pool.install(|| {
                (0..n)
                    .into_par_iter()
                    .find_last(|x| x % modulus == 3 % modulus)
            });
            assert_eq!(got, expected, "modulus {modulus}");
            let flat = pool.install(|| {
                (0..n / 100)
                    .into_par_iter()
                    .flat_map(|i| (0..100).into_par_iter().map(move |j| i * 100 + j))
                    .find_last(|x| x % modulus == 3 % modulus)
            });
            assert_eq!(
                flat,
                (0..n / 100 * 100)
                    .rev()
                    .find(|x| x % modulus == 3 % modulus)
            );
        }
    });
}
