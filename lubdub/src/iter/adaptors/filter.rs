//! [`Filter`] and [`FilterMap`]: item-wise adaptors that drop items, so the
//! result has no known length.

use crate::iter::plumbing::Consumer;
use crate::iter::ParallelIterator;

/// The iterator of [`ParallelIterator::filter`].
///
/// ```
/// use lubdub::prelude::*;
///
/// assert_eq!((0..10).into_par_iter().filter(|x| x % 5 == 0).count(), 2);
/// ```
#[derive(Clone, Debug)]
pub struct Filter<I, P> {
    base: I,
    predicate: P,
}

impl<I, P> Filter<I, P> {
    pub(crate) fn new(base: I, predicate: P) -> Self {
        Self { base, predicate }
    }
}

impl<I, P> ParallelIterator for Filter<I, P>
where
    I: ParallelIterator,
    P: Fn(&I::Item) -> bool + Sync + Send,
{
    type Item = I::Item;

    fn drive<C: Consumer<I::Item>>(self, consumer: &C) -> C::Result {
        self.base.drive(&FilterConsumer {
            base: consumer,
            predicate: &self.predicate,
        })
    }
}

struct FilterConsumer<'c, C, P> {
    base: &'c C,
    predicate: &'c P,
}

impl<T, C, P> Consumer<T> for FilterConsumer<'_, C, P>
where
    C: Consumer<T>,
    P: Fn(&T) -> bool + Sync,
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
        self.base
            .consume_iter(acc, start, iter.filter(self.predicate))
    }
    fn combine(&self, left: C::Result, right: C::Result) -> C::Result {
        self.base.combine(left, right)
    }
    fn full(&self) -> bool {
        self.base.full()
    }
}

/// The iterator of [`ParallelIterator::filter_map`].
///
/// ```
/// use lubdub::prelude::*;
///
/// let halves: Vec<i32> = [2, 3, 4].par_iter().filter_map(|x| (x % 2 == 0).then(|| x / 2)).collect();
/// assert_eq!(halves, [1, 2]);
/// ```
#[derive(Clone, Debug)]
pub struct FilterMap<I, F> {
    base: I,
    f: F,
}

impl<I, F> FilterMap<I, F> {
    pub(crate) fn new(base: I, f: F) -> Self {
        Self { base, f }
    }
}

impl<I, F, R> ParallelIterator for FilterMap<I, F>
where
    I: ParallelIterator,
    F: Fn(I::Item) -> Option<R> + Sync + Send,
    R: Send,
{
    type Item = R;

    fn drive<C: Consumer<R>>(self, consumer: &C) -> C::Result {
        self.base.drive(&FilterMapConsumer {
            base: consumer,
            f: &self.f,
        })
    }
}

struct FilterMapConsumer<'c, C, F> {
    base: &'c C,
    f: &'c F,
}

impl<T, R, C, F> Consumer<T> for FilterMapConsumer<'_, C, F>
where
    C: Consumer<R>,
    F: Fn(T) -> Option<R> + Sync,
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
        self.base.consume_iter(acc, start, iter.filter_map(self.f))
    }
    fn combine(&self, left: C::Result, right: C::Result) -> C::Result {
        self.base.combine(left, right)
    }
    fn full(&self) -> bool {
        self.base.full()
    }
}
