//! `spawn` and `spawn_fifo`: fire-and-forget jobs, their panics, and queued
//! work at drop.

mod common;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::Arc;
use std::time::Duration;

#[test]
fn spawned_jobs_run_in_every_setting() {
    common::for_each_pool(|pool| {
        let (tx, rx) = mpsc::channel();
        let jobs = common::scaled(100, 5);
        for i in 0..jobs {
            let tx = tx.clone();
            pool.spawn(move || tx.send((i, lubdub::current_thread_index())).unwrap());
        }
        let mut seen: Vec<_> = (0..jobs)
            .map(|_| rx.recv_timeout(Duration::from_secs(60)).unwrap())
            .collect();
        assert!(seen
            .iter()
            .all(|(_, index)| index.is_some_and(|i| i < pool.current_num_threads())));
        seen.sort();
        assert!(seen.iter().enumerate().all(|(i, (j, _))| i == *j));
    });
}

#[test]
fn spawn_from_inside_a_pool_stays_in_that_pool() {
    let pool = common::pool(3, lubdub::DEFAULT_HEARTBEAT);
    let (tx, rx) = mpsc::channel();
    pool.install(|| lubdub::spawn(move || tx.send(lubdub::current_num_threads()).unwrap()));
    assert_eq!(rx.recv_timeout(Duration::from_secs(60)).unwrap(), 3);
}

#[test]
fn a_panic_goes_to_the_handler_and_the_pool_lives_on() {
    let caught = Arc::new(AtomicUsize::new(0));
    let handler_count = Arc::clone(&caught);
    let pool = lubdub::ThreadPoolBuilder::new()
        .num_threads(2)
        .panic_handler(move |payload| {
            assert_eq!(payload.downcast_ref::<&str>(), Some(&"spawned"));
            handler_count.fetch_add(1, Ordering::SeqCst);
        })
        .build()
        .unwrap();
    pool.spawn(|| panic!("spawned"));
    let (tx, rx) = mpsc::channel();
    pool.spawn(move || tx.send(()).unwrap());
    rx.recv_timeout(Duration::from_secs(60)).unwrap();
    pool.shutdown(); // drains and joins: the panicking job has run
    assert_eq!(caught.load(Ordering::SeqCst), 1);
}

#[test]
fn queued_jobs_run_before_the_pool_is_gone() {
    let done = Arc::new(AtomicUsize::new(0));
    let pool = common::pool(1, lubdub::DEFAULT_HEARTBEAT);
    let jobs = common::scaled(50, 5);
    for _ in 0..jobs {
        let done = Arc::clone(&done);
        pool.spawn(move || {
            std::thread::sleep(Duration::from_micros(200));
            done.fetch_add(1, Ordering::SeqCst);
        });
    }
    pool.shutdown();
    assert_eq!(done.load(Ordering::SeqCst), jobs);
}

#[test]
fn fifo_spawns_run_everywhere_and_their_panics_reach_the_handler() {
    for threads in [1, 2, 8] {
        let caught = Arc::new(AtomicUsize::new(0));
        let counter = Arc::clone(&caught);
        let pool = lubdub::ThreadPoolBuilder::new()
            .num_threads(threads)
            .panic_handler(move |payload| {
                assert_eq!(payload.downcast_ref::<&str>(), Some(&"fifo job"));
                counter.fetch_add(1, Ordering::SeqCst);
            })
            .build()
            .unwrap();
        let (tx, rx) = mpsc::channel();
        let jobs = common::scaled(40, 4);
        for i in 0..jobs {
            let tx = tx.clone();
            pool.spawn_fifo(move || tx.send(i).unwrap());
        }
        pool.install(|| {
            for i in jobs..2 * jobs {
                let tx = tx.clone();
                lubdub::spawn_fifo(move || tx.send(i).unwrap());
            }
            lubdub::spawn_fifo(|| panic!("fifo job"));
        });
        pool.spawn_fifo(|| panic!("fifo job"));
        let mut seen: Vec<_> = (0..2 * jobs)
            .map(|_| rx.recv_timeout(Duration::from_secs(60)).unwrap())
            .collect();
        seen.sort();
        assert!(seen.iter().copied().eq(0..2 * jobs));
        pool.shutdown(); // drains and joins: both panicking jobs have run
        assert_eq!(caught.load(Ordering::SeqCst), 2);
    }
}
