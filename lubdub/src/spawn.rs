//! [`spawn`]: fire-and-forget `'static` work.

use crate::pool::current_registry;
use crate::scheduler::context::WorkerContext;
use crate::scheduler::job::HeapJob;
use crate::scheduler::registry::Registry;
use crate::unwind;

/// Runs `func` on the current pool (the global pool outside any pool) at some
/// later time, without waiting for it.
///
/// A panic in `func` goes to the pool's
/// [`panic_handler`](crate::ThreadPoolBuilder::panic_handler), or is printed
/// on stderr; it never tears the pool down. Jobs still queued when a pool is
/// dropped run before its threads exit.
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

pub(crate) fn spawn_in<F>(registry: &Registry, func: F)
where
    F: FnOnce() + Send + 'static,
{
    registry.push_job(HeapJob::into_job_ref(move |ctx: &WorkerContext| {
        if let Err(payload) = unwind::halt(func) {
            ctx.registry().handle_panic(payload);
        }
    }));
}
