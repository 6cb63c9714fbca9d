//! The parallel direction-optimizing search (Beamer et al., SC 2012; the
//! GAP benchmark suite's `bfs.cc` is the anchor), one source for lubdub and
//! Rayon. Top-down steps are [`super::top_down`]'s; a bottom-up step runs
//! over the words of the next frontier's bitmap with `par_iter_mut`: each
//! item is one word, 64 vertices, which the loop body
//! ([`super::bottom_up`]) fills alone, so the bitmap needs no atomics and a
//! vertex's parent is written only by the piece that owns it. When to
//! change direction: [`super::direction`].
//!
//! The bookkeeping between the steps runs on the calling thread: the sum of
//! the new frontier's degrees (the scout count) and the frontier's bitmap
//! before the first bottom-up step; the bitmap's conversion back into a
//! frontier, a scan of every word, is a parallel loop.

/// The direction-optimizing search written once for each runtime, given
/// that runtime's top-down module.
macro_rules! parallel_dobfs {
    ($runtime:ident, $top_down:ident) => {
        use std::sync::atomic::AtomicU32;

        use $runtime::prelude::*;

        use crate::workloads::bfs::atomics::as_atomic;
        use crate::workloads::bfs::bitmap::{self, to_bitmap};
        use crate::workloads::bfs::bottom_up::adopt_word;
        use crate::workloads::bfs::csr::Csr;
        use crate::workloads::bfs::direction::{go_bottom_up, stay_bottom_up};
        use crate::workloads::bfs::top_down::$top_down::step;
        use crate::workloads::bfs::top_down::fresh_parents;

        /// Direction-optimizing search from `root` on the current pool.
        pub fn search(graph: &Csr, root: u32) -> Vec<u32> {
            let n = graph.vertices();
            let mut parents = fresh_parents(n, root);
            let shared = as_atomic(&mut parents);
            let mut frontier = vec![root];
            let mut unchecked = graph.directed_edges();
            let mut scout = graph.degree(root);
            while !frontier.is_empty() {
                if go_bottom_up(scout, unchecked) {
                    let mut front = to_bitmap(&frontier, n);
                    let mut next = vec![0u64; front.len()];
                    let mut awake = frontier.len() as u64;
                    loop {
                        let before = awake;
                        awake = bottom_up_step(graph, shared, &front, &mut next);
                        std::mem::swap(&mut front, &mut next);
                        if !stay_bottom_up(awake, before, n) {
                            break;
                        }
                    }
                    frontier = front
                        .par_iter()
                        .enumerate()
                        .flat_map_iter(|(i, &word)| bitmap::members(i, word))
                        .collect();
                    scout = 1;
                } else {
                    unchecked = unchecked.saturating_sub(scout);
                    frontier = step(graph, shared, &frontier);
                    scout = frontier.iter().map(|&v| graph.degree(v)).sum();
                }
            }
            parents
        }


        /// Gives every unvisited vertex with a neighbour in `front` that
        /// neighbour as parent; `next` becomes the set of them. Their count.
        fn bottom_up_step(graph: &Csr, parents: &[AtomicU32], front: &[u64], next: &mut [u64]) -> u64 {
            next.par_iter_mut()
                .enumerate()
                .map(|(index, word)| {
                    *word = adopt_word(graph, parents, front, index);
                    u64::from(word.count_ones())
                })
                .sum()
        }
    };
}

/// The direction-optimizing search on lubdub.
pub mod on_lubdub {
    parallel_dobfs!(lubdub, on_lubdub);
}

/// The direction-optimizing search on Rayon.
pub mod on_rayon {
    parallel_dobfs!(rayon, on_rayon);
}
