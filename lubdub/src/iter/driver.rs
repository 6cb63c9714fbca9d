//! The loop driver: runs a [`Producer`] into a [`Consumer`] in sequential
//! chunks, and splits the rest of the range only when a heartbeat is due and
//! a thread is idle. The protocol is described in `README.md` beside this
//! file.

use super::plumbing::{Consumer, Producer};
use crate::pool::in_current_pool;
use crate::scheduler::context::WorkerContext;

/// The first chunk of every piece, in positions: a loop of a few items runs
/// almost as plain sequential code.
const FIRST_CHUNK: usize = 8;

/// The largest chunk: the heartbeat is polled at least this often, in
/// positions. Chunks double from [`FIRST_CHUNK`] up to it.
const MAX_CHUNK: usize = 2048;

/// Runs `producer` into `consumer` on the current pool (the global pool
/// outside any), splitting on heartbeats.
pub(crate) fn run<P, C>(producer: P, consumer: &C) -> C::Result
where
    P: Producer,
    C: Consumer<P::Item>,
{
    in_current_pool(|ctx| drive(ctx, producer, 0, consumer))
}

/// [`drive`] on the current thread, which works in a pool: the second half
/// of a split, on whichever thread runs it.
fn drive_here<P, C>(producer: P, start: usize, consumer: &C) -> C::Result
where
    P: Producer,
    C: Consumer<P::Item>,
{
    // SAFETY: a non-null current context is live on this thread's stack.
    let ctx = unsafe { WorkerContext::current().as_ref() };
    let ctx = ctx.expect("a split half runs on a thread of the pool");
    drive(ctx, producer, start, consumer)
}

/// Runs one piece: the positions `start..start + producer.len()` of the loop.
fn drive<P, C>(ctx: &WorkerContext, mut producer: P, mut start: usize, consumer: &C) -> C::Result
where
    P: Producer,
    C: Consumer<P::Item>,
{
    let mut acc = consumer.identity();
    let mut chunk = FIRST_CHUNK;
    loop {
        if consumer.full() {
            return acc;
        }
        let len = producer.len();
        if len <= chunk {
            return consumer.consume_iter(acc, start, producer.into_iter());
        }
        let (head, rest) = producer.split_at(chunk);
        acc = consumer.consume_iter(acc, start, head.into_iter());
        producer = rest;
        start += chunk;
        chunk = (chunk * 2).min(MAX_CHUNK);
        if ctx.loop_poll() {
            // Split the rest in half when there are two positions left.
            let left_len = producer.len() / 2;
            if left_len > 0 {
                let (left, right) = producer.split_at(left_len);
                let mid = start + left_len;
                let (l, r) = ctx.join_split(
                    || drive_here(left, start, consumer),
                    || drive_here(right, mid, consumer),
                );
                return consumer.combine(acc, consumer.combine(l, r));
            }
        }
    }
}
