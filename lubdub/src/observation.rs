//! The builder's settings for how a pool observes itself: profiling and
//! tracing (see [`crate::profile`] and [`crate::trace`]).

use std::path::{Path, PathBuf};

use crate::builder::ThreadPoolBuilder;
#[cfg(doc)]
use crate::pool::ThreadPool;
use crate::scheduler::settings::Observation;

/// The environment variable that turns tracing on for every pool whose
/// builder names no [`ThreadPoolBuilder::trace_file`]: the pools write their
/// traces to the file it names (see [`crate::trace`]).
pub const TRACE_ENV: &str = "LUBDUB_TRACE";

/// The events each worker's trace ring keeps unless
/// [`ThreadPoolBuilder::trace_capacity`] says otherwise: at about 32 bytes an
/// event, half a megabyte per worker.
pub const DEFAULT_TRACE_CAPACITY: usize = 1 << 14;

/// The observation settings as the builder's methods left them.
#[derive(Debug, Default)]
pub(crate) struct ObservationSettings {
    profiling_off: bool,
    tracing: bool,
    trace_file: Option<PathBuf>,
    trace_capacity: Option<usize>,
}

impl<S> ThreadPoolBuilder<S> {
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
        self.settings.observation.profiling_off = !on;
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
        self.settings.observation.tracing = on;
        self
    }

    /// Records a trace and writes it to `path` as Chrome trace-event JSON
    /// when the pool ends (see [`ThreadPool::shutdown`]) and on
    /// [`ThreadPool::flush_trace`]. Overrides
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
        self.settings.observation.trace_file = Some(path.as_ref().to_path_buf());
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
        self.settings.observation.trace_capacity = Some(events_per_worker);
        self
    }

    /// Profiling and tracing, with `LUBDUB_TRACE` applied.
    pub(crate) fn resolved_observation(&self) -> Observation {
        let trace_file = self.settings.observation.trace_file.clone().or_else(|| {
            std::env::var_os(TRACE_ENV)
                .filter(|path| !path.is_empty())
                .map(PathBuf::from)
        });
        Observation {
            profiling: !self.settings.observation.profiling_off,
            tracing: self.settings.observation.tracing || trace_file.is_some(),
            trace_capacity: self
                .settings
                .observation
                .trace_capacity
                .unwrap_or(DEFAULT_TRACE_CAPACITY),
            trace_file,
        }
    }
}
