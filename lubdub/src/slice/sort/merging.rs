//! [`Merging`]: a merge in progress, the state that the two chains of a
//! part of a merge advance, one step at a time, and its last elements.

use std::mem::MaybeUninit;
use std::ptr;

use super::run::Run;

/// The most outputs a part of a merge writes between two polls of the
/// heartbeat: enough that a poll costs a few percent of a block of cheap
/// elements.
pub(super) const MERGE_STEPS: usize = 32;

/// A merge in progress: the untaken elements of two sorted runs and the
/// unwritten outputs, as many, each as a range of raw pointers. Taking from
/// the front and from the back touches disjoint pointers, so the two
/// chains do not wait on each other.
pub(super) struct Merging<T> {
    left: *const T,
    left_end: *const T,
    right: *const T,
    right_end: *const T,
    out: *mut T,
    out_end: *mut T,
}

// SAFETY: the runs are read as `Run`s are (see there); the outputs are a
// range of `MaybeUninit<T>` that only this merge writes.
unsafe impl<T: Send> Send for Merging<T> {}

impl<T> Merging<T> {
    pub(super) fn new(left: Run<T>, right: Run<T>, dest: &mut [MaybeUninit<T>]) -> Self {
        let out = dest.as_mut_ptr().cast::<T>();
        Merging {
            left: left.start(),
            left_end: left.end(),
            right: right.start(),
            right_end: right.end(),
            out,
            // SAFETY: one past the end of `dest`.
            out_end: unsafe { out.add(dest.len()) },
        }
    }

    /// The untaken runs and the unwritten outputs.
    ///
    /// # Safety
    /// The outputs are handed out as a mutable slice: `self` is not used
    /// again.
    pub(super) unsafe fn into_parts<'a>(self) -> (Run<T>, Run<T>, &'a mut [MaybeUninit<T>]) {
        // SAFETY: the pointers delimit the untaken parts of the runs and
        // the unwritten outputs, which nothing else writes.
        unsafe {
            let out_len = self.out_end.offset_from(self.out) as usize;
            (
                Run::between(self.left, self.left_end),
                Run::between(self.right, self.right_end),
                std::slice::from_raw_parts_mut(self.out.cast(), out_len),
            )
        }
    }

    /// How many steps both ends can take (at most [`MERGE_STEPS`] outputs)
    /// without reaching the same element: half of the shorter run.
    pub(super) fn pairs(&self) -> usize {
        let (left, right) = self.lens();
        left.min(right).min(MERGE_STEPS) / 2
    }

    /// Takes the smaller head, the left one among equals.
    ///
    /// # Safety
    /// Both runs have an untaken element that the back will not take in
    /// this block ([`Merging::pairs`]).
    #[inline(always)]
    pub(super) unsafe fn step_front<F: Fn(&T, &T) -> bool>(&mut self, is_less: &F) {
        // SAFETY: both heads are untaken elements (caller); the references
        // end here.
        let take_right = is_less(unsafe { &*self.right }, unsafe { &*self.left });
        let source = if take_right { self.right } else { self.left };
        // SAFETY: an unwritten output, in another allocation than the runs;
        // the taken head is passed, so each run stays within its range.
        unsafe {
            ptr::copy_nonoverlapping(source, self.out, 1);
            self.out = self.out.add(1);
            self.right = self.right.add(usize::from(take_right));
            self.left = self.left.add(usize::from(!take_right));
        }
    }

    /// Takes the greater tail, the right one among equals.
    ///
    /// # Safety
    /// As for [`Merging::step_front`], from the back.
    #[inline(always)]
    pub(super) unsafe fn step_back<F: Fn(&T, &T) -> bool>(&mut self, is_less: &F) {
        // SAFETY: both tails are untaken elements (caller).
        let (left, right) = unsafe { (self.left_end.sub(1), self.right_end.sub(1)) };
        // SAFETY: as above; the references end here.
        let take_left = is_less(unsafe { &*right }, unsafe { &*left });
        let source = if take_left { left } else { right };
        // SAFETY: as in `step_front`, at the back.
        unsafe {
            self.out_end = self.out_end.sub(1);
            ptr::copy_nonoverlapping(source, self.out_end, 1);
            self.left_end = self.left_end.sub(usize::from(take_left));
            self.right_end = self.right_end.sub(usize::from(!take_left));
        }
    }

    /// The untaken lengths of the two runs.
    fn lens(&self) -> (usize, usize) {
        // SAFETY: each pair delimits an untaken run.
        unsafe {
            (
                self.left_end.offset_from(self.left) as usize,
                self.right_end.offset_from(self.right) as usize,
            )
        }
    }

    /// The end of a merge, where a run has at most one element left: copies
    /// the other run with that element inserted where a binary search puts
    /// it.
    ///
    /// # Safety
    /// A run has at most one untaken element.
    pub(super) unsafe fn finish<F: Fn(&T, &T) -> bool>(self, is_less: &F) {
        // SAFETY: `self` is consumed.
        let (left, right, dest) = unsafe { self.into_parts() };
        let (before, one, after) = match (left.len(), right.len()) {
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
        let out = dest.as_mut_ptr().cast::<T>();
        let mut written = 0;
        for run in [before, one, after] {
            // SAFETY: the three runs hold the untaken elements once each;
            // `dest` has room for exactly them, in another allocation.
            unsafe { ptr::copy_nonoverlapping(run.start(), out.add(written), run.len()) };
            written += run.len();
        }
    }
}
