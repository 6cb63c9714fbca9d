//! `join` makes no heap allocation: counted with a global allocator wrapper
//! while fib runs repeatedly on warmed-up pools (its own test binary, since
//! the counter is process-wide).

mod common;

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

// SAFETY: forwards every call to the system allocator unchanged.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: the caller's contract is passed on unchanged.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract is passed on unchanged.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

#[test]
fn joins_allocate_nothing_in_steady_state() {
    let n = common::scaled(20, 8) as u64;
    let joins_per_run = common::fib_sequential(n + 1) - 1;
    for (threads, heartbeat) in [
        (1, lubdub::DEFAULT_HEARTBEAT),
        (2, lubdub::DEFAULT_HEARTBEAT),
        (2, Duration::ZERO),
        (4, Duration::ZERO),
    ] {
        let pool = common::pool(threads, heartbeat);
        // Warm up: let every worker thread finish the standard library's
        // start-up (which allocates), and run the code paths once.
        std::thread::sleep(Duration::from_millis(100));
        for _ in 0..3 {
            pool.install(|| common::fib(n));
        }
        let before = ALLOCATIONS.load(Ordering::SeqCst);
        let runs = common::scaled(50, 2);
        for _ in 0..runs {
            assert_eq!(pool.install(|| common::fib(n)), common::fib_sequential(n));
        }
        let allocations = ALLOCATIONS.load(Ordering::SeqCst) - before;
        let promotions = pool
            .profile()
            .total()
            .count(lubdub::profile::Event::Promotion);
        if heartbeat.is_zero() && threads > 1 {
            assert!(promotions > 0, "the promotion path ran too");
        }
        assert_eq!(
            allocations, 0,
            "{allocations} allocations over {} joins at {threads} threads, heartbeat {heartbeat:?} ({promotions} promotions)",
            runs as u64 * joins_per_run
        );
    }
}
