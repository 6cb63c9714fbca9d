//! The seed's message benchmarks (seed 004) on the channels Rust users pick
//! today: a ring of threads passing messages to the right, and many senders
//! to one receiver, over one shared channel or one channel per sender with a
//! `select`, on `std::sync::mpsc`, `crossbeam-channel` and `flume`; and a
//! `par_bridge` pipeline feeding a lubdub (or Rayon) pool from a channel.
//!
//! The thread count of a cell is the ring's size, or the number of senders.
//! Every repetition starts its threads, passes all the messages and joins
//! them (the seed timed its rings the same way, spawning included); the
//! receivers' tallies prove every message arrived exactly once.

mod channel;
mod many;
mod ring;
mod tally;

use std::num::NonZeroUsize;
use std::time::Duration;

use self::channel::{Crossbeam, Flume, StdMpsc};
use self::tally::Tally;
use crate::cli::{to_usize, Common};
use crate::error::Error;
use crate::experiment::{Entry, Experiment, Heading};
use crate::harness::{Contender, Plan};
use crate::report::{Cell, cells_in_steps};
use crate::format::group_digits;
use crate::workloads::pools::Pools;

/// The variant every ratio of `msg` is taken against.
const STD_MPSC: &str = "std-mpsc";

/// The ring: µs per message handed from one thread to the next.
pub const RING: Experiment = Experiment::new(
    "msg-ring",
    "µs/message",
    "msg",
    Heading::Custom(|n| {
        format!(
            "msg-ring, {} messages around a ring of one thread per thread count",
            group_digits(n)
        )
    }),
)
.read_as(Entry::Ratio, "median / min (median ÷ std-mpsc median)")
.compared_with(STD_MPSC);

/// Many to one: µs per message received.
pub const MANY: Experiment = Experiment::new(
    "msg-many-to-one",
    "µs/message",
    "msg",
    Heading::Custom(|n| {
        format!(
            "msg-many-to-one, {} messages from one sender per thread count to one receiver",
            group_digits(n)
        )
    }),
)
.read_as(Entry::Ratio, "median / min (median ÷ std-mpsc median)")
.compared_with(STD_MPSC);

/// The ways of passing messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Variant {
    /// `std::sync::mpsc`: the ring, or every sender on one channel.
    StdMpsc,
    /// `crossbeam-channel`, the same way.
    Crossbeam,
    /// A crossbeam channel per sender and `crossbeam_channel::Select`.
    CrossbeamSelect,
    /// `flume`, the same way as std's.
    Flume,
    /// A flume channel per sender and a `flume::Selector` per message.
    FlumeSelect,
    /// Senders on a crossbeam channel, drained by `par_bridge` on lubdub.
    LubdubParBridge,
    /// The same on Rayon.
    RayonParBridge,
}

impl Variant {
    /// The ring's variants: one channel per thread, no select.
    const RING: [Variant; 3] = [Self::StdMpsc, Self::Crossbeam, Self::Flume];

    /// Many to one.
    const MANY: [Variant; 7] = [
        Self::StdMpsc,
        Self::Crossbeam,
        Self::CrossbeamSelect,
        Self::Flume,
        Self::FlumeSelect,
        Self::LubdubParBridge,
        Self::RayonParBridge,
    ];

    fn name(self) -> &'static str {
        match self {
            Self::StdMpsc => STD_MPSC,
            Self::Crossbeam => "crossbeam",
            Self::CrossbeamSelect => "crossbeam-select",
            Self::Flume => "flume",
            Self::FlumeSelect => "flume-select",
            Self::LubdubParBridge => "lubdub-par-bridge",
            Self::RayonParBridge => "rayon-par-bridge",
        }
    }

    /// A ring of `threads` threads, `per_thread` messages each.
    fn ring(self, threads: usize, per_thread: usize) -> Tally {
        match self {
            Self::StdMpsc => ring::ring::<StdMpsc>(threads, per_thread),
            Self::Crossbeam => ring::ring::<Crossbeam>(threads, per_thread),
            Self::Flume => ring::ring::<Flume>(threads, per_thread),
            other => unreachable!("{} is no ring", other.name()),
        }
    }

    /// `pools.threads` senders, `per_sender` messages each, one receiver.
    fn many(self, pools: &Pools, per_sender: usize) -> Tally {
        let senders = pools.threads;
        match self {
            Self::StdMpsc => many::shared::<StdMpsc>(senders, per_sender),
            Self::Crossbeam => many::shared::<Crossbeam>(senders, per_sender),
            Self::CrossbeamSelect => many::crossbeam_select(senders, per_sender),
            Self::Flume => many::shared::<Flume>(senders, per_sender),
            Self::FlumeSelect => many::flume_select(senders, per_sender),
            Self::LubdubParBridge => many::par_bridge(pools, true, senders, per_sender),
            Self::RayonParBridge => many::par_bridge(pools, false, senders, per_sender),
        }
    }
}

/// What a msg run covers.
#[derive(Clone, Debug)]
pub struct MsgConfig {
    /// Messages per repetition, split evenly among the threads.
    pub messages: usize,
    /// Thread counts: ring sizes, sender counts.
    pub threads: Vec<NonZeroUsize>,
    /// Time to spend on each cell.
    pub budget: Duration,
}

/// Measures the ring and many-to-one at every thread count.
///
/// # Errors
/// A message lost or repeated, or a pool that cannot be built.
pub fn run(config: &MsgConfig) -> Result<Vec<Cell>, Error> {
    let mut cells = Vec::new();
    for experiment in [RING, MANY] {
        cells.extend(cells_in_steps(&config.threads, |threads| {
            measure_cell(experiment, config.messages, threads, config.budget)
        })?);
    }
    Ok(cells)
}

/// Every variant of `experiment` at `threads` threads.
fn measure_cell(
    experiment: Experiment,
    messages: usize,
    threads: NonZeroUsize,
    budget: Duration,
) -> Result<Cell, Error> {
    let pools = Pools::new(threads)?;
    let pools = &pools;
    let per_thread = (messages / threads.get()).max(1);
    let expected = Tally::expected(threads.get(), per_thread);
    let variants: &[Variant] = if experiment == RING {
        &Variant::RING
    } else {
        &Variant::MANY
    };
    let mut contenders: Vec<Contender<'_>> = variants
        .iter()
        .map(|&v| {
            let pass = move || {
                if experiment == RING {
                    v.ring(threads.get(), per_thread)
                } else {
                    v.many(pools, per_thread)
                }
            };
            Contender::timed(v.name(), move |reps| {
                (0..reps).try_for_each(|_| pass().check(expected))
            })
            .profiled_by((v == Variant::LubdubParBridge).then_some(&pools.lubdub))
        })
        .collect();
    let sent = (per_thread * threads.get()) as f64;
    Cell::measure(
        experiment,
        messages as u64,
        threads.get(),
        sent * 1000.0,
        &mut contenders,
        &Plan::adaptive(budget),
    )
}

/// The seed's message benchmarks: a ring of threads and many senders to one
/// receiver (shared channel, channel per sender with select, and a
/// `par_bridge` pipeline), on std's, crossbeam's and flume's channels.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub common: Common,
    /// Messages per repetition, split evenly among the threads.
    #[arg(long, default_value_t = 1_000_000, value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    messages: u64,
}

impl Args {
    /// The run the options ask for.
    pub fn config(&self) -> MsgConfig {
        MsgConfig {
            messages: to_usize(self.messages),
            threads: self.common.threads(),
            budget: self.common.budget(),
        }
    }
}

impl_workload!(run, vec![RING, MANY]);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workloads::{nz, parse, Command};

    #[test]
    fn every_variant_delivers_every_message_exactly_once() {
        for threads in [1, 2, 3, 8] {
            let pools = Pools::new(nz(threads)).unwrap();
            for per_thread in [1, 2, 1000] {
                let expected = Tally::expected(threads, per_thread);
                for v in Variant::RING {
                    assert_eq!(v.ring(threads, per_thread), expected, "{} ring", v.name());
                }
                for v in Variant::MANY {
                    assert_eq!(v.many(&pools, per_thread), expected, "{} many", v.name());
                }
            }
        }
    }

    #[test]
    fn a_run_measures_both_experiments_against_std() {
        let config = MsgConfig {
            messages: 1000,
            threads: vec![nz(2)],
            budget: Duration::ZERO,
        };
        let cells = run(&config).unwrap();
        assert_eq!(cells.len(), 2);
        assert_eq!(cells[0].results.len(), Variant::RING.len());
        assert_eq!(cells[1].results.len(), Variant::MANY.len());
        assert_eq!(cells[1].results[0].ratio_to_baseline, Some(1.0));
        let Command::Msg(args) = parse(&["msg", "--messages", "500"]).unwrap() else {
            panic!("not msg")
        };
        assert_eq!(args.config().messages, 500);
        assert!(parse(&["msg", "--messages", "0"]).is_err());
    }
}
