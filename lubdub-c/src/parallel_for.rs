//! `lubdub_parallel_for`: a self-splitting loop whose body gets sub-ranges.

use std::ffi::{c_int, c_void};

use crate::accumulator::{Accumulators, FrameStorage};
use crate::callback::{lubdub_range_fn, Context};
use crate::pool::{lubdub_pool, pool_ref};
use crate::ranges::{self, RangeWork};
use crate::status::{guard, lubdub_status, Error};

/// The indexes `[begin, end)` as the loop of a C call sees them: `begin`
/// after `end` is refused.
#[inline]
pub(crate) fn checked_range(begin: usize, end: usize) -> Result<(), Error> {
    if begin > end {
        Err(reversed_range(begin, end))
    } else {
        Ok(())
    }
}

/// The error of a range whose `begin` is after its `end`.
#[cold]
#[inline(never)]
fn reversed_range(begin: usize, end: usize) -> Error {
    Error::invalid(format!(
        "the range's begin ({begin}) is after its end ({end})"
    ))
}

struct ForBody {
    body: unsafe extern "C" fn(*mut c_void, usize, usize) -> c_int,
    context: Context,
}

impl RangeWork for ForBody {
    #[inline]
    fn fold(&self, _: *mut c_void, begin: usize, end: usize) -> c_int {
        // SAFETY: `body` is a C function of this type, given with this
        // context for the library to call on any sub-range of the loop's
        // (the caller's contract).
        unsafe { (self.body)(self.context.0, begin, end) }
    }

    fn combine(&self, _: *mut c_void, _: *const c_void) -> Result<(), Error> {
        Ok(())
    }
}

/// Runs `body(context, b, e)` on sub-ranges `[b, e)` that together cover
/// `[begin, end)` once, in `pool`, and returns when all have run. There is
/// no chunk size to choose: the loop runs on the calling thread in chunks
/// that grow from a few indexes to a few thousand, and the rest of the range
/// is halved and offered to an idle thread only when a heartbeat finds one,
/// so a short loop costs about what a sequential one does, and a long one
/// spreads over the pool. Sub-ranges may run in any order and at the same
/// time. An empty range (`begin == end`) calls nothing; `begin > end` is
/// refused. When `body` returns nonzero, the loop stops early (sub-ranges
/// not started yet are skipped) and the call fails with
/// `LUBDUB_ERROR_CALLBACK`.
///
/// # Safety
/// `pool` is NULL (refused) or live; `body` is NULL (refused) or a function
/// that may be called with `context` on any thread, at the same time as
/// itself, on disjoint sub-ranges.
#[cfg_attr(
    any(doc, doctest),
    doc = r#"
```
use lubdub_c::*;
use std::ffi::{c_int, c_void};
unsafe extern "C" fn square(context: *mut c_void, begin: usize, end: usize) -> c_int {
    let out = context.cast::<u64>();
    for i in begin..end {
        // SAFETY (of the example): each index is written by one sub-range only.
        unsafe { *out.add(i) = (i * i) as u64 };
    }
    0
}
let mut squares = vec![0u64; 10_000];
let mut pool = std::ptr::null_mut();
// SAFETY (of the example): valid pointers; the body stays in bounds.
unsafe {
    assert_eq!(lubdub_pool_create(2, &mut pool), lubdub_status::LUBDUB_OK);
    let context = squares.as_mut_ptr().cast();
    let status = lubdub_parallel_for(pool, 0, squares.len(), Some(square), context);
    assert_eq!(status, lubdub_status::LUBDUB_OK);
    assert_eq!(lubdub_pool_destroy(pool), lubdub_status::LUBDUB_OK);
}
assert!(squares.iter().enumerate().all(|(i, &s)| s == (i * i) as u64));
```
"#
)]
#[no_mangle]
pub unsafe extern "C" fn lubdub_parallel_for(
    pool: *const lubdub_pool,
    begin: usize,
    end: usize,
    body: lubdub_range_fn,
    context: *mut c_void,
) -> lubdub_status {
    guard("lubdub_parallel_for", || {
        // SAFETY: NULL or live (the caller's contract).
        let pool = unsafe { pool_ref(pool) }?;
        let body = body.ok_or_else(|| Error::null("body"))?;
        checked_range(begin, end)?;
        let work = ForBody {
            body,
            context: Context(context),
        };
        // No accumulator: each piece's is a header alone.
        let mut frame = FrameStorage::new(0);
        // SAFETY: no bytes to copy; `frame` stays here, untouched, until the
        // loop is over.
        let accumulators = unsafe { Accumulators::new(std::ptr::null(), 0, &mut frame) };
        pool.run(|| ranges::run(begin, end, &work, &accumulators).map(drop))
    })
}
