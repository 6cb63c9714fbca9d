//! The polls of code that cuts its own work, loops and the sorts' merges,
//! and the loop list they promote from: a loop's poll after each chunk, the
//! beat of a piece that starts with one due, the merges' split poll, and
//! the registration of a running loop's node (`README.md` beside this
//! module's parent, "Loops on the pending list").

use super::WorkerContext;
use crate::scheduler::clock::Stamp;
use crate::scheduler::pending_loops::LoopHeader;

/// How a loop piece starts ([`WorkerContext::loop_piece_starts`]).
#[derive(Clone, Copy)]
pub(crate) struct PieceStart {
    /// A beat is due before the first chunk.
    pub(crate) beat_due: bool,
    /// The chunk countdown was calibrated on another loop's items: the
    /// first chunk is one item, and a clock read measures it.
    pub(crate) items_unknown: bool,
}

impl WorkerContext {
    /// A loop's poll after a chunk of `items` items: on a due heartbeat
    /// with an idle seat, promotes the oldest pending work, which may be the
    /// rest of this loop or of a loop around it (their nodes say so when the
    /// loop takes its rest back). Costs a subtraction and a branch unless the
    /// chunk countdown, counted in items, ran out.
    ///
    /// The rescue signal's handler cannot split a loop; for an occupant that
    /// runs one and does not poll (an item that runs long) it makes the next
    /// poll read the clock, however far the countdown had to go.
    #[inline]
    pub(crate) fn loop_poll(&self, items: usize) {
        if self.heartbeat.chunks.count_down_by(items) || self.owner.poll_requested() {
            self.loop_heartbeat();
        }
    }

    /// A piece of the loop `loop_id` (its driver's address) starts: is a
    /// beat due before its first chunk (after a steal, or in a call that
    /// starts shared; the piece then offers itself whole:
    /// [`WorkerContext::loop_start_beat`]), and does the chunk countdown
    /// know what its items cost? It does not when it was calibrated on
    /// another loop's items, which may have cost far less than this one's:
    /// a loop of sixteen 1 ms items after a loop of cheap ones would run
    /// half its piece, eight items, before its first poll. Such a piece's
    /// first chunk is one item, measured by a clock read after it. A load
    /// and a compare while the same loop runs again.
    #[inline]
    pub(crate) fn loop_piece_starts(&self, loop_id: usize) -> PieceStart {
        let items_unknown =
            self.calibrated_loop.get() != loop_id && self.another_loop_starts(loop_id);
        PieceStart {
            beat_due: self.heartbeat.is_eager(),
            items_unknown,
        }
    }

    /// Records that the chunk countdown now measures `loop_id`'s items;
    /// true if the countdown's calibration was another loop's. Not where
    /// nothing calibrated it yet (a new context, a steal) or its items cost
    /// a quarter period each: the first chunk is then one item anyway, and
    /// the poll after it reads the clock.
    #[cold]
    #[inline(never)]
    fn another_loop_starts(&self, loop_id: usize) -> bool {
        self.calibrated_loop.set(loop_id);
        self.heartbeat.chunks.per_check() > 1
    }

    /// The beat of a loop piece that starts with one due
    /// ([`WorkerContext::loop_piece_starts`]), its rest offered whole: where
    /// some seat is idle, promotes now, so that a piece whose items run
    /// long shares before its first item, not after it. No clock read, and
    /// the countdown is left alone (no item has run to measure).
    #[cold]
    #[inline(never)]
    pub(crate) fn loop_start_beat(&self) {
        if self.registry().idle().any_idle() && self.promote(true) {
            self.heartbeat.beat(Stamp::now());
        }
    }

    /// A loop's poll after a chunk of `items` items that reads the clock
    /// whatever the countdown says: a piece whose chunks are about to grow
    /// past what it ran unchecked (`iter/plumbing/schedule.rs`) measures
    /// them first.
    #[inline]
    pub(crate) fn loop_check(&self, items: usize) {
        self.heartbeat.chunks.count_down_by(items);
        self.loop_heartbeat();
    }

    /// A poll for code that cuts its own work when told to (the sorts'
    /// merges, `slice/sort/merge.rs`), after `items` items of it: true when
    /// a heartbeat is due, some seat is idle and this seat's published slot
    /// is free; the caller then cuts its work and offers a part with
    /// [`WorkerContext::join_split`]. A true answer counts as the beat. Costs
    /// a subtraction and a branch unless the chunk countdown ran out.
    #[inline]
    pub(crate) fn split_poll(&self, items: usize) -> bool {
        (self.heartbeat.chunks.count_down_by(items) || self.owner.poll_requested())
            && self.split_heartbeat()
    }

    #[cold]
    #[inline(never)]
    fn split_heartbeat(&self) -> bool {
        let Some(due) = self.check_heartbeat(&self.heartbeat.chunks) else {
            return false;
        };
        let split = due.wakes
            && self.registry().idle().any_idle()
            && self.seat().published.free_slots() > 0;
        if split {
            self.heartbeat.beat(due.now);
        }
        split
    }

    /// How many of a loop's items on this thread cost about a quarter of a
    /// heartbeat period, as of the last clock read: no chunk is longer
    /// (`iter/plumbing/schedule.rs`). 1 while each item costs that much or
    /// more, and before the first read.
    #[inline]
    pub(crate) fn items_per_check(&self) -> usize {
        self.heartbeat.chunks.per_check() as usize
    }

    #[cold]
    #[inline(never)]
    fn loop_heartbeat(&self) {
        self.beat_if_due(&self.heartbeat.chunks);
    }

    /// Registers a running loop's node, whose rest a promotion may split
    /// while the loop folds a chunk.
    ///
    /// # Safety
    /// `header` heads a node (and carries its provenance) that stays in
    /// place until [`WorkerContext::pop_loop`]; on this context's thread.
    #[inline]
    pub(crate) unsafe fn push_loop(&self, header: *const LoopHeader) {
        // SAFETY: per the contract.
        unsafe { self.loops.push(header, self.owner.pending.newest()) }
        self.owner.count_loops(1);
        self.loops_pushed
            .set(self.loops_pushed.get().wrapping_add(1));
    }

    /// How many loop pieces this thread registered here so far: a loop
    /// whose chunk changed it ran loops inside (`iter/plumbing/schedule.rs`).
    #[inline]
    pub(crate) fn loops_pushed(&self) -> u64 {
        self.loops_pushed.get()
    }

    /// Unregisters the newest loop, `header`.
    #[inline]
    pub(crate) fn pop_loop(&self, header: *const LoopHeader) {
        self.owner.count_loops(-1);
        self.loops.pop(header);
    }
}
