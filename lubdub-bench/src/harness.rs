//! The measuring loop: warm-up, calibration of the repetitions per sample,
//! then samples of all contenders interleaved round-robin (one sample of the
//! first, one of the second, ..., then the first again), so that slow drift
//! of the machine (frequency, other load) hits every contender alike.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use crate::check::{Mismatch, WrongResult};

/// What a contender's closure is given and gives back: run `reps`
/// repetitions, checking each answer, and report what to charge to them.
type RunFn<'a> = dyn FnMut(u64) -> Result<Charge, Mismatch> + 'a;

/// What one call of a contender's closure charges to its repetitions.
struct Charge {
    /// Wall time for most contenders; CPU time for the burst experiment.
    time: Duration,
    /// Where the profiled pool's time went during the charged parts, for a
    /// contender that profiles itself ([`Profiling::TimedParts`]).
    profile: Option<lubdub::Profile>,
}

/// Which lubdub pool's profile the harness takes for a contender, and over
/// what.
#[derive(Clone, Copy)]
enum Profiling<'a> {
    Off,
    /// Around each whole sample ([`Contender::profiled_by`]).
    WholeSample(&'a lubdub::ThreadPool),
    /// Around the timed parts only, by the [`Stopwatch`].
    TimedParts(&'a lubdub::ThreadPool),
}

impl<'a> Profiling<'a> {
    fn pool(self) -> Option<&'a lubdub::ThreadPool> {
        match self {
            Profiling::Off => None,
            Profiling::WholeSample(pool) | Profiling::TimedParts(pool) => Some(pool),
        }
    }
}

/// One variant under measurement.
pub struct Contender<'a> {
    name: String,
    run: Box<RunFn<'a>>,
    profiling: Profiling<'a>,
    /// How long the harness sleeps after each call of `run`, uncharged; see
    /// [`Contender::settles_for`].
    settle: Duration,
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

/// How many repetitions one sample holds.
#[derive(Clone, Copy, Debug)]
pub enum Reps {
    /// As many as make one sample last at least this long (so that timer
    /// resolution and the cost of reading the clock vanish).
    AtLeast(Duration),
    /// Exactly this many.
    Fixed(u64),
}

/// How long and how often to measure one cell.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    /// Each contender runs untimed for at least this long (and at least once)
    /// before any sample is taken.
    pub warm_up: Duration,
    /// Repetitions per sample.
    pub reps: Reps,
    /// Rounds go on while the cell has run for less than this (wall clock
    /// from the first sample on: untimed work and settle pauses included)...
    pub budget: Duration,
    /// ...or fewer than this many rounds were taken...
    pub min_rounds: usize,
    /// ...but never more than this many.
    pub max_rounds: usize,
}

impl Plan {
    /// The plan of a throughput cell: warm up for a tenth of the budget, make
    /// each sample at least 50 µs of repetitions (so a small tree is timed in
    /// batches and a big one a sum at a time), and take rounds for `budget`,
    /// at least three whatever that costs.
    ///
    /// The budget is wall time, so the settle pauses of a contender marked
    /// with [`Contender::settles_for`] come out of it: a cell of short samples
    /// takes fewer rounds (about `budget / (settle + one round's samples)`;
    /// some 45 instead of several hundred for the 1023-node tree with a
    /// 10 ms settle) and no more time, and a cell held to its three rounds
    /// takes one pause per sample and one after the warm-up longer.
    pub fn adaptive(budget: Duration) -> Self {
        Self {
            warm_up: budget / 10,
            reps: Reps::AtLeast(Duration::from_micros(50)),
            budget,
            min_rounds: 3,
            max_rounds: 10_000,
        }
    }
}

/// The samples of one contender (serialized by `alloc`'s child processes).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Measurement {
    /// The contender's name.
    pub variant: String,
    /// Repetitions in each sample.
    pub reps_per_sample: u64,
    /// Nanoseconds per repetition, one entry per sample, in the order taken.
    pub ns_per_rep: Vec<f64>,
    /// Where the profiled pool's time went during the samples, all together
    /// ([`Contender::profiled_by`]). Not sent between processes: a child
    /// process prints its own (`alloc`).
    #[serde(skip)]
    pub profile: Option<lubdub::Profile>,
    /// With [`take_traced_samples`]: one more sample, run after the others
    /// with tracing on, and the pool's trace just after it.
    #[serde(skip)]
    pub trace: Option<TracedSample>,
}

/// Whether [`measure`] runs one more sample of each profiled contender,
/// with tracing on, after the timed ones (`--trace`), for a timeline.
static TIMELINES: AtomicBool = AtomicBool::new(false);

/// Makes every [`measure`] from now on take a traced sample of each profiled
/// contender after its timed samples ([`Measurement::trace`]).
pub fn take_traced_samples(on: bool) {
    TIMELINES.store(on, Ordering::Relaxed);
}

/// Whether [`take_traced_samples`] asked for traced samples: for a workload
/// that measures on its own loop (`bfs`) and takes its traced sample itself.
pub fn traced_samples_wanted() -> bool {
    TIMELINES.load(Ordering::Relaxed)
}

/// A sample run on a traced pool, and the trace taken right after it.
#[derive(Clone, Debug, PartialEq)]
pub struct TracedSample {
    /// The pool's trace; its `taken` time is the end of the sample.
    pub trace: lubdub::Trace,
    /// The sample's wall time: it began this long before `trace.taken`.
    pub wall: Duration,
}

/// Measures `contenders` in the cell named `cell` according to `plan`.
///
/// # Errors
/// The first [`WrongResult`]: a contender returned a wrong answer, during
/// warm-up or in a sample.
pub fn measure(
    cell: &str,
    contenders: &mut [Contender<'_>],
    plan: &Plan,
) -> Result<Vec<Measurement>, WrongResult> {
    measure_with(cell, contenders, plan, &mut std::thread::sleep)
}

/// [`measure`], with `pause` doing the settle pauses (a test watches them).
fn measure_with(
    cell: &str,
    contenders: &mut [Contender<'_>],
    plan: &Plan,
    pause: &mut dyn FnMut(Duration),
) -> Result<Vec<Measurement>, WrongResult> {
    let mut settle = |c: &Contender<'_>| {
        if !c.settle.is_zero() {
            pause(c.settle);
        }
    };
    let wrong = |c: &Contender<'_>, mismatch| WrongResult {
        cell: cell.to_owned(),
        variant: c.name.clone(),
        mismatch,
    };
    let mut measurements = Vec::with_capacity(contenders.len());
    for c in contenders.iter_mut() {
        let reps = warm_up(c, plan).map_err(|m| wrong(c, m))?;
        settle(c);
        measurements.push(Measurement {
            variant: c.name.clone(),
            reps_per_sample: reps,
            ns_per_rep: Vec::new(),
            profile: None,
            trace: None,
        });
    }
    let start = Instant::now();
    let mut rounds = 0;
    while rounds < plan.max_rounds && (rounds < plan.min_rounds || start.elapsed() < plan.budget) {
        for (c, m) in contenders.iter_mut().zip(&mut measurements) {
            let whole = match c.profiling {
                Profiling::WholeSample(pool) => Some((pool, pool.profile())),
                _ => None,
            };
            let charge = (c.run)(m.reps_per_sample).map_err(|e| wrong(c, e))?;
            let profile = match whole {
                Some((pool, before)) => Some(pool.profile().since(&before)),
                None => charge.profile,
            };
            if let Some(profile) = profile {
                m.profile = Some(m.profile.take().unwrap_or_default() + profile);
            }
            settle(c);
            m.ns_per_rep
                .push(charge.time.as_nanos() as f64 / m.reps_per_sample as f64);
        }
        rounds += 1;
    }
    if TIMELINES.load(Ordering::Relaxed) {
        for (c, m) in contenders.iter_mut().zip(&mut measurements) {
            if let Some(pool) = c.profiling.pool() {
                let was_tracing = pool.set_tracing(true);
                let start = Instant::now();
                let ran = (c.run)(m.reps_per_sample);
                let wall = start.elapsed();
                pool.set_tracing(was_tracing);
                ran.map_err(|e| wrong(c, e))?;
                m.trace = Some(TracedSample {
                    trace: pool.trace(),
                    wall,
                });
            }
        }
    }
    Ok(measurements)
}

/// Runs `c` untimed for the plan's warm-up and returns the repetitions per
/// sample to use.
fn warm_up(c: &mut Contender<'_>, plan: &Plan) -> Result<u64, Mismatch> {
    let mut reps = match plan.reps {
        Reps::AtLeast(_) => 1,
        Reps::Fixed(reps) => reps,
    };
    let mut warmed = Duration::ZERO;
    loop {
        let spent = (c.run)(reps)?.time;
        warmed += spent;
        if let Reps::AtLeast(min_sample) = plan.reps {
            if spent < min_sample {
                reps = grow_reps(reps, spent, min_sample);
                continue;
            }
        }
        if warmed >= plan.warm_up {
            return Ok(reps);
        }
    }
}

/// The next guess at the repetitions that make a sample last `target`, after
/// `reps` of them took `spent`: the proportional estimate with 10% to spare,
/// at least double (the estimate may be off on a noisy clock), at most a
/// hundred times as many (a `spent` near zero says little).
fn grow_reps(reps: u64, spent: Duration, target: Duration) -> u64 {
    let wanted = target.as_nanos() * u128::from(reps) * 11;
    let estimate = wanted.div_ceil(spent.as_nanos().max(1) * 10);
    u64::try_from(estimate)
        .unwrap_or(u64::MAX)
        .clamp(reps.saturating_mul(2), reps.saturating_mul(100))
}

#[cfg(test)]
mod tests {
    use std::cell::RefCell;

    use super::*;
    use crate::check::expect_eq;

    fn plan(rounds: usize) -> Plan {
        Plan {
            warm_up: Duration::ZERO,
            reps: Reps::Fixed(3),
            budget: Duration::ZERO,
            min_rounds: rounds,
            max_rounds: rounds,
        }
    }

    /// A contender that logs its name on every call and charges 1 µs per rep.
    fn logging<'a>(name: &'static str, log: &'a RefCell<Vec<&'static str>>) -> Contender<'a> {
        Contender::self_timed(name, move |reps| {
            log.borrow_mut().push(name);
            Ok(Duration::from_micros(reps))
        })
    }

    #[test]
    fn samples_are_interleaved_round_robin() {
        let log = RefCell::new(Vec::new());
        let mut contenders = vec![logging("a", &log), logging("b", &log), logging("c", &log)];
        let measured = measure("cell", &mut contenders, &plan(4)).unwrap();
        // One warm-up call each (warm-up of zero length), then 4 rounds.
        let expected: Vec<&str> = ["a", "b", "c"].repeat(5);
        assert_eq!(*log.borrow(), expected);
        for (m, name) in measured.iter().zip(["a", "b", "c"]) {
            assert_eq!(m.variant, name);
            assert_eq!(m.reps_per_sample, 3);
            assert_eq!(m.ns_per_rep, vec![1000.0; 4]);
        }
    }

    #[test]
    fn settle_pauses_follow_the_marked_contender_only_and_are_not_charged() {
        let log = RefCell::new(Vec::new());
        let settle = Duration::from_millis(7);
        let mut contenders = vec![
            logging("a", &log),
            logging("omp", &log).settles_for(settle),
            logging("b", &log),
        ];
        let mut pause = |d: Duration| {
            assert_eq!(d, settle);
            log.borrow_mut().push("pause");
        };
        let measured = measure_with("cell", &mut contenders, &plan(3), &mut pause).unwrap();
        // After the warm-up of "omp" and after each of its samples, the last
        // one included (it protects whatever runs next), and nowhere else.
        let expected: Vec<&str> = ["a", "omp", "pause", "b"].repeat(4);
        assert_eq!(*log.borrow(), expected);
        // Every sample is charged what its contender reported, nothing more.
        for m in &measured {
            assert_eq!(m.ns_per_rep, vec![1000.0; 3], "{}", m.variant);
        }
    }

    #[test]
    fn settle_pauses_sleep_between_samples_and_count_against_the_budget() {
        let settle = Duration::from_millis(40);
        let mut contenders = vec![
            Contender::timed("spinner", |_| Ok(())).settles_for(settle),
            Contender::timed("next", |_| Ok(())),
        ];
        let p = Plan {
            budget: Duration::from_millis(100),
            min_rounds: 1,
            max_rounds: 10_000,
            ..plan(0)
        };
        let start = Instant::now();
        let measured = measure("cell", &mut contenders, &p).unwrap();
        let elapsed = start.elapsed();
        let rounds = measured[0].ns_per_rep.len();
        // Each round sleeps 40 ms: after 3 the 100 ms budget is spent (a
        // budget that left the pauses out would take thousands of rounds).
        assert!((1..=3).contains(&rounds), "{rounds} rounds");
        // One pause after the warm-up and one after each sample happened...
        assert!(elapsed >= settle * (1 + rounds as u32), "{elapsed:?}");
        // ...and none of them is in any sample: these samples do nothing.
        for m in &measured {
            for &ns in &m.ns_per_rep {
                assert!(ns * 3.0 < settle.as_nanos() as f64 / 2.0, "{ns} ns/rep");
            }
        }
    }

    #[test]
    fn min_rounds_are_taken_even_with_no_budget_and_max_rounds_cap_them() {
        let log = RefCell::new(Vec::new());
        let mut contenders = vec![logging("x", &log)];
        let p = Plan {
            budget: Duration::from_secs(3600),
            min_rounds: 2,
            max_rounds: 7,
            ..plan(0)
        };
        let measured = measure("cell", &mut contenders, &p).unwrap();
        assert_eq!(measured[0].ns_per_rep.len(), 7);
        let p = Plan {
            budget: Duration::ZERO,
            min_rounds: 2,
            max_rounds: 7,
            ..plan(0)
        };
        assert_eq!(
            measure("cell", &mut contenders, &p).unwrap()[0]
                .ns_per_rep
                .len(),
            2
        );
    }

    #[test]
    fn a_wrong_answer_in_a_sample_fails_the_cell() {
        let calls = RefCell::new(0);
        let mut contenders = vec![
            Contender::self_timed("right", |_| Ok(Duration::from_nanos(1))),
            Contender::self_timed("wrong", |_| {
                *calls.borrow_mut() += 1;
                // Right during warm-up and the first round, wrong from then on.
                let got = if *calls.borrow() <= 2 { 6 } else { 5 };
                expect_eq(got, 6)?;
                Ok(Duration::from_nanos(1))
            }),
        ];
        let err = measure("treesum n=3 threads=2", &mut contenders, &plan(5)).unwrap_err();
        assert_eq!(err.variant, "wrong");
        assert_eq!(err.cell, "treesum n=3 threads=2");
        assert_eq!(
            err.mismatch,
            Mismatch {
                got: 5,
                expected: 6
            }
        );
        assert_eq!(*calls.borrow(), 3);
    }

    #[test]
    fn a_wrong_answer_during_warm_up_fails_too() {
        let mut contenders = vec![Contender::timed("bad", |_| expect_eq(0, 1))];
        assert!(measure("cell", &mut contenders, &plan(1)).is_err());
    }

    #[test]
    fn calibration_grows_reps_until_a_sample_is_long_enough() {
        // Charges 10 µs per rep: a 1 ms sample needs at least 100 reps.
        let mut contenders = vec![Contender::self_timed("ten-us", |reps| {
            Ok(Duration::from_micros(10 * reps))
        })];
        let p = Plan {
            reps: Reps::AtLeast(Duration::from_millis(1)),
            ..plan(1)
        };
        let reps = measure("cell", &mut contenders, &p).unwrap()[0].reps_per_sample;
        assert!((100..=220).contains(&reps), "{reps}");
    }

    #[test]
    fn grow_reps_is_proportional_within_bounds() {
        let target = Duration::from_micros(50);
        // 1 rep took 1 µs: 55 reps (50 with 10% to spare).
        assert_eq!(grow_reps(1, Duration::from_micros(1), target), 55);
        // Nearly long enough: still at least doubles.
        assert_eq!(grow_reps(4, Duration::from_micros(49), target), 8);
        // A zero reading grows a hundredfold, not without bound.
        assert_eq!(grow_reps(3, Duration::ZERO, target), 300);
    }

    #[test]
    fn timed_contenders_report_wall_time() {
        let mut contenders = vec![Contender::timed("sleepy", |_| {
            std::thread::sleep(Duration::from_millis(2));
            Ok(())
        })];
        let p = Plan {
            reps: Reps::Fixed(1),
            ..plan(1)
        };
        let ns = measure("cell", &mut contenders, &p).unwrap()[0].ns_per_rep[0];
        assert!(ns >= 2e6, "{ns}");
    }

    #[test]
    fn a_stopwatch_contender_is_charged_only_for_its_timed_parts() {
        let mut contenders = vec![Contender::with_stopwatch("setup-heavy", None, |sw| {
            std::thread::sleep(Duration::from_millis(20));
            sw.time(|| std::thread::sleep(Duration::from_millis(1)));
            Ok(())
        })];
        let p = Plan {
            reps: Reps::Fixed(2),
            ..plan(1)
        };
        let ns = measure("cell", &mut contenders, &p).unwrap()[0].ns_per_rep[0];
        assert!((1e6..15e6).contains(&ns), "{ns}");
    }

    #[test]
    fn a_cpu_stopwatch_charges_cpu_not_sleep() {
        let mut contenders = vec![Contender::with_stopwatch_on(
            Clock::ProcessCpu,
            "sleepy",
            None,
            |sw| {
                sw.time(|| std::thread::sleep(Duration::from_millis(30)));
                Ok(())
            },
        )];
        let p = Plan {
            reps: Reps::Fixed(1),
            ..plan(1)
        };
        let ns = measure("cell", &mut contenders, &p).unwrap()[0].ns_per_rep[0];
        assert!(ns < 15e6, "{ns}");
        let before = process_cpu_time();
        spin(Duration::from_millis(20));
        assert!(process_cpu_time() > before);
    }

    /// Spins on the calling thread for `time`.
    fn spin(time: Duration) {
        let start = Instant::now();
        while start.elapsed() < time {
            std::hint::spin_loop();
        }
    }

    #[test]
    fn profiles_cover_whole_samples_or_only_the_timed_parts() {
        let pool = lubdub::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap();
        let busy = Duration::from_millis(2);
        let mut contenders = vec![
            Contender::timed("whole", |_| {
                std::thread::sleep(Duration::from_millis(20));
                pool.install(|| spin(busy));
                Ok(())
            })
            .profiled_by(Some(&pool)),
            Contender::with_stopwatch("parts", Some(&pool), |sw| {
                std::thread::sleep(Duration::from_millis(20));
                sw.time(|| pool.install(|| spin(busy)));
                Ok(())
            }),
            Contender::timed("unprofiled", |_| Ok(())),
        ];
        let p = Plan {
            reps: Reps::Fixed(1),
            ..plan(2)
        };
        let measured = measure("cell", &mut contenders, &p).unwrap();
        let whole = measured[0].profile.as_ref().unwrap();
        let parts = measured[1].profile.as_ref().unwrap();
        assert!(measured[2].profile.is_none());
        // Two samples each: the whole samples include the 20 ms sleeps, the
        // timed parts do not.
        assert!(whole.elapsed >= Duration::from_millis(40), "{whole}");
        assert!(parts.elapsed < Duration::from_millis(30), "{parts}");
        let working = |p: &lubdub::Profile| p.total().time_in(lubdub::WorkerState::Working);
        assert!(working(whole) >= 2 * busy && working(parts) >= 2 * busy);
        assert!(
            working(parts).as_secs_f64() > 0.5 * parts.elapsed.as_secs_f64(),
            "{parts}"
        );
    }
}
