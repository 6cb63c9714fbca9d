//! The stable sort: a merge sort whose halves are sorted through [`join`]
//! down to [`SMALL_SORT`] elements, and whose merges split on the heartbeat
//! ([`merge`]).
//!
//! Levels alternate between the slice and a buffer as long as it: a piece
//! sorted "into the buffer" sorts its halves in place and merges them into
//! the buffer; a piece sorted in place sorts its halves into the buffer and
//! merges them back. So each level is one pass over memory.
//!
//! Panic safety: the slice owns every element throughout; the buffer holds
//! bitwise copies. A copy is made only after the last comparison of that
//! element in the pass that makes it, so a copy and its original are alike
//! until the copy is compared again, which happens only in a merge back
//! into the slice. If `is_less` panics there, [`CopyOnDrop`] copies the
//! two source runs back over the piece. Elsewhere a panic leaves the slice
//! as it is: a permutation, with every element owned once.

use std::mem::{self, MaybeUninit};
use std::ptr;

use super::few_distinct::sort_few_distinct;
use super::gallop::{merge_blocks, GALLOP_MIN_LEN};
use super::insertion::insertion_sort;
use super::merge::merge;
use super::presorted::{sorted_by_prefix, sorted_prefix, Prefix};
use super::run::Run;
use super::spare_buffer::with_buffer;
use super::SMALL_SORT;
use crate::join;

/// Sorts `v` stably. An input already ascending or strictly descending
/// costs one scan and no allocation; a piece found so is not split, only
/// copied where its parent merges from. An input with few distinct values
/// is split three ways first ([`sort_few_distinct`]). The buffer is the one
/// the thread kept from its last sort where that is large enough
/// ([`with_buffer`]).
pub(super) fn mergesort<T, F>(v: &mut [T], is_less: &F)
where
    T: Send,
    F: Fn(&T, &T) -> bool + Sync,
{
    if v.len() <= SMALL_SORT {
        return insertion_sort(v, is_less);
    }
    let prefix = sorted_prefix(v, is_less);
    if sorted_by_prefix(v, prefix) {
        return;
    }
    let splits = 2 * (v.len() | 1).ilog2();
    with_buffer(v.len(), |buffer| {
        sort_few_distinct(v, buffer, splits, is_less)
    });
}

/// Sorts `v` stably in place by merging; `buffer` is as long as `v`.
pub(super) fn sort_in_place<T, F>(v: &mut [T], buffer: &mut [MaybeUninit<T>], is_less: &F)
where
    T: Send,
    F: Fn(&T, &T) -> bool + Sync,
{
    sort(v, buffer, false, None, is_less);
}

/// Sorts `v` stably into `buffer` (bitwise copies; `v` keeps its elements)
/// if `into_buffer`, else in place. `buffer` is as long as `v`. `prefix`
/// is `v`'s [`sorted_prefix`] where the parent's scan tells it.
fn sort<T, F>(
    v: &mut [T],
    buffer: &mut [MaybeUninit<T>],
    into_buffer: bool,
    prefix: Option<Prefix>,
    is_less: &F,
) where
    T: Send,
    F: Fn(&T, &T) -> bool + Sync,
{
    if v.len() <= SMALL_SORT {
        insertion_sort(v, is_less);
    } else {
        let prefix = prefix.unwrap_or_else(|| sorted_prefix(v, is_less));
        if !sorted_by_prefix(v, prefix) {
            return sort_halves(v, buffer, into_buffer, prefix, is_less);
        }
    }
    if into_buffer {
        // SAFETY: distinct allocations of `v.len()` elements; bitwise
        // copies, made after every comparison of this pass.
        unsafe { ptr::copy_nonoverlapping(v.as_ptr(), buffer.as_mut_ptr().cast(), v.len()) };
    }
}

/// [`sort`] of a piece not in order: its halves through [`join`] into the
/// other place, then one merge into the place asked for. The left half's
/// sorted prefix is the piece's, cut at the half: it is not scanned again.
fn sort_halves<T, F>(
    v: &mut [T],
    buffer: &mut [MaybeUninit<T>],
    into_buffer: bool,
    prefix: Prefix,
    is_less: &F,
) where
    T: Send,
    F: Fn(&T, &T) -> bool + Sync,
{
    let mid = v.len() / 2;
    {
        let (v_left, v_right) = v.split_at_mut(mid);
        let (b_left, b_right) = buffer.split_at_mut(mid);
        let left_prefix = Some(prefix.within(mid));
        join(
            || sort(v_left, b_left, !into_buffer, left_prefix, is_less),
            || sort(v_right, b_right, !into_buffer, None, is_less),
        );
    }
    if into_buffer {
        let (left, right) = Run::of(v).split_at(mid);
        return merge_runs(left, right, buffer, is_less);
    }
    // The halves were sorted into the buffer, which they fill.
    let runs = Run::of_buffer(buffer);
    // One raw pointer for both the merge's destination and the guard: a
    // second `as_mut_ptr` would retag `v` and invalidate the first (Miri).
    let len = v.len();
    let v_ptr = v.as_mut_ptr();
    let restore = CopyOnDrop {
        from: runs,
        to: v_ptr,
    };
    // SAFETY: `MaybeUninit<T>` has `T`'s layout; the merge overwrites every
    // slot of `v` without dropping, with bitwise copies of the elements `v`
    // owns (the buffer's runs are copies of exactly them).
    let dest = unsafe { std::slice::from_raw_parts_mut(v_ptr.cast(), len) };
    let (left, right) = runs.split_at(mid);
    merge_runs(left, right, dest, is_less);
    mem::forget(restore);
}

/// Merges two adjacent sorted runs into `dest`; runs already in order (the
/// last of `left` not greater than the first of `right`) are copied, at the
/// cost of one comparison, and a long merge starts by blocks
/// ([`merge_blocks`]), which takes all of it when the runs interleave in
/// long blocks.
fn merge_runs<T, F>(left: Run<T>, right: Run<T>, dest: &mut [MaybeUninit<T>], is_less: &F)
where
    T: Send,
    F: Fn(&T, &T) -> bool + Sync,
{
    if left.is_empty() || right.is_empty() || !is_less(right.first(), left.last()) {
        // SAFETY: the runs are adjacent (one range, as long as `dest`), in a
        // distinct allocation; bitwise copies.
        return unsafe {
            ptr::copy_nonoverlapping(left.start(), dest.as_mut_ptr().cast(), dest.len())
        };
    }
    let (left, right, written) = if dest.len() >= GALLOP_MIN_LEN {
        merge_blocks(left, right, dest, is_less)
    } else {
        (left, right, 0)
    };
    let dest = &mut dest[written..];
    if left.is_empty() || right.is_empty() {
        let rest = if left.is_empty() { right } else { left };
        // SAFETY: what is left of one run, as long as what is left of
        // `dest`, a distinct allocation; bitwise copies.
        return unsafe {
            ptr::copy_nonoverlapping(rest.start(), dest.as_mut_ptr().cast(), rest.len())
        };
    }
    merge(left, right, dest, is_less);
}

/// Copies the run `from` over `to` when dropped: undoes a merge into `v`
/// that `is_less` interrupted by panicking (see the module docs).
struct CopyOnDrop<T> {
    from: Run<T>,
    to: *mut T,
}

impl<T> Drop for CopyOnDrop<T> {
    fn drop(&mut self) {
        // SAFETY: `from` holds the two complete sorted runs of the range
        // `to` points at (in the buffer, a distinct allocation), copies of
        // the elements as last compared; the merge's writes into that range
        // are overwritten without dropping, leaving each element once. Both
        // halves of a split merge have finished: `join` returns or unwinds
        // only then.
        unsafe { ptr::copy_nonoverlapping(self.from.start(), self.to, self.from.len()) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::panic::{catch_unwind, AssertUnwindSafe};
    use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

    #[test]
    fn a_panic_in_the_last_merge_leaves_a_permutation() {
        let n = if cfg!(miri) { 100 } else { 5_000 };
        let input: Vec<String> = (0..n).map(|i| (i * 7919 % n).to_string()).collect();
        let pool = crate::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap();
        let comparisons = AtomicUsize::new(0);
        let counting = |a: &String, b: &String| {
            comparisons.fetch_add(1, Relaxed);
            a < b
        };
        let mut sorted = input.clone();
        pool.install(|| mergesort(&mut sorted, &counting));
        let total = comparisons.load(Relaxed);
        // On one thread the top-level merge, into `v`, comes last.
        for panic_at in [total - 10, total - 1, total / 2] {
            comparisons.store(0, Relaxed);
            let mut v = input.clone();
            let result = catch_unwind(AssertUnwindSafe(|| {
                pool.install(|| {
                    mergesort(&mut v, &|a: &String, b: &String| {
                        assert!(
                            comparisons.fetch_add(1, Relaxed) != panic_at,
                            "comparator panic"
                        );
                        a < b
                    })
                })
            }));
            assert!(result.is_err());
            v.sort();
            assert_eq!(v, sorted, "every string owned once");
        }
    }

    #[test]
    fn runs_in_order_are_copied() {
        // Two ascending halves in order: the sort compares each neighbour
        // pair once per level it scans, and never merges.
        let comparisons = AtomicUsize::new(0);
        let n = 1000;
        let mut v: Vec<u32> = (0..n).collect();
        v[n as usize / 2..].reverse();
        let mut expected = v.clone();
        expected.sort();
        crate::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap()
            .install(|| {
                mergesort(&mut v, &|a: &u32, b: &u32| {
                    comparisons.fetch_add(1, Relaxed);
                    a < b
                })
            });
        assert_eq!(v, expected);
        assert!(comparisons.load(Relaxed) < 3 * n as usize);
    }
}
