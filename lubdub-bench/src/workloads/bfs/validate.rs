//! Graph500's validation of a search result: the five checks of the
//! specification, run on every parent array the benchmark times.
//!
//! 1. [`Check::Tree`]: the parents form a tree rooted at the key: the root
//!    is its own parent, every reached vertex's parent is a reached vertex,
//!    and following parents from any reached vertex ends at the root (no
//!    cycle). This gives every reached vertex its *depth* in the tree.
//! 2. [`Check::TreeEdgeLevels`]: every tree edge joins BFS levels that differ
//!    by exactly one: `level[v] == level[parent[v]] + 1`, where the levels are
//!    the distances from the key that [`Reference`] computes with its own
//!    breadth-first search (so the tree is a shortest-path tree).
//! 3. [`Check::InputEdgeLevels`]: every input edge joins vertices whose depths
//!    differ by at most one, or has both ends unreached.
//! 4. [`Check::Spans`]: the tree spans the key's connected component: a vertex
//!    is reached exactly when [`Reference`] reached it.
//! 5. [`Check::TreeEdgesAreInputEdges`]: every tree edge `(v, parent[v])` is
//!    in the input edge list (in either direction).
//!
//! Checks 3 and 5 read the generated edge list, not the CSR, so a kernel 1
//! that lost or invented an edge is caught too. The checks overlap (a tree
//! that is not breadth-first fails 2 and 3, a missing vertex 3 and 4):
//! [`validate`] reports every failing check, with its smallest failing
//! vertex; checks 2 to 5 presuppose a tree, so when check 1 fails it alone
//! is reported.

use std::fmt;
use std::sync::atomic::AtomicU64;

use lubdub::prelude::*;

use super::bitmap::{self, contains, insert_shared};
use super::csr::Csr;
use super::NONE;

/// One of the specification's checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Check {
    /// 1: the parents form a tree rooted at the key.
    Tree,
    /// 2: tree edges join levels that differ by one.
    TreeEdgeLevels,
    /// 3: input edges join depths that differ by at most one.
    InputEdgeLevels,
    /// 4: the tree spans the key's component.
    Spans,
    /// 5: tree edges are input edges.
    TreeEdgesAreInputEdges,
}

impl Check {
    fn describe(self) -> &'static str {
        match self {
            Self::Tree => "1, the parents form a tree rooted at the key",
            Self::TreeEdgeLevels => "2, tree edges join levels that differ by one",
            Self::InputEdgeLevels => "3, input edges join depths that differ by at most one",
            Self::Spans => "4, the tree spans the key's component",
            Self::TreeEdgesAreInputEdges => "5, tree edges are input edges",
        }
    }
}

/// A failed check and the smallest vertex it failed at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Violation {
    /// The check.
    pub check: Check,
    /// Where it failed.
    pub vertex: u32,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "check {} fails at vertex {}", self.check.describe(), self.vertex)
    }
}

/// What the validation of every search from one key compares with: the
/// key's BFS levels, and the input edges in its component (the edges its
/// searches traverse, as Graph500 counts them for TEPS).
#[derive(Clone, Debug)]
pub struct Reference {
    root: u32,
    levels: Vec<u32>,
    component_edges: u64,
}

impl Reference {
    /// The levels of a plain queue-based BFS of `graph` from `root`, and
    /// the edges of `edges` with both ends in its component (self-loops and
    /// repeats included, as they are in the input), counted on the current
    /// lubdub pool.
    pub fn new(graph: &Csr, edges: &[(u32, u32)], root: u32) -> Self {
        let mut levels = vec![NONE; graph.vertices()];
        levels[root as usize] = 0;
        let mut queue = vec![root];
        let mut head = 0;
        while let Some(&u) = queue.get(head) {
            head += 1;
            for &v in graph.neighbors(u) {
                if levels[v as usize] == NONE {
                    levels[v as usize] = levels[u as usize] + 1;
                    queue.push(v);
                }
            }
        }
        let component_edges = edges
            .par_iter()
            .filter(|&&(u, v)| levels[u as usize] != NONE && levels[v as usize] != NONE)
            .count() as u64;
        Self {
            root,
            levels,
            component_edges,
        }
    }

    /// The key.
    pub fn root(&self) -> u32 {
        self.root
    }

    /// The input edges with both ends in the key's component.
    pub fn component_edges(&self) -> u64 {
        self.component_edges
    }
}

/// Every check that `parents`, a search from the reference's key over the
/// graph of `edges`, fails (none for a valid result), in the order of the
/// specification. The edge scans run on the current lubdub pool.
pub fn validate(parents: &[u32], edges: &[(u32, u32)], reference: &Reference) -> Vec<Violation> {
    let depths = match depths(parents, reference.root) {
        Ok(depths) => depths,
        Err(vertex) => {
            return vec![Violation {
                check: Check::Tree,
                vertex,
            }]
        }
    };
    let levels = &reference.levels;
    let reached = |v: usize| parents[v] != NONE;
    let tree_edge_levels = (0..parents.len()).into_par_iter().filter(|&v| {
        let (level, parent_level) = (levels[v], levels.get(parents[v] as usize));
        reached(v)
            && v != reference.root as usize
            && level != NONE
            && parent_level.is_some_and(|&p| p != NONE && level != p + 1)
    });
    let found = found_tree_edges(parents, edges);
    let input_edge_levels = edges.par_iter().filter_map(|&(u, v)| {
        let (du, dv) = (depths[u as usize], depths[v as usize]);
        let both = du != NONE && dv != NONE;
        let fails = if both { du.abs_diff(dv) > 1 } else { du != dv };
        fails.then_some(u.min(v))
    });
    let spans = (0..parents.len())
        .into_par_iter()
        .filter(|&v| reached(v) != (levels[v] != NONE));
    let tree_edges_are_input_edges = (0..parents.len())
        .into_par_iter()
        .filter(|&v| reached(v) && v != reference.root as usize && !contains(&found, v as u32));
    [
        (Check::TreeEdgeLevels, tree_edge_levels.min()),
        (Check::InputEdgeLevels, input_edge_levels.min().map(|v| v as usize)),
        (Check::Spans, spans.min()),
        (Check::TreeEdgesAreInputEdges, tree_edges_are_input_edges.min()),
    ]
    .into_iter()
    .filter_map(|(check, vertex)| {
        vertex.map(|v| Violation {
            check,
            vertex: v as u32,
        })
    })
    .collect()
}

/// The vertices `v` whose tree edge `(v, parents[v])` is in `edges`.
fn found_tree_edges(parents: &[u32], edges: &[(u32, u32)]) -> Vec<u64> {
    let found: Vec<AtomicU64> = (0..bitmap::words_for(parents.len()))
        .into_par_iter()
        .map(|_| AtomicU64::new(0))
        .collect();
    edges.par_iter().for_each(|&(u, v)| {
        for (child, parent) in [(u, v), (v, u)] {
            if parents[child as usize] == parent {
                insert_shared(&found, child);
            }
        }
    });
    found.into_iter().map(AtomicU64::into_inner).collect()
}

/// The depth of every vertex in the tree `parents` rooted at `root`
/// ([`NONE`] for unreached ones), or the first vertex where it is not such a
/// tree: a root that is not its own parent, a parent out of range or
/// unreached, or a cycle.
pub fn depths(parents: &[u32], root: u32) -> Result<Vec<u32>, u32> {
    /// A vertex whose depth waits for its parent's.
    const ON_PATH: u32 = NONE - 1;
    let n = parents.len();
    if parents.get(root as usize) != Some(&root) {
        return Err(root);
    }
    let mut depths = vec![NONE; n];
    depths[root as usize] = 0;
    let mut path = Vec::new();
    for start in 0..n {
        if parents[start] == NONE || depths[start] != NONE {
            continue;
        }
        let mut v = start;
        while depths[v] == NONE {
            let parent = parents[v] as usize;
            if parent >= n {
                return Err(v as u32); // out of range, or `NONE`: unreached
            }
            depths[v] = ON_PATH;
            path.push(v);
            v = parent;
        }
        if depths[v] == ON_PATH {
            return Err(v as u32); // a cycle
        }
        let mut depth = depths[v];
        while let Some(u) = path.pop() {
            depth += 1;
            depths[u] = depth;
        }
    }
    Ok(depths)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workloads::bfs::csr::build_sequential;

    /// A triangle 0-1-2 with tails 1-3-4 and 2-5, a separate edge 6-7, and
    /// vertex 8 alone. From 0: levels 0, 1, 1, 2, 3, 2, and 6, 7, 8 unreached.
    const EDGES: [(u32, u32); 7] = [(0, 1), (0, 2), (1, 2), (1, 3), (3, 4), (2, 5), (6, 7)];
    const N: usize = 9;
    const VALID: [u32; N] = [0, 0, 0, 1, 3, 2, NONE, NONE, NONE];

    fn failures(edges: &[(u32, u32)], graph: &Csr, parents: &[u32]) -> Vec<(Check, u32)> {
        let reference = Reference::new(graph, edges, 0);
        validate(parents, edges, &reference)
            .into_iter()
            .map(|v| (v.check, v.vertex))
            .collect()
    }

    /// The failures of `VALID` with `changes` made.
    fn failures_of(changes: &[(usize, u32)]) -> Vec<(Check, u32)> {
        let mut parents = VALID;
        for &(v, parent) in changes {
            parents[v] = parent;
        }
        failures(&EDGES, &build_sequential(&EDGES, N), &parents)
    }

    #[test]
    fn a_breadth_first_tree_passes_and_counts_its_component() {
        let graph = build_sequential(&EDGES, N);
        assert!(failures(&EDGES, &graph, &VALID).is_empty());
        let reference = Reference::new(&graph, &EDGES, 0);
        assert_eq!(reference.component_edges(), 6);
        assert_eq!(depths(&VALID, 0).unwrap()[..6], [0, 1, 1, 2, 3, 2]);
    }

    #[test]
    fn check_1_rejects_what_is_not_a_tree_rooted_at_the_key() {
        use Check::Tree;
        assert_eq!(failures_of(&[(0, 1)]), [(Tree, 0)], "the root has a parent");
        assert_eq!(failures_of(&[(3, 4), (4, 3)]), [(Tree, 3)], "a cycle");
        assert_eq!(failures_of(&[(5, 6)]), [(Tree, 6)], "an unreached parent");
        assert_eq!(failures_of(&[(5, 100)]), [(Tree, 5)], "no such vertex");
        assert_eq!(depths(&[], 0), Err(0));
    }

    #[test]
    fn check_2_rejects_a_parent_off_the_previous_level() {
        use Check::*;
        // 2 hangs below 1, a level too deep: the edge 0-2 spans two depths.
        assert_eq!(failures_of(&[(2, 1)]), [(TreeEdgeLevels, 2), (InputEdgeLevels, 0)]);
        // 4 hangs below 1, a level too shallow, through no edge.
        assert_eq!(failures_of(&[(4, 1)]), [(TreeEdgeLevels, 4), (TreeEdgesAreInputEdges, 4)]);
    }

    #[test]
    fn check_3_rejects_input_edges_across_two_depths_or_out_of_the_tree() {
        use Check::*;
        // A kernel 1 that lost the edge 0-2: the search and the reference
        // agree on a graph where 2 is two levels down, the input does not.
        let lost: Vec<(u32, u32)> = EDGES.iter().copied().filter(|&e| e != (0, 2)).collect();
        let parents = [0, 0, 1, 1, 3, 2, NONE, NONE, NONE];
        let graph = build_sequential(&lost, N);
        assert!(failures(&lost, &graph, &parents).is_empty());
        assert_eq!(failures(&EDGES, &graph, &parents), [(InputEdgeLevels, 0)]);
        // 4 left out: the edge 3-4 has one end in the tree.
        assert_eq!(failures_of(&[(4, NONE)]), [(InputEdgeLevels, 3), (Spans, 4)]);
    }

    #[test]
    fn check_4_rejects_a_tree_beyond_the_component() {
        use Check::*;
        assert_eq!(failures_of(&[(8, 0)]), [(Spans, 8), (TreeEdgesAreInputEdges, 8)]);
    }

    #[test]
    fn check_5_rejects_a_tree_edge_that_is_no_input_edge() {
        // 5 hangs below 1, on the right level, through no edge.
        assert_eq!(failures_of(&[(5, 1)]), [(Check::TreeEdgesAreInputEdges, 5)]);
    }
}
