//! Measuring one scale at one thread count. Kernel 1 goes through the
//! harness: a build per sample, each checked against the sequential build.
//! The searches follow Graph500's schedule instead: every key once per
//! variant, the variants one after another on each key (so slow drift of
//! the machine hits them alike), each result validated, untimed, right after
//! its search, and each search's rate its component's input edges over its
//! time (TEPS). The validation and the reference levels run on a pool of
//! their own (`lubdub_unprofiled`), so that they leave no trace in the state
//! of the pools the searches run on.

use std::time::{Duration, Instant};

use super::csr::{build_sequential, on_lubdub, on_rayon, Csr};
use super::validate::{validate, Reference};
use super::variant::BfsVariant;
use super::{BFS, CSR};
use crate::check::{expect_same, Mismatch};
use crate::error::Error;
use crate::harness::{traced_samples_wanted, Contender, Plan, Stopwatch, TracedSample};
use crate::report::{Cell, Sampled};
use crate::experiment::SEQUENTIAL;
use crate::workloads::pools::Pools;

/// The builds of kernel 1 that are compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Build {
    Sequential,
    Lubdub,
    Rayon,
}

impl Build {
    const ALL: [Build; 3] = [Self::Sequential, Self::Lubdub, Self::Rayon];

    fn name(self) -> &'static str {
        match self {
            Self::Sequential => SEQUENTIAL,
            Self::Lubdub => "lubdub",
            Self::Rayon => "rayon",
        }
    }

    fn build(self, pools: &Pools, edges: &[(u32, u32)], n: usize) -> Csr {
        match self {
            Self::Sequential => build_sequential(edges, n),
            Self::Lubdub => pools.lubdub.install(|| on_lubdub::build(edges, n)),
            Self::Rayon => pools.rayon.install(|| on_rayon::build(edges, n)),
        }
    }
}

/// Kernel 1 at the pools' thread count: ns per input edge of each build.
///
/// # Errors
/// A build that differs from `expected`.
pub fn csr_cell(edges: &[(u32, u32)], expected: &Csr, pools: &Pools, plan: &Plan) -> Result<Cell, Error> {
    let n = expected.vertices();
    let check = |got: &Csr| -> Result<(), Mismatch> {
        expect_same(got.offsets(), expected.offsets())?;
        expect_same(got.targets(), expected.targets())
    };
    let mut contenders: Vec<Contender<'_>> = Build::ALL
        .iter()
        .map(|&build| {
            let rep = move |sw: &mut Stopwatch<'_>| check(&sw.time(|| build.build(pools, edges, n)));
            Contender::with_stopwatch(build.name(), (build == Build::Lubdub).then_some(&pools.lubdub), rep)
        })
        .collect();
    Cell::measure(
        CSR,
        n as u64,
        pools.threads,
        edges.len() as f64,
        &mut contenders,
        plan,
    )
}

/// What the searches of one scale run on.
pub struct Searches<'a> {
    /// Kernel 1's graph.
    pub graph: &'a Csr,
    /// The generated edges, for validation and the TEPS count.
    pub edges: &'a [(u32, u32)],
    /// The search keys.
    pub keys: &'a [u32],
}

/// The searches at the pools' thread count: MTEPS of every search of every
/// variant, and lubdub's profile over its searches.
///
/// # Errors
/// A search result that fails validation.
pub fn search_cell(searches: &Searches<'_>, pools: &Pools, variants: &[BfsVariant]) -> Result<Cell, Error> {
    let Searches { graph, edges, keys } = *searches;
    let n = graph.vertices() as u64;
    let label = Cell::label_of(BFS, n, pools.threads);
    let mut sampled: Vec<Sampled> = variants
        .iter()
        .map(|v| Sampled {
            variant: v.name().to_owned(),
            reps_per_sample: 1,
            ..Sampled::default()
        })
        .collect();
    for (index, &root) in keys.iter().enumerate() {
        let reference = pools
            .lubdub_unprofiled
            .install(|| Reference::new(graph, edges, root));
        for (&variant, sampled) in variants.iter().zip(&mut sampled) {
            if index == 0 {
                variant.search(pools, graph, root); // warm-up
                settle(pools, variant);
            }
            let pool = variant.lubdub_pool(pools);
            let before = pool.map(lubdub::ThreadPool::profile);
            let start = Instant::now();
            let parents = variant.search(pools, graph, root);
            let elapsed = start.elapsed();
            if let (Some(pool), Some(before)) = (pool, before) {
                let part = pool.profile().since(&before);
                sampled.profile = Some(sampled.profile.take().unwrap_or_default() + part);
            }
            settle(pools, variant);
            check(&label, variant, &parents, edges, &reference, pools)?;
            let seconds = elapsed.as_secs_f64().max(1e-9);
            let edges = reference.component_edges() * variant.copies(pools) as u64;
            sampled.samples.push(edges as f64 / seconds / 1e6);
        }
    }
    if traced_samples_wanted() {
        for (&variant, sampled) in variants.iter().zip(&mut sampled) {
            if variant == BfsVariant::LubdubDobfs {
                sampled.trace = Some(traced_search(pools, graph, keys[0]));
            }
        }
    }
    Ok(Cell::from_sampled(BFS, n, pools.threads, sampled))
}

/// After an OpenMP search, the pause that keeps its spinning threads out of
/// the next variant's time.
fn settle(pools: &Pools, variant: BfsVariant) {
    let pause = pools.settle(variant == BfsVariant::OpenmpDobfs);
    if pause > Duration::ZERO {
        std::thread::sleep(pause);
    }
}

/// Validates a search result; an error naming the failed checks.
fn check(
    label: &str,
    variant: BfsVariant,
    parents: &[u32],
    edges: &[(u32, u32)],
    reference: &Reference,
    pools: &Pools,
) -> Result<(), Error> {
    let violations = pools
        .lubdub_unprofiled
        .install(|| validate(parents, edges, reference));
    if violations.is_empty() {
        return Ok(());
    }
    let listed: Vec<String> = violations.iter().map(ToString::to_string).collect();
    Err(Error::Invalid {
        cell: label.to_owned(),
        variant: variant.name().to_owned(),
        reason: format!("search from {}: {}", reference.root(), listed.join("; ")),
    })
}

/// One more lubdub-dobfs search from `root`, traced, for the timeline.
fn traced_search(pools: &Pools, graph: &Csr, root: u32) -> TracedSample {
    let pool = &pools.lubdub;
    let was_tracing = pool.set_tracing(true);
    let start = Instant::now();
    BfsVariant::LubdubDobfs.search(pools, graph, root);
    let wall = start.elapsed();
    pool.set_tracing(was_tracing);
    TracedSample {
        trace: pool.trace(),
        wall,
    }
}
