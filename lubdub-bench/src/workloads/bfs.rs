//! Graph500's breadth-first search (seed 004): the Kronecker generator,
//! kernel 1 (the CSR build, timed, in parallel) and kernel 2 (a search from
//! each of 64 keys, every result validated), with every variant side by
//! side: the sequential top-down and direction-optimizing searches, the same
//! parallel code on lubdub and on Rayon (top-down, and direction-optimizing
//! after Beamer et al. and the GAP benchmark suite), the direction-optimizing
//! one in C with OpenMP, the seed's own colour-vector search, and the
//! machine's ceiling (one sequential search per thread at once).
//!
//! The pieces live in `bfs/`: `kronecker.rs` (generator), `csr.rs` (kernel
//! 1), `keys.rs`, the searches (`sequential.rs`, `top_down.rs`, `dobfs.rs`
//! with `direction.rs` and `bitmap.rs`, `openmp.rs` over `c/bfs.c`,
//! `seed_colors.rs`), `validate.rs` (the specification's five checks),
//! `variant.rs` (the variants) and `measure.rs` (the cells).

pub mod atomics;
mod bitmap;
mod bottom_up;
pub mod csr;
mod direction;
mod dobfs;
pub mod keys;
pub mod kronecker;
mod measure;
mod openmp;
mod seed_colors;
pub mod sequential;
mod top_down;
pub mod validate;
pub mod variant;

use std::num::NonZeroUsize;
use std::time::Duration;

use crate::cli::{unique, Common};
use crate::error::Error;
use crate::experiment::{Entry, Experiment, Heading};
use crate::harness::Plan;
use crate::report::Cell;
use crate::format::group_digits;
use crate::workloads::pools::Pools;

use self::measure::{csr_cell, search_cell, Searches};
use self::variant::BfsVariant;

/// The parent of a vertex no search reached (and "no level" in levels).
pub const NONE: u32 = u32::MAX;

/// `bfs, scale 20 (1,048,576 vertices)` for a graph of `size` vertices.
fn heading(name: &str, size: u64) -> String {
    format!(
        "{name}, scale {} ({} vertices, {} edges)",
        size.max(1).ilog2(),
        group_digits(size),
        group_digits(size * kronecker::EDGE_FACTOR as u64)
    )
}

/// Kernel 2: millions of traversed edges per second of each search.
pub const BFS: Experiment = Experiment::new(
    "bfs",
    "MTEPS",
    "bfs",
    Heading::Custom(|size| heading("bfs", size)),
)
.read_as(
    Entry::Rate,
    "harmonic mean over the keys (first–third quartile) (÷ sequential harmonic mean)",
)
.plotted_by_size("vertices");

/// Kernel 1: ns per generated edge of the CSR build.
pub const CSR: Experiment = Experiment::new(
    "bfs-csr",
    "ns/edge",
    "bfs",
    Heading::Custom(|size| heading("bfs-csr (kernel 1)", size)),
)
.read_as(Entry::Ratio, "median / min (median ÷ sequential median)");

/// The seed of the generator and of the keys when none is given: Graph500's
/// reference codes seed with fixed numbers too.
pub const DEFAULT_SEED: u64 = 0x0004_0bf5_5eed;

/// The largest scale accepted: 2^24 vertices, 268 million edges, about
/// 6 GB with the CSR builds.
const MAX_SCALE: u32 = 24;

/// What a bfs run covers.
#[derive(Clone, Debug)]
pub struct BfsConfig {
    /// log2 of the vertex counts.
    pub scales: Vec<u32>,
    /// Search keys per scale.
    pub keys: usize,
    /// The generator's and the keys' seed.
    pub seed: u64,
    /// Thread counts.
    pub threads: Vec<NonZeroUsize>,
    /// Variants, in table order.
    pub variants: Vec<BfsVariant>,
    /// Time to spend on each kernel 1 cell.
    pub budget: Duration,
}

/// Measures kernels 1 and 2 at every scale and thread count of `config`.
///
/// # Errors
/// A wrong CSR, an invalid search, or a pool that cannot be built.
pub fn run(config: &BfsConfig) -> Result<Vec<Cell>, Error> {
    let mut cells = Vec::new();
    for &scale in &config.scales {
        eprintln!("[bfs scale {scale}] generating and building the graph");
        let generated = kronecker::generate(scale, config.seed);
        let n = generated.vertices();
        let edges = generated.edges;
        let graph = csr::on_lubdub::build(&edges, n);
        let keys = keys::search_keys(&graph, config.keys, config.seed);
        eprintln!(
            "[bfs scale {scale}] {} edges, {} distinct undirected, {} keys; every search validated",
            group_digits(edges.len() as u64),
            group_digits(graph.directed_edges() / 2),
            keys.len()
        );
        let searches = Searches {
            graph: &graph,
            edges: &edges,
            keys: &keys,
        };
        for (step, &threads) in config.threads.iter().enumerate() {
            let pools = Pools::new(threads)?;
            let built = csr_cell(&edges, &graph, &pools, &Plan::adaptive(config.budget))?;
            built.progress(step + 1, config.threads.len());
            cells.push(built);
            if !keys.is_empty() {
                let searched = search_cell(&searches, &pools, &config.variants)?;
                searched.progress(step + 1, config.threads.len());
                cells.push(searched);
            }
        }
    }
    Ok(cells)
}

/// A scale: a whole number from 1 to [`MAX_SCALE`].
fn parse_scale(text: &str) -> Result<u32, String> {
    match text.trim().parse::<u32>() {
        Ok(s) if (1..=MAX_SCALE).contains(&s) => Ok(s),
        _ => Err(format!(
            "{text:?} is not a scale: give whole numbers from 1 to {MAX_SCALE} (2^scale vertices), comma-separated"
        )),
    }
}

/// Graph500's BFS: a Kronecker graph per scale, kernel 1 (CSR build) and
/// kernel 2 (64 validated searches) for every variant, TEPS as the
/// specification reports them.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub common: Common,
    /// log2 of the vertex counts, comma-separated (16 edges per vertex).
    #[arg(long, value_delimiter = ',', value_parser = parse_scale, default_value = "16,18,20")]
    scales: Vec<u32>,
    /// Search keys per scale (Graph500: 64).
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u64).range(1..=4096))]
    keys: u64,
    /// The seed of the generator and of the keys.
    #[arg(long, default_value_t = DEFAULT_SEED)]
    seed: u64,
    /// Variants to measure, comma-separated; the sequential one is always measured.
    #[arg(long, value_delimiter = ',', value_enum, default_values_t = BfsVariant::ALL)]
    variants: Vec<BfsVariant>,
}

impl Args {
    /// The run the options ask for.
    pub fn config(&self) -> BfsConfig {
        let mut variants = vec![BfsVariant::Sequential];
        variants.extend(&self.variants);
        BfsConfig {
            scales: unique(&self.scales),
            keys: crate::cli::to_usize(self.keys),
            seed: self.seed,
            threads: self.common.threads(),
            variants: unique(&variants),
            budget: self.common.budget(),
        }
    }
}

impl_workload!(run, vec![BFS, CSR]);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workloads::{nz, parse, Command};

    #[test]
    fn defaults_follow_graph500() {
        let Command::Bfs(args) = parse(&["bfs"]).unwrap() else {
            panic!("not bfs")
        };
        let config = args.config();
        assert_eq!(config.scales, [16, 18, 20]);
        assert_eq!(config.keys, 64);
        assert_eq!(config.variants, BfsVariant::ALL);
        assert_eq!(config.threads, [1, 2, 4, 8, 16, 32].map(nz));
    }

    #[test]
    fn options_pick_scales_keys_and_variants() {
        let Command::Bfs(args) = parse(&[
            "bfs",
            "--scales",
            "20,16,20",
            "--keys",
            "8",
            "--variants",
            "lubdub-dobfs,openmp-dobfs",
        ])
        .unwrap() else {
            panic!("not bfs")
        };
        let config = args.config();
        assert_eq!(config.scales, [20, 16]);
        assert_eq!(config.keys, 8);
        assert_eq!(
            config.variants,
            [BfsVariant::Sequential, BfsVariant::LubdubDobfs, BfsVariant::OpenmpDobfs]
        );
        for bad in [
            &["bfs", "--scales", "0"][..],
            &["bfs", "--scales", "25"],
            &["bfs", "--scales", "x"],
            &["bfs", "--keys", "0"],
            &["bfs", "--variants", "gap"],
        ] {
            assert!(parse(bad).is_err(), "{bad:?} was accepted");
        }
    }

    #[test]
    fn a_run_measures_both_kernels_with_every_variant_and_validates() {
        let config = BfsConfig {
            scales: vec![8],
            keys: 4,
            seed: 1,
            threads: vec![nz(2)],
            variants: BfsVariant::ALL.to_vec(),
            budget: Duration::ZERO,
        };
        let cells = run(&config).unwrap();
        assert_eq!(cells.len(), 2);
        assert_eq!((cells[0].experiment, cells[1].experiment), (CSR, BFS));
        let names: Vec<&str> = cells[1].results.iter().map(|r| r.variant.as_str()).collect();
        assert_eq!(names, BfsVariant::ALL.map(BfsVariant::name));
        for r in &cells[1].results {
            assert_eq!(r.samples.len(), 4, "{}", r.variant);
            assert!(r.summary.unwrap().harmonic_mean.unwrap() > 0.0);
        }
        assert!(cells[1].results[2].profile.is_some(), "lubdub is profiled");
        assert_eq!(cells[1].heading(), "bfs, scale 8 (256 vertices, 4,096 edges)");
    }
}
