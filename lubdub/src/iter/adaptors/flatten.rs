//! [`Flatten`]: `flatten`, the items of items that are themselves parallel
//! iterables; each runs as a parallel loop of its own.

use super::flat_map::FlatMapConsumer;
use crate::iter::plumbing::UnindexedConsumer;
use crate::iter::{IntoParallelIterator, ParallelIterator};

/// The iterator of [`ParallelIterator::flatten`].
///
/// ```
/// use lubdub::prelude::*;
///
/// let v: Vec<u8> = [0..2u8, 5..7].par_iter().cloned().flatten().collect();
/// assert_eq!(v, [0, 1, 5, 6]);
/// ```
#[derive(Debug, Clone)]
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
pub struct Flatten<I> {
    base: I,
}

impl<I> Flatten<I> {
    pub(crate) fn new(base: I) -> Self {
        Flatten { base }
    }
}

impl<I> ParallelIterator for Flatten<I>
where
    I: ParallelIterator<Item: IntoParallelIterator>,
{
    type Item = <I::Item as IntoParallelIterator>::Item;

    fn drive_unindexed<C: UnindexedConsumer<Self::Item>>(self, consumer: C) -> C::Result {
        fn itself<T>(item: T) -> T {
            item
        }
        let identity: fn(I::Item) -> I::Item = itself;
        self.base
            .drive_unindexed(FlatMapConsumer::new(consumer, &identity))
    }
}
