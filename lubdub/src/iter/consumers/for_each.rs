//! `for_each`: calls an operation on each item.

use crate::iter::plumbing::{Consumer, Folder, Reducer, UnindexedConsumer};
use crate::iter::ParallelIterator;

/// Calls `op` on each item of `iter`.
pub(crate) fn for_each<I, F>(iter: I, op: &F)
where
    I: ParallelIterator,
    F: Fn(I::Item) + Sync,
{
    iter.drive_unindexed(ForEachConsumer { op })
}

/// The consumer that calls `op` on each item (also how `skip` runs the
/// items it skips, with `drop`).
pub(crate) struct ForEachConsumer<'f, F> {
    op: &'f F,
}

impl<'f, F> ForEachConsumer<'f, F> {
    pub(crate) fn new(op: &'f F) -> Self {
        ForEachConsumer { op }
    }
}

impl<'f, F, T> Consumer<T> for ForEachConsumer<'f, F>
where
    F: Fn(T) + Sync,
{
    type Folder = Self;
    type Reducer = NoopReducer;
    type Result = ();

    fn split_at(self, _index: usize) -> (Self, Self, NoopReducer) {
        (self.split_off_left(), self, NoopReducer)
    }

    fn into_folder(self) -> Self {
        self
    }

    fn full(&self) -> bool {
        false
    }

    /// Its folders take any number of items.
    fn position_free(&self) -> bool {
        true
    }

    /// Never full.
    fn may_become_full(&self) -> bool {
        false
    }
}

impl<F, T> Folder<T> for ForEachConsumer<'_, F>
where
    F: Fn(T) + Sync,
{
    type Result = ();

    fn consume(self, item: T) -> Self {
        (self.op)(item);
        self
    }

    fn consume_iter<I: IntoIterator<Item = T>>(self, iter: I) -> Self {
        iter.into_iter().for_each(self.op);
        self
    }

    fn complete(self) {}

    fn full(&self) -> bool {
        false
    }
}

impl<F, T> UnindexedConsumer<T> for ForEachConsumer<'_, F>
where
    F: Fn(T) + Sync,
{
    fn split_off_left(&self) -> Self {
        ForEachConsumer { op: self.op }
    }

    fn to_reducer(&self) -> NoopReducer {
        NoopReducer
    }
}

/// Joins two `()` results.
pub(crate) struct NoopReducer;

impl Reducer<()> for NoopReducer {
    fn reduce(self, _left: (), _right: ()) {}
}
