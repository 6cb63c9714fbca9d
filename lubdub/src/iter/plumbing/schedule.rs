//! The chunk schedule of an indexed loop, shared by both bridges of an
//! indexed producer (`bridge.rs`, `one_folder.rs`): how long each chunk a
//! piece folds between two heartbeat polls is, and when a piece may be cut.
//!
//! Each poll counts the chunk's items off the thread's chunk countdown,
//! which reads the clock about every quarter of a heartbeat period and
//! so knows roughly how many items that is (`scheduler/heartbeat.rs`): no
//! chunk holds more ([`WorkerContext::items_per_check`]), so that a due
//! heartbeat is seen within a quarter period however long chunks have
//! grown, and a loop of items that cost a quarter period or more each
//! runs chunks of one item, each polled. Within that bound the first chunk
//! is half the piece, at most [`UNCHECKED_CHUNK`] items, and the next ones
//! double up to [`MAX_CHUNK`]: a loop of cheap items pays few chunk
//! boundaries (a 64-item loop two, with one poll between them), and the
//! first chunk is the one the forced clock read below measures. A piece of
//! at most [`FIRST_CHUNK`] items starts with chunks of one item either
//! way, so that its rest is offered (and polled for) after each item: a
//! loop of 4 items of 20 ms each is halved after its first item if a
//! heartbeat is due then, or after a later one, not folded as one chunk
//! that holds all four, even on a thread whose chunks were cheap so far.
//! That costs a chunk boundary per item of a piece of 2 to [`FIRST_CHUNK`]
//! items.
//!
//! A piece reads the clock, forced, before its chunks grow past
//! [`UNCHECKED_CHUNK`] items (if more than that many are left): the thread's
//! chunk countdown may have been calibrated on a loop of far cheaper
//! items, and would let this piece's chunks double for hundreds of items
//! without a clock read (a Mandelbrot image's first rows, outside the set,
//! cost a microsecond; its middle rows a hundred times that). One clock read
//! per piece of more than about twice [`UNCHECKED_CHUNK`] items; none for a
//! shorter one (the hot loop's 64-element calls). A chunk that turns out
//! slow cuts the next ones down to what a quarter period holds.
//!
//! That read comes after the first chunk, which is up to half the piece
//! and [`UNCHECKED_CHUNK`] items: a loop of sixteen 1 ms items after a
//! loop of cheap ones ran eight of them before its first poll. So a piece
//! of a loop other than the one that calibrated the countdown (the thread
//! remembers which, as the driver's address:
//! `WorkerContext::loop_piece_starts`) does not trust it: its first chunk
//! is one item, the poll after it reads the clock, and its chunks then
//! grow from what that read says a known loop's first chunk is. A loop
//! called again and again pays a compare per piece and a flag test per
//! chunk; two loops that alternate pay a clock read and a chunk boundary
//! each (BENCHMARKS.md, "A loop after another").
//!
//! Counted per chunk instead of per item, a countdown calibrated on a
//! region's first [`UNCHECKED_CHUNK`]-item chunk let about 80 chunks,
//! doubling up to [`MAX_CHUNK`] items, run before the next clock read: a
//! region called from outside the pool (a fresh countdown each call) saw
//! its first heartbeat 300 µs to 600 µs late, and its second thread started
//! that late (BENCHMARKS.md, "Regions").
//!
//! The heartbeat is polled after each chunk, while the rest still waits in
//! the piece's node: a promotion then halves all the items not yet folded,
//! the next chunk's included, and a clock read measures the chunk just run
//! before the next one's length is chosen.
//!
//! A loop whose last chunk ran loops itself (the thread registered loop
//! nodes meanwhile) holds its chunk length: the countdown
//! is calibrated mostly on the inner loops' many cheap chunks and would let
//! the outer chunks double. And it never folds its tail whole while the
//! tail can be halved: each chunk takes at most half of what is left, so a
//! rest always waits in the node for the inner loops' promotions to split
//! (an n-body step's outer loop would otherwise fold its last third or so
//! as one unsplittable chunk).

use super::Producer;
use crate::scheduler::context::WorkerContext;

/// The longest piece that is folded item by item, in items, and the
/// shortest chunk once chunks grow again after one-item chunks.
const FIRST_CHUNK: usize = 8;

/// The largest chunk, in items: the heartbeat is polled at least this often.
/// Chunks double up to it.
pub(super) const MAX_CHUNK: usize = 2048;

/// The longest chunk a piece runs before its first clock read (see the
/// module's doc).
const UNCHECKED_CHUNK: usize = 32;

/// The producer's bounds on a piece and on a chunk, read once per loop and
/// passed by value through its pieces and chunks. The chunk lengths they
/// allow are clamped where they are needed (a compare and a select each)
/// rather than carried along.
#[derive(Clone, Copy)]
pub(super) struct Limits {
    /// No piece is cut shorter than this ([`Producer::min_len`], at least 1).
    min_piece: usize,
    /// No chunk is longer than this ([`Producer::max_len`], at least 1).
    max_chunk: usize,
}

impl Limits {
    #[inline]
    pub(super) fn of<P: Producer>(producer: &P) -> Self {
        Limits {
            min_piece: producer.min_len().max(1),
            max_chunk: producer.max_len().max(1),
        }
    }

    /// `chunk` items within the bounds. Where they conflict (`min_piece`
    /// above `max_chunk`) the minimum wins, as in Rayon.
    #[inline]
    fn clamp(self, chunk: usize) -> usize {
        chunk.min(self.max_chunk).max(self.min_piece)
    }

    /// One item within the bounds: `min_piece`, as `max_chunk` is at least 1.
    #[inline]
    fn one(self) -> usize {
        self.min_piece
    }

    /// The length of the first chunk of a piece of `len` items: one item if
    /// the piece is short, else half the piece, at most [`UNCHECKED_CHUNK`]
    /// and at most `per_check` (the items a quarter period holds; see the
    /// module's doc).
    #[inline]
    fn first_chunk(self, len: usize, per_check: usize) -> usize {
        if Self::is_short(len) {
            self.one()
        } else {
            self.clamp(UNCHECKED_CHUNK.min(per_check))
                .min((len / 2).max(self.one()))
        }
    }

    /// True for a piece of at most [`FIRST_CHUNK`] items: its chunks are one
    /// item long throughout (see the module's doc).
    #[inline]
    fn is_short(len: usize) -> bool {
        len <= FIRST_CHUNK
    }

    /// The length of the chunk after one of `chunk` items: the same while
    /// chunks hold inner loops or the piece is short (`hold`); else twice
    /// as long, at least [`FIRST_CHUNK`] (after a short piece's one-item
    /// chunk) and at most [`MAX_CHUNK`]; either way at most `per_check`
    /// items (a quarter period's worth), within the bounds.
    #[inline]
    fn next_chunk(self, chunk: usize, hold: bool, per_check: usize) -> usize {
        let wanted = if hold {
            chunk
        } else {
            chunk.saturating_mul(2).clamp(FIRST_CHUNK, MAX_CHUNK)
        };
        self.clamp(wanted.min(per_check))
    }

    /// True if a chunk of `chunk` items is the one after which a piece
    /// reads the clock, forced: [`UNCHECKED_CHUNK`] within the bounds,
    /// where the bounds let chunks grow past it.
    #[inline]
    fn checks_after(self, chunk: usize) -> bool {
        chunk == self.clamp(UNCHECKED_CHUNK) && self.clamp(MAX_CHUNK) > UNCHECKED_CHUNK
    }

    /// How many items to cut off the front of a piece of `len` items as its
    /// next chunk (at most `chunk`), or `None` when the piece goes whole: it
    /// fits in one chunk, or no cut leaves `min_piece` items on both sides.
    /// With `keep_rest` (the chunks hold inner loops), a piece that could be
    /// halved never goes whole: the chunk is at most half of it, so that a
    /// rest waits in the piece's node for inner promotions to split.
    #[inline]
    fn head(self, chunk: usize, len: usize, keep_rest: bool) -> Option<usize> {
        if keep_rest && self.can_halve(len) {
            return Some(chunk.min(len / 2));
        }
        if len <= self.max_chunk && len < chunk.saturating_add(self.min_piece) {
            return None;
        }
        let head = chunk.min(len.saturating_sub(self.min_piece));
        (head >= self.min_piece).then_some(head)
    }

    /// The shortest piece a loop may be cut into.
    #[inline]
    pub(super) fn min_piece(self) -> usize {
        self.min_piece
    }

    /// True when `len` items may be cut into two pieces of at least
    /// `min_piece` items each.
    #[inline]
    pub(super) fn can_halve(self, len: usize) -> bool {
        len / 2 >= self.min_piece
    }
}

/// A piece's schedule: the length of its next chunk, and the poll after
/// each chunk (see the module's doc).
pub(super) struct Pace {
    limits: Limits,
    /// The length of the next chunk.
    chunk: usize,
    /// The piece is short: its chunks are one item long throughout.
    short: bool,
    /// The last chunk ran loops (the thread registered loop nodes).
    nested: bool,
    /// [`WorkerContext::loops_pushed`] before the chunk running now.
    loops_before: u64,
    /// The next poll reads the clock: the chunk running now is the first
    /// of a loop whose items the countdown has not measured.
    measure: bool,
}

impl Pace {
    /// The schedule of a piece of `len` items; with `items_unknown` (the
    /// chunk countdown was calibrated on another loop), its first chunk is
    /// one item, and the poll after it reads the clock.
    #[inline]
    pub(super) fn new(
        ctx: &WorkerContext,
        limits: Limits,
        len: usize,
        items_unknown: bool,
    ) -> Self {
        let per_check = if items_unknown {
            1
        } else {
            ctx.items_per_check()
        };
        Pace {
            limits,
            chunk: limits.first_chunk(len, per_check),
            short: Limits::is_short(len),
            nested: false,
            loops_before: 0,
            measure: items_unknown,
        }
    }

    /// How many items to cut off the front of the `len` items left as the
    /// next chunk, or `None` when they go whole, as one last chunk
    /// ([`Limits::head`]).
    #[inline]
    pub(super) fn head(&self, len: usize) -> Option<usize> {
        self.limits.head(self.chunk, len, self.nested)
    }

    /// True when `len` items may be cut in two ([`Limits::can_halve`]).
    #[inline]
    pub(super) fn can_halve(&self, len: usize) -> bool {
        self.limits.can_halve(len)
    }

    /// Call before a chunk runs, after offering the rest.
    #[inline]
    pub(super) fn before_chunk(&mut self, ctx: &WorkerContext) {
        self.loops_before = ctx.loops_pushed();
    }

    /// Call after a chunk of `chunk_len` items ran, before taking the rest
    /// (`rest_len` items) back: polls, then picks the next chunk's length.
    /// The poll reads the clock whatever the countdown says where the
    /// chunks would grow past [`UNCHECKED_CHUNK`] (see the module's doc).
    #[inline]
    pub(super) fn after_chunk(&mut self, ctx: &WorkerContext, chunk_len: usize, rest_len: usize) {
        self.nested = ctx.loops_pushed() != self.loops_before;
        let hold = self.nested || self.short;
        if self.measure
            || rest_len > UNCHECKED_CHUNK && !hold && self.limits.checks_after(self.chunk)
        {
            ctx.loop_check(chunk_len);
            if self.measure {
                // The chunks grow from what a known loop's first chunk is
                // (one item if its items proved long), instead of from one
                // item, or holding one item where the measured chunk ran
                // loops (which poll for this loop's rest themselves).
                self.measure = false;
                self.chunk = self.limits.first_chunk(rest_len, ctx.items_per_check());
            }
        } else {
            ctx.loop_poll(chunk_len);
        }
        self.chunk = self
            .limits
            .next_chunk(self.chunk, hold, ctx.items_per_check());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(min_piece: usize, max_chunk: usize) -> Limits {
        Limits {
            min_piece,
            max_chunk,
        }
    }

    #[test]
    fn chunks_double_from_the_first_chunk_up_to_the_largest() {
        let free = limits(1, usize::MAX);
        assert_eq!(free.first_chunk(64, usize::MAX), 32);
        assert_eq!(free.first_chunk(10, usize::MAX), 5);
        assert_eq!(free.first_chunk(1000, usize::MAX), UNCHECKED_CHUNK);
        assert_eq!(
            free.first_chunk(FIRST_CHUNK, usize::MAX),
            1,
            "a short piece"
        );
        assert_eq!(free.first_chunk(1000, 1), 1, "slow items");
        assert_eq!(free.next_chunk(1, false, usize::MAX), FIRST_CHUNK);
        assert_eq!(free.next_chunk(32, false, usize::MAX), 64);
        assert_eq!(free.next_chunk(1500, false, usize::MAX), MAX_CHUNK);
        assert_eq!(free.next_chunk(MAX_CHUNK, false, usize::MAX), MAX_CHUNK);
        assert_eq!(
            free.next_chunk(usize::MAX / 2 + 1, false, usize::MAX),
            MAX_CHUNK
        );
        assert_eq!(free.next_chunk(32, true, usize::MAX), 32, "held");
        assert_eq!(free.next_chunk(32, false, 1), 1, "slow items");
        // No chunk holds more items than a quarter period does.
        assert_eq!(free.first_chunk(1000, 20), 20);
        assert_eq!(free.next_chunk(512, false, 300), 300);
        assert_eq!(free.next_chunk(512, true, 300), 300, "held");
        assert_eq!(free.next_chunk(1, false, 5), 5);
    }

    #[test]
    fn chunk_lengths_stay_within_the_producers_bounds() {
        for min_piece in [1, 2, 3, 7, 8, 9, 31, 32, 33, 100, 5000] {
            for max_chunk in [1, 2, 3, 7, 8, 9, 31, 32, 33, 100, 5000, usize::MAX] {
                let bounds = limits(min_piece, max_chunk);
                // The minimum wins where the bounds conflict, as in Rayon.
                let (low, high) = (min_piece, max_chunk.max(min_piece));
                for chunk in [1, 2, 5, 8, 16, 31, 32, 64, 1000, 2048, 4096] {
                    for per_check in [1, 5, 40, 3000, usize::MAX] {
                        let next = bounds.next_chunk(chunk, false, per_check);
                        // Twice the chunk, at least FIRST_CHUNK and at most
                        // MAX_CHUNK and `per_check`, where the bounds allow.
                        let wanted = (chunk * 2).clamp(FIRST_CHUNK, MAX_CHUNK).min(per_check);
                        assert_eq!(
                            next,
                            wanted.clamp(low, high),
                            "{min_piece} {max_chunk} {chunk} {per_check}"
                        );
                    }
                }
                for len in [0, 1, 9, 64, 100_000] {
                    for per_check in [1, 5, usize::MAX] {
                        let first = bounds.first_chunk(len, per_check);
                        assert!(
                            low <= first && first <= high,
                            "{min_piece} {max_chunk} {len} {per_check}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn the_forced_clock_read_comes_after_the_unchecked_chunk_if_chunks_grow_past_it() {
        assert!(limits(1, usize::MAX).checks_after(UNCHECKED_CHUNK));
        assert!(!limits(1, usize::MAX).checks_after(UNCHECKED_CHUNK / 2));
        assert!(!limits(1, UNCHECKED_CHUNK).checks_after(UNCHECKED_CHUNK));
        assert!(!limits(1, 16).checks_after(16));
        assert!(limits(1, 100).checks_after(UNCHECKED_CHUNK));
        // A minimum above it: the first chunk is the minimum, and chunks
        // still grow past it.
        assert!(limits(64, usize::MAX).checks_after(64));
    }
}
