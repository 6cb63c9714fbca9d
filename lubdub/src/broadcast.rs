//! [`broadcast`], [`spawn_broadcast`] and [`BroadcastContext`]: run an
//! operation once on every seat of a pool.
//!
//! "Every thread" of a Rayon pool is every *seat* of a lubdub pool (see
//! [`crate::ThreadPool`]): each seat runs the operation exactly once, with
//! the seat's index. Usually that is the seat's own worker thread; when a
//! caller from outside the pool occupies the seat (it called
//! [`crate::ThreadPool::install`] and friends), that caller runs it, on its
//! own thread, the next time it waits for work, or the seat's thread runs it
//! once the caller has left. How the jobs reach their seats is described in
//! `scheduler/README.md` ("Broadcasts").

use std::fmt;
use std::marker::PhantomData;
use std::sync::{Arc, Mutex, PoisonError};

use crate::pool::{current_registry, ThreadPool};
use crate::scheduler::context::WorkerContext;
use crate::scheduler::job::HeapJob;
use crate::scheduler::registry::Registry;
use crate::scope::Scope;
use crate::unwind;

/// Runs `op` once on every seat of the current pool (the global pool outside
/// any) and returns the results in seat order, once all are done.
///
/// Each seat runs `op` when it has no jobs of its own queued, before it
/// looks for other threads' work. If `op` panics on one or more seats, one of
/// the panics propagates here after every seat finished.
///
/// ```
/// let pool = lubdub::ThreadPoolBuilder::new().num_threads(3).build().unwrap();
/// let squares = pool.install(|| lubdub::broadcast(|ctx| ctx.index() * ctx.index()));
/// assert_eq!(squares, [0, 1, 4]);
/// ```
pub fn broadcast<OP, R>(op: OP) -> Vec<R>
where
    OP: Fn(BroadcastContext<'_>) -> R + Sync,
    R: Send,
{
    broadcast_in(current_registry(), op)
}

/// Queues `op` to run once on every seat of the current pool (the global
/// pool outside any) and returns at once. A panic in `op` goes to the pool's
/// [`panic_handler`](crate::ThreadPoolBuilder::panic_handler), once per
/// panicking seat.
///
/// ```
/// let pool = lubdub::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
/// let (tx, rx) = std::sync::mpsc::channel();
/// pool.install(|| lubdub::spawn_broadcast(move |ctx| tx.send(ctx.index()).unwrap()));
/// let mut seats: Vec<usize> = rx.iter().collect(); // ends when both runs dropped `tx`
/// seats.sort();
/// assert_eq!(seats, [0, 1]);
/// ```
pub fn spawn_broadcast<OP>(op: OP)
where
    OP: Fn(BroadcastContext<'_>) + Send + Sync + 'static,
{
    spawn_broadcast_in(current_registry(), op);
}

/// Where a broadcast operation runs: its seat and the pool's size.
///
/// ```
/// let pool = lubdub::ThreadPoolBuilder::new().num_threads(4).build().unwrap();
/// let sizes = pool.broadcast(|ctx| (ctx.index(), ctx.num_threads()));
/// assert_eq!(sizes, [(0, 4), (1, 4), (2, 4), (3, 4)]);
/// ```
pub struct BroadcastContext<'a> {
    ctx: &'a WorkerContext,
    /// Not `Send` or `Sync`: it describes the thread it was given to.
    _here: PhantomData<&'a mut dyn Fn()>,
}

impl<'a> BroadcastContext<'a> {
    pub(crate) fn new(ctx: &'a WorkerContext) -> Self {
        Self {
            ctx,
            _here: PhantomData,
        }
    }

    /// The index of the seat this run belongs to, in `0..num_threads()`.
    ///
    /// ```
    /// let pool = lubdub::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
    /// assert_eq!(pool.broadcast(|ctx| ctx.index()), [0, 1]);
    /// ```
    pub fn index(&self) -> usize {
        self.ctx.index()
    }

    /// How many seats receive the broadcast: the pool's thread count.
    ///
    /// ```
    /// let pool = lubdub::ThreadPoolBuilder::new().num_threads(3).build().unwrap();
    /// assert!(pool.broadcast(|ctx| ctx.num_threads()).iter().all(|&n| n == 3));
    /// ```
    pub fn num_threads(&self) -> usize {
        self.ctx.registry().num_threads()
    }
}

impl fmt::Debug for BroadcastContext<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("BroadcastContext")
            .field("index", &self.index())
            .field("num_threads", &self.num_threads())
            .finish()
    }
}

impl ThreadPool {
    /// [`broadcast`] in this pool: `op` runs once on each of its seats.
    ///
    /// ```
    /// use std::sync::atomic::{AtomicUsize, Ordering};
    /// let pool = lubdub::ThreadPoolBuilder::new().num_threads(5).build().unwrap();
    /// let runs = AtomicUsize::new(0);
    /// let indices = pool.broadcast(|ctx| {
    ///     runs.fetch_add(1, Ordering::Relaxed);
    ///     ctx.index()
    /// });
    /// assert_eq!(indices, [0, 1, 2, 3, 4]);
    /// assert_eq!(runs.into_inner(), 5);
    /// ```
    pub fn broadcast<OP, R>(&self, op: OP) -> Vec<R>
    where
        OP: Fn(BroadcastContext<'_>) -> R + Sync,
        R: Send,
    {
        broadcast_in(self.registry(), op)
    }

    /// [`spawn_broadcast`] in this pool.
    ///
    /// ```
    /// let pool = lubdub::ThreadPoolBuilder::new().num_threads(3).build().unwrap();
    /// let (tx, rx) = std::sync::mpsc::channel();
    /// pool.spawn_broadcast(move |ctx| tx.send(ctx.index()).unwrap());
    /// let mut seats: Vec<usize> = rx.iter().collect();
    /// seats.sort();
    /// assert_eq!(seats, [0, 1, 2]);
    /// ```
    pub fn spawn_broadcast<OP>(&self, op: OP)
    where
        OP: Fn(BroadcastContext<'_>) + Send + Sync + 'static,
    {
        spawn_broadcast_in(self.registry(), op);
    }
}

/// A broadcast is a scope with one broadcast job: the scope waits for every
/// seat and keeps the first panic; each seat leaves its result in its slot.
fn broadcast_in<OP, R>(registry: &Registry, op: OP) -> Vec<R>
where
    OP: Fn(BroadcastContext<'_>) -> R + Sync,
    R: Send,
{
    let slots: Vec<Mutex<Option<R>>> = (0..registry.num_threads())
        .map(|_| Mutex::new(None))
        .collect();
    registry.in_worker(|ctx| {
        Scope::run(ctx, |scope| {
            scope.spawn_broadcast(|_, ctx| {
                let index = ctx.index();
                let result = op(ctx);
                *slots[index].lock().unwrap_or_else(PoisonError::into_inner) = Some(result);
            });
        });
    });
    slots
        .into_iter()
        .map(|slot| {
            slot.into_inner()
                .unwrap_or_else(PoisonError::into_inner)
                .expect("the scope returned, so every seat stored its result")
        })
        .collect()
}

fn spawn_broadcast_in<OP>(registry: &Registry, op: OP)
where
    OP: Fn(BroadcastContext<'_>) + Send + Sync + 'static,
{
    let op = Arc::new(op);
    let jobs = (0..registry.num_threads()).map(|_| {
        let op = Arc::clone(&op);
        HeapJob::into_job_ref(move |ctx: &WorkerContext| {
            if let Err(payload) = unwind::halt(|| op(BroadcastContext::new(ctx))) {
                ctx.registry().handle_panic(payload);
            }
        })
    });
    registry.inject_broadcast(jobs);
}
