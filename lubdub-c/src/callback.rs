//! The callbacks C passes in, their context pointers, and the first failure
//! among callbacks that ran on several threads.

use std::ffi::{c_int, c_void};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError};

use crate::status::Error;

/// A task: `lubdub_join`'s two halves and `lubdub_install`'s body. It
/// returns 0 on success; anything else makes the call fail with
/// `LUBDUB_ERROR_CALLBACK`.
#[allow(non_camel_case_types)]
pub type lubdub_task_fn = Option<unsafe extern "C" fn(context: *mut c_void) -> c_int>;

/// The body of a parallel `for`: handles the indexes `[begin, end)`, a
/// sub-range of the loop's range, and returns 0 (nonzero stops the loop).
#[allow(non_camel_case_types)]
pub type lubdub_range_fn =
    Option<unsafe extern "C" fn(context: *mut c_void, begin: usize, end: usize) -> c_int>;

/// The body of a parallel reduction: folds the indexes `[begin, end)` into
/// `*accumulator` (a value of the reduction's size, aligned to 16 bytes) and
/// returns 0 (nonzero stops the loop).
#[allow(non_camel_case_types)]
pub type lubdub_fold_fn = Option<
    unsafe extern "C" fn(
        context: *mut c_void,
        begin: usize,
        end: usize,
        accumulator: *mut c_void,
    ) -> c_int,
>;

/// Combines two partial results of a reduction: folds `*right` (the
/// indexes after `left`'s) into `*left`, and returns 0 (nonzero stops the
/// loop).
#[allow(non_camel_case_types)]
pub type lubdub_combine_fn = Option<
    unsafe extern "C" fn(context: *mut c_void, left: *mut c_void, right: *const c_void) -> c_int,
>;

/// A C context pointer, carried to whichever thread runs the callback.
///
/// The library never reads or writes through it; C promises, by passing it,
/// that its callbacks may use it from any thread (the header says so).
#[derive(Clone, Copy)]
pub(crate) struct Context(pub(crate) *mut c_void);

// SAFETY: only C dereferences the pointer, and the library's contract (the
// header's) is that each callback may run on any thread of the pool, with
// several callbacks of one call at once.
unsafe impl Send for Context {}
// SAFETY: as for `Send`: the library itself never touches the pointee.
unsafe impl Sync for Context {}

/// The first of the failures that callbacks of one call report, from any
/// thread, and a flag that later work checks to stop early.
#[derive(Default)]
pub(crate) struct FirstFailure {
    failed: AtomicBool,
    first: Mutex<Option<Error>>,
}

impl FirstFailure {
    /// Keeps `error` unless an earlier one was kept.
    pub(crate) fn record(&self, error: Error) {
        let mut first = self.first.lock().unwrap_or_else(PoisonError::into_inner);
        first.get_or_insert(error);
        self.failed.store(true, Ordering::Release);
    }

    /// Keeps the result of a callback, `Err` as a failure.
    #[inline]
    pub(crate) fn keep(&self, result: Result<(), Error>) {
        if let Err(error) = result {
            self.record(error);
        }
    }

    /// True once a failure was recorded.
    #[inline]
    pub(crate) fn has_failed(&self) -> bool {
        self.failed.load(Ordering::Acquire)
    }

    /// `value`, or the first failure.
    pub(crate) fn or<T>(self, value: T) -> Result<T, Error> {
        match self
            .first
            .into_inner()
            .unwrap_or_else(PoisonError::into_inner)
        {
            Some(error) => Err(error),
            None => Ok(value),
        }
    }
}

/// `code` of a callback described by `what` as a result. `what` runs only
/// on a failure, out of line.
#[inline]
pub(crate) fn check(code: c_int, what: impl FnOnce() -> String) -> Result<(), Error> {
    if code == 0 {
        Ok(())
    } else {
        Err(failed(code, what))
    }
}

/// The error of a callback, described by `what`, that returned `code`.
#[cold]
#[inline(never)]
fn failed(code: c_int, what: impl FnOnce() -> String) -> Error {
    Error::callback(what(), code)
}

/// Runs the task `task` with `context`.
pub(crate) fn run_task(
    task: unsafe extern "C" fn(*mut c_void) -> c_int,
    context: Context,
    what: &str,
) -> Result<(), Error> {
    // SAFETY: `task` is a C function of this type, given with this context
    // for the library to call (the caller's contract).
    let code = unsafe { task(context.0) };
    check(code, || what.to_owned())
}
