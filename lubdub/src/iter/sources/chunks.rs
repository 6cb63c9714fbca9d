//! [`Chunks`] and [`ChunksMut`]: `par_chunks(n)` and `par_chunks_mut(n)`,
//! one item per run of `n` elements (the last run may be shorter).

use crate::iter::plumbing::{bridge, Consumer, Producer, ProducerCallback, UnindexedConsumer};
use crate::iter::{IndexedParallelIterator, ParallelIterator};

/// The iterator of [`ParallelSlice::par_chunks`](crate::iter::ParallelSlice::par_chunks).
///
/// ```
/// use lubdub::prelude::*;
///
/// let sums: Vec<i32> = [1, 2, 3, 4, 5].par_chunks(2).map(|c| c.iter().sum()).collect();
/// assert_eq!(sums, [3, 7, 5]);
/// ```
#[derive(Debug)]
pub struct Chunks<'data, T> {
    producer: ChunksProducer<'data, T>,
}

impl<'data, T> Chunks<'data, T> {
    pub(crate) fn new(slice: &'data [T], size: usize) -> Self {
        assert!(size != 0, "chunk size must not be zero");
        Self {
            producer: ChunksProducer { slice, size },
        }
    }
}

impl<'data, T: Sync> ParallelIterator for Chunks<'data, T> {
    type Item = &'data [T];

    fn drive_unindexed<C: UnindexedConsumer<&'data [T]>>(self, consumer: C) -> C::Result {
        bridge(self, consumer)
    }

    fn opt_len(&self) -> Option<usize> {
        Some(self.len())
    }
}

impl<T: Sync> IndexedParallelIterator for Chunks<'_, T> {
    fn drive<C: Consumer<Self::Item>>(self, consumer: C) -> C::Result {
        bridge(self, consumer)
    }

    fn len(&self) -> usize {
        self.producer.len()
    }

    fn with_producer<CB: ProducerCallback<Self::Item>>(self, callback: CB) -> CB::Output {
        callback.callback(self.producer)
    }
}

#[derive(Debug)]
struct ChunksProducer<'data, T> {
    slice: &'data [T],
    size: usize,
}

impl<T> ChunksProducer<'_, T> {
    fn len(&self) -> usize {
        self.slice.len().div_ceil(self.size)
    }
}

impl<'data, T: Sync> Producer for ChunksProducer<'data, T> {
    type Item = &'data [T];
    type IntoIter = std::slice::Chunks<'data, T>;
    fn split_at(self, index: usize) -> (Self, Self) {
        let at = (index * self.size).min(self.slice.len());
        let (left, right) = self.slice.split_at(at);
        let size = self.size;
        (Self { slice: left, size }, Self { slice: right, size })
    }
    fn into_iter(self) -> Self::IntoIter {
        self.slice.chunks(self.size)
    }
}

/// The iterator of [`ParallelSliceMut::par_chunks_mut`](crate::iter::ParallelSliceMut::par_chunks_mut).
///
/// ```
/// use lubdub::prelude::*;
///
/// let mut v = [1, 2, 3, 4, 5];
/// v.par_chunks_mut(2).for_each(|c| c.reverse());
/// assert_eq!(v, [2, 1, 4, 3, 5]);
/// ```
#[derive(Debug)]
pub struct ChunksMut<'data, T> {
    producer: ChunksMutProducer<'data, T>,
}

impl<'data, T> ChunksMut<'data, T> {
    pub(crate) fn new(slice: &'data mut [T], size: usize) -> Self {
        assert!(size != 0, "chunk size must not be zero");
        Self {
            producer: ChunksMutProducer { slice, size },
        }
    }
}

impl<'data, T: Send> ParallelIterator for ChunksMut<'data, T> {
    type Item = &'data mut [T];

    fn drive_unindexed<C: UnindexedConsumer<&'data mut [T]>>(self, consumer: C) -> C::Result {
        bridge(self, consumer)
    }

    fn opt_len(&self) -> Option<usize> {
        Some(self.len())
    }
}

impl<T: Send> IndexedParallelIterator for ChunksMut<'_, T> {
    fn drive<C: Consumer<Self::Item>>(self, consumer: C) -> C::Result {
        bridge(self, consumer)
    }

    fn len(&self) -> usize {
        self.producer.len()
    }

    fn with_producer<CB: ProducerCallback<Self::Item>>(self, callback: CB) -> CB::Output {
        callback.callback(self.producer)
    }
}

#[derive(Debug)]
struct ChunksMutProducer<'data, T> {
    slice: &'data mut [T],
    size: usize,
}

impl<T> ChunksMutProducer<'_, T> {
    fn len(&self) -> usize {
        self.slice.len().div_ceil(self.size)
    }
}

impl<'data, T: Send> Producer for ChunksMutProducer<'data, T> {
    type Item = &'data mut [T];
    type IntoIter = std::slice::ChunksMut<'data, T>;
    fn split_at(self, index: usize) -> (Self, Self) {
        let at = (index * self.size).min(self.slice.len());
        let (left, right) = self.slice.split_at_mut(at);
        let size = self.size;
        (Self { slice: left, size }, Self { slice: right, size })
    }
    fn into_iter(self) -> Self::IntoIter {
        self.slice.chunks_mut(self.size)
    }
}
