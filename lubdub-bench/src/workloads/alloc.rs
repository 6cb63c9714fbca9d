//! The allocator experiment of seed 001 (a parallel genome assembler slowed
//! down by glibc's `malloc`/`free` on many threads): two allocation-heavy
//! parallel workloads, all variants side by side, run once under the system
//! allocator and once under mimalloc.
//!
//! The global allocator is chosen once per process (`crate::allocator`), so
//! `lubdub-bench alloc` (the parent) runs itself again as a child process
//! per allocator, with `LUBDUB_BENCH_ALLOCATOR` set and the hidden flag
//! `--child`. A child measures every cell in its own process and prints its
//! samples as one line of JSON on stdout, after `child::RESULT_PREFIX`; its
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
//!
//! The files: `kernels.rs` (one repetition of each workload), `child.rs`
//! (the child's measurements and report), `parent.rs` (running the children
//! and merging their reports).

mod child;
mod kernels;
mod parent;
#[cfg(test)]
mod tests;

use std::num::NonZeroUsize;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::cli::{parse_size, Common};
use crate::error::Error;
use crate::experiment::{Entry, Experiment, Heading, SEQUENTIAL};
use crate::report::Cell;
use crate::format::group_digits;
use crate::workloads::Workload;

use self::child::measure_here;
use self::parent::run;

/// The longest vector an item of alloc-vecs allocates, in `u64`s (512 bytes:
/// sizes from 8 to 512 bytes, within glibc's per-thread cache).
pub const MAX_VEC_LEN: usize = 64;

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
