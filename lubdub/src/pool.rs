//! [`ThreadPool`], the global pool, and the free functions that ask which
//! pool and thread the caller runs on.

use std::sync::{Arc, OnceLock};
use std::thread::JoinHandle;

use crate::build_error::{ErrorKind, ThreadPoolBuildError};
use crate::builder::ThreadPoolBuilder;
use crate::profile::Profile;
use crate::scheduler::context::WorkerContext;
use crate::scheduler::registry::Registry;
use crate::scope::Scope;
use crate::thread_builder::{start_pool, ThreadSpawn};
use crate::trace::Trace;

/// A pool of worker threads that runs `join`, `scope` and `spawn` work.
///
/// `num_threads` counts every thread that works, the calling thread included:
/// a call from outside the pool ([`ThreadPool::install`], [`ThreadPool::join`],
/// [`ThreadPool::scope`], and [`crate::join`] and friends on the global pool)
/// takes the seat of a sleeping worker and runs on the calling thread, so it
/// pays no cross-thread wake-up. A pool that promises its work more than the
/// caller's thread has hands such a call to one of its own threads instead,
/// and the caller blocks until it is done (its result or panic comes back):
/// when the builder set [`stack_size`](crate::ThreadPoolBuilder::stack_size),
/// [`thread_name`](crate::ThreadPoolBuilder::thread_name) or
/// [`start_handler`](crate::ThreadPoolBuilder::start_handler), or its threads
/// came from a [`spawn_handler`](crate::ThreadPoolBuilder::spawn_handler). So
/// the work sees the pool's stack size, thread names and thread-locals, as on
/// Rayon, at the price of a wake-up. Calls from the pool's own threads always
/// run where they are. Dropping the pool returns at once, as Rayon's
/// does: its threads run the work still queued, then exit on their own.
/// [`ThreadPool::shutdown`] waits for them.
///
/// ```
/// let pool = lubdub::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
/// let total: u64 = pool.install(|| {
///     let (a, b) = lubdub::join(|| (1..=50u64).sum::<u64>(), || (51..=100u64).sum::<u64>());
///     a + b
/// });
/// assert_eq!(total, 5050);
/// ```
pub struct ThreadPool {
    registry: Arc<Registry>,
    threads: Vec<JoinHandle<()>>,
}

impl ThreadPool {
    pub(crate) fn build<S: ThreadSpawn>(
        builder: ThreadPoolBuilder<S>,
    ) -> Result<Self, ThreadPoolBuildError> {
        let (registry, threads) = start_pool(builder)?;
        Ok(Self { registry, threads })
    }

    pub(crate) fn registry(&self) -> &Arc<Registry> {
        &self.registry
    }

    /// Runs `op` in this pool and returns its result. Inside `op`, `join`,
    /// `scope` and `spawn` use this pool. A panic in `op` propagates here.
    /// Called from outside, `op` runs on the calling thread, or on one of the
    /// pool's threads when the pool has a stack size, thread names or a start
    /// handler (see [`ThreadPool`]).
    ///
    /// ```
    /// let pool = lubdub::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
    /// assert_eq!(pool.install(lubdub::current_num_threads), 2);
    /// let caller = std::thread::current().id();
    /// assert_eq!(pool.install(|| std::thread::current().id()), caller);
    ///
    /// let named = lubdub::ThreadPoolBuilder::new()
    ///     .num_threads(2)
    ///     .thread_name(|i| format!("solver-{i}"))
    ///     .build()
    ///     .unwrap();
    /// let name = named.install(|| std::thread::current().name().map(str::to_owned));
    /// assert!(name.unwrap().starts_with("solver-"));
    /// ```
    pub fn install<OP, R>(&self, op: OP) -> R
    where
        OP: FnOnce() -> R + Send,
        R: Send,
    {
        self.registry.in_worker(|_| op())
    }

    /// [`crate::join`] in this pool.
    ///
    /// ```
    /// let pool = lubdub::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
    /// assert_eq!(pool.join(|| "left", || "right"), ("left", "right"));
    /// ```
    pub fn join<A, B, RA, RB>(&self, a: A, b: B) -> (RA, RB)
    where
        A: FnOnce() -> RA + Send,
        B: FnOnce() -> RB + Send,
        RA: Send,
        RB: Send,
    {
        self.registry.in_worker(|ctx| ctx.join(a, b))
    }

    /// [`crate::scope`] in this pool.
    ///
    /// ```
    /// let pool = lubdub::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
    /// let mut v = [0; 2];
    /// let (first, second) = v.split_at_mut(1);
    /// pool.scope(|s| {
    ///     s.spawn(|_| first[0] = 1);
    ///     s.spawn(|_| second[0] = 2);
    /// });
    /// assert_eq!(v, [1, 2]);
    /// ```
    pub fn scope<'scope, OP, R>(&self, op: OP) -> R
    where
        OP: FnOnce(&Scope<'scope>) -> R + Send,
        R: Send,
    {
        self.registry.in_worker(|ctx| Scope::run(ctx, op))
    }

    /// [`crate::spawn`] in this pool.
    ///
    /// ```
    /// let pool = lubdub::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
    /// let (tx, rx) = std::sync::mpsc::channel();
    /// pool.spawn(move || tx.send("done").unwrap());
    /// assert_eq!(rx.recv().unwrap(), "done");
    /// ```
    pub fn spawn<F>(&self, func: F)
    where
        F: FnOnce() + Send + 'static,
    {
        crate::spawn::spawn_in(&self.registry, func);
    }

    /// The number of threads of this pool.
    ///
    /// ```
    /// let pool = lubdub::ThreadPoolBuilder::new().num_threads(3).build().unwrap();
    /// assert_eq!(pool.current_num_threads(), 3);
    /// ```
    pub fn current_num_threads(&self) -> usize {
        self.registry.num_threads()
    }

    /// The index of the calling thread's seat in this pool, or `None` if the
    /// caller is not working in this pool.
    ///
    /// ```
    /// let pool = lubdub::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
    /// assert_eq!(pool.current_thread_index(), None);
    /// let inside = pool.install(|| pool.current_thread_index());
    /// assert!(inside.is_some_and(|i| i < 2));
    /// ```
    pub fn current_thread_index(&self) -> Option<usize> {
        current_context()
            .filter(|ctx| std::ptr::eq(ctx.registry(), &*self.registry))
            .map(WorkerContext::index)
    }

    /// Where each worker's time went since the pool started: time in each
    /// [`crate::WorkerState`] and counts of scheduling events, printed as a
    /// table with a verdict. [`Profile::since`] narrows it to a region.
    ///
    /// ```
    /// let pool = lubdub::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
    /// let before = pool.profile();
    /// pool.install(|| lubdub::join(|| (), || ()));
    /// let region = pool.profile().since(&before);
    /// assert_eq!(region.workers.len(), 2);
    /// println!("{region}");
    /// ```
    pub fn profile(&self) -> Profile {
        self.registry.profile()
    }

    /// A copy of the events the workers recorded while tracing was on (see
    /// [`crate::trace`]); empty if it never was.
    ///
    /// ```
    /// let pool = lubdub::ThreadPoolBuilder::new().num_threads(2).tracing(true).build().unwrap();
    /// pool.install(|| lubdub::join(|| (), || ()));
    /// let trace = pool.trace();
    /// assert!(trace.workers.iter().any(|w| !w.events.is_empty()));
    /// ```
    pub fn trace(&self) -> Trace {
        self.registry.trace()
    }

    /// Turns tracing on or off from now on, for every worker; returns whether
    /// it was on. A pool starts tracing if built with
    /// [`crate::ThreadPoolBuilder::tracing`] or a trace file (or with
    /// `LUBDUB_TRACE` set); this traces a region of interest only.
    ///
    /// ```
    /// let pool = lubdub::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
    /// pool.install(|| lubdub::join(|| (), || ())); // not traced
    /// assert!(!pool.set_tracing(true));
    /// pool.install(|| lubdub::join(|| (), || ())); // traced
    /// assert!(pool.set_tracing(false));
    /// assert!(pool.trace().workers.iter().any(|w| !w.events.is_empty()));
    /// ```
    pub fn set_tracing(&self, on: bool) -> bool {
        self.registry.set_tracing(on)
    }

    /// Writes the trace to the pool's trace file now, as the pool's end does
    /// ([`crate::ThreadPoolBuilder::trace_file`] or `LUBDUB_TRACE`). Does
    /// nothing for a pool without a trace file.
    ///
    /// # Errors
    /// When the file cannot be written; the error names it.
    pub fn flush_trace(&self) -> std::io::Result<()> {
        self.registry.flush_trace()
    }

    /// Ends the pool and waits for it: its threads run every job still
    /// queued (spawned jobs included), run their exit handlers and exit; then
    /// the trace file, if any, is written. Dropping the pool does the same
    /// without waiting. Called from one of the pool's own jobs, it cannot
    /// wait for the thread running that job, so it waits for no thread (the
    /// threads still exit on their own) and writes the trace as it stands.
    /// Threads from a [`spawn_handler`](crate::ThreadPoolBuilder::spawn_handler)
    /// are not waited for: the pool has no handle to them.
    ///
    /// ```
    /// use std::sync::atomic::{AtomicUsize, Ordering};
    /// use std::sync::Arc;
    ///
    /// let exited = Arc::new(AtomicUsize::new(0));
    /// let counter = Arc::clone(&exited);
    /// let pool = lubdub::ThreadPoolBuilder::new()
    ///     .num_threads(2)
    ///     .exit_handler(move |_| {
    ///         counter.fetch_add(1, Ordering::SeqCst);
    ///     })
    ///     .build()
    ///     .unwrap();
    /// let ran = Arc::new(AtomicUsize::new(0));
    /// for _ in 0..10 {
    ///     let ran = Arc::clone(&ran);
    ///     pool.spawn(move || {
    ///         ran.fetch_add(1, Ordering::SeqCst);
    ///     });
    /// }
    /// pool.shutdown();
    /// assert_eq!(ran.load(Ordering::SeqCst), 10);
    /// assert_eq!(exited.load(Ordering::SeqCst), 2);
    /// ```
    pub fn shutdown(mut self) {
        self.registry.terminate();
        let inside =
            current_context().is_some_and(|ctx| std::ptr::eq(ctx.registry(), &*self.registry));
        if !inside {
            for thread in self.threads.drain(..) {
                let _ = thread.join();
            }
        }
        // Usually the pool now holds the registry's last reference, and
        // dropping it writes the trace. Where a thread still holds one (the
        // pool's own, when called inside, or a thread that joined the pool
        // for good with `use_current_thread`), write it now.
        if Arc::strong_count(&self.registry) > 1 {
            if let Err(error) = self.registry.flush_trace() {
                eprintln!("{error}");
            }
        }
    }
}

impl Drop for ThreadPool {
    /// Asks the threads to run the queued work and exit, without waiting for
    /// them; the last one to exit writes the trace file (`Registry`'s drop).
    fn drop(&mut self) {
        self.registry.terminate();
    }
}

impl std::fmt::Debug for ThreadPool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ThreadPool")
            .field("num_threads", &self.registry.num_threads())
            .finish_non_exhaustive()
    }
}

static GLOBAL: OnceLock<Arc<Registry>> = OnceLock::new();

/// The global pool, started with the default configuration on first use.
pub(crate) fn global_registry() -> &'static Registry {
    GLOBAL.get_or_init(|| {
        start_pool(ThreadPoolBuilder::new())
            .or_else(|error| {
                eprintln!("lubdub: {error}; starting the global pool with one thread instead");
                start_pool(ThreadPoolBuilder::new().num_threads(1))
            })
            .map(|(registry, _detached_threads)| registry)
            .unwrap_or_else(|error| panic!("lubdub: cannot start the global pool: {error}"))
    })
}

pub(crate) fn build_global<S: ThreadSpawn>(
    builder: ThreadPoolBuilder<S>,
) -> Result<(), ThreadPoolBuildError> {
    if GLOBAL.get().is_some() {
        return Err(ThreadPoolBuildError::new(
            ErrorKind::GlobalPoolAlreadyInitialized,
        ));
    }
    let (registry, _detached_threads) = start_pool(builder)?;
    GLOBAL.set(Arc::clone(&registry)).map_err(|_| {
        registry.terminate();
        ThreadPoolBuildError::new(ErrorKind::GlobalPoolAlreadyInitialized)
    })
}

#[inline]
pub(crate) fn current_context() -> Option<&'static WorkerContext> {
    // SAFETY: a non-null current context is live on this thread's stack for
    // as long as it is current; callers use it only within their own call.
    unsafe { WorkerContext::current().as_ref() }
}

/// Runs `op` with the current thread's context, entering the global pool
/// first when the caller works in no pool. (`join` spells this out itself, to
/// keep its outside path out of line.)
pub(crate) fn in_current_pool<OP, R>(op: OP) -> R
where
    OP: FnOnce(&WorkerContext) -> R + Send,
    R: Send,
{
    match current_context() {
        Some(ctx) => op(ctx),
        None => global_registry().in_worker(op),
    }
}

/// The pool the caller works in, or the global pool.
pub(crate) fn current_registry() -> &'static Registry {
    match current_context() {
        Some(ctx) => {
            // SAFETY: the context's registry lives at least as long as the
            // context, which outlives every use by the caller (see above).
            unsafe { &*(ctx.registry() as *const Registry) }
        }
        None => global_registry(),
    }
}

/// The number of threads of the current pool (the global pool outside any).
///
/// ```
/// let pool = lubdub::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
/// assert_eq!(pool.install(lubdub::current_num_threads), 2);
/// assert!(lubdub::current_num_threads() >= 1);
/// ```
pub fn current_num_threads() -> usize {
    current_registry().num_threads()
}

/// The most threads a pool may have ([`crate::MAX_NUM_THREADS`]).
///
/// ```
/// assert!(lubdub::max_num_threads() >= lubdub::current_num_threads());
/// ```
pub fn max_num_threads() -> usize {
    crate::MAX_NUM_THREADS
}

/// The index of the current thread in its pool (`0..current_num_threads()`),
/// or `None` outside any pool.
///
/// ```
/// assert_eq!(lubdub::current_thread_index(), None);
/// let pool = lubdub::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
/// assert!(pool.install(lubdub::current_thread_index).is_some());
/// ```
pub fn current_thread_index() -> Option<usize> {
    current_context().map(WorkerContext::index)
}

/// The profile of the global pool ([`ThreadPool::profile`] for another pool).
///
/// ```
/// lubdub::join(|| (), || ());
/// assert_eq!(lubdub::profile().workers.len(), lubdub::current_num_threads());
/// ```
pub fn profile() -> Profile {
    global_registry().profile()
}

/// Writes the global pool's trace to its file ([`ThreadPool::flush_trace`]).
/// The global pool is never dropped, so a program that traces it with
/// `LUBDUB_TRACE` calls this before it exits.
///
/// # Errors
/// When the file cannot be written; the error names it.
pub fn flush_trace() -> std::io::Result<()> {
    global_registry().flush_trace()
}
