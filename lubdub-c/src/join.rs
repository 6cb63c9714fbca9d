//! `lubdub_join`: two tasks, perhaps in parallel.

use std::ffi::c_void;

use crate::callback::{lubdub_task_fn, run_task, Context};
use crate::pool::{lubdub_pool, pool_ref};
use crate::status::{guard, lubdub_status, Error};

/// Runs `a(a_context)` and `b(b_context)` in `pool`, perhaps at the same
/// time, and returns when both have. `a` runs on the calling thread; `b`
/// runs right after it there too, unless an idle thread of the pool took it
/// meanwhile (at a heartbeat), so a join costs a few stores when no thread
/// is idle. Both always run; if either returns nonzero the call fails with
/// `LUBDUB_ERROR_CALLBACK` (`a`'s failure is the one reported when both
/// fail).
///
/// # Safety
/// `pool` is NULL (refused) or live; `a` and `b` are NULL (refused) or
/// functions that may be called with their contexts on any thread, at the
/// same time as each other.
#[cfg_attr(
    any(doc, doctest),
    doc = r#"
```
use lubdub_c::*;
use std::ffi::{c_int, c_void};
unsafe extern "C" fn double_it(context: *mut c_void) -> c_int {
    // SAFETY (of the example): each context is its own `u64` below.
    unsafe { *context.cast::<u64>() *= 2 };
    0
}
let mut pool = std::ptr::null_mut();
let (mut x, mut y) = (20u64, 21u64);
// SAFETY (of the example): valid pointers; the pool is destroyed once.
unsafe {
    assert_eq!(lubdub_pool_create(2, &mut pool), lubdub_status::LUBDUB_OK);
    let (cx, cy) = (std::ptr::from_mut(&mut x).cast(), std::ptr::from_mut(&mut y).cast());
    let status = lubdub_join(pool, Some(double_it), cx, Some(double_it), cy);
    assert_eq!(status, lubdub_status::LUBDUB_OK);
    assert_eq!(lubdub_pool_destroy(pool), lubdub_status::LUBDUB_OK);
}
assert_eq!((x, y), (40, 42));
```
"#
)]
#[no_mangle]
pub unsafe extern "C" fn lubdub_join(
    pool: *const lubdub_pool,
    a: lubdub_task_fn,
    a_context: *mut c_void,
    b: lubdub_task_fn,
    b_context: *mut c_void,
) -> lubdub_status {
    guard("lubdub_join", || {
        // SAFETY: NULL or live (the caller's contract).
        let pool = unsafe { pool_ref(pool) }?;
        let a = a.ok_or_else(|| Error::null("a"))?;
        let b = b.ok_or_else(|| Error::null("b"))?;
        let (a_context, b_context) = (Context(a_context), Context(b_context));
        let (ra, rb) = pool.run(|| {
            lubdub::join(
                || run_task(a, a_context, "task a"),
                || run_task(b, b_context, "task b"),
            )
        });
        ra.and(rb)
    })
}
