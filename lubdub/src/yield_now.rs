//! [`yield_now`], [`yield_local`] and [`current_thread_has_pending_tasks`]:
//! a thread of a pool lends itself to queued work, or asks whether it has
//! any.

use crate::pool::{current_context, ThreadPool};
use crate::scheduler::context::WorkerContext;

/// What [`yield_now`] or [`yield_local`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Yield {
    /// A job was found and run.
    Executed,
    /// No job was waiting.
    Idle,
}

/// Runs one queued job of the current pool, if there is one: the calling
/// seat's own newest job or broadcast, else one taken from another seat or
/// from the pool's shared queue. The job may itself run or wait for others.
/// `None` when the calling thread works in no pool.
///
/// Unlike [`std::thread::yield_now`], this never gives the CPU to the
/// operating system; a polling loop that finds nothing may want to do that
/// too.
///
/// ```
/// use lubdub::Yield;
/// assert_eq!(lubdub::yield_now(), None); // not in a pool
/// let pool = lubdub::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
/// let ran = pool.install(|| {
///     let (tx, rx) = std::sync::mpsc::channel();
///     lubdub::spawn(move || tx.send(()).unwrap());
///     let outcome = lubdub::yield_now(); // this thread is the pool's only one
///     (outcome, rx.try_recv().is_ok())
/// });
/// assert_eq!(ran, (Some(Yield::Executed), true));
/// ```
pub fn yield_now() -> Option<Yield> {
    current_context().map(|ctx| run_one(ctx, false))
}

/// [`yield_now`], but only the calling seat's own jobs and broadcasts: it
/// never takes work from other seats or from the pool's shared queue.
///
/// ```
/// use lubdub::Yield;
/// let pool = lubdub::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
/// let outcomes = pool.install(|| {
///     lubdub::spawn(|| ());
///     [lubdub::yield_local(), lubdub::yield_local()]
/// });
/// assert_eq!(outcomes, [Some(Yield::Executed), Some(Yield::Idle)]);
/// ```
pub fn yield_local() -> Option<Yield> {
    current_context().map(|ctx| run_one(ctx, true))
}

/// Whether the calling thread has work of its own waiting: jobs it queued
/// that nobody took yet, or the second halves of its pending `join`s.
/// `None` when it works in no pool. Other threads may take the work at any
/// moment, so the answer is a hint.
///
/// ```
/// assert_eq!(lubdub::current_thread_has_pending_tasks(), None);
/// let pool = lubdub::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
/// let (before, inside_join) = pool.install(|| {
///     let before = lubdub::current_thread_has_pending_tasks();
///     let (inside_join, ()) = lubdub::join(lubdub::current_thread_has_pending_tasks, || ());
///     (before, inside_join)
/// });
/// assert_eq!((before, inside_join), (Some(false), Some(true)));
/// ```
pub fn current_thread_has_pending_tasks() -> Option<bool> {
    current_context().map(has_pending_tasks)
}

impl ThreadPool {
    /// [`yield_now`], if the calling thread works in this pool; `None` if not.
    ///
    /// ```
    /// use lubdub::Yield;
    /// let pool = lubdub::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
    /// assert_eq!(pool.yield_now(), None);
    /// assert_eq!(pool.install(|| pool.yield_now()), Some(Yield::Idle));
    /// ```
    pub fn yield_now(&self) -> Option<Yield> {
        self.current_context().map(|ctx| run_one(ctx, false))
    }

    /// [`yield_local`], if the calling thread works in this pool; `None` if
    /// not.
    ///
    /// ```
    /// use lubdub::Yield;
    /// let pool = lubdub::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
    /// assert_eq!(pool.yield_local(), None);
    /// assert_eq!(pool.install(|| pool.yield_local()), Some(Yield::Idle));
    /// ```
    pub fn yield_local(&self) -> Option<Yield> {
        self.current_context().map(|ctx| run_one(ctx, true))
    }

    /// [`current_thread_has_pending_tasks`], if the calling thread works in
    /// this pool; `None` if not.
    ///
    /// ```
    /// let pool = lubdub::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
    /// assert_eq!(pool.current_thread_has_pending_tasks(), None);
    /// assert_eq!(pool.install(|| pool.current_thread_has_pending_tasks()), Some(false));
    /// ```
    pub fn current_thread_has_pending_tasks(&self) -> Option<bool> {
        self.current_context().map(has_pending_tasks)
    }

    /// The calling thread's context, if it works in this pool.
    fn current_context(&self) -> Option<&'static WorkerContext> {
        current_context().filter(|ctx| std::ptr::eq(ctx.registry(), &**self.registry()))
    }
}

fn run_one(ctx: &WorkerContext, local_only: bool) -> Yield {
    if ctx.registry().run_one_job(ctx, local_only) {
        Yield::Executed
    } else {
        Yield::Idle
    }
}

fn has_pending_tasks(ctx: &WorkerContext) -> bool {
    ctx.has_pending_joins() || ctx.seat().has_work()
}
