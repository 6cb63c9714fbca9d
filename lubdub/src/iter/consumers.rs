//! The consumers behind [`ParallelIterator`](super::ParallelIterator)'s
//! reducing methods: each folds a chunk with the sequential `Iterator`
//! method of the same name, so a chunk over a slice compiles to the same
//! (vectorized) loop as sequential code.

use std::iter::{Product, Sum};
use std::marker::PhantomData;
use std::sync::atomic::{AtomicBool, Ordering};

use super::plumbing::Consumer;

pub(crate) struct ForEachConsumer<F> {
    op: F,
}

impl<F> ForEachConsumer<F> {
    pub(crate) fn new(op: F) -> Self {
        Self { op }
    }
}

impl<T, F: Fn(T) + Sync> Consumer<T> for ForEachConsumer<F> {
    type Result = ();
    fn identity(&self) {}
    fn consume_iter<I: Iterator<Item = T>>(&self, (): (), _: usize, iter: I) {
        iter.for_each(&self.op);
    }
    fn combine(&self, (): (), (): ()) {}
}

/// `fn() -> S` keeps the consumer `Sync` whatever `S` is.
pub(crate) struct SumConsumer<S>(PhantomData<fn() -> S>);

impl<S> SumConsumer<S> {
    pub(crate) fn new() -> Self {
        Self(PhantomData)
    }
}

impl<T, S: Send + Sum<T> + Sum<S>> Consumer<T> for SumConsumer<S> {
    type Result = S;
    fn identity(&self) -> S {
        std::iter::empty::<S>().sum()
    }
    fn consume_iter<I: Iterator<Item = T>>(&self, acc: S, _: usize, iter: I) -> S {
        [acc, iter.sum()].into_iter().sum()
    }
    fn combine(&self, left: S, right: S) -> S {
        [left, right].into_iter().sum()
    }
}

pub(crate) struct ProductConsumer<P>(PhantomData<fn() -> P>);

impl<P> ProductConsumer<P> {
    pub(crate) fn new() -> Self {
        Self(PhantomData)
    }
}

impl<T, P: Send + Product<T> + Product<P>> Consumer<T> for ProductConsumer<P> {
    type Result = P;
    fn identity(&self) -> P {
        std::iter::empty::<P>().product()
    }
    fn consume_iter<I: Iterator<Item = T>>(&self, acc: P, _: usize, iter: I) -> P {
        [acc, iter.product()].into_iter().product()
    }
    fn combine(&self, left: P, right: P) -> P {
        [left, right].into_iter().product()
    }
}

pub(crate) struct ReduceConsumer<ID, OP> {
    identity: ID,
    op: OP,
}

impl<ID, OP> ReduceConsumer<ID, OP> {
    pub(crate) fn new(identity: ID, op: OP) -> Self {
        Self { identity, op }
    }
}

impl<T, ID, OP> Consumer<T> for ReduceConsumer<ID, OP>
where
    T: Send,
    ID: Fn() -> T + Sync,
    OP: Fn(T, T) -> T + Sync,
{
    type Result = T;
    fn identity(&self) -> T {
        (self.identity)()
    }
    fn consume_iter<I: Iterator<Item = T>>(&self, acc: T, _: usize, iter: I) -> T {
        iter.fold(acc, &self.op)
    }
    fn combine(&self, left: T, right: T) -> T {
        (self.op)(left, right)
    }
}

pub(crate) struct ReduceWithConsumer<OP> {
    op: OP,
}

impl<OP> ReduceWithConsumer<OP> {
    pub(crate) fn new(op: OP) -> Self {
        Self { op }
    }
}

impl<T, OP> Consumer<T> for ReduceWithConsumer<OP>
where
    T: Send,
    OP: Fn(T, T) -> T + Sync,
{
    type Result = Option<T>;
    fn identity(&self) -> Option<T> {
        None
    }
    fn consume_iter<I: Iterator<Item = T>>(&self, acc: Option<T>, _: usize, iter: I) -> Option<T> {
        let chunk = iter.reduce(&self.op);
        self.combine(acc, chunk)
    }
    fn combine(&self, left: Option<T>, right: Option<T>) -> Option<T> {
        match (left, right) {
            (Some(l), Some(r)) => Some((self.op)(l, r)),
            (l, r) => l.or(r),
        }
    }
}

pub(crate) struct CountConsumer;

impl<T> Consumer<T> for CountConsumer {
    type Result = usize;
    fn identity(&self) -> usize {
        0
    }
    fn consume_iter<I: Iterator<Item = T>>(&self, acc: usize, _: usize, iter: I) -> usize {
        acc + iter.count()
    }
    fn combine(&self, left: usize, right: usize) -> usize {
        left + right
    }
}

/// `any`: the flag lets every piece stop at its next chunk once one found.
pub(crate) struct AnyConsumer<P> {
    predicate: P,
    found: AtomicBool,
}

impl<P> AnyConsumer<P> {
    pub(crate) fn new(predicate: P) -> Self {
        Self {
            predicate,
            found: AtomicBool::new(false),
        }
    }
}

impl<T, P: Fn(T) -> bool + Sync> Consumer<T> for AnyConsumer<P> {
    type Result = bool;
    fn identity(&self) -> bool {
        false
    }
    fn consume_iter<I: Iterator<Item = T>>(&self, acc: bool, _: usize, mut iter: I) -> bool {
        let found = acc || iter.any(&self.predicate);
        if found {
            self.found.store(true, Ordering::Relaxed);
        }
        found
    }
    fn combine(&self, left: bool, right: bool) -> bool {
        left || right
    }
    fn full(&self) -> bool {
        self.found.load(Ordering::Relaxed)
    }
}

pub(crate) struct FindAnyConsumer<P> {
    predicate: P,
    found: AtomicBool,
}

impl<P> FindAnyConsumer<P> {
    pub(crate) fn new(predicate: P) -> Self {
        Self {
            predicate,
            found: AtomicBool::new(false),
        }
    }
}

impl<T: Send, P: Fn(&T) -> bool + Sync> Consumer<T> for FindAnyConsumer<P> {
    type Result = Option<T>;
    fn identity(&self) -> Option<T> {
        None
    }
    fn consume_iter<I: Iterator<Item = T>>(
        &self,
        acc: Option<T>,
        _: usize,
        mut iter: I,
    ) -> Option<T> {
        if acc.is_some() {
            return acc;
        }
        let found = iter.find(&self.predicate);
        if found.is_some() {
            self.found.store(true, Ordering::Relaxed);
        }
        found
    }
    fn combine(&self, left: Option<T>, right: Option<T>) -> Option<T> {
        left.or(right)
    }
    fn full(&self) -> bool {
        self.found.load(Ordering::Relaxed)
    }
}
