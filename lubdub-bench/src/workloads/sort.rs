//! The sort benchmarks of issue 4, all variants side by side: std's
//! sequential sorts, lubdub's and Rayon's parallel ones, stable and unstable,
//! on `u64`s (random, sorted, reversed, 16 distinct values), on strings, and
//! (issue 12) on a few `u64`s compared by a costly function: a sort whose
//! parallelism must come from splitting below any element-count cutoff.
//!
//! Each repetition copies a pristine input into the buffer to sort (untimed),
//! sorts it (timed), then checks that the output is sorted and equals std's
//! sort of the same input (untimed).

use std::hint::black_box;
use std::num::NonZeroUsize;
use std::time::Duration;

use clap::ValueEnum;

use crate::check::expect_sorted;
use crate::cli::{to_usize, unique, Common};
use crate::error::Error;
use crate::experiment::{Experiment, Heading, BASELINE};
use crate::harness::{Contender, Plan, Reps};
use crate::report::{Cell, cells_in_steps};
use crate::workloads::pools::Pools;

/// The inputs sorted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SortInput {
    /// Random `u64`s.
    Random,
    /// `u64`s already in order.
    Sorted,
    /// `u64`s in reverse order.
    Reversed,
    /// Random `u64`s with 16 distinct values.
    Distinct16,
    /// Random strings of 4 to 16 hexadecimal digits.
    Strings,
    /// [`COSTLY_ELEMENTS`] random `u64`s compared by a costly function
    /// ([`Costly`]), whatever `--n` says.
    Costly,
}

impl SortInput {
    /// Every input, in the order of the tables.
    pub const ALL: [SortInput; 6] = [
        Self::Random,
        Self::Sorted,
        Self::Reversed,
        Self::Distinct16,
        Self::Strings,
        Self::Costly,
    ];
}

/// One sort benchmark: an input and a stability.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SortCase {
    /// What is sorted.
    pub input: SortInput,
    /// Stable (`sort`, `par_sort`) or unstable (`sort_unstable`, ...).
    pub stable: bool,
}

impl SortCase {
    /// The name in tables and file names, e.g. `sort-unstable-random`.
    pub fn name(self) -> &'static str {
        use SortInput::*;
        match (self.stable, self.input) {
            (false, Random) => "sort-unstable-random",
            (false, Sorted) => "sort-unstable-sorted",
            (false, Reversed) => "sort-unstable-reversed",
            (false, Distinct16) => "sort-unstable-distinct16",
            (false, Strings) => "sort-unstable-strings",
            (false, Costly) => "sort-unstable-costly",
            (true, Random) => "sort-stable-random",
            (true, Sorted) => "sort-stable-sorted",
            (true, Reversed) => "sort-stable-reversed",
            (true, Distinct16) => "sort-stable-distinct16",
            (true, Strings) => "sort-stable-strings",
            (true, Costly) => "sort-stable-costly",
        }
    }

    /// The case's experiment: ns per element.
    pub fn experiment(self) -> Experiment {
        Experiment::new(self.name(), "ns/element", "sort", Heading::Count("elements"))
    }
}

/// The ways of sorting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SortVariant {
    /// std's `sort` / `sort_unstable`: the reference.
    Std,
    /// lubdub's `par_sort` / `par_sort_unstable` inside `install`.
    Lubdub,
    /// Rayon's `par_sort` / `par_sort_unstable` inside `install`.
    Rayon,
}

impl SortVariant {
    /// Every variant, in the order of the tables.
    pub const ALL: [SortVariant; 3] = [Self::Std, Self::Lubdub, Self::Rayon];

    /// The name in tables and JSON (std is the baseline of the ratios).
    pub fn name(self) -> &'static str {
        match self {
            Self::Std => BASELINE,
            Self::Lubdub => "lubdub",
            Self::Rayon => "rayon",
        }
    }

    /// Sorts `v` this way.
    pub fn sort<T: Ord + Send>(self, pools: &Pools, stable: bool, v: &mut [T]) {
        match (self, stable) {
            (Self::Std, true) => v.sort(),
            (Self::Std, false) => v.sort_unstable(),
            (Self::Lubdub, stable) => pools.lubdub.install(|| {
                use lubdub::prelude::*;
                if stable {
                    v.par_sort();
                } else {
                    v.par_sort_unstable();
                }
            }),
            (Self::Rayon, stable) => pools.rayon.install(|| {
                use rayon::prelude::*;
                if stable {
                    v.par_sort();
                } else {
                    v.par_sort_unstable();
                }
            }),
        }
    }
}

/// A xorshift generator: the same inputs on every run.
fn random_u64s(n: usize) -> impl Iterator<Item = u64> {
    let mut x = 0x9E37_79B9_7F4A_7C15_u64;
    (0..n).map(move |_| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    })
}

/// The `u64` input of `input` (not [`SortInput::Strings`] or
/// [`SortInput::Costly`]), `n` long.
fn u64_input(input: SortInput, n: usize) -> Vec<u64> {
    match input {
        SortInput::Random | SortInput::Strings | SortInput::Costly => random_u64s(n).collect(),
        SortInput::Sorted => (0..n as u64).collect(),
        SortInput::Reversed => (0..n as u64).rev().collect(),
        SortInput::Distinct16 => random_u64s(n).map(|x| x % 16).collect(),
    }
}

/// `n` random strings of 4 to 16 hexadecimal digits.
fn string_input(n: usize) -> Vec<String> {
    random_u64s(n)
        .map(|x| format!("{:x}", x >> (x % 16 * 4)))
        .map(|s| format!("{s:0>4}"))
        .collect()
}

/// Elements of the [`SortInput::Costly`] input: a sort of a few 10k
/// elements, below the old 65,536-element sequential cutoff (issue 12).
pub const COSTLY_ELEMENTS: usize = 50_000;

/// Rounds of mixing per key of a [`Costly`] comparison: about 0.1 µs per
/// key on the 2-core machine of `GUIDE.md`, two keys per comparison.
const COSTLY_ROUNDS: u32 = 64;

/// A `u64` whose comparison is costly: it compares keys computed from the
/// values by [`COSTLY_ROUNDS`] rounds of a multiply-xorshift mix (a
/// bijection, so the order is total and distinct values stay distinct), as a
/// comparator that parses, hashes or looks up would be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Costly(u64);

impl Costly {
    fn key(self) -> u64 {
        let mut x = self.0;
        for _ in 0..COSTLY_ROUNDS {
            x = (x ^ (x >> 29)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        }
        black_box(x)
    }
}

impl Ord for Costly {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.key().cmp(&other.key())
    }
}

impl PartialOrd for Costly {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// `n` random [`Costly`] values.
fn costly_input(n: usize) -> Vec<Costly> {
    random_u64s(n).map(Costly).collect()
}

/// What a sort run covers.
#[derive(Clone, Debug)]
pub struct SortConfig {
    /// The cases, in table order.
    pub cases: Vec<SortCase>,
    /// Elements per `u64` input.
    pub n: usize,
    /// Elements per string input.
    pub strings: usize,
    /// Thread counts.
    pub threads: Vec<NonZeroUsize>,
    /// Time to spend on each case × threads cell (at least three samples of
    /// one sort each are taken whatever it costs).
    pub budget: Duration,
}

impl SortConfig {
    /// Every input, unstable and stable.
    pub fn all_cases() -> Vec<SortCase> {
        [false, true]
            .into_iter()
            .flat_map(|stable| {
                SortInput::ALL
                    .into_iter()
                    .map(move |input| SortCase { input, stable })
            })
            .collect()
    }
}

/// Measures every case × threads cell of `config`.
///
/// # Errors
/// A wrong sort, or a pool that cannot be built.
pub fn run(config: &SortConfig) -> Result<Vec<Cell>, Error> {
    let plan = Plan {
        warm_up: Duration::ZERO,
        reps: Reps::Fixed(1),
        budget: config.budget,
        min_rounds: 3,
        max_rounds: 10_000,
    };
    let mut cells = Vec::new();
    for &case in &config.cases {
        eprintln!("[{}] building the input", case.name());
        let cell_of = |threads| match case.input {
            SortInput::Strings => measure_cell(case, &string_input(config.strings), threads, &plan),
            SortInput::Costly => measure_cell(case, &costly_input(COSTLY_ELEMENTS), threads, &plan),
            input => measure_cell(case, &u64_input(input, config.n), threads, &plan),
        };
        cells.extend(cells_in_steps(&config.threads, cell_of)?);
    }
    Ok(cells)
}

/// Measures every variant sorting copies of `pristine` at `threads` threads.
///
/// # Errors
/// A wrong sort, or a pool that cannot be built.
pub fn measure_cell<T: Ord + Send + Clone>(
    case: SortCase,
    pristine: &[T],
    threads: NonZeroUsize,
    plan: &Plan,
) -> Result<Cell, Error> {
    let pools = Pools::new(threads)?;
    let pools = &pools;
    let mut expected = pristine.to_vec();
    SortVariant::Std.sort(pools, case.stable, &mut expected);
    let expected = &expected;
    let mut contenders: Vec<Contender<'_>> = SortVariant::ALL
        .iter()
        .map(|&variant| {
            let mut v = pristine.to_vec();
            let profiled = (variant == SortVariant::Lubdub).then_some(&pools.lubdub);
            Contender::with_stopwatch(variant.name(), profiled, move |sw| {
                v.clone_from_slice(pristine);
                sw.time(|| variant.sort(pools, case.stable, black_box(&mut v)));
                expect_sorted(&v, expected)
            })
        })
        .collect();
    let experiment = case.experiment();
    let size = pristine.len() as u64;
    Cell::measure(
        experiment,
        size,
        threads.get(),
        size as f64,
        &mut contenders,
        plan,
    )
}

/// Parallel sorts against std's, stable and unstable, on u64s and strings.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub common: Common,
    /// Elements of each u64 input.
    #[arg(long, default_value_t = 10_000_000, value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    n: u64,
    /// Elements of the string input.
    #[arg(long, default_value_t = 1_000_000, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    strings: u64,
    /// Inputs to sort, comma-separated; each is sorted unstably and stably.
    #[arg(long, value_delimiter = ',', value_enum, default_values_t = SortInput::ALL)]
    inputs: Vec<SortInput>,
}

impl Args {
    /// The run the options ask for.
    pub fn config(&self) -> SortConfig {
        let inputs = unique(&self.inputs);
        SortConfig {
            cases: SortConfig::all_cases()
                .into_iter()
                .filter(|case| inputs.contains(&case.input))
                .collect(),
            n: to_usize(self.n),
            strings: to_usize(self.strings),
            threads: self.common.threads(),
            budget: self.common.budget(),
        }
    }
}

impl_workload!(run, SortConfig::all_cases().into_iter().map(SortCase::experiment).collect());

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workloads::{parse, Command};

    /// Sorts `input` in every variant and checks the result against std's.
    fn check_every_variant<T: Ord + Send + Clone + std::fmt::Debug>(
        pools: &Pools,
        case: SortCase,
        input: Vec<T>,
    ) {
        let mut expected = input.clone();
        expected.sort();
        for variant in SortVariant::ALL {
            let mut v = input.clone();
            variant.sort(pools, case.stable, &mut v);
            assert!(v == expected, "{} {}", case.name(), variant.name());
        }
    }

    #[test]
    fn every_variant_sorts_every_input() {
        let pools = Pools::new(NonZeroUsize::new(2).unwrap()).unwrap();
        for case in SortConfig::all_cases() {
            for n in [0, 1, 100, 70_000] {
                match case.input {
                    SortInput::Strings => check_every_variant(&pools, case, string_input(n)),
                    SortInput::Costly => check_every_variant(&pools, case, costly_input(n / 10)),
                    input => check_every_variant(&pools, case, u64_input(input, n)),
                }
            }
        }
    }

    #[test]
    fn inputs_have_their_shape() {
        assert!(u64_input(SortInput::Sorted, 100).is_sorted());
        assert!(u64_input(SortInput::Reversed, 100).iter().rev().is_sorted());
        let mut distinct = u64_input(SortInput::Distinct16, 10_000);
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), 16);
        assert!(string_input(1000)
            .iter()
            .all(|s| (4..=16).contains(&s.len())));
        // The costly order is not the order of the values.
        let costly = costly_input(1000);
        assert!(!costly.is_sorted() && !costly.iter().rev().is_sorted());
        let mut sorted = costly.clone();
        sorted.sort();
        assert!(sorted.windows(2).all(|w| w[0].key() <= w[1].key()));
        assert!(!sorted.iter().map(|c| c.0).is_sorted());
    }

    #[test]
    fn a_cell_checks_each_sort() {
        let quick = Plan::fixed(1, 2);
        let case = SortCase {
            input: SortInput::Random,
            stable: false,
        };
        let input = u64_input(case.input, 50_000);
        let cell = measure_cell(case, &input, NonZeroUsize::new(2).unwrap(), &quick).unwrap();
        let names: Vec<_> = cell.results.iter().map(|r| r.variant.as_str()).collect();
        assert_eq!(names, SortVariant::ALL.map(SortVariant::name));
    }

    #[test]
    fn defaults_follow_the_issue_and_inputs_filter_the_cases() {
        let Command::Sort(args) = parse(&["sort"]).unwrap() else {
            panic!("not sort")
        };
        let config = args.config();
        assert_eq!(config.cases, SortConfig::all_cases());
        assert_eq!((config.n, config.strings), (10_000_000, 1_000_000));
        let Command::Sort(args) = parse(&["sort", "--inputs", "strings,random,strings"]).unwrap()
        else {
            panic!("not sort")
        };
        let inputs: Vec<_> = args
            .config()
            .cases
            .iter()
            .map(|c| (c.input, c.stable))
            .collect();
        assert_eq!(
            inputs,
            [
                (SortInput::Random, false),
                (SortInput::Strings, false),
                (SortInput::Random, true),
                (SortInput::Strings, true)
            ]
        );
        assert!(parse(&["sort", "--inputs", "bogus"]).is_err());
    }
}
