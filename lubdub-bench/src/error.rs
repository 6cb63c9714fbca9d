//! The errors that end a run, each with a message that says what to do.

use std::fmt;
use std::path::{Path, PathBuf};

use crate::check::WrongResult;
use crate::sections::DocsError;

/// Why a run failed.
#[derive(Debug)]
pub enum Error {
    /// A variant returned a wrong answer.
    WrongResult(WrongResult),
    /// A variant's result failed the workload's own validation (a search
    /// tree that is not a breadth-first tree, say).
    Invalid {
        /// The experiment cell, e.g. `bfs n=65536 threads=2`.
        cell: String,
        /// The variant.
        variant: String,
        /// What is wrong, in words.
        reason: String,
    },
    /// A runtime could not build its pool.
    Pool {
        /// The runtime.
        runtime: &'static str,
        /// The thread count asked for.
        threads: usize,
        /// The runtime's error.
        message: String,
    },
    /// A file could not be read or written.
    Io {
        /// The file or directory.
        path: PathBuf,
        /// The operating system's error.
        source: std::io::Error,
    },
    /// BENCHMARKS.md could not be updated.
    Docs(DocsError),
    /// A plot could not be drawn.
    Plot {
        /// The SVG file.
        path: PathBuf,
        /// plotters' error.
        message: String,
    },
    /// `LUBDUB_BENCH_ALLOCATOR` names no allocator: the message says so.
    Allocator(String),
    /// A child process of `alloc` could not run or reported nonsense.
    Child {
        /// The allocator it was to measure.
        allocator: &'static str,
        /// What went wrong.
        message: String,
    },
    /// `mpi`: MPI could not start, a rank failed, or a received result was
    /// wrong (the message says which).
    Mpi(String),
}

impl Error {
    /// An [`Error::Io`] on `path`.
    pub fn io(path: &Path, source: std::io::Error) -> Self {
        Self::Io {
            path: path.to_owned(),
            source,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::WrongResult(e) => write!(f, "{e}: the variant is broken, its timings are void"),
            Self::Invalid {
                cell,
                variant,
                reason,
            } => write!(
                f,
                "{cell}: {variant}'s result is invalid ({reason}): the variant is broken, its timings are void"
            ),
            Self::Pool {
                runtime,
                threads,
                message,
            } => write!(
                f,
                "cannot build a {runtime} pool of {threads} threads: {message}"
            ),
            Self::Io { path, source } => write!(f, "{}: {source}", path.display()),
            Self::Docs(e) => write!(f, "{e}"),
            Self::Plot { path, message } => write!(f, "cannot draw {}: {message}", path.display()),
            Self::Allocator(message) => write!(f, "{message}"),
            Self::Mpi(message) => write!(f, "mpi: {message}"),
            Self::Child { allocator, message } => write!(
                f,
                "the {allocator} child (`lubdub-bench alloc --child` with {}={allocator}): {message}",
                crate::allocator::ENV_VAR
            ),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Self::WrongResult(e) => Some(e),
            Self::Io { source, .. } => Some(source),
            Self::Docs(e) => Some(e),
            Self::Invalid { .. }
            | Self::Pool { .. }
            | Self::Plot { .. }
            | Self::Allocator(_)
            | Self::Child { .. }
            | Self::Mpi(_) => None,
        }
    }
}

impl From<WrongResult> for Error {
    fn from(e: WrongResult) -> Self {
        Self::WrongResult(e)
    }
}

impl From<DocsError> for Error {
    fn from(e: DocsError) -> Self {
        Self::Docs(e)
    }
}
