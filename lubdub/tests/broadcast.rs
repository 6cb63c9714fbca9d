//! Broadcasts: `broadcast`, `spawn_broadcast` and the scopes'
//! `spawn_broadcast` run once on every seat, panics included, whoever
//! occupies the seat.

mod common;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Arc, Barrier, Mutex};
use std::time::Duration;

const THREAD_COUNTS: [usize; 3] = [1, 2, 8];

fn pool(threads: usize) -> lubdub::ThreadPool {
    common::pool(threads, lubdub::DEFAULT_HEARTBEAT)
}

/// The seats that ran, sorted, must be `0..n` once each.
fn assert_each_seat_once(mut seats: Vec<usize>, n: usize) {
    seats.sort_unstable();
    assert_eq!(seats, (0..n).collect::<Vec<_>>());
}

#[test]
fn broadcast_runs_once_per_seat_from_outside_and_inside() {
    for n in THREAD_COUNTS {
        let pool = pool(n);
        let runs = Mutex::new(Vec::new());
        let op = |ctx: lubdub::BroadcastContext<'_>| {
            assert_eq!(lubdub::current_thread_index(), Some(ctx.index()));
            assert_eq!(ctx.num_threads(), n);
            runs.lock().unwrap().push(ctx.index());
            ctx.index() * 10
        };
        let outside = pool.broadcast(op);
        let inside = pool.install(|| lubdub::broadcast(op));
        let expected: Vec<usize> = (0..n).map(|i| i * 10).collect();
        assert_eq!((outside, inside), (expected.clone(), expected));
        let runs = runs.into_inner().unwrap();
        assert_each_seat_once(runs[..n].to_vec(), n);
        assert_each_seat_once(runs[n..].to_vec(), n);
    }
}

#[test]
fn spawn_broadcast_reaches_every_seat_once() {
    for n in THREAD_COUNTS {
        let pool = pool(n);
        let (tx, rx) = mpsc::channel();
        pool.spawn_broadcast(move |ctx| tx.send(ctx.index()).unwrap());
        assert_each_seat_once(rx.iter().collect(), n);
        let (tx, rx) = mpsc::channel();
        pool.install(|| lubdub::spawn_broadcast(move |ctx| tx.send(ctx.index()).unwrap()));
        assert_each_seat_once(rx.iter().collect(), n);
    }
}

#[test]
fn broadcasts_inside_broadcasts_reach_every_seat_from_every_seat() {
    for n in THREAD_COUNTS {
        let pool = pool(n);
        let pairs = Mutex::new(Vec::new());
        pool.broadcast(|outer| {
            let outer = outer.index();
            lubdub::broadcast(|inner| pairs.lock().unwrap().push((outer, inner.index())))
        });
        let mut pairs = pairs.into_inner().unwrap();
        pairs.sort_unstable();
        let all: Vec<_> = (0..n).flat_map(|i| (0..n).map(move |j| (i, j))).collect();
        assert_eq!(pairs, all);
    }
}

#[test]
fn a_panic_propagates_after_every_seat_ran() {
    for n in THREAD_COUNTS {
        let pool = pool(n);
        let runs = AtomicUsize::new(0);
        let result = catch_unwind(AssertUnwindSafe(|| {
            pool.broadcast(|ctx| {
                runs.fetch_add(1, Ordering::SeqCst);
                if ctx.index() % 2 == 0 {
                    panic!("even seat");
                }
            })
        }));
        assert_eq!(
            result.unwrap_err().downcast_ref::<&str>(),
            Some(&"even seat")
        );
        assert_eq!(runs.into_inner(), n);
        assert_eq!(pool.broadcast(|ctx| ctx.index()).len(), n, "still usable");
    }
}

#[test]
fn spawned_broadcast_panics_go_to_the_handler_once_per_seat() {
    for n in THREAD_COUNTS {
        let caught = Arc::new(AtomicUsize::new(0));
        let counter = Arc::clone(&caught);
        let pool = lubdub::ThreadPoolBuilder::new()
            .num_threads(n)
            .panic_handler(move |payload| {
                assert_eq!(payload.downcast_ref::<&str>(), Some(&"odd seat"));
                counter.fetch_add(1, Ordering::SeqCst);
            })
            .build()
            .unwrap();
        let runs = Arc::new(AtomicUsize::new(0));
        let counted = Arc::clone(&runs);
        pool.spawn_broadcast(move |ctx| {
            counted.fetch_add(1, Ordering::SeqCst);
            if ctx.index() % 2 == 1 {
                panic!("odd seat");
            }
        });
        pool.shutdown(); // runs what is queued, then joins the threads
        assert_eq!(runs.load(Ordering::SeqCst), n);
        assert_eq!(caught.load(Ordering::SeqCst), n / 2);
    }
}

#[test]
fn scope_broadcasts_borrow_and_are_waited_for() {
    for n in THREAD_COUNTS {
        let pool = pool(n);
        let seats = Mutex::new(Vec::new());
        pool.scope(|s| s.spawn_broadcast(|_, ctx| seats.lock().unwrap().push(ctx.index())));
        assert_each_seat_once(seats.into_inner().unwrap(), n);
        let seats = Mutex::new(Vec::new());
        pool.scope_fifo(|s| {
            s.spawn_broadcast(|s, ctx| {
                let seats = &seats;
                let index = ctx.index();
                s.spawn_fifo(move |_| seats.lock().unwrap().push(index));
            })
        });
        assert_each_seat_once(seats.into_inner().unwrap(), n);
        let runs = AtomicUsize::new(0);
        let result = catch_unwind(AssertUnwindSafe(|| {
            pool.scope(|s| {
                s.spawn_broadcast(|_, ctx| {
                    runs.fetch_add(1, Ordering::SeqCst);
                    assert_ne!(ctx.index(), n - 1, "last seat");
                })
            })
        }));
        assert!(result.is_err());
        assert_eq!(runs.into_inner(), n);
    }
}

#[test]
fn a_broadcast_comes_after_the_seat_s_own_queued_jobs() {
    for n in THREAD_COUNTS {
        let pool = pool(n);
        // A spawn_broadcast queued before a broadcast has run on every seat
        // once the broadcast returns: each seat runs its broadcasts in order.
        let (tx, rx) = mpsc::channel();
        pool.spawn_broadcast(move |ctx| tx.send(ctx.index()).unwrap());
        pool.broadcast(|_| ());
        assert_each_seat_once(rx.try_iter().collect(), n);
    }
    // A seat runs the jobs it queued itself before its broadcast job.
    let pool = pool(1);
    let order = pool.install(|| {
        let order = Arc::new(Mutex::new(Vec::new()));
        let spawned = Arc::clone(&order);
        lubdub::spawn(move || spawned.lock().unwrap().push("spawned"));
        lubdub::broadcast(|_| order.lock().unwrap().push("broadcast"));
        let order = order.lock().unwrap().clone();
        order
    });
    assert_eq!(order, ["spawned", "broadcast"]);
}

/// A caller from outside holds a seat of a two-thread pool while a
/// broadcast arrives; `leave` decides what the caller does next. Returns the
/// held seat and, per run, its seat and the name of the thread it ran on.
fn broadcast_to_a_held_seat(leave: impl FnOnce() + Send) -> (usize, Vec<(usize, String)>) {
    let pool = pool(2);
    let inside = Barrier::new(2);
    let queued = Barrier::new(2);
    let (tx, rx) = mpsc::channel();
    let held = std::thread::scope(|scope| {
        let caller = scope.spawn(|| {
            pool.install(|| {
                inside.wait();
                queued.wait();
                leave();
                lubdub::current_thread_index().unwrap()
            })
        });
        inside.wait();
        pool.spawn_broadcast(move |ctx| {
            let thread = std::thread::current().name().unwrap_or("caller").to_owned();
            tx.send((ctx.index(), thread)).unwrap();
        });
        queued.wait();
        caller.join().unwrap()
    });
    // Both runs happen while the pool lives: nobody waits for its drop.
    let ran = (0..2)
        .map(|_| rx.recv_timeout(Duration::from_secs(60)).unwrap())
        .collect();
    (held, ran)
}

#[test]
fn a_held_seat_runs_its_broadcast_on_the_caller_when_the_caller_yields() {
    let (held, ran) = broadcast_to_a_held_seat(|| {
        assert_eq!(lubdub::yield_local(), Some(lubdub::Yield::Executed));
    });
    assert_each_seat_once(ran.iter().map(|(seat, _)| *seat).collect(), 2);
    let on_caller: Vec<_> = ran
        .iter()
        .filter(|(_, thread)| thread == "caller")
        .collect();
    assert_eq!(on_caller, [&(held, "caller".to_owned())]);
}

#[test]
fn a_seat_given_back_runs_its_broadcast_on_its_own_thread() {
    let (held, ran) = broadcast_to_a_held_seat(|| ());
    assert_each_seat_once(ran.iter().map(|(seat, _)| *seat).collect(), 2);
    for (seat, thread) in &ran {
        assert_eq!(
            *thread,
            format!("lubdub-{seat}"),
            "seat {seat} (held: {held})"
        );
    }
}

#[test]
fn broadcasts_run_while_the_caller_waits_on_a_barrier() {
    // Every seat's run must be in progress at once: a broadcast is not
    // serialised through the caller.
    for n in THREAD_COUNTS {
        let pool = pool(n);
        let barrier = Barrier::new(n + 1);
        pool.in_place_scope(|s| {
            s.spawn_broadcast(|_, _| {
                barrier.wait();
            });
            barrier.wait();
        });
    }
}
