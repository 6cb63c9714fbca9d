//! [`Seat`]: the shared half of one worker slot of a pool.
//!
//! A seat is occupied by its worker thread, or by a caller from outside the
//! pool that took it while the thread slept (see `sleep.rs`). Whoever occupies
//! it publishes promoted jobs in [`Seat::published`] and queues heap jobs in
//! [`Seat::queue`]; other threads steal from both.

use super::job::{JobHeader, JobRef};
use super::queue::JobQueue;
use super::sleep::SeatSleep;
use crate::stats::SeatCounters;
use crate::sync::{AtomicPtr, Ordering};

/// Aligned to two cache lines so that seats do not share lines (adjacent-line
/// prefetch pairs lines on x86).
#[repr(align(128))]
pub(crate) struct Seat {
    /// A promoted job waiting for a thief, or null. Only the occupant stores
    /// a job here; a thief, or the occupant taking it back, swaps it to null.
    pub(crate) published: AtomicPtr<JobHeader>,
    pub(crate) queue: JobQueue,
    pub(crate) sleep: SeatSleep,
    pub(crate) counters: SeatCounters,
}

impl Seat {
    pub(crate) fn new() -> Self {
        Self {
            published: AtomicPtr::new(std::ptr::null_mut()),
            queue: JobQueue::new(),
            sleep: SeatSleep::new_idle(),
            counters: SeatCounters::default(),
        }
    }

    /// Takes the published job, if any.
    pub(crate) fn steal_published(&self) -> Option<JobRef> {
        let job = self.published.load(Ordering::Relaxed);
        if job.is_null() {
            return None;
        }
        // Acquire pairs with the occupant's release store in `publish`: the
        // job's contents are visible once the swap succeeds.
        self.published
            .compare_exchange(
                job,
                std::ptr::null_mut(),
                Ordering::Acquire,
                Ordering::Relaxed,
            )
            .ok()
            .and_then(std::ptr::NonNull::new)
            .map(JobRef::from_header)
    }

    /// True if some thread could take work from this seat.
    pub(crate) fn has_work(&self) -> bool {
        !self.published.load(Ordering::Relaxed).is_null() || !self.queue.looks_empty()
    }
}
