//! [`Heartbeat`]: when a busy thread should offer work, decided without a
//! timer thread and without reading the clock on every `join`.
//!
//! Each `join` decrements a thread-private countdown (a plain load, subtract
//! and store; no atomics). When it reaches zero the thread reads the clock,
//! which costs about as much as a few dozen joins, and rescales the countdown so that clock reads
//! happen about [`CHECKS_PER_PERIOD`] times per heartbeat period, whatever a
//! join's work costs. A loop's chunks count down a second countdown of
//! their own, calibrated the same way but counted in items: a chunk takes
//! its length off it, so that the reads stay as far apart while a loop's
//! chunks double (`iter/plumbing/schedule.rs` says what counting per chunk
//! cost). A heartbeat is due when a period has passed since the thread
//! last promoted a job, or longer while its promotions go to waste
//! ([`Heartbeat::settled`]).

use std::cell::Cell;
use std::time::Duration;

use super::clock::{self, Stamp};

/// Clock reads per heartbeat period the countdown aims for: a beat comes at
/// most a quarter period late.
const CHECKS_PER_PERIOD: u64 = 4;

/// How far a countdown may run between two clock reads.
#[derive(Clone, Copy)]
struct Bounds {
    /// The most counts between two reads. Bounds the lateness of a beat
    /// when counts suddenly become expensive after a run of cheap ones.
    most: u32,
    /// How many times the counts it measured a countdown may grow to at a
    /// read.
    growth: u32,
}

/// The joins' countdown: at most 4,096 joins between two reads, and four
/// times as many as the last read measured. A `join` is counted before its
/// halves run, so the first read after the countdown starts (a call from
/// outside, a steal) measures the region's setup, not its leaves; scaled on
/// that alone, the next read would wait for hundreds of joins (300 µs in
/// a 1 ms region of 1 µs leaves). Growing fourfold per read, the countdown
/// reaches its calibration in a few reads, each at most four times the
/// last one's interval later.
const JOINS: Bounds = Bounds {
    most: 4096,
    growth: 4,
};

/// The loops' countdown, counted in items: the same bound on the counts
/// (in 32-item units), and no bound on the growth: a chunk is counted after
/// it ran, so every read measures the items it counts (and a loop also
/// reads the clock early in each piece: `iter/plumbing/schedule.rs`).
const ITEMS: Bounds = Bounds {
    most: 4096 * 32,
    growth: u32::MAX,
};

/// The most doublings of the period between two beats while promotions go
/// to waste ([`Heartbeat::settled`]): a beat comes at most `2^MAX_BACK_OFF`
/// periods after the last one.
const MAX_BACK_OFF: u32 = 3;

/// A countdown to the next clock read, calibrated to what one count costs.
pub(crate) struct Countdown {
    countdown: Cell<u32>,
    interval: Cell<u32>,
    last_check: Cell<Stamp>,
    bounds: Bounds,
}

impl Countdown {
    fn new(now: Stamp, bounds: Bounds) -> Self {
        Self {
            countdown: Cell::new(0),
            interval: Cell::new(1),
            last_check: Cell::new(now),
            bounds,
        }
    }

    /// Counts one event; true when the clock must be read
    /// ([`Heartbeat::check`]).
    #[inline(always)]
    pub(crate) fn count_down(&self) -> bool {
        self.count_down_by(1)
    }

    /// Counts `counts` events at once (a chunk of a loop, counted in
    /// items); true when the clock must be read ([`Heartbeat::check`]).
    #[inline(always)]
    pub(crate) fn count_down_by(&self, counts: usize) -> bool {
        // One subtraction and a branch on the borrow; `check` refills it.
        // More counts than a `u32` holds run it out as `u32::MAX` does.
        let counts = u32::try_from(counts).unwrap_or(u32::MAX);
        let (left, expired) = self.countdown.get().overflowing_sub(counts);
        self.countdown.set(left);
        expired
    }

    /// How many counts cost about a `period / CHECKS_PER_PERIOD`, as of the
    /// last clock read; 1 before the first, or when each count costs that
    /// much or more.
    #[inline]
    pub(crate) fn per_check(&self) -> u32 {
        self.interval.get()
    }

    /// Makes the next count read the clock, as if each count had cost at
    /// least a quarter period so far: the read at the next count then
    /// measures that one count, from `now` on.
    fn expire(&self, now: Stamp) {
        self.interval.set(1);
        self.countdown.set(0);
        self.last_check.set(now);
    }

    /// The clock read `now`: refills the countdown so that the next read
    /// comes `between_reads` nanoseconds later, if counts keep costing
    /// what they cost since the last read. That read came when the countdown
    /// ran out, or earlier if forced (a loop's check): the counts made since
    /// the refill are what `elapsed` paid for.
    fn rescale(&self, now: Stamp, between_reads: u64) {
        let elapsed = now.since(self.last_check.get());
        self.last_check.set(now);
        // The refill set `interval - 1`; the counts took themselves off,
        // and the one that ran out wrapped it below zero.
        let counted = self
            .interval
            .get()
            .wrapping_sub(1)
            .wrapping_sub(self.countdown.get())
            .clamp(1, self.bounds.most);
        let interval = next_interval(counted, elapsed, between_reads, self.bounds);
        self.interval.set(interval);
        self.countdown.set(interval - 1);
    }
}

/// A due heartbeat ([`Heartbeat::check`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Due {
    /// When the clock was read.
    pub(crate) now: Stamp,
    /// Whether the beat may wake sleeping threads for what it promotes, or
    /// only hand work to threads already searching.
    pub(crate) wakes: bool,
}

/// When a thread's next heartbeat is due. `join`s and a loop's chunk
/// boundaries count down separate [`Countdown`]s: a chunk of a loop can cost
/// a million times a `join` (a chunk of elliptic-curve butterflies against an
/// empty fork), and a countdown calibrated on cheap joins would let a loop of
/// expensive items run for seconds without reading the clock, so that it
/// never splits.
pub(crate) struct Heartbeat {
    pub(crate) joins: Countdown,
    pub(crate) chunks: Countdown,
    last_beat: Cell<Stamp>,
    /// The start of the period the profile last counted a heartbeat in.
    last_counted: Cell<Stamp>,
    /// The heartbeat period, in nanoseconds ([`clock::nanos`]: `u64::MAX`
    /// for a period of `Duration::MAX`, heartbeat off).
    period: u64,
    /// The time the countdowns aim for between two clock reads,
    /// `period / CHECKS_PER_PERIOD`, in nanoseconds.
    between_reads: u64,
    /// The time between two beats, in nanoseconds: `period` doubled once for
    /// each promotion in a row that went to waste, at most [`MAX_BACK_OFF`]
    /// times.
    spacing: Cell<u64>,
    /// A beat is due at the next clock read, whatever the time: the thread
    /// just took work from another seat, or thieves took every piece of its
    /// last promotion (`README.md`, "Filling the pool"), or it is a call
    /// from outside that starts shared ("Calls that start shared").
    eager: Cell<bool>,
    /// The thread's last promotion is not settled yet: its owner has not
    /// taken its pieces back or joined them.
    outstanding: Cell<bool>,
}

impl Heartbeat {
    /// The heartbeat of a new context: a pool thread's when it starts, a
    /// caller's for each call from outside. Its first beat is due a quarter
    /// period in (the time between two clock reads), not a whole period:
    /// a call of a few microseconds (a small loop in a hot loop) ends
    /// before it and wakes nobody, while a region of a few hundred
    /// microseconds is shared a quarter period in instead of a period. (A
    /// call from outside may instead start with its beat due:
    /// [`Heartbeat::due_at_first_poll`].)
    pub(crate) fn new(period: Duration) -> Self {
        let now = Stamp::now();
        let period = clock::nanos(period);
        let between_reads = period / CHECKS_PER_PERIOD;
        // A period longer than the clock has run (days: off, in practice)
        // counts from the clock's start.
        let as_if_beaten = now.earlier_by(period - between_reads);
        Self {
            joins: Countdown::new(now, JOINS),
            chunks: Countdown::new(now, ITEMS),
            last_beat: Cell::new(as_if_beaten),
            last_counted: Cell::new(now),
            period,
            between_reads,
            spacing: Cell::new(period),
            eager: Cell::new(false),
            outstanding: Cell::new(false),
        }
    }

    /// Makes the first poll find a beat due, whatever the time: a call from
    /// outside soon after one whose promotion reached a thief offers its
    /// work at once (`README.md`, "Calls that start shared").
    pub(crate) fn due_at_first_poll(self) -> Self {
        self.eager.set(true);
        self
    }

    /// Rescales `countdown` (one of this heartbeat's) with the clock read
    /// `now`, and says whether a heartbeat is due: a period has passed
    /// since the last beat. While promotions go to waste (the spacing is longer than a
    /// period), a beat before the spacing has passed is [`Due::wakes`]
    /// false: it may hand work to threads that are searching, but wakes no
    /// sleeper, so that a new region right after a wasted promotion is not
    /// delayed while a sleeper is never woken for nothing.
    pub(crate) fn check(&self, countdown: &Countdown, now: Stamp) -> Option<Due> {
        countdown.rescale(now, self.between_reads);
        let since = now.since(self.last_beat.get());
        if self.eager.get() || since >= self.spacing.get() {
            Some(Due { now, wakes: true })
        } else if since >= self.period {
            Some(Due { now, wakes: false })
        } else {
            None
        }
    }

    /// True if the due heartbeat at `now` is the first seen in a period: a
    /// heartbeat that promotes nothing (no seat idle) stays due at every
    /// clock read until one does, and the profile counts it once a period.
    pub(crate) fn starts_period(&self, now: Stamp) -> bool {
        let new = now.since(self.last_counted.get()) >= self.period;
        if new {
            self.last_counted.set(now);
        }
        new
    }

    /// Records that the heartbeat at `now` promoted a job.
    pub(crate) fn beat(&self, now: Stamp) {
        self.last_beat.set(now);
        self.eager.set(false);
    }

    /// Records that a promotion published its pieces.
    pub(crate) fn published(&self) {
        self.outstanding.set(true);
    }

    /// True while the last promotion's pieces are not settled.
    pub(crate) fn is_outstanding(&self) -> bool {
        self.outstanding.get()
    }

    /// Thieves took every piece of the last promotion before the thread
    /// needed them: beats are one period apart again, and the next is due
    /// at once.
    pub(crate) fn all_taken(&self) {
        self.outstanding.set(false);
        self.spacing.set(self.period);
        self.eager.set(true);
    }

    /// True when the next poll finds a beat due whatever the clock says.
    #[inline]
    pub(crate) fn is_eager(&self) -> bool {
        self.eager.get()
    }

    /// The thread took work from another seat: its next poll, of either
    /// countdown, reads the clock, and finds a beat due.
    pub(crate) fn make_eager(&self) {
        let now = Stamp::now();
        self.joins.expire(now);
        self.chunks.expire(now);
        self.eager.set(true);
    }

    /// Records how the last promotion's pieces ended, once their owner
    /// needed them: a thief took some (`any_taken`): beats are one period
    /// apart again; or every piece came back untaken: no thief arrived
    /// before the thread needed the result, so the work was too short to
    /// share (a 64-item loop in a hot loop, which a sleeping thread is woken
    /// for and never reaches), and the next beat waits twice as long as the
    /// last, up to [`MAX_BACK_OFF`] doublings.
    pub(crate) fn settled(&self, any_taken: bool) {
        self.outstanding.set(false);
        if any_taken {
            self.spacing.set(self.period);
        } else {
            let longest = self.period.saturating_mul(1 << MAX_BACK_OFF);
            self.spacing
                .set(self.spacing.get().saturating_mul(2).min(longest));
        }
    }
}

/// The countdown that makes the next clock read come `between_reads`
/// nanoseconds after this one, if counts keep costing what the last
/// `interval` of them cost in `elapsed` nanoseconds, within `bounds`.
fn next_interval(interval: u32, elapsed: u64, between_reads: u64, bounds: Bounds) -> u32 {
    let elapsed = elapsed.max(1);
    let grown = u64::from(interval) * u64::from(bounds.growth);
    // The scaled count is `interval * between_reads / elapsed`. Reads that
    // come much sooner than wanted (the first reads of a call, or a
    // heartbeat that is off) are held to the growth bound without dividing;
    // else in 64 bits when the product fits (any period under weeks): a
    // 128-bit division is a library call, and this runs at every clock read.
    let scaled = if between_reads >= elapsed.saturating_mul(u64::from(bounds.growth)) {
        grown
    } else {
        match u64::from(interval).checked_mul(between_reads) {
            Some(product) => product / elapsed,
            None => {
                let scaled = u128::from(interval) * u128::from(between_reads) / u128::from(elapsed);
                u64::try_from(scaled).unwrap_or(u64::MAX)
            }
        }
    };
    scaled.min(grown).clamp(1, u64::from(bounds.most)) as u32
}

#[cfg(all(test, not(loom)))]
mod tests {
    use super::*;

    #[test]
    fn interval_tracks_the_cost_of_a_join() {
        // A quarter of a 100 µs period between reads; times in nanoseconds.
        let between_reads = 25_000;
        // 100 joins took 10 µs: 25 µs needs 250 joins.
        assert_eq!(next_interval(100, 10_000, between_reads, JOINS), 250);
        // 100 joins took 1 µs: 25 µs needs 2500, but the joins' countdown
        // grows fourfold per read at most; the items' countdown is not held.
        assert_eq!(next_interval(100, 1_000, between_reads, JOINS), 400);
        assert_eq!(next_interval(100, 1_000, between_reads, ITEMS), 2500);
        // 100 joins took 6.5 µs: just under the growth bound, divided.
        assert_eq!(next_interval(100, 6_500, between_reads, JOINS), 384);
        // Expensive joins: check the clock at every join.
        assert_eq!(next_interval(100, 5_000_000, between_reads, JOINS), 1);
        // Very cheap joins: capped.
        assert_eq!(next_interval(4000, 10, between_reads, JOINS), JOINS.most);
    }

    #[test]
    fn extreme_periods_do_not_overflow() {
        for bounds in [JOINS, ITEMS] {
            assert_eq!(next_interval(7, 0, 0, bounds), 1);
            let most = bounds.most;
            assert_eq!(next_interval(most, 0, u64::MAX, bounds), most);
            // A product past 64 bits, divided in 128.
            assert_eq!(next_interval(most, 1 << 63, 1 << 62, bounds), most / 2);
        }
        assert_eq!(next_interval(7, 0, u64::MAX, JOINS), 28);
        assert_eq!(next_interval(7, 0, u64::MAX, ITEMS), ITEMS.most);
    }

    #[test]
    fn zero_period_is_always_due_and_max_never() {
        let always = Heartbeat::new(Duration::ZERO);
        assert!(always.joins.count_down());
        assert!(always.check(&always.joins, Stamp::now()).is_some());
        let never = Heartbeat::new(Duration::MAX);
        assert!(never.check(&never.chunks, Stamp::now()).is_none());
    }

    #[test]
    fn a_new_heartbeat_is_due_a_quarter_period_in() {
        let period = Duration::from_secs(2);
        if Stamp::now().as_nanos() < clock::nanos(period) {
            return; // a clock that started less than a period ago
        }
        let heartbeat = Heartbeat::new(period);
        assert!(
            heartbeat.check(&heartbeat.joins, Stamp::now()).is_none(),
            "a call just begun has no beat due"
        );
        std::thread::sleep(period / CHECKS_PER_PERIOD as u32);
        let due = heartbeat.check(&heartbeat.joins, Stamp::now());
        assert!(due.is_some_and(|due| due.wakes), "due a quarter period in");
    }

    #[test]
    fn wasted_promotions_space_the_beats_out_until_one_is_taken() {
        let second = Duration::from_secs(1);
        let heartbeat = Heartbeat::new(second);
        if Stamp::now().as_nanos() < clock::nanos(second * 3 / 2) {
            return; // a clock that started less than 1.5 s ago
        }
        let earlier = Stamp::now().earlier_by(clock::nanos(second * 3 / 2));
        heartbeat.beat(earlier);
        let wakes = |heartbeat: &Heartbeat| {
            heartbeat
                .check(&heartbeat.chunks, Stamp::now())
                .map(|due| due.wakes)
        };
        assert_eq!(wakes(&heartbeat), Some(true));
        heartbeat.settled(false);
        assert_eq!(
            wakes(&heartbeat),
            Some(false),
            "2 s apart now: 1.5 s after the last beat, only searchers get work"
        );
        for _ in 0..10 {
            heartbeat.settled(false);
        }
        assert_eq!(
            heartbeat.spacing.get(),
            clock::nanos(second * (1 << MAX_BACK_OFF))
        );
        heartbeat.settled(true);
        assert_eq!(wakes(&heartbeat), Some(true));
        heartbeat.beat(Stamp::now());
        assert_eq!(wakes(&heartbeat), None, "a period has not passed");
        heartbeat.make_eager();
        assert_eq!(wakes(&heartbeat), Some(true), "eager after a steal");
    }

    #[test]
    fn joins_and_chunks_are_calibrated_apart() {
        let heartbeat = Heartbeat::new(Duration::from_millis(100));
        // Cheap joins: the join countdown grows...
        for _ in 0..3 {
            while !heartbeat.joins.count_down() {}
            heartbeat.check(&heartbeat.joins, Stamp::now());
        }
        assert!(heartbeat.joins.per_check() > 1);
        // ...while the chunk countdown still reads the clock at its next count.
        assert_eq!(heartbeat.chunks.per_check(), 1);
        assert!(heartbeat.chunks.count_down());
    }

    #[test]
    fn a_countdown_counted_in_items_expires_after_as_many_items_in_any_chunks() {
        let countdown = Countdown::new(Stamp::now(), ITEMS);
        countdown.interval.set(1000);
        countdown.countdown.set(999);
        // Doubling chunks: 32 + 64 + ... + 512 = 992 items, then 1,024.
        let mut chunk = 32;
        while chunk <= 512 {
            assert!(!countdown.count_down_by(chunk), "{chunk}");
            chunk *= 2;
        }
        assert!(countdown.count_down_by(chunk));
        // The read measures every item counted since the refill, 2,016
        // here: at 20 µs for them, 25 µs of a 100 µs period hold 2,520.
        let now = Stamp::now();
        countdown.last_check.set(now.earlier_by(20_000));
        countdown.rescale(now, 25_000);
        assert_eq!(countdown.per_check(), 2520);
        // A forced read before the countdown runs out measures what was
        // counted so far: 100 items in 25 µs, a quarter period's worth.
        assert!(!countdown.count_down_by(100));
        countdown.last_check.set(now.earlier_by(25_000));
        countdown.rescale(now, 25_000);
        assert_eq!(countdown.per_check(), 100);
    }
}
