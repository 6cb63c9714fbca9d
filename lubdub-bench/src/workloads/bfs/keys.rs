//! Graph500's search keys: distinct vertices drawn at random among those
//! with at least one edge other than a self-loop.

use super::csr::Csr;
use crate::workloads::random::{mix, SplitMix64};

/// Up to `count` distinct keys of nonzero degree in `graph`, drawn from
/// `seed` (all such vertices, shuffled, when there are fewer).
pub fn search_keys(graph: &Csr, count: usize, seed: u64) -> Vec<u32> {
    let mut candidates: Vec<u32> = (0..graph.vertices() as u32)
        .filter(|&v| graph.degree(v) > 0)
        .collect();
    let mut draws = SplitMix64::new(mix(seed ^ 0x6b65_7973)); // not the generator's stream
    let count = count.min(candidates.len());
    for i in 0..count {
        let j = i + draws.below((candidates.len() - i) as u64) as usize;
        candidates.swap(i, j);
    }
    candidates.truncate(count);
    candidates
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workloads::bfs::csr::build_sequential;

    #[test]
    fn keys_are_distinct_and_have_edges() {
        // 0-1, 1-2, a self-loop on 3, nothing on 4.
        let graph = build_sequential(&[(0, 1), (1, 2), (3, 3)], 5);
        let mut keys = search_keys(&graph, 64, 1);
        keys.sort_unstable();
        assert_eq!(keys, [0, 1, 2]);
        let two = search_keys(&graph, 2, 1);
        assert_eq!(two.len(), 2);
        assert_eq!(two, search_keys(&graph, 2, 1), "seeded");
        assert!(search_keys(&build_sequential(&[], 3), 64, 1).is_empty());
    }
}
