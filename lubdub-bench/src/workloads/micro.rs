//! The micro-benchmarks, all variants side by side:
//!
//! 1. [`MicroPart::Fib`]: fib(n) built of joins: the cost of one `join`;
//!    beside it the machine's scaling ceiling (independent copies on every
//!    thread).
//! 2. [`MicroPart::CallIn`]: the latency of an empty call into a pool from
//!    the main thread after 1 ms idle.
//! 3. [`MicroPart::BurstCpu`]: the CPU time a runtime burns around a tiny
//!    burst of parallel work (the 1023-node tree sum) run every millisecond.
//! 4. [`MicroPart::Oversubscription`]: the 1023-node tree sum with many more
//!    threads than cores.

use std::ffi::c_int;
use std::hint::black_box;
use std::num::NonZeroUsize;
use std::time::{Duration, Instant};

use clap::ValueEnum;

use crate::check::{expect_eq, repeat, Mismatch};
use crate::cli::{parse_threads, unique, Common};
use crate::error::Error;
use crate::experiment::{Entry, Experiment, Heading};
use crate::harness::{measure, Contender, Plan, Reps};
use crate::report::{Cell, BASELINE};
use crate::workloads::pools::Pools;
use crate::workloads::tree::{expected_sum, Tree};
use crate::workloads::treesum::{self, TreeVariant};
use crate::workloads::Workload;

/// fib(n) built of joins: ns per join, and the overhead per join.
pub const FIB: Experiment = Experiment::new(
    "fib",
    "ns/join",
    "micro",
    Heading::Custom(|n| format!("fib({n})")),
)
.read_as(
    Entry::Overhead,
    "median / min (+ median overhead per join over the baseline)",
);

/// An empty call into the pool from the main thread after 1 ms idle: µs.
pub const CALL_IN: Experiment = Experiment::new(
    "call-in",
    "µs/call",
    "micro",
    Heading::Custom(|_| "call-in".to_owned()),
)
.read_as(Entry::Spread, "median / p90");

/// CPU time the process burns per tiny burst of parallel work: µs.
pub const BURST_CPU: Experiment = Experiment::new(
    "burst-cpu",
    "µs CPU/burst",
    "micro",
    Heading::Count("nodes"),
)
.read_as(
    Entry::Excess,
    "median (+ CPU beyond the baseline's, i.e. beyond the job's own work)",
);

/// The small tree sum with more threads than cores: ns per node.
pub const OVERSUBSCRIPTION: Experiment = Experiment::new(
    "oversubscription",
    "ns/node",
    "micro",
    Heading::Count("nodes"),
);

/// The parts of `lubdub-bench micro`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum MicroPart {
    /// fib(n) built of joins: ns per join and overhead per join.
    Fib,
    /// Empty call-in after 1 ms idle: median and p90 latency.
    CallIn,
    /// CPU burned per tiny burst of parallel work, every 1 ms.
    BurstCpu,
    /// The 1023-node tree sum with more threads than cores.
    Oversubscription,
}

impl MicroPart {
    /// Every part, in the order run.
    pub const ALL: [MicroPart; 4] = [
        Self::Fib,
        Self::CallIn,
        Self::BurstCpu,
        Self::Oversubscription,
    ];
}

/// What a micro run covers.
#[derive(Clone, Debug)]
pub struct MicroConfig {
    /// The parts to run.
    pub parts: Vec<MicroPart>,
    /// Thread counts for fib, call-in and burst-cpu.
    pub threads: Vec<NonZeroUsize>,
    /// fib's argument.
    pub fib_n: u32,
    /// Time to spend on each fib cell.
    pub budget: Duration,
    /// Call-ins timed per variant and thread count.
    pub call_in_samples: usize,
    /// Time spent bursting per variant and thread count.
    pub burst_time: Duration,
    /// The thread count of the oversubscription part.
    pub oversubscribed_threads: NonZeroUsize,
}

/// The tree of the burst and oversubscription parts: the seed's small tree.
pub const SMALL_TREE: u64 = 1023;

/// Runs the parts of `config`.
///
/// # Errors
/// A wrong answer, or a pool that cannot be built.
pub fn run(config: &MicroConfig) -> Result<Vec<Cell>, Error> {
    let tree = Tree::new(SMALL_TREE);
    let mut cells = Vec::new();
    for &part in &config.parts {
        let steps = if part == MicroPart::Oversubscription {
            vec![config.oversubscribed_threads]
        } else {
            config.threads.clone()
        };
        for (step, &threads) in steps.iter().enumerate() {
            let cell = match part {
                MicroPart::Fib => fib_cell(config.fib_n, threads, &Plan::adaptive(config.budget))?,
                MicroPart::CallIn => call_in_cell(threads, config.call_in_samples)?,
                MicroPart::BurstCpu => burst_cell(&tree, threads, config.burst_time)?,
                MicroPart::Oversubscription => treesum::measure_cell(
                    OVERSUBSCRIPTION,
                    &tree,
                    threads,
                    &RUNTIME_VARIANTS,
                    &Plan::adaptive(config.budget),
                )?,
            };
            cell.progress(step + 1, steps.len());
            cells.push(cell);
        }
    }
    Ok(cells)
}

// ---------------------------------------------------------------------------
// 1. fib(n) built of joins

/// The ways of computing fib.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum FibVariant {
    Baseline,
    Lubdub,
    /// On a pool built with `profiling(false)`: what profiling costs.
    LubdubUnprofiled,
    /// On a pool built with `tracing(true)`: what tracing costs.
    LubdubTraced,
    Rayon,
    Chili,
    Openmp,
}

impl FibVariant {
    const ALL: [FibVariant; 7] = [
        Self::Baseline,
        Self::Lubdub,
        Self::LubdubUnprofiled,
        Self::LubdubTraced,
        Self::Rayon,
        Self::Chili,
        Self::Openmp,
    ];

    fn name(self) -> &'static str {
        match self {
            Self::Baseline => BASELINE,
            Self::Lubdub => "lubdub",
            Self::LubdubUnprofiled => "lubdub-unprofiled",
            Self::LubdubTraced => "lubdub-traced",
            Self::Rayon => "rayon",
            Self::Chili => "chili",
            Self::Openmp => "openmp",
        }
    }

    fn fib(self, pools: &Pools, n: i64) -> i64 {
        match self {
            Self::Baseline => fib_baseline(n),
            Self::Lubdub => pools.lubdub.install(|| fib_lubdub(n)),
            Self::LubdubUnprofiled => pools.lubdub_unprofiled.install(|| fib_lubdub(n)),
            Self::LubdubTraced => pools.lubdub_traced.install(|| fib_lubdub(n)),
            Self::Rayon => pools.rayon.install(|| fib_rayon(n)),
            Self::Chili => fib_chili(&mut pools.chili.scope(), n),
            Self::Openmp => fib_openmp(n, pools.omp_threads()),
        }
    }
}

fn fib_baseline(n: i64) -> i64 {
    if n < 2 {
        n
    } else {
        fib_baseline(n - 1) + fib_baseline(n - 2)
    }
}

fn fib_lubdub(n: i64) -> i64 {
    if n < 2 {
        return n;
    }
    let (a, b) = lubdub::join(|| fib_lubdub(n - 1), || fib_lubdub(n - 2));
    a + b
}

fn fib_rayon(n: i64) -> i64 {
    if n < 2 {
        return n;
    }
    let (a, b) = rayon::join(|| fib_rayon(n - 1), || fib_rayon(n - 2));
    a + b
}

fn fib_chili(scope: &mut chili::Scope<'_>, n: i64) -> i64 {
    if n < 2 {
        return n;
    }
    let (a, b) = scope.join(|s| fib_chili(s, n - 1), |s| fib_chili(s, n - 2));
    a + b
}

extern "C" {
    /// `c/micro.c`: fib(n) on a team of `threads` threads, one task per join.
    fn lubdub_bench_fib_omp(n: i64, threads: c_int) -> i64;
    /// `c/micro.c`: a parallel region of `threads` threads whose body only
    /// counts the threads that ran it; returns that count.
    fn lubdub_bench_empty_region_omp(threads: c_int) -> c_int;
}

fn fib_openmp(n: i64, threads: c_int) -> i64 {
    // SAFETY: a plain function of integers (`threads` >= 1, from `Pools`);
    // the C side touches no Rust memory.
    unsafe { lubdub_bench_fib_omp(n, threads) }
}

/// fib(n), computed without recursion.
fn fib_value(n: u32) -> i64 {
    let (mut a, mut b) = (0i64, 1i64);
    for _ in 0..n {
        (a, b) = (b, a + b);
    }
    a
}

/// The name of the machine's scaling ceiling in the fib table.
const CEILING: &str = "ceiling";

/// The machine's scaling ceiling: `threads` copies of the sequential fib(n)
/// at once, one per thread, with no runtime and nothing shared. Returns the
/// wall time divided by `threads`, i.e. the time per fib(n) when every thread
/// works on its own: no scheduler can make one fib(n) faster than that on
/// this machine. (Includes starting `threads - 1` threads per repetition.)
fn independent_fib(
    threads: NonZeroUsize,
    n: i64,
    expected: i64,
    reps: u64,
) -> Result<Duration, Mismatch> {
    let start = Instant::now();
    for _ in 0..reps {
        let results: Vec<i64> = std::thread::scope(|s| {
            let others: Vec<_> = (1..threads.get())
                .map(|_| s.spawn(move || fib_baseline(black_box(n))))
                .collect();
            let mut results = vec![fib_baseline(black_box(n))];
            results.extend(
                others
                    .into_iter()
                    .map(|t| t.join().expect("fib does not panic")),
            );
            results
        });
        for result in results {
            expect_eq(result, expected)?;
        }
    }
    Ok(start.elapsed() / threads.get() as u32)
}

/// The joins the recursive fib(n) makes: one per call with `n >= 2`, which is
/// fib(n + 1) - 1.
fn fib_joins(n: u32) -> u64 {
    fib_value(n + 1).unsigned_abs().saturating_sub(1)
}

fn fib_cell(n: u32, threads: NonZeroUsize, plan: &Plan) -> Result<Cell, Error> {
    let pools = Pools::new(threads)?;
    let expected = fib_value(n);
    let arg = i64::from(n);
    let mut contenders: Vec<Contender<'_>> = FibVariant::ALL
        .iter()
        .map(|&variant| {
            let pools = &pools;
            Contender::timed(variant.name(), move |reps| {
                repeat(reps, expected, || variant.fib(pools, black_box(arg)))
            })
            .profiled_by((variant == FibVariant::Lubdub).then_some(&pools.lubdub))
            .settles_for(pools.settle(variant == FibVariant::Openmp))
        })
        .collect();
    contenders.push(Contender::self_timed(CEILING, move |reps| {
        independent_fib(threads, arg, expected, reps)
    }));
    let label = Cell::label_of(FIB, u64::from(n), threads.get());
    let measured = measure(&label, &mut contenders, plan)?;
    Ok(Cell::new(
        FIB,
        u64::from(n),
        threads.get(),
        fib_joins(n) as f64,
        measured,
    ))
}

// ---------------------------------------------------------------------------
// 2. Empty call-in after 1 ms idle

/// How long the main thread idles before each timed call-in.
const IDLE_BEFORE_CALL_IN: Duration = Duration::from_millis(1);

/// Sleeps [`IDLE_BEFORE_CALL_IN`] before each of `reps` calls of `call_in`
/// and returns the time spent in the calls alone.
fn time_after_idle(
    reps: u64,
    mut call_in: impl FnMut() -> Result<(), Mismatch>,
) -> Result<Duration, Mismatch> {
    let mut spent = Duration::ZERO;
    for _ in 0..reps {
        std::thread::sleep(IDLE_BEFORE_CALL_IN);
        let start = Instant::now();
        call_in()?;
        spent += start.elapsed();
    }
    Ok(spent)
}

fn call_in_cell(threads: NonZeroUsize, samples: usize) -> Result<Cell, Error> {
    let pools = Pools::new(threads)?;
    let pools = &pools;
    let team = pools.omp_threads();
    let mut contenders = vec![
        Contender::self_timed(BASELINE, |reps| {
            time_after_idle(reps, || {
                black_box(());
                Ok(())
            })
        }),
        Contender::self_timed("lubdub-install", |reps| {
            time_after_idle(reps, || {
                pools.lubdub.install(|| black_box(()));
                Ok(())
            })
        }),
        Contender::self_timed("lubdub-join", |reps| {
            time_after_idle(reps, || {
                pools.lubdub.join(|| black_box(()), || black_box(()));
                Ok(())
            })
        }),
        Contender::self_timed("rayon-install", |reps| {
            time_after_idle(reps, || {
                pools.rayon.install(|| black_box(()));
                Ok(())
            })
        }),
        Contender::self_timed("chili-scope-join", |reps| {
            time_after_idle(reps, || {
                pools
                    .chili
                    .scope()
                    .join(|_| black_box(()), |_| black_box(()));
                Ok(())
            })
        }),
        Contender::self_timed("openmp-region", |reps| {
            time_after_idle(reps, || {
                // SAFETY: a plain function of an integer (`team` >= 1, from
                // `Pools`); the C side touches no Rust memory.
                let ran = unsafe { lubdub_bench_empty_region_omp(team) };
                expect_eq(i64::from(ran), i64::from(team))
            })
        })
        .settles_for(pools.settle(true)),
    ];
    let plan = Plan {
        warm_up: Duration::ZERO,
        reps: Reps::Fixed(1),
        budget: Duration::ZERO,
        min_rounds: samples,
        max_rounds: samples,
    };
    let measured = measure(
        &Cell::label_of(CALL_IN, 0, threads.get()),
        &mut contenders,
        &plan,
    )?;
    Ok(Cell::new(
        CALL_IN,
        0,
        threads.get(),
        NS_PER_US,
        measured,
    ))
}

const NS_PER_US: f64 = 1000.0;

// ---------------------------------------------------------------------------
// 3. CPU burned per tiny burst (and 4. oversubscription, which reuses the
// tree-sum cell of `treesum` with these variants)

/// The tree-sum variants of the burst and oversubscription parts: every
/// runtime and the baseline. (The fixed split is left out: it starts OS
/// threads per call, which is not what these parts are about.) In the burst
/// part the baseline's CPU per burst is the job's own work plus the main
/// thread's sleep and wake-up, so what a runtime adds is its excess over it.
const RUNTIME_VARIANTS: [TreeVariant; 5] = [
    TreeVariant::Baseline,
    TreeVariant::Lubdub,
    TreeVariant::Rayon,
    TreeVariant::Chili,
    TreeVariant::Openmp,
];

/// The period between bursts (a sleep of this length after each job).
const BURST_PERIOD: Duration = Duration::from_millis(1);

/// Before each sample, the main thread sleeps this long, uncharged, so that
/// threads still spinning after the previous contender's last burst (libgomp
/// spins for milliseconds after a region) have gone to sleep and are not
/// charged to this one. It precedes every contender's samples, so the
/// OpenMP contender of this part needs no
/// [`Contender::settles_for`] pause on top.
const SETTLE: Duration = Duration::from_millis(20);

/// Samples per variant: the burst time is split into this many, interleaved.
const BURST_SAMPLES: usize = 10;

/// The CPU time of the whole process: every thread of every pool.
fn process_cpu_time() -> Duration {
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

fn burst_cell(tree: &Tree, threads: NonZeroUsize, burst_time: Duration) -> Result<Cell, Error> {
    let pools = Pools::new(threads)?;
    let expected = expected_sum(tree.size());
    let root = tree.root();
    let bursts_per_sample =
        (burst_time.as_nanos() / BURST_PERIOD.as_nanos() / BURST_SAMPLES as u128).max(1) as u64;
    let mut contenders: Vec<Contender<'_>> = RUNTIME_VARIANTS
        .iter()
        .map(|&variant| {
            let pools = &pools;
            Contender::self_timed(variant.name(), move |reps| {
                std::thread::sleep(SETTLE);
                let before = process_cpu_time();
                for _ in 0..reps {
                    std::thread::sleep(BURST_PERIOD);
                    expect_eq(black_box(variant.sum(pools, black_box(root))), expected)?;
                }
                Ok(process_cpu_time().saturating_sub(before))
            })
            .profiled_by((variant == TreeVariant::Lubdub).then_some(&pools.lubdub))
        })
        .collect();
    let plan = Plan {
        warm_up: Duration::ZERO,
        reps: Reps::Fixed(bursts_per_sample),
        budget: Duration::ZERO,
        min_rounds: BURST_SAMPLES,
        max_rounds: BURST_SAMPLES,
    };
    let label = Cell::label_of(BURST_CPU, tree.size(), threads.get());
    let measured = measure(&label, &mut contenders, &plan)?;
    Ok(Cell::new(
        BURST_CPU,
        tree.size(),
        threads.get(),
        NS_PER_US,
        measured,
    ))
}

/// fib built of joins, call-in latency after idling, CPU burned per tiny
/// burst, and oversubscription.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub common: Common,
    /// Parts to run, comma-separated.
    #[arg(long, value_delimiter = ',', value_enum, default_values_t = MicroPart::ALL)]
    parts: Vec<MicroPart>,
    #[command(flatten)]
    settings: MicroSettings,
}

impl Workload for Args {
    fn common(&self) -> &Common {
        &self.common
    }

    fn run(&self) -> Result<Vec<Cell>, Error> {
        run(&self.settings.config(&self.parts, &self.common))
    }

    fn experiments() -> Vec<Experiment> {
        vec![FIB, CALL_IN, BURST_CPU, OVERSUBSCRIPTION]
    }
}

/// The settings of the micro parts, shared by `micro` and `all`.
#[derive(Debug, clap::Args)]
pub struct MicroSettings {
    /// The argument of fib.
    #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u32).range(2..=40))]
    fib_n: u32,
    /// Call-ins timed per variant and thread count.
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    call_in_samples: u64,
    /// Milliseconds of bursts (one every millisecond) per variant and thread count.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(10..=600_000))]
    burst_ms: u64,
    /// The thread count of the oversubscription part.
    #[arg(long, default_value = "64", value_parser = parse_threads)]
    oversubscribed_threads: NonZeroUsize,
}

impl MicroSettings {
    /// The run of `parts` with these settings and the `common` options.
    pub fn config(&self, parts: &[MicroPart], common: &Common) -> MicroConfig {
        MicroConfig {
            parts: unique(parts),
            threads: common.threads(),
            fib_n: self.fib_n,
            budget: common.budget(),
            call_in_samples: usize::try_from(self.call_in_samples).expect("at most 100,000"),
            burst_time: Duration::from_millis(self.burst_ms),
            oversubscribed_threads: self.oversubscribed_threads,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workloads::{nz, parse, Command};

    #[test]
    fn fib_values_and_join_counts() {
        assert_eq!(
            (0..=10).map(fib_value).collect::<Vec<_>>(),
            [0, 1, 1, 2, 3, 5, 8, 13, 21, 34, 55]
        );
        assert_eq!(fib_value(30), 832_040);
        fn counted(n: u32) -> u64 {
            if n < 2 {
                0
            } else {
                1 + counted(n - 1) + counted(n - 2)
            }
        }
        for n in 0..=20 {
            assert_eq!(fib_joins(n), counted(n), "n = {n}");
        }
        assert_eq!(fib_joins(30), 1_346_268);
    }

    #[test]
    fn every_fib_variant_is_right() {
        for threads in [1, 2, 3] {
            let pools = Pools::new(NonZeroUsize::new(threads).unwrap()).unwrap();
            for n in [0u32, 1, 2, 10, 18] {
                for variant in FibVariant::ALL {
                    assert_eq!(
                        variant.fib(&pools, i64::from(n)),
                        fib_value(n),
                        "{} fib({n})",
                        variant.name()
                    );
                }
            }
        }
    }

    #[test]
    fn process_cpu_time_grows_with_work() {
        let before = process_cpu_time();
        let mut x = 0u64;
        let start = Instant::now();
        while start.elapsed() < Duration::from_millis(20) {
            x = black_box(x.wrapping_add(1));
        }
        assert!(process_cpu_time() > before);
    }

    #[test]
    fn time_after_idle_counts_only_the_call() {
        let spent = time_after_idle(3, || Ok(())).unwrap();
        // Three idle milliseconds went by, none of them charged.
        assert!(spent < IDLE_BEFORE_CALL_IN * 3, "{spent:?}");
        assert!(time_after_idle(1, || expect_eq(1, 2)).is_err());
    }

    #[test]
    fn every_part_yields_checked_cells() {
        let config = MicroConfig {
            parts: MicroPart::ALL.to_vec(),
            threads: vec![NonZeroUsize::new(2).unwrap()],
            fib_n: 12,
            budget: Duration::from_millis(5),
            call_in_samples: 3,
            burst_time: Duration::from_millis(20),
            oversubscribed_threads: NonZeroUsize::new(4).unwrap(),
        };
        let cells = run(&config).unwrap();
        let kinds: Vec<_> = cells.iter().map(|c| (c.experiment, c.threads)).collect();
        assert_eq!(
            kinds,
            [
                (FIB, 2),
                (CALL_IN, 2),
                (BURST_CPU, 2),
                (OVERSUBSCRIPTION, 4)
            ]
        );
        let call_in = &cells[1];
        assert_eq!(call_in.results.len(), 6);
        assert!(call_in.results.iter().all(|r| r.samples.len() == 3));
        let burst = &cells[2];
        assert!(burst
            .results
            .iter()
            .all(|r| r.samples.len() == BURST_SAMPLES));
        assert!(cells[3].results.iter().any(|r| r.variant == "openmp"));
    }

    #[test]
    fn settings_reach_the_config() {
        let Command::Micro(args) = parse(&[
            "micro",
            "--parts",
            "fib,call-in",
            "--fib-n",
            "20",
            "--threads",
            "3",
            "--burst-ms",
            "100",
        ])
        .unwrap() else {
            panic!("not micro")
        };
        let config = args.settings.config(&args.parts, &args.common);
        assert_eq!(config.parts, [MicroPart::Fib, MicroPart::CallIn]);
        assert_eq!(config.fib_n, 20);
        assert_eq!(config.threads, [nz(3)]);
        assert_eq!(config.burst_time, Duration::from_millis(100));
        assert_eq!(config.call_in_samples, 200);
        assert_eq!(config.oversubscribed_threads, nz(64));
    }

    #[test]
    fn bad_settings_are_clap_errors() {
        for args in [
            &["micro", "--fib-n", "90"][..],
            &["micro", "--parts", "everything"],
            &["micro", "--oversubscribed-threads", "0"],
            &["all", "--burst-ms", "1"],
        ] {
            assert!(parse(args).is_err(), "{args:?} was accepted");
        }
    }
}
