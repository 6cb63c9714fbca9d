//! [`Verdict`]: the one line a [`Profile`] ends with, naming where the time
//! that did not go into work went.

use std::fmt;

use super::{Event, Profile, WorkerState};

/// The share of thread time working above which a pool counts as busy.
const BUSY: f64 = 0.9;

/// The dominant loss of a [`Profile`]. Shares are fractions of all the
/// workers' time together, 0 to 1.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub enum Verdict {
    /// No time was accounted: profiling is off, or the region was empty.
    NothingMeasured,
    /// More worker threads than cores: they take turns on the CPUs.
    Oversubscribed {
        /// Worker threads of the pool.
        threads: usize,
        /// Cores the operating system offers.
        cores: usize,
    },
    /// The workers were working nearly all the time.
    Busy {
        /// Share of time working.
        working: f64,
    },
    /// No job was stolen: one worker did all the work while the others idled.
    Sequential {
        /// Share of time not working.
        idle: f64,
    },
    /// The idle time went mostly to sleep: too little work was exposed.
    TooLittleParallelism {
        /// Share of time not working.
        idle: f64,
    },
    /// The idle time went mostly to searching: work came in pieces too few
    /// or too small to keep every worker busy.
    PiecesTooSmall {
        /// Share of time not working.
        idle: f64,
    },
    /// The idle time went mostly to waiting for stolen halves: the joins are
    /// unbalanced.
    Unbalanced {
        /// Share of time not working.
        idle: f64,
    },
}

impl Verdict {
    pub(crate) fn of(profile: &Profile) -> Verdict {
        let total = profile.total();
        let threads = profile.workers.len();
        if threads > profile.cores && profile.cores > 0 {
            return Verdict::Oversubscribed {
                threads,
                cores: profile.cores,
            };
        }
        if !profile.enabled || total.total_time().is_zero() {
            return Verdict::NothingMeasured;
        }
        let working = total.fraction_in(WorkerState::Working);
        if working >= BUSY {
            return Verdict::Busy { working };
        }
        let idle = 1.0 - working;
        if threads > 1 && total.count(Event::Steal) == 0 {
            return Verdict::Sequential { idle };
        }
        let dominant = [
            WorkerState::Sleeping,
            WorkerState::Searching,
            WorkerState::Blocked,
        ]
        .into_iter()
        .max_by_key(|&state| total.time_in(state))
        .unwrap_or(WorkerState::Sleeping);
        match dominant {
            WorkerState::Searching => Verdict::PiecesTooSmall { idle },
            WorkerState::Blocked => Verdict::Unbalanced { idle },
            _ => Verdict::TooLittleParallelism { idle },
        }
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let percent = |share: f64| format!("{:.0}%", 100.0 * share);
        match *self {
            Verdict::NothingMeasured => {
                f.write_str("no time accounted (profiling off, or an empty region)")
            }
            Verdict::Oversubscribed { threads, cores } => write!(
                f,
                "more threads ({threads}) than cores ({cores}): workers take turns on the CPUs, \
                 which stretches every state; use at most {cores} threads"
            ),
            Verdict::Busy { working } => write!(
                f,
                "{} of thread time working: no scheduling loss to speak of; if the region is \
                 still slow, its work is slower in parallel (memory, allocator, shared data)",
                percent(working)
            ),
            Verdict::Sequential { idle } => write!(
                f,
                "{} of thread time idle and no job stolen: work ran sequentially; \
                 regions too small to split (shorter than a heartbeat) or no join exposed",
                percent(idle)
            ),
            Verdict::TooLittleParallelism { idle } => write!(
                f,
                "{} of thread time idle, mostly asleep: not enough parallelism exposed",
                percent(idle)
            ),
            Verdict::PiecesTooSmall { idle } => write!(
                f,
                "{} of thread time idle, mostly searching: work came in pieces too few \
                 or too small to keep every worker busy",
                percent(idle)
            ),
            Verdict::Unbalanced { idle } => write!(
                f,
                "{} of thread time idle, mostly blocked on stolen halves: the joins are \
                 unbalanced, joiners wait for thieves",
                percent(idle)
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::profile::WorkerProfile;

    fn worker(index: usize, millis: [u64; WorkerState::COUNT], steals: u64) -> WorkerProfile {
        let mut w = WorkerProfile {
            index,
            ..WorkerProfile::default()
        };
        w.time = millis.map(Duration::from_millis);
        w.counts[Event::Steal as usize] = steals;
        w
    }

    fn profile(cores: usize, workers: Vec<WorkerProfile>) -> Profile {
        Profile {
            elapsed: Duration::from_millis(100),
            cores,
            enabled: true,
            workers,
        }
    }

    #[test]
    fn each_loss_is_named() {
        // [working, searching, sleeping, blocked] in ms.
        let busy = profile(
            2,
            vec![worker(0, [95, 5, 0, 0], 0), worker(1, [95, 5, 0, 0], 3)],
        );
        assert!(matches!(busy.verdict(), Verdict::Busy { .. }));
        let sequential = profile(
            2,
            vec![worker(0, [100, 0, 0, 0], 0), worker(1, [0, 1, 99, 0], 0)],
        );
        assert!(
            matches!(sequential.verdict(), Verdict::Sequential { idle } if (idle - 0.5).abs() < 1e-9)
        );
        let asleep = profile(
            2,
            vec![worker(0, [100, 0, 0, 0], 1), worker(1, [10, 1, 89, 0], 1)],
        );
        assert!(matches!(
            asleep.verdict(),
            Verdict::TooLittleParallelism { .. }
        ));
        let searching = profile(
            2,
            vec![worker(0, [60, 40, 0, 0], 9), worker(1, [60, 40, 0, 0], 9)],
        );
        assert!(matches!(
            searching.verdict(),
            Verdict::PiecesTooSmall { .. }
        ));
        let blocked = profile(
            2,
            vec![worker(0, [40, 0, 0, 60], 1), worker(1, [100, 0, 0, 0], 1)],
        );
        assert!(matches!(blocked.verdict(), Verdict::Unbalanced { .. }));
        let crowded = profile(
            1,
            vec![worker(0, [100, 0, 0, 0], 0), worker(1, [100, 0, 0, 0], 0)],
        );
        assert_eq!(
            crowded.verdict(),
            Verdict::Oversubscribed {
                threads: 2,
                cores: 1
            }
        );
        assert_eq!(profile(2, vec![]).verdict(), Verdict::NothingMeasured);
        assert!(sequential
            .verdict()
            .to_string()
            .contains("50% of thread time idle"));
    }
}
