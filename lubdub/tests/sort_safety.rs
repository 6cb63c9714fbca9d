//! Every parallel sort with user code that misbehaves: a comparator, key or
//! `Ord` that panics (the slice is left a permutation, every element
//! dropped exactly once, and only when the slice is), one that answers at
//! random (no panic, a permutation), zero-sized elements, and a comparator
//! that changes the elements through a `Cell` (no change is lost).

mod common;

use std::cell::Cell;
use std::cmp::Ordering;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::sync::Once;
use std::time::Duration;

use lubdub::prelude::*;

/// What the elements' comparisons and keys do, shared by all elements of
/// one sort: count calls, panic at one of them, answer at random, count
/// drops per element.
struct Control {
    calls: AtomicUsize,
    panic_at: usize,
    random: bool,
    drops: Vec<AtomicUsize>,
}

const PANIC_MESSAGE: &str = "planned panic in user code";

impl Control {
    fn new(n: usize, panic_at: usize, random: bool) -> Self {
        Control {
            calls: AtomicUsize::new(0),
            panic_at,
            random,
            drops: (0..n).map(|_| AtomicUsize::new(0)).collect(),
        }
    }

    /// Counts a call of user code; panics at the planned one. Returns a
    /// pseudo-random number.
    fn call(&self) -> u64 {
        let k = self.calls.fetch_add(1, Relaxed);
        assert!(k != self.panic_at, "{PANIC_MESSAGE}");
        scramble(k as u64)
    }

    fn drops_of(&self) -> Vec<usize> {
        self.drops.iter().map(|d| d.load(Relaxed)).collect()
    }
}

fn scramble(mut x: u64) -> u64 {
    x = (x + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    x ^= x >> 31;
    x.wrapping_mul(0xBF58_476D_1CE4_E5B9) ^ (x >> 29)
}

/// An element that owns a heap allocation and counts its drops.
struct Tracked<'a> {
    id: usize,
    key: Box<u32>,
    control: &'a Control,
}

impl Tracked<'_> {
    fn key(&self) -> u32 {
        let random = self.control.call();
        if self.control.random {
            random as u32 % 8
        } else {
            *self.key
        }
    }
}

impl Ord for Tracked<'_> {
    fn cmp(&self, other: &Self) -> Ordering {
        let random = self.control.call();
        if self.control.random {
            [Ordering::Less, Ordering::Equal, Ordering::Greater][random as usize % 3]
        } else {
            self.key.cmp(&other.key)
        }
    }
}

impl PartialOrd for Tracked<'_> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq for Tracked<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Tracked<'_> {}

impl Drop for Tracked<'_> {
    fn drop(&mut self) {
        self.control.drops[self.id].fetch_add(1, Relaxed);
    }
}

type Method = fn(&mut [Tracked<'_>]);

/// Every sort, each through the element's `Ord` or `key`.
const METHODS: [(&str, Method); 7] = [
    ("par_sort", |v| v.par_sort()),
    ("par_sort_by", |v| v.par_sort_by(|a, b| a.cmp(b))),
    ("par_sort_by_key", |v| v.par_sort_by_key(|t| t.key())),
    ("par_sort_by_cached_key", |v| {
        v.par_sort_by_cached_key(|t| t.key())
    }),
    ("par_sort_unstable", |v| v.par_sort_unstable()),
    ("par_sort_unstable_by", |v| {
        v.par_sort_unstable_by(|a, b| a.cmp(b))
    }),
    ("par_sort_unstable_by_key", |v| {
        v.par_sort_unstable_by_key(|t| t.key())
    }),
];

fn pools() -> Vec<lubdub::ThreadPool> {
    let threads: &[usize] = if cfg!(miri) { &[1, 2] } else { &[1, 2, 8] };
    threads
        .iter()
        .map(|&t| common::pool(t, Duration::ZERO))
        .collect()
}

/// The planned panics print nothing; every other panic prints as usual.
fn quiet_planned_panics() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let default = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let planned = info
                .payload()
                .downcast_ref::<String>()
                .is_some_and(|s| s.contains(PANIC_MESSAGE));
            if !planned {
                default(info);
            }
        }));
    });
}

/// The elements of a sort, with keys of `distinct` values (few distinct
/// values take another path in the stable sort).
fn elements(control: &Control, distinct: u32) -> Vec<Tracked<'_>> {
    (0..control.drops.len())
        .map(|id| Tracked {
            id,
            key: Box::new(scramble(id as u64 + 1000) as u32 % distinct),
            control,
        })
        .collect()
}

/// `v` holds each element once, and nothing was dropped yet; after `v` is
/// dropped, each element was dropped once.
fn check_permutation_then_drop(v: Vec<Tracked<'_>>, control: &Control, what: &str) {
    let n = control.drops.len();
    assert_eq!(
        control.drops_of(),
        vec![0; n],
        "{what}: dropped during the sort"
    );
    let mut ids: Vec<usize> = v.iter().map(|t| t.id).collect();
    ids.sort_unstable();
    assert_eq!(ids, (0..n).collect::<Vec<_>>(), "{what}: not a permutation");
    drop(v);
    assert_eq!(control.drops_of(), vec![1; n], "{what}: not dropped once");
}

#[test]
fn a_panic_in_user_code_leaves_a_permutation_dropped_once() {
    quiet_planned_panics();
    let n = common::scaled(2_000, 40);
    let panic_points: &[usize] = if cfg!(miri) {
        &[0, 30, 150]
    } else {
        &[0, 7, 70, 700, 7_000]
    };
    for pool in pools() {
        for (name, sort) in METHODS {
            for (&panic_at, distinct) in panic_points.iter().flat_map(|p| [(p, 4), (p, 100)]) {
                let what = format!("{name}, {distinct} keys, panic at call {panic_at}");
                let control = Control::new(n, panic_at, false);
                let mut v = elements(&control, distinct);
                let result = catch_unwind(AssertUnwindSafe(|| pool.install(|| sort(&mut v))));
                let reached = control.calls.load(Relaxed) > panic_at;
                assert_eq!(result.is_err(), reached, "{what}: the panic propagates");
                if !reached {
                    assert!(v.windows(2).all(|w| w[0].key <= w[1].key), "{what}");
                }
                check_permutation_then_drop(v, &control, &what);
            }
        }
    }
}

#[test]
fn random_answers_give_a_permutation_without_panic() {
    let lengths: Vec<usize> = (0..25).chain([100, common::scaled(3_000, 60)]).collect();
    for pool in pools() {
        for (name, sort) in METHODS {
            for &n in &lengths {
                let control = Control::new(n, usize::MAX, true);
                let mut v = elements(&control, 100);
                pool.install(|| sort(&mut v));
                check_permutation_then_drop(v, &control, &format!("{name}, {n} elements"));
            }
        }
    }
}

#[test]
fn zero_sized_elements() {
    for pool in pools() {
        for n in [0, 1, 2, 17, common::scaled(10_000, 100)] {
            pool.install(|| {
                let mut v = vec![(); n];
                v.par_sort();
                v.par_sort_by(|a, b| a.cmp(b));
                v.par_sort_by_key(|_| 1);
                v.par_sort_by_cached_key(|_| 1);
                v.par_sort_unstable();
                v.par_sort_unstable_by(|a, b| a.cmp(b));
                v.par_sort_unstable_by_key(|_| 1);
                let calls = AtomicUsize::new(0);
                let random = |_: &(), _: &()| {
                    let k = scramble(calls.fetch_add(1, Relaxed) as u64);
                    [Ordering::Less, Ordering::Equal, Ordering::Greater][k as usize % 3]
                };
                v.par_sort_by(random);
                v.par_sort_unstable_by(random);
                assert_eq!(v.len(), n);
            });
        }
    }
}

/// An element that a comparator marks through a `Cell`.
struct Seen {
    key: u32,
    seen: Cell<u32>,
}

#[test]
fn changes_through_interior_mutability_are_kept() {
    let n = common::scaled(5_000, 60) as u32;
    for pool in pools() {
        for (stable, distinct) in [(true, 3), (true, 500), (false, 500)] {
            let mut v: Vec<Seen> = (0..n)
                .map(|i| Seen {
                    key: scramble(u64::from(i)) as u32 % distinct,
                    seen: Cell::new(0),
                })
                .collect();
            let comparisons = AtomicUsize::new(0);
            let compare = |a: &Seen, b: &Seen| {
                comparisons.fetch_add(1, Relaxed);
                a.seen.set(a.seen.get() + 1);
                b.seen.set(b.seen.get() + 1);
                a.key.cmp(&b.key)
            };
            pool.install(|| {
                if stable {
                    v.par_sort_by(compare);
                } else {
                    v.par_sort_unstable_by(compare);
                }
            });
            assert!(v.windows(2).all(|w| w[0].key <= w[1].key));
            let marks: usize = v.iter().map(|s| s.seen.get() as usize).sum();
            let what = format!("stable: {stable}, {distinct} keys");
            assert_eq!(marks, 2 * comparisons.load(Relaxed), "{what}");
        }
    }
}
