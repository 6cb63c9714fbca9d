//! [`FilterMap`]: `filter_map`, the `Some` results of an operation.

use super::itemwise::{ChunkAdaptor, ItemwiseConsumer};
use crate::iter::plumbing::UnindexedConsumer;
use crate::iter::ParallelIterator;

/// The iterator of [`ParallelIterator::filter_map`].
///
/// ```
/// use lubdub::prelude::*;
///
/// let parsed: Vec<u8> = ["1", "x", "3"].par_iter().filter_map(|s| s.parse().ok()).collect();
/// assert_eq!(parsed, [1, 3]);
/// ```
#[derive(Clone)]
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
pub struct FilterMap<I, P> {
    base: I,
    filter_op: P,
}

impl<I: std::fmt::Debug, P> std::fmt::Debug for FilterMap<I, P> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FilterMap")
            .field("base", &self.base)
            .finish()
    }
}

impl<I, P> FilterMap<I, P> {
    pub(crate) fn new(base: I, filter_op: P) -> Self {
        FilterMap { base, filter_op }
    }
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
