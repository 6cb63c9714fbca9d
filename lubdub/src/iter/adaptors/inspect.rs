//! [`Inspect`]: `inspect`, a look at each item on its way through.

use super::closure_adaptor::closure_adaptor;
use super::itemwise::{ItemMap, ItemwiseCallback, ItemwiseConsumer, PerItem};
use crate::iter::plumbing::{Consumer, ProducerCallback, UnindexedConsumer};
use crate::iter::{IndexedParallelIterator, ParallelIterator};

closure_adaptor! {
    /// The iterator of [`ParallelIterator::inspect`].
    ///
    /// ```
    /// use lubdub::prelude::*;
    /// use std::sync::atomic::{AtomicUsize, Ordering};
    ///
    /// let seen = AtomicUsize::new(0);
    /// let total: i32 = (1..5).into_par_iter().inspect(|_| {
    ///     seen.fetch_add(1, Ordering::Relaxed);
    /// }).sum();
    /// assert_eq!((total, seen.into_inner()), (10, 4));
    /// ```
    Inspect<I, F> { inspect_op }
}

impl<I, F> ParallelIterator for Inspect<I, F>
where
    I: ParallelIterator,
    F: Fn(&I::Item) + Sync + Send,
{
    type Item = I::Item;

    fn drive_unindexed<C: UnindexedConsumer<I::Item>>(self, consumer: C) -> C::Result {
        let adaptor = PerItem(Inspecting(self.inspect_op));
        self.base
            .drive_unindexed(ItemwiseConsumer::new(consumer, &adaptor))
    }

    fn opt_len(&self) -> Option<usize> {
        self.base.opt_len()
    }
}

impl<I, F> IndexedParallelIterator for Inspect<I, F>
where
    I: IndexedParallelIterator,
    F: Fn(&I::Item) + Sync + Send,
{
    fn drive<C: Consumer<I::Item>>(self, consumer: C) -> C::Result {
        let adaptor = PerItem(Inspecting(self.inspect_op));
        self.base.drive(ItemwiseConsumer::new(consumer, &adaptor))
    }

    fn len(&self) -> usize {
        self.base.len()
    }

    fn with_producer<CB: ProducerCallback<I::Item>>(self, callback: CB) -> CB::Output {
        self.base
            .with_producer(ItemwiseCallback::new(callback, Inspecting(self.inspect_op)))
    }
}

/// `inspect`'s item map: calls the operation on the item and passes it on.
struct Inspecting<F>(F);

impl<T, F: Fn(&T) + Sync> ItemMap<T> for Inspecting<F> {
    type Item = T;

    fn apply(&self, item: T) -> T {
        (self.0)(&item);
        item
    }
}
