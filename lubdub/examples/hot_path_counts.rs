//! The hot paths whose instruction counts the scheduler and loop READMEs
//! quote, one per argument, for `scripts/hot-path-counts.sh` to run under
//! callgrind: `fib(20)` built of joins, a 64-element, a 1,000-element (its
//! piece reads the clock once, forced) and a 65,536-element
//! `par_iter().map().sum()`, and `par_chunks(64).flat_map(par_iter)` over
//! 65,536 elements. Each kernel runs [`REPS`] times inside `measured`, the
//! one function callgrind counts (`--toggle-collect`).
//!
//! ```text
//! hot_path_counts <kernel> <threads>
//! ```
//! `threads` is 1 (a one-seat pool: loops fold as two halves) or 2 (loops
//! run in chunks with a poll after each). The heartbeat is off
//! (`Duration::MAX`): nothing is ever promoted and the countdowns settle at
//! their longest interval, so the counts do not depend on how fast the
//! clock runs under callgrind (with the default period they vary by a few
//! percent from run to run).

use std::hint::black_box;
use std::time::Duration;

use lubdub::prelude::*;

/// Calls of the kernel that callgrind counts (after one call to warm up).
const REPS: u64 = 100;

fn fib(n: u64) -> u64 {
    if n < 2 {
        return n;
    }
    let (a, b) = lubdub::join(|| fib(n - 1), || fib(n - 2));
    a + b
}

fn sum_of_squares(items: &[u64]) -> u64 {
    items.par_iter().map(|x| x * x).sum()
}

fn flat_map_sum(items: &[u64]) -> u64 {
    items
        .par_chunks(64)
        .flat_map(|chunk| chunk.par_iter())
        .map(|x| x * x)
        .sum()
}

/// The sum of the squares of `v` by `reduce`, whose results may grow, so
/// its folders double (`iter/plumbing/doubling_folders.rs`).
fn reduce_of_squares(v: &[u64]) -> u64 {
    v.par_iter().map(|x| x * x).reduce(|| 0, u64::wrapping_add)
}

/// The kernel named `name`, as a closure over its input.
fn kernel(name: &str) -> Box<dyn Fn() -> u64 + Sync> {
    let items = |n: u64| (0..n).collect::<Vec<u64>>();
    match name {
        "fib20" => Box::new(|| fib(black_box(20))),
        "sum64" => {
            let v = items(64);
            Box::new(move || sum_of_squares(black_box(&v)))
        }
        "sum1000" => {
            let v = items(1000);
            Box::new(move || sum_of_squares(black_box(&v)))
        }
        "sum65536" => {
            let v = items(65_536);
            Box::new(move || sum_of_squares(black_box(&v)))
        }
        "flat_map65536" => {
            let v = items(65_536);
            Box::new(move || flat_map_sum(black_box(&v)))
        }
        "reduce65536" => {
            let v = items(65_536);
            Box::new(move || reduce_of_squares(black_box(&v)))
        }
        other => {
            eprintln!(
                "unknown kernel {other:?}: fib20, sum64, sum1000, sum65536, flat_map65536 or reduce65536"
            );
            std::process::exit(2);
        }
    }
}

#[inline(never)]
fn measured(kernel: &(dyn Fn() -> u64 + Sync)) -> u64 {
    (0..REPS).map(|_| kernel()).fold(0, u64::wrapping_add)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let name = args.next().unwrap_or_default();
    let threads: usize = args.next().and_then(|t| t.parse().ok()).unwrap_or(1);
    let kernel = kernel(&name);
    let pool = lubdub::ThreadPoolBuilder::new()
        .num_threads(threads)
        .heartbeat_interval(Duration::MAX)
        .build()
        .expect("a pool");
    let total = pool.install(|| {
        black_box(kernel());
        measured(&*kernel)
    });
    println!("{name} {threads} reps={REPS} checksum={total}");
}
