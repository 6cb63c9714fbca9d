//! [`wait_until`]: wait for something outside the pool (an MPI request, a
//! device, a flag set by another process) while the waiting thread runs the
//! pool's other work.
//!
//! A joiner whose stolen half has not ended waits on a latch that the thief
//! sets (`scheduler/worker.rs`, `work_until_set`). Nobody sets a latch when
//! an MPI request completes: its completion is learnt by asking (`MPI_Test`).
//! So this wait asks `ready` between jobs, and otherwise does what a joiner
//! does: its seat counts as idle (a heartbeat elsewhere then shares work
//! with it) and as `Blocked` in the profile, and it runs the jobs it finds.
//! It also polls its own heartbeat, so the work it left pending (the `b` of
//! a `join` around the wait) is shared, with others or with itself: a
//! `join(|| send(..), || receive(..))` cannot wait for itself.
//! Unlike a joiner it never falls asleep, since nothing would wake it: when
//! there is no work it spins a little, then yields the CPU between polls.

use crate::pool::current_context;
use crate::profile::WorkerState;
use crate::scheduler::context::WorkerContext;

/// Failed polls spent spinning before each one also yields the CPU.
const SPIN_POLLS: u32 = 64;
/// Pause instructions between two polls while spinning.
const PAUSES_PER_POLL: u32 = 32;

/// Returns once `ready()` returns true, running other jobs of the current
/// pool meanwhile.
///
/// Made for waits on things that complete outside the pool and that one
/// learns about only by asking, such as a non-blocking MPI request
/// (`|| request.test()`). While it waits, the calling seat counts as idle,
/// so a busy worker's next heartbeat shares its work with this one, and as
/// [`WorkerState::Blocked`] in [`crate::ThreadPool::profile`] (the jobs it
/// runs meanwhile count as `Working`). At its own heartbeats it shares its
/// own oldest pending work, such as the `b` of a `join` around the wait,
/// and may run it itself. `ready` is called at least once, on the calling
/// thread, between jobs (never inside one), and not again after
/// it returned true. Outside every pool this polls `ready` without running
/// anything else. A panic in `ready` propagates to the caller, whose seat is
/// then counted as working again.
///
/// The wait never sleeps: when no work is found it spins briefly, then
/// yields the CPU to the operating system between polls, as an MPI
/// library's own blocking wait polls the network.
///
/// ```
/// use std::sync::atomic::{AtomicBool, Ordering};
/// let pool = lubdub::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
/// let done = AtomicBool::new(false);
/// pool.install(|| {
///     lubdub::scope(|s| {
///         // The pool's only thread waits; the spawned job can run only on it.
///         s.spawn(|_| done.store(true, Ordering::Release));
///         lubdub::wait_until(|| done.load(Ordering::Acquire));
///     })
/// });
/// assert!(done.load(Ordering::Relaxed));
/// ```
pub fn wait_until(mut ready: impl FnMut() -> bool) {
    if ready() {
        return;
    }
    match current_context() {
        Some(ctx) => help_until(ctx, &mut ready),
        None => {
            let mut polls = 0;
            while !ready() {
                back_off(&mut polls);
            }
        }
    }
}

/// The wait of a thread that works in a pool: search and run jobs, polling
/// `ready` between them.
fn help_until(ctx: &WorkerContext, ready: &mut dyn FnMut() -> bool) {
    let registry = ctx.registry();
    let index = ctx.index();
    let _blocked = Blocked::enter(ctx);
    let mut polls = 0;
    while !ready() {
        // A heartbeat due here shares the waiter's own oldest pending work
        // (a `join`'s `b`, a loop's rest), as one due in a `join` would: the
        // waiter counts as idle. It may then take that work itself below.
        ctx.loop_poll(1);
        if !registry.has_work_for(index) {
            back_off(&mut polls);
            continue;
        }
        registry.idle().stop_searching();
        registry.on_busy(index);
        ctx.seat().enter(WorkerState::Working);
        let _back_to_blocked = Blocked::on_drop(ctx);
        if registry.run_one_job(ctx, false) {
            polls = 0;
        }
    }
}

/// One failed poll: spin while the wait is young, then also yield the CPU.
fn back_off(polls: &mut u32) {
    if *polls < SPIN_POLLS {
        *polls += 1;
        (0..PAUSES_PER_POLL).for_each(|_| std::hint::spin_loop());
    } else {
        std::thread::yield_now();
    }
}

/// The seat is `Blocked` and counted as searching while this lives, and the
/// occupant of a working seat again after it, even when `ready` or a job
/// panics.
struct Blocked<'a> {
    ctx: &'a WorkerContext,
    /// True for the guard of the whole wait (drop: back to `Working`); false
    /// for the guard around one job (drop: back to `Blocked`).
    whole_wait: bool,
}

impl<'a> Blocked<'a> {
    /// Working -> Blocked, for the whole wait.
    fn enter(ctx: &'a WorkerContext) -> Self {
        ctx.seat().enter(WorkerState::Blocked);
        ctx.registry().idle().start_searching();
        Self {
            ctx,
            whole_wait: true,
        }
    }

    /// Back to Blocked when a job run during the wait ends.
    fn on_drop(ctx: &'a WorkerContext) -> Self {
        Self {
            ctx,
            whole_wait: false,
        }
    }
}

impl Drop for Blocked<'_> {
    fn drop(&mut self) {
        let (seat, registry) = (self.ctx.seat(), self.ctx.registry());
        let idle = registry.idle();
        if self.whole_wait {
            idle.stop_searching();
            registry.on_busy(self.ctx.index());
            seat.enter(WorkerState::Working);
        } else {
            seat.enter(WorkerState::Blocked);
            idle.start_searching();
        }
    }
}
