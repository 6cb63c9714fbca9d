//! The one-thread searches, no runtime: a queue-based top-down BFS (the
//! reference of every ratio) and the direction-optimizing BFS.
//!
//! Every search returns the parent array: `parents[root] == root`,
//! `parents[v]` the vertex `v` was reached from, [`NONE`] for vertices not
//! reached.

use super::atomics::as_atomic;
use super::bitmap;
use super::bottom_up::adopt_word;
use super::csr::Csr;
use super::direction::{go_bottom_up, stay_bottom_up};
use super::top_down::fresh_parents;
use super::NONE;

/// Breadth-first search from `root` with a FIFO queue.
pub fn top_down(graph: &Csr, root: u32) -> Vec<u32> {
    let mut parents = fresh_parents(graph.vertices(), root);
    let mut queue = vec![root];
    let mut head = 0;
    while let Some(&u) = queue.get(head) {
        head += 1;
        for &v in graph.neighbors(u) {
            if parents[v as usize] == NONE {
                parents[v as usize] = u;
                queue.push(v);
            }
        }
    }
    parents
}

/// Direction-optimizing search from `root`.
pub fn dobfs(graph: &Csr, root: u32) -> Vec<u32> {
    let n = graph.vertices();
    let mut parents = fresh_parents(n, root);
    let mut frontier = vec![root];
    let mut unchecked = graph.directed_edges();
    let mut scout = graph.degree(root);
    while !frontier.is_empty() {
        if go_bottom_up(scout, unchecked) {
            let mut front = bitmap::to_bitmap(&frontier, n);
            let mut next = vec![0u64; front.len()];
            let mut awake = frontier.len() as u64;
            loop {
                let before = awake;
                awake = bottom_up_step(graph, &mut parents, &front, &mut next);
                std::mem::swap(&mut front, &mut next);
                if !stay_bottom_up(awake, before, n) {
                    break;
                }
            }
            frontier = front
                .iter()
                .enumerate()
                .flat_map(|(i, &word)| bitmap::members(i, word))
                .collect();
            scout = 1;
        } else {
            unchecked = unchecked.saturating_sub(scout);
            (frontier, scout) = top_down_step(graph, &mut parents, &frontier);
        }
    }
    parents
}

/// Claims the unvisited neighbours of `frontier`: the next frontier and the
/// edges leaving it.
fn top_down_step(graph: &Csr, parents: &mut [u32], frontier: &[u32]) -> (Vec<u32>, u64) {
    let mut next = Vec::new();
    let mut scout = 0;
    for &u in frontier {
        for &v in graph.neighbors(u) {
            if parents[v as usize] == NONE {
                parents[v as usize] = u;
                next.push(v);
                scout += graph.degree(v);
            }
        }
    }
    (next, scout)
}

/// Gives every unvisited vertex with a neighbour in `front` that neighbour
/// as parent; `next` becomes the set of them. Their count.
fn bottom_up_step(graph: &Csr, parents: &mut [u32], front: &[u64], next: &mut [u64]) -> u64 {
    let parents = as_atomic(parents);
    let mut awake = 0;
    for (index, word) in next.iter_mut().enumerate() {
        *word = adopt_word(graph, parents, front, index);
        awake += u64::from(word.count_ones());
    }
    awake
}
