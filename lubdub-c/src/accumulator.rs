//! The partial results of a loop: C values of a size known only at run time
//! (none for `lubdub_parallel_for`), each behind one pointer. The first
//! piece of a loop folds into storage in the caller's frame
//! ([`RootStorage`]); a piece split off later gets a fresh copy of the
//! identity on the heap. Before the bytes, a [`Header`] says whether to free
//! them and where the loop's shared state is, so that a piece's folder is
//! this one pointer.
//!
//! Why one pointer: lubdub's plumbing moves a folder by value at every
//! chunk, and a folder of two words that were just stored one at a time is
//! reloaded in one 16-byte piece, which the CPU cannot forward from the
//! narrower stores. With a two-word folder a 64-index reduction cost about
//! twice what it does with one word; with the value itself inline (64
//! bytes), ten times.

use std::alloc::{self, Layout};
use std::ffi::c_void;
use std::mem::MaybeUninit;
use std::ptr::NonNull;

/// The alignment of every accumulator, C's `alignof(max_align_t)` on the
/// 64-bit targets: any C type fits.
pub(crate) const ACCUMULATOR_ALIGN: usize = 16;

/// A block of [`ACCUMULATOR_ALIGN`] bytes, aligned to it.
#[derive(Clone, Copy)]
#[repr(C, align(16))]
pub(crate) struct Block([MaybeUninit<u8>; ACCUMULATOR_ALIGN]);

const EMPTY: Block = Block([MaybeUninit::uninit(); ACCUMULATOR_ALIGN]);

/// The block before every accumulator's bytes.
#[repr(C)]
struct Header {
    /// How many blocks to free with the bytes, header included: 0 for the
    /// root, which the caller's frame owns.
    owned_blocks: usize,
    /// The loop's shared state (`ranges.rs`), type-erased.
    shared: *const (),
}

const _: () = assert!(size_of::<Header>() <= size_of::<Block>());

/// The blocks the root accumulator holds in the caller's frame: 64 bytes,
/// room for any scalar and small structs, so that a reduction of one
/// `double` or `uint64_t` that never splits allocates nothing.
const INLINE_BLOCKS: usize = 4;

/// The blocks that hold `size` bytes after a header.
fn blocks_for(size: usize) -> usize {
    1 + size.div_ceil(ACCUMULATOR_ALIGN)
}

/// The storage of the first piece's accumulator, in the frame of the call:
/// the inline blocks, or for a value of more than their 64 bytes, blocks
/// on the heap. Both fields, rather than an enum of the two: a comparison
/// of the size picks the storage, and nothing else runs at each call.
pub(crate) struct RootStorage {
    inline: [Block; 1 + INLINE_BLOCKS],
    heap: Option<Box<[Block]>>,
}

impl RootStorage {
    /// Room for a header and `size` bytes.
    #[inline]
    pub(crate) fn new(size: usize) -> Self {
        RootStorage {
            inline: [EMPTY; 1 + INLINE_BLOCKS],
            heap: (size > INLINE_BLOCKS * ACCUMULATOR_ALIGN).then(|| heap_blocks(size)),
        }
    }

    fn header(&mut self) -> NonNull<Block> {
        let blocks: &mut [Block] = match &mut self.heap {
            Some(blocks) => blocks,
            None => &mut self.inline,
        };
        NonNull::from(blocks).cast()
    }
}

/// Blocks on the heap for a header and `size` bytes, out of line: only a
/// value of more than 64 bytes needs them.
#[cold]
#[inline(never)]
fn heap_blocks(size: usize) -> Box<[Block]> {
    vec![EMPTY; blocks_for(size)].into_boxed_slice()
}

/// Hands out the accumulators of one loop: the root storage to the first
/// piece (the one the loop's consumer marks, `ranges.rs`), a heap copy of
/// the identity to every other.
pub(crate) struct Accumulators {
    identity: *const u8,
    size: usize,
    /// The root's header.
    root: NonNull<Block>,
}

// SAFETY: `identity` is only read (the caller's contract: readable for the
// whole call from any thread), and the root is handed out once (`take`'s
// contract).
unsafe impl Sync for Accumulators {}

impl Accumulators {
    /// Accumulators of `size` bytes starting as copies of `identity` (which
    /// may be NULL when `size` is 0), the first in `root`.
    ///
    /// # Safety
    /// `identity` is readable for `size` bytes, and `root` was made for
    /// `size` bytes and is neither moved nor used otherwise, for as long as
    /// this or an accumulator it hands out lives.
    pub(crate) unsafe fn new(identity: *const u8, size: usize, root: &mut RootStorage) -> Self {
        Accumulators {
            identity,
            size,
            root: root.header(),
        }
    }

    /// An accumulator holding a copy of the identity, whose header points to
    /// `shared`: the root if `first` (which the loop passes to one piece at
    /// most), else a fresh one. No atomic read-modify-write here: one cost
    /// a quarter of a short loop. Inlined into every folder's start, the
    /// allocation of a piece split off out of line.
    #[inline]
    pub(crate) fn take(&self, first: bool, shared: *const ()) -> Accumulator {
        if first {
            // SAFETY: the root has room for `size` bytes after its header
            // (`new`'s contract), and only the first piece gets it.
            unsafe { self.fill(self.root, 0, shared) }
        } else {
            self.take_fresh(shared)
        }
    }

    /// [`take`](Self::take) for a piece split off: an accumulator on the
    /// heap.
    #[cold]
    #[inline(never)]
    fn take_fresh(&self, shared: *const ()) -> Accumulator {
        let (header, owned_blocks) = self.allocate();
        // SAFETY: fresh blocks with room for `size` bytes after the header,
        // which no one else uses.
        unsafe { self.fill(header, owned_blocks, shared) }
    }

    /// Writes the header (`owned_blocks`, `shared`) at `header` and a copy
    /// of the identity after it.
    ///
    /// # Safety
    /// `header` starts a run of blocks with room for `size` bytes after it,
    /// which the accumulator made here alone uses.
    #[inline]
    unsafe fn fill(
        &self,
        header: NonNull<Block>,
        owned_blocks: usize,
        shared: *const (),
    ) -> Accumulator {
        // SAFETY: `header` has room for a header and `size` bytes after it
        // (the caller's contract); `identity` is readable for `size` bytes
        // (`new`'s) and is not one of them.
        unsafe {
            header.cast::<Header>().write(Header {
                owned_blocks,
                shared,
            });
            let bytes = header.add(1);
            if self.size > 0 {
                copy_value(self.identity, bytes.as_ptr().cast(), self.size);
            }
            Accumulator(bytes)
        }
    }

    /// Fresh heap blocks for a header and `size` bytes, and their count.
    fn allocate(&self) -> (NonNull<Block>, usize) {
        let blocks = blocks_for(self.size);
        let layout = block_layout(blocks);
        // SAFETY: the layout has a nonzero size (a header block at least).
        let header = unsafe { alloc::alloc(layout) }.cast::<Block>();
        match NonNull::new(header) {
            Some(header) => (header, blocks),
            None => alloc::handle_alloc_error(layout),
        }
    }
}

fn block_layout(blocks: usize) -> Layout {
    Layout::array::<Block>(blocks).expect("an accumulator small enough to allocate")
}

/// Copies a C value of `size` bytes from `from` to `to`, without a call to
/// `memcpy` for the sizes of C's scalars, whose reductions are the short
/// ones where a call shows.
///
/// # Safety
/// `from` is readable and `to` writable for `size` bytes, and they do not
/// overlap.
#[inline]
pub(crate) unsafe fn copy_value(from: *const u8, to: *mut u8, size: usize) {
    // SAFETY: the caller's contract; unaligned accesses need no alignment.
    unsafe {
        match size {
            4 => to
                .cast::<u32>()
                .write_unaligned(from.cast::<u32>().read_unaligned()),
            8 => to
                .cast::<u64>()
                .write_unaligned(from.cast::<u64>().read_unaligned()),
            16 => to
                .cast::<u128>()
                .write_unaligned(from.cast::<u128>().read_unaligned()),
            _ => std::ptr::copy_nonoverlapping(from, to, size),
        }
    }
}

/// One piece's partial result: a pointer to its bytes, aligned to
/// [`ACCUMULATOR_ALIGN`], after their [`Header`].
pub(crate) struct Accumulator(NonNull<Block>);

// SAFETY: an accumulator owns its bytes (the root's by being the one handed
// them), which are plain data; the shared state it points to is `Sync`
// (`ranges.rs`).
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

    /// The loop's shared state, as `take` was given it.
    pub(crate) fn shared(&self) -> *const () {
        self.header().shared
    }

    fn header(&self) -> &Header {
        // SAFETY: every accumulator's bytes follow a header written by
        // `take`, which lives as long as they do.
        unsafe { self.0.sub(1).cast::<Header>().as_ref() }
    }
}

impl Drop for Accumulator {
    fn drop(&mut self) {
        let blocks = self.header().owned_blocks;
        if blocks > 0 {
            // SAFETY: allocated by `Accumulators::allocate` with this layout
            // (its header counts the blocks), freed once, here.
            unsafe { alloc::dealloc(self.0.sub(1).as_ptr().cast(), block_layout(blocks)) };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_accumulator_holds_the_identity_aligned() {
        let shared = 7u8;
        let shared = std::ptr::from_ref(&shared).cast::<()>();
        for size in [0, 1, 8, 63, 64, 65, 1000] {
            let identity: Vec<u8> = (0..size).map(|i| i as u8).collect();
            let mut root = RootStorage::new(size);
            assert_eq!(root.heap.is_none(), size <= 64);
            // SAFETY: `identity` has `size` bytes, `root` room for them, and
            // both outlive the accumulators.
            let accumulators = unsafe { Accumulators::new(identity.as_ptr(), size, &mut root) };
            let first = accumulators.take(true, shared);
            let second = accumulators.take(false, shared);
            assert_eq!(first.header().owned_blocks, 0);
            assert_eq!(second.header().owned_blocks, blocks_for(size));
            for accumulator in [&first, &second] {
                assert_eq!(accumulator.as_ptr() as usize % ACCUMULATOR_ALIGN, 0);
                assert_eq!(accumulator.shared(), shared);
                // SAFETY: the accumulator holds `size` initialised bytes.
                let bytes =
                    unsafe { std::slice::from_raw_parts(accumulator.as_ptr().cast::<u8>(), size) };
                assert_eq!(bytes, identity);
            }
        }
    }
}
