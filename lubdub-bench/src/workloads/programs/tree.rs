//! A binary tree built in parallel and summed: a perfectly balanced tree of
//! boxed nodes built by `join` (the two subtrees of every node at once),
//! then its values summed by `join`. Every node is a fork, leaves included,
//! as in `treesum`; the tree is dropped after the timed part.

use super::Program;
use crate::check::{expect_eq, Mismatch};
use crate::experiment::{Experiment, Heading};

/// A node and its subtrees.
pub struct Node {
    value: u64,
    left: Option<Box<Node>>,
    right: Option<Box<Node>>,
}

/// A tree of `depth` levels (none for 0) whose values are its nodes'
/// pre-order numbers from `first` on.
fn build(depth: u32, first: u64) -> Option<Box<Node>> {
    if depth == 0 {
        return None;
    }
    let half = (1u64 << (depth - 1)) - 1;
    Some(Box::new(Node {
        value: first,
        left: build(depth - 1, first + 1),
        right: build(depth - 1, first + 1 + half),
    }))
}

/// The sum of the values of `tree`.
fn sum(tree: &Option<Box<Node>>) -> u64 {
    tree.as_ref()
        .map_or(0, |node| node.value + sum(&node.left) + sum(&node.right))
}

/// The parallel build and sum, written once for each runtime.
macro_rules! parallel {
    ($rt:ident) => {
        /// [`super::build`] with the subtrees built by `join`.
        pub fn build(depth: u32, first: u64) -> Option<Box<Node>> {
            if depth == 0 {
                return None;
            }
            let half = (1u64 << (depth - 1)) - 1;
            let (left, right) = $rt::join(
                || build(depth - 1, first + 1),
                || build(depth - 1, first + 1 + half),
            );
            Some(Box::new(Node {
                value: first,
                left,
                right,
            }))
        }

        /// [`super::sum`] with the subtrees summed by `join`.
        pub fn sum(tree: &Option<Box<Node>>) -> u64 {
            tree.as_ref().map_or(0, |node| {
                let (l, r) = $rt::join(|| sum(&node.left), || sum(&node.right));
                node.value + l + r
            })
        }
    };
}

on_both_runtimes!(parallel);

/// The sum, and the tree, kept to be dropped after the timed part.
pub struct Summed {
    sum: u64,
    _tree: Option<Box<Node>>,
}

impl Summed {
    fn new(sum: u64, tree: Option<Box<Node>>) -> Self {
        Summed { sum, _tree: tree }
    }
}

program! {
    /// The program. Its input is the depth: the deepest tree of at most
    /// `size` nodes.
    Tree, sizes (1 << 20) - 1, (1 << 17) - 1, u32 => Summed, fresh none;
    "tree", Heading::Count("nodes");

    fn input(size: usize) -> u32 {
        (size + 1).ilog2()
    }

    fn sequential(&depth: &u32, (): ()) -> Summed {
        let tree = build(depth, 1);
        Summed::new(sum(&tree), tree)
    }

    on_each_runtime!(|rt| fn(&depth: &u32, (): ()) -> Summed {
        let tree = rt::build(depth, 1);
        Summed::new(rt::sum(&tree), tree)
    });

    fn check(got: &Summed, expected: &Summed) -> Result<(), Mismatch> {
        let as_i64 = |n: u64| i64::try_from(n).unwrap_or(i64::MAX);
        expect_eq(as_i64(got.sum), as_i64(expected.sum))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workloads::programs::check_every_way;

    #[test]
    fn the_values_are_one_to_n() {
        for depth in 0..12 {
            let n = (1u64 << depth) - 1;
            assert_eq!(Tree::sequential(&depth, ()).sum, n * (n + 1) / 2);
        }
        assert_eq!(Tree::input(1023), 10);
        assert_eq!(Tree::input(1022), 9);
    }

    #[test]
    fn every_way_builds_and_sums() {
        check_every_way::<Tree>(&[0, 1, 2, 1000, 30_000]);
    }
}
