//! [`Stamp`]: the scheduler's clock reading, the monotonic clock in whole
//! nanoseconds in one `u64`.
//!
//! A heartbeat clock read (`heartbeat.rs`) compares the time with three
//! earlier ones (the countdown's last read, the last beat, the rescue
//! watcher's view of the last poll). With `std::time::Instant` each
//! comparison is a library call that subtracts two (seconds, nanoseconds)
//! pairs and checks the borrow, and each conversion to nanoseconds a 128-bit
//! product: about 300 instructions a read, which a loop's first piece pays
//! in every call (it reads the clock early, forced). In nanoseconds the same
//! read is a few subtractions and one division. A `u64` of nanoseconds
//! lasts 584 years of uptime. Profiles and traces read the same clock
//! (`profile::now`).

use std::time::Duration;

/// A reading of the monotonic clock (`CLOCK_MONOTONIC` on unix, which
/// `std::time::Instant` reads on Linux), in nanoseconds since an arbitrary
/// start (boot, on Linux). Only differences between two stamps mean
/// anything.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Stamp(u64);

impl Stamp {
    /// The clock now.
    #[cfg(unix)]
    #[inline]
    pub(crate) fn now() -> Self {
        let mut time = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: `time` is a valid, writable timespec; CLOCK_MONOTONIC
        // exists on every unix std supports (it is what `Instant` reads on
        // Linux), so the call cannot fail and leaves `time` written.
        unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC, &mut time) };
        // Both fields are non-negative for the monotonic clock.
        Self(
            (time.tv_sec as u64)
                .wrapping_mul(1_000_000_000)
                .wrapping_add(time.tv_nsec as u64),
        )
    }

    /// The clock now.
    #[cfg(not(unix))]
    pub(crate) fn now() -> Self {
        static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
        let start = *START.get_or_init(std::time::Instant::now);
        Self(nanos(start.elapsed()))
    }

    /// The stamp as a plain number, to store in an atomic.
    pub(crate) fn as_nanos(self) -> u64 {
        self.0
    }

    /// Nanoseconds from `earlier` to this stamp; zero if `earlier` is later.
    #[inline]
    pub(crate) fn since(self, earlier: Stamp) -> u64 {
        self.0.saturating_sub(earlier.0)
    }

    /// The stamp `by` nanoseconds before this one, or the clock's start.
    pub(crate) fn earlier_by(self, by: u64) -> Stamp {
        Stamp(self.0.saturating_sub(by))
    }
}

/// `duration` in nanoseconds, saturating: a period of `Duration::MAX`
/// (heartbeat off) becomes `u64::MAX`, which no difference of stamps reaches.
pub(crate) fn nanos(duration: Duration) -> u64 {
    u64::try_from(duration.as_nanos()).unwrap_or(u64::MAX)
}

#[cfg(all(test, not(loom)))]
mod tests {
    use super::*;

    #[test]
    fn stamps_measure_what_instant_measures() {
        // The stamps are read inside the instants' span, on the same clock.
        let instant = std::time::Instant::now();
        let start = Stamp::now();
        std::thread::sleep(Duration::from_millis(20));
        let stamped = Stamp::now().since(start);
        let elapsed = nanos(instant.elapsed());
        assert!(stamped >= 20_000_000, "{stamped} ns for a 20 ms sleep");
        assert!(stamped <= elapsed, "{stamped} ns within {elapsed}");
    }

    #[test]
    fn differences_saturate() {
        let now = Stamp::now();
        assert_eq!(now.earlier_by(u64::MAX), Stamp(0));
        assert_eq!(now.earlier_by(10).since(now), 0);
        assert_eq!(now.since(now.earlier_by(10)), 10);
        assert_eq!(nanos(Duration::MAX), u64::MAX);
        assert_eq!(nanos(Duration::from_micros(100)), 100_000);
    }
}
