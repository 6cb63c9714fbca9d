//! [`ThreadPoolBuilder`]: how a pool is configured, and the typed errors a
//! configuration can produce.

use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::pool::ThreadPool;

/// The most worker threads one pool may have. Far more than any machine has
/// cores; the bound exists so that a typo such as `num_threads(1 << 40)` is a
/// clear error instead of an attempt to start a trillion threads.
pub const MAX_NUM_THREADS: usize = 4096;

/// The heartbeat period a pool uses unless [`ThreadPoolBuilder::heartbeat_interval`]
/// says otherwise. See the scheduler's README for why this value.
pub const DEFAULT_HEARTBEAT: Duration = Duration::from_micros(100);

/// The environment variable that sets the number of threads of a pool built
/// with `num_threads(0)` (the default), the global pool included.
pub const NUM_THREADS_ENV: &str = "LUBDUB_NUM_THREADS";

/// The environment variable that turns tracing on for every pool whose
/// builder names no [`ThreadPoolBuilder::trace_file`]: the pools write their
/// traces to the file it names (see [`crate::trace`]).
pub const TRACE_ENV: &str = "LUBDUB_TRACE";

/// The events each worker's trace ring keeps unless
/// [`ThreadPoolBuilder::trace_capacity`] says otherwise: at about 32 bytes an
/// event, half a megabyte per worker.
pub const DEFAULT_TRACE_CAPACITY: usize = 1 << 14;

type ThreadNameFn = Box<dyn FnMut(usize) -> String>;
pub(crate) type PanicHandler = Box<dyn Fn(Box<dyn std::any::Any + Send>) + Send + Sync>;

/// Configures and builds a [`ThreadPool`], or the global pool.
///
/// Named as in Rayon, so that `rayon::ThreadPoolBuilder` code compiles after
/// switching the `use` line.
///
/// ```
/// let pool = lubdub::ThreadPoolBuilder::new()
///     .num_threads(2)
///     .thread_name(|i| format!("worker-{i}"))
///     .build()
///     .expect("two threads can be started");
/// let (a, b) = pool.join(|| 1 + 1, || 2 + 2);
/// assert_eq!((a, b), (2, 4));
/// ```
#[derive(Default)]
pub struct ThreadPoolBuilder {
    pub(crate) num_threads: usize,
    pub(crate) thread_name: Option<ThreadNameFn>,
    pub(crate) stack_size: Option<usize>,
    pub(crate) heartbeat: Option<Duration>,
    pub(crate) panic_handler: Option<PanicHandler>,
    pub(crate) interrupts_off: bool,
    profiling_off: bool,
    tracing: bool,
    trace_file: Option<PathBuf>,
    trace_capacity: Option<usize>,
}

/// How a pool observes itself, after defaults and the environment apply.
pub(crate) struct Observation {
    pub(crate) profiling: bool,
    /// Whether the pool records a trace from the start.
    pub(crate) tracing: bool,
    /// The events each worker's trace ring keeps.
    pub(crate) trace_capacity: usize,
    pub(crate) trace_file: Option<PathBuf>,
}

impl ThreadPoolBuilder {
    /// A builder with every setting at its default.
    pub fn new() -> Self {
        Self::default()
    }

    /// The number of threads that run work, the calling thread counted when
    /// it takes part (see [`ThreadPool::install`]). `0`, the default, means
    /// the value of the `LUBDUB_NUM_THREADS` environment variable
    /// ([`NUM_THREADS_ENV`]) if it holds a positive number, else
    /// [`std::thread::available_parallelism`].
    ///
    /// ```
    /// let pool = lubdub::ThreadPoolBuilder::new().num_threads(3).build().unwrap();
    /// assert_eq!(pool.current_num_threads(), 3);
    /// ```
    pub fn num_threads(mut self, num_threads: usize) -> Self {
        self.num_threads = num_threads;
        self
    }

    /// Names each worker thread: `name(index)` for index `0..num_threads`.
    ///
    /// ```
    /// let pool = lubdub::ThreadPoolBuilder::new()
    ///     .num_threads(1)
    ///     .thread_name(|i| format!("solver-{i}"))
    ///     .build()
    ///     .unwrap();
    /// # drop(pool);
    /// ```
    pub fn thread_name<F>(mut self, name: F) -> Self
    where
        F: FnMut(usize) -> String + 'static,
    {
        self.thread_name = Some(Box::new(name));
        self
    }

    /// The stack size of each worker thread in bytes (default: the standard
    /// library's default for spawned threads). Deep recursion through `join`
    /// needs deep stacks. A thread that calls into the pool from outside
    /// (`install`, `join`, `scope`) works on its own stack, not on one of
    /// this size.
    ///
    /// ```
    /// let pool = lubdub::ThreadPoolBuilder::new()
    ///     .num_threads(1)
    ///     .stack_size(8 << 20)
    ///     .build()
    ///     .unwrap();
    /// # drop(pool);
    /// ```
    pub fn stack_size(mut self, bytes: usize) -> Self {
        self.stack_size = Some(bytes);
        self
    }

    /// How often a busy thread offers its oldest pending job to idle threads
    /// (default [`DEFAULT_HEARTBEAT`]). Shorter spreads work sooner and costs
    /// more; `Duration::ZERO` offers work at every `join` an idle thread could
    /// take (useful in tests); `Duration::MAX` never offers work on a
    /// heartbeat (a thread that blocks is still rescued, see
    /// [`ThreadPoolBuilder::interrupts`]).
    ///
    /// ```
    /// use std::time::Duration;
    /// let pool = lubdub::ThreadPoolBuilder::new()
    ///     .heartbeat_interval(Duration::from_micros(50))
    ///     .build()
    ///     .unwrap();
    /// # drop(pool);
    /// ```
    pub fn heartbeat_interval(mut self, period: Duration) -> Self {
        self.heartbeat = Some(period);
        self
    }

    /// Whether an idle thread may interrupt a busy one with a signal
    /// ([`crate::rescue_signal`]) to share pending work that the busy one has
    /// not offered for a few heartbeat periods, because it blocks or runs long
    /// without a `join` or a loop's chunk boundary (default: on, where the
    /// platform allows). Off, that work waits until its owner polls again, and
    /// a `join` whose `a` waits for its `b` (a barrier, a bounded channel)
    /// never returns.
    ///
    /// ```
    /// let pool = lubdub::ThreadPoolBuilder::new().interrupts(false).build().unwrap();
    /// assert_eq!(pool.join(|| 1, || 2), (1, 2));
    /// ```
    pub fn interrupts(mut self, on: bool) -> Self {
        self.interrupts_off = !on;
        self
    }

    /// What to do with a panic in a job started by [`crate::spawn`], which has
    /// no caller to propagate it to. Default: print it on stderr and go on.
    ///
    /// ```
    /// let pool = lubdub::ThreadPoolBuilder::new()
    ///     .panic_handler(|_payload| eprintln!("a spawned job panicked"))
    ///     .build()
    ///     .unwrap();
    /// # drop(pool);
    /// ```
    pub fn panic_handler<H>(mut self, handler: H) -> Self
    where
        H: Fn(Box<dyn std::any::Any + Send>) + Send + Sync + 'static,
    {
        self.panic_handler = Some(Box::new(handler));
        self
    }

    /// Whether workers account their time into states for
    /// [`ThreadPool::profile`] (default: on). The clock is read only when a
    /// worker changes state, never per `join`; `false` leaves the event
    /// counts and drops the clock reads.
    ///
    /// ```
    /// let pool = lubdub::ThreadPoolBuilder::new().profiling(false).build().unwrap();
    /// assert!(!pool.profile().enabled);
    /// ```
    pub fn profiling(mut self, on: bool) -> Self {
        self.profiling_off = !on;
        self
    }

    /// Records a trace of the workers' state changes, promotions, steals and
    /// wake-ups in memory from the start, for [`ThreadPool::trace`] (default:
    /// off, unless `LUBDUB_TRACE` is set; see [`crate::trace`]).
    /// [`ThreadPool::set_tracing`] turns it on and off later.
    ///
    /// ```
    /// let pool = lubdub::ThreadPoolBuilder::new().num_threads(2).tracing(true).build().unwrap();
    /// pool.install(|| lubdub::join(|| (), || ()));
    /// assert!(pool.trace().workers.iter().any(|w| !w.events.is_empty()));
    /// ```
    pub fn tracing(mut self, on: bool) -> Self {
        self.tracing = on;
        self
    }

    /// Records a trace and writes it to `path` as Chrome trace-event JSON
    /// when the pool is dropped and on [`ThreadPool::flush_trace`]. Overrides
    /// `LUBDUB_TRACE` ([`TRACE_ENV`]) for this pool.
    ///
    /// ```
    /// let path = std::env::temp_dir().join(format!("lubdub-builder-{}.json", std::process::id()));
    /// let pool = lubdub::ThreadPoolBuilder::new().trace_file(&path).build().unwrap();
    /// pool.install(|| lubdub::join(|| (), || ()));
    /// pool.flush_trace().unwrap();
    /// assert!(std::fs::metadata(&path).unwrap().len() > 0);
    /// # drop(pool);
    /// # std::fs::remove_file(&path).unwrap();
    /// ```
    pub fn trace_file(mut self, path: impl AsRef<Path>) -> Self {
        self.trace_file = Some(path.as_ref().to_path_buf());
        self
    }

    /// The events each worker's trace ring keeps (default
    /// [`DEFAULT_TRACE_CAPACITY`]); older ones are dropped and counted.
    /// Memory grows with the events recorded, up to this bound.
    ///
    /// ```
    /// let pool = lubdub::ThreadPoolBuilder::new()
    ///     .tracing(true)
    ///     .trace_capacity(1 << 10)
    ///     .build()
    ///     .unwrap();
    /// # drop(pool);
    /// ```
    pub fn trace_capacity(mut self, events_per_worker: usize) -> Self {
        self.trace_capacity = Some(events_per_worker);
        self
    }

    /// Builds a pool with its own threads. The threads end when the pool is
    /// dropped.
    ///
    /// # Errors
    /// [`ThreadPoolBuildError`] when more than [`MAX_NUM_THREADS`] threads are
    /// asked for or the operating system refuses to start a thread.
    pub fn build(self) -> Result<ThreadPool, ThreadPoolBuildError> {
        ThreadPool::build(self)
    }

    /// Makes this configuration the global pool's, used by the free functions
    /// ([`crate::join`], [`crate::scope`], ...). Must run before the global pool
    /// is first used.
    ///
    /// ```
    /// // In a test binary the global pool may already exist; both outcomes are fine.
    /// match lubdub::ThreadPoolBuilder::new().num_threads(2).build_global() {
    ///     Ok(()) => assert_eq!(lubdub::current_num_threads(), 2),
    ///     Err(e) => eprintln!("{e}"),
    /// }
    /// ```
    ///
    /// # Errors
    /// [`ThreadPoolBuildError`] when the global pool already exists (built or
    /// used before), or as for [`ThreadPoolBuilder::build`].
    pub fn build_global(self) -> Result<(), ThreadPoolBuildError> {
        crate::pool::build_global(self)
    }

    /// The number of threads this configuration gives, after defaults and the
    /// environment are applied.
    pub(crate) fn resolved_num_threads(&self) -> Result<usize, ThreadPoolBuildError> {
        let n = if self.num_threads > 0 {
            self.num_threads
        } else {
            default_num_threads()
        };
        if n > MAX_NUM_THREADS {
            return Err(ThreadPoolBuildError::new(ErrorKind::TooManyThreads {
                requested: n,
            }));
        }
        Ok(n)
    }

    pub(crate) fn resolved_heartbeat(&self) -> Duration {
        self.heartbeat.unwrap_or(DEFAULT_HEARTBEAT)
    }

    /// Profiling and tracing, with `LUBDUB_TRACE` applied.
    pub(crate) fn resolved_observation(&self) -> Observation {
        let trace_file = self.trace_file.clone().or_else(|| {
            std::env::var_os(TRACE_ENV)
                .filter(|path| !path.is_empty())
                .map(PathBuf::from)
        });
        Observation {
            profiling: !self.profiling_off,
            tracing: self.tracing || trace_file.is_some(),
            trace_capacity: self.trace_capacity.unwrap_or(DEFAULT_TRACE_CAPACITY),
            trace_file,
        }
    }
}

impl fmt::Debug for ThreadPoolBuilder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ThreadPoolBuilder")
            .field("num_threads", &self.num_threads)
            .field("thread_name", &self.thread_name.is_some())
            .field("stack_size", &self.stack_size)
            .field("heartbeat", &self.heartbeat)
            .field("panic_handler", &self.panic_handler.is_some())
            .field("interrupts", &!self.interrupts_off)
            .field("profiling", &!self.profiling_off)
            .field("tracing", &self.tracing)
            .field("trace_file", &self.trace_file)
            .field("trace_capacity", &self.trace_capacity)
            .finish()
    }
}

/// `LUBDUB_NUM_THREADS` if it holds a positive number, else the machine's
/// available parallelism. A value that is not a number is reported once on
/// stderr and ignored.
fn default_num_threads() -> usize {
    if let Ok(text) = std::env::var(NUM_THREADS_ENV) {
        match parse_num_threads(&text) {
            Ok(Some(n)) => return n,
            Ok(None) => {}
            Err(()) => {
                static WARNED: std::sync::Once = std::sync::Once::new();
                WARNED.call_once(|| {
                    eprintln!(
                        "lubdub: ignoring {NUM_THREADS_ENV}={text:?}: not a whole number; \
                         using the available parallelism"
                    )
                });
            }
        }
    }
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The thread count an environment value asks for: `Some(n)` for a positive
/// number, `None` for 0 (the default), `Err` for anything else.
fn parse_num_threads(text: &str) -> Result<Option<usize>, ()> {
    let n: usize = text.trim().parse().map_err(|_| ())?;
    Ok((n > 0).then_some(n))
}

/// Why a pool could not be built.
#[derive(Debug)]
pub struct ThreadPoolBuildError {
    kind: ErrorKind,
}

/// The kinds of [`ThreadPoolBuildError`].
#[derive(Debug)]
#[non_exhaustive]
pub enum ErrorKind {
    /// `build_global` ran after the global pool was built or first used.
    GlobalPoolAlreadyInitialized,
    /// More than [`MAX_NUM_THREADS`] threads were asked for.
    TooManyThreads {
        /// The number asked for.
        requested: usize,
    },
    /// The operating system refused to start a worker thread.
    ThreadSpawn {
        /// The index of the thread that could not start.
        index: usize,
        /// What the operating system said.
        error: std::io::Error,
    },
}

impl ThreadPoolBuildError {
    pub(crate) fn new(kind: ErrorKind) -> Self {
        Self { kind }
    }

    /// What went wrong.
    ///
    /// ```
    /// use lubdub::{ErrorKind, ThreadPoolBuilder};
    /// let error = ThreadPoolBuilder::new().num_threads(1 << 20).build().unwrap_err();
    /// assert!(matches!(error.kind(), ErrorKind::TooManyThreads { .. }));
    /// ```
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }
}

impl fmt::Display for ThreadPoolBuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ErrorKind::GlobalPoolAlreadyInitialized => f.write_str(
                "the global lubdub pool already exists: call build_global() once, \
                 before the first join/scope/spawn, or build a separate ThreadPool",
            ),
            ErrorKind::TooManyThreads { requested } => write!(
                f,
                "num_threads({requested}) is more than lubdub's limit of {MAX_NUM_THREADS} \
                 threads per pool: ask for fewer (the default is one per core)"
            ),
            ErrorKind::ThreadSpawn { index, error } => write!(
                f,
                "the operating system refused to start worker thread {index} ({error}): \
                 ask for fewer threads or a smaller stack_size"
            ),
        }
    }
}

impl std::error::Error for ThreadPoolBuildError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            ErrorKind::ThreadSpawn { error, .. } => Some(error),
            _ => None,
        }
    }
}

#[cfg(all(test, not(loom)))]
mod tests {
    use super::*;

    #[test]
    fn environment_values() {
        assert_eq!(parse_num_threads("4"), Ok(Some(4)));
        assert_eq!(parse_num_threads(" 12\n"), Ok(Some(12)));
        assert_eq!(parse_num_threads("0"), Ok(None));
        assert_eq!(parse_num_threads("four"), Err(()));
        assert_eq!(parse_num_threads("-1"), Err(()));
        assert_eq!(parse_num_threads(""), Err(()));
    }

    #[test]
    fn resolved_thread_counts() {
        assert_eq!(
            ThreadPoolBuilder::new()
                .num_threads(3)
                .resolved_num_threads()
                .unwrap(),
            3
        );
        assert!(ThreadPoolBuilder::new().resolved_num_threads().unwrap() >= 1);
        let too_many = ThreadPoolBuilder::new().num_threads(MAX_NUM_THREADS + 1);
        assert!(too_many.resolved_num_threads().is_err());
        assert!(ThreadPoolBuilder::new()
            .num_threads(MAX_NUM_THREADS)
            .resolved_num_threads()
            .is_ok());
    }
}
