//! [`scope`] and [`Scope`]: spawn borrowed work and wait for all of it.

use std::any::Any;
use std::marker::PhantomData;
use std::ptr::NonNull;
use std::sync::Mutex;

use crate::pool::current_registry;
use crate::scheduler::context::WorkerContext;
use crate::scheduler::job::HeapJob;
use crate::scheduler::latch::Latch;
use crate::scheduler::registry::Registry;
use crate::sync::{AtomicUsize, Ordering};
use crate::unwind;

/// Runs `op` with a [`Scope`] in which it can spawn jobs that borrow from the
/// enclosing frame, and returns once `op` and every spawned job are done.
///
/// Runs in the current pool, or in the global pool when called from outside
/// any pool (the calling thread takes part). If `op` or a spawned job
/// panics, the panic propagates after all of them finished (`op`'s first).
///
/// ```
/// let mut parts = vec![0u64; 4];
/// lubdub::scope(|s| {
///     for (i, part) in parts.iter_mut().enumerate() {
///         s.spawn(move |_| *part = (i as u64 + 1) * 10);
///     }
/// });
/// assert_eq!(parts, [10, 20, 30, 40]);
/// ```
pub fn scope<'scope, OP, R>(op: OP) -> R
where
    OP: FnOnce(&Scope<'scope>) -> R + Send,
    R: Send,
{
    current_registry().in_worker(|ctx| Scope::run(ctx, op))
}

/// A set of jobs that must all finish before [`scope`] returns. Its
/// lifetime `'scope` is what spawned jobs may borrow.
pub struct Scope<'scope> {
    registry: NonNull<Registry>,
    /// The seat whose occupant waits for the jobs.
    owner_seat: usize,
    /// Jobs not yet finished, plus one for the scope's body.
    unfinished: AtomicUsize,
    all_done: Latch,
    first_panic: Mutex<Option<Box<dyn Any + Send>>>,
    /// Invariant in `'scope`, as Rayon's is: spawned closures may borrow
    /// exactly `'scope`, not something shorter.
    marker: PhantomData<ScopeJob<'scope>>,
}

/// The shape of a spawned job, used only to make [`Scope`] invariant.
type ScopeJob<'scope> = Box<dyn FnOnce(&Scope<'scope>) + Send + Sync + 'scope>;

// SAFETY: the registry pointer refers to a `Sync` registry that outlives the
// scope; every other field is `Send` and `Sync`.
unsafe impl Send for Scope<'_> {}
// SAFETY: as for Send; shared access goes through atomics, the latch and a mutex.
unsafe impl Sync for Scope<'_> {}

/// A scope pointer that a job carries to another thread.
struct ScopePtr<'scope>(*const Scope<'scope>);

// SAFETY: `Scope` is `Sync`, and the scope outlives every job (its owner
// waits for `unfinished` to reach zero).
unsafe impl Send for ScopePtr<'_> {}

impl<'scope> Scope<'scope> {
    pub(crate) fn run<OP, R>(ctx: &WorkerContext, op: OP) -> R
    where
        OP: FnOnce(&Scope<'scope>) -> R,
    {
        let scope = Scope {
            registry: NonNull::from(ctx.registry()),
            owner_seat: ctx.index(),
            unfinished: AtomicUsize::new(1),
            all_done: Latch::new(),
            first_panic: Mutex::new(None),
            marker: PhantomData,
        };
        let result = unwind::halt(|| op(&scope));
        // SAFETY: `scope` lives in this frame until the latch is waited for.
        unsafe { Scope::finish_one(&scope) };
        ctx.wait_until(&scope.all_done);
        let spawned_panic = scope
            .first_panic
            .into_inner()
            .unwrap_or_else(|p| p.into_inner());
        match (result, spawned_panic) {
            (Err(payload), _) | (Ok(_), Some(payload)) => unwind::resume(payload),
            (Ok(result), None) => result,
        }
    }

    /// Spawns `body` into the scope: it may run on any thread of the pool,
    /// now or later, and [`scope`] returns only after it finished.
    ///
    /// ```
    /// use std::sync::atomic::{AtomicUsize, Ordering};
    /// let count = AtomicUsize::new(0);
    /// lubdub::scope(|s| {
    ///     s.spawn(|s| {
    ///         count.fetch_add(1, Ordering::Relaxed);
    ///         s.spawn(|_| { count.fetch_add(1, Ordering::Relaxed); });
    ///     });
    /// });
    /// assert_eq!(count.into_inner(), 2);
    /// ```
    pub fn spawn<BODY>(&self, body: BODY)
    where
        BODY: FnOnce(&Scope<'scope>) + Send + 'scope,
    {
        self.unfinished.fetch_add(1, Ordering::Relaxed);
        let scope = ScopePtr(self);
        let job = HeapJob::into_job_ref(move |_ctx: &WorkerContext| {
            let scope = scope;
            // SAFETY: the scope outlives its jobs (see ScopePtr).
            let this = unsafe { &*scope.0 };
            if let Err(payload) = unwind::halt(|| body(this)) {
                this.record_panic(payload);
            }
            // SAFETY: as above; `finish_one` is the job's last use of the scope.
            unsafe { Scope::finish_one(scope.0) };
        });
        self.registry().push_job(job);
    }

    fn registry(&self) -> &Registry {
        // SAFETY: the scope runs inside `in_worker` of this registry, which
        // keeps it alive.
        unsafe { self.registry.as_ref() }
    }

    fn record_panic(&self, payload: Box<dyn Any + Send>) {
        let mut first = self.first_panic.lock().unwrap_or_else(|p| p.into_inner());
        first.get_or_insert(payload);
    }

    /// One job (or the body) finished; the last one sets the latch.
    ///
    /// # Safety
    /// `this` points to a live scope. The scope may be freed as soon as the
    /// count reaches zero, so this takes a raw pointer and reads what the
    /// wake-up needs first.
    unsafe fn finish_one(this: *const Self) {
        // SAFETY: live until the decrement below brings the count to zero.
        let (registry, owner, unfinished, latch) = unsafe {
            (
                (*this).registry,
                (*this).owner_seat,
                &raw const (*this).unfinished,
                &raw const (*this).all_done,
            )
        };
        // SAFETY: still live: our own count is not yet given up.
        if unsafe { (*unfinished).fetch_sub(1, Ordering::AcqRel) } == 1 {
            // SAFETY: the owner waits for this latch before freeing the scope;
            // the registry outlives every scope in it.
            unsafe {
                if Latch::set(latch) {
                    registry.as_ref().wake_seat(owner);
                }
            }
        }
    }
}
