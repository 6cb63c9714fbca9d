//! `wait_until`: a wait on something outside the pool that runs the pool's
//! other work meanwhile, shows as `Blocked` in the profile, and leaves the
//! seat consistent after a panic.

mod common;

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use lubdub::prelude::*;
use lubdub::WorkerState;

#[test]
fn outside_every_pool_it_polls_until_ready() {
    let mut polls = 0;
    lubdub::wait_until(|| {
        polls += 1;
        polls == 1000
    });
    assert_eq!(polls, 1000);
}

#[test]
fn a_ready_condition_is_asked_once() {
    common::for_each_pool(|pool| {
        let mut polls = 0;
        pool.install(|| {
            lubdub::wait_until(|| {
                polls += 1;
                true
            })
        });
        assert_eq!(polls, 1);
    });
}

/// The condition becomes true only once every spawned job has run: on one
/// thread only the waiter can run them, so the wait must.
#[test]
fn the_waiter_runs_the_jobs_it_waits_for() {
    common::for_each_pool(|pool| {
        let jobs = common::scaled(200, 20);
        let done = AtomicUsize::new(0);
        pool.install(|| {
            lubdub::scope(|s| {
                for _ in 0..jobs {
                    s.spawn(|_| {
                        let (a, b) = lubdub::join(|| common::fib(12), || common::fib(11));
                        assert_eq!(a + b, common::fib(13));
                        done.fetch_add(1, Ordering::Release);
                    });
                }
                lubdub::wait_until(|| done.load(Ordering::Acquire) == jobs);
            })
        });
        assert_eq!(done.into_inner(), jobs);
    });
}

/// A loop that ends only once items of it ran on two different threads:
/// the other thread waits in `wait_until` for the loop's end, so the loop
/// ends early only if the waiter took part of it (a heartbeat of the loop
/// saw the waiter idle and split). Otherwise it runs to its bound and the
/// assertion fails.
#[test]
fn a_waiting_worker_takes_part_of_a_loop() {
    for heartbeat in [Duration::ZERO, lubdub::DEFAULT_HEARTBEAT] {
        let pool = common::pool(2, heartbeat);
        let loop_done = AtomicBool::new(false);
        let ran_on = [AtomicBool::new(false), AtomicBool::new(false)];
        let bound: u64 = if cfg!(miri) { 1 << 14 } else { 1 << 28 };
        let (found, ()) = pool.install(|| {
            lubdub::join(
                || {
                    let found = (0..bound).into_par_iter().find_any(|_| {
                        let me = lubdub::current_thread_index().unwrap();
                        ran_on[me].store(true, Ordering::Relaxed);
                        ran_on.iter().all(|ran| ran.load(Ordering::Relaxed))
                    });
                    loop_done.store(true, Ordering::Release);
                    found
                },
                || lubdub::wait_until(|| loop_done.load(Ordering::Acquire)),
            )
        });
        assert!(
            found.is_some(),
            "the loop ran on one thread only (heartbeat {heartbeat:?})"
        );
    }
}

#[test]
fn the_wait_is_blocked_time_in_the_profile() {
    let pool = common::pool(1, lubdub::DEFAULT_HEARTBEAT);
    let spin = Duration::from_millis(common::scaled(30, 3) as u64);
    let before = pool.profile();
    let seat = pool.install(|| {
        let start = std::time::Instant::now();
        lubdub::wait_until(|| start.elapsed() >= spin);
        lubdub::current_thread_index().unwrap()
    });
    let region = pool.profile().since(&before);
    let blocked = region.workers[seat].time_in(WorkerState::Blocked);
    assert!(
        blocked >= spin,
        "{blocked:?} blocked in a {spin:?} wait\n{region}"
    );
}

#[test]
fn a_panic_in_the_condition_leaves_the_pool_usable() {
    common::for_each_pool(|pool| {
        let caught = pool.install(|| {
            std::panic::catch_unwind(|| {
                let mut polls = 0;
                lubdub::wait_until(|| {
                    polls += 1;
                    assert!(polls < 3, "the condition gives up");
                    false
                })
            })
        });
        assert!(caught.is_err());
        // The seat is a working one again: joins, loops and waits still work.
        let sum: u64 = pool.install(|| (0..10_000u64).into_par_iter().sum());
        assert_eq!(sum, 10_000 * 9_999 / 2);
        let profile = pool.profile();
        for worker in &profile.workers {
            let accounted = worker.total_time().as_secs_f64();
            let wall = profile.elapsed.as_secs_f64();
            assert!((accounted - wall).abs() <= 0.01 * wall + 1e-3, "{profile}");
        }
    });
}

/// `b` sets what `a` waits for: on one thread the wait must share and run
/// its own pending `b` (as `join(send, receive)` needs). Not with the
/// heartbeat off, where nothing is ever shared.
#[test]
fn a_wait_runs_the_other_half_of_its_own_join() {
    for heartbeat in [Duration::ZERO, lubdub::DEFAULT_HEARTBEAT] {
        for &threads in common::THREAD_COUNTS {
            let pool = common::pool(threads, heartbeat);
            let flag = AtomicBool::new(false);
            pool.install(|| {
                lubdub::join(
                    || lubdub::wait_until(|| flag.load(Ordering::Acquire)),
                    || flag.store(true, Ordering::Release),
                )
            });
            assert!(flag.into_inner());
        }
    }
}
