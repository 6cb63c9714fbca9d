//! [`LoopList`]: the running loops of one seat occupant whose remaining
//! range may be split, newest first, linked through the loops' frames, beside
//! the pending joins of `pending.rs`. A promotion offers the oldest work of
//! either kind, "outermost first": an outer loop's rest before the rest of a
//! loop nested in it, and a join's `b` above a loop before the loop (see
//! `README.md`, "Loops on the pending list").
//!
//! A loop registers its rest here only while it folds a chunk; the rest
//! itself, and how to halve it, live in the loop's frame behind a
//! [`LoopHeader`] (`iter/plumbing/pending_rest.rs`). Unlike the join list,
//! this list is touched by the owner's own code only, never by its rescue
//! signal's handler: halving a rest runs user code (`split_at` of the
//! iterator's producer and consumer), which a handler must not.

use std::cell::Cell;
use std::ptr;

use super::job::{PromotedHeader, PROMOTED};

/// The most loops a promotion looks through for the oldest splittable one
/// (as `pending.rs`'s walk is bounded for joins).
const MAX_LOOP_WALK: usize = 256;

/// What the scheduler knows of a running loop: the first field of the
/// `repr(C)` node in the loop's frame.
#[repr(C)]
pub(crate) struct LoopHeader {
    /// The next older loop of the list, or null.
    older: Cell<*const LoopHeader>,
    /// The newest pending join when the loop was pushed: the loop is older
    /// than every pending join once this one is no longer pending.
    joins_below: Cell<*const PromotedHeader>,
    /// True while the loop's rest is in its node and may be halved.
    pub(crate) splittable: Cell<bool>,
    /// Cuts the rest of the loop behind `header` into at most `parts + 1`
    /// pieces: the first stays in the loop's frame, and each other becomes
    /// a job, handed to `publish` in order. Returns how many were handed: 0
    /// if the rest was too short to cut, or the cutting panicked (the loop
    /// resumes the panic).
    split: SplitFn,
}

/// The type of [`LoopHeader`]'s split function.
pub(crate) type SplitFn = unsafe fn(
    header: *const LoopHeader,
    parts: usize,
    publish: &mut dyn FnMut(*const PromotedHeader),
) -> usize;

impl LoopHeader {
    /// A header, not in any list, for a node whose rest `split` cuts.
    pub(crate) fn new(split: SplitFn) -> Self {
        Self {
            older: Cell::new(ptr::null()),
            joins_below: Cell::new(ptr::null()),
            splittable: Cell::new(false),
            split,
        }
    }

    /// True if no join that was pending when this loop was pushed still is:
    /// the loop is then older than every pending join (promotions take the
    /// oldest job first, so the pending joins older than the loop, if any,
    /// include the newest of them).
    fn older_than_pending_joins(&self) -> bool {
        let join = self.joins_below.get();
        // SAFETY: a join pending when the loop was pushed lives in a frame
        // that encloses the loop's, pending or promoted, until the loop ends.
        join.is_null() || unsafe { (*join).older.load(crate::sync::Ordering::Relaxed) } == PROMOTED
    }
}

pub(crate) struct LoopList {
    newest: Cell<*const LoopHeader>,
}

impl LoopList {
    pub(crate) fn new() -> Self {
        Self {
            newest: Cell::new(ptr::null()),
        }
    }

    /// Makes `header` the newest loop; `joins_newest` is the newest pending
    /// join now.
    ///
    /// # Safety
    /// `header` is the header of a node (with its provenance) that stays in
    /// place until [`LoopList::pop`]; only the owner thread calls this.
    #[inline]
    pub(crate) unsafe fn push(
        &self,
        header: *const LoopHeader,
        joins_newest: *const PromotedHeader,
    ) {
        // SAFETY: per the contract, `header` is live.
        let h = unsafe { &*header };
        h.older.set(self.newest.get());
        h.joins_below.set(joins_newest);
        self.newest.set(header);
    }

    /// Unlinks `header`, the newest loop.
    #[inline]
    pub(crate) fn pop(&self, header: *const LoopHeader) {
        debug_assert!(ptr::eq(self.newest.get(), header), "loops pop in order");
        // SAFETY: `header` is the newest loop, pushed and still in place.
        self.newest.set(unsafe { (*header).older.get() });
    }

    /// The oldest loop whose rest may be halved now (within
    /// [`MAX_LOOP_WALK`] of the newest), as the pointer it was pushed as:
    /// it carries the provenance of the whole node.
    fn oldest_splittable(&self) -> Option<*const LoopHeader> {
        let mut found = None;
        let mut at = self.newest.get();
        for _ in 0..MAX_LOOP_WALK {
            // SAFETY: every linked header lives in a frame of this thread
            // until it is popped.
            let Some(header) = (unsafe { at.as_ref() }) else {
                break;
            };
            if header.splittable.get() {
                found = Some(at);
            }
            at = header.older.get();
        }
        found
    }

    /// Cuts the oldest splittable loop, if it is older than every pending
    /// join, into at most `parts + 1` pieces, handing each new job to
    /// `publish`; returns how many were handed. `None` if no loop qualifies
    /// (the oldest pending joins are then the ones to promote).
    ///
    /// # Safety
    /// Only on the owner thread, between two chunks of none of the listed
    /// loops (each is inside its chunk, or its rest is not splittable).
    pub(crate) unsafe fn split_oldest(
        &self,
        parts: usize,
        publish: &mut dyn FnMut(*const PromotedHeader),
    ) -> Option<usize> {
        let header = self.oldest_splittable()?;
        // SAFETY: linked headers are live (see `oldest_splittable`); the
        // node's loop is inside a chunk (it is splittable), per the contract.
        unsafe {
            if !(*header).older_than_pending_joins() {
                return None;
            }
            Some(((*header).split)(header, parts, publish))
        }
    }
}
