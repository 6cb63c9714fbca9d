//! The unstable sort: a quicksort whose two sides are sorted through
//! [`join`] at every level, down to [`SMALL_SORT`] elements.

use super::heapsort::heapsort;
use super::nearly_sorted::nearly_sorted;
use super::network::small_sort;
use super::partition::partition;
use super::pivot::choose_pivot;
use super::presorted::presorted;
use super::SMALL_SORT;
use crate::join;

/// Sorts `v`, not stably. An input already ascending or strictly descending
/// costs one scan; one ascending or descending but for a few elements out
/// of place costs a scan, a sort of those and a merge ([`nearly_sorted`]).
/// Otherwise each piece is split around a pseudo-median
/// pivot ([`choose_pivot`]) by a branch-free [`partition`], and its sides
/// are sorted through [`join`]; a piece whose pivot equals an earlier
/// pivot (many equal elements) puts its equals aside in one pass. After
/// `2 log2 n` levels a piece falls back to [`heapsort`], so the worst case
/// stays `O(n log n)` and the recursion shallow.
pub(super) fn quicksort<T, F>(v: &mut [T], is_less: &F)
where
    T: Send,
    F: Fn(&T, &T) -> bool + Sync,
{
    if presorted(v, is_less) {
        return;
    }
    let depth_limit = 2 * (v.len() | 1).ilog2();
    let sort_aside = |aside: &mut [T]| sort(aside, None, depth_limit, is_less);
    if nearly_sorted(v, is_less, sort_aside) {
        return;
    }
    sort(v, None, depth_limit, is_less);
}

/// Sorts `v`, whose elements are all at least `ancestor` (if given): the
/// pivot of an enclosing piece, just left of `v`. It is borrowed mutably
/// only so that it can travel to another thread without `T: Sync`; it is
/// only read.
fn sort<'a, T, F>(v: &'a mut [T], ancestor: Option<&'a mut T>, depth_limit: u32, is_less: &F)
where
    T: Send,
    F: Fn(&T, &T) -> bool + Sync,
{
    if v.len() <= SMALL_SORT {
        return small_sort(v, is_less);
    }
    if depth_limit == 0 {
        return heapsort(v, is_less);
    }
    let pivot = choose_pivot(v, is_less);
    v.swap(0, pivot);
    let Some((pivot, rest)) = v.split_first_mut() else {
        unreachable!("longer than SMALL_SORT")
    };
    if let Some(ancestor) = ancestor {
        if !is_less(ancestor, pivot) {
            // pivot <= ancestor <= every element: the elements not greater
            // than the pivot equal it and are in place.
            let equal = partition(rest, |x| !is_less(pivot, x));
            return sort(&mut rest[equal..], Some(ancestor), depth_limit - 1, is_less);
        }
        return split(v, Some(ancestor), depth_limit, is_less);
    }
    split(v, None, depth_limit, is_less)
}

/// Partitions `v` around its first element, moves that pivot between the
/// sides, and sorts both sides through [`join`].
fn split<'a, T, F>(v: &'a mut [T], ancestor: Option<&'a mut T>, depth_limit: u32, is_less: &F)
where
    T: Send,
    F: Fn(&T, &T) -> bool + Sync,
{
    let Some((pivot, rest)) = v.split_first_mut() else {
        unreachable!("longer than SMALL_SORT")
    };
    let less = partition(rest, |x| is_less(x, pivot));
    v.swap(0, less);
    let (left, right) = v.split_at_mut(less);
    let Some((pivot, right)) = right.split_first_mut() else {
        unreachable!("the pivot is right of the smaller elements")
    };
    join(
        || sort(left, ancestor, depth_limit - 1, is_less),
        || sort(right, Some(pivot), depth_limit - 1, is_less),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lt(a: &u32, b: &u32) -> bool {
        a < b
    }

    #[test]
    fn sorts_patterns() {
        let n: u32 = if cfg!(miri) { 300 } else { 20_000 };
        let patterns: [Vec<u32>; 5] = [
            (0..n).map(|x| x.wrapping_mul(2_654_435_761)).collect(),
            (0..n).map(|x| x % 3).collect(),
            (0..n).map(|x| if x % 2 == 0 { x } else { n - x }).collect(),
            vec![5; n as usize],
            (0..n).rev().chain(0..n).collect(),
        ];
        for input in patterns {
            let mut expected = input.clone();
            expected.sort_unstable();
            let mut v = input;
            quicksort(&mut v, &lt);
            assert_eq!(v, expected);
        }
    }

    #[test]
    fn the_heapsort_fallback_sorts() {
        let n: u32 = if cfg!(miri) { 200 } else { 5_000 };
        let mut v: Vec<u32> = (0..n)
            .map(|x| x.wrapping_mul(2_654_435_761) % 1000)
            .collect();
        let mut expected = v.clone();
        expected.sort_unstable();
        sort(&mut v, None, 1, &lt);
        assert_eq!(v, expected);
    }
}
