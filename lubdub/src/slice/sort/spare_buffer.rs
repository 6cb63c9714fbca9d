//! The stable sort's buffer, kept by the thread that sorted for its next
//! sort ([`with_buffer`]).
//!
//! A merge sort needs a buffer as long as its slice. Allocated and freed
//! by each call, on the caller's thread (where lubdub runs a call from
//! outside the pool), a large one went back to the system at every free
//! and was faulted in again at the next sort: glibc trims the main
//! thread's heap once its free top reaches twice the largest block it has
//! unmapped, and a buffer beside a copy of the same size reaches that
//! exactly. Rayon's demo's `par_sort_big` (`v.clone().par_sort()` of
//! 50,000 elements of 128 bytes) took 16-20 ms a call on lubdub at one
//! thread, with three `brk` calls and 12.8 MB of fresh pages a call,
//! against Rayon's 7.3 ms, whose buffer is allocated on a pool thread
//! with a heap of its own (7.3 ms on lubdub with glibc's trimming turned
//! off). Kept here, the buffer is reused; a thread keeps at most
//! [`KEPT_BYTES`], as a thread's malloc arena keeps what it freed.

use std::alloc::{self, Layout};
use std::cell::Cell;
use std::mem::MaybeUninit;
use std::ptr::NonNull;

/// The largest buffer a thread keeps between sorts, in bytes.
const KEPT_BYTES: usize = 16 << 20;

/// The least alignment of a kept buffer, so that a buffer made for one
/// element type serves the next sort of another.
const MIN_ALIGN: usize = 64;

thread_local! {
    /// The thread's kept buffer, if any.
    static KEPT: Cell<Option<Allocation>> = const { Cell::new(None) };
}

/// A block from the global allocator, freed on drop.
struct Allocation {
    start: NonNull<u8>,
    layout: Layout,
}

impl Allocation {
    /// A new block of `layout` (not zero-sized); aborts as `Vec` does when
    /// the allocator fails.
    fn new(layout: Layout) -> Self {
        // SAFETY: `layout` is not zero-sized (`with_buffer` checks).
        let start = unsafe { alloc::alloc(layout) };
        match NonNull::new(start) {
            Some(start) => Allocation { start, layout },
            None => alloc::handle_alloc_error(layout),
        }
    }

    /// True when the block can hold `layout`.
    fn fits(&self, layout: Layout) -> bool {
        self.layout.size() >= layout.size() && self.layout.align() >= layout.align()
    }
}

impl Drop for Allocation {
    fn drop(&mut self) {
        // SAFETY: `start` came from `alloc::alloc(self.layout)` and is freed
        // once, here.
        unsafe { alloc::dealloc(self.start.as_ptr(), self.layout) };
    }
}

/// Runs `f` on a buffer of `len` uninitialized slots for `T`: the thread's
/// kept buffer where it is large enough, else a new one, which the thread
/// keeps afterwards if it is at most [`KEPT_BYTES`] (also when `f`
/// panics: the slots are `MaybeUninit`, nothing in them is dropped).
pub(super) fn with_buffer<T, R>(len: usize, f: impl FnOnce(&mut [MaybeUninit<T>]) -> R) -> R {
    let layout = match Layout::array::<T>(len) {
        Ok(layout) if layout.size() > 0 => layout,
        // Nothing to allocate, or more than any allocation holds: `Vec`
        // handles both (no allocation; its capacity-overflow panic).
        _ => {
            let mut buffer: Vec<T> = Vec::with_capacity(len);
            return f(&mut buffer.spare_capacity_mut()[..len]);
        }
    };
    let block = take_kept(layout).unwrap_or_else(|| {
        // Where the wider alignment cannot be had (a size near `isize::MAX`),
        // the block is made for `layout` itself.
        let aligned = layout.align_to(MIN_ALIGN).unwrap_or(layout);
        Allocation::new(aligned)
    });
    let start = block.start;
    let _keep = KeepOnDrop(Some(block));
    // SAFETY: the block holds at least `len` slots of `T`, suitably aligned
    // (`fits`, or made for `layout`); `_keep` owns it until after `f`, and
    // no other reference to it exists. `MaybeUninit` slots need no
    // initialization.
    let buffer = unsafe { std::slice::from_raw_parts_mut(start.as_ptr().cast(), len) };
    f(buffer)
}

/// The thread's kept buffer if it can hold `layout`; one that cannot is
/// freed, as the new one will be at least as large.
fn take_kept(layout: Layout) -> Option<Allocation> {
    let kept = KEPT.try_with(Cell::take).ok().flatten()?;
    kept.fits(layout).then_some(kept)
}

/// Hands its block to the thread to keep when dropped (see [`with_buffer`]).
struct KeepOnDrop(Option<Allocation>);

impl Drop for KeepOnDrop {
    fn drop(&mut self) {
        let Some(block) = self.0.take() else { return };
        if block.layout.size() > KEPT_BYTES {
            return;
        }
        // During the thread's exit the slot may be gone: the block is then
        // freed here. A buffer kept meanwhile by a nested sort is replaced.
        let _ = KEPT.try_with(|slot| slot.set(Some(block)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_thread_reuses_its_buffer_for_a_sort_no_larger() {
        let first = with_buffer::<u64, _>(1000, |b| b.as_ptr() as usize);
        let second = with_buffer::<u32, _>(500, |b| b.as_ptr() as usize);
        assert_eq!(first, second);
        let larger = with_buffer::<u64, _>(4000, |b| b.len());
        assert_eq!(larger, 4000);
    }

    #[test]
    #[cfg_attr(miri, ignore = "a 16 MiB allocation")]
    fn a_buffer_above_the_bound_is_not_kept() {
        let len = KEPT_BYTES + 1;
        with_buffer::<u8, _>(len, |b| assert_eq!(b.len(), len));
        assert!(KEPT.with(|slot| {
            let kept = slot.take();
            let none = kept.is_none();
            slot.set(kept);
            none
        }));
    }

    #[test]
    fn zero_sized_and_empty_buffers_allocate_nothing() {
        assert_eq!(with_buffer::<(), _>(10, |b| b.len()), 10);
        assert_eq!(with_buffer::<u64, _>(0, |b| b.len()), 0);
    }
}
