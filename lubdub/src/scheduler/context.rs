//! [`WorkerContext`]: the private half of a seat, owned by the thread that
//! occupies it, and the `join` fast path.
//!
//! Pending joins live in a fixed array of pointers to [`PromotedHeader`]s in
//! the joiners' frames: `pending[bottom..top]`, oldest first. A `join` pushes
//! at `top` and, when `b` is still there after `a`, pops it: two plain stores
//! and a compare. A heartbeat promotes `pending[bottom]`, the oldest and
//! biggest job, by moving it to the seat's published slot and advancing
//! `bottom`. So a join's job was promoted exactly when `bottom` has moved past
//! its index. See `README.md` beside this file.

use std::cell::{Cell, UnsafeCell};
use std::mem::MaybeUninit;
use std::ptr;
use std::ptr::NonNull;

use super::heartbeat::Heartbeat;
use super::job::{PromotedHeader, StackJob};
use super::latch::Latch;
use super::registry::Registry;
use super::seat::Seat;
use super::sleep::Occupant;
use crate::stats::SeatCounters;
use crate::sync::Ordering;
use crate::unwind;

/// Pending joins one context tracks. Deeper joins still run, in order, but
/// cannot be promoted: the oldest ones, the biggest, are the ones shared.
pub(crate) const PENDING_CAPACITY: usize = 1024;

thread_local! {
    static CURRENT: Cell<*const WorkerContext> = const { Cell::new(ptr::null()) };
}

pub(crate) struct WorkerContext {
    registry: NonNull<Registry>,
    index: usize,
    occupant: Occupant,
    pending: UnsafeCell<[MaybeUninit<*const PromotedHeader>; PENDING_CAPACITY]>,
    top: Cell<usize>,
    bottom: Cell<usize>,
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
            pending: UnsafeCell::new([MaybeUninit::uninit(); PENDING_CAPACITY]),
            top: Cell::new(0),
            bottom: Cell::new(0),
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
        let job = StackJob::new(b);
        let index = self.top.get();
        if index < PENDING_CAPACITY {
            // SAFETY: `index` is in bounds, and only this thread touches the
            // array; the entry stays valid while `job` lives, and `job` is not
            // left before it is popped or its promotion is resolved below.
            unsafe { (*self.pending.get())[index].write(job.header()) };
            self.top.set(index + 1);
        }
        if self.heartbeat.count_down() {
            self.on_heartbeat();
        }
        let ra = match unwind::halt(a) {
            Ok(ra) => ra,
            Err(payload) => self.finish_after_panic(index, &job, payload),
        };
        let rb = if self.bottom.get() <= index {
            self.top.set(index);
            // SAFETY: `b` was never promoted, so no other thread can reach it.
            unsafe { job.run_inline() }
        } else {
            self.finish_promoted(index, &job)
        };
        (ra, rb)
    }

    /// `a` panicked: `b` still runs (or is waited for), then the panic goes on.
    #[cold]
    #[inline(never)]
    fn finish_after_panic<F, R>(
        &self,
        index: usize,
        job: &StackJob<F, R>,
        payload: Box<dyn std::any::Any + Send>,
    ) -> !
    where
        F: FnOnce() -> R + Send,
        R: Send,
    {
        if self.bottom.get() <= index {
            self.top.set(index);
            // SAFETY: never promoted; only this thread can reach `b`. Its own
            // panic, if any, is dropped in favour of `a`'s, as Rayon does.
            let _ = unwind::halt(|| unsafe { job.run_inline() });
        } else {
            let _ = unwind::halt(|| self.finish_promoted(index, job));
        }
        unwind::resume(payload)
    }

    /// The job at `index` was promoted: take it back if no thief has, or wait
    /// for the thief.
    #[cold]
    #[inline(never)]
    fn finish_promoted<F, R>(&self, index: usize, job: &StackJob<F, R>) -> R
    where
        F: FnOnce() -> R + Send,
        R: Send,
    {
        // Everything younger was popped and everything older was promoted.
        self.top.set(index);
        self.bottom.set(index);
        let published = job.header().job_ref().as_ptr();
        let reclaimed = self
            .seat()
            .published
            .compare_exchange(published, ptr::null_mut(), Ordering::Relaxed, Ordering::Relaxed)
            .is_ok();
        if reclaimed {
            // SAFETY: the job left the published slot before any thief took it.
            return unsafe { job.run_inline() };
        }
        self.wait_until(&job.header().latch);
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
        if let Some(now) = self.heartbeat.check() {
            if self.registry().idle().any_idle() && self.promote() {
                self.heartbeat.beat(now);
            }
        }
    }

    /// Publishes the oldest pending job. Returns false if there is none, or
    /// the seat's previous promotion is still waiting for a thief.
    fn promote(&self) -> bool {
        let bottom = self.bottom.get();
        if bottom >= self.top.get() {
            return false;
        }
        let seat = self.seat();
        if !seat.published.load(Ordering::Relaxed).is_null() {
            return false;
        }
        // SAFETY: entries in `bottom..top` were written by `join` and point
        // to jobs whose frames are still live (they have not returned).
        let header = unsafe { &*(*self.pending.get())[bottom].assume_init() };
        self.bottom.set(bottom + 1);
        header.owner_seat.set(self.index);
        // Release: a thief that takes the job sees the closure and the owner.
        seat.published
            .store(header.job_ref().as_ptr(), Ordering::Release);
        SeatCounters::bump(&seat.counters.promotions);
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
