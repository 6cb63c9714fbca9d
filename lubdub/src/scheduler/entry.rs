//! Entering a pool: how a call gets a seat.
//!
//! A thread that already occupies a seat of the pool runs the call inline,
//! also when the seat is further up its stack (it went into another pool
//! from there, and that pool's work calls back). A thread from outside takes
//! the seat of a sleeping worker (one atomic compare-and-swap, no wake-up)
//! and gives it back afterwards, running the call on one of the pool's
//! spare stacks when the pool promises a stack size; only when every seat
//! is busy, or the pool's work must run on its own threads, does the call
//! go through the injector queue. A caller that works in another pool then
//! keeps working there until the call is done; any other caller blocks.

use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Condvar, Mutex};
use std::thread;

use super::clock::Stamp;
use super::context::WorkerContext;
use super::job::HeapJob;
use super::latch::Latch;
use super::registry::Registry;
use super::sleep::Occupant;
use super::spare_stacks::SpareStacks;
use crate::profile::WorkerState;
use crate::sync::{fence, Ordering};
use crate::unwind;

impl Registry {
    /// Runs `op` on a seat of this pool and returns its result; a panic in
    /// `op` propagates to the caller.
    #[inline]
    pub(crate) fn in_worker<OP, R>(&self, op: OP) -> R
    where
        OP: FnOnce(&WorkerContext) -> R + Send,
        R: Send,
    {
        // SAFETY: a non-null current context is live on this thread's stack.
        match unsafe { WorkerContext::current().as_ref() } {
            Some(ctx) if std::ptr::eq(ctx.registry(), self) => op(ctx),
            _ => self.enter_cold(op),
        }
    }

    #[cold]
    fn enter_cold<OP, R>(&self, op: OP) -> R
    where
        OP: FnOnce(&WorkerContext) -> R + Send,
        R: Send,
    {
        if let Some(ctx) = WorkerContext::occupying(self) {
            // The seat this thread holds further up its stack is the one to
            // use: waiting for another would wait for this thread itself.
            return ctx.run_current(|| op(ctx));
        }
        // A pool that promises a stack size runs the call on a stack of that
        // size; when the system has no memory for one, on its own threads.
        let mut stack = match self.spare_stacks().map(SpareStacks::take) {
            Some(None) => return self.inject(op),
            taken => taken.flatten(),
        };
        let Some(index) = self.try_possess() else {
            return self.inject(op);
        };
        let _seat = Possession {
            registry: self,
            index,
        };
        let ctx = WorkerContext::new(self, index, Occupant::Caller);
        let _shown = self.show_owner(index, ctx.owner(), Occupant::Caller);
        match &mut stack {
            None => ctx.run_current(|| op(&ctx)),
            Some(stack) => match stack.run(|| ctx.run_current(|| op(&ctx))) {
                Ok(result) => result,
                Err(payload) => unwind::resume(payload),
            },
        }
    }

    /// Every seat is busy, or the caller cannot run the call itself: queue
    /// `op` for the pool's threads and wait for it.
    fn inject<OP, R>(&self, op: OP) -> R
    where
        OP: FnOnce(&WorkerContext) -> R + Send,
        R: Send,
    {
        // SAFETY: a non-null current context is live on this thread's stack.
        match unsafe { WorkerContext::current().as_ref() } {
            Some(home) => self.inject_and_work(home, op),
            None => self.inject_and_wait(op),
        }
    }

    /// Takes the seat of an idle, sleeping worker, if there is one, the
    /// watcher's last. The caller is then the seat's occupant, working.
    fn try_possess(&self) -> Option<usize> {
        if !self.callers_take_seats() {
            return None;
        }
        let watcher = self.rescue().and_then(|rescue| rescue.watcher());
        let index = (0..self.num_threads())
            .filter(|&index| Some(index) != watcher)
            .chain(watcher)
            .find(|&index| self.seat(index).sleep.try_possess(self.idle()))?;
        self.on_possessed(index);
        self.seat(index).enter(WorkerState::Working);
        Some(index)
    }

    /// Gives seat `index` back to its sleeping thread, and wakes a thread if
    /// work appeared that the leaving caller will not do.
    fn release_seat(&self, index: usize) {
        let seat = self.seat(index);
        // Before the release: once the seat is idle its thread, or another
        // caller, may occupy it and account for it.
        seat.enter(WorkerState::Sleeping);
        seat.sleep.release(self.idle());
        fence(Ordering::SeqCst);
        // Broadcast jobs for this seat wait for its own thread now.
        if !seat.broadcasts.looks_empty() {
            self.wake_seat(index);
        }
        if self.is_terminating() {
            self.wake_seat(index);
        } else if self.has_work() {
            self.notify_work();
        }
    }

    /// Every seat is busy and the caller works in another pool (on `home`):
    /// queue `op` for this pool and work for the home pool until it ran, so
    /// that two pools waiting for each other keep going.
    fn inject_and_work<OP, R>(&self, home: &WorkerContext, op: OP) -> R
    where
        OP: FnOnce(&WorkerContext) -> R + Send,
        R: Send,
    {
        let done = Latch::new();
        let mut result = None;
        let reply = Reply {
            result: &raw mut result,
            done: &done,
            home: home.registry().to_arc(),
            seat: home.index(),
        };
        self.injector().push(HeapJob::into_job_ref(move |ctx| {
            reply.send(unwind::halt(|| op(ctx)));
        }));
        self.notify_work();
        home.wait_until(&done);
        match result {
            Some(Ok(result)) => result,
            Some(Err(payload)) => unwind::resume(payload),
            None => unreachable!("the latch is set after the result is written"),
        }
    }

    /// Every seat is busy: queue `op` for the pool and block until it ran.
    fn inject_and_wait<OP, R>(&self, op: OP) -> R
    where
        OP: FnOnce(&WorkerContext) -> R + Send,
        R: Send,
    {
        let completion = Completion::new();
        let finisher = Finisher(&raw const completion);
        self.injector().push(HeapJob::into_job_ref(move |ctx| {
            finisher.finish(unwind::halt(|| op(ctx)));
        }));
        self.notify_work();
        match completion.wait() {
            Ok(result) => result,
            Err(payload) => unwind::resume(payload),
        }
    }
}

/// Returns a taken seat when the call ends, by return or by panic.
struct Possession<'a> {
    registry: &'a Registry,
    index: usize,
}

impl Drop for Possession<'_> {
    fn drop(&mut self) {
        self.registry.release_seat(self.index);
    }
}

/// Where an injected call leaves its result for a caller that works in its
/// home pool meanwhile, and how it wakes that caller's seat.
struct Reply<R> {
    result: *mut Option<thread::Result<R>>,
    done: *const Latch,
    /// Counted: the caller's pool may go as soon as the latch is set.
    home: Arc<Registry>,
    seat: usize,
}

// SAFETY: the pointers lead to the caller's frame, which waits for `done`;
// the result is `Send`.
unsafe impl<R: Send> Send for Reply<R> {}

impl<R> Reply<R> {
    fn send(self, result: thread::Result<R>) {
        // SAFETY: the caller's frame lives until `done` is set, and nobody
        // else touches the result before that.
        unsafe { *self.result = Some(result) };
        // SAFETY: as above; `home` and `seat` were read out before the set.
        if unsafe { Latch::set(self.done) } {
            self.home.wake_seat(self.seat);
        }
    }
}

/// How long a caller whose call was handed to the pool's threads looks for
/// the result before it sleeps, in nanoseconds: longer than waking one of
/// those threads and running a short call takes (10-40 µs measured on a
/// 2-vCPU virtual machine, BENCHMARKS.md "The hand-off's wait").
const CALLER_PATIENCE_NS: u64 = 100_000;

/// Where an injected call leaves its result for the blocked caller.
struct Completion<R> {
    slot: Mutex<Slot<R>>,
    /// Set, under the lock, once the result is in: what the caller watches
    /// while it backs off, before it sleeps on `done`.
    ready: AtomicBool,
    done: Condvar,
}

/// What [`Completion`]'s lock guards.
struct Slot<R> {
    result: Option<thread::Result<R>>,
    /// The caller sleeps on `done` (else it needs no notification, which
    /// would cost the pool's thread a system call).
    caller_sleeps: bool,
}

impl<R> Completion<R> {
    fn new() -> Self {
        Completion {
            slot: Mutex::new(Slot {
                result: None,
                caller_sleeps: false,
            }),
            ready: AtomicBool::new(false),
            done: Condvar::new(),
        }
    }

    /// Yields the CPU between looks for up to [`CALLER_PATIENCE_NS`], then
    /// sleeps until the result is in. A short call's result then arrives
    /// while the caller still looks, even when the pool's thread had to be
    /// woken for it: the caller pays no wake-up of its own, and its next
    /// call finds that thread still searching. It yields rather than spins
    /// because the thread it waits for is often woken onto the caller's own
    /// CPU, and runs only when the caller lets it.
    fn wait(&self) -> thread::Result<R> {
        let start = Stamp::now();
        while !self.ready.load(Ordering::Acquire) && Stamp::now().since(start) < CALLER_PATIENCE_NS
        {
            std::thread::yield_now();
        }
        let mut slot = self.slot.lock().unwrap_or_else(|p| p.into_inner());
        loop {
            if let Some(result) = slot.result.take() {
                return result;
            }
            slot.caller_sleeps = true;
            slot = self.done.wait(slot).unwrap_or_else(|p| p.into_inner());
        }
    }
}

/// The injected job's way to a [`Completion`] in the blocked caller's frame.
/// A raw pointer, not a reference: the caller frees the completion as soon
/// as it sees the result, which may be before [`Finisher::finish`] has
/// returned, and a reference held as an argument or a captured field would
/// have to stay valid until then.
struct Finisher<R>(*const Completion<R>);

// SAFETY: the completion waits in the caller's frame for this handle's one
// use; the result sent through it is `Send`.
unsafe impl<R: Send> Send for Finisher<R> {}

impl<R> Finisher<R> {
    fn finish(self, result: thread::Result<R>) {
        // SAFETY: the caller's frame keeps the completion until it takes the
        // result, which it can only do once the lock below is released.
        let completion = unsafe { &*self.0 };
        let mut slot = completion.slot.lock().unwrap_or_else(|p| p.into_inner());
        slot.result = Some(result);
        completion.ready.store(true, Ordering::Release);
        // Notified under the lock: the caller cannot see the result, return
        // and free the completion before this notify is done.
        if slot.caller_sleeps {
            completion.done.notify_all();
        }
    }
}
