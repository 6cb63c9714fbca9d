//! Seed 002 (ESPResSo's MPI messages, 4–9% faster by sending only data) in
//! Rust, on lubdub-mpi, as MPI ranks × lubdub threads:
//! - *payload*: bytes on the wire for one item and for a batch, and time
//!   per exchange of the batch between two ranks, for a 3-vector of `i32`,
//!   a 3-vector of `f64` and a particle with its bond list, in each
//!   encoding of `mpi/encodings.rs`; every received batch is checked;
//! - *lj*: a Lennard-Jones fluid over two ranks (`mpi/lj.rs`), ghosts and
//!   migrating particles exchanged every step in each particle encoding;
//!   every encoding must give the same trajectory bit for bit (checked
//!   after every sample);
//! - *hybrid*: the same fluid as 1 rank × 1 thread, 1 rank × 2 threads and
//!   2 ranks × 1 thread.
//!
//! `lubdub-bench mpi` (the parent) starts itself under `mpiexec -n 2` and
//! `mpiexec -n 1` with the hidden flag `--child`; the children measure, rank
//! 0 prints its results as one line of JSON after [`RESULT_PREFIX`], and the
//! parent prints the tables. Its tables are its own (bytes, speedups over
//! the self-describing encoding, the seed's numbers beside them), so it
//! returns no cells to the generic report.

mod encodings;
mod lj;
mod payload;
mod records;

use std::io::{BufRead, BufReader};
use std::process::Stdio;
use std::time::Instant;

use serde::{Deserialize, Serialize};

use self::encodings::{Encoding, Payload};
use self::lj::Fluid;
use self::payload::PayloadRow;
use self::records::{DeclaredFixed, Particle, ReorderedFixed, RustFixed, PARTICLE_DATA_BYTES};
use crate::cli::Common;
use crate::error::Error;
use crate::experiment::Experiment;
use crate::report::Cell;
use crate::format::{fmt_num, group_digits};
use crate::stats::Summary;
use crate::workloads::Workload;

/// What starts the line a child's rank 0 prints its results on.
pub const RESULT_PREFIX: &str = "lubdub-bench-mpi-result: ";

/// Seed 002 (MPI messages without metadata): payload sizes and times per
/// encoding, an LJ fluid over 2 ranks in each encoding, and ranks × threads
/// on one machine. Starts itself under `mpiexec` (`LUBDUB_MPIEXEC` names
/// another launcher); `--threads` is not used.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub common: Common,
    /// Items in a payload batch.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub items: u64,
    /// Exchanges timed together in one payload sample.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    pub reps: u64,
    /// Particles per rank of the LJ fluid, comma-separated (the seed's 1,000
    /// and 10,000).
    #[arg(long, value_delimiter = ',', default_value = "1000,10000", value_parser = clap::value_parser!(u64).range(500..=1_000_000))]
    pub per_rank: Vec<u64>,
    /// LJ steps timed together in one sample.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    pub steps: u64,
    /// Samples per encoding or configuration, interleaved.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u64).range(1..=1000))]
    pub samples: u64,
    /// This process is one rank of the parent's `mpiexec`.
    #[arg(long, hide = true)]
    pub child: bool,
}

/// One fluid configuration's times.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct LjRow {
    per_rank: usize,
    ranks: i32,
    threads: usize,
    encoding: String,
    /// Bytes rank 0 sent per step (ghosts and migrating particles).
    bytes_per_step: f64,
    /// Microseconds per step, one per sample.
    us_per_step: Vec<f64>,
    /// The share of its time rank 0's worker spent `Blocked` (waiting for
    /// messages, running other jobs meanwhile) over this size's samples of
    /// every encoding, in percent.
    #[serde(default)]
    blocked_percent: Option<f64>,
}

/// What a child's rank 0 reports.
#[derive(Debug, Default, Serialize, Deserialize)]
struct Report {
    payload: Vec<PayloadRow>,
    lj: Vec<LjRow>,
}

impl Args {
    fn per_rank(&self) -> Vec<usize> {
        crate::cli::unique(&self.per_rank)
            .into_iter()
            .map(crate::cli::to_usize)
            .collect()
    }

    /// The options a child gets: the parent's own, and `--child`.
    fn child_args(&self) -> Vec<String> {
        let list = |v: &[usize]| v.iter().map(usize::to_string).collect::<Vec<_>>().join(",");
        vec![
            "mpi".into(),
            "--child".into(),
            format!("--items={}", self.items),
            format!("--reps={}", self.reps),
            format!("--per-rank={}", list(&self.per_rank())),
            format!("--steps={}", self.steps),
            format!("--samples={}", self.samples),
        ]
    }

    /// A rank of a child: measures what its world's size calls for; rank
    /// 0's report (the other ranks give `None`).
    fn measure_here(&self) -> Result<Option<Report>, String> {
        let mpi = lubdub_mpi::init().map_err(|e| e.to_string())?;
        let world = mpi.world();
        let samples = crate::cli::to_usize(self.samples);
        let steps = crate::cli::to_usize(self.steps);
        let one_thread = lubdub::ThreadPoolBuilder::new().num_threads(1).build().map_err(|e| e.to_string())?;
        let mut report = Report::default();
        if world.size() == 2 {
            progress(world, "payload");
            let (items, reps) = (crate::cli::to_usize(self.items), crate::cli::to_usize(self.reps));
            report.payload = one_thread.install(|| payload::measure(world, items, samples, reps))?;
            for per_rank in self.per_rank() {
                progress(world, &format!("lj, {per_rank} particles per rank"));
                let before = one_thread.profile();
                let mut rows = one_thread.install(|| lj_encodings(world, per_rank, steps, samples))?;
                let blocked = one_thread.profile().since(&before).total().fraction_in(lubdub::WorkerState::Blocked);
                rows.iter_mut().for_each(|row| row.blocked_percent = Some(blocked * 100.0));
                report.lj.extend(rows);
            }
        } else {
            for per_rank in self.per_rank() {
                progress(world, &format!("hybrid, 1 rank, {} particles", 2 * per_rank));
                report.lj.extend(one_rank(per_rank, steps, samples)?);
            }
        }
        Ok((world.rank() == 0).then_some(report))
    }
}

fn progress(world: &lubdub_mpi::Comm, what: &str) {
    if world.rank() == 0 {
        eprintln!("lubdub-bench mpi: {} ranks: {what}", world.size());
    }
}

/// The fluid over the two ranks, in every particle encoding, samples
/// interleaved; each sample's trajectory must equal the first's, bit for
/// bit, on both ranks.
fn lj_encodings(world: &lubdub_mpi::Comm, per_rank: usize, steps: usize, samples: usize) -> Result<Vec<LjRow>, String> {
    let mut rows: Vec<LjRow> = Particle::ENCODINGS
        .iter()
        .map(|e| LjRow {
            per_rank,
            ranks: 2,
            threads: 1,
            encoding: e.name().to_owned(),
            bytes_per_step: 0.0,
            us_per_step: Vec::new(),
            blocked_percent: None,
        })
        .collect();
    let mut reference: Option<Vec<u64>> = None;
    let mut buffer = Vec::new();
    for _ in 0..samples {
        for (row, &encoding) in rows.iter_mut().zip(Particle::ENCODINGS) {
            let mut fluid = Fluid::new(per_rank, 2, world.rank())?;
            world.barrier().map_err(|e| e.to_string())?;
            let start = Instant::now();
            let mut sent = 0;
            for _ in 0..steps {
                sent += fluid.step(Some(world), encoding, &mut buffer)?;
            }
            row.us_per_step.push(start.elapsed().as_secs_f64() * 1e6 / steps as f64);
            row.bytes_per_step = sent as f64 / steps as f64;
            let prints = world.all_gather(&[fluid.fingerprint()]).map_err(|e| e.to_string())?;
            let count = world.all_reduce(&[fluid.len() as u64], lubdub_mpi::Reduction::Sum).map_err(|e| e.to_string())?;
            if count[0] != 2 * per_rank as u64 {
                return Err(format!("{}: {} particles after {steps} steps, not {}", encoding.name(), count[0], 2 * per_rank));
            }
            match &reference {
                None => reference = Some(prints),
                Some(first) if *first == prints => {}
                Some(_) => return Err(format!("{}: the trajectory differs from {}'s", encoding.name(), Particle::ENCODINGS[0].name())),
            }
        }
    }
    Ok(rows)
}

/// The fluid of two ranks' particles on one rank, with pools of 1 and 2
/// threads, samples interleaved.
fn one_rank(per_rank: usize, steps: usize, samples: usize) -> Result<Vec<LjRow>, String> {
    let mut rows = Vec::new();
    let pools = [1, 2].map(|threads| lubdub::ThreadPoolBuilder::new().num_threads(threads).build().map(|pool| (threads, pool)));
    let pools: Vec<_> = pools.into_iter().collect::<Result<_, _>>().map_err(|e| e.to_string())?;
    for (threads, _) in &pools {
        rows.push(LjRow {
            per_rank: 2 * per_rank,
            ranks: 1,
            threads: *threads,
            encoding: "(none: one rank)".to_owned(),
            bytes_per_step: 0.0,
            us_per_step: Vec::new(),
            blocked_percent: None,
        });
    }
    let mut buffer = Vec::new();
    for _ in 0..samples {
        for (row, (_, pool)) in rows.iter_mut().zip(&pools) {
            let us = pool.install(|| -> Result<f64, String> {
                let mut fluid = Fluid::new(2 * per_rank, 1, 0)?;
                let start = Instant::now();
                for _ in 0..steps {
                    fluid.step(None, Encoding::Pod, &mut buffer)?;
                }
                let us = start.elapsed().as_secs_f64() * 1e6 / steps as f64;
                if fluid.len() != 2 * per_rank {
                    return Err(format!("{} particles after {steps} steps, not {}", fluid.len(), 2 * per_rank));
                }
                Ok(us)
            })?;
            row.us_per_step.push(us);
        }
    }
    Ok(rows)
}

/// Runs `ranks` ranks of this program as a child; returns rank 0's report.
fn run_child(args: &Args, ranks: u32) -> Result<Report, Error> {
    let error = |message: String| Error::Mpi(format!("mpiexec -n {ranks}: {message}"));
    let exe = std::env::current_exe().map_err(|e| error(format!("cannot find this program: {e}")))?;
    let mut child = lubdub_mpi::launch::command_for(ranks, exe, args.child_args())
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| error(format!("cannot start it ({e}); scripts/install-mpi.sh installs MPICH")))?;
    let stdout = child.stdout.take().expect("piped");
    let mut report = None;
    for line in BufReader::new(stdout).lines() {
        let line = line.map_err(|e| error(e.to_string()))?;
        match line.strip_prefix(RESULT_PREFIX) {
            Some(_) if report.is_some() => return Err(error("two result lines".to_owned())),
            Some(json) => report = Some(serde_json::from_str(json).map_err(|e| error(e.to_string()))?),
            None => println!("{line}"),
        }
    }
    let status = child.wait().map_err(|e| error(e.to_string()))?;
    if !status.success() {
        return Err(error(format!("exited with {status}")));
    }
    report.ok_or_else(|| error("no result line".to_owned()))
}

impl Workload for Args {
    fn common(&self) -> &Common {
        &self.common
    }

    fn run(&self) -> Result<Vec<Cell>, Error> {
        let two = run_child(self, 2)?;
        let one = run_child(self, 1)?;
        println!("{}", payload_table(&two.payload));
        println!("{}", lj_table(&two.lj));
        println!("{}", hybrid_table(&two.lj, &one.lj));
        Ok(Vec::new())
    }

    fn run_as_child(&self) -> Option<Result<(), Error>> {
        self.child.then(|| {
            if let Some(report) = self.measure_here().map_err(Error::Mpi)? {
                let json = serde_json::to_string(&report).map_err(|e| Error::Mpi(e.to_string()))?;
                println!("{RESULT_PREFIX}{json}");
            }
            Ok(())
        })
    }

    fn experiments() -> Vec<Experiment> {
        Vec::new()
    }
}

/// `median / min` of samples.
fn median_min(samples: &[f64]) -> (f64, f64) {
    Summary::of(samples).map_or((f64::NAN, f64::NAN), |s| (s.median, s.min))
}

fn payload_table(rows: &[PayloadRow]) -> String {
    let items = rows.first().map_or(0, |r| r.batch_items);
    let mut out = format!(
        "## mpi: payload, 2 ranks\n\nBytes of one message carrying 1 item, and per item of a message carrying a batch of {} items; \
         metadata = bytes − data (negative where varints shrink small numbers). Time: one exchange of the batch (encode, send and receive at once, decode, check), µs, median / min.\n\n\
         | type | encoding | 1 item: bytes | 1 item: metadata | batch: bytes/item | batch: metadata/item | µs/exchange | vs MessagePack |\n\
         |---|---|---:|---:|---:|---:|---:|---:|\n",
        group_digits(items as u64)
    );
    for row in rows {
        let reference = rows.iter().find(|r| r.kind == row.kind).map(|r| median_min(&r.us_per_exchange).0);
        let (median, min) = median_min(&row.us_per_exchange);
        let per_item = |bytes: usize| bytes as f64 / row.batch_items as f64;
        out += &format!(
            "| {} | {} | {} | {} | {} | {} | {} / {} | {} |\n",
            row.kind,
            row.encoding,
            row.one_item_bytes,
            row.one_item_bytes as i64 - row.one_item_data as i64,
            fmt_num(per_item(row.batch_bytes)),
            fmt_num(per_item(row.batch_bytes) - per_item(row.batch_data)),
            fmt_num(median),
            fmt_num(min),
            reference.map_or("-".to_owned(), |r| format!("{:.2}x", median / r)),
        );
    }
    out += &format!(
        "\nThe particle's fixed part holds {PARTICLE_DATA_BYTES} bytes of data: {} bytes in `repr(C)` declaration order \
         (padding after each small field), {} reordered largest first (tail padding only), {} as `repr(Rust)` (the compiler \
         reorders, but the layout is unspecified, so neither MPI nor `Pod` may rely on it). Its bonds are 0 to 4 `u32`s.\n",
        std::mem::size_of::<DeclaredFixed>(),
        std::mem::size_of::<ReorderedFixed>(),
        std::mem::size_of::<RustFixed>(),
    );
    out
}

fn lj_table(rows: &[LjRow]) -> String {
    let mut out = "## mpi: LJ fluid, 2 ranks × 1 thread\n\nPacking fraction 0.5, cut-off 2.5 σ, slabs along x; \
        ghosts and migrating particles sent as whole particle records each step. µs per step, median / min; \
        speedup = MessagePack's median ÷ this median − 1. Every encoding's trajectory is checked bit-identical.\n\n\
        | particles per rank | encoding | bytes sent per step | µs/step | speedup over MessagePack |\n|---:|---|---:|---:|---:|\n"
        .to_owned();
    for row in rows.iter().filter(|r| r.ranks == 2) {
        let reference = rows.iter().find(|r| r.ranks == 2 && r.per_rank == row.per_rank).map(|r| median_min(&r.us_per_step).0);
        let (median, min) = median_min(&row.us_per_step);
        out += &format!(
            "| {} | {} | {} | {} / {} | {} |\n",
            group_digits(row.per_rank as u64),
            row.encoding,
            group_digits(row.bytes_per_step.round() as u64),
            fmt_num(median),
            fmt_num(min),
            reference.map_or("-".to_owned(), |r| format!("{:+.1}%", (r / median - 1.0) * 100.0)),
        );
    }
    let mut sizes: Vec<(usize, f64)> = rows.iter().filter_map(|r| r.blocked_percent.map(|b| (r.per_rank, b))).collect();
    sizes.dedup_by_key(|(n, _)| *n);
    for (per_rank, blocked) in sizes {
        out += &format!(
            "\nAt {} particles per rank, rank 0's worker was `Blocked` {blocked:.1}% of the time (waiting for messages in `lubdub::wait_until`, ready to run other jobs).",
            group_digits(per_rank as u64)
        );
    }
    out += "\n\nThe seed (ESPResSo, LJ gas at packing fraction 0.5): +3.8% ± 0.7% at 1,000 and +5.4% ± 0.6% at 10,000 particles \
            per core without serialization metadata and padding; +8.6% ± 0.8% and +9.1% ± 0.4% with compact bond and exclusion lists too.\n";
    out
}

fn hybrid_table(two: &[LjRow], one: &[LjRow]) -> String {
    let mut out = "## mpi: hybrid, ranks × threads on one machine\n\nThe same fluid (2 × particles per rank in all), \
        µs per step, median / min; two ranks exchange in the compact reordered encoding.\n\n\
        | particles | configuration | µs/step | vs 1 rank × 1 thread |\n|---:|---|---:|---:|\n"
        .to_owned();
    let compact = Encoding::CompactReordered.name();
    for single in one.iter().filter(|r| r.threads == 1) {
        let total = single.per_rank;
        let base = median_min(&single.us_per_step).0;
        let configs = one
            .iter()
            .filter(|r| r.per_rank == total)
            .chain(two.iter().filter(|r| r.per_rank * 2 == total && r.encoding == compact));
        for row in configs {
            let (median, min) = median_min(&row.us_per_step);
            out += &format!(
                "| {} | {} rank{} × {} thread{} | {} / {} | {:.2}x |\n",
                group_digits(total as u64),
                row.ranks,
                if row.ranks == 1 { "" } else { "s" },
                row.threads,
                if row.threads == 1 { "" } else { "s" },
                fmt_num(median),
                fmt_num(min),
                median / base,
            );
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workloads::parse;

    #[test]
    fn the_command_line_has_the_seed_sizes_by_default() {
        let crate::workloads::Command::Mpi(args) = parse(&["mpi"]).unwrap() else {
            panic!("not mpi");
        };
        assert_eq!(args.per_rank(), [1000, 10000]);
        assert!(!args.child);
        assert!(args.child_args().contains(&"--child".to_owned()));
        assert!(parse(&["mpi", "--per-rank=10"]).is_err());
    }

    #[test]
    fn tables_show_every_row() {
        let row = |encoding: &str, us: f64| LjRow {
            per_rank: 1000,
            ranks: 2,
            threads: 1,
            encoding: encoding.to_owned(),
            bytes_per_step: 100.0,
            us_per_step: vec![us],
            blocked_percent: Some(12.5),
        };
        let table = lj_table(&[row("MessagePack (named)", 110.0), row("compact, reordered", 100.0)]);
        assert!(table.contains("+10.0%"), "{table}");
        assert!(table.contains("12.5%"), "{table}");
    }
}
