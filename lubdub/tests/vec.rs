//! `lubdub::vec` and `lubdub::string` against `Vec::drain`, `String::drain`
//! and `Vec::into_iter`, on pools of 1, 2 and 8 threads; every item moved out
//! or dropped exactly once, whether the loop runs to the end, stops early,
//! panics, or never runs.

mod common;

use std::ops::Bound;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};

use lubdub::iter::plumbing::{Consumer, Folder, Reducer, UnindexedConsumer};
use lubdub::prelude::*;
use proptest::prelude::*;

/// Counts the drops of each of `n` items: a double drop or a leak shows.
struct Drops(Vec<AtomicU8>);

impl Drops {
    fn new(n: usize) -> Self {
        Drops((0..n).map(|_| AtomicU8::new(0)).collect())
    }

    fn items(&self) -> Vec<Item<'_>> {
        (0..self.0.len())
            .map(|id| Item { id, drops: self })
            .collect()
    }

    /// Asserts that the items `ids` were dropped once and the others never.
    fn assert_dropped_once(&self, ids: impl IntoIterator<Item = usize>) {
        let mut expected = vec![0u8; self.0.len()];
        for id in ids {
            expected[id] = 1;
        }
        let actual: Vec<u8> = self.0.iter().map(|d| d.load(Ordering::Relaxed)).collect();
        assert_eq!(actual, expected);
    }
}

struct Item<'a> {
    id: usize,
    drops: &'a Drops,
}

impl Drop for Item<'_> {
    fn drop(&mut self) {
        self.drops.0[self.id].fetch_add(1, Ordering::Relaxed);
    }
}

/// A consumer that drops its items and is full once `stop` is set: a loop
/// that stops early (as `find_any` would), leaving items unconsumed.
#[derive(Clone, Copy)]
struct StopWhen<'a> {
    stop: &'a AtomicBool,
    at_id: usize,
}

struct Nothing;

impl Reducer<()> for Nothing {
    fn reduce(self, _: (), _: ()) {}
}

impl<'a, 'd> Consumer<Item<'d>> for StopWhen<'a> {
    type Folder = Self;
    type Reducer = Nothing;
    type Result = ();
    fn split_at(self, _: usize) -> (Self, Self, Nothing) {
        (self, self, Nothing)
    }
    fn into_folder(self) -> Self {
        self
    }
    fn full(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}

impl<'a, 'd> UnindexedConsumer<Item<'d>> for StopWhen<'a> {
    fn split_off_left(&self) -> Self {
        *self
    }
    fn to_reducer(&self) -> Nothing {
        Nothing
    }
}

impl<'a, 'd> Folder<Item<'d>> for StopWhen<'a> {
    type Result = ();
    fn consume(self, item: Item<'d>) -> Self {
        if item.id == self.at_id {
            self.stop.store(true, Ordering::Relaxed);
        }
        self
    }
    fn complete(self) {}
    fn full(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}

/// Any range of a vector of length `len`, as a pair of bounds.
fn bounds(len: usize) -> impl Strategy<Value = (Bound<usize>, Bound<usize>)> {
    let bound = move || {
        prop_oneof![
            Just(Bound::Unbounded),
            (0..=len).prop_map(Bound::Included),
            (0..=len).prop_map(Bound::Excluded),
        ]
    };
    (bound(), bound()).prop_filter("a valid range", move |(start, end)| {
        let start = match start {
            Bound::Unbounded => 0,
            Bound::Included(i) => *i,
            Bound::Excluded(i) => i + 1,
        };
        let end = match end {
            Bound::Unbounded => len,
            Bound::Included(i) => i + 1,
            Bound::Excluded(i) => *i,
        };
        start <= end && end <= len
    })
}

fn vec_and_range() -> impl Strategy<Value = (Vec<u32>, (Bound<usize>, Bound<usize>))> {
    proptest::collection::vec(any::<u32>(), 0..200)
        .prop_flat_map(|v| (Just(v.clone()), bounds(v.len())))
}

proptest! {
    #![proptest_config(common::cases(48, 4))]

    #[test]
    fn into_par_iter_moves_every_item_in_order(v in proptest::collection::vec(any::<u32>(), 0..300)) {
        for pool in common::loop_pools() {
            let moved: Vec<u32> = pool.install(|| v.clone().into_par_iter().collect());
            assert_eq!(moved, v);
            let boxed: Vec<u32> = pool.install(|| v.clone().into_boxed_slice().into_par_iter().collect());
            assert_eq!(boxed, v);
        }
    }

    #[test]
    fn par_drain_matches_drain((v, range) in vec_and_range()) {
        let mut expected = v.clone();
        let expected_drained: Vec<u32> = expected.drain(range).collect();
        for pool in common::loop_pools() {
            let mut w = v.clone();
            let drained: Vec<u32> = pool.install(|| w.par_drain(range).collect());
            assert_eq!(drained, expected_drained);
            assert_eq!(w, expected);
            assert!(w.capacity() >= v.len());
            // A drain that never runs removes the range as well.
            let mut w = v.clone();
            drop(w.par_drain(range));
            assert_eq!(w, expected);
        }
    }

    #[test]
    fn string_par_drain_matches_drain(s in "[a-zé😀 ]{0,40}", cut in any::<(usize, usize)>()) {
        let boundaries: Vec<usize> = (0..=s.len()).filter(|&i| s.is_char_boundary(i)).collect();
        let (a, b) = (boundaries[cut.0 % boundaries.len()], boundaries[cut.1 % boundaries.len()]);
        let range = a.min(b)..a.max(b);
        let mut expected = s.clone();
        let expected_drained: Vec<char> = expected.drain(range.clone()).collect();
        for pool in common::loop_pools() {
            let mut t = s.clone();
            let drained: Vec<char> = pool.install(|| t.par_drain(range.clone()).collect());
            assert_eq!(drained, expected_drained);
            assert_eq!(t, expected);
            let mut t = s.clone();
            drop(t.par_drain(range.clone()));
            assert_eq!(t, expected);
        }
    }
}

#[test]
fn every_item_is_dropped_once_when_the_loop_runs_to_the_end() {
    let n = common::scaled(20_000, 300);
    for pool in common::loop_pools() {
        let drops = Drops::new(n);
        let count = pool.install(|| drops.items().into_par_iter().count());
        assert_eq!(count, n);
        drops.assert_dropped_once(0..n);

        let drops = Drops::new(n);
        let mut items = drops.items();
        let ids: Vec<usize> =
            pool.install(|| items.par_drain(n / 4..n / 2).map(|i| i.id).collect());
        assert_eq!(ids, (n / 4..n / 2).collect::<Vec<_>>());
        drops.assert_dropped_once(n / 4..n / 2);
        assert_eq!(items.len(), n - n / 4);
        drop(items);
        drops.assert_dropped_once(0..n);
    }
}

#[test]
fn every_item_is_dropped_once_when_the_loop_stops_early() {
    let n = common::scaled(20_000, 300);
    for pool in common::loop_pools() {
        let drops = Drops::new(n);
        let stop = AtomicBool::new(false);
        let consumer = StopWhen {
            stop: &stop,
            at_id: 10,
        };
        pool.install(|| drops.items().into_par_iter().drive_unindexed(consumer));
        assert!(stop.load(Ordering::Relaxed));
        drops.assert_dropped_once(0..n);

        // The drain's tail moves down over the range, which is gone.
        let drops = Drops::new(n);
        let mut items = drops.items();
        let stop = AtomicBool::new(false);
        let consumer = StopWhen {
            stop: &stop,
            at_id: n / 3,
        };
        pool.install(|| items.par_drain(n / 4..n / 2).drive_unindexed(consumer));
        drops.assert_dropped_once(n / 4..n / 2);
        let left: Vec<usize> = items.iter().map(|i| i.id).collect();
        assert_eq!(left, (0..n / 4).chain(n / 2..n).collect::<Vec<_>>());
    }
}

#[test]
fn every_item_is_dropped_once_when_a_closure_panics() {
    let n = common::scaled(20_000, 300);
    for pool in common::loop_pools() {
        let drops = Drops::new(n);
        let result = catch_unwind(AssertUnwindSafe(|| {
            pool.install(|| {
                drops
                    .items()
                    .into_par_iter()
                    .for_each(|item| assert!(item.id != n / 2, "item panic"))
            })
        }));
        assert!(result.is_err());
        drops.assert_dropped_once(0..n);

        let drops = Drops::new(n);
        let mut items = drops.items();
        let result = catch_unwind(AssertUnwindSafe(|| {
            pool.install(|| {
                items
                    .par_drain(n / 4..)
                    .for_each(|item| assert!(item.id != n / 3, "item panic"))
            })
        }));
        assert!(result.is_err());
        drops.assert_dropped_once(n / 4..n);
        assert_eq!(items.len(), n / 4);
    }
}

#[test]
fn empty_and_one_item_vectors() {
    for pool in common::loop_pools() {
        pool.install(|| {
            assert_eq!(Vec::<u8>::new().into_par_iter().count(), 0);
            assert_eq!(vec![5u8].into_par_iter().collect::<Vec<_>>(), [5]);
            let mut v = vec![1, 2];
            assert_eq!(v.par_drain(2..).count(), 0);
            assert_eq!(v.par_drain(1..1).count(), 0);
            assert_eq!(v, [1, 2]);
            assert_eq!(v.par_drain(..1).collect::<Vec<_>>(), [1]);
            assert_eq!(v, [2]);
            let mut s = String::new();
            assert_eq!(s.par_drain(..).count(), 0);
        });
    }
}

#[test]
fn bad_drain_ranges_panic() {
    let panics = |f: &dyn Fn()| catch_unwind(AssertUnwindSafe(f)).is_err();
    let mut v = vec![1, 2, 3];
    let mut s = String::from("aé");
    assert!(panics(&|| drop(v.clone().par_drain(..4))));
    assert!(panics(&|| drop(
        v.clone()
            .par_drain((Bound::Included(2), Bound::Excluded(1)))
    )));
    assert!(panics(&|| drop(
        v.clone()
            .par_drain((Bound::Excluded(usize::MAX), Bound::Unbounded))
    )));
    assert!(panics(&|| drop(v.clone().par_drain(..=usize::MAX))));
    assert!(panics(&|| drop(s.clone().par_drain(2..))));
    assert!(panics(&|| drop(s.clone().par_drain(..9))));
    // Nothing was touched.
    assert_eq!(v.par_drain(..).count(), 3);
    assert_eq!(s.par_drain(1..).collect::<Vec<char>>(), ['é']);
}
