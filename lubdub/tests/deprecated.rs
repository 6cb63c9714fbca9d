//! Rayon's deprecated names still work: `Configuration`, `ThreadPool::new`,
//! `initialize` and `ThreadPoolBuilder::breadth_first`. (Its own binary:
//! `initialize` sets the global pool.)
#![allow(deprecated)]

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};

#[test]
fn initialize_sets_the_global_pool_once() {
    lubdub::initialize(lubdub::Configuration::new().num_threads(3)).unwrap();
    assert_eq!(lubdub::current_num_threads(), 3);
    let again = lubdub::initialize(lubdub::Configuration::new());
    assert!(again.is_err());
}

#[test]
fn a_configuration_builds_a_pool_with_every_setting() {
    let calls = Arc::new(AtomicUsize::new(0));
    let (start, exit, panics) = (Arc::clone(&calls), Arc::clone(&calls), Arc::clone(&calls));
    let (tx, rx) = mpsc::channel();
    let config = lubdub::Configuration::new()
        .num_threads(2)
        .thread_name(|i| format!("configured-{i}"))
        .stack_size(2 << 20)
        .breadth_first()
        .start_handler(move |_| {
            start.fetch_add(1, Ordering::SeqCst);
        })
        .exit_handler(move |_| {
            exit.fetch_add(10, Ordering::SeqCst);
        })
        .panic_handler(move |_| {
            panics.fetch_add(100, Ordering::SeqCst);
        });
    assert!(format!("{config:?}").contains("num_threads: 2"));
    let pool = lubdub::ThreadPool::new(config).unwrap();
    assert_eq!(pool.current_num_threads(), 2);
    pool.spawn(move || {
        let name = std::thread::current().name().map(str::to_owned);
        tx.send(name).unwrap();
        panic!("configured");
    });
    assert!(rx.recv().unwrap().unwrap().starts_with("configured-"));
    pool.shutdown();
    assert_eq!(calls.load(Ordering::SeqCst), 2 + 20 + 100);
    let error = lubdub::Configuration::new().num_threads(usize::MAX).build();
    assert!(error.is_err());
}

#[test]
fn breadth_first_runs_a_seat_s_own_jobs_oldest_first() {
    for breadth_first in [false, true] {
        let mut builder = lubdub::ThreadPoolBuilder::new().num_threads(1);
        if breadth_first {
            builder = builder.breadth_first();
        }
        let pool = builder.build().unwrap();
        let (tx, rx) = mpsc::channel();
        pool.install(|| {
            for i in 0..4 {
                let tx = tx.clone();
                lubdub::spawn(move || tx.send(i).unwrap());
            }
        });
        drop(tx);
        let order: Vec<i32> = rx.iter().collect();
        let expected = if breadth_first {
            [0, 1, 2, 3]
        } else {
            [3, 2, 1, 0]
        };
        assert_eq!(order, expected);
    }
}
