//! [`Registry`]: the shared state of one pool (its seats, its injector queue,
//! the idle counts) and the wake-up rules built on it.

use std::any::Any;
use std::path::PathBuf;
use std::sync::{Arc, Weak};
use std::time::Duration;

use super::context::WorkerContext;
use super::job::JobRef;
use super::queue::JobQueue;
use super::rescue::Rescue;
use super::seat::Seat;
use super::settings::{Handlers, PoolSettings};
use super::sleep::IdleCounters;
use super::spare_stacks::SpareStacks;
use crate::profile::{self, Event, Profile, WorkerProfile};
use crate::sync::{fence, AtomicBool, AtomicU32, AtomicUsize, Ordering};
use crate::trace::{self, Trace};

/// How many calls from outside after one whose promotion reached a thief
/// start shared, each wasting a wake-up if it is short: a program that
/// alternates short and long calls keeps its long ones starting shared,
/// and one that turns to a loop of short calls wastes this many wake-ups.
const SHARED_CALL_CREDIT: u32 = 4;

/// Pools built so far in this process: the next pool's number.
static POOLS_BUILT: AtomicUsize = AtomicUsize::new(0);

pub(crate) struct Registry {
    /// The `Arc` this registry lives in, for [`Registry::to_arc`].
    me: Weak<Registry>,
    seats: Box<[Seat]>,
    /// Jobs from threads outside the pool: `spawn` and calls that found no
    /// idle seat to take.
    injector: JobQueue,
    idle: IdleCounters,
    terminating: AtomicBool,
    heartbeat_period: Duration,
    /// Rescue of occupants that do not poll (`rescue.rs`); `None` when
    /// interrupts are off or unsupported.
    rescue: Option<Rescue>,
    handlers: Handlers,
    /// Whether each seat takes its own queue's oldest job first (the
    /// deprecated `breadth_first` setting).
    breadth_first: bool,
    /// Whether a caller from outside may possess a seat (`entry.rs`); see
    /// [`PoolSettings::callers_take_seats`].
    callers_take_seats: bool,
    /// The stacks such a caller runs its call on, when the pool promises a
    /// stack size (`spare_stacks.rs`).
    spare_stacks: Option<SpareStacks>,
    /// How many more calls from outside offer their work at their first
    /// poll instead of a quarter period in: [`SHARED_CALL_CREDIT`] after a
    /// promotion settled by such a call reached a thief, one less after
    /// each that came back untaken (`README.md`, "Calls that start
    /// shared").
    shared_calls_left: AtomicU32,
    /// The pool's number in this process, as its trace shows it.
    number: usize,
    /// When the pool started ([`profile::now`]).
    started: u64,
    trace_file: Option<PathBuf>,
}

impl Registry {
    /// The shared state of a pool of `settings.num_threads` seats, each
    /// idle and asleep, so that the first caller can take one at once. Its
    /// threads are started by the layer above (`thread_builder.rs`), each
    /// running [`Registry::run_worker`].
    pub(crate) fn new(settings: PoolSettings) -> Arc<Registry> {
        let PoolSettings {
            num_threads,
            heartbeat_period,
            interrupts,
            breadth_first,
            callers_take_seats,
            callers_stack_size,
            handlers,
            observation,
        } = settings;
        let spare_stacks = callers_stack_size
            .filter(|_| callers_take_seats)
            .map(|size| SpareStacks::new(size, num_threads));
        // Where this target cannot switch stacks, a pool that promises a
        // stack size hands its outside calls to its threads.
        let callers_take_seats = callers_take_seats && !matches!(spare_stacks, Some(None));
        let started = profile::now();
        Arc::new_cyclic(|me| Registry {
            me: me.clone(),
            seats: (0..num_threads)
                .map(|_| Seat::new(&observation, started))
                .collect(),
            injector: JobQueue::new(),
            idle: IdleCounters::new(num_threads as u32),
            terminating: AtomicBool::new(false),
            heartbeat_period,
            rescue: Rescue::new(interrupts, heartbeat_period, num_threads),
            handlers,
            breadth_first,
            callers_take_seats,
            spare_stacks: spare_stacks.flatten(),
            shared_calls_left: AtomicU32::new(0),
            number: POOLS_BUILT.fetch_add(1, Ordering::Relaxed),
            started,
            trace_file: observation.trace_file,
        })
    }

    pub(crate) fn num_threads(&self) -> usize {
        self.seats.len()
    }

    pub(crate) fn seat(&self, index: usize) -> &Seat {
        &self.seats[index]
    }

    pub(crate) fn seats(&self) -> &[Seat] {
        &self.seats
    }

    pub(crate) fn idle(&self) -> &IdleCounters {
        &self.idle
    }

    pub(crate) fn heartbeat_period(&self) -> Duration {
        self.heartbeat_period
    }

    pub(crate) fn rescue(&self) -> Option<&Rescue> {
        self.rescue.as_ref()
    }

    /// Whether a new call from outside should offer its work at its first
    /// poll: one of the last few that promoted work had it taken.
    pub(crate) fn outside_calls_share_at_once(&self) -> bool {
        self.shared_calls_left.load(Ordering::Relaxed) != 0
    }

    /// A call from outside settled a promotion: a thief took part of it
    /// (`any_taken`), or the caller took it all back. Written only when it
    /// changes, so that callers in a loop do not share a written line.
    /// (Two callers may race here: a lost update only moves the credit by
    /// one call.)
    pub(crate) fn outside_call_settled(&self, any_taken: bool) {
        let credit = self.shared_calls_left.load(Ordering::Relaxed);
        let next = if any_taken {
            SHARED_CALL_CREDIT
        } else {
            credit.saturating_sub(1)
        };
        if next != credit {
            self.shared_calls_left.store(next, Ordering::Relaxed);
        }
    }

    /// A new counted reference to this registry. (Made from the weak
    /// reference the registry keeps to itself: an `Arc` rebuilt from `&self`
    /// would reach outside what the reference may touch, the counts before
    /// the data.)
    pub(crate) fn to_arc(&self) -> Arc<Registry> {
        self.me
            .upgrade()
            .expect("a registry in use is alive: its user holds a reference")
    }

    pub(crate) fn handlers(&self) -> &Handlers {
        &self.handlers
    }

    pub(crate) fn breadth_first(&self) -> bool {
        self.breadth_first
    }

    pub(crate) fn callers_take_seats(&self) -> bool {
        self.callers_take_seats
    }

    pub(crate) fn spare_stacks(&self) -> Option<&SpareStacks> {
        self.spare_stacks.as_ref()
    }

    pub(crate) fn injector(&self) -> &JobQueue {
        &self.injector
    }

    pub(crate) fn is_terminating(&self) -> bool {
        self.terminating.load(Ordering::SeqCst)
    }

    pub(crate) fn profile(&self) -> Profile {
        static CORES: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
        let elapsed = profile::now().saturating_sub(self.started);
        Profile {
            elapsed: Duration::from_nanos(elapsed),
            cores: *CORES
                .get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get())),
            enabled: self
                .seats
                .first()
                .is_some_and(|seat| seat.account.enabled()),
            workers: self
                .seats
                .iter()
                .enumerate()
                .map(|(index, seat)| WorkerProfile::from_account(index, &seat.account))
                .collect(),
        }
    }

    /// A copy of every seat's trace ring.
    pub(crate) fn trace(&self) -> Trace {
        Trace {
            pool: self.number,
            started: Duration::from_nanos(self.started),
            workers: self
                .seats
                .iter()
                .enumerate()
                .map(|(index, seat)| seat.trace.snapshot(index))
                .collect(),
            taken: Duration::from_nanos(profile::now()),
        }
    }

    /// Turns tracing on or off on every seat; returns whether it was on.
    pub(crate) fn set_tracing(&self, on: bool) -> bool {
        let mut was = false;
        for seat in self.seats.iter() {
            was |= seat.trace.switch(on);
        }
        was
    }

    /// Writes the trace to the pool's trace file, if it has one.
    pub(crate) fn flush_trace(&self) -> std::io::Result<()> {
        match &self.trace_file {
            Some(path) => trace::write_to_file(path, self.trace()),
            None => Ok(()),
        }
    }

    /// Queues a heap job: on the current seat if the current thread works in
    /// this pool, else on the injector. Then makes sure somebody will look.
    pub(crate) fn push_job(&self, job: JobRef) {
        // SAFETY: a non-null current context is live on this thread's stack.
        match unsafe { WorkerContext::current().as_ref() } {
            Some(ctx) if std::ptr::eq(ctx.registry(), self) => ctx.seat().queue.push(job),
            _ => self.injector.push(job),
        }
        self.notify_work();
    }

    /// Called after one job was made stealable: [`Registry::notify_work_for`]
    /// one job.
    pub(crate) fn notify_work(&self) {
        self.notify_work_for(1);
    }

    /// Called after `jobs` jobs were made stealable. Wakes as many sleepers
    /// as there are jobs beyond the threads already searching (who will find
    /// them), as many as sleep. The fence pairs with the one in
    /// `SeatSleep::sleep`: either the sleeper's last look sees the work, or
    /// this reading sees the sleeper.
    pub(crate) fn notify_work_for(&self, jobs: usize) {
        fence(Ordering::SeqCst);
        let idle = self.idle.snapshot();
        let wanted = jobs
            .saturating_sub(idle.searching as usize)
            .min(idle.sleeping as usize);
        for _ in 0..wanted {
            if !self.wake_one() {
                break;
            }
        }
    }

    /// Called by a thread that just took a job from another seat: if it was
    /// the last one searching, threads sleep, and more work waits to be
    /// taken, it wakes one more, so that a promotion of several pieces, or
    /// several promotions at once, reach as many threads as quickly as the
    /// wake-ups can go (`README.md`, "Filling the pool"). Only a shortcut:
    /// every publisher already made sure one thread looks.
    pub(crate) fn pass_wake_on(&self) {
        let idle = self.idle.snapshot();
        if idle.searching == 0 && idle.sleeping > 0 && self.has_work() {
            self.wake_one();
        }
    }

    /// Wakes the first sleeping seat, lowest index first (so that a pool that
    /// needs few threads keeps using the same ones), the watcher last (it
    /// keeps watching while others can take the work).
    pub(super) fn wake_one(&self) -> bool {
        let watcher = self.rescue().and_then(Rescue::watcher);
        (0..self.seats.len())
            .filter(|&index| Some(index) != watcher)
            .chain(watcher)
            .any(|index| self.wake_seat(index))
    }

    /// Wakes seat `index` if its occupant sleeps.
    pub(crate) fn wake_seat(&self, index: usize) -> bool {
        let seat = &self.seats[index];
        let woke = seat.sleep.wake(&self.idle);
        if woke {
            seat.count(Event::Wakeup);
        }
        woke
    }

    /// True if any thread could take work somewhere in the pool.
    pub(crate) fn has_work(&self) -> bool {
        !self.injector.looks_empty() || self.seats.iter().any(Seat::has_work)
    }

    /// Asks every thread to finish the queued work and exit.
    pub(crate) fn terminate(&self) {
        self.terminating.store(true, Ordering::SeqCst);
        for index in 0..self.seats.len() {
            self.wake_seat(index);
        }
    }

    /// Hands the panic of a `spawn` job, which has no caller, to the
    /// configured handler, or reports it on stderr.
    pub(crate) fn handle_panic(&self, payload: Box<dyn Any + Send>) {
        self.handlers.handle_panic(payload);
    }
}

/// The last reference to a registry goes away when its last thread exits (or
/// with the pool, if it has none): its trace is complete, so it is written to
/// the pool's trace file, if it has one. Nobody is left to hear of a failure
/// but stderr.
impl Drop for Registry {
    fn drop(&mut self) {
        if let Err(error) = self.flush_trace() {
            eprintln!("{error}");
        }
    }
}
