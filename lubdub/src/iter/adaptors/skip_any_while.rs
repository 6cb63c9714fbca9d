//! [`SkipAnyWhile`]: `skip_any_while`, items skipped from anywhere until the
//! predicate rejects one, and every item after that.

use super::itemwise::{ChunkAdaptor, ItemwiseConsumer};
use super::take_any_while::SharedWhile;
use crate::iter::plumbing::UnindexedConsumer;
use crate::iter::ParallelIterator;

/// The iterator of [`ParallelIterator::skip_any_while`].
///
/// ```
/// use lubdub::prelude::*;
///
/// let rest: Vec<u32> = (0..100u32).into_par_iter().skip_any_while(|&x| x < 10).collect();
/// assert!(rest.len() >= 90 && rest.ends_with(&[98, 99]));
/// ```
#[derive(Clone)]
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
pub struct SkipAnyWhile<I, P> {
    base: I,
    predicate: P,
}

impl<I: std::fmt::Debug, P> std::fmt::Debug for SkipAnyWhile<I, P> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SkipAnyWhile")
            .field("base", &self.base)
            .finish()
    }
}

impl<I, P> SkipAnyWhile<I, P> {
    pub(crate) fn new(base: I, predicate: P) -> Self {
        SkipAnyWhile { base, predicate }
    }
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
