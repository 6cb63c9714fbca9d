//! [`PendingRest`]: the rest of a running piece of a loop, registered on the
//! thread's pending list while the piece folds a chunk, so that a promotion
//! anywhere below it (a join, or a loop nested in the chunk) can split it
//! when it is the outermost pending work: TPAL's "outermost first" for loops
//! (`scheduler/README.md`, "Loops on the pending list").
//!
//! A piece offers its rest before each chunk ([`PendingRest::offer`]) and
//! takes it back after ([`PendingRest::take`]). In between, a promotion on
//! the same thread may halve it: the left half stays here for the piece to
//! go on with, and the right half becomes a job in this node, published for
//! an idle thread; the piece then runs the left half and joins the right
//! one ([`PendingRest::join_right`]), as if it had called `join` at its
//! last chunk boundary.
//!
//! The node keeps the rest in a slot and its phase in a byte, not in an
//! enum: offering and taking back a rest are then a move and a store each,
//! with no drop glue for a previous value (this runs at every chunk).

use std::cell::{Cell, UnsafeCell};
use std::marker::PhantomPinned;
use std::mem::MaybeUninit;
use std::pin::Pin;
use std::ptr;

use super::bridge::Panic;
use crate::scheduler::context::WorkerContext;
use crate::scheduler::job::{PromotedHeader, StackJob, PROMOTED};
use crate::scheduler::pending_loops::LoopHeader;
use crate::unwind;

/// Where a piece's rest is: [`PendingRest::phase`].
/// With the piece itself (between two chunks), or gone: the slots are empty.
const AWAY: u8 = 0;
/// In the node, whole: `rest` holds it.
const HERE: u8 = 1;
/// Halved by a promotion: `rest` holds the left half, `halves` the reducer
/// of the halves' results, and `right` the right half's job.
const HALVED: u8 = 2;
/// Halving it panicked (in a `split_at`): the rest is lost, `panic` holds
/// the payload.
const PANICKED: u8 = 3;

/// What [`PendingRest::take`] gives back.
pub(super) enum Taken<S, Red> {
    /// The rest, whole.
    Whole(S),
    /// Its left half; the right half runs as a job, joined with
    /// [`PendingRest::join_right`].
    Halved { left: S, halves: Red },
}

/// A piece's rest `S`, halved on demand by `halve` into a left rest, the
/// right half's closure `F` (producing `R`) and the reducer `Red` of the two.
///
/// Only shared references to the node are used once it is registered (the
/// scheduler holds a pointer to it): everything that changes is in a cell.
#[repr(C)]
pub(super) struct PendingRest<'c, S, Red, F, R, H>
where
    F: FnOnce() -> R + Send,
    R: Send,
{
    /// First: the scheduler reaches the node through it.
    header: LoopHeader,
    /// [`AWAY`], [`HERE`], [`HALVED`] or [`PANICKED`]: which slots are full.
    phase: Cell<u8>,
    rest: UnsafeCell<MaybeUninit<S>>,
    halves: UnsafeCell<MaybeUninit<Red>>,
    right: UnsafeCell<MaybeUninit<StackJob<F, R>>>,
    panic: UnsafeCell<MaybeUninit<Panic>>,
    halve: H,
    /// The context the node is registered with, once offered to.
    ctx: Cell<Option<&'c WorkerContext>>,
    /// True while the right half may still be running on another thread.
    right_out: Cell<bool>,
    _pinned: PhantomPinned,
}

impl<'c, S, Red, F, R, H> PendingRest<'c, S, Red, F, R, H>
where
    H: Fn(S) -> (S, F, Red),
    F: FnOnce() -> R + Send,
    R: Send,
{
    /// A node for the rests of a piece, which `halve` halves.
    pub(super) fn new(halve: H) -> Self {
        Self {
            header: LoopHeader::new(Self::halve_erased),
            phase: Cell::new(AWAY),
            rest: UnsafeCell::new(MaybeUninit::uninit()),
            halves: UnsafeCell::new(MaybeUninit::uninit()),
            right: UnsafeCell::new(MaybeUninit::uninit()),
            panic: UnsafeCell::new(MaybeUninit::uninit()),
            halve,
            ctx: Cell::new(None),
            right_out: Cell::new(false),
            _pinned: PhantomPinned,
        }
    }

    /// Leaves `rest` in the node while the piece folds its next chunk,
    /// registering the node with `ctx` the first time; `splittable` says
    /// whether `rest` may be halved.
    #[inline]
    pub(super) fn offer(self: Pin<&Self>, ctx: &'c WorkerContext, rest: S, splittable: bool) {
        let this = self.get_ref();
        if this.ctx.get().is_none() {
            this.ctx.set(Some(ctx));
            // SAFETY: the node is pinned until its drop pops it, and the
            // pointer carries the whole node's provenance.
            unsafe { ctx.push_loop(ptr::from_ref(this).cast()) };
        }
        debug_assert_eq!(this.phase.get(), AWAY, "one rest at a time");
        // SAFETY: the phase is `AWAY`, so the slot is empty and no promotion
        // reads it before `splittable` is set below.
        unsafe { (*this.rest.get()).write(rest) };
        this.phase.set(HERE);
        this.header.splittable.set(splittable);
    }

    /// Takes the rest back after a chunk, whole or halved.
    #[inline]
    pub(super) fn take(self: Pin<&Self>) -> Taken<S, Red> {
        let this = self.get_ref();
        this.header.splittable.set(false);
        let phase = this.phase.replace(AWAY);
        // SAFETY: the piece is between two chunks, so no promotion runs; the
        // phase says which slots are full, and they are emptied once.
        unsafe {
            match phase {
                HERE => Taken::Whole((*this.rest.get()).assume_init_read()),
                HALVED => Taken::Halved {
                    left: (*this.rest.get()).assume_init_read(),
                    halves: (*this.halves.get()).assume_init_read(),
                },
                _ => this.resume_halving_panic(phase),
            }
        }
    }

    /// The halving panicked, if `phase` says so: the piece panics with it.
    ///
    /// # Safety
    /// `phase` was the node's phase, and the piece is between two chunks.
    #[cold]
    unsafe fn resume_halving_panic(&self, phase: u8) -> ! {
        assert_eq!(phase, PANICKED, "a rest is taken once per offer");
        // SAFETY: the phase was `PANICKED`, so the slot is full; it was
        // reset, so the payload is read once.
        unwind::resume(unsafe { (*self.panic.get()).assume_init_read() })
    }

    /// The right half's result, after the piece ran its left half: taken
    /// back and run here if no thread took it, or waited for.
    pub(super) fn join_right(self: Pin<&Self>) -> R {
        let this = self.get_ref();
        let ctx = this.ctx.get().expect("a halved rest was offered");
        assert!(this.right_out.replace(false), "a right half is joined once");
        // SAFETY: the rest was halved (`right_out`), so the job was written;
        // nothing writes it again.
        ctx.finish_promoted(unsafe { (*this.right.get()).assume_init_ref() })
    }

    /// [`LoopHeader`]'s split function for this node type.
    ///
    /// # Safety
    /// `header` is a registered node's header, with the node's provenance;
    /// on the node's thread, while its piece folds a chunk.
    unsafe fn halve_erased(header: *const LoopHeader) -> Option<*const PromotedHeader> {
        // SAFETY: the header is the first field of this `repr(C)` node.
        let node = unsafe { &*header.cast::<Self>() };
        node.header.splittable.set(false);
        debug_assert_eq!(
            node.phase.get(),
            HERE,
            "only a rest in the node is splittable"
        );
        node.phase.set(AWAY);
        // SAFETY: while its piece folds a chunk, the piece does not touch
        // the slots; this thread is inside the chunk, so nothing else does.
        // The phase was `HERE`: the rest slot is full, and is emptied here.
        let rest = unsafe { (*node.rest.get()).assume_init_read() };
        match unwind::halt(|| (node.halve)(rest)) {
            Ok((left, right, halves)) => {
                // The job is written and published through the raw pointer
                // of its cell, never through a reference: the thief's pointer
                // and the piece's later `join_right` then derive from the
                // same cell pointer, and neither invalidates the other.
                let job: *mut StackJob<F, R> = node.right.get().cast();
                // SAFETY: as above; the job slot is empty (a node is halved
                // at most once: its piece ends after a halving).
                unsafe {
                    (*node.rest.get()).write(left);
                    (*node.halves.get()).write(halves);
                    job.write(StackJob::new(right, PROMOTED));
                }
                node.phase.set(HALVED);
                node.right_out.set(true);
                // `StackJob` is `repr(C)` with its header first.
                Some(job.cast_const().cast::<PromotedHeader>())
            }
            Err(payload) => {
                // SAFETY: as above; the panic slot is empty until now.
                unsafe { (*node.panic.get()).write(payload) };
                node.phase.set(PANICKED);
                None
            }
        }
    }
}

impl<S, Red, F, R, H> Drop for PendingRest<'_, S, Red, F, R, H>
where
    F: FnOnce() -> R + Send,
    R: Send,
{
    #[inline]
    fn drop(&mut self) {
        let Some(ctx) = self.ctx.get() else { return };
        if self.right_out.get() {
            // The piece unwound before joining its right half, whose job
            // lives here: wait for it (its result, or panic, is dropped).
            // SAFETY: the job was written when `right_out` was set.
            let job = unsafe { self.right.get_mut().assume_init_ref() };
            let _ = unwind::halt(|| ctx.finish_promoted(job));
        }
        // SAFETY: the phase says which slots are full (only an unwinding
        // piece leaves any).
        unsafe {
            match self.phase.get() {
                HERE => self.rest.get_mut().assume_init_drop(),
                HALVED => {
                    self.rest.get_mut().assume_init_drop();
                    self.halves.get_mut().assume_init_drop();
                }
                PANICKED => self.panic.get_mut().assume_init_drop(),
                _ => {}
            }
        }
        ctx.pop_loop(ptr::from_ref(&self.header));
    }
}
