//! An unindexed producer's cut made while no seat is idle stands published
//! (`src/scheduler/README.md`, "Standing offers"): a thread done with its own
//! half takes the other thread's second cut, with no heartbeat (the period
//! is endless) and no rescue signal.

use std::sync::Mutex;
use std::thread::{self, ThreadId};
use std::time::Duration;

use lubdub::prelude::*;
use lubdub::ThreadPoolBuilder;

/// Pieces of work as (name, milliseconds of sleep), cut in halves down to
/// one piece each by `lubdub::iter::split`.
const PIECES: [(char, u64); 4] = [('a', 300), ('b', 0), ('c', 500), ('d', 500)];

#[test]
fn a_thread_done_with_its_half_takes_the_thiefs_second_cut() {
    let pool = ThreadPoolBuilder::new()
        .num_threads(2)
        .interrupts(false)
        .heartbeat_interval(Duration::MAX)
        .build()
        .unwrap();
    let ran: Mutex<Vec<(char, ThreadId)>> = Mutex::new(Vec::new());
    pool.install(|| {
        let halves = |pieces: &'static [(char, u64)]| match pieces.len() {
            0 | 1 => (pieces, None),
            len => {
                let (left, right) = pieces.split_at(len / 2);
                (left, Some(right))
            }
        };
        lubdub::iter::split(&PIECES[..], halves).for_each(|pieces| {
            for &(name, millis) in pieces {
                thread::sleep(Duration::from_millis(millis));
                ran.lock().unwrap().push((name, thread::current().id()));
            }
        });
    });
    let ran = ran.into_inner().unwrap();
    let thread_of = |name| ran.iter().find(|(ran, _)| *ran == name).unwrap().1;
    assert_eq!(ran.len(), PIECES.len());
    // The root's cut is offered at once (a thread sleeps) and taken; that
    // thread cuts [c, d] while the caller sleeps in `a`, so no seat is idle:
    // `d` stands published, and the caller, done with `a` and `b`, takes it
    // while the other thread sleeps in `c`.
    assert_ne!(
        thread_of('c'),
        thread_of('d'),
        "the second cut of the stolen half waited for its owner: {ran:?}"
    );
}
