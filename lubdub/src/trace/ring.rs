//! [`TraceRing`]: the bounded buffer of one seat's trace events, and the
//! switch that says whether events are recorded.

use std::time::Duration;

use super::{TraceEvent, TraceEventKind, WorkerTrace};
use crate::profile::now;
use crate::sync::{AtomicBool, Mutex, Ordering};

/// The last `capacity` events of a seat. Written by the seat's occupant and
/// by threads that wake it, read by whoever takes a trace, so it sits behind
/// a lock; the lock is taken only where the profile reads the clock anyway,
/// a few times per heartbeat period at most.
pub(crate) struct TraceRing {
    /// Whether events are recorded now ([`crate::ThreadPool::set_tracing`]).
    on: AtomicBool,
    capacity: usize,
    inner: Mutex<Ring>,
}

struct Ring {
    /// Grows to `capacity`, then is overwritten oldest first.
    events: Vec<TraceEvent>,
    /// Once full, the index of the oldest event.
    oldest: usize,
    dropped: u64,
}

impl TraceRing {
    /// A ring that records when `on`, and keeps the last `capacity` events.
    /// It allocates nothing until the first event.
    pub(crate) fn new(on: bool, capacity: usize) -> Self {
        Self {
            on: AtomicBool::new(on),
            capacity,
            inner: Mutex::new(Ring {
                events: Vec::new(),
                oldest: 0,
                dropped: 0,
            }),
        }
    }

    /// Whether events are to be recorded.
    #[inline]
    pub(crate) fn is_on(&self) -> bool {
        self.on.load(Ordering::Relaxed)
    }

    /// Turns recording on or off; returns whether it was on.
    pub(crate) fn switch(&self, on: bool) -> bool {
        self.on.swap(on, Ordering::Relaxed)
    }

    /// Records `kind` now and returns the time. The clock is read under the
    /// lock, so the events of a ring are in time order.
    pub(crate) fn record(&self, kind: TraceEventKind) -> u64 {
        let mut ring = self.inner.lock().unwrap_or_else(|p| p.into_inner());
        let time = now();
        let event = TraceEvent {
            time: Duration::from_nanos(time),
            kind,
        };
        if ring.events.len() < self.capacity {
            ring.events.push(event);
        } else if self.capacity > 0 {
            let oldest = ring.oldest;
            ring.events[oldest] = event;
            ring.oldest = (oldest + 1) % self.capacity;
            ring.dropped += 1;
        } else {
            ring.dropped += 1;
        }
        time
    }

    /// A copy of the events, oldest first.
    pub(crate) fn snapshot(&self, index: usize) -> WorkerTrace {
        let ring = self.inner.lock().unwrap_or_else(|p| p.into_inner());
        let (newer, older) = ring.events.split_at(ring.oldest);
        WorkerTrace {
            index,
            events: older.iter().chain(newer).copied().collect(),
            dropped: ring.dropped,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_ring_keeps_the_newest_events_in_order() {
        let ring = TraceRing::new(true, 3);
        for _ in 0..7 {
            ring.record(TraceEventKind::Wakeup);
        }
        ring.record(TraceEventKind::Promotion);
        let trace = ring.snapshot(4);
        assert_eq!(trace.index, 4);
        assert_eq!(trace.events.len(), 3);
        assert_eq!(trace.dropped, 5);
        assert_eq!(trace.events[2].kind, TraceEventKind::Promotion);
        assert!(trace.events.windows(2).all(|w| w[0].time <= w[1].time));
    }

    #[test]
    fn a_ring_of_no_capacity_counts_every_event_as_dropped() {
        let ring = TraceRing::new(true, 0);
        ring.record(TraceEventKind::Wakeup);
        let trace = ring.snapshot(0);
        assert!(trace.events.is_empty());
        assert_eq!(trace.dropped, 1);
    }
}
