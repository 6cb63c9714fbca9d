//! The loop of a thread without work: look for work, spin a little, sleep.
//! Worker threads run it between jobs; a joiner or scope owner runs it while
//! it waits on a latch.

use std::time::Duration;

use super::backoff::Backoff;
use super::context::WorkerContext;
use super::job::JobRef;
use super::latch::Latch;
use super::registry::Registry;
use super::sleep::{Occupant, Slept, AWAKE, IDLE};
use crate::profile::{Event, WorkerState};

/// The longest a waiter that holds seats of other pools further up its
/// stack sleeps before it looks for broadcast jobs queued there: nobody
/// wakes it for those (their pools wake the seat, whose occupant is away).
const OUTER_BROADCAST_LOOK: Duration = Duration::from_millis(1);

/// Where [`Registry::find_work`] found a job.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Found {
    /// The seat's own queue, broadcasts or published jobs.
    Own,
    /// Another seat (stolen).
    OtherSeat,
    /// The injector: a call or a spawn from outside the pool (stolen too).
    Injector,
}

/// What ends a search loop.
#[derive(Clone, Copy)]
enum Until<'a> {
    /// The pool terminates and no work is left (worker threads).
    Terminated,
    /// The latch is set (waiting joiners and scope owners).
    Set(&'a Latch),
}

impl Until<'_> {
    /// The state of a seat that runs this loop between jobs.
    fn idle_state(self) -> WorkerState {
        match self {
            Until::Terminated => WorkerState::Searching,
            Until::Set(_) => WorkerState::Blocked,
        }
    }
}

impl Registry {
    /// The body of worker thread `index`.
    pub(crate) fn run_worker(&self, index: usize) {
        let ctx = WorkerContext::new(self, index, Occupant::Thread);
        let _shown = self.show_owner(index, ctx.owner(), Occupant::Thread);
        if self.rescue().is_some() {
            super::rescue::precise_timeouts();
        }
        ctx.run_current(|| {
            // The seat starts asleep and idle (see `Registry::new`): wait
            // for the first wake-up, which counts this thread as searching.
            let seat = self.seat(index);
            seat.sleep.sleep_started();
            seat.enter(WorkerState::Searching);
            self.search_until(&ctx, Until::Terminated);
            self.idle().stop_searching();
        });
    }

    /// Runs other work until `latch` is set, then returns. The caller is
    /// working on entry and on return.
    pub(crate) fn work_until_set(&self, ctx: &WorkerContext, latch: &Latch) {
        ctx.seat().enter(WorkerState::Blocked);
        self.idle().start_searching();
        self.search_until(ctx, Until::Set(latch));
        self.idle().stop_searching();
        ctx.seat().enter(WorkerState::Working);
    }

    /// Looks for work until `until` holds. The caller is counted as
    /// searching on entry and on return.
    fn search_until(&self, ctx: &WorkerContext, until: Until<'_>) {
        let seat = ctx.seat();
        let mut backoff = Backoff::default();
        loop {
            if let Until::Set(latch) = until {
                if latch.is_set() {
                    self.on_busy(ctx.index());
                    return;
                }
            }
            // Read before the search: work queued before the pool began to
            // terminate is then visible to this search.
            let terminating = matches!(until, Until::Terminated) && self.is_terminating();
            if let Until::Set(_) = until {
                if ctx.run_outer_broadcast() {
                    backoff.reset();
                    continue;
                }
            }
            if let Some((job, found)) = self.find_work(ctx.index()) {
                self.idle().stop_searching();
                self.on_busy(ctx.index());
                if found != Found::Own {
                    self.pass_wake_on();
                    ctx.start_stolen_work();
                }
                seat.enter(WorkerState::Working);
                // SAFETY: `find_work` removed the job from where it was
                // shared, so this thread alone runs it.
                unsafe { job.run(ctx) };
                seat.enter(until.idle_state());
                self.idle().start_searching();
                if found == Found::Injector {
                    // The job's caller waits outside the pool, often on this
                    // very CPU (a woken thread tends to be placed beside its
                    // waker): spinning here would keep it from its result.
                    backoff.skip_spinning();
                } else {
                    backoff.reset();
                }
                continue;
            }
            if terminating {
                return;
            }
            if backoff.snooze() {
                continue;
            }
            // The pool's watcher sleeps with a timeout (`rescue.rs`), and so
            // does a waiter away from seats of other pools.
            let mut timeout = self.watch_timeout(ctx.index());
            if matches!(until, Until::Set(_)) && ctx.holds_outer_seats() {
                timeout =
                    Some(timeout.map_or(OUTER_BROADCAST_LOOK, |t| t.min(OUTER_BROADCAST_LOOK)));
            }
            let slept = match until {
                Until::Terminated => {
                    // Entered before the seat looks asleep: a caller may take
                    // the seat, and its profile, as soon as it does.
                    seat.enter(WorkerState::Sleeping);
                    let slept = seat.sleep.sleep(self.idle(), IDLE, AWAKE, timeout, || {
                        !self.has_work_for(ctx.index()) && !self.is_terminating()
                    });
                    seat.enter(WorkerState::Searching);
                    slept
                }
                Until::Set(latch) => {
                    let occupant = ctx.occupant();
                    let slept = seat.sleep.sleep(
                        self.idle(),
                        occupant.blocked_state(),
                        occupant.awake_state(),
                        timeout,
                        || latch.announce_sleep() && !self.has_work_for(ctx.index()),
                    );
                    latch.withdraw_sleep();
                    slept
                }
            };
            if slept != Slept::Cancelled {
                seat.count(Event::Sleep);
            }
            if slept == Slept::TimedOut && !self.watch(ctx.index()) {
                // Nothing to take: one more look for work, then back to
                // sleep without spinning.
                backoff.sleep_next();
            }
        }
    }

    /// Runs one job that the occupant of `ctx`'s seat could take now, as
    /// `yield_now` and `yield_local` do: from anywhere, or (`local_only`)
    /// from the seat's own queue and broadcasts. Returns whether one ran.
    pub(crate) fn run_one_job(&self, ctx: &WorkerContext, local_only: bool) -> bool {
        let job = if local_only {
            self.find_local_work(ctx.index())
        } else {
            self.find_work(ctx.index()).map(|(job, _)| job)
        };
        let Some(job) = job else {
            return false;
        };
        // SAFETY: the search removed the job from where it was shared, so
        // this thread alone runs it.
        unsafe { job.run(ctx) };
        true
    }

    /// The seat's own work: the newest job of its queue (the oldest in a
    /// `breadth_first` pool), else its oldest broadcast job.
    fn find_local_work(&self, index: usize) -> Option<JobRef> {
        let seat = self.seat(index);
        let own = if self.breadth_first() {
            seat.queue.pop_oldest()
        } else {
            seat.queue.pop_newest()
        };
        own.or_else(|| seat.broadcasts.pop_oldest())
    }

    /// Takes a job to run: the seat's own work (`find_local_work`), else the
    /// seat's own published jobs, else a job another seat published, else the
    /// oldest of another seat's queue, else the injector's oldest. The flag
    /// is true for a job taken from another seat or the injector (stolen).
    ///
    /// A seat's own published job is there when its occupant waits on a
    /// latch (a scope's, say) inside an outer `join` whose `b` was promoted
    /// and not yet taken: the occupant runs it as a thief would, rather than
    /// wait for one (which, if every other thread is blocked, never comes).
    fn find_work(&self, index: usize) -> Option<(JobRef, Found)> {
        let seats = self.seats();
        let own = self
            .find_local_work(index)
            .or_else(|| seats[index].published.steal());
        if let Some(job) = own {
            return Some((job, Found::Own));
        }
        let others = || (1..seats.len()).map(|offset| (index + offset) % seats.len());
        let (job, victim) = others()
            .find_map(|other| seats[other].published.steal().map(|job| (job, Some(other))))
            .or_else(|| {
                others().find_map(|other| {
                    seats[other]
                        .queue
                        .pop_oldest()
                        .map(|job| (job, Some(other)))
                })
            })
            .or_else(|| self.injector().pop_oldest().map(|job| (job, None)))?;
        seats[index].count_steal(victim);
        Some((job, victim.map_or(Found::Injector, |_| Found::OtherSeat)))
    }
}
