//! [`lubdub_scope_run`]: a body that spawns tasks, which may spawn more; the
//! call returns once all of them have run.

use std::ffi::{c_int, c_void};

use crate::callback::{check, Context, FirstFailure};
use crate::pool::{lubdub_pool, pool_ref};
use crate::status::{guard, lubdub_status, non_null, Error};

/// The scope a scope's body and its spawned tasks receive, to spawn more
/// tasks with `lubdub_scope_spawn`. Opaque to C. A pointer to it is valid
/// only until the callback that received it returns.
#[allow(non_camel_case_types)]
pub struct lubdub_scope {
    /// The Rust scope, its lifetime erased: live while the callback that got
    /// this handle runs, which is inside the scope.
    scope: *const lubdub::Scope<'static>,
    /// Where the scope's tasks report failures: lives in the frame of
    /// `lubdub_scope_run`, which outlives the scope.
    failure: *const FirstFailure,
}

/// A scope's body, or a task spawned in a scope: gets the scope, to spawn
/// more, and its context; returns 0 on success (anything else makes
/// `lubdub_scope_run` fail with `LUBDUB_ERROR_CALLBACK` once every task ran).
#[allow(non_camel_case_types)]
pub type lubdub_scope_fn =
    Option<unsafe extern "C" fn(scope: *mut lubdub_scope, context: *mut c_void) -> c_int>;

/// Runs `callback` with a handle on `scope` whose tasks report to `failure`.
fn call_in(
    scope: &lubdub::Scope<'_>,
    failure: &FirstFailure,
    callback: unsafe extern "C" fn(*mut lubdub_scope, *mut c_void) -> c_int,
    context: Context,
    what: &str,
) {
    let mut handle = lubdub_scope {
        scope: std::ptr::from_ref(scope).cast(),
        failure,
    };
    // SAFETY: `callback` is a C function of this type, given with this
    // context for the library to call (the caller's contract); `handle`
    // lives until it returns.
    let code = unsafe { callback(&mut handle, context.0) };
    failure.keep(check(code, || what.to_owned()));
}

/// Runs `body(scope, context)` in `pool`, where `body` and the tasks it
/// spawns with `lubdub_scope_spawn` may spawn more tasks, and returns when
/// all of them have run. Spawned tasks run on idle threads of the pool, or
/// on this thread while it waits. If any of them (or `body`) returns
/// nonzero, the others still run and the call fails with
/// `LUBDUB_ERROR_CALLBACK`, naming the first failure.
///
/// # Safety
/// `pool` is NULL (refused) or live; `body` is NULL (refused) or a function
/// that may be called with `context` on any thread.
#[cfg_attr(
    any(doc, doctest),
    doc = r#"
```
use lubdub_c::*;
use std::ffi::{c_int, c_void};
use std::sync::atomic::{AtomicU64, Ordering};
unsafe extern "C" fn add_one(_: *mut lubdub_scope, context: *mut c_void) -> c_int {
    // SAFETY (of the example): the context is the counter below.
    unsafe { &*context.cast::<AtomicU64>() }.fetch_add(1, Ordering::Relaxed);
    0
}
unsafe extern "C" fn spawn_ten(scope: *mut lubdub_scope, context: *mut c_void) -> c_int {
    for _ in 0..10 {
        // SAFETY (of the example): `scope` is live during this callback.
        let status = unsafe { lubdub_scope_spawn(scope, Some(add_one), context) };
        assert_eq!(status, lubdub_status::LUBDUB_OK);
    }
    0
}
let counter = AtomicU64::new(0);
let mut pool = std::ptr::null_mut();
// SAFETY (of the example): valid pointers; the pool is destroyed once.
unsafe {
    assert_eq!(lubdub_pool_create(2, &mut pool), lubdub_status::LUBDUB_OK);
    let context = std::ptr::from_ref(&counter).cast_mut().cast();
    assert_eq!(lubdub_scope_run(pool, Some(spawn_ten), context), lubdub_status::LUBDUB_OK);
    assert_eq!(lubdub_pool_destroy(pool), lubdub_status::LUBDUB_OK);
}
assert_eq!(counter.load(Ordering::Relaxed), 10);
```
"#
)]
#[no_mangle]
pub unsafe extern "C" fn lubdub_scope_run(
    pool: *const lubdub_pool,
    body: lubdub_scope_fn,
    context: *mut c_void,
) -> lubdub_status {
    guard("lubdub_scope_run", || {
        // SAFETY: NULL or live (the caller's contract).
        let pool = unsafe { pool_ref(pool) }?;
        let body = body.ok_or_else(|| Error::null("body"))?;
        let context = Context(context);
        let failure = FirstFailure::default();
        let failure_ref = &failure;
        pool.run(|| {
            lubdub::scope(|scope| call_in(scope, failure_ref, body, context, "the scope's body"));
        });
        failure.or(())
    })
}

/// Spawns `task(scope, context)` in `scope`: it runs before the
/// `lubdub_scope_run` call that made the scope returns, perhaps on another
/// thread, perhaps at once. The task's result is reported by that call.
///
/// # Safety
/// `scope` is NULL (refused) or the pointer a running scope callback
/// received, used before that callback returns; `task` is NULL (refused) or
/// a function that may be called with `context` on any thread.
#[cfg_attr(
    any(doc, doctest),
    doc = r#"
```
use lubdub_c::*;
use std::ffi::{c_int, c_void};
unsafe extern "C" fn task(_: *mut lubdub_scope, _: *mut c_void) -> c_int {
    0
}
// SAFETY (of the example): NULL is what is being tested.
let status = unsafe { lubdub_scope_spawn(std::ptr::null_mut(), Some(task), std::ptr::null_mut()) };
assert_eq!(status, lubdub_status::LUBDUB_ERROR_NULL_POINTER);
```
"#
)]
#[no_mangle]
pub unsafe extern "C" fn lubdub_scope_spawn(
    scope: *mut lubdub_scope,
    task: lubdub_scope_fn,
    context: *mut c_void,
) -> lubdub_status {
    guard("lubdub_scope_spawn", || {
        let handle = non_null(scope, "scope")?;
        let task = task.ok_or_else(|| Error::null("task"))?;
        // SAFETY: `handle` was given to a callback that is still running
        // (the caller's contract), so the scope it names is running and its
        // failure slot, in `lubdub_scope_run`'s frame, is live. Both outlive the
        // spawned task: the scope waits for its tasks before it ends. The
        // `'static` lifetimes are that promise, which the scope keeps.
        let (scope, failure) = unsafe { (&*(*handle).scope, &*(*handle).failure) };
        let context = Context(context);
        scope.spawn(move |scope| call_in(scope, failure, task, context, "a spawned task"));
        Ok(())
    })
}
