//! [`FoldChunks`]: `fold_chunks(size, identity, fold_op)`, one fold per run
//! of `size` items.

use std::fmt;

use super::by_producer::indexed_by_producer;
use super::chunk_producer::ChunkProducer;
use crate::iter::plumbing::{Producer, ProducerCallback};
use crate::iter::IndexedParallelIterator;

/// The iterator of [`IndexedParallelIterator::fold_chunks`]: each run of
/// `size` consecutive items (the last may be shorter) folded, from
/// `identity()`, into one item.
///
/// ```
/// use lubdub::prelude::*;
///
/// let sums: Vec<i32> = (1..8).into_par_iter().fold_chunks(3, || 0, |a, x| a + x).collect();
/// assert_eq!(sums, [6, 15, 7]);
/// ```
#[derive(Clone)]
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
pub struct FoldChunks<I, ID, F> {
    base: I,
    /// Never zero.
    size: usize,
    identity: ID,
    fold_op: F,
}

impl<I: fmt::Debug, ID, F> fmt::Debug for FoldChunks<I, ID, F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FoldChunks")
            .field("base", &self.base)
            .field("size", &self.size)
            .finish()
    }
}

impl<I, ID, F> FoldChunks<I, ID, F> {
    pub(crate) fn new(base: I, size: usize, identity: ID, fold_op: F) -> Self {
        FoldChunks {
            base,
            size,
            identity,
            fold_op,
        }
    }
}

indexed_by_producer! {
    impl[I, ID, F, U] FoldChunks<I, ID, F>
    where [
        I: IndexedParallelIterator,
        ID: Fn() -> U + Send + Sync,
        F: Fn(U, I::Item) -> U + Send + Sync,
        U: Send,
    ], Item = U;

    fn len(&self) -> usize {
        self.base.len().div_ceil(self.size)
    }

    fn with_producer<CB: ProducerCallback<U>>(self, callback: CB) -> CB::Output {
        let base_len = self.base.len();
        return self.base.with_producer(Callback {
            callback,
            base_len,
            size: self.size,
            identity: self.identity,
            fold_op: self.fold_op,
        });

        struct Callback<CB, ID, F> {
            callback: CB,
            base_len: usize,
            size: usize,
            identity: ID,
            fold_op: F,
        }

        impl<T, U, CB, ID, F> ProducerCallback<T> for Callback<CB, ID, F>
        where
            CB: ProducerCallback<U>,
            ID: Fn() -> U + Sync,
            F: Fn(U, T) -> U + Sync,
        {
            type Output = CB::Output;
            fn callback<P: Producer<Item = T>>(self, base: P) -> CB::Output {
                let (identity, fold_op) = (&self.identity, &self.fold_op);
                let per_chunk = move |run: P::IntoIter| run.fold(identity(), fold_op);
                let producer = ChunkProducer::new(base, self.base_len, self.size, per_chunk);
                self.callback.callback(producer)
            }
        }
    }
}
