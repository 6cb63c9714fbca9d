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

use std::cell::Cell;
use std::ffi::{c_int, c_void};
use std::marker::PhantomData;

use lubdub::iter::plumbing::{Consumer, Folder, Reducer, UnindexedConsumer};
use lubdub::iter::{IntoParallelIterator, ParallelIterator};

use crate::accumulator::{Accumulator, Accumulators, Slots};
use crate::callback::FirstFailure;
use crate::status::Error;

/// What a loop does with its sub-ranges and its accumulators (C values of
/// the size the loop's [`Accumulators`] give; none for a plain `for`).
pub(crate) trait RangeWork: Sync {
    /// Folds the indexes `[begin, end)` into the accumulator at `acc`: the
    /// body's return value, 0 for success. A plain code rather than a
    /// `Result`, which the loop turns into an [`Error`] only on a failure,
    /// out of line: this runs at every chunk.
    fn fold(&self, acc: *mut c_void, begin: usize, end: usize) -> c_int;
    /// Folds the accumulator at `right`, of the indexes after `left`'s, into
    /// the one at `left`.
    fn combine(&self, left: *mut c_void, right: *const c_void) -> Result<(), Error>;
}

/// Runs `work` over `[begin, end)` in the current pool, with accumulators
/// from `accumulators`: the combined one, or the first failure (after which
/// the loop stops folding). Inlined into each exported loop, whose frame
/// then holds the shared state.
#[inline]
pub(crate) fn run<W: RangeWork>(
    begin: usize,
    end: usize,
    work: &W,
    accumulators: &Accumulators,
) -> Result<Accumulator, Error> {
    let shared = Shared {
        work,
        accumulators,
        failure: FirstFailure::default(),
    };
    let root = RangeConsumer {
        shared: &shared,
        slots: Cell::new(Slots::ALL),
    };
    let result = (begin..end).into_par_iter().drive_unindexed(root);
    shared.failure.or(result)
}

/// What every piece of one loop shares, in [`run`]'s frame, which outlives
/// every folder. Borrowed parts, not moved in: a move reloads them in wider
/// pieces than the caller just stored them in, which the CPU cannot forward.
struct Shared<'a, W> {
    work: &'a W,
    accumulators: &'a Accumulators,
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

/// The consumer of a loop, holding the [`Slots`] of the call's frame that
/// its first folder may use. At each cut the root moves to the left part
/// and the spare stays with the right, so the loop's leftmost folder gets
/// the root and, at most, one other folder the spare.
struct RangeConsumer<'a, W> {
    shared: &'a Shared<'a, W>,
    slots: Cell<Slots>,
}

impl<W> RangeConsumer<'_, W> {
    /// The left part of a cut of this consumer, which keeps the right.
    fn cut_left(&self) -> Self {
        let slots = self.slots.get();
        self.slots.set(slots.right_part());
        RangeConsumer {
            shared: self.shared,
            slots: Cell::new(slots.left_part()),
        }
    }
}

impl<'a, W: RangeWork> Consumer<usize> for RangeConsumer<'a, W> {
    type Folder = RangeFolder<'a, W>;
    type Reducer = RangeReducer<'a, W>;
    type Result = Accumulator;

    fn split_at(self, _index: usize) -> (Self, Self, RangeReducer<'a, W>) {
        let reducer = RangeReducer(self.shared);
        (self.cut_left(), self, reducer)
    }

    fn into_folder(self) -> RangeFolder<'a, W> {
        let shared = std::ptr::from_ref(self.shared).cast();
        RangeFolder {
            acc: self.shared.accumulators.take(self.slots.get(), shared),
            shared: PhantomData,
        }
    }

    fn full(&self) -> bool {
        self.shared.failure.has_failed()
    }

    fn position_free(&self) -> bool {
        true
    }
}

impl<W: RangeWork> UnindexedConsumer<usize> for RangeConsumer<'_, W> {
    fn split_off_left(&self) -> Self {
        self.cut_left()
    }

    fn to_reducer(&self) -> Self::Reducer {
        RangeReducer(self.shared)
    }
}

/// Combines the results of neighbouring pieces, left to right.
struct RangeReducer<'a, W>(&'a Shared<'a, W>);

impl<W: RangeWork> Reducer<Accumulator> for RangeReducer<'_, W> {
    fn reduce(self, mut left: Accumulator, right: Accumulator) -> Accumulator {
        if !self.0.failure.has_failed() {
            let combined = self.0.work.combine(left.as_mut_ptr(), right.as_ptr());
            self.0.failure.keep(combined);
        }
        left
    }
}

/// A piece's folder: its accumulator, whose header points to the loop's
/// [`Shared`] state; one word, which the plumbing moves cheaply at every
/// chunk.
struct RangeFolder<'a, W> {
    acc: Accumulator,
    shared: PhantomData<&'a Shared<'a, W>>,
}

impl<'a, W: RangeWork> RangeFolder<'a, W> {
    fn shared(&self) -> &'a Shared<'a, W> {
        // SAFETY: `into_folder` gave the accumulator a pointer to a
        // `Shared<'a, W>`, which lives in `run`'s frame for all of 'a.
        unsafe { &*self.acc.shared().cast::<Shared<'a, W>>() }
    }

    /// Folds `[begin, end)` into the accumulator. No check of the failure
    /// flag here: the plumbing asks [`Folder::full`] before every chunk.
    fn fold(mut self, begin: usize, end: usize) -> Self {
        let shared = self.shared();
        let code = shared.work.fold(self.acc.as_mut_ptr(), begin, end);
        if code != 0 {
            shared.failure.record(body_failed(begin, end, code));
        }
        self
    }
}

/// The error of a body that returned `code` on `[begin, end)`.
#[cold]
#[inline(never)]
fn body_failed(begin: usize, end: usize, code: c_int) -> Error {
    Error::callback(format_args!("the body on [{begin}, {end})"), code)
}

impl<W: RangeWork> Folder<usize> for RangeFolder<'_, W> {
    type Result = Accumulator;

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

    fn complete(self) -> Accumulator {
        self.acc
    }

    fn full(&self) -> bool {
        self.shared().failure.has_failed()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::accumulator::FrameStorage;
    use crate::status::lubdub_status;
    use std::sync::Mutex;

    /// Records every sub-range it is given.
    struct Record(Mutex<Vec<(usize, usize)>>);

    impl RangeWork for Record {
        fn fold(&self, _: *mut c_void, begin: usize, end: usize) -> c_int {
            self.0.lock().unwrap().push((begin, end));
            0
        }
        fn combine(&self, _: *mut c_void, _: *const c_void) -> Result<(), Error> {
            Ok(())
        }
    }

    /// Fails, returning 42, on the sub-range that holds its index.
    struct FailAt(usize);

    impl RangeWork for FailAt {
        fn fold(&self, _: *mut c_void, begin: usize, end: usize) -> c_int {
            if (begin..end).contains(&self.0) {
                42
            } else {
                0
            }
        }
        fn combine(&self, _: *mut c_void, _: *const c_void) -> Result<(), Error> {
            Ok(())
        }
    }

    #[test]
    fn a_failing_body_is_a_callback_error_naming_its_sub_range() {
        for threads in [1, 2] {
            let pool = lubdub::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            let mut frame = FrameStorage::new(0);
            // SAFETY: no bytes to read; `frame` outlives the loop.
            let accumulators = unsafe { Accumulators::new(std::ptr::null(), 0, &mut frame) };
            let Err(error) = pool.install(|| run(0, 1000, &FailAt(500), &accumulators)) else {
                panic!("{threads} threads: the loop succeeded");
            };
            assert_eq!(error.status, lubdub_status::LUBDUB_ERROR_CALLBACK);
            let range = error
                .message
                .strip_prefix("the body on [")
                .and_then(|rest| rest.strip_suffix(") returned 42"))
                .unwrap_or_else(|| panic!("{threads} threads: {}", error.message));
            let (begin, end) = range.split_once(", ").unwrap();
            let (begin, end): (usize, usize) = (begin.parse().unwrap(), end.parse().unwrap());
            assert!(begin <= 500 && 500 < end, "{}", error.message);
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
                let mut frame = FrameStorage::new(0);
                // SAFETY: no bytes to read; `frame` outlives the loop.
                let accumulators = unsafe { Accumulators::new(std::ptr::null(), 0, &mut frame) };
                pool.install(|| run(begin, end, &record, &accumulators).map(drop))
                    .unwrap();
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
