//! [`ScopeBase`]: what [`Scope`] and [`ScopeFifo`] share: counting their
//! jobs, keeping the first panic, and waking whoever waits for the last job.
//!
//! The waiter is the thread that opened the scope. Inside a pool it waits as
//! a seat's occupant, running other work of its pool meanwhile, and the last
//! job wakes its seat (the latch protocol of `scheduler/latch.rs`). Outside
//! every pool (an [`in_place_scope`](crate::in_place_scope) called from a
//! plain thread) it blocks on a condition variable.

use std::any::Any;
use std::marker::PhantomData;
use std::ptr::NonNull;
use std::sync::{Arc, Condvar, Mutex};

use crate::broadcast::BroadcastContext;
use crate::scheduler::context::WorkerContext;
use crate::scheduler::job::{HeapJob, JobRef};
use crate::scheduler::latch::Latch;
use crate::scheduler::registry::Registry;
use crate::scope::Scope;
#[cfg(doc)]
use crate::scope_fifo::ScopeFifo;
use crate::sync::{AtomicUsize, Ordering};
use crate::unwind;

pub(crate) struct ScopeBase<'scope> {
    /// The pool the scope's jobs run in.
    registry: NonNull<Registry>,
    waiter: Waiter,
    /// Jobs not yet finished, plus one for the scope's body.
    unfinished: AtomicUsize,
    first_panic: Mutex<Option<Box<dyn Any + Send>>>,
    /// Invariant in `'scope`, as Rayon's scopes are: spawned closures may
    /// borrow exactly `'scope`, not something shorter.
    marker: PhantomData<ScopeJob<'scope>>,
}

/// The shape of a spawned job, used only to make scopes invariant.
type ScopeJob<'scope> = Box<dyn FnOnce(&Scope<'scope>) + Send + Sync + 'scope>;

/// Who waits for a scope's jobs.
enum Waiter {
    /// The occupant of seat `index` of `registry` (which need not be the
    /// pool the jobs run in).
    Seat {
        registry: NonNull<Registry>,
        index: usize,
        latch: Latch,
    },
    /// A thread outside every pool.
    Thread(BlockingLatch),
}

// SAFETY: the registry pointers refer to `Sync` registries that outlive the
// scope (the waiter's context keeps its pool alive; the jobs' pool is kept
// alive by the caller, see `ScopeBase::new`); every other field is `Send`
// and `Sync`.
unsafe impl Send for ScopeBase<'_> {}
// SAFETY: as for Send; shared access goes through atomics, latches and a mutex.
unsafe impl Sync for ScopeBase<'_> {}

/// A pointer that a job carries to another thread.
struct SendPtr<T>(*const T);

// SAFETY: only made for `Sync` targets that outlive the job (a scope waits
// for its unfinished jobs before it is freed).
unsafe impl<T: Sync> Send for SendPtr<T> {}

impl<'scope> ScopeBase<'scope> {
    /// A scope whose jobs run in `registry`, waited for by the occupant of
    /// `owner`'s seat, or by a blocked thread when there is no `owner`.
    /// `registry` must outlive the scope; so must `owner`'s pool.
    pub(crate) fn new(registry: &Registry, owner: Option<&WorkerContext>) -> Self {
        let waiter = match owner {
            Some(ctx) => Waiter::Seat {
                registry: NonNull::from(ctx.registry()),
                index: ctx.index(),
                latch: Latch::new(),
            },
            None => Waiter::Thread(BlockingLatch::new()),
        };
        Self {
            registry: NonNull::from(registry),
            waiter,
            unfinished: AtomicUsize::new(1),
            first_panic: Mutex::new(None),
            marker: PhantomData,
        }
    }

    /// The pool the scope's jobs run in.
    pub(crate) fn registry(&self) -> &Registry {
        // SAFETY: the registry outlives the scope (see `new`).
        unsafe { self.registry.as_ref() }
    }

    /// Runs the scope's body, waits until every job finished, then returns
    /// the body's result or resumes the first panic (the body's, if it
    /// panicked). `owner` is the one given to [`ScopeBase::new`].
    pub(crate) fn complete<R>(&self, owner: Option<&WorkerContext>, body: impl FnOnce() -> R) -> R {
        let result = unwind::halt(body);
        // SAFETY: `self` lives until this function returns, after the wait.
        unsafe { Self::finish_one(self) };
        match (&self.waiter, owner) {
            (Waiter::Seat { latch, .. }, Some(ctx)) => ctx.wait_until(latch),
            (Waiter::Thread(latch), None) => latch.wait(),
            _ => unreachable!("a scope is completed with the owner it was made with"),
        }
        let spawned_panic = self
            .first_panic
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .take();
        match (result, spawned_panic) {
            (Err(payload), _) | (Ok(_), Some(payload)) => unwind::resume(payload),
            (Ok(result), None) => result,
        }
    }

    /// Counts one more job and makes `body` into a heap job that runs it
    /// with `scope` and the running thread's context, keeps its panic, and
    /// counts it finished. `scope` is the [`Scope`] or [`ScopeFifo`] that
    /// holds this base. The caller queues the job exactly once.
    pub(crate) fn job<S, F>(&self, scope: &S, body: F) -> JobRef
    where
        S: Sync,
        F: FnOnce(&S, &WorkerContext) + Send + 'scope,
    {
        self.unfinished.fetch_add(1, Ordering::Relaxed);
        let scope = SendPtr(scope);
        let base = SendPtr(self);
        HeapJob::into_job_ref(move |ctx: &WorkerContext| {
            let (scope, base) = (scope, base);
            // SAFETY: the scope outlives its unfinished jobs, this one too.
            let result = unwind::halt(|| body(unsafe { &*scope.0 }, ctx));
            if let Err(payload) = result {
                // SAFETY: as above.
                unsafe { &*base.0 }.record_panic(payload);
            }
            // SAFETY: as above; this is the job's last use of the scope.
            unsafe { Self::finish_one(base.0) };
        })
    }

    /// Queues `body` once for every seat of the scope's pool, each run by
    /// that seat's occupant with its [`BroadcastContext`].
    pub(crate) fn broadcast<S, F>(&self, scope: &S, body: F)
    where
        S: Sync,
        F: Fn(&S, BroadcastContext<'_>) + Send + Sync + 'scope,
    {
        let body = Arc::new(body);
        let jobs = (0..self.registry().num_threads()).map(|_| {
            let body = Arc::clone(&body);
            self.job(scope, move |scope, ctx| {
                body(scope, BroadcastContext::new(ctx))
            })
        });
        self.registry().inject_broadcast(jobs);
    }

    fn record_panic(&self, payload: Box<dyn Any + Send>) {
        let mut first = self.first_panic.lock().unwrap_or_else(|p| p.into_inner());
        first.get_or_insert(payload);
    }

    /// One job (or the body) finished; the last one wakes the waiter.
    ///
    /// # Safety
    /// `this` points to a live scope. The scope may be freed as soon as the
    /// waiter is signalled, so this takes a raw pointer and copies what the
    /// wake-up needs first.
    unsafe fn finish_one(this: *const Self) {
        // SAFETY: live: our own count is not yet given up.
        let last = unsafe { (*this).unfinished.fetch_sub(1, Ordering::AcqRel) } == 1;
        if last {
            // SAFETY: the waiter waits for this signal before freeing the
            // scope, so it is still live here.
            unsafe { Waiter::signal(&raw const (*this).waiter) };
        }
    }
}

/// What [`Waiter::signal`] needs, copied out of a scope that may be freed
/// during the signal.
enum Signal {
    Seat(NonNull<Registry>, usize, *const Latch),
    Thread(*const BlockingLatch),
}

impl Waiter {
    /// Tells the waiter that the last job finished.
    ///
    /// # Safety
    /// `this` is live until the latch is set; nothing is touched after that
    /// but the waiter's registry, which outlives the scope.
    unsafe fn signal(this: *const Self) {
        // SAFETY: live, per the contract; the reference ends with the block.
        let signal = match unsafe { &*this } {
            Waiter::Seat {
                registry,
                index,
                latch,
            } => Signal::Seat(*registry, *index, latch),
            Waiter::Thread(latch) => Signal::Thread(latch),
        };
        match signal {
            // SAFETY: the latch is live until set; the registry outlives it.
            Signal::Seat(registry, index, latch) => unsafe {
                if Latch::set(latch) {
                    registry.as_ref().wake_seat(index);
                }
            },
            // SAFETY: live until set, per the contract.
            Signal::Thread(latch) => unsafe { BlockingLatch::set(latch) },
        }
    }
}

/// A one-shot signal for a thread outside every pool: it blocks until set.
struct BlockingLatch {
    set: Mutex<bool>,
    changed: Condvar,
}

impl BlockingLatch {
    fn new() -> Self {
        Self {
            set: Mutex::new(false),
            changed: Condvar::new(),
        }
    }

    fn wait(&self) {
        let mut set = self.set.lock().unwrap_or_else(|p| p.into_inner());
        while !*set {
            set = self.changed.wait(set).unwrap_or_else(|p| p.into_inner());
        }
    }

    /// Sets the latch and wakes the waiter.
    ///
    /// # Safety
    /// `this` points to a live latch. The waiter may free it once it sees
    /// the latch set, which it can only do after this call's lock is
    /// released: the notify happens under the lock.
    unsafe fn set(this: *const Self) {
        // SAFETY: live, per the contract, until the guard below is dropped.
        let latch = unsafe { &*this };
        let mut set = latch.set.lock().unwrap_or_else(|p| p.into_inner());
        *set = true;
        latch.changed.notify_all();
    }
}
