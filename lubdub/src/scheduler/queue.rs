//! [`JobQueue`]: a locked double-ended queue of heap jobs (scope and `spawn`
//! jobs, and calls injected from outside the pool).
//!
//! These jobs are allocated anyway, so a mutex costs little beside them; the
//! join fast path never touches a queue. The length is mirrored in an atomic
//! so that searching threads can skip empty queues without locking them.

use std::collections::VecDeque;

use super::job::JobRef;
use crate::sync::{AtomicUsize, Mutex, Ordering};

pub(crate) struct JobQueue {
    len: AtomicUsize,
    jobs: Mutex<VecDeque<JobRef>>,
}

impl JobQueue {
    pub(crate) fn new() -> Self {
        Self {
            len: AtomicUsize::new(0),
            jobs: Mutex::new(VecDeque::new()),
        }
    }

    /// True if the queue looked empty. A push that precedes a `SeqCst` fence
    /// is seen by a call after a later `SeqCst` fence (the sleep protocol
    /// relies on this).
    pub(crate) fn looks_empty(&self) -> bool {
        self.len.load(Ordering::Relaxed) == 0
    }

    pub(crate) fn push(&self, job: JobRef) {
        let mut jobs = self.lock();
        jobs.push_back(job);
        self.len.store(jobs.len(), Ordering::Relaxed);
    }

    /// The newest job: the owner of the queue works LIFO, for locality.
    pub(crate) fn pop_newest(&self) -> Option<JobRef> {
        self.pop_with(VecDeque::pop_back)
    }

    /// The oldest job: thieves take the biggest, oldest work.
    pub(crate) fn pop_oldest(&self) -> Option<JobRef> {
        self.pop_with(VecDeque::pop_front)
    }

    fn pop_with(&self, pop: fn(&mut VecDeque<JobRef>) -> Option<JobRef>) -> Option<JobRef> {
        if self.looks_empty() {
            return None;
        }
        let mut jobs = self.lock();
        let job = pop(&mut jobs);
        self.len.store(jobs.len(), Ordering::Relaxed);
        job
    }

    fn lock(&self) -> crate::sync::MutexGuard<'_, VecDeque<JobRef>> {
        // A panic never happens while the lock is held (only VecDeque
        // operations run under it), but recover from poisoning regardless.
        self.jobs
            .lock()
            .unwrap_or_else(|poison| poison.into_inner())
    }
}
