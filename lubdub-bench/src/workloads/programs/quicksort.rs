//! Quicksort of random `u64`s: a sequential partition around the median of
//! three, then the two sides sorted by `join`. Small pieces are sorted by
//! insertion, as in `mergesort.rs`.

use super::{insertion_sort, random_u64s, Program, INSERTION};
use crate::check::{expect_same, Mismatch};
use crate::experiment::{Experiment, Heading};

/// Partitions `v` (at least 3 long) around the median of its first, middle
/// and last elements; returns the pivot's final index: smaller elements are
/// before it, the others after.
fn partition(v: &mut [u64]) -> usize {
    let last = v.len() - 1;
    let mid = v.len() / 2;
    if v[mid] < v[0] {
        v.swap(mid, 0);
    }
    if v[last] < v[0] {
        v.swap(last, 0);
    }
    if v[last] < v[mid] {
        v.swap(last, mid);
    }
    v.swap(mid, last);
    let pivot = v[last];
    let mut store = 0;
    for j in 0..last {
        if v[j] < pivot {
            v.swap(store, j);
            store += 1;
        }
    }
    v.swap(store, last);
    store
}

/// Sorts `v`.
fn quicksort(v: &mut [u64]) {
    if v.len() <= INSERTION {
        return insertion_sort(v);
    }
    let p = partition(v);
    let (left, right) = v.split_at_mut(p);
    quicksort(left);
    quicksort(&mut right[1..]);
}

/// The parallel sort, written once for each runtime.
macro_rules! parallel {
    ($rt:ident) => {
        /// [`super::quicksort`] with the two sides sorted by `join`.
        pub fn quicksort(v: &mut [u64]) {
            if v.len() <= INSERTION {
                return insertion_sort(v);
            }
            let p = partition(v);
            let (left, right) = v.split_at_mut(p);
            $rt::join(|| quicksort(left), || quicksort(&mut right[1..]));
        }
    };
}

on_both_runtimes!(parallel);

sort_program! {
    /// The program.
    Quicksort, sizes 1_000_000, 200_000, seed 2;
    "quicksort";
    |v| {
        quicksort(&mut v);
    }
    |rt, v| {
        rt::quicksort(&mut v);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workloads::programs::check_every_way;

    #[test]
    fn the_sequential_sort_sorts_also_duplicates() {
        let with_duplicates: Vec<u64> = (0..5000).map(|i| (i * 7919) % 13).collect();
        for input in [Quicksort::input(10_000), with_duplicates, vec![], vec![3]] {
            let mut expected = input.clone();
            expected.sort_unstable();
            assert_eq!(Quicksort::sequential(&input, input.clone()), expected);
        }
    }

    #[test]
    fn every_way_sorts() {
        check_every_way::<Quicksort>(&[0, 1, 32, 33, 5000, 20_000]);
    }
}
