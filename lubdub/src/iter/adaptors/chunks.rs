//! [`Chunks`]: `chunks(size)`, the items gathered into vectors of `size`.

use super::chunk_producer::ChunkProducer;
use crate::iter::plumbing::{
    bridge, bridge_unindexed_consumer, Consumer, Producer, ProducerCallback, UnindexedConsumer,
};
use crate::iter::{IndexedParallelIterator, ParallelIterator};

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

impl<I: IndexedParallelIterator> ParallelIterator for Chunks<I> {
    type Item = Vec<I::Item>;

    fn drive_unindexed<C: UnindexedConsumer<Self::Item>>(self, consumer: C) -> C::Result {
        bridge_unindexed_consumer(self, consumer)
    }

    fn opt_len(&self) -> Option<usize> {
        Some(self.len())
    }
}

impl<I: IndexedParallelIterator> IndexedParallelIterator for Chunks<I> {
    fn drive<C: Consumer<Self::Item>>(self, consumer: C) -> C::Result {
        bridge(self, consumer)
    }

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
