//! [`Copied`]: `copied`, items copied out of the references an iterator
//! yields.

use super::itemwise::{ItemMap, ItemwiseCallback, ItemwiseConsumer, PerItem};
use crate::iter::plumbing::{Consumer, ProducerCallback, UnindexedConsumer};
use crate::iter::{IndexedParallelIterator, ParallelIterator};

/// The iterator of [`ParallelIterator::copied`].
///
/// ```
/// use lubdub::prelude::*;
///
/// let v: Vec<u8> = [4u8, 5, 6].par_iter().copied().collect();
/// assert_eq!(v, [4, 5, 6]);
/// ```
#[derive(Debug, Clone)]
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
pub struct Copied<I> {
    base: I,
}

impl<I> Copied<I> {
    pub(crate) fn new(base: I) -> Self {
        Copied { base }
    }
}

impl<'a, T, I> ParallelIterator for Copied<I>
where
    I: ParallelIterator<Item = &'a T>,
    T: 'a + Copy + Send + Sync,
{
    type Item = T;

    fn drive_unindexed<C: UnindexedConsumer<T>>(self, consumer: C) -> C::Result {
        self.base
            .drive_unindexed(ItemwiseConsumer::new(consumer, &PerItem(Copying)))
    }

    fn opt_len(&self) -> Option<usize> {
        self.base.opt_len()
    }
}

impl<'a, T, I> IndexedParallelIterator for Copied<I>
where
    I: IndexedParallelIterator<Item = &'a T>,
    T: 'a + Copy + Send + Sync,
{
    fn drive<C: Consumer<T>>(self, consumer: C) -> C::Result {
        self.base
            .drive(ItemwiseConsumer::new(consumer, &PerItem(Copying)))
    }

    fn len(&self) -> usize {
        self.base.len()
    }

    fn with_producer<CB: ProducerCallback<T>>(self, callback: CB) -> CB::Output {
        self.base
            .with_producer(ItemwiseCallback::new(callback, Copying))
    }
}

/// `copied`'s item map: `*item`.
struct Copying;

impl<'a, T: 'a + Copy> ItemMap<&'a T> for Copying {
    type Item = T;

    fn apply(&self, item: &'a T) -> T {
        *item
    }
}
