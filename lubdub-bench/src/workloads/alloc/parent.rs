//! The parent's side of `alloc`: runs a child per allocator, passes its
//! output through, and merges the children's samples into cells.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use crate::allocator::{self, Choice};
use crate::error::Error;
use crate::report::Cell;

use super::child::{ChildReport, RESULT_PREFIX};
use super::{AllocConfig, AllocVariant, AllocWorkload};

/// The parent's side: runs a child per allocator, one after the other, and
/// merges their samples into cells, workload by workload, the system
/// allocator's rows first.
///
/// # Errors
/// [`Error::Child`] when a child cannot be started, fails, or reports
/// something other than what it was asked to measure.
pub fn run(config: &AllocConfig) -> Result<Vec<Cell>, Error> {
    let exe = std::env::current_exe().map_err(|e| Error::Child {
        allocator: Choice::ALL[0].name(),
        message: format!("cannot find this program's executable to run it again: {e}"),
    })?;
    let mut reports = Vec::new();
    for choice in Choice::ALL {
        eprintln!(
            "lubdub-bench alloc: measuring under the {} allocator, in a child process",
            choice.name()
        );
        let mut child = Command::new(&exe);
        child
            .args(config.child_args())
            .env(allocator::ENV_VAR, choice.name());
        reports.push((choice, run_child(choice, child)?));
    }
    merge(config, &reports)
}

/// Runs `child` with stdout piped and stderr shared: passes its stdout
/// through, each line prefixed with `[<allocator>] `, except the result
/// line, which it parses.
///
/// # Errors
/// [`Error::Child`] when the child cannot be started, exits unsuccessfully,
/// or does not print exactly one well-formed result line.
pub(super) fn run_child(choice: Choice, mut child: Command) -> Result<ChildReport, Error> {
    let error = |message: String| Error::Child {
        allocator: choice.name(),
        message,
    };
    let mut process = child
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .map_err(|e| error(format!("cannot start {:?}: {e}", child.get_program())))?;
    let stdout = process.stdout.take().expect("stdout was asked to be piped");
    let collected = collect_output(BufReader::new(stdout), &mut std::io::stdout(), choice);
    let status = process
        .wait()
        .map_err(|e| error(format!("cannot wait for it: {e}")))?;
    if !status.success() {
        return Err(error(format!(
            "it failed ({status}); its own message, if it printed one, is above"
        )));
    }
    collected.map_err(error)
}

/// Reads a child's stdout to its end: every line but the result line is
/// written to `forward`, prefixed with `[<allocator>] `; the result line is
/// parsed.
///
/// # Errors
/// A message when the output cannot be read, or the result line is missing,
/// repeated, or not a report.
pub(super) fn collect_output(
    mut stdout: impl BufRead,
    forward: &mut impl Write,
    choice: Choice,
) -> Result<ChildReport, String> {
    let mut result: Option<String> = None;
    let mut line = Vec::new();
    loop {
        line.clear();
        match stdout.read_until(b'\n', &mut line) {
            Ok(0) => break,
            Ok(_) => {}
            Err(e) => return Err(format!("cannot read its output: {e}")),
        }
        let text = String::from_utf8_lossy(&line);
        let text = text.trim_end_matches(['\n', '\r']);
        if let Some(json) = text.strip_prefix(RESULT_PREFIX) {
            if result.is_some() {
                return Err("it printed two result lines".to_owned());
            }
            result = Some(json.to_owned());
        } else {
            // Passing text through is best effort: a closed stdout must not
            // lose the measurements.
            let _ = writeln!(forward, "[{}] {text}", choice.name());
        }
    }
    let json =
        result.ok_or_else(|| format!("it printed no line starting with {RESULT_PREFIX:?}"))?;
    serde_json::from_str(&json).map_err(|e| format!("its result line is not a report: {e}"))
}

/// The children's reports as cells: for each workload, the rows of each
/// allocator in the order given, each at every thread count of `config`.
///
/// # Errors
/// [`Error::Child`] when a report names another allocator than its child
/// ran with, misses a cell or a variant, or holds a cell nobody asked for.
pub fn merge(config: &AllocConfig, reports: &[(Choice, ChildReport)]) -> Result<Vec<Cell>, Error> {
    for (choice, report) in reports {
        let error = |message: String| Error::Child {
            allocator: choice.name(),
            message,
        };
        if report.allocator != choice.name() {
            return Err(error(format!(
                "it ran under the {:?} allocator instead",
                report.allocator
            )));
        }
        for c in &report.cells {
            let asked = c.size == config.size(c.workload)
                && config.threads.iter().any(|t| t.get() == c.threads);
            if !asked {
                return Err(error(format!(
                    "it reported {} at {} threads, which it was not asked to measure",
                    c.workload.experiment().heading(c.size),
                    c.threads
                )));
            }
        }
    }
    let mut cells = Vec::new();
    for workload in AllocWorkload::ALL {
        let size = config.size(workload);
        for (choice, report) in reports {
            let error = |message: String| Error::Child {
                allocator: choice.name(),
                message,
            };
            for threads in &config.threads {
                let mut found = report
                    .cells
                    .iter()
                    .filter(|c| c.workload == workload && c.threads == threads.get());
                let (Some(cell), None) = (found.next(), found.next()) else {
                    return Err(error(format!(
                        "it reported {} at {threads} threads not once but {} times",
                        workload.name(),
                        report
                            .cells
                            .iter()
                            .filter(|c| c.workload == workload && c.threads == threads.get())
                            .count()
                    )));
                };
                for variant in AllocVariant::ALL {
                    let samples = cell
                        .measurements
                        .iter()
                        .find(|m| m.variant == variant.name())
                        .map_or(0, |m| m.ns_per_rep.len());
                    if samples == 0 {
                        return Err(error(format!(
                            "it reported no sample of {} in {} at {threads} threads",
                            variant.name(),
                            workload.name()
                        )));
                    }
                }
                cells.push(
                    Cell::new(
                        workload.experiment(),
                        size,
                        threads.get(),
                        size as f64,
                        cell.measurements.clone(),
                    )
                    .with_allocator(choice.name()),
                );
            }
        }
    }
    Ok(cells)
}
