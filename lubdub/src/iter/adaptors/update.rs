//! [`Update`]: `update`, each item changed in place by an operation.

use super::closure_adaptor::closure_adaptor;
use super::itemwise::{ItemMap, ItemwiseCallback, ItemwiseConsumer, PerItem};
use crate::iter::plumbing::{Consumer, ProducerCallback, UnindexedConsumer};
use crate::iter::{IndexedParallelIterator, ParallelIterator};

closure_adaptor! {
    /// The iterator of [`ParallelIterator::update`].
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let v: Vec<(u32, bool)> = (0..3u32).into_par_iter().map(|x| (x, false)).update(|p| p.1 = p.0 > 0).collect();
    /// assert_eq!(v, [(0, false), (1, true), (2, true)]);
    /// ```
    Update<I, F> { update_op }
}

impl<I, F> ParallelIterator for Update<I, F>
where
    I: ParallelIterator,
    F: Fn(&mut I::Item) + Sync + Send,
{
    type Item = I::Item;

    fn drive_unindexed<C: UnindexedConsumer<I::Item>>(self, consumer: C) -> C::Result {
        let adaptor = PerItem(Updating(self.update_op));
        self.base
            .drive_unindexed(ItemwiseConsumer::new(consumer, &adaptor))
    }

    fn opt_len(&self) -> Option<usize> {
        self.base.opt_len()
    }
}

impl<I, F> IndexedParallelIterator for Update<I, F>
where
    I: IndexedParallelIterator,
    F: Fn(&mut I::Item) + Sync + Send,
{
    fn drive<C: Consumer<I::Item>>(self, consumer: C) -> C::Result {
        let adaptor = PerItem(Updating(self.update_op));
        self.base.drive(ItemwiseConsumer::new(consumer, &adaptor))
    }

    fn len(&self) -> usize {
        self.base.len()
    }

    fn with_producer<CB: ProducerCallback<I::Item>>(self, callback: CB) -> CB::Output {
        self.base
            .with_producer(ItemwiseCallback::new(callback, Updating(self.update_op)))
    }
}

/// `update`'s item map: the item after the operation changed it.
struct Updating<F>(F);

impl<T, F: Fn(&mut T) + Sync> ItemMap<T> for Updating<F> {
    type Item = T;

    fn apply(&self, mut item: T) -> T {
        (self.0)(&mut item);
        item
    }
}
