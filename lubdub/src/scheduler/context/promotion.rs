//! A heartbeat's promotion: the oldest pending work of the thread, a loop's
//! rest cut into pieces or the `b`s of its oldest joins, published in its
//! seat's slots for idle threads to take (`README.md` beside this module's
//! parent, "Several pieces per beat").

use std::sync::atomic::compiler_fence;

use super::WorkerContext;
use crate::profile::Event;
use crate::scheduler::job::PromotedHeader;
use crate::sync::Ordering;

impl WorkerContext {
    /// Publishes the oldest pending work, a loop's rest cut into pieces or
    /// the `b`s of the oldest joins, one piece for each idle seat (as many
    /// as the seat has free slots), and wakes threads to take them. Returns
    /// false if nothing was published: nothing is pending, or the seat's
    /// earlier promotions still fill its slots.
    pub(super) fn promote(&self, wakes: bool) -> bool {
        let published = self.shielded_from_handler(|| {
            let pieces = self.pieces_wanted(wakes);
            // SAFETY: on the owner thread, at a poll (every listed loop is
            // inside a chunk); the handler is kept off.
            unsafe {
                match self.split_oldest_loop(pieces) {
                    Some(cut) if cut > 0 => cut,
                    _ => self.publish_oldest_joins(pieces),
                }
            }
        });
        if published > 0 {
            for _ in 0..published {
                self.seat().count(Event::Promotion);
            }
            self.heartbeat.published();
            self.registry().notify_work_for(published);
        }
        published > 0
    }

    /// A standing offer ([`WorkerContext::join_offering`] while no seat is
    /// idle): publishes the oldest pending join in a free slot, for a thread
    /// that turns idle later to take, and wakes nobody; it is no beat, so
    /// the heartbeat does not hear of it. False if nothing was published
    /// (a loop runs here, whose rest is older work, or no slot is free).
    pub(super) fn offer_standing(&self) -> bool {
        if self.owner.runs_loops() {
            return false;
        }
        let published = self.shielded_from_handler(|| {
            // The handler, kept off, cannot fill the slot after this look.
            let pieces = self.seat().published.free_slots().min(1);
            // SAFETY: on the owner thread, not inside another publication
            // (the handler is kept off); `pieces` slots are free.
            unsafe { self.publish_oldest_joins(pieces) }
        });
        if published > 0 {
            self.seat().count(Event::Promotion);
        }
        published > 0
    }

    /// Runs `publish` (this thread publishing its own pending work) with the
    /// owner's `promoting` flag up, so that the rescue signal's handler keeps
    /// off the pending list and the slots meanwhile.
    fn shielded_from_handler<T>(&self, publish: impl FnOnce() -> T) -> T {
        let promoting = &self.owner.promoting;
        promoting.store(true, Ordering::Relaxed);
        compiler_fence(Ordering::SeqCst);
        let result = publish();
        compiler_fence(Ordering::SeqCst);
        promoting.store(false, Ordering::Relaxed);
        result
    }

    /// How many pieces a promotion hands out now: one per idle seat, or per
    /// searching seat only if it may not wake sleepers (a relaxed reading
    /// of the counters), at most one per free slot.
    fn pieces_wanted(&self, wakes: bool) -> usize {
        let idle = self.registry().idle().snapshot();
        let takers = if wakes {
            (idle.searching as usize).saturating_add(idle.sleeping as usize)
        } else {
            idle.searching as usize
        };
        takers.min(self.seat().published.free_slots())
    }

    /// Cuts the oldest splittable loop, if it is older than every pending
    /// join, into at most `pieces + 1` pieces and publishes all but the
    /// first; returns how many. `None` if no loop qualifies.
    ///
    /// # Safety
    /// On the owner thread, at a poll (as [`LoopList::split_oldest`] asks);
    /// `pieces` slots are free.
    unsafe fn split_oldest_loop(&self, pieces: usize) -> Option<usize> {
        if pieces == 0 {
            return None;
        }
        // SAFETY: each job was just made in the loop's frame, which waits
        // for it; no other thread can reach it yet, and a slot is free for
        // it (at most `pieces` are handed).
        let mut publish = |job| unsafe { self.publish(job) };
        // SAFETY: per this function's contract.
        unsafe { self.loops.split_oldest(pieces, &mut publish) }
    }

    /// Unlinks the oldest pending joins, up to `pieces` of them, and
    /// publishes them in the seat's free slots; returns how many. Wakes
    /// nobody: async-signal-safe.
    ///
    /// # Safety
    /// On the owner thread, and never inside another call of this function
    /// there (see [`super::pending::PendingList::unlink_oldest`]); `pieces`
    /// slots are free.
    pub(super) unsafe fn publish_oldest_joins(&self, pieces: usize) -> usize {
        let mut published = 0;
        while published < pieces {
            // SAFETY: per this function's contract.
            let Some(oldest) = (unsafe { self.owner.pending.unlink_oldest() }) else {
                break;
            };
            // SAFETY: the job's frame is live (its `a` runs), no other thread
            // can reach the job before it is published, and a slot is free.
            unsafe { self.publish(oldest) };
            published += 1;
        }
        published
    }

    /// Publishes `job` in a free slot of the seat.
    ///
    /// # Safety
    /// `job` heads a live job that no other thread can reach, whose frame
    /// waits for its result; a slot is free; on the owner thread.
    unsafe fn publish(&self, job: *const PromotedHeader) {
        // SAFETY: per the contract.
        unsafe { (*job).prepare_promotion(self.index) };
        let put = self.seat().published.put(PromotedHeader::job_ref(job));
        debug_assert!(put, "a promotion publishes only into free slots");
    }
}
