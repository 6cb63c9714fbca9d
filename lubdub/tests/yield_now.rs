//! `yield_now`, `yield_local` and `current_thread_has_pending_tasks`.

mod common;

use std::sync::mpsc;
use std::time::Duration;

use lubdub::Yield;

#[test]
fn outside_every_pool_there_is_nothing_to_yield_to() {
    assert_eq!(lubdub::yield_now(), None);
    assert_eq!(lubdub::yield_local(), None);
    assert_eq!(lubdub::current_thread_has_pending_tasks(), None);
    let pool = common::pool(2, lubdub::DEFAULT_HEARTBEAT);
    let other = common::pool(1, lubdub::DEFAULT_HEARTBEAT);
    let from_other = other.install(|| {
        (
            pool.yield_now(),
            pool.yield_local(),
            pool.current_thread_has_pending_tasks(),
            lubdub::yield_now(), // the other pool's own
        )
    });
    assert_eq!(from_other, (None, None, None, Some(Yield::Idle)));
}

#[test]
fn a_lone_thread_runs_its_own_jobs_when_it_yields() {
    let pool = common::pool(1, lubdub::DEFAULT_HEARTBEAT);
    pool.install(|| {
        let (tx, rx) = mpsc::channel();
        assert_eq!(lubdub::current_thread_has_pending_tasks(), Some(false));
        for i in 0..3 {
            let tx = tx.clone();
            lubdub::spawn(move || tx.send(i).unwrap());
        }
        assert_eq!(lubdub::current_thread_has_pending_tasks(), Some(true));
        assert_eq!(lubdub::yield_local(), Some(Yield::Executed));
        assert_eq!(rx.try_recv(), Ok(2), "newest first");
        assert_eq!(pool.yield_now(), Some(Yield::Executed));
        assert_eq!(pool.yield_local(), Some(Yield::Executed));
        assert_eq!(rx.try_iter().collect::<Vec<_>>(), [1, 0]);
        assert_eq!(lubdub::yield_local(), Some(Yield::Idle));
        assert_eq!(lubdub::yield_now(), Some(Yield::Idle));
        assert_eq!(pool.current_thread_has_pending_tasks(), Some(false));
    });
}

#[test]
fn only_yield_now_takes_work_queued_from_outside() {
    let pool = common::pool(1, lubdub::DEFAULT_HEARTBEAT);
    pool.install(|| {
        // The caller holds the pool's only seat: a job spawned from another
        // thread waits in the pool's shared queue.
        let (tx, rx) = mpsc::channel();
        std::thread::scope(|s| {
            s.spawn(|| pool.spawn(move || tx.send("shared").unwrap()));
        });
        assert_eq!(lubdub::yield_local(), Some(Yield::Idle));
        assert_eq!(lubdub::yield_now(), Some(Yield::Executed));
        assert_eq!(rx.try_recv(), Ok("shared"));
    });
}

#[test]
fn pending_joins_count_as_pending_tasks() {
    for threads in [1, 2, 8] {
        let pool = common::pool(threads, lubdub::DEFAULT_HEARTBEAT);
        let (inside_a, inside_b) =
            pool.install(|| lubdub::join(lubdub::current_thread_has_pending_tasks, || ()));
        assert_eq!(inside_a, Some(true));
        assert_eq!(inside_b, ());
    }
}

#[test]
fn yielding_never_blocks_and_every_job_still_runs() {
    for threads in [1, 2, 8] {
        let pool = common::pool(threads, lubdub::DEFAULT_HEARTBEAT);
        let (tx, rx) = mpsc::channel();
        let jobs = common::scaled(50, 5);
        pool.install(|| {
            for i in 0..jobs {
                let tx = tx.clone();
                lubdub::spawn_fifo(move || tx.send(i).unwrap());
                let outcome = if i % 2 == 0 {
                    lubdub::yield_now()
                } else {
                    lubdub::yield_local()
                };
                assert!(outcome.is_some());
            }
        });
        let mut seen: Vec<_> = (0..jobs)
            .map(|_| rx.recv_timeout(Duration::from_secs(60)).unwrap())
            .collect();
        seen.sort_unstable();
        assert!(seen.into_iter().eq(0..jobs));
    }
}
