//! `walk_tree_prefix`, `walk_tree_postfix` and `walk_tree` on irregular
//! trees: the same order as a sequential recursive walk at every pool size,
//! whatever the shape (chains above branches, wide nodes, single nodes).

use lubdub::iter::{walk_tree, walk_tree_postfix, walk_tree_prefix};
use lubdub::prelude::*;
use lubdub::ThreadPoolBuilder;

/// A tree of irregular shape: node `n` has 0 to 4 children, drawn from a
/// hash of `n` and `seed`; nodes past `limit` are leaves, and nodes below
/// 8 have exactly one child (a chain above the branches).
fn children(seed: u64, limit: u64) -> impl Fn(&u64) -> Vec<u64> + Send + Sync {
    move |&n| {
        if n > limit {
            return Vec::new();
        }
        if n < 8 {
            return vec![n + 1];
        }
        let h = (n ^ seed).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 60;
        (0..h % 5).map(|i| n * 4 + i).collect()
    }
}

fn prefix(n: u64, children_of: &impl Fn(&u64) -> Vec<u64>, out: &mut Vec<u64>) {
    out.push(n);
    for c in children_of(&n) {
        prefix(c, children_of, out);
    }
}

fn postfix(n: u64, children_of: &impl Fn(&u64) -> Vec<u64>, out: &mut Vec<u64>) {
    for c in children_of(&n) {
        postfix(c, children_of, out);
    }
    out.push(n);
}

#[test]
fn irregular_trees_walk_in_the_sequential_orders() {
    let limit = if cfg!(miri) { 200 } else { 200_000 };
    for threads in [1, 2, 4] {
        let pool = ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        for seed in 0..6 {
            let children_of = children(seed, limit);
            let (mut pre, mut post) = (Vec::new(), Vec::new());
            prefix(0, &children_of, &mut pre);
            postfix(0, &children_of, &mut post);
            pool.install(|| {
                let got: Vec<u64> = walk_tree_prefix(0, children(seed, limit)).collect();
                assert_eq!(got, pre, "prefix, seed {seed}, {threads} threads");
                let got: Vec<u64> = walk_tree_postfix(0, children(seed, limit)).collect();
                assert_eq!(got, post, "postfix, seed {seed}, {threads} threads");
                let mut got: Vec<u64> = walk_tree(0, children(seed, limit)).collect();
                got.sort_unstable();
                pre.sort_unstable();
                assert_eq!(got, pre, "walk_tree, seed {seed}, {threads} threads");
            });
        }
    }
}

#[test]
fn searches_stop_early_and_find_the_first_in_order() {
    // A complete 4-ary tree of depth 9: the first leaf in postfix order is
    // the leftmost, the first node over a bound in prefix order is on the
    // leftmost path.
    let children_of = |&(depth, n): &(u32, u64)| {
        let d = depth + 1;
        (0..if depth < 9 { 4 } else { 0 }).map(move |i| (d, n * 4 + i))
    };
    let pool = ThreadPoolBuilder::new().num_threads(2).build().unwrap();
    pool.install(|| {
        let leaf = walk_tree_postfix((0, 1), children_of).find_first(|&(d, _)| d == 9);
        assert_eq!(leaf, Some((9, 1 << 18)));
        let deep = walk_tree_prefix((0, 1), children_of).find_first(|&(d, _)| d == 5);
        assert_eq!(deep, Some((5, 1 << 10)));
        assert!(walk_tree_prefix((0, 1), children_of).any(|(_, n)| n == 4 * 4 + 3));
    });
}

#[test]
fn a_deep_caterpillar_walks_without_overflowing_the_stack() {
    // Each node on the spine has a leaf and the next spine node as
    // children: pieces cut off the spine are as deep as it.
    let depth: u64 = if cfg!(miri) { 300 } else { 300_000 };
    let children_of = move |&(spine, n): &(bool, u64)| {
        let next = if spine && n < depth {
            vec![(false, n), (true, n + 1)]
        } else {
            vec![]
        };
        next.into_iter()
    };
    for threads in [1, 2] {
        let pool = ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| {
            let post: Vec<(bool, u64)> = walk_tree_postfix((true, 0), children_of).collect();
            assert_eq!(post.len() as u64, 2 * depth + 1);
            assert_eq!(post[0], (false, 0));
            assert_eq!(post.last(), Some(&(true, 0)));
            let leaves = walk_tree_prefix((true, 0), children_of)
                .filter(|&(spine, _)| !spine)
                .count();
            assert_eq!(leaves as u64, depth);
        });
    }
}
