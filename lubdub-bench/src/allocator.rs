//! The program's global allocator: the system's (`malloc`/`free`, glibc on
//! Linux) or mimalloc, as the environment variable [`ENV_VAR`] says
//! (`system` or `mimalloc`; unset or empty means `system`).
//!
//! `lubdub-bench alloc` runs its workloads once under each, in two child
//! processes of itself (seed 001: a parallel program slowed down by glibc's
//! `malloc`/`free` on many threads). Every other subcommand honours the
//! variable too, and records the allocator in its provenance.
//!
//! The choice is made once per process, on its first allocation (during
//! start-up or early in `main`, while the process has one thread), and
//! never changes after:
//! a block must be freed (and resized) by the allocator that made it, and
//! blocks made before any change would still be live after it. So the
//! variable is read once, and the answer is cached in [`CHOICE`]; setting
//! the variable later in the process does nothing. A value that names no
//! allocator is remembered as such and served by the system allocator, so
//! that start-up can go on; `main` then reports it through [`in_use`] and
//! exits before measuring anything.
//!
//! The allocator must not allocate, so the variable is read with
//! `libc::getenv` (no `String`, no `std::env`) and compared as bytes.

use std::alloc::{GlobalAlloc, Layout, System};
use std::ffi::CStr;
use std::fmt;
use std::sync::atomic::{AtomicU8, Ordering};

use mimalloc::MiMalloc;

/// The environment variable that picks the allocator.
pub const ENV_VAR: &str = "LUBDUB_BENCH_ALLOCATOR";

/// [`ENV_VAR`] as the C string `getenv` takes (a test checks they agree).
const ENV_VAR_C: &CStr = c"LUBDUB_BENCH_ALLOCATOR";

/// An allocator this program can run with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    /// `std::alloc::System`: the C library's `malloc` (glibc here).
    System,
    /// `mimalloc::MiMalloc`: Microsoft's mimalloc, built from source by the
    /// `mimalloc` crate (its default features: no `override`, so C code
    /// such as libgomp keeps the C library's `malloc`).
    Mimalloc,
}

impl Choice {
    /// Every choice, in the order `alloc` measures them (the system
    /// allocator first: the others are compared with it).
    pub const ALL: [Choice; 2] = [Self::System, Self::Mimalloc];

    /// The value of [`ENV_VAR`] that selects it; its name in tables and JSON.
    pub fn name(self) -> &'static str {
        match self {
            Self::System => "system",
            Self::Mimalloc => "mimalloc",
        }
    }

    fn code(self) -> u8 {
        match self {
            Self::System => SYSTEM,
            Self::Mimalloc => MIMALLOC,
        }
    }
}

/// [`ENV_VAR`] names no allocator this program has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnknownAllocator;

impl fmt::Display for UnknownAllocator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{ENV_VAR} names no allocator this program has: use {} or {} (unset or empty means {})",
            Choice::System.name(),
            Choice::Mimalloc.name(),
            Choice::System.name()
        )
    }
}

impl std::error::Error for UnknownAllocator {}

/// The allocator that the value of [`ENV_VAR`] selects: `None` (unset) and
/// empty mean the system's; otherwise the name, in any case. Pure and
/// allocation-free: the global allocator calls it.
///
/// # Errors
/// [`UnknownAllocator`] for any other value.
pub fn parse(value: Option<&[u8]>) -> Result<Choice, UnknownAllocator> {
    match value {
        None | Some(b"") => Ok(Choice::System),
        Some(v) => Choice::ALL
            .into_iter()
            .find(|c| v.eq_ignore_ascii_case(c.name().as_bytes()))
            .ok_or(UnknownAllocator),
    }
}

/// [`CHOICE`] before the first allocation decides it.
const UNDECIDED: u8 = 0;
/// [`CHOICE`] for [`Choice::System`].
const SYSTEM: u8 = 1;
/// [`CHOICE`] for [`Choice::Mimalloc`].
const MIMALLOC: u8 = 2;
/// [`CHOICE`] when [`ENV_VAR`] named no allocator: served by the system's.
const UNKNOWN: u8 = 3;

/// The process's choice, decided on its first allocation and then fixed.
/// Only this byte is shared between threads, so relaxed ordering suffices:
/// every thread sees either [`UNDECIDED`] or the one final value.
static CHOICE: AtomicU8 = AtomicU8::new(UNDECIDED);

/// The process's choice as a [`CHOICE`] code, deciding it if no allocation
/// has yet.
#[inline]
fn decided() -> u8 {
    match CHOICE.load(Ordering::Relaxed) {
        UNDECIDED => decide(),
        code => code,
    }
}

/// Reads [`ENV_VAR`] without allocating and records the choice. If two
/// threads race here, the first to record wins and both use its answer, so
/// the choice is made exactly once.
#[cold]
fn decide() -> u8 {
    // SAFETY: `getenv` is given a NUL-terminated string. It is not
    // thread-safe against a concurrent `setenv`, but this runs on the first
    // allocation of the process, which comes before it starts any thread,
    // and this program never sets its own environment (its children get
    // theirs through `Command::env`).
    let value = unsafe { libc::getenv(ENV_VAR_C.as_ptr()) };
    let bytes = if value.is_null() {
        None
    } else {
        // SAFETY: a non-null `getenv` result points to a NUL-terminated
        // string in the environment block, which lives as long as the
        // process and is not changed here (see above); it is read at once.
        Some(unsafe { CStr::from_ptr(value) }.to_bytes())
    };
    let code = parse(bytes).map_or(UNKNOWN, Choice::code);
    match CHOICE.compare_exchange(UNDECIDED, code, Ordering::Relaxed, Ordering::Relaxed) {
        Ok(_) => code,
        Err(earlier) => earlier,
    }
}

/// The allocator this process runs with.
///
/// # Errors
/// When [`ENV_VAR`] named no allocator: the message quotes the value (the
/// process then runs on the system allocator, but measures nothing).
pub fn in_use() -> Result<Choice, String> {
    match decided() {
        SYSTEM => Ok(Choice::System),
        MIMALLOC => Ok(Choice::Mimalloc),
        _ => {
            let value = std::env::var_os(ENV_VAR).unwrap_or_default();
            Err(format!("{ENV_VAR}={value:?}: {UnknownAllocator}"))
        }
    }
}

/// The global allocator: every call goes to the allocator chosen once per
/// process (see the module's documentation).
pub struct Dispatch;

#[global_allocator]
static GLOBAL: Dispatch = Dispatch;

// SAFETY: each method forwards to `System` or `MiMalloc`, both of which are
// correct `GlobalAlloc`s, with the caller's arguments unchanged; and since
// `decided()` returns the same value for the whole life of the process, a
// block is always freed or resized by the allocator that made it.
unsafe impl GlobalAlloc for Dispatch {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if decided() == MIMALLOC {
            // SAFETY: the caller's contract for `alloc` is passed on as is.
            unsafe { MiMalloc.alloc(layout) }
        } else {
            // SAFETY: as above.
            unsafe { System.alloc(layout) }
        }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if decided() == MIMALLOC {
            // SAFETY: the caller's contract for `alloc_zeroed` is passed on.
            unsafe { MiMalloc.alloc_zeroed(layout) }
        } else {
            // SAFETY: as above.
            unsafe { System.alloc_zeroed(layout) }
        }
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        if decided() == MIMALLOC {
            // SAFETY: `ptr` was allocated by this same allocator, as the
            // choice never changes; the rest of the contract is the caller's.
            unsafe { MiMalloc.dealloc(ptr, layout) }
        } else {
            // SAFETY: as above.
            unsafe { System.dealloc(ptr, layout) }
        }
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if decided() == MIMALLOC {
            // SAFETY: `ptr` was allocated by this same allocator, as the
            // choice never changes; the rest of the contract is the caller's.
            unsafe { MiMalloc.realloc(ptr, layout, new_size) }
        } else {
            // SAFETY: as above.
            unsafe { System.realloc(ptr, layout, new_size) }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unset_and_empty_mean_the_system_allocator() {
        assert_eq!(parse(None), Ok(Choice::System));
        assert_eq!(parse(Some(b"")), Ok(Choice::System));
    }

    #[test]
    fn names_select_their_allocator_in_any_case() {
        assert_eq!(parse(Some(b"system")), Ok(Choice::System));
        assert_eq!(parse(Some(b"mimalloc")), Ok(Choice::Mimalloc));
        assert_eq!(parse(Some(b"MiMalloc")), Ok(Choice::Mimalloc));
        for c in Choice::ALL {
            assert_eq!(parse(Some(c.name().as_bytes())), Ok(c));
        }
    }

    #[test]
    fn other_values_are_errors_that_say_what_to_use() {
        for bad in [
            &b"jemalloc"[..],
            b"mimalloc ",
            b" system",
            b"sys",
            b"1",
            b"\xff",
        ] {
            assert_eq!(parse(Some(bad)), Err(UnknownAllocator), "{bad:?}");
        }
        let text = UnknownAllocator.to_string();
        for part in [ENV_VAR, "system", "mimalloc", "unset"] {
            assert!(text.contains(part), "{text:?} lacks {part:?}");
        }
    }

    #[test]
    fn the_c_name_is_the_name() {
        assert_eq!(ENV_VAR_C.to_str(), Ok(ENV_VAR));
    }

    #[test]
    fn the_test_process_has_decided_once_and_for_all() {
        // The test harness has allocated long before this test: the choice
        // is made, and a later change of the variable cannot alter it.
        let before = in_use();
        assert_ne!(CHOICE.load(Ordering::Relaxed), UNDECIDED);
        assert_eq!(decided(), decide(), "deciding again keeps the first answer");
        assert_eq!(in_use(), before);
    }

    #[test]
    fn the_dispatcher_allocates_resizes_and_frees() {
        let layout = Layout::from_size_align(24, 8).unwrap();
        // SAFETY: a non-zero-size layout; the block is written within its
        // size, resized, read back within the old size, and freed once with
        // the layout it has then.
        unsafe {
            let p = Dispatch.alloc_zeroed(layout);
            assert!(!p.is_null());
            assert_eq!(*p.add(23), 0);
            p.write(7);
            let q = Dispatch.realloc(p, layout, 4096);
            assert!(!q.is_null());
            assert_eq!(*q, 7);
            Dispatch.dealloc(q, Layout::from_size_align(4096, 8).unwrap());
        }
    }
}
