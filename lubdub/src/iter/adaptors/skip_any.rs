//! [`SkipAny`]: `skip_any`, all items but exactly `n` of them (or none, if
//! fewer), whichever the pieces come to first.

use super::itemwise::{ChunkAdaptor, ItemwiseConsumer};
use super::take_any::Quota;
use crate::iter::plumbing::UnindexedConsumer;
use crate::iter::ParallelIterator;

/// The iterator of [`ParallelIterator::skip_any`].
///
/// ```
/// use lubdub::prelude::*;
///
/// let rest: Vec<u32> = (0..100u32).into_par_iter().skip_any(95).collect();
/// assert_eq!(rest.len(), 5);
/// assert!(rest.windows(2).all(|w| w[0] < w[1]));
/// ```
#[derive(Debug, Clone)]
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
pub struct SkipAny<I> {
    base: I,
    count: usize,
}

impl<I> SkipAny<I> {
    pub(crate) fn new(base: I, count: usize) -> Self {
        SkipAny { base, count }
    }
}

impl<I: ParallelIterator> ParallelIterator for SkipAny<I> {
    type Item = I::Item;

    fn drive_unindexed<C: UnindexedConsumer<I::Item>>(self, consumer: C) -> C::Result {
        let adaptor = Skipping(Quota::new(self.count));
        self.base
            .drive_unindexed(ItemwiseConsumer::new(consumer, &adaptor))
    }
}

/// `skip_any` on a chunk: drops its first items while the quota of items to
/// skip lasts.
struct Skipping(Quota);

impl<T> ChunkAdaptor<T> for Skipping {
    type Item = T;

    fn adapt<I: Iterator<Item = T>>(&self, chunk: I) -> impl Iterator<Item = T> {
        chunk.skip_while(move |_| self.0.take_one())
    }
}
