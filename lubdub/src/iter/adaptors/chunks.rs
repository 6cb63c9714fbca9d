//! [`Chunks`]: `chunks(size)`, the items gathered into vectors of `size`.

use super::by_producer::indexed_by_producer;
use super::chunk_producer::ChunkProducer;
use crate::iter::plumbing::{Producer, ProducerCallback};
use crate::iter::IndexedParallelIterator;

/// The iterator of [`IndexedParallelIterator::chunks`]: vectors of `size`
/// consecutive items, the last one shorter when `size` does not divide the
/// length.
///
/// ```
/// use lubdub::prelude::*;
///
/// let v: Vec<Vec<i32>> = (0..5).into_par_iter().chunks(2).collect();
/// assert_eq!(v, [vec![0, 1], vec![2, 3], vec![4]]);
/// ```
#[derive(Debug, Clone)]
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
pub struct Chunks<I> {
    base: I,
    /// Never zero.
    size: usize,
}

impl<I> Chunks<I> {
    pub(crate) fn new(base: I, size: usize) -> Self {
        Chunks { base, size }
    }
}

indexed_by_producer! {
    impl[I: IndexedParallelIterator] Chunks<I>, Item = Vec<I::Item>;

    fn len(&self) -> usize {
        self.base.len().div_ceil(self.size)
    }

    fn with_producer<CB: ProducerCallback<Self::Item>>(self, callback: CB) -> CB::Output {
        let base_len = self.base.len();
        return self.base.with_producer(Callback {
            callback,
            base_len,
            size: self.size,
        });

        struct Callback<CB> {
            callback: CB,
            base_len: usize,
            size: usize,
        }

        impl<T, CB: ProducerCallback<Vec<T>>> ProducerCallback<T> for Callback<CB> {
            type Output = CB::Output;
            fn callback<P: Producer<Item = T>>(self, base: P) -> CB::Output {
                let per_chunk = Vec::from_iter::<P::IntoIter>;
                let producer = ChunkProducer::new(base, self.base_len, self.size, per_chunk);
                self.callback.callback(producer)
            }
        }
    }
}
