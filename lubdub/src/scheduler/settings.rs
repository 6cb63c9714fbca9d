//! [`PoolSettings`]: everything the scheduler needs to start a pool, as plain
//! values. The builder (`builder.rs`, above this layer) resolves its
//! defaults and the environment and turns itself into one; nothing here
//! knows the builder. Also the two groups of settings the running pool keeps
//! and uses: its callbacks ([`Handlers`]) and how it observes itself
//! ([`Observation`]).

use std::any::Any;
use std::fmt;
use std::path::PathBuf;
use std::time::Duration;

use crate::unwind;

/// A pool to start, with every default applied.
pub(crate) struct PoolSettings {
    /// At least one, at most `MAX_NUM_THREADS`.
    pub(crate) num_threads: usize,
    pub(crate) heartbeat_period: Duration,
    /// Whether idle threads may interrupt busy ones (`rescue.rs`).
    pub(crate) interrupts: bool,
    /// Whether each seat takes its own queue's oldest job first.
    pub(crate) breadth_first: bool,
    /// Whether a caller from outside may take a seat and run on its own
    /// thread (`entry.rs`), or must hand its call to the pool's threads.
    pub(crate) callers_take_seats: bool,
    /// The stack a call from outside must run on, when the pool promises
    /// its work a `stack_size` and callers take seats (`spare_stacks.rs`).
    pub(crate) callers_stack_size: Option<usize>,
    pub(crate) handlers: Handlers,
    pub(crate) observation: Observation,
}

#[cfg(test)]
impl PoolSettings {
    /// A pool of `num_threads` seats with nothing set, for the scheduler's
    /// own tests: they build a [`Registry`](super::registry::Registry) from
    /// it without the builder above this layer.
    pub(crate) fn plain(num_threads: usize) -> PoolSettings {
        PoolSettings {
            num_threads,
            heartbeat_period: Duration::from_micros(100),
            interrupts: false,
            breadth_first: false,
            callers_take_seats: true,
            callers_stack_size: None,
            handlers: Handlers::default(),
            observation: Observation {
                profiling: false,
                tracing: false,
                trace_capacity: 1024,
                trace_file: None,
            },
        }
    }
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

type PanicHandler = Box<dyn Fn(Box<dyn Any + Send>) + Send + Sync>;
type ThreadHandler = Box<dyn Fn(usize) + Send + Sync>;

/// A pool's callbacks, set on its builder (`handlers.rs`) and kept by the
/// running pool.
#[derive(Default)]
pub(crate) struct Handlers {
    pub(crate) panic: Option<PanicHandler>,
    pub(crate) start: Option<ThreadHandler>,
    pub(crate) exit: Option<ThreadHandler>,
}

impl Handlers {
    /// Hands a panic that has no caller to the panic handler, or reports it
    /// on stderr.
    pub(crate) fn handle_panic(&self, payload: Box<dyn Any + Send>) {
        match &self.panic {
            Some(handler) => {
                if unwind::halt(|| handler(payload)).is_err() {
                    eprintln!("lubdub: the panic handler itself panicked; ignoring");
                }
            }
            None => eprintln!(
                "lubdub: a panic with no caller to propagate to: {}",
                unwind::message(&*payload)
            ),
        }
    }

    /// Whether a start handler was given.
    pub(crate) fn has_start(&self) -> bool {
        self.start.is_some()
    }

    /// Thread `index` starts: runs the start handler, if any.
    pub(crate) fn thread_started(&self, index: usize) {
        self.call(&self.start, index);
    }

    /// Thread `index` exits: runs the exit handler, if any.
    pub(crate) fn thread_exiting(&self, index: usize) {
        self.call(&self.exit, index);
    }

    /// Runs `handler`, if any, for thread `index`; a panic in it goes to
    /// the panic handler.
    fn call(&self, handler: &Option<ThreadHandler>, index: usize) {
        if let Some(handler) = handler {
            if let Err(payload) = unwind::halt(|| handler(index)) {
                self.handle_panic(payload);
            }
        }
    }
}

impl fmt::Debug for Handlers {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Handlers")
            .field("panic", &self.panic.is_some())
            .field("start", &self.start.is_some())
            .field("exit", &self.exit.is_some())
            .finish()
    }
}
