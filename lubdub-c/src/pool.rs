//! Pools: `lubdub_pool`, made by `lubdub_pool_create` or shared
//! (`lubdub_pool_default`), ended by `lubdub_pool_destroy`; and
//! `lubdub_install`, which runs a task inside a pool so that the calls it
//! makes there skip the entry into the pool.

use std::ffi::c_void;
use std::sync::OnceLock;

use lubdub::{ThreadPool, ThreadPoolBuilder};

use crate::callback::{lubdub_task_fn, run_task, Context};
use crate::status::{guard, lubdub_status, non_null, Error};

/// The most threads a pool may have.
pub const LUBDUB_MAX_THREADS: usize = 4096;
// Spelled out above so that the header gets the number.
const _: () = assert!(LUBDUB_MAX_THREADS == lubdub::MAX_NUM_THREADS);

/// A pool of threads that runs joins, scopes and loops. Opaque to C: made
/// by `lubdub_pool_create` or `lubdub_pool_default`, used through a
/// pointer.
#[allow(non_camel_case_types)]
pub struct lubdub_pool {
    threads: ThreadPool,
    is_default: bool,
}

impl lubdub_pool {
    fn build(num_threads: usize, is_default: bool) -> Result<Self, Error> {
        let threads = ThreadPoolBuilder::new()
            .num_threads(num_threads)
            .build()
            .map_err(|error| {
                Error::new(lubdub_status::LUBDUB_ERROR_POOL_BUILD, error.to_string())
            })?;
        Ok(lubdub_pool {
            threads,
            is_default,
        })
    }

    /// The Rust pool behind this one: what `lubdub-bench` profiles.
    pub fn thread_pool(&self) -> &ThreadPool {
        &self.threads
    }

    /// Runs `op` inside this pool: at once where the calling thread already
    /// works in it, else by entering it (a sleeping worker's seat, or a
    /// queue).
    #[inline]
    pub(crate) fn run<R: Send>(&self, op: impl FnOnce() -> R + Send) -> R {
        self.threads.install(op)
    }
}

/// The pool `pool` points to.
///
/// # Safety
/// `pool` is NULL or points to a live pool, which stays live for `'a`.
pub(crate) unsafe fn pool_ref<'a>(pool: *const lubdub_pool) -> Result<&'a lubdub_pool, Error> {
    let pool = non_null(pool, "pool")?;
    // SAFETY: non-null, and live for 'a by the caller's contract.
    Ok(unsafe { &*pool })
}

/// Starts a pool of `num_threads` threads (0: the default count, the
/// `LUBDUB_NUM_THREADS` environment variable or else the number of CPUs)
/// and stores it in `*pool_out`. The calling thread counts as one of them
/// while it is inside a call on the pool. On failure `*pool_out` is set to
/// NULL.
#[cfg_attr(
    any(doc, doctest),
    doc = r#"
```
use lubdub_c::*;
let mut pool = std::ptr::null_mut();
// SAFETY (of the example): valid out pointer; the pool is destroyed once.
unsafe {
    assert_eq!(lubdub_pool_create(3, &mut pool), lubdub_status::LUBDUB_OK);
    let mut threads = 0;
    assert_eq!(lubdub_pool_num_threads(pool, &mut threads), lubdub_status::LUBDUB_OK);
    assert_eq!(threads, 3);
    assert_eq!(lubdub_pool_destroy(pool), lubdub_status::LUBDUB_OK);
}
```
"#
)]
///
/// # Safety
/// `pool_out` is NULL (refused) or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn lubdub_pool_create(
    num_threads: usize,
    pool_out: *mut *mut lubdub_pool,
) -> lubdub_status {
    guard("lubdub_pool_create", || {
        non_null(pool_out, "pool_out")?;
        // SAFETY: non-null and valid for a write (the caller's contract).
        unsafe { pool_out.write(std::ptr::null_mut()) };
        let pool = Box::new(lubdub_pool::build(num_threads, false)?);
        // SAFETY: as above.
        unsafe { pool_out.write(Box::into_raw(pool)) };
        Ok(())
    })
}

/// The default pool, started on first use with the default thread count
/// (as `lubdub_pool_create(0, ...)`) and never destroyed: stores it in
/// `*pool_out`. It is the C library's own, not the global pool of Rust code
/// using lubdub in the same process.
#[cfg_attr(
    any(doc, doctest),
    doc = r#"
```
use lubdub_c::*;
let (mut first, mut second) = (std::ptr::null_mut(), std::ptr::null_mut());
// SAFETY (of the example): valid out pointers.
unsafe {
    assert_eq!(lubdub_pool_default(&mut first), lubdub_status::LUBDUB_OK);
    assert_eq!(lubdub_pool_default(&mut second), lubdub_status::LUBDUB_OK);
    assert_eq!(first, second);
    assert_eq!(lubdub_pool_destroy(first), lubdub_status::LUBDUB_ERROR_INVALID_ARGUMENT);
}
```
"#
)]
///
/// # Safety
/// `pool_out` is NULL (refused) or valid for a write.
#[no_mangle]
pub unsafe extern "C" fn lubdub_pool_default(pool_out: *mut *mut lubdub_pool) -> lubdub_status {
    static DEFAULT: OnceLock<lubdub_pool> = OnceLock::new();
    guard("lubdub_pool_default", || {
        non_null(pool_out, "pool_out")?;
        // SAFETY: non-null and valid for a write (the caller's contract).
        unsafe { pool_out.write(std::ptr::null_mut()) };
        let pool = match DEFAULT.get() {
            Some(pool) => pool,
            None => {
                // Two first calls at once may both build one; the loser's
                // pool is dropped here.
                let built = lubdub_pool::build(0, true)?;
                DEFAULT.get_or_init(|| built)
            }
        };
        // SAFETY: as above. C gets a mutable pointer to a shared pool: the
        // library only ever reads through it (every use is `&lubdub_pool`).
        unsafe { pool_out.write(std::ptr::from_ref(pool).cast_mut()) };
        Ok(())
    })
}

/// Ends a pool from `lubdub_pool_create`: its threads finish and exit, then
/// it is freed. Refused (`LUBDUB_ERROR_INVALID_ARGUMENT`) for the default
/// pool, and from inside a callback that runs on the pool itself.
///
/// # Safety
/// `pool` is NULL (refused) or a live pool, on which no other call is
/// running or will be made.
#[cfg_attr(
    any(doc, doctest),
    doc = r#"
```
use lubdub_c::*;
// SAFETY (of the example): NULL is what is being tested.
assert_eq!(
    unsafe { lubdub_pool_destroy(std::ptr::null_mut()) },
    lubdub_status::LUBDUB_ERROR_NULL_POINTER
);
```
"#
)]
#[no_mangle]
pub unsafe extern "C" fn lubdub_pool_destroy(pool: *mut lubdub_pool) -> lubdub_status {
    guard("lubdub_pool_destroy", || {
        // SAFETY: NULL or live (the caller's contract).
        let shared = unsafe { pool_ref(pool) }?;
        if shared.is_default {
            return Err(Error::invalid("the default pool cannot be destroyed"));
        }
        if shared.threads.current_thread_index().is_some() {
            return Err(Error::invalid(
                "a pool cannot be destroyed from inside its own work",
            ));
        }
        // SAFETY: made by `Box::into_raw` in `lubdub_pool_create` (it is not
        // the default pool), and no other call uses it (the caller's
        // contract), so it is freed exactly once.
        let owned = unsafe { Box::from_raw(pool) };
        owned.threads.shutdown();
        Ok(())
    })
}

/// Stores the number of threads of `pool` in `*num_threads_out`.
///
/// # Safety
/// `pool` is NULL (refused) or live; `num_threads_out` is NULL (refused) or
/// valid for a write.
#[cfg_attr(
    any(doc, doctest),
    doc = r#"
```
use lubdub_c::*;
let mut pool = std::ptr::null_mut();
let mut threads = 0;
// SAFETY (of the example): valid pointers.
unsafe {
    assert_eq!(lubdub_pool_default(&mut pool), lubdub_status::LUBDUB_OK);
    assert_eq!(lubdub_pool_num_threads(pool, &mut threads), lubdub_status::LUBDUB_OK);
}
assert!(threads >= 1);
```
"#
)]
#[no_mangle]
pub unsafe extern "C" fn lubdub_pool_num_threads(
    pool: *const lubdub_pool,
    num_threads_out: *mut usize,
) -> lubdub_status {
    guard("lubdub_pool_num_threads", || {
        // SAFETY: NULL or live (the caller's contract).
        let pool = unsafe { pool_ref(pool) }?;
        non_null(num_threads_out, "num_threads_out")?;
        // SAFETY: non-null and valid for a write (the caller's contract).
        unsafe { num_threads_out.write(pool.threads.current_num_threads()) };
        Ok(())
    })
}

/// Runs `task(context)` inside `pool` and returns when it has. The calls
/// it makes on the same pool then run at once, without entering the pool
/// each time: a sequential loop of many small parallel loops belongs in
/// here (OpenMP's `parallel` region around `for` regions).
///
/// # Safety
/// `pool` is NULL (refused) or live; `task` is NULL (refused) or a function
/// that may be called with `context` on any thread.
#[cfg_attr(
    any(doc, doctest),
    doc = r#"
```
use lubdub_c::*;
use std::ffi::{c_int, c_void};
unsafe extern "C" fn count_threads(context: *mut c_void) -> c_int {
    // SAFETY (of the example): the context is the `usize` below.
    unsafe { *context.cast::<usize>() = lubdub::current_num_threads() };
    0
}
let mut pool = std::ptr::null_mut();
let mut threads = 0usize;
// SAFETY (of the example): valid pointers; the pool is destroyed once.
unsafe {
    assert_eq!(lubdub_pool_create(2, &mut pool), lubdub_status::LUBDUB_OK);
    let context = std::ptr::from_mut(&mut threads).cast();
    assert_eq!(lubdub_install(pool, Some(count_threads), context), lubdub_status::LUBDUB_OK);
    assert_eq!(lubdub_pool_destroy(pool), lubdub_status::LUBDUB_OK);
}
assert_eq!(threads, 2);
```
"#
)]
#[no_mangle]
pub unsafe extern "C" fn lubdub_install(
    pool: *const lubdub_pool,
    task: lubdub_task_fn,
    context: *mut c_void,
) -> lubdub_status {
    guard("lubdub_install", || {
        // SAFETY: NULL or live (the caller's contract).
        let pool = unsafe { pool_ref(pool) }?;
        let task = task.ok_or_else(|| Error::null("task"))?;
        let context = Context(context);
        pool.run(|| run_task(task, context, "the task"))
    })
}
