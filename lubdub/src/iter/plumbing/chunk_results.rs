//! [`ChunkResults`]: the [`Sink`] of a consumer that needs positions
//! (`collect` in place, `find_first`, a consumer written for Rayon): the
//! consumer is cut at every chunk boundary, each chunk is folded into a
//! folder of its own, and the chunks' results are reduced in order as the
//! piece goes.

use super::drive::Sink;
use super::{Consumer, Folder, Producer, Reducer};

/// The result of the chunks a piece has folded so far, with the reducer
/// that joins it to a result of the items after them; `None` before the
/// first chunk.
pub(super) struct ChunkResults<C: Consumer<T>, T> {
    front: Option<(C::Result, C::Reducer)>,
}

impl<C: Consumer<T>, T> ChunkResults<C, T> {
    /// The results so far, followed by `next`.
    fn then(self, next: C::Result) -> C::Result {
        match self.front {
            Some((result, reducer)) => reducer.reduce(result, next),
            None => next,
        }
    }
}

impl<P, C> Sink<P> for ChunkResults<C, P::Item>
where
    P: Producer,
    C: Consumer<P::Item>,
{
    type Rest = C;
    type Head = (C, C::Reducer);
    type Result = C::Result;
    type Halves = C::Reducer;

    #[inline]
    fn fresh(_: &C) -> Self {
        ChunkResults { front: None }
    }

    #[inline]
    fn is_full(&self, rest: &C) -> bool {
        rest.full()
    }

    #[inline]
    fn complete(self, rest: C) -> C::Result {
        match self.front {
            Some((result, _)) => result,
            None => rest.into_folder().complete(),
        }
    }

    #[inline]
    fn fold_last(self, producer: P, rest: C) -> C::Result {
        let last = producer.fold_with(rest.into_folder()).complete();
        self.then(last)
    }

    #[inline]
    fn cut_head(rest: C, len: usize) -> ((C, C::Reducer), C) {
        let (head, rest, reducer) = rest.split_at(len);
        ((head, reducer), rest)
    }

    #[inline]
    fn fold_chunk(self, head: P, (consumer, reducer): (C, C::Reducer)) -> Self {
        let result = head.fold_with(consumer.into_folder()).complete();
        ChunkResults {
            front: Some((self.then(result), reducer)),
        }
    }

    #[inline]
    fn halve(rest: C, left_len: usize) -> (C, C, C::Reducer) {
        rest.split_at(left_len)
    }
}
