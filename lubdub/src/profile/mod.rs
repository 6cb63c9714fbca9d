//! Where each worker's time went: [`Profile`], from [`crate::ThreadPool::profile`].
//!
//! Every seat of a pool accounts its wall time into four [`WorkerState`]s
//! (working, searching, sleeping, blocked) and counts its scheduling
//! [`Event`]s. The clock is read only when a seat changes state (it takes or
//! finishes a stolen job, falls asleep, starts to wait for a stolen half),
//! never per `join`, so profiling is on by default; `README.md` beside this
//! file gives the protocol and its cost.
//!
//! ```
//! let pool = lubdub::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
//! let before = pool.profile();
//! let total: u64 = pool.install(|| {
//!     use lubdub::prelude::*;
//!     (0..1_000_000u64).into_par_iter().sum()
//! });
//! assert_eq!(total, 999_999 * 1_000_000 / 2);
//! let profile = pool.profile().since(&before);
//! println!("{profile}"); // a table per worker, and a verdict
//! assert_eq!(profile.workers.len(), 2);
//! ```

mod account;
mod verdict;

use std::fmt;
use std::ops::Add;
use std::time::Duration;

pub(crate) use account::{now, SeatAccount};
pub use verdict::Verdict;

/// What a worker seat is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WorkerState {
    /// Running work: a call from outside, or a job it took.
    Working,
    /// Looking for work to take, spinning or yielding between looks.
    Searching,
    /// Asleep for lack of work.
    Sleeping,
    /// Waiting for a stolen half of a `join` (or a scope's spawned jobs)
    /// to finish, looking for other work or asleep meanwhile.
    Blocked,
}

impl WorkerState {
    /// How many states there are.
    pub const COUNT: usize = 4;
    /// Every state, in the order of their indexes (`state as usize`).
    pub const ALL: [WorkerState; Self::COUNT] = [
        WorkerState::Working,
        WorkerState::Searching,
        WorkerState::Sleeping,
        WorkerState::Blocked,
    ];

    /// The state's name in tables and traces.
    pub fn name(self) -> &'static str {
        match self {
            WorkerState::Working => "working",
            WorkerState::Searching => "searching",
            WorkerState::Sleeping => "sleeping",
            WorkerState::Blocked => "blocked",
        }
    }
}

/// A scheduling event a worker counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Event {
    /// A pending job made stealable on a heartbeat, or by a loop's split.
    Promotion,
    /// A job taken from another seat or from the pool's queue.
    Steal,
    /// The worker fell asleep, for lack of work or while blocked.
    Sleep,
    /// Another thread woke the worker.
    Wakeup,
    /// A heartbeat period ended while the worker ran joins or loops.
    Heartbeat,
}

impl Event {
    /// How many kinds of events there are.
    pub const COUNT: usize = 5;
    /// Every event kind, in the order of their indexes (`event as usize`).
    pub const ALL: [Event; Self::COUNT] = [
        Event::Promotion,
        Event::Steal,
        Event::Sleep,
        Event::Wakeup,
        Event::Heartbeat,
    ];

    /// The event's name in tables and traces (plural, as counted).
    pub fn name(self) -> &'static str {
        match self {
            Event::Promotion => "promotions",
            Event::Steal => "steals",
            Event::Sleep => "sleeps",
            Event::Wakeup => "wakeups",
            Event::Heartbeat => "heartbeats",
        }
    }
}

/// Where one worker's time went.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct WorkerProfile {
    /// The worker's index, as [`crate::current_thread_index`] reports it.
    pub index: usize,
    time: [Duration; WorkerState::COUNT],
    counts: [u64; Event::COUNT],
}

impl WorkerProfile {
    pub(crate) fn from_account(index: usize, account: &SeatAccount) -> Self {
        let (spent, counts) = account.read();
        Self {
            index,
            time: spent.map(Duration::from_nanos),
            counts,
        }
    }

    /// Time spent in `state`.
    pub fn time_in(&self, state: WorkerState) -> Duration {
        self.time[state as usize]
    }

    /// Time spent in every state together: the wall time the profile covers.
    pub fn total_time(&self) -> Duration {
        self.time.iter().sum()
    }

    /// The share of [`WorkerProfile::total_time`] spent in `state`, 0 to 1
    /// (0 when no time was accounted).
    pub fn fraction_in(&self, state: WorkerState) -> f64 {
        let total = self.total_time().as_secs_f64();
        if total > 0.0 {
            self.time_in(state).as_secs_f64() / total
        } else {
            0.0
        }
    }

    /// How many times `event` happened.
    pub fn count(&self, event: Event) -> u64 {
        self.counts[event as usize]
    }

    /// What happened after `earlier`, a profile of the same worker.
    fn since(&self, earlier: &WorkerProfile) -> WorkerProfile {
        WorkerProfile {
            index: self.index,
            time: std::array::from_fn(|i| self.time[i].saturating_sub(earlier.time[i])),
            counts: std::array::from_fn(|i| self.counts[i].saturating_sub(earlier.counts[i])),
        }
    }

    fn plus(&self, other: &WorkerProfile) -> WorkerProfile {
        WorkerProfile {
            index: self.index,
            time: std::array::from_fn(|i| self.time[i] + other.time[i]),
            counts: std::array::from_fn(|i| self.counts[i] + other.counts[i]),
        }
    }
}

/// Where each worker's time went, since the pool started or (with
/// [`Profile::since`]) over a region. `Display` prints a table and the
/// [`Verdict`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Profile {
    /// The wall time covered.
    pub elapsed: Duration,
    /// The cores the operating system offers the process.
    pub cores: usize,
    /// False if the pool was built with
    /// [`crate::ThreadPoolBuilder::profiling`]`(false)`: no time is
    /// accounted then, only events counted.
    pub enabled: bool,
    /// One entry per worker seat, by index.
    pub workers: Vec<WorkerProfile>,
}

impl Profile {
    /// What happened between `earlier` (a profile of the same pool) and
    /// this one.
    ///
    /// ```
    /// let pool = lubdub::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
    /// let before = pool.profile();
    /// pool.install(|| lubdub::join(|| (), || ()));
    /// let region = pool.profile().since(&before);
    /// assert!(region.elapsed <= pool.profile().elapsed);
    /// ```
    pub fn since(&self, earlier: &Profile) -> Profile {
        Profile {
            elapsed: self.elapsed.saturating_sub(earlier.elapsed),
            cores: self.cores,
            enabled: self.enabled,
            workers: self
                .workers
                .iter()
                .enumerate()
                .map(|(i, w)| {
                    earlier
                        .workers
                        .get(i)
                        .map_or_else(|| w.clone(), |e| w.since(e))
                })
                .collect(),
        }
    }

    /// The sum over all workers (its `index` is the number of workers).
    pub fn total(&self) -> WorkerProfile {
        let zero = WorkerProfile {
            index: self.workers.len(),
            ..WorkerProfile::default()
        };
        self.workers.iter().fold(zero, |sum, w| sum.plus(w))
    }

    /// The dominant loss, in one line.
    pub fn verdict(&self) -> Verdict {
        Verdict::of(self)
    }
}

/// Two regions of the same pool together, as one: times, counts and
/// elapsed time add up.
///
/// ```
/// let pool = lubdub::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
/// let mut regions = lubdub::Profile::default();
/// for _ in 0..3 {
///     let before = pool.profile();
///     pool.install(|| lubdub::join(|| (), || ()));
///     regions = regions + pool.profile().since(&before);
/// }
/// assert_eq!(regions.workers.len(), 2);
/// ```
impl Add for Profile {
    type Output = Profile;

    fn add(self, other: Profile) -> Profile {
        let (longer, shorter) = if self.workers.len() >= other.workers.len() {
            (&self, &other)
        } else {
            (&other, &self)
        };
        Profile {
            elapsed: self.elapsed + other.elapsed,
            cores: longer.cores,
            enabled: longer.enabled,
            workers: longer
                .workers
                .iter()
                .enumerate()
                .map(|(i, w)| {
                    shorter
                        .workers
                        .get(i)
                        .map_or_else(|| w.clone(), |o| w.plus(o))
                })
                .collect(),
        }
    }
}

impl fmt::Display for Profile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{} workers on {} cores, {:.3} s{}",
            self.workers.len(),
            self.cores,
            self.elapsed.as_secs_f64(),
            if self.enabled {
                ""
            } else {
                " (profiling off: events only)"
            }
        )?;
        write!(f, "{:>6}", "worker")?;
        for state in WorkerState::ALL {
            write!(f, " {:>9}", state.name())?;
        }
        for event in Event::ALL {
            write!(f, " {:>12}", format!("{}/s", event.name()))?;
        }
        writeln!(f)?;
        let seconds = self.elapsed.as_secs_f64();
        let row = |f: &mut fmt::Formatter<'_>, name: &str, w: &WorkerProfile| {
            write!(f, "{name:>6}")?;
            for state in WorkerState::ALL {
                write!(f, " {:>8.1}%", 100.0 * w.fraction_in(state))?;
            }
            for event in Event::ALL {
                let rate = if seconds > 0.0 {
                    w.count(event) as f64 / seconds
                } else {
                    0.0
                };
                write!(f, " {rate:>12.0}")?;
            }
            writeln!(f)
        };
        for w in &self.workers {
            row(f, &w.index.to_string(), w)?;
        }
        row(f, "total", &self.total())?;
        write!(f, "verdict: {}", self.verdict())
    }
}
