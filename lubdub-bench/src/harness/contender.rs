//! The contenders of a cell: each variant's closure, what it is charged
//! (wall or CPU time, whole samples or only the parts inside a
//! [`Stopwatch`]) and which pool's profile is taken over it.

use std::time::{Duration, Instant};

use crate::check::Mismatch;

/// What a contender's closure is given and gives back: run `reps`
/// repetitions, checking each answer, and report what to charge to them.
pub(super) type RunFn<'a> = dyn FnMut(u64) -> Result<Charge, Mismatch> + 'a;

/// What one call of a contender's closure charges to its repetitions.
pub(super) struct Charge {
    /// Wall time for most contenders; CPU time for the burst experiment.
    pub(super) time: Duration,
    /// Where the profiled pool's time went during the charged parts, for a
    /// contender that profiles itself ([`Profiling::TimedParts`]).
    pub(super) profile: Option<lubdub::Profile>,
}

/// Which lubdub pool's profile the harness takes for a contender, and over
/// what.
#[derive(Clone, Copy)]
pub(super) enum Profiling<'a> {
    Off,
    /// Around each whole sample ([`Contender::profiled_by`]).
    WholeSample(&'a lubdub::ThreadPool),
    /// Around the timed parts only, by the [`Stopwatch`].
    TimedParts(&'a lubdub::ThreadPool),
}

impl<'a> Profiling<'a> {
    pub(super) fn pool(self) -> Option<&'a lubdub::ThreadPool> {
        match self {
            Profiling::Off => None,
            Profiling::WholeSample(pool) | Profiling::TimedParts(pool) => Some(pool),
        }
    }
}

/// One variant under measurement.
pub struct Contender<'a> {
    pub(super) name: String,
    pub(super) run: Box<RunFn<'a>>,
    pub(super) profiling: Profiling<'a>,
    /// How long the harness sleeps after each call of `run`, uncharged; see
    /// [`Contender::settles_for`].
    pub(super) settle: Duration,
}

impl<'a> Contender<'a> {
    /// A contender timed by wall clock around `run(reps)`.
    pub fn timed(
        name: impl Into<String>,
        mut run: impl FnMut(u64) -> Result<(), Mismatch> + 'a,
    ) -> Self {
        Self::self_timed(name, move |reps| {
            let start = Instant::now();
            run(reps)?;
            Ok(start.elapsed())
        })
    }

    /// A contender that measures itself: `run(reps)` returns the duration to
    /// charge to its `reps` repetitions.
    pub fn self_timed(
        name: impl Into<String>,
        mut run: impl FnMut(u64) -> Result<Duration, Mismatch> + 'a,
    ) -> Self {
        Self {
            name: name.into(),
            run: Box::new(move |reps| {
                run(reps).map(|time| Charge {
                    time,
                    profile: None,
                })
            }),
            profiling: Profiling::Off,
            settle: Duration::ZERO,
        }
    }

    /// Profiles `pool` around each of this contender's samples (not its
    /// warm-up), outside the timed part: the cell then says where the pool's
    /// time went while this contender ran. `None` profiles nothing. (A
    /// [`Contender::with_stopwatch`] is given its pool instead.)
    pub fn profiled_by(mut self, pool: Option<&'a lubdub::ThreadPool>) -> Self {
        self.profiling = pool.map_or(Profiling::Off, Profiling::WholeSample);
        self
    }

    /// Marks the contender as one that leaves threads burning CPU after it
    /// returns (libgomp's workers spin for milliseconds after a parallel
    /// region): after its warm-up and after each of its samples, the harness
    /// sleeps `settle` before the next contender runs, so that those threads
    /// do not take cores from the next contender's sample. The pause is
    /// charged to no contender; it counts against the cell's wall-clock
    /// budget ([`Plan::budget`]). `Duration::ZERO` (the default) means no
    /// pause.
    #[must_use]
    pub fn settles_for(mut self, settle: Duration) -> Self {
        self.settle = settle;
        self
    }
}

/// What a [`Stopwatch`] charges.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clock {
    /// Wall time.
    Wall,
    /// The CPU time of the whole process, every thread of every pool: the
    /// work done (and the spinning of idle workers), which other processes
    /// of a shared machine disturb far less than wall time.
    ProcessCpu,
}

impl Clock {
    /// Runs `f`; its result and the time it took on this clock.
    fn measure<R>(self, f: impl FnOnce() -> R) -> (R, Duration) {
        match self {
            Clock::Wall => {
                let start = Instant::now();
                let result = f();
                (result, start.elapsed())
            }
            Clock::ProcessCpu => {
                let start = process_cpu_time();
                let result = f();
                (result, process_cpu_time().saturating_sub(start))
            }
        }
    }
}

/// The CPU time of the whole process: every thread of every pool.
pub fn process_cpu_time() -> Duration {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable `timespec` for the call's duration;
    // CLOCK_PROCESS_CPUTIME_ID is a clock every Linux has.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut ts) };
    assert_eq!(rc, 0, "clock_gettime(CLOCK_PROCESS_CPUTIME_ID) failed");
    Duration::new(ts.tv_sec.unsigned_abs(), ts.tv_nsec.try_into().unwrap_or(0))
}

/// The clock of a contender whose repetitions need untimed work around them
/// (copying a pristine input in, checking an output): only what runs inside
/// [`Stopwatch::time`] is charged, and profiled.
pub struct Stopwatch<'a> {
    clock: Clock,
    total: Duration,
    pool: Option<&'a lubdub::ThreadPool>,
    profile: Option<lubdub::Profile>,
}

impl Stopwatch<'_> {
    /// Runs `f`, adding its time on the stopwatch's [`Clock`] to the total
    /// (and the pool's profile over it, taken outside the timed part, to
    /// the profile).
    pub fn time<R>(&mut self, f: impl FnOnce() -> R) -> R {
        let before = self.pool.map(lubdub::ThreadPool::profile);
        let (result, took) = self.clock.measure(f);
        self.total += took;
        if let (Some(pool), Some(before)) = (self.pool, before) {
            let part = pool.profile().since(&before);
            self.profile = Some(match self.profile.take() {
                Some(sum) => sum + part,
                None => part,
            });
        }
        result
    }
}

impl<'a> Contender<'a> {
    /// A contender charged only for the parts of each repetition that
    /// `rep` runs inside the [`Stopwatch`] it is given; `profiled`'s profile
    /// is taken over those parts only.
    pub fn with_stopwatch(
        name: impl Into<String>,
        profiled: Option<&'a lubdub::ThreadPool>,
        rep: impl FnMut(&mut Stopwatch<'a>) -> Result<(), Mismatch> + 'a,
    ) -> Self {
        Self::with_stopwatch_on(Clock::Wall, name, profiled, rep)
    }

    /// [`Contender::with_stopwatch`], charging the time on `clock`.
    pub fn with_stopwatch_on(
        clock: Clock,
        name: impl Into<String>,
        profiled: Option<&'a lubdub::ThreadPool>,
        mut rep: impl FnMut(&mut Stopwatch<'a>) -> Result<(), Mismatch> + 'a,
    ) -> Self {
        Self {
            name: name.into(),
            run: Box::new(move |reps| {
                let mut stopwatch = Stopwatch {
                    clock,
                    total: Duration::ZERO,
                    pool: profiled,
                    profile: None,
                };
                for _ in 0..reps {
                    rep(&mut stopwatch)?;
                }
                Ok(Charge {
                    time: stopwatch.total,
                    profile: stopwatch.profile,
                })
            }),
            profiling: profiled.map_or(Profiling::Off, Profiling::TimedParts),
            settle: Duration::ZERO,
        }
    }
}
