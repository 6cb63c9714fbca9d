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

use std::cell::{Cell, UnsafeCell};
use std::marker::PhantomPinned;
use std::mem::{self, MaybeUninit};
use std::pin::Pin;
use std::ptr;

use super::bridge::Panic;
use crate::scheduler::context::WorkerContext;
use crate::scheduler::job::{PromotedHeader, StackJob, PROMOTED};
use crate::scheduler::pending_loops::LoopHeader;
use crate::unwind;

/// Where a piece's rest is.
enum State<S, Red> {
    /// With the piece itself (between two chunks), or gone.
    Away,
    /// In the node, whole.
    Here(S),
    /// Halved by a promotion: the left half, and the reducer that joins the
    /// halves' results; the right half is the node's job.
    Halved { left: S, halves: Red },
    /// Halving it panicked (in a `split_at`); the rest is lost.
    Panicked(Panic),
}

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
    state: UnsafeCell<State<S, Red>>,
    halve: H,
    /// The right half, once halved.
    right: UnsafeCell<MaybeUninit<StackJob<F, R>>>,
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
            state: UnsafeCell::new(State::Away),
            halve,
            right: UnsafeCell::new(MaybeUninit::uninit()),
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
        // SAFETY: the rest is away (the piece holds it, or it is gone), so
        // no promotion touches the state before `splittable` is set below.
        unsafe { *this.state.get() = State::Here(rest) };
        this.header.splittable.set(splittable);
    }

    /// Takes the rest back after a chunk, whole or halved.
    #[inline]
    pub(super) fn take(self: Pin<&Self>) -> Taken<S, Red> {
        let this = self.get_ref();
        this.header.splittable.set(false);
        // SAFETY: the piece is between two chunks: no promotion runs.
        match mem::replace(unsafe { &mut *this.state.get() }, State::Away) {
            State::Here(rest) => Taken::Whole(rest),
            State::Halved { left, halves } => Taken::Halved { left, halves },
            State::Panicked(payload) => unwind::resume(payload),
            State::Away => unreachable!("a rest is taken once per offer"),
        }
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
        // SAFETY: while its piece folds a chunk, the piece does not touch
        // the state; this thread is inside the chunk, so nothing else does.
        let state = unsafe { &mut *node.state.get() };
        let State::Here(rest) = mem::replace(state, State::Away) else {
            unreachable!("only a rest in the node is splittable")
        };
        match unwind::halt(|| (node.halve)(rest)) {
            Ok((left, right, halves)) => {
                // SAFETY: as for the state; the job slot is empty (a node is
                // halved at most once: its piece ends after a halving).
                let job = unsafe { (*node.right.get()).write(StackJob::new(right, PROMOTED)) };
                *state = State::Halved { left, halves };
                node.right_out.set(true);
                Some(job.header_ptr())
            }
            Err(payload) => {
                *state = State::Panicked(payload);
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
    fn drop(&mut self) {
        let Some(ctx) = self.ctx.get() else { return };
        if self.right_out.get() {
            // The piece unwound before joining its right half, whose job
            // lives here: wait for it (its result, or panic, is dropped).
            // SAFETY: the job was written when `right_out` was set.
            let job = unsafe { self.right.get_mut().assume_init_ref() };
            let _ = unwind::halt(|| ctx.finish_promoted(job));
        }
        ctx.pop_loop(ptr::from_ref(&self.header));
    }
}
