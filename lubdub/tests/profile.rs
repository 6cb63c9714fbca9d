//! The profiler: time accounting per worker, event counts, traces and their
//! Chrome JSON, bounded trace memory, and results unchanged by observation.

mod common;

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use lubdub::profile::Event;
use lubdub::trace::TraceEventKind;
use lubdub::{ThreadPool, ThreadPoolBuilder, WorkerState, DEFAULT_TRACE_CAPACITY};

fn observed_pool(
    threads: usize,
    heartbeat: Duration,
    profiling: bool,
    tracing: bool,
) -> ThreadPool {
    ThreadPoolBuilder::new()
        .num_threads(threads)
        .heartbeat_interval(heartbeat)
        .profiling(profiling)
        .tracing(tracing)
        .build()
        .expect("a test pool can be built")
}

/// Work with joins, a parallel loop and a sort: every kind of state change.
fn mixed_work() -> (u64, u64, Vec<u32>) {
    use lubdub::prelude::*;
    let fib = common::fib(common::scaled(22, 8) as u64);
    let n = common::scaled(200_000, 500) as u64;
    let sum = (0..n).into_par_iter().map(|x| x * x % 7).sum();
    let mut values: Vec<u32> = (0..n as u32)
        .map(|x| x.wrapping_mul(2_654_435_761))
        .collect();
    values.par_sort_unstable();
    (fib, sum, values)
}

#[test]
fn each_workers_states_add_up_to_its_wall_time() {
    for &threads in common::THREAD_COUNTS {
        let pool = observed_pool(threads, Duration::ZERO, true, false);
        pool.install(mixed_work);
        // Let the wall time grow well past the microseconds that separate
        // the per-worker clock reads of one snapshot.
        std::thread::sleep(Duration::from_millis(common::scaled(100, 20) as u64));
        let profile = pool.profile();
        for worker in &profile.workers {
            let accounted = worker.total_time().as_secs_f64();
            let wall = profile.elapsed.as_secs_f64();
            assert!(
                (accounted - wall).abs() <= 0.01 * wall,
                "worker {}: {accounted} s accounted in {wall} s\n{profile}",
                worker.index
            );
        }
    }
}

#[test]
fn a_call_from_outside_is_working_time_of_the_seat_it_took() {
    let pool = observed_pool(2, lubdub::DEFAULT_HEARTBEAT, true, false);
    let spin = Duration::from_millis(common::scaled(50, 5) as u64);
    let before = pool.profile();
    let seat = pool.install(|| {
        let start = Instant::now();
        while start.elapsed() < spin {
            std::hint::spin_loop();
        }
        lubdub::current_thread_index().unwrap()
    });
    let region = pool.profile().since(&before);
    let working = region.workers[seat].time_in(WorkerState::Working);
    assert!(
        working >= spin,
        "{working:?} working for a {spin:?} call\n{region}"
    );
}

#[test]
fn a_joiner_whose_half_was_stolen_is_blocked() {
    let pool = observed_pool(2, Duration::ZERO, true, false);
    let hold = Duration::from_millis(common::scaled(50, 5) as u64);
    // The thief may arrive late on a loaded machine: try a few times.
    let blocked = (0..20).any(|_| {
        let before = pool.profile();
        let stolen = AtomicBool::new(false);
        let seat = pool.install(|| {
            let joiner = lubdub::current_thread_index().unwrap();
            lubdub::join(
                || {
                    let start = Instant::now();
                    while !stolen.load(Ordering::Acquire)
                        && start.elapsed() < Duration::from_secs(1)
                    {
                        std::hint::spin_loop();
                    }
                },
                || {
                    if lubdub::current_thread_index() != Some(joiner) {
                        stolen.store(true, Ordering::Release);
                        std::thread::sleep(hold);
                    }
                },
            );
            joiner
        });
        let region = pool.profile().since(&before);
        stolen.load(Ordering::Acquire)
            && region.workers[seat].time_in(WorkerState::Blocked) >= hold / 2
    });
    assert!(
        blocked,
        "the joiner never showed as blocked while the thief held its half"
    );
}

#[test]
fn counts_and_traced_events_agree() {
    // Promotions made by the rescue signal's handler are counted but not
    // traced (the trace ring takes a lock, which a handler must not): this
    // pool polls only, so every promotion is both counted and traced. With
    // a beat at every poll, how many events a run makes depends on how the
    // four threads share two loaded cores: the default ring (16,384 events
    // a worker) overflowed in some runs, so this one holds 16 times that.
    let pool = ThreadPoolBuilder::new()
        .num_threads(4)
        .heartbeat_interval(Duration::ZERO)
        .profiling(true)
        .tracing(true)
        .trace_capacity(DEFAULT_TRACE_CAPACITY * 16)
        .interrupts(false)
        .build()
        .expect("a test pool can be built");
    pool.install(mixed_work);
    let trace = pool.trace();
    let profile = pool.profile();
    assert_eq!(trace.dropped(), 0, "the ring holds this run");
    let traced = |wanted: fn(&TraceEventKind) -> bool| -> u64 {
        trace
            .workers
            .iter()
            .flat_map(|w| &w.events)
            .filter(|e| wanted(&e.kind))
            .count() as u64
    };
    let total = profile.total();
    assert_eq!(
        total.count(Event::Promotion),
        traced(|k| matches!(k, TraceEventKind::Promotion))
    );
    assert_eq!(
        total.count(Event::Steal),
        traced(|k| matches!(k, TraceEventKind::Steal { .. }))
    );
    assert_eq!(
        total.count(Event::Wakeup),
        traced(|k| matches!(k, TraceEventKind::Wakeup))
    );
    assert!(total.count(Event::Steal) > 0, "work was shared\n{profile}");
    for worker in &trace.workers {
        assert!(worker.events.windows(2).all(|w| w[0].time <= w[1].time));
        let covered: Duration = worker
            .states(trace.taken)
            .map(|(_, start, end)| end - start)
            .sum();
        assert!(covered <= trace.taken - trace.started);
    }
}

#[test]
fn tracing_can_be_switched_on_for_a_region() {
    let pool = observed_pool(2, Duration::ZERO, true, false);
    let events = |pool: &ThreadPool| {
        pool.trace()
            .workers
            .iter()
            .map(|w| w.events.len())
            .sum::<usize>()
    };
    pool.install(mixed_work);
    assert_eq!(events(&pool), 0, "off by default");
    assert!(!pool.set_tracing(true));
    pool.install(mixed_work);
    assert!(pool.set_tracing(false));
    let recorded = events(&pool);
    assert!(recorded > 0);
    pool.install(mixed_work);
    assert_eq!(events(&pool), recorded, "off again");
}

#[test]
#[cfg_attr(miri, ignore = "a million events take hours under Miri")]
fn trace_memory_stays_bounded() {
    const CAPACITY: usize = 1_000;
    let pool = ThreadPoolBuilder::new()
        .num_threads(2)
        .heartbeat_interval(Duration::ZERO)
        .tracing(true)
        .trace_capacity(CAPACITY)
        .build()
        .unwrap();
    let recorded = |pool: &ThreadPool| {
        let trace = pool.trace();
        trace
            .workers
            .iter()
            .map(|w| w.events.len() as u64 + w.dropped)
            .sum::<u64>()
    };
    let deadline = Instant::now() + Duration::from_secs(120);
    while recorded(&pool) < 1_000_000 && Instant::now() < deadline {
        for _ in 0..10_000 {
            // A call from outside takes and leaves a seat: two state changes.
            pool.install(|| lubdub::join(|| (), || ()));
        }
    }
    let trace = pool.trace();
    assert!(
        recorded(&pool) >= 1_000_000,
        "only {} events in two minutes",
        recorded(&pool)
    );
    for worker in &trace.workers {
        assert!(
            worker.events.len() <= CAPACITY,
            "{} events kept",
            worker.events.len()
        );
    }
    assert!(trace.dropped() > 0);
}

#[test]
fn observing_a_pool_does_not_change_its_results() {
    let expected = observed_pool(1, Duration::MAX, false, false).install(mixed_work);
    for (profiling, tracing) in [(false, false), (true, false), (true, true), (false, true)] {
        for &threads in common::THREAD_COUNTS {
            let pool = observed_pool(threads, Duration::ZERO, profiling, tracing);
            assert_eq!(pool.install(mixed_work), expected);
            assert_eq!(pool.profile().enabled, profiling);
            let traced = pool.trace().workers.iter().any(|w| !w.events.is_empty());
            assert_eq!(traced, tracing);
        }
    }
}

/// Parses a Chrome trace file and checks its shape: metadata, a slice per
/// state stretch, instants for events, and per-thread time order.
fn check_chrome_trace(json: &str) -> HashMap<String, usize> {
    let trace: serde_json::Value = serde_json::from_str(json).expect("the trace is JSON");
    let events = trace["traceEvents"]
        .as_array()
        .expect("a traceEvents array");
    let mut names = HashMap::new();
    let mut last_ts: HashMap<(u64, u64), f64> = HashMap::new();
    for event in events {
        let phase = event["ph"].as_str().unwrap();
        let name = event["name"].as_str().unwrap().to_owned();
        *names.entry(name).or_default() += 1;
        if phase == "M" {
            continue;
        }
        assert!(phase == "X" || phase == "i", "{event}");
        let thread = (
            event["pid"].as_u64().unwrap(),
            event["tid"].as_u64().unwrap(),
        );
        let ts = event["ts"].as_f64().unwrap();
        let last = last_ts.entry(thread).or_insert(0.0);
        assert!(
            ts >= *last,
            "time went back on {thread:?}: {ts} after {last}"
        );
        *last = ts;
        if phase == "X" {
            assert!(event["dur"].as_f64().unwrap() >= 0.0);
        }
    }
    names
}

#[test]
#[cfg_attr(miri, ignore = "Miri's isolation forbids files")]
fn a_trace_file_loads_as_chrome_trace_json() {
    let path = std::env::temp_dir().join(format!("lubdub-test-trace-{}.json", std::process::id()));
    let pool = ThreadPoolBuilder::new()
        .num_threads(2)
        .heartbeat_interval(Duration::ZERO)
        .trace_file(&path)
        .build()
        .unwrap();
    pool.install(mixed_work);
    pool.shutdown();
    let names = check_chrome_trace(&std::fs::read_to_string(&path).unwrap());
    std::fs::remove_file(&path).unwrap();
    for name in [
        "process_name",
        "thread_name",
        "working",
        "searching",
        "sleeping",
        "steal",
        "promotion",
    ] {
        assert!(names.contains_key(name), "no {name:?} event in {names:?}");
    }
}

#[test]
#[cfg_attr(miri, ignore = "Miri's isolation forbids files")]
fn an_unwritable_trace_file_is_an_error_not_a_panic() {
    let path = std::env::temp_dir()
        .join("lubdub-no-such-directory")
        .join("trace.json");
    let pool = ThreadPoolBuilder::new()
        .num_threads(1)
        .trace_file(&path)
        .build()
        .unwrap();
    pool.install(|| lubdub::join(|| (), || ()));
    let error = pool.flush_trace().unwrap_err();
    assert!(
        error.to_string().contains("lubdub-no-such-directory"),
        "{error}"
    );
    pool.shutdown(); // reports the same error on stderr
}
