//! Pools in every scheduler setting the core tests run under: one thread,
//! several, many more than cores; heartbeat at every join, default, and off.
#![allow(dead_code)] // each test binary uses a different subset

use std::time::Duration;

#[cfg(not(miri))]
pub const THREAD_COUNTS: &[usize] = &[1, 2, 4, 64];
#[cfg(miri)]
pub const THREAD_COUNTS: &[usize] = &[1, 2, 4];

pub const HEARTBEATS: [Duration; 3] = [Duration::ZERO, lubdub::DEFAULT_HEARTBEAT, Duration::MAX];

/// Runs `check` on a pool of every thread count and heartbeat period.
pub fn for_each_pool(mut check: impl FnMut(&lubdub::ThreadPool)) {
    for &threads in THREAD_COUNTS {
        for heartbeat in HEARTBEATS {
            let pool = pool(threads, heartbeat);
            check(&pool);
        }
    }
}

/// Pools of 1, 2 and 8 threads (1 and 2 under Miri), each with a heartbeat
/// at every poll (loops split whenever a thread is idle) and with the
/// default one: the settings the iterator tests run under.
pub fn loop_pools() -> Vec<lubdub::ThreadPool> {
    let threads: &[usize] = if cfg!(miri) { &[1, 2] } else { &[1, 2, 8] };
    threads
        .iter()
        .flat_map(|&t| [Duration::ZERO, lubdub::DEFAULT_HEARTBEAT].map(|h| pool(t, h)))
        .collect()
}

/// A property test's settings: `normal` cases, or `miri` under Miri.
pub fn cases(normal: u32, miri: u32) -> proptest::test_runner::Config {
    proptest::test_runner::Config::with_cases(if cfg!(miri) { miri } else { normal })
}

pub fn pool(threads: usize, heartbeat: Duration) -> lubdub::ThreadPool {
    lubdub::ThreadPoolBuilder::new()
        .num_threads(threads)
        .heartbeat_interval(heartbeat)
        .build()
        .expect("a test pool can be built")
}

/// Fewer repetitions under Miri, which runs code thousands of times slower.
pub fn scaled(normal: usize, miri: usize) -> usize {
    if cfg!(miri) {
        miri
    } else {
        normal
    }
}

pub fn fib(n: u64) -> u64 {
    if n < 2 {
        return n;
    }
    let (a, b) = lubdub::join(|| fib(n - 1), || fib(n - 2));
    a + b
}

pub fn fib_sequential(n: u64) -> u64 {
    if n < 2 {
        n
    } else {
        fib_sequential(n - 1) + fib_sequential(n - 2)
    }
}

/// Sums `values` by splitting in halves down to single elements.
pub fn split_sum(values: &[u64]) -> u64 {
    match values {
        [] => 0,
        [one] => *one,
        _ => {
            let (left, right) = values.split_at(values.len() / 2);
            let (a, b) = lubdub::join(|| split_sum(left), || split_sum(right));
            a + b
        }
    }
}

/// Spins, without a heartbeat poll, until `flag` is set or `limit` has
/// passed; true if it was set in time. An item or leaf that waits for work
/// to reach another thread without offering its own.
pub fn spin_until_set(flag: &std::sync::atomic::AtomicBool, limit: Duration) -> bool {
    use std::sync::atomic::Ordering;
    let deadline = std::time::Instant::now() + limit;
    while !flag.load(Ordering::Acquire) && std::time::Instant::now() < deadline {
        std::hint::spin_loop();
    }
    flag.load(Ordering::Acquire)
}
