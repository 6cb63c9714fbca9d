//! How a pool gets its threads: start and exit handlers, spawn handlers,
//! `build_scoped`, and `use_current_thread`.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::time::Duration;

use lubdub::{ErrorKind, ThreadPoolBuilder};

const THREAD_COUNTS: [usize; 3] = [1, 2, 8];

/// A handler that records the indices it was called with.
fn recorder() -> (
    Arc<Mutex<Vec<usize>>>,
    impl Fn(usize) + Send + Sync + 'static,
) {
    let calls = Arc::new(Mutex::new(Vec::new()));
    let record = Arc::clone(&calls);
    (calls, move |index| record.lock().unwrap().push(index))
}

fn sorted(calls: &Mutex<Vec<usize>>) -> Vec<usize> {
    let mut calls = calls.lock().unwrap().clone();
    calls.sort_unstable();
    calls
}

#[test]
fn start_and_exit_handlers_run_once_per_started_thread() {
    for n in THREAD_COUNTS {
        let (started, start) = recorder();
        let (exited, exit) = recorder();
        let pool = ThreadPoolBuilder::new()
            .num_threads(n)
            .start_handler(start)
            .exit_handler(exit)
            .build()
            .unwrap();
        assert_eq!(pool.install(|| 1 + 1), 2);
        pool.shutdown(); // joins the threads, after their exit handlers
        assert_eq!(sorted(&started), (0..n).collect::<Vec<_>>());
        assert_eq!(sorted(&exited), (0..n).collect::<Vec<_>>());
    }
}

#[test]
fn handler_panics_go_to_the_panic_handler_and_threads_go_on() {
    for n in THREAD_COUNTS {
        let caught = Arc::new(Mutex::new(Vec::new()));
        let record = Arc::clone(&caught);
        let pool = ThreadPoolBuilder::new()
            .num_threads(n)
            .start_handler(|_| panic!("start"))
            .exit_handler(|_| panic!("exit"))
            .panic_handler(move |payload| {
                let text = *payload.downcast_ref::<&str>().unwrap();
                record.lock().unwrap().push(text);
            })
            .build()
            .unwrap();
        assert_eq!(pool.broadcast(|ctx| ctx.index()).len(), n);
        pool.shutdown();
        let mut caught = caught.lock().unwrap().clone();
        caught.sort_unstable();
        let expected: Vec<&str> = [vec!["exit"; n], vec!["start"; n]].concat();
        assert_eq!(caught, expected);
    }
}

#[test]
fn a_spawn_handler_starts_every_thread_and_the_pool_runs_on_them() {
    for n in THREAD_COUNTS {
        let handles = Mutex::new(Vec::new());
        let pool = ThreadPoolBuilder::new()
            .num_threads(n)
            .thread_name(|i| format!("mine-{i}"))
            .spawn_handler(|thread| {
                let name = thread.name().unwrap().to_owned();
                assert_eq!(name, format!("mine-{}", thread.index()));
                let handle = std::thread::Builder::new().name(name).spawn(|| {
                    thread.run();
                    lubdub::current_thread_index() // none after the pool
                })?;
                handles.lock().unwrap().push(handle);
                Ok(())
            })
            .build()
            .unwrap();
        // Callers wait for the pool's own threads instead of taking a seat.
        let name = pool.install(|| std::thread::current().name().map(str::to_owned));
        assert!(name.is_some_and(|name| name.starts_with("mine-")));
        let names = pool.broadcast(|_| std::thread::current().name().map(str::to_owned));
        assert!(names
            .iter()
            .all(|name| name.as_deref().unwrap().starts_with("mine-")));
        drop(pool); // returns at once; the threads then leave the pool
        for handle in handles.into_inner().unwrap() {
            assert_eq!(handle.join().unwrap(), None);
        }
    }
}

#[test]
fn a_failing_spawn_handler_is_an_error_and_stops_the_started_threads() {
    let (exited, exit) = recorder();
    let mut started = Vec::new();
    let result = ThreadPoolBuilder::new()
        .num_threads(4)
        .exit_handler(exit)
        .spawn_handler(|thread| {
            if thread.index() == 2 {
                return Err(std::io::Error::other("no more threads"));
            }
            started.push(std::thread::spawn(|| thread.run()));
            Ok(())
        })
        .build();
    let error = result.unwrap_err();
    assert!(matches!(
        error.kind(),
        ErrorKind::ThreadSpawn { index: 2, .. }
    ));
    assert!(std::error::Error::source(&error).is_some());
    for handle in started {
        handle.join().unwrap();
    }
    assert_eq!(sorted(&exited), [0, 1]);
}

#[test]
fn a_panicking_name_callback_stops_the_threads_already_started() {
    let (started, start) = recorder();
    let (exited, exit) = recorder();
    let result = catch_unwind(AssertUnwindSafe(|| {
        ThreadPoolBuilder::new()
            .num_threads(6)
            .start_handler(start)
            .exit_handler(exit)
            .thread_name(|i| {
                assert!(i < 3, "no name for {i}");
                format!("named-{i}")
            })
            .build()
    }));
    assert!(result.is_err());
    // The three threads started were stopped and joined before the panic
    // went on.
    assert_eq!(sorted(&started), [0, 1, 2]);
    assert_eq!(sorted(&exited), [0, 1, 2]);
}

#[test]
fn build_scoped_threads_run_the_wrapper_and_all_the_work() {
    thread_local!(static LABEL: std::cell::Cell<usize> = const { std::cell::Cell::new(0) });
    for n in THREAD_COUNTS {
        let wrapped = AtomicUsize::new(0);
        let labels = ThreadPoolBuilder::new()
            .num_threads(n)
            .build_scoped(
                |thread| {
                    wrapped.fetch_add(1, Ordering::SeqCst);
                    LABEL.with(|label| label.set(100 + thread.index()));
                    thread.run();
                },
                |pool| {
                    let installed = pool.install(|| LABEL.with(|l| l.get()));
                    assert!(installed >= 100, "install ran on a pool thread");
                    pool.broadcast(|_| LABEL.with(|l| l.get()))
                },
            )
            .unwrap();
        assert_eq!(labels, (100..100 + n).collect::<Vec<_>>());
        assert_eq!(wrapped.into_inner(), n);
    }
}

#[test]
fn the_current_thread_becomes_seat_zero() {
    for n in THREAD_COUNTS {
        let (started, start) = recorder();
        let (done, done_rx) = mpsc::channel();
        std::thread::spawn(move || {
            let pool = ThreadPoolBuilder::new()
                .num_threads(n)
                .use_current_thread()
                .start_handler(start)
                .build()
                .unwrap();
            assert_eq!(lubdub::current_thread_index(), Some(0));
            assert_eq!(pool.current_thread_index(), Some(0));
            let again = ThreadPoolBuilder::new().use_current_thread().build();
            assert!(matches!(
                again.unwrap_err().kind(),
                ErrorKind::CurrentThreadAlreadyInPool
            ));
            // Work that this thread spawns is taken by the others, or by
            // this thread when it waits.
            let (tx, rx) = mpsc::channel();
            lubdub::spawn(move || tx.send(lubdub::current_thread_index()).unwrap());
            let ran_on = if n == 1 {
                assert_eq!(lubdub::yield_now(), Some(lubdub::Yield::Executed));
                rx.recv().unwrap()
            } else {
                rx.recv_timeout(Duration::from_secs(60)).unwrap()
            };
            assert!(ran_on.is_some_and(|i| i < n));
            assert_eq!(
                pool.broadcast(|ctx| ctx.index()),
                (0..n).collect::<Vec<_>>()
            );
            let mut cells = vec![0; 4];
            lubdub::scope(|s| {
                for (i, cell) in cells.iter_mut().enumerate() {
                    s.spawn(move |_| *cell = i + 1);
                }
            });
            assert_eq!(cells, [1, 2, 3, 4]);
            drop(pool);
            done.send(()).unwrap();
        });
        done_rx.recv_timeout(Duration::from_secs(60)).unwrap();
        // Seat 0 is the building thread: no start handler ran for it.
        let started = sorted(&started);
        assert!(!started.contains(&0) && started.len() < n, "{started:?}");
    }
}

#[test]
fn builder_and_thread_builder_print_their_settings() {
    let builder = ThreadPoolBuilder::new()
        .num_threads(3)
        .start_handler(|_| ());
    let text = format!("{builder:?}");
    assert!(
        text.contains("num_threads: 3") && text.contains("start: true"),
        "{text}"
    );
    let seen = Mutex::new(String::new());
    let pool = ThreadPoolBuilder::new()
        .num_threads(1)
        .spawn_handler(|thread| {
            *seen.lock().unwrap() = format!("{thread:?}");
            std::thread::spawn(|| thread.run());
            Ok(())
        })
        .build()
        .unwrap();
    drop(pool);
    assert!(seen.into_inner().unwrap().contains("index: 0"));
}
