//! How a pool ends: dropping it returns at once (as Rayon's drop does) and
//! the threads finish the queued work in the background; `shutdown` waits
//! for them.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Barrier, Mutex};
use std::time::Duration;

use lubdub::ThreadPoolBuilder;

const THREAD_COUNTS: [usize; 3] = [1, 2, 8];

/// Runs `check` on its own thread and fails if it has not finished within a
/// minute, so that a hang is a failure rather than a stuck test run.
fn without_hanging(check: impl FnOnce() + Send + 'static) {
    let (done, finished) = mpsc::channel();
    let thread = std::thread::spawn(move || {
        check();
        done.send(()).unwrap();
    });
    match finished.recv_timeout(Duration::from_secs(60)) {
        Ok(()) | Err(RecvTimeoutError::Disconnected) => thread.join().unwrap(),
        Err(RecvTimeoutError::Timeout) => panic!("hung for a minute"),
    }
}

/// What a pool handler gets: the thread's index.
type Handler = Box<dyn Fn(usize) + Send + Sync>;

/// Drops pools whose handler, set by `set_handler`, waits at a barrier that
/// the dropping thread reaches only once the drop has returned.
fn dropping_returns_while_handlers_wait(
    set_handler: fn(ThreadPoolBuilder, Handler) -> ThreadPoolBuilder,
) {
    for n in THREAD_COUNTS {
        without_hanging(move || {
            let barrier = Arc::new(Barrier::new(n + 1));
            let waiting = Arc::clone(&barrier);
            let builder = ThreadPoolBuilder::new().num_threads(n);
            let pool = set_handler(
                builder,
                Box::new(move |_| {
                    waiting.wait();
                }),
            )
            .build()
            .unwrap();
            drop(pool);
            barrier.wait();
        });
    }
}

#[test]
fn dropping_returns_while_start_handlers_wait_for_the_dropping_thread() {
    dropping_returns_while_handlers_wait(|builder, handler| builder.start_handler(handler));
}

#[test]
fn dropping_returns_while_exit_handlers_wait_for_the_dropping_thread() {
    dropping_returns_while_handlers_wait(|builder, handler| builder.exit_handler(handler));
}

#[test]
fn a_spawned_job_waiting_for_a_message_sent_after_the_drop_still_runs() {
    for n in THREAD_COUNTS {
        without_hanging(move || {
            let (tx, rx) = mpsc::channel::<usize>();
            let (back, answers) = mpsc::channel();
            let pool = ThreadPoolBuilder::new().num_threads(n).build().unwrap();
            pool.spawn(move || back.send(rx.recv().unwrap() * 2).unwrap());
            drop(pool);
            tx.send(21).unwrap();
            assert_eq!(answers.recv().unwrap(), 42);
        });
    }
}

#[test]
fn shutdown_runs_the_queued_jobs_and_joins_the_threads() {
    for n in THREAD_COUNTS {
        let exited = Arc::new(AtomicUsize::new(0));
        let counter = Arc::clone(&exited);
        let pool = ThreadPoolBuilder::new()
            .num_threads(n)
            .exit_handler(move |_| {
                counter.fetch_add(1, Ordering::SeqCst);
            })
            .build()
            .unwrap();
        let ran = Arc::new(AtomicUsize::new(0));
        let jobs = if cfg!(miri) { 5 } else { 200 };
        for _ in 0..jobs {
            let ran = Arc::clone(&ran);
            pool.spawn(move || {
                ran.fetch_add(1, Ordering::SeqCst);
            });
        }
        pool.shutdown();
        assert_eq!(ran.load(Ordering::SeqCst), jobs);
        // Each thread's exit handler is the last thing it runs.
        assert_eq!(exited.load(Ordering::SeqCst), n);
    }
}

#[test]
fn shutdown_from_one_of_the_pools_own_jobs_does_not_wait_for_itself() {
    for n in THREAD_COUNTS {
        without_hanging(move || {
            let slot = Arc::new(Mutex::new(None));
            let (done, finished) = mpsc::channel();
            let taken = Arc::clone(&slot);
            let pool = ThreadPoolBuilder::new().num_threads(n).build().unwrap();
            let mut held = slot.lock().unwrap();
            pool.spawn(move || {
                let pool: lubdub::ThreadPool = taken.lock().unwrap().take().unwrap();
                pool.shutdown();
                done.send(()).unwrap();
            });
            *held = Some(pool);
            drop(held);
            finished.recv().unwrap();
        });
    }
}

#[test]
#[cfg_attr(miri, ignore = "Miri's isolation forbids files")]
fn a_dropped_pools_last_thread_writes_its_trace() {
    let path = std::env::temp_dir().join(format!("lubdub-end-trace-{}.json", std::process::id()));
    // The exit handlers hold the threads until the file has been looked at.
    let (release, gate) = mpsc::channel::<()>();
    let gate = Mutex::new(gate);
    let mut threads = Vec::new();
    let pool = ThreadPoolBuilder::new()
        .num_threads(2)
        .trace_file(&path)
        .exit_handler(move |_| gate.lock().unwrap().recv().unwrap())
        .spawn_handler(|thread| {
            threads.push(std::thread::spawn(move || thread.run()));
            Ok(())
        })
        .build()
        .unwrap();
    pool.install(|| lubdub::join(|| (), || ()));
    drop(pool);
    assert!(!path.exists(), "written before the threads exited");
    release.send(()).unwrap();
    release.send(()).unwrap();
    for thread in threads {
        thread.join().unwrap();
    }
    let json = std::fs::read_to_string(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    assert!(json.contains("traceEvents"), "{json}");
}
