//! `try_reduce` and `try_reduce_with`: joins items that may be failures
//! ([`Try`]) with a fallible operation, stopping every piece of the loop
//! soon after one of them fails.
//!
//! The pieces share one flag: a folder that reaches a failure raises it, and
//! every folder and consumer reports itself full once it is up, so the
//! driver stops each piece at its next item or chunk. The failure travels to
//! the result through the reducers, which keep a failure over a success.

use std::ops::ControlFlow::{self, Break, Continue};
use std::sync::atomic::{AtomicBool, Ordering};

use crate::iter::plumbing::{Consumer, Folder, Reducer, UnindexedConsumer};
use crate::iter::try_trait::{from_branch, Try};
use crate::iter::ParallelIterator;

/// The items of `iter` joined by `op` (`identity()` when there are none);
/// the first failure met (of an item or of `op`) otherwise. As in
/// `reduce.rs`, a folder starts from its first item, not the identity.
pub(crate) fn try_reduce<I, ID, OP>(iter: I, identity: &ID, op: &OP) -> I::Item
where
    I: ParallelIterator,
    I::Item: Try,
    ID: Fn() -> <I::Item as Try>::Output + Sync,
    OP: Fn(<I::Item as Try>::Output, <I::Item as Try>::Output) -> I::Item + Sync,
{
    try_reduce_with(iter, op).unwrap_or_else(|| I::Item::from_output(identity()))
}

/// [`try_reduce`] without an identity: `None` for an empty iterator.
pub(crate) fn try_reduce_with<I, OP>(iter: I, op: &OP) -> Option<I::Item>
where
    I: ParallelIterator,
    I::Item: Try,
    OP: Fn(<I::Item as Try>::Output, <I::Item as Try>::Output) -> I::Item + Sync,
{
    let failed = AtomicBool::new(false);
    iter.drive_unindexed(TryReduceConsumer::new(op, &failed))
}

/// The consumer of both: each folder starts from nothing and takes its
/// first item as its value; all pieces share the `failed` flag.
pub(super) struct TryReduceConsumer<'r, OP> {
    op: &'r OP,
    failed: &'r AtomicBool,
}

impl<OP> Clone for TryReduceConsumer<'_, OP> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<OP> Copy for TryReduceConsumer<'_, OP> {}

impl<'r, OP> TryReduceConsumer<'r, OP> {
    pub(super) fn new(op: &'r OP, failed: &'r AtomicBool) -> Self {
        TryReduceConsumer { op, failed }
    }
}

impl<'r, T, OP> Consumer<T> for TryReduceConsumer<'r, OP>
where
    T: Try + Send,
    OP: Fn(T::Output, T::Output) -> T + Sync,
{
    type Folder = TryReduceFolder<'r, T, OP>;
    type Reducer = Self;
    type Result = Option<T>;

    fn split_at(self, _index: usize) -> (Self, Self, Self) {
        (self, self, self)
    }

    fn into_folder(self) -> Self::Folder {
        TryReduceFolder {
            acc: None,
            op: self.op,
            failed: self.failed,
        }
    }

    fn full(&self) -> bool {
        self.failed.load(Ordering::Relaxed)
    }

    /// Its folders take any number of items.
    fn position_free(&self) -> bool {
        true
    }

    /// As `reduce`'s (`reduce.rs`).
    const RESULTS_GROW: bool = true;
}

impl<T, OP> UnindexedConsumer<T> for TryReduceConsumer<'_, OP>
where
    T: Try + Send,
    OP: Fn(T::Output, T::Output) -> T + Sync,
{
    fn split_off_left(&self) -> Self {
        *self
    }

    fn to_reducer(&self) -> Self {
        *self
    }
}

impl<T, OP> Reducer<Option<T>> for TryReduceConsumer<'_, OP>
where
    T: Try,
    OP: Fn(T::Output, T::Output) -> T,
{
    fn reduce(self, left: Option<T>, right: Option<T>) -> Option<T> {
        match (left, right) {
            (Some(left), Some(right)) => Some(from_branch(combine(self.op, left.branch(), right))),
            (one, None) | (None, one) => one,
        }
    }
}

/// `left` joined with the item `right` after it: the first failure of the
/// two, or `op`'s value (which may itself be a failure).
fn combine<T, OP>(
    op: &OP,
    left: ControlFlow<T::Residual, T::Output>,
    right: T,
) -> ControlFlow<T::Residual, T::Output>
where
    T: Try,
    OP: Fn(T::Output, T::Output) -> T,
{
    match (left, right.branch()) {
        (Continue(left), Continue(right)) => op(left, right).branch(),
        (Break(failure), _) | (_, Break(failure)) => Break(failure),
    }
}

/// Joins the items of one piece; full once it holds a failure or another
/// piece has failed.
pub(super) struct TryReduceFolder<'r, T: Try, OP> {
    acc: Option<ControlFlow<T::Residual, T::Output>>,
    op: &'r OP,
    failed: &'r AtomicBool,
}

impl<T, OP> Folder<T> for TryReduceFolder<'_, T, OP>
where
    T: Try,
    OP: Fn(T::Output, T::Output) -> T,
{
    type Result = Option<T>;

    fn consume(mut self, item: T) -> Self {
        let acc = match self.acc.take() {
            Some(acc) => combine(self.op, acc, item),
            None => item.branch(),
        };
        if acc.is_break() {
            self.failed.store(true, Ordering::Relaxed);
        }
        self.acc = Some(acc);
        self
    }

    fn complete(self) -> Option<T> {
        self.acc.map(from_branch)
    }

    fn full(&self) -> bool {
        matches!(self.acc, Some(Break(_))) || self.failed.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prelude::*;

    #[test]
    fn a_failure_wins_over_successes_on_either_side() {
        let failed = AtomicBool::new(false);
        let op = |a: u8, b: u8| a.checked_add(b);
        let consumer = TryReduceConsumer::new(&op, &failed);
        let reduce = |l, r| Reducer::<Option<Option<u8>>>::reduce(consumer, l, r);
        assert_eq!(reduce(Some(Some(1)), Some(None)), Some(None));
        assert_eq!(reduce(Some(None), Some(Some(1))), Some(None));
        assert_eq!(reduce(Some(Some(1)), Some(Some(2))), Some(Some(3)));
        assert_eq!(reduce(None, Some(Some(2))), Some(Some(2)));
        assert_eq!(reduce(None, None), None);
    }

    #[test]
    fn a_failing_folder_raises_the_shared_flag() {
        let failed = AtomicBool::new(false);
        let op = |a: u8, b: u8| a.checked_add(b);
        let consumer = TryReduceConsumer::new(&op, &failed);
        let folder = Consumer::<Option<u8>>::into_folder(consumer).consume(Some(200));
        assert!(!folder.full() && !Consumer::<Option<u8>>::full(&consumer));
        let folder = folder.consume(Some(100));
        assert!(folder.full() && Consumer::<Option<u8>>::full(&consumer));
        assert_eq!(folder.complete(), Some(None));
    }

    #[test]
    fn empty_iterators_give_the_identity_or_nothing() {
        let empty = || (0..0u8).into_par_iter().map(Some);
        assert_eq!(
            try_reduce(empty(), &|| 7, &|a: u8, b| a.checked_add(b)),
            Some(7)
        );
        assert_eq!(try_reduce_with(empty(), &|a: u8, b| a.checked_add(b)), None);
    }
}
