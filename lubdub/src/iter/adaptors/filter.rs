//! [`Filter`]: `filter`, the items a predicate accepts.

use super::closure_adaptor::closure_adaptor;
use super::itemwise::{ChunkAdaptor, ItemwiseConsumer};
use crate::iter::plumbing::UnindexedConsumer;
use crate::iter::ParallelIterator;

closure_adaptor! {
    /// The iterator of [`ParallelIterator::filter`].
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let odd: Vec<i32> = (0..7).into_par_iter().filter(|x| x % 2 == 1).collect();
    /// assert_eq!(odd, [1, 3, 5]);
    /// ```
    Filter<I, P> { filter_op }
}

impl<I, P> ParallelIterator for Filter<I, P>
where
    I: ParallelIterator,
    P: Fn(&I::Item) -> bool + Sync + Send,
{
    type Item = I::Item;

    fn drive_unindexed<C: UnindexedConsumer<I::Item>>(self, consumer: C) -> C::Result {
        let adaptor = Filtering(self.filter_op);
        self.base
            .drive_unindexed(ItemwiseConsumer::new(consumer, &adaptor))
    }
}

/// `filter` on a chunk: `chunk.filter(predicate)`.
struct Filtering<P>(P);

impl<T, P: Fn(&T) -> bool + Sync> ChunkAdaptor<T> for Filtering<P> {
    type Item = T;

    fn adapt<I: Iterator<Item = T>>(&self, chunk: I) -> impl Iterator<Item = T> {
        chunk.filter(&self.0)
    }
}
