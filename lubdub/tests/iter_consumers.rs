//! Every adaptor and consumer against the sequential `Iterator` result, on
//! pools of 1, 2 and 8 threads (1 and 2 under Miri, which runs every idle
//! thread's search loop step by step) with a heartbeat at every poll (so
//! loops split whenever a thread is idle) and the default one.

mod common;

use std::num::Wrapping;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::Duration;

use lubdub::prelude::*;
use proptest::prelude::*;

/// Lengths around the driver's chunk sizes, and a few long ones.
fn values() -> impl Strategy<Value = Vec<u32>> {
    let len = prop_oneof![0..20usize, 20..300usize, Just(common::scaled(10_000, 300))];
    len.prop_flat_map(|n| proptest::collection::vec(0..1000u32, n))
}

proptest! {
    #![proptest_config(common::cases(24, 2))]

    #[test]
    fn reductions_match_sequential(v in values()) {
        for pool in common::loop_pools() {
            pool.install(|| {
                let s: u64 = v.iter().map(|&x| u64::from(x) * u64::from(x)).sum();
                assert_eq!(v.par_iter().map(|&x| u64::from(x) * u64::from(x)).sum::<u64>(), s);
                let factor = |&x: &u32| Wrapping(u64::from(x % 3 + 1));
                assert_eq!(v.par_iter().map(factor).product::<Wrapping<u64>>(), v.iter().map(factor).product());
                assert_eq!(v.par_iter().copied().reduce(|| 0, u32::wrapping_add), v.iter().copied().fold(0, u32::wrapping_add));
                assert_eq!(v.par_iter().copied().reduce_with(u32::max), v.iter().copied().reduce(u32::max));
                assert_eq!(v.par_iter().count(), v.len());
                assert_eq!(v.par_iter().filter(|&&x| x % 2 == 0).count(), v.iter().filter(|&&x| x % 2 == 0).count());
                assert_eq!(v.par_iter().min(), v.iter().min());
                assert_eq!(v.par_iter().max(), v.iter().max());
                // Ties: first minimum and last maximum, as `Iterator`.
                let key = |x: &(usize, &u32)| *x.1 / 10;
                assert_eq!(v.par_iter().enumerate().min_by_key(key), v.iter().enumerate().min_by_key(key));
                assert_eq!(v.par_iter().enumerate().max_by_key(key), v.iter().enumerate().max_by_key(key));
                let cmp = |a: &(usize, &u32), b: &(usize, &u32)| (a.1 / 10).cmp(&(b.1 / 10));
                assert_eq!(v.par_iter().enumerate().min_by(cmp), v.iter().enumerate().min_by(cmp));
                assert_eq!(v.par_iter().enumerate().max_by(cmp), v.iter().enumerate().max_by(cmp));
                assert_eq!(v.par_iter().any(|&x| x == 7), v.contains(&7));
                assert_eq!(v.par_iter().all(|&x| x != 7), v.iter().all(|&x| x != 7));
                let found = v.par_iter().find_any(|&&x| x % 7 == 3);
                assert_eq!(found.is_some(), v.iter().any(|&x| x % 7 == 3));
                assert!(found.is_none_or(|&x| x % 7 == 3));
                let folded: Vec<u32> = v.par_iter().fold(Vec::new, |mut acc, &x| { acc.push(x); acc })
                    .collect::<Vec<Vec<u32>>>().concat();
                assert_eq!(folded, v);
            });
        }
    }

    #[test]
    fn adaptors_and_collect_match_sequential(v in values()) {
        for pool in common::loop_pools() {
            pool.install(|| {
                let w: Vec<u32> = v.iter().rev().copied().collect();
                assert_eq!(v.par_iter().copied().collect::<Vec<_>>(), v);
                assert_eq!(v.par_iter().cloned().map(|x| x + 1).collect::<Vec<_>>(),
                    v.iter().map(|x| x + 1).collect::<Vec<_>>());
                assert_eq!(v.par_iter().filter(|&&x| x % 3 == 0).collect::<Vec<_>>(),
                    v.iter().filter(|&&x| x % 3 == 0).collect::<Vec<_>>());
                assert_eq!(v.par_iter().filter_map(|&x| (x % 3 == 0).then_some(x / 3)).collect::<Vec<_>>(),
                    v.iter().filter_map(|&x| (x % 3 == 0).then_some(x / 3)).collect::<Vec<_>>());
                assert_eq!(v.par_iter().enumerate().map(|(i, &x)| i as u32 ^ x).collect::<Vec<_>>(),
                    v.iter().enumerate().map(|(i, &x)| i as u32 ^ x).collect::<Vec<_>>());
                assert_eq!(v.par_iter().zip(&w).map(|(a, b)| a * 2 + b).collect::<Vec<_>>(),
                    v.iter().zip(&w).map(|(a, b)| a * 2 + b).collect::<Vec<_>>());
                assert_eq!(v.par_iter().zip(&w[..w.len() / 2]).count(), w.len() / 2);
                assert_eq!(v.par_iter().flat_map_iter(|&x| 0..x % 4).collect::<Vec<_>>(),
                    v.iter().flat_map(|&x| 0..x % 4).collect::<Vec<_>>());
                assert_eq!(v.par_iter().with_min_len(5).with_max_len(9).count(), v.len());
                let (a, b): (Vec<u32>, Vec<usize>) = v.par_iter().enumerate().map(|(i, &x)| (x, i)).unzip();
                assert_eq!(a, v);
                assert_eq!(b, (0..v.len()).collect::<Vec<_>>());
                let mut extended = vec![1, 2];
                extended.par_extend(v.par_iter().copied().filter(|x| x % 2 == 1));
                let mut expected = vec![1, 2];
                expected.extend(v.iter().copied().filter(|x| x % 2 == 1));
                assert_eq!(extended, expected);
                assert_eq!(v.clone().into_par_iter().map(|x| x.to_string()).collect::<Vec<_>>(),
                    v.iter().map(|x| x.to_string()).collect::<Vec<_>>());
                let strings: Vec<String> = v.iter().map(|x| x.to_string()).collect();
                assert_eq!(strings.clone().into_par_iter().filter(|s| s.len() > 2).count(),
                    strings.iter().filter(|s| s.len() > 2).count());
                let n = v.len() as u64;
                assert_eq!((0..n).into_par_iter().sum::<u64>(), (0..n).sum::<u64>());
                assert_eq!((-(n as i64)..3).into_par_iter().map(|x| x * 3).collect::<Vec<_>>(),
                    (-(n as i64)..3).map(|x| x * 3).collect::<Vec<_>>());
                assert_eq!((-(n as i64)..=3).into_par_iter().map(|x| x * 3).collect::<Vec<_>>(),
                    (-(n as i64)..=3).map(|x| x * 3).collect::<Vec<_>>());
                let top = u64::MAX - n..=u64::MAX;
                assert_eq!(top.clone().into_par_iter().map(|x| x % 7).sum::<u64>(),
                    top.map(|x| x % 7).sum::<u64>());
            });
        }
    }

    #[test]
    fn mutation_and_chunks_match_sequential(v in values(), size in 1..40usize) {
        for pool in common::loop_pools() {
            pool.install(|| {
                let mut a = v.clone();
                a.par_iter_mut().enumerate().for_each(|(i, x)| *x = x.wrapping_mul(i as u32));
                let b: Vec<u32> = v.iter().enumerate().map(|(i, x)| x.wrapping_mul(i as u32)).collect();
                assert_eq!(a, b);
                assert_eq!(v.par_chunks(size).map(|c| c.iter().sum::<u32>()).collect::<Vec<_>>(),
                    v.chunks(size).map(|c| c.iter().sum::<u32>()).collect::<Vec<_>>());
                let mut c = v.clone();
                c.par_chunks_mut(size).for_each(|c| c.reverse());
                let mut d = v.clone();
                d.chunks_mut(size).for_each(|c| c.reverse());
                assert_eq!(c, d);
            });
        }
    }
}

#[test]
fn loops_split_and_spread_over_threads() {
    let pool = common::pool(2, Duration::ZERO);
    let n = common::scaled(2_000_000, 5_000) as u64;
    let used = std::sync::Mutex::new(std::collections::HashSet::new());
    let sum: u64 = pool.install(|| {
        (0..n)
            .into_par_iter()
            .map(|x| {
                if x % 1024 == 0 {
                    used.lock().unwrap().insert(lubdub::current_thread_index());
                }
                x
            })
            .sum()
    });
    assert_eq!(sum, n * (n - 1) / 2);
    let promotions = pool
        .profile()
        .total()
        .count(lubdub::profile::Event::Promotion);
    assert!(promotions > 0, "a long leaf loop shares its work");
}

#[test]
fn loops_outside_any_pool_use_the_global_pool() {
    let v: Vec<u64> = (0..1000).collect();
    assert_eq!(v.par_iter().sum::<u64>(), 499_500);
    assert_eq!(lubdub::current_thread_index(), None);
}

#[test]
fn panics_in_closures_propagate() {
    for pool in common::loop_pools() {
        let n = common::scaled(100_000, 500);
        let result = catch_unwind(AssertUnwindSafe(|| {
            pool.install(|| {
                (0..n).into_par_iter().for_each(|x| {
                    if x == n - 7 {
                        panic!("boom at {x}");
                    }
                })
            })
        }));
        assert!(result.is_err());
        let strings: Vec<String> = (0..n).map(|x| x.to_string()).collect();
        let result = catch_unwind(AssertUnwindSafe(|| {
            pool.install(|| {
                strings
                    .clone()
                    .into_par_iter()
                    .map(|s| if s == "5" { panic!("five") } else { s })
                    .collect::<Vec<_>>()
            })
        }));
        assert!(result.is_err());
        assert_eq!(pool.install(|| (0..10i32).into_par_iter().sum::<i32>()), 45);
    }
}
