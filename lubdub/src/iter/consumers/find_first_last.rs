//! `find_first` and `find_last`: the first or last item, by position, that
//! matches a predicate.
//!
//! # Positions
//!
//! Every consumer owns a span `lo..hi` of an imaginary line of `usize`
//! positions, the whole line at the top, and splitting a consumer cuts its
//! span in two, the left piece's before the right's. A folder's position is
//! its span's `lo` for `find_first` and `hi` for `find_last`. A folder that
//! finds a match publishes its position in a shared `best` (the smallest for
//! `find_first`, the largest for `find_last`); a consumer or folder whose
//! position is strictly worse than `best` holds no item that can win, and
//! reports itself full.
//!
//! How spans are cut matters because of how the heartbeat bridge splits: a
//! piece is folded chunk by chunk, each chunk cut off the front of the rest
//! (`split_at(8)`, `split_at(16)`... up to thousands of times in a long
//! loop). Halving the span at every cut, as Rayon does, would leave the rest
//! of a long loop with a span of width 1 after 64 chunks, after which every
//! later chunk has the same position and none of them could be stopped by a
//! match in another. So `split_at(index)`, which knows how many items go
//! left, gives the left consumer `index` *units* of the span: exact positions
//! for as many cuts as the loop makes. A unit is as wide as the line allows
//! for the iterator's length when it is known (`opt_len`), so that splits
//! below an item still have room, and 2^(bits/2) when it is not. Only
//! `split_off_left`, which knows no counts, halves the span.
//!
//! A cut whose units would take the whole span (the unit was a guess, or
//! the line ran out) halves the span instead, so that the right consumer
//! keeps positions of its own: a search from the right end
//! (`Consumer::FROM_THE_RIGHT`) cuts its rest, which holds nearly all the
//! items, off the left of a short last chunk, and a match in that chunk
//! must stop the rest. Once a span is one position wide, positions tie,
//! which stops less work but never gives a wrong answer, since a consumer
//! stops only for a *strictly* better position and the reducers keep the
//! leftmost (or rightmost) item.

use std::cell::Cell;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::iter::plumbing::{Consumer, Folder, Reducer, UnindexedConsumer};
use crate::iter::ParallelIterator;

/// The first item of `iter`, by position, that matches `predicate`.
pub(crate) fn find_first<I, P>(iter: I, predicate: &P) -> Option<I::Item>
where
    I: ParallelIterator,
    P: Fn(&I::Item) -> bool + Sync,
{
    find::<_, _, false>(iter, predicate)
}

/// The last item of `iter`, by position, that matches `predicate`.
pub(crate) fn find_last<I, P>(iter: I, predicate: &P) -> Option<I::Item>
where
    I: ParallelIterator,
    P: Fn(&I::Item) -> bool + Sync,
{
    find::<_, _, true>(iter, predicate)
}

/// The first match (`LAST` false) or the last (`LAST` true).
fn find<I, P, const LAST: bool>(iter: I, predicate: &P) -> Option<I::Item>
where
    I: ParallelIterator,
    P: Fn(&I::Item) -> bool + Sync,
{
    let unit = match iter.opt_len() {
        Some(len) => usize::MAX / len.max(1),
        None => 1 << (usize::BITS / 2),
    };
    let best = AtomicUsize::new(End::of(LAST).worst());
    iter.drive_unindexed(FindConsumer::<_, LAST>::new(predicate, &best, unit))
}

/// Which match wins.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum End {
    First,
    Last,
}

impl End {
    /// The end a search for the last match (`last`) or the first wants.
    const fn of(last: bool) -> End {
        if last {
            End::Last
        } else {
            End::First
        }
    }

    /// A position that every folder's position equals or beats.
    fn worst(self) -> usize {
        match self {
            End::First => usize::MAX,
            End::Last => 0,
        }
    }

    /// True when a match at `a` wins over one at `b`.
    fn beats(self, a: usize, b: usize) -> bool {
        match self {
            End::First => a < b,
            End::Last => a > b,
        }
    }

    /// Records a match at `position` in `best`.
    fn publish(self, best: &AtomicUsize, position: usize) {
        match self {
            End::First => best.fetch_min(position, Ordering::Relaxed),
            End::Last => best.fetch_max(position, Ordering::Relaxed),
        };
    }
}

/// The consumer of a search for the first match, or for the last
/// (`LAST`): a search from the right end, which the bridge runs from there
/// (`Consumer::FROM_THE_RIGHT`).
struct FindConsumer<'p, P, const LAST: bool> {
    predicate: &'p P,
    end: End,
    best: &'p AtomicUsize,
    /// The start of the span: a cell, as `split_off_left` takes the left
    /// part of the span from `&self`.
    lo: Cell<usize>,
    hi: usize,
    /// The width of one item in the span, for `split_at`.
    unit: usize,
}

impl<'p, P, const LAST: bool> FindConsumer<'p, P, LAST> {
    fn new(predicate: &'p P, best: &'p AtomicUsize, unit: usize) -> Self {
        FindConsumer {
            predicate,
            end: End::of(LAST),
            best,
            lo: Cell::new(0),
            hi: usize::MAX,
            unit,
        }
    }

    /// The position of the folders of this consumer.
    fn position(&self) -> usize {
        match self.end {
            End::First => self.lo.get(),
            End::Last => self.hi,
        }
    }

    /// Cuts `width` off the front of the span (half of it, if the span is
    /// not wider: see the module's doc): the front becomes a new consumer,
    /// the rest stays here.
    fn take_left(&self, width: usize) -> Self {
        let lo = self.lo.get();
        let span = self.hi - lo;
        let mid = lo + if width < span { width } else { span / 2 };
        self.lo.set(mid);
        FindConsumer {
            lo: Cell::new(lo),
            hi: mid,
            ..*self
        }
    }
}

impl<'p, T, P, const LAST: bool> Consumer<T> for FindConsumer<'p, P, LAST>
where
    T: Send,
    P: Fn(&T) -> bool + Sync,
{
    type Folder = FindFolder<'p, T, P>;
    type Reducer = FindReducer;
    type Result = Option<T>;

    fn split_at(self, index: usize) -> (Self, Self, FindReducer) {
        let left = self.take_left(index.saturating_mul(self.unit));
        let reducer = FindReducer(self.end);
        (left, self, reducer)
    }

    fn into_folder(self) -> Self::Folder {
        FindFolder {
            predicate: self.predicate,
            end: self.end,
            best: self.best,
            position: self.position(),
            item: None,
        }
    }

    fn full(&self) -> bool {
        self.end
            .beats(self.best.load(Ordering::Relaxed), self.position())
    }

    const FROM_THE_RIGHT: bool = LAST;
}

impl<T, P, const LAST: bool> UnindexedConsumer<T> for FindConsumer<'_, P, LAST>
where
    T: Send,
    P: Fn(&T) -> bool + Sync,
{
    fn split_off_left(&self) -> Self {
        self.take_left((self.hi - self.lo.get()) / 2)
    }

    fn to_reducer(&self) -> FindReducer {
        FindReducer(self.end)
    }
}

/// Keeps the left result for `find_first`, the right one for `find_last`.
struct FindReducer(End);

impl<T> Reducer<Option<T>> for FindReducer {
    fn reduce(self, left: Option<T>, right: Option<T>) -> Option<T> {
        match self.0 {
            End::First => left.or(right),
            End::Last => right.or(left),
        }
    }
}

struct FindFolder<'p, T, P> {
    predicate: &'p P,
    end: End,
    best: &'p AtomicUsize,
    position: usize,
    item: Option<T>,
}

impl<T, P> Folder<T> for FindFolder<'_, T, P>
where
    P: Fn(&T) -> bool,
{
    type Result = Option<T>;

    fn consume(mut self, item: T) -> Self {
        let wanted = self.end == End::Last || self.item.is_none();
        if wanted && (self.predicate)(&item) {
            if self.item.is_none() {
                self.end.publish(self.best, self.position);
            }
            // Kept even if another folder's match beats it: the reducers
            // keep the winner.
            self.item = Some(item);
        }
        self
    }

    fn complete(self) -> Option<T> {
        self.item
    }

    fn full(&self) -> bool {
        let done = self.end == End::First && self.item.is_some();
        done || self
            .end
            .beats(self.best.load(Ordering::Relaxed), self.position)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type Predicate = fn(&u32) -> bool;

    fn ends_in_seven(x: &u32) -> bool {
        x % 10 == 7
    }

    fn full<const LAST: bool>(consumer: &FindConsumer<'_, Predicate, LAST>) -> bool {
        Consumer::<u32>::full(consumer)
    }

    #[test]
    fn a_match_in_a_late_chunk_stops_only_the_side_that_cannot_win() {
        a_match_stops_only_the_side_that_cannot_win::<false>(1);
        a_match_stops_only_the_side_that_cannot_win::<false>(1 << 20);
        a_match_stops_only_the_side_that_cannot_win::<true>(1);
    }

    fn a_match_stops_only_the_side_that_cannot_win<const LAST: bool>(unit: usize) {
        let end = End::of(LAST);
        {
            let best = AtomicUsize::new(end.worst());
            let predicate: Predicate = ends_in_seven;
            let rest = FindConsumer::<_, LAST>::new(&predicate, &best, unit);
            // Chunks of 8 items cut off the front of the rest, as the bridge
            // cuts a long piece; the 500th finds a match.
            let mut heads = Vec::new();
            for i in 0..1000 {
                let head = rest.take_left(8 * unit);
                if i == 500 {
                    let folder = Consumer::<u32>::into_folder(head).consume(7);
                    assert_eq!(folder.complete(), Some(7));
                } else {
                    heads.push(head);
                }
            }
            let (before, after) = (&heads[499], &heads[500]);
            match end {
                End::First => assert!(!full(before) && full(after) && full(&rest)),
                End::Last => assert!(full(before) && !full(after) && !full(&rest)),
            }
        }
    }

    #[test]
    fn narrow_spans_tie_and_the_reducer_still_keeps_the_winner() {
        let best = AtomicUsize::new(End::First.worst());
        let predicate: Predicate = ends_in_seven;
        let rest = FindConsumer::<_, false>::new(&predicate, &best, usize::MAX);
        // A cut that asks for the whole span halves it, so the right part
        // keeps positions of its own...
        let first = rest.take_left(usize::MAX);
        assert!(first.hi == rest.lo.get() && first.hi - first.lo.get() == usize::MAX / 2);
        // ...until 64 such cuts leave it no width: later consumers tie.
        for _ in 1..64 {
            rest.take_left(usize::MAX);
        }
        let (left, right) = (rest.take_left(1), rest.take_left(1));
        assert_eq!(left.position(), right.position());
        let right = Consumer::<u32>::into_folder(right).consume(17);
        let left = Consumer::<u32>::into_folder(left);
        assert!(!left.full(), "a tie does not stop the left folder");
        let left = left.consume(7);
        let winner = FindReducer(End::First).reduce(left.complete(), right.complete());
        assert_eq!(winner, Some(7));
        assert!(!full(&first), "a folder left of the match goes on");
    }
}
