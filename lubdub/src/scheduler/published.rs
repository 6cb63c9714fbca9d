//! [`Published`]: a seat's promoted jobs waiting for thieves, in a few
//! slots, so that one heartbeat can hand a piece of work to each of several
//! idle threads (`README.md`, "Several pieces per beat").
//!
//! Only the seat's occupant stores a job into a free slot (from its own
//! code, or from its rescue signal's handler, never both at once: the
//! occupant's `promoting` flag keeps the handler off). A thief, or the
//! occupant taking a job back, swaps a job out with a compare-and-swap, so
//! each job leaves its slot exactly once.

use super::job::{JobHeader, JobRef};
use crate::sync::{AtomicPtr, Ordering};

/// How many promoted jobs one seat can offer at once: the most pieces a
/// heartbeat hands out. Eight pointers fill one cache line, which a thief
/// reads in one go.
pub(crate) const SLOTS: usize = 8;

pub(crate) struct Published {
    slots: [AtomicPtr<JobHeader>; SLOTS],
}

impl Published {
    pub(crate) fn new() -> Self {
        Self {
            slots: std::array::from_fn(|_| AtomicPtr::new(std::ptr::null_mut())),
        }
    }

    /// How many slots are free. Exact for the occupant, whose jobs are the
    /// only ones that can fill them; a thief may free more meanwhile.
    pub(crate) fn free_slots(&self) -> usize {
        self.slots
            .iter()
            .filter(|slot| slot.load(Ordering::Relaxed).is_null())
            .count()
    }

    /// True if no job waits here.
    pub(crate) fn is_empty(&self) -> bool {
        self.slots
            .iter()
            .all(|slot| slot.load(Ordering::Relaxed).is_null())
    }

    /// Stores `job` into a free slot; false if none is free. Only the
    /// seat's occupant calls this (see the module's doc).
    pub(crate) fn put(&self, job: JobRef) -> bool {
        let Some(free) = self
            .slots
            .iter()
            .find(|slot| slot.load(Ordering::Relaxed).is_null())
        else {
            return false;
        };
        // Release: a thief that takes the job sees everything written to
        // it before (closure, latch, owner seat).
        free.store(job.as_ptr(), Ordering::Release);
        true
    }

    /// Takes `job` back out of its slot, if no thief took it; true if so.
    pub(crate) fn take_back(&self, job: JobRef) -> bool {
        let job = job.as_ptr();
        self.slots.iter().any(|slot| {
            slot.load(Ordering::Relaxed) == job
                && slot
                    .compare_exchange(
                        job,
                        std::ptr::null_mut(),
                        Ordering::Relaxed,
                        Ordering::Relaxed,
                    )
                    .is_ok()
        })
    }

    /// Takes a waiting job, the first in slot order (a promotion fills the
    /// slots with its largest piece first).
    pub(crate) fn steal(&self) -> Option<JobRef> {
        self.slots.iter().find_map(|slot| {
            let job = slot.load(Ordering::Relaxed);
            if job.is_null() {
                return None;
            }
            // Acquire pairs with the occupant's release store in `put`: the
            // job's contents are visible once the swap succeeds.
            slot.compare_exchange(
                job,
                std::ptr::null_mut(),
                Ordering::Acquire,
                Ordering::Relaxed,
            )
            .ok()
            .and_then(std::ptr::NonNull::new)
            .map(JobRef::from_header)
        })
    }
}

#[cfg(all(test, not(loom)))]
mod tests {
    use super::*;
    use crate::scheduler::context::WorkerContext;

    unsafe fn never_run(_: *const JobHeader, _: &WorkerContext) {
        unreachable!("the test's jobs are never run")
    }

    #[test]
    fn jobs_leave_their_slots_once_in_slot_order() {
        let headers: Vec<JobHeader> = (0..SLOTS + 1).map(|_| JobHeader::new(never_run)).collect();
        let jobs: Vec<JobRef> = headers
            .iter()
            .map(|h| JobRef::from_header(std::ptr::NonNull::from(h)))
            .collect();
        let published = Published::new();
        assert!(published.is_empty());
        for (i, &job) in jobs.iter().take(SLOTS).enumerate() {
            assert_eq!(published.free_slots(), SLOTS - i);
            assert!(published.put(job));
        }
        assert!(!published.put(jobs[SLOTS]), "every slot is full");
        assert!(published.take_back(jobs[SLOTS - 1]));
        assert!(!published.take_back(jobs[SLOTS - 1]), "taken back once");
        assert_eq!(
            published.steal().map(JobRef::as_ptr),
            Some(jobs[0].as_ptr())
        );
        assert!(!published.take_back(jobs[0]), "a stolen job is gone");
        assert!(published.put(jobs[SLOTS]), "a freed slot is reused");
        assert_eq!(
            published.steal().map(JobRef::as_ptr),
            Some(jobs[SLOTS].as_ptr())
        );
        for &job in &jobs[1..SLOTS - 1] {
            assert_eq!(published.steal().map(JobRef::as_ptr), Some(job.as_ptr()));
        }
        assert!(published.steal().is_none());
        assert!(published.is_empty());
    }
}
