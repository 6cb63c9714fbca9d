//! Calls into a pool from outside keep the pool's promises: with thread
//! names or a start handler they run on the pool's threads; with a stack
//! size, on the caller's thread but on a stack of that size; without them,
//! on the caller's own thread and stack.

use std::cell::Cell;
use std::hint::black_box;
use std::thread;

use lubdub::ThreadPoolBuilder;

/// Recursion that uses about `bytes` of stack: 4 KiB a frame, kept by
/// `black_box` so that the compiler cannot drop it.
fn use_stack(bytes: usize) -> u64 {
    let frame = black_box([1u8; 4096]);
    let deeper = if bytes > frame.len() {
        use_stack(bytes - frame.len())
    } else {
        0
    };
    black_box(deeper + u64::from(frame[bytes % frame.len()]))
}

/// Runs `op` on a new thread with a 256 KiB stack and returns its result.
fn on_a_small_stack<R: Send + 'static>(op: impl FnOnce() -> R + Send + 'static) -> R {
    thread::Builder::new()
        .stack_size(256 << 10)
        .spawn(op)
        .unwrap()
        .join()
        .unwrap()
}

#[test]
#[cfg_attr(miri, ignore = "16 MiB of recursion is far too slow under Miri")]
fn install_gets_the_pools_stack_size() {
    let pool = ThreadPoolBuilder::new()
        .num_threads(2)
        .stack_size(64 << 20)
        .build()
        .unwrap();
    let used = on_a_small_stack(move || {
        let inner = pool.install(|| use_stack(16 << 20));
        let (a, _) = pool.join(|| use_stack(16 << 20), || ());
        let scoped = pool.scope(|_| use_stack(16 << 20));
        inner + a + scoped
    });
    assert!(used > 0);
}

#[test]
#[cfg_attr(miri, ignore = "Miri cannot switch stacks: such pools hand calls over")]
fn a_stack_size_pool_runs_outside_calls_on_the_callers_thread() {
    let pool = ThreadPoolBuilder::new()
        .num_threads(2)
        .stack_size(8 << 20)
        .build()
        .unwrap();
    let caller = thread::current().id();
    assert_eq!(pool.install(|| thread::current().id()), caller);
    assert_eq!(pool.join(|| thread::current().id(), || ()).0, caller);
}

#[test]
#[cfg_attr(miri, ignore = "4 MiB of recursion is far too slow under Miri")]
fn callers_at_once_each_get_a_stack() {
    let pool = ThreadPoolBuilder::new()
        .num_threads(3)
        .stack_size(16 << 20)
        .build()
        .unwrap();
    thread::scope(|threads| {
        let callers: Vec<_> = (0..3)
            .map(|_| {
                let pool = &pool;
                thread::Builder::new()
                    .stack_size(256 << 10)
                    .spawn_scoped(threads, move || {
                        (0..20)
                            .map(|_| pool.install(|| use_stack(4 << 20)))
                            .sum::<u64>()
                    })
                    .unwrap()
            })
            .collect();
        for caller in callers {
            assert!(caller.join().unwrap() > 0);
        }
    });
}

#[test]
fn install_join_and_scope_see_the_pools_thread_names() {
    let pool = ThreadPoolBuilder::new()
        .num_threads(2)
        .thread_name(|i| format!("outside-calls-{i}"))
        .build()
        .unwrap();
    let name = || thread::current().name().unwrap_or_default().to_owned();
    let is_pools = |name: &str| name.starts_with("outside-calls-");
    assert!(is_pools(&pool.install(name)));
    assert!(is_pools(&pool.join(name, || ()).0));
    assert!(is_pools(&pool.scope(|_| name())));
}

/// A handed-off call returns its result whether it ends while the caller
/// still looks for it (short calls, back to back) or after the caller went
/// to sleep on it (a call longer than the caller's patience), and so does a
/// panic.
#[test]
fn handed_off_calls_come_back_short_long_and_panicking() {
    let pool = ThreadPoolBuilder::new()
        .num_threads(2)
        .thread_name(|i| format!("handed-off-{i}"))
        .build()
        .unwrap();
    for call in 0..1000_u64 {
        assert_eq!(pool.install(|| call * 2), call * 2);
    }
    let long = std::time::Duration::from_millis(20);
    let name = pool.install(|| {
        thread::sleep(long);
        thread::current().name().unwrap_or_default().to_owned()
    });
    assert!(name.starts_with("handed-off-"), "{name}");
    let install = || {
        pool.install(|| {
            thread::sleep(long);
            panic!("after the caller slept")
        })
    };
    let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(install));
    let payload = caught.unwrap_err();
    assert_eq!(
        payload.downcast_ref::<&str>(),
        Some(&"after the caller slept")
    );
    assert_eq!(pool.install(|| 6 * 7), 42, "the pool still works");
}

thread_local! {
    /// Set by the start handler: one more than the thread's index.
    static STARTED_AS: Cell<usize> = const { Cell::new(0) };
}

#[test]
fn install_sees_what_the_start_handler_set() {
    let pool = ThreadPoolBuilder::new()
        .num_threads(2)
        .start_handler(|index| STARTED_AS.with(|cell| cell.set(index + 1)))
        .build()
        .unwrap();
    let seen = pool.install(|| STARTED_AS.with(Cell::get));
    assert!((1..=2).contains(&seen), "{seen}");
}

#[test]
fn a_panic_comes_back_to_the_caller() {
    let pool = ThreadPoolBuilder::new()
        .num_threads(1)
        .stack_size(1 << 20)
        .build()
        .unwrap();
    let install = || pool.install(|| panic!("from the pool"));
    let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(install));
    let payload = caught.unwrap_err();
    assert_eq!(payload.downcast_ref::<&str>(), Some(&"from the pool"));
    assert_eq!(pool.install(|| 6 * 7), 42, "the pool still works");
}

#[test]
fn without_those_options_install_runs_on_the_callers_thread() {
    let pool = ThreadPoolBuilder::new()
        .num_threads(2)
        .exit_handler(|_| ())
        .panic_handler(drop)
        .build()
        .unwrap();
    let caller = thread::current().id();
    assert_eq!(pool.install(|| thread::current().id()), caller);
    assert_eq!(pool.join(|| thread::current().id(), || ()).0, caller);
}
