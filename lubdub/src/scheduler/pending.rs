//! [`PendingList`]: one seat occupant's unpromoted pending joins, newest
//! first, linked through the joiners' frames; and the three operations on it:
//! [`PendingList::push`] and [`PendingList::pop`] (the `join` fast path) and
//! [`PendingList::unlink_oldest`] (promotion).
//!
//! Only the owner thread touches the list, but the owner's rescue signal
//! handler (`interrupt.rs`) runs `unlink_oldest` on that same thread between
//! any two instructions of the owner's code. The list is therefore usable at
//! every instruction boundary; `README.md` beside this file walks through
//! the argument instruction by instruction. In short:
//! - the links are atomics accessed `Relaxed` (plain moves), ordered for the
//!   handler by compiler fences, which cost no instruction;
//! - a link to a promoted job means the end of the list: a push or pop that
//!   races with the handler can leave such a link only to a job that was the
//!   oldest when promoted, so nothing pending lies beyond it;
//! - `pop` re-checks its job after unlinking it, because the handler may have
//!   promoted it, or the job behind it, in between.

use std::ptr;
use std::sync::atomic::compiler_fence;

use super::job::{PromotedHeader, PROMOTED};
use crate::sync::{AtomicPtr, Ordering};

/// The most pending joins a promotion looks through for the oldest one. In a
/// deeper recursion the job this far from the newest is promoted instead: the
/// walk stays cheap, and the job is still large.
const MAX_PROMOTION_WALK: usize = 1024;

pub(crate) struct PendingList {
    /// The newest pending job, or null. May also be a stale link to a
    /// promoted job, which means the same as null.
    newest: AtomicPtr<PromotedHeader>,
}

impl PendingList {
    pub(crate) fn new() -> Self {
        Self {
            newest: AtomicPtr::new(ptr::null_mut()),
        }
    }

    /// True if nothing is pending, as far as a look from another thread can
    /// tell: a watcher deciding whether interrupting the owner could help.
    pub(crate) fn looks_empty(&self) -> bool {
        self.newest.load(Ordering::Relaxed).is_null()
    }

    /// The newest pending job: the `older` link of a job about to be pushed
    /// (the job is built with it, then [`PendingList::push`]ed).
    #[inline(always)]
    pub(crate) fn newest(&self) -> *mut PromotedHeader {
        self.newest.load(Ordering::Relaxed)
    }

    /// Makes `job` the newest pending job.
    ///
    /// # Safety
    /// Only the owner thread calls this; `job` was built with `older` set to
    /// what [`PendingList::newest`] returned just before, and is a header of
    /// a job in the caller's frame that stays there until
    /// [`PendingList::pop`] said it is unlinked, or its promotion is
    /// resolved.
    #[inline(always)]
    pub(crate) unsafe fn push(&self, job: *const PromotedHeader) {
        // The job is complete before the handler can reach it. (Nothing
        // keeps the store below from coming later than written; the handler
        // then finds the job a little later, which costs nothing but time.)
        compiler_fence(Ordering::Release);
        self.newest.store(job.cast_mut(), Ordering::Relaxed);
    }

    /// Unlinks `job`, the newest pending job, after its `a` returned. True if
    /// `job` was still pending: the caller owns its closure now. False if it
    /// was promoted: a thief may have it.
    #[inline(always)]
    pub(crate) fn pop(&self, job: &PromotedHeader) -> bool {
        let older = job.older.load(Ordering::Relaxed);
        if older == PROMOTED {
            return false;
        }
        self.newest.store(older, Ordering::Relaxed);
        compiler_fence(Ordering::SeqCst);
        // `job` is unreachable now; the handler may have changed its link
        // between the load and the store above.
        job.older.load(Ordering::Relaxed) == older || self.pop_raced(job)
    }

    /// The handler promoted `job`, or the job behind it, during a `pop`.
    #[cold]
    #[inline(never)]
    fn pop_raced(&self, job: &PromotedHeader) -> bool {
        loop {
            let older = job.older.load(Ordering::Relaxed);
            if older == PROMOTED {
                return false;
            }
            self.newest.store(older, Ordering::Relaxed);
            compiler_fence(Ordering::SeqCst);
            if job.older.load(Ordering::Relaxed) == older {
                return true;
            }
        }
    }

    /// `job` was promoted and its `a` returned: drops a stale link to it
    /// from `newest` (left by a `pop` that raced with its promotion), since
    /// the job's frame is about to go.
    pub(crate) fn forget(&self, job: *const PromotedHeader) {
        if ptr::eq(self.newest.load(Ordering::Relaxed), job) {
            self.newest.store(ptr::null_mut(), Ordering::Relaxed);
        }
    }

    /// Unlinks the oldest pending job (within [`MAX_PROMOTION_WALK`] of the
    /// newest), marks it [`PROMOTED`] and returns it; `None` if nothing is
    /// pending.
    ///
    /// # Safety
    /// Only on the owner thread, and never inside another call of this
    /// function on it (the owner shields its own promotions from its handler;
    /// see `WorkerContext::promote`).
    pub(crate) unsafe fn unlink_oldest(&self) -> Option<*const PromotedHeader> {
        let newest = self.newest.load(Ordering::Relaxed).cast_const();
        // SAFETY: every dereference below follows a link reached from
        // `newest`, which is null or points to a header in a live frame of
        // this thread: pending, or promoted with its `a` still running (a
        // stale link; `forget` and the pops of younger jobs remove those
        // before that frame goes).
        unsafe {
            if newest.is_null() {
                return None;
            }
            if is_promoted(newest) {
                self.newest.store(ptr::null_mut(), Ordering::Relaxed);
                return None;
            }
            let mut younger: *const PromotedHeader = ptr::null();
            let mut oldest = newest;
            for _ in 0..MAX_PROMOTION_WALK {
                let older = (*oldest).older.load(Ordering::Relaxed);
                if older.is_null() || is_promoted(older) {
                    break;
                }
                younger = oldest;
                oldest = older;
            }
            let rest = live((*oldest).older.load(Ordering::Relaxed));
            match younger.as_ref() {
                Some(younger) => younger.older.store(rest, Ordering::Relaxed),
                None => self.newest.store(rest, Ordering::Relaxed),
            }
            (*oldest).older.store(PROMOTED, Ordering::Relaxed);
            Some(oldest)
        }
    }
}

/// # Safety
/// `job` points to a live header.
unsafe fn is_promoted(job: *const PromotedHeader) -> bool {
    // SAFETY: per the contract.
    unsafe { (*job).older.load(Ordering::Relaxed) == PROMOTED }
}

/// `link`, or null where it leads to a promoted job (the end of the list).
///
/// # Safety
/// `link` is null or points to a live header.
unsafe fn live(link: *mut PromotedHeader) -> *mut PromotedHeader {
    // SAFETY: per the contract.
    if link.is_null() || unsafe { is_promoted(link) } {
        ptr::null_mut()
    } else {
        link
    }
}

#[cfg(test)]
mod tests {
    //! The handler's interleavings, replayed step by step: where it runs
    //! between two instructions of `push` or `pop`, the test performs the
    //! instructions before it by hand, runs `unlink_oldest` as the handler
    //! would, then finishes the operation.
    use super::*;
    use crate::scheduler::job::StackJob;

    fn job() -> StackJob<fn(), ()> {
        StackJob::new(|| {}, ptr::null_mut())
    }

    /// Links `job` as a `join` does (it is built unlinked here, and its
    /// link is set just before the push).
    ///
    /// # Safety
    /// `job` outlives its time in `list`.
    unsafe fn push(list: &PendingList, job: &StackJob<fn(), ()>) {
        job.header().older.store(list.newest(), Ordering::Relaxed);
        // SAFETY: per the contract; this test is the only thread.
        unsafe { list.push(job.header_ptr()) }
    }

    #[test]
    fn pops_in_reverse_and_promotes_the_oldest() {
        let list = PendingList::new();
        let (a, b, c) = (job(), job(), job());
        // SAFETY: the jobs outlive the list's use of them; one thread.
        unsafe {
            push(&list, &a);
            push(&list, &b);
            push(&list, &c);
            assert_eq!(list.unlink_oldest(), Some(a.header_ptr()));
        }
        assert!(list.pop(c.header()));
        assert!(list.pop(b.header()), "b was relinked past a");
        assert!(list.looks_empty());
        assert!(!list.pop(a.header()), "a was promoted");
    }

    #[test]
    fn a_push_racing_with_the_promotion_of_its_older_job() {
        let list = PendingList::new();
        let (a, b) = (job(), job());
        // SAFETY: as above.
        unsafe {
            push(&list, &a);
            // The push of `b` loaded `newest` (a); then the handler ran.
            assert_eq!(list.unlink_oldest(), Some(a.header_ptr()));
            assert!(list.looks_empty());
            list.newest
                .store(a.header_ptr().cast_mut(), Ordering::Relaxed);
            push(&list, &b);
            // b links to promoted a: the end of the list. b is the oldest.
            assert_eq!(list.unlink_oldest(), Some(b.header_ptr()));
            assert!(list.looks_empty());
        }
        assert!(!list.pop(b.header()));
    }

    #[test]
    fn a_pop_racing_with_the_promotion_of_the_job_behind() {
        let list = PendingList::new();
        let (a, b) = (job(), job());
        // SAFETY: as above.
        unsafe {
            push(&list, &a);
            push(&list, &b);
            // The pop of `b` loaded b's link (a); then the handler ran.
            let older = b.header().older.load(Ordering::Relaxed);
            assert_eq!(list.unlink_oldest(), Some(a.header_ptr()));
            // The pop stores its stale link and re-checks.
            list.newest.store(older, Ordering::Relaxed);
            assert_ne!(b.header().older.load(Ordering::Relaxed), older);
        }
        assert!(list.pop_raced(b.header()), "b is still ours");
        assert!(list.looks_empty());
    }

    #[test]
    fn a_pop_racing_with_its_own_promotion() {
        let list = PendingList::new();
        let a = job();
        // SAFETY: as above.
        unsafe {
            push(&list, &a);
            // The pop loaded a's link (null); then the handler promoted a.
            let older = a.header().older.load(Ordering::Relaxed);
            assert_eq!(list.unlink_oldest(), Some(a.header_ptr()));
            list.newest.store(older, Ordering::Relaxed);
        }
        assert!(!list.pop_raced(a.header()), "a belongs to a thief now");
        assert!(list.looks_empty());
    }

    #[test]
    fn a_stale_newest_is_dropped() {
        let list = PendingList::new();
        let a = job();
        // SAFETY: as above.
        unsafe {
            push(&list, &a);
            assert_eq!(list.unlink_oldest(), Some(a.header_ptr()));
            // A raced pop left a stale link to a in `newest`.
            list.newest
                .store(a.header_ptr().cast_mut(), Ordering::Relaxed);
            assert!(!list.looks_empty());
            assert_eq!(list.unlink_oldest(), None);
            assert!(list.looks_empty(), "the handler drops it");
            list.newest
                .store(a.header_ptr().cast_mut(), Ordering::Relaxed);
        }
        list.forget(a.header_ptr());
        assert!(
            list.looks_empty(),
            "and so does the owner, before a's frame goes"
        );
    }
}
