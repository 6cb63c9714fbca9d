//! [`ThreadPoolBuilder`]: how a pool is configured. Its settings for
//! callbacks are in `handlers.rs`, for observation in `observation.rs`, for
//! its threads in `thread_builder.rs`; its errors are in `build_error.rs`.

use std::fmt;
use std::time::Duration;

use crate::build_error::{ErrorKind, ThreadPoolBuildError};
use crate::observation::ObservationSettings;
use crate::pool::ThreadPool;
use crate::scheduler::settings::{Handlers, PoolSettings};
use crate::thread_builder::{DefaultSpawn, ThreadSpawn};

/// The most worker threads one pool may have. Far more than any machine has
/// cores; the bound exists so that a typo such as `num_threads(1 << 40)` is a
/// clear error instead of an attempt to start a trillion threads.
pub const MAX_NUM_THREADS: usize = 4096;

/// The heartbeat period a pool of up to four threads uses unless
/// [`ThreadPoolBuilder::heartbeat_interval`] says otherwise; bigger pools
/// use a shorter one by default, down to a quarter of it from 16 threads
/// on. See the scheduler's README ("Limits") for why these values.
pub const DEFAULT_HEARTBEAT: Duration = Duration::from_micros(100);

/// The most threads a pool may have and still get [`DEFAULT_HEARTBEAT`] by
/// default; a bigger one gets that period times `SPREAD_SEATS / threads`,
/// never less than [`DEFAULT_HEARTBEAT`] divided by [`SPREAD_SEATS`].
const SPREAD_SEATS: u32 = 4;

/// The environment variable that sets the number of threads of a pool built
/// with `num_threads(0)` (the default), the global pool included. It comes
/// before Rayon's variables; [`ThreadPoolBuilder::num_threads`] says how
/// they combine.
pub const NUM_THREADS_ENV: &str = "LUBDUB_NUM_THREADS";

/// The variables that set the default thread count, the first that decides
/// first: lubdub's own, Rayon's, and Rayon's deprecated one.
const NUM_THREADS_VARS: [&str; 3] = [NUM_THREADS_ENV, "RAYON_NUM_THREADS", "RAYON_RS_NUM_CPUS"];

type ThreadNameFn = Box<dyn FnMut(usize) -> String>;

/// Configures and builds a [`ThreadPool`], or the global pool.
///
/// Named as in Rayon, so that `rayon::ThreadPoolBuilder` code compiles after
/// switching the `use` line. `S` is how the pool starts its threads:
/// [`ThreadPoolBuilder::spawn_handler`] changes it; code rarely names it.
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
pub struct ThreadPoolBuilder<S = DefaultSpawn> {
    pub(crate) settings: Settings,
    /// How the pool's threads are started ([`ThreadPoolBuilder::spawn_handler`]).
    pub(crate) spawn: S,
}

/// Every setting of a [`ThreadPoolBuilder`] but its spawn handler, which
/// alone changes the builder's type.
#[derive(Default)]
pub(crate) struct Settings {
    pub(crate) num_threads: usize,
    pub(crate) thread_name: Option<ThreadNameFn>,
    pub(crate) stack_size: Option<usize>,
    pub(crate) heartbeat: Option<Duration>,
    pub(crate) handlers: Handlers,
    pub(crate) use_current_thread: bool,
    pub(crate) breadth_first: bool,
    pub(crate) observation: ObservationSettings,
    pub(crate) interrupts_off: bool,
}

impl Default for ThreadPoolBuilder {
    fn default() -> Self {
        Self {
            settings: Settings::default(),
            spawn: DefaultSpawn,
        }
    }
}

impl ThreadPoolBuilder {
    /// A builder with every setting at its default.
    pub fn new() -> Self {
        Self::default()
    }
}

impl<S> ThreadPoolBuilder<S> {
    /// The number of threads that run work, the calling thread counted when
    /// it takes part (see [`ThreadPool::install`]). `0`, the default, lets
    /// the environment decide. These variables are read in this order:
    ///
    /// 1. `LUBDUB_NUM_THREADS` ([`NUM_THREADS_ENV`]),
    /// 2. `RAYON_NUM_THREADS`,
    /// 3. `RAYON_RS_NUM_CPUS` (Rayon's deprecated name).
    ///
    /// The first that holds a positive whole number gives the count. One that
    /// holds `0` means [`std::thread::available_parallelism`] and ends the
    /// search (the variables after it are not read). One that is unset, or
    /// holds anything else (`"four"`, `"-1"`, `" 4"`), is skipped; lubdub
    /// says so once on stderr. With none left, the count is
    /// [`std::thread::available_parallelism`]. For the two `RAYON_` variables
    /// this is Rayon's rule, so `RAYON_NUM_THREADS=3 program` gives a program
    /// moved onto lubdub a 3-thread global pool, as it did on Rayon.
    ///
    /// ```
    /// let pool = lubdub::ThreadPoolBuilder::new().num_threads(3).build().unwrap();
    /// assert_eq!(pool.current_num_threads(), 3);
    /// ```
    pub fn num_threads(mut self, num_threads: usize) -> Self {
        self.settings.num_threads = num_threads;
        self
    }

    /// Names each worker thread: `name(index)` for index `0..num_threads`.
    /// Calls from outside the pool then run on those named threads (see
    /// [`ThreadPool`]).
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
        self.settings.thread_name = Some(Box::new(name));
        self
    }

    /// The stack size of each worker thread in bytes (default: the standard
    /// library's default for spawned threads). Deep recursion through `join`
    /// needs deep stacks. Every call into the pool then runs on a stack of
    /// this size: a call from outside (`install`, `join`, `scope`) is handed
    /// to one of the pool's threads instead of running on the caller's (see
    /// [`ThreadPool`]).
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
        self.settings.stack_size = Some(bytes);
        self
    }

    /// How often a busy thread offers its oldest pending job to idle threads
    /// (default [`DEFAULT_HEARTBEAT`] on pools of up to four threads; on
    /// bigger ones `DEFAULT_HEARTBEAT * 4 / threads`, at least a quarter of
    /// it: the busy threads at most double once a period, so a big pool
    /// needs more periods to fill). Shorter spreads work sooner and costs
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
        self.settings.heartbeat = Some(period);
        self
    }

    /// Whether an idle thread may interrupt a busy one with a signal
    /// ([`crate::rescue_signal`]) to share pending work that the busy one has
    /// not offered for half a heartbeat period, because it blocks or runs long
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
        self.settings.interrupts_off = !on;
        self
    }
}

impl<S: ThreadSpawn> ThreadPoolBuilder<S> {
    /// Builds a pool with its own threads. The threads end when the pool is
    /// dropped.
    ///
    /// # Errors
    /// [`ThreadPoolBuildError`] when more than [`MAX_NUM_THREADS`] threads are
    /// asked for, when the operating system (or the
    /// [`spawn_handler`](Self::spawn_handler)) refuses to start a thread, or
    /// when [`use_current_thread`](Self::use_current_thread) is asked of a
    /// thread that already works in a pool. Threads started before the
    /// failure are stopped again.
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
}

impl<S: ThreadSpawn> ThreadPoolBuilder<S> {
    /// The scheduler's settings for a pool built from this configuration,
    /// defaults and the environment applied. Takes the handlers: the pool
    /// keeps them. What starts the threads (names, stack size, spawn
    /// handler) stays with the builder.
    ///
    /// # Errors
    /// When more than [`MAX_NUM_THREADS`] threads are asked for.
    pub(crate) fn take_pool_settings(&mut self) -> Result<PoolSettings, ThreadPoolBuildError> {
        let num_threads = self.resolved_num_threads()?;
        Ok(PoolSettings {
            num_threads,
            heartbeat_period: self.resolved_heartbeat(num_threads),
            interrupts: !self.settings.interrupts_off,
            breadth_first: self.settings.breadth_first,
            callers_take_seats: self.callers_take_seats(),
            callers_stack_size: self.settings.stack_size,
            handlers: std::mem::take(&mut self.settings.handlers),
            observation: self.resolved_observation(),
        })
    }

    /// Whether a call from outside may take a sleeping worker's seat and run
    /// on the caller's own thread. Not when the pool promises its work
    /// something only its own threads have: threads the user started, a
    /// thread name, or what a start handler set up. (A stack size the
    /// scheduler gives the caller's thread for the call, where it can.)
    fn callers_take_seats(&self) -> bool {
        let settings = &self.settings;
        S::CALLERS_TAKE_SEATS && settings.thread_name.is_none() && !settings.handlers.has_start()
    }
}

impl<S> ThreadPoolBuilder<S> {
    /// The number of threads this configuration gives, after defaults and the
    /// environment are applied.
    pub(crate) fn resolved_num_threads(&self) -> Result<usize, ThreadPoolBuildError> {
        let n = if self.settings.num_threads > 0 {
            self.settings.num_threads
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

    /// The heartbeat period of a pool of `threads` threads built with these
    /// settings: the one given, or the default for its size.
    pub(crate) fn resolved_heartbeat(&self, threads: usize) -> Duration {
        self.settings
            .heartbeat
            .unwrap_or_else(|| default_heartbeat(threads))
    }
}

impl<S> fmt::Debug for ThreadPoolBuilder<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let settings = &self.settings;
        f.debug_struct("ThreadPoolBuilder")
            .field("num_threads", &settings.num_threads)
            .field("thread_name", &settings.thread_name.is_some())
            .field("stack_size", &settings.stack_size)
            .field("heartbeat", &settings.heartbeat)
            .field("handlers", &settings.handlers)
            .field("use_current_thread", &settings.use_current_thread)
            .field("breadth_first", &settings.breadth_first)
            .field("observation", &settings.observation)
            .field("interrupts", &!settings.interrupts_off)
            .finish_non_exhaustive()
    }
}

/// The default thread count: the environment's (see
/// [`ThreadPoolBuilder::num_threads`] for the order), else the machine's
/// available parallelism. A value that is not a number is reported once on
/// stderr and skipped.
fn default_num_threads() -> usize {
    let available = || std::thread::available_parallelism().map_or(1, |n| n.get());
    let asked = |name| std::env::var(name).ok().map(|text| (name, text));
    match env_num_threads(NUM_THREADS_VARS.into_iter().filter_map(asked)) {
        Ok(Some(n)) => n,
        Ok(None) => available(),
        Err((name, text)) => {
            static WARNED: std::sync::Once = std::sync::Once::new();
            WARNED.call_once(|| {
                eprintln!("lubdub: ignoring {name}={text:?}: not a whole number");
            });
            available()
        }
    }
}

/// The thread count the set variables ask for, given as `(name, value)` in
/// the order of [`NUM_THREADS_VARS`]: `Some(n)` for the first positive
/// number, `None` for the default (a `0` first, or nothing usable). `Err`
/// names the first value that was skipped as not a number, when no positive
/// number follows it.
fn env_num_threads<'a>(
    vars: impl IntoIterator<Item = (&'a str, String)>,
) -> Result<Option<usize>, (&'a str, String)> {
    let mut skipped = None;
    for (name, text) in vars {
        match text.parse::<usize>() {
            Ok(0) => break,
            Ok(n) => return Ok(Some(n)),
            Err(_) => {
                skipped.get_or_insert((name, text));
            }
        }
    }
    skipped.map_or(Ok(None), Err)
}

/// The default heartbeat period of a pool of `threads` threads (see
/// [`ThreadPoolBuilder::heartbeat_interval`] and [`SPREAD_SEATS`]).
fn default_heartbeat(threads: usize) -> Duration {
    let threads = u32::try_from(threads).unwrap_or(u32::MAX);
    if threads <= SPREAD_SEATS {
        DEFAULT_HEARTBEAT
    } else {
        (DEFAULT_HEARTBEAT * SPREAD_SEATS / threads).max(DEFAULT_HEARTBEAT / SPREAD_SEATS)
    }
}

#[cfg(all(test, not(loom)))]
mod tests {
    use super::*;

    #[test]
    fn environment_values() {
        let one = |text: &str| env_num_threads([("V", text.to_owned())]);
        assert_eq!(one("4"), Ok(Some(4)));
        assert_eq!(one("0"), Ok(None));
        for bad in ["four", "-1", "", " 12", "12\n"] {
            assert_eq!(one(bad), Err(("V", bad.to_owned())), "{bad:?}");
        }
    }

    #[test]
    fn environment_order() {
        let vars = |values: &[(&'static str, &str)]| {
            env_num_threads(values.iter().map(|&(name, text)| (name, text.to_owned())))
        };
        assert_eq!(vars(&[]), Ok(None));
        assert_eq!(vars(&[("A", "3"), ("B", "5")]), Ok(Some(3)));
        assert_eq!(
            vars(&[("A", "0"), ("B", "5")]),
            Ok(None),
            "0 ends the search"
        );
        assert_eq!(
            vars(&[("A", "x"), ("B", "5")]),
            Ok(Some(5)),
            "junk is skipped"
        );
        assert_eq!(
            vars(&[("A", "x"), ("B", "0")]),
            Err(("A", "x".to_owned())),
            "the default, with a word about the junk"
        );
    }

    #[test]
    fn big_pools_beat_faster_by_default() {
        let micros = |threads| default_heartbeat(threads).as_micros();
        assert_eq!([1, 2, 4].map(micros), [100; 3]);
        assert_eq!([5, 8, 16, 64, usize::MAX].map(micros), [80, 50, 25, 25, 25]);
        let given = Duration::from_micros(300);
        let builder = ThreadPoolBuilder::new().heartbeat_interval(given);
        assert_eq!(builder.resolved_heartbeat(16), given);
        assert_eq!(
            ThreadPoolBuilder::new().resolved_heartbeat(8),
            Duration::from_micros(50)
        );
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
