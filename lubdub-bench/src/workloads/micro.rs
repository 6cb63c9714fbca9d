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
//!
//! This file holds the parts' settings and runs them; each part's
//! measurement is in its own file (`micro/fib.rs`, `micro/call_in.rs`,
//! `micro/burst.rs`, which also gives the oversubscription part its
//! variants).

mod burst;
mod call_in;
mod fib;

use std::num::NonZeroUsize;
use std::time::Duration;

use clap::ValueEnum;

use crate::cli::{parse_threads, unique, Common};
use crate::error::Error;
use crate::experiment::{Entry, Experiment, Heading};
use crate::harness::Plan;
use crate::report::Cell;
use crate::workloads::tree::Tree;
use crate::workloads::treesum;
use crate::workloads::Workload;
use burst::{burst_cell, RUNTIME_VARIANTS};
use call_in::call_in_cell;
use fib::fib_cell;

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

/// A cell whose samples are in nanoseconds reads in microseconds.
const NS_PER_US: f64 = 1000.0;

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
    use super::burst::BURST_SAMPLES;
    use crate::workloads::{nz, parse, Command};

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
        assert_eq!(call_in.results.len(), 10);
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
