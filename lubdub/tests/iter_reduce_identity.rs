//! `reduce` and `try_reduce` call `identity()` only for an empty iterator:
//! a folder starts from its first item (Rayon documents the identity as
//! neutral, to be inserted "as needed"), which saves a copy per folder when
//! `op` appends. Checked on pools of 1, 2 and 8 threads, with a heartbeat at
//! every poll (loops split whenever a thread is idle) and the default one.

mod common;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use lubdub::prelude::*;

fn for_every_pool(check: impl Fn(&lubdub::ThreadPool)) {
    let threads: &[usize] = if cfg!(miri) { &[1, 2] } else { &[1, 2, 8] };
    for &threads in threads {
        for heartbeat in [Duration::ZERO, lubdub::DEFAULT_HEARTBEAT] {
            check(&common::pool(threads, heartbeat));
        }
    }
}

#[test]
fn the_identity_is_made_only_for_an_empty_iterator() {
    let n = common::scaled(100_000, 500) as u64;
    for_every_pool(|pool| {
        let calls = AtomicUsize::new(0);
        let identity = || {
            calls.fetch_add(1, Ordering::Relaxed);
            0u64
        };
        let sum = pool.install(|| (0..n).into_par_iter().reduce(identity, |a, b| a + b));
        assert_eq!(sum, n * (n - 1) / 2);
        assert_eq!(calls.load(Ordering::Relaxed), 0);
        let empty = pool.install(|| (0..0u64).into_par_iter().reduce(identity, |a, b| a + b));
        assert_eq!((empty, calls.load(Ordering::Relaxed)), (0, 1));

        let calls = AtomicUsize::new(0);
        let identity = || {
            calls.fetch_add(1, Ordering::Relaxed);
            0u64
        };
        let checked = |range: std::ops::Range<u64>| {
            pool.install(|| {
                range
                    .into_par_iter()
                    .map(Some)
                    .try_reduce(identity, u64::checked_add)
            })
        };
        assert_eq!(checked(0..n), Some(n * (n - 1) / 2));
        assert_eq!(calls.load(Ordering::Relaxed), 0);
        assert_eq!(checked(0..0), Some(0));
        assert_eq!(calls.load(Ordering::Relaxed), 1);
    });
}

#[test]
fn fold_into_vectors_then_append_keeps_every_item_in_order() {
    let n = common::scaled(200_000, 1_000) as u64;
    let expected: Vec<u64> = (0..n).filter(|x| x % 3 != 0).collect();
    for_every_pool(|pool| {
        let got = pool.install(|| {
            (0..n)
                .into_par_iter()
                .filter(|x| x % 3 != 0)
                .fold(Vec::new, |mut v, x| {
                    v.push(x);
                    v
                })
                .reduce(Vec::new, |mut a, mut b| {
                    a.append(&mut b);
                    a
                })
        });
        assert_eq!(got, expected);
    });
}
