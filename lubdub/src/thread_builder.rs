//! How a pool gets its threads: [`ThreadBuilder`], the builder's
//! [`spawn_handler`](ThreadPoolBuilder::spawn_handler),
//! [`build_scoped`](ThreadPoolBuilder::build_scoped) and
//! [`use_current_thread`](ThreadPoolBuilder::use_current_thread).

use std::fmt;
use std::io;
use std::sync::Arc;
use std::thread::JoinHandle;

use crate::build_error::{ErrorKind, ThreadPoolBuildError};
use crate::builder::ThreadPoolBuilder;
use crate::pool::ThreadPool;
use crate::scheduler::context::WorkerContext;
use crate::scheduler::registry::Registry;

/// One thread of a pool about to start, as a
/// [`spawn_handler`](ThreadPoolBuilder::spawn_handler) receives it: the
/// handler starts a thread of its own making and calls [`ThreadBuilder::run`]
/// on it.
///
/// ```
/// let pool = lubdub::ThreadPoolBuilder::new()
///     .num_threads(2)
///     .thread_name(|i| format!("custom-{i}"))
///     .spawn_handler(|thread| {
///         assert_eq!(thread.name(), Some(format!("custom-{}", thread.index()).as_str()));
///         std::thread::spawn(move || thread.run());
///         Ok(())
///     })
///     .build()
///     .unwrap();
/// assert_eq!(pool.install(|| 6 * 7), 42);
/// ```
pub struct ThreadBuilder {
    registry: Arc<Registry>,
    index: usize,
    name: Option<String>,
    stack_size: Option<usize>,
}

impl ThreadBuilder {
    /// The thread's index in its pool, in `0..num_threads`: the seat it
    /// occupies.
    ///
    /// ```
    /// let mut indices = Vec::new();
    /// let pool = lubdub::ThreadPoolBuilder::new()
    ///     .num_threads(3)
    ///     .spawn_handler(|thread| {
    ///         indices.push(thread.index());
    ///         std::thread::spawn(move || thread.run());
    ///         Ok(())
    ///     })
    ///     .build()
    ///     .unwrap();
    /// assert_eq!(indices, [0, 1, 2]);
    /// # drop(pool);
    /// ```
    pub fn index(&self) -> usize {
        self.index
    }

    /// The name [`ThreadPoolBuilder::thread_name`] gave this thread, if one
    /// was set.
    ///
    /// ```
    /// let pool = lubdub::ThreadPoolBuilder::new()
    ///     .num_threads(1)
    ///     .spawn_handler(|thread| {
    ///         assert_eq!(thread.name(), None);
    ///         std::thread::spawn(move || thread.run());
    ///         Ok(())
    ///     })
    ///     .build()
    ///     .unwrap();
    /// # drop(pool);
    /// ```
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    /// The stack size [`ThreadPoolBuilder::stack_size`] asked for, if any.
    ///
    /// ```
    /// let pool = lubdub::ThreadPoolBuilder::new()
    ///     .num_threads(1)
    ///     .stack_size(4 << 20)
    ///     .spawn_handler(|thread| {
    ///         let size = thread.stack_size().expect("set above");
    ///         std::thread::Builder::new().stack_size(size).spawn(move || thread.run())?;
    ///         Ok(())
    ///     })
    ///     .build()
    ///     .unwrap();
    /// # drop(pool);
    /// ```
    pub fn stack_size(&self) -> Option<usize> {
        self.stack_size
    }

    /// Works for the pool on the calling thread until the pool is dropped (or
    /// shut down) and its queued work is done: runs the start handler, the search loop,
    /// then the exit handler. A thread the handler starts must call this;
    /// until it does, its seat's jobs wait.
    ///
    /// ```
    /// let pool = lubdub::ThreadPoolBuilder::new()
    ///     .num_threads(1)
    ///     .spawn_handler(|thread| {
    ///         std::thread::spawn(move || {
    ///             thread.run();
    ///             // The pool is gone: this thread belongs to none any more.
    ///             assert_eq!(lubdub::current_thread_index(), None);
    ///         });
    ///         Ok(())
    ///     })
    ///     .build()
    ///     .unwrap();
    /// let (tx, rx) = std::sync::mpsc::channel();
    /// pool.spawn(move || tx.send(lubdub::current_thread_index()).unwrap());
    /// assert_eq!(rx.recv().unwrap(), Some(0));
    /// ```
    pub fn run(self) {
        let handlers = self.registry.handlers();
        handlers.thread_started(self.index);
        self.registry.run_worker(self.index);
        handlers.thread_exiting(self.index);
    }
}

impl fmt::Debug for ThreadBuilder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ThreadBuilder")
            .field("index", &self.index)
            .field("name", &self.name)
            .field("stack_size", &self.stack_size)
            .finish_non_exhaustive()
    }
}

/// How a builder starts threads: the standard library's way
/// ([`DefaultSpawn`]) or a [`spawn_handler`](ThreadPoolBuilder::spawn_handler)
/// ([`CustomSpawn`]). Visible in signatures only; it cannot be named or
/// implemented outside lubdub.
pub trait ThreadSpawn {
    /// Whether a caller from outside the pool may take a sleeping thread's
    /// seat and run on its own stack. False for threads set up by the user,
    /// whose work must run on them.
    const CALLERS_TAKE_SEATS: bool;

    /// Starts a thread that calls `thread.run()`. Returns its handle when the
    /// pool may join it on drop.
    ///
    /// # Errors
    /// When the thread cannot be started.
    fn spawn(&mut self, thread: ThreadBuilder) -> io::Result<Option<JoinHandle<()>>>;
}

/// Starts each thread with [`std::thread::Builder`], named by
/// [`ThreadPoolBuilder::thread_name`] (`lubdub-<index>` by default) and
/// sized by [`ThreadPoolBuilder::stack_size`]. The pool joins these threads
/// on [`ThreadPool::shutdown`].
#[derive(Clone, Copy, Debug, Default)]
pub struct DefaultSpawn;

impl ThreadSpawn for DefaultSpawn {
    const CALLERS_TAKE_SEATS: bool = true;

    fn spawn(&mut self, thread: ThreadBuilder) -> io::Result<Option<JoinHandle<()>>> {
        let name = match thread.name() {
            Some(name) => name.to_owned(),
            None => format!("lubdub-{}", thread.index()),
        };
        let mut builder = std::thread::Builder::new().name(name);
        if let Some(bytes) = thread.stack_size() {
            builder = builder.stack_size(bytes);
        }
        builder.spawn(move || thread.run()).map(Some)
    }
}

/// Starts each thread with the closure given to
/// [`ThreadPoolBuilder::spawn_handler`].
#[derive(Clone, Copy, Debug)]
pub struct CustomSpawn<F>(F);

impl<F> ThreadSpawn for CustomSpawn<F>
where
    F: FnMut(ThreadBuilder) -> io::Result<()>,
{
    const CALLERS_TAKE_SEATS: bool = false;

    fn spawn(&mut self, thread: ThreadBuilder) -> io::Result<Option<JoinHandle<()>>> {
        (self.0)(thread).map(|()| None)
    }
}

impl<S> ThreadPoolBuilder<S> {
    /// Starts the pool's threads with `spawn` instead of
    /// [`std::thread::Builder`]: `spawn` gets a [`ThreadBuilder`] for each
    /// thread the pool needs, in index order, must start a thread that calls
    /// [`ThreadBuilder::run`], and returns `Err` if it cannot (the build then
    /// fails). Such threads may live in a thread pool of the caller's own or
    /// borrow from an enclosing [`std::thread::scope`].
    ///
    /// Every call runs on these threads: a caller from outside the pool
    /// waits for one of them instead of taking a seat (see
    /// [`ThreadPool::install`]), so whatever the handler set up on its
    /// threads holds for all of the pool's work. Dropping the pool signals
    /// the threads to finish the queued work and return from `run`, but does
    /// not wait for them: the pool cannot join threads it did not start.
    ///
    /// ```
    /// let greeting = String::from("hello");
    /// std::thread::scope(|scope| {
    ///     let pool = lubdub::ThreadPoolBuilder::new()
    ///         .num_threads(2)
    ///         .spawn_handler(|thread| {
    ///             let greeting = &greeting; // threads may borrow
    ///             std::thread::Builder::new().spawn_scoped(scope, move || {
    ///                 assert_eq!(greeting, "hello");
    ///                 thread.run();
    ///             })?;
    ///             Ok(())
    ///         })
    ///         .build()
    ///         .unwrap();
    ///     assert_eq!(pool.install(|| 1 + 1), 2);
    /// }); // the scope waits for the threads, which end with the pool
    /// ```
    pub fn spawn_handler<F>(self, spawn: F) -> ThreadPoolBuilder<CustomSpawn<F>>
    where
        F: FnMut(ThreadBuilder) -> io::Result<()>,
    {
        ThreadPoolBuilder {
            settings: self.settings,
            spawn: CustomSpawn(spawn),
        }
    }

    /// Makes the building thread one of the pool's threads: it becomes seat
    /// 0 for the rest of its life, and the pool starts `num_threads - 1`
    /// threads of its own. The thread then counts as inside the pool:
    /// `join`, `scope` and friends run in this pool without entering it.
    ///
    /// The thread does not look for work between its own calls: jobs on its
    /// seat run when it waits in a `join` or `scope`, when it calls
    /// [`crate::yield_now`] or [`crate::yield_local`], or when another
    /// thread steals them; broadcasts reach it only the first two ways. Start
    /// and exit handlers do not run for it. The pool's shared state is never
    /// freed, since the thread keeps pointing to it.
    ///
    /// Building fails with [`ErrorKind::CurrentThreadAlreadyInPool`] on a
    /// thread that already works in a pool.
    ///
    /// ```
    /// std::thread::spawn(|| {
    ///     let pool = lubdub::ThreadPoolBuilder::new()
    ///         .num_threads(2)
    ///         .use_current_thread()
    ///         .build()
    ///         .unwrap();
    ///     assert_eq!(lubdub::current_thread_index(), Some(0));
    ///     assert_eq!(lubdub::current_num_threads(), 2);
    ///     let again = lubdub::ThreadPoolBuilder::new().use_current_thread().build();
    ///     assert!(again.is_err());
    ///     # drop(pool);
    /// })
    /// .join()
    /// .unwrap();
    /// ```
    pub fn use_current_thread(mut self) -> Self {
        self.settings.use_current_thread = true;
        self
    }
}

impl ThreadPoolBuilder {
    /// Builds a pool whose threads live in a [`std::thread::scope`], runs
    /// `with_pool` with it, then drops the pool and waits for its threads.
    /// Each thread runs `wrapper(thread)`, which must call
    /// [`ThreadBuilder::run`]; it may first set up what the thread needs,
    /// such as thread-local state borrowed from the caller. As with
    /// [`spawn_handler`](Self::spawn_handler), all of the pool's work runs on
    /// these threads.
    ///
    /// # Errors
    /// As for [`ThreadPoolBuilder::build`]; `with_pool` does not run then.
    ///
    /// ```
    /// use std::cell::Cell;
    /// thread_local!(static LABEL: Cell<u32> = const { Cell::new(0) });
    /// let label = 7;
    /// let seen = lubdub::ThreadPoolBuilder::new()
    ///     .num_threads(2)
    ///     .build_scoped(
    ///         |thread| {
    ///             LABEL.with(|l| l.set(label));
    ///             thread.run()
    ///         },
    ///         |pool| pool.install(|| LABEL.with(Cell::get)),
    ///     )
    ///     .unwrap();
    /// assert_eq!(seen, label);
    /// ```
    pub fn build_scoped<W, F, R>(self, wrapper: W, with_pool: F) -> Result<R, ThreadPoolBuildError>
    where
        W: Fn(ThreadBuilder) + Sync,
        F: FnOnce(&ThreadPool) -> R,
    {
        std::thread::scope(|scope| {
            let wrapper = &wrapper;
            let pool = self
                .spawn_handler(|thread| {
                    let mut builder = std::thread::Builder::new();
                    if let Some(name) = thread.name() {
                        builder = builder.name(name.to_owned());
                    }
                    if let Some(bytes) = thread.stack_size() {
                        builder = builder.stack_size(bytes);
                    }
                    builder.spawn_scoped(scope, move || wrapper(thread))?;
                    Ok(())
                })
                .build()?;
            Ok(with_pool(&pool))
        })
    }
}

/// Starts a pool: its shared state from the builder's settings, then its
/// threads. With `use_current_thread`, the calling thread becomes seat 0's
/// occupant for good (`scheduler/adopt.rs`) and no thread is started for
/// it. Returns the handles of the threads the pool may join.
///
/// # Errors
/// As for [`ThreadPoolBuilder::build`].
pub(crate) fn start_pool<S: ThreadSpawn>(
    mut builder: ThreadPoolBuilder<S>,
) -> Result<(Arc<Registry>, Vec<JoinHandle<()>>), ThreadPoolBuildError> {
    let adopt = builder.settings.use_current_thread;
    if adopt && !WorkerContext::current().is_null() {
        return Err(ThreadPoolBuildError::new(
            ErrorKind::CurrentThreadAlreadyInPool,
        ));
    }
    let registry = Registry::new(builder.take_pool_settings()?);
    let threads = start_threads(&registry, &mut builder, usize::from(adopt))?;
    if adopt {
        registry.adopt_current_thread();
    }
    Ok((registry, threads))
}

/// Starts the threads for seats `first..` of a new pool. If one cannot be
/// started, or a name callback panics, the threads started so far are
/// stopped (and joined where the pool has their handles).
fn start_threads<S: ThreadSpawn>(
    registry: &Arc<Registry>,
    builder: &mut ThreadPoolBuilder<S>,
    first: usize,
) -> Result<Vec<JoinHandle<()>>, ThreadPoolBuildError> {
    let mut starting = Starting {
        registry,
        threads: Vec::new(),
        complete: false,
    };
    for index in first..registry.num_threads() {
        let thread = ThreadBuilder {
            registry: Arc::clone(registry),
            index,
            name: builder
                .settings
                .thread_name
                .as_mut()
                .map(|name| name(index)),
            stack_size: builder.settings.stack_size,
        };
        match builder.spawn.spawn(thread) {
            Ok(handle) => starting.threads.extend(handle),
            Err(error) => {
                return Err(ThreadPoolBuildError::new(ErrorKind::ThreadSpawn {
                    index,
                    error,
                }))
            }
        }
    }
    starting.complete = true;
    Ok(std::mem::take(&mut starting.threads))
}

/// Stops a half-started pool's threads unless every thread started.
struct Starting<'a> {
    registry: &'a Registry,
    threads: Vec<JoinHandle<()>>,
    complete: bool,
}

impl Drop for Starting<'_> {
    fn drop(&mut self) {
        if !self.complete {
            self.registry.terminate();
            for thread in self.threads.drain(..) {
                let _ = thread.join();
            }
        }
    }
}
