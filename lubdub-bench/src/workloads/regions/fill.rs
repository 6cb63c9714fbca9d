//! lubdub's fill time: how long after a region starts every worker of the
//! pool is working on it. Measured on a traced batch of regions run after
//! the timed samples (tracing is off while they are timed): each region's
//! start and end are read on the caller's clock and moved onto the trace's,
//! and the workers' state changes in the trace say when each first worked
//! within the region.

use std::time::{Duration, Instant};

use lubdub::trace::WorkerTrace;
use lubdub::{Trace, WorkerState};

use crate::check::{expect_eq, Mismatch};
use crate::stats::Summary;

/// One region's time on the trace's clock (time since the process's first
/// lubdub pool started).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Span {
    /// Just before the call into the pool.
    pub start: Duration,
    /// Just after it returned.
    pub end: Duration,
}

/// What the trace says of one region.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fill {
    /// Every worker was working this long after the region started.
    Filled(Duration),
    /// Some worker never worked during the region.
    Unfilled,
    /// A worker's ring had dropped the events that say what it was doing
    /// when the region started.
    Unmeasured,
}

/// When `worker` first works within `span`: the start of the first stretch
/// of [`WorkerState::Working`] that reaches into the span (the span's start
/// if the worker was working then), by [`WorkerTrace::states`]. `None` if
/// it does not work within the span; a worker with no state change before
/// the span is taken as not working at its start.
fn first_working(worker: &WorkerTrace, span: Span) -> Option<Duration> {
    worker
        .states(span.end)
        .find(|&(state, start, end)| {
            state == WorkerState::Working && end > span.start && start <= span.end
        })
        .map(|(_, start, _)| start.max(span.start))
}

/// Whether `worker`'s ring still holds what it did at `at`: it dropped no
/// event, or its oldest kept event is no later than `at`.
fn covers(worker: &WorkerTrace, at: Duration) -> bool {
    worker.dropped == 0 || worker.events.first().is_some_and(|e| e.time <= at)
}

/// What `trace` says of each region in `spans`: the time from its start
/// until every worker had worked within it.
pub fn fills(trace: &Trace, spans: &[Span]) -> Vec<Fill> {
    spans
        .iter()
        .map(|&span| {
            if !trace.workers.iter().all(|w| covers(w, span.start)) {
                return Fill::Unmeasured;
            }
            let mut last = span.start;
            for worker in &trace.workers {
                match first_working(worker, span) {
                    Some(at) => last = last.max(at),
                    None => return Fill::Unfilled,
                }
            }
            Fill::Filled(last - span.start)
        })
        .collect()
}

/// The caller's clock moved onto the trace's: the trace's time at one
/// instant, read by taking a trace (its `taken` time) between two readings
/// of the caller's clock.
#[derive(Clone, Copy, Debug)]
struct TraceClock {
    instant: Instant,
    trace: Duration,
    /// How far apart the two readings were: the most the clocks can be off.
    error: Duration,
}

impl TraceClock {
    /// The closest of a few readings of `pool`'s trace clock.
    fn of(pool: &lubdub::ThreadPool) -> Self {
        (0..5)
            .map(|_| {
                let before = Instant::now();
                let taken = pool.trace().taken;
                let after = Instant::now();
                let error = after - before;
                TraceClock {
                    instant: before + error / 2,
                    trace: taken,
                    error,
                }
            })
            .min_by_key(|c| c.error)
            .expect("five readings")
    }

    /// `at` on the trace's clock (`at` later than the reading).
    fn at(&self, at: Instant) -> Duration {
        self.trace + at.saturating_duration_since(self.instant)
    }
}

/// A traced batch of regions: the pool's trace after it, each region's
/// span on the trace's clock, and how far the two clocks may be off.
pub struct TracedBatch {
    /// The pool's trace, taken after the last region.
    pub trace: Trace,
    /// Every region, in order.
    pub spans: Vec<Span>,
    /// The uncertainty of the spans' placement on the trace's clock.
    pub clock_error: Duration,
}

/// Runs `count` regions back to back on `pool` with tracing on (after one
/// more, untraced in the results, that lets every worker see tracing turned
/// on), each checked against `expected` outside its span.
///
/// # Errors
/// The first wrong answer.
pub fn traced_batch(
    pool: &lubdub::ThreadPool,
    count: usize,
    expected: u64,
    mut region: impl FnMut() -> u64,
) -> Result<TracedBatch, Mismatch> {
    let clock = TraceClock::of(pool);
    let was_tracing = pool.set_tracing(true);
    let check = |got: u64| expect_eq(got as i64, expected as i64);
    let mut spans = Vec::with_capacity(count);
    let mut result = check(region());
    for _ in 0..count {
        if result.is_err() {
            break;
        }
        let start = Instant::now();
        let got = region();
        let end = Instant::now();
        spans.push(Span {
            start: clock.at(start),
            end: clock.at(end),
        });
        result = check(got);
    }
    pool.set_tracing(was_tracing);
    result?;
    Ok(TracedBatch {
        trace: pool.trace(),
        spans,
        clock_error: clock.error,
    })
}

/// The fills of a batch, gathered for the report.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FillSummary {
    /// The fill time of each region that filled, in µs.
    pub fill_us: Vec<f64>,
    /// Each measured region's own time, in µs.
    pub region_us: Vec<f64>,
    /// Regions some worker never worked in.
    pub unfilled: usize,
    /// Regions the trace could not tell of (see [`Fill::Unmeasured`]).
    pub unmeasured: usize,
}

impl FillSummary {
    /// The summary of `batch`.
    pub fn of(batch: &TracedBatch) -> Self {
        let mut summary = Self::default();
        let us = |d: Duration| d.as_nanos() as f64 / 1000.0;
        for (fill, span) in fills(&batch.trace, &batch.spans)
            .into_iter()
            .zip(&batch.spans)
        {
            match fill {
                Fill::Filled(d) => summary.fill_us.push(us(d)),
                Fill::Unfilled => summary.unfilled += 1,
                Fill::Unmeasured => {
                    summary.unmeasured += 1;
                    continue;
                }
            }
            summary.region_us.push(us(span.end - span.start));
        }
        summary
    }

    /// The share of the measured regions that filled, in percent (`None`
    /// if none was measured).
    pub fn filled_percent(&self) -> Option<f64> {
        let measured = self.fill_us.len() + self.unfilled;
        (measured > 0).then(|| 100.0 * self.fill_us.len() as f64 / measured as f64)
    }

    /// One line for the progress output, e.g. `37 of 40 regions filled,
    /// median fill 12.3 µs`, saying why where nothing could be measured.
    pub fn describe(&self) -> String {
        let measured = self.fill_us.len() + self.unfilled;
        let mut line = match Summary::of(&self.fill_us) {
            Some(s) => format!(
                "{} of {measured} regions filled, median fill {:.1} µs",
                self.fill_us.len(),
                s.median
            ),
            None if measured > 0 => {
                format!("no fill time: in none of {measured} regions did every worker work")
            }
            None => "no fill time: no region could be measured".to_owned(),
        };
        if self.unmeasured > 0 {
            line.push_str(&format!(
                " ({} regions left out: a trace ring had dropped their start)",
                self.unmeasured
            ));
        }
        line
    }
}

#[cfg(test)]
mod tests {
    use lubdub::trace::{TraceEvent, TraceEventKind};

    use super::*;
    use crate::workloads::nz;
    use crate::workloads::pools::Pools;
    use crate::workloads::regions::kernels::{input, sum_sequential, RegionKind, Variant};

    fn us(n: u64) -> Duration {
        Duration::from_micros(n)
    }

    fn worker(index: usize, states: &[(u64, WorkerState)], dropped: u64) -> WorkerTrace {
        let mut w = WorkerTrace::default();
        w.index = index;
        w.dropped = dropped;
        w.events = states
            .iter()
            .map(|&(t, state)| TraceEvent {
                time: us(t),
                kind: TraceEventKind::State(state),
            })
            .collect();
        w
    }

    fn span(start: u64, end: u64) -> Span {
        Span {
            start: us(start),
            end: us(end),
        }
    }

    #[test]
    fn fill_is_the_last_worker_to_start_working() {
        use WorkerState::{Searching, Sleeping, Working};
        let mut trace = Trace::default();
        trace.workers = vec![
            // Works in each region from its start: the caller's seat.
            worker(
                0,
                &[
                    (10, Working),
                    (30, Searching),
                    (100, Working),
                    (130, Searching),
                ],
                0,
            ),
            // Joins the first region 5 µs in; sleeps through the second.
            worker(1, &[(5, Sleeping), (15, Working), (25, Sleeping)], 0),
            // Working when the first region starts and still so after it.
            worker(2, &[(8, Working), (120, Searching)], 0),
        ];
        let regions = [span(10, 30), span(100, 130), span(200, 210)];
        assert_eq!(
            fills(&trace, &regions),
            [Fill::Filled(us(5)), Fill::Unfilled, Fill::Unfilled]
        );
        // A ring that dropped events can tell only of what followed them.
        trace.workers[1] = worker(1, &[(12, Working), (25, Sleeping), (101, Working)], 7);
        assert_eq!(
            fills(&trace, &regions),
            [Fill::Unmeasured, Fill::Filled(us(1)), Fill::Unfilled]
        );
    }

    #[test]
    fn summaries_count_what_filled() {
        let mut trace = Trace::default();
        trace.workers = vec![worker(0, &[(10, WorkerState::Working)], 0)];
        let batch = TracedBatch {
            trace,
            spans: vec![span(0, 5), span(12, 20), span(30, 40)],
            clock_error: Duration::ZERO,
        };
        let summary = FillSummary::of(&batch);
        assert_eq!(summary.fill_us, [0.0, 0.0]);
        assert_eq!(summary.region_us, [5.0, 8.0, 10.0]);
        assert_eq!(summary.unfilled, 1);
        assert_eq!(summary.filled_percent().map(f64::round), Some(67.0));
        assert!(
            summary.describe().starts_with("2 of 3 regions filled"),
            "{}",
            summary.describe()
        );
        assert!(FillSummary::default()
            .describe()
            .contains("no region could be measured"));
    }

    #[test]
    fn a_traced_batch_spans_every_region_and_checks_it() {
        let pools = Pools::new(nz(2)).unwrap();
        let x = input(20_000);
        let expected = sum_sequential(&x);
        let run = || Variant::Lubdub.region(RegionKind::Loop, &pools, &x);
        let batch = traced_batch(&pools.lubdub, 20, expected, run).unwrap();
        assert_eq!(batch.spans.len(), 20);
        assert!(batch.spans.windows(2).all(|w| w[0].end <= w[1].start));
        assert_eq!(batch.trace.workers.len(), 2);
        assert!(batch.trace.workers.iter().all(|w| !w.events.is_empty()));
        let summary = FillSummary::of(&batch);
        assert_eq!(
            summary.fill_us.len() + summary.unfilled + summary.unmeasured,
            20
        );
        assert!(traced_batch(&pools.lubdub, 3, expected + 1, run).is_err());
    }
}
