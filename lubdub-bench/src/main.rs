//! `lubdub-bench`: reruns the experiments of lubdub's seed documents against
//! their anchors (Rayon, chili, OpenMP tasks, a fixed split) in one process,
//! and reports ratios to the sequential baseline.
//!
//! ```text
//! lubdub-bench treesum [--sizes 1023,10000000] [--large] [--threads 1,2,4] [--variants ...]
//! lubdub-bench micro   [--parts fib,call-in,burst-cpu,oversubscription] [--threads ...]
//! lubdub-bench fft     [--scales 4,5,...,11] [--large] [--threads 1,2,4] [--variants ...]
//! lubdub-bench all     [--threads ...]
//! lubdub-bench loops   [--n 10000000] [--hot-calls 100000] [--threads ...]
//! lubdub-bench sort    [--n 10000000] [--strings 1000000] [--inputs random,...] [--threads ...]
//! lubdub-bench alloc   [--tree-nodes 1000000] [--items 1000000] [--threads ...]
//! lubdub-bench programs [--programs mergesort,nqueens,...] [--cpu-time] [--threads ...]
//! lubdub-bench bfs     [--scales 16,18,20] [--keys 64] [--seed S] [--variants ...] [--threads ...]
//! lubdub-bench grain   [--scale 21] [--threads ...]
//! lubdub-bench msg     [--messages 1000000] [--threads ...]
//! lubdub-bench regions [--kinds loop,join-tree,halves] [--sizes 50,200,1000,5000] [--threads ...]
//! ```
//!
//! Every subcommand prints tables on stdout, progress on stderr, writes every
//! sample as JSON and a plot per size under `bench-results/`, and with
//! `--update-docs` rewrites its sections of BENCHMARKS.md. Run it from the
//! repository root, built with `--release`.
//!
//! The global allocator is the system's unless `LUBDUB_BENCH_ALLOCATOR=mimalloc`
//! (see `allocator.rs`); `alloc` runs itself once under each, in child
//! processes, and compares them (`workloads/alloc.rs`).
//!
//! This file only parses the command line, runs the chosen workload and
//! publishes its cells. Each workload's options, defaults and measurements
//! live in its own file under `workloads/`, registered by one line in
//! `workloads/mod.rs`; `README.md` beside `src/` says how to add one.

mod allocator;
mod check;
mod cli;
mod docs;
mod error;
mod experiment;
mod format;
mod harness;
mod machine;
mod palette;
mod plot;
mod profile_json;
mod profiles;
mod report;
mod sections;
mod stats;
mod summary_plot;
mod table;
mod timeline;
mod variant_result;
mod workloads;

use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;

use crate::cli::Common;
use crate::error::Error;
use crate::machine::Provenance;
use crate::report::Run;
use crate::workloads::Command;

/// The benchmark program of lubdub.
#[derive(Debug, Parser)]
#[command(name = "lubdub-bench", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let checked = allocator::in_use().map_err(Error::Allocator);
    match checked.and_then(|_| run(&cli.command)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("lubdub-bench: error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Measures what `command` asks for, then reports it.
fn run(command: &Command) -> Result<(), Error> {
    let workload = command.workload();
    if let Some(done) = workload.run_as_child() {
        return done;
    }
    let started = Instant::now();
    let provenance = Provenance::now();
    let common = workload.common();
    harness::take_traced_samples(common.trace);
    let cells = workload.run()?;
    let subcommand = command.name();
    let run = Run {
        subcommand: subcommand.to_owned(),
        command_line: std::env::args().collect(),
        provenance,
        cells,
    };
    publish(&run, common)?;
    eprintln!(
        "lubdub-bench {subcommand}: done in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Prints the tables, writes the JSON and the plots, and updates the docs.
fn publish(run: &Run, common: &Common) -> Result<(), Error> {
    let p = &run.provenance;
    let allocator = if p.allocator == allocator::Choice::System.name() {
        String::new()
    } else {
        format!(" | allocator {}", p.allocator)
    };
    println!(
        "lubdub-bench {} | {} | commit {} | {} ({} logical CPUs) | {} | kernel {}{allocator}\n",
        run.subcommand,
        p.date,
        p.commit_description(),
        p.machine.cpu_model,
        p.machine.logical_cpus,
        p.machine.os,
        p.machine.kernel
    );
    for table in table::tables(&run.cells) {
        println!("{}", table.to_text());
    }
    if let Some(table) = profiles::table(&run.cells) {
        println!("{}", table.to_text());
    }
    for profile in profiles::detailed(&run.cells) {
        println!("{profile}");
    }
    let json = run.write_json(&common.out_dir)?;
    eprintln!("wrote {}", json.display());
    let mut plots = plot::plot_run(run, &common.out_dir)?;
    plots.extend(timeline::plot_timelines(run, &common.out_dir)?);
    for plot in &plots {
        eprintln!("wrote {}", plot.path.display());
    }
    if common.update_docs {
        let updated = docs::update(&common.docs, run, &plots, &workloads::experiments())?;
        for path in &updated.written {
            eprintln!("updated {}", path.display());
        }
        for path in &updated.removed {
            eprintln!(
                "removed {} (a plot this run no longer produces)",
                path.display()
            );
        }
    }
    Ok(())
}
