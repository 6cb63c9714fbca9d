//! The chunk schedule of an indexed loop, shared by both bridges of an
//! indexed producer (`bridge.rs`, `one_folder.rs`): how long each chunk a
//! piece folds between two heartbeat polls is, and when a piece may be cut.
//!
//! Chunks are counted in items, but the thread's chunk countdown knows
//! roughly what a chunk costs in time (`scheduler/heartbeat.rs`): while
//! each poll reads the clock (*slow* chunks, a quarter of a heartbeat
//! period or more each), chunks are one item long and stop growing.
//! Otherwise they start at [`FIRST_CHUNK`] and double: a loop of cheap items
//! pays few chunk boundaries. A piece of at most [`FIRST_CHUNK`] items starts
//! with chunks of one item either way, so that its rest is offered (and
//! polled for) before each item runs: a loop of 4 items of 20 ms each is
//! halved before its first item if a heartbeat is due then, or before a
//! later one, not folded as one chunk that holds all four, even on a thread
//! whose chunks were cheap so far. That costs a chunk boundary per item of a
//! piece of 2 to [`FIRST_CHUNK`] items.
//!
//! A loop whose last chunk ran loops itself (the thread registered loop
//! nodes meanwhile) holds its chunk length too, as if slow: the countdown
//! is calibrated mostly on the inner loops' many cheap chunks and would let
//! the outer chunks double. And it never folds its tail whole while the
//! tail can be halved: each chunk takes at most half of what is left, so a
//! rest always waits in the node for the inner loops' promotions to split
//! (an n-body step's outer loop would otherwise fold its last third or so
//! as one unsplittable chunk).

use super::Producer;

/// The first chunk of every piece, in items: a loop of a few items runs
/// almost as plain sequential code.
const FIRST_CHUNK: usize = 8;

/// The largest chunk, in items: the heartbeat is polled at least this often.
/// Chunks double from [`FIRST_CHUNK`] up to it.
const MAX_CHUNK: usize = 2048;

/// The producer's bounds on a piece and on a chunk, read once per loop,
/// with the chunk lengths they allow (computed once: the schedule runs at
/// every chunk boundary).
#[derive(Clone, Copy)]
pub(super) struct Limits {
    /// No piece is cut shorter than this ([`Producer::min_len`], at least 1).
    min_piece: usize,
    /// No chunk is longer than this ([`Producer::max_len`], at least 1).
    max_chunk: usize,
    /// One item, [`FIRST_CHUNK`] and [`MAX_CHUNK`] within the limits.
    one: usize,
    first: usize,
    largest: usize,
}

impl Limits {
    #[inline]
    pub(super) fn of<P: Producer>(producer: &P) -> Self {
        let min_piece = producer.min_len().max(1);
        let max_chunk = producer.max_len().max(1);
        // Where the bounds conflict (`min_piece` above `max_chunk`) the
        // minimum wins, as in Rayon.
        let clamp = |chunk: usize| chunk.min(max_chunk).max(min_piece);
        Limits {
            min_piece,
            max_chunk,
            one: clamp(1),
            first: clamp(FIRST_CHUNK),
            largest: clamp(MAX_CHUNK),
        }
    }

    /// The length of the first chunk of a piece of `len` items; `slow`:
    /// chunks are slow (see the module's doc).
    #[inline]
    pub(super) fn first_chunk(self, len: usize, slow: bool) -> usize {
        if slow || Self::is_short(len) {
            self.one
        } else {
            self.first
        }
    }

    /// True for a piece of at most [`FIRST_CHUNK`] items: its chunks are one
    /// item long throughout (see the module's doc).
    #[inline]
    pub(super) fn is_short(len: usize) -> bool {
        len <= FIRST_CHUNK
    }

    /// The length of the chunk after one of `chunk` items: the same while
    /// chunks are slow or hold inner loops (`hold`), else twice as long, at
    /// least the usual first chunk (after a short piece's one-item chunk)
    /// and at most the largest.
    #[inline]
    pub(super) fn next_chunk(self, chunk: usize, hold: bool) -> usize {
        if hold {
            chunk
        } else {
            chunk.saturating_mul(2).max(self.first).min(self.largest)
        }
    }

    /// How many items to cut off the front of a piece of `len` items as its
    /// next chunk (at most `chunk`), or `None` when the piece goes whole: it
    /// fits in one chunk, or no cut leaves `min_piece` items on both sides.
    /// With `keep_rest` (the chunks hold inner loops), a piece that could be
    /// halved never goes whole: the chunk is at most half of it, so that a
    /// rest waits in the piece's node for inner promotions to split.
    #[inline]
    pub(super) fn head(self, chunk: usize, len: usize, keep_rest: bool) -> Option<usize> {
        if keep_rest && self.can_halve(len) {
            return Some(chunk.min(len / 2));
        }
        if len <= self.max_chunk && len < chunk.saturating_add(self.min_piece) {
            return None;
        }
        let head = chunk.min(len.saturating_sub(self.min_piece));
        (head >= self.min_piece).then_some(head)
    }

    /// True when `len` items may be cut into two pieces of at least
    /// `min_piece` items each.
    #[inline]
    pub(super) fn can_halve(self, len: usize) -> bool {
        len / 2 >= self.min_piece
    }
}
