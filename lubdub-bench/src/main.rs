//! `lubdub-bench`: reruns the experiments of lubdub's seed documents against
//! their anchors (Rayon, chili, OpenMP tasks, a fixed split) in one process,
//! and reports ratios to the sequential baseline.
//!
//! ```text
//! lubdub-bench treesum [--sizes 1023,10000000] [--large] [--threads 1,2,4] [--variants ...]
//! lubdub-bench micro   [--parts fib,call-in,burst-cpu,oversubscription] [--threads ...]
//! lubdub-bench fft     [--scales 4,5,...,11] [--large] [--threads 1,2,4] [--variants ...]
//! lubdub-bench all     [--threads ...]
//! lubdub-bench loops   [--n 10000000] [--hot-calls 100000] [--threads ...]
//! lubdub-bench sort    [--n 10000000] [--strings 1000000] [--inputs random,...] [--threads ...]
//! lubdub-bench alloc   [--tree-nodes 1000000] [--items 1000000] [--threads ...]
//! ```
//!
//! Every subcommand prints tables on stdout, progress on stderr, writes every
//! sample as JSON and a plot per size under `bench-results/`, and with
//! `--update-docs` rewrites its sections of BENCHMARKS.md. Run it from the
//! repository root, built with `--release`.
//!
//! The global allocator is the system's unless `LUBDUB_BENCH_ALLOCATOR=mimalloc`
//! (see `allocator.rs`); `alloc` runs itself once under each, in child
//! processes, and compares them (`workloads/alloc.rs`).

mod allocator;
mod check;
mod docs;
mod error;
mod harness;
mod machine;
mod plot;
mod profiles;
mod report;
mod stats;
mod table;
mod timeline;
mod workloads;

use std::num::NonZeroUsize;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::{Args, Parser, Subcommand};

use crate::error::Error;
use crate::machine::Provenance;
use crate::report::{group_digits, Run};
use crate::workloads::alloc::{self as alloc_bench, AllocConfig};
use crate::workloads::fft::{self, FftConfig, FftVariant};
use crate::workloads::loops::{self, LoopKind, LoopsConfig};
use crate::workloads::micro::{self, MicroConfig, MicroPart};
use crate::workloads::sort::{self, SortCase, SortConfig, SortInput};
use crate::workloads::treesum::{self, TreeVariant, TreesumConfig};

/// The largest tree accepted: about 6 GiB of nodes.
const MAX_TREE_SIZE: u64 = 200_000_000;

/// The tree `--large` adds, as in the seed.
const LARGE_TREE_SIZE: u64 = 100_000_000;

/// The largest fft scale accepted: 2^20 points take minutes per FFT.
const MAX_FFT_SCALE: u32 = 20;

/// The fft scales `--large` adds, up to the seed's largest.
const LARGE_FFT_SCALES: [u32; 4] = [12, 13, 14, 15];

/// The fft scale `all` measures: one, to stay within its few minutes.
const ALL_FFT_SCALES: [u32; 1] = [10];

/// The most threads `all` runs fft with (the issue's default set is 1, 2, 4;
/// one fft cell of five variants takes about ten seconds).
const ALL_FFT_MAX_THREADS: usize = 4;

/// The thread counts `all` runs fft with: those up to
/// [`ALL_FFT_MAX_THREADS`], or the smallest one asked for if none is.
fn all_fft_threads(threads: Vec<NonZeroUsize>) -> Vec<NonZeroUsize> {
    let smallest = threads.iter().min().copied();
    let small: Vec<_> = threads
        .into_iter()
        .filter(|t| t.get() <= ALL_FFT_MAX_THREADS)
        .collect();
    if small.is_empty() {
        smallest.into_iter().collect()
    } else {
        small
    }
}

/// The benchmark program of lubdub.
#[derive(Debug, Parser)]
#[command(name = "lubdub-bench", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// The seed's tree sum: a balanced binary tree, one fork per node, every
    /// variant at every thread count.
    Treesum(TreesumArgs),
    /// fib built of joins, call-in latency after idling, CPU burned per tiny
    /// burst, and oversubscription.
    Micro(MicroArgs),
    /// The seed-000 contest: KZG's fft_g1 over BLS12-381 (blst), every
    /// variant at every scale and thread count.
    Fft(FftArgs),
    /// treesum (1023 and 10,000,000 nodes), micro and fft (scales 8 and 10,
    /// without the ceiling), in a few minutes on 2 cores.
    All(AllArgs),
    /// Parallel loops: sum of squares (1,000 and n elements), map-collect,
    /// axpy through zip, and a 64-element loop called from a sequential loop.
    Loops(LoopsArgs),
    /// Parallel sorts against std's, stable and unstable, on u64s and strings.
    Sort(SortArgs),
    /// Seed 001's allocator lesson: a tree of boxed nodes built and freed
    /// with a fork per node, and a map allocating a Vec per item, under the
    /// system allocator and under mimalloc (one child process each).
    Alloc(AllocArgs),
}

impl Command {
    /// The options every subcommand has.
    fn common(&self) -> &Common {
        match self {
            Command::Treesum(args) => &args.common,
            Command::Micro(args) => &args.common,
            Command::Fft(args) => &args.common,
            Command::All(args) => &args.common,
            Command::Loops(args) => &args.common,
            Command::Sort(args) => &args.common,
            Command::Alloc(args) => &args.common,
        }
    }
}

/// Options every subcommand has.
#[derive(Debug, Args)]
struct Common {
    /// Thread counts to measure, comma-separated.
    #[arg(long, value_delimiter = ',', value_parser = parse_threads, default_value = "1,2,4,8,16,32")]
    threads: Vec<NonZeroUsize>,
    /// Time budget per cell (one size at one thread count), in milliseconds;
    /// at least three rounds of samples are taken whatever it costs.
    #[arg(long, default_value_t = 500, value_parser = clap::value_parser!(u64).range(1..=600_000))]
    budget_ms: u64,
    /// Rewrite this run's sections of BENCHMARKS.md and copy its plots to docs/img/.
    #[arg(long)]
    update_docs: bool,
    /// The BENCHMARKS.md that --update-docs rewrites.
    #[arg(long, default_value = "BENCHMARKS.md")]
    docs: PathBuf,
    /// Where the JSON file and the plots of the run are written.
    #[arg(long, default_value = "bench-results")]
    out_dir: PathBuf,
    /// After each cell's timed samples, run one more sample of lubdub with
    /// tracing on and draw it as a timeline, a row per worker coloured by
    /// state, for each experiment and size (the timed samples stay untraced).
    #[arg(long)]
    trace: bool,
}

impl Common {
    fn threads(&self) -> Vec<NonZeroUsize> {
        unique(&self.threads)
    }

    fn budget(&self) -> Duration {
        Duration::from_millis(self.budget_ms)
    }
}

#[derive(Debug, Args)]
struct TreesumArgs {
    #[command(flatten)]
    common: Common,
    /// Tree sizes in nodes, comma-separated.
    #[arg(long, value_delimiter = ',', value_parser = parse_size, default_value = "1023,10000000")]
    sizes: Vec<u64>,
    /// Also measure the 100,000,000-node tree (3.2 GB; slow variants take minutes).
    #[arg(long)]
    large: bool,
    /// Variants to measure, comma-separated; the baseline is always measured.
    #[arg(long, value_delimiter = ',', value_enum, default_values_t = TreeVariant::ALL)]
    variants: Vec<TreeVariant>,
}

impl TreesumArgs {
    fn config(&self) -> TreesumConfig {
        let mut sizes = self.sizes.clone();
        if self.large {
            sizes.push(LARGE_TREE_SIZE);
        }
        let mut variants = vec![TreeVariant::Baseline];
        variants.extend(&self.variants);
        TreesumConfig {
            sizes: unique(&sizes),
            threads: self.common.threads(),
            variants: unique(&variants),
            budget: self.common.budget(),
        }
    }
}

#[derive(Debug, Args)]
#[command(mut_arg("threads", |arg| arg.default_value("1,2,4")))]
struct FftArgs {
    #[command(flatten)]
    common: Common,
    /// Scales (log2 of the number of points), comma-separated.
    #[arg(long, value_delimiter = ',', value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_FFT_SCALE)),
          default_value = "4,5,6,7,8,9,10,11")]
    scales: Vec<u32>,
    /// Also measure scales 12 to 15 (the sequential FFT takes seconds there).
    #[arg(long)]
    large: bool,
    /// Variants to measure, comma-separated; sequential is always measured.
    #[arg(long, value_delimiter = ',', value_enum, default_values_t = FftVariant::ALL)]
    variants: Vec<FftVariant>,
}

impl FftArgs {
    fn config(&self) -> FftConfig {
        let mut scales = self.scales.clone();
        if self.large {
            scales.extend(LARGE_FFT_SCALES);
        }
        let mut variants = vec![FftVariant::Sequential];
        variants.extend(&self.variants);
        FftConfig {
            scales: unique(&scales),
            threads: self.common.threads(),
            variants: unique(&variants),
            budget: self.common.budget(),
        }
    }
}

#[derive(Debug, Args)]
struct MicroArgs {
    #[command(flatten)]
    common: Common,
    /// Parts to run, comma-separated.
    #[arg(long, value_delimiter = ',', value_enum, default_values_t = MicroPart::ALL)]
    parts: Vec<MicroPart>,
    #[command(flatten)]
    settings: MicroSettings,
}

/// The settings of the micro parts, shared by `micro` and `all`.
#[derive(Debug, Args)]
struct MicroSettings {
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
    fn config(&self, parts: &[MicroPart], common: &Common) -> MicroConfig {
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

#[derive(Debug, Args)]
struct AllArgs {
    #[command(flatten)]
    common: Common,
    #[command(flatten)]
    settings: MicroSettings,
}

impl AllArgs {
    fn treesum_config(&self) -> TreesumConfig {
        TreesumConfig {
            sizes: vec![1023, 10_000_000],
            threads: self.common.threads(),
            variants: TreeVariant::ALL.to_vec(),
            budget: self.common.budget(),
        }
    }

    /// The fft part of `all`: without the ceiling, whose `threads` copies
    /// per sample would take a minute more at 32 threads on 2 cores.
    fn fft_config(&self) -> FftConfig {
        FftConfig {
            scales: ALL_FFT_SCALES.to_vec(),
            threads: all_fft_threads(self.common.threads()),
            variants: FftVariant::ALL
                .into_iter()
                .filter(|&v| v != FftVariant::Ceiling)
                .collect(),
            budget: self.common.budget(),
        }
    }
}

#[derive(Debug, Args)]
struct LoopsArgs {
    #[command(flatten)]
    common: Common,
    /// Elements of the large loops (sum of squares, map-collect, axpy).
    #[arg(long, default_value_t = 10_000_000, value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    n: u64,
    /// Calls of the 64-element loop per repetition of the hot loop.
    #[arg(long, default_value_t = 100_000, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    hot_calls: u64,
    /// Loops to measure, comma-separated (all by default).
    #[arg(long, value_delimiter = ',', value_enum)]
    kinds: Vec<LoopKind>,
}

impl LoopsArgs {
    fn config(&self) -> LoopsConfig {
        let mut cases = LoopsConfig::issue_cases(to_usize(self.n), to_usize(self.hot_calls));
        if !self.kinds.is_empty() {
            cases.retain(|case| self.kinds.contains(&case.kind));
        }
        LoopsConfig {
            cases,
            threads: self.common.threads(),
            budget: self.common.budget(),
        }
    }
}

#[derive(Debug, Args)]
struct SortArgs {
    #[command(flatten)]
    common: Common,
    /// Elements of each u64 input.
    #[arg(long, default_value_t = 10_000_000, value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    n: u64,
    /// Elements of the string input.
    #[arg(long, default_value_t = 1_000_000, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    strings: u64,
    /// Inputs to sort, comma-separated; each is sorted unstably and stably.
    #[arg(long, value_delimiter = ',', value_enum, default_values_t = SortInput::ALL)]
    inputs: Vec<SortInput>,
}

impl SortArgs {
    fn config(&self) -> SortConfig {
        let inputs = unique(&self.inputs);
        SortConfig {
            cases: SortConfig::all_cases()
                .into_iter()
                .filter(|case| inputs.contains(&case.input))
                .collect(),
            n: to_usize(self.n),
            strings: to_usize(self.strings),
            threads: self.common.threads(),
            budget: self.common.budget(),
        }
    }
}

/// `alloc`'s budget per cell, in each child: a repetition takes 30 to 80 ms
/// (a million nodes or items), so 1.5 s gives 10 to 20 samples per variant,
/// and `alloc --threads 1,2` about half a minute on 2 cores.
const ALLOC_BUDGET_MS: &str = "1500";

#[derive(Debug, Args)]
#[command(mut_arg("budget_ms", |arg| arg.default_value(ALLOC_BUDGET_MS)))]
struct AllocArgs {
    #[command(flatten)]
    common: Common,
    /// Nodes of the tree built and freed per repetition.
    #[arg(long, default_value_t = 1_000_000, value_parser = parse_size)]
    tree_nodes: u64,
    /// Items of the map-reduce, each allocating a Vec of 1 to 64 u64s.
    #[arg(long, default_value_t = 1_000_000, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    items: u64,
    /// Measure in this process, under its own allocator, and print the
    /// samples as one line of JSON: how `alloc` runs each child.
    #[arg(long, hide = true)]
    child: bool,
}

impl AllocArgs {
    fn config(&self) -> AllocConfig {
        AllocConfig {
            tree_nodes: self.tree_nodes,
            items: self.items,
            threads: self.common.threads(),
            budget: self.common.budget(),
        }
    }
}

/// The loops and sorts that `all` runs: every loop (the hot loop with
/// [`ALL_HOT_CALLS`] calls, as Rayon and OpenMP take ~100x the sequential
/// time on it) and the sorts of random `u64`s, both stabilities (the
/// other inputs only in `sort`: `all` stays under about 5 minutes on 2
/// cores).
impl AllArgs {
    fn loops_config(&self) -> LoopsConfig {
        LoopsConfig {
            cases: LoopsConfig::issue_cases(10_000_000, ALL_HOT_CALLS),
            threads: self.common.threads(),
            budget: self.common.budget(),
        }
    }

    fn sort_config(&self) -> SortConfig {
        let case = |input, stable| SortCase { input, stable };
        SortConfig {
            cases: vec![
                case(SortInput::Random, false),
                case(SortInput::Random, true),
            ],
            n: 10_000_000,
            strings: 1_000_000,
            threads: self.common.threads(),
            budget: self.common.budget(),
        }
    }
}

/// The hot loop's calls per repetition in `all`.
const ALL_HOT_CALLS: usize = 2_000;

/// A count the CLI bounded far below `usize::MAX`.
fn to_usize(n: u64) -> usize {
    usize::try_from(n).expect("bounded by the CLI")
}

/// A thread count: a whole number from 1 to lubdub's limit.
fn parse_threads(text: &str) -> Result<NonZeroUsize, String> {
    let max = lubdub::MAX_NUM_THREADS;
    match text.trim().parse::<usize>() {
        Ok(0) => Err("thread counts start at 1".to_owned()),
        Ok(n) if n > max => Err(format!("{n} threads is more than lubdub's limit of {max}")),
        Ok(n) => Ok(NonZeroUsize::new(n).expect("not 0")),
        Err(_) => Err(format!(
            "{text:?} is not a thread count: give whole numbers from 1 to {max}, comma-separated"
        )),
    }
}

/// A tree size: a whole number of nodes from 1 to [`MAX_TREE_SIZE`].
fn parse_size(text: &str) -> Result<u64, String> {
    let range = format!("1 to {}", group_digits(MAX_TREE_SIZE));
    match text.trim().parse::<u64>() {
        Ok(n) if (1..=MAX_TREE_SIZE).contains(&n) => Ok(n),
        Ok(n) => Err(format!("a tree of {n} nodes is out of range: trees have {range} nodes")),
        Err(_) => Err(format!("{text:?} is not a tree size: give whole numbers of nodes from {range}, comma-separated")),
    }
}

/// `items` without repeats, in the order of their first appearance.
fn unique<T: PartialEq + Copy>(items: &[T]) -> Vec<T> {
    let mut out: Vec<T> = Vec::with_capacity(items.len());
    for &item in items {
        if !out.contains(&item) {
            out.push(item);
        }
    }
    out
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let checked = allocator::in_use().map_err(Error::Allocator);
    match checked.and_then(|_| run(&cli)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("lubdub-bench: error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Measures what `cli` asks for, then reports it.
fn run(cli: &Cli) -> Result<(), Error> {
    if let Command::Alloc(args @ AllocArgs { child: true, .. }) = &cli.command {
        // A child of `alloc`: its samples on stdout, and nothing written.
        let report = alloc_bench::measure_here(&args.config())?;
        println!("{}", report.to_line());
        return Ok(());
    }
    let started = Instant::now();
    let provenance = Provenance::now();
    harness::take_traced_samples(cli.command.common().trace);
    let common = cli.command.common();
    let (subcommand, cells) = match &cli.command {
        Command::Treesum(args) => ("treesum", treesum::run(&args.config())?),
        Command::Micro(args) => (
            "micro",
            micro::run(&args.settings.config(&args.parts, &args.common))?,
        ),
        Command::Fft(args) => ("fft", fft::run(&args.config())?),
        Command::All(args) => {
            let mut cells = treesum::run(&args.treesum_config())?;
            cells.extend(micro::run(
                &args.settings.config(&MicroPart::ALL, &args.common),
            )?);
            cells.extend(fft::run(&args.fft_config())?);
            cells.extend(loops::run(&args.loops_config())?);
            cells.extend(sort::run(&args.sort_config())?);
            ("all", cells)
        }
        Command::Loops(args) => ("loops", loops::run(&args.config())?),
        Command::Sort(args) => ("sort", sort::run(&args.config())?),
        Command::Alloc(args) => ("alloc", alloc_bench::run(&args.config())?),
    };
    let run = Run {
        subcommand: subcommand.to_owned(),
        command_line: std::env::args().collect(),
        provenance,
        cells,
    };
    publish(&run, common)?;
    eprintln!(
        "lubdub-bench {subcommand}: done in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Prints the tables, writes the JSON and the plots, and updates the docs.
fn publish(run: &Run, common: &Common) -> Result<(), Error> {
    let p = &run.provenance;
    let allocator = if p.allocator == allocator::Choice::System.name() {
        String::new()
    } else {
        format!(" | allocator {}", p.allocator)
    };
    println!(
        "lubdub-bench {} | {} | commit {} | {} ({} logical CPUs) | {} | kernel {}{allocator}\n",
        run.subcommand,
        p.date,
        p.commit_description(),
        p.machine.cpu_model,
        p.machine.logical_cpus,
        p.machine.os,
        p.machine.kernel
    );
    for table in table::tables(&run.cells) {
        println!("{}", table.to_text());
    }
    if let Some(table) = profiles::table(&run.cells) {
        println!("{}", table.to_text());
    }
    for profile in profiles::detailed(&run.cells) {
        println!("{profile}");
    }
    let json = run.write_json(&common.out_dir)?;
    eprintln!("wrote {}", json.display());
    let mut plots = plot::plot_run(run, &common.out_dir)?;
    plots.extend(timeline::plot_timelines(run, &common.out_dir)?);
    for plot in &plots {
        eprintln!("wrote {}", plot.path.display());
    }
    if common.update_docs {
        let updated = docs::update(&common.docs, run, &plots)?;
        for path in &updated.written {
            eprintln!("updated {}", path.display());
        }
        for path in &updated.removed {
            eprintln!(
                "removed {} (a plot this run no longer produces)",
                path.display()
            );
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use clap::error::ErrorKind;

    use super::*;

    fn parse(args: &[&str]) -> Result<Cli, clap::Error> {
        Cli::try_parse_from(std::iter::once("lubdub-bench").chain(args.iter().copied()))
    }

    fn nz(n: usize) -> NonZeroUsize {
        NonZeroUsize::new(n).unwrap()
    }

    #[test]
    fn the_cli_is_well_formed() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
    }

    #[test]
    fn treesum_defaults_follow_the_seed() {
        let Command::Treesum(args) = parse(&["treesum"]).unwrap().command else {
            panic!("not treesum")
        };
        let config = args.config();
        assert_eq!(config.sizes, [1023, 10_000_000]);
        assert_eq!(config.threads, [1, 2, 4, 8, 16, 32].map(nz));
        assert_eq!(config.variants, TreeVariant::ALL);
        assert!(!args.common.update_docs);
    }

    #[test]
    fn large_adds_the_hundred_million_tree_and_lists_are_deduplicated() {
        let Command::Treesum(args) = parse(&[
            "treesum",
            "--large",
            "--threads",
            "2,1,2",
            "--variants",
            "rayon,rayon",
        ])
        .unwrap()
        .command
        else {
            panic!("not treesum")
        };
        let config = args.config();
        assert_eq!(config.sizes, [1023, 10_000_000, 100_000_000]);
        assert_eq!(config.threads, [nz(2), nz(1)]);
        // The baseline is always measured: the ratios need it.
        assert_eq!(config.variants, [TreeVariant::Baseline, TreeVariant::Rayon]);
    }

    #[test]
    fn bad_thread_counts_are_clap_errors() {
        for bad in ["0", "abc", "1,0", "-1", "1.5", "100000"] {
            let arg = format!("--threads={bad}");
            let err = parse(&["treesum", &arg]).unwrap_err();
            assert_eq!(err.kind(), ErrorKind::ValueValidation, "--threads {bad}");
            assert!(err.to_string().contains("--threads"), "{err}");
        }
        assert!(parse(&["micro", "--oversubscribed-threads", "0"]).is_err());
    }

    #[test]
    fn bad_sizes_variants_and_settings_are_clap_errors() {
        for args in [
            &["treesum", "--sizes", "0"][..],
            &["treesum", "--sizes", "ten"],
            &["treesum", "--sizes", "300000000"],
            &["treesum", "--variants", "tbb"],
            &["treesum", "--budget-ms", "0"],
            &["micro", "--fib-n", "90"],
            &["micro", "--parts", "everything"],
            &["all", "--burst-ms", "1"],
            &["frobnicate"],
        ] {
            assert!(parse(args).is_err(), "{args:?} was accepted");
        }
    }

    #[test]
    fn micro_and_all_settings_reach_the_config() {
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
        .unwrap()
        .command
        else {
            panic!("not micro")
        };
        let config = args.settings.config(&args.parts, &args.common);
        assert_eq!(config.parts, [MicroPart::Fib, MicroPart::CallIn]);
        assert_eq!(config.fib_n, 20);
        assert_eq!(config.threads, [nz(3)]);
        assert_eq!(config.burst_time, Duration::from_millis(100));
        assert_eq!(config.call_in_samples, 200);
        assert_eq!(config.oversubscribed_threads, nz(64));

        let Command::All(args) = parse(&["all", "--update-docs", "--threads", "1,2"])
            .unwrap()
            .command
        else {
            panic!("not all")
        };
        assert!(args.common.update_docs);
        let config = args.treesum_config();
        assert_eq!(config.sizes, [1023, 10_000_000]);
        assert_eq!(config.threads, [nz(1), nz(2)]);
    }

    #[test]
    fn fft_defaults_and_options_reach_the_config() {
        let Command::Fft(args) = parse(&["fft"]).unwrap().command else {
            panic!("not fft")
        };
        let config = args.config();
        assert_eq!(config.scales, (4..=11).collect::<Vec<_>>());
        assert_eq!(config.threads, [1, 2, 4].map(nz));
        assert_eq!(config.variants, FftVariant::ALL);

        let Command::Fft(args) = parse(&[
            "fft",
            "--large",
            "--scales",
            "10,3,10",
            "--threads",
            "2",
            "--variants",
            "lubdub,openmp",
        ])
        .unwrap()
        .command
        else {
            panic!("not fft")
        };
        let config = args.config();
        assert_eq!(config.scales, [10, 3, 12, 13, 14, 15]);
        assert_eq!(config.threads, [nz(2)]);
        // Sequential is always measured: the ratios need it.
        assert_eq!(
            config.variants,
            [
                FftVariant::Sequential,
                FftVariant::Lubdub,
                FftVariant::Openmp
            ]
        );
        for bad in [
            &["fft", "--scales", "0"][..],
            &["fft", "--scales", "21"],
            &["fft", "--variants", "cuda"],
        ] {
            assert!(parse(bad).is_err(), "{bad:?} was accepted");
        }

        let Command::All(args) = parse(&["all", "--threads", "1,2"]).unwrap().command else {
            panic!("not all")
        };
        let config = args.fft_config();
        assert_eq!(config.scales, ALL_FFT_SCALES);
        assert_eq!(config.threads, [nz(1), nz(2)]);
        assert_eq!(config.variants, FftVariant::ALL[..5]);
    }

    #[test]
    fn all_runs_fft_on_few_threads() {
        assert_eq!(
            all_fft_threads(vec![nz(1), nz(2), nz(8), nz(32)]),
            [nz(1), nz(2)]
        );
        assert_eq!(all_fft_threads(vec![nz(16), nz(8)]), [nz(8)]);
        assert!(all_fft_threads(vec![]).is_empty());
    }

    #[test]
    fn parsers_explain_themselves() {
        assert!(parse_threads("0").unwrap_err().contains("start at 1"));
        assert!(parse_threads("x")
            .unwrap_err()
            .contains("not a thread count"));
        assert_eq!(parse_threads(" 8 "), Ok(nz(8)));
        assert!(parse_size("0").unwrap_err().contains("1 to 200,000,000"));
        assert_eq!(parse_size("1023"), Ok(1023));
        assert_eq!(unique(&[3, 1, 3, 2, 1]), [3, 1, 2]);
    }

    #[test]
    fn alloc_defaults_and_the_child_command_line_round_trip() {
        let Command::Alloc(args) = parse(&["alloc"]).unwrap().command else {
            panic!("not alloc")
        };
        assert!(!args.child);
        let config = args.config();
        assert_eq!((config.tree_nodes, config.items), (1_000_000, 1_000_000));
        assert_eq!(config.threads, [1, 2, 4, 8, 16, 32].map(nz));
        assert_eq!(config.budget, Duration::from_millis(1500));
        let Command::Alloc(args) = parse(&[
            "alloc",
            "--threads",
            "2,1",
            "--budget-ms",
            "30",
            "--tree-nodes",
            "1023",
            "--items",
            "77",
            "--update-docs",
        ])
        .unwrap()
        .command
        else {
            panic!("not alloc")
        };
        let config = args.config();
        let child_args = config.child_args();
        let Command::Alloc(child) =
            parse(&child_args.iter().map(String::as_str).collect::<Vec<_>>())
                .unwrap()
                .command
        else {
            panic!("not alloc")
        };
        assert!(child.child);
        assert!(!child.common.update_docs, "a child writes nothing");
        assert_eq!(child.config(), config);
        for bad in [
            &["alloc", "--tree-nodes", "0"][..],
            &["alloc", "--items", "0"],
            &["alloc", "--items", "many"],
        ] {
            assert!(parse(bad).is_err(), "{bad:?} was accepted");
        }
    }

    #[test]
    fn the_child_flag_is_hidden_from_help() {
        use clap::CommandFactory;
        let help = Cli::command()
            .find_subcommand_mut("alloc")
            .unwrap()
            .render_long_help()
            .to_string();
        assert!(help.contains("--tree-nodes"), "{help}");
        assert!(!help.contains("--child"), "{help}");
    }

    #[test]
    fn loops_and_sort_defaults_follow_the_issue() {
        let Command::Loops(args) = parse(&["loops"]).unwrap().command else {
            panic!("not loops")
        };
        let config = args.config();
        assert_eq!(config.cases, LoopsConfig::issue_cases(10_000_000, 100_000));
        let Command::Sort(args) = parse(&["sort"]).unwrap().command else {
            panic!("not sort")
        };
        let config = args.config();
        assert_eq!(config.cases, SortConfig::all_cases());
        assert_eq!((config.n, config.strings), (10_000_000, 1_000_000));
        let Command::Sort(args) = parse(&["sort", "--inputs", "strings,random,strings"])
            .unwrap()
            .command
        else {
            panic!("not sort")
        };
        let inputs: Vec<_> = args
            .config()
            .cases
            .iter()
            .map(|c| (c.input, c.stable))
            .collect();
        assert_eq!(
            inputs,
            [
                (SortInput::Random, false),
                (SortInput::Strings, false),
                (SortInput::Random, true),
                (SortInput::Strings, true)
            ]
        );
        assert!(parse(&["sort", "--inputs", "bogus"]).is_err());
    }
}
