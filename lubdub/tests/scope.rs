//! `scope` and `Scope::spawn`: borrowing, nesting, waiting, panics.

mod common;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use common::{fib, fib_sequential, for_each_pool, scaled};

#[test]
fn spawned_jobs_write_through_borrows() {
    for_each_pool(|pool| {
        let mut cells = vec![0usize; scaled(200, 10)];
        pool.scope(|s| {
            for (i, cell) in cells.iter_mut().enumerate() {
                s.spawn(move |_| *cell = i * i);
            }
        });
        assert!(cells.iter().enumerate().all(|(i, &c)| c == i * i));
    });
}

#[test]
fn nested_spawns_all_finish_before_scope_returns() {
    for_each_pool(|pool| {
        let count = AtomicUsize::new(0);
        fn spread<'s>(s: &lubdub::Scope<'s>, depth: u32, count: &'s AtomicUsize) {
            count.fetch_add(1, Ordering::Relaxed);
            if depth > 0 {
                s.spawn(move |s| spread(s, depth - 1, count));
                s.spawn(move |s| spread(s, depth - 1, count));
            }
        }
        let depth = scaled(9, 3) as u32;
        pool.scope(|s| spread(s, depth, &count));
        assert_eq!(count.into_inner(), (1 << (depth + 1)) - 1);
    });
}

#[test]
fn scope_returns_the_body_result_and_mixes_with_join() {
    for_each_pool(|pool| {
        let results = Mutex::new(Vec::new());
        let body = pool.scope(|s| {
            for n in 10..14u64 {
                let results = &results;
                // Compute first, then lock: holding a lock across joins can
                // deadlock, since a waiting thread runs other jobs that may
                // want the same lock.
                s.spawn(move |_| {
                    let value = fib(n);
                    results.lock().unwrap().push((n, value));
                });
            }
            let (a, b) = lubdub::join(|| fib(12), || fib(11));
            a + b
        });
        assert_eq!(body, fib_sequential(13));
        let mut results = results.into_inner().unwrap();
        results.sort();
        assert_eq!(
            results,
            (10..14).map(|n| (n, fib_sequential(n))).collect::<Vec<_>>()
        );
    });
}

#[test]
fn a_panicking_job_propagates_after_the_others_finished() {
    for_each_pool(|pool| {
        let finished = AtomicUsize::new(0);
        let result = catch_unwind(AssertUnwindSafe(|| {
            pool.scope(|s| {
                for i in 0..scaled(32, 4) {
                    let finished = &finished;
                    s.spawn(move |_| {
                        if i == 1 {
                            panic!("job 1");
                        }
                        finished.fetch_add(1, Ordering::SeqCst);
                    });
                }
            })
        }));
        assert_eq!(result.unwrap_err().downcast_ref::<&str>(), Some(&"job 1"));
        assert_eq!(finished.into_inner(), scaled(32, 4) - 1);
        assert_eq!(pool.install(|| fib(10)), 55, "the pool stays usable");
    });
}

#[test]
fn a_panicking_body_still_waits_for_its_jobs() {
    let pool = common::pool(2, std::time::Duration::ZERO);
    let finished = AtomicUsize::new(0);
    let result = catch_unwind(AssertUnwindSafe(|| {
        pool.scope(|s| {
            s.spawn(|_| {
                std::thread::sleep(std::time::Duration::from_millis(20));
                finished.fetch_add(1, Ordering::SeqCst);
            });
            panic!("body");
        })
    }));
    assert_eq!(result.unwrap_err().downcast_ref::<&str>(), Some(&"body"));
    assert_eq!(finished.into_inner(), 1);
}

#[test]
fn global_scope_from_outside() {
    let mut total = 0u64;
    lubdub::scope(|s| s.spawn(|_| total = fib(15)));
    assert_eq!(total, fib_sequential(15));
}
