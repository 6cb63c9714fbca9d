//! One repetition of each alloc workload, for every variant: the tree built
//! and freed with a fork per node, and the map-reduce of freshly allocated
//! vectors.

use crate::check::{expect_eq, Mismatch};
use crate::workloads::tree::{expected_sum, Node};

use super::{AllocPools, AllocVariant, MAX_VEC_LEN};

/// A fork-join primitive, so that one recursive function serves every
/// variant.
pub(super) trait Fork {
    fn join<A, B, RA, RB>(a: A, b: B) -> (RA, RB)
    where
        A: FnOnce() -> RA + Send,
        B: FnOnce() -> RB + Send,
        RA: Send,
        RB: Send;
}

/// Declares the fork-join primitive `$name`, whose `join(a, b)` is
/// `$join(a, b)`.
macro_rules! fork {
    ($(#[$doc:meta])* $name:ident = $join:path) => {
        $(#[$doc])*
        pub(super) struct $name;

        impl Fork for $name {
            fn join<A, B, RA, RB>(a: A, b: B) -> (RA, RB)
            where
                A: FnOnce() -> RA + Send,
                B: FnOnce() -> RB + Send,
                RA: Send,
                RB: Send,
            {
                $join(a, b)
            }
        }
    };
}

/// `(a(), b())`: `a` then `b` on the calling thread.
fn one_after_the_other<RA, RB>(a: impl FnOnce() -> RA, b: impl FnOnce() -> RB) -> (RA, RB) {
    (a(), b())
}

fork!(
    /// `a` then `b` on the calling thread.
    Seq = one_after_the_other
);
fork!(
    /// `lubdub::join`.
    Lub = lubdub::join
);
fork!(
    /// `rayon::join`.
    Ray = rayon::join
);

/// A balanced tree holding `lo..=hi`, one fork per node: the subtrees are
/// built in the fork, then the node is boxed.
pub(super) fn build<F: Fork>(lo: i64, hi: i64) -> Option<Box<Node>> {
    if lo > hi {
        return None;
    }
    let mid = lo + (hi - lo) / 2;
    let (left, right) = F::join(|| build::<F>(lo, mid - 1), || build::<F>(mid + 1, hi));
    Some(Box::new(Node {
        value: mid,
        left,
        right,
    }))
}

/// The sum of the tree's values, freeing every node, one fork per node.
pub(super) fn consume<F: Fork>(node: Option<Box<Node>>) -> i64 {
    let Some(node) = node else {
        return 0;
    };
    let Node { value, left, right } = *node;
    let (l, r) = F::join(|| consume::<F>(left), || consume::<F>(right));
    value + l + r
}

/// One repetition of alloc-tree: the sum of the tree of `1..=nodes` built
/// and freed this way.
pub(super) fn tree_rep(variant: AllocVariant, pools: &AllocPools, nodes: u64) -> i64 {
    let hi = i64::try_from(nodes).expect("the CLI bounds the tree far below i64::MAX");
    match variant {
        AllocVariant::Sequential => consume::<Seq>(build::<Seq>(1, hi)),
        AllocVariant::Lubdub => pools.lubdub.install(|| consume::<Lub>(build::<Lub>(1, hi))),
        AllocVariant::Rayon => pools.rayon.install(|| consume::<Ray>(build::<Ray>(1, hi))),
    }
}

/// Checks alloc-tree's answer: the sum of `1..=nodes`.
pub(super) fn check_tree(sum: i64, nodes: u64) -> Result<(), Mismatch> {
    expect_eq(sum, expected_sum(nodes))
}

/// SplitMix64's finalizer: a well-mixed `u64` from `i`.
pub(super) fn mix(i: u64) -> u64 {
    let mut z = i.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Item `i` of alloc-vecs: a freshly allocated vector of 1 to
/// [`MAX_VEC_LEN`] values, its length and values derived from `i`.
pub(super) fn item_vec(i: u64) -> Vec<u64> {
    let h = mix(i);
    let len = 1 + (h % MAX_VEC_LEN as u64) as usize;
    (0..len).map(|k| h.rotate_left(k as u32) >> 8).collect()
}

/// The element-wise (wrapping) sum of `a` and `b`, in the longer of the two;
/// the shorter is freed. Associative and commutative, so every variant's
/// reduction order gives the same vector.
pub(super) fn add_vecs(a: Vec<u64>, b: Vec<u64>) -> Vec<u64> {
    let (mut long, short) = if a.len() >= b.len() { (a, b) } else { (b, a) };
    for (x, y) in long.iter_mut().zip(&short) {
        *x = x.wrapping_add(*y);
    }
    long
}

/// One repetition of alloc-vecs: the vectors of items `0..items`, reduced.
pub(super) fn vecs_rep(variant: AllocVariant, pools: &AllocPools, items: u64) -> Vec<u64> {
    match variant {
        AllocVariant::Sequential => (0..items).map(item_vec).fold(Vec::new(), add_vecs),
        AllocVariant::Lubdub => pools.lubdub.install(|| {
            use lubdub::prelude::*;
            (0..items)
                .into_par_iter()
                .map(item_vec)
                .reduce(Vec::new, add_vecs)
        }),
        AllocVariant::Rayon => pools.rayon.install(|| {
            use rayon::prelude::*;
            (0..items)
                .into_par_iter()
                .map(item_vec)
                .reduce(Vec::new, add_vecs)
        }),
    }
}
