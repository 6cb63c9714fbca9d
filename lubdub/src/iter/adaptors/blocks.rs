//! [`ExponentialBlocks`] and [`UniformBlocks`]: `by_exponential_blocks` and
//! `by_uniform_blocks`, a loop run as a sequence of parallel loops over
//! consecutive blocks, so that a consumer that is satisfied early (a search
//! for the first match) stops before the later blocks start.

use std::iter::{repeat, successors};

use crate::iter::plumbing::{
    bridge_producer_consumer, Consumer, Folder, Producer, ProducerCallback, Reducer,
    UnindexedConsumer,
};
use crate::iter::{IndexedParallelIterator, ParallelIterator};

/// The iterator of [`IndexedParallelIterator::by_exponential_blocks`]: the
/// same items, run block after block; the first block holds as many items
/// as the pool has threads and each next block twice as many as the one
/// before.
///
/// ```
/// use lubdub::prelude::*;
///
/// let v: Vec<u32> = (0..100u32).into_par_iter().by_exponential_blocks().collect();
/// assert_eq!(v, (0..100).collect::<Vec<_>>());
/// ```
#[derive(Debug, Clone)]
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
pub struct ExponentialBlocks<I> {
    base: I,
}

impl<I> ExponentialBlocks<I> {
    pub(crate) fn new(base: I) -> Self {
        ExponentialBlocks { base }
    }
}

impl<I: IndexedParallelIterator> ParallelIterator for ExponentialBlocks<I> {
    type Item = I::Item;

    fn drive_unindexed<C: UnindexedConsumer<Self::Item>>(self, consumer: C) -> C::Result {
        let first = crate::current_num_threads();
        let sizes = successors(Some(first), |size| Some(size.saturating_mul(2)));
        let len = self.base.len();
        self.base.with_producer(Blocks {
            sizes,
            consumer,
            len,
        })
    }
}

/// The iterator of [`IndexedParallelIterator::by_uniform_blocks`]: the same
/// items, run in blocks of `block_size` items, one block after another.
///
/// ```
/// use lubdub::prelude::*;
///
/// let sum: u64 = (0..1000u64).into_par_iter().by_uniform_blocks(64).sum();
/// assert_eq!(sum, 499_500);
/// ```
#[derive(Debug, Clone)]
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
pub struct UniformBlocks<I> {
    base: I,
    /// Never zero.
    block_size: usize,
}

impl<I> UniformBlocks<I> {
    pub(crate) fn new(base: I, block_size: usize) -> Self {
        UniformBlocks { base, block_size }
    }
}

impl<I: IndexedParallelIterator> ParallelIterator for UniformBlocks<I> {
    type Item = I::Item;

    fn drive_unindexed<C: UnindexedConsumer<Self::Item>>(self, consumer: C) -> C::Result {
        let len = self.base.len();
        self.base.with_producer(Blocks {
            sizes: repeat(self.block_size),
            consumer,
            len,
        })
    }
}

/// Runs a producer of `len` items into `consumer` in consecutive blocks of
/// the lengths `sizes` gives (each at least 1), one parallel loop per block,
/// until the items run out or the consumer is full.
struct Blocks<S, C> {
    sizes: S,
    consumer: C,
    len: usize,
}

impl<T, S, C> ProducerCallback<T> for Blocks<S, C>
where
    S: Iterator<Item = usize>,
    C: Consumer<T>,
{
    type Output = C::Result;

    fn callback<P: Producer<Item = T>>(self, mut producer: P) -> C::Result {
        let Blocks {
            mut sizes,
            mut consumer,
            mut len,
        } = self;
        // The result of the blocks so far, and the reducer that joins it
        // with what follows.
        let mut front: Option<(C::Result, C::Reducer)> = None;
        while len > 0 && !consumer.full() {
            let size = sizes.next().unwrap_or(usize::MAX).clamp(1, len);
            let (block, rest) = producer.split_at(size);
            let (block_consumer, rest_consumer, reducer) = consumer.split_at(size);
            let block_result = bridge_producer_consumer(size, block, block_consumer);
            let result = match front {
                Some((result, join)) => join.reduce(result, block_result),
                None => block_result,
            };
            front = Some((result, reducer));
            producer = rest;
            consumer = rest_consumer;
            len -= size;
        }
        match front {
            Some((result, _)) => result,
            None => consumer.into_folder().complete(),
        }
    }
}
