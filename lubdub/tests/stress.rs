//! Randomized stress: nested join/scope trees with random shapes, random
//! sleeps and random panics, each checked against the same tree evaluated
//! sequentially. Where the rescue signal exists, some joins also block
//! (a barrier between their halves, or a bounded channel from one half to the
//! other), and a thread sends the signal to the pool's threads at random
//! moments. Runs at least `MIN_OPERATIONS` tree nodes under a watchdog, so a
//! deadlock or a lost result fails the test instead of hanging it.

mod common;

use lubdub::prelude::*;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{mpsc, Barrier, Mutex};
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

/// One evaluation of a tree: how, and what it shares with the signaller.
struct Run<'a> {
    mode: Mode,
    nodes: &'a AtomicUsize,
    /// Held by the one join that blocks right now; `None` where joins must
    /// not block (sequential runs, one-thread pools, no rescue signal).
    /// One blocked thread at a time: with more, all threads of a pool could
    /// block each on its own join, which no scheduler can undo.
    block_token: Option<&'a AtomicBool>,
    /// The threads that ran a node, for the signaller.
    threads: &'a Mutex<Vec<usize>>,
}

/// Evaluates the random tree rooted at `seed`: the result is a function of
/// the seed alone, whatever the schedule.
fn eval(seed: u64, depth: u32, run: &Run<'_>) -> u64 {
    run.nodes.fetch_add(1, Ordering::Relaxed);
    let mut rng = StdRng::seed_from_u64(seed);
    let children = |rng: &mut StdRng| (rng.gen::<u64>(), rng.gen::<u64>());
    let mode = run.mode;
    match rng.gen_range(0..100) {
        _ if depth == 0 => leaf(&mut rng, seed, run),
        0..=49 => {
            let (left, right) = children(&mut rng);
            let (a, b) = eval_children(left, right, depth, run);
            a.wrapping_mul(31).wrapping_add(b)
        }
        50..=69 => {
            let jobs = rng.gen_range(0..6);
            let seeds: Vec<u64> = (0..jobs).map(|_| rng.gen()).collect();
            let total = AtomicU64::new(0);
            let child_run = |child: u64| {
                total.fetch_add(eval(child, depth - 1, run), Ordering::Relaxed);
            };
            match mode {
                Mode::Parallel => lubdub::scope(|s| {
                    for &child in &seeds {
                        let child_run = &child_run;
                        s.spawn(move |_| child_run(child));
                    }
                }),
                Mode::Sequential => {
                    sequential_scope(seeds.iter().map(|&child| move || child_run(child)))
                }
            }
            total.into_inner()
        }
        70..=79 => {
            // Catches a panic from below, so results survive partial failures.
            let child = rng.gen();
            catch_unwind(AssertUnwindSafe(|| eval(child, depth - 1, run))).unwrap_or(u64::MAX / 3)
        }
        80..=82 => eval(rng.gen(), depth - 1, run) ^ seed,
        83..=84 => {
            // A parallel loop over a few subtrees, which may hold loops and
            // joins themselves. Each item catches its own panics, so that
            // every item runs in both modes and the node counts agree.
            let first: u64 = rng.gen();
            let items = rng.gen_range(1..=12u64);
            let item = |i: u64| {
                catch_unwind(AssertUnwindSafe(|| {
                    eval(first.wrapping_add(i), depth - 1, run)
                }))
                .unwrap_or(u64::MAX / 5)
            };
            match mode {
                Mode::Parallel => (0..items)
                    .into_par_iter()
                    .map(item)
                    .reduce(|| 0, u64::wrapping_add),
                Mode::Sequential => (0..items).map(item).fold(0, u64::wrapping_add),
            }
        }
        85..=87 => {
            // Rarely, the halves meet at a barrier before they go on.
            let (left, right) = children(&mut rng);
            let blocks = rng.gen_ratio(1, 8) && run.take_block_token();
            let barrier = Barrier::new(2);
            let (a, b) = if blocks {
                lubdub::join(
                    || {
                        barrier.wait();
                        run.give_block_token_back();
                        eval(left, depth - 1, run)
                    },
                    || {
                        barrier.wait();
                        eval(right, depth - 1, run)
                    },
                )
            } else {
                eval_children(left, right, depth, run)
            };
            a.wrapping_mul(31).wrapping_add(b)
        }
        88..=89 => {
            // Rarely, one half sends items through a one-slot channel to the
            // other, each blocking in turn.
            let items = rng.gen_range(1..64u64);
            let child = rng.gen();
            let sum = if rng.gen_ratio(1, 8) && run.take_block_token() {
                let (tx, rx) = mpsc::sync_channel(1);
                let ((), sum) = lubdub::join(
                    move || (0..items).for_each(|item| tx.send(item).unwrap()),
                    move || rx.iter().sum::<u64>(),
                );
                run.give_block_token_back();
                sum
            } else {
                (0..items).sum()
            };
            sum ^ eval(child, depth - 1, run)
        }
        _ => leaf(&mut rng, seed, run),
    }
}

impl Run<'_> {
    fn take_block_token(&self) -> bool {
        self.block_token.is_some_and(|token| {
            token
                .compare_exchange(false, true, Ordering::Acquire, Ordering::Relaxed)
                .is_ok()
        })
    }

    fn give_block_token_back(&self) {
        if let Some(token) = self.block_token {
            token.store(false, Ordering::Release);
        }
    }
}

/// `join`'s semantics, sequentially: both closures always run, and `a`'s
/// panic wins over `b`'s.
/// The children seeded `left` and `right`, joined or one after the other as
/// `run.mode` says.
fn eval_children(left: u64, right: u64, depth: u32, run: &Run<'_>) -> (u64, u64) {
    let a = || eval(left, depth - 1, run);
    let b = || eval(right, depth - 1, run);
    match run.mode {
        Mode::Parallel => lubdub::join(a, b),
        Mode::Sequential => sequential_join(a, b),
    }
}

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

fn leaf(rng: &mut StdRng, seed: u64, run: &Run<'_>) -> u64 {
    if run.mode == Mode::Parallel {
        let me = signals::current_thread();
        let mut threads = run.threads.lock().unwrap();
        if !threads.contains(&me) {
            threads.push(me);
        }
    }
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
fn outcome(seed: u64, depth: u32, run: &Run<'_>) -> Result<u64, ()> {
    catch_unwind(AssertUnwindSafe(|| eval(seed, depth, run))).map_err(|payload| {
        let message = payload.downcast_ref::<String>().map_or("", String::as_str);
        assert!(
            message.starts_with("random panic"),
            "unexpected panic: {message:?}"
        );
    })
}

/// Sends the rescue signal to threads that ran the pool's work, at random
/// moments, until `stop`: the handler then runs between two arbitrary
/// instructions of `join`, of the search loop, of the user's closures.
fn signaller(signal: i32, seen: &Mutex<Vec<usize>>, stop: &AtomicBool, seed: u64) {
    let mut rng = StdRng::seed_from_u64(seed);
    while !stop.load(Ordering::Relaxed) {
        std::thread::sleep(Duration::from_micros(rng.gen_range(10..300)));
        let threads = seen.lock().unwrap();
        if !threads.is_empty() {
            signals::send(threads[rng.gen_range(0..threads.len())], signal);
        }
    }
}

/// The current thread's handle as a number, and sending it a signal.
#[cfg(unix)]
mod signals {
    pub fn current_thread() -> usize {
        // SAFETY: no preconditions.
        unsafe { libc::pthread_self() as usize }
    }

    pub fn send(thread: usize, signal: i32) {
        // SAFETY: `thread` came from `current_thread` on a thread of a pool
        // (or the test's own), which outlives the signaller.
        unsafe { libc::pthread_kill(thread as libc::pthread_t, signal) };
    }
}

#[cfg(not(unix))]
mod signals {
    pub fn current_thread() -> usize {
        0
    }

    pub fn send(_thread: usize, _signal: i32) {}
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
                    let signal = lubdub::rescue_signal();
                    let block_token = AtomicBool::new(false);
                    let seen = Mutex::new(Vec::new());
                    let stop = AtomicBool::new(false);
                    std::thread::scope(|s| {
                        if let Some(signal) = signal {
                            let (seen, stop) = (&seen, &stop);
                            s.spawn(move || signaller(signal, seen, stop, round));
                        }
                        for tree in 0..8 {
                            let seed = round * 1_000_003 + tree;
                            let depth = 4 + (seed % 7) as u32;
                            let parallel_nodes = AtomicUsize::new(0);
                            let sequential_nodes = AtomicUsize::new(0);
                            let sequential = Run {
                                mode: Mode::Sequential,
                                nodes: &sequential_nodes,
                                block_token: None,
                                threads: &seen,
                            };
                            let parallel = Run {
                                mode: Mode::Parallel,
                                nodes: &parallel_nodes,
                                block_token: (threads > 1 && signal.is_some())
                                    .then_some(&block_token),
                                threads: &seen,
                            };
                            let expected = outcome(seed, depth, &sequential);
                            let got = pool.install(|| outcome(seed, depth, &parallel));
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
                        // The pool's threads must outlive every signal.
                        stop.store(true, Ordering::Relaxed);
                    });
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
