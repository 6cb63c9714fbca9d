//! [`scope_fifo`], [`in_place_scope_fifo`] and [`ScopeFifo`]: scopes whose
//! jobs start, per spawning thread, in the order they were spawned.
//!
//! Each seat of the pool has a FIFO queue in the scope; a job spawned on a
//! seat goes there, and the seat's own queue gets a token that runs the
//! FIFO's oldest job (`scheduler/fifo.rs`). A job spawned from outside the
//! pool goes to the pool's shared queue, which is FIFO anyway.

use std::fmt;

use crate::broadcast::BroadcastContext;
use crate::pool::{current_context, current_registry, global_registry, ThreadPool};
use crate::scheduler::context::WorkerContext;
use crate::scheduler::fifo::FifoQueue;
use crate::scheduler::registry::Registry;
use crate::scope_base::ScopeBase;

/// [`crate::scope`] whose jobs start in the order they were spawned, per
/// spawning thread: without stealing, a thread that spawned 1, 2, 3 runs
/// them as 1, 2, 3. Jobs of one thread may still run in parallel on others,
/// and jobs spawned by different threads have no order between them.
///
/// ```
/// use std::sync::Mutex;
/// let pool = lubdub::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
/// let order = Mutex::new(Vec::new());
/// pool.install(|| {
///     lubdub::scope_fifo(|s| {
///         for i in 0..4 {
///             let order = &order;
///             s.spawn_fifo(move |_| order.lock().unwrap().push(i));
///         }
///     })
/// });
/// assert_eq!(order.into_inner().unwrap(), [0, 1, 2, 3]);
/// ```
pub fn scope_fifo<'scope, OP, R>(op: OP) -> R
where
    OP: FnOnce(&ScopeFifo<'scope>) -> R + Send,
    R: Send,
{
    current_registry().in_worker(|ctx| ScopeFifo::run_in_place(ctx.registry(), Some(ctx), op))
}

/// [`crate::in_place_scope`] with FIFO spawns: `op` runs on the calling
/// thread, the jobs in the current pool (the global pool outside any).
///
/// ```
/// use std::cell::Cell;
/// let not_send = Cell::new(0); // `op` may borrow what is not Sync
/// let total = std::sync::atomic::AtomicU32::new(0);
/// lubdub::in_place_scope_fifo(|s| {
///     not_send.set(1);
///     for i in 1..=4 {
///         let total = &total;
///         s.spawn_fifo(move |_| {
///             total.fetch_add(i, std::sync::atomic::Ordering::Relaxed);
///         });
///     }
/// });
/// assert_eq!((not_send.get(), total.into_inner()), (1, 10));
/// ```
pub fn in_place_scope_fifo<'scope, OP, R>(op: OP) -> R
where
    OP: FnOnce(&ScopeFifo<'scope>) -> R,
{
    match current_context() {
        Some(ctx) => ScopeFifo::run_in_place(ctx.registry(), Some(ctx), op),
        None => ScopeFifo::run_in_place(global_registry(), None, op),
    }
}

/// A scope whose jobs start, per spawning thread, oldest first: see
/// [`scope_fifo`].
pub struct ScopeFifo<'scope> {
    base: ScopeBase<'scope>,
    /// One per seat of the pool: the scope's jobs spawned on that seat.
    fifos: Box<[FifoQueue]>,
}

impl<'scope> ScopeFifo<'scope> {
    /// A scope whose jobs run in `registry`, waited for by `owner` (the
    /// calling thread's context, if it has one).
    fn run_in_place<OP, R>(registry: &Registry, owner: Option<&WorkerContext>, op: OP) -> R
    where
        OP: FnOnce(&ScopeFifo<'scope>) -> R,
    {
        let scope = ScopeFifo {
            base: ScopeBase::new(registry, owner),
            fifos: (0..registry.num_threads())
                .map(|_| FifoQueue::new())
                .collect(),
        };
        scope.base.complete(owner, || op(&scope))
    }

    /// Spawns `body` into the scope, to start after the jobs this thread
    /// spawned into it before; the scope waits for it.
    ///
    /// ```
    /// let mut squares = vec![0; 8];
    /// lubdub::scope_fifo(|s| {
    ///     for (i, square) in squares.iter_mut().enumerate() {
    ///         s.spawn_fifo(move |_| *square = i * i);
    ///     }
    /// });
    /// assert_eq!(squares, [0, 1, 4, 9, 16, 25, 36, 49]);
    /// ```
    pub fn spawn_fifo<BODY>(&self, body: BODY)
    where
        BODY: FnOnce(&ScopeFifo<'scope>) + Send + 'scope,
    {
        let job = self.base.job(self, move |scope, _| body(scope));
        let registry = self.base.registry();
        let job = match current_context() {
            Some(ctx) if std::ptr::eq(ctx.registry(), registry) => {
                self.fifos[ctx.index()].push(job)
            }
            _ => job,
        };
        registry.push_job(job);
    }

    /// [`Scope::spawn_broadcast`](crate::Scope::spawn_broadcast) for a FIFO
    /// scope: `body` runs once on every seat of the pool.
    ///
    /// ```
    /// let pool = lubdub::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
    /// let seen = std::sync::Mutex::new(Vec::new());
    /// pool.scope_fifo(|s| {
    ///     s.spawn_broadcast(|_, ctx| seen.lock().unwrap().push(ctx.index()));
    /// });
    /// let mut seen = seen.into_inner().unwrap();
    /// seen.sort();
    /// assert_eq!(seen, [0, 1]);
    /// ```
    pub fn spawn_broadcast<BODY>(&self, body: BODY)
    where
        BODY: Fn(&ScopeFifo<'scope>, BroadcastContext<'_>) + Send + Sync + 'scope,
    {
        self.base.broadcast(self, body);
    }
}

impl fmt::Debug for ScopeFifo<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ScopeFifo")
            .field("num_fifos", &self.fifos.len())
            .finish_non_exhaustive()
    }
}

impl ThreadPool {
    /// [`scope_fifo`] in this pool.
    ///
    /// ```
    /// let pool = lubdub::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
    /// let mut v = [0; 2];
    /// let (first, second) = v.split_at_mut(1);
    /// pool.scope_fifo(|s| {
    ///     s.spawn_fifo(|_| first[0] = 1);
    ///     s.spawn_fifo(|_| second[0] = 2);
    /// });
    /// assert_eq!(v, [1, 2]);
    /// ```
    pub fn scope_fifo<'scope, OP, R>(&self, op: OP) -> R
    where
        OP: FnOnce(&ScopeFifo<'scope>) -> R + Send,
        R: Send,
    {
        self.registry()
            .in_worker(|ctx| ScopeFifo::run_in_place(ctx.registry(), Some(ctx), op))
    }

    /// [`in_place_scope_fifo`] whose jobs go to this pool.
    ///
    /// ```
    /// let pool = lubdub::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
    /// let (tx, rx) = std::sync::mpsc::channel();
    /// pool.in_place_scope_fifo(|s| {
    ///     s.spawn_fifo(move |_| tx.send("ran").unwrap());
    ///     assert_eq!(rx.recv().unwrap(), "ran"); // the pool's thread ran it
    /// });
    /// ```
    pub fn in_place_scope_fifo<'scope, OP, R>(&self, op: OP) -> R
    where
        OP: FnOnce(&ScopeFifo<'scope>) -> R,
    {
        ScopeFifo::run_in_place(self.registry(), current_context(), op)
    }
}
