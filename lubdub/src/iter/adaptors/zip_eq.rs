//! [`ZipEq`]: `zip_eq`, `zip` of two iterators of the same length.

use super::Zip;
use crate::iter::plumbing::{
    bridge, bridge_unindexed_consumer, Consumer, ProducerCallback, UnindexedConsumer,
};
use crate::iter::{IndexedParallelIterator, ParallelIterator};

/// The iterator of [`IndexedParallelIterator::zip_eq`]: pairs of items at
/// the same position, from two iterators checked to be equally long.
///
/// ```
/// use lubdub::prelude::*;
///
/// let v: Vec<(i32, &char)> = (0..2).into_par_iter().zip_eq(&['x', 'y']).collect();
/// assert_eq!(v, [(0, &'x'), (1, &'y')]);
/// ```
#[derive(Debug, Clone)]
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
pub struct ZipEq<A, B> {
    zip: Zip<A, B>,
}

impl<A, B> ZipEq<A, B> {
    /// `a` and `b` must have the same length (checked by the caller).
    pub(crate) fn new(a: A, b: B) -> Self {
        ZipEq {
            zip: Zip::new(a, b),
        }
    }
}

impl<A, B> ParallelIterator for ZipEq<A, B>
where
    A: IndexedParallelIterator,
    B: IndexedParallelIterator,
{
    type Item = (A::Item, B::Item);

    fn drive_unindexed<C: UnindexedConsumer<Self::Item>>(self, consumer: C) -> C::Result {
        bridge_unindexed_consumer(self, consumer)
    }

    fn opt_len(&self) -> Option<usize> {
        Some(self.len())
    }
}

impl<A, B> IndexedParallelIterator for ZipEq<A, B>
where
    A: IndexedParallelIterator,
    B: IndexedParallelIterator,
{
    fn drive<C: Consumer<Self::Item>>(self, consumer: C) -> C::Result {
        bridge(self, consumer)
    }

    fn len(&self) -> usize {
        self.zip.len()
    }

    fn with_producer<CB: ProducerCallback<Self::Item>>(self, callback: CB) -> CB::Output {
        self.zip.with_producer(callback)
    }
}
