//! Event traces of a pool: [`Trace`], written as Chrome trace-event JSON
//! that Perfetto (<https://ui.perfetto.dev>) and `chrome://tracing` open.
//!
//! A traced pool records, per worker, every change of [`WorkerState`] and
//! every promotion, steal and wake-up, with its time, in a ring of bounded
//! size ([`crate::DEFAULT_TRACE_CAPACITY`] events unless
//! [`crate::ThreadPoolBuilder::trace_capacity`] says otherwise): when a ring
//! is full the oldest events make room and are counted as dropped. Events are
//! recorded only where the profile's clock is read anyway, never per `join`.
//!
//! Tracing is on from the start for a pool built with
//! [`crate::ThreadPoolBuilder::tracing`] or
//! [`crate::ThreadPoolBuilder::trace_file`], and for every pool when the
//! `LUBDUB_TRACE` variable ([`crate::TRACE_ENV`]) names a file;
//! [`crate::ThreadPool::set_tracing`] turns it on and off. A pool with a
//! file writes its trace there when it ends (when its last thread exits after
//! the pool is dropped, or before [`crate::ThreadPool::shutdown`] returns) and
//! on [`crate::ThreadPool::flush_trace`]; pools writing to the same file share
//! it, one Perfetto "process" per pool. The global pool is never dropped: a
//! program that traces it calls [`crate::flush_trace`] before it exits.
//!
//! ```
//! let path = std::env::temp_dir().join(format!("lubdub-doc-{}.json", std::process::id()));
//! let pool = lubdub::ThreadPoolBuilder::new()
//!     .num_threads(2)
//!     .trace_file(&path)
//!     .build()
//!     .unwrap();
//! pool.install(|| lubdub::join(|| (), || ()));
//! let trace = pool.trace();
//! assert_eq!(trace.workers.len(), 2);
//! pool.shutdown(); // writes the file
//! let json = std::fs::read_to_string(&path).unwrap();
//! assert!(json.starts_with('{') && json.contains("traceEvents"));
//! # std::fs::remove_file(&path).unwrap();
//! ```

mod chrome;
mod file;
mod ring;

use std::time::Duration;

use crate::profile::WorkerState;

pub(crate) use file::write_to_file;
pub(crate) use ring::TraceRing;

/// One traced event of a worker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TraceEvent {
    /// When it happened, since the first pool of the process started.
    pub time: Duration,
    /// What happened.
    pub kind: TraceEventKind,
}

/// What a [`TraceEvent`] records.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum TraceEventKind {
    /// The worker entered this state; it lasts until the next `State` event.
    State(WorkerState),
    /// The worker made one of its pending jobs stealable.
    Promotion,
    /// The worker took a job from seat `victim`, or from the pool's queue
    /// when `victim` is `None`.
    Steal {
        /// The seat the job came from.
        victim: Option<usize>,
    },
    /// Another thread woke the worker.
    Wakeup,
}

/// The events one worker recorded, oldest first.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct WorkerTrace {
    /// The worker's index.
    pub index: usize,
    /// The events still in the worker's ring, in time order.
    pub events: Vec<TraceEvent>,
    /// Events that the ring dropped to make room for newer ones.
    pub dropped: u64,
}

impl WorkerTrace {
    /// The stretches of time the worker spent in each state, in order, as
    /// `(state, start, end)`; the last one ends at `end`. Time before the
    /// first recorded state change is not covered.
    pub fn states(
        &self,
        end: Duration,
    ) -> impl Iterator<Item = (WorkerState, Duration, Duration)> + '_ {
        let mut changes = self.events.iter().filter_map(|e| match e.kind {
            TraceEventKind::State(state) => Some((state, e.time)),
            _ => None,
        });
        let mut current = changes.next();
        std::iter::from_fn(move || {
            let (state, start) = current?;
            current = changes.next();
            let stop = current.map_or(end, |(_, next)| next);
            Some((state, start, stop.max(start)))
        })
    }
}

/// The events of one pool's workers, from [`crate::ThreadPool::trace`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Trace {
    /// The pool's number in this process (pools are numbered from 0 as they
    /// are built).
    pub pool: usize,
    /// When the pool started, since the first pool of the process started.
    pub started: Duration,
    /// When this trace was taken: the end of every worker's last state.
    pub taken: Duration,
    /// One entry per worker seat, by index.
    pub workers: Vec<WorkerTrace>,
}

impl Trace {
    /// Writes this trace alone as Chrome trace-event JSON.
    ///
    /// # Errors
    /// Whatever `out` returns.
    pub fn write_chrome_json(&self, out: impl std::io::Write) -> std::io::Result<()> {
        chrome::write(&[self], 0, out)
    }

    /// Events dropped by all workers' rings together.
    pub fn dropped(&self) -> u64 {
        self.workers.iter().map(|w| w.dropped).sum()
    }
}
