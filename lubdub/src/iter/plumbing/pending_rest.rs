//! [`PendingRest`]: the rest of a running piece of a loop, registered on the
//! thread's pending list while the piece folds a chunk, so that a promotion
//! anywhere below it (a join, or a loop nested in the chunk) can split it
//! when it is the outermost pending work: TPAL's "outermost first" for loops
//! (`scheduler/README.md`, "Loops on the pending list").
//!
//! A piece offers its rest before each chunk ([`PendingRest::offer`]) and
//! takes it back after ([`PendingRest::take`]). In between, a promotion on
//! the same thread may cut it into pieces, one for each idle thread: the
//! first stays here for the piece to go on with, and each other becomes a
//! job in this node, published for an idle thread; the piece then runs the
//! first and joins the others ([`PendingRest::join_parts`]), as if it had
//! called `join` at its last chunk boundary.
//!
//! The node keeps the rest in a slot and its phase in a byte, not in an
//! enum: offering and taking back a rest are then a move and a store each,
//! with no drop glue for a previous value (this runs at every chunk).

use std::cell::{Cell, UnsafeCell};
use std::marker::PhantomPinned;
use std::mem::MaybeUninit;
use std::pin::Pin;
use std::ptr;

use super::drive::Panic;
use super::Reducer;
use crate::scheduler::context::WorkerContext;
use crate::scheduler::job::{PromotedHeader, StackJob, PROMOTED};
use crate::scheduler::pending_loops::LoopHeader;
use crate::scheduler::published::SLOTS;
use crate::unwind;

/// Where a piece's rest is: [`PendingRest::phase`].
/// With the piece itself (between two chunks), or gone: the slots are empty.
const AWAY: u8 = 0;
/// In the node, whole: `rest` holds it.
const HERE: u8 = 1;
/// Cut by a promotion: `rest` holds the first piece, and the first `parts`
/// of `jobs` and `halves` the others' jobs and the reducers that join each
/// to the pieces before it.
const CUT: u8 = 2;
/// Cutting it panicked (in a `split_at`): the rest is lost, `panic` holds
/// the payload.
const PANICKED: u8 = 3;

/// What [`PendingRest::take`] gives back.
pub(super) enum Taken<S> {
    /// The rest, whole.
    Whole(S),
    /// Its first piece; the others run as jobs, joined with
    /// [`PendingRest::join_parts`].
    Cut(S),
}

/// How [`PendingRest`]'s cut function cuts a rest: the last of `of` equal
/// pieces off, leaving the others in the rest.
pub(super) struct LastOf(pub(super) usize);

/// A piece's rest `S`, cut on demand by `cut` into a rest and a job: the
/// job's closure `F` (producing `R`) and the reducer `Red` that joins the
/// rest's result to the job's. `cut` hands the rest back untouched
/// (`Err`) when the piece it would cut off is too short.
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
    /// [`AWAY`], [`HERE`], [`CUT`] or [`PANICKED`]: which slots are full.
    phase: Cell<u8>,
    rest: UnsafeCell<MaybeUninit<S>>,
    /// How many of `jobs` and `halves` a cut filled.
    parts: Cell<usize>,
    halves: [UnsafeCell<MaybeUninit<Red>>; SLOTS],
    jobs: [UnsafeCell<MaybeUninit<StackJob<F, R>>>; SLOTS],
    panic: UnsafeCell<MaybeUninit<Panic>>,
    cut: H,
    /// The context the node is registered with, once offered to.
    ctx: Cell<Option<&'c WorkerContext>>,
    /// True while the cut-off pieces may still be running on other threads.
    parts_out: Cell<bool>,
    _pinned: PhantomPinned,
}

impl<'c, S, Red, F, R, H> PendingRest<'c, S, Red, F, R, H>
where
    H: Fn(S, LastOf) -> Result<(S, F, Red), S>,
    Red: Reducer<R>,
    F: FnOnce() -> R + Send,
    R: Send,
{
    /// A node for the rests of a piece, which `cut` cuts.
    pub(super) fn new(cut: H) -> Self {
        Self {
            header: LoopHeader::new(Self::cut_erased),
            phase: Cell::new(AWAY),
            rest: UnsafeCell::new(MaybeUninit::uninit()),
            parts: Cell::new(0),
            halves: [const { UnsafeCell::new(MaybeUninit::uninit()) }; SLOTS],
            jobs: [const { UnsafeCell::new(MaybeUninit::uninit()) }; SLOTS],
            panic: UnsafeCell::new(MaybeUninit::uninit()),
            cut,
            ctx: Cell::new(None),
            parts_out: Cell::new(false),
            _pinned: PhantomPinned,
        }
    }

    /// Leaves `rest` in the node while the piece folds its next chunk,
    /// registering the node with `ctx` the first time; `splittable` says
    /// whether `rest` may be cut.
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

    /// Takes the rest back after a chunk, whole or cut.
    #[inline]
    pub(super) fn take(self: Pin<&Self>) -> Taken<S> {
        let this = self.get_ref();
        this.header.splittable.set(false);
        let phase = this.phase.replace(AWAY);
        // SAFETY: the piece is between two chunks, so no promotion runs; the
        // phase says which slots are full, and they are emptied once.
        unsafe {
            match phase {
                HERE => Taken::Whole((*this.rest.get()).assume_init_read()),
                CUT => Taken::Cut((*this.rest.get()).assume_init_read()),
                _ => this.resume_cutting_panic(phase),
            }
        }
    }

    /// The cutting panicked, if `phase` says so: the piece panics with it.
    ///
    /// # Safety
    /// `phase` was the node's phase, and the piece is between two chunks.
    #[cold]
    unsafe fn resume_cutting_panic(&self, phase: u8) -> ! {
        assert_eq!(phase, PANICKED, "a rest is taken once per offer");
        // SAFETY: the phase was `PANICKED`, so the slot is full; it was
        // reset, so the payload is read once.
        unwind::resume(unsafe { (*self.panic.get()).assume_init_read() })
    }

    /// The result of the whole rest, after the piece ran its first piece
    /// (`first`, or the panic it raised): each other piece taken back and
    /// run here if no thread took it (the last first), or waited for, and
    /// the results reduced in order. A panic propagates once every piece is
    /// done, the leftmost first.
    pub(super) fn join_parts(self: Pin<&Self>, first: std::thread::Result<R>) -> R {
        let this = self.get_ref();
        let ctx = this.ctx.get().expect("a cut rest was offered");
        assert!(this.parts_out.get(), "the pieces of a cut are joined once");
        this.settle_parts(ctx);
        this.parts_out.set(false);
        let slots = this.cut_slots();
        this.parts.set(0);
        let mut result = first;
        for slot in slots {
            // SAFETY: the cut filled these slots, every job is settled (its
            // latch set), and each is read once: `parts` was reset above.
            let (halves, part) = unsafe {
                (
                    (*this.halves[slot].get()).assume_init_read(),
                    (*this.jobs[slot].get()).assume_init_ref().take_result(),
                )
            };
            result = match (result, part) {
                (Ok(left), Ok(right)) => unwind::halt(|| halves.reduce(left, right)),
                (Err(payload), _) | (_, Err(payload)) => Err(payload),
            };
        }
        result.unwrap_or_else(|payload| unwind::resume(payload))
    }

    /// [`LoopHeader`]'s split function for this node type: cuts the rest
    /// into at most `parts + 1` pieces of equal length, from its end.
    ///
    /// # Safety
    /// `header` is a registered node's header, with the node's provenance;
    /// on the node's thread, while its piece folds a chunk; `parts` is at
    /// most [`SLOTS`].
    unsafe fn cut_erased(
        header: *const LoopHeader,
        parts: usize,
        publish: &mut dyn FnMut(*const PromotedHeader),
    ) -> usize {
        // SAFETY: the header is the first field of this `repr(C)` node.
        let node = unsafe { &*header.cast::<Self>() };
        node.header.splittable.set(false);
        debug_assert_eq!(
            node.phase.get(),
            HERE,
            "only a rest in the node is splittable"
        );
        debug_assert!(parts <= SLOTS);
        // SAFETY: while its piece folds a chunk, the piece does not touch
        // the slots; this thread is inside the chunk, so nothing else does.
        // The phase was `HERE`: the rest slot is full, and is emptied here.
        let rest = unsafe { (*node.rest.get()).assume_init_read() };
        match unwind::halt(|| node.cut_into(rest, parts.min(SLOTS))) {
            Ok((rest, cut)) => {
                // SAFETY: as above; the rest slot was emptied above.
                unsafe { (*node.rest.get()).write(rest) };
                if cut == 0 {
                    node.phase.set(HERE);
                    return 0;
                }
                node.phase.set(CUT);
                node.parts.set(cut);
                node.parts_out.set(true);
                for job in &node.jobs[node.cut_slots()] {
                    // The job is published through the raw pointer of its
                    // cell, never through a reference: the thief's pointer
                    // and the piece's later `join_parts` then derive from
                    // the same cell pointer, and neither invalidates the
                    // other. `StackJob` is `repr(C)` with its header first.
                    publish(job.get().cast_const().cast::<PromotedHeader>());
                }
                cut
            }
            Err(payload) => {
                // SAFETY: as above; the panic slot is empty until now.
                unsafe { (*node.panic.get()).write(payload) };
                node.phase.set(PANICKED);
                0
            }
        }
    }

    /// Cuts `rest` into at most `parts + 1` pieces of about equal length,
    /// from its end, writing the cut-off pieces' jobs and reducers into the
    /// last slots, the leftmost piece's first; returns the first piece and
    /// how many were cut off. Where a cut would leave a piece too short, the
    /// next cut is tried with one piece less.
    fn cut_into(&self, mut rest: S, parts: usize) -> (S, usize) {
        let mut cut = 0;
        for of in (2..=parts + 1).rev() {
            match (self.cut)(rest, LastOf(of)) {
                Ok((front, job, halves)) => {
                    cut += 1;
                    let slot = SLOTS - cut;
                    // SAFETY: the slots from `SLOTS - cut` on are written
                    // once per cut, and this node is cut at most once (its
                    // piece ends after a cut).
                    unsafe {
                        (*self.jobs[slot].get()).write(StackJob::new(job, PROMOTED));
                        (*self.halves[slot].get()).write(halves);
                    }
                    rest = front;
                }
                Err(whole) => rest = whole,
            }
        }
        (rest, cut)
    }
}

/// What a node does with the pieces of a cut whatever its rest and reducer.
impl<S, Red, F, R, H> PendingRest<'_, S, Red, F, R, H>
where
    F: FnOnce() -> R + Send,
    R: Send,
{
    /// Runs here every piece of the cut that no thread took, the last
    /// first, then waits for the others, running other work meanwhile: each
    /// job's latch is then set and its result written.
    fn settle_parts(&self, ctx: &WorkerContext) {
        let mut any_taken = false;
        for job in self.jobs[self.cut_slots()].iter().rev() {
            // SAFETY: the cut wrote the jobs of these slots.
            let job = unsafe { (*job.get()).assume_init_ref() };
            if ctx.take_back(job.header_ptr()) {
                // SAFETY: the job left its slot untaken, so this thread alone
                // runs it, as a thief would (result written, latch set).
                unsafe { PromotedHeader::job_ref(job.header_ptr()).run(ctx) };
            } else {
                any_taken = true;
            }
        }
        ctx.settled(any_taken);
        for job in &self.jobs[self.cut_slots()] {
            // SAFETY: as above; the jobs were promoted, so their latches are
            // initialised.
            ctx.wait_until(unsafe { (*job.get()).assume_init_ref().header().latch() });
        }
    }

    /// The piece unwinds with the pieces of a cut out: settles them and
    /// drops their results and reducers, without reducing.
    #[cold]
    fn drop_parts(&self, ctx: &WorkerContext) {
        let _ = unwind::halt(|| self.settle_parts(ctx));
        for slot in self.cut_slots() {
            // SAFETY: the cut filled these slots and nothing read them yet
            // (`join_parts` did not run); every job is settled.
            unsafe {
                (*self.halves[slot].get()).assume_init_drop();
                drop((*self.jobs[slot].get()).assume_init_ref().take_result());
            }
        }
        self.parts.set(0);
        self.parts_out.set(false);
    }

    /// The slots a cut filled, leftmost piece first.
    fn cut_slots(&self) -> std::ops::Range<usize> {
        SLOTS - self.parts.get()..SLOTS
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
        if self.parts_out.get() {
            // The piece unwound before joining the pieces cut off its rest,
            // whose jobs live here: wait for them (their results, or
            // panics, are dropped).
            self.drop_parts(ctx);
        }
        // SAFETY: the phase says which slots are full (only an unwinding
        // piece leaves any).
        unsafe {
            match self.phase.get() {
                HERE | CUT => self.rest.get_mut().assume_init_drop(),
                PANICKED => self.panic.get_mut().assume_init_drop(),
                _ => {}
            }
        }
        ctx.pop_loop(ptr::from_ref(&self.header));
    }
}
