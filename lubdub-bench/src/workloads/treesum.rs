//! The tree sum of the seed experiment (Spice vs Rayon): the sum of a
//! perfectly balanced binary tree of `n` nodes, one fork per node. All
//! variants live side by side in this file; they walk the same [`Tree`].
//!
//! Every repetition is one call into the runtime from the main thread
//! (`install`, `scope`, a parallel region, a thread scope), as in the seed's
//! benchmarks, so the cost of starting parallel work counts: on the 1023-node
//! tree it is most of the cost.

use std::ffi::c_int;
use std::hint::black_box;
use std::num::NonZeroUsize;
use std::time::Duration;

use clap::ValueEnum;

use crate::check::repeat;
use crate::cli::{parse_size, unique, Common};
use crate::error::Error;
use crate::experiment::{Experiment, Heading};
use crate::harness::{Contender, Plan};
use crate::report::{Cell, cells_in_steps};
use crate::workloads::pools::Pools;
use crate::workloads::tree::{expected_sum, Node, Tree};

/// The tree sum: ns per node at each tree size.
pub const TREESUM: Experiment =
    Experiment::new("treesum", "ns/node", "treesum", Heading::Count("nodes"));

/// The tree `--large` adds, as in the seed.
const LARGE_TREE_SIZE: u64 = 100_000_000;

/// The ways of summing the tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum TreeVariant {
    /// The plain recursive sum, no runtime: the reference for every ratio.
    Baseline,
    /// `lubdub::join` per node inside `lubdub::ThreadPool::install`.
    Lubdub,
    /// The same on a pool built with `profiling(false)`: what profiling costs.
    LubdubUnprofiled,
    /// The same on a pool built with `tracing(true)`: what tracing costs.
    LubdubTraced,
    /// `rayon::join` per node inside `rayon::ThreadPool::install`.
    Rayon,
    /// `chili::Scope::join` per node on a scope from `chili::ThreadPool::scope`.
    Chili,
    /// One `#pragma omp task` per node in a `parallel` + `single` region (`c/treesum.c`).
    Openmp,
    /// `std::thread::scope` with one thread per subtree at depth log2(threads):
    /// the fixed split the seed proposes as the upper bound of scaling.
    FixedSplit,
}

impl TreeVariant {
    /// Every variant, in the order of the tables.
    pub const ALL: [TreeVariant; 8] = [
        Self::Baseline,
        Self::Lubdub,
        Self::LubdubUnprofiled,
        Self::LubdubTraced,
        Self::Rayon,
        Self::Chili,
        Self::Openmp,
        Self::FixedSplit,
    ];

    /// The name used on the command line, in tables and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Self::Baseline => "baseline",
            Self::Lubdub => "lubdub",
            Self::LubdubUnprofiled => "lubdub-unprofiled",
            Self::LubdubTraced => "lubdub-traced",
            Self::Rayon => "rayon",
            Self::Chili => "chili",
            Self::Openmp => "openmp",
            Self::FixedSplit => "fixed-split",
        }
    }

    /// Sums `tree` this way with the pools' thread count.
    pub fn sum(self, pools: &Pools, tree: &Node) -> i64 {
        match self {
            Self::Baseline => sum_baseline(tree),
            Self::Lubdub => pools.lubdub.install(|| sum_lubdub(tree)),
            Self::LubdubUnprofiled => pools.lubdub_unprofiled.install(|| sum_lubdub(tree)),
            Self::LubdubTraced => pools.lubdub_traced.install(|| sum_lubdub(tree)),
            Self::Rayon => pools.rayon.install(|| sum_rayon(tree)),
            Self::Chili => sum_chili(&mut pools.chili.scope(), tree),
            Self::Openmp => sum_openmp(tree, pools.omp_threads()),
            Self::FixedSplit => sum_fixed_split(tree, pools.threads),
        }
    }
}

fn sum_baseline(node: &Node) -> i64 {
    let mut sum = node.value;
    if let Some(left) = &node.left {
        sum += sum_baseline(left);
    }
    if let Some(right) = &node.right {
        sum += sum_baseline(right);
    }
    sum
}

fn sum_lubdub(node: &Node) -> i64 {
    let (left, right) = lubdub::join(
        || node.left.as_deref().map_or(0, sum_lubdub),
        || node.right.as_deref().map_or(0, sum_lubdub),
    );
    node.value + left + right
}

fn sum_rayon(node: &Node) -> i64 {
    let (left, right) = rayon::join(
        || node.left.as_deref().map_or(0, sum_rayon),
        || node.right.as_deref().map_or(0, sum_rayon),
    );
    node.value + left + right
}

fn sum_chili(scope: &mut chili::Scope<'_>, node: &Node) -> i64 {
    let (left, right) = scope.join(
        |s| node.left.as_deref().map_or(0, |n| sum_chili(s, n)),
        |s| node.right.as_deref().map_or(0, |n| sum_chili(s, n)),
    );
    node.value + left + right
}

extern "C" {
    /// `c/treesum.c`: the sum of the tree under `root` on a team of
    /// `threads` OpenMP threads, one task per node.
    fn lubdub_bench_treesum_omp(root: *const Node, threads: c_int) -> i64;
}

fn sum_openmp(node: &Node, threads: c_int) -> i64 {
    // SAFETY: `node` is a live, well-formed tree of `#[repr(C)]` nodes
    // (`Option<Box<Node>>` is a nullable pointer), borrowed for the whole
    // call; the C code only reads it and keeps no pointer after returning.
    unsafe { lubdub_bench_treesum_omp(node, threads) }
}

/// Sums the nodes above depth `floor(log2(threads))` on the calling thread
/// and each subtree at that depth on a thread of its own (the caller taking
/// the first one).
fn sum_fixed_split(root: &Node, threads: usize) -> i64 {
    let depth = threads.ilog2();
    let mut above = 0;
    let mut subtrees = Vec::with_capacity(1 << depth);
    split(root, depth, &mut above, &mut subtrees);
    let Some((first, rest)) = subtrees.split_first() else {
        return above; // The tree ends above the split depth.
    };
    std::thread::scope(|s| {
        let handles: Vec<_> = rest
            .iter()
            .map(|&n| s.spawn(move || sum_baseline(n)))
            .collect();
        let mut sum = above + sum_baseline(first);
        for handle in handles {
            sum += handle
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        }
        sum
    })
}

/// Collects the subtrees `depth` levels below `node` into `subtrees` and adds
/// the values of the nodes above them to `above`.
fn split<'t>(node: &'t Node, depth: u32, above: &mut i64, subtrees: &mut Vec<&'t Node>) {
    if depth == 0 {
        subtrees.push(node);
        return;
    }
    *above += node.value;
    for child in [&node.left, &node.right].into_iter().flatten() {
        split(child, depth - 1, above, subtrees);
    }
}

/// What a treesum run covers.
#[derive(Clone, Debug)]
pub struct TreesumConfig {
    /// Tree sizes in nodes.
    pub sizes: Vec<u64>,
    /// Thread counts.
    pub threads: Vec<NonZeroUsize>,
    /// Variants, in table order.
    pub variants: Vec<TreeVariant>,
    /// Time to spend on each size × threads cell (at least three rounds of
    /// samples are taken whatever it costs).
    pub budget: Duration,
}

/// Measures every size × threads cell of `config`.
///
/// # Errors
/// A wrong sum, or a pool that cannot be built.
pub fn run(config: &TreesumConfig) -> Result<Vec<Cell>, Error> {
    let mut cells = Vec::new();
    for &size in &config.sizes {
        let tag = crate::format::short_size(size);
        eprintln!("[treesum {tag}] building the tree");
        let tree = Tree::new(size);
        eprintln!(
            "[treesum {tag}] built; {:.1}% of pre-order steps go to a higher address",
            100.0 * tree.preorder_increasing_fraction()
        );
        let plan = Plan::adaptive(config.budget);
        cells.extend(cells_in_steps(&config.threads, |threads| {
            measure_cell(TREESUM, &tree, threads, &config.variants, &plan)
        })?);
    }
    Ok(cells)
}

/// Measures the `variants` on `tree` at `threads` threads: one cell.
///
/// # Errors
/// A wrong sum, or a pool that cannot be built.
pub fn measure_cell(
    experiment: Experiment,
    tree: &Tree,
    threads: NonZeroUsize,
    variants: &[TreeVariant],
    plan: &Plan,
) -> Result<Cell, Error> {
    let pools = Pools::new(threads)?;
    let expected = expected_sum(tree.size());
    let root = tree.root();
    let mut contenders: Vec<Contender<'_>> = variants
        .iter()
        .map(|&variant| {
            let pools = &pools;
            Contender::timed(variant.name(), move |reps| {
                repeat(reps, expected, || variant.sum(pools, black_box(root)))
            })
            .profiled_by((variant == TreeVariant::Lubdub).then_some(&pools.lubdub))
            .settles_for(pools.settle(variant == TreeVariant::Openmp))
        })
        .collect();
    Cell::measure(
        experiment,
        tree.size(),
        threads.get(),
        tree.size() as f64,
        &mut contenders,
        plan,
    )
}

/// The seed's tree sum: a balanced binary tree, one fork per node, every
/// variant at every thread count.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub common: Common,
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

impl Args {
    /// The run the options ask for.
    pub fn config(&self) -> TreesumConfig {
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

impl_workload!(run, vec![TREESUM]);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workloads::{nz, parse, Command};

    fn pools(threads: usize) -> Pools {
        Pools::new(NonZeroUsize::new(threads).unwrap()).unwrap()
    }

    #[test]
    fn every_variant_sums_every_tree_correctly() {
        for threads in [1, 2, 3, 4] {
            let pools = pools(threads);
            for n in [1u64, 2, 3, 10, 1000, 1023, 4097] {
                let tree = Tree::new(n);
                for variant in TreeVariant::ALL {
                    assert_eq!(
                        variant.sum(&pools, tree.root()),
                        expected_sum(n),
                        "{} n={n} threads={threads}",
                        variant.name()
                    );
                }
            }
        }
    }

    #[test]
    fn fixed_split_covers_every_node_once_at_any_depth() {
        let tree = Tree::new(1023);
        for threads in [1, 2, 3, 4, 7, 8, 16, 64, 1024, 4096] {
            assert_eq!(
                sum_fixed_split(tree.root(), threads),
                expected_sum(1023),
                "threads={threads}"
            );
        }
        // Deeper than the tree: the leaves above the split depth are summed on the caller.
        assert_eq!(sum_fixed_split(Tree::new(3).root(), 32), 6);
    }

    #[test]
    fn split_finds_the_subtrees_at_the_depth() {
        let tree = Tree::new(15);
        let (mut above, mut subtrees) = (0, Vec::new());
        split(tree.root(), 2, &mut above, &mut subtrees);
        // 15 nodes: root 8, children 4 and 12, grandchildren 2, 6, 10, 14.
        assert_eq!(above, 8 + 4 + 12);
        assert_eq!(
            subtrees.iter().map(|n| n.value).collect::<Vec<_>>(),
            vec![2, 6, 10, 14]
        );
    }

    #[test]
    fn a_cell_measures_each_variant_and_checks_sums() {
        let tree = Tree::new(255);
        let quick = Plan::fixed(2, 3);
        let threads = NonZeroUsize::new(2).unwrap();
        let cell = measure_cell(
            TREESUM,
            &tree,
            threads,
            &TreeVariant::ALL,
            &quick,
        )
        .unwrap();
        let names: Vec<_> = cell.results.iter().map(|r| r.variant.as_str()).collect();
        assert_eq!(names, TreeVariant::ALL.map(TreeVariant::name));
        assert!(cell.results.iter().all(|r| r.samples.len() == 3));
    }

    #[test]
    fn variant_names_match_the_command_line() {
        for variant in TreeVariant::ALL {
            assert_eq!(TreeVariant::from_str(variant.name(), false), Ok(variant));
        }
    }

    #[test]
    fn defaults_follow_the_seed() {
        let Command::Treesum(args) = parse(&["treesum"]).unwrap() else {
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
        .unwrap() else {
            panic!("not treesum")
        };
        let config = args.config();
        assert_eq!(config.sizes, [1023, 10_000_000, 100_000_000]);
        assert_eq!(config.threads, [nz(2), nz(1)]);
        // The baseline is always measured: the ratios need it.
        assert_eq!(config.variants, [TreeVariant::Baseline, TreeVariant::Rayon]);
    }

    #[test]
    fn bad_sizes_variants_and_budgets_are_clap_errors() {
        for args in [
            &["treesum", "--sizes", "0"][..],
            &["treesum", "--sizes", "ten"],
            &["treesum", "--sizes", "300000000"],
            &["treesum", "--variants", "tbb"],
            &["treesum", "--budget-ms", "0"],
        ] {
            assert!(parse(args).is_err(), "{args:?} was accepted");
        }
    }
}
