//! `join` in every pool setting: results, panics, nesting, thread indices.

mod common;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use common::{fib, fib_sequential, for_each_pool, pool, scaled, split_sum};

#[test]
fn fib_is_right_in_every_setting() {
    let n = scaled(22, 10) as u64;
    for_each_pool(|pool| {
        for _ in 0..scaled(5, 1) {
            assert_eq!(pool.install(|| fib(n)), fib_sequential(n));
        }
    });
}

#[test]
fn split_sum_is_right_in_every_setting() {
    let values: Vec<u64> = (1..=scaled(100_000, 200) as u64).collect();
    let expected: u64 = values.iter().sum();
    for_each_pool(|pool| assert_eq!(pool.install(|| split_sum(&values)), expected));
}

#[test]
fn join_from_outside_any_pool_uses_the_global_pool() {
    assert_eq!(lubdub::current_thread_index(), None);
    let (a, b) = lubdub::join(lubdub::current_thread_index, || fib(10));
    assert!(a.is_some_and(|i| i < lubdub::current_num_threads()));
    assert_eq!(b, 55);
    assert_eq!(
        lubdub::current_thread_index(),
        None,
        "the seat is given back"
    );
}

#[test]
fn pool_join_returns_both_results_in_order() {
    for_each_pool(|pool| {
        let (a, b) = pool.join(|| String::from("a"), || vec![1, 2, 3]);
        assert_eq!(a, "a");
        assert_eq!(b, [1, 2, 3]);
    });
}

#[test]
fn thread_indices_are_in_range_on_every_thread() {
    for_each_pool(|pool| {
        let n = pool.current_num_threads();
        let out_of_range = AtomicUsize::new(0);
        pool.install(|| {
            fn walk(depth: u32, n: usize, bad: &AtomicUsize) {
                if lubdub::current_thread_index().is_none_or(|i| i >= n) {
                    bad.fetch_add(1, Ordering::Relaxed);
                }
                if depth > 0 {
                    lubdub::join(|| walk(depth - 1, n, bad), || walk(depth - 1, n, bad));
                }
            }
            walk(scaled(12, 4) as u32, n, &out_of_range);
        });
        assert_eq!(out_of_range.into_inner(), 0);
    });
}

#[test]
fn a_panic_in_a_propagates_after_b_ran() {
    for_each_pool(|pool| {
        let b_ran = AtomicBool::new(false);
        let result = catch_unwind(AssertUnwindSafe(|| {
            pool.join(|| panic!("from a"), || b_ran.store(true, Ordering::SeqCst))
        }));
        let payload = result.expect_err("the panic propagates");
        assert_eq!(payload.downcast_ref::<&str>(), Some(&"from a"));
        assert!(b_ran.load(Ordering::SeqCst), "b always runs");
        assert_eq!(pool.install(|| fib(12)), 144, "the pool stays usable");
    });
}

#[test]
fn a_panic_in_b_propagates_with_its_own_payload() {
    for_each_pool(|pool| {
        let result = catch_unwind(AssertUnwindSafe(|| {
            pool.join(|| 1, || -> i32 { panic!("from b") })
        }));
        assert_eq!(result.unwrap_err().downcast_ref::<&str>(), Some(&"from b"));
        assert_eq!(pool.install(|| fib(12)), 144);
    });
}

#[test]
fn when_both_panic_a_wins() {
    let pool = pool(2, std::time::Duration::ZERO);
    let result = catch_unwind(AssertUnwindSafe(|| {
        pool.join(|| -> () { panic!("a") }, || -> () { panic!("b") })
    }));
    assert_eq!(result.unwrap_err().downcast_ref::<&str>(), Some(&"a"));
}

#[test]
fn panics_deep_in_a_parallel_tree_reach_the_caller() {
    for_each_pool(|pool| {
        /// Counts the leaves under `first_leaf..first_leaf + 2^depth`; the leaf
        /// numbered `poisoned` panics.
        fn tree(depth: u32, first_leaf: u64, poisoned: u64) -> u64 {
            if depth == 0 {
                if first_leaf == poisoned {
                    panic!("poisoned leaf");
                }
                return 1;
            }
            let half = 1 << (depth - 1);
            let (a, b) = lubdub::join(
                || tree(depth - 1, first_leaf, poisoned),
                || tree(depth - 1, first_leaf + half, poisoned),
            );
            a + b
        }
        let depth = scaled(12, 4) as u32;
        for poisoned in [0, (1 << depth) / 3, (1 << depth) - 1] {
            let result = catch_unwind(AssertUnwindSafe(|| {
                pool.install(|| tree(depth, 0, poisoned))
            }));
            assert_eq!(
                result.unwrap_err().downcast_ref::<&str>(),
                Some(&"poisoned leaf")
            );
        }
        assert_eq!(pool.install(|| tree(depth, 0, u64::MAX)), 1 << depth);
    });
}

#[test]
fn deep_recursion_beyond_the_promotion_walk() {
    let pool = lubdub::ThreadPoolBuilder::new()
        .num_threads(2)
        .heartbeat_interval(std::time::Duration::ZERO)
        .stack_size(64 << 20)
        .build()
        .unwrap();
    fn chain(depth: u64) -> u64 {
        if depth == 0 {
            return 0;
        }
        let (a, b) = lubdub::join(|| chain(depth - 1), || 1);
        a + b
    }
    let depth = scaled(20_000, 50) as u64;
    // A caller from outside takes part on its own stack, so it needs the deep
    // stack too (see ThreadPool's docs).
    let caller = std::thread::Builder::new().stack_size(64 << 20);
    let result = std::thread::scope(|s| {
        caller
            .spawn_scoped(s, || pool.install(|| chain(depth)))
            .unwrap()
            .join()
    });
    assert_eq!(result.unwrap(), depth);
}

#[test]
fn install_inside_another_pool_runs_there_and_comes_back() {
    let outer = pool(2, lubdub::DEFAULT_HEARTBEAT);
    let inner = pool(3, std::time::Duration::ZERO);
    outer.install(|| {
        assert!(outer.current_thread_index().is_some());
        let (threads, in_inner) =
            inner.install(|| (lubdub::current_num_threads(), inner.current_thread_index()));
        assert_eq!(threads, 3);
        assert!(in_inner.is_some());
        assert_eq!(lubdub::current_num_threads(), 2, "back in the outer pool");
        assert_eq!(inner.install(|| fib(15)), fib_sequential(15));
    });
}

#[test]
fn nested_pools_inside_joins() {
    let outer = pool(4, std::time::Duration::ZERO);
    let inner = pool(2, std::time::Duration::ZERO);
    let total = outer.install(|| {
        let (a, b) = lubdub::join(|| inner.install(|| fib(16)), || inner.install(|| fib(15)));
        a + b
    });
    assert_eq!(total, fib_sequential(17));
}

#[test]
fn many_threads_calling_one_pool_at_once() {
    let pool = pool(2, std::time::Duration::ZERO);
    std::thread::scope(|s| {
        for t in 0..scaled(8, 3) {
            let pool = &pool;
            s.spawn(move || {
                for _ in 0..scaled(20, 2) {
                    assert_eq!(
                        pool.install(|| fib(12 + (t % 3) as u64)),
                        fib_sequential(12 + (t % 3) as u64)
                    );
                }
            });
        }
    });
}

#[test]
fn join_context_reports_migration() {
    let pool = pool(2, std::time::Duration::ZERO);
    let (mut stolen, mut inline) = (0, 0);
    for _ in 0..scaled(200, 5) {
        let (a_migrated, b_migrated) = pool.install(|| {
            lubdub::join_context(
                |ctx| {
                    // Long enough for the other thread to take `b`.
                    fib(18);
                    ctx.migrated()
                },
                |ctx| (ctx.migrated(), lubdub::current_thread_index()),
            )
        });
        assert!(!a_migrated, "a runs on the caller");
        match b_migrated {
            (true, index) => {
                stolen += 1;
                assert!(index.is_some());
            }
            (false, _) => inline += 1,
        }
    }
    assert_eq!(stolen + inline, scaled(200, 5));
    // With a heartbeat at every join and 200 chances, the idle thread steals
    // some `b` (Miri's few iterations need not).
    assert!(cfg!(miri) || stolen > 0, "no b was ever reported migrated");
}

#[test]
fn join_context_from_outside_every_pool_reports_both_as_migrated() {
    // As in Rayon: the call moved into the global pool, so both closures
    // count as migrated, although `a` runs on the calling thread.
    let here = std::thread::current().id();
    let (a, b) = lubdub::join_context(
        |ctx| (ctx.migrated(), std::thread::current().id() == here),
        |ctx| ctx.migrated(),
    );
    assert_eq!((a, b), ((true, true), true));
    let one = pool(1, std::time::Duration::ZERO);
    let inside = one.install(|| lubdub::join_context(|a| a.migrated(), |b| b.migrated()));
    assert_eq!(
        inside,
        (false, false),
        "nobody can steal in a one-thread pool"
    );
}
