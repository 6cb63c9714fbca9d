//! Collecting when things go wrong: a closure that panics mid-loop, an
//! indexed iterator whose items do not match its length, and `Option` /
//! `Result` collects that stop at the first `None` / `Err`. Every item made
//! is counted, and so is every drop: the two must match (no leak, no double
//! drop), on pools of 1, 2 and 8 threads (1 and 2 under Miri).

mod common;

use std::collections::{BTreeMap, LinkedList};
use std::ops::Range;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};

use lubdub::iter::plumbing::{bridge, Consumer, Producer, ProducerCallback, UnindexedConsumer};
use lubdub::prelude::*;

fn lengths() -> Vec<usize> {
    vec![1, 2, 9, 100, common::scaled(20_000, 300)]
}

/// Counts the items it makes and the drops of those items.
#[derive(Default)]
struct Counter {
    made: AtomicUsize,
    dropped: AtomicUsize,
}

impl Counter {
    fn make(&self, value: usize) -> Counted<'_> {
        self.made.fetch_add(1, Ordering::Relaxed);
        Counted {
            counter: self,
            value,
        }
    }

    /// Panics unless every item made was dropped exactly once.
    fn assert_balanced(&self) {
        let made = self.made.load(Ordering::Relaxed);
        let dropped = self.dropped.load(Ordering::Relaxed);
        assert_eq!(made, dropped, "items made and items dropped");
    }
}

struct Counted<'c> {
    counter: &'c Counter,
    value: usize,
}

impl Drop for Counted<'_> {
    fn drop(&mut self) {
        self.counter.dropped.fetch_add(1, Ordering::Relaxed);
    }
}

/// The panic message of `f`, which must panic.
fn panic_message(f: impl FnOnce()) -> String {
    let payload = catch_unwind(AssertUnwindSafe(f)).expect_err("the collect panics");
    match payload.downcast::<String>() {
        Ok(message) => *message,
        Err(payload) => payload
            .downcast::<&str>()
            .map(|s| s.to_string())
            .unwrap_or_default(),
    }
}

/// The items of an indexed iterator with its length hidden.
struct Unindexed<I>(I);

impl<I: ParallelIterator> ParallelIterator for Unindexed<I> {
    type Item = I::Item;

    fn drive_unindexed<C: UnindexedConsumer<I::Item>>(self, consumer: C) -> C::Result {
        self.0.drive_unindexed(consumer)
    }
}

#[test]
fn a_panic_in_map_drops_every_item_made_once() {
    for pool in common::loop_pools() {
        for n in lengths() {
            for at in [0, n / 2, n - 1] {
                let counter = Counter::default();
                let make = |i: usize| {
                    assert!(i != at, "boom at {at}");
                    counter.make(i)
                };
                pool.install(|| {
                    let message = panic_message(|| {
                        drop((0..n).into_par_iter().map(make).collect::<Vec<_>>())
                    });
                    assert_eq!(message, format!("boom at {at}"));
                    panic_message(|| {
                        drop(
                            Unindexed((0..n).into_par_iter())
                                .map(make)
                                .collect::<Vec<_>>(),
                        )
                    });
                    panic_message(|| {
                        drop((0..n).into_par_iter().map(make).collect::<LinkedList<_>>())
                    });
                    panic_message(|| {
                        let pairs = (0..n).into_par_iter().map(|i| (i, make(i)));
                        drop(pairs.collect::<BTreeMap<_, _>>())
                    });
                    panic_message(|| {
                        let results = (0..n).into_par_iter().map(|i| Ok::<_, ()>(make(i)));
                        drop(results.collect::<Result<Vec<_>, _>>())
                    });
                    panic_message(|| {
                        let pairs = (0..n).into_par_iter().map(|i| (make(i), make(i)));
                        drop(pairs.unzip::<_, _, Vec<_>, LinkedList<_>>())
                    });

                    let mut target: Vec<_> = (0..3).map(|i| counter.make(i)).collect();
                    panic_message(|| {
                        (0..n)
                            .into_par_iter()
                            .map(make)
                            .collect_into_vec(&mut target)
                    });
                    assert!(
                        target.is_empty(),
                        "collect_into_vec cleared the target first"
                    );
                    let (mut left, mut right) = (Vec::new(), vec![counter.make(0)]);
                    panic_message(|| {
                        (0..n)
                            .into_par_iter()
                            .map(|i| (make(i), make(i)))
                            .unzip_into_vecs(&mut left, &mut right)
                    });
                    assert!(left.is_empty() && right.is_empty());
                });
                counter.assert_balanced();
            }
        }
    }
}

#[test]
fn items_survive_a_collect_whole_and_in_order() {
    for pool in common::loop_pools() {
        let counter = Counter::default();
        let n = common::scaled(20_000, 300);
        let collected: Vec<_> =
            pool.install(|| (0..n).into_par_iter().map(|i| counter.make(i)).collect());
        assert!(collected.iter().map(|c| c.value).eq(0..n));
        assert_eq!(counter.dropped.load(Ordering::Relaxed), 0);
        drop(collected);
        counter.assert_balanced();
    }
}

/// An indexed iterator over `items` (without `missing`) that claims to
/// have `claimed` items.
struct Claimed {
    items: Range<usize>,
    missing: Option<usize>,
    claimed: usize,
}

impl ParallelIterator for Claimed {
    type Item = usize;

    fn drive_unindexed<C: UnindexedConsumer<usize>>(self, consumer: C) -> C::Result {
        bridge(self, consumer)
    }

    fn opt_len(&self) -> Option<usize> {
        Some(self.claimed)
    }
}

impl IndexedParallelIterator for Claimed {
    fn drive<C: Consumer<usize>>(self, consumer: C) -> C::Result {
        bridge(self, consumer)
    }

    fn len(&self) -> usize {
        self.claimed
    }

    fn with_producer<CB: ProducerCallback<usize>>(self, callback: CB) -> CB::Output {
        callback.callback(Clamped {
            items: self.items,
            missing: self.missing,
        })
    }
}

/// A range producer, without `missing`, that accepts cuts beyond its end.
struct Clamped {
    items: Range<usize>,
    missing: Option<usize>,
}

impl Producer for Clamped {
    type Item = usize;
    type IntoIter = std::vec::IntoIter<usize>;

    fn into_iter(self) -> Self::IntoIter {
        let missing = self.missing;
        let items: Vec<usize> = self.items.filter(|&i| Some(i) != missing).collect();
        items.into_iter()
    }

    fn split_at(self, index: usize) -> (Self, Self) {
        let Range { start, end } = self.items;
        let mid = start.saturating_add(index).min(end);
        let missing = self.missing;
        (
            Clamped {
                items: start..mid,
                missing,
            },
            Clamped {
                items: mid..end,
                missing,
            },
        )
    }
}

#[test]
fn too_few_items_for_the_length_panic_and_drop_what_was_written() {
    for pool in common::loop_pools() {
        for (actual, claimed) in [(0, 1), (2, 4), (10, 20), (3000, 3001)] {
            let counter = Counter::default();
            let message = pool.install(|| {
                panic_message(|| {
                    let items = Claimed {
                        items: 0..actual,
                        missing: None,
                        claimed,
                    };
                    drop(items.map(|i| counter.make(i)).collect::<Vec<_>>())
                })
            });
            let expected = format!("expected {claimed} total writes, but got {actual}");
            assert!(message.contains(&expected), "{message}");
            counter.assert_balanced();
        }
    }
}

#[test]
fn an_item_missing_in_the_middle_panics_and_drops_what_was_written() {
    for pool in common::loop_pools() {
        for n in [2, 9, 100, 3000] {
            let counter = Counter::default();
            let message = pool.install(|| {
                panic_message(|| {
                    let items = Claimed {
                        items: 0..n,
                        missing: Some(n / 2),
                        claimed: n,
                    };
                    drop(items.map(|i| counter.make(i)).collect::<Vec<_>>())
                })
            });
            assert!(
                message.contains(&format!("expected {n} total writes, but got")),
                "{message}"
            );
            counter.assert_balanced();
        }
    }
}

#[test]
fn too_many_items_for_the_length_panic_and_drop_what_was_written() {
    for pool in common::loop_pools() {
        for (actual, claimed) in [(1, 0), (4, 2), (20, 10), (3001, 3000)] {
            let counter = Counter::default();
            let mut target = Vec::new();
            let message = pool.install(|| {
                panic_message(|| {
                    let items = Claimed {
                        items: 0..actual,
                        missing: None,
                        claimed,
                    };
                    items.map(|i| counter.make(i)).collect_into_vec(&mut target)
                })
            });
            assert!(message.contains("too many values"), "{message}");
            assert!(target.is_empty());
            counter.assert_balanced();
        }
    }
}

#[test]
fn option_and_result_collects_stop_at_the_first_failure() {
    let n = common::scaled(20_000, 300);
    for pool in common::loop_pools() {
        let one_thread = pool.current_num_threads() == 1;
        for at in [0, 1, 7, n / 3, n - 1] {
            let calls = AtomicUsize::new(0);
            let call = |i: usize| {
                calls.fetch_add(1, Ordering::Relaxed);
                i
            };
            let found: Option<Vec<usize>> = pool.install(|| {
                (0..n)
                    .into_par_iter()
                    .map(|i| Some(call(i)).filter(|&i| i != at))
                    .collect()
            });
            assert_eq!(found, None);
            let made = calls.swap(0, Ordering::Relaxed);
            assert!(made <= n);
            if one_thread {
                assert_eq!(made, at + 1, "nothing runs after the first None");
            }

            let parsed: Result<Vec<usize>, String> = pool.install(|| {
                (0..n)
                    .into_par_iter()
                    .map(|i| {
                        if call(i) == at {
                            Err(format!("bad {i}"))
                        } else {
                            Ok(i)
                        }
                    })
                    .collect()
            });
            assert_eq!(parsed, Err(format!("bad {at}")));
            let made = calls.load(Ordering::Relaxed);
            if one_thread {
                assert_eq!(made, at + 1, "nothing runs after the first Err");
            }
        }
    }
}
