//! [`FlatMapIter`]: each item becomes a sequential iterator, run inside the
//! chunk that holds the item.

use super::itemwise::{ChunkAdaptor, ItemwiseConsumer};
use crate::iter::plumbing::Consumer;
use crate::iter::ParallelIterator;

/// The iterator of [`ParallelIterator::flat_map_iter`].
///
/// ```
/// use lubdub::prelude::*;
///
/// let total: u32 = (1..4u32).into_par_iter().flat_map_iter(|n| 0..n).sum();
/// assert_eq!(total, 0 + (0 + 1) + (0 + 1 + 2));
/// ```
#[derive(Clone, Debug)]
pub struct FlatMapIter<I, F> {
    base: I,
    f: F,
}

impl<I, F> FlatMapIter<I, F> {
    pub(crate) fn new(base: I, f: F) -> Self {
        Self { base, f }
    }
}

impl<I, F, U> ParallelIterator for FlatMapIter<I, F>
where
    I: ParallelIterator,
    F: Fn(I::Item) -> U + Sync + Send,
    U: IntoIterator,
    U::Item: Send,
{
    type Item = U::Item;

    fn drive<C: Consumer<U::Item>>(self, consumer: &C) -> C::Result {
        self.base
            .drive(&ItemwiseConsumer::new(consumer, FlatMapping(&self.f)))
    }
}

/// `flat_map_iter`'s [`ChunkAdaptor`]: `chunk.flat_map(f)`.
struct FlatMapping<'f, F>(&'f F);

impl<T, U, F> ChunkAdaptor<T> for FlatMapping<'_, F>
where
    U: IntoIterator,
    F: Fn(T) -> U + Sync,
{
    type Item = U::Item;
    fn adapt<I: Iterator<Item = T>>(&self, chunk: I) -> impl Iterator<Item = U::Item> {
        chunk.flat_map(self.0)
    }
}
