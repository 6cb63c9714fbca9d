//! [`WorkerContext`]: the private half of a seat, owned by the thread that
//! occupies it, and the `join` fast path.
//!
//! Pending joins form a list through the joiners' frames: `newest` points to
//! the header of the innermost pending `b`, and each header's `older` to the
//! next outer one. A `join` pushes its header, runs `a`, and pops the header
//! again if it was not promoted: a few plain loads and stores, no atomics.
//! A heartbeat promotes the oldest job, the biggest, found by walking the
//! list (a cold path), unlinks it and marks it [`PROMOTED`]. See `README.md`
//! beside this file.

use std::cell::Cell;
use std::ptr;
use std::ptr::NonNull;

use super::heartbeat::{Countdown, Heartbeat};
use super::job::{PromotedHeader, StackJob, PROMOTED};
use super::latch::Latch;
use super::registry::Registry;
use super::seat::Seat;
use super::sleep::Occupant;
use crate::profile::Event;
use crate::sync::Ordering;
use crate::unwind;

/// The most pending joins a promotion looks through for the oldest one. In a
/// deeper recursion the job this far from the newest is promoted instead: the
/// walk stays cheap, and the job is still large.
const MAX_PROMOTION_WALK: usize = 1024;

thread_local! {
    static CURRENT: Cell<*const WorkerContext> = const { Cell::new(ptr::null()) };
}

pub(crate) struct WorkerContext {
    registry: NonNull<Registry>,
    index: usize,
    occupant: Occupant,
    newest: Cell<*const PromotedHeader>,
    heartbeat: Heartbeat,
}

impl WorkerContext {
    /// A context for the occupant of seat `index` of `registry`. The context
    /// must not outlive the registry (it lives in a frame that holds it).
    pub(crate) fn new(registry: &Registry, index: usize, occupant: Occupant) -> Self {
        Self {
            registry: NonNull::from(registry),
            index,
            occupant,
            newest: Cell::new(ptr::null()),
            heartbeat: Heartbeat::new(registry.heartbeat_period()),
        }
    }

    /// The context of the current thread, or null outside any pool.
    #[inline]
    pub(crate) fn current() -> *const WorkerContext {
        CURRENT.with(Cell::get)
    }

    /// Makes this the current thread's context until the guard drops, when
    /// the previous one (a nested pool's caller, or none) comes back.
    pub(crate) fn make_current(&self) -> CurrentGuard {
        CurrentGuard {
            previous: CURRENT.with(|c| c.replace(self)),
        }
    }

    #[inline]
    pub(crate) fn registry(&self) -> &Registry {
        // SAFETY: a context lives inside a frame that keeps its registry alive
        // (the worker thread's Arc, or the caller's borrow of the pool).
        unsafe { self.registry.as_ref() }
    }

    pub(crate) fn index(&self) -> usize {
        self.index
    }

    pub(crate) fn occupant(&self) -> Occupant {
        self.occupant
    }

    pub(crate) fn seat(&self) -> &Seat {
        self.registry().seat(self.index)
    }

    /// `join` on this thread: `a` inline, `b` pending until `a` returns.
    #[inline]
    pub(crate) fn join<A, B, RA, RB>(&self, a: A, b: B) -> (RA, RB)
    where
        A: FnOnce() -> RA + Send,
        B: FnOnce() -> RB + Send,
        RA: Send,
        RB: Send,
    {
        self.join_inner::<false, _, _, _, _>(a, b)
    }

    /// A loop's split (`iter/driver.rs`): `join`, but the oldest pending job
    /// is promoted at once instead of on the countdown. A loop calls it only
    /// after [`WorkerContext::loop_poll`] said a heartbeat is due and a seat
    /// is idle, so `b`, or an older and larger job, is stealable right away;
    /// the sorts (`slice/sort.rs`) call it for every split, each piece being
    /// more work than a heartbeat period.
    ///
    /// `a` always runs inline on this thread, so it need not be `Send`: a
    /// loop's left half carries the folder it has been filling, which may
    /// hold state that is not (`map_init`'s).
    pub(crate) fn join_split<A, B, RA, RB>(&self, a: A, b: B) -> (RA, RB)
    where
        A: FnOnce() -> RA,
        B: FnOnce() -> RB + Send,
        RA: Send,
        RB: Send,
    {
        self.join_inner::<true, _, _, _, _>(a, b)
    }

    /// The body of both joins; `PROMOTE_NOW` is a constant, so `join`
    /// compiles to exactly the countdown fast path. `a` runs on this thread.
    #[inline(always)]
    fn join_inner<const PROMOTE_NOW: bool, A, B, RA, RB>(&self, a: A, b: B) -> (RA, RB)
    where
        A: FnOnce() -> RA,
        B: FnOnce() -> RB + Send,
        RA: Send,
        RB: Send,
    {
        let job = StackJob::new(b);
        let header = job.header();
        header.older.set(self.newest.get());
        self.newest.set(job.header_ptr());
        if PROMOTE_NOW {
            self.promote();
        } else if self.heartbeat.joins.count_down() {
            self.on_heartbeat();
        }
        let ra = match unwind::halt(a) {
            Ok(ra) => ra,
            Err(payload) => self.finish_after_panic(&job, payload),
        };
        let older = header.older.get();
        let rb = if older != PROMOTED {
            self.newest.set(older);
            // SAFETY: `b` was never promoted, so no other thread can reach it.
            unsafe { job.run_inline() }
        } else {
            self.finish_promoted(&job)
        };
        (ra, rb)
    }

    /// `a` panicked: `b` still runs (or is waited for), then the panic goes on.
    #[cold]
    #[inline(never)]
    fn finish_after_panic<F, R>(
        &self,
        job: &StackJob<F, R>,
        payload: Box<dyn std::any::Any + Send>,
    ) -> !
    where
        F: FnOnce() -> R + Send,
        R: Send,
    {
        let older = job.header().older.get();
        if older != PROMOTED {
            self.newest.set(older);
            // SAFETY: never promoted; only this thread can reach `b`. Its own
            // panic, if any, is dropped in favour of `a`'s, as Rayon does.
            let _ = unwind::halt(|| unsafe { job.run_inline() });
        } else {
            let _ = unwind::halt(|| self.finish_promoted(job));
        }
        unwind::resume(payload)
    }

    /// The job was promoted: take it back if no thief has, or wait for the
    /// thief. Everything younger was popped already, and the promotion
    /// unlinked the job, so the pending list needs no repair.
    #[cold]
    #[inline(never)]
    fn finish_promoted<F, R>(&self, job: &StackJob<F, R>) -> R
    where
        F: FnOnce() -> R + Send,
        R: Send,
    {
        let published = PromotedHeader::job_ref(job.header_ptr()).as_ptr();
        let reclaimed = self
            .seat()
            .published
            .compare_exchange(
                published,
                ptr::null_mut(),
                Ordering::Relaxed,
                Ordering::Relaxed,
            )
            .is_ok();
        if reclaimed {
            // SAFETY: the job left the published slot before any thief took it.
            return unsafe { job.run_inline() };
        }
        // SAFETY: the job was promoted, so its latch is initialised.
        self.wait_until(unsafe { job.header().latch() });
        // SAFETY: the latch is set, so the thief has written the result.
        match unsafe { job.take_result() } {
            Ok(result) => result,
            Err(payload) => unwind::resume(payload),
        }
    }

    /// Blocks until `latch` is set, running other work meanwhile.
    pub(crate) fn wait_until(&self, latch: &Latch) {
        if !latch.is_set() {
            self.registry().work_until_set(self, latch);
        }
    }

    /// The countdown ran out: read the clock and maybe promote.
    #[cold]
    #[inline(never)]
    fn on_heartbeat(&self) {
        if let Some(now) = self.check_heartbeat(&self.heartbeat.joins) {
            if self.registry().idle().any_idle() && self.promote() {
                self.heartbeat.beat(now);
            }
        }
    }

    /// A loop's poll between two chunks: true when a heartbeat is due, some
    /// seat is idle and this seat's published slot is free, that is, when
    /// splitting the loop's remaining range would give an idle thread work.
    /// A true answer counts as the heartbeat: the caller must split with
    /// [`WorkerContext::join_split`]. Costs a decrement and a branch unless
    /// the countdown ran out.
    #[inline]
    pub(crate) fn loop_poll(&self) -> bool {
        self.heartbeat.chunks.count_down() && self.loop_heartbeat()
    }

    #[cold]
    #[inline(never)]
    fn loop_heartbeat(&self) -> bool {
        let Some(now) = self.check_heartbeat(&self.heartbeat.chunks) else {
            return false;
        };
        let split = self.registry().idle().any_idle()
            && self.seat().published.load(Ordering::Relaxed).is_null();
        if split {
            self.heartbeat.beat(now);
        }
        split
    }

    /// Reads the clock for `countdown` (joins' or chunks'); returns the time
    /// if a heartbeat is due, and counts the first due heartbeat of each
    /// period for the profile.
    fn check_heartbeat(&self, countdown: &Countdown) -> Option<std::time::Instant> {
        let now = self.heartbeat.check(countdown)?;
        if self.heartbeat.starts_period(now) {
            self.seat().count(Event::Heartbeat);
        }
        Some(now)
    }

    /// Publishes the oldest pending job (within [`MAX_PROMOTION_WALK`] of the
    /// newest). Returns false if there is none, or the seat's previous
    /// promotion is still waiting for a thief.
    fn promote(&self) -> bool {
        let seat = self.seat();
        let newest = self.newest.get();
        if newest.is_null() || !seat.published.load(Ordering::Relaxed).is_null() {
            return false;
        }
        // SAFETY: every header in the list belongs to a join of this thread
        // that has not returned, so its frame is live; only this thread
        // touches `older` links.
        unsafe {
            let mut younger: *const PromotedHeader = ptr::null();
            let mut oldest = newest;
            for _ in 0..MAX_PROMOTION_WALK {
                let older = (*oldest).older.get();
                if older.is_null() {
                    break;
                }
                younger = oldest;
                oldest = older;
            }
            let job = PromotedHeader::job_ref(oldest);
            let oldest = &*oldest;
            match younger.as_ref() {
                Some(younger) => younger.older.set(oldest.older.get()),
                None => self.newest.set(oldest.older.get()),
            }
            oldest.older.set(PROMOTED);
            oldest.prepare_promotion(self.index);
            // Release: a thief that takes the job sees the closure and the owner.
            seat.published.store(job.as_ptr(), Ordering::Release);
        }
        seat.count(Event::Promotion);
        self.registry().notify_work();
        true
    }
}

/// Restores the previous current context when dropped.
pub(crate) struct CurrentGuard {
    previous: *const WorkerContext,
}

impl Drop for CurrentGuard {
    fn drop(&mut self) {
        CURRENT.with(|c| c.set(self.previous));
    }
}
