//! [`FilterMap`]: `filter_map`, the `Some` results of an operation.

use super::closure_adaptor::closure_adaptor;
use super::itemwise::{ChunkAdaptor, ItemwiseConsumer};
use crate::iter::plumbing::UnindexedConsumer;
use crate::iter::ParallelIterator;

closure_adaptor! {
    /// The iterator of [`ParallelIterator::filter_map`].
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let parsed: Vec<u8> = ["1", "x", "3"].par_iter().filter_map(|s| s.parse().ok()).collect();
    /// assert_eq!(parsed, [1, 3]);
    /// ```
    FilterMap<I, P> { filter_op }
}

impl<I, P, R> ParallelIterator for FilterMap<I, P>
where
    I: ParallelIterator,
    P: Fn(I::Item) -> Option<R> + Sync + Send,
    R: Send,
{
    type Item = R;

    fn drive_unindexed<C: UnindexedConsumer<R>>(self, consumer: C) -> C::Result {
        let adaptor = FilterMapping(self.filter_op);
        self.base
            .drive_unindexed(ItemwiseConsumer::new(consumer, &adaptor))
    }
}

/// `filter_map` on a chunk: `chunk.filter_map(op)`.
struct FilterMapping<P>(P);

impl<T, R, P: Fn(T) -> Option<R> + Sync> ChunkAdaptor<T> for FilterMapping<P> {
    type Item = R;

    fn adapt<I: Iterator<Item = T>>(&self, chunk: I) -> impl Iterator<Item = R> {
        chunk.filter_map(&self.0)
    }
}
