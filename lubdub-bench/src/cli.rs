//! The command-line pieces every workload shares: the [`Common`] options and
//! the parsers of thread counts and tree sizes.

use std::num::NonZeroUsize;
use std::path::PathBuf;
use std::time::Duration;

use clap::Args;

use crate::format::group_digits;

/// The largest tree accepted: about 6 GiB of nodes.
const MAX_TREE_SIZE: u64 = 200_000_000;

/// Options every subcommand has.
#[derive(Debug, Args)]
pub struct Common {
    /// Thread counts to measure, comma-separated.
    #[arg(long, value_delimiter = ',', value_parser = parse_threads, default_value = "1,2,4,8,16,32")]
    pub threads: Vec<NonZeroUsize>,
    /// Time budget per cell (one size at one thread count), in milliseconds;
    /// at least three rounds of samples are taken whatever it costs.
    #[arg(long, default_value_t = 500, value_parser = clap::value_parser!(u64).range(1..=600_000))]
    pub budget_ms: u64,
    /// Rewrite this run's sections of BENCHMARKS.md and copy its plots to docs/img/.
    #[arg(long)]
    pub update_docs: bool,
    /// The BENCHMARKS.md that --update-docs rewrites.
    #[arg(long, default_value = "BENCHMARKS.md")]
    pub docs: PathBuf,
    /// Where the JSON file and the plots of the run are written.
    #[arg(long, default_value = "bench-results")]
    pub out_dir: PathBuf,
    /// After each cell's timed samples, run one more sample of lubdub with
    /// tracing on and draw it as a timeline, a row per worker coloured by
    /// state, for each experiment and size (the timed samples stay untraced).
    #[arg(long)]
    pub trace: bool,
}

impl Common {
    /// The thread counts, without repeats.
    pub fn threads(&self) -> Vec<NonZeroUsize> {
        unique(&self.threads)
    }

    /// The time budget per cell.
    pub fn budget(&self) -> Duration {
        Duration::from_millis(self.budget_ms)
    }
}

/// A thread count: a whole number from 1 to lubdub's limit.
pub fn parse_threads(text: &str) -> Result<NonZeroUsize, String> {
    let max = lubdub::MAX_NUM_THREADS;
    match text.trim().parse::<usize>() {
        Ok(0) => Err("thread counts start at 1".to_owned()),
        Ok(n) if n > max => Err(format!("{n} threads is more than lubdub's limit of {max}")),
        Ok(n) => Ok(NonZeroUsize::new(n).expect("not 0")),
        Err(_) => Err(format!(
            "{text:?} is not a thread count: give whole numbers from 1 to {max}, comma-separated"
        )),
    }
}

/// A tree size: a whole number of nodes from 1 to [`MAX_TREE_SIZE`].
pub fn parse_size(text: &str) -> Result<u64, String> {
    let range = format!("1 to {}", group_digits(MAX_TREE_SIZE));
    match text.trim().parse::<u64>() {
        Ok(n) if (1..=MAX_TREE_SIZE).contains(&n) => Ok(n),
        Ok(n) => Err(format!("a tree of {n} nodes is out of range: trees have {range} nodes")),
        Err(_) => Err(format!("{text:?} is not a tree size: give whole numbers of nodes from {range}, comma-separated")),
    }
}

/// `items` without repeats, in the order of their first appearance.
pub fn unique<T: PartialEq + Copy>(items: &[T]) -> Vec<T> {
    let mut out: Vec<T> = Vec::with_capacity(items.len());
    for &item in items {
        if !out.contains(&item) {
            out.push(item);
        }
    }
    out
}

/// A count the CLI bounded far below `usize::MAX`.
pub fn to_usize(n: u64) -> usize {
    usize::try_from(n).expect("bounded by the CLI")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parsers_explain_themselves() {
        let nz = |n| NonZeroUsize::new(n).unwrap();
        assert!(parse_threads("0").unwrap_err().contains("start at 1"));
        assert!(parse_threads("x")
            .unwrap_err()
            .contains("not a thread count"));
        assert_eq!(parse_threads(" 8 "), Ok(nz(8)));
        assert!(parse_size("0").unwrap_err().contains("1 to 200,000,000"));
        assert_eq!(parse_size("1023"), Ok(1023));
        assert_eq!(unique(&[3, 1, 3, 2, 1]), [3, 1, 2]);
    }
}
