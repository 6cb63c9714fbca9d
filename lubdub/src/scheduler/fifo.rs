//! [`FifoQueue`]: jobs that start in the order they were queued, whatever
//! order their tokens are taken in.
//!
//! `spawn_fifo` must start one thread's jobs oldest first, but a seat's own
//! queue is taken newest first. So a FIFO job goes into a `FifoQueue`, and
//! the seat's queue gets a *token* instead: a job that, when run, runs the
//! queue's oldest job. A queue holds as many jobs as there are tokens out,
//! so every token finds one. Tokens of one queue are interchangeable; which
//! one runs first does not matter, only that each runs the oldest job left.
//! (Rayon keeps its FIFO jobs the same way, which is what makes mixed
//! `spawn`/`spawn_fifo` orders come out alike; see `README.md`.)

use std::ptr::NonNull;

use super::context::WorkerContext;
use super::job::{JobHeader, JobRef};
use super::queue::JobQueue;

/// A FIFO of jobs reached through tokens. Must stay at one address while
/// tokens are out (seats and scopes keep theirs in place).
#[repr(C)]
pub(crate) struct FifoQueue {
    /// Every token points here; running it runs [`FifoQueue::run_oldest`].
    header: JobHeader,
    jobs: JobQueue,
}

impl FifoQueue {
    pub(crate) fn new() -> Self {
        Self {
            header: JobHeader::new(Self::run_oldest),
            jobs: JobQueue::new(),
        }
    }

    /// Queues `job` and returns its token, which the caller must make
    /// runnable (queue it) exactly once.
    pub(crate) fn push(&self, job: JobRef) -> JobRef {
        self.jobs.push(job);
        // Derived from the whole queue, not from `header` alone, so that the
        // token may reach `jobs` too.
        JobRef::from_header(NonNull::from(self).cast())
    }

    /// Runs the oldest queued job: what running a token does.
    ///
    /// # Safety
    /// `this` is the header of a live `FifoQueue` (a token from
    /// [`FifoQueue::push`]), and each token runs once.
    unsafe fn run_oldest(this: *const JobHeader, ctx: &WorkerContext) {
        // SAFETY: the header is the first field of the `repr(C)` queue, and
        // the token's pointer covers the whole queue (see `push`).
        let queue = unsafe { &*this.cast::<FifoQueue>() };
        match queue.jobs.pop_oldest() {
            // SAFETY: popping removed the job from the queue, so this thread
            // alone runs it, once.
            Some(job) => unsafe { job.run(ctx) },
            None => debug_assert!(false, "a FIFO token found its queue empty"),
        }
    }
}

#[cfg(all(test, not(loom)))]
mod tests {
    use super::*;
    use crate::scheduler::job::HeapJob;
    use crate::scheduler::registry::Registry;
    use crate::scheduler::settings::PoolSettings;
    use std::sync::Mutex;

    #[test]
    fn tokens_run_the_jobs_oldest_first_in_any_order() {
        // A registry without threads: the test's thread takes its one seat.
        let registry = Registry::new(PoolSettings::plain(1));
        let order = Mutex::new(Vec::new());
        let queue = FifoQueue::new();
        let order_ref = &order;
        let tokens: Vec<JobRef> = (0..4)
            .map(|i| {
                queue.push(HeapJob::into_job_ref(move |_: &WorkerContext| {
                    order_ref.lock().unwrap().push(i)
                }))
            })
            .collect();
        registry.in_worker(|ctx| {
            for token in tokens.into_iter().rev() {
                // SAFETY: each token is run once, while `queue` lives.
                unsafe { token.run(ctx) };
            }
        });
        assert_eq!(order.into_inner().unwrap(), [0, 1, 2, 3]);
    }
}
