//! `lubdub_pool_profile`: the profiler's table of a pool, as text.

use std::ffi::c_char;

use crate::pool::{lubdub_pool, pool_ref};
use crate::status::{guard, lubdub_status, non_null};

/// Writes the profile of `pool` as text (per worker: the share of time
/// working, searching, sleeping and blocked, events per second, and a
/// verdict naming the dominant loss) into `buffer`, as `snprintf` does:
/// at most `capacity - 1` bytes and a terminating NUL, nothing when
/// `capacity` is 0 (then `buffer` may be NULL). Stores the length of the
/// whole text, without its NUL, in `*length_out` when that is not NULL: a
/// length of `capacity` or more means the text was cut, and a buffer of
/// `length + 1` bytes holds it. The times count from the pool's start.
///
/// # Safety
/// `pool` is NULL (refused) or live; `buffer` is valid for `capacity`
/// bytes of writes (or NULL with a capacity of 0); `length_out` is NULL or
/// valid for a write.
#[cfg_attr(
    any(doc, doctest),
    doc = r#"
```
use lubdub_c::*;
let mut pool = std::ptr::null_mut();
let mut length = 0;
let mut text = vec![0u8; 4096];
// SAFETY (of the example): valid pointers and sizes; the pool is destroyed once.
unsafe {
    assert_eq!(lubdub_pool_create(2, &mut pool), lubdub_status::LUBDUB_OK);
    let status = lubdub_pool_profile(pool, std::ptr::null_mut(), 0, &mut length);
    assert_eq!(status, lubdub_status::LUBDUB_OK);
    let status = lubdub_pool_profile(pool, text.as_mut_ptr().cast(), text.len(), &mut length);
    assert_eq!(status, lubdub_status::LUBDUB_OK);
    assert_eq!(lubdub_pool_destroy(pool), lubdub_status::LUBDUB_OK);
}
let text = std::ffi::CStr::from_bytes_until_nul(&text).unwrap().to_str().unwrap();
assert!(text.starts_with("2 workers"), "{text}");
```
"#
)]
#[no_mangle]
pub unsafe extern "C" fn lubdub_pool_profile(
    pool: *const lubdub_pool,
    buffer: *mut c_char,
    capacity: usize,
    length_out: *mut usize,
) -> lubdub_status {
    guard("lubdub_pool_profile", || {
        // SAFETY: NULL or live (the caller's contract).
        let pool = unsafe { pool_ref(pool) }?;
        if capacity > 0 {
            non_null(buffer, "buffer")?;
        }
        let text = pool.thread_pool().profile().to_string();
        if capacity > 0 {
            let copied = text.len().min(capacity - 1);
            // SAFETY: `buffer` is valid for `capacity` bytes (the caller's
            // contract) and `copied + 1 <= capacity`; a Rust string and a C
            // buffer do not overlap.
            unsafe {
                std::ptr::copy_nonoverlapping(text.as_ptr(), buffer.cast::<u8>(), copied);
                buffer.add(copied).write(0);
            }
        }
        if !length_out.is_null() {
            // SAFETY: non-null and valid for a write (the caller's contract).
            unsafe { length_out.write(text.len()) };
        }
        Ok(())
    })
}
