//! Writes [`Trace`]s in the Chrome trace-event format (the JSON object
//! form), which Perfetto and `chrome://tracing` load: one process per pool,
//! one thread per worker, a complete event (`"ph":"X"`) per stretch in a
//! state and an instant event (`"ph":"i"`) per promotion, steal and wake-up.
//! Timestamps are in microseconds since the first pool of the process
//! started, with nanosecond decimals.

use std::io::{self, Write};
use std::time::Duration;

use super::{Trace, TraceEventKind};

/// Writes `pools` as one trace; `dropped_pools` counts pools left out of it
/// to bound its size.
pub(crate) fn write(pools: &[&Trace], dropped_pools: u64, out: impl Write) -> io::Result<()> {
    let mut out = EventList {
        out: io::BufWriter::new(out),
        first: true,
    };
    out.out
        .write_all(b"{\"displayTimeUnit\":\"ns\",\"traceEvents\":[")?;
    for trace in pools {
        let pid = trace.pool;
        out.event(format_args!(
            "\"ph\":\"M\",\"pid\":{pid},\"tid\":0,\"name\":\"process_name\",\
             \"args\":{{\"name\":\"lubdub pool {pid} ({} workers)\"}}",
            trace.workers.len()
        ))?;
        for worker in &trace.workers {
            let tid = worker.index;
            out.event(format_args!(
                "\"ph\":\"M\",\"pid\":{pid},\"tid\":{tid},\"name\":\"thread_name\",\
                 \"args\":{{\"name\":\"worker {tid}\"}}"
            ))?;
            // One stretch per state event, in the same order.
            let mut states = worker.states(trace.taken);
            for e in &worker.events {
                let (name, args) = match e.kind {
                    TraceEventKind::State(_) => {
                        if let Some((state, start, end)) = states.next() {
                            out.event(format_args!(
                                "\"ph\":\"X\",\"pid\":{pid},\"tid\":{tid},\"ts\":{},\"dur\":{},\
                                 \"cat\":\"state\",\"name\":\"{}\"",
                                micros(start),
                                micros(end - start),
                                state.name()
                            ))?;
                        }
                        continue;
                    }
                    TraceEventKind::Promotion => ("promotion", String::new()),
                    TraceEventKind::Wakeup => ("wakeup", String::new()),
                    TraceEventKind::Steal { victim: Some(seat) } => {
                        ("steal", format!(",\"args\":{{\"from\":\"worker {seat}\"}}"))
                    }
                    TraceEventKind::Steal { victim: None } => (
                        "steal",
                        ",\"args\":{\"from\":\"the pool's queue\"}".to_owned(),
                    ),
                };
                out.event(format_args!(
                    "\"ph\":\"i\",\"s\":\"t\",\"pid\":{pid},\"tid\":{tid},\"ts\":{},\
                     \"cat\":\"event\",\"name\":\"{name}\"{args}",
                    micros(e.time)
                ))?;
            }
        }
    }
    let dropped_events: u64 = pools.iter().map(|t| t.dropped()).sum();
    write!(
        out.out,
        "\n],\"otherData\":{{\"producer\":\"lubdub {}\",\"dropped_events\":\"{dropped_events}\",\
         \"dropped_pools\":\"{dropped_pools}\"}}}}\n",
        env!("CARGO_PKG_VERSION")
    )?;
    out.out.flush()
}

/// The `traceEvents` array being written: commas between its elements.
struct EventList<W: Write> {
    out: W,
    first: bool,
}

impl<W: Write> EventList<W> {
    fn event(&mut self, body: std::fmt::Arguments<'_>) -> io::Result<()> {
        let separator = if self.first { "\n" } else { ",\n" };
        self.first = false;
        write!(self.out, "{separator}{{{body}}}")
    }
}

/// Microseconds with three decimals, as Chrome's `ts` and `dur` want them.
fn micros(time: Duration) -> String {
    let nanos = time.as_nanos();
    format!("{}.{:03}", nanos / 1_000, nanos % 1_000)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profile::WorkerState;
    use crate::trace::{TraceEvent, WorkerTrace};

    #[test]
    fn microseconds_keep_nanosecond_decimals() {
        assert_eq!(micros(Duration::from_nanos(1_234_567)), "1234.567");
        assert_eq!(micros(Duration::from_nanos(5)), "0.005");
    }

    #[test]
    fn states_become_slices_and_events_instants() {
        let at = |us| Duration::from_micros(us);
        let trace = Trace {
            pool: 3,
            started: at(0),
            taken: at(50),
            workers: vec![WorkerTrace {
                index: 1,
                events: vec![
                    TraceEvent {
                        time: at(10),
                        kind: TraceEventKind::State(WorkerState::Searching),
                    },
                    TraceEvent {
                        time: at(12),
                        kind: TraceEventKind::Steal { victim: Some(0) },
                    },
                    TraceEvent {
                        time: at(12),
                        kind: TraceEventKind::State(WorkerState::Working),
                    },
                ],
                dropped: 2,
            }],
        };
        let mut json = Vec::new();
        trace.write_chrome_json(&mut json).unwrap();
        let json = String::from_utf8(json).unwrap();
        assert!(
            json.contains("\"ts\":10.000,\"dur\":2.000,\"cat\":\"state\",\"name\":\"searching\"")
        );
        assert!(
            json.contains("\"ts\":12.000,\"dur\":38.000,\"cat\":\"state\",\"name\":\"working\"")
        );
        assert!(json.contains("\"name\":\"steal\",\"args\":{\"from\":\"worker 0\"}"));
        assert!(json.contains("\"dropped_events\":\"2\""));
        assert!(json.contains("lubdub pool 3 (1 workers)"));
    }
}
