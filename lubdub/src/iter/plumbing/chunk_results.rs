//! [`ChunkResults`]: the [`Sink`] of a consumer that needs positions
//! (`collect` in place, `find_first`, a consumer written for Rayon): the
//! consumer is cut at every chunk boundary, each chunk is folded into a
//! folder of its own, and the chunks' results are joined in order as a
//! balanced tree (`runs.rs`), as a consumer written for Rayon may be a
//! reduction whose joins grow with their operands.

use super::drive::Sink;
use super::runs::Runs;
use super::{Consumer, Folder, Producer};

/// The results of the chunks a piece has folded so far, as runs.
pub(super) struct ChunkResults<C: Consumer<T>, T>(Runs<C::Result, C::Reducer>);

impl<P, C> Sink<P> for ChunkResults<C, P::Item>
where
    P: Producer,
    C: Consumer<P::Item>,
{
    type Rest = C;
    type Head = (C, C::Reducer, usize);
    type Result = C::Result;
    type Halves = C::Reducer;

    #[inline]
    fn fresh(_: &C) -> Self {
        ChunkResults(Runs::new())
    }

    #[inline]
    fn is_full(&self, rest: &C) -> bool {
        rest.full()
    }

    #[inline]
    fn complete(self, rest: C) -> C::Result {
        match self.0.joined() {
            Some(result) => result,
            None => rest.into_folder().complete(),
        }
    }

    #[inline]
    fn fold_last(self, producer: P, rest: C) -> C::Result {
        let last = producer.fold_with(rest.into_folder()).complete();
        self.0.then(last)
    }

    #[inline]
    fn cut_head(rest: C, len: usize) -> ((C, C::Reducer, usize), C) {
        let (head, rest, reducer) = rest.split_at(len);
        ((head, reducer, len), rest)
    }

    #[inline]
    fn fold_chunk(mut self, head: P, (consumer, then, items): (C, C::Reducer, usize)) -> Self {
        let result = head.fold_with(consumer.into_folder()).complete();
        self.0.push(result, then, items);
        self
    }

    #[inline]
    fn halve(rest: C, left_len: usize) -> (C, C, C::Reducer) {
        rest.split_at(left_len)
    }
}
