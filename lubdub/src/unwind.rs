//! Panic plumbing: catch a panic where it must not cross a scheduling
//! boundary, and resume it where the user can see it.

use std::panic::{self, AssertUnwindSafe};
use std::thread;

/// Runs `f`, catching a panic. The runtime re-raises the panic with
/// [`resume`] in the caller's frame, so unwind safety is the caller's
/// concern exactly as if `f` had run inline.
#[inline]
pub(crate) fn halt<F: FnOnce() -> R, R>(f: F) -> thread::Result<R> {
    panic::catch_unwind(AssertUnwindSafe(f))
}

/// Re-raises a caught panic.
pub(crate) fn resume(payload: Box<dyn std::any::Any + Send>) -> ! {
    panic::resume_unwind(payload)
}

/// The text of a panic payload, when it has one.
pub(crate) fn message(payload: &(dyn std::any::Any + Send)) -> &str {
    if let Some(text) = payload.downcast_ref::<&str>() {
        text
    } else if let Some(text) = payload.downcast_ref::<String>() {
        text
    } else {
        "(a panic payload that is not a string)"
    }
}
