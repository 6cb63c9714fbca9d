//! `sum` and `product`: the items folded with [`Sum`] or [`Product`]. One
//! consumer serves both; an [`Operation`] says which trait it calls.

use std::iter::{once, Product, Sum};
use std::marker::PhantomData;

use crate::iter::plumbing::{Consumer, Folder, Reducer, UnindexedConsumer};
use crate::iter::ParallelIterator;

/// The sum of the items of `iter`.
pub(crate) fn sum<I, S>(iter: I) -> S
where
    I: ParallelIterator,
    S: Send + Sum<I::Item> + Sum<S>,
{
    iter.drive_unindexed(Arithmetic::<S, Adding>::new())
}

/// The product of the items of `iter`.
pub(crate) fn product<I, S>(iter: I) -> S
where
    I: ParallelIterator,
    S: Send + Product<I::Item> + Product<S>,
{
    iter.drive_unindexed(Arithmetic::<S, Multiplying>::new())
}

/// How a result `S` is made of items `T` (a whole chunk's iterator at once,
/// so the chunk is one `Iterator::sum` LLVM can vectorize) and of two
/// results.
trait Operation<S, T>: Combine<S> {
    fn of<I: Iterator<Item = T>>(items: I) -> S;
}

/// How two results `S` are joined, left then right.
trait Combine<S> {
    /// True when results grow with the items they hold
    /// ([`Consumer::RESULTS_GROW`]): a product of big numbers grows with
    /// each factor, so a piece's folders double and join as a balanced tree
    /// (`iter/plumbing/doubling_folders.rs`). A sum grows slowly: a piece's
    /// chunks all add into one folder.
    const RESULTS_GROW: bool;

    fn combine(left: S, right: S) -> S;
}

struct Adding;
struct Multiplying;

impl<S: Sum<T> + Sum<S>, T> Operation<S, T> for Adding {
    fn of<I: Iterator<Item = T>>(items: I) -> S {
        items.sum()
    }
}

impl<S: Sum<S>> Combine<S> for Adding {
    const RESULTS_GROW: bool = false;

    fn combine(left: S, right: S) -> S {
        once(left).chain(once(right)).sum()
    }
}

impl<S: Product<T> + Product<S>, T> Operation<S, T> for Multiplying {
    fn of<I: Iterator<Item = T>>(items: I) -> S {
        items.product()
    }
}

impl<S: Product<S>> Combine<S> for Multiplying {
    const RESULTS_GROW: bool = true;

    fn combine(left: S, right: S) -> S {
        once(left).chain(once(right)).product()
    }
}

/// The consumer (and reducer) of `sum` (`Op` = [`Adding`]) and `product`
/// ([`Multiplying`]).
struct Arithmetic<S, Op>(PhantomData<fn() -> (S, Op)>);

impl<S, Op> Arithmetic<S, Op> {
    fn new() -> Self {
        Arithmetic(PhantomData)
    }
}

impl<S, T, Op> Consumer<T> for Arithmetic<S, Op>
where
    S: Send,
    Op: Operation<S, T>,
{
    type Folder = ArithmeticFolder<S, Op>;
    type Reducer = Self;
    type Result = S;

    fn split_at(self, _index: usize) -> (Self, Self, Self) {
        (Self::new(), Self::new(), self)
    }

    fn into_folder(self) -> Self::Folder {
        ArithmeticFolder(Op::of(std::iter::empty::<T>()), PhantomData)
    }

    fn full(&self) -> bool {
        false
    }

    /// Its folders take any number of items.
    fn position_free(&self) -> bool {
        true
    }

    /// As its operation's (see [`Combine::RESULTS_GROW`]).
    const RESULTS_GROW: bool = <Op as Combine<S>>::RESULTS_GROW;

    /// Never full.
    fn may_become_full(&self) -> bool {
        false
    }
}

impl<S, T, Op> UnindexedConsumer<T> for Arithmetic<S, Op>
where
    S: Send,
    Op: Operation<S, T>,
{
    fn split_off_left(&self) -> Self {
        Self::new()
    }

    fn to_reducer(&self) -> Self {
        Self::new()
    }
}

impl<S, Op: Combine<S>> Reducer<S> for Arithmetic<S, Op> {
    fn reduce(self, left: S, right: S) -> S {
        Op::combine(left, right)
    }
}

/// The result so far of one piece.
struct ArithmeticFolder<S, Op>(S, PhantomData<fn() -> Op>);

impl<S, T, Op: Operation<S, T>> Folder<T> for ArithmeticFolder<S, Op> {
    type Result = S;

    fn consume(self, item: T) -> Self {
        ArithmeticFolder(Op::combine(self.0, Op::of(once(item))), PhantomData)
    }

    fn consume_iter<I: IntoIterator<Item = T>>(self, iter: I) -> Self {
        ArithmeticFolder(Op::combine(self.0, Op::of(iter.into_iter())), PhantomData)
    }

    fn complete(self) -> S {
        self.0
    }

    fn full(&self) -> bool {
        false
    }
}
