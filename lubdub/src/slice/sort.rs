//! The parallel sorts behind [`ParallelSliceMut`](super::ParallelSliceMut):
//! a quicksort (unstable) and a merge sort (stable), both built on
//! [`fork`].
//!
//! Below [`SEQUENTIAL_SORT`] elements a piece is sorted with the standard
//! library's sequential sort (`sort_unstable_by`, `sort_by`): a leaf cutoff,
//! not a grain the user tunes. It is large because std's sorts are fast and
//! every level of parallel partitioning or merging costs a pass over memory:
//! with smaller leaves the parallel sort spent more time moving elements
//! than sorting them.

use std::cmp::Ordering;
use std::mem::MaybeUninit;
use std::ptr;

use crate::pool::in_current_pool;

/// Pieces of at most this many elements are sorted sequentially. (Tiny
/// under Miri, so that its checks reach the parallel partition and merge
/// code with the small inputs Miri can afford.)
const SEQUENTIAL_SORT: usize = if cfg!(miri) { 32 } else { 1 << 16 };

/// Merges of at most this many elements run sequentially (tiny under Miri,
/// as above).
const SEQUENTIAL_MERGE: usize = if cfg!(miri) { 16 } else { 1 << 15 };

/// A stable sort splits into about this many leaves per thread of the pool
/// (leaves of at least [`SEQUENTIAL_SORT`] elements): each merge level costs
/// a pass over memory that std's stable sort of a bigger leaf does faster,
/// so the merge sort stops splitting once every thread has a few leaves.
const STABLE_LEAVES_PER_THREAD: usize = 4;

/// Elements sampled to choose a quicksort pivot (their median); odd.
const PIVOT_SAMPLE: usize = 31;

/// `join` for the pieces of a sort, each at least a leaf of
/// [`SEQUENTIAL_SORT`] or [`SEQUENTIAL_MERGE`] elements: more work than a
/// heartbeat period, and few enough that the countdown of `join` would rarely
/// run out during a sort. So `b` (or an older pending piece) is offered to
/// idle threads at once, as a loop's split is (`join_split`).
fn fork<A, B, RA, RB>(a: A, b: B) -> (RA, RB)
where
    A: FnOnce() -> RA + Send,
    B: FnOnce() -> RB + Send,
    RA: Send,
    RB: Send,
{
    in_current_pool(|ctx| ctx.join_split(a, b))
}

/// Sorts `v` by `compare`, not stably: a quicksort whose pivot is the median
/// of [`PIVOT_SAMPLE`] spread-out elements, with a branch-free partition; the
/// two sides are sorted with [`fork`]. After too many unbalanced partitions a
/// piece falls back to the sequential sort, so the worst case stays
/// `O(n log n)`.
pub(crate) fn quicksort<T, F>(v: &mut [T], compare: &F)
where
    T: Send,
    F: Fn(&T, &T) -> Ordering + Sync,
{
    let depth_limit = 2 * (usize::BITS - v.len().leading_zeros());
    quicksort_within(v, compare, depth_limit);
}

fn quicksort_within<T, F>(v: &mut [T], compare: &F, depth_limit: u32)
where
    T: Send,
    F: Fn(&T, &T) -> Ordering + Sync,
{
    if v.len() <= SEQUENTIAL_SORT || depth_limit == 0 {
        v.sort_unstable_by(compare);
        return;
    }
    if presorted(v, compare) {
        return;
    }
    let pivot = median_of_sample(v, compare);
    v.swap(0, pivot);
    let (pivot, rest) = v.split_first_mut().expect("longer than the cutoff");
    let is_less = |x: &T| compare(x, pivot) == Ordering::Less;
    let less = partition(rest, is_less);
    if less == 0 {
        // The pivot is the least element: put its equals aside (many
        // duplicates) and sort what is greater.
        let not_greater = partition(rest, |x| compare(x, pivot) != Ordering::Greater);
        return quicksort_within(&mut rest[not_greater..], compare, depth_limit - 1);
    }
    v.swap(0, less);
    let (left, right) = v.split_at_mut(less);
    fork(
        || quicksort_within(left, compare, depth_limit - 1),
        || quicksort_within(&mut right[1..], compare, depth_limit - 1),
    );
}

/// Sorts `v` and returns true if it is in order already: ascending (left as
/// it is) or strictly descending (reversed, which keeps a stable sort
/// stable). std's sorts detect such runs; partitioning or merging them
/// would cost ~20x std's time. On an input in neither order both scans stop
/// at the first elements out of order.
fn presorted<T, F>(v: &mut [T], compare: &F) -> bool
where
    F: Fn(&T, &T) -> Ordering,
{
    if v.is_sorted_by(|a, b| compare(a, b) != Ordering::Greater) {
        return true;
    }
    if v.is_sorted_by(|a, b| compare(a, b) == Ordering::Greater) {
        v.reverse();
        return true;
    }
    false
}

/// The index of the median of [`PIVOT_SAMPLE`] elements spread evenly over
/// `v` (which is longer than the sample).
fn median_of_sample<T, F>(v: &[T], compare: &F) -> usize
where
    F: Fn(&T, &T) -> Ordering,
{
    let step = v.len() / PIVOT_SAMPLE;
    let mut sample: [usize; PIVOT_SAMPLE] = std::array::from_fn(|k| k * step);
    sample.sort_unstable_by(|&i, &j| compare(&v[i], &v[j]));
    sample[PIVOT_SAMPLE / 2]
}

/// Moves the elements satisfying `pred` to the front; returns their count.
///
/// A branch-free Lomuto partition: every element is swapped with the first
/// one not known to satisfy `pred`, and that boundary advances by the
/// predicate's answer, so a random input costs no mispredicted branches.
/// Only swaps move elements, so a panicking `pred` leaves a permutation.
fn partition<T>(v: &mut [T], pred: impl Fn(&T) -> bool) -> usize {
    let base = v.as_mut_ptr();
    let mut satisfied = 0;
    for i in 0..v.len() {
        // SAFETY: `i < v.len()`; the reference ends before the swap.
        let yes = pred(unsafe { &*base.add(i) });
        // SAFETY: `satisfied <= i < v.len()`: both in bounds; `ptr::swap`
        // allows the two to be the same element.
        unsafe { ptr::swap(base.add(satisfied), base.add(i)) };
        satisfied += usize::from(yes);
    }
    satisfied
}

/// Sorts `v` by `compare`, stably: a merge sort whose halves are sorted with
/// [`fork`] and merged in parallel. The levels alternate between `v` and a
/// buffer (each merge reads the runs the level below left in the other one),
/// so a level costs one pass over memory, not a merge and a copy back.
///
/// Panic safety: `v` owns every element throughout; the buffer only ever
/// holds bitwise copies. A merge into the buffer only reads `v`; a merge into
/// `v` reads two complete runs in the buffer, and if `compare` panics during
/// it, [`CopyOnDrop`] copies those runs back over `v`'s range. So a panicking
/// `compare` leaves `v` a permutation of its elements, each owned once.
pub(crate) fn mergesort<T, F>(v: &mut [T], compare: &F)
where
    T: Send,
    F: Fn(&T, &T) -> Ordering + Sync,
{
    if v.len() <= SEQUENTIAL_SORT {
        v.sort_by(compare);
        return;
    }
    if presorted(v, compare) {
        return;
    }
    let threads = crate::current_num_threads();
    let leaf = SEQUENTIAL_SORT.max(v.len() / (STABLE_LEAVES_PER_THREAD * threads));
    let mut buffer: Vec<T> = Vec::with_capacity(v.len());
    let buffer = &mut buffer.spare_capacity_mut()[..v.len()];
    sort_into(v, buffer, false, leaf, compare);
}

/// Sorts the elements of `v` stably into `buffer` (bitwise copies) if
/// `into_buffer`, else into `v` itself; `buffer` is as long as `v`. Pieces
/// of at most `leaf` elements are sorted with std's `sort_by`.
fn sort_into<T, F>(
    v: &mut [T],
    buffer: &mut [MaybeUninit<T>],
    into_buffer: bool,
    leaf: usize,
    compare: &F,
) where
    T: Send,
    F: Fn(&T, &T) -> Ordering + Sync,
{
    if v.len() <= leaf {
        v.sort_by(compare);
        if into_buffer {
            // SAFETY: distinct allocations of equal length; bitwise copies,
            // `v` keeps owning the elements.
            unsafe { ptr::copy_nonoverlapping(v.as_ptr(), buffer.as_mut_ptr().cast(), v.len()) };
        }
        return;
    }
    let mid = v.len() / 2;
    {
        let (v_left, v_right) = v.split_at_mut(mid);
        let (b_left, b_right) = buffer.split_at_mut(mid);
        fork(
            || sort_into(v_left, b_left, !into_buffer, leaf, compare),
            || sort_into(v_right, b_right, !into_buffer, leaf, compare),
        );
    }
    if into_buffer {
        merge(Run::of(v).split_at(mid), buffer, compare);
        return;
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
    merge(runs.split_at(mid), dest, compare);
    std::mem::forget(restore);
}

/// Copies the run `from` over `to` when dropped: undoes a merge into `v`
/// that `compare` interrupted by panicking (see [`mergesort`]).
struct CopyOnDrop<T> {
    from: Run<T>,
    to: *mut T,
}

impl<T> Drop for CopyOnDrop<T> {
    fn drop(&mut self) {
        // SAFETY: `from` holds the two complete sorted runs of the range
        // `to` points at (in the buffer, a distinct allocation); the merge's
        // writes into that range are overwritten without dropping, leaving
        // each element once.
        unsafe { ptr::copy_nonoverlapping(self.from.ptr, self.to, self.from.len) };
    }
}

/// A sorted run of `v` or of the buffer, read through a raw pointer so that both halves of a
/// parallel merge can read it without requiring `T: Sync`: each element is
/// read by one thread at a time (binary searches happen before the `join`).
struct Run<T> {
    ptr: *const T,
    len: usize,
}

impl<T> Clone for Run<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Run<T> {}

// SAFETY: a `Run` only reads `T`s that the sorting thread owns (`T: Send`);
// the runs handed to the two sides of a `join` are disjoint.
unsafe impl<T: Send> Send for Run<T> {}

impl<T> Run<T> {
    fn of(v: &[T]) -> Self {
        Self {
            ptr: v.as_ptr(),
            len: v.len(),
        }
    }

    /// The elements a merge wrote into `buffer`; every slot must be written.
    fn of_buffer(buffer: &[MaybeUninit<T>]) -> Self {
        Self {
            ptr: buffer.as_ptr().cast::<T>(),
            len: buffer.len(),
        }
    }

    fn split_at(self, mid: usize) -> (Self, Self) {
        assert!(mid <= self.len);
        (
            Self {
                ptr: self.ptr,
                len: mid,
            },
            Self {
                // SAFETY: `mid <= len`: at most one past the end.
                ptr: unsafe { self.ptr.add(mid) },
                len: self.len - mid,
            },
        )
    }

    fn as_slice<'a>(self) -> &'a [T] {
        // SAFETY: the run is a live, fully written part of `v` or of the
        // buffer, which nobody writes while it is merged (see `sort_into`).
        unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
    }
}

/// Merges two sorted runs into `dest` by bitwise copies, left before right
/// among equals. Splits at the median of the longer run above
/// [`SEQUENTIAL_MERGE`].
fn merge<T, F>((left, right): (Run<T>, Run<T>), dest: &mut [MaybeUninit<T>], compare: &F)
where
    T: Send,
    F: Fn(&T, &T) -> Ordering + Sync,
{
    debug_assert_eq!(left.len + right.len, dest.len());
    if dest.len() <= SEQUENTIAL_MERGE {
        return merge_sequential(left.as_slice(), right.as_slice(), dest, compare);
    }
    let (l, r) = (left.as_slice(), right.as_slice());
    let (l_mid, r_mid) = if l.len() >= r.len() {
        let l_mid = l.len() / 2;
        let pivot = &l[l_mid];
        // Right elements equal to the pivot go after it.
        (
            l_mid,
            r.partition_point(|x| compare(x, pivot) == Ordering::Less),
        )
    } else {
        let r_mid = r.len() / 2;
        let pivot = &r[r_mid];
        // Left elements equal to the pivot go before it.
        (
            l.partition_point(|x| compare(x, pivot) != Ordering::Greater),
            r_mid,
        )
    };
    let (l_lo, l_hi) = left.split_at(l_mid);
    let (r_lo, r_hi) = right.split_at(r_mid);
    let (d_lo, d_hi) = dest.split_at_mut(l_mid + r_mid);
    fork(
        move || merge((l_lo, r_lo), d_lo, compare),
        move || merge((l_hi, r_hi), d_hi, compare),
    );
}

fn merge_sequential<T, F>(left: &[T], right: &[T], dest: &mut [MaybeUninit<T>], compare: &F)
where
    F: Fn(&T, &T) -> Ordering,
{
    let (mut i, mut j) = (0, 0);
    for slot in dest.iter_mut() {
        let take_right =
            i == left.len() || (j < right.len() && compare(&right[j], &left[i]) == Ordering::Less);
        let item = if take_right {
            j += 1;
            &right[j - 1]
        } else {
            i += 1;
            &left[i - 1]
        };
        // SAFETY: a bitwise copy; `v` keeps owning the element until the
        // whole merge is copied back (see `mergesort`).
        slot.write(unsafe { ptr::read(item) });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partition_moves_the_satisfying_elements_to_the_front() {
        for n in [0u32, 1, 2, 7, 100, 1000] {
            let mut v: Vec<u32> = (0..n).map(|x| x.wrapping_mul(2_654_435_761) % 97).collect();
            let mut expected = v.clone();
            let k = partition(&mut v, |&x| x < 40);
            assert!(v[..k].iter().all(|&x| x < 40) && v[k..].iter().all(|&x| x >= 40));
            v.sort_unstable();
            expected.sort_unstable();
            assert_eq!(v, expected, "a permutation, n={n}");
        }
    }

    #[test]
    fn the_pivot_is_the_median_of_the_sample() {
        let v: Vec<u32> = (0..1000).rev().collect();
        let pivot = v[median_of_sample(&v, &u32::cmp)];
        // The sample is every 32nd element: its median is the 16th of 31.
        assert_eq!(pivot, 999 - 15 * 32);
    }

    #[test]
    fn a_panic_in_the_last_merge_leaves_a_permutation() {
        use std::panic::{catch_unwind, AssertUnwindSafe};
        use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

        let n = 3 * SEQUENTIAL_SORT;
        let input: Vec<String> = (0..n).map(|i| (i * 7919 % n).to_string()).collect();
        let pool = crate::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap();
        let comparisons = AtomicUsize::new(0);
        let counting = |a: &String, b: &String| {
            comparisons.fetch_add(1, Relaxed);
            a.cmp(b)
        };
        let mut sorted = input.clone();
        pool.install(|| mergesort(&mut sorted, &counting));
        let total = comparisons.load(Relaxed);
        // On one thread the top-level merge, into `v`, comes last.
        let panic_at = total - 10;
        comparisons.store(0, Relaxed);
        let mut v = input.clone();
        let result = catch_unwind(AssertUnwindSafe(|| {
            pool.install(|| {
                mergesort(&mut v, &|a: &String, b: &String| {
                    assert!(
                        comparisons.fetch_add(1, Relaxed) != panic_at,
                        "comparator panic"
                    );
                    a.cmp(b)
                })
            })
        }));
        assert!(result.is_err());
        v.sort();
        assert_eq!(v, sorted, "every string owned once");
    }

    #[test]
    fn presorted_inputs_are_recognised_and_reversed_stably() {
        let mut ascending = vec![1, 2, 2, 3];
        assert!(presorted(&mut ascending, &i32::cmp));
        assert_eq!(ascending, [1, 2, 2, 3]);
        let mut descending = vec![(3, 'a'), (2, 'b'), (1, 'c')];
        assert!(presorted(
            &mut descending,
            &|x: &(i32, char), y: &(i32, char)| x.0.cmp(&y.0)
        ));
        assert_eq!(descending, [(1, 'c'), (2, 'b'), (3, 'a')]);
        // Non-increasing with equal keys: reversing would swap the equals.
        let mut ties = vec![(2, 'a'), (2, 'b'), (1, 'c')];
        assert!(!presorted(
            &mut ties,
            &|x: &(i32, char), y: &(i32, char)| x.0.cmp(&y.0)
        ));
        assert_eq!(ties, [(2, 'a'), (2, 'b'), (1, 'c')]);
    }
}
