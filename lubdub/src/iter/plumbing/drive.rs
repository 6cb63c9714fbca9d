//! The loop driver: how one piece of an indexed loop runs on the thread
//! that holds it, in sequential chunks with a heartbeat poll after each,
//! and how it goes on when a promotion halves its rest. Every indexed loop
//! runs here; what differs between loops is only what a piece folds its
//! chunks into, a [`Sink`]: a result per chunk, reduced as the piece goes,
//! for consumers that need positions (`chunk_results.rs`), or one folder
//! for the whole piece (`one_folder.rs`).
//!
//! The protocol (`../README.md`, "The protocol"; the scheduler's side is
//! in `scheduler/README.md`, "Loops on the pending list"):
//!
//! ```text
//! loop:
//!     if the sink is full: return what it has
//!     if the rest fits in the next chunk: fold it whole, return
//!     cut the next chunk's items (and its part of the consumer) off the rest
//!     offer the rest to the piece's node      (a promotion may halve it)
//!     fold the chunk into the sink; poll the heartbeat
//!     take the rest back: whole, go on; cut into pieces (one per idle
//!         thread), run the first as a new piece with the sink, join the
//!         others, reduce them in order
//! ```

use std::pin::pin;

use super::pending_rest::{LastOf, PendingRest, Taken};
use super::schedule::{Limits, Pace};
use super::{Producer, Reducer};
use crate::scheduler::context::WorkerContext;
use crate::unwind;

/// What a piece of a loop folds its chunks into (the sink itself, which
/// stays on the piece's thread), and the consumer of the items it has not
/// folded yet ([`Sink::Rest`], which waits in the piece's node with the
/// producer while a chunk runs, and is cut in two when a promotion halves
/// the rest).
pub(super) trait Sink<P: Producer>: Sized {
    /// The consumer of the piece's items not folded yet.
    type Rest: Send;
    /// What a chunk takes off the rest besides its items.
    type Head;
    /// The piece's result.
    type Result: Send;
    /// Joins the results of a halved rest's two halves, left to right.
    type Halves: Reducer<Self::Result>;

    /// A sink with nothing folded yet, before the items `rest` consumes.
    fn fresh(rest: &Self::Rest) -> Self;

    /// True when no item can change the result any more (a search found
    /// what it looked for): the rest is not folded.
    fn is_full(&self, rest: &Self::Rest) -> bool;

    /// The result of the items folded so far; `rest` is dropped unfolded.
    fn complete(self, rest: Self::Rest) -> Self::Result;

    /// Folds `producer`, the piece's last items, whole into the sink, with
    /// `rest`, their consumer, and completes it.
    fn fold_last(self, producer: P, rest: Self::Rest) -> Self::Result;

    /// Cuts what a chunk of the next `len` items needs off `rest`.
    fn cut_head(rest: Self::Rest, len: usize) -> (Self::Head, Self::Rest);

    /// Folds the chunk `head`, cut with `part`, into the sink.
    fn fold_chunk(self, head: P, part: Self::Head) -> Self;

    /// Cuts `rest` in two after `left_len` items, for two pieces of a cut
    /// rest, and gives the reducer of their results.
    fn halve(rest: Self::Rest, left_len: usize) -> (Self::Rest, Self::Rest, Self::Halves);
}

/// A caught panic's payload.
pub(super) type Panic = Box<dyn std::any::Any + Send>;

/// Runs one piece of `len` items into `sink` (what it folded so far) and
/// `rest` (the consumer of the items) on the current thread, which works in
/// a pool: the protocol of the module's doc. A chunk that panics loses its
/// items from the panic on; the others still run, and the first panic
/// propagates after them (see [`resume_if_panicked`]).
#[inline]
pub(super) fn drive<P, K>(
    ctx: &WorkerContext,
    limits: Limits,
    len: usize,
    producer: P,
    sink: K,
    rest: K::Rest,
) -> K::Result
where
    P: Producer,
    K: Sink<P>,
{
    let mut panicked = None;
    let result = drive_chunks(ctx, limits, len, producer, sink, rest, &mut panicked);
    resume_if_panicked(panicked, result)
}

/// [`drive`]'s loop; a panic in a chunk is kept in `panicked`, and the
/// sink starts afresh after it (its result would be dropped anyway).
///
/// While a chunk runs, the rest of the piece waits in a [`PendingRest`] on
/// the thread's pending list, where a promotion (at this loop's poll, or
/// at a join or loop inside the chunk) may cut it into pieces of equal
/// length, none shorter than `min_len`; the piece then runs the first with
/// its sink and joins the others, each of which starts from a fresh sink.
fn drive_chunks<P, K>(
    ctx: &WorkerContext,
    limits: Limits,
    mut len: usize,
    mut producer: P,
    mut sink: K,
    mut rest: K::Rest,
    panicked: &mut Option<Panic>,
) -> K::Result
where
    P: Producer,
    K: Sink<P>,
{
    let node = pin!(PendingRest::new(
        move |(len, producer, rest): (usize, P, K::Rest), LastOf(of)| {
            let right_len = len / of;
            let left_len = len - right_len;
            if right_len < limits.min_piece() || left_len < limits.min_piece() {
                return Err((len, producer, rest));
            }
            let (left, right) = producer.split_at(left_len);
            let (left_rest, right_rest, halves) = K::halve(rest, left_len);
            let right_part = move || {
                on_this_worker(|ctx| {
                    let sink = K::fresh(&right_rest);
                    drive(ctx, limits, right_len, right, sink, right_rest)
                })
            };
            Ok(((left_len, left, left_rest), right_part, halves))
        }
    ));
    let node = node.into_ref();
    let start = ctx.loop_piece_starts(drive_chunks::<P, K> as *const () as usize);
    let mut pace = Pace::new(ctx, limits, len, start.items_unknown);
    if start.beat_due && pace.can_halve(len) {
        // Offered whole before the first chunk: the beat already due cuts
        // the whole piece, so that the first chunk, which may be one long
        // item, does not run while the other threads wait for it.
        node.offer(ctx, (len, producer, rest), true);
        ctx.loop_start_beat();
        match node.take() {
            Taken::Whole(piece) => (len, producer, rest) = piece,
            Taken::Cut((len, producer, rest)) => {
                let first = unwind::halt(|| drive(ctx, limits, len, producer, sink, rest));
                return node.join_parts(first);
            }
        }
    }
    loop {
        if sink.is_full(&rest) {
            return sink.complete(rest);
        }
        let Some(head_len) = pace.head(len) else {
            return sink.fold_last(producer, rest);
        };
        let (head, rest_producer) = producer.split_at(head_len);
        let (part, rest_consumer) = K::cut_head(rest, head_len);
        let rest_len = len - head_len;
        node.offer(
            ctx,
            (rest_len, rest_producer, rest_consumer),
            pace.can_halve(rest_len),
        );
        pace.before_chunk(ctx);
        let folded = unwind::halt(|| sink.fold_chunk(head, part));
        pace.after_chunk(ctx, head_len, rest_len);
        let (piece, cut) = match node.take() {
            Taken::Whole(piece) => (piece, false),
            Taken::Cut(first) => (first, true),
        };
        (len, producer, rest) = piece;
        sink = folded.unwrap_or_else(|payload| {
            panicked.get_or_insert(payload);
            K::fresh(&rest)
        });
        if cut {
            // The first piece runs inline, on this thread: it keeps the
            // sink, which need not be `Send` (a `map_init` state).
            let first = unwind::halt(|| drive(ctx, limits, len, producer, sink, rest));
            return node.join_parts(first);
        }
    }
}

/// `result`, or the panic one of the piece's chunks raised. As in Rayon, a
/// panic stops only the work it unwinds through: the piece's other chunks
/// still ran (`panic_fuse` stops them: its consumer is full once a panic
/// was seen), and the loop panics after them. Of several panics, the first
/// propagates.
pub(super) fn resume_if_panicked<R>(panicked: Option<Panic>, result: R) -> R {
    match panicked {
        None => result,
        Some(payload) => {
            drop(result);
            unwind::resume(payload)
        }
    }
}

/// Runs `op` with the context of the current thread, which works in a pool:
/// how a half of a split, which may have moved to another thread, finds the
/// context it runs in.
pub(super) fn on_this_worker<R>(op: impl FnOnce(&WorkerContext) -> R) -> R {
    // SAFETY: a non-null current context is live on this thread's stack.
    let ctx = unsafe { WorkerContext::current().as_ref() };
    op(ctx.expect("a split half runs on a thread of the pool"))
}
