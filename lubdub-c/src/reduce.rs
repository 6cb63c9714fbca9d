//! `lubdub_parallel_reduce`: a self-splitting loop that folds sub-ranges
//! into accumulators and combines them with a user function.

use std::ffi::{c_int, c_void};

use crate::accumulator::{copy_value, Accumulators, FrameStorage};
use crate::callback::{check, lubdub_combine_fn, lubdub_fold_fn, Context};
use crate::parallel_for::checked_range;
use crate::pool::{lubdub_pool, pool_ref};
use crate::ranges::{self, RangeWork};
use crate::status::{guard, lubdub_status, non_null, Error};

struct Reduction {
    body: unsafe extern "C" fn(*mut c_void, usize, usize, *mut c_void) -> c_int,
    combine: unsafe extern "C" fn(*mut c_void, *mut c_void, *const c_void) -> c_int,
    context: Context,
}

impl RangeWork for Reduction {
    #[inline]
    fn fold(&self, acc: *mut c_void, begin: usize, end: usize) -> c_int {
        // SAFETY: `body` is a C function of this type, given with this
        // context (the caller's contract); `acc` holds `size` bytes.
        unsafe { (self.body)(self.context.0, begin, end, acc) }
    }

    fn combine(&self, left: *mut c_void, right: *const c_void) -> Result<(), Error> {
        // SAFETY: as in `fold`; two accumulators are distinct buffers.
        let code = unsafe { (self.combine)(self.context.0, left, right) };
        check(code, || "the combine function".to_owned())
    }
}

/// Reduces `[begin, end)` in `pool` into the `size`-byte value at `result`.
/// Each piece of the loop starts from a byte copy of the `size` bytes at
/// `identity` (so the value must be plain data that `memcpy` may copy, and
/// `identity` must be an identity of `combine`: 0 for a sum, 1 for a
/// product); `body(context, b, e, acc)` folds sub-ranges `[b, e)` into a
/// piece's accumulator `acc`, in order within the piece; and
/// `combine(context, left, right)` folds the accumulator of the indexes
/// after `left`'s into `left`. Results are combined left to right, so an
/// associative `combine` gives the sequential answer even when it is not
/// commutative. Accumulators are aligned to 16 bytes. The loop splits
/// itself as `lubdub_parallel_for` does: a range that is never split has
/// one accumulator and no `combine` at all, and a pool of one thread folds
/// each half of the range into its own and combines them once. An empty
/// range stores the identity. `identity` and `result` may be the same
/// pointer. When a callback returns nonzero the loop stops early, the call
/// fails with `LUBDUB_ERROR_CALLBACK`, and `result` is left as it was.
///
/// # Safety
/// `pool` is NULL (refused) or live; `identity` and `result` are NULL
/// (refused) or valid for `size` bytes (reads; writes); `body` and
/// `combine` are NULL (refused) or functions that may be called with
/// `context` on any thread, at the same time as themselves, on distinct
/// accumulators.
#[cfg_attr(
    any(doc, doctest),
    doc = r#"
```
use lubdub_c::*;
use std::ffi::{c_int, c_void};
unsafe extern "C" fn sum_squares(_: *mut c_void, b: usize, e: usize, acc: *mut c_void) -> c_int {
    // SAFETY (of the example): the accumulator is a `u64`.
    unsafe { *acc.cast::<u64>() += (b..e).map(|i| (i * i) as u64).sum::<u64>() };
    0
}
unsafe extern "C" fn add(_: *mut c_void, left: *mut c_void, right: *const c_void) -> c_int {
    // SAFETY (of the example): both are `u64`s.
    unsafe { *left.cast::<u64>() += *right.cast::<u64>() };
    0
}
let mut pool = std::ptr::null_mut();
let mut total = 0u64; // the identity in, the sum out
// SAFETY (of the example): valid pointers of the size given.
unsafe {
    assert_eq!(lubdub_pool_create(2, &mut pool), lubdub_status::LUBDUB_OK);
    let total_ptr: *mut c_void = std::ptr::from_mut(&mut total).cast();
    let status = lubdub_parallel_reduce(
        pool, 0, 1000, Some(sum_squares), Some(add), std::ptr::null_mut(),
        total_ptr, total_ptr, 8,
    );
    assert_eq!(status, lubdub_status::LUBDUB_OK);
    assert_eq!(lubdub_pool_destroy(pool), lubdub_status::LUBDUB_OK);
}
assert_eq!(total, (0..1000u64).map(|i| i * i).sum::<u64>());
```
"#
)]
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn lubdub_parallel_reduce(
    pool: *const lubdub_pool,
    begin: usize,
    end: usize,
    body: lubdub_fold_fn,
    combine: lubdub_combine_fn,
    context: *mut c_void,
    result: *mut c_void,
    identity: *const c_void,
    size: usize,
) -> lubdub_status {
    guard("lubdub_parallel_reduce", || {
        // SAFETY: NULL or live (the caller's contract).
        let pool = unsafe { pool_ref(pool) }?;
        non_null(identity, "identity")?;
        non_null(result, "result")?;
        let body = body.ok_or_else(|| Error::null("body"))?;
        let combine = combine.ok_or_else(|| Error::null("combine"))?;
        checked_range(begin, end)?;
        if size == 0 {
            return Err(Error::invalid("the accumulator's size is 0"));
        }
        let mut frame = FrameStorage::new(size);
        // SAFETY: `identity` is readable for `size` bytes for the whole call
        // (the caller's contract); `frame` has room for them and stays here,
        // untouched, until the accumulators and the total are gone.
        let accumulators = unsafe { Accumulators::new(identity.cast(), size, &mut frame) };
        let reduction = Reduction {
            body,
            combine,
            context: Context(context),
        };
        let total = pool.run(|| ranges::run(begin, end, &reduction, &accumulators))?;
        // SAFETY: `result` is valid for `size` bytes of writes (the caller's
        // contract) and `total` holds `size` bytes; they are distinct.
        unsafe { copy_value(total.as_ptr().cast(), result.cast(), size) };
        Ok(())
    })
}
