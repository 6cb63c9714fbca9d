//! `lubdub_parallel_for` and `lubdub_parallel_reduce` against sequential
//! loops, on random ranges at 1, 2 and 8 threads: every index once, and a
//! reduction whose `combine` is associative but not commutative (a
//! polynomial hash of the indexes in order) equal to the sequential one.

use std::ffi::{c_int, c_void};
use std::sync::atomic::{AtomicU8, Ordering};

use lubdub_c::*;
use proptest::prelude::*;

mod common;
use common::{add_indexes, Pool};

/// Visits of each index of a range starting at `begin`.
struct Visits {
    begin: usize,
    count: Vec<AtomicU8>,
}

unsafe extern "C" fn visit(context: *mut c_void, begin: usize, end: usize) -> c_int {
    // SAFETY: the context is a `Visits` that outlives the loop.
    let visits = unsafe { &*context.cast::<Visits>() };
    for i in begin..end {
        visits.count[i - visits.begin].fetch_add(1, Ordering::Relaxed);
    }
    0
}

/// A hash of a sequence of indexes, `h = h * BASE + i` for each in order,
/// with `BASE^len` so that two hashes combine in order.
#[derive(Clone, Copy, Debug, PartialEq)]
#[repr(C)]
struct Hash {
    h: u64,
    power: u64,
}

const BASE: u64 = 1_000_003;

unsafe extern "C" fn hash_range(
    _: *mut c_void,
    begin: usize,
    end: usize,
    acc: *mut c_void,
) -> c_int {
    // SAFETY: the accumulator is a `Hash`.
    let acc = unsafe { &mut *acc.cast::<Hash>() };
    for i in begin..end {
        acc.h = acc.h.wrapping_mul(BASE).wrapping_add(i as u64);
        acc.power = acc.power.wrapping_mul(BASE);
    }
    0
}

unsafe extern "C" fn hash_after(_: *mut c_void, left: *mut c_void, right: *const c_void) -> c_int {
    // SAFETY: both are `Hash`es.
    let (left, right) = unsafe { (&mut *left.cast::<Hash>(), &*right.cast::<Hash>()) };
    left.h = left.h.wrapping_mul(right.power).wrapping_add(right.h);
    left.power = left.power.wrapping_mul(right.power);
    0
}

fn sequential_hash(begin: usize, end: usize) -> Hash {
    let mut acc = Hash { h: 0, power: 1 };
    // SAFETY: `acc` is a `Hash`.
    unsafe {
        hash_range(
            std::ptr::null_mut(),
            begin,
            end,
            std::ptr::from_mut(&mut acc).cast(),
        )
    };
    acc
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if cfg!(miri) { 4 } else { 48 }))]

    #[test]
    fn loops_match_sequential_ones(
        begin in 0usize..1_000_000,
        len in prop_oneof![0usize..100, 0usize..200_000],
        threads in prop::sample::select(vec![1usize, 2, 8]),
    ) {
        let pool = Pool::new(threads);
        let end = begin + len;
        let visits = Visits { begin, count: (0..len).map(|_| AtomicU8::new(0)).collect() };
        // SAFETY: a live pool; the body reads its `Visits` context only.
        let status = unsafe {
            lubdub_parallel_for(pool.0, begin, end, Some(visit), std::ptr::from_ref(&visits).cast_mut().cast())
        };
        prop_assert_eq!(status, lubdub_status::LUBDUB_OK);
        prop_assert!(visits.count.iter().all(|c| c.load(Ordering::Relaxed) == 1));

        let identity = Hash { h: 0, power: 1 };
        let mut result = Hash { h: 7, power: 7 };
        // SAFETY: a live pool; `result` and `identity` are `Hash`es of the size given.
        let status = unsafe {
            lubdub_parallel_reduce(
                pool.0, begin, end, Some(hash_range), Some(hash_after), std::ptr::null_mut(),
                std::ptr::from_mut(&mut result).cast(), std::ptr::from_ref(&identity).cast(),
                std::mem::size_of::<Hash>(),
            )
        };
        prop_assert_eq!(status, lubdub_status::LUBDUB_OK);
        prop_assert_eq!(result, sequential_hash(begin, end));
    }
}

/// Counts `combine` calls in its context (an `AtomicUsize`) and adds.
unsafe extern "C" fn counted_add(
    context: *mut c_void,
    left: *mut c_void,
    right: *const c_void,
) -> c_int {
    // SAFETY: the context is an `AtomicUsize` and both accumulators `u64`s.
    unsafe {
        (*context.cast::<std::sync::atomic::AtomicUsize>()).fetch_add(1, Ordering::Relaxed);
        *left.cast::<u64>() += *right.cast::<u64>();
    }
    0
}

/// What `lubdub_parallel_reduce`'s documentation says of a pool of one
/// thread: each half of the range has its own accumulator, combined once.
#[test]
fn one_thread_combines_the_two_halves_once() {
    let pool = Pool::new(1);
    let combines = std::sync::atomic::AtomicUsize::new(0);
    let mut total = 0u64;
    let total_ptr: *mut c_void = std::ptr::from_mut(&mut total).cast();
    // SAFETY: a live pool; `total` is a `u64`, the size given; the context
    // is the `AtomicUsize` `counted_add` expects.
    let status = unsafe {
        lubdub_parallel_reduce(
            pool.0,
            0,
            64,
            Some(add_indexes),
            Some(counted_add),
            std::ptr::from_ref(&combines).cast_mut().cast(),
            total_ptr,
            total_ptr,
            8,
        )
    };
    assert_eq!(status, lubdub_status::LUBDUB_OK);
    assert_eq!(total, (0..64).sum::<u64>());
    assert_eq!(combines.load(Ordering::Relaxed), 1);
}
