//! When a direction-optimizing search changes direction (Beamer, Asanović
//! and Patterson, SC 2012; the constants of the GAP benchmark suite's BFS).
//!
//! A *top-down* step scans the frontier's edges and claims unvisited
//! neighbours; a *bottom-up* step scans the unvisited vertices and stops at
//! the first neighbour in the frontier. Top-down pays for every edge of the
//! frontier, bottom-up for the edges of the unvisited vertices up to their
//! first hit: once the frontier is big, bottom-up is far cheaper. The
//! search goes bottom-up when the edges leaving the new frontier (the
//! *scout* count) exceed `1 / ALPHA` of the edges not yet checked, and back
//! top-down when the frontier shrinks and holds fewer than `1 / BETA` of the
//! vertices. Every direction-optimizing variant (sequential, lubdub, Rayon
//! and the C one, which is passed these constants) decides with these.

/// The top-down to bottom-up threshold.
pub const ALPHA: u64 = 15;

/// The bottom-up to top-down threshold.
pub const BETA: u64 = 18;

/// Whether to switch to bottom-up, after a top-down step whose new frontier
/// has `scout` edges, when `unchecked` edges have not been scanned yet.
#[inline]
pub fn go_bottom_up(scout: u64, unchecked: u64) -> bool {
    scout > unchecked / ALPHA
}

/// Whether to take another bottom-up step after one that found `awake`
/// vertices, the one before it `before`, in a graph of `n` vertices.
#[inline]
pub fn stay_bottom_up(awake: u64, before: u64, n: usize) -> bool {
    awake >= before || awake > n as u64 / BETA
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn big_frontiers_go_bottom_up_and_shrinking_small_ones_come_back() {
        assert!(!go_bottom_up(10, 1500));
        assert!(go_bottom_up(101, 1500));
        // Growing: stay; shrinking but over n / BETA: stay; else leave.
        assert!(stay_bottom_up(50, 40, 1800));
        assert!(stay_bottom_up(150, 400, 1800));
        assert!(!stay_bottom_up(90, 400, 1800));
    }
}
