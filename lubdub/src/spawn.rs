//! [`spawn`] and [`spawn_fifo`]: fire-and-forget `'static` work.

use crate::pool::{current_context, current_registry, ThreadPool};
use crate::scheduler::context::WorkerContext;
use crate::scheduler::job::{HeapJob, JobRef};
use crate::scheduler::registry::Registry;
use crate::unwind;

/// Runs `func` on the current pool (the global pool outside any) at some
/// later time, without waiting for it.
///
/// A panic in `func` goes to the pool's
/// [`panic_handler`](crate::ThreadPoolBuilder::panic_handler), or is printed
/// on stderr; it never tears the pool down. Jobs still queued when a pool is
/// dropped (or shut down) run before its threads exit. Without stealing, a thread runs the
/// jobs it spawned newest first; [`spawn_fifo`] runs them oldest first.
///
/// ```
/// let (tx, rx) = std::sync::mpsc::channel();
/// lubdub::spawn(move || tx.send(6 * 7).unwrap());
/// assert_eq!(rx.recv().unwrap(), 42);
/// ```
pub fn spawn<F>(func: F)
where
    F: FnOnce() + Send + 'static,
{
    spawn_in(current_registry(), func);
}

/// [`spawn`], but the jobs one thread spawns start in the order it spawned
/// them (unless other threads steal them): a one-thread pool runs jobs
/// spawned as 1, 2, 3 in that order. Jobs spawned from outside the pool go
/// to its shared queue, also oldest first.
///
/// ```
/// let pool = lubdub::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
/// let (tx, rx) = std::sync::mpsc::channel();
/// pool.install(|| {
///     for i in 0..3 {
///         let tx = tx.clone();
///         lubdub::spawn_fifo(move || tx.send(i).unwrap());
///     }
/// });
/// drop(tx);
/// assert_eq!(rx.iter().collect::<Vec<_>>(), [0, 1, 2]);
/// ```
pub fn spawn_fifo<F>(func: F)
where
    F: FnOnce() + Send + 'static,
{
    spawn_fifo_in(current_registry(), func);
}

pub(crate) fn spawn_in<F>(registry: &Registry, func: F)
where
    F: FnOnce() + Send + 'static,
{
    registry.push_job(detached_job(func));
}

fn spawn_fifo_in<F>(registry: &Registry, func: F)
where
    F: FnOnce() + Send + 'static,
{
    let job = detached_job(func);
    let job = match current_context() {
        Some(ctx) if std::ptr::eq(ctx.registry(), registry) => ctx.seat().fifo.push(job),
        _ => job,
    };
    registry.push_job(job);
}

/// A job with no caller to report to: its panic goes to the panic handler.
fn detached_job<F>(func: F) -> JobRef
where
    F: FnOnce() + Send + 'static,
{
    HeapJob::into_job_ref(move |ctx: &WorkerContext| {
        if let Err(payload) = unwind::halt(func) {
            ctx.registry().handle_panic(payload);
        }
    })
}

impl ThreadPool {
    /// [`spawn_fifo`] in this pool.
    ///
    /// ```
    /// let pool = lubdub::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
    /// let (tx, rx) = std::sync::mpsc::channel();
    /// pool.spawn_fifo(move || tx.send(lubdub::current_thread_index()).unwrap());
    /// assert!(rx.recv().unwrap().is_some_and(|i| i < 2));
    /// ```
    pub fn spawn_fifo<F>(&self, func: F)
    where
        F: FnOnce() + Send + 'static,
    {
        spawn_fifo_in(self.registry(), func);
    }
}
