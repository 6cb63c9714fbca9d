//! A loop of a few long items, with nothing parallel inside them (issue
//! "the scheduler shares work wherever it is"): its rest is offered and
//! polled for before each item, so an idle thread gets half of it. In a
//! test binary of its own, so that no other test takes the cores while it
//! waits for the second thread.

mod common;

use std::time::Duration;

use lubdub::prelude::*;

/// A loop of a few expensive items, with nothing parallel inside them, is
/// halved at a poll before one of its items when a thread is idle (a short
/// piece's chunks are one item long, and the poll comes before each chunk),
/// even right after a loop of cheap items, whose chunk countdown may be
/// long: the rescue signal then makes the next poll read the clock. Both
/// threads of the pool start items.
#[test]
#[cfg_attr(miri, ignore = "waits for a second thread to take work")]
fn a_few_long_items_are_shared() {
    use std::sync::atomic::{AtomicBool, Ordering};
    let pool = common::pool(2, lubdub::DEFAULT_HEARTBEAT);
    // Each item spins until an item has started on another thread, or for
    // a second (long, so that a loaded machine still runs the second
    // thread meanwhile): it never joins and never polls.
    let tries = 5;
    for _ in 0..tries {
        let started_elsewhere = AtomicBool::new(false);
        let caller = std::thread::current().id();
        pool.install(|| {
            let cheap: u64 = (0..1_000_000u64).into_par_iter().sum();
            assert_eq!(cheap, 499_999_500_000);
            (0..4).into_par_iter().for_each(|_| {
                if std::thread::current().id() != caller {
                    started_elsewhere.store(true, Ordering::Relaxed);
                }
                let until = std::time::Instant::now() + Duration::from_secs(1);
                while !started_elsewhere.load(Ordering::Relaxed)
                    && std::time::Instant::now() < until
                {
                    std::hint::spin_loop();
                }
            })
        });
        if started_elsewhere.into_inner() {
            return;
        }
    }
    panic!("in {tries} runs, all four items ran on the caller's thread");
}

/// A loop of sixteen long items after a loop of cheap ones, in the same
/// call: the chunk countdown, calibrated on the cheap items, would let its
/// first chunk hold half the piece, eight items, unpolled. Since another
/// loop calibrated the countdown, its first chunk is one item, and the
/// poll after it reads the clock and, with a beat due, hands out the rest.
/// No rescue here, and the second item waits, without a poll, until an
/// item has run on the other thread: only a poll between the first two
/// items lets one.
#[test]
#[cfg_attr(miri, ignore = "waits for a second thread to take work")]
fn a_loop_after_a_cheaper_one_polls_after_its_first_item() {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::time::Instant;
    let pool = lubdub::ThreadPoolBuilder::new()
        .num_threads(2)
        .interrupts(false)
        .build()
        .unwrap();
    let limit = Duration::from_secs(5);
    let ran_elsewhere = AtomicBool::new(false);
    let second_item_saw_it = pool.install(|| {
        let caller = std::thread::current().id();
        let cheap: u64 = (0..1_000_000u64).into_par_iter().sum();
        assert_eq!(cheap, 499_999_500_000);
        // Longer than the heartbeat's spacing at its longest, without a
        // poll: a beat is due at the next loop's first poll.
        let until = Instant::now() + Duration::from_millis(5);
        while Instant::now() < until {
            std::hint::spin_loop();
        }
        (0..16_usize)
            .into_par_iter()
            .map(|item| {
                if std::thread::current().id() != caller {
                    ran_elsewhere.store(true, Ordering::Release);
                }
                item != 1 || common::spin_until_set(&ran_elsewhere, limit)
            })
            .collect::<Vec<bool>>()[1]
    });
    assert!(
        second_item_saw_it,
        "the loop's rest went to the idle thread between its first two items"
    );
}
