//! [`ChunkBy`] and [`ChunkByMut`]: the runs of a slice in which the
//! predicate holds for every two neighbours, found by a scan from the middle
//! of the slice (see `split_producer.rs`).

use std::fmt;

use super::piece::SlicePiece;
use crate::iter::plumbing::{bridge_unindexed, Folder, UnindexedConsumer};
use crate::iter::ParallelIterator;
use crate::split_producer::{Rule, SplitProducer};

/// Cut positions are the run boundaries: position `i` is one when the
/// predicate does not hold for elements `i - 1` and `i`.
struct ByRuns<'p, F>(&'p F);

impl<F> Clone for ByRuns<'_, F> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<F> Copy for ByRuns<'_, F> {}

impl<S, F> Rule<S> for ByRuns<'_, F>
where
    S: SlicePiece,
    F: Fn(&S::Elem, &S::Elem) -> bool + Sync,
{
    fn find(self, data: &S, start: usize, end: usize) -> Option<usize> {
        // The pairs whose second element is in `start.max(1)..end`.
        let from = start.max(1) - 1;
        let pairs = data.view()[from..end].windows(2);
        let found = pairs.into_iter().position(|w| !(self.0)(&w[0], &w[1]))?;
        Some(from + found + 1)
    }

    fn rfind(self, data: &S, end: usize) -> Option<usize> {
        let pairs = data.view()[..end].windows(2);
        let found = pairs.into_iter().rposition(|w| !(self.0)(&w[0], &w[1]))?;
        Some(found + 1)
    }

    fn cut(self, data: S, at: usize) -> (S, S, usize) {
        let (left, right) = data.cut_at(at);
        (left, right, at)
    }

    fn fold_all<C: Folder<S>>(self, data: S, folder: C, _terminated: bool) -> C {
        folder.consume_iter(data.chunk_by(self.0))
    }
}

/// Runs `data`'s runs into `consumer`.
fn drive<S, F, C>(data: S, same_run: &F, consumer: C) -> C::Result
where
    S: SlicePiece,
    F: Fn(&S::Elem, &S::Elem) -> bool + Sync,
    C: UnindexedConsumer<S>,
{
    bridge_unindexed(SplitProducer::new(data, ByRuns(same_run)), consumer)
}

/// The iterator of [`ParallelSlice::par_chunk_by`](super::ParallelSlice::par_chunk_by).
///
/// ```
/// use lubdub::prelude::*;
///
/// let runs: Vec<&[i32]> = [1, 1, 2, 3, 3].par_chunk_by(|a, b| a == b).collect();
/// assert_eq!(runs, [&[1, 1][..], &[2], &[3, 3]]);
/// ```
pub struct ChunkBy<'data, T, P> {
    pred: P,
    slice: &'data [T],
}

/// The iterator of [`ParallelSliceMut::par_chunk_by_mut`](super::ParallelSliceMut::par_chunk_by_mut).
///
/// ```
/// use lubdub::prelude::*;
///
/// let mut v = [1, 2, 3, 1, 2];
/// v.par_chunk_by_mut(|a, b| a < b).for_each(|run| run.reverse());
/// assert_eq!(v, [3, 2, 1, 2, 1]);
/// ```
pub struct ChunkByMut<'data, T, P> {
    pred: P,
    slice: &'data mut [T],
}

macro_rules! chunk_by_iterators {
    ($($name:ident, $slice:ty, $bound:ident;)*) => {$(
        impl<'data, T, P> $name<'data, T, P> {
            pub(super) fn new(slice: $slice, pred: P) -> Self {
                Self { pred, slice }
            }
        }

        impl<T: fmt::Debug, P> fmt::Debug for $name<'_, T, P> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.debug_struct(stringify!($name)).field("slice", &self.slice).finish()
            }
        }

        impl<'data, T, P> ParallelIterator for $name<'data, T, P>
        where
            T: $bound,
            P: Fn(&T, &T) -> bool + Send + Sync,
        {
            type Item = $slice;

            fn drive_unindexed<C: UnindexedConsumer<$slice>>(self, consumer: C) -> C::Result {
                drive(self.slice, &self.pred, consumer)
            }
        }
    )*};
}

chunk_by_iterators! {
    ChunkBy, &'data [T], Sync;
    ChunkByMut, &'data mut [T], Send;
}

impl<T, P: Clone> Clone for ChunkBy<'_, T, P> {
    fn clone(&self) -> Self {
        Self::new(self.slice, self.pred.clone())
    }
}
