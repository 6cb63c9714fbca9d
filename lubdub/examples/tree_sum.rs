//! Sums a perfectly balanced binary tree allocated in pre-order (parent,
//! then left subtree, then right subtree), sequentially and with
//! `lubdub::join` per node, and prints ns per node and the ratio to the
//! sequential sum. Also times `fib(30)` built of joins.
//!
//! ```text
//! cargo run --release --example tree_sum -- [NODES] [THREADS,...]
//! ```
//! Defaults: 10,000,000 nodes; threads 1 and 2. For the full comparison with
//! Rayon, chili and OpenMP, use `lubdub-bench treesum`.

use std::hint::black_box;
use std::time::{Duration, Instant};

struct Node {
    value: u64,
    left: Option<Box<Node>>,
    right: Option<Box<Node>>,
}

/// Builds the tree of `from..=to`, allocating each parent before its children.
fn build(from: u64, to: u64) -> Box<Node> {
    let value = from + (to - from) / 2;
    let mut node = Box::new(Node {
        value,
        left: None,
        right: None,
    });
    if value > from {
        node.left = Some(build(from, value - 1));
    }
    if value < to {
        node.right = Some(build(value + 1, to));
    }
    node
}

fn sum_sequential(node: &Node) -> u64 {
    let mut sum = node.value;
    if let Some(left) = &node.left {
        sum += sum_sequential(left);
    }
    if let Some(right) = &node.right {
        sum += sum_sequential(right);
    }
    sum
}

fn sum_lubdub(node: &Node) -> u64 {
    let (left, right) = lubdub::join(
        || node.left.as_deref().map_or(0, sum_lubdub),
        || node.right.as_deref().map_or(0, sum_lubdub),
    );
    node.value + left + right
}

fn fib_sequential(n: u64) -> u64 {
    if n < 2 {
        return n;
    }
    fib_sequential(n - 1) + fib_sequential(n - 2)
}

fn fib_lubdub(n: u64) -> u64 {
    if n < 2 {
        return n;
    }
    let (a, b) = lubdub::join(|| fib_lubdub(n - 1), || fib_lubdub(n - 2));
    a + b
}

/// The median of `samples` timings of `run`, which must return `expected`.
fn median_time(samples: usize, expected: u64, mut run: impl FnMut() -> u64) -> Duration {
    let mut times: Vec<Duration> = (0..samples)
        .map(|_| {
            let start = Instant::now();
            let result = run();
            let time = start.elapsed();
            assert_eq!(result, expected, "wrong result");
            time
        })
        .collect();
    times.sort();
    times[times.len() / 2]
}

fn main() {
    let mut args = std::env::args().skip(1);
    let nodes: u64 = args
        .next()
        .map_or(10_000_000, |a| a.parse().expect("NODES: a number"));
    let threads: Vec<usize> = args.next().map_or(vec![1, 2], |a| {
        a.split(',')
            .map(|t| t.parse().expect("THREADS: numbers separated by commas"))
            .collect()
    });
    let samples = if nodes >= 1_000_000 { 15 } else { 2001 };

    let tree = build(1, nodes);
    let expected = nodes * (nodes + 1) / 2;
    let pools: Vec<_> = threads
        .iter()
        .map(|&n| {
            lubdub::ThreadPoolBuilder::new()
                .num_threads(n)
                .build()
                .expect("pool")
        })
        .collect();
    let baseline = median_time(samples, expected, || sum_sequential(black_box(&tree)));
    let per_node = |t: Duration| t.as_nanos() as f64 / nodes as f64;
    println!("tree of {nodes} nodes, pre-order; median of {samples} runs");
    println!("{:<12} {:>10} {:>8}", "variant", "ns/node", "ratio");
    println!(
        "{:<12} {:>10.2} {:>8.2}",
        "sequential",
        per_node(baseline),
        1.0
    );
    for (pool, n) in pools.iter().zip(&threads) {
        let time = median_time(samples, expected, || {
            pool.install(|| sum_lubdub(black_box(&tree)))
        });
        let ratio = time.as_secs_f64() / baseline.as_secs_f64();
        println!(
            "{:<12} {:>10.2} {:>8.2}",
            format!("lubdub {n}t"),
            per_node(time),
            ratio
        );
    }

    let joins = fib_sequential(31) - 1; // internal nodes of the fib(30) call tree
    let fib_expected = fib_sequential(30);
    let fib_base = median_time(15, fib_expected, || fib_sequential(black_box(30)));
    let fib_pool = &pools[0];
    let fib_time = median_time(15, fib_expected, || {
        fib_pool.install(|| fib_lubdub(black_box(30)))
    });
    println!(
        "fib(30): sequential {:.2} ns per join-equivalent; lubdub {}t {:.2} ns per join ({:+.2} ns overhead)",
        fib_base.as_nanos() as f64 / joins as f64,
        threads[0],
        fib_time.as_nanos() as f64 / joins as f64,
        (fib_time.as_nanos() as f64 - fib_base.as_nanos() as f64) / joins as f64,
    );
    println!("{}", fib_pool.stats());
}
