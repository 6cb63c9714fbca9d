//! The allocator experiment of seed 001 (a parallel genome assembler slowed
//! down by glibc's `malloc`/`free` on many threads): two allocation-heavy
//! parallel workloads, all variants side by side, run once under the system
//! allocator and once under mimalloc.
//!
//! The global allocator is chosen once per process (`crate::allocator`), so
//! `lubdub-bench alloc` (the parent) runs itself again as a child process
//! per allocator, with `LUBDUB_BENCH_ALLOCATOR` set and the hidden flag
//! `--child`. A child measures every cell in its own process and prints its
//! samples as one line of JSON on stdout, after [`RESULT_PREFIX`]; its
//! progress goes to stderr, which it shares with the parent. The parent
//! passes every other line the child prints on stdout through to its own
//! stdout, prefixed with the child's allocator, and merges the children's
//! samples into cells that name their allocator: one table per workload,
//! rows per allocator and thread count, ratios to the sequential variant
//! under the same allocator.
//!
//! The workloads:
//! - *alloc-tree*: build a balanced binary tree of `n` boxed nodes holding
//!   `1..=n`, with one fork per node (the children built in the fork, the
//!   node boxed after them), then take it apart with one fork per node,
//!   freeing every node and summing the values: every repetition allocates
//!   and frees `n` 24-byte blocks, and with more than one thread a subtree
//!   is often freed by another thread than the one that built it.
//! - *alloc-vecs*: a map-reduce over `0..n` where item `i` becomes a `Vec` of
//!   1 to [`MAX_VEC_LEN`] `u64`s and the vectors are reduced by adding them
//!   element-wise into the longer one, freeing the shorter: an allocation
//!   and a free per item, of varying sizes, the frees partly on other
//!   threads than the allocations.
//!
//! Every repetition is one call into the runtime from the main thread and is
//! checked: the tree's sum against n(n+1)/2, the reduced vector against the
//! sequential variant's.

use std::hint::black_box;
use std::io::{BufRead, BufReader, Write};
use std::num::NonZeroUsize;
use std::process::{Command, Stdio};
use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::allocator::{self, Choice};
use crate::check::{expect_eq, expect_same, Mismatch};
use crate::cli::{parse_size, Common};
use crate::error::Error;
use crate::experiment::{Entry, Experiment, Heading};
use crate::harness::{measure, Contender, Measurement, Plan};
use crate::report::{group_digits, Cell, SEQUENTIAL};
use crate::workloads::tree::{expected_sum, Node};
use crate::workloads::Workload;

/// The longest vector an item of alloc-vecs allocates, in `u64`s (512 bytes:
/// sizes from 8 to 512 bytes, within glibc's per-thread cache).
pub const MAX_VEC_LEN: usize = 64;

/// What starts the line a child prints its samples on.
pub const RESULT_PREFIX: &str = "lubdub-bench-alloc-result: ";

/// The workloads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AllocWorkload {
    /// Build a tree of boxed nodes with a fork per node, then free it while
    /// summing it with a fork per node.
    Tree,
    /// A map that allocates a `Vec` per item, reduced element-wise.
    Vecs,
}

impl AllocWorkload {
    /// Both, in table order.
    pub const ALL: [AllocWorkload; 2] = [Self::Tree, Self::Vecs];

    /// The name in tables, file names and progress lines.
    pub fn name(self) -> &'static str {
        match self {
            Self::Tree => "alloc-tree",
            Self::Vecs => "alloc-vecs",
        }
    }

    /// The workload's experiment: ns per node or item, compared with the
    /// sequential variant under the same allocator.
    pub fn experiment(self) -> Experiment {
        let experiment = match self {
            Self::Tree => Experiment::new(
                self.name(),
                "ns/node",
                "alloc",
                Heading::Count("nodes built then freed"),
            ),
            Self::Vecs => Experiment::new(
                self.name(),
                "ns/item",
                "alloc",
                Heading::Custom(|size| {
                    format!(
                        "alloc-vecs, n = {} items of 1 to {MAX_VEC_LEN} u64s",
                        group_digits(size)
                    )
                }),
            ),
        };
        experiment.read_as(
            Entry::Ratio,
            "median / min (median ÷ sequential median under the same allocator)",
        )
    }
}

/// The ways of running a workload.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AllocVariant {
    /// Plain recursion and iterators, no runtime: the reference.
    Sequential,
    /// `lubdub::join` per node, lubdub's `into_par_iter().reduce`, inside
    /// `lubdub::ThreadPool::install`.
    Lubdub,
    /// The same with Rayon's, inside `rayon::ThreadPool::install`.
    Rayon,
}

impl AllocVariant {
    /// Every variant, in the order of the tables.
    pub const ALL: [AllocVariant; 3] = [Self::Sequential, Self::Lubdub, Self::Rayon];

    /// The name in tables and JSON.
    pub fn name(self) -> &'static str {
        match self {
            Self::Sequential => SEQUENTIAL,
            Self::Lubdub => "lubdub",
            Self::Rayon => "rayon",
        }
    }
}

/// A fork-join primitive, so that one recursive function serves every
/// variant.
trait Fork {
    fn join<A, B, RA, RB>(a: A, b: B) -> (RA, RB)
    where
        A: FnOnce() -> RA + Send,
        B: FnOnce() -> RB + Send,
        RA: Send,
        RB: Send;
}

/// `a` then `b` on the calling thread.
struct Seq;
/// `lubdub::join`.
struct Lub;
/// `rayon::join`.
struct Ray;

impl Fork for Seq {
    fn join<A, B, RA, RB>(a: A, b: B) -> (RA, RB)
    where
        A: FnOnce() -> RA + Send,
        B: FnOnce() -> RB + Send,
        RA: Send,
        RB: Send,
    {
        (a(), b())
    }
}

impl Fork for Lub {
    fn join<A, B, RA, RB>(a: A, b: B) -> (RA, RB)
    where
        A: FnOnce() -> RA + Send,
        B: FnOnce() -> RB + Send,
        RA: Send,
        RB: Send,
    {
        lubdub::join(a, b)
    }
}

impl Fork for Ray {
    fn join<A, B, RA, RB>(a: A, b: B) -> (RA, RB)
    where
        A: FnOnce() -> RA + Send,
        B: FnOnce() -> RB + Send,
        RA: Send,
        RB: Send,
    {
        rayon::join(a, b)
    }
}

/// A balanced tree holding `lo..=hi`, one fork per node: the subtrees are
/// built in the fork, then the node is boxed.
fn build<F: Fork>(lo: i64, hi: i64) -> Option<Box<Node>> {
    if lo > hi {
        return None;
    }
    let mid = lo + (hi - lo) / 2;
    let (left, right) = F::join(|| build::<F>(lo, mid - 1), || build::<F>(mid + 1, hi));
    Some(Box::new(Node {
        value: mid,
        left,
        right,
    }))
}

/// The sum of the tree's values, freeing every node, one fork per node.
fn consume<F: Fork>(node: Option<Box<Node>>) -> i64 {
    let Some(node) = node else {
        return 0;
    };
    let Node { value, left, right } = *node;
    let (l, r) = F::join(|| consume::<F>(left), || consume::<F>(right));
    value + l + r
}

/// One repetition of alloc-tree: the sum of the tree of `1..=nodes` built
/// and freed this way.
fn tree_rep(variant: AllocVariant, pools: &AllocPools, nodes: u64) -> i64 {
    let hi = i64::try_from(nodes).expect("the CLI bounds the tree far below i64::MAX");
    match variant {
        AllocVariant::Sequential => consume::<Seq>(build::<Seq>(1, hi)),
        AllocVariant::Lubdub => pools.lubdub.install(|| consume::<Lub>(build::<Lub>(1, hi))),
        AllocVariant::Rayon => pools.rayon.install(|| consume::<Ray>(build::<Ray>(1, hi))),
    }
}

/// Checks alloc-tree's answer: the sum of `1..=nodes`.
fn check_tree(sum: i64, nodes: u64) -> Result<(), Mismatch> {
    expect_eq(sum, expected_sum(nodes))
}

/// SplitMix64's finalizer: a well-mixed `u64` from `i`.
fn mix(i: u64) -> u64 {
    let mut z = i.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Item `i` of alloc-vecs: a freshly allocated vector of 1 to
/// [`MAX_VEC_LEN`] values, its length and values derived from `i`.
fn item_vec(i: u64) -> Vec<u64> {
    let h = mix(i);
    let len = 1 + (h % MAX_VEC_LEN as u64) as usize;
    (0..len).map(|k| h.rotate_left(k as u32) >> 8).collect()
}

/// The element-wise (wrapping) sum of `a` and `b`, in the longer of the two;
/// the shorter is freed. Associative and commutative, so every variant's
/// reduction order gives the same vector.
fn add_vecs(a: Vec<u64>, b: Vec<u64>) -> Vec<u64> {
    let (mut long, short) = if a.len() >= b.len() { (a, b) } else { (b, a) };
    for (x, y) in long.iter_mut().zip(&short) {
        *x = x.wrapping_add(*y);
    }
    long
}

/// One repetition of alloc-vecs: the vectors of items `0..items`, reduced.
fn vecs_rep(variant: AllocVariant, pools: &AllocPools, items: u64) -> Vec<u64> {
    match variant {
        AllocVariant::Sequential => (0..items).map(item_vec).fold(Vec::new(), add_vecs),
        AllocVariant::Lubdub => pools.lubdub.install(|| {
            use lubdub::prelude::*;
            (0..items)
                .into_par_iter()
                .map(item_vec)
                .reduce(Vec::new, add_vecs)
        }),
        AllocVariant::Rayon => pools.rayon.install(|| {
            use rayon::prelude::*;
            (0..items)
                .into_par_iter()
                .map(item_vec)
                .reduce(Vec::new, add_vecs)
        }),
    }
}

/// What an alloc run covers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AllocConfig {
    /// Nodes of alloc-tree.
    pub tree_nodes: u64,
    /// Items of alloc-vecs.
    pub items: u64,
    /// Thread counts.
    pub threads: Vec<NonZeroUsize>,
    /// Time to spend on each workload × threads cell, in each child.
    pub budget: Duration,
}

impl AllocConfig {
    /// The size of `workload`: nodes or items.
    pub fn size(&self, workload: AllocWorkload) -> u64 {
        match workload {
            AllocWorkload::Tree => self.tree_nodes,
            AllocWorkload::Vecs => self.items,
        }
    }

    /// The command line (after the program's name) that makes a child
    /// measure this configuration.
    pub fn child_args(&self) -> Vec<String> {
        let threads: Vec<String> = self.threads.iter().map(ToString::to_string).collect();
        vec![
            "alloc".to_owned(),
            "--child".to_owned(),
            format!("--threads={}", threads.join(",")),
            format!("--budget-ms={}", self.budget.as_millis()),
            format!("--tree-nodes={}", self.tree_nodes),
            format!("--items={}", self.items),
        ]
    }
}

/// The pools one child measures with at one thread count: built once per
/// thread count, every lubdub (Rayon) sample of both workloads at that
/// count runs in `lubdub` (`rayon`).
pub struct AllocPools {
    /// The thread count of both pools.
    pub threads: usize,
    /// lubdub's pool; its workers are named `alloc-lubdub-<index>`.
    pub lubdub: lubdub::ThreadPool,
    /// Rayon's pool.
    pub rayon: rayon::ThreadPool,
}

impl AllocPools {
    /// Builds both pools with `threads` threads.
    ///
    /// # Errors
    /// [`Error::Pool`] when a runtime refuses to build its pool.
    pub fn new(threads: NonZeroUsize) -> Result<Self, Error> {
        let pool_error = |runtime: &'static str, message: String| Error::Pool {
            runtime,
            threads: threads.get(),
            message,
        };
        let lubdub = lubdub::ThreadPoolBuilder::new()
            .num_threads(threads.get())
            .thread_name(|i| format!("alloc-lubdub-{i}"))
            .build()
            .map_err(|e| pool_error("lubdub", e.to_string()))?;
        let rayon = rayon::ThreadPoolBuilder::new()
            .num_threads(threads.get())
            .build()
            .map_err(|e| pool_error("rayon", e.to_string()))?;
        Ok(Self {
            threads: threads.get(),
            lubdub,
            rayon,
        })
    }
}

/// One cell as a child reports it: the harness's raw samples.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChildCell {
    /// The workload.
    pub workload: AllocWorkload,
    /// Its size: nodes or items.
    pub size: u64,
    /// The thread count.
    pub threads: usize,
    /// Every variant's samples, in nanoseconds per repetition.
    pub measurements: Vec<Measurement>,
}

/// Everything a child reports, on one line after [`RESULT_PREFIX`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChildReport {
    /// The allocator the child ran with, as it saw it.
    pub allocator: String,
    /// Every cell, in the order measured.
    pub cells: Vec<ChildCell>,
}

impl ChildReport {
    /// The line a child prints: [`RESULT_PREFIX`] and the report as JSON.
    pub fn to_line(&self) -> String {
        let json = serde_json::to_string(self)
            .expect("a report serializes: it holds only strings and numbers");
        format!("{RESULT_PREFIX}{json}")
    }
}

/// The child's side: measures every workload × threads cell of `config` in
/// this process, under the allocator it runs with.
///
/// # Errors
/// A bad `LUBDUB_BENCH_ALLOCATOR`, a wrong answer, or a pool that cannot
/// be built.
pub fn measure_here(config: &AllocConfig) -> Result<ChildReport, Error> {
    let choice = allocator::in_use().map_err(Error::Allocator)?;
    let plan = Plan::adaptive(config.budget);
    let mut cells = Vec::new();
    for (step, &threads) in config.threads.iter().enumerate() {
        // Text this child prints on stdout (not the result line) or stderr
        // reaches the parent's output, prefixed with the allocator on stdout:
        // here, lubdub's profile of its own samples in each cell.
        let pools = AllocPools::new(threads)?;
        for workload in AllocWorkload::ALL {
            let size = config.size(workload);
            let measurements = measure_cell(workload, size, &pools, choice, &plan)?;
            let cell = Cell::new(
                workload.experiment(),
                size,
                pools.threads,
                size as f64,
                measurements.clone(),
            )
            .with_allocator(choice.name());
            cell.progress(step + 1, config.threads.len());
            for profile in crate::profiles::detailed(std::slice::from_ref(&cell)) {
                println!("{profile}");
            }
            // Reported here: profiles do not travel to the parent.
            let measurements = measurements
                .into_iter()
                .map(|m| Measurement {
                    profile: None,
                    trace: None,
                    ..m
                })
                .collect();
            cells.push(ChildCell {
                workload,
                size,
                threads: pools.threads,
                measurements,
            });
        }
    }
    Ok(ChildReport {
        allocator: choice.name().to_owned(),
        cells,
    })
}

/// Measures every variant of `workload` at `size` with `pools`: one cell.
///
/// # Errors
/// A wrong answer.
fn measure_cell(
    workload: AllocWorkload,
    size: u64,
    pools: &AllocPools,
    choice: Choice,
    plan: &Plan,
) -> Result<Vec<Measurement>, Error> {
    let label = format!(
        "{} allocator={}",
        Cell::label_of(workload.experiment(), size, pools.threads),
        choice.name()
    );
    let measured = match workload {
        AllocWorkload::Tree => {
            let mut contenders: Vec<Contender<'_>> = AllocVariant::ALL
                .iter()
                .map(|&v| {
                    Contender::timed(v.name(), move |reps| {
                        (0..reps)
                            .try_for_each(|_| check_tree(black_box(tree_rep(v, pools, size)), size))
                    })
                    .profiled_by((v == AllocVariant::Lubdub).then_some(&pools.lubdub))
                })
                .collect();
            measure(&label, &mut contenders, plan)?
        }
        AllocWorkload::Vecs => {
            let expected = vecs_rep(AllocVariant::Sequential, pools, size);
            let expected = &expected;
            let mut contenders: Vec<Contender<'_>> = AllocVariant::ALL
                .iter()
                .map(|&v| {
                    let profiled = (v == AllocVariant::Lubdub).then_some(&pools.lubdub);
                    Contender::with_stopwatch(v.name(), profiled, move |sw| {
                        let got = sw.time(|| vecs_rep(v, pools, size));
                        expect_same(&got, expected)
                    })
                })
                .collect();
            measure(&label, &mut contenders, plan)?
        }
    };
    Ok(measured)
}

/// The parent's side: runs a child per allocator, one after the other, and
/// merges their samples into cells, workload by workload, the system
/// allocator's rows first.
///
/// # Errors
/// [`Error::Child`] when a child cannot be started, fails, or reports
/// something other than what it was asked to measure.
pub fn run(config: &AllocConfig) -> Result<Vec<Cell>, Error> {
    let exe = std::env::current_exe().map_err(|e| Error::Child {
        allocator: Choice::ALL[0].name(),
        message: format!("cannot find this program's executable to run it again: {e}"),
    })?;
    let mut reports = Vec::new();
    for choice in Choice::ALL {
        eprintln!(
            "lubdub-bench alloc: measuring under the {} allocator, in a child process",
            choice.name()
        );
        let mut child = Command::new(&exe);
        child
            .args(config.child_args())
            .env(allocator::ENV_VAR, choice.name());
        reports.push((choice, run_child(choice, child)?));
    }
    merge(config, &reports)
}

/// Runs `child` with stdout piped and stderr shared: passes its stdout
/// through, each line prefixed with `[<allocator>] `, except the result
/// line, which it parses.
///
/// # Errors
/// [`Error::Child`] when the child cannot be started, exits unsuccessfully,
/// or does not print exactly one well-formed result line.
fn run_child(choice: Choice, mut child: Command) -> Result<ChildReport, Error> {
    let error = |message: String| Error::Child {
        allocator: choice.name(),
        message,
    };
    let mut process = child
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .map_err(|e| error(format!("cannot start {:?}: {e}", child.get_program())))?;
    let stdout = process.stdout.take().expect("stdout was asked to be piped");
    let collected = collect_output(BufReader::new(stdout), &mut std::io::stdout(), choice);
    let status = process
        .wait()
        .map_err(|e| error(format!("cannot wait for it: {e}")))?;
    if !status.success() {
        return Err(error(format!(
            "it failed ({status}); its own message, if it printed one, is above"
        )));
    }
    collected.map_err(error)
}

/// Reads a child's stdout to its end: every line but the result line is
/// written to `forward`, prefixed with `[<allocator>] `; the result line is
/// parsed.
///
/// # Errors
/// A message when the output cannot be read, or the result line is missing,
/// repeated, or not a report.
fn collect_output(
    mut stdout: impl BufRead,
    forward: &mut impl Write,
    choice: Choice,
) -> Result<ChildReport, String> {
    let mut result: Option<String> = None;
    let mut line = Vec::new();
    loop {
        line.clear();
        match stdout.read_until(b'\n', &mut line) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) => return Err(format!("cannot read its output: {e}")),
        }
        let text = String::from_utf8_lossy(&line);
        let text = text.trim_end_matches(['\n', '\r']);
        if let Some(json) = text.strip_prefix(RESULT_PREFIX) {
            if result.is_some() {
                return Err("it printed two result lines".to_owned());
            }
            result = Some(json.to_owned());
        } else {
            // Passing text through is best effort: a closed stdout must not
            // lose the measurements.
            let _ = writeln!(forward, "[{}] {text}", choice.name());
        }
    }
    let json =
        result.ok_or_else(|| format!("it printed no line starting with {RESULT_PREFIX:?}"))?;
    serde_json::from_str(&json).map_err(|e| format!("its result line is not a report: {e}"))
}

/// The children's reports as cells: for each workload, the rows of each
/// allocator in the order given, each at every thread count of `config`.
///
/// # Errors
/// [`Error::Child`] when a report names another allocator than its child
/// ran with, misses a cell or a variant, or holds a cell nobody asked for.
pub fn merge(config: &AllocConfig, reports: &[(Choice, ChildReport)]) -> Result<Vec<Cell>, Error> {
    for (choice, report) in reports {
        let error = |message: String| Error::Child {
            allocator: choice.name(),
            message,
        };
        if report.allocator != choice.name() {
            return Err(error(format!(
                "it ran under the {:?} allocator instead",
                report.allocator
            )));
        }
        for c in &report.cells {
            let asked = c.size == config.size(c.workload)
                && config.threads.iter().any(|t| t.get() == c.threads);
            if !asked {
                return Err(error(format!(
                    "it reported {} at {} threads, which it was not asked to measure",
                    c.workload.experiment().heading(c.size),
                    c.threads
                )));
            }
        }
    }
    let mut cells = Vec::new();
    for workload in AllocWorkload::ALL {
        let size = config.size(workload);
        for (choice, report) in reports {
            let error = |message: String| Error::Child {
                allocator: choice.name(),
                message,
            };
            for threads in &config.threads {
                let mut found = report
                    .cells
                    .iter()
                    .filter(|c| c.workload == workload && c.threads == threads.get());
                let (Some(cell), None) = (found.next(), found.next()) else {
                    return Err(error(format!(
                        "it reported {} at {threads} threads not once but {} times",
                        workload.name(),
                        report
                            .cells
                            .iter()
                            .filter(|c| c.workload == workload && c.threads == threads.get())
                            .count()
                    )));
                };
                for variant in AllocVariant::ALL {
                    let samples = cell
                        .measurements
                        .iter()
                        .find(|m| m.variant == variant.name())
                        .map_or(0, |m| m.ns_per_rep.len());
                    if samples == 0 {
                        return Err(error(format!(
                            "it reported no sample of {} in {} at {threads} threads",
                            variant.name(),
                            workload.name()
                        )));
                    }
                }
                cells.push(
                    Cell::new(
                        workload.experiment(),
                        size,
                        threads.get(),
                        size as f64,
                        cell.measurements.clone(),
                    )
                    .with_allocator(choice.name()),
                );
            }
        }
    }
    Ok(cells)
}

/// `alloc`'s budget per cell, in each child: a repetition takes 30 to 80 ms
/// (a million nodes or items), so 1.5 s gives 10 to 20 samples per variant,
/// and `alloc --threads 1,2` about half a minute on 2 cores.
const ALLOC_BUDGET_MS: &str = "1500";

/// Seed 001's allocator lesson: a tree of boxed nodes built and freed
/// with a fork per node, and a map allocating a Vec per item, under the
/// system allocator and under mimalloc (one child process each).
#[derive(Debug, clap::Args)]
#[command(mut_arg("budget_ms", |arg| arg.default_value(ALLOC_BUDGET_MS)))]
pub struct Args {
    #[command(flatten)]
    pub common: Common,
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

impl Args {
    /// The run the options ask for.
    pub fn config(&self) -> AllocConfig {
        AllocConfig {
            tree_nodes: self.tree_nodes,
            items: self.items,
            threads: self.common.threads(),
            budget: self.common.budget(),
        }
    }
}

impl Workload for Args {
    fn common(&self) -> &Common {
        &self.common
    }

    fn run(&self) -> Result<Vec<Cell>, Error> {
        run(&self.config())
    }

    fn run_as_child(&self) -> Option<Result<(), Error>> {
        // A child of `alloc`: its samples on stdout, and nothing written.
        self.child.then(|| {
            let report = measure_here(&self.config())?;
            println!("{}", report.to_line());
            Ok(())
        })
    }

    fn experiments() -> Vec<Experiment> {
        AllocWorkload::ALL.map(AllocWorkload::experiment).to_vec()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::harness::Reps;
    use crate::workloads::parse;

    fn nz(n: usize) -> NonZeroUsize {
        NonZeroUsize::new(n).unwrap()
    }

    fn config() -> AllocConfig {
        AllocConfig {
            tree_nodes: 1000,
            items: 500,
            threads: vec![nz(1), nz(2)],
            budget: Duration::from_millis(7),
        }
    }

    fn quick() -> Plan {
        Plan {
            warm_up: Duration::ZERO,
            reps: Reps::Fixed(1),
            budget: Duration::ZERO,
            min_rounds: 2,
            max_rounds: 2,
        }
    }

    #[test]
    fn every_variant_builds_frees_and_sums_every_tree() {
        for threads in [1, 2, 3] {
            let pools = AllocPools::new(nz(threads)).unwrap();
            for n in [1, 2, 3, 7, 1000, 65_537] {
                for v in AllocVariant::ALL {
                    let sum = tree_rep(v, &pools, n);
                    assert_eq!(check_tree(sum, n), Ok(()), "{} n={n}", v.name());
                }
            }
        }
    }

    #[test]
    fn a_wrong_tree_fails_its_check() {
        // A tree that lacks its first node, or has one node twice.
        let short = consume::<Seq>(build::<Seq>(2, 1000));
        assert_eq!(
            check_tree(short, 1000),
            Err(Mismatch {
                got: expected_sum(1000) - 1,
                expected: expected_sum(1000)
            })
        );
        let mut doubled = build::<Seq>(1, 1000).unwrap();
        doubled.right.as_mut().unwrap().value = doubled.value;
        assert!(check_tree(consume::<Seq>(Some(doubled)), 1000).is_err());
    }

    #[test]
    fn the_tree_is_balanced_and_in_order() {
        fn walk(node: &Option<Box<Node>>, out: &mut Vec<i64>) -> usize {
            let Some(node) = node else { return 0 };
            let l = walk(&node.left, out);
            out.push(node.value);
            let r = walk(&node.right, out);
            assert!(l.abs_diff(r) <= 1, "unbalanced at {}", node.value);
            1 + l.max(r)
        }
        let mut values = Vec::new();
        let depth = walk(&build::<Seq>(1, 1023), &mut values);
        assert_eq!(values, (1..=1023).collect::<Vec<_>>());
        assert_eq!(depth, 10);
    }

    #[test]
    fn every_variant_reduces_the_same_vector() {
        for threads in [1, 2, 3] {
            let pools = AllocPools::new(nz(threads)).unwrap();
            for n in [0, 1, 2, 100, 20_001] {
                let expected = vecs_rep(AllocVariant::Sequential, &pools, n);
                for v in AllocVariant::ALL {
                    assert_eq!(
                        expect_same(&vecs_rep(v, &pools, n), &expected),
                        Ok(()),
                        "{} n={n}",
                        v.name()
                    );
                }
            }
        }
    }

    #[test]
    fn vectors_vary_in_length_and_a_wrong_reduction_fails_the_check() {
        let lengths: Vec<usize> = (0..10_000).map(|i| item_vec(i).len()).collect();
        assert_eq!(lengths.iter().min(), Some(&1));
        assert_eq!(lengths.iter().max(), Some(&MAX_VEC_LEN));
        // By hand: two items add element-wise into the longer one.
        let (a, b) = (item_vec(0), item_vec(1));
        let two = vecs_rep(
            AllocVariant::Sequential,
            &AllocPools::new(nz(1)).unwrap(),
            2,
        );
        assert_eq!(two.len(), a.len().max(b.len()));
        assert_eq!(two[0], a[0].wrapping_add(b[0]));
        // A reduction that lost an item, or a perturbed element, is wrong.
        let expected: Vec<u64> = (0..1000).map(item_vec).fold(Vec::new(), add_vecs);
        let lost: Vec<u64> = (1..1000).map(item_vec).fold(Vec::new(), add_vecs);
        assert!(expect_same(&lost, &expected).is_err());
        let mut perturbed = expected.clone();
        perturbed[MAX_VEC_LEN - 1] ^= 1;
        assert_eq!(
            expect_same(&perturbed, &expected),
            Err(Mismatch {
                got: MAX_VEC_LEN as i64 - 1,
                expected: MAX_VEC_LEN as i64
            })
        );
    }

    #[test]
    fn a_cell_samples_every_variant() {
        let pools = AllocPools::new(nz(2)).unwrap();
        for workload in AllocWorkload::ALL {
            let measured = measure_cell(workload, 300, &pools, Choice::System, &quick()).unwrap();
            let names: Vec<_> = measured.iter().map(|m| m.variant.as_str()).collect();
            assert_eq!(names, AllocVariant::ALL.map(AllocVariant::name));
            assert!(measured.iter().all(|m| m.ns_per_rep.len() == 2));
        }
    }

    #[test]
    fn the_child_reports_every_cell_of_its_config() {
        let config = AllocConfig {
            tree_nodes: 63,
            items: 40,
            threads: vec![nz(2), nz(1)],
            budget: Duration::from_millis(1),
        };
        let report = measure_here(&config).unwrap();
        assert_eq!(report.allocator, allocator::in_use().unwrap().name());
        let cells: Vec<_> = report
            .cells
            .iter()
            .map(|c| (c.workload, c.size, c.threads))
            .collect();
        assert_eq!(
            cells,
            [
                (AllocWorkload::Tree, 63, 2),
                (AllocWorkload::Vecs, 40, 2),
                (AllocWorkload::Tree, 63, 1),
                (AllocWorkload::Vecs, 40, 1)
            ]
        );
        // The line round-trips through the parent's reader.
        let mut forwarded = Vec::new();
        let line = format!("profile table\n{}\n", report.to_line());
        let back = collect_output(line.as_bytes(), &mut forwarded, Choice::System).unwrap();
        assert_eq!(back, report);
        assert_eq!(
            String::from_utf8(forwarded).unwrap(),
            "[system] profile table\n"
        );
    }

    /// A report as a child of `config()` would send it, with made-up
    /// samples: each variant's ns per repetition is `base` times the
    /// variant's factor (sequential 1, lubdub 0.5, rayon 2).
    fn fake_report(choice: Choice, base: f64) -> ChildReport {
        let config = config();
        let mut cells = Vec::new();
        for threads in &config.threads {
            for workload in AllocWorkload::ALL {
                let measurements = AllocVariant::ALL
                    .iter()
                    .zip([1.0, 0.5, 2.0])
                    .map(|(v, factor)| Measurement {
                        variant: v.name().to_owned(),
                        reps_per_sample: 1,
                        ns_per_rep: vec![base * factor * config.size(workload) as f64; 3],
                        profile: None,
                        trace: None,
                    })
                    .collect();
                cells.push(ChildCell {
                    workload,
                    size: config.size(workload),
                    threads: threads.get(),
                    measurements,
                });
            }
        }
        ChildReport {
            allocator: choice.name().to_owned(),
            cells,
        }
    }

    #[test]
    fn merge_orders_rows_by_workload_allocator_and_threads() {
        let reports = [
            (Choice::System, fake_report(Choice::System, 10.0)),
            (Choice::Mimalloc, fake_report(Choice::Mimalloc, 4.0)),
        ];
        let cells = merge(&config(), &reports).unwrap();
        let rows: Vec<_> = cells
            .iter()
            .map(|c| (c.experiment.name(), c.allocator.as_deref(), c.threads))
            .collect();
        assert_eq!(
            rows,
            [
                ("alloc-tree", Some("system"), 1),
                ("alloc-tree", Some("system"), 2),
                ("alloc-tree", Some("mimalloc"), 1),
                ("alloc-tree", Some("mimalloc"), 2),
                ("alloc-vecs", Some("system"), 1),
                ("alloc-vecs", Some("system"), 2),
                ("alloc-vecs", Some("mimalloc"), 1),
                ("alloc-vecs", Some("mimalloc"), 2),
            ]
        );
        // Samples per node or item; ratios to sequential under the same
        // allocator.
        let mimalloc_tree = &cells[2];
        assert_eq!(mimalloc_tree.unit, "ns/node");
        assert_eq!(mimalloc_tree.size, 1000);
        assert_eq!(mimalloc_tree.results[0].summary.unwrap().median, 4.0);
        assert_eq!(mimalloc_tree.results[1].ratio_to_baseline, Some(0.5));
        assert_eq!(mimalloc_tree.results[2].ratio_to_baseline, Some(2.0));
        assert_eq!(cells[4].unit, "ns/item");
        assert_eq!(cells[4].results[0].summary.unwrap().median, 10.0);
    }

    #[test]
    fn merge_refuses_missing_extra_or_mislabelled_results() {
        let good = || {
            vec![
                (Choice::System, fake_report(Choice::System, 10.0)),
                (Choice::Mimalloc, fake_report(Choice::Mimalloc, 4.0)),
            ]
        };
        let message = |reports: &[(Choice, ChildReport)]| match merge(&config(), reports) {
            Err(e @ Error::Child { .. }) => e.to_string(),
            other => panic!("not refused: {other:?}"),
        };

        let mut missing_cell = good();
        missing_cell[1].1.cells.remove(3);
        let text = message(&missing_cell);
        assert!(text.contains("mimalloc"), "{text}");
        assert!(text.contains("alloc-vecs at 2 threads"), "{text}");

        let mut repeated = good();
        let again = repeated[0].1.cells[0].clone();
        repeated[0].1.cells.push(again);
        assert!(message(&repeated).contains("not once but 2 times"));

        let mut missing_variant = good();
        missing_variant[0].1.cells[1].measurements.remove(2);
        let text = message(&missing_variant);
        assert!(text.contains("no sample of rayon"), "{text}");

        let mut no_samples = good();
        no_samples[0].1.cells[0].measurements[1].ns_per_rep.clear();
        assert!(message(&no_samples).contains("no sample of lubdub"));

        let mut extra = good();
        extra[0].1.cells[0].threads = 8;
        assert!(message(&extra).contains("not asked"));

        let mut wrong_size = good();
        wrong_size[1].1.cells[0].size = 999;
        assert!(message(&wrong_size).contains("not asked"));

        let mut wrong_allocator = good();
        wrong_allocator[1].1.allocator = "system".into();
        let text = message(&wrong_allocator);
        assert!(text.contains("the mimalloc child"), "{text}");
        assert!(text.contains("\"system\" allocator instead"), "{text}");
    }

    #[test]
    fn bad_child_output_is_an_error_not_a_missing_row() {
        let read = |text: &str| collect_output(text.as_bytes(), &mut Vec::new(), Choice::Mimalloc);
        assert!(read("").unwrap_err().contains("no line starting with"));
        assert!(read("hello\n").unwrap_err().contains("no line"));
        let bad_json = format!("{RESULT_PREFIX}{{\"allocator\": \n");
        assert!(read(&bad_json).unwrap_err().contains("not a report"));
        let line = fake_report(Choice::Mimalloc, 1.0).to_line();
        assert!(read(&format!("{line}\n{line}\n"))
            .unwrap_err()
            .contains("two result lines"));
        // The last line may lack its newline; other text passes through.
        let mut forwarded = Vec::new();
        let report = collect_output(
            format!("a\n\nb\r\n{line}").as_bytes(),
            &mut forwarded,
            Choice::Mimalloc,
        )
        .unwrap();
        assert_eq!(report, fake_report(Choice::Mimalloc, 1.0));
        assert_eq!(
            String::from_utf8(forwarded).unwrap(),
            "[mimalloc] a\n[mimalloc] \n[mimalloc] b\n"
        );
    }

    #[test]
    fn a_failing_or_silent_child_is_an_error() {
        let sh = |script: &str| {
            let mut c = Command::new("sh");
            c.args(["-c", script]);
            c
        };
        let line = fake_report(Choice::System, 1.0).to_line();
        let err = run_child(Choice::System, sh(&format!("echo '{line}'; exit 3")))
            .unwrap_err()
            .to_string();
        assert!(err.contains("the system child"), "{err}");
        assert!(err.contains("exit status: 3"), "{err}");
        let err = run_child(Choice::System, sh("echo progress only"))
            .unwrap_err()
            .to_string();
        assert!(err.contains("no line starting with"), "{err}");
        let report = run_child(Choice::System, sh(&format!("echo '{line}'"))).unwrap();
        assert_eq!(report, fake_report(Choice::System, 1.0));
        let err = run_child(Choice::System, Command::new("/nonexistent/lubdub-bench"))
            .unwrap_err()
            .to_string();
        assert!(err.contains("cannot start"), "{err}");
    }

    #[test]
    fn child_args_name_every_setting() {
        assert_eq!(
            config().child_args(),
            [
                "alloc",
                "--child",
                "--threads=1,2",
                "--budget-ms=7",
                "--tree-nodes=1000",
                "--items=500"
            ]
        );
    }

    #[test]
    fn defaults_and_the_child_command_line_round_trip() {
        let crate::workloads::Command::Alloc(args) = parse(&["alloc"]).unwrap() else {
            panic!("not alloc")
        };
        assert!(!args.child);
        let config = args.config();
        assert_eq!((config.tree_nodes, config.items), (1_000_000, 1_000_000));
        assert_eq!(config.threads, [1, 2, 4, 8, 16, 32].map(nz));
        assert_eq!(config.budget, Duration::from_millis(1500));
        let crate::workloads::Command::Alloc(args) = parse(&[
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
        .unwrap() else {
            panic!("not alloc")
        };
        let config = args.config();
        let child_args = config.child_args();
        let crate::workloads::Command::Alloc(child) =
            parse(&child_args.iter().map(String::as_str).collect::<Vec<_>>()).unwrap()
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
        let help = crate::Cli::command()
            .find_subcommand_mut("alloc")
            .unwrap()
            .render_long_help()
            .to_string();
        assert!(help.contains("--tree-nodes"), "{help}");
        assert!(!help.contains("--child"), "{help}");
    }
}
