//! The search by position behind `position_any`, `position_first`,
//! `position_last` and the comparisons (`cmp`, `eq`...): an item of an
//! indexed iterator that satisfies a predicate, with its position.
//!
//! The loop is driven by position, so each piece of the consumer knows where
//! its items start. A match is published in one shared minimum; a search for
//! the first match stops every piece that starts after a published match,
//! and a search for any match stops every piece once one is published.

use crate::iter::plumbing::{Consumer, Folder, Reducer};
use crate::iter::IndexedParallelIterator;
use crate::sync::{AtomicUsize, Ordering};

/// Which match a search returns.
#[derive(Clone, Copy)]
pub(crate) enum Wanted {
    /// Whichever is found first in time.
    Any,
    /// The one at the lowest position.
    First,
}

/// Stands for "no match yet" in the shared minimum: no item has this
/// position, since an iterator holds at most `usize::MAX` items.
const NO_MATCH: usize = usize::MAX;

/// An item of `iter` for which `predicate` is true, and its position; which
/// one is given by `wanted`.
pub(crate) fn find_position<I, P>(
    iter: I,
    wanted: Wanted,
    predicate: &P,
) -> Option<(usize, I::Item)>
where
    I: IndexedParallelIterator,
    P: Fn(&I::Item) -> bool + Sync,
{
    let lowest_match = AtomicUsize::new(NO_MATCH);
    iter.drive(SearchConsumer {
        search: Search {
            wanted,
            predicate,
            lowest_match: &lowest_match,
        },
        start: 0,
    })
}

/// What every piece of one search shares.
struct Search<'s, P> {
    wanted: Wanted,
    predicate: &'s P,
    /// The lowest position of a match found so far, or [`NO_MATCH`].
    lowest_match: &'s AtomicUsize,
}

impl<P> Clone for Search<'_, P> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<P> Copy for Search<'_, P> {}

impl<P> Search<'_, P> {
    /// True when no item at `position` or later can change the result.
    fn settled_from(&self, position: usize) -> bool {
        // Relaxed: the minimum only lets pieces stop early; the matches
        // themselves travel in the pieces' results.
        let lowest = self.lowest_match.load(Ordering::Relaxed);
        match self.wanted {
            Wanted::Any => lowest != NO_MATCH,
            Wanted::First => lowest < position,
        }
    }
}

/// The consumer of the items from position `start` on.
struct SearchConsumer<'s, P> {
    search: Search<'s, P>,
    start: usize,
}

impl<'s, T, P> Consumer<T> for SearchConsumer<'s, P>
where
    T: Send,
    P: Fn(&T) -> bool + Sync,
{
    type Folder = SearchFolder<'s, T, P>;
    type Reducer = Earlier;
    type Result = Option<(usize, T)>;

    fn split_at(self, index: usize) -> (Self, Self, Earlier) {
        let right = SearchConsumer {
            search: self.search,
            start: self.start + index,
        };
        (self, right, Earlier)
    }

    fn into_folder(self) -> Self::Folder {
        SearchFolder {
            search: self.search,
            next: self.start,
            found: None,
        }
    }

    fn full(&self) -> bool {
        self.search.settled_from(self.start)
    }
}

/// Looks through one piece's items; `next` is the position of the next one.
struct SearchFolder<'s, T, P> {
    search: Search<'s, P>,
    next: usize,
    found: Option<(usize, T)>,
}

impl<T, P> Folder<T> for SearchFolder<'_, T, P>
where
    P: Fn(&T) -> bool,
{
    type Result = Option<(usize, T)>;

    fn consume(self, item: T) -> Self {
        self.consume_iter(Some(item))
    }

    fn consume_iter<I: IntoIterator<Item = T>>(mut self, iter: I) -> Self {
        if self.full() {
            return self;
        }
        let predicate = self.search.predicate;
        let mut next = self.next;
        self.found = iter.into_iter().find_map(|item| {
            let position = next;
            next += 1;
            predicate(&item).then_some((position, item))
        });
        self.next = next;
        if let Some((position, _)) = self.found {
            self.search
                .lowest_match
                .fetch_min(position, Ordering::Relaxed);
        }
        self
    }

    fn complete(self) -> Option<(usize, T)> {
        self.found
    }

    fn full(&self) -> bool {
        self.found.is_some() || self.search.settled_from(self.next)
    }
}

/// Keeps the match of the left piece, whose items come first.
struct Earlier;

impl<T> Reducer<Option<(usize, T)>> for Earlier {
    fn reduce(self, left: Option<(usize, T)>, right: Option<(usize, T)>) -> Option<(usize, T)> {
        left.or(right)
    }
}
