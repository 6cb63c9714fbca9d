//! The loop under `lubdub_parallel_for` and `lubdub_parallel_reduce`: a
//! lubdub parallel range, `(begin..end).into_par_iter()`, driven into a
//! consumer that hands each chunk to C as one sub-range.
//!
//! The range runs as lubdub's loops do (`lubdub/src/iter/README.md`): in
//! sequential chunks on the calling thread, the rest halved only when a
//! heartbeat finds a thread idle. The consumer needs no positions
//! (`position_free`), so a piece of the loop is folded into one folder, one
//! accumulator, and a chunk reaches the folder as one `Iterator` over
//! consecutive indexes, which [`bounds`] turns into `[begin, end)` without
//! walking it. No grain size: the sub-ranges C sees are the chunks of the
//! schedule.

use lubdub::iter::plumbing::{Consumer, Folder, Reducer, UnindexedConsumer};
use lubdub::iter::{IntoParallelIterator, ParallelIterator};

use crate::callback::FirstFailure;
use crate::status::Error;

/// What a loop does with its sub-ranges.
pub(crate) trait RangeWork: Sync {
    /// A piece's partial result.
    type Partial: Send;
    /// A fresh partial result, for a piece that has folded nothing.
    fn start(&self) -> Self::Partial;
    /// Folds the indexes `[begin, end)` into `partial`.
    fn fold(&self, partial: &mut Self::Partial, begin: usize, end: usize) -> Result<(), Error>;
    /// Folds `right`, the result of the indexes after `left`'s, into `left`.
    fn combine(&self, left: &mut Self::Partial, right: Self::Partial) -> Result<(), Error>;
}

/// Runs `work` over `[begin, end)` in the current pool: the combined
/// result, or the first failure (after which the loop stops folding).
pub(crate) fn run<W: RangeWork>(begin: usize, end: usize, work: W) -> Result<W::Partial, Error> {
    let shared = Shared {
        work,
        failure: FirstFailure::default(),
    };
    let result = (begin..end)
        .into_par_iter()
        .drive_unindexed(RangeConsumer(&shared));
    shared.failure.or(result)
}

/// What every piece of one loop shares.
struct Shared<W> {
    work: W,
    failure: FirstFailure,
}

/// The first and one past the last of `indexes`, which are consecutive and
/// increasing (a chunk of a range); `None` when there are none. Costs two
/// steps of the iterator: `Range`'s `last` steps from the back.
#[inline]
fn bounds(indexes: impl IntoIterator<Item = usize>) -> Option<(usize, usize)> {
    let mut indexes = indexes.into_iter();
    let first = indexes.next()?;
    let last = indexes.last().unwrap_or(first);
    Some((first, last + 1))
}

/// The consumer of a loop, and its reducer: one pointer, so that a folder
/// (its partial result and this) stays small where the plumbing moves it
/// at every chunk.
struct RangeConsumer<'a, W>(&'a Shared<W>);

impl<W> Clone for RangeConsumer<'_, W> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<W> Copy for RangeConsumer<'_, W> {}

impl<'a, W: RangeWork> Consumer<usize> for RangeConsumer<'a, W> {
    type Folder = RangeFolder<'a, W>;
    type Reducer = Self;
    type Result = W::Partial;

    fn split_at(self, _index: usize) -> (Self, Self, Self) {
        (self, self, self)
    }

    fn into_folder(self) -> RangeFolder<'a, W> {
        RangeFolder {
            partial: self.0.work.start(),
            consumer: self,
        }
    }

    fn full(&self) -> bool {
        self.0.failure.has_failed()
    }

    fn position_free(&self) -> bool {
        true
    }
}

impl<W: RangeWork> UnindexedConsumer<usize> for RangeConsumer<'_, W> {
    fn split_off_left(&self) -> Self {
        *self
    }

    fn to_reducer(&self) -> Self {
        *self
    }
}

impl<W: RangeWork> Reducer<W::Partial> for RangeConsumer<'_, W> {
    fn reduce(self, mut left: W::Partial, right: W::Partial) -> W::Partial {
        if !self.0.failure.has_failed() {
            self.0.failure.keep(self.0.work.combine(&mut left, right));
        }
        left
    }
}

struct RangeFolder<'a, W: RangeWork> {
    partial: W::Partial,
    consumer: RangeConsumer<'a, W>,
}

impl<W: RangeWork> RangeFolder<'_, W> {
    fn fold(mut self, begin: usize, end: usize) -> Self {
        if !self.full() {
            let shared = self.consumer.0;
            shared
                .failure
                .keep(shared.work.fold(&mut self.partial, begin, end));
        }
        self
    }
}

impl<W: RangeWork> Folder<usize> for RangeFolder<'_, W> {
    type Result = W::Partial;

    fn consume(self, index: usize) -> Self {
        self.fold(index, index + 1)
    }

    fn consume_iter<I>(self, indexes: I) -> Self
    where
        I: IntoIterator<Item = usize>,
    {
        match bounds(indexes) {
            Some((begin, end)) => self.fold(begin, end),
            None => self,
        }
    }

    fn complete(self) -> W::Partial {
        self.partial
    }

    fn full(&self) -> bool {
        self.consumer.full()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    /// Records every sub-range it is given.
    struct Record(Mutex<Vec<(usize, usize)>>);

    impl RangeWork for &Record {
        type Partial = ();
        fn start(&self) {}
        fn fold(&self, _: &mut (), begin: usize, end: usize) -> Result<(), Error> {
            self.0.lock().unwrap().push((begin, end));
            Ok(())
        }
        fn combine(&self, _: &mut (), _: ()) -> Result<(), Error> {
            Ok(())
        }
    }

    #[test]
    fn bounds_of_consecutive_indexes() {
        assert_eq!(bounds(5..5), None);
        assert_eq!(bounds(5..6), Some((5, 6)));
        assert_eq!(bounds(3..1000), Some((3, 1000)));
    }

    #[test]
    fn sub_ranges_cover_the_range_once_at_1_2_and_8_threads() {
        for threads in [1, 2, 8] {
            let pool = lubdub::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            for (begin, end) in [(0, 0), (7, 8), (3, 64), (0, 100_000)] {
                let record = Record(Mutex::new(Vec::new()));
                pool.install(|| run(begin, end, &record)).unwrap();
                let mut ranges = record.0.into_inner().unwrap();
                ranges.sort_unstable();
                let mut next = begin;
                for (b, e) in ranges {
                    assert_eq!(b, next, "{threads} threads, [{begin}, {end})");
                    assert!(e > b);
                    next = e;
                }
                assert_eq!(next, end);
            }
        }
    }
}
