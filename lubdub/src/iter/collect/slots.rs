//! [`SlotsConsumer`]: writes the item at position `i` of an indexed loop
//! straight into slot `i` of a run of uninitialised memory (a vector's
//! spare capacity), with no intermediate buffer.
//!
//! Each piece of the loop gets the slots of its own positions
//! ([`Consumer::split_at`] cuts the run in two) and returns a [`Written`]:
//! the slots it has filled, which it owns (dropping a `Written` drops its
//! items). Neighbouring `Written`s are merged only when the left one is
//! full, so a merged `Written` is always one contiguous run of initialised
//! slots starting at the first slot of its run. Whoever drives the loop
//! checks at the end that the merged `Written` covers every slot before it
//! takes the items over ([`Written::hand_over`]).

use std::marker::PhantomData;
use std::ptr;

use crate::iter::plumbing::{Consumer, Folder, Reducer, UnindexedConsumer};

/// Writes each item into its slot of a run of uninitialised memory.
///
/// Invariant: `start..start + slots` is valid for writes, and no other
/// consumer, folder or [`Written`] refers to any of these slots.
pub(super) struct SlotsConsumer<'c, T> {
    start: *mut T,
    slots: usize,
    borrow: PhantomData<&'c mut [T]>,
}

// SAFETY: the consumer is the only handle on its slots (type invariant), so
// moving it to another thread moves exclusive access to them; the `T`s it
// writes cross threads, hence `T: Send`.
unsafe impl<T: Send> Send for SlotsConsumer<'_, T> {}

impl<'c, T> SlotsConsumer<'c, T> {
    /// A consumer of the `slots` slots after the items of `vec`.
    ///
    /// Panics unless `vec` has room for `slots` more items.
    pub(super) fn spare_of(vec: &'c mut Vec<T>, slots: usize) -> Self {
        let spare = vec.spare_capacity_mut();
        assert!(spare.len() >= slots, "the vector has room for the items");
        SlotsConsumer {
            start: spare.as_mut_ptr().cast::<T>(),
            slots,
            borrow: PhantomData,
        }
    }
}

impl<'c, T: Send> Consumer<T> for SlotsConsumer<'c, T> {
    type Folder = Written<'c, T>;
    type Reducer = MergeWritten;
    type Result = Written<'c, T>;

    fn split_at(self, index: usize) -> (Self, Self, MergeWritten) {
        assert!(index <= self.slots, "a consumer is cut within its slots");
        let right = SlotsConsumer {
            // SAFETY: `index <= slots` (checked), so the pointer stays
            // within (or one past) the run of this consumer's slots.
            start: unsafe { self.start.add(index) },
            slots: self.slots - index,
            borrow: PhantomData,
        };
        let left = SlotsConsumer {
            slots: index,
            ..self
        };
        (left, right, MergeWritten)
    }

    fn into_folder(self) -> Written<'c, T> {
        Written {
            start: self.start,
            slots: self.slots,
            filled: 0,
            owner: PhantomData,
        }
    }

    fn full(&self) -> bool {
        false
    }
}

/// Only indexed loops can write in place. [`ParallelIterator::opt_len`]
/// promises that an iterator with a known length drives its consumer
/// through positions, so a `SlotsConsumer` can be handed to
/// `drive_unindexed` of such an iterator, but it cannot be cut without
/// positions.
///
/// [`ParallelIterator::opt_len`]: crate::iter::ParallelIterator::opt_len
impl<T: Send> UnindexedConsumer<T> for SlotsConsumer<'_, T> {
    fn split_off_left(&self) -> Self {
        panic!(
            "an iterator with a known length (opt_len) was driven without \
             positions; it must drive its consumer with `bridge`"
        )
    }

    fn to_reducer(&self) -> MergeWritten {
        MergeWritten
    }
}

/// The slots a piece has filled: the first `filled` of the `slots` slots
/// from `start`, whose items it owns.
///
/// Invariant: the first `filled` slots hold initialised items that nothing
/// else owns, `filled <= slots`, and the whole run is this `Written`'s alone.
#[must_use]
pub(super) struct Written<'c, T> {
    start: *mut T,
    slots: usize,
    filled: usize,
    /// Invariant in `'c`: a `Written` can only come from the consumer it was
    /// made for, never from another loop's.
    owner: PhantomData<*mut &'c mut [T]>,
}

// SAFETY: a `Written` owns its filled items and is the only handle on its
// slots (type invariant); sending it sends those `T`s.
unsafe impl<T: Send> Send for Written<'_, T> {}

impl<T> Written<'_, T> {
    /// The number of items written.
    pub(super) fn len(&self) -> usize {
        self.filled
    }

    /// Gives up ownership of the items (they are no longer dropped with
    /// this `Written`): the caller now owns them.
    pub(super) fn hand_over(mut self) {
        self.filled = 0;
    }
}

impl<T> Drop for Written<'_, T> {
    fn drop(&mut self) {
        let items = ptr::slice_from_raw_parts_mut(self.start, self.filled);
        // SAFETY: the first `filled` slots hold initialised items that only
        // this `Written` owns (type invariant); they are dropped once, here.
        unsafe { ptr::drop_in_place(items) };
    }
}

impl<T> Folder<T> for Written<'_, T> {
    type Result = Self;

    fn consume(mut self, item: T) -> Self {
        assert!(
            self.filled < self.slots,
            "too many values for the slots of an indexed collect: the iterator \
             produced more items than its length"
        );
        // SAFETY: `filled < slots` (checked), so the slot is in this run;
        // it is uninitialised (only the first `filled` are written), so
        // `write` overwrites nothing that needs dropping.
        unsafe { self.start.add(self.filled).write(item) };
        self.filled += 1;
        self
    }

    fn complete(self) -> Self {
        self
    }

    fn full(&self) -> bool {
        false
    }
}

/// Joins the `Written`s of two neighbouring pieces.
pub(super) struct MergeWritten;

impl<'c, T> Reducer<Written<'c, T>> for MergeWritten {
    fn reduce(self, mut left: Written<'c, T>, mut right: Written<'c, T>) -> Written<'c, T> {
        // SAFETY: `left.slots` is the length of left's run, so the pointer
        // is at most one past its end.
        let left_end = unsafe { left.start.add(left.slots) };
        if left.filled == left.slots && left_end == right.start {
            // Left's run is full and right's starts where it ends: the two
            // filled prefixes form one, which `left` now owns.
            left.slots += right.slots;
            left.filled += right.filled;
            right.filled = 0;
        }
        // Otherwise a gap separates the two: right's items are dropped with
        // it, and the total comes up short, which the driver reports.
        left
    }
}
