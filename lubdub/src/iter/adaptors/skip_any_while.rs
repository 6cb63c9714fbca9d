//! [`SkipAnyWhile`]: `skip_any_while`, items skipped from anywhere until the
//! predicate rejects one, and every item after that.

use super::closure_adaptor::closure_adaptor;
use super::itemwise::{ChunkAdaptor, ItemwiseConsumer};
use super::take_any_while::SharedWhile;
use crate::iter::plumbing::UnindexedConsumer;
use crate::iter::ParallelIterator;

closure_adaptor! {
    /// The iterator of [`ParallelIterator::skip_any_while`].
    ///
    /// ```
    /// use lubdub::prelude::*;
    ///
    /// let rest: Vec<u32> = (0..100u32).into_par_iter().skip_any_while(|&x| x < 10).collect();
    /// assert!(rest.len() >= 90 && rest.ends_with(&[98, 99]));
    /// ```
    SkipAnyWhile<I, P> { predicate }
}

impl<I, P> ParallelIterator for SkipAnyWhile<I, P>
where
    I: ParallelIterator,
    P: Fn(&I::Item) -> bool + Sync + Send,
{
    type Item = I::Item;

    fn drive_unindexed<C: UnindexedConsumer<I::Item>>(self, consumer: C) -> C::Result {
        let adaptor = SkippingWhile(SharedWhile::new(self.predicate));
        self.base
            .drive_unindexed(ItemwiseConsumer::new(consumer, &adaptor))
    }
}

/// `skip_any_while` on a chunk: drops its first items while the shared
/// predicate holds.
struct SkippingWhile<P>(SharedWhile<P>);

impl<T, P: Fn(&T) -> bool + Sync> ChunkAdaptor<T> for SkippingWhile<P> {
    type Item = T;

    fn adapt<I: Iterator<Item = T>>(&self, chunk: I) -> impl Iterator<Item = T> {
        chunk.skip_while(move |item| self.0.holds(item))
    }
}
