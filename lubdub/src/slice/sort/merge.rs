//! The merge sort's merges: branch-free and sequential while no thread is
//! idle, cut in two on a heartbeat as a loop is.
//!
//! A merge writes the smallest and the greatest elements at once, in steps
//! of at most [`MERGE_STEPS`] outputs, as many as neither run can run out
//! in, so the inner loop has no bounds checks.
//! Between steps it polls the heartbeat ([`WorkerContext::loop_poll`]: a
//! decrement and a branch); when one is due and a thread idles, what is
//! left is cut at the median of the longer run, the other run at the same
//! value by binary search, and the second part is offered to the idle
//! thread through [`WorkerContext::join_split`].

use std::mem::MaybeUninit;
use std::ptr;

use crate::pool::current_context;
use crate::scheduler::context::WorkerContext;

/// The most outputs a merge writes between two polls of the heartbeat:
/// enough that a poll costs a few percent of a step of cheap elements.
const MERGE_STEPS: usize = 32;

/// A sorted run of the slice or of the buffer, read through a raw pointer
/// so that both halves of a split merge can read it without `T: Sync`:
/// each element is read by one thread at a time (the binary search happens
/// before the split).
pub(super) struct Run<T> {
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
    pub(super) fn of(v: &[T]) -> Self {
        Self {
            ptr: v.as_ptr(),
            len: v.len(),
        }
    }

    /// The elements a merge or a copy wrote into `buffer`; every slot must
    /// be written.
    pub(super) fn of_buffer(buffer: &[MaybeUninit<T>]) -> Self {
        Self {
            ptr: buffer.as_ptr().cast::<T>(),
            len: buffer.len(),
        }
    }

    pub(super) fn len(self) -> usize {
        self.len
    }

    pub(super) fn is_empty(self) -> bool {
        self.len == 0
    }

    pub(super) fn start(self) -> *const T {
        self.ptr
    }

    pub(super) fn split_at(self, mid: usize) -> (Self, Self) {
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

    fn empty() -> Self {
        Self {
            ptr: ptr::NonNull::dangling().as_ptr(),
            len: 0,
        }
    }

    /// The run without its first `front` and last `back` elements.
    fn trim(self, front: usize, back: usize) -> Self {
        let (_, rest) = self.split_at(front);
        rest.split_at(rest.len - back).0
    }

    fn as_slice<'a>(self) -> &'a [T] {
        // SAFETY: the run is a live, fully written part of the slice or of
        // the buffer, which nobody writes while it is merged.
        unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
    }

    pub(super) fn first<'a>(self) -> &'a T {
        &self.as_slice()[0]
    }

    pub(super) fn last<'a>(self) -> &'a T {
        &self.as_slice()[self.len - 1]
    }
}

/// Merges two sorted runs into `dest` (as long as both) by bitwise copies,
/// stably: among equal elements, `left`'s come first.
pub(super) fn merge<T, F>(
    mut left: Run<T>,
    mut right: Run<T>,
    dest: &mut [MaybeUninit<T>],
    is_less: &F,
) where
    T: Send,
    F: Fn(&T, &T) -> bool + Sync,
{
    debug_assert_eq!(left.len + right.len, dest.len());
    let ctx = current_context().expect("a sort runs in a pool");
    let out = dest.as_mut_ptr().cast::<T>();
    // Outputs `..front` and `back..` are written.
    let (mut front, mut back) = (0, dest.len());
    loop {
        let pairs = left.len.min(right.len).min(MERGE_STEPS) / 2;
        if pairs == 0 {
            break;
        }
        // SAFETY: `2 * pairs` is at most either run's length; `front` and
        // `back` bound the unwritten outputs, as many as both runs hold, in
        // another allocation than the runs.
        let taken =
            unsafe { merge_pairs(left, right, out.add(front), out.add(back), pairs, is_less) };
        left = left.trim(taken.left_front, taken.left_back);
        right = right.trim(taken.right_front, taken.right_back);
        front += pairs;
        back -= pairs;
        if ctx.loop_poll() {
            return split(ctx, left, right, &mut dest[front..back], is_less);
        }
    }
    // SAFETY: `front` is where the unwritten outputs start, as above.
    unsafe { finish(left, right, out.add(front), is_less) };
}

/// How many elements [`merge_pairs`] took from each end of each run.
struct Taken {
    left_front: usize,
    right_front: usize,
    left_back: usize,
    right_back: usize,
}

/// Writes the `pairs` smallest elements of the two runs to `front` on, in
/// order, and the `pairs` greatest to just before `back`, in order: two
/// independent chains of loads and comparisons, so each waits less on the
/// other's latency, and no branch depends on a comparison.
///
/// Whatever `is_less` answers, the front and the back never reach the same
/// element: each takes at most `pairs` from each run, and `2 * pairs` fit.
///
/// # Safety
/// `2 * pairs` is at most the length of each run; `front..front + pairs`
/// and `back - pairs..back` are valid for writes, disjoint, and overlap
/// neither run.
#[inline(always)]
unsafe fn merge_pairs<T, F>(
    left: Run<T>,
    right: Run<T>,
    front: *mut T,
    back: *mut T,
    pairs: usize,
    is_less: &F,
) -> Taken
where
    F: Fn(&T, &T) -> bool,
{
    let mut taken = Taken {
        left_front: 0,
        right_front: 0,
        left_back: 0,
        right_back: 0,
    };
    for k in 0..pairs {
        // SAFETY: each end took at most `k` elements of each run so far, so
        // these are untaken elements (`2 * k < ` each length).
        let (l, r) = unsafe {
            (
                left.ptr.add(taken.left_front),
                right.ptr.add(taken.right_front),
            )
        };
        // SAFETY: elements of live runs; the references end here.
        let take_right = is_less(unsafe { &*r }, unsafe { &*l });
        // SAFETY: `k < pairs`: in the front range.
        unsafe { ptr::copy_nonoverlapping(if take_right { r } else { l }, front.add(k), 1) };
        taken.right_front += usize::from(take_right);
        taken.left_front += usize::from(!take_right);
        // SAFETY: the back took at most `k`, the front at most `k + 1`, of
        // each run: `2 * k + 1 <` each length, so these are untaken.
        let (l, r) = unsafe {
            (
                left.ptr.add(left.len - 1 - taken.left_back),
                right.ptr.add(right.len - 1 - taken.right_back),
            )
        };
        // SAFETY: as above.
        let take_left = is_less(unsafe { &*r }, unsafe { &*l });
        // SAFETY: `k < pairs`: in the back range.
        unsafe { ptr::copy_nonoverlapping(if take_left { l } else { r }, back.sub(k + 1), 1) };
        taken.left_back += usize::from(take_left);
        taken.right_back += usize::from(!take_left);
    }
    taken
}

/// The end of a merge, where a run has at most one element left: copies
/// the other run with that element inserted where a binary search puts it.
///
/// # Safety
/// `out` is valid for writes of both runs' elements, overlapping neither.
unsafe fn finish<T, F>(left: Run<T>, right: Run<T>, out: *mut T, is_less: &F)
where
    F: Fn(&T, &T) -> bool,
{
    let (before, one, after) = match (left.len, right.len) {
        (0, _) | (_, 0) => (left, Run::empty(), right),
        (1, _) => {
            // Right elements equal to it go after it.
            let at = right
                .as_slice()
                .partition_point(|x| is_less(x, left.first()));
            let (before, after) = right.split_at(at);
            (before, left, after)
        }
        _ => {
            // Left elements equal to it go before it.
            let at = left
                .as_slice()
                .partition_point(|x| !is_less(right.first(), x));
            let (before, after) = left.split_at(at);
            (before, right, after)
        }
    };
    let mut written = 0;
    for run in [before, one, after] {
        // SAFETY: the three runs hold the two runs' elements once each;
        // `out` has room for all of them.
        unsafe { ptr::copy_nonoverlapping(run.ptr, out.add(written), run.len) };
        written += run.len;
    }
}

/// Cuts the merge of `left` and `right` into `dest` in two and offers the
/// second part to an idle thread ([`WorkerContext::join_split`]).
fn split<T, F>(
    ctx: &WorkerContext,
    left: Run<T>,
    right: Run<T>,
    dest: &mut [MaybeUninit<T>],
    is_less: &F,
) where
    T: Send,
    F: Fn(&T, &T) -> bool + Sync,
{
    let (left_cut, right_cut) = if left.len >= right.len {
        // Right elements equal to the left one cut at go after it.
        let cut = left.len / 2;
        let at = &left.as_slice()[cut];
        (cut, right.as_slice().partition_point(|x| is_less(x, at)))
    } else {
        // Left elements equal to the right one cut at go before it.
        let cut = right.len / 2;
        let at = &right.as_slice()[cut];
        (left.as_slice().partition_point(|x| !is_less(at, x)), cut)
    };
    let (left_front, left_back) = left.split_at(left_cut);
    let (right_front, right_back) = right.split_at(right_cut);
    let (dest_front, dest_back) = dest.split_at_mut(left_cut + right_cut);
    ctx.join_split(
        move || merge(left_front, right_front, dest_front, is_less),
        move || merge(left_back, right_back, dest_back, is_less),
    );
}
