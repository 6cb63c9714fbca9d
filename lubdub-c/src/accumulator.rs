//! A reduction's partial results: C values of a size known only at run
//! time, each behind one pointer. The first piece of a loop folds into
//! storage in the caller's frame ([`RootStorage`]); a piece split off later
//! gets a fresh copy of the identity on the heap.
//!
//! Why not hold every accumulator inline: lubdub's plumbing moves a folder
//! by value at every chunk, and a 64-byte accumulator that C has just
//! written 8 bytes of is then reloaded in 16-byte pieces, which the CPU
//! cannot forward from the narrower store. An accumulator is therefore one
//! pointer, which the plumbing moves in a register.

use std::alloc::{self, Layout};
use std::ffi::c_void;
use std::mem::MaybeUninit;
use std::ptr::NonNull;
use std::sync::atomic::{AtomicPtr, Ordering};

/// The alignment of every accumulator, C's `alignof(max_align_t)` on the
/// 64-bit targets: any C type fits.
pub(crate) const ACCUMULATOR_ALIGN: usize = 16;

/// A block of [`ACCUMULATOR_ALIGN`] bytes, aligned to it. Every
/// accumulator's bytes follow a header block whose first `usize` says how
/// many blocks to free with it, header included: 0 for the root, which the
/// caller's frame owns.
#[derive(Clone, Copy)]
#[repr(C, align(16))]
pub(crate) struct Block([MaybeUninit<u8>; ACCUMULATOR_ALIGN]);

const EMPTY: Block = Block([MaybeUninit::uninit(); ACCUMULATOR_ALIGN]);

/// The blocks the root accumulator holds in the caller's frame: 64 bytes,
/// room for any scalar and small structs, so that a reduction of one
/// `double` or `uint64_t` that never splits allocates nothing.
const INLINE_BLOCKS: usize = 4;

/// The blocks that hold `size` bytes after a header.
fn blocks_for(size: usize) -> usize {
    1 + size.div_ceil(ACCUMULATOR_ALIGN)
}

/// The storage of the first piece's accumulator, in the frame of the call.
pub(crate) struct RootStorage(Storage);

enum Storage {
    Inline([Block; 1 + INLINE_BLOCKS]),
    Heap(Box<[Block]>),
}

impl RootStorage {
    /// Room for `size` bytes, after a header that says "not to be freed".
    pub(crate) fn new(size: usize) -> Self {
        let blocks = blocks_for(size);
        let mut root = if blocks <= 1 + INLINE_BLOCKS {
            RootStorage(Storage::Inline([EMPTY; 1 + INLINE_BLOCKS]))
        } else {
            RootStorage(Storage::Heap(vec![EMPTY; blocks].into_boxed_slice()))
        };
        let header = root.blocks().as_mut_ptr().cast::<usize>();
        // SAFETY: the first block is ours, aligned and large enough for a
        // `usize`.
        unsafe { header.write(0) };
        root
    }

    fn blocks(&mut self) -> &mut [Block] {
        match &mut self.0 {
            Storage::Inline(blocks) => blocks,
            Storage::Heap(blocks) => blocks,
        }
    }
}

/// Hands out the accumulators of one reduction: the root storage to the
/// first piece that asks, a heap copy of the identity to every other.
pub(crate) struct Accumulators {
    identity: *const u8,
    size: usize,
    /// The root's bytes (after its header), until handed out.
    root: AtomicPtr<Block>,
}

// SAFETY: `identity` is only read (the caller's contract: readable for the
// whole call from any thread), and the root is handed out once (`swap`).
unsafe impl Sync for Accumulators {}
// SAFETY: as for `Sync`.
unsafe impl Send for Accumulators {}

impl Accumulators {
    /// Accumulators of `size` bytes starting as copies of `identity`, the
    /// first in `root`.
    ///
    /// # Safety
    /// `identity` is readable for `size` bytes, and `root` was made for
    /// `size` bytes and is neither moved nor used otherwise, for as long as
    /// this or an accumulator it hands out lives.
    pub(crate) unsafe fn new(identity: *const u8, size: usize, root: &mut RootStorage) -> Self {
        Accumulators {
            identity,
            size,
            root: AtomicPtr::new(root.blocks()[1..].as_mut_ptr()),
        }
    }

    /// An accumulator holding a copy of the identity.
    pub(crate) fn take(&self) -> Accumulator {
        let root = self.root.swap(std::ptr::null_mut(), Ordering::Relaxed);
        let bytes = NonNull::new(root).unwrap_or_else(|| self.allocate());
        // SAFETY: `bytes` has room for `size` bytes (the root by `new`'s
        // contract), `identity` is readable for `size`, and C's identity is
        // not one of the library's accumulators.
        unsafe {
            std::ptr::copy_nonoverlapping(self.identity, bytes.as_ptr().cast::<u8>(), self.size);
        }
        Accumulator(bytes)
    }

    /// Fresh heap blocks for `size` bytes after a header that counts them.
    fn allocate(&self) -> NonNull<Block> {
        let blocks = blocks_for(self.size);
        let layout = Layout::array::<Block>(blocks).unwrap_or_else(|_| capacity_overflow());
        // SAFETY: the layout has a nonzero size (a header block at least).
        let header = unsafe { alloc::alloc(layout) }.cast::<Block>();
        let Some(header) = NonNull::new(header) else {
            alloc::handle_alloc_error(layout)
        };
        // SAFETY: a fresh allocation of `blocks` aligned blocks: the header
        // is its first, the bytes the rest.
        unsafe {
            header.cast::<usize>().write(blocks);
            header.add(1)
        }
    }
}

fn capacity_overflow() -> ! {
    panic!("an accumulator too large to allocate")
}

/// One piece's partial result: a pointer to `size` bytes aligned to
/// [`ACCUMULATOR_ALIGN`], after their header. One word, so that a folder
/// moves cheaply.
pub(crate) struct Accumulator(NonNull<Block>);

// SAFETY: an accumulator owns its bytes (the root's by being the one handed
// them), which are plain data.
unsafe impl Send for Accumulator {}

impl Accumulator {
    /// The first byte.
    pub(crate) fn as_mut_ptr(&mut self) -> *mut c_void {
        self.0.as_ptr().cast()
    }

    /// The first byte, for reading.
    pub(crate) fn as_ptr(&self) -> *const c_void {
        self.0.as_ptr().cast_const().cast()
    }

    /// The blocks to free with this accumulator, header included (0 for the
    /// root).
    fn owned_blocks(&self) -> usize {
        // SAFETY: every accumulator's bytes follow a header (`RootStorage::new`,
        // `Accumulators::allocate`).
        unsafe { self.0.sub(1).cast::<usize>().read() }
    }
}

impl Drop for Accumulator {
    fn drop(&mut self) {
        let blocks = self.owned_blocks();
        if blocks > 0 {
            // SAFETY: allocated by `Accumulators::allocate` with this layout
            // (its header says how many blocks), freed once, here.
            unsafe {
                let layout = Layout::array::<Block>(blocks).unwrap_or_else(|_| capacity_overflow());
                alloc::dealloc(self.0.sub(1).as_ptr().cast(), layout);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_accumulator_holds_the_identity_aligned() {
        for size in [1, 8, 63, 64, 65, 1000] {
            let identity: Vec<u8> = (0..size).map(|i| i as u8).collect();
            let mut root = RootStorage::new(size);
            assert_eq!(matches!(root.0, Storage::Inline(_)), size <= 64);
            // SAFETY: `identity` has `size` bytes, `root` room for them, and
            // both outlive the accumulators.
            let accumulators = unsafe { Accumulators::new(identity.as_ptr(), size, &mut root) };
            let (first, second) = (accumulators.take(), accumulators.take());
            assert_eq!(first.owned_blocks(), 0);
            assert_eq!(second.owned_blocks(), blocks_for(size));
            for accumulator in [&first, &second] {
                assert_eq!(accumulator.as_ptr() as usize % ACCUMULATOR_ALIGN, 0);
                // SAFETY: the accumulator holds `size` initialised bytes.
                let bytes =
                    unsafe { std::slice::from_raw_parts(accumulator.as_ptr().cast::<u8>(), size) };
                assert_eq!(bytes, identity);
            }
        }
    }
}
