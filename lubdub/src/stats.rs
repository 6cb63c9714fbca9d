//! Per-worker event counters: [`PoolStats`] and [`WorkerStats`].
//!
//! Every counter is bumped only on a slow path (a promotion, a steal, a sleep,
//! a wake-up), never per `join`, so keeping them costs nothing measurable.

use std::fmt;

use crate::sync::{AtomicU64, Ordering};

/// The counters one worker seat keeps. Updated with relaxed atomics: a
/// snapshot is a consistent count of each event, not a consistent cut across
/// events.
#[derive(Default)]
pub(crate) struct SeatCounters {
    pub(crate) promotions: AtomicU64,
    pub(crate) steals: AtomicU64,
    pub(crate) sleeps: AtomicU64,
    pub(crate) wakeups: AtomicU64,
}

impl SeatCounters {
    pub(crate) fn bump(counter: &AtomicU64) {
        counter.fetch_add(1, Ordering::Relaxed);
    }

    pub(crate) fn snapshot(&self, index: usize) -> WorkerStats {
        WorkerStats {
            index,
            promotions: self.promotions.load(Ordering::Relaxed),
            steals: self.steals.load(Ordering::Relaxed),
            sleeps: self.sleeps.load(Ordering::Relaxed),
            wakeups: self.wakeups.load(Ordering::Relaxed),
        }
    }
}

/// What one worker did since its pool started.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct WorkerStats {
    /// The worker's index, as [`crate::current_thread_index`] reports it.
    pub index: usize,
    /// Pending jobs this worker made stealable on a heartbeat.
    pub promotions: u64,
    /// Jobs this worker took from another worker or from the pool's queue.
    pub steals: u64,
    /// Times this worker went to sleep for lack of work.
    pub sleeps: u64,
    /// Times this worker was woken because work appeared or its wait ended.
    pub wakeups: u64,
}

/// A snapshot of every worker's counters, from [`crate::ThreadPool::stats`]
/// or [`crate::stats`].
///
/// ```
/// let pool = lubdub::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
/// pool.install(|| lubdub::join(|| (), || ()));
/// let stats = pool.stats();
/// assert_eq!(stats.workers.len(), 2);
/// println!("{stats}");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct PoolStats {
    /// One entry per worker, by index.
    pub workers: Vec<WorkerStats>,
}

impl PoolStats {
    /// The sum over all workers (its `index` is the number of workers).
    ///
    /// ```
    /// let pool = lubdub::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
    /// let total = pool.stats().total();
    /// assert_eq!(total.index, 2);
    /// assert_eq!(total.steals, pool.stats().workers.iter().map(|w| w.steals).sum::<u64>());
    /// ```
    pub fn total(&self) -> WorkerStats {
        self.workers.iter().fold(
            WorkerStats {
                index: self.workers.len(),
                ..WorkerStats::default()
            },
            |sum, w| WorkerStats {
                index: sum.index,
                promotions: sum.promotions + w.promotions,
                steals: sum.steals + w.steals,
                sleeps: sum.sleeps + w.sleeps,
                wakeups: sum.wakeups + w.wakeups,
            },
        )
    }
}

impl fmt::Display for PoolStats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{:>6} {:>12} {:>12} {:>12} {:>12}",
            "worker", "promotions", "steals", "sleeps", "wakeups"
        )?;
        let row = |f: &mut fmt::Formatter<'_>, name: &str, w: &WorkerStats| {
            writeln!(
                f,
                "{:>6} {:>12} {:>12} {:>12} {:>12}",
                name, w.promotions, w.steals, w.sleeps, w.wakeups
            )
        };
        for w in &self.workers {
            row(f, &w.index.to_string(), w)?;
        }
        row(f, "total", &self.total())
    }
}
