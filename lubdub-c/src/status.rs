//! Errors as return codes: `lubdub_status`, the message of the last failed
//! call on each thread (`lubdub_last_error`), and [`guard`], the boundary
//! every exported function runs its body in, which turns an error or a
//! panic into a status so that nothing unwinds into C.

use std::cell::RefCell;
use std::ffi::{c_char, c_int, CStr, CString};
use std::panic::{self, AssertUnwindSafe};

/// What a call of the library returns: `LUBDUB_OK`, or why it failed.
/// After a failure, `lubdub_last_error` on the same thread tells more.
#[cfg_attr(
    any(doc, doctest),
    doc = r#"
```
use lubdub_c::*;
let mut pool = std::ptr::null_mut();
// SAFETY (of the example): the out pointer is valid.
let status = unsafe { lubdub_pool_create(lubdub_c::LUBDUB_MAX_THREADS + 1, &mut pool) };
assert_eq!(status, lubdub_status::LUBDUB_ERROR_POOL_BUILD);
assert!(pool.is_null());
```
"#
)]
#[repr(C)]
#[allow(non_camel_case_types)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum lubdub_status {
    /// Success.
    LUBDUB_OK = 0,
    /// A required pointer argument was NULL.
    LUBDUB_ERROR_NULL_POINTER = 1,
    /// An argument had a value the call refuses: a range whose begin is
    /// after its end, an accumulator of size 0, the default pool passed to
    /// `lubdub_pool_destroy`, a pool destroyed from inside its own work.
    LUBDUB_ERROR_INVALID_ARGUMENT = 2,
    /// A callback returned a nonzero value. The call's other callbacks may
    /// or may not have run (a loop stops early); the message names the
    /// callback and its value.
    LUBDUB_ERROR_CALLBACK = 3,
    /// The pool could not be started: too many threads, or the system
    /// refused to start a thread.
    LUBDUB_ERROR_POOL_BUILD = 4,
    /// The library panicked (a bug in lubdub): the panic was caught at the
    /// library's boundary and its message kept.
    LUBDUB_ERROR_PANIC = 5,
}

/// A failed call: its status and a message for `lubdub_last_error`.
#[derive(Debug)]
pub(crate) struct Error {
    pub(crate) status: lubdub_status,
    pub(crate) message: String,
}

impl Error {
    pub(crate) fn new(status: lubdub_status, message: impl Into<String>) -> Self {
        Error {
            status,
            message: message.into(),
        }
    }

    /// A NULL where `argument` must point somewhere.
    #[cold]
    #[inline(never)]
    pub(crate) fn null(argument: &str) -> Self {
        Error::new(
            lubdub_status::LUBDUB_ERROR_NULL_POINTER,
            format!("`{argument}` is NULL"),
        )
    }

    #[cold]
    #[inline(never)]
    pub(crate) fn invalid(message: impl Into<String>) -> Self {
        Error::new(lubdub_status::LUBDUB_ERROR_INVALID_ARGUMENT, message)
    }

    /// A callback, described by `what`, returned `code`.
    #[cold]
    #[inline(never)]
    pub(crate) fn callback(what: impl std::fmt::Display, code: i32) -> Self {
        Error::new(
            lubdub_status::LUBDUB_ERROR_CALLBACK,
            format!("{what} returned {code}"),
        )
    }
}

/// `pointer`, or [`Error::null`] naming `argument`.
#[inline]
pub(crate) fn non_null<T>(pointer: *const T, argument: &str) -> Result<*const T, Error> {
    if pointer.is_null() {
        Err(Error::null(argument))
    } else {
        Ok(pointer)
    }
}

thread_local! {
    /// The message of the last call that failed on this thread.
    static LAST_ERROR: RefCell<CString> = RefCell::new(CString::default());
}

/// Runs the body of the exported function `function`: its error, or a
/// panic caught here, becomes the returned status and this thread's last
/// error message. Inlined into each exported function, whose success path
/// is then a test of the body's result; the failures go out of line.
#[inline]
pub(crate) fn guard(function: &str, body: impl FnOnce() -> Result<(), Error>) -> lubdub_status {
    match panic::catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => lubdub_status::LUBDUB_OK,
        Ok(Err(error)) => fail(function, error),
        Err(payload) => fail(function, panicked(&*payload)),
    }
}

/// Records `error` of the exported function `function` as this thread's
/// last error, and returns its status.
#[cold]
#[inline(never)]
fn fail(function: &str, error: Error) -> lubdub_status {
    set_last_error(&format!("{function}: {}", error.message));
    error.status
}

/// The error of a panic caught at the boundary, whose payload is `payload`.
#[cold]
#[inline(never)]
fn panicked(payload: &(dyn std::any::Any + Send)) -> Error {
    Error::new(
        lubdub_status::LUBDUB_ERROR_PANIC,
        format!("panicked: {}", panic_message(payload)),
    )
}

fn panic_message(payload: &(dyn std::any::Any + Send)) -> &str {
    if let Some(text) = payload.downcast_ref::<&str>() {
        text
    } else if let Some(text) = payload.downcast_ref::<String>() {
        text
    } else {
        "(a panic payload that is not a string)"
    }
}

fn set_last_error(message: &str) {
    // A message cannot hold a NUL byte in C: cut it there.
    let text = message.split('\0').next().unwrap_or_default();
    let text = CString::new(text).unwrap_or_default();
    LAST_ERROR.with(|last| *last.borrow_mut() = text);
}

/// The message of the last call of this library that failed on the calling
/// thread (the function's name, then why), or `""` if none has. The string
/// belongs to the library and stays valid until the next failing call on
/// the same thread. Successful calls leave it as it is, as `errno`.
#[cfg_attr(
    any(doc, doctest),
    doc = r#"
```
use lubdub_c::*;
use std::ffi::CStr;
// SAFETY (of the example): a NULL out pointer is what is being tested.
let status = unsafe { lubdub_pool_create(2, std::ptr::null_mut()) };
assert_eq!(status, lubdub_status::LUBDUB_ERROR_NULL_POINTER);
// SAFETY (of the example): the message is a valid C string until the next failure.
let message = unsafe { CStr::from_ptr(lubdub_last_error()) };
assert_eq!(message.to_str().unwrap(), "lubdub_pool_create: `pool_out` is NULL");
```
"#
)]
#[no_mangle]
pub extern "C" fn lubdub_last_error() -> *const c_char {
    // The pointer stays valid after `with` returns: the thread-local lives
    // as long as the thread, and its string changes only on a later failure.
    LAST_ERROR
        .try_with(|last| last.borrow().as_ptr())
        .unwrap_or(c"".as_ptr())
}

/// A fixed description of a status ("success", "a NULL pointer
/// argument"...), a static string; "an unknown status" for a value that is
/// no `lubdub_status`.
#[cfg_attr(
    any(doc, doctest),
    doc = r#"
```
use lubdub_c::*;
use std::ffi::CStr;
let text = |status| {
    // SAFETY (of the example): the result is a static C string.
    unsafe { CStr::from_ptr(lubdub_status_message(status)) }.to_str().unwrap()
};
assert_eq!(text(lubdub_status::LUBDUB_OK as i32), "success");
assert_eq!(text(-1), "an unknown status");
```
"#
)]
#[no_mangle]
pub extern "C" fn lubdub_status_message(status: c_int) -> *const c_char {
    use lubdub_status::*;
    let known = [
        (LUBDUB_OK, c"success"),
        (LUBDUB_ERROR_NULL_POINTER, c"a NULL pointer argument"),
        (LUBDUB_ERROR_INVALID_ARGUMENT, c"an invalid argument"),
        (LUBDUB_ERROR_CALLBACK, c"a callback returned nonzero"),
        (LUBDUB_ERROR_POOL_BUILD, c"the pool could not be started"),
        (
            LUBDUB_ERROR_PANIC,
            c"the library panicked (a bug in lubdub)",
        ),
    ];
    let text: &'static CStr = known
        .iter()
        .find(|(known, _)| *known as c_int == status)
        .map_or(c"an unknown status", |(_, text)| text);
    text.as_ptr()
}
