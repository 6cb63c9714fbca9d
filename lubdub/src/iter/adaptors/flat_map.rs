//! [`FlatMap`]: `flat_map`, the items of the parallel iterators an operation
//! returns for each item; each inner iterator runs as a parallel loop of its
//! own.

use super::base_hints::hints_from_base;
use super::closure_adaptor::closure_adaptor;
use crate::iter::plumbing::{Consumer, Folder, Reducer, UnindexedConsumer};
use crate::iter::{IntoParallelIterator, ParallelIterator};

closure_adaptor! {
    /// The iterator of [`ParallelIterator::flat_map`].
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let v: Vec<u32> = (1..4u32).into_par_iter().flat_map(|n| 0..n).collect();
    /// assert_eq!(v, [0, 0, 1, 0, 1, 2]);
    /// ```
    FlatMap<I, F> { map_op }
}

impl<I, F, PI> ParallelIterator for FlatMap<I, F>
where
    I: ParallelIterator,
    F: Fn(I::Item) -> PI + Sync + Send,
    PI: IntoParallelIterator,
{
    type Item = PI::Item;

    fn drive_unindexed<C: UnindexedConsumer<PI::Item>>(self, consumer: C) -> C::Result {
        self.base
            .drive_unindexed(FlatMapConsumer::new(consumer, &self.map_op))
    }
}

/// The consumer of `flat_map` (and `flatten`): each item becomes a parallel
/// iterator, driven into a consumer split off the base one.
pub(super) struct FlatMapConsumer<'f, C, F> {
    base: C,
    map_op: &'f F,
}

impl<'f, C, F> FlatMapConsumer<'f, C, F> {
    pub(super) fn new(base: C, map_op: &'f F) -> Self {
        FlatMapConsumer { base, map_op }
    }
}

impl<'f, T, PI, C, F> Consumer<T> for FlatMapConsumer<'f, C, F>
where
    C: UnindexedConsumer<PI::Item>,
    F: Fn(T) -> PI + Sync,
    PI: IntoParallelIterator,
{
    type Folder = FlatMapFolder<'f, C, F, C::Result>;
    type Reducer = C::Reducer;
    type Result = C::Result;

    fn split_at(self, index: usize) -> (Self, Self, C::Reducer) {
        let (left, right, reducer) = self.base.split_at(index);
        (
            FlatMapConsumer::new(left, self.map_op),
            FlatMapConsumer::new(right, self.map_op),
            reducer,
        )
    }

    fn into_folder(self) -> Self::Folder {
        FlatMapFolder {
            base: self.base,
            map_op: self.map_op,
            done: None,
        }
    }

    fn full(&self) -> bool {
        self.base.full()
    }

    hints_from_base!();
}

impl<T, PI, C, F> UnindexedConsumer<T> for FlatMapConsumer<'_, C, F>
where
    C: UnindexedConsumer<PI::Item>,
    F: Fn(T) -> PI + Sync,
    PI: IntoParallelIterator,
{
    fn split_off_left(&self) -> Self {
        FlatMapConsumer::new(self.base.split_off_left(), self.map_op)
    }

    fn to_reducer(&self) -> C::Reducer {
        self.base.to_reducer()
    }
}

/// The folder of `flat_map`: it keeps the base consumer, and the result of
/// the inner loops run so far.
pub(super) struct FlatMapFolder<'f, C, F, R> {
    base: C,
    map_op: &'f F,
    done: Option<R>,
}

impl<T, PI, C, F> Folder<T> for FlatMapFolder<'_, C, F, C::Result>
where
    C: UnindexedConsumer<PI::Item>,
    F: Fn(T) -> PI + Sync,
    PI: IntoParallelIterator,
{
    type Result = C::Result;

    fn consume(self, item: T) -> Self {
        let inner = (self.map_op)(item).into_par_iter();
        let result = inner.drive_unindexed(self.base.split_off_left());
        let done = match self.done {
            None => result,
            Some(before) => self.base.to_reducer().reduce(before, result),
        };
        FlatMapFolder {
            done: Some(done),
            ..self
        }
    }

    fn complete(self) -> C::Result {
        match self.done {
            Some(done) => done,
            None => self.base.into_folder().complete(),
        }
    }

    fn full(&self) -> bool {
        self.base.full()
    }
}
