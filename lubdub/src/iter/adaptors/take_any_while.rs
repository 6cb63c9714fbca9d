//! [`TakeAnyWhile`]: `take_any_while`, items taken from anywhere until the
//! predicate rejects one.

use std::sync::atomic::{AtomicBool, Ordering};

use super::closure_adaptor::closure_adaptor;
use super::itemwise::{ChunkAdaptor, ItemwiseConsumer};
use crate::iter::plumbing::UnindexedConsumer;
use crate::iter::ParallelIterator;

closure_adaptor! {
    /// The iterator of [`ParallelIterator::take_any_while`].
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let small: Vec<u32> = (0..100u32).into_par_iter().take_any_while(|&x| x < 10).collect();
    /// assert!(small.len() <= 10 && small.iter().all(|&x| x < 10));
    /// ```
    TakeAnyWhile<I, P> { predicate }
}

impl<I, P> ParallelIterator for TakeAnyWhile<I, P>
where
    I: ParallelIterator,
    P: Fn(&I::Item) -> bool + Sync + Send,
{
    type Item = I::Item;

    fn drive_unindexed<C: UnindexedConsumer<I::Item>>(self, consumer: C) -> C::Result {
        let adaptor = TakingWhile(SharedWhile::new(self.predicate));
        self.base
            .drive_unindexed(ItemwiseConsumer::new(consumer, &adaptor))
    }
}

/// A predicate that every piece of a loop asks until it first says no,
/// anywhere: from then on it says no to every item.
pub(super) struct SharedWhile<P> {
    predicate: P,
    holding: AtomicBool,
}

impl<P> SharedWhile<P> {
    pub(super) fn new(predicate: P) -> Self {
        SharedWhile {
            predicate,
            holding: AtomicBool::new(true),
        }
    }

    /// True while the predicate has accepted every item asked about,
    /// `item` included.
    pub(super) fn holds<T>(&self, item: &T) -> bool
    where
        P: Fn(&T) -> bool,
    {
        if !self.holding.load(Ordering::Relaxed) {
            return false;
        }
        if (self.predicate)(item) {
            return true;
        }
        self.holding.store(false, Ordering::Relaxed);
        false
    }

    /// True once the predicate said no to some item.
    pub(super) fn broken(&self) -> bool {
        !self.holding.load(Ordering::Relaxed)
    }
}

/// `take_any_while` on a chunk: its items while the shared predicate holds.
struct TakingWhile<P>(SharedWhile<P>);

impl<T, P: Fn(&T) -> bool + Sync> ChunkAdaptor<T> for TakingWhile<P> {
    type Item = T;

    fn adapt<I: Iterator<Item = T>>(&self, chunk: I) -> impl Iterator<Item = T> {
        chunk.take_while(move |item| self.0.holds(item))
    }

    fn exhausted(&self) -> bool {
        self.0.broken()
    }
}
