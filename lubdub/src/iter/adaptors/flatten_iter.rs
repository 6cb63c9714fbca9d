//! [`FlattenIter`]: `flatten_iter`, the items of items that are sequential
//! iterables.

use super::itemwise::{ChunkAdaptor, ItemwiseConsumer};
use crate::iter::plumbing::UnindexedConsumer;
use crate::iter::ParallelIterator;

/// The iterator of [`ParallelIterator::flatten_iter`].
///
/// ```
/// use lubdub::prelude::*;
///
/// let rows = [vec![1, 2], vec![], vec![3]];
/// let v: Vec<&i32> = rows.par_iter().flatten_iter().collect();
/// assert_eq!(v, [&1, &2, &3]);
/// ```
#[derive(Debug, Clone)]
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
pub struct FlattenIter<I> {
    base: I,
}

impl<I> FlattenIter<I> {
    pub(crate) fn new(base: I) -> Self {
        FlattenIter { base }
    }
}

impl<I> ParallelIterator for FlattenIter<I>
where
    I: ParallelIterator<Item: IntoIterator<Item: Send>>,
{
    type Item = <I::Item as IntoIterator>::Item;

    fn drive_unindexed<C: UnindexedConsumer<Self::Item>>(self, consumer: C) -> C::Result {
        self.base
            .drive_unindexed(ItemwiseConsumer::new(consumer, &Flattening))
    }
}

/// `flatten_iter` on a chunk: `chunk.flatten()`.
struct Flattening;

impl<T: IntoIterator> ChunkAdaptor<T> for Flattening {
    type Item = T::Item;

    fn adapt<I: Iterator<Item = T>>(&self, chunk: I) -> impl Iterator<Item = T::Item> {
        chunk.flatten()
    }
}
