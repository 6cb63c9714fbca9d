//! `sum`: adds the items up with [`Sum`].

use std::iter::{once, Sum};
use std::marker::PhantomData;

use crate::iter::plumbing::{Consumer, Folder, Reducer, UnindexedConsumer};
use crate::iter::ParallelIterator;

/// The sum of the items of `iter`.
pub(crate) fn sum<I, S>(iter: I) -> S
where
    I: ParallelIterator,
    S: Send + Sum<I::Item> + Sum<S>,
{
    iter.drive_unindexed(SumConsumer(PhantomData))
}

struct SumConsumer<S>(PhantomData<fn() -> S>);

impl<S, T> Consumer<T> for SumConsumer<S>
where
    S: Send + Sum<T> + Sum<S>,
{
    type Folder = SumFolder<S>;
    type Reducer = Self;
    type Result = S;

    fn split_at(self, _index: usize) -> (Self, Self, Self) {
        (SumConsumer(PhantomData), SumConsumer(PhantomData), self)
    }

    fn into_folder(self) -> SumFolder<S> {
        SumFolder(S::sum(std::iter::empty::<T>()))
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

impl<S, T> UnindexedConsumer<T> for SumConsumer<S>
where
    S: Send + Sum<T> + Sum<S>,
{
    fn split_off_left(&self) -> Self {
        SumConsumer(PhantomData)
    }

    fn to_reducer(&self) -> Self {
        SumConsumer(PhantomData)
    }
}

impl<S: Sum<S>> Reducer<S> for SumConsumer<S> {
    fn reduce(self, left: S, right: S) -> S {
        add(left, right)
    }
}

fn add<S: Sum<S>>(left: S, right: S) -> S {
    once(left).chain(once(right)).sum()
}

struct SumFolder<S>(S);

impl<S, T> Folder<T> for SumFolder<S>
where
    S: Sum<T> + Sum<S>,
{
    type Result = S;

    fn consume(self, item: T) -> Self {
        SumFolder(add(self.0, once(item).sum()))
    }

    fn consume_iter<I: IntoIterator<Item = T>>(self, iter: I) -> Self {
        SumFolder(add(self.0, iter.into_iter().sum()))
    }

    fn complete(self) -> S {
        self.0
    }

    fn full(&self) -> bool {
        false
    }
}
