//! Programs that must not compile, kept as `compile_fail` doctests so that a
//! change to a signature that would let them through fails the tests.
//!
//! A closure that captures something not `Send` cannot be given to `join`:
//! ```compile_fail
//! let shared = std::rc::Rc::new(1);
//! lubdub::join(|| *shared + 1, || 2);
//! ```
//!
//! The two halves of a `join` cannot both mutate the same variable:
//! ```compile_fail
//! let mut count = 0;
//! lubdub::join(|| count += 1, || count += 1);
//! ```
//!
//! A scope cannot escape its `scope` call:
//! ```compile_fail
//! let mut escaped = None;
//! lubdub::scope(|s| escaped = Some(s));
//! ```
//!
//! A spawned job cannot borrow a local of the scope's body, which is gone
//! before the job may run:
//! ```compile_fail
//! let mut results = Vec::new();
//! lubdub::scope(|s| {
//!     let local = 5;
//!     s.spawn(|_| results.push(local));
//! });
//! ```
//!
//! Two spawned jobs cannot mutate the same slice:
//! ```compile_fail
//! let mut values = vec![0; 4];
//! lubdub::scope(|s| {
//!     s.spawn(|_| values[0] = 1);
//!     s.spawn(|_| values[1] = 2);
//! });
//! ```
//!
//! `spawn` needs `'static` work:
//! ```compile_fail
//! let local = vec![1, 2, 3];
//! lubdub::spawn(|| println!("{local:?}"));
//! ```
//!
//! `spawn_fifo` and `spawn_broadcast` need `'static` work too:
//! ```compile_fail
//! let local = vec![1, 2, 3];
//! lubdub::spawn_fifo(|| println!("{local:?}"));
//! ```
//! ```compile_fail
//! let local = vec![1, 2, 3];
//! lubdub::spawn_broadcast(|_| println!("{local:?}"));
//! ```
//!
//! A broadcast runs its operation on several threads at once, so the
//! operation must be `Sync`:
//! ```compile_fail
//! let counter = std::cell::Cell::new(0);
//! lubdub::broadcast(|_| counter.set(counter.get() + 1));
//! ```
//!
//! A FIFO scope cannot escape, and an in-place scope's jobs cannot borrow
//! the body's locals, although the body itself need not be `Send`:
//! ```compile_fail
//! let mut escaped = None;
//! lubdub::scope_fifo(|s| escaped = Some(s));
//! ```
//! ```compile_fail
//! let mut results = Vec::new();
//! lubdub::in_place_scope(|s| {
//!     let local = 5;
//!     s.spawn(|_| results.push(local));
//! });
//! ```
//!
//! A `BroadcastContext` describes the thread it was given to and cannot be
//! sent to another:
//! ```compile_fail
//! lubdub::broadcast(|ctx| std::thread::scope(|s| {
//!     s.spawn(move || ctx.index());
//! }));
//! ```
