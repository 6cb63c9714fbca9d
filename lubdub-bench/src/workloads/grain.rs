//! The seed's `par::map` question (seed 004): how much does a hand-picked
//! "minimum items per task" win or lose? One map over the tree edges of a
//! Graph500 search (the seed's validation step: for each tree edge, find it
//! in the graph), whose items cost from a few nanoseconds to tens of
//! microseconds (a linear search of the child's neighbour list, which for a
//! hub holds tens of thousands of vertices). Each cell is one grain, *g*
//! items per task, at one thread count:
//!
//! - *std-threads*: `threads` plain `std::thread`s take chunks of *g* items
//!   from a shared counter until none are left, as `par::map` handed out
//!   slices (at `g = n / threads` each thread takes one slice: the static
//!   split `par::map` made when it ran one task per thread);
//! - *rayon-with-min-len*: Rayon's `par_iter().with_min_len(g)`;
//! - and, the same in every cell since they take no grain: *lubdub* (the
//!   loop splits itself on heartbeats), *rayon* (its adaptive splitting) and
//!   *sequential*.
//!
//! The map's output is each edge's position in the child's list, collected
//! into a vector; every output is compared with the sequential one.

use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::time::Duration;

use crate::check::{expect_same, Mismatch};
use crate::cli::{unique, Common};
use crate::error::Error;
use crate::experiment::{Entry, Experiment, Heading, SEQUENTIAL};
use crate::harness::{Contender, Plan, Stopwatch};
use crate::report::{Cell, cells_in_steps};
use crate::format::group_digits;
use crate::workloads::bfs::atomics::as_atomic;
use crate::workloads::bfs::csr::{on_lubdub, Csr};
use crate::workloads::bfs::keys::search_keys;
use crate::workloads::bfs::{kronecker, sequential, NONE};
use crate::workloads::pools::Pools;

/// The map at one grain: ns per item.
pub const GRAIN: Experiment = Experiment::new(
    "grain",
    "ns/item",
    "grain",
    Heading::Custom(|g| format!("grain, {} items per task", group_digits(g))),
)
.read_as(Entry::Ratio, "median / min (median ÷ sequential median)")
.plotted_by_size("items per task (std-threads, rayon-with-min-len)");

/// The fixed grains of the issue; `n / threads` is added per thread count.
pub const FIXED_GRAINS: [usize; 4] = [1, 16, 256, 4096];

/// The ways of mapping.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Variant {
    Sequential,
    Lubdub,
    Rayon,
    RayonWithMinLen,
    StdThreads,
}

impl Variant {
    const ALL: [Variant; 5] = [
        Self::Sequential,
        Self::Lubdub,
        Self::Rayon,
        Self::RayonWithMinLen,
        Self::StdThreads,
    ];

    fn name(self) -> &'static str {
        match self {
            Self::Sequential => SEQUENTIAL,
            Self::Lubdub => "lubdub",
            Self::Rayon => "rayon",
            Self::RayonWithMinLen => "rayon-with-min-len",
            Self::StdThreads => "std-threads",
        }
    }

    /// The map over `items` this way, `grain` items per task where the
    /// variant takes one.
    fn map(self, pools: &Pools, graph: &Csr, items: &[(u32, u32)], grain: usize) -> Vec<u32> {
        let find = |&(child, parent): &(u32, u32)| find_edge(graph, child, parent);
        match self {
            Self::Sequential => map_sequential(graph, items),
            Self::Lubdub => pools.lubdub.install(|| {
                use lubdub::prelude::*;
                items.par_iter().map(find).collect()
            }),
            Self::Rayon => pools.rayon.install(|| {
                use rayon::prelude::*;
                items.par_iter().map(find).collect()
            }),
            Self::RayonWithMinLen => pools.rayon.install(|| {
                use rayon::prelude::*;
                items.par_iter().with_min_len(grain).map(find).collect()
            }),
            Self::StdThreads => std_threads(items, pools.threads, grain, find),
        }
    }
}

/// The map on the calling thread.
fn map_sequential(graph: &Csr, items: &[(u32, u32)]) -> Vec<u32> {
    items
        .iter()
        .map(|&(child, parent)| find_edge(graph, child, parent))
        .collect()
}

/// Where `parent` is in `child`'s neighbour list ([`NONE`] if it is not):
/// the seed's check that a tree edge is a graph edge.
fn find_edge(graph: &Csr, child: u32, parent: u32) -> u32 {
    graph
        .neighbors(child)
        .iter()
        .position(|&v| v == parent)
        .map_or(NONE, |i| i as u32)
}

/// `f` of every item, on `threads` scoped threads that take `grain` items at
/// a time from a shared counter.
fn std_threads(
    items: &[(u32, u32)],
    threads: usize,
    grain: usize,
    f: impl Fn(&(u32, u32)) -> u32 + Sync,
) -> Vec<u32> {
    let mut out = vec![0u32; items.len()];
    let slots = as_atomic(&mut out);
    let next = AtomicUsize::new(0);
    let grain = grain.max(1);
    let work = || loop {
        let start = next.fetch_add(grain, Relaxed);
        if start >= items.len() {
            break;
        }
        let end = (start + grain).min(items.len());
        for (slot, item) in slots[start..end].iter().zip(&items[start..end]) {
            slot.store(f(item), Relaxed);
        }
    };
    std::thread::scope(|s| {
        for _ in 1..threads {
            s.spawn(work);
        }
        work();
    });
    out
}

/// The tree edges `(child, parent)` of a sequential search of `graph` from
/// its first key.
fn tree_edges(graph: &Csr, seed: u64) -> Vec<(u32, u32)> {
    let Some(&root) = search_keys(graph, 1, seed).first() else {
        return Vec::new();
    };
    sequential::top_down(graph, root)
        .into_iter()
        .enumerate()
        .filter(|&(v, parent)| parent != NONE && v != root as usize)
        .map(|(v, parent)| (v as u32, parent))
        .collect()
}

/// What a grain run covers.
#[derive(Clone, Debug)]
pub struct GrainConfig {
    /// log2 of the vertex count of the Graph500 graph whose tree is mapped.
    pub scale: u32,
    /// Thread counts.
    pub threads: Vec<NonZeroUsize>,
    /// Time to spend on each grain × threads cell.
    pub budget: Duration,
}

/// Measures the map at every grain and thread count.
///
/// # Errors
/// A wrong output, or a pool that cannot be built.
pub fn run(config: &GrainConfig) -> Result<Vec<Cell>, Error> {
    let edges = kronecker::generate(config.scale, 4).edges;
    let graph = on_lubdub::build(&edges, 1 << config.scale);
    drop(edges);
    let items = tree_edges(&graph, 4);
    eprintln!(
        "[grain] {} tree edges of a scale-{} graph to find",
        group_digits(items.len() as u64),
        config.scale
    );
    let expected = map_sequential(&graph, &items);
    let mut cells = Vec::new();
    for &threads in &config.threads {
        let pools = Pools::new(threads)?;
        let mut grains = FIXED_GRAINS.to_vec();
        grains.push(items.len().div_ceil(threads.get()).max(1));
        let grains = unique(&grains);
        cells.extend(cells_in_steps(&grains, |grain| {
            measure_cell(&pools, &graph, &items, &expected, grain, config.budget)
        })?);
    }
    Ok(cells)
}

/// Every variant at one grain and the pools' thread count.
fn measure_cell(
    pools: &Pools,
    graph: &Csr,
    items: &[(u32, u32)],
    expected: &[u32],
    grain: usize,
    budget: Duration,
) -> Result<Cell, Error> {
    let mut contenders: Vec<Contender<'_>> = Variant::ALL
        .iter()
        .map(|&v| {
            let rep = move |sw: &mut Stopwatch<'_>| -> Result<(), Mismatch> {
                expect_same(&sw.time(|| v.map(pools, graph, items, grain)), expected)
            };
            Contender::with_stopwatch(v.name(), (v == Variant::Lubdub).then_some(&pools.lubdub), rep)
        })
        .collect();
    Cell::measure(
        GRAIN,
        grain as u64,
        pools.threads,
        items.len().max(1) as f64,
        &mut contenders,
        &Plan::adaptive(budget),
    )
}

/// The seed's `par::map` question: one map of uneven items at fixed grains
/// (1, 16, 256, 4096 and n / threads items per task) on plain threads and
/// Rayon, against lubdub's loop, which takes none.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub common: Common,
    /// log2 of the vertices of the Graph500 graph whose search tree is mapped
    /// (about half of them are in the tree).
    #[arg(long, default_value_t = 21, value_parser = clap::value_parser!(u32).range(1..=24))]
    scale: u32,
}

impl Args {
    /// The run the options ask for.
    pub fn config(&self) -> GrainConfig {
        GrainConfig {
            scale: self.scale,
            threads: self.common.threads(),
            budget: self.common.budget(),
        }
    }
}

impl_workload!(run, vec![GRAIN]);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workloads::bfs::csr::build_sequential;
    use crate::workloads::{nz, parse, Command};

    #[test]
    fn every_variant_maps_every_item_at_every_grain() {
        let edges = kronecker::generate(10, 4).edges;
        let graph = build_sequential(&edges, 1 << 10);
        let items = tree_edges(&graph, 4);
        assert!(items.len() > 100, "{}", items.len());
        let expected = map_sequential(&graph, &items);
        assert!(expected.iter().all(|&i| i != NONE), "tree edges are graph edges");
        for threads in [1, 2, 3, 8] {
            let pools = Pools::new(nz(threads)).unwrap();
            for grain in [1, 7, 4096, items.len(), 10 * items.len()] {
                for v in Variant::ALL {
                    assert_eq!(v.map(&pools, &graph, &items, grain), expected, "{}", v.name());
                    assert!(v.map(&pools, &graph, &[], grain).is_empty());
                }
            }
        }
        assert_eq!(find_edge(&graph, items[0].0, items[0].0), NONE, "no self-loops");
    }

    #[test]
    fn a_run_measures_each_grain_with_n_over_threads_last() {
        let config = GrainConfig {
            scale: 8,
            threads: vec![nz(2)],
            budget: Duration::ZERO,
        };
        let cells = run(&config).unwrap();
        let grains: Vec<u64> = cells.iter().map(|c| c.size).collect();
        assert_eq!(grains[..4], [1, 16, 256, 4096]);
        assert_eq!(grains.len(), 5);
        let names: Vec<&str> = cells[0].results.iter().map(|r| r.variant.as_str()).collect();
        assert_eq!(names, Variant::ALL.map(Variant::name));
        let Command::Grain(args) = parse(&["grain", "--scale", "12"]).unwrap() else {
            panic!("not grain")
        };
        assert_eq!(args.config().scale, 12);
        assert!(parse(&["grain", "--scale", "0"]).is_err());
    }
}
