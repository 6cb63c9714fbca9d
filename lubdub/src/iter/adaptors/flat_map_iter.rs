//! [`FlatMapIter`]: each item becomes a sequential iterator, run inside the
//! chunk that holds the item.

use crate::iter::plumbing::Consumer;
use crate::iter::ParallelIterator;

/// The iterator of [`ParallelIterator::flat_map_iter`].
///
/// ```
/// use lubdub::prelude::*;
///
/// let total: u32 = (1..4u32).into_par_iter().flat_map_iter(|n| 0..n).sum();
/// assert_eq!(total, 0 + (0 + 1) + (0 + 1 + 2));
/// ```
#[derive(Clone, Debug)]
pub struct FlatMapIter<I, F> {
    base: I,
    f: F,
}

impl<I, F> FlatMapIter<I, F> {
    pub(crate) fn new(base: I, f: F) -> Self {
        Self { base, f }
    }
}

impl<I, F, U> ParallelIterator for FlatMapIter<I, F>
where
    I: ParallelIterator,
    F: Fn(I::Item) -> U + Sync + Send,
    U: IntoIterator,
    U::Item: Send,
{
    type Item = U::Item;

    fn drive<C: Consumer<U::Item>>(self, consumer: &C) -> C::Result {
        self.base.drive(&FlatMapIterConsumer {
            base: consumer,
            f: &self.f,
        })
    }
}

struct FlatMapIterConsumer<'c, C, F> {
    base: &'c C,
    f: &'c F,
}

impl<T, U, C, F> Consumer<T> for FlatMapIterConsumer<'_, C, F>
where
    U: IntoIterator,
    C: Consumer<U::Item>,
    F: Fn(T) -> U + Sync,
{
    type Result = C::Result;
    fn identity(&self) -> C::Result {
        self.base.identity()
    }
    fn consume_iter<I: Iterator<Item = T>>(
        &self,
        acc: C::Result,
        start: usize,
        iter: I,
    ) -> C::Result {
        self.base.consume_iter(acc, start, iter.flat_map(self.f))
    }
    fn combine(&self, left: C::Result, right: C::Result) -> C::Result {
        self.base.combine(left, right)
    }
    fn full(&self) -> bool {
        self.base.full()
    }
}
