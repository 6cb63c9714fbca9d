//! The parallel top-down search, one source for lubdub and Rayon: each step
//! runs over the frontier with `par_iter`, claims every unvisited neighbour
//! with a compare-and-swap on its parent, and collects the claimed ones as
//! the next frontier (each piece of the loop into its own vector, joined
//! without a lock).

use std::sync::atomic::{AtomicU32, Ordering::Relaxed};

use super::NONE;

/// Makes `u` the parent of `v` if `v` has none yet; whether this call did.
/// Relaxed suffices: the parents are read only after the loop that writes
/// them has joined.
#[inline]
pub fn claim(parents: &[AtomicU32], v: u32, u: u32) -> bool {
    let parent = &parents[v as usize];
    parent.load(Relaxed) == NONE && parent.compare_exchange(NONE, u, Relaxed, Relaxed).is_ok()
}

/// Every vertex [`NONE`] but the root, its own parent: a `vec!`, one
/// thread's memset, in every Rust search. (A parallel loop of such trivial
/// items right before the searches' expensive loops made lubdub's loops run
/// without reading the clock: see BENCHMARKS.md, "Graph500 BFS".)
pub fn fresh_parents(n: usize, root: u32) -> Vec<u32> {
    let mut parents = vec![NONE; n];
    parents[root as usize] = root;
    parents
}

/// The top-down search written once for each runtime.
macro_rules! parallel_top_down {
    ($runtime:ident) => {
        use std::sync::atomic::AtomicU32;

        use $runtime::prelude::*;

        use super::{claim, fresh_parents};
        use crate::workloads::bfs::atomics::as_atomic;
        use crate::workloads::bfs::csr::Csr;

        /// One step: the neighbours of `frontier` this step claimed.
        pub fn step(graph: &Csr, parents: &[AtomicU32], frontier: &[u32]) -> Vec<u32> {
            frontier
                .par_iter()
                .flat_map_iter(|&u| {
                    graph
                        .neighbors(u)
                        .iter()
                        .copied()
                        .filter(move |&v| claim(parents, v, u))
                })
                .collect()
        }

        /// Breadth-first search from `root`, level by level, on the current pool.
        pub fn search(graph: &Csr, root: u32) -> Vec<u32> {
            let mut parents = fresh_parents(graph.vertices(), root);
            let shared = as_atomic(&mut parents);
            let mut frontier = vec![root];
            while !frontier.is_empty() {
                frontier = step(graph, shared, &frontier);
            }
            parents
        }
    };
}

/// The top-down search on lubdub.
pub mod on_lubdub {
    parallel_top_down!(lubdub);
}

/// The top-down search on Rayon.
pub mod on_rayon {
    parallel_top_down!(rayon);
}
