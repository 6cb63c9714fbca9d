//! Stacks mapped with `mmap`, a guard page at each end, switched to with
//! `psm` (`../spare_stacks.rs`).

use std::ptr::{self, NonNull};
use std::thread;

use crate::unwind;

pub(super) const CAN_SWITCH: bool = true;

/// The smallest stack handed out: room for the scheduler's own frames
/// and a signal handler, whatever `stack_size` the pool asked for.
const MIN_USABLE: usize = 64 << 10;

/// An anonymous mapping: a guard page, the usable stack, a guard page.
pub(super) struct Stack {
    mapping: NonNull<u8>,
    page: usize,
    usable: usize,
}

// SAFETY: the mapping is plain memory owned by this value alone; nothing
// in it is tied to the thread that mapped it.
unsafe impl Send for Stack {}

impl Stack {
    /// Maps a stack of at least `size` usable bytes, or `None` when the
    /// size overflows or the operating system refuses.
    pub(super) fn map(size: usize) -> Option<Stack> {
        // SAFETY: sysconf only reads a system constant.
        let page = usize::try_from(unsafe { libc::sysconf(libc::_SC_PAGESIZE) }).ok()?;
        let usable = size.max(MIN_USABLE).checked_next_multiple_of(page)?;
        let len = usable.checked_add(2 * page)?;
        if isize::try_from(len).is_err() {
            return None;
        }
        // SAFETY: a new private anonymous mapping at an address of the
        // kernel's choosing; no memory in use is touched.
        let start = unsafe {
            libc::mmap(
                ptr::null_mut(),
                len,
                libc::PROT_NONE,
                libc::MAP_PRIVATE | libc::MAP_ANON,
                -1,
                0,
            )
        };
        if start == libc::MAP_FAILED {
            return None;
        }
        let stack = Stack {
            mapping: NonNull::new(start.cast())?,
            page,
            usable,
        };
        // SAFETY: the pages between the two guard pages lie inside the
        // mapping made above, which nothing else uses yet. On failure
        // `stack` is dropped, which unmaps it.
        let opened = unsafe {
            libc::mprotect(
                stack.base().cast(),
                usable,
                libc::PROT_READ | libc::PROT_WRITE,
            )
        };
        (opened == 0).then_some(stack)
    }

    /// The lowest usable address, just above the low guard page.
    fn base(&self) -> *mut u8 {
        // SAFETY: one page into a mapping longer than two pages.
        unsafe { self.mapping.as_ptr().add(self.page) }
    }

    pub(super) fn run<R>(&mut self, f: impl FnOnce() -> R) -> thread::Result<R> {
        // SAFETY: `base` and `usable` are multiples of the page size,
        // which covers every target's stack alignment; the region is
        // readable and writable with a guard page at both ends, so an
        // overflow faults instead of writing elsewhere; `&mut self`
        // makes this call its only user; and the callback cannot unwind
        // out of the switched stack because `halt` catches the panic,
        // which the caller resumes on its own stack.
        unsafe { psm::on_stack(self.base(), self.usable, || unwind::halt(f)) }
    }
}

impl Drop for Stack {
    fn drop(&mut self) {
        // SAFETY: unmaps exactly the mapping made in `map`; no call runs
        // on it (a running call borrows the stack mutably).
        unsafe { libc::munmap(self.mapping.as_ptr().cast(), self.usable + 2 * self.page) };
    }
}
