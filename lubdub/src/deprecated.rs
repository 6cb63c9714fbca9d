//! Rayon's deprecated names, kept so that old code still compiles:
//! [`Configuration`], [`initialize`], [`ThreadPool::new`] and
//! [`ThreadPoolBuilder::breadth_first`]. Each does what its replacement does.
#![allow(deprecated)]

use std::any::Any;
use std::error::Error;
use std::fmt;

use crate::builder::ThreadPoolBuilder;
use crate::pool::ThreadPool;

/// The old name of a pool's configuration: a [`ThreadPoolBuilder`] with
/// fewer methods, whose errors are boxed.
///
/// ```
/// # #![allow(deprecated)]
/// let pool = lubdub::ThreadPool::new(lubdub::Configuration::new().num_threads(2)).unwrap();
/// assert_eq!(pool.current_num_threads(), 2);
/// ```
#[deprecated(note = "use `ThreadPoolBuilder`")]
#[derive(Default)]
pub struct Configuration {
    builder: ThreadPoolBuilder,
}

impl Configuration {
    /// [`ThreadPoolBuilder::new`].
    ///
    /// ```
    /// # #![allow(deprecated)]
    /// let pool = lubdub::Configuration::new().build().unwrap();
    /// assert!(pool.current_num_threads() >= 1);
    /// ```
    pub fn new() -> Configuration {
        Configuration::default()
    }

    /// [`ThreadPoolBuilder::build`], with the error boxed.
    ///
    /// # Errors
    /// As for [`ThreadPoolBuilder::build`].
    ///
    /// ```
    /// # #![allow(deprecated)]
    /// assert!(lubdub::Configuration::new().num_threads(1 << 20).build().is_err());
    /// ```
    pub fn build(self) -> Result<ThreadPool, Box<dyn Error + 'static>> {
        Ok(self.builder.build()?)
    }

    /// [`ThreadPoolBuilder::thread_name`].
    ///
    /// ```
    /// # #![allow(deprecated)]
    /// let pool = lubdub::Configuration::new().thread_name(|i| format!("old-{i}")).build();
    /// assert!(pool.is_ok());
    /// ```
    pub fn thread_name<F>(self, name: F) -> Self
    where
        F: FnMut(usize) -> String + 'static,
    {
        self.map(|builder| builder.thread_name(name))
    }

    /// [`ThreadPoolBuilder::num_threads`].
    ///
    /// ```
    /// # #![allow(deprecated)]
    /// let pool = lubdub::Configuration::new().num_threads(3).build().unwrap();
    /// assert_eq!(pool.current_num_threads(), 3);
    /// ```
    pub fn num_threads(self, num_threads: usize) -> Configuration {
        self.map(|builder| builder.num_threads(num_threads))
    }

    /// [`ThreadPoolBuilder::panic_handler`].
    ///
    /// ```
    /// # #![allow(deprecated)]
    /// let (tx, rx) = std::sync::mpsc::channel();
    /// let tx = std::sync::Mutex::new(tx);
    /// let pool = lubdub::Configuration::new()
    ///     .panic_handler(move |_| tx.lock().unwrap().send(()).unwrap())
    ///     .build()
    ///     .unwrap();
    /// pool.spawn(|| panic!("handled"));
    /// assert!(rx.recv().is_ok());
    /// ```
    pub fn panic_handler<H>(self, handler: H) -> Configuration
    where
        H: Fn(Box<dyn Any + Send>) + Send + Sync + 'static,
    {
        self.map(|builder| builder.panic_handler(handler))
    }

    /// [`ThreadPoolBuilder::stack_size`].
    ///
    /// ```
    /// # #![allow(deprecated)]
    /// assert!(lubdub::Configuration::new().stack_size(4 << 20).build().is_ok());
    /// ```
    pub fn stack_size(self, bytes: usize) -> Self {
        self.map(|builder| builder.stack_size(bytes))
    }

    /// [`ThreadPoolBuilder::breadth_first`].
    ///
    /// ```
    /// # #![allow(deprecated)]
    /// assert!(lubdub::Configuration::new().breadth_first().build().is_ok());
    /// ```
    pub fn breadth_first(self) -> Self {
        self.map(ThreadPoolBuilder::breadth_first)
    }

    /// [`ThreadPoolBuilder::start_handler`].
    ///
    /// ```
    /// # #![allow(deprecated)]
    /// use std::sync::atomic::{AtomicUsize, Ordering};
    /// static STARTED: AtomicUsize = AtomicUsize::new(0);
    /// let config = lubdub::Configuration::new().num_threads(2).start_handler(|_| {
    ///     STARTED.fetch_add(1, Ordering::SeqCst);
    /// });
    /// config.build().unwrap().shutdown(); // waits for the threads
    /// assert_eq!(STARTED.load(Ordering::SeqCst), 2);
    /// ```
    pub fn start_handler<H>(self, handler: H) -> Configuration
    where
        H: Fn(usize) + Send + Sync + 'static,
    {
        self.map(|builder| builder.start_handler(handler))
    }

    /// [`ThreadPoolBuilder::exit_handler`].
    ///
    /// ```
    /// # #![allow(deprecated)]
    /// use std::sync::atomic::{AtomicUsize, Ordering};
    /// static EXITED: AtomicUsize = AtomicUsize::new(0);
    /// let config = lubdub::Configuration::new().num_threads(2).exit_handler(|_| {
    ///     EXITED.fetch_add(1, Ordering::SeqCst);
    /// });
    /// config.build().unwrap().shutdown(); // waits for the threads
    /// assert_eq!(EXITED.load(Ordering::SeqCst), 2);
    /// ```
    pub fn exit_handler<H>(self, handler: H) -> Configuration
    where
        H: Fn(usize) + Send + Sync + 'static,
    {
        self.map(|builder| builder.exit_handler(handler))
    }

    fn map(self, change: impl FnOnce(ThreadPoolBuilder) -> ThreadPoolBuilder) -> Self {
        Self {
            builder: change(self.builder),
        }
    }
}

impl fmt::Debug for Configuration {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.builder.fmt(f)
    }
}

/// The old way to configure the global pool:
/// [`ThreadPoolBuilder::build_global`], with the error boxed.
///
/// # Errors
/// As for [`ThreadPoolBuilder::build_global`].
///
/// ```
/// # #![allow(deprecated)]
/// // In a test binary the global pool may already exist; both outcomes are fine.
/// match lubdub::initialize(lubdub::Configuration::new().num_threads(2)) {
///     Ok(()) => assert_eq!(lubdub::current_num_threads(), 2),
///     Err(error) => assert!(error.to_string().contains("already")),
/// }
/// ```
#[deprecated(note = "use `ThreadPoolBuilder::build_global`")]
pub fn initialize(config: Configuration) -> Result<(), Box<dyn Error>> {
    Ok(config.builder.build_global()?)
}

impl ThreadPool {
    /// The old way to build a pool: [`ThreadPoolBuilder::build`], with the
    /// error boxed.
    ///
    /// # Errors
    /// As for [`ThreadPoolBuilder::build`].
    ///
    /// ```
    /// # #![allow(deprecated)]
    /// let pool = lubdub::ThreadPool::new(lubdub::Configuration::new().num_threads(1)).unwrap();
    /// assert_eq!(pool.install(|| 2 + 2), 4);
    /// ```
    #[deprecated(note = "use `ThreadPoolBuilder::build`")]
    pub fn new(configuration: Configuration) -> Result<ThreadPool, Box<dyn Error>> {
        Ok(configuration.builder.build()?)
    }
}

impl<S> ThreadPoolBuilder<S> {
    /// Makes each thread take its own queued jobs oldest first instead of
    /// newest first (jobs taken from other threads are always their oldest).
    /// A hint about order, as in Rayon; [`crate::scope_fifo`] and
    /// [`crate::spawn_fifo`] give FIFO order where it matters.
    ///
    /// ```
    /// # #![allow(deprecated)]
    /// let pool = lubdub::ThreadPoolBuilder::new().num_threads(1).breadth_first().build().unwrap();
    /// let (tx, rx) = std::sync::mpsc::channel();
    /// pool.install(|| {
    ///     for i in 0..3 {
    ///         let tx = tx.clone();
    ///         lubdub::spawn(move || tx.send(i).unwrap());
    ///     }
    /// });
    /// drop(tx);
    /// assert_eq!(rx.iter().collect::<Vec<_>>(), [0, 1, 2]);
    /// ```
    #[deprecated(note = "use `scope_fifo` and `spawn_fifo` for similar effect")]
    pub fn breadth_first(mut self) -> Self {
        self.settings.breadth_first = true;
        self
    }
}
