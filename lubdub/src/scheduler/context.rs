//! [`WorkerContext`]: the private half of a seat, owned by the thread that
//! occupies it, and the `join` fast path.
//!
//! Pending joins form a list through the joiners' frames (`pending.rs`): a
//! `join` pushes its `b`, runs `a`, and pops `b` again if it was not
//! promoted: a few plain loads and stores, no atomic read-modify-write. A
//! heartbeat promotes the oldest job, the biggest, found by walking the list
//! (a cold path), unlinks it and marks it promoted; so does the rescue
//! signal's handler (`rescue.rs`). See `README.md` beside this file.
//!
//! A thread may occupy seats of several pools at once, one inside another
//! (an `install` into another pool); its [`Entry`] list records them all,
//! so that a call back into an outer pool runs on the seat the thread
//! already holds there.

use std::cell::Cell;
use std::ptr;
use std::ptr::NonNull;
use std::sync::atomic::compiler_fence;

use super::clock::Stamp;
use super::heartbeat::{Countdown, Due, Heartbeat};
use super::job::{PromotedHeader, StackJob};
use super::latch::Latch;
use super::pending_loops::LoopList;
use super::registry::Registry;
use super::rescue::Owner;
use super::seat::Seat;
use super::sleep::Occupant;
use crate::profile::Event;
use crate::sync::Ordering;
use crate::unwind;

mod loop_polls;
mod promotion;

thread_local! {
    /// The context of the seat the thread works on now (the innermost entry).
    static CURRENT: Cell<*const WorkerContext> = const { Cell::new(ptr::null()) };
    /// The innermost [`Entry`] of the thread.
    static ENTRIES: Cell<*const Entry> = const { Cell::new(ptr::null()) };
}

/// One seat the thread works on, innermost first: each
/// [`WorkerContext::run_current`] on the stack adds one. Read by calls into
/// an outer pool and by the rescue signal's handler.
struct Entry {
    ctx: *const WorkerContext,
    outer: *const Entry,
}

pub(crate) struct WorkerContext {
    registry: NonNull<Registry>,
    index: usize,
    occupant: Occupant,
    owner: Owner,
    /// The running loops whose rest a promotion may split (owner-only).
    loops: LoopList,
    /// How many loop pieces this context ever registered: a loop reads it
    /// around a chunk to see whether the chunk ran loops.
    loops_pushed: Cell<u64>,
    /// The loop whose items the chunk countdown was last calibrated on, as
    /// its driver's address (`WorkerContext::loop_piece_starts`); 0 for
    /// none yet.
    calibrated_loop: Cell<usize>,
    heartbeat: Heartbeat,
}

impl WorkerContext {
    /// A context for the occupant of seat `index` of `registry`. The context
    /// must not outlive the registry (it lives in a frame that holds it).
    pub(crate) fn new(registry: &Registry, index: usize, occupant: Occupant) -> Self {
        let heartbeat = Heartbeat::new(registry.heartbeat_period());
        let heartbeat = if occupant == Occupant::Caller && registry.outside_calls_share_at_once() {
            heartbeat.due_at_first_poll()
        } else {
            heartbeat
        };
        Self {
            registry: NonNull::from(registry),
            index,
            occupant,
            owner: Owner::new(),
            loops: LoopList::new(),
            loops_pushed: Cell::new(0),
            calibrated_loop: Cell::new(0),
            heartbeat,
        }
    }

    /// The context of the current thread, or null outside any pool.
    #[inline]
    pub(crate) fn current() -> *const WorkerContext {
        CURRENT.with(Cell::get)
    }

    /// Runs `f` with this as the current thread's context; the previous one
    /// (a nested pool's caller, or none) comes back afterwards.
    pub(crate) fn run_current<R>(&self, f: impl FnOnce() -> R) -> R {
        let entry = Entry {
            ctx: self,
            outer: ENTRIES.with(Cell::get),
        };
        let _restore = Restore {
            ctx: CURRENT.with(Cell::get),
            entry: entry.outer,
        };
        // The entry is complete before the handler can see it.
        compiler_fence(Ordering::SeqCst);
        ENTRIES.with(|e| e.set(&entry));
        CURRENT.with(|c| c.set(self));
        compiler_fence(Ordering::SeqCst);
        f()
    }

    /// Makes this the current thread's context for the rest of the thread's
    /// life, as the outermost entry (`use_current_thread`, `adopt.rs`): the
    /// entry is leaked, as the context is.
    pub(crate) fn make_current_forever(&'static self) {
        let entry: &'static Entry = Box::leak(Box::new(Entry {
            ctx: self,
            outer: ENTRIES.with(Cell::get),
        }));
        compiler_fence(Ordering::SeqCst);
        ENTRIES.with(|e| e.set(entry));
        CURRENT.with(|c| c.set(self));
        compiler_fence(Ordering::SeqCst);
    }

    /// The context of the seat of `registry` this thread holds further up
    /// its stack, if any (the innermost such).
    pub(crate) fn occupying(registry: &Registry) -> Option<&WorkerContext> {
        let mut entry = ENTRIES.with(Cell::get);
        // SAFETY: entries live in frames of this thread that are still on the
        // stack (each is removed before its frame goes), and so do their
        // contexts.
        while let Some(found) = unsafe { entry.as_ref() } {
            // SAFETY: as above.
            let ctx = unsafe { &*found.ctx };
            if ptr::eq(ctx.registry(), registry) {
                return Some(ctx);
            }
            entry = found.outer;
        }
        None
    }

    /// True if this thread holds, further up its stack, a seat of another
    /// pool than this context's: it is away from that seat while it works
    /// or waits here.
    pub(crate) fn holds_outer_seats(&self) -> bool {
        self.outer_contexts().next().is_some()
    }

    /// Runs one broadcast job queued for a seat this thread holds further up
    /// its stack, in another pool, on that seat; true if one ran. A seat
    /// possessed by a caller is served by nobody else while the caller is
    /// away in another pool, and a broadcast to its pool would wait for the
    /// caller to come back (with two pools broadcasting into each other,
    /// forever).
    pub(crate) fn run_outer_broadcast(&self) -> bool {
        for outer in self.outer_contexts() {
            if let Some(job) = outer.seat().broadcasts.pop_oldest() {
                // SAFETY: popping the job made this thread its only runner;
                // the outer seat is this thread's, re-entered as an install
                // back into its pool would.
                outer.run_current(|| unsafe { job.run(outer) });
                return true;
            }
        }
        false
    }

    /// The contexts of the seats this thread holds in other pools than this
    /// context's, innermost first.
    fn outer_contexts(&self) -> impl Iterator<Item = &WorkerContext> + '_ {
        let mut entry = ENTRIES.with(Cell::get);
        std::iter::from_fn(move || {
            // SAFETY: as in `occupying`: entries and their contexts live in
            // frames of this thread that are still on the stack.
            while let Some(found) = unsafe { entry.as_ref() } {
                entry = found.outer;
                // SAFETY: as above.
                let ctx = unsafe { &*found.ctx };
                if !ptr::eq(ctx.registry(), self.registry()) {
                    return Some(ctx);
                }
            }
            None
        })
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

    /// True while this thread has a `join` whose `b` waits unpromoted.
    pub(crate) fn has_pending_joins(&self) -> bool {
        !self.owner.pending.looks_empty()
    }

    pub(crate) fn seat(&self) -> &Seat {
        self.registry().seat(self.index)
    }

    /// What watchers may read of this occupant (`rescue.rs`).
    pub(crate) fn owner(&self) -> &Owner {
        &self.owner
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
        self.join_inner::<{ Offer::AtBeat as u8 }, _, _, _, _>(a, b)
    }

    /// The merges' split (`slice/sort/merge.rs`): `join`, but the oldest
    /// pending work is promoted at once instead of on the countdown, so `b`,
    /// or an older and larger job, is stealable right away; a merge calls it
    /// after [`WorkerContext::split_poll`] said a thread is idle.
    ///
    /// `a` always runs inline on this thread, so it need not be `Send`.
    pub(crate) fn join_split<A, B, RA, RB>(&self, a: A, b: B) -> (RA, RB)
    where
        A: FnOnce() -> RA,
        B: FnOnce() -> RB + Send,
        RA: Send,
        RB: Send,
    {
        self.join_inner::<{ Offer::Now as u8 }, _, _, _, _>(a, b)
    }

    /// The join of a cut made up front rather than at a heartbeat (the
    /// unindexed bridge's first cuts, `iter/plumbing/bridge.rs`, whose
    /// halves poll no heartbeat while they fold): where some seat is idle,
    /// [`WorkerContext::join_split`], so that `b` is stealable at once and
    /// a sleeper wakes for it, as a Rayon join makes it; else `b` stands
    /// published, if it is all this thread has pending, for a thread that
    /// turns idle later (a caller done with its own half), waking nobody
    /// (`README.md`, "Standing offers").
    pub(crate) fn join_offering<A, B, RA, RB>(&self, a: A, b: B) -> (RA, RB)
    where
        A: FnOnce() -> RA + Send,
        B: FnOnce() -> RB + Send,
        RA: Send,
        RB: Send,
    {
        if self.registry().idle().any_idle() {
            self.join_split(a, b)
        } else {
            self.join_inner::<{ Offer::Standing as u8 }, _, _, _, _>(a, b)
        }
    }

    /// The body of the joins; `OFFER` (an [`Offer`]) is a constant, so
    /// `join` compiles to exactly the countdown fast path. `a` runs on this
    /// thread.
    #[inline(always)]
    fn join_inner<const OFFER: u8, A, B, RA, RB>(&self, a: A, b: B) -> (RA, RB)
    where
        A: FnOnce() -> RA,
        B: FnOnce() -> RB + Send,
        RA: Send,
        RB: Send,
    {
        let pending = &self.owner.pending;
        let older = pending.newest();
        let job = StackJob::new(b, older);
        // SAFETY: on this thread; `job` was built with the newest job as its
        // link, and stays in this frame until it is popped or its promotion
        // is resolved below.
        unsafe { pending.push(job.header_ptr()) };
        let mut standing = false;
        if OFFER == Offer::Now as u8 {
            self.promote(true);
        } else if OFFER == Offer::Standing as u8 {
            // Only `b` is pending, so the oldest join the offer publishes
            // is `b` itself.
            standing = older.is_null() && self.offer_standing();
        } else if self.heartbeat.joins.count_down() {
            self.on_heartbeat();
        }
        let ra = match unwind::halt(a) {
            Ok(ra) => ra,
            Err(payload) => self.finish_after_panic(&job, !standing, payload),
        };
        let rb = if pending.pop(job.header()) {
            // SAFETY: `b` was never promoted, so no other thread can reach it.
            unsafe { job.run_inline() }
        } else {
            // A standing offer is no beat's promotion: how it ended says
            // nothing of the heartbeat's spacing.
            self.finish_promoted(&job, !standing)
        };
        (ra, rb)
    }

    /// `a` panicked: `b` still runs (or is waited for), then the panic goes
    /// on. `settles` as in [`WorkerContext::finish_promoted`].
    #[cold]
    #[inline(never)]
    fn finish_after_panic<F, R>(
        &self,
        job: &StackJob<F, R>,
        settles: bool,
        payload: Box<dyn std::any::Any + Send>,
    ) -> !
    where
        F: FnOnce() -> R + Send,
        R: Send,
    {
        if self.owner.pending.pop(job.header()) {
            // SAFETY: never promoted; only this thread can reach `b`. Its own
            // panic, if any, is dropped in favour of `a`'s, as Rayon does.
            let _ = unwind::halt(|| unsafe { job.run_inline() });
        } else {
            let _ = unwind::halt(|| self.finish_promoted(job, settles));
        }
        unwind::resume(payload)
    }

    /// The job was promoted: take it back if no thief has, or wait for the
    /// thief. Everything younger was popped already, and the promotion
    /// unlinked the job; only a stale link to it may be left to drop. With
    /// `settles`, how it ended counts as the end of the last promotion
    /// ([`WorkerContext::settled`]).
    #[cold]
    #[inline(never)]
    fn finish_promoted<F, R>(&self, job: &StackJob<F, R>, settles: bool) -> R
    where
        F: FnOnce() -> R + Send,
        R: Send,
    {
        self.owner.pending.forget(job.header_ptr());
        let taken_back = self.take_back(job.header_ptr());
        if settles {
            self.settled(!taken_back);
        }
        if taken_back {
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

    /// Takes the promoted `job` back out of this seat's published slots;
    /// false if a thief took it. The owner then runs it, or waits for it.
    pub(crate) fn take_back(&self, job: *const PromotedHeader) -> bool {
        self.seat()
            .published
            .take_back(PromotedHeader::job_ref(job))
    }

    /// Records how the jobs of this thread's last promotion ended: whether
    /// a thief took any of them (else the promotion was wasted, and the
    /// next beats are spaced out: `heartbeat.rs`).
    ///
    /// A call from outside also tells its pool, whose next such call then
    /// starts with its work offered at once, or not (`README.md`, "Calls
    /// that start shared").
    pub(crate) fn settled(&self, any_taken: bool) {
        self.heartbeat.settled(any_taken);
        if self.occupant == Occupant::Caller {
            self.registry().outside_call_settled(any_taken);
        }
    }

    /// The thread is about to run a job it took from another seat (or the
    /// pool's queue): its heartbeat is due at once, and its first poll
    /// reads the clock, so that while other seats are idle it passes part
    /// of the job on right away instead of a period later
    /// (`README.md`, "Filling the pool").
    pub(crate) fn start_stolen_work(&self) {
        self.heartbeat.make_eager();
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
        self.beat_if_due(&self.heartbeat.joins);
    }

    /// Reads the clock for `countdown`; on a due heartbeat with an idle
    /// seat, promotes, and a promotion counts as the beat.
    fn beat_if_due(&self, countdown: &Countdown) {
        if let Some(due) = self.check_heartbeat(countdown) {
            if self.registry().idle().any_idle() && self.promote(due.wakes) {
                self.heartbeat.beat(due.now);
            }
        }
    }

    /// Reads the clock for `countdown` (joins' or chunks'); says whether a
    /// heartbeat is due, and counts the first due heartbeat of each period
    /// for the profile.
    fn check_heartbeat(&self, countdown: &Countdown) -> Option<Due> {
        let now = Stamp::now();
        if self.registry().rescue().is_some() {
            self.owner.polled(now);
            if !self.owner.pending.looks_empty() || self.owner.runs_loops() {
                self.registry().arm_watcher();
            }
        }
        if self.heartbeat.is_outstanding() && self.seat().published.is_empty() {
            // Thieves took every piece of the last promotion: others may be
            // idle still, so the next beat is due at once.
            self.heartbeat.all_taken();
        }
        let due = self.heartbeat.check(countdown, now)?;
        if self.heartbeat.starts_period(due.now) {
            self.seat().count(Event::Heartbeat);
        }
        Some(due)
    }
}

/// The rescue signal's handler (`interrupt.rs`): on each seat the thread
/// occupies, publishes the oldest pending job if the slot is free, unless the
/// thread is promoting there itself, or else, if the thread runs a loop
/// there, asks the loop's next poll to read the clock; then tells a waiting
/// watcher it ran.
///
/// Async-signal-safe: atomics and plain memory only, no allocation, lock,
/// clock read or system call; the thread-local reads are of `const`
/// thread-locals without destructors, plain TLS accesses.
#[cfg_attr(miri, allow(dead_code))] // no signals under Miri
pub(crate) fn rescue_from_signal() {
    let mut entry = ENTRIES.with(Cell::get);
    // SAFETY: as in `WorkerContext::occupying`; the compiler fences in
    // `run_current` and `Restore::drop` keep the list whole at every
    // instruction the handler can interrupt.
    while let Some(found) = unsafe { entry.as_ref() } {
        // SAFETY: as above.
        let ctx = unsafe { &*found.ctx };
        let free =
            !ctx.owner.promoting.load(Ordering::Relaxed) && ctx.seat().published.free_slots() > 0;
        // SAFETY: on the owner thread, which is not inside its own
        // promotion (the flag), and the handler is not re-entered (its
        // signal is blocked while it runs); a slot is free.
        if free && unsafe { ctx.publish_oldest_joins(1) } > 0 {
            // A lock-free counter; the trace ring is left alone (it locks).
            ctx.seat().account.count(Event::Promotion);
        } else if ctx.owner.runs_loops() {
            ctx.owner.request_poll();
        }
        ctx.seat().rescue.handled();
        entry = found.outer;
    }
}

/// When a `join` offers its `b` to other threads: `join_inner`'s `OFFER`,
/// as a `u8` (a const parameter cannot be an enum on stable Rust).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Offer {
    /// At a due heartbeat, counted down ([`WorkerContext::join`]).
    AtBeat,
    /// At once, waking a sleeper for it ([`WorkerContext::join_split`]).
    Now,
    /// At once if it is all the thread has pending, waking nobody
    /// ([`WorkerContext::join_offering`]).
    Standing,
}

/// Restores the previous current context and entry when dropped.
struct Restore {
    ctx: *const WorkerContext,
    entry: *const Entry,
}

impl Drop for Restore {
    fn drop(&mut self) {
        compiler_fence(Ordering::SeqCst);
        CURRENT.with(|c| c.set(self.ctx));
        ENTRIES.with(|e| e.set(self.entry));
        compiler_fence(Ordering::SeqCst);
    }
}
