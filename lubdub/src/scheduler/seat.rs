//! [`Seat`]: the shared half of one worker slot of a pool.
//!
//! A seat is occupied by its worker thread, or by a caller from outside the
//! pool that took it while the thread slept (see `sleep.rs`). Whoever occupies
//! it publishes promoted jobs in [`Seat::published`] and queues heap jobs in
//! [`Seat::queue`]; other threads steal from both. The occupant also keeps
//! the seat's profile ([`SeatAccount`]) and its trace ring, which records
//! while tracing is on. Two more queues belong to the seat alone:
//! [`Seat::broadcasts`], which only the seat's occupant runs, and
//! [`Seat::fifo`], behind the tokens of the occupant's `spawn_fifo` jobs.

use super::fifo::FifoQueue;
use super::published::Published;
use super::queue::JobQueue;
use super::rescue::SeatRescue;
use super::settings::Observation;
use super::sleep::SeatSleep;
use crate::profile::{self, Event, SeatAccount, WorkerState};
use crate::trace::{TraceEventKind, TraceRing};

/// Aligned to two cache lines so that seats do not share lines (adjacent-line
/// prefetch pairs lines on x86).
#[repr(align(128))]
pub(crate) struct Seat {
    /// Promoted jobs waiting for thieves (`published.rs`).
    pub(crate) published: Published,
    pub(crate) queue: JobQueue,
    /// Broadcast jobs for this seat, oldest first. Never stolen: only the
    /// seat's occupant runs them (see `broadcast.rs`).
    pub(crate) broadcasts: JobQueue,
    /// The `spawn_fifo` jobs queued by this seat's occupants; their tokens
    /// are in [`Seat::queue`].
    pub(crate) fifo: FifoQueue,
    pub(crate) sleep: SeatSleep,
    /// Who occupies the seat, for the pool's watcher (`rescue.rs`).
    pub(crate) rescue: SeatRescue,
    pub(crate) account: SeatAccount,
    pub(crate) trace: TraceRing,
}

impl Seat {
    /// A seat asleep since `start` (see [`profile::now`]).
    pub(crate) fn new(observation: &Observation, start: u64) -> Self {
        Self {
            published: Published::new(),
            queue: JobQueue::new(),
            broadcasts: JobQueue::new(),
            fifo: FifoQueue::new(),
            sleep: SeatSleep::new_idle(),
            rescue: SeatRescue::new(),
            account: SeatAccount::new(observation.profiling, start),
            trace: TraceRing::new(observation.tracing, observation.trace_capacity),
        }
    }

    /// The occupant enters `state`: its profile and trace note the change.
    /// Called on state changes only (taking a job, finishing it, sleeping,
    /// waking, blocking), never per `join`.
    pub(crate) fn enter(&self, state: WorkerState) {
        let now = if self.trace.is_on() {
            self.trace.record(TraceEventKind::State(state))
        } else if self.account.enabled() {
            profile::now()
        } else {
            return;
        };
        self.account.enter(state, now);
    }

    /// Counts `event`; promotions and wake-ups also go into the trace.
    pub(crate) fn count(&self, event: Event) {
        self.account.count(event);
        let traced = match event {
            Event::Promotion => TraceEventKind::Promotion,
            Event::Wakeup => TraceEventKind::Wakeup,
            Event::Steal | Event::Sleep | Event::Heartbeat => return,
        };
        if self.trace.is_on() {
            self.trace.record(traced);
        }
    }

    /// Counts and traces a job taken from seat `victim` (or the pool's
    /// queue).
    pub(crate) fn count_steal(&self, victim: Option<usize>) {
        self.account.count(Event::Steal);
        if self.trace.is_on() {
            self.trace.record(TraceEventKind::Steal { victim });
        }
    }

    /// True if some thread could take work from this seat.
    pub(crate) fn has_work(&self) -> bool {
        !self.published.is_empty() || !self.queue.looks_empty()
    }
}
