//! [`walk_tree_prefix`], [`walk_tree_postfix`] and [`walk_tree`]: parallel
//! iterators over the nodes of a tree given by a root and a function that
//! lists a node's children.
//!
//! A piece of the walk is a list of subtrees to walk in order, plus the
//! nodes already visited that come before them (prefix) or after them
//! (postfix). Cutting a piece visits nodes while its list holds a single
//! subtree (replacing it by its children), then halves the list; a piece
//! with no subtree left halves its visited nodes instead. Only the bridge
//! cuts, when it splits; pieces are joined left to right, so a collected
//! walk is in order.
//!
//! A piece that is not cut walks its subtrees in a plain loop, allocating
//! nothing per node. The prefix walk keeps an explicit stack of nodes, one
//! `Vec` reused for every node, children pushed last-first so that the
//! first is on top. The postfix walk recurses (a node's children's iterator
//! lives in its frame, and the node is visited when it runs out) down to
//! the depth that fits in [`RECURSION_BYTES`] of the thread's stack, and
//! below that keeps the path, each node with its children's iterator, in a
//! `Vec` (a deep tree must not overflow the thread's stack). Until issue 24
//! the postfix walk collected each node's children into a `Vec` of their
//! own: an allocation per node, which made Rayon's `tree_postfix_sum` demo
//! 11 to 16 times slower than on Rayon; a heap stack for every level was
//! still up to 1.4 times slower than Rayon's recursion
//! (`../../slice/README.md`, "Against Rayon's demo", has the numbers).

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
            frontier: Frontier::of(self.root),
            children_of: &self.children_of,
        };
        bridge_unindexed(piece, consumer)
    }
}

/// What a piece of a walk has left: `subtrees` to walk in order, and nodes
/// already `visited`.
struct Frontier<S> {
    visited: Vec<S>,
    subtrees: Vec<S>,
}

/// Where a piece's visited nodes go in its order: before its subtrees
/// (prefix; kept first-first) or after them (postfix; kept last-first, so
/// that visiting one more pushes it).
#[derive(Clone, Copy, PartialEq)]
enum Visited {
    Before,
    After,
}

impl<S> Frontier<S> {
    fn of(root: S) -> Self {
        Frontier {
            visited: Vec::new(),
            subtrees: vec![root],
        }
    }

    /// Cuts off the back half of the frontier, in the walk's order: visits
    /// nodes while a single subtree is left, then takes half the subtrees,
    /// or, when none are left, half the visited nodes. `None` when there
    /// is nothing to cut.
    fn cut<B, I>(&mut self, children_of: &B, visited: Visited) -> Option<Self>
    where
        B: Fn(&S) -> I,
        I: IntoIterator<Item = S>,
    {
        while self.subtrees.len() == 1 {
            let Some(root) = self.subtrees.pop() else {
                break;
            };
            self.subtrees.extend(children_of(&root));
            self.visited.push(root);
        }
        if self.subtrees.len() >= 2 {
            let back = self.subtrees.split_off(self.subtrees.len() / 2);
            let back_visited = match visited {
                // The nodes visited so far come before every subtree.
                Visited::Before => Vec::new(),
                // ... or after every subtree: they end the back half.
                Visited::After => std::mem::take(&mut self.visited),
            };
            return Some(Frontier {
                visited: back_visited,
                subtrees: back,
            });
        }
        if self.visited.len() < 2 {
            return None;
        }
        let tail = self.visited.split_off(self.visited.len() / 2);
        let back = match visited {
            Visited::Before => tail,
            // Kept last-first: the tail of the `Vec` comes first in order.
            Visited::After => std::mem::replace(&mut self.visited, tail),
        };
        Some(Frontier {
            visited: back,
            subtrees: Vec::new(),
        })
    }
}

/// A piece of a prefix walk: its visited nodes, then its subtrees' walks.
struct PrefixPiece<'b, S, B> {
    frontier: Frontier<S>,
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
        let back = self.frontier.cut(self.children_of, Visited::Before);
        let children_of = self.children_of;
        let back = back.map(|frontier| PrefixPiece {
            frontier,
            children_of,
        });
        (self, back)
    }

    fn fold_with<F: Folder<S>>(self, mut folder: F) -> F {
        folder = folder.consume_iter(self.frontier.visited);
        // The next node to visit is on top: subtrees and children are
        // pushed last-first.
        let mut stack = self.frontier.subtrees;
        stack.reverse();
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
            frontier: Frontier::of(self.root),
            children_of: &self.children_of,
        };
        bridge_unindexed(piece, consumer)
    }
}

/// A piece of a postfix walk: its subtrees' walks, then its visited nodes.
struct PostfixPiece<'b, S, B> {
    frontier: Frontier<S>,
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
        let back = self.frontier.cut(self.children_of, Visited::After);
        let children_of = self.children_of;
        let back = back.map(|frontier| PostfixPiece {
            frontier,
            children_of,
        });
        (self, back)
    }

    fn fold_with<F: Folder<S>>(self, mut folder: F) -> F {
        let frame = size_of::<(S, I::IntoIter, F)>() + FRAME_OVERHEAD;
        let depth = RECURSION_BYTES / frame;
        for root in self.frontier.subtrees {
            folder = postfix(root, self.children_of, folder, depth);
            if folder.full() {
                return folder;
            }
        }
        folder.consume_iter(self.frontier.visited.into_iter().rev())
    }
}

/// The stack a postfix walk may take by recursion, in bytes; deeper
/// subtrees are walked on a heap stack ([`postfix_on_a_stack`]).
const RECURSION_BYTES: usize = 32 << 10;

/// What a frame of [`postfix`] is taken to need besides its node, its
/// children's iterator and the folder.
const FRAME_OVERHEAD: usize = 64;

/// Walks the subtree under `node` in postfix order into `folder`: by
/// recursion (no stack to push to and pop from: the fastest loop) down to
/// `depth` levels, below them on a heap stack.
fn postfix<S, B, I, F>(node: S, children_of: &B, mut folder: F, depth: usize) -> F
where
    B: Fn(&S) -> I,
    I: IntoIterator<Item = S>,
    F: Folder<S>,
{
    if depth == 0 {
        return postfix_on_a_stack(node, children_of, folder);
    }
    for child in children_of(&node) {
        folder = postfix(child, children_of, folder, depth - 1);
        if folder.full() {
            return folder;
        }
    }
    folder.consume(node)
}

/// [`postfix`] without recursion: the path from `root` down to the node
/// being walked, each node with its children not walked yet, is a `Vec`.
///
/// Kept out of line, so that [`postfix`]'s frames stay small: inlined, the
/// walk of Rayon's demo tree (100,000 nodes, all by recursion) ran 43.8
/// instructions a node against Rayon's 39.1 (callgrind, one thread), out
/// of line 42.1.
#[cold]
#[inline(never)]
fn postfix_on_a_stack<S, B, I, F>(root: S, children_of: &B, mut folder: F) -> F
where
    B: Fn(&S) -> I,
    I: IntoIterator<Item = S>,
    F: Folder<S>,
{
    let children = children_of(&root).into_iter();
    let mut path: Vec<(S, I::IntoIter)> = vec![(root, children)];
    while let Some((_, children)) = path.last_mut() {
        if let Some(child) = children.next() {
            let children = children_of(&child).into_iter();
            path.push((child, children));
        } else if let Some((node, _)) = path.pop() {
            folder = folder.consume(node);
            if folder.full() {
                return folder;
            }
        }
    }
    folder
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
