//! `try_for_each`, `try_for_each_with` and `try_for_each_init`: call a
//! fallible operation on each item, and stop the loop soon after one call
//! fails.
//!
//! Each folder owns a state that the operation gets by `&mut` (nothing, a
//! clone of a value, or what an `init` closure made), and hands the
//! operation's results to [`try_reduce`](super::try_reduce)'s consumer,
//! which shares the failure between the pieces.

use std::sync::atomic::AtomicBool;

use super::try_reduce::TryReduceConsumer;
use crate::iter::plumbing::{Consumer, Folder, UnindexedConsumer};
use crate::iter::seed::{CloneOf, MadeBy, Seed};
use crate::iter::try_trait::Try;
use crate::iter::ParallelIterator;

/// Calls `op` on each item of `iter`; the first failure met, or success.
pub(crate) fn try_for_each<I, OP, R>(iter: I, op: &OP) -> R
where
    I: ParallelIterator,
    OP: Fn(I::Item) -> R + Sync,
    R: Try<Output = ()> + Send,
{
    run(iter, CloneOf(()), &|_: &mut (), item| op(item))
}

/// [`try_for_each`] where `op` also gets a clone of `init` per folder.
pub(crate) fn try_for_each_with<I, OP, T, R>(iter: I, init: T, op: &OP) -> R
where
    I: ParallelIterator,
    OP: Fn(&mut T, I::Item) -> R + Sync,
    T: Send + Clone,
    R: Try<Output = ()> + Send,
{
    run(iter, CloneOf(init), op)
}

/// [`try_for_each`] where `op` also gets a value `init` made per folder.
pub(crate) fn try_for_each_init<I, OP, INIT, T, R>(iter: I, init: &INIT, op: &OP) -> R
where
    I: ParallelIterator,
    OP: Fn(&mut T, I::Item) -> R + Sync,
    INIT: Fn() -> T + Sync,
    R: Try<Output = ()> + Send,
{
    run(iter, MadeBy(init), op)
}

fn run<I, S, OP, R>(iter: I, seed: S, op: &OP) -> R
where
    I: ParallelIterator,
    S: Seed,
    OP: Fn(&mut S::Value, I::Item) -> R + Sync,
    R: Try<Output = ()> + Send,
{
    let failed = AtomicBool::new(false);
    let succeed = |(), ()| R::from_output(());
    let base = TryReduceConsumer::new(&succeed, &failed);
    let result = iter.drive_unindexed(StatefulConsumer { base, seed, op });
    // An empty loop has no item: it succeeded.
    result.unwrap_or_else(|| R::from_output(()))
}

/// Hands `op(&mut state, item)` for each item to `base`.
struct StatefulConsumer<'f, C, S, OP> {
    base: C,
    seed: S,
    op: &'f OP,
}

impl<'f, T, R, C, S, OP> Consumer<T> for StatefulConsumer<'f, C, S, OP>
where
    C: Consumer<R>,
    S: Seed,
    OP: Fn(&mut S::Value, T) -> R + Sync,
{
    type Folder = StatefulFolder<'f, C::Folder, S::Value, OP>;
    type Reducer = C::Reducer;
    type Result = C::Result;

    fn split_at(self, index: usize) -> (Self, Self, C::Reducer) {
        let (left, right, reducer) = self.base.split_at(index);
        let left = StatefulConsumer {
            base: left,
            seed: self.seed.split(),
            op: self.op,
        };
        (
            left,
            StatefulConsumer {
                base: right,
                ..self
            },
            reducer,
        )
    }

    fn into_folder(self) -> Self::Folder {
        StatefulFolder {
            base: self.base.into_folder(),
            state: self.seed.into_value(),
            op: self.op,
        }
    }

    fn full(&self) -> bool {
        self.base.full()
    }

    /// Needs positions only where its base does.
    fn position_free(&self) -> bool {
        self.base.position_free()
    }
}

impl<T, R, C, S, OP> UnindexedConsumer<T> for StatefulConsumer<'_, C, S, OP>
where
    C: UnindexedConsumer<R>,
    S: Seed,
    OP: Fn(&mut S::Value, T) -> R + Sync,
{
    fn split_off_left(&self) -> Self {
        StatefulConsumer {
            base: self.base.split_off_left(),
            seed: self.seed.split(),
            op: self.op,
        }
    }

    fn to_reducer(&self) -> C::Reducer {
        self.base.to_reducer()
    }
}

struct StatefulFolder<'f, C, State, OP> {
    base: C,
    state: State,
    op: &'f OP,
}

impl<T, R, C, State, OP> Folder<T> for StatefulFolder<'_, C, State, OP>
where
    C: Folder<R>,
    OP: Fn(&mut State, T) -> R,
{
    type Result = C::Result;

    fn consume(mut self, item: T) -> Self {
        let result = (self.op)(&mut self.state, item);
        StatefulFolder {
            base: self.base.consume(result),
            ..self
        }
    }

    fn consume_iter<I: IntoIterator<Item = T>>(mut self, iter: I) -> Self {
        let (op, state) = (self.op, &mut self.state);
        let base = self
            .base
            .consume_iter(iter.into_iter().map(|item| op(state, item)));
        StatefulFolder { base, ..self }
    }

    fn complete(self) -> C::Result {
        self.base.complete()
    }

    fn full(&self) -> bool {
        self.base.full()
    }
}
