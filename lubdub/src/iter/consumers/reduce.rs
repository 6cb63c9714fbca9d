//! `reduce` and `reduce_with`: join all items with an associative
//! operation, each chunk folded with `Iterator::fold`, and the chunks'
//! results joined in order as a balanced tree (so `min`/`max`, built on
//! `reduce_with`, keep `Iterator`'s tie rules, and a product of big
//! integers multiplies numbers of about the same size).
//!
//! A folder starts from its first item, not from `identity()`: Rayon
//! documents the identity as a true identity that "may be inserted into the
//! sequence as needed", so inserting none but where the loop is empty gives
//! the same result, and saves a call of `op` per folder, which is dear when
//! `op` copies (`reduce(Vec::new, append)` copied every folder's vector into
//! the identity's, a whole copy of the output on one thread; see
//! `iter/README.md`, "fold into vectors").

use crate::iter::plumbing::{Consumer, Folder, Reducer, UnindexedConsumer};
use crate::iter::ParallelIterator;

/// The items of `iter` joined by `op`; `identity()` when there are none.
pub(crate) fn reduce<I, ID, OP>(iter: I, identity: &ID, op: &OP) -> I::Item
where
    I: ParallelIterator,
    ID: Fn() -> I::Item + Sync,
    OP: Fn(I::Item, I::Item) -> I::Item + Sync,
{
    reduce_with(iter, op).unwrap_or_else(identity)
}

/// The items of `iter` joined by `op`; `None` when there are none.
pub(crate) fn reduce_with<I, OP>(iter: I, op: &OP) -> Option<I::Item>
where
    I: ParallelIterator,
    OP: Fn(I::Item, I::Item) -> I::Item + Sync,
{
    iter.drive_unindexed(ReduceConsumer { op })
}

/// The consumer of both: each folder starts from nothing, and takes its
/// first item as its value.
struct ReduceConsumer<'r, OP> {
    op: &'r OP,
}

impl<OP> Clone for ReduceConsumer<'_, OP> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<OP> Copy for ReduceConsumer<'_, OP> {}

impl<'r, T, OP> Consumer<T> for ReduceConsumer<'r, OP>
where
    T: Send,
    OP: Fn(T, T) -> T + Sync,
{
    type Folder = ReduceFolder<'r, T, OP>;
    type Reducer = Self;
    type Result = Option<T>;

    fn split_at(self, _index: usize) -> (Self, Self, Self) {
        (self, self, self)
    }

    fn into_folder(self) -> Self::Folder {
        ReduceFolder {
            acc: None,
            op: self.op,
        }
    }

    fn full(&self) -> bool {
        false
    }

    /// Its folders take any number of items.
    fn position_free(&self) -> bool {
        true
    }

    /// A join may cost as much as its operands are large (a product of big
    /// integers, a concatenation): a piece's folders double and join as a
    /// balanced tree (`iter/plumbing/doubling_folders.rs`).
    const RESULTS_GROW: bool = true;

    /// Never full.
    fn may_become_full(&self) -> bool {
        false
    }
}

impl<T, OP> UnindexedConsumer<T> for ReduceConsumer<'_, OP>
where
    T: Send,
    OP: Fn(T, T) -> T + Sync,
{
    fn split_off_left(&self) -> Self {
        *self
    }

    fn to_reducer(&self) -> Self {
        *self
    }
}

impl<T, OP> Reducer<Option<T>> for ReduceConsumer<'_, OP>
where
    OP: Fn(T, T) -> T,
{
    fn reduce(self, left: Option<T>, right: Option<T>) -> Option<T> {
        match (left, right) {
            (Some(left), Some(right)) => Some((self.op)(left, right)),
            (one, None) | (None, one) => one,
        }
    }
}

struct ReduceFolder<'r, T, OP> {
    acc: Option<T>,
    op: &'r OP,
}

impl<T, OP> Folder<T> for ReduceFolder<'_, T, OP>
where
    OP: Fn(T, T) -> T,
{
    type Result = Option<T>;

    fn consume(self, item: T) -> Self {
        self.consume_iter(Some(item))
    }

    fn consume_iter<I: IntoIterator<Item = T>>(self, iter: I) -> Self {
        let iter = iter.into_iter();
        let acc = match self.acc {
            Some(acc) => Some(iter.fold(acc, self.op)),
            None => iter.reduce(self.op),
        };
        ReduceFolder { acc, op: self.op }
    }

    fn complete(self) -> Option<T> {
        self.acc
    }

    fn full(&self) -> bool {
        false
    }
}
