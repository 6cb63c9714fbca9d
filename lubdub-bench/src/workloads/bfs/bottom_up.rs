//! One word of a bottom-up step, the inner loop of every Rust
//! direction-optimizing search (sequential, lubdub and Rayon): the 64
//! vertices of one word of the next frontier's bitmap, each unvisited one
//! scanning its neighbour list up to the first vertex in the frontier.
//! The neighbour lists come from [`Csr::lists`], one slice per vertex with
//! no bounds check, as the C search (`c/bfs.c`) reads them.

use std::sync::atomic::{AtomicU32, Ordering::Relaxed};

use super::bitmap::{self, contains};
use super::csr::Csr;
use super::NONE;

/// Gives every unvisited vertex of word `index` with a neighbour in `front`
/// that neighbour as parent; the word of them, as bits. Only this call
/// writes these vertices' parents (each word has one owner in a step), so
/// relaxed accesses suffice.
#[inline]
pub fn adopt_word(graph: &Csr, parents: &[AtomicU32], front: &[u64], index: usize) -> u64 {
    let vertices = bitmap::span(index, parents.len());
    let mut bits = 0u64;
    let lists = graph.lists(vertices.clone());
    for (bit, (parent, neighbors)) in parents[vertices].iter().zip(lists).enumerate() {
        if parent.load(Relaxed) != NONE {
            continue;
        }
        if let Some(&v) = neighbors.iter().find(|&&v| contains(front, v)) {
            parent.store(v, Relaxed);
            bits |= 1 << bit;
        }
    }
    bits
}
