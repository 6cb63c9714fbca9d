//! Broadcast jobs: one job per seat, run by that seat's occupant alone.
//!
//! [`Registry::inject_broadcast`] queues job `i` on seat `i`'s
//! [`broadcasts`](super::seat::Seat::broadcasts) queue and wakes every seat.
//! No other seat takes it: a searching occupant looks at its own broadcasts
//! right after its own queue, before it steals (`worker.rs`). `README.md`
//! ("Broadcasts") states the protocol and why every job runs.

use super::job::JobRef;
use super::registry::Registry;
use crate::sync::{fence, Ordering};

impl Registry {
    /// Queues one job per seat, `jobs[i]` for seat `i`, and wakes every
    /// seat whose occupant sleeps. An occupant that is awake finds its job
    /// at its next search; a caller that possesses a seat and never searches
    /// leaves the job to the seat's thread, which the caller wakes when it
    /// gives the seat back (`entry.rs`).
    pub(crate) fn inject_broadcast(&self, jobs: impl ExactSizeIterator<Item = JobRef>) {
        debug_assert_eq!(jobs.len(), self.num_threads(), "one job per seat");
        for (seat, job) in self.seats().iter().zip(jobs) {
            seat.broadcasts.push(job);
        }
        // Pairs with the fence of a falling-asleep occupant, whose last look
        // (`has_work_for`) then sees its job, or whose sleep state this
        // thread's wake then sees.
        fence(Ordering::SeqCst);
        for index in 0..self.num_threads() {
            self.wake_seat(index);
        }
    }

    /// True if the occupant of seat `index` could take work somewhere: a
    /// job any thread may take, or a broadcast job for this seat.
    pub(crate) fn has_work_for(&self, index: usize) -> bool {
        self.has_work() || !self.seat(index).broadcasts.looks_empty()
    }
}
