//! [`scope`], [`in_place_scope`] and [`Scope`]: spawn borrowed work and wait
//! for all of it. (The FIFO variant is in `scope_fifo.rs`; what both share,
//! in `scope_base.rs`.)

use std::fmt;

use crate::broadcast::BroadcastContext;
use crate::pool::{current_context, current_registry, global_registry, ThreadPool};
use crate::scheduler::context::WorkerContext;
use crate::scheduler::registry::Registry;
use crate::scope_base::ScopeBase;

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

/// [`scope`], but `op` runs right here on the calling thread, without
/// entering a pool: it need not be `Send`. The spawned jobs go to the current
/// pool (the global pool outside any) and run on its threads, as with
/// `scope`; the calling thread waits for them at the end, running other work
/// of its own pool meanwhile, or blocked if it works in none.
///
/// ```
/// use std::rc::Rc;
/// let local = Rc::new(5); // not Send: `scope` would refuse it
/// let mut doubled = 0;
/// lubdub::in_place_scope(|s| {
///     let (five, doubled) = (*local, &mut doubled);
///     s.spawn(move |_| *doubled = five * 2);
/// });
/// assert_eq!(doubled, 10);
/// ```
pub fn in_place_scope<'scope, OP, R>(op: OP) -> R
where
    OP: FnOnce(&Scope<'scope>) -> R,
{
    match current_context() {
        Some(ctx) => Scope::run_in_place(ctx.registry(), Some(ctx), op),
        None => Scope::run_in_place(global_registry(), None, op),
    }
}

/// A set of jobs that must all finish before [`scope`] returns. Its
/// lifetime `'scope` is what spawned jobs may borrow.
///
/// Without stealing, a thread runs the jobs it spawned newest first (as in
/// Rayon): in a one-thread pool, jobs spawned in the order 1, 2, 3 run as
/// 3, 2, 1. [`ScopeFifo`](crate::ScopeFifo) runs them oldest first.
pub struct Scope<'scope> {
    base: ScopeBase<'scope>,
}

impl<'scope> Scope<'scope> {
    /// A scope opened by the occupant of `ctx`'s seat, whose jobs run in the
    /// same pool.
    pub(crate) fn run<OP, R>(ctx: &WorkerContext, op: OP) -> R
    where
        OP: FnOnce(&Scope<'scope>) -> R,
    {
        Self::run_in_place(ctx.registry(), Some(ctx), op)
    }

    /// A scope whose jobs run in `registry`, waited for by `owner` (the
    /// calling thread's context, if it has one).
    pub(crate) fn run_in_place<OP, R>(
        registry: &Registry,
        owner: Option<&WorkerContext>,
        op: OP,
    ) -> R
    where
        OP: FnOnce(&Scope<'scope>) -> R,
    {
        let scope = Scope {
            base: ScopeBase::new(registry, owner),
        };
        scope.base.complete(owner, || op(&scope))
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
        let job = self.base.job(self, move |scope, _| body(scope));
        self.base.registry().push_job(job);
    }

    /// Spawns `body` once on every seat of the scope's pool (see
    /// [`crate::broadcast`] for what a seat is); the scope waits for all of
    /// them. Each run gets its seat's [`BroadcastContext`].
    ///
    /// ```
    /// use std::sync::atomic::{AtomicUsize, Ordering};
    /// let pool = lubdub::ThreadPoolBuilder::new().num_threads(3).build().unwrap();
    /// let seats = AtomicUsize::new(0);
    /// pool.scope(|s| {
    ///     s.spawn_broadcast(|_, ctx| {
    ///         seats.fetch_or(1 << ctx.index(), Ordering::Relaxed);
    ///     });
    /// });
    /// assert_eq!(seats.into_inner(), 0b111);
    /// ```
    pub fn spawn_broadcast<BODY>(&self, body: BODY)
    where
        BODY: Fn(&Scope<'scope>, BroadcastContext<'_>) + Send + Sync + 'scope,
    {
        self.base.broadcast(self, body);
    }
}

impl fmt::Debug for Scope<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Scope")
            .field("num_threads", &self.base.registry().num_threads())
            .finish_non_exhaustive()
    }
}

impl ThreadPool {
    /// [`in_place_scope`] whose jobs go to this pool: `op` runs on the
    /// calling thread, wherever that is.
    ///
    /// ```
    /// let pool = lubdub::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
    /// let (tx, rx) = std::sync::mpsc::channel();
    /// pool.in_place_scope(|s| {
    ///     // The pool's thread runs the job while this thread blocks in recv.
    ///     s.spawn(move |_| tx.send(lubdub::current_thread_index()).unwrap());
    ///     assert_eq!(rx.recv().unwrap(), Some(0));
    /// });
    /// ```
    pub fn in_place_scope<'scope, OP, R>(&self, op: OP) -> R
    where
        OP: FnOnce(&Scope<'scope>) -> R,
    {
        Scope::run_in_place(self.registry(), current_context(), op)
    }
}
