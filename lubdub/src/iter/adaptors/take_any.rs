//! [`TakeAny`]: `take_any`, exactly `n` items (or all, if fewer), whichever
//! the pieces come to first.

use std::sync::atomic::{AtomicUsize, Ordering};

use super::itemwise::{ChunkAdaptor, ItemwiseConsumer};
use crate::iter::plumbing::UnindexedConsumer;
use crate::iter::ParallelIterator;

/// The iterator of [`ParallelIterator::take_any`].
///
/// ```
/// use lubdub::prelude::*;
///
/// let some: Vec<u32> = (0..100u32).into_par_iter().take_any(5).collect();
/// assert_eq!(some.len(), 5);
/// assert!(some.windows(2).all(|w| w[0] < w[1]));
/// ```
#[derive(Debug, Clone)]
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
pub struct TakeAny<I> {
    base: I,
    count: usize,
}

impl<I> TakeAny<I> {
    pub(crate) fn new(base: I, count: usize) -> Self {
        TakeAny { base, count }
    }
}

impl<I: ParallelIterator> ParallelIterator for TakeAny<I> {
    type Item = I::Item;

    fn drive_unindexed<C: UnindexedConsumer<I::Item>>(self, consumer: C) -> C::Result {
        let adaptor = Taking(Quota::new(self.count));
        self.base
            .drive_unindexed(ItemwiseConsumer::new(consumer, &adaptor))
    }
}

/// A number of items shared by all the pieces of a loop, given out one at a
/// time: the count is exact however the pieces race.
pub(super) struct Quota(AtomicUsize);

impl Quota {
    pub(super) fn new(count: usize) -> Self {
        Quota(AtomicUsize::new(count))
    }

    /// Takes one item of the quota; false when none is left.
    pub(super) fn take_one(&self) -> bool {
        self.0
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |left| {
                left.checked_sub(1)
            })
            .is_ok()
    }

    /// True when the whole quota was taken.
    pub(super) fn is_spent(&self) -> bool {
        self.0.load(Ordering::Relaxed) == 0
    }
}

/// `take_any` on a chunk: its items while the quota lasts.
struct Taking(Quota);

impl<T> ChunkAdaptor<T> for Taking {
    type Item = T;

    fn adapt<I: Iterator<Item = T>>(&self, chunk: I) -> impl Iterator<Item = T> {
        chunk.take_while(move |_| self.0.take_one())
    }

    fn exhausted(&self) -> bool {
        self.0.is_spent()
    }
}
