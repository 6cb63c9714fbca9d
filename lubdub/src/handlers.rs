//! The builder's methods for the callbacks a pool calls on its own: the
//! panic handler (for panics that have no caller to go to), and the start
//! and exit handlers of its threads. The running pool keeps and calls them
//! as `scheduler::settings::Handlers`.

use std::any::Any;

use crate::builder::ThreadPoolBuilder;

impl<S> ThreadPoolBuilder<S> {
    /// What to do with a panic that has no caller to go to: one in a job
    /// started by [`crate::spawn`], [`crate::spawn_fifo`] or
    /// [`crate::spawn_broadcast`], or in a start or exit handler. Default:
    /// print it on stderr and go on. The handler may run on several threads
    /// at once; a panic in the handler itself is reported on stderr.
    ///
    /// ```
    /// use std::sync::mpsc;
    /// let (tx, rx) = mpsc::channel();
    /// let tx = std::sync::Mutex::new(tx);
    /// let pool = lubdub::ThreadPoolBuilder::new()
    ///     .num_threads(1)
    ///     .panic_handler(move |payload| {
    ///         let text = payload.downcast_ref::<&str>().copied().unwrap_or("?");
    ///         tx.lock().unwrap().send(text.to_string()).unwrap();
    ///     })
    ///     .build()
    ///     .unwrap();
    /// pool.spawn(|| panic!("lost job"));
    /// assert_eq!(rx.recv().unwrap(), "lost job");
    /// ```
    pub fn panic_handler<H>(mut self, handler: H) -> Self
    where
        H: Fn(Box<dyn Any + Send>) + Send + Sync + 'static,
    {
        self.settings.handlers.panic = Some(Box::new(handler));
        self
    }

    /// Runs `handler(index)` on each thread the pool starts, on that thread,
    /// before it takes any work. It may run on several threads at once; a
    /// panic in it goes to the [panic handler](Self::panic_handler) and the
    /// thread goes on. A thread that works for the pool without being started
    /// by it (a caller of [`crate::ThreadPool::install`], or the builder's own
    /// thread with [`use_current_thread`](Self::use_current_thread)) does not
    /// run it.
    ///
    /// ```
    /// use std::sync::atomic::{AtomicUsize, Ordering};
    /// use std::sync::Arc;
    /// let started = Arc::new(AtomicUsize::new(0));
    /// let counter = Arc::clone(&started);
    /// let pool = lubdub::ThreadPoolBuilder::new()
    ///     .num_threads(3)
    ///     .start_handler(move |_index| {
    ///         counter.fetch_add(1, Ordering::SeqCst);
    ///     })
    ///     .build()
    ///     .unwrap();
    /// pool.shutdown(); // waits for the threads
    /// assert_eq!(started.load(Ordering::SeqCst), 3);
    /// ```
    pub fn start_handler<H>(mut self, handler: H) -> Self
    where
        H: Fn(usize) + Send + Sync + 'static,
    {
        self.settings.handlers.start = Some(Box::new(handler));
        self
    }

    /// Runs `handler(index)` on each thread the pool started, on that thread,
    /// after it has left the pool for good. Panics are handled as for
    /// [`start_handler`](Self::start_handler).
    ///
    /// ```
    /// use std::sync::{Arc, Mutex};
    /// let exited = Arc::new(Mutex::new(Vec::new()));
    /// let record = Arc::clone(&exited);
    /// let pool = lubdub::ThreadPoolBuilder::new()
    ///     .num_threads(2)
    ///     .exit_handler(move |index| record.lock().unwrap().push(index))
    ///     .build()
    ///     .unwrap();
    /// pool.shutdown(); // waits for the threads
    /// let mut exited = exited.lock().unwrap().clone();
    /// exited.sort();
    /// assert_eq!(exited, [0, 1]);
    /// ```
    pub fn exit_handler<H>(mut self, handler: H) -> Self
    where
        H: Fn(usize) + Send + Sync + 'static,
    {
        self.settings.handlers.exit = Some(Box::new(handler));
        self
    }
}
