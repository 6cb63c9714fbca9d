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

#[test]
fn fifo_scopes_finish_every_job_and_borrow() {
    for threads in [1, 2, 8] {
        let pool = common::pool(threads, lubdub::DEFAULT_HEARTBEAT);
        let count = AtomicUsize::new(0);
        fn spread<'s>(s: &lubdub::ScopeFifo<'s>, depth: u32, count: &'s AtomicUsize) {
            count.fetch_add(1, Ordering::Relaxed);
            if depth > 0 {
                s.spawn_fifo(move |s| spread(s, depth - 1, count));
                s.spawn_fifo(move |s| spread(s, depth - 1, count));
            }
        }
        let depth = scaled(8, 3) as u32;
        pool.scope_fifo(|s| spread(s, depth, &count));
        assert_eq!(count.into_inner(), (1 << (depth + 1)) - 1);
        let mut cells = vec![0; scaled(64, 4)];
        lubdub::scope_fifo(|s| {
            for (i, cell) in cells.iter_mut().enumerate() {
                s.spawn_fifo(move |_| *cell = i + 1);
            }
        });
        assert!(cells.iter().enumerate().all(|(i, &c)| c == i + 1));
    }
}

#[test]
fn a_panicking_fifo_job_propagates_after_the_others_finished() {
    for threads in [1, 2, 8] {
        let pool = common::pool(threads, lubdub::DEFAULT_HEARTBEAT);
        let finished = AtomicUsize::new(0);
        let result = catch_unwind(AssertUnwindSafe(|| {
            pool.scope_fifo(|s| {
                for i in 0..scaled(16, 4) {
                    let finished = &finished;
                    s.spawn_fifo(move |_| {
                        assert_ne!(i, 2, "job 2");
                        finished.fetch_add(1, Ordering::SeqCst);
                    });
                }
            })
        }));
        assert!(result.is_err());
        assert_eq!(finished.into_inner(), scaled(16, 4) - 1);
    }
}

#[test]
fn in_place_scopes_run_the_body_here_and_the_jobs_in_the_pool() {
    use std::rc::Rc;
    for threads in [1, 2, 8] {
        let pool = common::pool(threads, lubdub::DEFAULT_HEARTBEAT);
        let other = common::pool(3, lubdub::DEFAULT_HEARTBEAT);
        let here = std::thread::current().id();
        // `here_threads`: the size of the calling thread's own pool.
        let check = |here_threads: usize| {
            let not_send = Rc::new(());
            let sizes = Mutex::new(Vec::new());
            pool.in_place_scope(|s| {
                assert_eq!(std::thread::current().id(), here, "the body runs here");
                assert_eq!(lubdub::current_num_threads(), here_threads);
                let _keep = Rc::clone(&not_send);
                for _ in 0..scaled(8, 2) {
                    s.spawn(|_| sizes.lock().unwrap().push(lubdub::current_num_threads()));
                }
            });
            pool.in_place_scope_fifo(|s| {
                let _keep = Rc::clone(&not_send);
                s.spawn_fifo(|_| sizes.lock().unwrap().push(lubdub::current_num_threads()));
            });
            let sizes = sizes.into_inner().unwrap();
            assert_eq!(sizes.len(), scaled(8, 2) + 1);
            assert!(sizes.iter().all(|&n| n == threads), "{sizes:?}");
        };
        check(lubdub::current_num_threads()); // from outside: the global pool
        other.install(|| check(3)); // from another pool's seat
        pool.install(|| {
            // From inside: the free functions use the current pool.
            let mut cells = [0; 3];
            lubdub::in_place_scope(|s| {
                for (i, cell) in cells.iter_mut().enumerate() {
                    s.spawn(move |_| *cell = i + 1);
                }
            });
            assert_eq!(cells, [1, 2, 3]);
            lubdub::in_place_scope_fifo(|s| s.spawn_fifo(|_| cells[0] = 9));
            assert_eq!(cells[0], 9);
        });
    }
}

#[test]
fn an_in_place_scope_may_block_while_the_pool_runs_its_jobs() {
    // The body waits for its own job: only the pool's thread can run it.
    let pool = common::pool(1, lubdub::DEFAULT_HEARTBEAT);
    let (tx, rx) = std::sync::mpsc::channel();
    pool.in_place_scope(|s| {
        let tx = tx.clone();
        s.spawn(move |_| tx.send(1).unwrap());
        assert_eq!(rx.recv().unwrap(), 1);
    });
    pool.in_place_scope_fifo(|s| {
        s.spawn_fifo(move |_| tx.send(2).unwrap());
        assert_eq!(rx.recv().unwrap(), 2);
    });
}

#[test]
fn an_in_place_scope_from_outside_propagates_panics() {
    let pool = common::pool(2, lubdub::DEFAULT_HEARTBEAT);
    let finished = AtomicUsize::new(0);
    let result = catch_unwind(AssertUnwindSafe(|| {
        pool.in_place_scope(|s| {
            s.spawn(|_| panic!("in place"));
            s.spawn(|_| {
                finished.fetch_add(1, Ordering::SeqCst);
            });
        })
    }));
    assert_eq!(
        result.unwrap_err().downcast_ref::<&str>(),
        Some(&"in place")
    );
    assert_eq!(finished.into_inner(), 1);
}
