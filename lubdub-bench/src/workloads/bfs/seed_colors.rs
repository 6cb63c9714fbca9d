//! The seed's own parallel search (seed 004, Rust's 2012 Graph500 port): a
//! colour per vertex, white (not seen), gray (seen, not explored: carries
//! its parent) or black (done), and every round a new colour vector computed
//! for *every* vertex: a white vertex with a gray neighbour turns gray, gray
//! turns black. Each round also scans the vector for a gray vertex to know
//! whether to go on: the seed's two parallel steps per round. On lubdub.
//!
//! Every round reads every vertex and, for each white one, its edges up to
//! the first gray neighbour, where a frontier-based search reads only the
//! frontier's edges: this is the variant that shows why the seed's BFS was
//! slow even once its copies were gone.

use lubdub::prelude::*;

use super::csr::Csr;
use super::NONE;

/// A vertex's state in a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Color {
    White,
    /// Reached in the last round, from this parent.
    Gray(u32),
    /// Reached earlier, from this parent.
    Black(u32),
}

/// The seed's search from `root` on the current lubdub pool.
pub fn search(graph: &Csr, root: u32) -> Vec<u32> {
    let n = graph.vertices();
    let mut colors: Vec<Color> = (0..n)
        .into_par_iter()
        .map(|v| if v == root as usize { Color::Gray(root) } else { Color::White })
        .collect();
    while colors.par_iter().any(|c| matches!(c, Color::Gray(_))) {
        colors = (0..n)
            .into_par_iter()
            .map(|v| match colors[v] {
                Color::White => graph
                    .neighbors(v as u32)
                    .iter()
                    .find(|&&u| matches!(colors[u as usize], Color::Gray(_)))
                    .map_or(Color::White, |&u| Color::Gray(u)),
                Color::Gray(parent) | Color::Black(parent) => Color::Black(parent),
            })
            .collect();
    }
    colors
        .into_par_iter()
        .map(|c| match c {
            Color::Black(parent) | Color::Gray(parent) => parent,
            Color::White => NONE,
        })
        .collect()
}
