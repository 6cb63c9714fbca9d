//! The perfectly balanced binary tree of the tree-sum experiment (the seed's
//! Spice-vs-Rayon benchmark), allocated in pre-order.
//!
//! A node is allocated before its children, and the whole left subtree before
//! the right one, as the seed's Zig `balancedTree` does. On a fresh heap that
//! lays the nodes out in the order a depth-first sum visits them, which makes
//! the sequential sum several times faster than on a post-order tree; every
//! variant walks the same tree, so the layout is the same for all of them.
//!
//! [`Node`] is `#[repr(C)]` so that the OpenMP variant (C, `c/treesum.c`)
//! walks the very same nodes: `Option<Box<Node>>` is guaranteed to have the
//! layout of a nullable `struct node *`.

/// One node of the tree. Shared with C as `struct node` in `c/treesum.c`.
#[repr(C)]
#[derive(Debug)]
pub struct Node {
    /// The node's value; values run from 1 to the tree's size, in order.
    pub value: i64,
    /// The left child: values below `value`.
    pub left: Option<Box<Node>>,
    /// The right child: values above `value`.
    pub right: Option<Box<Node>>,
}

/// A balanced tree holding the values `1..=size`, so that its sum is
/// [`expected_sum`]`(size)`.
#[derive(Debug)]
pub struct Tree {
    root: Box<Node>,
    size: u64,
}

impl Tree {
    /// Builds the tree of `size` nodes (`size >= 1`), allocating each node
    /// with `Box::new` in pre-order.
    ///
    /// # Panics
    /// When `size` is 0 or does not fit in an `i64` (the CLI rejects both).
    pub fn new(size: u64) -> Self {
        Self::build_with(size, &mut Box::new)
    }

    /// Builds the tree, handing every node to `alloc` to be boxed. `alloc` is
    /// called in pre-order: parent, then the left subtree, then the right
    /// one. Tests pass a recording allocator to check that order.
    fn build_with(size: u64, alloc: &mut impl FnMut(Node) -> Box<Node>) -> Self {
        assert!(size >= 1, "a tree has at least one node");
        let to = i64::try_from(size).expect("tree size fits in i64");
        Self {
            root: build(1, to, alloc),
            size,
        }
    }

    /// The root node.
    pub fn root(&self) -> &Node {
        &self.root
    }

    /// The number of nodes.
    pub fn size(&self) -> u64 {
        self.size
    }

    /// The fraction of steps of a pre-order walk (parent, left subtree,
    /// right subtree) that go to a higher address: 1.0 when the heap handed
    /// out the nodes in increasing order, as a fresh heap does. Reported when
    /// the benchmark builds its trees, because the layout is what the
    /// sequential sum's speed depends on.
    pub fn preorder_increasing_fraction(&self) -> f64 {
        let mut addresses = Vec::with_capacity(usize::try_from(self.size).unwrap_or(0));
        let mut stack: Vec<&Node> = vec![&self.root];
        while let Some(node) = stack.pop() {
            addresses.push(node as *const Node as usize);
            // Right pushed first so that the left subtree is walked first.
            stack.extend(node.right.as_deref());
            stack.extend(node.left.as_deref());
        }
        increasing_fraction(&addresses)
    }
}

/// The fraction of consecutive pairs in `addresses` that increase; 1.0 for
/// fewer than two.
fn increasing_fraction(addresses: &[usize]) -> f64 {
    if addresses.len() < 2 {
        return 1.0;
    }
    let increasing = addresses.windows(2).filter(|w| w[1] > w[0]).count();
    increasing as f64 / (addresses.len() - 1) as f64
}

/// The subtree of the values `from..=to`, its root at the middle value.
fn build(from: i64, to: i64, alloc: &mut impl FnMut(Node) -> Box<Node>) -> Box<Node> {
    let value = from + (to - from) / 2;
    // The parent first, its children filled in afterwards: this is what makes
    // the allocation order pre-order.
    let mut node = alloc(Node {
        value,
        left: None,
        right: None,
    });
    if value > from {
        node.left = Some(build(from, value - 1, alloc));
    }
    if value < to {
        node.right = Some(build(value + 1, to, alloc));
    }
    node
}

/// The sum every variant must return for a tree of `size` nodes:
/// `size * (size + 1) / 2`.
pub fn expected_sum(size: u64) -> i64 {
    let n = i128::from(size);
    i64::try_from(n * (n + 1) / 2).expect("the sum of a tree that fits in memory fits in i64")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The nodes in pre-order: parent, left subtree, right subtree.
    fn preorder(node: &Node, out: &mut Vec<*const Node>) {
        out.push(node);
        if let Some(left) = &node.left {
            preorder(left, out);
        }
        if let Some(right) = &node.right {
            preorder(right, out);
        }
    }

    fn plain_sum(node: &Node) -> i64 {
        node.value
            + node.left.as_deref().map_or(0, plain_sum)
            + node.right.as_deref().map_or(0, plain_sum)
    }

    #[test]
    fn sum_is_n_times_n_plus_one_over_two() {
        for n in [1u64, 2, 3, 7, 10, 100, 1000, 1023, 1024, 4097, 12345] {
            let tree = Tree::new(n);
            assert_eq!(plain_sum(tree.root()), expected_sum(n), "n = {n}");
            assert_eq!(expected_sum(n), (1..=n as i64).sum::<i64>(), "n = {n}");
        }
    }

    #[test]
    fn values_are_one_to_n_in_order() {
        fn inorder(node: &Node, out: &mut Vec<i64>) {
            if let Some(left) = &node.left {
                inorder(left, out);
            }
            out.push(node.value);
            if let Some(right) = &node.right {
                inorder(right, out);
            }
        }
        for n in [1u64, 5, 1023, 1500] {
            let tree = Tree::new(n);
            let mut values = Vec::new();
            inorder(tree.root(), &mut values);
            assert_eq!(values, (1..=n as i64).collect::<Vec<_>>());
        }
    }

    #[test]
    fn tree_is_balanced() {
        fn height(node: Option<&Node>) -> u32 {
            node.map_or(0, |n| {
                1 + height(n.left.as_deref()).max(height(n.right.as_deref()))
            })
        }
        for n in [1u64, 2, 3, 1023, 1024, 3000] {
            let tree = Tree::new(n);
            // A balanced tree of n nodes is floor(log2(n)) + 1 levels deep.
            assert_eq!(
                height(Some(tree.root())),
                u64::BITS - n.leading_zeros(),
                "n = {n}"
            );
        }
    }

    /// The `k`-th allocation is the `k`-th node in pre-order, so on a bump
    /// allocator (a fresh heap) the addresses increase parent -> left subtree
    /// -> right subtree. Recording the boxes' addresses as they are made
    /// checks the order exactly, whatever state the test process's heap is in.
    #[test]
    fn nodes_are_allocated_in_preorder() {
        for n in [1u64, 2, 6, 1023, 1000, 4097] {
            let mut allocated: Vec<*const Node> = Vec::new();
            let tree = Tree::build_with(n, &mut |node| {
                let boxed = Box::new(node);
                allocated.push(&*boxed);
                boxed
            });
            let mut visited = Vec::new();
            preorder(tree.root(), &mut visited);
            assert_eq!(allocated.len() as u64, n);
            assert_eq!(
                allocated, visited,
                "n = {n}: allocation order is not pre-order"
            );
        }
    }

    #[test]
    fn increasing_fraction_counts_rising_steps() {
        assert_eq!(increasing_fraction(&[]), 1.0);
        assert_eq!(increasing_fraction(&[7]), 1.0);
        assert_eq!(increasing_fraction(&[1, 2, 3, 4, 5]), 1.0);
        assert_eq!(increasing_fraction(&[1, 3, 2, 4, 0]), 0.5);
        assert_eq!(increasing_fraction(&[5, 4, 3]), 0.0);
    }

    #[test]
    fn preorder_walk_visits_every_node_once() {
        // Whatever the heap did, the walk sees n nodes, so n - 1 steps; the
        // fraction is a multiple of 1 / (n - 1) in [0, 1].
        let tree = Tree::new(1023);
        let f = tree.preorder_increasing_fraction();
        assert!((0.0..=1.0).contains(&f));
        let steps = f * 1022.0;
        assert!((steps - steps.round()).abs() < 1e-6, "{f}");
    }

    /// The order check above must be able to fail: a post-order build is
    /// told apart from a pre-order one.
    #[test]
    fn postorder_allocation_would_be_detected() {
        fn post(from: i64, to: i64, log: &mut Vec<*const Node>) -> Box<Node> {
            let value = from + (to - from) / 2;
            let left = (value > from).then(|| post(from, value - 1, log));
            let right = (value < to).then(|| post(value + 1, to, log));
            let node = Box::new(Node { value, left, right });
            log.push(&*node);
            node
        }
        let mut allocated = Vec::new();
        let root = post(1, 7, &mut allocated);
        let mut visited = Vec::new();
        preorder(&root, &mut visited);
        assert_ne!(allocated, visited);
    }
}
