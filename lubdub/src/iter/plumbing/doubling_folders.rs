//! [`DoublingFolders`]: the [`Sink`] of a consumer that needs no positions
//! but whose results may grow with the items they hold
//! ([`Consumer::RESULTS_GROW`]: `reduce`, `reduce_with`, a `fold` under
//! them, `product`, `try_reduce`).
//!
//! Such a reduction has two costs that pull apart. Where its fold costs
//! the same per item however much it holds (pushing onto a vector,
//! appending to a string, a maximum), one folder per piece is best: every
//! join copies or touches its operands, and a tree of small folders pays
//! that once per level. Where folding an item costs as much as what the
//! folder holds already (a product of big integers, merging into a sorted
//! vector), one folder is quadratic in the piece, and small folders joined
//! as a balanced tree are best. The runtime cannot see which it has, so a
//! piece measures it:
//!
//! - **Folders double** until the fold is measured. A folder is closed
//!   once it holds as many items as the run of results below it
//!   (`runs.rs`), and the next items go to a new folder: a piece's
//!   folders hold about 1, 1, 2, 4, 8... parts of it,
//!   each joined at once with all before it. A join then takes two operands
//!   of the same size, and each item is copied by the joins about once, as
//!   by a vector's own doubling. While chunks double in length, as a
//!   piece's first chunks do, each chunk is a folder of its own, and so
//!   after a promotion cut the piece, when its chunks start short again: a
//!   chunk longer than what the open folder holds, or shorter than the
//!   chunk before it, starts a new folder. Chunks that stop growing below
//!   the largest chunk (`schedule.rs`: items slow enough that each poll
//!   reads the clock, items that run loops, a piece of a few items) are a
//!   folder each: their items cost far more than a join.
//! - **Two folders are timed.** The first two folders of at least
//!   [`TIMED_FOLDER`] items (while chunks double, the chunks of that many
//!   items and of twice as many) are timed, three clock reads per piece. If the
//!   second costs [`GROWTH`] times as much per item as the first or more,
//!   folding grows with what a folder holds, and from then on each chunk
//!   is a folder of its own, the results joined as a balanced tree on the
//!   runs. Otherwise folding is flat, and the open folder takes the rest
//!   of the piece whatever its chunks: one folder, as Rayon's leaf has,
//!   and no more joins (folders that went on doubling after the measure
//!   copied each item once more, and a piece that promotions cut restarted
//!   its chunks short, a folder each: `fold(Vec::new, push)` then `reduce`
//!   with `append`, 4M items at 2 threads, made 360-760 folders a call and
//!   took 24 ms, against 6 ms with one folder and Rayon's 8.5 ms). A wrong
//!   measure costs a tree where one folder would do (a join per chunk, as
//!   before this sink), or one folder where a tree would do (a fold
//!   quadratic in the rest of the piece, as in a leaf of Rayon's).

use std::time::{Duration, Instant};

use super::drive::Sink;
use super::one_folder::halve_spare;
use super::runs::Runs;
use super::schedule::MAX_CHUNK;
use super::{Consumer, Folder, Producer, UnindexedConsumer};

/// The least items a timed folder holds.
const TIMED_FOLDER: usize = 1024;

/// The growth in cost per item, from the first timed folder to the second,
/// that shows a fold growing with its folder (a fold that costs as much as
/// the folder holds reads about 2: the second folder holds twice the
/// first), as a fraction.
const GROWTH: (u128, u128) = (3, 2);

/// What a piece knows of its fold's cost (see the module's doc).
#[derive(Clone, Copy)]
enum Shape {
    /// Not measured yet: the clock read when the last folder of at least
    /// half [`TIMED_FOLDER`] items closed, and the first timed folder's
    /// cost per item (in nanoseconds per [`TIMED_FOLDER`] items; 0 until it
    /// closed).
    Measuring(Option<Instant>, u64),
    /// Folding costs the same per item: the open folder takes the rest.
    Flat,
    /// Folding grows: a folder per chunk.
    Tree,
}

/// The folders of a piece (see the module's doc). The open folder and its
/// count are here; the rest is boxed, as the driver moves the sink by value
/// once per chunk (one allocation per piece instead of a larger move per
/// chunk: a reduction of costly items runs one-item chunks).
pub(super) struct DoublingFolders<C: Consumer<T>, T> {
    /// The folder taking the piece's items now.
    open: C::Folder,
    /// How many items `open` holds (no longer counted once the fold is
    /// flat: nothing closes the open folder then).
    open_items: usize,
    /// What the piece keeps besides.
    kept: Box<Kept<C, T>>,
}

/// What [`DoublingFolders`] keeps besides its open folder.
struct Kept<C: Consumer<T>, T> {
    /// A consumer split off the piece's rest, from which each new folder,
    /// and the reducer joining a closed folder's result, is split off.
    maker: C,
    /// The length of the last chunk.
    last_chunk: usize,
    /// The results of the closed folders.
    closed: Runs<C::Result, C::Reducer>,
    shape: Shape,
}

impl<C: UnindexedConsumer<T>, T> DoublingFolders<C, T> {
    /// Closes the open folder: its result goes onto the runs, and a new
    /// folder takes the next items.
    fn close(&mut self) {
        let kept = &mut *self.kept;
        if let Shape::Measuring(mark, first) = kept.shape {
            kept.shape = measured(self.open_items, mark, first);
        }
        let fresh = kept.maker.split_off_left().into_folder();
        let folder = std::mem::replace(&mut self.open, fresh);
        let then = kept.maker.to_reducer();
        kept.closed.push(folder.complete(), then, self.open_items);
        self.open_items = 0;
    }
}

/// The shape known once a folder of `items` items closes, from `mark` (when
/// the folder before it closed, if it was timed) and the first timed
/// folder's cost per item.
fn measured(items: usize, mark: Option<Instant>, first: u64) -> Shape {
    if items < TIMED_FOLDER / 2 {
        return Shape::Measuring(None, first);
    }
    let now = Instant::now();
    let Some(start) = mark.filter(|_| items >= TIMED_FOLDER) else {
        return Shape::Measuring(Some(now), first);
    };
    let cost = per_timed_folder(now.saturating_duration_since(start), items);
    if first == 0 {
        Shape::Measuring(Some(now), cost)
    } else if grows(first, cost) {
        Shape::Tree
    } else {
        Shape::Flat
    }
}

/// `cost` of `items` items, in nanoseconds per [`TIMED_FOLDER`] items (at
/// least 1 where it was not zero).
fn per_timed_folder(cost: Duration, items: usize) -> u64 {
    let nanos = cost.as_nanos() * TIMED_FOLDER as u128 / items.max(1) as u128;
    u64::try_from(nanos)
        .unwrap_or(u64::MAX)
        .max(u64::from(!cost.is_zero()))
}

/// True when a cost per item of `then`, after `first` of the folder before,
/// shows a fold growing with its folder (never where the clock did not see
/// the first take any time: `first` 0).
fn grows(first: u64, then: u64) -> bool {
    let (times, per) = GROWTH;
    first > 0 && u128::from(then) * per >= u128::from(first) * times
}

impl<P, C> Sink<P> for DoublingFolders<C, P::Item>
where
    P: Producer,
    C: UnindexedConsumer<P::Item>,
{
    type Rest = C;
    type Head = usize;
    type Result = C::Result;
    type Halves = C::Reducer;

    #[inline]
    fn fresh(spare: &C) -> Self {
        let maker = spare.split_off_left();
        let open = maker.split_off_left().into_folder();
        DoublingFolders {
            open,
            open_items: 0,
            kept: Box::new(Kept {
                maker,
                last_chunk: 0,
                closed: Runs::new(),
                shape: Shape::Measuring(None, 0),
            }),
        }
    }

    #[inline]
    fn is_full(&self, _: &C) -> bool {
        self.open.full()
    }

    #[inline]
    fn complete(self, _: C) -> C::Result {
        self.kept.closed.then(self.open.complete())
    }

    #[inline]
    fn fold_last(self, producer: P, _: C) -> C::Result {
        let last = producer.fold_with(self.open).complete();
        self.kept.closed.then(last)
    }

    #[inline]
    fn cut_head(spare: C, len: usize) -> (usize, C) {
        (len, spare)
    }

    #[inline]
    fn fold_chunk(mut self, head: P, len: usize) -> Self {
        if matches!(self.kept.shape, Shape::Flat) {
            self.open = head.fold_with(self.open);
            return self;
        }
        let last_chunk = self.kept.last_chunk;
        let new_schedule = len > self.open_items || len < last_chunk;
        if self.open_items > 0 && new_schedule {
            self.close();
        }
        let held = len <= last_chunk && len < MAX_CHUNK;
        self.kept.last_chunk = len;
        self.open = head.fold_with(self.open);
        self.open_items += len;
        let doubled = self.open_items >= self.kept.closed.top_items();
        if doubled || held || matches!(self.kept.shape, Shape::Tree) {
            self.close();
        }
        self
    }

    #[inline]
    fn halve(spare: C, _: usize) -> (C, C, C::Reducer) {
        halve_spare(spare)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn micros(n: u64) -> Duration {
        Duration::from_micros(n)
    }

    #[test]
    fn a_fold_that_costs_more_per_item_as_its_folder_holds_more_grows() {
        let per = |cost: u64, items: usize| per_timed_folder(micros(cost), items);
        // A product: twice the items cost four times as much.
        assert!(grows(per(10, 1024), per(40, 2048)));
        // A vector: twice the items, twice the cost, or a little more.
        assert!(!grows(per(10, 1024), per(20, 2048)));
        assert!(!grows(per(10, 1024), per(29, 2048)));
        assert!(grows(per(10, 1024), per(30, 2048)));
        // Nothing measured: no growth.
        assert!(!grows(per(0, 1024), per(30, 2048)));
        assert_eq!(per(0, 1024), 0);
        assert_eq!(per_timed_folder(Duration::from_nanos(1), 1 << 20), 1);
    }
}
