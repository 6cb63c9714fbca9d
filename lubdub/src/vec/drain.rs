//! [`Drain`]: `par_drain(range)` of a `Vec`, moving the items of the range
//! out in parallel.
//!
//! When the loop starts, the vector's length is cut to the range's start:
//! the range's items belong to a [`DrainProducer`] from then on, and the
//! items after the range (the tail) are out of the vector's sight. When the
//! `Drain` is dropped (after the loop, or during a panic) the tail is moved
//! down over the drained range and the length restored to cover it. A
//! `Drain` dropped without running moves nothing: `Vec::drain` removes the
//! range.

use std::ops::{Range, RangeBounds};
use std::ptr;

use super::drain_producer::DrainProducer;
use crate::iter::plumbing::{
    bridge, bridge_unindexed_consumer, Consumer, ProducerCallback, UnindexedConsumer,
};
use crate::iter::{drain_range, IndexedParallelIterator, ParallelDrainRange, ParallelIterator};

/// The iterator of `par_drain(range)` on a `Vec`
/// ([`ParallelDrainRange`]).
///
/// ```
/// use lubdub::prelude::*;
///
/// let mut v = vec![String::from("a"), String::from("bc"), String::from("def")];
/// let moved: Vec<String> = v.par_drain(1..).collect();
/// assert_eq!(moved, ["bc", "def"]);
/// assert_eq!(v, ["a"]);
/// ```
#[derive(Debug)]
pub struct Drain<'data, T: Send> {
    vec: &'data mut Vec<T>,
    range: Range<usize>,
    len_before: usize,
}

impl<'data, T: Send> ParallelDrainRange<usize> for &'data mut Vec<T> {
    type Iter = Drain<'data, T>;
    type Item = T;

    #[track_caller]
    fn par_drain<R: RangeBounds<usize>>(self, range: R) -> Drain<'data, T> {
        Drain {
            range: drain_range(range, self.len()),
            len_before: self.len(),
            vec: self,
        }
    }
}

impl<T: Send> ParallelIterator for Drain<'_, T> {
    type Item = T;

    fn drive_unindexed<C: UnindexedConsumer<T>>(self, consumer: C) -> C::Result {
        bridge_unindexed_consumer(self, consumer)
    }

    fn opt_len(&self) -> Option<usize> {
        Some(self.range.len())
    }
}

impl<T: Send> IndexedParallelIterator for Drain<'_, T> {
    fn drive<C: Consumer<T>>(self, consumer: C) -> C::Result {
        bridge(self, consumer)
    }

    fn len(&self) -> usize {
        self.range.len()
    }

    fn with_producer<CB: ProducerCallback<T>>(self, callback: CB) -> CB::Output {
        let Range { start, end } = self.range.clone();
        // SAFETY: `start <= len_before`; the items from `start` on stay
        // initialised in the buffer, and the vector no longer reads or drops
        // them: those of the range pass to the producer, the tail is moved
        // back by `drop`.
        unsafe { self.vec.set_len(start) };
        // SAFETY: `start..end` lies within the buffer's initialised items
        // (`end <= len_before`); the pointer comes from the vector itself,
        // not through a slice of its (now shorter) length.
        let items = unsafe {
            std::slice::from_raw_parts_mut(self.vec.as_mut_ptr().add(start), end - start)
        };
        // SAFETY: the vector gave up these items above; nobody else owns them.
        let producer = unsafe { DrainProducer::new(items) };
        callback.callback(producer)
        // `self` drops here, after the producer and its pieces are gone.
    }
}

impl<T: Send> Drop for Drain<'_, T> {
    fn drop(&mut self) {
        let Range { start, end } = self.range.clone();
        if self.vec.len() == self.len_before {
            // The loop never ran (its `with_producer` shortens the vector
            // unless the range is empty at the end): remove the range.
            self.vec.drain(start..end);
            return;
        }
        // The producer moved or dropped every item of the range: close the
        // gap with the tail.
        let tail = self.len_before - end;
        let base = self.vec.as_mut_ptr();
        // SAFETY: `start <= end` and `end + tail == len_before <= capacity`;
        // the tail's items are initialised and owned by nobody else;
        // `ptr::copy` allows the ranges to overlap.
        unsafe {
            ptr::copy(base.add(end), base.add(start), tail);
            self.vec.set_len(start + tail);
        }
    }
}
