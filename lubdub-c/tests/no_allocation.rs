//! A short reduction of a scalar on a pool of one thread allocates nothing:
//! the loop is folded as two halves (lubdub's `fold_halves`), and both
//! halves' accumulators live in the call's frame (`src/accumulator.rs`).
//! Counted with a global allocator that counts the calling thread's
//! allocations.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::ffi::{c_int, c_void};

use lubdub_c::*;

mod common;
use common::{add_indexes, Pool};

/// The system allocator, counting each thread's allocations.
struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

// SAFETY: every call is the system allocator's, with the same arguments.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|count| count.set(count.get() + 1));
        // SAFETY: the caller's contract, passed on.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract, passed on.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

unsafe extern "C" fn add(_: *mut c_void, left: *mut c_void, right: *const c_void) -> c_int {
    // SAFETY: both are `u64`s.
    unsafe { *left.cast::<u64>() += *right.cast::<u64>() };
    0
}

/// What the task measures: the pool, and the allocations and the wrong sums
/// it saw.
struct Calls {
    pool: *mut lubdub_pool,
    allocations: usize,
    wrong_sums: usize,
}

/// Runs 1,000 reductions of 64 indexes after one to warm up, counting the
/// allocations of the thread that runs them.
unsafe extern "C" fn reductions(context: *mut c_void) -> c_int {
    // SAFETY: the context is the test's `Calls`, alive for the call.
    let calls = unsafe { &mut *context.cast::<Calls>() };
    let zero = 0u64;
    let reduce = || {
        let mut sum = 0u64;
        // SAFETY: valid pointers of the size given.
        let status = unsafe {
            lubdub_parallel_reduce(
                calls.pool,
                0,
                64,
                Some(add_indexes),
                Some(add),
                std::ptr::null_mut(),
                std::ptr::from_mut(&mut sum).cast(),
                std::ptr::from_ref(&zero).cast(),
                size_of::<u64>(),
            )
        };
        status == lubdub_status::LUBDUB_OK && sum == 63 * 64 / 2
    };
    reduce();
    let before = ALLOCATIONS.with(Cell::get);
    let wrong_sums = (0..1000).filter(|_| !reduce()).count();
    calls.allocations = ALLOCATIONS.with(Cell::get) - before;
    calls.wrong_sums = wrong_sums;
    0
}

#[test]
fn a_short_scalar_reduction_on_one_thread_allocates_nothing() {
    let pool = Pool::new(1);
    let mut calls = Calls {
        pool: pool.0,
        allocations: usize::MAX,
        wrong_sums: usize::MAX,
    };
    // SAFETY: a live pool, and a context that outlives the call.
    let status = unsafe {
        lubdub_install(
            pool.0,
            Some(reductions),
            std::ptr::from_mut(&mut calls).cast(),
        )
    };
    assert_eq!(status, lubdub_status::LUBDUB_OK);
    assert_eq!(calls.wrong_sums, 0);
    assert_eq!(calls.allocations, 0, "allocations in 1,000 reductions");
}
