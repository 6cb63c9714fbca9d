//! The sorts on inputs that are sorted already, or nearly: ascending,
//! descending, and either with a few pairs swapped (as in Rayon's demo
//! program). Each is sorted as std sorts it (stably by `par_sort*`) at one
//! and two threads, at the cost the module docs promise (comparisons
//! counted), with a comparator that panics (a permutation is left) and with
//! `f64`s ordered by `partial_cmp` (no panic, NaNs included).

use std::cmp::Ordering;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

use lubdub::prelude::*;
use lubdub::ThreadPoolBuilder;

/// `0..n` (ascending or descending), with about `sqrt(n)` pairs of
/// pseudo-random positions swapped when `mostly`.
fn shape(n: usize, descending: bool, mostly: bool) -> Vec<u64> {
    let mut v: Vec<u64> = (0..n as u64).collect();
    if descending {
        v.reverse();
    }
    let mut x = 0x2545_F491_4F6C_DD1Du64;
    let mut swaps = 0;
    while mostly && swaps * swaps <= n {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        v.swap(x as usize % n, (x >> 32) as usize % n);
        swaps += 1;
    }
    v
}

fn shapes(n: usize) -> Vec<(String, Vec<u64>)> {
    let mut out = Vec::new();
    for descending in [false, true] {
        for mostly in [false, true] {
            let name = format!("descending: {descending}, mostly: {mostly}");
            out.push((name, shape(n, descending, mostly)));
        }
    }
    out
}

fn pools() -> Vec<lubdub::ThreadPool> {
    [1, 2]
        .map(|t| ThreadPoolBuilder::new().num_threads(t).build().unwrap())
        .into()
}

#[test]
fn presorted_shapes_sort_as_std_does() {
    for n in [0, 1, 2, 63, 64, 65, 1000, 50_000] {
        for (name, input) in shapes(n.max(1)) {
            let mut expected = input.clone();
            expected.sort();
            for pool in pools() {
                let mut v = input.clone();
                pool.install(|| v.par_sort_unstable());
                assert_eq!(v, expected, "unstable, {name}, n={n}");
                // Keys with many equals, tagged with their positions: the
                // stable sort keeps equal keys in input order.
                let mut tagged: Vec<(u64, usize)> =
                    input.iter().enumerate().map(|(i, &x)| (x / 4, i)).collect();
                let mut expected = tagged.clone();
                expected.sort_by_key(|t| t.0);
                pool.install(|| tagged.par_sort_by_key(|t| t.0));
                assert_eq!(tagged, expected, "stable, {name}, n={n}");
            }
        }
    }
}

#[test]
fn nearly_sorted_inputs_cost_few_comparisons() {
    let n = 50_000;
    for (name, input) in shapes(n) {
        let comparisons = AtomicUsize::new(0);
        let mut v = input.clone();
        ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap()
            .install(|| {
                v.par_sort_unstable_by(|a, b| {
                    comparisons.fetch_add(1, Relaxed);
                    a.cmp(b)
                })
            });
        assert!(v.iter().copied().eq(0..n as u64), "{name}");
        // A quicksort makes about n log2 n = 16 n comparisons; a scan, a
        // sort of the few aside and a merge, under 3 n.
        let made = comparisons.load(Relaxed);
        assert!(made < 3 * n, "{name}: {made} comparisons");
    }
}

#[test]
fn a_comparator_that_panics_leaves_a_permutation() {
    let n = 5_000;
    type Sort = fn(&mut [String], &(dyn Fn(&String, &String) -> Ordering + Sync));
    let sorts: [(&str, Sort); 2] = [
        ("unstable", |v, f| v.par_sort_unstable_by(f)),
        ("stable", |v, f| v.par_sort_by(f)),
    ];
    for (name, input) in shapes(n) {
        let input: Vec<String> = input.iter().map(|x| format!("{x:06}")).collect();
        for pool in pools() {
            for (sort_name, sort) in sorts {
                let calls = AtomicUsize::new(0);
                let counting = |a: &String, b: &String| {
                    calls.fetch_add(1, Relaxed);
                    a.cmp(b)
                };
                pool.install(|| sort(&mut input.clone(), &counting));
                let total = calls.load(Relaxed);
                for panic_at in [1, total / 3, total - total / 8, total - 1] {
                    calls.store(0, Relaxed);
                    let panicking = |a: &String, b: &String| {
                        let k = calls.fetch_add(1, Relaxed);
                        assert!(k != panic_at, "planned panic");
                        a.cmp(b)
                    };
                    let mut v = input.clone();
                    let result = catch_unwind(AssertUnwindSafe(|| {
                        pool.install(|| sort(&mut v, &panicking))
                    }));
                    let what = format!("{sort_name}, {name}, panic at {panic_at} of {total}");
                    // On two threads a merge may split where it did not
                    // in the counting run, and make fewer comparisons.
                    if pool.current_num_threads() == 1 {
                        assert!(result.is_err(), "{what}");
                    }
                    v.sort();
                    let mut expected = input.clone();
                    expected.sort();
                    assert_eq!(v, expected, "{what}");
                }
            }
        }
    }
}

#[test]
fn floats_by_partial_cmp_with_and_without_nans() {
    let n = 20_000;
    for (name, input) in shapes(n) {
        let floats: Vec<f64> = input.iter().map(|&x| x as f64 * 0.5 - 100.0).collect();
        let mut expected = floats.clone();
        expected.sort_by(f64::total_cmp);
        for pool in pools() {
            let mut v = floats.clone();
            pool.install(|| v.par_sort_unstable_by(|a, b| a.partial_cmp(b).unwrap()));
            assert_eq!(v, expected, "unstable, {name}");
            let mut v = floats.clone();
            pool.install(|| v.par_sort_by(|a, b| a.partial_cmp(b).unwrap()));
            assert_eq!(v, expected, "stable, {name}");
            // NaNs compare equal to everything: not an order, so any
            // permutation will do, but no panic and no element lost.
            let mut with_nans = floats.clone();
            for i in (0..n).step_by(97) {
                with_nans[i] = f64::NAN;
            }
            let by_partial = |a: &f64, b: &f64| a.partial_cmp(b).unwrap_or(Ordering::Equal);
            let bits = |v: &[f64]| {
                let mut b: Vec<u64> = v.iter().map(|x| x.to_bits()).collect();
                b.sort_unstable();
                b
            };
            let mut v = with_nans.clone();
            pool.install(|| v.par_sort_unstable_by(by_partial));
            assert_eq!(bits(&v), bits(&with_nans), "unstable with NaNs, {name}");
            let mut v = with_nans.clone();
            pool.install(|| v.par_sort_by(by_partial));
            assert_eq!(bits(&v), bits(&with_nans), "stable with NaNs, {name}");
        }
    }
}
