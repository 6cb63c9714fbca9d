//! [`ItemwiseConsumer`]: the consumer of every adaptor that changes a
//! chunk's items one by one (`map`, `filter`, `filter_map`,
//! `flat_map_iter`). It hands the base consumer the chunk's iterator with
//! the adaptor's `Iterator` method applied, so a chunk runs as the same
//! chain sequential code would; only [`ChunkAdaptor::adapt`] differs between
//! the adaptors.

use crate::iter::plumbing::Consumer;

/// What an item-wise adaptor does to a chunk's iterator of `T`s.
pub(crate) trait ChunkAdaptor<T>: Sync {
    /// The items of the adapted iterator.
    type Item;

    /// `chunk` with the adaptor applied (`chunk.map(f)`, ...).
    fn adapt<I: Iterator<Item = T>>(&self, chunk: I) -> impl Iterator<Item = Self::Item>;
}

/// A consumer of `T`s that adapts each chunk and passes it to `base`.
pub(crate) struct ItemwiseConsumer<'c, C, A> {
    base: &'c C,
    adaptor: A,
}

impl<'c, C, A> ItemwiseConsumer<'c, C, A> {
    pub(crate) fn new(base: &'c C, adaptor: A) -> Self {
        Self { base, adaptor }
    }
}

impl<T, C, A> Consumer<T> for ItemwiseConsumer<'_, C, A>
where
    A: ChunkAdaptor<T>,
    C: Consumer<A::Item>,
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
        self.base.consume_iter(acc, start, self.adaptor.adapt(iter))
    }
    fn combine(&self, left: C::Result, right: C::Result) -> C::Result {
        self.base.combine(left, right)
    }
    fn full(&self) -> bool {
        self.base.full()
    }
}
