//! The measuring loop: warm-up, calibration of the repetitions per sample,
//! then samples of all contenders interleaved round-robin (one sample of the
//! first, one of the second, ..., then the first again), so that slow drift
//! of the machine (frequency, other load) hits every contender alike.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use crate::check::{Mismatch, WrongResult};

mod contender;
#[cfg(test)]
mod tests;

use self::contender::Profiling;
pub use self::contender::{process_cpu_time, Clock, Contender, Stopwatch};

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

impl Plan {
    /// Exactly `rounds` rounds of samples of `reps` repetitions each, with
    /// no warm-up: the plan of the tests.
    #[cfg(test)]
    pub fn fixed(reps: u64, rounds: usize) -> Self {
        Self {
            warm_up: Duration::ZERO,
            reps: Reps::Fixed(reps),
            budget: Duration::ZERO,
            min_rounds: rounds,
            max_rounds: rounds,
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
