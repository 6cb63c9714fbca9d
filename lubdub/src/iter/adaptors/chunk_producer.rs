//! [`ChunkProducer`]: the producer behind `chunks`, `fold_chunks` and
//! `fold_chunks_with`: one item per run of `size` items of a base producer,
//! made by a function of the run's sequential iterator.

use crate::iter::plumbing::Producer;

/// One item per run of `size` items of `base` (the last run may be shorter),
/// made by `per_chunk` from the run's iterator.
pub(super) struct ChunkProducer<P, F> {
    base: P,
    /// The number of items of `base`.
    base_len: usize,
    /// Never zero.
    size: usize,
    per_chunk: F,
}

impl<P, F> ChunkProducer<P, F> {
    /// Runs of `size` items (not zero) of `base`, which holds `base_len`.
    pub(super) fn new(base: P, base_len: usize, size: usize, per_chunk: F) -> Self {
        debug_assert!(size != 0);
        ChunkProducer {
            base,
            base_len,
            size,
            per_chunk,
        }
    }
}

impl<P, F, T> Producer for ChunkProducer<P, F>
where
    P: Producer,
    F: Fn(P::IntoIter) -> T + Send + Clone,
{
    type Item = T;
    type IntoIter = ChunkIter<P, F>;

    fn into_iter(self) -> Self::IntoIter {
        ChunkIter {
            base: (self.base_len > 0).then_some(self.base),
            base_len: self.base_len,
            size: self.size,
            per_chunk: self.per_chunk,
        }
    }

    fn min_len(&self) -> usize {
        self.base.min_len().div_ceil(self.size)
    }

    fn max_len(&self) -> usize {
        self.base.max_len() / self.size
    }

    fn split_at(self, index: usize) -> (Self, Self) {
        let base_index = index.saturating_mul(self.size).min(self.base_len);
        let (left, right) = self.base.split_at(base_index);
        let left = ChunkProducer::new(left, base_index, self.size, self.per_chunk.clone());
        let right =
            ChunkProducer::new(right, self.base_len - base_index, self.size, self.per_chunk);
        (left, right)
    }
}

/// The sequential iterator of a [`ChunkProducer`]: cuts runs off either end
/// of the base producer.
pub(super) struct ChunkIter<P, F> {
    /// `None` once every run was taken (or when there were none).
    base: Option<P>,
    base_len: usize,
    size: usize,
    per_chunk: F,
}

impl<P, F, T> Iterator for ChunkIter<P, F>
where
    P: Producer,
    F: Fn(P::IntoIter) -> T,
{
    type Item = T;

    fn next(&mut self) -> Option<T> {
        let base = self.base.take()?;
        if self.base_len <= self.size {
            self.base_len = 0;
            return Some((self.per_chunk)(base.into_iter()));
        }
        let (run, rest) = base.split_at(self.size);
        self.base = Some(rest);
        self.base_len -= self.size;
        Some((self.per_chunk)(run.into_iter()))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let len = self.base_len.div_ceil(self.size);
        (len, Some(len))
    }
}

impl<P, F, T> DoubleEndedIterator for ChunkIter<P, F>
where
    P: Producer,
    F: Fn(P::IntoIter) -> T,
{
    fn next_back(&mut self) -> Option<T> {
        // The last run holds what is left over after whole runs, or a whole
        // run when nothing is.
        let base = self.base.take()?;
        let last_len = match self.base_len % self.size {
            0 => self.size,
            partial => partial,
        };
        if self.base_len <= last_len {
            self.base_len = 0;
            return Some((self.per_chunk)(base.into_iter()));
        }
        let (rest, run) = base.split_at(self.base_len - last_len);
        self.base = Some(rest);
        self.base_len -= last_len;
        Some((self.per_chunk)(run.into_iter()))
    }
}

impl<P, F, T> ExactSizeIterator for ChunkIter<P, F>
where
    P: Producer,
    F: Fn(P::IntoIter) -> T,
{
}
