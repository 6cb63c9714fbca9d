//! The bridge of an indexed loop into a consumer that needs no positions
//! ([`Consumer::position_free`](super::Consumer::position_free)): each piece of the loop is folded into ONE
//! folder, chunk after chunk, and the consumer is cut only where a heartbeat
//! splits the piece, without positions, as [`bridge_unindexed`] cuts it.
//!
//! A piece runs with its folder (which holds the items folded so far) and a
//! *spare*: a consumer not yet made into a folder, for the items after them.
//! A split halves the rest of the piece; the left half goes on with the
//! folder and, as its own spare, a consumer split off the spare's left
//! (`split_off_left`), and the right half starts afresh from the spare. So
//! the folder's items come before those of the left half's spare, which come
//! before the spare's, and the spare's reducer joins the two halves' results
//! left to right: the order a consumer cut at positions would give.
//!
//! [`bridge_unindexed`]: super::bridge_unindexed

use super::bridge::{
    bridge, bridge_producer_consumer, fold_halves, on_this_worker, resume_if_panicked, runs_alone,
    Panic,
};
use std::pin::pin;

use super::pending_rest::{PendingRest, Taken};
use super::schedule::{Limits, Pace};
use super::{Folder, Producer, ProducerCallback, Reducer, UnindexedConsumer};
use crate::iter::IndexedParallelIterator;
use crate::pool::in_current_pool;
use crate::scheduler::context::WorkerContext;
use crate::unwind;

/// Runs an indexed parallel iterator into an unindexed consumer: what every
/// indexed iterator of lubdub does in `drive_unindexed`. A consumer that
/// needs no positions ([`position_free`](super::Consumer::position_free)) gets one folder per
/// piece of the loop; any other goes to [`bridge`], one folder per chunk.
pub(crate) fn bridge_unindexed_consumer<I, C>(par_iter: I, consumer: C) -> C::Result
where
    I: IndexedParallelIterator,
    C: UnindexedConsumer<I::Item>,
{
    if !consumer.position_free() {
        return bridge(par_iter, consumer);
    }
    let len = par_iter.len();
    par_iter.with_producer(Callback { len, consumer })
}

struct Callback<C> {
    len: usize,
    consumer: C,
}

impl<C, T> ProducerCallback<T> for Callback<C>
where
    C: UnindexedConsumer<T>,
{
    type Output = C::Result;

    fn callback<P: Producer<Item = T>>(self, producer: P) -> C::Result {
        let Callback { len, consumer } = self;
        if producer.max_len() < len {
            // `with_max_len` bounds what one folder takes, not only a chunk
            // (Rayon's `with_max_len(1).fold(..)` is a `map`): a folder per
            // chunk, which the bound caps.
            return bridge_producer_consumer(len, producer, consumer);
        }
        in_current_pool(|ctx| {
            if runs_alone(ctx, len, producer.max_len()) {
                return fold_halves(len, producer, consumer);
            }
            let limits = Limits::of(&producer);
            fold_fresh(ctx, limits, len, producer, consumer)
        })
    }
}

/// Runs a piece of `len` items into a folder split off `consumer`, which
/// stays the spare for the items after them.
#[inline]
fn fold_fresh<P, C>(
    ctx: &WorkerContext,
    limits: Limits,
    len: usize,
    producer: P,
    consumer: C,
) -> C::Result
where
    P: Producer,
    C: UnindexedConsumer<P::Item>,
{
    let folder = consumer.split_off_left().into_folder();
    fold_piece(ctx, limits, len, producer, folder, consumer)
}

/// Runs a piece of `len` items into `folder` on the current thread, which
/// works in a pool: in chunks, polling the heartbeat between them, as
/// `bridge.rs`'s `drive` does. On a due heartbeat with an idle thread, the
/// rest is halved, and `spare` (the consumer for the items after the
/// folder's) is cut in two for the halves.
#[inline]
fn fold_piece<P, C>(
    ctx: &WorkerContext,
    limits: Limits,
    len: usize,
    producer: P,
    folder: C::Folder,
    spare: C,
) -> C::Result
where
    P: Producer,
    C: UnindexedConsumer<P::Item>,
{
    let mut panicked = None;
    let result = fold_chunks(ctx, limits, len, producer, folder, spare, &mut panicked);
    resume_if_panicked(panicked, result)
}

/// [`fold_piece`]'s loop; a panic in a chunk is kept in `panicked` as in
/// `bridge.rs`'s `drive_chunks`, and the rest waits in a [`PendingRest`]
/// while a chunk runs, as there. A halving cuts the spare (the consumer for
/// the items after the folder's) in two for the halves.
fn fold_chunks<P, C>(
    ctx: &WorkerContext,
    limits: Limits,
    mut len: usize,
    mut producer: P,
    mut folder: C::Folder,
    mut spare: C,
    panicked: &mut Option<Panic>,
) -> C::Result
where
    P: Producer,
    C: UnindexedConsumer<P::Item>,
{
    let rest = pin!(PendingRest::new(|(len, producer, spare): (usize, P, C)| {
        let left_len = len / 2;
        let (left, right) = producer.split_at(left_len);
        let left_spare = spare.split_off_left();
        let halves = spare.to_reducer();
        let right_half =
            move || on_this_worker(|ctx| fold_fresh(ctx, limits, len - left_len, right, spare));
        ((left_len, left, left_spare), right_half, halves)
    }));
    let rest = rest.into_ref();
    let mut pace = Pace::new(ctx, limits, len);
    loop {
        if folder.full() {
            // Nothing more can change the result: the rest is not folded.
            return folder.complete();
        }
        let Some(head_len) = pace.head(len) else {
            return producer.fold_with(folder).complete();
        };
        let (head, rest_producer) = producer.split_at(head_len);
        let rest_len = len - head_len;
        rest.offer(
            ctx,
            (rest_len, rest_producer, spare),
            pace.can_halve(rest_len),
        );
        pace.before_chunk(ctx);
        let folded = unwind::halt(|| head.fold_with(folder));
        pace.after_chunk(ctx, rest_len);
        match rest.take() {
            Taken::Whole((rest_len, rest_producer, rest_spare)) => {
                len = rest_len;
                producer = rest_producer;
                folder = recover(folded, &rest_spare, panicked);
                spare = rest_spare;
            }
            Taken::Halved {
                left: (left_len, left, left_spare),
                halves,
            } => {
                // The left half runs inline, on this thread: it keeps the
                // folder, which need not be `Send` (a `map_init` state).
                let folder = recover(folded, &left_spare, panicked);
                let left =
                    unwind::halt(|| fold_piece(ctx, limits, left_len, left, folder, left_spare));
                let right = rest.join_right();
                let left = left.unwrap_or_else(|payload| unwind::resume(payload));
                return halves.reduce(left, right);
            }
        }
    }
}

/// The folder a chunk returned, or, if the chunk panicked, a fresh one split
/// off `spare` for the items after it, the panic being kept in `panicked`
/// (see `bridge::resume_if_panicked`): the old folder went with the panic.
fn recover<C: UnindexedConsumer<T>, T>(
    folded: std::thread::Result<C::Folder>,
    spare: &C,
    panicked: &mut Option<Panic>,
) -> C::Folder {
    folded.unwrap_or_else(|payload| {
        panicked.get_or_insert(payload);
        spare.split_off_left().into_folder()
    })
}
