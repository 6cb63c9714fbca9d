//! [`TryFold`] and [`TryFoldWith`]: `try_fold` and `try_fold_with`, which
//! fold each folder's items with a fallible operation and yield one
//! [`Try`] value per folder: its accumulator, or the failure that stopped
//! it.
//!
//! A folder stops at its first failure. Stopping the other pieces is the
//! job of the consumer after the fold (`try_reduce`, `try_for_each`...),
//! which sees the failure as soon as the folder completes.

use std::fmt;
use std::marker::PhantomData;
use std::ops::ControlFlow::{self, Continue};

use crate::iter::plumbing::{Consumer, Folder, UnindexedConsumer};
use crate::iter::seed::{CloneOf, MadeBy, Seed};
use crate::iter::try_trait::{from_branch, Try};
use crate::iter::ParallelIterator;

/// The iterator of [`ParallelIterator::try_fold`]: one fallible
/// accumulator per folder, each started from `identity()`.
///
/// ```
/// use lubdub::prelude::*;
///
/// let add_up = |words: &[&str]| -> Vec<Result<u32, std::num::ParseIntError>> {
///     words.par_iter().try_fold(|| 0, |sum, w| Ok(sum + w.parse::<u32>()?)).collect()
/// };
/// let sums = add_up(&["1", "2", "3"]);
/// assert_eq!(sums.iter().map(|s| s.clone().unwrap()).sum::<u32>(), 6);
/// // The folder that meets "x" yields its failure.
/// assert!(add_up(&["1", "x", "3"]).iter().any(|s| s.is_err()));
/// ```
#[derive(Clone)]
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
pub struct TryFold<I, U, ID, F> {
    base: I,
    identity: ID,
    fold_op: F,
    marker: PhantomData<U>,
}

impl<I, U, ID, F> TryFold<I, U, ID, F> {
    pub(crate) fn new(base: I, identity: ID, fold_op: F) -> Self {
        TryFold {
            base,
            identity,
            fold_op,
            marker: PhantomData,
        }
    }
}

impl<I: fmt::Debug, U, ID, F> fmt::Debug for TryFold<I, U, ID, F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TryFold").field("base", &self.base).finish()
    }
}

impl<U, I, ID, F> ParallelIterator for TryFold<I, U, ID, F>
where
    I: ParallelIterator,
    F: Fn(U::Output, I::Item) -> U + Sync + Send,
    ID: Fn() -> U::Output + Sync + Send,
    U: Try + Send,
{
    type Item = U;

    fn drive_unindexed<C: UnindexedConsumer<U>>(self, consumer: C) -> C::Result {
        let seed = MadeBy(&self.identity);
        let consumer = TryFoldConsumer::new(consumer, seed, &self.fold_op);
        self.base.drive_unindexed(consumer)
    }
}

/// The iterator of [`ParallelIterator::try_fold_with`]: one fallible
/// accumulator per folder, each started from a clone of `init`.
///
/// ```
/// use lubdub::prelude::*;
///
/// let lengths: Result<usize, char> = ["lub", "dub"]
///     .par_iter()
///     .try_fold_with(0, |n, s| if s.is_empty() { Err('!') } else { Ok(n + s.len()) })
///     .try_reduce(|| 0, |a, b| Ok(a + b));
/// assert_eq!(lengths, Ok(6));
/// ```
#[derive(Clone)]
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
pub struct TryFoldWith<I, U: Try, F> {
    base: I,
    item: U::Output,
    fold_op: F,
}

impl<I, U: Try, F> TryFoldWith<I, U, F> {
    pub(crate) fn new(base: I, item: U::Output, fold_op: F) -> Self {
        TryFoldWith {
            base,
            item,
            fold_op,
        }
    }
}

impl<I, U, F> fmt::Debug for TryFoldWith<I, U, F>
where
    I: fmt::Debug,
    U: Try<Output: fmt::Debug>,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TryFoldWith")
            .field("base", &self.base)
            .field("item", &self.item)
            .finish()
    }
}

impl<U, I, F> ParallelIterator for TryFoldWith<I, U, F>
where
    I: ParallelIterator,
    F: Fn(U::Output, I::Item) -> U + Sync + Send,
    U: Try<Output: Clone + Send> + Send,
{
    type Item = U;

    fn drive_unindexed<C: UnindexedConsumer<U>>(self, consumer: C) -> C::Result {
        let seed = CloneOf(self.item);
        let consumer = TryFoldConsumer::new(consumer, seed, &self.fold_op);
        self.base.drive_unindexed(consumer)
    }
}

/// The consumer of both: each folder starts from its seed's value and hands
/// its accumulator, or its failure, to `base` when it completes.
struct TryFoldConsumer<'f, U, C, S, F> {
    base: C,
    seed: S,
    fold_op: &'f F,
    marker: PhantomData<fn() -> U>,
}

impl<'f, U, C, S, F> TryFoldConsumer<'f, U, C, S, F> {
    fn new(base: C, seed: S, fold_op: &'f F) -> Self {
        TryFoldConsumer {
            base,
            seed,
            fold_op,
            marker: PhantomData,
        }
    }
}

impl<'f, T, U, C, S, F> Consumer<T> for TryFoldConsumer<'f, U, C, S, F>
where
    U: Try,
    C: Consumer<U>,
    S: Seed<Value = U::Output>,
    F: Fn(U::Output, T) -> U + Sync,
{
    type Folder = TryFoldFolder<'f, C::Folder, U, F>;
    type Reducer = C::Reducer;
    type Result = C::Result;

    fn split_at(self, index: usize) -> (Self, Self, C::Reducer) {
        let (left, right, reducer) = self.base.split_at(index);
        let left = TryFoldConsumer::new(left, self.seed.split(), self.fold_op);
        let right = TryFoldConsumer::new(right, self.seed, self.fold_op);
        (left, right, reducer)
    }

    fn into_folder(self) -> Self::Folder {
        TryFoldFolder {
            base: self.base.into_folder(),
            acc: Continue(self.seed.into_value()),
            fold_op: self.fold_op,
        }
    }

    fn full(&self) -> bool {
        self.base.full()
    }

    /// Needs positions only where its base does, but hands its accumulator
    /// on only when a folder completes: before a base that may stop the
    /// loop early (`find_any`...), one folder per piece would feed it
    /// nothing before the piece ends, so it keeps a folder per chunk there.
    fn position_free(&self) -> bool {
        self.base.position_free() && !self.base.may_become_full()
    }

    /// From the right where its base is.
    const FROM_THE_RIGHT: bool = C::FROM_THE_RIGHT;

    /// Growing where its base's results do.
    const RESULTS_GROW: bool = C::RESULTS_GROW;
}

impl<T, U, C, S, F> UnindexedConsumer<T> for TryFoldConsumer<'_, U, C, S, F>
where
    U: Try,
    C: UnindexedConsumer<U>,
    S: Seed<Value = U::Output>,
    F: Fn(U::Output, T) -> U + Sync,
{
    fn split_off_left(&self) -> Self {
        TryFoldConsumer::new(self.base.split_off_left(), self.seed.split(), self.fold_op)
    }

    fn to_reducer(&self) -> C::Reducer {
        self.base.to_reducer()
    }
}

struct TryFoldFolder<'f, C, U: Try, F> {
    base: C,
    acc: ControlFlow<U::Residual, U::Output>,
    fold_op: &'f F,
}

impl<T, C, U, F> Folder<T> for TryFoldFolder<'_, C, U, F>
where
    C: Folder<U>,
    U: Try,
    F: Fn(U::Output, T) -> U,
{
    type Result = C::Result;

    fn consume(self, item: T) -> Self {
        let acc = match self.acc {
            Continue(acc) => (self.fold_op)(acc, item).branch(),
            failed => failed,
        };
        TryFoldFolder { acc, ..self }
    }

    fn complete(self) -> C::Result {
        self.base.consume(from_branch(self.acc)).complete()
    }

    fn full(&self) -> bool {
        self.acc.is_break() || self.base.full()
    }
}
