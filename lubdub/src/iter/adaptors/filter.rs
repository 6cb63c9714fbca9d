//! [`Filter`] and [`FilterMap`]: item-wise adaptors that drop items, so the
//! result has no known length.

use super::itemwise::{ChunkAdaptor, ItemwiseConsumer};
use crate::iter::plumbing::Consumer;
use crate::iter::ParallelIterator;

/// The iterator of [`ParallelIterator::filter`].
///
/// ```
/// use lubdub::prelude::*;
///
/// assert_eq!((0..10).into_par_iter().filter(|x| x % 5 == 0).count(), 2);
/// ```
#[derive(Clone, Debug)]
pub struct Filter<I, P> {
    base: I,
    predicate: P,
}

impl<I, P> Filter<I, P> {
    pub(crate) fn new(base: I, predicate: P) -> Self {
        Self { base, predicate }
    }
}

impl<I, P> ParallelIterator for Filter<I, P>
where
    I: ParallelIterator,
    P: Fn(&I::Item) -> bool + Sync + Send,
{
    type Item = I::Item;

    fn drive<C: Consumer<I::Item>>(self, consumer: &C) -> C::Result {
        self.base
            .drive(&ItemwiseConsumer::new(consumer, Filtering(&self.predicate)))
    }
}

/// `filter`'s [`ChunkAdaptor`]: `chunk.filter(predicate)`.
struct Filtering<'p, P>(&'p P);

impl<T, P> ChunkAdaptor<T> for Filtering<'_, P>
where
    P: Fn(&T) -> bool + Sync,
{
    type Item = T;
    fn adapt<I: Iterator<Item = T>>(&self, chunk: I) -> impl Iterator<Item = T> {
        chunk.filter(self.0)
    }
}

/// The iterator of [`ParallelIterator::filter_map`].
///
/// ```
/// use lubdub::prelude::*;
///
/// let halves: Vec<i32> = [2, 3, 4].par_iter().filter_map(|x| (x % 2 == 0).then(|| x / 2)).collect();
/// assert_eq!(halves, [1, 2]);
/// ```
#[derive(Clone, Debug)]
pub struct FilterMap<I, F> {
    base: I,
    f: F,
}

impl<I, F> FilterMap<I, F> {
    pub(crate) fn new(base: I, f: F) -> Self {
        Self { base, f }
    }
}

impl<I, F, R> ParallelIterator for FilterMap<I, F>
where
    I: ParallelIterator,
    F: Fn(I::Item) -> Option<R> + Sync + Send,
    R: Send,
{
    type Item = R;

    fn drive<C: Consumer<R>>(self, consumer: &C) -> C::Result {
        self.base
            .drive(&ItemwiseConsumer::new(consumer, FilterMapping(&self.f)))
    }
}

/// `filter_map`'s [`ChunkAdaptor`]: `chunk.filter_map(f)`.
struct FilterMapping<'f, F>(&'f F);

impl<T, R, F> ChunkAdaptor<T> for FilterMapping<'_, F>
where
    F: Fn(T) -> Option<R> + Sync,
{
    type Item = R;
    fn adapt<I: Iterator<Item = T>>(&self, chunk: I) -> impl Iterator<Item = R> {
        chunk.filter_map(self.0)
    }
}
