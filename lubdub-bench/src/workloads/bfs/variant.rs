//! The searches the `bfs` workload compares, and how each is called.

use clap::ValueEnum;

use super::csr::Csr;
use super::{dobfs, openmp, seed_colors, sequential, top_down};
use crate::experiment::SEQUENTIAL;
use crate::workloads::pools::Pools;

/// A way of searching.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum BfsVariant {
    /// Queue-based top-down BFS on one thread, no runtime: the reference of
    /// every ratio.
    Sequential,
    /// Direction-optimizing BFS on one thread, no runtime.
    SequentialDobfs,
    /// Top-down BFS on lubdub: `par_iter` over the frontier, parents claimed
    /// by compare-and-swap, the next frontier collected.
    Lubdub,
    /// The same code on Rayon.
    Rayon,
    /// Direction-optimizing BFS on lubdub.
    LubdubDobfs,
    /// The same code on Rayon.
    RayonDobfs,
    /// Direction-optimizing BFS in C with OpenMP (`c/bfs.c`).
    OpenmpDobfs,
    /// The seed's white/gray/black colour vector, recomputed for every
    /// vertex each round, on lubdub.
    SeedColors,
    /// The machine's scaling ceiling: one sequential direction-optimizing
    /// search per thread at once on scoped threads, nothing shared; its rate
    /// counts every copy's edges. No runtime can make one search faster than
    /// that on this machine at this moment.
    Ceiling,
}

impl BfsVariant {
    /// Every variant, in the order of the tables.
    pub const ALL: [BfsVariant; 9] = [
        Self::Sequential,
        Self::SequentialDobfs,
        Self::Lubdub,
        Self::Rayon,
        Self::LubdubDobfs,
        Self::RayonDobfs,
        Self::OpenmpDobfs,
        Self::SeedColors,
        Self::Ceiling,
    ];

    /// The name on the command line, in tables and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Self::Sequential => SEQUENTIAL,
            Self::SequentialDobfs => "sequential-dobfs",
            Self::Lubdub => "lubdub",
            Self::Rayon => "rayon",
            Self::LubdubDobfs => "lubdub-dobfs",
            Self::RayonDobfs => "rayon-dobfs",
            Self::OpenmpDobfs => "openmp-dobfs",
            Self::SeedColors => "seed-colors",
            Self::Ceiling => "ceiling",
        }
    }

    /// How many searches one call of [`BfsVariant::search`] makes: its rate
    /// counts the edges of all of them.
    pub fn copies(self, pools: &Pools) -> usize {
        match self {
            Self::Ceiling => pools.threads,
            _ => 1,
        }
    }

    /// The lubdub pool the variant runs on, if any (its profile is taken).
    pub fn lubdub_pool(self, pools: &Pools) -> Option<&lubdub::ThreadPool> {
        matches!(self, Self::Lubdub | Self::LubdubDobfs | Self::SeedColors).then_some(&pools.lubdub)
    }

    /// The parent array of the search from `root`, this way, with the pools'
    /// thread count.
    pub fn search(self, pools: &Pools, graph: &Csr, root: u32) -> Vec<u32> {
        match self {
            Self::Sequential => sequential::top_down(graph, root),
            Self::SequentialDobfs => sequential::dobfs(graph, root),
            Self::Lubdub => pools.lubdub.install(|| top_down::on_lubdub::search(graph, root)),
            Self::Rayon => pools.rayon.install(|| top_down::on_rayon::search(graph, root)),
            Self::LubdubDobfs => pools.lubdub.install(|| dobfs::on_lubdub::search(graph, root)),
            Self::RayonDobfs => pools.rayon.install(|| dobfs::on_rayon::search(graph, root)),
            Self::OpenmpDobfs => openmp::dobfs(graph, root, pools.omp_threads()),
            Self::SeedColors => pools.lubdub.install(|| seed_colors::search(graph, root)),
            Self::Ceiling => ceiling(graph, root, pools.threads),
        }
    }
}

/// `copies` sequential direction-optimizing searches from `root` at once,
/// one on the calling thread; the calling thread's parents.
fn ceiling(graph: &Csr, root: u32, copies: usize) -> Vec<u32> {
    std::thread::scope(|s| {
        let others: Vec<_> = (1..copies)
            .map(|_| s.spawn(|| sequential::dobfs(graph, root)))
            .collect();
        let parents = sequential::dobfs(graph, root);
        for other in others {
            let theirs = other.join().unwrap_or_else(|p| std::panic::resume_unwind(p));
            debug_assert_eq!(theirs, parents, "a sequential search is deterministic");
        }
        parents
    })
}

#[cfg(test)]
mod tests {
    use std::num::NonZeroUsize;

    use super::*;
    use crate::workloads::bfs::csr::build_sequential;
    use crate::workloads::bfs::keys::search_keys;
    use crate::workloads::bfs::kronecker::generate;
    use crate::workloads::bfs::validate::{depths, validate, Reference};

    #[test]
    fn every_variant_finds_the_levels_of_the_sequential_search() {
        for threads in [1, 2, 8] {
            let pools = Pools::new(NonZeroUsize::new(threads).unwrap()).unwrap();
            for scale in 8..=12 {
                let edges = generate(scale, u64::from(scale)).edges;
                let graph = build_sequential(&edges, 1 << scale);
                for root in search_keys(&graph, 3, 7) {
                    let reference = pools.lubdub.install(|| Reference::new(&graph, &edges, root));
                    let expected = depths(&BfsVariant::Sequential.search(&pools, &graph, root), root);
                    for variant in BfsVariant::ALL {
                        let parents = variant.search(&pools, &graph, root);
                        let label = format!("{} scale {scale} threads {threads}", variant.name());
                        assert_eq!(depths(&parents, root), expected, "{label}");
                        let violations = pools.lubdub.install(|| validate(&parents, &edges, &reference));
                        assert!(violations.is_empty(), "{label}: {violations:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn a_graph_of_one_vertex_and_an_isolated_root_are_searched() {
        let pools = Pools::new(NonZeroUsize::new(2).unwrap()).unwrap();
        let lonely = build_sequential(&[(0, 0)], 1);
        let pair = build_sequential(&[(0, 1)], 3);
        for variant in BfsVariant::ALL {
            assert_eq!(variant.search(&pools, &lonely, 0), [0], "{}", variant.name());
            let none = super::super::NONE;
            assert_eq!(variant.search(&pools, &pair, 2), [none, none, 2], "{}", variant.name());
            assert_eq!(variant.search(&pools, &pair, 1), [1, 1, none], "{}", variant.name());
        }
    }

    #[test]
    fn variant_names_match_the_command_line() {
        for variant in BfsVariant::ALL {
            assert_eq!(BfsVariant::from_str(variant.name(), false), Ok(variant));
        }
    }
}
