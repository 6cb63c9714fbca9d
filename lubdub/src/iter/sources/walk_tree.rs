//! [`walk_tree_prefix`], [`walk_tree_postfix`] and [`walk_tree`]: parallel
//! iterators over the nodes of a tree given by a root and a function that
//! lists a node's children.
//!
//! A piece of the walk is a list of subtrees to walk in order, plus the
//! nodes already visited that come before them (prefix) or after them
//! (postfix). Cutting a piece halves its list of subtrees; a piece with one
//! subtree visits that subtree's root and keeps its children as the list.
//! Pieces are joined left to right, so a collected walk is in order.

use crate::iter::plumbing::{bridge_unindexed, Folder, UnindexedConsumer, UnindexedProducer};
use crate::iter::ParallelIterator;

/// The nodes of the tree under `root` in prefix order: each node before its
/// children, children in the order `children_of` lists them.
///
/// ```
/// use lubdub::prelude::*;
///
/// // The tree 1 -> [2 -> [4, 5], 3].
/// let children = |n: &u32| match n {
///     1 => vec![2, 3],
///     2 => vec![4, 5],
///     _ => vec![],
/// };
/// let v: Vec<u32> = lubdub::iter::walk_tree_prefix(1, children).collect();
/// assert_eq!(v, [1, 2, 4, 5, 3]);
/// ```
pub fn walk_tree_prefix<S, B, I>(root: S, children_of: B) -> WalkTreePrefix<S, B>
where
    S: Send,
    B: Fn(&S) -> I + Send + Sync,
    I: IntoIterator<Item = S, IntoIter: DoubleEndedIterator>,
{
    WalkTreePrefix { root, children_of }
}

/// The iterator of [`walk_tree_prefix`].
///
/// ```
/// use lubdub::prelude::*;
///
/// let n = lubdub::iter::walk_tree_prefix(0u32, |&d| if d < 10 { vec![d + 1, d + 1] } else { vec![] });
/// assert_eq!(n.count(), (1 << 11) - 1);
/// ```
#[derive(Debug)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct WalkTreePrefix<S, B> {
    root: S,
    children_of: B,
}

impl<S, B, I> ParallelIterator for WalkTreePrefix<S, B>
where
    S: Send,
    B: Fn(&S) -> I + Send + Sync,
    I: IntoIterator<Item = S, IntoIter: DoubleEndedIterator>,
{
    type Item = S;

    fn drive_unindexed<C: UnindexedConsumer<S>>(self, consumer: C) -> C::Result {
        let piece = PrefixPiece {
            visited: Vec::new(),
            subtrees: vec![self.root],
            children_of: &self.children_of,
        };
        bridge_unindexed(piece, consumer)
    }
}

/// A piece of a prefix walk: `visited` nodes, then the walks of `subtrees`.
struct PrefixPiece<'b, S, B> {
    visited: Vec<S>,
    subtrees: Vec<S>,
    children_of: &'b B,
}

impl<S, B, I> UnindexedProducer for PrefixPiece<'_, S, B>
where
    S: Send,
    B: Fn(&S) -> I + Send + Sync,
    I: IntoIterator<Item = S, IntoIter: DoubleEndedIterator>,
{
    type Item = S;

    fn split(mut self) -> (Self, Option<Self>) {
        if self.subtrees.len() == 1 {
            let root = self.subtrees.pop().expect("one subtree");
            self.subtrees = (self.children_of)(&root).into_iter().collect();
            self.visited.push(root);
        }
        if self.subtrees.len() < 2 {
            return (self, None);
        }
        let back = self.subtrees.split_off(self.subtrees.len() / 2);
        let right = PrefixPiece {
            visited: Vec::new(),
            subtrees: back,
            children_of: self.children_of,
        };
        (self, Some(right))
    }

    fn fold_with<F: Folder<S>>(self, mut folder: F) -> F {
        folder = folder.consume_iter(self.visited);
        // Depth first with an explicit stack (a deep tree must not overflow
        // the thread's stack): the next node to visit is on top.
        let mut stack: Vec<S> = self.subtrees.into_iter().rev().collect();
        while let Some(node) = stack.pop() {
            if folder.full() {
                break;
            }
            stack.extend((self.children_of)(&node).into_iter().rev());
            folder = folder.consume(node);
        }
        folder
    }
}

/// The nodes of the tree under `root` in postfix order: each node after its
/// children, children in the order `children_of` lists them.
///
/// ```
/// use lubdub::prelude::*;
///
/// // The tree 1 -> [2 -> [4, 5], 3].
/// let children = |n: &u32| match n {
///     1 => vec![2, 3],
///     2 => vec![4, 5],
///     _ => vec![],
/// };
/// let v: Vec<u32> = lubdub::iter::walk_tree_postfix(1, children).collect();
/// assert_eq!(v, [4, 5, 2, 3, 1]);
/// ```
pub fn walk_tree_postfix<S, B, I>(root: S, children_of: B) -> WalkTreePostfix<S, B>
where
    S: Send,
    B: Fn(&S) -> I + Send + Sync,
    I: IntoIterator<Item = S>,
{
    WalkTreePostfix { root, children_of }
}

/// The iterator of [`walk_tree_postfix`].
///
/// ```
/// use lubdub::prelude::*;
///
/// let depth_sum: u32 = lubdub::iter::walk_tree_postfix(0u32, |&d| if d < 3 { vec![d + 1] } else { vec![] }).sum();
/// assert_eq!(depth_sum, 6);
/// ```
#[derive(Debug)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct WalkTreePostfix<S, B> {
    root: S,
    children_of: B,
}

impl<S, B, I> ParallelIterator for WalkTreePostfix<S, B>
where
    S: Send,
    B: Fn(&S) -> I + Send + Sync,
    I: IntoIterator<Item = S>,
{
    type Item = S;

    fn drive_unindexed<C: UnindexedConsumer<S>>(self, consumer: C) -> C::Result {
        let piece = PostfixPiece {
            subtrees: vec![self.root],
            visited: Vec::new(),
            children_of: &self.children_of,
        };
        bridge_unindexed(piece, consumer)
    }
}

/// A piece of a postfix walk: the walks of `subtrees`, then the `visited`
/// nodes, which are kept last-first (so visiting one more pushes it).
struct PostfixPiece<'b, S, B> {
    subtrees: Vec<S>,
    visited: Vec<S>,
    children_of: &'b B,
}

impl<S, B, I> UnindexedProducer for PostfixPiece<'_, S, B>
where
    S: Send,
    B: Fn(&S) -> I + Send + Sync,
    I: IntoIterator<Item = S>,
{
    type Item = S;

    fn split(mut self) -> (Self, Option<Self>) {
        if self.subtrees.len() == 1 {
            let root = self.subtrees.pop().expect("one subtree");
            self.subtrees = (self.children_of)(&root).into_iter().collect();
            self.visited.push(root);
        }
        if self.subtrees.len() < 2 {
            return (self, None);
        }
        let back = self.subtrees.split_off(self.subtrees.len() / 2);
        let right = PostfixPiece {
            subtrees: back,
            visited: std::mem::take(&mut self.visited),
            children_of: self.children_of,
        };
        (self, Some(right))
    }

    fn fold_with<F: Folder<S>>(self, mut folder: F) -> F {
        // Each stack entry is a node and whether its children were pushed
        // already; a node is visited when it comes back up expanded.
        let mut stack: Vec<(S, bool)> = self
            .subtrees
            .into_iter()
            .rev()
            .map(|s| (s, false))
            .collect();
        while let Some((node, expanded)) = stack.pop() {
            if folder.full() {
                return folder;
            }
            if expanded {
                folder = folder.consume(node);
            } else {
                let children: Vec<S> = (self.children_of)(&node).into_iter().collect();
                stack.push((node, true));
                stack.extend(children.into_iter().rev().map(|s| (s, false)));
            }
        }
        folder.consume_iter(self.visited.into_iter().rev())
    }
}

/// The nodes of the tree under `root`, in an order that is not specified
/// (today the postfix order; the freedom lets a later version walk the tree
/// however is fastest).
///
/// ```
/// use lubdub::prelude::*;
///
/// let mut v: Vec<u32> = lubdub::iter::walk_tree(1u32, |&n| if n < 4 { vec![2 * n, 2 * n + 1] } else { vec![] }).collect();
/// v.sort();
/// assert_eq!(v, [1, 2, 3, 4, 5, 6, 7]);
/// ```
pub fn walk_tree<S, B, I>(root: S, children_of: B) -> WalkTree<S, B>
where
    S: Send,
    B: Fn(&S) -> I + Send + Sync,
    I: IntoIterator<Item = S, IntoIter: DoubleEndedIterator>,
{
    WalkTree(walk_tree_postfix(root, children_of))
}

/// The iterator of [`walk_tree`].
///
/// ```
/// use lubdub::prelude::*;
///
/// assert_eq!(lubdub::iter::walk_tree(5u8, |&n| if n > 0 { vec![n - 1] } else { vec![] }).count(), 6);
/// ```
#[derive(Debug)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct WalkTree<S, B>(WalkTreePostfix<S, B>);

impl<S, B, I> ParallelIterator for WalkTree<S, B>
where
    S: Send,
    B: Fn(&S) -> I + Send + Sync,
    I: IntoIterator<Item = S, IntoIter: DoubleEndedIterator> + Send,
{
    type Item = S;

    fn drive_unindexed<C: UnindexedConsumer<S>>(self, consumer: C) -> C::Result {
        self.0.drive_unindexed(consumer)
    }
}

#[cfg(test)]
mod tests {
    use crate::prelude::*;
    use crate::ThreadPoolBuilder;

    /// A complete binary tree of `depth` levels, nodes numbered in
    /// breadth-first order from 1.
    fn children(depth: u32) -> impl Fn(&u32) -> Vec<u32> + Send + Sync {
        move |&n| {
            if n < (1 << (depth - 1)) {
                vec![2 * n, 2 * n + 1]
            } else {
                vec![]
            }
        }
    }

    fn sequential_prefix(n: u32, depth: u32, out: &mut Vec<u32>) {
        out.push(n);
        for c in children(depth)(&n) {
            sequential_prefix(c, depth, out);
        }
    }

    fn sequential_postfix(n: u32, depth: u32, out: &mut Vec<u32>) {
        for c in children(depth)(&n) {
            sequential_postfix(c, depth, out);
        }
        out.push(n);
    }

    #[test]
    fn walks_match_the_sequential_orders_at_every_pool_size() {
        let depth = if cfg!(miri) { 4 } else { 12 };
        let mut prefix = Vec::new();
        sequential_prefix(1, depth, &mut prefix);
        let mut postfix = Vec::new();
        sequential_postfix(1, depth, &mut postfix);
        for threads in [1, 2, 8] {
            let pool = ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            pool.install(|| {
                let got: Vec<u32> = super::walk_tree_prefix(1, children(depth)).collect();
                assert_eq!(got, prefix);
                let got: Vec<u32> = super::walk_tree_postfix(1, children(depth)).collect();
                assert_eq!(got, postfix);
                assert_eq!(super::walk_tree(1, children(depth)).count(), prefix.len());
            });
        }
    }

    #[test]
    fn a_single_node_and_a_deep_chain() {
        let one: Vec<u8> = super::walk_tree_prefix(7u8, |_| Vec::new()).collect();
        assert_eq!(one, [7]);
        let depth = if cfg!(miri) { 100 } else { 200_000u32 };
        let chain =
            super::walk_tree_postfix(0u32, move |&n| if n < depth { Some(n + 1) } else { None });
        assert_eq!(chain.count(), depth as usize + 1);
    }
}
