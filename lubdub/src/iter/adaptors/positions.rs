//! [`Positions`]: `positions(predicate)`, the positions of the items that
//! satisfy a predicate.

use super::closure_adaptor::closure_adaptor;
use crate::iter::plumbing::{Consumer, Folder, UnindexedConsumer};
use crate::iter::{IndexedParallelIterator, ParallelIterator};

closure_adaptor! {
    /// The iterator of [`IndexedParallelIterator::positions`]: the positions,
    /// in increasing order, of the items for which the predicate is true.
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let v: Vec<usize> = [3, 8, 5, 6].par_iter().positions(|x| x % 2 == 0).collect();
    /// assert_eq!(v, [1, 3]);
    /// ```
    Positions<I, P> { predicate }
}

impl<I, P> ParallelIterator for Positions<I, P>
where
    I: IndexedParallelIterator,
    P: Fn(I::Item) -> bool + Sync + Send,
{
    type Item = usize;

    fn drive_unindexed<C: UnindexedConsumer<usize>>(self, consumer: C) -> C::Result {
        // The base is driven by position, so each piece of the consumer
        // knows where its items start.
        self.base.drive(PositionsConsumer {
            base: consumer,
            predicate: &self.predicate,
            start: 0,
        })
    }
}

/// Passes on the positions of the items that satisfy `predicate`; its first
/// item is at position `start`.
struct PositionsConsumer<'p, C, P> {
    base: C,
    predicate: &'p P,
    start: usize,
}

impl<'p, T, C, P> Consumer<T> for PositionsConsumer<'p, C, P>
where
    C: Consumer<usize>,
    P: Fn(T) -> bool + Sync,
{
    type Folder = PositionsFolder<'p, C::Folder, P>;
    type Reducer = C::Reducer;
    type Result = C::Result;

    fn split_at(self, index: usize) -> (Self, Self, C::Reducer) {
        let (left, right, reducer) = self.base.split_at(index);
        let left = PositionsConsumer {
            base: left,
            predicate: self.predicate,
            start: self.start,
        };
        let right = PositionsConsumer {
            base: right,
            predicate: self.predicate,
            start: self.start + index,
        };
        (left, right, reducer)
    }

    fn into_folder(self) -> Self::Folder {
        PositionsFolder {
            base: self.base.into_folder(),
            predicate: self.predicate,
            next: self.start,
        }
    }

    fn full(&self) -> bool {
        self.base.full()
    }

    /// From the right where its base is.
    const FROM_THE_RIGHT: bool = C::FROM_THE_RIGHT;

    /// Growing where its base's results do.
    const RESULTS_GROW: bool = C::RESULTS_GROW;
}

/// A [`PositionsConsumer`]'s folder; `next` is the position of the next
/// item it takes.
struct PositionsFolder<'p, F, P> {
    base: F,
    predicate: &'p P,
    next: usize,
}

impl<T, F, P> Folder<T> for PositionsFolder<'_, F, P>
where
    F: Folder<usize>,
    P: Fn(T) -> bool,
{
    type Result = F::Result;

    fn consume(self, item: T) -> Self {
        self.consume_iter(Some(item))
    }

    fn consume_iter<I: IntoIterator<Item = T>>(self, iter: I) -> Self {
        let predicate = self.predicate;
        let mut next = self.next;
        let base = self.base.consume_iter(iter.into_iter().filter_map(|item| {
            let position = next;
            next += 1;
            predicate(item).then_some(position)
        }));
        PositionsFolder {
            base,
            predicate,
            next,
        }
    }

    fn complete(self) -> F::Result {
        self.base.complete()
    }

    fn full(&self) -> bool {
        self.base.full()
    }
}
