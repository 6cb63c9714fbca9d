//! [`Fold`]: one accumulator per piece of the loop.
//!
//! A piece's result is the downstream result of the accumulators of the
//! pieces before it, plus its own accumulator, still open. Combining two
//! pieces closes the left one's accumulator by feeding it downstream.

use crate::iter::plumbing::Consumer;
use crate::iter::ParallelIterator;

/// The iterator of [`ParallelIterator::fold`].
///
/// ```
/// use lubdub::prelude::*;
///
/// let pieces: Vec<Vec<u32>> = (0..4u32).into_par_iter().fold(Vec::new, |mut v, x| {
///     v.push(x);
///     v
/// }).collect();
/// assert_eq!(pieces.concat(), [0, 1, 2, 3]);
/// ```
#[derive(Clone, Debug)]
pub struct Fold<I, ID, F> {
    base: I,
    identity: ID,
    fold_op: F,
}

impl<I, ID, F> Fold<I, ID, F> {
    pub(crate) fn new(base: I, identity: ID, fold_op: F) -> Self {
        Self {
            base,
            identity,
            fold_op,
        }
    }
}

impl<I, ID, F, T> ParallelIterator for Fold<I, ID, F>
where
    I: ParallelIterator,
    ID: Fn() -> T + Sync + Send,
    F: Fn(T, I::Item) -> T + Sync + Send,
    T: Send,
{
    type Item = T;

    fn drive<C: Consumer<T>>(self, consumer: &C) -> C::Result {
        let fold = FoldConsumer {
            base: consumer,
            identity: &self.identity,
            fold_op: &self.fold_op,
        };
        let (done, open) = self.base.drive(&fold);
        fold.close(done, open)
    }
}

struct FoldConsumer<'c, C, ID, F> {
    base: &'c C,
    identity: &'c ID,
    fold_op: &'c F,
}

impl<C, ID, F> FoldConsumer<'_, C, ID, F> {
    /// Feeds a piece's open accumulator downstream.
    fn close<T>(&self, done: C::Result, open: Option<T>) -> C::Result
    where
        C: Consumer<T>,
    {
        match open {
            Some(acc) => self.base.consume_iter(done, 0, std::iter::once(acc)),
            None => done,
        }
    }
}

impl<T, U, C, ID, F> Consumer<T> for FoldConsumer<'_, C, ID, F>
where
    U: Send,
    C: Consumer<U>,
    ID: Fn() -> U + Sync,
    F: Fn(U, T) -> U + Sync,
{
    type Result = (C::Result, Option<U>);
    fn identity(&self) -> Self::Result {
        (self.base.identity(), None)
    }
    fn consume_iter<I: Iterator<Item = T>>(
        &self,
        (done, open): Self::Result,
        _: usize,
        iter: I,
    ) -> Self::Result {
        let open = open.unwrap_or_else(self.identity);
        (done, Some(iter.fold(open, self.fold_op)))
    }
    fn combine(
        &self,
        (done, open): Self::Result,
        (right_done, right_open): Self::Result,
    ) -> Self::Result {
        let left = self.close(done, open);
        (self.base.combine(left, right_done), right_open)
    }
    fn full(&self) -> bool {
        self.base.full()
    }
}
