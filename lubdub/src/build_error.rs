//! [`ThreadPoolBuildError`] and its [`ErrorKind`]s: why a pool could not be
//! built.

use std::fmt;

use crate::builder::MAX_NUM_THREADS;

/// Why a pool could not be built.
///
/// ```
/// let error = lubdub::ThreadPoolBuilder::new().num_threads(1 << 20).build().unwrap_err();
/// let boxed: Box<dyn std::error::Error + Send + Sync> = Box::new(error);
/// assert!(boxed.to_string().contains("fewer"));
/// ```
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
    /// [`use_current_thread`](crate::ThreadPoolBuilder::use_current_thread)
    /// was asked of a thread that already works in a pool.
    CurrentThreadAlreadyInPool,
    /// More than [`MAX_NUM_THREADS`] threads were asked for.
    TooManyThreads {
        /// The number asked for.
        requested: usize,
    },
    /// The operating system (or the
    /// [`spawn_handler`](crate::ThreadPoolBuilder::spawn_handler)) refused to
    /// start a worker thread.
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
            // These two read exactly as Rayon's do: programs compare them.
            ErrorKind::GlobalPoolAlreadyInitialized => {
                f.write_str("The global thread pool has already been initialized.")
            }
            ErrorKind::CurrentThreadAlreadyInPool => {
                f.write_str("The current thread is already part of another thread pool.")
            }
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
