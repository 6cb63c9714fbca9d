//! A call from outside into a pool whose last such call had its work taken
//! by another thread (or one of the last four, the others short) offers its
//! own work at its first `join`
//! (`src/scheduler/README.md`, "Calls that start shared"): a leaf that runs
//! long without a `join` is shared at once, with no heartbeat poll and no
//! rescue signal.

mod common;

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use lubdub::ThreadPoolBuilder;

/// How `a` waits for `b` in [`b_ran_elsewhere_while_a_waited`].
#[derive(Clone, Copy)]
enum Wait {
    /// With empty `join`s, each a heartbeat poll.
    Polling,
    /// Spinning, without a poll.
    Spinning,
}

/// `join(a, b)` where `a` waits, as `wait` says, until `b` has run on another
/// thread or `limit` has passed: true if `b` ran elsewhere in time.
fn b_ran_elsewhere_while_a_waited(wait: Wait, limit: Duration) -> bool {
    let ran_elsewhere = AtomicBool::new(false);
    let caller = std::thread::current().id();
    let (seen, ()) = lubdub::join(
        || {
            let deadline = Instant::now() + limit;
            while !ran_elsewhere.load(Ordering::Acquire) && Instant::now() < deadline {
                match wait {
                    Wait::Polling => drop(lubdub::join(|| (), || ())),
                    Wait::Spinning => std::hint::spin_loop(),
                }
            }
            ran_elsewhere.load(Ordering::Acquire)
        },
        || {
            if std::thread::current().id() != caller {
                ran_elsewhere.store(true, Ordering::Release);
            }
        },
    );
    seen
}

/// No rescue: a `b` waiting behind an `a` that never polls is shared only
/// if its call offered it at its first join.
fn two_threads_without_rescue() -> lubdub::ThreadPool {
    ThreadPoolBuilder::new()
        .num_threads(2)
        .interrupts(false)
        .build()
        .unwrap()
}

#[test]
fn after_a_call_that_shared_the_next_offers_its_first_join_at_once() {
    let pool = two_threads_without_rescue();
    let limit = Duration::from_secs(5);
    assert!(
        pool.install(|| b_ran_elsewhere_while_a_waited(Wait::Polling, limit)),
        "a heartbeat of the polling call promotes its `b` for the idle thread"
    );
    assert!(
        pool.install(|| b_ran_elsewhere_while_a_waited(Wait::Spinning, limit)),
        "the next call offers its `b` at its first join"
    );
}

#[test]
fn the_first_call_into_a_pool_waits_for_its_first_beat() {
    // Nothing shared yet: the first call keeps its quarter-period first
    // beat, so an `a` that never polls keeps its `b` (it runs inline after
    // the limit).
    let pool = two_threads_without_rescue();
    let limit = Duration::from_millis(20);
    assert!(!pool.install(|| b_ran_elsewhere_while_a_waited(Wait::Spinning, limit)));
}

#[test]
fn short_calls_between_do_not_stop_the_next_long_one_starting_shared() {
    // A loop of short calls in between, each an early offer that its caller
    // most likely takes back, as a program that alternates short and long
    // calls makes: the long call after them still offers at once.
    let pool = two_threads_without_rescue();
    let limit = Duration::from_secs(5);
    assert!(pool.install(|| b_ran_elsewhere_while_a_waited(Wait::Polling, limit)));
    for _ in 0..3 {
        pool.install(|| lubdub::join(|| (), || ()));
    }
    assert!(
        pool.install(|| b_ran_elsewhere_while_a_waited(Wait::Spinning, limit)),
        "the long call after three short ones offers its `b` at its first join"
    );
}

#[test]
fn after_a_call_that_shared_a_loop_shares_before_its_first_item() {
    // The loop's first item waits, without a poll, until an item has run on
    // the other thread: only a cut before that first item lets one.
    use lubdub::prelude::*;
    let pool = two_threads_without_rescue();
    let limit = Duration::from_secs(5);
    assert!(pool.install(|| b_ran_elsewhere_while_a_waited(Wait::Polling, limit)));
    let caller_of_the_loop = std::sync::Mutex::new(None);
    let ran_elsewhere = AtomicBool::new(false);
    let first_item_saw_it = pool.install(|| {
        *caller_of_the_loop.lock().unwrap() = Some(std::thread::current().id());
        (0..4_usize)
            .into_par_iter()
            .map(|item| {
                let here = std::thread::current().id();
                if Some(here) != *caller_of_the_loop.lock().unwrap() {
                    ran_elsewhere.store(true, Ordering::Release);
                }
                item > 0 || common::spin_until_set(&ran_elsewhere, limit)
            })
            .collect::<Vec<bool>>()[0]
    });
    assert!(
        first_item_saw_it,
        "the loop's rest went to the idle thread before its first item ran"
    );
}
