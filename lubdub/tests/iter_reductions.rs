//! The reductions and searches of `ParallelIterator` (`reduce`, `fold`,
//! `try_*`, `min`/`max`, `find_*`, `any`/`all`, `product`) against their
//! sequential `Iterator` counterparts, on pools of 1, 2 and 8 threads (1
//! and 2 under Miri) with a heartbeat at every poll (loops split whenever a
//! thread is idle) and the default one; short-circuits counted in items
//! visited; panics in closures.

mod common;

use std::num::Wrapping;
use std::ops::ControlFlow;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};

use lubdub::prelude::*;
use proptest::prelude::*;

/// Empty, one item, lengths around the driver's chunk sizes, and a long one.
fn values() -> impl Strategy<Value = Vec<u32>> {
    let len = prop_oneof![
        Just(0usize),
        Just(1usize),
        0..300usize,
        Just(common::scaled(10_000, 300))
    ];
    len.prop_flat_map(|n| proptest::collection::vec(0..1000u32, n))
}

/// A property that holds for about one item in `n`.
fn rare(n: u32) -> impl Fn(&u32) -> bool + Sync + Send + Copy {
    move |&x| x % n == 3
}

proptest! {
    #![proptest_config(common::cases(16, 2))]

    #[test]
    fn reductions_match_sequential(v in values()) {
        for pool in common::loop_pools() {
            pool.install(|| {
                let add = u32::wrapping_add;
                assert_eq!(v.par_iter().map(|&x| x).reduce(|| 0, add), v.iter().copied().fold(0, add));
                assert_eq!(v.par_iter().map(|&x| x).reduce_with(add), v.iter().copied().reduce(add));
                // Order is kept: string concatenation is associative, not commutative.
                let text = |x: &u32| x.to_string() + ",";
                assert_eq!(v.par_iter().map(text).reduce(String::new, |a, b| a + &b),
                    v.iter().map(text).collect::<String>());
                let factor = |&x: &u32| Wrapping(u64::from(x % 3 + 1));
                assert_eq!(v.par_iter().map(factor).product::<Wrapping<u64>>(), v.iter().map(factor).product());
            });
        }
    }

    #[test]
    fn fallible_reductions_match_sequential(v in values()) {
        for pool in common::loop_pools() {
            pool.install(|| {
                // u16 sums overflow for the long inputs only.
                let small = |&x: &u32| Some(x as u16);
                let checked: Option<u16> = v.iter().map(small).try_fold(0u16, |a, b| a.checked_add(b?));
                assert_eq!(v.par_iter().map(small).try_reduce(|| 0, u16::checked_add), checked);
                let expected_with = if v.is_empty() { None } else { Some(checked) };
                assert_eq!(v.par_iter().map(small).try_reduce_with(u16::checked_add), expected_with);
                // An item that is a failure, with `Result`.
                let parsed = |&x: &u32| if rare(97)(&x) { Err(x) } else { Ok(x) };
                let sum = v.par_iter().map(parsed).try_reduce(|| 0, |a, b| Ok(a + b));
                match v.iter().position(rare(97)) {
                    None => assert_eq!(sum, Ok(v.iter().sum())),
                    Some(_) => assert!(sum.is_err_and(|x| rare(97)(&x))),
                }
                // Folds: one accumulator per piece, in order.
                let pieces: Vec<Vec<u32>> = v.par_iter().fold(Vec::new, |mut acc, &x| { acc.push(x); acc }).collect();
                assert_eq!(pieces.concat(), v);
                let pieces: Vec<Vec<u32>> = v.par_iter().fold_with(Vec::new(), |mut acc, &x| { acc.push(x); acc }).collect();
                assert_eq!(pieces.concat(), v);
                let folded = v.par_iter().try_fold(|| 0u16, |a, &x| a.checked_add(x as u16)).try_reduce(|| 0, u16::checked_add);
                assert_eq!(folded, checked);
                let folded = v.par_iter().try_fold_with(0u16, |a, &x| a.checked_add(x as u16)).try_reduce(|| 0, u16::checked_add);
                assert_eq!(folded, checked);
            });
        }
    }

    #[test]
    fn try_for_each_matches_sequential(v in values()) {
        for pool in common::loop_pools() {
            pool.install(|| {
                let fails = v.iter().any(rare(50));
                let check = |x: &u32| if rare(50)(x) { Err(*x) } else { Ok(()) };
                let result = v.par_iter().try_for_each(check);
                assert_eq!(result.is_err(), fails);
                assert!(result.err().is_none_or(|x| rare(50)(&x)));
                let flow = v.par_iter().try_for_each(|x| if rare(50)(x) { ControlFlow::Break(*x) } else { ControlFlow::Continue(()) });
                assert_eq!(flow.is_break(), fails);
                let option = v.par_iter().try_for_each(|x| (!rare(50)(x)).then_some(()));
                assert_eq!(option.is_none(), fails);
                // The state each piece gets: a clone, or made by `init`.
                let with = v.par_iter().try_for_each_with(50u32, |n, x| if rare(*n)(x) { Err(*x) } else { Ok(()) });
                assert_eq!(with.is_err(), fails);
                let visited = AtomicUsize::new(0);
                let init = v.par_iter().try_for_each_init(Vec::new, |seen, &x| {
                    seen.push(x);
                    visited.fetch_add(1, Ordering::Relaxed);
                    if rare(50)(&x) { Err(seen.len()) } else { Ok(()) }
                });
                assert_eq!(init.is_err(), fails);
                if !fails {
                    assert_eq!(visited.into_inner(), v.len());
                }
            });
        }
    }

    #[test]
    fn min_and_max_match_sequential_with_ties(v in values()) {
        for pool in common::loop_pools() {
            pool.install(|| {
                assert_eq!(v.par_iter().min(), v.iter().min());
                assert_eq!(v.par_iter().max(), v.iter().max());
                // Many equal keys: the index tells which of them comes back.
                let key = |x: &(&u32, usize)| *x.0 / 100;
                let indexed = || v.par_iter().zip(0..v.len());
                let seq = || v.iter().enumerate().map(|(i, x)| (x, i));
                assert_eq!(indexed().min_by_key(key), seq().min_by_key(key));
                assert_eq!(indexed().max_by_key(key), seq().max_by_key(key));
                let cmp = |a: &(&u32, usize), b: &(&u32, usize)| (a.0 / 100).cmp(&(b.0 / 100));
                assert_eq!(indexed().min_by(cmp), seq().min_by(cmp));
                assert_eq!(indexed().max_by(cmp), seq().max_by(cmp));
                // `min`/`max` themselves, on items that compare equal by key only.
                let tagged = || v.iter().enumerate().map(|(index, &x)| ByKey { key: x / 100, index });
                let tags: Vec<ByKey> = tagged().collect();
                let index = |found: Option<&ByKey>| found.map(|t| t.index);
                assert_eq!(index(tags.par_iter().min()), index(tags.iter().min()));
                assert_eq!(index(tags.par_iter().max()), index(tags.iter().max()));
                assert_eq!(index(tags.par_iter().min()), tagged().min().map(|t| t.index));
            });
        }
    }

    #[test]
    fn searches_match_sequential(v in values(), n in 2..60u32) {
        for pool in common::loop_pools() {
            pool.install(|| {
                let p = rare(n);
                let indexed = || v.par_iter().zip(0..v.len());
                let position = |found: Option<(&u32, usize)>| found.map(|(_, i)| i);
                assert_eq!(position(indexed().find_first(|(x, _)| p(x))), v.iter().position(p));
                assert_eq!(position(indexed().find_last(|(x, _)| p(x))), v.iter().rposition(p));
                let any = v.par_iter().find_any(|x| p(x));
                assert_eq!(any.is_some(), v.iter().any(p));
                assert!(any.is_none_or(p));
                #[allow(deprecated)]
                let found = v.par_iter().find(|x| p(x));
                assert_eq!(found.is_some(), v.iter().any(p));
                let half = |x: &u32| p(x).then_some(x / 2);
                assert_eq!(v.par_iter().find_map_first(half), v.iter().find_map(half));
                assert_eq!(v.par_iter().find_map_last(half), v.iter().rev().find_map(half));
                let some = v.par_iter().find_map_any(half);
                assert_eq!(some.is_some(), v.iter().any(p));
                assert!(some.is_none_or(|h| v.iter().any(|x| p(x) && x / 2 == h)));
                assert_eq!(v.par_iter().any(p), v.iter().any(p));
                assert_eq!(v.par_iter().all(|x| !p(x)), v.iter().all(|x| !p(x)));
            });
        }
    }
}

/// An item ordered by `key` alone, so that equal items can be told apart
/// by `index`.
#[derive(Debug)]
struct ByKey {
    key: u32,
    index: usize,
}

impl PartialEq for ByKey {
    fn eq(&self, other: &Self) -> bool {
        self.key == other.key
    }
}

impl Eq for ByKey {}

impl PartialOrd for ByKey {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for ByKey {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.key.cmp(&other.key)
    }
}

/// Counts the items a search looks at.
struct Visits(AtomicUsize);

impl Visits {
    fn new() -> Self {
        Visits(AtomicUsize::new(0))
    }

    fn visit(&self) {
        self.0.fetch_add(1, Ordering::Relaxed);
    }

    fn take(&self) -> usize {
        self.0.swap(0, Ordering::Relaxed)
    }
}

/// A long range for the short-circuit tests; 1 in every 1000 items from the
/// second on matches.
fn huge() -> u64 {
    common::scaled(1 << 24, 2000) as u64
}

fn hit(x: u64) -> bool {
    x % 1000 == 1
}

#[test]
fn searches_and_fallible_loops_stop_early() {
    let visits = Visits::new();
    for pool in common::loop_pools() {
        let single = pool.current_num_threads() == 1;
        pool.install(|| {
            let total = huge() as usize;
            let seen = |x: u64| {
                visits.visit();
                hit(x)
            };
            // On one thread nothing splits: each stops right at the first match.
            // Elsewhere, the rest of the first chunk after item 1 is never visited.
            let stopped = |visited: usize, exact: usize| {
                assert!(visited < total);
                if single {
                    assert_eq!(visited, exact);
                }
            };
            assert!(hit((0..huge())
                .into_par_iter()
                .find_any(|&x| seen(x))
                .unwrap()));
            stopped(visits.take(), 2);
            assert_eq!(
                (0..huge()).into_par_iter().find_first(|&x| seen(x)),
                Some(1)
            );
            stopped(visits.take(), 2);
            assert!((0..huge()).into_par_iter().any(seen));
            stopped(visits.take(), 2);
            assert!(!(0..huge()).into_par_iter().all(|x| !seen(x)));
            stopped(visits.take(), 2);
            let result =
                (0..huge())
                    .into_par_iter()
                    .try_for_each(|x| if seen(x) { Err(x) } else { Ok(()) });
            assert!(result.is_err_and(hit));
            stopped(visits.take(), 2);
            let sum = (0..huge())
                .into_par_iter()
                .map(|x| (!seen(x)).then_some(x))
                .try_reduce(|| 0, |a, b| Some(a + b));
            assert_eq!(sum, None);
            stopped(visits.take(), 2);
            // find_last scans from the front, so it stops only pieces left of a match.
            let last = (0..huge()).rev().find(|&x| hit(x));
            assert_eq!((0..huge()).into_par_iter().find_last(|&x| seen(x)), last);
            assert!(visits.take() <= total);
        });
    }
}

#[test]
fn fold_accumulators_cover_every_item_once() {
    for pool in common::loop_pools() {
        pool.install(|| {
            let empty: Vec<usize> = (0..0).into_par_iter().fold(|| 0, |n, _| n + 1).collect();
            assert!(empty.iter().all(|&n| n == 0) && empty.len() <= 1);
            let sizes: Vec<usize> = (0..5000).into_par_iter().fold(|| 0, |n, _| n + 1).collect();
            assert_eq!(sizes.iter().sum::<usize>(), 5000);
            assert!(!sizes.is_empty());
        });
    }
}

#[test]
fn panics_in_closures_propagate() {
    let n = common::scaled(100_000, 500) as u32;
    let boom = move |x: u32| {
        if x == n - 7 {
            panic!("boom at {x}");
        }
    };
    type Check = Box<dyn Fn(u32, &(dyn Fn(u32) + Sync)) + Sync>;
    let checks: Vec<(&str, Check)> = vec![
        (
            "reduce",
            Box::new(|n, b| {
                // Both operands, as for `try_reduce` below.
                let _ = (0..n).into_par_iter().reduce(
                    || 0,
                    |a, x| {
                        b(a);
                        b(x);
                        a + x
                    },
                );
            }),
        ),
        (
            "reduce_with",
            Box::new(|n, b| {
                let _ = (0..n).into_par_iter().reduce_with(|a, x| {
                    b(a);
                    b(x);
                    a.max(x)
                });
            }),
        ),
        (
            "try_reduce",
            Box::new(|n, b| {
                // Both operands are checked: a folder takes its piece's
                // first item as its start, never as `x`, and a piece may
                // start at the panicking item.
                let _ = (0..n).into_par_iter().map(Some).try_reduce(
                    || 0,
                    |a, x| {
                        b(a);
                        b(x);
                        Some(a.max(x))
                    },
                );
            }),
        ),
        (
            "try_reduce_with",
            Box::new(|n, b| {
                let _ = (0..n).into_par_iter().map(Some).try_reduce_with(|a, x| {
                    b(a);
                    b(x);
                    Some(a.max(x))
                });
            }),
        ),
        (
            "try_for_each",
            Box::new(|n, b| {
                let _ = (0..n).into_par_iter().try_for_each(|x| {
                    b(x);
                    Some(())
                });
            }),
        ),
        (
            "try_for_each_with",
            Box::new(|n, b| {
                let _ = (0..n).into_par_iter().try_for_each_with((), |_, x| {
                    b(x);
                    Some(())
                });
            }),
        ),
        (
            "try_for_each_init",
            Box::new(|n, b| {
                let _ = (0..n).into_par_iter().try_for_each_init(
                    || (),
                    |_, x| {
                        b(x);
                        Some(())
                    },
                );
            }),
        ),
        (
            "fold",
            Box::new(|n, b| {
                let _ = (0..n)
                    .into_par_iter()
                    .fold(
                        || 0,
                        |a, x| {
                            b(x);
                            a + x
                        },
                    )
                    .sum::<u32>();
            }),
        ),
        (
            "fold_with",
            Box::new(|n, b| {
                let _ = (0..n)
                    .into_par_iter()
                    .fold_with(0, |a, x| {
                        b(x);
                        a + x
                    })
                    .sum::<u32>();
            }),
        ),
        (
            "try_fold",
            Box::new(|n, b| {
                let _ = (0..n)
                    .into_par_iter()
                    .try_fold(
                        || 0,
                        |a, x| {
                            b(x);
                            Some(a.max(x))
                        },
                    )
                    .try_reduce(|| 0, |a, c| Some(a.max(c)));
            }),
        ),
        (
            "try_fold_with",
            Box::new(|n, b| {
                let _ = (0..n)
                    .into_par_iter()
                    .try_fold_with(0, |a, x| {
                        b(x);
                        Some(a.max(x))
                    })
                    .try_reduce(|| 0, |a, c| Some(a.max(c)));
            }),
        ),
        (
            "min_by",
            Box::new(|n, b| {
                let _ = (0..n).into_par_iter().min_by(|x, y| {
                    b(*x);
                    b(*y);
                    x.cmp(y)
                });
            }),
        ),
        (
            "max_by_key",
            Box::new(|n, b| {
                let _ = (0..n).into_par_iter().max_by_key(|&x| {
                    b(x);
                    x
                });
            }),
        ),
        (
            "find_any",
            Box::new(|n, b| {
                let _ = (0..n).into_par_iter().find_any(|&x| {
                    b(x);
                    false
                });
            }),
        ),
        (
            "find_first",
            Box::new(|n, b| {
                let _ = (0..n).into_par_iter().find_first(|&x| {
                    b(x);
                    false
                });
            }),
        ),
        (
            "find_last",
            Box::new(|n, b| {
                let _ = (0..n).into_par_iter().find_last(|&x| {
                    b(x);
                    false
                });
            }),
        ),
        (
            "find_map_first",
            Box::new(|n, b| {
                let _ = (0..n).into_par_iter().find_map_first(|x| {
                    b(x);
                    None::<u32>
                });
            }),
        ),
        (
            "any",
            Box::new(|n, b| {
                let _ = (0..n).into_par_iter().any(|x| {
                    b(x);
                    false
                });
            }),
        ),
        (
            "all",
            Box::new(|n, b| {
                let _ = (0..n).into_par_iter().all(|x| {
                    b(x);
                    true
                });
            }),
        ),
    ];
    for pool in common::loop_pools() {
        for (name, check) in &checks {
            let result = catch_unwind(AssertUnwindSafe(|| pool.install(|| check(n, &boom))));
            assert!(result.is_err(), "{name}: the panic propagates");
        }
        let product = pool.install(|| (1..11u64).into_par_iter().product::<u64>());
        assert_eq!(product, 3_628_800, "the pool works after the panics");
    }
}
