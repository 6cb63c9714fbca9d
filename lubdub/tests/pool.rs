//! Building and dropping pools: configuration, typed errors, thread counts.

mod common;

use lubdub::{ErrorKind, ThreadPoolBuilder};

#[test]
fn zero_threads_means_the_default() {
    // The default comes from the environment (LUBDUB_NUM_THREADS, then
    // Rayon's variables: tests/num_threads_env.rs) or the machine.
    let zero = ThreadPoolBuilder::new().num_threads(0).build().unwrap();
    let unset = ThreadPoolBuilder::new().build().unwrap();
    assert_eq!(zero.current_num_threads(), unset.current_num_threads());
    assert!(zero.current_num_threads() >= 1);
}

#[test]
fn too_many_threads_is_a_typed_error_that_says_what_to_change() {
    let error = ThreadPoolBuilder::new()
        .num_threads(usize::MAX)
        .build()
        .unwrap_err();
    assert!(matches!(
        error.kind(),
        ErrorKind::TooManyThreads {
            requested: usize::MAX
        }
    ));
    let message = error.to_string();
    assert!(message.contains("fewer"), "{message}");
}

#[test]
#[cfg_attr(miri, ignore = "Miri does not model the OS refusing a thread")]
fn a_thread_the_os_refuses_is_a_typed_error() {
    // 16 TiB of stack per thread: no machine this runs on can map that.
    let error = ThreadPoolBuilder::new()
        .num_threads(2)
        .stack_size(1 << 44)
        .build()
        .unwrap_err();
    assert!(
        matches!(error.kind(), ErrorKind::ThreadSpawn { index: 0, .. }),
        "{error:?}"
    );
    assert!(error.to_string().contains("smaller stack_size"), "{error}");
    // Nothing is left half-built: a normal pool still works.
    assert_eq!(
        common::pool(2, lubdub::DEFAULT_HEARTBEAT).install(|| common::fib(10)),
        55
    );
}

#[test]
fn thread_names_and_stack_sizes_apply() {
    let pool = ThreadPoolBuilder::new()
        .num_threads(2)
        .thread_name(|i| format!("test-worker-{i}"))
        .stack_size(16 << 20)
        .heartbeat_interval(std::time::Duration::ZERO)
        .build()
        .unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    for _ in 0..4 {
        let tx = tx.clone();
        pool.spawn(move || {
            tx.send(std::thread::current().name().map(str::to_owned))
                .unwrap()
        });
    }
    for _ in 0..4 {
        let name = rx.recv().unwrap().expect("worker threads are named");
        assert!(name.starts_with("test-worker-"), "{name}");
    }
}

#[test]
fn pool_installs_report_their_own_size() {
    for &threads in common::THREAD_COUNTS {
        let pool = common::pool(threads, lubdub::DEFAULT_HEARTBEAT);
        assert_eq!(pool.install(lubdub::current_num_threads), threads);
        assert_eq!(pool.current_num_threads(), threads);
        assert_eq!(pool.profile().workers.len(), threads);
    }
}

/// The number of threads of this process, from /proc.
#[cfg(target_os = "linux")]
fn process_threads() -> usize {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = status.lines().find(|l| l.starts_with("Threads:")).unwrap();
    line["Threads:".len()..].trim().parse().unwrap()
}

#[test]
#[cfg(target_os = "linux")]
#[cfg_attr(miri, ignore = "Miri has no /proc")]
fn shutting_down_a_pool_ends_its_threads() {
    // Other tests in this binary may start pools concurrently, so look for a
    // shutdown that brings the count back, trying a few times.
    let ended = (0..20).any(|_| {
        let before = process_threads();
        let pool = common::pool(8, lubdub::DEFAULT_HEARTBEAT);
        pool.install(|| common::fib(15));
        let during = process_threads();
        pool.shutdown();
        let after = process_threads();
        during >= before + 8 && after + 8 <= during
    });
    assert!(ended, "an 8-thread pool's threads outlived the pool");
}

#[test]
fn an_idle_pool_sleeps() {
    use lubdub::profile::Event;
    let events = |pool: &lubdub::ThreadPool| {
        let total = pool.profile().total();
        Event::ALL.map(|event| total.count(event))
    };
    let pool = common::pool(4, lubdub::DEFAULT_HEARTBEAT);
    pool.install(|| common::fib(18));
    // Threads spin for a few microseconds before they sleep; on a loaded
    // machine that can take a while, so wait for the counters to settle...
    let settle = std::time::Instant::now();
    let mut last = events(&pool);
    loop {
        std::thread::sleep(std::time::Duration::from_millis(50));
        let now = events(&pool);
        if now == last || settle.elapsed() > std::time::Duration::from_secs(5) {
            break;
        }
        last = now;
    }
    // ...then nothing may search, sleep or wake for a while, and the
    // profile must show every worker asleep.
    let before = pool.profile();
    let counts = events(&pool);
    std::thread::sleep(std::time::Duration::from_millis(200));
    assert_eq!(counts, events(&pool), "an idle pool did something");
    let idle = pool.profile().since(&before);
    for worker in &idle.workers {
        let asleep = worker.fraction_in(lubdub::WorkerState::Sleeping);
        assert!(
            asleep > 0.99,
            "worker {} asleep only {asleep}:\n{idle}",
            worker.index
        );
    }
}
