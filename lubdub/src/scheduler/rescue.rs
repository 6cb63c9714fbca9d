//! Rescue: promotion that does not wait for the owner to poll.
//!
//! A busy thread offers work only when it polls its heartbeat (at a `join`'s
//! countdown or a loop's chunk boundary). One that blocks, or runs long
//! without polling, would keep its pending jobs forever. So one idle thread
//! of the pool, the *watcher*, sleeps with a timeout of a few heartbeat
//! periods instead of indefinitely; each time it wakes it looks at every
//! seat's occupant ([`Owner`]). An occupant that has pending jobs, an empty
//! published slot and has not polled since the previous look is interrupted
//! with the rescue signal (`interrupt.rs`), whose handler publishes its
//! oldest pending job; the watcher then takes it like any published job.
//!
//! Nothing here runs while every thread is busy: only an idle thread
//! watches, and it signals only occupants that have not polled for a whole
//! interval. The role passes between idle threads as described in
//! `README.md` ("Rescue").

use std::marker::PhantomData;
use std::ptr;
use std::time::{Duration, Instant};

use super::interrupt::{self, Thread};
use super::pending::PendingList;
use super::registry::Registry;
use super::seat::Seat;
use super::sleep::Occupant;
use crate::sync::{
    fence, AtomicBool, AtomicPtr, AtomicU32, AtomicU64, AtomicUsize, Mutex, Ordering,
};

/// The watcher's interval, in heartbeat periods: an occupant is interrupted
/// after missing this many periods' polls (about four polls each).
const PERIODS_PER_LOOK: u32 = 2;
/// Bounds of the interval: a zero period would make the watcher spin, and a
/// huge one (`Duration::MAX`: no heartbeat at all) should still rescue a
/// blocked owner in reasonable time.
const MIN_INTERVAL: Duration = Duration::from_micros(50);
const MAX_INTERVAL: Duration = Duration::from_millis(10);
/// While its looks find nothing pending anywhere, the watcher doubles its
/// interval, up to this many times the base one (and at most
/// [`MAX_BACKED_OFF`]): a pool that is mostly idle wakes it rarely, and a
/// thread that blocks is still rescued within a few milliseconds.
const MAX_BACKOFF: u32 = 16;
const MAX_BACKED_OFF: Duration = Duration::from_millis(40);
/// How long no seat may be busy before the watcher stops watching and sleeps
/// without a timeout. Long enough that a program that calls into the pool
/// every few milliseconds keeps its watcher, and does not pay a wake-up per
/// call to re-arm one.
const LINGER: Duration = Duration::from_millis(100);

/// Values of [`Rescue::watcher`] besides a seat index: nobody watches (the
/// pool was idle; the next seat to get busy arms the role), and nobody
/// watches but the role is wanted (a sleeper was woken to take it, and
/// whichever thread falls asleep next takes it).
const NOBODY: usize = usize::MAX;
const ARMING: usize = usize::MAX - 1;

/// What a watcher may read of a seat's occupant, and what its signal
/// handler acts on. Lives in the occupant's `WorkerContext`.
pub(crate) struct Owner {
    pub(crate) pending: PendingList,
    /// Counts the occupant's polls (heartbeat clock reads).
    polls: AtomicU32,
    /// Set while the occupant promotes a job itself: its handler then keeps
    /// off the pending list.
    pub(crate) promoting: AtomicBool,
    /// How many pieces of loops the occupant runs (`pending_loops.rs`);
    /// only the occupant writes it.
    loops: AtomicU32,
    /// Set by the handler for an occupant that runs a loop: a loop cannot
    /// be split from the handler, so its next poll reads the clock instead
    /// of counting down (`WorkerContext::loop_poll`).
    poll_now: AtomicBool,
    thread: Thread,
}

impl Owner {
    pub(crate) fn new() -> Self {
        Self {
            pending: PendingList::new(),
            polls: AtomicU32::new(0),
            promoting: AtomicBool::new(false),
            loops: AtomicU32::new(0),
            poll_now: AtomicBool::new(false),
            thread: Thread::current(),
        }
    }

    /// The occupant starts (`+1`) or ends (`-1`) a piece of a loop. Only the
    /// occupant calls this.
    #[inline]
    pub(crate) fn count_loops(&self, change: i32) {
        let loops = self.loops.load(Ordering::Relaxed);
        self.loops
            .store(loops.wrapping_add_signed(change), Ordering::Relaxed);
    }

    /// True while the occupant runs a loop: a watcher may interrupt it if it
    /// does not poll, and the handler then asks for a poll.
    pub(crate) fn runs_loops(&self) -> bool {
        self.loops.load(Ordering::Relaxed) != 0
    }

    /// The handler asks the occupant's next loop poll to read the clock.
    /// Async-signal-safe.
    #[cfg_attr(miri, allow(dead_code))] // no signals under Miri
    pub(crate) fn request_poll(&self) {
        self.poll_now.store(true, Ordering::Relaxed);
    }

    /// True, once, after the handler asked for a poll.
    #[inline]
    pub(crate) fn poll_requested(&self) -> bool {
        self.poll_now.load(Ordering::Relaxed) && self.poll_now.swap(false, Ordering::Relaxed)
    }

    /// The occupant polled. Only the occupant calls this.
    pub(crate) fn polled(&self) {
        let polls = self.polls.load(Ordering::Relaxed);
        self.polls.store(polls.wrapping_add(1), Ordering::Relaxed);
    }
}

/// A seat's side of rescue: who occupies it, for watchers.
pub(crate) struct SeatRescue {
    /// The registered occupants, by [`Occupant`]: the seat's own thread, and
    /// a caller that possessed the seat.
    owners: [AtomicPtr<Owner>; 2],
    /// Watchers reading an owner right now; an owner leaves only when this is
    /// zero, so that it is not freed (nor its thread gone) under them.
    readers: AtomicU32,
    /// A watcher sent the signal and its handler has not run yet.
    requested: AtomicBool,
}

impl SeatRescue {
    pub(crate) fn new() -> Self {
        Self {
            owners: [
                AtomicPtr::new(ptr::null_mut()),
                AtomicPtr::new(ptr::null_mut()),
            ],
            readers: AtomicU32::new(0),
            requested: AtomicBool::new(false),
        }
    }

    /// Shows `owner` to watchers as the seat's `occupant` until the returned
    /// guard drops.
    pub(crate) fn register<'a>(&'a self, owner: &'a Owner, occupant: Occupant) -> Registration<'a> {
        let slot = occupant as usize;
        // Release: a watcher that loads the owner sees it initialised.
        self.owners[slot].store(ptr::from_ref(owner).cast_mut(), Ordering::Release);
        Registration {
            seat: self,
            slot,
            owner: PhantomData,
        }
    }

    /// The handler ran: a waiting watcher may go on. Async-signal-safe (a
    /// lock-free store).
    #[cfg_attr(miri, allow(dead_code))] // no signals under Miri
    pub(crate) fn handled(&self) {
        self.requested.store(false, Ordering::SeqCst);
    }
}

/// An occupant shown to watchers; dropping it hides the occupant again and
/// waits until no watcher reads it.
pub(crate) struct Registration<'a> {
    seat: &'a SeatRescue,
    slot: usize,
    owner: PhantomData<&'a Owner>,
}

impl Drop for Registration<'_> {
    fn drop(&mut self) {
        // Dekker with `Registry::look_at`: either the watcher's increment of
        // `readers` is seen here, or its load of the slot sees null.
        self.seat.owners[self.slot].store(ptr::null_mut(), Ordering::SeqCst);
        while self.seat.readers.load(Ordering::SeqCst) != 0 {
            std::thread::yield_now();
        }
    }
}

/// A pool's rescue state; absent when interrupts are off or unsupported.
pub(crate) struct Rescue {
    /// How long the watcher sleeps between two looks while work is pending
    /// somewhere: an occupant is interrupted after missing its polls for
    /// this long.
    interval: Duration,
    /// The watcher's next sleep, in microseconds: `interval`, or more after
    /// looks that found nothing pending.
    timeout_us: AtomicU64,
    /// The watching seat's index, or [`NOBODY`] or [`ARMING`].
    watcher: AtomicUsize,
    watch: Mutex<Watch>,
}

/// The watcher's memory, kept across looks and handed on with the role.
struct Watch {
    /// What the last look saw of each seat's two occupants.
    seen: Vec<Seen>,
    /// Since when every seat has been idle, if it has.
    quiet_since: Option<Instant>,
}

/// What a look at an occupant slot found.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Look {
    /// Nobody there, or nothing pending.
    Idle,
    /// Jobs pending, the occupant polling or its slot full.
    Pending,
    /// Jobs pending and no poll since the last look: interrupted.
    Interrupted,
}

/// An occupant (by address) and its poll count, at one look.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
struct Seen {
    owner: usize,
    polls: u32,
}

impl Rescue {
    /// The rescue state of a pool of `seats` seats with heartbeat `period`,
    /// or `None` if the signal cannot be used or nobody could rescue (one
    /// seat).
    pub(crate) fn new(enabled: bool, period: Duration, seats: usize) -> Option<Self> {
        let interval = period
            .saturating_mul(PERIODS_PER_LOOK)
            .clamp(MIN_INTERVAL, MAX_INTERVAL);
        (enabled && seats > 1 && interrupt::install()).then(|| Self {
            interval,
            timeout_us: AtomicU64::new(micros(interval)),
            watcher: AtomicUsize::new(NOBODY),
            watch: Mutex::new(Watch {
                seen: vec![Seen::default(); 2 * seats],
                quiet_since: None,
            }),
        })
    }

    /// The watching seat, if any.
    pub(crate) fn watcher(&self) -> Option<usize> {
        let watcher = self.watcher.load(Ordering::Relaxed);
        (watcher < ARMING).then_some(watcher)
    }

    /// The watcher's next sleep: the base interval if the last look found
    /// work pending, else twice the last one, within the backoff bounds.
    fn next_timeout(&self, pending: bool) -> Duration {
        let last = Duration::from_micros(self.timeout_us.load(Ordering::Relaxed));
        let next = if pending {
            self.interval
        } else {
            let most = self
                .interval
                .saturating_mul(MAX_BACKOFF)
                .min(MAX_BACKED_OFF);
            last.saturating_mul(2).min(most).max(self.interval)
        };
        self.timeout_us.store(micros(next), Ordering::Relaxed);
        next
    }
}

fn micros(duration: Duration) -> u64 {
    u64::try_from(duration.as_micros()).unwrap_or(u64::MAX)
}

impl Registry {
    /// Shows `owner`, seat `index`'s new `occupant`, to watchers (if this
    /// pool has any) until the returned guard drops.
    pub(crate) fn show_owner<'a>(
        &'a self,
        index: usize,
        owner: &'a Owner,
        occupant: Occupant,
    ) -> Option<Registration<'a>> {
        self.rescue()?;
        Some(self.seat(index).rescue.register(owner, occupant))
    }

    /// Seat `me` is about to sleep idle: its sleep timeout, if it watches
    /// (it takes the role if the role is [`ARMING`]: wanted, not taken).
    pub(crate) fn watch_timeout(&self, me: usize) -> Option<Duration> {
        let rescue = self.rescue()?;
        let watcher = rescue.watcher.load(Ordering::Relaxed);
        if watcher == me {
            return Some(Duration::from_micros(
                rescue.timeout_us.load(Ordering::Relaxed),
            ));
        }
        let taken = watcher == ARMING
            && rescue
                .watcher
                .compare_exchange(ARMING, me, Ordering::SeqCst, Ordering::Relaxed)
                .is_ok();
        // The role was wanted because a seat got busy: look soon.
        taken.then(|| rescue.next_timeout(true))
    }

    /// The watcher's sleep (seat `me`'s) timed out: interrupt every occupant
    /// that needs it, and stop watching if the pool has been idle a while.
    /// True if it interrupted one (a job is about to be published).
    pub(crate) fn watch(&self, me: usize) -> bool {
        let Some(rescue) = self.rescue() else {
            return false;
        };
        if rescue.watcher.load(Ordering::Relaxed) != me {
            return false; // a caller took this seat meanwhile, and the role
        }
        let mut watch = rescue.watch.lock().unwrap_or_else(|p| p.into_inner());
        let (mut pending, mut sent) = (false, false);
        for (index, seat) in self.seats().iter().enumerate() {
            if index != me {
                for slot in 0..2 {
                    let seen = &mut watch.seen[2 * index + slot];
                    let look = self.look_at(seat, slot, seen, rescue);
                    pending |= look != Look::Idle;
                    sent |= look == Look::Interrupted;
                }
            }
        }
        rescue.next_timeout(pending);
        if self.busy_seats() > 0 {
            watch.quiet_since = None;
            return sent;
        }
        let now = Instant::now();
        let quiet_since = *watch.quiet_since.get_or_insert(now);
        if now.saturating_duration_since(quiet_since) < LINGER {
            return sent;
        }
        watch.quiet_since = None;
        if rescue
            .watcher
            .compare_exchange(me, NOBODY, Ordering::SeqCst, Ordering::Relaxed)
            .is_ok()
        {
            // Dekker with `arm_watcher` and `on_busy`: a seat that got
            // busy before this fence is seen below; one after it sees NOBODY
            // and arms a new watcher.
            fence(Ordering::SeqCst);
            if self.busy_seats() > 0 {
                let _ = rescue.watcher.compare_exchange(
                    NOBODY,
                    me,
                    Ordering::SeqCst,
                    Ordering::Relaxed,
                );
            }
        }
        sent
    }

    /// Looks at one occupant slot of `seat`; interrupts the occupant if it
    /// has pending work, nothing published, and has not polled since the
    /// last look.
    fn look_at(&self, seat: &Seat, slot: usize, seen: &mut Seen, rescue: &Rescue) -> Look {
        let target = &seat.rescue;
        target.readers.fetch_add(1, Ordering::SeqCst);
        let owner = target.owners[slot].load(Ordering::SeqCst);
        // SAFETY: a registered owner stays alive, and its thread running,
        // until its registration is dropped, which waits for `readers` to
        // reach zero; the increment above came first (see Registration).
        let look = match unsafe { owner.as_ref() } {
            None => {
                *seen = Seen::default();
                Look::Idle
            }
            Some(owner) => {
                let now = Seen {
                    owner: ptr::from_ref(owner).addr(),
                    polls: owner.polls.load(Ordering::Relaxed),
                };
                let pending = !owner.pending.looks_empty() || owner.runs_loops();
                let stuck = now == *seen && pending && seat.published.is_empty();
                *seen = now;
                if stuck {
                    target.requested.store(true, Ordering::SeqCst);
                    // SAFETY: the owner's thread runs, as above.
                    unsafe { owner.thread.interrupt() };
                    Look::Interrupted
                } else if pending {
                    Look::Pending
                } else {
                    Look::Idle
                }
            }
        };
        target.readers.fetch_sub(1, Ordering::Release);
        if look == Look::Interrupted {
            // Give the handler time to run, so that the search that follows
            // finds the job it publishes.
            let start = Instant::now();
            while target.requested.load(Ordering::SeqCst) && start.elapsed() < rescue.interval {
                std::thread::yield_now();
            }
        }
        look
    }

    /// An occupant with pending jobs polled: if nobody watches, wake a
    /// sleeper to take the role.
    pub(crate) fn arm_watcher(&self) {
        let Some(rescue) = self.rescue() else { return };
        // Dekker with the watcher giving up its role (see `watch`).
        fence(Ordering::SeqCst);
        if rescue.watcher.load(Ordering::Relaxed) == NOBODY
            && rescue
                .watcher
                .compare_exchange(NOBODY, ARMING, Ordering::SeqCst, Ordering::Relaxed)
                .is_ok()
        {
            self.wake_one();
        }
    }

    /// Seat `me` stops searching: it found a job, or the latch it waited on
    /// is set. A watcher hands its role on (the next sleeper takes it); and
    /// if nobody watched (the pool was idle a while), a sleeper is woken to
    /// watch the seat now busy.
    pub(crate) fn on_busy(&self, me: usize) {
        let Some(rescue) = self.rescue() else { return };
        let watcher = rescue.watcher.load(Ordering::SeqCst);
        if (watcher == me || watcher == NOBODY)
            && rescue
                .watcher
                .compare_exchange(watcher, ARMING, Ordering::SeqCst, Ordering::Relaxed)
                .is_ok()
        {
            self.wake_one();
        }
    }

    /// A caller took seat `index`: if its thread was the watcher, it cannot
    /// watch until the caller leaves, so the role goes to another sleeper.
    pub(crate) fn on_possessed(&self, index: usize) {
        let Some(rescue) = self.rescue() else { return };
        if rescue.watcher.load(Ordering::Relaxed) == index
            && rescue
                .watcher
                .compare_exchange(index, ARMING, Ordering::SeqCst, Ordering::Relaxed)
                .is_ok()
        {
            self.wake_one();
        }
    }

    /// Seats whose occupant runs (neither searching nor asleep).
    fn busy_seats(&self) -> usize {
        let idle = self.idle().snapshot();
        self.num_threads()
            .saturating_sub((idle.searching + idle.sleeping) as usize)
    }
}
