//! [`Cloned`]: `cloned`, clones of the items behind the references an
//! iterator yields.

use super::itemwise::{ItemMap, ItemwiseCallback, ItemwiseConsumer, PerItem};
use crate::iter::plumbing::{Consumer, ProducerCallback, UnindexedConsumer};
use crate::iter::{IndexedParallelIterator, ParallelIterator};

/// The iterator of [`ParallelIterator::cloned`].
///
/// ```
/// use lubdub::prelude::*;
///
/// let words = [String::from("lub"), String::from("dub")];
/// let v: Vec<String> = words.par_iter().cloned().collect();
/// assert_eq!(v, words);
/// ```
#[derive(Debug, Clone)]
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
pub struct Cloned<I> {
    base: I,
}

impl<I> Cloned<I> {
    pub(crate) fn new(base: I) -> Self {
        Cloned { base }
    }
}

impl<'a, T, I> ParallelIterator for Cloned<I>
where
    I: ParallelIterator<Item = &'a T>,
    T: 'a + Clone + Send + Sync,
{
    type Item = T;

    fn drive_unindexed<C: UnindexedConsumer<T>>(self, consumer: C) -> C::Result {
        self.base
            .drive_unindexed(ItemwiseConsumer::new(consumer, &PerItem(Cloning)))
    }

    fn opt_len(&self) -> Option<usize> {
        self.base.opt_len()
    }
}

impl<'a, T, I> IndexedParallelIterator for Cloned<I>
where
    I: IndexedParallelIterator<Item = &'a T>,
    T: 'a + Clone + Send + Sync,
{
    fn drive<C: Consumer<T>>(self, consumer: C) -> C::Result {
        self.base
            .drive(ItemwiseConsumer::new(consumer, &PerItem(Cloning)))
    }

    fn len(&self) -> usize {
        self.base.len()
    }

    fn with_producer<CB: ProducerCallback<T>>(self, callback: CB) -> CB::Output {
        self.base
            .with_producer(ItemwiseCallback::new(callback, Cloning))
    }
}

/// `cloned`'s item map: `item.clone()`.
struct Cloning;

impl<'a, T: 'a + Clone> ItemMap<&'a T> for Cloning {
    type Item = T;

    fn apply(&self, item: &'a T) -> T {
        item.clone()
    }
}
