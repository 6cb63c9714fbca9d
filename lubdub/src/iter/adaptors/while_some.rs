//! [`WhileSome`]: `while_some`, the contents of `Some` items until a `None`
//! turns up anywhere.

use std::sync::atomic::{AtomicBool, Ordering};

use super::itemwise::{ChunkAdaptor, ItemwiseConsumer};
use crate::iter::plumbing::UnindexedConsumer;
use crate::iter::ParallelIterator;

/// The iterator of [`ParallelIterator::while_some`].
///
/// ```
/// use lubdub::prelude::*;
///
/// let all: Vec<i32> = [Some(1), Some(2)].par_iter().copied().while_some().collect();
/// assert_eq!(all, [1, 2]);
/// ```
#[derive(Debug, Clone)]
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
pub struct WhileSome<I> {
    base: I,
}

impl<I> WhileSome<I> {
    pub(crate) fn new(base: I) -> Self {
        WhileSome { base }
    }
}

impl<I, T> ParallelIterator for WhileSome<I>
where
    I: ParallelIterator<Item = Option<T>>,
    T: Send,
{
    type Item = T;

    fn drive_unindexed<C: UnindexedConsumer<T>>(self, consumer: C) -> C::Result {
        let adaptor = UntilNone {
            seen_none: AtomicBool::new(false),
        };
        self.base
            .drive_unindexed(ItemwiseConsumer::new(consumer, &adaptor))
    }
}

/// `while_some` on a chunk: the contents of the items up to the first
/// `None`, or up to any item after a `None` was seen elsewhere.
struct UntilNone {
    seen_none: AtomicBool,
}

impl UntilNone {
    fn none_seen(&self) -> bool {
        self.seen_none.load(Ordering::Relaxed)
    }
}

impl<T> ChunkAdaptor<Option<T>> for UntilNone {
    type Item = T;

    fn adapt<I: Iterator<Item = Option<T>>>(&self, chunk: I) -> impl Iterator<Item = T> {
        chunk.map_while(move |item| {
            if item.is_none() {
                self.seen_none.store(true, Ordering::Relaxed);
            }
            item.filter(|_| !self.none_seen())
        })
    }

    fn exhausted(&self) -> bool {
        self.none_seen()
    }
}
