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
