//! Work that blocks, or runs long without polling, inside a pool: each test
//! finishes only if an idle thread takes the pending half of a `join`
//! without waiting for its owner to poll (the rescue signal), or if a call
//! back into a pool runs on the seat the thread already holds there. A
//! watchdog turns a hang into a failure.

mod common;

use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Barrier};
use std::time::Duration;

const LIMIT: Duration = Duration::from_secs(120);

/// Runs `body` on a thread of its own and returns its result, or fails if it
/// does not finish within [`LIMIT`].
fn watchdog<R: Send + 'static>(name: &str, body: impl FnOnce() -> R + Send + 'static) -> R {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(catch_unwind(AssertUnwindSafe(body)));
    });
    match rx.recv_timeout(LIMIT) {
        Ok(Ok(result)) => result,
        Ok(Err(payload)) => resume_unwind(payload),
        Err(_) => panic!("{name}: no result within {LIMIT:?}, a hang"),
    }
}

/// The rescue needs the signal; elsewhere these tests would hang by design.
fn rescue_available() -> bool {
    let available = lubdub::rescue_signal().is_some();
    if !available {
        eprintln!("no rescue signal on this platform: skipped");
    }
    available
}

#[test]
#[cfg_attr(miri, ignore = "no signals under Miri")]
fn a_barrier_between_the_halves_of_a_join() {
    if !rescue_available() {
        return;
    }
    watchdog("barrier join", || {
        for heartbeat in common::HEARTBEATS {
            let pool = common::pool(2, heartbeat);
            for _ in 0..5 {
                let barrier = Barrier::new(2);
                let (a, b) = pool.install(|| {
                    lubdub::join(|| barrier.wait().is_leader(), || barrier.wait().is_leader())
                });
                assert!(a != b, "exactly one half leads");
            }
        }
    });
}

#[test]
#[cfg_attr(miri, ignore = "no signals under Miri")]
fn a_producer_and_a_consumer_over_a_bounded_channel() {
    if !rescue_available() {
        return;
    }
    const ITEMS: u64 = 100_000;
    let total = watchdog("bounded channel", || {
        let pool = common::pool(2, lubdub::DEFAULT_HEARTBEAT);
        let (tx, rx) = mpsc::sync_channel(1);
        pool.install(|| {
            lubdub::join(
                move || (0..ITEMS).for_each(|item| tx.send(item).unwrap()),
                move || rx.iter().sum::<u64>(),
            )
            .1
        })
    });
    assert_eq!(total, ITEMS * (ITEMS - 1) / 2);
}

#[test]
#[cfg_attr(miri, ignore = "no signals under Miri")]
fn a_long_leaf_without_joins_lets_another_thread_run_b() {
    if !rescue_available() {
        return;
    }
    watchdog("long leaf", || {
        let pool = common::pool(2, lubdub::DEFAULT_HEARTBEAT);
        let b_done = AtomicBool::new(false);
        let (spins, b_thread) = pool.install(|| {
            lubdub::join(
                || {
                    // Plain computation: no join, no loop poll, no system
                    // call, until `b` has run elsewhere.
                    let mut spins = 0u64;
                    while !b_done.load(Ordering::Acquire) {
                        spins += 1;
                        std::hint::spin_loop();
                    }
                    (spins, lubdub::current_thread_index())
                },
                || {
                    b_done.store(true, Ordering::Release);
                    lubdub::current_thread_index()
                },
            )
        });
        assert!(spins.0 > 0);
        assert_ne!(spins.1, b_thread, "b ran on another thread");
    });
}

#[test]
fn installs_that_come_back_into_a_one_thread_pool() {
    let ok = watchdog("mutual install", || {
        let pool1 = common::pool(1, lubdub::DEFAULT_HEARTBEAT);
        let pool2 = common::pool(1, lubdub::DEFAULT_HEARTBEAT);
        pool1.install(|| pool2.install(|| pool1.install(|| pool2.install(|| true))))
    });
    assert!(ok);
}

#[test]
fn installs_that_come_back_after_the_pools_fell_asleep() {
    let nap = Duration::from_millis(if cfg!(miri) { 1 } else { 50 });
    let (index, threads) = watchdog("mutual install with sleeps", move || {
        let pool1 = common::pool(1, lubdub::DEFAULT_HEARTBEAT);
        let pool2 = common::pool(3, lubdub::DEFAULT_HEARTBEAT);
        pool1.install(|| {
            pool2.install(|| {
                std::thread::sleep(nap);
                pool1.install(|| {
                    std::thread::sleep(nap);
                    (
                        lubdub::current_thread_index(),
                        lubdub::current_num_threads(),
                    )
                })
            })
        })
    });
    assert_eq!((index, threads), (Some(0), 1), "ran on pool1's seat");
}

/// `pool1.install(|| pool2.broadcast(|_| pool1.broadcast(..)))`: the caller
/// holds a seat of pool1 while it waits in pool2, and that seat's share of
/// each inner broadcast must run although its occupant is away.
fn broadcasts_into_each_other(nap: Duration) -> usize {
    use std::sync::atomic::AtomicUsize;
    let pool1 = common::pool(3, lubdub::DEFAULT_HEARTBEAT);
    let pool2 = common::pool(7, lubdub::DEFAULT_HEARTBEAT);
    let count = AtomicUsize::new(0);
    pool1.install(|| {
        std::thread::sleep(nap);
        pool2.broadcast(|_| {
            std::thread::sleep(nap);
            pool1.broadcast(|_| {
                std::thread::sleep(nap);
                count.fetch_add(1, Ordering::Relaxed);
            });
        });
    });
    count.into_inner()
}

#[test]
fn broadcasts_that_come_back_into_a_pool() {
    let count = watchdog("mutual broadcast", || {
        broadcasts_into_each_other(Duration::ZERO)
    });
    assert_eq!(count, 3 * 7);
}

#[test]
fn broadcasts_that_come_back_after_the_pools_fell_asleep() {
    let nap = Duration::from_millis(if cfg!(miri) { 1 } else { 20 });
    let count = watchdog("mutual broadcast with sleeps", move || {
        broadcasts_into_each_other(nap)
    });
    assert_eq!(count, 3 * 7);
}

#[test]
fn busy_pools_that_install_into_each_other_keep_working() {
    let results = watchdog("installs across busy pools", || {
        let pool1 = common::pool(1, lubdub::DEFAULT_HEARTBEAT);
        let pool2 = common::pool(1, lubdub::DEFAULT_HEARTBEAT);
        let both_busy = std::sync::Arc::new(Barrier::new(2));
        let (tx, rx) = mpsc::channel();
        // Each pool's only thread runs a job that installs into the other
        // pool while that one's only thread is busy too.
        for (home, other, value) in [(&pool1, &pool2, 1), (&pool2, &pool1, 2)] {
            let (both_busy, tx) = (both_busy.clone(), tx.clone());
            let other_pool = other as *const lubdub::ThreadPool as usize;
            home.spawn(move || {
                both_busy.wait();
                // SAFETY: both pools outlive this job: the test receives its
                // result below before they drop.
                let other = unsafe { &*(other_pool as *const lubdub::ThreadPool) };
                tx.send(other.install(|| value * 10)).unwrap();
            });
        }
        let mut results = [rx.recv().unwrap(), rx.recv().unwrap()];
        results.sort_unstable();
        results
    });
    assert_eq!(results, [10, 20]);
}
