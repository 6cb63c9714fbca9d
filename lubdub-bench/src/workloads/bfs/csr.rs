//! Graph500's kernel 1: the edge list turned into a compressed sparse row
//! graph (CSR), undirected (each edge listed at both ends), without
//! self-loops or repeated edges, each vertex's neighbours sorted. Built the
//! way the GAP benchmark suite's builder does: count degrees, prefix-sum them
//! into offsets, scatter each edge to both ends, then sort and deduplicate
//! every neighbour list and squeeze the lists together.
//!
//! [`build_sequential`] is the reference; [`on_lubdub::build`] and
//! [`on_rayon::build`] are the same steps as parallel loops, one source
//! for both runtimes. The two prefix sums stay sequential (one pass over
//! the vertices, a few milliseconds at scale 20): Rayon has no parallel scan.

use std::ops::Range;

/// An undirected graph in compressed sparse row form.
///
/// Invariant, checked by [`Csr::new`], the only way to make one: `offsets`
/// starts at 0, never decreases and ends at `targets.len()`, and every
/// target is below the vertex count. So every `offsets[v]..offsets[v + 1]`
/// is a range of `targets`, which lets [`Csr::neighbors`] and
/// [`Csr::lists`] slice without bounds checks: the searches' inner loops
/// are mostly those slices (see `bottom_up.rs`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Csr {
    /// `offsets[v]..offsets[v + 1]` are `v`'s neighbours in `targets`.
    offsets: Vec<u64>,
    /// Every vertex's neighbours, sorted, one list after the other.
    targets: Vec<u32>,
}

impl Csr {
    /// The graph of `offsets` and `targets`.
    ///
    /// # Panics
    /// If they break the invariant in [`Csr`]'s documentation (a bug of the
    /// builder: every build ends here).
    fn new(offsets: Vec<u64>, targets: Vec<u32>) -> Self {
        let n = offsets.len().checked_sub(1).expect("offsets has one entry per vertex and one more");
        assert!(
            offsets[0] == 0
                && offsets.windows(2).all(|pair| pair[0] <= pair[1])
                && offsets[n] == targets.len() as u64,
            "offsets delimit the lists of targets"
        );
        assert!(targets.iter().all(|&v| (v as usize) < n), "every target is a vertex");
        Self { offsets, targets }
    }

    /// The vertex count.
    pub fn vertices(&self) -> usize {
        self.offsets.len() - 1
    }

    /// Adjacency entries: twice the distinct undirected edges.
    pub fn directed_edges(&self) -> u64 {
        self.targets.len() as u64
    }

    /// `v`'s neighbours, in increasing order.
    #[inline]
    pub fn neighbors(&self, v: u32) -> &[u32] {
        let v = v as usize;
        // SAFETY: two consecutive offsets (the indexing checks `v`).
        unsafe { self.list(self.offsets[v], self.offsets[v + 1]) }
    }

    /// The neighbour lists of the vertices in `vertices`, in order.
    #[inline]
    pub fn lists(&self, vertices: Range<usize>) -> impl Iterator<Item = &[u32]> {
        self.offsets[vertices.start..=vertices.end]
            .windows(2)
            // SAFETY: each window is two consecutive offsets.
            .map(|pair| unsafe { self.list(pair[0], pair[1]) })
    }

    /// `targets[start..end]`, without bounds checks.
    ///
    /// # Safety
    /// `start` and `end` are `offsets[v]` and `offsets[v + 1]` for some
    /// vertex `v`.
    #[inline]
    unsafe fn list(&self, start: u64, end: u64) -> &[u32] {
        // SAFETY: by the caller's contract and the invariant [`Csr::new`]
        // checked, `start <= end <= targets.len()`.
        unsafe { self.targets.get_unchecked(start as usize..end as usize) }
    }

    /// `v`'s degree.
    #[inline]
    pub fn degree(&self, v: u32) -> u64 {
        self.offsets[v as usize + 1] - self.offsets[v as usize]
    }

    /// The offsets, one per vertex and one more (for C).
    pub fn offsets(&self) -> &[u64] {
        &self.offsets
    }

    /// The neighbour lists end to end (for C).
    pub fn targets(&self) -> &[u32] {
        &self.targets
    }
}

/// `0, c0, c0 + c1, ...`: the exclusive prefix sums of `counts` and their
/// total, as offsets.
fn prefix_sums(counts: impl Iterator<Item = u64>) -> Vec<u64> {
    let mut offsets = Vec::with_capacity(counts.size_hint().0 + 1);
    let mut total = 0;
    offsets.push(0);
    for count in counts {
        total += count;
        offsets.push(total);
    }
    offsets
}

/// Sorts `list` and moves its distinct values to its front; their count.
fn sort_dedup(list: &mut [u32]) -> u64 {
    list.sort_unstable();
    let mut kept = 0;
    for i in 0..list.len() {
        if kept == 0 || list[i] != list[kept - 1] {
            list[kept] = list[i];
            kept += 1;
        }
    }
    kept as u64
}

/// `targets` cut into the lists `offsets` delimit.
fn lists<'a>(mut targets: &'a mut [u32], offsets: &[u64]) -> Vec<&'a mut [u32]> {
    let mut lists = Vec::with_capacity(offsets.len().saturating_sub(1));
    for pair in offsets.windows(2) {
        let (list, rest) = targets.split_at_mut((pair[1] - pair[0]) as usize);
        lists.push(list);
        targets = rest;
    }
    lists
}

/// Kernel 1 on one thread.
pub fn build_sequential(edges: &[(u32, u32)], n: usize) -> Csr {
    let mut degrees = vec![0u64; n];
    for &(u, v) in edges.iter().filter(|(u, v)| u != v) {
        degrees[u as usize] += 1;
        degrees[v as usize] += 1;
    }
    let offsets = prefix_sums(degrees.into_iter());
    let mut cursor = offsets[..n].to_vec();
    let mut targets = vec![0u32; offsets[n] as usize];
    for &(u, v) in edges.iter().filter(|(u, v)| u != v) {
        for (from, to) in [(u, v), (v, u)] {
            targets[cursor[from as usize] as usize] = to;
            cursor[from as usize] += 1;
        }
    }
    let kept: Vec<u64> = lists(&mut targets, &offsets)
        .into_iter()
        .map(sort_dedup)
        .collect();
    let squeezed = (0..n)
        .flat_map(|v| {
            let start = offsets[v] as usize;
            targets[start..start + kept[v] as usize].iter().copied()
        })
        .collect();
    Csr::new(prefix_sums(kept.into_iter()), squeezed)
}

/// Kernel 1 as parallel loops, written once for each runtime.
macro_rules! parallel_build {
    ($runtime:ident) => {
        use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

        use $runtime::prelude::*;

        use super::{lists, prefix_sums, sort_dedup, Csr};
        use crate::workloads::bfs::atomics::as_atomic;

        /// Kernel 1 on the current pool.
        pub fn build(edges: &[(u32, u32)], n: usize) -> Csr {
            let degrees: Vec<AtomicU64> = (0..n).into_par_iter().map(|_| AtomicU64::new(0)).collect();
            edges.par_iter().filter(|(u, v)| u != v).for_each(|&(u, v)| {
                degrees[u as usize].fetch_add(1, Relaxed);
                degrees[v as usize].fetch_add(1, Relaxed);
            });
            let offsets = prefix_sums(degrees.iter().map(|d| d.load(Relaxed)));
            let cursor: Vec<AtomicU64> = offsets[..n].par_iter().map(|&o| AtomicU64::new(o)).collect();
            let mut targets = vec![0u32; offsets[n] as usize];
            let shared = as_atomic(&mut targets);
            edges.par_iter().filter(|(u, v)| u != v).for_each(|&(u, v)| {
                for (from, to) in [(u, v), (v, u)] {
                    let slot = cursor[from as usize].fetch_add(1, Relaxed);
                    shared[slot as usize].store(to, Relaxed);
                }
            });
            let kept: Vec<u64> = lists(&mut targets, &offsets)
                .into_par_iter()
                .map(sort_dedup)
                .collect();
            let squeezed = (0..n)
                .into_par_iter()
                .flat_map_iter(|v| {
                    let start = offsets[v] as usize;
                    targets[start..start + kept[v] as usize].iter().copied()
                })
                .collect();
            Csr::new(prefix_sums(kept.into_iter()), squeezed)
        }
    };
}

/// Kernel 1 on lubdub.
pub mod on_lubdub {
    parallel_build!(lubdub);
}

/// Kernel 1 on Rayon.
pub mod on_rayon {
    parallel_build!(rayon);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workloads::bfs::kronecker::generate;

    #[test]
    fn lists_are_sorted_without_loops_or_repeats() {
        // 0-1 twice (once reversed), a self-loop on 2, 2-3, an isolated 4.
        let csr = build_sequential(&[(0, 1), (1, 0), (2, 2), (2, 3), (3, 0)], 5);
        assert_eq!(csr.vertices(), 5);
        assert_eq!(csr.neighbors(0), [1, 3]);
        assert_eq!(csr.neighbors(1), [0]);
        assert_eq!(csr.neighbors(2), [3]);
        assert_eq!(csr.neighbors(3), [0, 2]);
        assert!(csr.neighbors(4).is_empty());
        assert_eq!((csr.degree(3), csr.directed_edges()), (2, 6));
        assert_eq!(build_sequential(&[], 0).vertices(), 0);
    }

    #[test]
    fn every_build_gives_the_same_graph() {
        for threads in [1, 2, 8] {
            let pool = lubdub::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            let rayon_pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            for scale in [1, 6, 10] {
                let graph = generate(scale, 3);
                let n = graph.vertices();
                let expected = build_sequential(&graph.edges, n);
                assert_eq!(pool.install(|| on_lubdub::build(&graph.edges, n)), expected);
                assert_eq!(rayon_pool.install(|| on_rayon::build(&graph.edges, n)), expected);
            }
        }
    }

    #[test]
    fn parts_that_break_the_invariant_are_refused() {
        let refused = |offsets: Vec<u64>, targets: Vec<u32>| {
            std::panic::catch_unwind(|| Csr::new(offsets, targets)).is_err()
        };
        assert!(!refused(vec![0, 1, 2], vec![1, 0]));
        assert!(refused(vec![0, 1, 2], vec![1, 2]), "a target that is no vertex");
        assert!(refused(vec![0, 2, 1], vec![1, 0]), "decreasing offsets");
        assert!(refused(vec![0, 1, 3], vec![1, 0]), "offsets past the targets");
        assert!(refused(vec![1, 1, 2], vec![1, 0]), "offsets not from 0");
        assert!(refused(vec![], vec![]), "no offsets at all");
        let graph = Csr::new(vec![0, 1, 2], vec![1, 0]);
        assert_eq!(graph.lists(0..2).collect::<Vec<_>>(), [[1], [0]]);
        assert_eq!(graph.lists(1..1).count(), 0);
    }

    #[test]
    fn sort_dedup_keeps_distinct_values_in_front() {
        let mut list = [3, 1, 3, 2, 1];
        assert_eq!(sort_dedup(&mut list), 3);
        assert_eq!(list[..3], [1, 2, 3]);
        assert_eq!(sort_dedup(&mut []), 0);
    }
}
