//! Merge sort of random `u64`s: the two halves sorted by `join`, then
//! merged by a recursive merge that splits the longer run at its middle and
//! the other at the same value, the two sides again by `join`. Levels
//! alternate between the slice and one buffer, so no level copies back.
//! The sequential variant is the same sort with a plain merge.

use super::{insertion_sort, random_u64s, Program, INSERTION};
use crate::check::{expect_same, Mismatch};
use crate::experiment::{Experiment, Heading};

/// Merges of up to this many elements run sequentially.
const SEQUENTIAL_MERGE: usize = 4096;

/// Merges the sorted runs `a` and `b` into `out` (of their total length).
fn merge(a: &[u64], b: &[u64], out: &mut [u64]) {
    let (mut i, mut j) = (0, 0);
    for slot in out.iter_mut() {
        if j == b.len() || (i < a.len() && a[i] <= b[j]) {
            *slot = a[i];
            i += 1;
        } else {
            *slot = b[j];
            j += 1;
        }
    }
}

/// Writes `fn sort(v, buf, into_buf)`: sorts `v`, using `buf` (as long)
/// as scratch; with `into_buf` the sorted elements end in `buf` instead of
/// `v`. The two halves are sorted as `$join(left, right)`, the runs merged
/// by `$merge(a, b, out)`.
macro_rules! merge_sort {
    ($(#[$doc:meta])* $vis:vis by $join:path, $merge:ident) => {
        $(#[$doc])*
        $vis fn sort(v: &mut [u64], buf: &mut [u64], into_buf: bool) {
            if v.len() <= INSERTION {
                insertion_sort(v);
                if into_buf {
                    buf.copy_from_slice(v);
                }
                return;
            }
            let mid = v.len() / 2;
            let (vl, vr) = v.split_at_mut(mid);
            let (bl, br) = buf.split_at_mut(mid);
            $join(|| sort(vl, bl, !into_buf), || sort(vr, br, !into_buf));
            if into_buf {
                $merge(vl, vr, buf);
            } else {
                $merge(bl, br, v);
            }
        }
    };
}

merge_sort!(
    /// The sequential sort: the halves one after the other, plain merges.
    by one_then_other, merge
);

/// Runs `first`, then `second`: the sequential `join`.
#[inline]
fn one_then_other(first: impl FnOnce(), second: impl FnOnce()) {
    first();
    second();
}

/// The parallel sort, written once for each runtime.
macro_rules! parallel {
    ($rt:ident) => {
        merge_sort!(
            /// [`super::sort`] with the halves and the merges split by `join`.
            pub by $rt::join, par_merge
        );

        /// Merges `a` and `b` into `out`: the longer run cut at its middle,
        /// the other where that value would go, the two merges by `join`.
        fn par_merge(a: &[u64], b: &[u64], out: &mut [u64]) {
            if a.len() + b.len() <= SEQUENTIAL_MERGE {
                return merge(a, b, out);
            }
            let (a, b) = if a.len() >= b.len() { (a, b) } else { (b, a) };
            let ma = a.len() / 2;
            let mb = b.partition_point(|&x| x < a[ma]);
            let (out_l, out_r) = out.split_at_mut(ma + mb);
            $rt::join(
                || par_merge(&a[..ma], &b[..mb], out_l),
                || par_merge(&a[ma..], &b[mb..], out_r),
            );
        }
    };
}

on_both_runtimes!(parallel);

sort_program! {
    /// The program.
    Mergesort, sizes 500_000, 100_000, seed 1;
    "mergesort";
    |v| {
        let mut buf = vec![0; v.len()];
        sort(&mut v, &mut buf, false);
    }
    |rt, v| {
        let mut buf = vec![0; v.len()];
        rt::sort(&mut v, &mut buf, false);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workloads::programs::check_every_way;

    #[test]
    fn the_sequential_sort_sorts() {
        for n in [0, 1, 2, 33, 1000, 10_000] {
            let input = Mergesort::input(n);
            let mut expected = input.clone();
            expected.sort_unstable();
            assert_eq!(Mergesort::sequential(&input, input.clone()), expected);
        }
    }

    #[test]
    fn every_way_sorts() {
        check_every_way::<Mergesort>(&[0, 1, 31, 32, 33, 5000, 20_000]);
    }
}
