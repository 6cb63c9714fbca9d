//! `find_any`: some item that matches a predicate. The pieces share one
//! flag; the piece that finds a match raises it, and every other piece stops
//! at its next item.

use std::sync::atomic::{AtomicBool, Ordering};

use crate::iter::plumbing::{Consumer, Folder, Reducer, UnindexedConsumer};
use crate::iter::ParallelIterator;

/// An item of `iter` that matches `predicate`, or `None` if none does.
pub(crate) fn find_any<I, P>(iter: I, predicate: &P) -> Option<I::Item>
where
    I: ParallelIterator,
    P: Fn(&I::Item) -> bool + Sync,
{
    let found = AtomicBool::new(false);
    iter.drive_unindexed(FindAnyConsumer {
        predicate,
        found: &found,
    })
}

struct FindAnyConsumer<'p, P> {
    predicate: &'p P,
    found: &'p AtomicBool,
}

impl<P> Clone for FindAnyConsumer<'_, P> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<P> Copy for FindAnyConsumer<'_, P> {}

impl<P> FindAnyConsumer<'_, P> {
    fn found(&self) -> bool {
        self.found.load(Ordering::Relaxed)
    }
}

impl<'p, T, P> Consumer<T> for FindAnyConsumer<'p, P>
where
    T: Send,
    P: Fn(&T) -> bool + Sync,
{
    type Folder = FindAnyFolder<'p, T, P>;
    type Reducer = Self;
    type Result = Option<T>;

    fn split_at(self, _index: usize) -> (Self, Self, Self) {
        (self, self, self)
    }

    fn into_folder(self) -> Self::Folder {
        FindAnyFolder {
            consumer: self,
            item: None,
        }
    }

    fn full(&self) -> bool {
        self.found()
    }

    /// Its folders take any number of items.
    fn position_free(&self) -> bool {
        true
    }
}

impl<T, P> UnindexedConsumer<T> for FindAnyConsumer<'_, P>
where
    T: Send,
    P: Fn(&T) -> bool + Sync,
{
    fn split_off_left(&self) -> Self {
        *self
    }

    fn to_reducer(&self) -> Self {
        *self
    }
}

impl<T, P> Reducer<Option<T>> for FindAnyConsumer<'_, P> {
    fn reduce(self, left: Option<T>, right: Option<T>) -> Option<T> {
        left.or(right)
    }
}

struct FindAnyFolder<'p, T, P> {
    consumer: FindAnyConsumer<'p, P>,
    item: Option<T>,
}

impl<T, P> Folder<T> for FindAnyFolder<'_, T, P>
where
    P: Fn(&T) -> bool,
{
    type Result = Option<T>;

    fn consume(self, item: T) -> Self {
        self.consume_iter(Some(item))
    }

    fn consume_iter<I: IntoIterator<Item = T>>(mut self, iter: I) -> Self {
        if self.item.is_none() {
            let consumer = self.consumer;
            self.item = iter
                .into_iter()
                .take_while(|_| !consumer.found())
                .find(consumer.predicate);
            if self.item.is_some() {
                consumer.found.store(true, Ordering::Relaxed);
            }
        }
        self
    }

    fn complete(self) -> Option<T> {
        self.item
    }

    fn full(&self) -> bool {
        self.item.is_some() || self.consumer.found()
    }
}
