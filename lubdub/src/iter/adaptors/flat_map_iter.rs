//! [`FlatMapIter`]: `flat_map_iter`, the items of the sequential iterators
//! an operation returns for each item.

use super::closure_adaptor::closure_adaptor;
use super::itemwise::{ChunkAdaptor, ItemwiseConsumer};
use crate::iter::plumbing::UnindexedConsumer;
use crate::iter::ParallelIterator;

closure_adaptor! {
    /// The iterator of [`ParallelIterator::flat_map_iter`].
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let v: Vec<u32> = (1..4u32).into_par_iter().flat_map_iter(|n| 0..n).collect();
    /// assert_eq!(v, [0, 0, 1, 0, 1, 2]);
    /// ```
    FlatMapIter<I, F> { map_op }
}

impl<I, F, SI> ParallelIterator for FlatMapIter<I, F>
where
    I: ParallelIterator,
    F: Fn(I::Item) -> SI + Sync + Send,
    SI: IntoIterator<Item: Send>,
{
    type Item = SI::Item;

    fn drive_unindexed<C: UnindexedConsumer<SI::Item>>(self, consumer: C) -> C::Result {
        let adaptor = FlatMapping(self.map_op);
        self.base
            .drive_unindexed(ItemwiseConsumer::new(consumer, &adaptor))
    }
}

/// `flat_map_iter` on a chunk: `chunk.flat_map(op)`.
struct FlatMapping<F>(F);

impl<T, SI, F> ChunkAdaptor<T> for FlatMapping<F>
where
    F: Fn(T) -> SI + Sync,
    SI: IntoIterator,
{
    type Item = SI::Item;

    fn adapt<I: Iterator<Item = T>>(&self, chunk: I) -> impl Iterator<Item = SI::Item> {
        chunk.flat_map(&self.0)
    }
}
