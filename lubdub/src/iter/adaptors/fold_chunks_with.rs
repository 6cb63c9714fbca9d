//! [`FoldChunksWith`]: `fold_chunks_with(size, init, fold_op)`, one fold
//! per run of `size` items, each from a clone of `init`.

use std::fmt;

use super::by_producer::indexed_by_producer;
use super::chunk_producer::ChunkProducer;
use crate::iter::plumbing::{Producer, ProducerCallback};
use crate::iter::IndexedParallelIterator;

/// The iterator of [`IndexedParallelIterator::fold_chunks_with`]: each run
/// of `size` consecutive items (the last may be shorter) folded, from a
/// clone of `init`, into one item.
///
/// ```
/// use lubdub::prelude::*;
///
/// let v: Vec<String> = (0..5u8)
///     .into_par_iter()
///     .fold_chunks_with(2, String::from(">"), |s, x| s + &x.to_string())
///     .collect();
/// assert_eq!(v, [">01", ">23", ">4"]);
/// ```
#[derive(Clone)]
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
pub struct FoldChunksWith<I, U, F> {
    base: I,
    /// Never zero.
    size: usize,
    init: U,
    fold_op: F,
}

impl<I: fmt::Debug, U: fmt::Debug, F> fmt::Debug for FoldChunksWith<I, U, F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FoldChunksWith")
            .field("base", &self.base)
            .field("size", &self.size)
            .field("init", &self.init)
            .finish()
    }
}

impl<I, U, F> FoldChunksWith<I, U, F> {
    pub(crate) fn new(base: I, size: usize, init: U, fold_op: F) -> Self {
        FoldChunksWith {
            base,
            size,
            init,
            fold_op,
        }
    }
}

indexed_by_producer! {
    impl[I, U, F] FoldChunksWith<I, U, F>
    where [
        I: IndexedParallelIterator,
        U: Send + Clone,
        F: Fn(U, I::Item) -> U + Send + Sync,
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
            init: self.init,
            fold_op: self.fold_op,
        });

        struct Callback<CB, U, F> {
            callback: CB,
            base_len: usize,
            size: usize,
            init: U,
            fold_op: F,
        }

        impl<T, U, CB, F> ProducerCallback<T> for Callback<CB, U, F>
        where
            CB: ProducerCallback<U>,
            U: Send + Clone,
            F: Fn(U, T) -> U + Sync,
        {
            type Output = CB::Output;
            fn callback<P: Producer<Item = T>>(self, base: P) -> CB::Output {
                // Each piece of the producer owns a clone of `init` (which
                // need not be `Sync`) and clones it again for each run.
                let (init, fold_op) = (self.init, &self.fold_op);
                let per_chunk = move |run: P::IntoIter| run.fold(init.clone(), fold_op);
                let producer = ChunkProducer::new(base, self.base_len, self.size, per_chunk);
                self.callback.callback(producer)
            }
        }
    }
}
