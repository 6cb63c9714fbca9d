//! The parallel sorts behind [`ParallelSliceMut`](super::ParallelSliceMut):
//! a quicksort (unstable) and a merge sort (stable) that split on the
//! heartbeat, not on an element count. Both recurse through
//! [`join`](crate::join) down to an insertion sort of at most
//! [`SMALL_SORT`] elements; a `join` nobody is idle for costs a few stores,
//! and a heartbeat hands the oldest pending half (the biggest) to an idle
//! thread. A merge polls the heartbeat as a loop does and cuts its
//! remainder in two when a thread is idle. `../README.md` says why, and
//! what was measured.
//!
//! Every sort here owns its leaf code, so a comparator that is not a total
//! order gets some permutation of the input, never a panic, and a
//! comparator that panics leaves the slice a permutation of its input
//! (every element owned once). Each element is compared only where it
//! currently lives, so changes a comparator makes through interior
//! mutability are kept.

mod few_distinct;
mod gallop;
mod heapsort;
mod insertion;
mod merge;
mod mergesort;
mod merging;
mod nearly_sorted;
mod network;
mod partition;
mod pivot;
mod presorted;
mod quicksort;
mod run;
mod spare_buffer;

use std::cmp::Ordering;

use crate::pool::in_current_pool;

/// Pieces of at most this many elements are sorted by insertion instead of
/// being split (`../README.md`: what it costs for cheap and costly
/// comparisons).
const SMALL_SORT: usize = 16;

/// Sorts `v` by `compare`, not stably (see [`quicksort::quicksort`]).
pub(crate) fn quicksort<T, F>(v: &mut [T], compare: &F)
where
    T: Send,
    F: Fn(&T, &T) -> Ordering + Sync,
{
    if size_of::<T>() == 0 {
        return; // All alike: any order is every order (as in std).
    }
    let is_less = |a: &T, b: &T| compare(a, b) == Ordering::Less;
    in_current_pool(|_| quicksort::quicksort(v, &is_less));
}

/// Sorts `v` by `compare`, stably (see [`mergesort::mergesort`]).
pub(crate) fn mergesort<T, F>(v: &mut [T], compare: &F)
where
    T: Send,
    F: Fn(&T, &T) -> Ordering + Sync,
{
    if size_of::<T>() == 0 {
        return; // As above.
    }
    let is_less = |a: &T, b: &T| compare(a, b) == Ordering::Less;
    in_current_pool(|_| mergesort::mergesort(v, &is_less));
}
