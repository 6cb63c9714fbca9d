//! The item-wise adaptors (`map_with`, `filter`, `flat_map`, `chain`,
//! `intersperse`, `take_any`...) against `std::iter`, on pools of 1, 2 and 8
//! threads with a heartbeat at every poll (loops split whenever a thread is
//! idle) and the default one; their producers cut at arbitrary points; their
//! short-circuits; and panics in their closures.

mod common;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};

use lubdub::iter::plumbing::{Folder, Producer, ProducerCallback};
use lubdub::prelude::*;
use proptest::prelude::*;

/// Lengths around the driver's chunk sizes, and a long one.
fn values() -> impl Strategy<Value = Vec<u32>> {
    let len = prop_oneof![0..20usize, 20..300usize, Just(common::scaled(10_000, 300))];
    len.prop_flat_map(|n| proptest::collection::vec(0..1000u32, n))
}

/// Runs `check` inside every pool of [`common::loop_pools`], with the pool's size.
fn on_every_pool(check: impl Fn(usize) + Sync) {
    for pool in common::loop_pools() {
        pool.install(|| check(pool.current_num_threads()));
    }
}

/// `v` with `sep` between every two neighbouring items (std's `intersperse`
/// is unstable).
fn interspersed<T: Clone>(v: &[T], sep: T) -> Vec<T> {
    let mut out = Vec::new();
    for (i, x) in v.iter().enumerate() {
        if i > 0 {
            out.push(sep.clone());
        }
        out.push(x.clone());
    }
    out
}

/// True when `part` is `whole` with some items left out.
fn is_subsequence<T: PartialEq>(part: &[T], whole: &[T]) -> bool {
    let mut rest = whole.iter();
    part.iter().all(|x| rest.any(|y| y == x))
}

/// A folder that collects its items.
struct Collect<T>(Vec<T>);

impl<T> Folder<T> for Collect<T> {
    type Result = Vec<T>;
    fn consume(mut self, item: T) -> Self {
        self.0.push(item);
        self
    }
    fn complete(self) -> Vec<T> {
        self.0
    }
    fn full(&self) -> bool {
        false
    }
}

/// Cuts a producer at `first` and `second` (positions in the whole) and reads
/// the three pieces through `fold_with`, forwards and backwards, checking
/// each iterator's `len`.
struct CutTwice {
    first: usize,
    second: usize,
}

impl<T> ProducerCallback<T> for CutTwice {
    type Output = Vec<T>;
    fn callback<P: Producer<Item = T>>(self, producer: P) -> Vec<T> {
        let (front, rest) = producer.split_at(self.first);
        let (middle, back) = rest.split_at(self.second - self.first);
        let mut out = front.fold_with(Collect(Vec::new())).complete();
        let middle = middle.into_iter();
        assert_eq!(middle.len(), self.second - self.first);
        out.extend(middle);
        let mut backwards: Vec<T> = back.into_iter().rev().collect();
        backwards.reverse();
        out.extend(backwards);
        out
    }
}

/// `iter`'s items read through its producer cut at two points taken from
/// `cuts`, which must match `expected` (and `len`).
fn check_producer<I>(iter: I, cuts: (usize, usize), expected: &[I::Item])
where
    I: IndexedParallelIterator<Item: PartialEq + std::fmt::Debug>,
{
    let len = iter.len();
    assert_eq!(len, expected.len());
    assert_eq!(iter.opt_len(), Some(len));
    let first = cuts.0 % (len + 1);
    let second = first + cuts.1 % (len - first + 1);
    assert_eq!(iter.with_producer(CutTwice { first, second }), expected);
}

proptest! {
    #![proptest_config(common::cases(16, 2))]

    #[test]
    fn one_to_one_adaptors_match_sequential(v in values(), cuts in (0..20_000usize, 0..20_000usize)) {
        let plus_one: Vec<u32> = v.iter().map(|x| x + 1).collect();
        on_every_pool(|_| {
            let copied: Vec<u32> = v.par_iter().copied().collect();
            assert_eq!(copied, v);
            let cloned: Vec<u32> = v.par_iter().cloned().collect();
            assert_eq!(cloned, v);
            let seen = AtomicUsize::new(0);
            let inspected: Vec<&u32> = v.par_iter().inspect(|_| {
                seen.fetch_add(1, Ordering::Relaxed);
            }).collect();
            assert_eq!(inspected, v.iter().collect::<Vec<_>>());
            assert_eq!(seen.load(Ordering::Relaxed), v.len());
            let updated: Vec<u32> = v.par_iter().copied().update(|x| *x += 1).collect();
            assert_eq!(updated, plus_one);
            let with: Vec<u32> = v.par_iter().map_with(1u32, |one, x| *one + x).collect();
            assert_eq!(with, plus_one);
            let init: Vec<u32> = v.par_iter().map_init(|| 1u32, |one, x| *one + x).collect();
            assert_eq!(init, plus_one);
            let sum: u64 = v.par_iter().copied().map_with(0u64, |_, x| u64::from(x)).sum();
            assert_eq!(sum, v.iter().map(|&x| u64::from(x)).sum::<u64>());

            check_producer(v.par_iter().copied(), cuts, &v);
            check_producer(v.par_iter().cloned(), cuts, &v);
            check_producer(v.par_iter().inspect(|_| {}).copied(), cuts, &v);
            check_producer(v.par_iter().copied().update(|x| *x += 1), cuts, &plus_one);
            check_producer(v.par_iter().map_with(1u32, |one, x| *one + x), cuts, &plus_one);
            check_producer(v.par_iter().map_init(|| 1u32, |one, x| *one + x), cuts, &plus_one);
            check_producer(v.par_iter().copied().panic_fuse(), cuts, &v);
            let zipped: Vec<(u32, u32)> = v.par_iter().copied().zip(v.par_iter().map_init(|| 1, |one, x| *one + x)).collect();
            assert_eq!(zipped, v.iter().copied().zip(plus_one.iter().copied()).collect::<Vec<_>>());
        });
    }

    #[test]
    fn filters_and_flattening_match_sequential(v in values()) {
        on_every_pool(|_| {
            let even: Vec<u32> = v.par_iter().copied().filter(|x| x % 2 == 0).collect();
            assert_eq!(even, v.iter().copied().filter(|x| x % 2 == 0).collect::<Vec<_>>());
            assert_eq!(v.par_iter().filter(|&&x| x < 100).count(), v.iter().filter(|&&x| x < 100).count());
            let halves: Vec<u32> = v.par_iter().filter_map(|x| (x % 2 == 0).then_some(x / 2)).collect();
            assert_eq!(halves, v.iter().filter_map(|x| (x % 2 == 0).then_some(x / 2)).collect::<Vec<_>>());
            let expanded: Vec<u32> = v.iter().flat_map(|&x| 0..x % 5).collect();
            let flat_iter: Vec<u32> = v.par_iter().flat_map_iter(|&x| 0..x % 5).collect();
            assert_eq!(flat_iter, expanded);
            let flat: Vec<u32> = v.par_iter().flat_map(|&x| 0..x % 5).collect();
            assert_eq!(flat, expanded);
            let flattened: Vec<u32> = v.par_iter().map(|&x| 0..x % 5).flatten().collect();
            assert_eq!(flattened, expanded);
            let flattened_iter: Vec<u32> = v.par_iter().map(|&x| 0..x % 5).flatten_iter().collect();
            assert_eq!(flattened_iter, expanded);
            // Inner loops that are themselves filtered, and long enough to split.
            let head = &v[..v.len().min(50)];
            let inner = |&x: &u32| (0..x).into_par_iter().filter(|y| y % 3 == 0);
            let nested: Vec<u32> = head.par_iter().flat_map(inner).collect();
            let seq_nested: Vec<u32> = head.iter().flat_map(|&x| (0..x).filter(|y| y % 3 == 0)).collect();
            assert_eq!(nested, seq_nested);
        });
    }

    #[test]
    fn chain_matches_sequential(v in values(), w in values(), cuts in (0..20_000usize, 0..20_000usize)) {
        let both: Vec<u32> = v.iter().chain(&w).copied().collect();
        on_every_pool(|_| {
            let chained: Vec<u32> = v.par_iter().chain(&w).copied().collect();
            assert_eq!(chained, both);
            assert_eq!(v.par_iter().chain(&w).opt_len(), Some(both.len()));
            check_producer(v.par_iter().copied().chain(w.par_iter().copied()), cuts, &both);
            let filtered: Vec<u32> = v.par_iter().copied().filter(|x| x % 3 > 0).chain(w.par_iter().copied()).collect();
            assert_eq!(filtered, v.iter().copied().filter(|x| x % 3 > 0).chain(w.iter().copied()).collect::<Vec<_>>());
            let into_filtered: Vec<u32> = v.par_iter().copied().chain(w.par_iter().copied().filter(|x| x % 3 > 0)).collect();
            assert_eq!(into_filtered, v.iter().copied().chain(w.iter().copied().filter(|x| x % 3 > 0)).collect::<Vec<_>>());
            let zipped: Vec<(u32, u32)> = v.par_iter().chain(&w).copied().zip(w.par_iter().chain(&v).copied()).collect();
            assert_eq!(zipped, both.iter().copied().zip(w.iter().chain(&v).copied()).collect::<Vec<_>>());
        });
    }

    #[test]
    fn intersperse_matches_sequential(v in values(), cuts in (0..40_000usize, 0..40_000usize)) {
        let expected = interspersed(&v, 7777);
        on_every_pool(|_| {
            let indexed: Vec<u32> = v.par_iter().copied().intersperse(7777).collect();
            assert_eq!(indexed, expected);
            assert_eq!(v.par_iter().copied().intersperse(0).opt_len(), Some(expected.len()));
            check_producer(v.par_iter().copied().intersperse(7777), cuts, &expected);
            // A base of unknown positions, whose pieces may be empty.
            let rare: Vec<u32> = v.iter().copied().filter(|x| x % 97 == 0).collect();
            let unindexed: Vec<u32> = v.par_iter().copied().filter(|x| x % 97 == 0).intersperse(7777).collect();
            assert_eq!(unindexed, interspersed(&rare, 7777));
            let twice: Vec<u32> = v.par_iter().copied().intersperse(1).intersperse(2).collect();
            assert_eq!(twice, interspersed(&interspersed(&v, 1), 2));
            let empty_first: Vec<u32> = (0..0u32).into_par_iter().chain(v.par_iter().copied()).intersperse(7777).collect();
            assert_eq!(empty_first, expected);
        });
    }

    #[test]
    fn any_order_takes_and_skips_keep_exact_counts(v in values(), n in 0..400usize) {
        let distinct: Vec<u32> = (0..v.len() as u32).collect();
        on_every_pool(|threads| {
            let taken: Vec<u32> = distinct.par_iter().copied().take_any(n).collect();
            assert_eq!(taken.len(), n.min(distinct.len()));
            assert!(is_subsequence(&taken, &distinct));
            let kept: Vec<u32> = distinct.par_iter().copied().skip_any(n).collect();
            assert_eq!(kept.len(), distinct.len() - n.min(distinct.len()));
            assert!(is_subsequence(&kept, &distinct));
            let filtered_take = v.par_iter().filter(|x| *x % 2 == 0).take_any(n).count();
            assert_eq!(filtered_take, n.min(v.iter().filter(|x| *x % 2 == 0).count()));

            let limit = (n as u32) * 3;
            let small: Vec<u32> = v.par_iter().copied().take_any_while(|&x| x < limit).collect();
            let rest: Vec<u32> = v.par_iter().copied().skip_any_while(|&x| x < limit).collect();
            assert!(is_subsequence(&small, &v) && small.iter().all(|&x| x < limit));
            assert!(is_subsequence(&rest, &v));
            assert_eq!(rest.iter().filter(|&&x| x >= limit).count(), v.iter().filter(|&&x| x >= limit).count());
            if threads == 1 {
                // One thread runs the pieces in order: exactly std's answers.
                assert_eq!(taken, distinct.iter().copied().take(n).collect::<Vec<_>>());
                assert_eq!(kept, distinct.iter().copied().skip(n).collect::<Vec<_>>());
                assert_eq!(small, v.iter().copied().take_while(|&x| x < limit).collect::<Vec<_>>());
                assert_eq!(rest, v.iter().copied().skip_while(|&x| x < limit).collect::<Vec<_>>());
            }
        });
    }

    #[test]
    fn while_some_stops_at_none(v in values(), none_at in 0..20_000usize) {
        let options: Vec<Option<u32>> = v.iter().enumerate().map(|(i, &x)| (i != none_at).then_some(x)).collect();
        let contents: Vec<u32> = options.iter().flatten().copied().collect();
        on_every_pool(|threads| {
            let got: Vec<u32> = options.par_iter().copied().while_some().collect();
            assert!(is_subsequence(&got, &contents));
            if threads == 1 || none_at >= v.len() {
                assert_eq!(got, options.iter().map_while(|x| *x).collect::<Vec<_>>());
            }
        });
    }

    #[test]
    fn for_each_with_and_init_see_every_item(v in values()) {
        let expected: u64 = v.iter().map(|&x| u64::from(x)).sum();
        on_every_pool(|_| {
            let (sender, receiver) = std::sync::mpsc::channel();
            v.par_iter().for_each_with(sender, |s, &x| s.send(u64::from(x)).unwrap());
            assert_eq!(receiver.iter().sum::<u64>(), expected);
            let total = std::sync::atomic::AtomicU64::new(0);
            v.par_iter().for_each_init(Vec::new, |seen: &mut Vec<u32>, &x| {
                seen.push(x);
                total.fetch_add(u64::from(x), Ordering::Relaxed);
            });
            assert_eq!(total.into_inner(), expected);
        });
    }
}

#[test]
fn map_init_calls_init_once_per_piece_not_per_item() {
    let pool = common::pool(1, lubdub::DEFAULT_HEARTBEAT);
    let n = common::scaled(100_000, 1_000) as u32;
    let inits = AtomicUsize::new(0);
    let init = || inits.fetch_add(1, Ordering::Relaxed);
    let sum: u64 = pool.install(|| {
        (0..n)
            .into_par_iter()
            .map_init(init, |_, x| u64::from(x))
            .sum()
    });
    assert_eq!(sum, u64::from(n) * u64::from(n - 1) / 2);
    // One thread: the loop is folded as two halves (`fold_halves` in
    // `iter/plumbing/bridge.rs`, as Rayon's bridge on one thread), one
    // piece each.
    assert_eq!(inits.into_inner(), 2, "calls of init for {n} items");
}

#[test]
fn short_circuits_stop_the_other_items() {
    let n = common::scaled(1_000_000, 10_000);
    on_every_pool(|_| {
        let visited = AtomicUsize::new(0);
        let visit = |x: usize| {
            visited.fetch_add(1, Ordering::Relaxed);
            x
        };
        let none_first: Vec<usize> = (0..n)
            .into_par_iter()
            .map(visit)
            .map(|x| (x > 0).then_some(x))
            .while_some()
            .collect();
        assert!(none_first.len() < n / 2);
        let taken = (0..n).into_par_iter().map(visit).take_any(10).count();
        assert_eq!(taken, 10);
        let below = (0..n)
            .into_par_iter()
            .map(visit)
            .take_any_while(|&x| x < 5)
            .count();
        assert!(below <= 5);
        assert!(visited.into_inner() < n, "the loops stopped early");
    });
}

#[test]
fn panic_fuse_stops_the_other_pieces() {
    let n = common::scaled(1_000_000, 10_000);
    for pool in common::loop_pools() {
        let visited = AtomicUsize::new(0);
        // The first item visited panics, on whichever thread: a panic at a
        // fixed item could come late where the thread that folds it is
        // descheduled while the others run (8 threads on 2 loaded cores).
        let result = catch_unwind(AssertUnwindSafe(|| {
            pool.install(|| {
                (0..n).into_par_iter().panic_fuse().for_each(|_| {
                    let earlier = visited.fetch_add(1, Ordering::Relaxed);
                    assert!(earlier != 0, "panic at the first item visited");
                })
            })
        }));
        assert!(result.is_err());
        assert!(visited.into_inner() < n / 2);
        assert_eq!(
            pool.install(|| (0..10).into_par_iter().panic_fuse().sum::<i32>()),
            45
        );
    }
}

#[test]
fn without_panic_fuse_the_other_items_still_run() {
    let n = common::scaled(10_000, 200);
    for pool in common::loop_pools() {
        let visited = AtomicUsize::new(0);
        let result = catch_unwind(AssertUnwindSafe(|| {
            pool.install(|| {
                // One item per chunk: only the panicking item is lost.
                (0..n).into_par_iter().with_max_len(1).for_each(|x| {
                    assert!(x != n / 2, "panic in the middle");
                    visited.fetch_add(1, Ordering::Relaxed);
                })
            })
        }));
        assert!(result.is_err(), "the panic propagates");
        assert_eq!(visited.into_inner(), n - 1);
        // Items the panic does not unwind through still run when they
        // follow it in the same piece, through both kinds of folders (on
        // one thread, those of the loop's other half: a one-seat pool folds
        // each half whole, as Rayon does on one thread).
        let after = AtomicUsize::new(0);
        let result = catch_unwind(AssertUnwindSafe(|| {
            pool.install(|| {
                (0..n).into_par_iter().for_each(|x| {
                    assert!(x != 0, "panic at the first item");
                    if x >= n - 10 {
                        after.fetch_add(1, Ordering::Relaxed);
                    }
                })
            })
        }));
        assert!(result.is_err());
        assert_eq!(after.into_inner(), 10);
    }
}

/// A loop that panics in one of its closures, and the adaptor it tests.
type PanicCase = (&'static str, Box<dyn Fn() + Sync>);

#[test]
fn panics_in_closures_propagate() {
    let n = common::scaled(50_000, 500);
    let last = n - 1;
    let cases: Vec<PanicCase> = vec![
        (
            "filter",
            Box::new(move || {
                (0..n)
                    .into_par_iter()
                    .filter(|&x| x != last || panic!())
                    .for_each(drop)
            }),
        ),
        (
            "filter_map",
            Box::new(move || {
                (0..n)
                    .into_par_iter()
                    .filter_map(|x| (x != last).then_some(x).or_else(|| panic!()))
                    .for_each(drop)
            }),
        ),
        (
            "map_with",
            Box::new(move || {
                (0..n)
                    .into_par_iter()
                    .map_with(0, |_, x| assert!(x != last))
                    .for_each(drop)
            }),
        ),
        (
            "map_init",
            Box::new(move || {
                (0..n)
                    .into_par_iter()
                    .map_init(|| 0, |_, x| assert!(x != last))
                    .for_each(drop)
            }),
        ),
        (
            "inspect",
            Box::new(move || {
                (0..n)
                    .into_par_iter()
                    .inspect(|&x| assert!(x != last))
                    .for_each(drop)
            }),
        ),
        (
            "update",
            Box::new(move || {
                (0..n)
                    .into_par_iter()
                    .update(|x| assert!(*x != last))
                    .for_each(drop)
            }),
        ),
        (
            "flat_map",
            Box::new(move || {
                (0..n)
                    .into_par_iter()
                    .flat_map(|x| {
                        assert!(x != last);
                        0..1
                    })
                    .for_each(drop)
            }),
        ),
        (
            "flat_map_iter",
            Box::new(move || {
                (0..n)
                    .into_par_iter()
                    .flat_map_iter(|x| {
                        assert!(x != last);
                        0..1
                    })
                    .for_each(drop)
            }),
        ),
        (
            "chain",
            Box::new(move || {
                (0..n)
                    .into_par_iter()
                    .chain(0..n)
                    .for_each(|x| assert!(x != last))
            }),
        ),
        (
            "intersperse",
            Box::new(move || {
                (0..n)
                    .into_par_iter()
                    .intersperse(last)
                    .for_each(|x| assert!(x != last))
            }),
        ),
        (
            "take_any_while",
            Box::new(move || {
                (0..n)
                    .into_par_iter()
                    .take_any_while(|&x| {
                        assert!(x != last);
                        true
                    })
                    .for_each(drop)
            }),
        ),
        (
            "skip_any_while",
            Box::new(move || {
                (0..n)
                    .into_par_iter()
                    .skip_any_while(|&x| {
                        assert!(x != last);
                        true
                    })
                    .for_each(drop)
            }),
        ),
    ];
    for pool in common::loop_pools() {
        for (name, case) in &cases {
            let result = catch_unwind(AssertUnwindSafe(|| pool.install(case)));
            assert!(result.is_err(), "{name}: the panic propagates");
            let v: Vec<usize> =
                pool.install(|| (0..10).into_par_iter().filter(|x| x % 2 == 0).collect());
            assert_eq!(v, [0, 2, 4, 6, 8], "{name}: the pool still works");
        }
    }
}
