//! Graph500's generator: a Kronecker graph of `2^scale` vertices and
//! [`EDGE_FACTOR`]` * 2^scale` undirected edges, as the specification's
//! reference code draws it. Each edge descends `scale` levels of the 2 x 2
//! initiator matrix `[[A, B], [C, D]]`, picking a quadrant per level (one
//! bit of each endpoint); the vertex labels are then permuted at random so
//! that a vertex's number says nothing about its degree. Self-loops and
//! repeated edges are kept: they are part of the input the validation and
//! the TEPS count see.
//!
//! Edge `i` is drawn from its own stream, seeded by a hash of the seed and
//! `i`, so the list is the same at every thread count and the generator runs
//! in parallel. The reference also shuffles the edge list; here the edges are
//! independent draws already, so their order is random without it.

use crate::workloads::random::{mix, SplitMix64};

/// The initiator's top-left probability.
pub const A: f64 = 0.57;
/// The initiator's top-right probability.
pub const B: f64 = 0.19;
/// The initiator's bottom-left probability (the bottom-right one is
/// `1 - A - B - C`).
pub const C: f64 = 0.19;

/// Undirected edges per vertex.
pub const EDGE_FACTOR: usize = 16;

/// A generated graph: its edge list and vertex count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EdgeList {
    /// log2 of the vertex count.
    pub scale: u32,
    /// The edges, each as its two endpoints, in the order drawn.
    pub edges: Vec<(u32, u32)>,
}

impl EdgeList {
    /// The vertex count, `2^scale`.
    pub fn vertices(&self) -> usize {
        1 << self.scale
    }
}

/// `p` as a threshold on a uniform 32-bit draw: the draw is below it with
/// probability `p`.
fn threshold(p: f64) -> u64 {
    (p * 4_294_967_296.0) as u64
}

/// The quadrant thresholds of one level, as the reference computes them.
#[derive(Clone, Copy)]
struct Initiator {
    /// The row bit is 1 when the first draw is not below `A + B`.
    top: u64,
    /// In the top half, the column bit is 1 when the second draw is not
    /// below `A / (A + B)`...
    left_given_top: u64,
    /// ...and in the bottom half when it is not below `C / (C + D)`.
    left_given_bottom: u64,
}

impl Initiator {
    fn graph500() -> Self {
        Self {
            top: threshold(A + B),
            left_given_top: threshold(A / (A + B)),
            left_given_bottom: threshold(C / (1.0 - (A + B))),
        }
    }

    /// Edge `index` of a graph of `2^scale` vertices, before the labels are
    /// permuted.
    fn edge(self, seed: u64, scale: u32, index: u64) -> (u32, u32) {
        let mut draws = SplitMix64::new(mix(seed ^ mix(index)));
        let (mut row, mut col) = (0u32, 0u32);
        for level in 0..scale {
            let draw = draws.next_u64();
            let row_bit = (draw & 0xffff_ffff) >= self.top;
            let left = if row_bit {
                self.left_given_bottom
            } else {
                self.left_given_top
            };
            let col_bit = (draw >> 32) >= left;
            row |= u32::from(row_bit) << level;
            col |= u32::from(col_bit) << level;
        }
        (row, col)
    }
}

/// A random permutation of `0..n` (Fisher–Yates), from `seed`.
fn permutation(n: usize, seed: u64) -> Vec<u32> {
    let mut labels: Vec<u32> = (0..n as u32).collect();
    let mut draws = SplitMix64::new(mix(seed));
    for i in (1..n).rev() {
        let j = draws.below(i as u64 + 1) as usize;
        labels.swap(i, j);
    }
    labels
}

/// The Graph500 edge list of `2^scale` vertices from `seed`, drawn in
/// parallel on the current lubdub pool. `scale` is at most 31.
pub fn generate(scale: u32, seed: u64) -> EdgeList {
    use lubdub::prelude::*;
    assert!(scale < 32, "vertex labels are u32");
    let n = 1usize << scale;
    let m = (EDGE_FACTOR * n) as u64;
    let labels = permutation(n, seed);
    let initiator = Initiator::graph500();
    let edges = (0..m)
        .into_par_iter()
        .map(|i| {
            let (u, v) = initiator.edge(seed, scale, i);
            (labels[u as usize], labels[v as usize])
        })
        .collect();
    EdgeList { scale, edges }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_gives_one_graph_at_every_thread_count() {
        let on = |threads| {
            let pool = lubdub::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            pool.install(|| generate(10, 42))
        };
        let one = on(1);
        assert_eq!(one.edges.len(), EDGE_FACTOR << 10);
        assert_eq!(one, on(2));
        assert_eq!(one, on(8));
        assert_eq!(one, generate(10, 42));
        assert_ne!(one, generate(10, 43));
        assert!(one.edges.iter().all(|&(u, v)| u < 1024 && v < 1024));
    }

    #[test]
    fn the_labels_are_a_permutation() {
        let mut p = permutation(1000, 5);
        assert_ne!(p, (0..1000).collect::<Vec<u32>>());
        p.sort_unstable();
        assert_eq!(p, (0..1000).collect::<Vec<u32>>());
        assert_eq!(permutation(1, 5), [0]);
    }

    #[test]
    fn quadrants_follow_the_initiator() {
        // Over many one-level edges, the quadrants come out near A, B, C, D.
        let initiator = Initiator::graph500();
        let mut counts = [0u32; 4];
        let draws = 100_000u32;
        for i in 0..draws {
            let (row, col) = initiator.edge(9, 1, u64::from(i));
            counts[(row * 2 + col) as usize] += 1;
        }
        let d = 1.0 - A - B - C;
        for (count, p) in counts.iter().zip([A, B, C, d]) {
            let share = f64::from(*count) / f64::from(draws);
            assert!((share - p).abs() < 0.01, "{counts:?}");
        }
    }

    #[test]
    fn low_numbered_vertices_are_hubs_before_the_permutation() {
        // Vertex 0 (all bits in the heavy quadrant) has by far the highest
        // expected degree of an unpermuted Kronecker graph.
        let initiator = Initiator::graph500();
        let touches_zero = (0..20_000u64)
            .map(|i| initiator.edge(1, 10, i))
            .filter(|&(u, v)| u == 0 || v == 0)
            .count();
        // 20,000 edges over 1,024 vertices average 39 per vertex.
        assert!(touches_zero > 200, "{touches_zero}");
    }
}
