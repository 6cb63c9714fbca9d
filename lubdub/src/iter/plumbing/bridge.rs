//! The bridges: run a producer into a consumer on the current pool. An
//! indexed loop runs in sequential chunks and is cut in two only when a
//! heartbeat is due and a thread is idle, or where a promotion below it
//! finds its rest the oldest pending work (`drive.rs`; `README.md` of the
//! `iter` module): here with a folder per chunk (`chunk_results.rs`; a
//! consumer that needs no positions gets one folder per piece instead,
//! `one_folder.rs`). An unindexed producer, which has no chunk boundaries to
//! poll at, is cut into a few pieces per thread up front and again where a
//! piece migrates, each cut offered at once to an idle seat.

use super::chunk_results::ChunkResults;
use super::drive::{drive, on_this_worker, Sink};
use super::from_the_right::Mirrored;
use super::schedule::Limits;
use super::{Consumer, Folder, Producer, Reducer, UnindexedConsumer, UnindexedProducer};
use crate::iter::IndexedParallelIterator;
use crate::pool::in_current_pool;
use crate::scheduler::context::WorkerContext;
use crate::unwind;

/// Runs an indexed parallel iterator into an indexed consumer: the
/// iterator's producer goes to [`bridge_producer_consumer`].
///
/// ```
/// use lubdub::iter::plumbing::{bridge, Consumer, Folder, Reducer};
/// use lubdub::prelude::*;
///
/// // The largest item, or None.
/// struct Max;
/// struct MaxFolder(Option<u32>);
/// struct Larger;
/// impl Consumer<u32> for Max {
///     type Folder = MaxFolder;
///     type Reducer = Larger;
///     type Result = Option<u32>;
///     fn split_at(self, _: usize) -> (Self, Self, Larger) {
///         (Max, Max, Larger)
///     }
///     fn into_folder(self) -> MaxFolder {
///         MaxFolder(None)
///     }
///     fn full(&self) -> bool {
///         false
///     }
/// }
/// impl Folder<u32> for MaxFolder {
///     type Result = Option<u32>;
///     fn consume(self, item: u32) -> Self {
///         MaxFolder(self.0.max(Some(item)))
///     }
///     fn complete(self) -> Option<u32> {
///         self.0
///     }
///     fn full(&self) -> bool {
///         false
///     }
/// }
/// impl Reducer<Option<u32>> for Larger {
///     fn reduce(self, left: Option<u32>, right: Option<u32>) -> Option<u32> {
///         left.max(right)
///     }
/// }
/// assert_eq!(bridge((0..1000u32).into_par_iter(), Max), Some(999));
/// ```
pub fn bridge<I, C>(par_iter: I, consumer: C) -> C::Result
where
    I: IndexedParallelIterator,
    C: Consumer<I::Item>,
{
    let len = par_iter.len();
    par_iter.with_producer(Callback { len, consumer })
}

struct Callback<C> {
    len: usize,
    consumer: C,
}

impl<C, I> super::ProducerCallback<I> for Callback<C>
where
    C: Consumer<I>,
{
    type Output = C::Result;
    fn callback<P: Producer<Item = I>>(self, producer: P) -> C::Result {
        bridge_producer_consumer(self.len, producer, self.consumer)
    }
}

/// Runs `producer`, which holds `len` items, into `consumer` on the current
/// pool (the global pool outside any): in sequential chunks, cut in two when
/// a heartbeat is due and a thread is idle.
///
/// ```
/// use lubdub::iter::plumbing::{bridge_producer_consumer, Consumer, Folder, Producer, Reducer};
///
/// // A producer of the numbers start..end; a consumer that sums them.
/// struct Numbers(u32, u32);
/// impl Producer for Numbers {
///     type Item = u32;
///     type IntoIter = std::ops::Range<u32>;
///     fn into_iter(self) -> Self::IntoIter {
///         self.0..self.1
///     }
///     fn split_at(self, index: usize) -> (Self, Self) {
///         let mid = self.0 + index as u32;
///         (Numbers(self.0, mid), Numbers(mid, self.1))
///     }
/// }
/// struct Sum;
/// struct SumFolder(u64);
/// struct Add;
/// impl Consumer<u32> for Sum {
///     type Folder = SumFolder;
///     type Reducer = Add;
///     type Result = u64;
///     fn split_at(self, _: usize) -> (Self, Self, Add) {
///         (Sum, Sum, Add)
///     }
///     fn into_folder(self) -> SumFolder {
///         SumFolder(0)
///     }
///     fn full(&self) -> bool {
///         false
///     }
/// }
/// impl Folder<u32> for SumFolder {
///     type Result = u64;
///     fn consume(self, item: u32) -> Self {
///         SumFolder(self.0 + u64::from(item))
///     }
///     fn complete(self) -> u64 {
///         self.0
///     }
///     fn full(&self) -> bool {
///         false
///     }
/// }
/// impl Reducer<u64> for Add {
///     fn reduce(self, left: u64, right: u64) -> u64 {
///         left + right
///     }
/// }
/// assert_eq!(bridge_producer_consumer(100_000, Numbers(0, 100_000), Sum), 4_999_950_000);
/// ```
pub fn bridge_producer_consumer<P, C>(len: usize, producer: P, consumer: C) -> C::Result
where
    P: Producer,
    C: Consumer<P::Item>,
{
    in_current_pool(|ctx| {
        if C::FROM_THE_RIGHT {
            // In chunks from the end, even on one seat: a half folded whole
            // would be scanned from its left.
            let producer = Mirrored::new(producer, len);
            drive_by_chunk(ctx, len, producer, Mirrored::new(consumer, len))
        } else if runs_alone(ctx, len, producer.max_len()) {
            fold_halves(len, producer, consumer)
        } else {
            drive_by_chunk(ctx, len, producer, consumer)
        }
    })
}

/// Runs a loop through the driver on the current thread, which works in a
/// pool, with a folder per chunk.
fn drive_by_chunk<P, C>(ctx: &WorkerContext, len: usize, producer: P, consumer: C) -> C::Result
where
    P: Producer,
    C: Consumer<P::Item>,
{
    let limits = Limits::of(&producer);
    let front: ChunkResults<C, P::Item> = Sink::<P>::fresh(&consumer);
    drive(ctx, limits, len, producer, front, consumer)
}

/// True when the pool has a single seat and no bound on the items per
/// folder (`with_max_len`) is below `len`: no thread could ever take a part
/// of the loop, so chunks, polls and a rest on the pending list would buy
/// nothing, and [`fold_halves`] runs it.
pub(super) fn runs_alone(ctx: &WorkerContext, len: usize, max_len: usize) -> bool {
    len <= max_len && ctx.registry().num_threads() == 1
}

/// Folds the loop's two halves one after the other, each whole into one
/// folder: what Rayon's bridge does on a pool of one thread, which cuts a
/// loop once. A panic stops the rest of its half; the other half still runs,
/// and the first panic propagates after both. The right half is not started
/// once the consumer is full (a short-circuit in the left half). A loop
/// whose halves would hold fewer items than `with_min_len` asks is folded
/// whole.
pub(super) fn fold_halves<P, C>(len: usize, producer: P, consumer: C) -> C::Result
where
    P: Producer,
    C: Consumer<P::Item>,
{
    let mid = len / 2;
    if mid == 0 || mid < producer.min_len() {
        return producer.fold_with(consumer.into_folder()).complete();
    }
    let (left, right) = producer.split_at(mid);
    let (left_consumer, right_consumer, reducer) = consumer.split_at(mid);
    let left = unwind::halt(|| left.fold_with(left_consumer.into_folder()).complete());
    let right = unwind::halt(|| {
        if right_consumer.full() {
            right_consumer.into_folder().complete()
        } else {
            right.fold_with(right_consumer.into_folder()).complete()
        }
    });
    match (left, right) {
        (Ok(left), Ok(right)) => reducer.reduce(left, right),
        (Err(payload), _) | (_, Err(payload)) => unwind::resume(payload),
    }
}

/// Runs an unindexed `producer` into `consumer` on the current pool (the
/// global pool outside any).
///
/// An unindexed producer can only be cut in two or folded whole, so there is
/// no chunk boundary to poll the heartbeat at. It is cut up front into about
/// two pieces per thread (each cut is a `join` whose second half is offered
/// at once: to an idle thread, woken for it, or, while none is idle, as a
/// standing offer for the first thread that turns idle), and a piece that
/// another thread took is cut again as many times: the same rule as
/// Rayon's, so the split counts of `iter::split`, `par_bridge` and
/// `walk_tree` behave as they do there.
///
/// See [`UnindexedProducer`] for an example.
pub fn bridge_unindexed<P, C>(producer: P, consumer: C) -> C::Result
where
    P: UnindexedProducer,
    C: UnindexedConsumer<P::Item>,
{
    in_current_pool(|ctx| {
        let threads = ctx.registry().num_threads();
        unindexed(ctx, Splits::new(threads), producer, consumer)
    })
}

/// How many more times an unindexed piece is cut.
#[derive(Clone, Copy)]
struct Splits {
    left: usize,
    threads: usize,
}

impl Splits {
    fn new(threads: usize) -> Self {
        Splits {
            left: threads,
            threads,
        }
    }

    /// The splits left to each half of a cut piece; a half that migrated to
    /// another thread gets a fresh budget.
    fn halved(self, migrated: bool) -> Self {
        let left = if migrated {
            (self.left / 2).max(self.threads)
        } else {
            self.left / 2
        };
        Splits { left, ..self }
    }
}

fn unindexed<P, C>(ctx: &WorkerContext, splits: Splits, producer: P, consumer: C) -> C::Result
where
    P: UnindexedProducer,
    C: UnindexedConsumer<P::Item>,
{
    if consumer.full() {
        return consumer.into_folder().complete();
    }
    let whole = if splits.left == 0 {
        producer
    } else {
        match producer.split() {
            (whole, None) => whole,
            (left, Some(right)) => {
                let reducer = consumer.to_reducer();
                let left_consumer = consumer.split_off_left();
                let owner = ctx.index();
                let (l, r) = ctx.join_offering(
                    || unindexed_here(owner, splits, left, left_consumer),
                    || unindexed_here(owner, splits, right, consumer),
                );
                return reducer.reduce(l, r);
            }
        }
    };
    whole.fold_with(consumer.into_folder()).complete()
}

/// [`unindexed`] for one half of a piece cut on the thread at seat `owner`.
fn unindexed_here<P, C>(owner: usize, splits: Splits, producer: P, consumer: C) -> C::Result
where
    P: UnindexedProducer,
    C: UnindexedConsumer<P::Item>,
{
    on_this_worker(|ctx| {
        let migrated = ctx.index() != owner;
        unindexed(ctx, splits.halved(migrated), producer, consumer)
    })
}
