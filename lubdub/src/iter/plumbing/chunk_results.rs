//! [`ChunkResults`]: the [`Sink`] of a consumer that needs positions
//! (`collect` in place, `find_first`, a consumer written for Rayon) or
//! whose results should join as a tree (`reduce`, `product`): the consumer
//! is cut at every chunk boundary, each chunk is folded into a folder of
//! its own, and the chunks' results are joined in order as a balanced tree.
//!
//! # The shape of the joins
//!
//! A reduction's join may cost as much as its operands are large: a product
//! of big integers, a concatenation, a merge. Joined left to right, a
//! piece's result would grow by one chunk at a time, and each join would
//! touch all of it (quadratic in the piece). So the results wait on a stack
//! of *runs*, each the joined result of consecutive chunks with its count of
//! items, oldest at the bottom; a new run is joined with the run below it as
//! long as it holds at least as many items, as a mergesort keeps its runs.
//! Each join then takes two operands of about the same size, the runs below
//! the top at least double from one to the next (at most about 64 runs),
//! and every item takes part in a logarithmic number of joins. While
//! chunks double in length, as a piece's first chunks do, each new chunk
//! joins the run below it at once, and the stack holds one run: no
//! allocation; the runs above the oldest live in a vector that is allocated
//! only when a chunk is shorter than the run below it.

use super::drive::Sink;
use super::{Consumer, Folder, Producer, Reducer};

/// The joined result of consecutive chunks, the reducer that joins it to
/// the result of the items after them, and how many items it holds.
struct Run<C: Consumer<T>, T> {
    result: C::Result,
    then: C::Reducer,
    items: usize,
}

impl<C: Consumer<T>, T> Run<C, T> {
    /// This run followed by `next`, the run after it.
    fn joined_with(self, next: Run<C, T>) -> Run<C, T> {
        Run {
            result: self.then.reduce(self.result, next.result),
            then: next.then,
            items: self.items + next.items,
        }
    }
}

/// The results of the chunks a piece has folded so far, as runs (see the
/// module's doc): `oldest` at the bottom of the stack, `newer` above it,
/// each shorter than the one below.
pub(super) struct ChunkResults<C: Consumer<T>, T> {
    oldest: Option<Run<C, T>>,
    newer: Vec<Run<C, T>>,
}

impl<C: Consumer<T>, T> ChunkResults<C, T> {
    /// Takes the top run off the stack.
    fn pop(&mut self) -> Option<Run<C, T>> {
        self.newer.pop().or_else(|| self.oldest.take())
    }

    /// Puts `run` on the stack, joined with the runs below it that are not
    /// longer.
    fn push(&mut self, mut run: Run<C, T>) {
        while let Some(below) = self.pop() {
            if below.items > run.items {
                self.put(below);
                break;
            }
            run = below.joined_with(run);
        }
        self.put(run);
    }

    /// Puts `run` on the top of the stack as it is.
    fn put(&mut self, run: Run<C, T>) {
        if self.oldest.is_none() {
            self.oldest = Some(run);
        } else {
            self.newer.push(run);
        }
    }

    /// The results so far joined, top down, followed by `last`.
    fn then(mut self, last: C::Result) -> C::Result {
        let mut result = last;
        while let Some(run) = self.pop() {
            result = run.then.reduce(run.result, result);
        }
        result
    }
}

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
        ChunkResults {
            oldest: None,
            newer: Vec::new(),
        }
    }

    #[inline]
    fn is_full(&self, rest: &C) -> bool {
        rest.full()
    }

    #[inline]
    fn complete(mut self, rest: C) -> C::Result {
        match self.pop() {
            Some(top) => self.then(top.result),
            None => rest.into_folder().complete(),
        }
    }

    #[inline]
    fn fold_last(self, producer: P, rest: C) -> C::Result {
        let last = producer.fold_with(rest.into_folder()).complete();
        self.then(last)
    }

    #[inline]
    fn cut_head(rest: C, len: usize) -> ((C, C::Reducer, usize), C) {
        let (head, rest, reducer) = rest.split_at(len);
        ((head, reducer, len), rest)
    }

    #[inline]
    fn fold_chunk(mut self, head: P, (consumer, then, items): (C, C::Reducer, usize)) -> Self {
        let result = head.fold_with(consumer.into_folder()).complete();
        self.push(Run {
            result,
            then,
            items,
        });
        self
    }

    #[inline]
    fn halve(rest: C, left_len: usize) -> (C, C, C::Reducer) {
        rest.split_at(left_len)
    }
}
