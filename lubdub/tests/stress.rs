//! Randomized stress: nested join/scope trees with random shapes, random
//! sleeps and random panics, each checked against the same tree evaluated
//! sequentially. Runs at least `MIN_OPERATIONS` tree nodes under a watchdog,
//! so a deadlock or a lost result fails the test instead of hanging it.

mod common;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

const MIN_OPERATIONS: usize = 100_000;
const TIME_LIMIT: Duration = Duration::from_secs(240);

/// How a tree is evaluated: in parallel with lubdub, or by plain calls.
#[derive(Clone, Copy, PartialEq)]
enum Mode {
    Parallel,
    Sequential,
}

/// Evaluates the random tree rooted at `seed`: the result is a function of
/// the seed alone, whatever the schedule.
fn eval(seed: u64, depth: u32, mode: Mode, nodes: &AtomicUsize) -> u64 {
    nodes.fetch_add(1, Ordering::Relaxed);
    let mut rng = StdRng::seed_from_u64(seed);
    let children = |rng: &mut StdRng| (rng.gen::<u64>(), rng.gen::<u64>());
    match rng.gen_range(0..100) {
        _ if depth == 0 => leaf(&mut rng, seed),
        0..=49 => {
            let (left, right) = children(&mut rng);
            let (a, b) = match mode {
                Mode::Parallel => lubdub::join(
                    || eval(left, depth - 1, mode, nodes),
                    || eval(right, depth - 1, mode, nodes),
                ),
                Mode::Sequential => sequential_join(
                    || eval(left, depth - 1, mode, nodes),
                    || eval(right, depth - 1, mode, nodes),
                ),
            };
            a.wrapping_mul(31).wrapping_add(b)
        }
        50..=69 => {
            let jobs = rng.gen_range(0..6);
            let seeds: Vec<u64> = (0..jobs).map(|_| rng.gen()).collect();
            let total = AtomicU64::new(0);
            let run = |child: u64| {
                total.fetch_add(eval(child, depth - 1, mode, nodes), Ordering::Relaxed);
            };
            match mode {
                Mode::Parallel => lubdub::scope(|s| {
                    for &child in &seeds {
                        let run = &run;
                        s.spawn(move |_| run(child));
                    }
                }),
                Mode::Sequential => sequential_scope(seeds.iter().map(|&child| move || run(child))),
            }
            total.into_inner()
        }
        70..=79 => {
            // Catches a panic from below, so results survive partial failures.
            let child = rng.gen();
            catch_unwind(AssertUnwindSafe(|| eval(child, depth - 1, mode, nodes)))
                .unwrap_or(u64::MAX / 3)
        }
        80..=89 => eval(rng.gen(), depth - 1, mode, nodes) ^ seed,
        _ => leaf(&mut rng, seed),
    }
}

/// `join`'s semantics, sequentially: both closures always run, and `a`'s
/// panic wins over `b`'s.
fn sequential_join(a: impl FnOnce() -> u64, b: impl FnOnce() -> u64) -> (u64, u64) {
    let a = catch_unwind(AssertUnwindSafe(a));
    let b = catch_unwind(AssertUnwindSafe(b));
    match (a, b) {
        (Err(payload), _) | (_, Err(payload)) => std::panic::resume_unwind(payload),
        (Ok(a), Ok(b)) => (a, b),
    }
}

/// `scope`'s semantics, sequentially: every job runs, then a panic propagates.
fn sequential_scope<F: FnOnce()>(jobs: impl Iterator<Item = F>) {
    let mut first_panic = None;
    for job in jobs {
        if let Err(payload) = catch_unwind(AssertUnwindSafe(job)) {
            first_panic.get_or_insert(payload);
        }
    }
    if let Some(payload) = first_panic {
        std::panic::resume_unwind(payload);
    }
}

fn leaf(rng: &mut StdRng, seed: u64) -> u64 {
    match rng.gen_range(0..1000) {
        0..=9 => panic!("random panic {seed}"),
        10..=14 => {
            std::thread::sleep(Duration::from_micros(rng.gen_range(1..200)));
            seed
        }
        _ => seed.rotate_left(7),
    }
}

/// The tree's value, or `Err` if a panic reached the root. Which panic
/// reaches the root is schedule-dependent when several jobs of one scope
/// panic, so only the fact is compared; it must be one of ours.
fn outcome(seed: u64, depth: u32, mode: Mode, nodes: &AtomicUsize) -> Result<u64, ()> {
    catch_unwind(AssertUnwindSafe(|| eval(seed, depth, mode, nodes))).map_err(|payload| {
        let message = payload.downcast_ref::<String>().map_or("", String::as_str);
        assert!(
            message.starts_with("random panic"),
            "unexpected panic: {message:?}"
        );
    })
}

#[test]
#[cfg_attr(
    miri,
    ignore = "too long for Miri; the unit tests cover the same code under Miri"
)]
fn random_trees_give_sequential_results_without_deadlock() {
    // The random panics are expected; keep them off the test output.
    let report = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let random = info
            .payload()
            .downcast_ref::<String>()
            .is_some_and(|m| m.starts_with("random panic"));
        if !random {
            report(info);
        }
    }));
    let (done_tx, done_rx) = mpsc::channel();
    std::thread::spawn(move || {
        let start = Instant::now();
        let nodes = AtomicUsize::new(0);
        let mut trees = 0u64;
        let mut round = 0u64;
        while nodes.load(Ordering::Relaxed) < 10 * MIN_OPERATIONS
            && start.elapsed() < TIME_LIMIT / 8
        {
            for &threads in common::THREAD_COUNTS {
                for heartbeat in common::HEARTBEATS {
                    let pool = common::pool(threads, heartbeat);
                    for tree in 0..8 {
                        let seed = round * 1_000_003 + tree;
                        let depth = 4 + (seed % 7) as u32;
                        let parallel_nodes = AtomicUsize::new(0);
                        let sequential_nodes = AtomicUsize::new(0);
                        let expected = outcome(seed, depth, Mode::Sequential, &sequential_nodes);
                        let got =
                            pool.install(|| outcome(seed, depth, Mode::Parallel, &parallel_nodes));
                        assert_eq!(
                            got, expected,
                            "tree {seed} at {threads} threads, heartbeat {heartbeat:?}"
                        );
                        assert_eq!(
                            parallel_nodes.load(Ordering::Relaxed),
                            sequential_nodes.load(Ordering::Relaxed)
                        );
                        nodes.fetch_add(parallel_nodes.into_inner(), Ordering::Relaxed);
                        trees += 1;
                    }
                }
            }
            round += 1;
        }
        done_tx.send((nodes.into_inner(), trees)).unwrap();
    });
    let (nodes, trees) = match done_rx.recv_timeout(TIME_LIMIT) {
        Ok(counts) => counts,
        Err(mpsc::RecvTimeoutError::Timeout) => {
            panic!("no result within {TIME_LIMIT:?}: deadlock?")
        }
        Err(mpsc::RecvTimeoutError::Disconnected) => {
            panic!("a tree gave a wrong result (see the panic above)")
        }
    };
    let _ = std::panic::take_hook();
    eprintln!("{trees} random trees, {nodes} parallel operations checked");
    assert!(
        nodes >= MIN_OPERATIONS,
        "only {nodes} operations in {TIME_LIMIT:?}"
    );
}
