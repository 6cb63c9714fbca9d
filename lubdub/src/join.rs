//! [`join`]: the fork-join primitive everything else is built on.

use crate::pool::global_registry;
use crate::scheduler::context::WorkerContext;

/// Runs `a` and `b`, possibly in parallel, and returns both results.
///
/// `a` runs first on the calling thread while `b` waits in the caller's stack
/// frame; unless an idle thread took `b` meanwhile (offered on a heartbeat),
/// `b` runs next on the same thread. With no idle thread, a `join` costs a
/// few plain stores: no allocation, no atomic read-modify-write.
///
/// Outside any pool the call runs in the global pool, on the calling thread.
///
/// Do not hold a lock across a `join` that another job of the same pool also
/// takes: a thread whose `b` was stolen runs other jobs while it waits, and
/// one of them may block on the lock the thread itself holds (as in Rayon).
/// Both closures always run; if one panics, the panic propagates after both
/// finished (`a`'s if both panic).
///
/// ```
/// fn fib(n: u64) -> u64 {
///     if n < 2 {
///         return n;
///     }
///     let (x, y) = lubdub::join(|| fib(n - 1), || fib(n - 2));
///     x + y
/// }
/// assert_eq!(fib(20), 6765);
/// ```
#[inline]
pub fn join<A, B, RA, RB>(a: A, b: B) -> (RA, RB)
where
    A: FnOnce() -> RA + Send,
    B: FnOnce() -> RB + Send,
    RA: Send,
    RB: Send,
{
    // SAFETY: a non-null current context is live on this thread's stack.
    match unsafe { WorkerContext::current().as_ref() } {
        Some(ctx) => ctx.join(a, b),
        None => join_from_outside(a, b),
    }
}

#[cold]
#[inline(never)]
fn join_from_outside<A, B, RA, RB>(a: A, b: B) -> (RA, RB)
where
    A: FnOnce() -> RA + Send,
    B: FnOnce() -> RB + Send,
    RA: Send,
    RB: Send,
{
    global_registry().in_worker(|ctx| ctx.join(a, b))
}

/// What a closure of [`join_context`] learns about where it runs.
#[derive(Clone, Copy, Debug)]
pub struct FnContext {
    migrated: bool,
}

impl FnContext {
    /// True if the closure runs on another thread than the one that called
    /// [`join_context`] (a thief took it), or if the call came from outside
    /// every pool and so entered the global pool, as Rayon reports it: work
    /// that just arrived in a pool is worth splitting again.
    ///
    /// ```
    /// let pool = lubdub::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
    /// let inside = pool.install(|| lubdub::join_context(|a| a.migrated(), |b| b.migrated()));
    /// assert_eq!(inside, (false, false)); // one thread: nobody can steal
    /// let outside = lubdub::join_context(|a| a.migrated(), |b| b.migrated());
    /// assert_eq!(outside, (true, true));
    /// ```
    pub fn migrated(&self) -> bool {
        self.migrated
    }
}

/// [`join`], with each closure told whether it was stolen, as Rayon's
/// `join_context`. `a` always runs on the calling thread.
///
/// ```
/// let pool = lubdub::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
/// let (a, b) = pool.install(|| lubdub::join_context(|ctx| ctx.migrated(), |_| 2 + 2));
/// assert!(!a);
/// assert_eq!(b, 4);
/// ```
pub fn join_context<A, B, RA, RB>(a: A, b: B) -> (RA, RB)
where
    A: FnOnce(FnContext) -> RA + Send,
    B: FnOnce(FnContext) -> RB + Send,
    RA: Send,
    RB: Send,
{
    // SAFETY: a non-null current context is live on this thread's stack.
    match unsafe { WorkerContext::current().as_ref() } {
        Some(ctx) => join_context_in(ctx, false, a, b),
        None => global_registry().in_worker(|ctx| join_context_in(ctx, true, a, b)),
    }
}

/// `join_context` on the seat of `ctx`; `entered` tells whether the call
/// came from outside every pool.
fn join_context_in<A, B, RA, RB>(ctx: &WorkerContext, entered: bool, a: A, b: B) -> (RA, RB)
where
    A: FnOnce(FnContext) -> RA + Send,
    B: FnOnce(FnContext) -> RB + Send,
    RA: Send,
    RB: Send,
{
    let joiner = ctx.index();
    ctx.join(
        || a(FnContext { migrated: entered }),
        || {
            let stolen = crate::current_thread_index() != Some(joiner);
            b(FnContext {
                migrated: entered || stolen,
            })
        },
    )
}
