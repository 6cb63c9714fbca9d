//! Jobs: what a thread other than the creator can run.
//!
//! A job is reached through a [`JobRef`], a pointer to a [`JobHeader`] that
//! holds the monomorphic function which runs it. Two kinds exist:
//! - [`StackJob`]: the second closure of a `join`, living in the joiner's
//!   stack frame. It becomes reachable by other threads only when promoted
//!   (see `context.rs`); its [`PromotedHeader`] carries the latch the joiner
//!   waits on and the seat to wake.
//! - [`HeapJob`]: a boxed closure (scope and `spawn` jobs, injected calls),
//!   freed by the run itself.

use std::cell::{Cell, UnsafeCell};
use std::mem::{ManuallyDrop, MaybeUninit};
use std::ptr::NonNull;
use std::thread;

use super::context::WorkerContext;
use super::latch::Latch;
use crate::sync::AtomicPtr;
use crate::unwind;

/// The first field of every job: how to run it.
#[repr(C)]
pub(crate) struct JobHeader {
    run: unsafe fn(*const JobHeader, &WorkerContext),
}

impl JobHeader {
    /// A header whose job `run` runs. `run` receives a pointer to this
    /// header, which must be the first field of a `repr(C)` job.
    pub(crate) const fn new(run: unsafe fn(*const JobHeader, &WorkerContext)) -> Self {
        Self { run }
    }
}

/// A pointer to a job that some thread will run exactly once.
#[derive(Clone, Copy, Debug)]
pub(crate) struct JobRef(NonNull<JobHeader>);

// SAFETY: a JobRef is handed from the thread that made the job to the one
// that runs it; every job type it can point to is built only from `Send`
// closures and results (see StackJob::new and HeapJob::new).
unsafe impl Send for JobRef {}

impl JobRef {
    pub(crate) fn from_header(header: NonNull<JobHeader>) -> Self {
        Self(header)
    }

    pub(crate) fn as_ptr(self) -> *mut JobHeader {
        self.0.as_ptr()
    }

    /// Runs the job on the current thread, whose context is `ctx`.
    ///
    /// # Safety
    /// The job must be live and not yet run, and no other thread may run it.
    pub(crate) unsafe fn run(self, ctx: &WorkerContext) {
        let header = self.0.as_ptr().cast_const();
        // SAFETY: the caller guarantees the header is live and unrun.
        unsafe { ((*header).run)(header, ctx) }
    }
}

/// The header of a job that may be promoted: the latch its owner waits on if
/// a thief takes it, and the owner's seat, written at promotion.
///
/// Both fields stay uninitialised until promotion (see
/// [`PromotedHeader::prepare_promotion`]): a join whose job is never promoted
/// writes nothing but the job's run function.
#[repr(C)]
pub(crate) struct PromotedHeader {
    job: JobHeader,
    /// The next older pending join of the same thread (null for the oldest),
    /// or [`PROMOTED`] once the job was promoted. Only the owner thread
    /// reads or writes it, from its own code or from its rescue signal's
    /// handler: an atomic (relaxed: plain moves) so that the handler may
    /// interrupt any access (see `pending.rs`).
    pub(crate) older: AtomicPtr<PromotedHeader>,
    latch: UnsafeCell<MaybeUninit<Latch>>,
    owner_seat: Cell<MaybeUninit<usize>>,
}

impl PromotedHeader {
    /// The job behind `this`. Takes a raw pointer, not `&self`: the pointer
    /// must carry the provenance of the whole [`StackJob`] so that a thief
    /// may reach the closure and result behind the header.
    pub(crate) fn job_ref(this: *const PromotedHeader) -> JobRef {
        // SAFETY: `job` is the first field (`repr(C)`), and a header pointer
        // is never null.
        JobRef(unsafe { NonNull::new_unchecked(this.cast_mut().cast()) })
    }

    /// Readies the latch and records the owner before the job is published.
    pub(crate) fn prepare_promotion(&self, owner_seat: usize) {
        // SAFETY: only the owner thread writes here, before publishing the
        // job; nobody else can reach the job yet.
        unsafe { (*self.latch.get()).write(Latch::new()) };
        self.owner_seat.set(MaybeUninit::new(owner_seat));
    }

    /// The latch a thief sets.
    ///
    /// # Safety
    /// The job was promoted ([`PromotedHeader::prepare_promotion`] ran).
    pub(crate) unsafe fn latch(&self) -> &Latch {
        // SAFETY: initialised by `prepare_promotion`, per the contract.
        unsafe { (*self.latch.get()).assume_init_ref() }
    }

    /// The owner's seat.
    ///
    /// # Safety
    /// As for [`PromotedHeader::latch`].
    unsafe fn owner_seat(&self) -> usize {
        // SAFETY: initialised by `prepare_promotion`, per the contract.
        unsafe { self.owner_seat.get().assume_init() }
    }
}

/// The value of [`PromotedHeader::older`] that marks a promoted job. Never a
/// real header's address (headers are aligned to more than one byte).
pub(crate) const PROMOTED: *mut PromotedHeader = std::ptr::dangling_mut::<u8>().cast();

/// The closure `b` of a `join`, in the joiner's frame.
#[repr(C)]
pub(crate) struct StackJob<F, R> {
    header: PromotedHeader,
    func: UnsafeCell<ManuallyDrop<F>>,
    result: UnsafeCell<MaybeUninit<thread::Result<R>>>,
}

impl<F, R> StackJob<F, R>
where
    F: FnOnce() -> R + Send,
    R: Send,
{
    /// A job for `func` whose pending-list link is `older` (see
    /// `pending.rs`: a `join` builds its job already linked, then pushes it).
    #[inline]
    pub(crate) fn new(func: F, older: *mut PromotedHeader) -> Self {
        Self {
            header: PromotedHeader {
                job: JobHeader {
                    run: Self::run_stolen,
                },
                older: AtomicPtr::new(older),
                latch: UnsafeCell::new(MaybeUninit::uninit()),
                owner_seat: Cell::new(MaybeUninit::uninit()),
            },
            func: UnsafeCell::new(ManuallyDrop::new(func)),
            result: UnsafeCell::new(MaybeUninit::uninit()),
        }
    }

    #[inline]
    pub(crate) fn header(&self) -> &PromotedHeader {
        &self.header
    }

    /// A pointer to the header with the provenance of the whole job (see
    /// [`PromotedHeader::job_ref`]).
    #[inline]
    pub(crate) fn header_ptr(&self) -> *const PromotedHeader {
        std::ptr::from_ref(self).cast()
    }

    /// Runs the closure on the joiner's thread.
    ///
    /// # Safety
    /// Only the joiner calls this, at most once, and only when no thief has
    /// the job (it was never published, or the joiner took it back).
    #[inline]
    pub(crate) unsafe fn run_inline(&self) -> R {
        // SAFETY: by the contract nobody else reads `func`, and it is taken once.
        let func = unsafe { ManuallyDrop::take(&mut *self.func.get()) };
        func()
    }

    /// The thief's result, after the latch is set.
    ///
    /// # Safety
    /// The job was promoted and its latch is set (so the thief wrote
    /// `result`), and this is called once.
    pub(crate) unsafe fn take_result(&self) -> thread::Result<R> {
        // SAFETY: promoted, per the contract.
        debug_assert!(unsafe { self.header.latch() }.is_set());
        // SAFETY: the thief wrote the result before setting the latch, and
        // the acquire in `is_set` made that write visible.
        unsafe { (*self.result.get()).assume_init_read() }
    }

    /// Run by a thief that took the job from its owner's published slot.
    ///
    /// # Safety
    /// `this` is the header of a live `StackJob<F, R>` that the thief owns.
    unsafe fn run_stolen(this: *const JobHeader, ctx: &WorkerContext) {
        let job = this.cast::<Self>();
        // SAFETY: `JobHeader` is the first field of `PromotedHeader`, which is
        // the first field of `StackJob` (both `repr(C)`), and the thief owns
        // the job until it sets the latch.
        unsafe {
            let func = ManuallyDrop::take(&mut *(*job).func.get());
            let result = unwind::halt(func);
            (*(*job).result.get()).write(result);
            let owner = (*job).header.owner_seat();
            if Latch::set((*job).header.latch()) {
                ctx.registry().wake_seat(owner);
            }
        }
    }
}

/// A boxed job: runs `func` with the running thread's context, then frees itself.
#[repr(C)]
pub(crate) struct HeapJob<F> {
    header: JobHeader,
    func: F,
}

impl<F> HeapJob<F>
where
    F: FnOnce(&WorkerContext) + Send,
{
    /// Boxes `func` and leaks it into a [`JobRef`]; running the job frees it.
    /// A job that is never run leaks (this happens only if the process exits
    /// with jobs still queued).
    pub(crate) fn into_job_ref(func: F) -> JobRef {
        let job = Box::into_raw(Box::new(Self {
            header: JobHeader { run: Self::run },
            func,
        }));
        // SAFETY: `Box::into_raw` is never null; the header is the first
        // field (`repr(C)`), and the pointer keeps the whole box's provenance.
        JobRef(unsafe { NonNull::new_unchecked(job.cast()) })
    }

    /// # Safety
    /// `this` came from [`HeapJob::into_job_ref`] and is run once.
    unsafe fn run(this: *const JobHeader, ctx: &WorkerContext) {
        // SAFETY: the header is the first field of the leaked box (`repr(C)`),
        // and running the job is the one place that frees it.
        let job = unsafe { Box::from_raw(this.cast::<Self>().cast_mut()) };
        (job.func)(ctx);
    }
}
