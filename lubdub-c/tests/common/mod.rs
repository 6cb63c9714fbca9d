//! What the C library's Rust tests share: a pool destroyed on drop, and a
//! fold of the indexes' sum into a `u64`.

use std::ffi::{c_int, c_void};

use lubdub_c::*;

/// A pool of `threads` threads, destroyed on drop.
pub struct Pool(pub *mut lubdub_pool);

impl Pool {
    pub fn new(threads: usize) -> Pool {
        let mut pool = std::ptr::null_mut();
        // SAFETY: a valid out pointer.
        let status = unsafe { lubdub_pool_create(threads, &mut pool) };
        assert_eq!(status, lubdub_status::LUBDUB_OK);
        Pool(pool)
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        // SAFETY: made by `lubdub_pool_create`, destroyed once, idle.
        let status = unsafe { lubdub_pool_destroy(self.0) };
        assert_eq!(status, lubdub_status::LUBDUB_OK);
    }
}

/// A reduction's body: adds the indexes `[begin, end)` to the `u64` at `acc`.
pub unsafe extern "C" fn add_indexes(
    _: *mut c_void,
    begin: usize,
    end: usize,
    acc: *mut c_void,
) -> c_int {
    // SAFETY: the accumulator is a `u64` (the caller's size).
    unsafe { *acc.cast::<u64>() += (begin..end).map(|i| i as u64).sum::<u64>() };
    0
}
