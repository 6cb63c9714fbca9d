//! [`Runs`]: the results a piece of a loop has completed so far, waiting to
//! be joined as a balanced tree, as a mergesort keeps its runs.
//!
//! A reduction's join may cost as much as its operands are large: a product
//! of big integers, a concatenation, a merge. Joined left to right, a
//! piece's result would grow by one small result at a time, and each join
//! would touch all of it (quadratic in the piece). So the results wait on a
//! stack of *runs*, each the joined result of consecutive folders with its
//! count of items, oldest at the bottom; a new run is joined with the run
//! below it as long as it holds at least as many items. Each join then
//! takes two operands of about the same size, the runs below the top at
//! least double from one to the next (at most about 64 runs), and every
//! item takes part in a logarithmic number of joins. While each new result
//! holds at least as many items as all before it, as a piece's first
//! chunks do, it joins the run below at once and the stack holds one run:
//! no allocation; the runs above the oldest live in a vector that is
//! allocated only when a result is shorter than the run below it.

use super::Reducer;

/// The joined result of consecutive folders, the reducer that joins it to
/// the result of the items after them, and how many items it holds.
struct Run<R, J> {
    result: R,
    then: J,
    items: usize,
}

impl<R, J: Reducer<R>> Run<R, J> {
    /// This run followed by `next`, the run after it.
    fn joined_with(self, next: Run<R, J>) -> Run<R, J> {
        Run {
            result: self.then.reduce(self.result, next.result),
            then: next.then,
            items: self.items + next.items,
        }
    }
}

/// The results of a piece's folders so far, as runs (see the module's
/// doc): `oldest` at the bottom of the stack, `newer` above it, each
/// shorter than the one below. `J` joins a result with the one after it.
pub(super) struct Runs<R, J> {
    oldest: Option<Run<R, J>>,
    newer: Vec<Run<R, J>>,
}

impl<R, J: Reducer<R>> Runs<R, J> {
    /// No result yet.
    #[inline]
    pub(super) fn new() -> Self {
        Runs {
            oldest: None,
            newer: Vec::new(),
        }
    }

    /// How many items the top run holds (0 when there is none).
    #[inline]
    pub(super) fn top_items(&self) -> usize {
        match self.newer.last().or(self.oldest.as_ref()) {
            Some(run) => run.items,
            None => 0,
        }
    }

    /// Puts `result`, the result of the next `items` items, on the stack,
    /// joined with the runs below it that are not longer; `then` joins it
    /// with the result of the items after it.
    pub(super) fn push(&mut self, result: R, then: J, items: usize) {
        let mut run = Run {
            result,
            then,
            items,
        };
        while let Some(below) = self.pop() {
            if below.items > run.items {
                self.put(below);
                break;
            }
            run = below.joined_with(run);
        }
        self.put(run);
    }

    /// The results so far joined, top down, followed by `last`.
    pub(super) fn then(mut self, last: R) -> R {
        let mut result = last;
        while let Some(run) = self.pop() {
            result = run.then.reduce(run.result, result);
        }
        result
    }

    /// The results so far joined, or `None` when there is none.
    pub(super) fn joined(mut self) -> Option<R> {
        let top = self.pop()?;
        Some(self.then(top.result))
    }

    /// Takes the top run off the stack.
    fn pop(&mut self) -> Option<Run<R, J>> {
        self.newer.pop().or_else(|| self.oldest.take())
    }

    /// Puts `run` on the top of the stack as it is.
    fn put(&mut self, run: Run<R, J>) {
        if self.oldest.is_none() {
            self.oldest = Some(run);
        } else {
            self.newer.push(run);
        }
    }
}
